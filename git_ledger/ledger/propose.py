"""`propose`: update the ledger from the local store and, if asked, commit only the ledger.

Team mode: the sightings already in the ledger (entries and `pending` groups, written by any
machine) are pooled with the local store's before the rule is applied, so two people who each
met the same mistake once promote it together without sharing any text.

Scope (whose cases go in): by default the repository the ledger lives in; `repos: all` (or a
list) at the top of a ledger, or `--all-repos` / `--repo`, widen it, e.g. for one ledger in a
dotfiles repository covering every project.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from git_ledger import config as gl_config
from git_ledger import paths
from git_ledger.errors import FatalError
from git_ledger.ledger import Ledger, load_ledger, save_ledger
from git_ledger.ledger.model import DECIDED, Entry, LedgerData, Pending, format_id
from git_ledger.ledger.promote import Group, GroupKey, Unit, combine, count_units, group_cases, status_for
from git_ledger.models import TYPES, Case
from git_ledger.repo import identify, shareable
from git_ledger.store.store import Store

MESSAGE_LINES = 40  # changes listed in a commit message body


@dataclass(frozen=True)
class Change:
    # "new" (proposed), "held", "promoted" (held -> proposed), "updated" (new sightings),
    # "withdrawn" (sightings of forgotten cases left; an entry left below the threshold goes back
    # to the pending groups)
    kind: str
    entry: Entry
    units_before: int = 0

    def line(self) -> str:
        e = self.entry
        grew = (f" (+{e.units - self.units_before})" if self.kind == "updated" else
                f" (-{self.units_before - e.units})" if self.kind == "withdrawn" else "")
        return (f"{e.id} {self.kind}: {e.repo} {e.type}, {plural(e.units, 'unit')}{grew}, "
                f"{plural(e.sessions, 'session')}, {e.first}..{e.last}, status {e.status}")


@dataclass
class ProposeResult:
    ledger: Path
    scope: tuple[str, ...] | None  # None: every repository
    changes: list[Change] = field(default_factory=list)
    pending_groups: int = 0  # groups below the threshold that got new sightings
    pending_sightings: int = 0
    local_only: int = 0  # groups in folders outside any repository, kept out of the ledger
    written: bool = False
    commit: str | None = None
    message: str | None = None

    def as_json(self) -> dict[str, Any]:
        return {
            "ledger": str(self.ledger),
            "scope": "all" if self.scope is None else list(self.scope),
            "written": self.written,
            "local_only": self.local_only,
            "commit": self.commit,
            "message": self.message,
            "changes": [
                {"kind": c.kind, "id": c.entry.id, "repo": c.entry.repo, "type": c.entry.type,
                 "status": c.entry.status, "units": c.entry.units, "units_before": c.units_before,
                 "sessions": c.entry.sessions, "first": c.entry.first, "last": c.entry.last}
                for c in self.changes
            ],
            "pending": {"groups": self.pending_groups, "new_sightings": self.pending_sightings},
        }


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _windowed(group: Group, since: str | None) -> Group:
    if since is None:
        return group
    return dataclasses.replace(group, units=frozenset(u for u in group.units if u.date >= since))


def plan(
    data: LedgerData,
    local: Mapping[GroupKey, Group],
    *,
    threshold: int,
    since: str | None = None,
    repos: Sequence[str] | None = None,
    withdrawn: Mapping[GroupKey, frozenset[Unit]] | None = None,
) -> tuple[LedgerData, list[Change], int, int]:
    """The ledger after applying the rule to local groups pooled with the ledger's own sightings.

    `withdrawn`: per group, the sightings of forgotten cases that no remaining case shares; they
    leave every entry a person has not decided on (adopted, rejected) and the pending groups.
    Returns (new data, changes to entries, pending groups touched, new pending sightings).
    """
    data, changes = _withdraw(data, withdrawn or {}, threshold)
    entries: dict[str, Entry] = dict(data.entries)
    pending: dict[GroupKey, Pending] = dict(data.pending)
    by_key = {e.key: e for e in entries.values()}
    fresh: list[tuple[Group, str]] = []
    touched = sightings = 0
    keys = set(local) | {k for k in pending if repos is None or k[0] in repos}
    for key in sorted(keys):
        mine = local.get(key)
        entry = by_key.get(key)
        if entry is not None:
            if mine is None:
                continue
            fps = entry.fingerprints | mine.units
            status, kind = entry.status, "updated"
            # Only a held entry moves, and only forward: a person's decision is never undone.
            if status == "held" and mine.human and count_units(fps) >= threshold:
                status, kind = "proposed", "promoted"
            if fps != entry.fingerprints or status != entry.status:
                new = dataclasses.replace(entry, fingerprints=fps, status=status)
                entries[entry.id] = new
                changes.append(Change(kind, new, entry.units))
            continue
        before = pending.get(key)
        group = combine(*({key: g} for g in (mine, before.group if before else None) if g is not None))[key]
        verdict = status_for(_windowed(group, since), threshold)
        if verdict is not None:
            pending.pop(key, None)
            fresh.append((group, verdict))
            continue
        after = Pending(key[0], key[1], group.units, group.human)
        if after != before:
            pending[key] = after
            touched += 1
            sightings += len(group.units - (before.fingerprints if before else frozenset()))
    number = data.next_number()
    for group, verdict in sorted(fresh, key=lambda f: (f[0].first, f[0].repo, f[0].type)):
        new = Entry(group.repo, group.type, group.units, format_id(number), verdict)
        number += 1
        entries[new.id] = new
        changes.append(Change("new" if verdict == "proposed" else "held", new))
    return dataclasses.replace(data, entries=entries, pending=pending), changes, touched, sightings


def _withdraw(
    data: LedgerData, withdrawn: Mapping[GroupKey, frozenset[Unit]], threshold: int
) -> tuple[LedgerData, list[Change]]:
    """Take the sightings of forgotten cases out of undecided entries and pending groups."""
    entries: dict[str, Entry] = dict(data.entries)
    pending: dict[GroupKey, Pending] = dict(data.pending)
    changes: list[Change] = []
    for entry in data.entries.values():
        gone = withdrawn.get(entry.key, frozenset()) & entry.fingerprints
        if not gone or entry.status in DECIDED:
            continue
        left = entry.fingerprints - gone
        if left and (count_units(left) >= threshold or entry.status == "in-review"):
            entries[entry.id] = dataclasses.replace(entry, fingerprints=left)
            changes.append(Change("withdrawn", entries[entry.id], entry.units))
            continue
        del entries[entry.id]  # below the threshold again: back among the pending groups
        changes.append(Change("withdrawn", dataclasses.replace(entry, fingerprints=left or gone), entry.units))
        if left:
            pending[entry.key] = Pending(entry.repo, entry.type, left, entry.status != "held")
    for key, group in data.pending.items():
        gone = withdrawn.get(key, frozenset()) & group.fingerprints
        if gone:
            left = group.fingerprints - gone
            if left:
                pending[key] = dataclasses.replace(group, fingerprints=left)
            else:
                del pending[key]
    return dataclasses.replace(data, entries=entries, pending=pending), changes


def withdrawn_units(
    forgotten: Sequence[Case], kept: Mapping[GroupKey, Group], scope: tuple[str, ...] | None
) -> dict[GroupKey, frozenset[Unit]]:
    """Per group, the sightings only forgotten cases showed (a kept case on the same unit keeps it)."""
    gone = group_cases(forgotten, repos=scope)
    return {key: units for key, group in gone.items()
            if (units := group.units - (kept[key].units if key in kept else frozenset()))}


def commit_message(changes: Sequence[Change], pending_sightings: int) -> str:
    """Text-free: ids, types and counts only."""
    by_kind: dict[str, list[Change]] = {}
    for c in changes:
        by_kind.setdefault("propose" if c.kind in ("new", "promoted") else "hold" if c.kind == "held"
                           else "withdraw from" if c.kind == "withdrawn" else "update", []).append(c)
    subject = f"ledger: record {plural(pending_sightings, 'sighting')} below the threshold"
    for verb in ("propose", "hold", "withdraw from", "update"):
        group = by_kind.get(verb)
        if not group:
            continue
        if len(group) == 1:
            e = group[0].entry
            subject = f"ledger: {verb} {e.id} ({e.type}, {plural(e.sessions, 'session')})"
        else:
            noun = {"propose": "proposals", "hold": "held", "update": "entries",
                    "withdraw from": "entries"}[verb]
            subject = f"ledger: {verb} {', '.join(c.entry.id for c in group)} ({len(group)} {noun})"
        break
    body = [c.line() for c in changes[:MESSAGE_LINES]]
    if len(changes) > MESSAGE_LINES:
        body.append(f"... and {len(changes) - MESSAGE_LINES} more (git show shows them all)")
    if pending_sightings:
        body.append(f"{plural(pending_sightings, 'sighting')} recorded below the threshold")
    return subject + "\n\n" + "\n".join(body) + "\n"


def resolve_scope(
    repos: str | Sequence[str] | None, ledger: Ledger, repo_root: Path | None
) -> tuple[str, ...] | None:
    """None for every repository, else the repositories whose cases this ledger takes."""
    if repos == "all":
        return None
    if repos:
        return tuple(repos)
    if ledger.data.repos == "all":
        return None
    if isinstance(ledger.data.repos, tuple):
        return ledger.data.repos
    found = identify(str(repo_root)) if repo_root is not None else None
    if found is None:
        raise FatalError(f"the ledger {ledger.path} is not in a git repository: pass --repo REPO "
                         "or --all-repos")
    return (found[0],)


def settings(cfg: Mapping[str, Any]) -> tuple[int, int | None]:
    threshold = gl_config.get(cfg, "promote.threshold", 2)
    window = gl_config.get(cfg, "promote.window_days")
    if not isinstance(threshold, int) or isinstance(threshold, bool) or threshold < 1:
        raise FatalError(f"promote.threshold must be a whole number of at least 1, not {threshold!r}")
    if window is not None and (not isinstance(window, int) or isinstance(window, bool) or window < 1):
        raise FatalError(f"promote.window_days must be a whole number of days or empty, not {window!r}")
    return threshold, window


def run_propose(
    store: Store,
    ledger_path: Path,
    repo_root: Path | None,
    *,
    commit: bool = False,
    now: datetime | None = None,
    repos: str | Sequence[str] | None = None,
    config: Mapping[str, Any] | None = None,
) -> ProposeResult:
    """Apply the repeat rule to the store and write (and with `commit`, commit) the ledger.

    `repos`: None (the ledger's `repos:` key, else the ledger's own repository), "all", or names.
    Nothing new means no write and no commit.
    """
    if commit and repo_root is None:
        raise FatalError(f"--commit: the ledger {ledger_path} is not in a git repository")
    threshold, window = settings(config if config is not None else gl_config.load(repo_root))
    when = now or paths.now()
    since = (when.date() - timedelta(days=window)).isoformat() if window else None
    ledger = load_ledger(ledger_path)
    scope = resolve_scope(repos, ledger, repo_root)
    only = scope[0] if scope is not None and len(scope) == 1 else None
    local = group_cases(store.cases(repo=only, types=TYPES, since=since), since=since, repos=scope)
    # A folder outside any repository is known by its local path: it never goes into git.
    unshareable = {key for key in local if not shareable(key[0])}
    local = {key: group for key, group in local.items() if key not in unshareable}
    withdrawn = withdrawn_units(store.cases(repo=only, types=TYPES, forgotten=True), local, scope)
    data, changes, touched, sightings = plan(ledger.data, local, threshold=threshold, since=since,
                                             repos=scope, withdrawn=withdrawn)
    result = ProposeResult(ledger_path, scope, changes, touched, sightings, local_only=len(unshareable))
    if not changes and not touched and ledger.upgraded_from == ledger.data.version:
        return result
    if not ledger.exists and repos is not None:  # a new ledger remembers an explicit scope
        data = dataclasses.replace(data, repos="all" if scope is None else scope)
    result.written = save_ledger(ledger, data)
    if result.written:
        result.message = (commit_message(changes, sightings) if changes or sightings
                          else f"ledger: upgrade to format version {data.version}\n")
        if commit:
            from git_ledger.ledger.gitops import commit_only

            assert repo_root is not None  # noqa: S101  (commit is refused outside a repository above)
            result.commit = commit_only(repo_root, ledger_path, result.message)
    return result
