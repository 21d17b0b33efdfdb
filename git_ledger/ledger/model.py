"""The proposals ledger as plain data: entries keyed by id, groups still below the threshold.

Only `fingerprints` is evidence; `units`, `sessions`, `first`, `last` and `dates` are derived from
it (and checked against it), so two machines' ledgers combine by a union of fingerprints.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from git_ledger.ledger.promote import Group, GroupKey, Sightings, Unit

CURRENT_VERSION = 1
STATUSES = ("proposed", "in-review", "adopted", "rejected", "held")
DECIDED = frozenset({"adopted", "rejected"})  # a person's decision; `propose` never changes it
# "Most advanced wins" when two sides of a merge changed a status differently.
STATUS_RANK = {"held": 0, "proposed": 1, "in-review": 2, "adopted": 3, "rejected": 3}
ID_RE = re.compile(r"^P-(\d{4,})$")

Repos = str | tuple[str, ...] | None  # "all", some repos, or None: the ledger's own repository


def format_id(number: int) -> str:
    return f"P-{number:04d}"


def id_number(entry_id: str) -> int:
    m = ID_RE.match(entry_id)
    return int(m.group(1)) if m else 0


@dataclass(frozen=True)
class _Evidence(Sightings):
    repo: str
    type: str
    fingerprints: frozenset[Unit]

    @property
    def unit_set(self) -> frozenset[Unit]:
        return self.fingerprints

    @property
    def units(self) -> int:
        return self.unit_count


@dataclass(frozen=True)
class Entry(_Evidence):
    """A numbered proposal. `status` may be set by a person; `pr` once a pull request exists."""

    id: str
    status: str = "proposed"
    pr: int | None = None

    @property
    def group(self) -> Group:
        # Only a group with a person's case is ever proposed; a held one has none yet.
        return Group(self.repo, self.type, self.fingerprints, self.status != "held")


@dataclass(frozen=True)
class Pending(_Evidence):
    """A group below the threshold, recorded so that other machines' sightings add up to it."""

    human: bool = False

    @property
    def label(self) -> str:
        return pending_label(self.repo, self.type)

    @property
    def group(self) -> Group:
        return Group(self.repo, self.type, self.fingerprints, self.human)


def pending_label(repo: str, type_: str) -> str:
    return f"{repo} {type_}"


@dataclass(frozen=True)
class LedgerData:
    version: int = CURRENT_VERSION
    repos: Repos = None
    entries: Mapping[str, Entry] = field(default_factory=dict)  # id -> entry, in file order
    pending: Mapping[GroupKey, Pending] = field(default_factory=dict)

    def entry_for(self, key: GroupKey) -> Entry | None:
        return next((e for e in self.entries.values() if e.key == key), None)

    def next_number(self) -> int:
        return max((id_number(i) for i in self.entries), default=0) + 1

    def same(self, other: LedgerData) -> bool:
        """Equal as data (order of entries and pending groups ignored)."""
        return (
            self.version == other.version
            and self.repos == other.repos
            and dict(self.entries) == dict(other.entries)
            and dict(self.pending) == dict(other.pending)
        )
