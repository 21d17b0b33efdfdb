"""Did the rules help? Units per week per (repo, type), before and after each adoption.

Units are counted exactly as promotion counts them (`promote.count_units`: sightings in distinct
sessions on distinct days), within each week and within each period. An adoption date is when a
committed version of the ledger first showed the entry's status as `adopted` (the committer date
of that commit, UTC), read from the ledger's git history; an adoption not committed yet has no
date and no before/after split. The adoption day itself counts as "before": the rule cannot be
credited for the sessions of the day it was written.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from git_ledger.ledger.model import LedgerData, id_number
from git_ledger.ledger.promote import Group, GroupKey, Unit, count_units


@dataclass(frozen=True)
class Rate:
    units: int
    days: int

    @property
    def per_week(self) -> float | None:
        return self.units / self.days * 7 if self.days > 0 else None

    def as_json(self) -> dict[str, Any]:
        pw = self.per_week
        return {"units": self.units, "days": self.days, "per_week": None if pw is None else round(pw, 3)}


@dataclass(frozen=True)
class GroupReport:
    repo: str
    type: str
    entry_id: str | None
    status: str | None
    adopted: str | None  # YYYY-MM-DD of the commit that made it `adopted`
    weeks: list[tuple[str, int]]  # (Monday, units that week), oldest first
    units: int  # over all history
    first: str
    last: str
    before: Rate | None
    after: Rate | None

    @property
    def change(self) -> float | None:
        """Relative change of the weekly rate after adoption (-0.8 = 80% fewer)."""
        if self.before is None or self.after is None:
            return None
        b, a = self.before.per_week, self.after.per_week
        if b is None or a is None or b == 0:
            return None
        return (a - b) / b

    def as_json(self) -> dict[str, Any]:
        return {
            "repo": self.repo, "type": self.type, "entry": self.entry_id, "status": self.status,
            "adopted": self.adopted, "units": self.units, "first": self.first, "last": self.last,
            "weeks": [{"week": w, "units": n} for w, n in self.weeks],
            "before": self.before.as_json() if self.before else None,
            "after": self.after.as_json() if self.after else None,
            "change": None if self.change is None else round(self.change, 3),
        }


def monday(day: str | date) -> date:
    d = date.fromisoformat(day) if isinstance(day, str) else day
    return d - timedelta(days=d.weekday())


def statuses(text: str | None) -> dict[GroupKey, str]:
    """(repo, type) -> status in one version of a ledger; {} for anything unreadable."""
    if not text:
        return {}
    from git_ledger import yaml as gl_yaml

    try:
        doc = gl_yaml.load_fast(text)
        entries = doc.get("entries") or {}
        return {(str(b["repo"]), str(b["type"])): str(b["status"]) for b in entries.values()}
    except Exception:  # noqa: BLE001  a committed conflict or a hand-broken version: no statuses from it
        return {}


def adoption_dates(versions: Iterable[tuple[str, str | None]]) -> dict[GroupKey, str]:
    """From (date, text) versions, oldest first: when each entry most recently became adopted."""
    previous: dict[GroupKey, str] = {}
    adopted: dict[GroupKey, str] = {}
    for day, text in versions:
        current = statuses(text)
        for key, status in current.items():
            if status != "adopted":
                adopted.pop(key, None)
            elif previous.get(key) != "adopted":
                adopted[key] = day
        for key in set(adopted) - set(current):
            adopted.pop(key)
        previous = current
    return adopted


def _rate(units: Iterable[Unit], start: date, end: date) -> Rate:
    days = (end - start).days + 1
    return Rate(count_units(units), max(days, 0))


def group_report(
    group: Group, ledger: LedgerData, adoptions: Mapping[GroupKey, str], today: date, weeks: int
) -> GroupReport:
    entry = ledger.entry_for(group.key)
    adopted = adoptions.get(group.key) if entry is not None and entry.status == "adopted" else None
    this_week = monday(today)
    starts = [this_week - timedelta(weeks=i) for i in range(weeks - 1, -1, -1)]
    series = [
        (s.isoformat(), count_units(u for u in group.units if s.isoformat() <= u.date <= (s + timedelta(6)).isoformat()))
        for s in starts
    ]
    before = after = None
    if adopted is not None:
        day = date.fromisoformat(adopted)
        first = date.fromisoformat(group.first)
        before = _rate([u for u in group.units if u.date <= adopted], first, day)
        after = _rate([u for u in group.units if u.date > adopted], day + timedelta(1), today)
    return GroupReport(
        group.repo, group.type, entry.id if entry else None, entry.status if entry else None, adopted,
        series, group.count, group.first, group.last, before, after,
    )


def build(
    groups: Mapping[GroupKey, Group],
    ledger: LedgerData,
    adoptions: Mapping[GroupKey, str],
    *,
    today: date,
    weeks: int = 12,
    repos: Sequence[str] | None = None,
) -> list[GroupReport]:
    """One report per group: entries first (by number), then the rest by units, most first."""
    out = [
        group_report(g, ledger, adoptions, today, weeks)
        for key, g in groups.items() if g.units and (repos is None or key[0] in repos)
    ]
    return sorted(out, key=lambda r: (r.entry_id is None, id_number(r.entry_id or ""), -r.units, r.repo, r.type))
