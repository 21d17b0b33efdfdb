"""The repeat rule: which (repo, type) groups of cases become proposals. Pure, no I/O.

A *sighting* is a (session, date) pair on which a group's mistake appeared; the session is kept
only as `models.unit_fingerprint(agent, session)`, so sightings are text-free and can be pooled
across machines. Repeats inside one session count once, even when the session runs past
midnight, and repeats inside one day count once, even across several sessions. So the number of
*units* of a group is the largest set of its sightings in which no two share a session or a date:
a maximum matching between sessions and dates. Examples (session@day):

    s1@d1, s1@d1            -> 1   (one session, one day)
    s1@d1, s1@d2            -> 1   (one session across two days)
    s1@d1, s2@d1            -> 1   (two sessions on one day)
    s1@d1, s2@d2            -> 2
    s1@d1, s1@d2, s2@d1     -> 2   (s1@d2 and s2@d1 are independent)

More sightings never lower the count. A group with at least `threshold` units becomes a proposal
when at least one of its cases came from a person, and is `held` when all were self-found
(review agents, hooks, guards, the agent's own admissions). `other` cases never count.
"""
from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import NamedTuple

from git_ledger.models import TYPES, Case, unit_fingerprint

GroupKey = tuple[str, str]  # (repo, type)

_UNIT = re.compile(r"^(\d{4}-\d{2}-\d{2})/([0-9a-f]{16})$")


class Unit(NamedTuple):
    """One sighting: a date and a text-free session fingerprint. Written as `date/fingerprint`."""

    date: str
    session: str

    def __str__(self) -> str:
        return f"{self.date}/{self.session}"


def parse_unit(text: str) -> Unit | None:
    m = _UNIT.match(text)
    return Unit(m.group(1), m.group(2)) if m else None


def unit_of(case: Case) -> Unit:
    return Unit(case.date, unit_fingerprint(case.agent, case.session))


def count_units(units: Iterable[Unit]) -> int:
    """The largest number of sightings no two of which share a session or a date."""
    adj: dict[str, set[str]] = {}
    for u in units:
        adj.setdefault(u.session, set()).add(u.date)
    session_of: dict[str, str] = {}  # date -> the session matched to it
    date_of: dict[str, str] = {}  # session -> the date matched to it
    for s in sorted(adj):
        free = next((d for d in sorted(adj[s]) if d not in session_of), None)
        if free is not None:  # the common case: no augmenting path needed
            session_of[free], date_of[s] = s, free
        else:
            _augment(s, adj, session_of, date_of)
    return len(date_of)


def _augment(
    start: str, adj: Mapping[str, set[str]], session_of: dict[str, str], date_of: dict[str, str]
) -> bool:
    """Breadth-first search for an alternating path from `start` to a free date; flip it."""
    reached_from: dict[str, str] = {}  # date -> the session that reached it
    queue = deque([start])
    while queue:
        s = queue.popleft()
        for d in sorted(adj[s]):
            if d in reached_from:
                continue
            reached_from[d] = s
            if d not in session_of:
                while True:  # flip the path back to `start`
                    owner = reached_from[d]
                    previous = date_of.get(owner)
                    session_of[d], date_of[owner] = owner, d
                    if owner == start or previous is None:
                        return True
                    d = previous
            queue.append(session_of[d])
    return False


class Sightings:
    """What follows from the units of one (repo, type): one definition for `Group` here and for
    the ledger's `Entry` and `Pending` (ledger/model.py), whose fingerprints are such units."""

    repo: str
    type: str

    @property
    def unit_set(self) -> frozenset[Unit]:
        raise NotImplementedError

    @property
    def key(self) -> GroupKey:
        return (self.repo, self.type)

    @property
    def unit_count(self) -> int:
        return count_units(self.unit_set)

    @property
    def sessions(self) -> int:
        return len({u.session for u in self.unit_set})

    @property
    def dates(self) -> list[str]:
        return sorted({u.date for u in self.unit_set})

    @property
    def first(self) -> str:
        return min(u.date for u in self.unit_set)

    @property
    def last(self) -> str:
        return max(u.date for u in self.unit_set)


@dataclass(frozen=True)
class Group(Sightings):
    """The sightings of one (repo, type), and whether any of them came from a person."""

    repo: str
    type: str
    units: frozenset[Unit]
    human: bool

    @property
    def unit_set(self) -> frozenset[Unit]:
        return self.units

    @property
    def count(self) -> int:
        return self.unit_count

    def with_units(self, units: Iterable[Unit], human: bool = False) -> Group:
        return Group(self.repo, self.type, self.units | frozenset(units), self.human or human)


def group_cases(
    cases: Iterable[Case], *, since: str | None = None, repos: Iterable[str] | None = None
) -> dict[GroupKey, Group]:
    """Typed cases grouped by (repo, type); `other`/`none`, cases before `since` and repos
    outside `repos` (None: every repo) are left out."""
    wanted = None if repos is None else set(repos)
    units: dict[GroupKey, set[Unit]] = {}
    human: dict[GroupKey, bool] = {}
    for case in cases:
        if case.type not in TYPES or (since is not None and case.date < since):
            continue
        if wanted is not None and case.repo not in wanted:
            continue
        key = (case.repo, case.type)
        units.setdefault(key, set()).add(unit_of(case))
        human[key] = human.get(key, False) or case.is_human
    return {k: Group(k[0], k[1], frozenset(v), human[k]) for k, v in units.items()}


def combine(*sources: Mapping[GroupKey, Group]) -> dict[GroupKey, Group]:
    """Team mode: the union of sightings per group (local store, ledger, other machines)."""
    out: dict[GroupKey, Group] = {}
    for source in sources:
        for key, group in source.items():
            out[key] = out[key].with_units(group.units, group.human) if key in out else group
    return out


def status_for(group: Group, threshold: int) -> str | None:
    """`proposed`, `held` (self-found only), or None while below the threshold."""
    if group.count < max(threshold, 1):
        return None
    return "proposed" if group.human else "held"
