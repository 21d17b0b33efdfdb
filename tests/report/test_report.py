from __future__ import annotations

import json
import shutil
import subprocess
from datetime import date
from html.parser import HTMLParser
from pathlib import Path

import pytest

from git_ledger.ledger.model import LedgerData
from git_ledger.ledger.promote import Group
from git_ledger.report.report import adoption_dates, build, monday
from tests.ledger.test_ledger import REPO, data, entry, u
from tests.ledger.test_propose import LEDGER, make_case, store_cases
from tests.testing.util import git, run_cli

NOW = "2026-11-29T08:00:00Z"
BEFORE = ["2026-09-07", "2026-09-10", "2026-09-15", "2026-09-21", "2026-09-28", "2026-10-05", "2026-10-12"]
AFTER = ["2026-11-02", "2026-11-20"]


def _ledger_text(status: str) -> str:
    return (f"version: 1\nentries:\n  P-0001:\n    repo: {REPO}\n    type: omission\n    status: {status}\n"
            "    first: 2026-10-01\n")


def test_adoption_date_is_the_commit_that_made_it_adopted() -> None:
    versions = [
        ("2026-10-01", _ledger_text("proposed")),
        ("2026-10-03", "<<<<<<< not yaml"),  # a broken version is skipped
        ("2026-10-05", _ledger_text("adopted")),
        ("2026-10-09", _ledger_text("adopted")),  # still adopted: the date stays
    ]
    assert adoption_dates(versions) == {(REPO, "omission"): "2026-10-05"}
    reverted = versions + [("2026-10-12", _ledger_text("proposed")), ("2026-10-20", _ledger_text("adopted"))]
    assert adoption_dates(reverted) == {(REPO, "omission"): "2026-10-20"}
    assert adoption_dates(versions + [("2026-10-30", None)]) == {}  # the file was deleted


def test_rates_before_and_after_adoption() -> None:
    days = BEFORE + AFTER
    group = Group(REPO, "omission", frozenset(u(f"s{i}@1")._replace(date=d) for i, d in enumerate(days)), True)
    ledger = data(entry("P-0001", "omission", "a@1", "b@2", status="adopted"))
    (r,) = build({group.key: group}, ledger, {group.key: "2026-10-15"}, today=date(2026, 11, 29), weeks=12)
    assert (r.entry_id, r.adopted, r.units) == ("P-0001", "2026-10-15", 9)
    assert r.before is not None and (r.before.units, r.before.days) == (7, 39)  # 09-07 .. 10-15
    assert r.after is not None and (r.after.units, r.after.days) == (2, 45)  # 10-16 .. 11-29
    assert r.change == pytest.approx((2 / 45 - 7 / 39) / (7 / 39))
    assert r.weeks[0][0] == monday("2026-09-07").isoformat() and len(r.weeks) == 12
    assert dict(r.weeks)["2026-09-07"] == 2 and dict(r.weeks)["2026-11-16"] == 1
    # Not adopted: numbers per week, no before/after.
    (plain,) = build({group.key: group}, LedgerData(), {}, today=date(2026, 11, 29), weeks=4)
    assert plain.before is None and plain.change is None and plain.entry_id is None


def _adopt_in_history(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Cases over 12 weeks, a proposal committed on 10-13, adopted by a commit dated 10-15."""
    cases = [make_case(f"before-{d}", f"{d}T10:00:00Z", f"tests forgotten on {d}", "omission") for d in BEFORE]
    cases += [make_case(f"after-{d}", f"{d}T10:00:00Z", f"tests forgotten on {d}", "omission") for d in AFTER]
    cases += [make_case(f"ci-{d}", f"{d}T10:00:00Z", "totals wrong", "result-error", source="review")
              for d in ("2026-11-10", "2026-11-12")]
    store_cases(cases)
    monkeypatch.setenv("GIT_COMMITTER_DATE", "2026-10-13T12:00:00+00:00")
    assert run_cli("propose", "--commit", cwd=repo, env={"GIT_LEDGER_NOW": NOW}).returncode == 0
    assert run_cli("ledger", "status", "P-0001", "adopted", cwd=repo).returncode == 0
    monkeypatch.setenv("GIT_COMMITTER_DATE", "2026-10-15T12:00:00+00:00")
    git(repo, "commit", "-q", "-m", "adopt P-0001: rule in CLAUDE.md", "--", LEDGER)
    monkeypatch.delenv("GIT_COMMITTER_DATE")


def test_report_terminal_and_json_agree(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _adopt_in_history(repo, monkeypatch)
    out = run_cli("report", "--json", cwd=repo, env={"GIT_LEDGER_NOW": NOW})
    assert out.returncode == 0, out.stderr
    groups = {g["type"]: g for g in json.loads(out.stdout)["groups"]}
    omission = groups["omission"]
    assert (omission["entry"], omission["status"], omission["adopted"]) == ("P-0001", "adopted", "2026-10-15")
    assert omission["before"] == {"units": 7, "days": 39, "per_week": round(7 / 39 * 7, 3)}
    assert omission["after"] == {"units": 2, "days": 45, "per_week": round(2 / 45 * 7, 3)}
    assert groups["result-error"]["status"] == "held" and groups["result-error"]["before"] is None
    text = run_cli("report", cwd=repo, env={"GIT_LEDGER_NOW": NOW}).stdout
    assert "P-0001 github.com/example/widget omission adopted, adopted 2026-10-15" in text
    assert "  before: 7 units in 39 days = 1.26/week" in text
    assert "  after:  2 units in 45 days = 0.31/week (-75%)" in text
    weeks_line = next(line for line in text.splitlines() if line.startswith("  units"))
    assert [int(n) for n in weeks_line.split()[1:]] == [w["units"] for w in omission["weeks"]]
    assert "    ^" in next(line for line in text.splitlines() if line.startswith("  adopted"))


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.attrs: list[tuple[str, str | None]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.attrs += attrs

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def test_html_report_is_one_self_contained_file(repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _adopt_in_history(repo, monkeypatch)
    html = tmp_path / "out" / "report.html"
    out = run_cli("report", "--html", str(html), cwd=repo, env={"GIT_LEDGER_NOW": NOW})
    assert out.returncode == 0, out.stderr
    page = _Page()
    page.feed(html.read_text())
    assert page.tags.count("svg") == 2 and "rect" in page.tags
    assert "script" not in page.tags and "img" not in page.tags and "link" not in page.tags
    assert not [a for a in page.attrs if a[0] in ("src", "href")]  # nothing fetched
    words = " ".join(page.text)
    assert "P-0001 adopted 2026-10-15" in words and "1.26" in words and "0.31" in words and "-75%" in words
    assert "tests forgotten" not in html.read_text()  # counts only, never case text


@pytest.mark.skipif(shutil.which("chromium") is None, reason="chromium is not installed")
def test_html_report_renders_in_a_browser(repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _adopt_in_history(repo, monkeypatch)
    html = tmp_path / "report.html"
    run_cli("report", "--html", str(html), cwd=repo, env={"GIT_LEDGER_NOW": NOW})
    png = tmp_path / "report.png"
    subprocess.run(
        ("chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
         f"--screenshot={png}", "--window-size=900,1100", html.as_uri()),
        capture_output=True, timeout=120, check=False,
    )
    assert png.exists() and png.stat().st_size > 10_000  # a real picture, not a blank page
