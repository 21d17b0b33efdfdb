"""Taking a wrong case back: `forget` tombstones case ids, `unforget` lifts the tombstones.

A forgotten case stays in the local store (so `unforget` can bring it back) but every reader
leaves it out: the injection, promotion, stats, show and retype. The tombstone holds the case
id (itself a hash of agent, session and record) and a time, never text; because a re-collect
yields the same id, the case stays forgotten however often its log is read again.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from git_ledger.errors import FatalError
from git_ledger.store.store import Store

MIN_PREFIX = 6  # `show` prints 12 characters; 6 hex digits rarely collide in one person's store


class Outcome(NamedTuple):
    changed: list[str]  # ids whose state changed
    unchanged: list[str]  # ids already in the asked state


def resolve(store: Store, tokens: Iterable[str]) -> list[str]:
    """Full case ids for ids or unique id prefixes (as `show` prints them); FatalError otherwise."""
    ids: list[str] = []
    for token in tokens:
        prefix = token.strip().lower()
        if len(prefix) < MIN_PREFIX or any(c not in "0123456789abcdef" for c in prefix):
            raise FatalError(f"{token!r} is not a case id: give at least {MIN_PREFIX} hex digits "
                             "as `git-ledger show` prints them")
        found = store.case_ids_starting(prefix)
        if not found:
            raise FatalError(f"no case with id {token!r} in the store")
        if len(found) > 1:
            raise FatalError(f"case id {token!r} is ambiguous ({len(found)} cases): give more digits")
        if found[0] not in ids:
            ids.append(found[0])
    return ids


def matching(store: Store, needles: Sequence[str]) -> list[str]:
    """Ids of the not-forgotten cases whose stored text contains any of the strings."""
    ids: list[str] = []
    for needle in needles:
        if not needle.strip():
            raise FatalError("--match needs some text")
        ids.extend(i for i in store.case_ids_containing(needle) if i not in ids)
    return ids


def forget(store: Store, ids: Sequence[str], at: str) -> Outcome:
    done = store.forget(ids, at)
    return Outcome(done, [i for i in ids if i not in done])


def unforget(store: Store, ids: Sequence[str]) -> Outcome:
    done = store.unforget(ids)
    return Outcome(done, [i for i in ids if i not in done])
