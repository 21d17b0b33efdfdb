from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from git_ledger.ledger import load_ledger, new_text, parse_ledger, validate_paths
from git_ledger.ledger.merge import merge_data, merge_texts
from git_ledger.ledger.model import Entry, LedgerData, Pending, format_id
from git_ledger.models import TYPES
from tests.ledger.test_ledger import REPO, data, entry, pending, u, write
from tests.testing.util import run_cli

P = Path("proposals.yaml")


def text_of(d: LedgerData, base_text: str = "") -> str:
    """How a real run would write `d`: a minimal edit of the base file."""
    return new_text(parse_ledger(base_text, P), d)


def test_new_ids_colliding_are_renumbered_the_same_way_from_both_sides() -> None:
    base = data(entry("P-0001", "omission", "a@1", "b@2"))
    ours = data(entry("P-0001", "omission", "a@1", "b@2"), entry("P-0002", "premise-error", "c@3", "d@4"))
    theirs = data(entry("P-0001", "omission", "a@1", "b@2"), entry("P-0002", "result-error", "e@2", "f@5"))
    one, two = merge_data(base, ours, theirs), merge_data(base, theirs, ours)
    assert one.data.same(two.data) and not one.conflicts
    got = {e.type: e.id for e in one.data.entries.values()}
    # result-error was seen first (2026-10-02), so it keeps P-0002; premise-error moves on.
    assert got == {"omission": "P-0001", "result-error": "P-0002", "premise-error": "P-0003"}


def test_an_entry_with_a_pull_request_keeps_its_number() -> None:
    base = data()
    ours = data(entry("P-0001", "premise-error", "c@3", "d@4", status="in-review", pr=12))
    theirs = data(entry("P-0001", "result-error", "e@1", "f@2"))
    got = {e.type: e.id for e in merge_data(base, ours, theirs).data.entries.values()}
    assert got == {"premise-error": "P-0001", "result-error": "P-0002"}


def test_statuses_most_advanced_wins_and_decisions_conflict() -> None:
    base = data(entry("P-0001", "omission", "a@1", "b@2"))
    review = data(entry("P-0001", "omission", "a@1", "b@2", status="in-review", pr=3))
    adopted = data(entry("P-0001", "omission", "a@1", "b@2", status="adopted"))
    rejected = data(entry("P-0001", "omission", "a@1", "b@2", status="rejected"))
    got = merge_data(base, review, adopted)
    assert got.data.entries["P-0001"].status == "adopted" and got.data.entries["P-0001"].pr == 3
    assert not got.conflicts
    clash = merge_data(base, adopted, rejected)
    assert [c.message() for c in clash.conflicts] == ["P-0001 status: ours adopted, theirs rejected"]
    # A person taking a decision back on one side (rejected -> proposed) is honoured.
    back = merge_data(rejected, base, rejected)
    assert back.data.entries["P-0001"].status == "proposed"


def test_pending_sightings_fold_into_an_entry_and_lift_a_held_one() -> None:
    base = data(entry("P-0001", "result-error", "a@1", "b@2", status="held"))
    ours = base
    theirs = data(entry("P-0001", "result-error", "a@1", "b@2", status="held"))
    theirs = dataclasses.replace(theirs, pending={(REPO, "result-error"): pending("result-error", "c@3")})
    got = merge_data(base, ours, theirs).data.entries["P-0001"]
    assert got.status == "proposed" and u("c@3") in got.fingerprints


def test_deleted_entry_stays_deleted_unless_the_other_side_changed_it() -> None:
    base = data(entry("P-0001", "omission", "a@1", "b@2"), entry("P-0002", "result-error", "c@3", "d@4"))
    dropped = data(entry("P-0002", "result-error", "c@3", "d@4"))
    assert list(merge_data(base, dropped, base).data.entries) == ["P-0002"]
    grown = data(entry("P-0001", "omission", "a@1", "b@2", "x@9"), entry("P-0002", "result-error", "c@3", "d@4"))
    assert set(merge_data(base, dropped, grown).data.entries) == {"P-0001", "P-0002"}


def test_clean_line_merge_keeps_comments_from_both_sides() -> None:
    base_text = text_of(data(entry("P-0001", "omission", "a@1", "b@2"), entry("P-0002", "result-error", "c@3", "d@4")))
    ours = base_text.replace("    type: omission\n", "    type: omission  # ours: see CLAUDE.md\n")
    theirs = base_text.replace("    type: result-error\n", "    type: result-error  # theirs: flaky CI\n")
    merged, conflicts = merge_texts(base_text, ours, theirs)
    assert not conflicts and "# ours: see CLAUDE.md" in merged and "# theirs: flaky CI" in merged


def test_true_conflict_is_marked_in_valid_yaml() -> None:
    base_text = text_of(data(entry("P-0001", "omission", "a@1", "b@2")))
    ours = base_text.replace("status: proposed", "status: adopted")
    theirs = base_text.replace("status: proposed", "status: rejected")
    merged, conflicts = merge_texts(base_text, ours, theirs)
    assert len(conflicts) == 1
    assert "status: adopted  # CONFLICT: theirs is rejected" in merged
    assert parse_ledger(merged, P).entries["P-0001"].status == "adopted"


def test_the_driver_never_reads_a_missing_side_as_empty(tmp_path: Path) -> None:
    base, ours = tmp_path / "o.yaml", tmp_path / "a.yaml"
    text = text_of(data(entry("P-0001", "omission", "a@1", "b@2")))
    base.write_text(text)
    ours.write_text(text)
    out = run_cli("ledger", "merge", str(base), str(ours), str(tmp_path / "missing.yaml"))
    assert out.returncode == 1 and "no such file" in out.stderr
    assert ours.read_text() == text  # untouched: nothing was deleted


def test_an_invalid_side_is_named_and_an_invalid_line_merge_stays_a_conflict(tmp_path: Path) -> None:
    base, ours, theirs = tmp_path / "o.yaml", tmp_path / "a.yaml", tmp_path / "b.yaml"
    text = text_of(data(entry("P-0001", "omission", "a@1", "b@2")))
    for path in (base, ours):
        path.write_text(text)
    theirs.write_text(text.replace("entries:", "entries: [oops"))
    out = run_cli("ledger", "merge", str(base), str(ours), str(theirs))
    assert "(theirs)" in out.stderr and "(ours)" not in out.stderr
    assert out.returncode == 1 and "not a valid ledger" in out.stderr


# ---------------------------------------------------------------------- property test
KEYS = [(repo, t) for repo in (REPO, "github.com/example/api") for t in TYPES]
SPECS = [f"{s}@{d}" for s in ("ann", "bo", "cy", "di") for d in range(1, 6)]
STATUSES = ("proposed", "in-review", "adopted", "rejected", "held")


def _apply(d: LedgerData, op: tuple[str, int, list[str], int]) -> LedgerData:
    """One edit a real run or a person makes; ops that do not apply leave `d` alone."""
    kind, n, specs, extra = op
    entries, pend = dict(d.entries), dict(d.pending)
    fps = frozenset(map(u, specs))
    ids = sorted(entries)
    if kind == "grow" and ids:
        e = entries[ids[n % len(ids)]]
        entries[e.id] = dataclasses.replace(e, fingerprints=e.fingerprints | fps)
    elif kind == "status" and ids:
        e = entries[ids[n % len(ids)]]
        entries[e.id] = dataclasses.replace(e, status=STATUSES[extra % len(STATUSES)])
    elif kind == "review" and ids:
        e = entries[ids[n % len(ids)]]
        entries[e.id] = dataclasses.replace(e, status="in-review", pr=1 + extra % 3)
    elif kind == "new":
        key = KEYS[n % len(KEYS)]
        if d.entry_for(key) is None:  # promoted: the pending sightings move into the entry
            old = pend.pop(key, None)
            new_id = format_id(d.next_number())
            entries[new_id] = Entry(key[0], key[1], fps | (old.fingerprints if old else frozenset()),
                                    new_id, "proposed" if extra % 2 else "held")
    elif kind == "pending":
        key = KEYS[n % len(KEYS)]
        if d.entry_for(key) is None:
            old = pend.get(key)
            pend[key] = Pending(key[0], key[1], fps | (old.fingerprints if old else frozenset()),
                                bool(extra % 2) or bool(old and old.human))
    elif kind == "delete" and ids:
        entries.pop(ids[n % len(ids)])
    return dataclasses.replace(d, entries=entries, pending=pend)


OPS = st.lists(
    st.tuples(
        st.sampled_from(["grow", "status", "review", "new", "pending", "delete"]),
        st.integers(0, 20),
        st.lists(st.sampled_from(SPECS), min_size=1, max_size=3),
        st.integers(0, 10),
    ),
    max_size=4,
)


def _side(base: LedgerData, ops: list[tuple[str, int, list[str], int]]) -> LedgerData:
    for op in ops:
        base = _apply(base, op)
    return base


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(base_ops=OPS, ours_ops=OPS, theirs_ops=OPS)
def test_merging_is_order_independent_and_loses_nothing(base_ops, ours_ops, theirs_ops) -> None:  # type: ignore[no-untyped-def]
    base = _side(LedgerData(), [("new", i, [SPECS[i], SPECS[i + 7]], 1) for i in range(2)] + base_ops)
    ours, theirs = _side(base, ours_ops), _side(base, theirs_ops)
    base_text = text_of(base)
    ours_text, theirs_text = text_of(ours, base_text), text_of(theirs, base_text)
    one_text, one_conflicts = merge_texts(base_text, ours_text, theirs_text)
    two_text, two_conflicts = merge_texts(base_text, theirs_text, ours_text)
    one, two = parse_ledger(one_text, P).data, parse_ledger(two_text, P).data
    assert bool(one_conflicts) == bool(two_conflicts)
    if not one_conflicts:
        assert one.same(two)
    # No sighting lost: whatever both sides still hold survives, as an entry or as pending
    # (unless one side deleted the group's entry: an honoured deletion).
    for key in {e.key for e in ours.entries.values()} | set(ours.pending):
        kept = one.entry_for(key) or one.pending.get(key)
        in_theirs = theirs.entry_for(key) or theirs.pending.get(key)
        deleted = base.entry_for(key) is not None and None in (ours.entry_for(key), theirs.entry_for(key))
        if in_theirs is not None and not deleted:
            mine = ours.entry_for(key) or ours.pending[key]
            assert kept is not None and mine.fingerprints | in_theirs.fingerprints <= kept.fingerprints
    # Numbering is stable: an ancestor's entry kept by both sides keeps its id.
    for e in base.entries.values():
        if ours.entries.get(e.id) == e and theirs.entries.get(e.id) == e:
            assert one.entries[e.id].key == e.key


# ------------------------------------------------------------- the driver inside git merge
def test_merge_driver_settles_two_clones_promoting_at_once(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from tests.testing.util import git, init_repo

    origin = init_repo(tmp_path / "origin")
    assert run_cli("ledger", "install-merge-driver", cwd=origin).returncode == 0
    assert (origin / ".gitattributes").read_text() == "/.git-ledger/proposals.yaml merge=git-ledger\n"
    git(origin, "add", ".gitattributes")
    git(origin, "commit", "-q", "-m", "merge driver")
    clones = {}
    for name, new in (("alice", entry("P-0001", "omission", "a@1", "b@2")),
                      ("bob", entry("P-0001", "instruction-violation", "c@3", "d@4"))):
        clone = tmp_path / name
        git(tmp_path, "clone", "-q", str(origin), name)
        assert run_cli("ledger", "install-merge-driver", cwd=clone).returncode == 0
        write(clone / ".git-ledger" / "proposals.yaml", data(new, pending("result-error", f"{name}@6")))
        git(clone, "add", "-A")
        git(clone, "commit", "-q", "-m", f"ledger: propose P-0001 ({new.type}, 2 sessions)")
        clones[name] = clone
    alice, bob = clones["alice"], clones["bob"]
    out = git(alice, "pull", "--no-rebase", "--no-edit", "-q", str(bob), "main", check=False)
    assert "CONFLICT" not in out and git(alice, "status", "--porcelain") == ""
    path = alice / ".git-ledger" / "proposals.yaml"
    assert validate_paths([path]) == []
    merged = load_ledger(path)
    assert {e.type: e.id for e in merged.entries.values()} == {"omission": "P-0001", "instruction-violation": "P-0002"}
    assert merged.pending[(REPO, "result-error")].fingerprints == {u("alice@6"), u("bob@6")}
    # Bob takes Alice's merge: a fast-forward, the same numbers on both machines.
    git(bob, "pull", "--no-rebase", "--no-edit", "-q", str(alice), "main")
    assert load_ledger(bob / ".git-ledger" / "proposals.yaml").data.same(merged.data)


def test_driver_command_exit_codes(tmp_path: Path) -> None:
    base_text = text_of(data(entry("P-0001", "omission", "a@1", "b@2")))
    files = {name: tmp_path / name for name in ("O", "A", "B")}

    def run(ours: str, theirs: str) -> tuple[int, str, str]:
        for name, text in (("O", base_text), ("A", ours), ("B", theirs)):
            files[name].write_text(text)
        out = run_cli("ledger", "merge", *(str(files[n]) for n in ("O", "A", "B")), LEDGER_PATH)
        return out.returncode, out.stderr, files["A"].read_text()

    code, err, merged = run(base_text.replace("status: proposed", "status: adopted"),
                            base_text.replace("status: proposed", "status: in-review\n    pr: 4"))
    assert (code, err) == (0, "") and "status: adopted\n    pr: 4\n" in merged
    code, err, merged = run(base_text.replace("status: proposed", "status: adopted"),
                            base_text.replace("status: proposed", "status: rejected"))
    assert code == 1 and err.strip() == (f"git-ledger: conflict in {LEDGER_PATH}: "
                                         "P-0001 status: ours adopted, theirs rejected")
    # Not a ledger we can read: git's own line merge, with its markers, and a non-zero exit.
    code, err, merged = run(base_text.replace("status: proposed", "status: adopted\n    note: x"),
                            base_text.replace("status: proposed", "status: rejected"))
    assert code == 1 and "falling back to a line merge" in err and "<<<<<<<" in merged


LEDGER_PATH = ".git-ledger/proposals.yaml"
