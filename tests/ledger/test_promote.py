from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from git_ledger.ledger.promote import (
    Group,
    Unit,
    combine,
    count_units,
    group_cases,
    parse_unit,
    status_for,
    unit_of,
)
from git_ledger.models import Case, unit_fingerprint

REPO = "github.com/example/widget"


def case(n: int, session: str, date: str, type_: str = "omission", source: str = "human",
         repo: str = REPO, agent: str = "claude") -> Case:
    return Case(
        id=f"c{n}", repo=repo, agent=agent, session=session, date=date, timestamp=f"{date}T09:00:00Z",
        type=type_, source=source, text="you skipped the migration again", context="Edit db.py",
        typed_by="rule:en.omission" if type_ != "other" else "",
    )


def units(*pairs: str) -> list[Unit]:
    """`"s1@d1"` -> a unit of session s1 on 2026-10-0<d>."""
    out = []
    for p in pairs:
        s, d = p.split("@")
        out.append(Unit(f"2026-10-{int(d[1:]):02d}", unit_fingerprint("claude", s)))
    return out


def brute_force(us: list[Unit]) -> int:
    """The largest set of sightings with pairwise distinct sessions and dates, by exhaustion."""
    us = sorted(set(us))
    best = 0
    for size in range(len(us), 0, -1):
        for combo in itertools.combinations(us, size):
            if len({u.session for u in combo}) == size == len({u.date for u in combo}):
                return size
    return best


@pytest.mark.parametrize(
    ("pairs", "expected"),
    [
        (["s1@d1", "s1@d1"], 1),  # repeats inside one session on one day
        (["s1@d1", "s1@d2"], 1),  # one session across two days counts once
        (["s1@d1", "s2@d1"], 1),  # two sessions on one day count once
        (["s1@d1", "s2@d2"], 2),
        (["s1@d1", "s1@d2", "s2@d1"], 2),  # s1@d2 and s2@d1 are independent
        (["s1@d1", "s2@d1", "s3@d1", "s1@d2"], 2),
        (["s1@d1", "s1@d2", "s1@d3", "s2@d1", "s3@d1"], 2),  # needs an augmenting path
        (["s1@d1", "s2@d2", "s3@d3", "s4@d4"], 4),
        ([], 0),
    ],
)
def test_units_are_distinct_in_session_and_day(pairs: list[str], expected: int) -> None:
    assert count_units(units(*pairs)) == expected


def test_augmenting_path_reassigns_an_earlier_session() -> None:
    # Greedy (sorted) would give s1 the first day d1 and leave s2 (only d1) unmatched.
    assert count_units(units("s1@d1", "s1@d2", "s2@d1")) == 2
    assert count_units(units("a@d1", "a@d2", "b@d2", "b@d3", "c@d1")) == 3


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 4), st.integers(1, 5)), max_size=9))
def test_count_matches_exhaustive_search_and_never_drops(raw: list[tuple[int, int]]) -> None:
    us = units(*(f"s{s}@d{d}" for s, d in raw))
    n = count_units(us)
    assert n == brute_force(us)
    # More sightings never lower the count.
    assert count_units(us + units("s9@d9")) >= n


def test_units_round_trip_as_text() -> None:
    u = unit_of(case(1, "sess-1", "2026-10-03"))
    assert str(u) == f"2026-10-03/{unit_fingerprint('claude', 'sess-1')}"
    assert parse_unit(str(u)) == u
    assert parse_unit("2026-10-03/you missed it") is None
    assert parse_unit("2026-10-03/0123456789abcdef0") is None


def test_groups_by_repo_and_type_and_ignores_other() -> None:
    cases = [
        case(1, "s1", "2026-10-01"),
        case(2, "s2", "2026-10-02"),
        case(3, "s3", "2026-10-03", type_="other"),
        case(4, "s4", "2026-10-04", type_="other"),
        case(5, "s5", "2026-10-05", repo="github.com/example/other"),
        case(6, "s6", "2026-10-06", type_="result-error", source="review"),
        case(7, "s7", "2026-10-07", type_="result-error", source="hook"),
    ]
    groups = group_cases(cases)
    assert set(groups) == {(REPO, "omission"), ("github.com/example/other", "omission"), (REPO, "result-error")}
    assert status_for(groups[(REPO, "omission")], 2) == "proposed"
    assert status_for(groups[(REPO, "result-error")], 2) == "held"  # self-found only
    assert status_for(groups[("github.com/example/other", "omission")], 2) is None
    assert status_for(groups[(REPO, "omission")], 3) is None  # threshold from config
    only = group_cases(cases, repos=["github.com/example/other"])
    assert list(only) == [("github.com/example/other", "omission")]


def test_one_human_case_makes_a_proposal_even_outside_the_counted_units() -> None:
    cases = [
        case(1, "s1", "2026-10-01", source="review"),
        case(2, "s2", "2026-10-02", source="guard"),
        case(3, "s2", "2026-10-02", source="human"),  # same unit as case 2
    ]
    g = group_cases(cases)[(REPO, "omission")]
    assert g.count == 2 and g.human
    assert status_for(g, 2) == "proposed"


def test_window_drops_old_cases() -> None:
    cases = [case(1, "s1", "2026-09-01"), case(2, "s2", "2026-10-02")]
    assert group_cases(cases, since="2026-10-01")[(REPO, "omission")].count == 1


def test_same_session_across_midnight_and_busy_day_count_once() -> None:
    cases = [
        case(1, "late", "2026-10-01"), case(2, "late", "2026-10-02"),  # one session, two days
        case(3, "a", "2026-10-05"), case(4, "b", "2026-10-05"),  # two sessions, one day
    ]
    g = group_cases(cases)[(REPO, "omission")]
    assert (g.count, g.sessions, g.dates) == (2, 3, ["2026-10-01", "2026-10-02", "2026-10-05"])


def test_team_mode_two_machines_each_seeing_it_once_promote_together() -> None:
    alice = group_cases([case(1, "alice-session", "2026-10-01")])
    bob = group_cases([case(2, "bob-session", "2026-10-04", agent="codex")])
    assert status_for(alice[(REPO, "omission")], 2) is None
    assert status_for(bob[(REPO, "omission")], 2) is None
    pooled = combine(alice, bob)[(REPO, "omission")]
    assert pooled.count == 2 and status_for(pooled, 2) == "proposed"
    # Pooling the same sightings twice changes nothing.
    assert combine(alice, alice)[(REPO, "omission")] == alice[(REPO, "omission")]


def test_group_derived_fields() -> None:
    g = Group(REPO, "omission", frozenset(units("s1@d3", "s2@d1")), True)
    assert (g.first, g.last, g.sessions, g.key) == ("2026-10-01", "2026-10-03", 2, (REPO, "omission"))
