from __future__ import annotations

import dataclasses
import difflib
from collections.abc import MutableMapping
from pathlib import Path
from typing import Any

import pytest

from git_ledger.errors import FatalError
from git_ledger.ledger import (
    InvalidLedgerError,
    load_ledger,
    new_text,
    parse_ledger,
    save_ledger,
    set_review,
    set_status,
    validate_paths,
)
from git_ledger.ledger import upgrades as ledger_upgrades
from git_ledger.ledger.model import Entry, LedgerData, Pending
from git_ledger.ledger.promote import Unit
from git_ledger.models import unit_fingerprint
from tests.testing.util import git, run_cli

REPO = "github.com/example/widget"


def u(spec: str) -> Unit:
    """`"alice@3"` -> alice's session on 2026-10-03."""
    session, day = spec.split("@")
    return Unit(f"2026-10-{int(day):02d}", unit_fingerprint("claude", session))


def entry(entry_id: str, type_: str, *specs: str, status: str = "proposed", pr: int | None = None,
          repo: str = REPO) -> Entry:
    return Entry(repo, type_, frozenset(map(u, specs)), entry_id, status, pr)


def pending(type_: str, *specs: str, human: bool = True, repo: str = REPO) -> Pending:
    return Pending(repo, type_, frozenset(map(u, specs)), human)


def data(*items: Entry | Pending) -> LedgerData:
    return LedgerData(
        entries={i.id: i for i in items if isinstance(i, Entry)},
        pending={i.key: i for i in items if isinstance(i, Pending)},
    )


def write(path: Path, d: LedgerData) -> str:
    path.parent.mkdir(parents=True, exist_ok=True)
    save_ledger(load_ledger(path), d)
    return path.read_text()


BASE = data(
    entry("P-0001", "omission", "a@1", "b@2"),
    entry("P-0002", "result-error", "c@3", "d@4", status="held"),
    pending("premise-error", "e@5"),
)


def test_new_ledger_reads_back_and_validates(tmp_path: Path) -> None:
    path = tmp_path / "proposals.yaml"
    text = write(path, BASE)
    assert text.startswith("# git-ledger proposals")
    assert "version: 1\n" in text
    assert text.index("P-0002:") < text.index("P-0001:")  # newest first
    assert load_ledger(path).data.same(BASE)
    assert validate_paths([path]) == []
    got = load_ledger(path).entries["P-0001"]
    assert (got.units, got.sessions, got.first, got.last) == (2, 2, "2026-10-01", "2026-10-02")


def test_missing_ledger_is_empty_and_nothing_new_is_not_written(tmp_path: Path) -> None:
    path = tmp_path / "proposals.yaml"
    ledger = load_ledger(path)
    assert not ledger.exists and dict(ledger.entries) == {}
    write(path, BASE)
    before = path.stat().st_mtime_ns
    assert save_ledger(load_ledger(path), BASE) is False
    assert path.stat().st_mtime_ns == before


def test_edits_keep_comments_order_and_touch_only_changed_lines(tmp_path: Path) -> None:
    path = tmp_path / "proposals.yaml"
    text = write(path, BASE)
    text = text.replace("entries:\n", "entries:\n  # reviewed at the team sync\n")
    text = text.replace("    type: omission\n    status: proposed\n",
                        "    type: omission\n    status: adopted   # rule added to CLAUDE.md\n")
    text += "# end of ledger\n"
    path.write_text(text)
    grown = dataclasses.replace(load_ledger(path).entries["P-0001"],
                                fingerprints=load_ledger(path).entries["P-0001"].fingerprints | {u("f@9")})
    new = load_ledger(path).data
    new = dataclasses.replace(new, entries={**new.entries, "P-0001": grown,
                                            "P-0003": entry("P-0003", "instruction-violation", "g@6", "h@7")})
    assert save_ledger(load_ledger(path), new)
    after = path.read_text()
    assert "  # reviewed at the team sync\n" in after and "# rule added to CLAUDE.md" in after
    assert after.endswith("# end of ledger\n")
    diff = [line for line in difflib.unified_diff(text.splitlines(), after.splitlines(), lineterm="", n=0)
            if line[:1] in "+-" and not line.startswith(("+++", "---"))]
    removed = [line for line in diff if line.startswith("-")]
    # Only derived values of P-0001 changed; everything else is an addition.
    assert sorted(r.split(":")[0].strip("- ") for r in removed) == ["dates", "last", "sessions", "units"]
    assert after.index("P-0003:") < after.index("# reviewed at the team sync")  # new on top
    assert load_ledger(path).entries["P-0001"].status == "adopted"


def test_set_review_records_the_pull_request(tmp_path: Path) -> None:
    path = tmp_path / "proposals.yaml"
    write(path, BASE)
    got = set_review(path, "P-0001", 17)
    assert (got.status, got.pr) == ("in-review", 17)
    text = path.read_text()
    assert "    status: in-review\n    pr: 17\n" in text
    assert validate_paths([path]) == []
    set_status(path, "P-0001", "rejected")
    with pytest.raises(FatalError, match="already rejected"):
        set_review(path, "P-0001", 18)
    with pytest.raises(FatalError, match="no entry P-0404"):
        set_review(path, "P-0404", 3)


@pytest.mark.parametrize(
    ("edit", "message", "marker"),
    [
        (lambda t: t.replace("    type: omission\n", "    type: omission\n    note: you forgot the tests\n"),
         "P-0001: unknown key 'note' (the ledger holds no free text", "note:"),
        (lambda t: t.replace("status: proposed", "status: maybe", 1), "P-0002: status must be one of", "maybe"),
        (lambda t: t.replace("version: 1", "version: 7"), "version 7 is newer than this git-ledger", "version:"),
        (lambda t: t.replace("    units: 2\n    sessions: 2\n    dates: [2026-10-01, 2026-10-02]",
                             "    units: 5\n    sessions: 2\n    dates: [2026-10-01, 2026-10-02]"),
         "P-0001: units should be 2 (derived from fingerprints", "units: 5"),
        (lambda t: t.replace(f"repo: {REPO}\n    type: omission", "repo: you skipped the tests!\n    type: omission"),
         "P-0001: repo must be a repository name", "skipped"),
        (lambda t: t.replace("- 2026-10-01/", "- 2026-10-01/zz"), "is not YYYY-MM-DD/<16 hex digits>", "/zz"),
        (lambda t: t + "comment: please stop doing this\n", "unknown top-level key 'comment'", "comment:"),
        (lambda t: t.replace("  P-0002:", "  P-0001:"), "not valid YAML", None),
        (lambda t: t.replace("dates: [2026-10-01", "dates: [2026-10-01,,"), "not valid YAML", None),
        # Issue 15: a YAML date that is no calendar day was "unexpected ValueError (a bug)".
        (lambda t: t.replace("first: 2026-10-01", "first: 2026-02-30", 1), "2026-02-30 is not a date", "02-30"),
    ],
)
def test_validate_reports_file_and_line(tmp_path: Path, edit, message: str, marker: str | None) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "proposals.yaml"
    text = edit(write(path, data(entry("P-0001", "omission", "a@1", "b@2"),
                                 entry("P-0002", "result-error", "c@3", "d@4"))))
    path.write_text(text)
    problems = validate_paths([path])
    hits = [p for p in problems if p.startswith(f"{path}:") and message in p]
    assert hits, problems
    if marker is not None:
        line = next(i for i, ln in enumerate(text.splitlines(), 1) if marker in ln)
        assert hits[0].startswith(f"{path}:{line}: "), (hits, line)
    with pytest.raises(InvalidLedgerError):
        load_ledger(path)


def test_validate_command_exit_codes(tmp_path: Path) -> None:
    good, bad = tmp_path / "good.yaml", tmp_path / "bad.yaml"
    write(good, BASE)
    bad.write_text(good.read_text().replace("    type: omission\n", "    type: omission\n    why: the user said no\n"))
    ok = run_cli("ledger", "validate", str(good))
    assert (ok.returncode, ok.stdout) == (0, "")
    out = run_cli("ledger", "validate", str(good), str(bad))
    assert out.returncode == 1
    assert out.stdout.startswith(f"{bad}:") and "unknown key 'why'" in out.stdout
    assert str(good) not in out.stdout


def test_pending_label_must_match_its_fields(tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    path.write_text(write(path, BASE).replace(f"  {REPO} premise-error:", "  free text here:"))
    assert any("the key must be" in p for p in validate_paths([path]))


def test_upgrade_steps_run_in_order() -> None:
    seen: list[int] = []

    def v2(doc: MutableMapping[str, Any]) -> None:
        seen.append(2)
        doc["entries"] = doc.pop("proposals")

    def v3(doc: MutableMapping[str, Any]) -> None:
        seen.append(3)

    doc: dict[str, Any] = {"version": 1, "proposals": {}}
    assert ledger_upgrades.upgrade(doc, 3, [(2, v2), (3, v3)]) == 1
    assert seen == [2, 3] and doc == {"version": 3, "entries": {}}
    assert ledger_upgrades.steps(1) == []  # version 1 is current: nothing to import


def test_unknown_layout_falls_back_without_losing_data(tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    # A person reformatted one entry as a flow mapping: the line editor declines, the
    # whole-document rewrite takes over, the data is exact.
    write(path, data(entry("P-0001", "omission", "a@1", "b@2")))
    flow = ("version: 1\nentries:\n  P-0001: {repo: " + REPO + ", type: omission, status: proposed, "
            "first: 2026-10-01, last: 2026-10-02, units: 2, sessions: 2, dates: [2026-10-01, 2026-10-02], "
            f"fingerprints: [{u('a@1')}, {u('b@2')}]}}\n")
    path.write_text(flow)
    grown = data(entry("P-0001", "omission", "a@1", "b@2", "c@3"))
    assert save_ledger(load_ledger(path), grown)
    assert load_ledger(path).data.same(grown)


def test_text_of_an_empty_section_is_opened(tmp_path: Path) -> None:
    ledger = parse_ledger("version: 1\nentries: {}  # none yet\npending: {}\n", tmp_path / "p.yaml")
    text = new_text(ledger, data(entry("P-0001", "omission", "a@1", "b@2"), pending("result-error", "x@3")))
    assert text.startswith("version: 1\nentries:  # none yet\n  P-0001:\n")
    assert parse_ledger(text, tmp_path / "p.yaml").data.same(
        data(entry("P-0001", "omission", "a@1", "b@2"), pending("result-error", "x@3")))


# ------------------------------------------------------- merges without our driver (GitHub)
def _ledger_repo(tmp_path: Path, d: LedgerData) -> tuple[Path, Path]:
    from tests.testing.util import init_repo

    root = init_repo(tmp_path / "repo")
    path = root / ".git-ledger" / "proposals.yaml"
    write(path, d)
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "ledger")
    return root, path


def _branch(root: Path, name: str, path: Path, change) -> None:  # type: ignore[no-untyped-def]
    git(root, "checkout", "-q", "-b", name, "main")
    change(path)
    git(root, "commit", "-q", "-am", name)
    git(root, "checkout", "-q", "main")


def _grow(entry_id: str, *specs: str):  # type: ignore[no-untyped-def]
    def change(path: Path) -> None:
        led = load_ledger(path)
        e = led.entries[entry_id]
        grown = dataclasses.replace(e, fingerprints=e.fingerprints | set(map(u, specs)))
        save_ledger(led, dataclasses.replace(led.data, entries={**led.entries, entry_id: grown}))
    return change


def _add(new: Entry):  # type: ignore[no-untyped-def]
    def change(path: Path) -> None:
        led = load_ledger(path)
        save_ledger(led, dataclasses.replace(led.data, entries={**led.entries, new.id: new}))
    return change


THREE = data(
    entry("P-0001", "omission", "a@1", "b@2"),
    entry("P-0002", "result-error", "c@3", "d@4"),
    entry("P-0003", "premise-error", "e@5", "f@6"),
)


@pytest.mark.parametrize(
    ("left", "right"),
    [
        # A PR marks one entry in review while a daily run appends a new entry.
        (lambda p: set_review(p, "P-0003", 7), _add(entry("P-0004", "instruction-violation", "g@7", "h@8"))),
        (lambda p: set_review(p, "P-0001", 7), _add(entry("P-0004", "instruction-violation", "g@7", "h@8"))),
        # Two PRs touching different entries, including neighbours.
        (lambda p: set_status(p, "P-0002", "adopted"), lambda p: set_review(p, "P-0003", 9)),
        (lambda p: set_status(p, "P-0001", "adopted"), lambda p: set_status(p, "P-0002", "rejected")),
        # New sightings of one entry while its neighbour's status changes.
        (_grow("P-0003", "x@9"), lambda p: set_status(p, "P-0002", "adopted")),
        (_grow("P-0002", "x@9"), lambda p: set_status(p, "P-0001", "adopted")),
        # A status change and new sightings of the same entry.
        (lambda p: set_review(p, "P-0002", 5), _grow("P-0002", "x@9")),
    ],
)
def test_plain_git_merge_without_the_driver_is_clean(tmp_path: Path, left, right) -> None:  # type: ignore[no-untyped-def]
    root, path = _ledger_repo(tmp_path, THREE)
    _branch(root, "left", path, left)
    _branch(root, "right", path, right)
    git(root, "checkout", "-q", "left")
    out = git(root, "merge", "--no-edit", "-q", "right", check=False)
    assert "CONFLICT" not in out and git(root, "status", "--porcelain") == ""
    assert validate_paths([path]) == []
    merged = load_ledger(path)
    for branch in ("left", "right"):
        side = parse_ledger(git(root, "show", f"{branch}:.git-ledger/proposals.yaml"), path)
        for e in side.entries.values():
            assert e.fingerprints <= merged.entries[e.id].fingerprints
            if e.status != "proposed":
                assert merged.entries[e.id].status == e.status


def test_two_new_entries_conflict_without_the_driver(tmp_path: Path) -> None:
    # The one case plain text merging cannot do: both sides add P-0004. Git stops (it never
    # silently writes two P-0004 keys); the driver settles it (test_merge_driver_*).
    root, path = _ledger_repo(tmp_path, THREE)
    _branch(root, "left", path, _add(entry("P-0004", "instruction-violation", "g@7", "h@8")))
    _branch(root, "right", path, _add(entry("P-0004", "omission", "g@7", "h@8", repo="github.com/x/y")))
    git(root, "checkout", "-q", "left")
    git(root, "merge", "--no-edit", "-q", "right", check=False)
    assert "UU .git-ledger/proposals.yaml" in git(root, "status", "--porcelain")
