"""Three-way merge of ledgers by entry, for `git-ledger ledger merge %O %A %B`.

Entries are matched by (repo, type), the identity the rule promotes, not by id:
- sightings (`fingerprints`) are unioned: no sighting from either side is ever lost;
- `status` and `pr` merge three-way; when both sides changed a status, the most advanced wins
  (held < proposed < in-review < adopted = rejected); adopted against rejected, or two different
  pull request numbers, is a true conflict (ours is kept, the line is marked, exit non-zero);
- an entry deleted on one side stays deleted only if the other side left it unchanged;
- ids from the common ancestor never change; a new id used on both sides for different groups
  is settled deterministically (an entry with a pull request first, then the earlier first
  sighting, then repo and type) and the other group gets the next free number;
- pending groups are unioned; a pending group whose (repo, type) has an entry folds into it
  (a held entry with a person's sighting becomes proposed).
The result does not depend on which side is "ours". When git's own line merge is clean and
means the same, its text is kept (both sides' comments survive).
"""
from __future__ import annotations

import subprocess
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple, TypeVar

from git_ledger import yaml as gl_yaml
from git_ledger.ledger import new_text, parse_ledger
from git_ledger.ledger import schema as ledger_schema
from git_ledger.ledger.model import (
    STATUS_RANK,
    Entry,
    LedgerData,
    Pending,
    Repos,
    format_id,
    id_number,
)
from git_ledger.ledger.promote import GroupKey, Unit

T = TypeVar("T")


class Conflict(NamedTuple):
    where: str  # an entry id, or "repos"
    field: str
    ours: str
    theirs: str

    def message(self) -> str:
        return f"{self.where} {self.field}: ours {self.ours}, theirs {self.theirs}"


@dataclass
class _Draft:
    key: GroupKey
    fingerprints: frozenset[Unit]
    status: str
    pr: int | None
    ids: tuple[str, ...]  # the id to keep (from the ancestor), or the candidates of a new entry
    from_base: bool

    @property
    def first(self) -> str:
        return min(u.date for u in self.fingerprints)


@dataclass
class MergeResult:
    data: LedgerData
    conflicts: list[Conflict] = field(default_factory=list)


def _three(base: T | None, ours: T | None, theirs: T | None) -> tuple[T | None, bool]:
    if ours == theirs or theirs == base:
        return ours, False
    if ours == base:
        return theirs, False
    return ours, True


def _status(base: str | None, ours: str, theirs: str) -> tuple[str, bool]:
    value, conflict = _three(base, ours, theirs)
    if not conflict:
        return value or ours, False
    if STATUS_RANK[ours] != STATUS_RANK[theirs]:
        return (ours if STATUS_RANK[ours] > STATUS_RANK[theirs] else theirs), False
    return ours, True


def _by_key(data: LedgerData) -> dict[GroupKey, Entry]:
    return {e.key: e for e in data.entries.values()}


def _entry_drafts(
    o: LedgerData, a: LedgerData, b: LedgerData, conflicts: list[tuple[GroupKey, str, str, str]]
) -> dict[GroupKey, _Draft]:
    ok, ak, bk = _by_key(o), _by_key(a), _by_key(b)
    drafts: dict[GroupKey, _Draft] = {}
    for key in sorted(set(ok) | set(ak) | set(bk)):
        eo, ea, eb = ok.get(key), ak.get(key), bk.get(key)
        if eo is not None and (ea is None or eb is None):
            other = ea if eb is None else eb
            if other is None or other == eo:
                continue  # deleted on one side and untouched on the other
            drafts[key] = _Draft(key, other.fingerprints, other.status, other.pr, (other.id,), True)
            continue
        if ea is None or eb is None:
            only = ea if eb is None else eb
            assert only is not None  # noqa: S101  (one of the two is set)
            drafts[key] = _Draft(key, only.fingerprints, only.status, only.pr, (only.id,), False)
            continue
        status, status_conflict = _status(eo.status if eo else None, ea.status, eb.status)
        pr, pr_conflict = _three(eo.pr if eo else None, ea.pr, eb.pr)
        if eo is not None:  # an id renamed by hand on one side follows that side
            kept, clash = _three(eo.id, ea.id, eb.id)
            ids: tuple[str, ...] = (min((ea.id, eb.id), key=id_number) if clash else kept or eo.id,)
        else:
            ids = tuple(sorted({ea.id, eb.id}, key=id_number))
        drafts[key] = _Draft(key, ea.fingerprints | eb.fingerprints, status, pr, ids, eo is not None)
        if status_conflict:
            conflicts.append((key, "status", ea.status, eb.status))
        if pr_conflict:
            conflicts.append((key, "pr", str(ea.pr), str(eb.pr)))
    return drafts


def _pending(o: LedgerData, a: LedgerData, b: LedgerData, drafts: dict[GroupKey, _Draft]) -> dict[GroupKey, Pending]:
    out: dict[GroupKey, Pending] = {}
    for key in sorted(set(o.pending) | set(a.pending) | set(b.pending)):
        po, pa, pb = o.pending.get(key), a.pending.get(key), b.pending.get(key)
        if po is not None and (pa is None or pb is None) and key not in drafts:
            other = pa if pb is None else pb
            if other is None or other == po:
                continue  # removed on one side, untouched on the other
        sides = [p for p in (pa, pb) if p is not None]
        units = frozenset().union(*(p.fingerprints for p in sides))
        human = any(p.human for p in sides)
        if key in drafts:
            d = drafts[key]
            d.fingerprints |= units
            if human and d.status == "held":
                d.status = "proposed"
        else:
            out[key] = Pending(key[0], key[1], units, human)
    return out


def _assign_ids(drafts: Mapping[GroupKey, _Draft], seen: set[str]) -> dict[GroupKey, str]:
    taken: dict[str, GroupKey] = {}
    final: dict[GroupKey, str] = {}
    deferred: list[_Draft] = []
    base = sorted((d for d in drafts.values() if d.from_base), key=lambda d: (id_number(d.ids[0]), d.key))
    new = sorted((d for d in drafts.values() if not d.from_base),
                 key=lambda d: (id_number(d.ids[0]), d.pr is None, d.first, d.key))
    for d in base + new:
        free = next((i for i in d.ids if i not in taken), None)
        if free is None:
            deferred.append(d)
        else:
            taken[free] = d.key
            final[d.key] = free
    top = max((id_number(i) for i in seen), default=0)
    for d in sorted(deferred, key=lambda d: (d.first, d.key)):
        top += 1
        final[d.key] = format_id(top)
    return final


def merge_data(o: LedgerData, a: LedgerData, b: LedgerData) -> MergeResult:
    clashes: list[tuple[GroupKey, str, str, str]] = []
    drafts = _entry_drafts(o, a, b, clashes)
    pending = _pending(o, a, b, drafts)
    ids = _assign_ids(drafts, set(o.entries) | set(a.entries) | set(b.entries))
    entries = {
        ids[d.key]: Entry(d.key[0], d.key[1], d.fingerprints, ids[d.key], d.status, d.pr)
        for d in sorted(drafts.values(), key=lambda d: -id_number(ids[d.key]))
    }
    conflicts = [Conflict(ids[key], name, ours, theirs) for key, name, ours, theirs in clashes]
    repos: Repos
    repos, repos_conflict = _three(o.repos, a.repos, b.repos)
    if repos_conflict:
        conflicts.append(Conflict("repos", "repos", str(a.repos), str(b.repos)))
    return MergeResult(LedgerData(a.version, repos, entries, pending), conflicts)


def _git_merge_file(o_text: str, a_text: str, b_text: str) -> str | None:
    with tempfile.TemporaryDirectory(prefix="git-ledger-merge-") as tmp:
        files = []
        for name, text in (("ours", a_text), ("base", o_text), ("theirs", b_text)):
            p = Path(tmp) / name
            p.write_text(text, encoding="utf-8")
            files.append(str(p))
        try:
            out = subprocess.run(("git", "merge-file", "-p", "-q", *files), capture_output=True, text=True)
        except OSError:
            return None
    return out.stdout if out.returncode == 0 else None


def _annotate(text: str, conflicts: list[Conflict]) -> str:
    doc = gl_yaml.positions(text)
    lines = text.splitlines()
    for c in conflicts:
        try:
            node = doc if c.where == "repos" else doc["entries"][c.where]
            line = int(node.lc.key(c.field)[0])
        except (KeyError, AttributeError, TypeError):
            continue
        lines[line] += f"  # CONFLICT: theirs is {c.theirs}; keep one value, delete this comment, git add"
    return "\n".join(lines) + "\n"


def merge_texts(o_text: str, a_text: str, b_text: str, path: Path = Path("ledger")) -> tuple[str, list[Conflict]]:
    """The merged text (to be written over ours) and the true conflicts left in it."""
    o, a, b = (parse_ledger(t, Path(f"{path} ({side})")) for t, side in
               ((o_text, "base"), (a_text, "ours"), (b_text, "theirs")))
    result = merge_data(o.data, a.data, b.data)
    if not result.conflicts:
        text = _git_merge_file(o_text, a_text, b_text)
        if text is not None:
            check = ledger_schema.parse(text) if text.strip() else None
            if check is not None and check.data is not None and check.data.same(result.data):
                return text, []
    text = new_text(a, result.data)
    if result.conflicts:
        text = _annotate(text, result.conflicts)
    return text, result.conflicts

