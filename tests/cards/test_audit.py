"""`cards audit` on a real library in a real git repo: one defect of each kind, exactly found."""
from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest

from git_ledger.cards import audit
from git_ledger.cards.card import parse
from git_ledger.cards.library import load
from git_ledger.cards.targets import targets
from git_ledger.precommit import cards_audit
from tests.testing.util import git, init_repo, run_cli

NOW = "2026-11-29T12:00:00Z"
SECTIONS = ("trigger", "verify", "preferred", "blocked", "dont", "notes", "evidence")


def card(name: str, **parts: str | None) -> str:
    """A complete, valid English card; pass a section as None to drop it, or a text to replace it."""
    default = {
        "trigger": f"> **Trigger**: {name.replace('-', ' ')} happens / {name} again",
        "verify": "> **Verify**: `git status --short` prints nothing",
        "preferred": "## Preferred\n`scripts/build.sh --release`",
        "blocked": "## When blocked\n`git stash --include-untracked`",
        "dont": "## Don't again\n| detour | why it fails |\n| --- | --- |\n| `make clean` | removes the cache the build needs |",
        "notes": "## Notes\n- the build reads `.cache/` before it compiles",
        "evidence": "Evidence: session 3f2a9c1, commit 8b41d07; verified 2026-11-20; layer: project",
    }
    default.update(parts)
    return f"# {name}\n\n" + "\n\n".join(v for k in SECTIONS if (v := default[k]) is not None) + "\n"


def commit_all(repo: Path, message: str, day: str) -> None:
    env = {**os.environ, "GIT_AUTHOR_DATE": f"{day}T10:00:00Z", "GIT_COMMITTER_DATE": f"{day}T10:00:00Z"}
    subprocess.run(("git", "-C", str(repo), "add", "-A"), check=True, env=env)
    subprocess.run(("git", "-C", str(repo), "commit", "-q", "-m", message), check=True, env=env)


@pytest.fixture
def library(tmp_path: Path) -> Path:
    """A repo whose procedures/ holds one defect of each kind, next to clean cards."""
    repo = init_repo(tmp_path / "widget")
    (repo / "scripts").mkdir()
    (repo / "scripts" / "build.sh").write_text("#!/bin/sh\n")
    (repo / "scripts" / "old_fetch.sh").write_text("#!/bin/sh\n")
    (repo / ".gitignore").write_text("dist/\n")
    (repo / "dist").mkdir()
    assert run_cli("cards", "init", "--agents-file", "AGENTS.md", cwd=repo).returncode == 0
    lib = repo / "procedures"
    # Committed long ago, no date on its Evidence line: the git history dates it (project: 90 days).
    (lib / "build-cache-miss.md").write_text(card("build-cache-miss", evidence="Evidence: session 51c0e2a"))
    commit_all(repo, "old card", "2026-01-10")
    git(repo, "rm", "-q", "scripts/old_fetch.sh")

    cards = {
        # clean cards
        "fetch-spa-shell": card("fetch-spa-shell", trigger="> **Trigger**: page returns 200 but is empty / SPA shell / empty page"),
        "ci-flaky-timeout": card("ci-flaky-timeout", trigger="> **Trigger**: job hangs / test times out"),
        "ci-runner-offline": card("ci-runner-offline", trigger="> **Trigger**: job hangs / runner offline"),
        "ci-false-alarms": card("ci-false-alarms", preferred="## Preferred\n" + "\n".join([
            "`git ls-remote https://example.com/owner/repo.git`",
            "`sh scripts/build.sh --out=dist/app.js`",  # dist/ is git-ignored: a build output
            "`cat /etc/hosts ~/.config/tool/settings.toml`",
            "`ls src/**/*.py` and `git clone owner/repo` and `cd ../other/src`",
            "`Select-String -Path procedures\\*.md -Pattern \"shell\"`",
            "`git show <rev>:path/to/file` and `ls $HOME/bin/tool`",
            "`--dry-run` and `text/html` and `application/json`",
            "```sh", "$ git log --oneline -5 > out/log.txt", "# comment/with/slash", "```",
        ])),
        # one defect each
        "net-no-trigger": card("net-no-trigger", trigger=None),
        "build-no-notes": card("build-no-notes", notes=None),
        "build-empty-verify": card("build-empty-verify", verify="> **Verify**: <how to know it worked>"),
        "docs-too-large": card("docs-too-large", notes="## Notes\n" + "- keep the cache warm before measuring\n" * 60),
        "docs-broken-link": card("docs-broken-link", notes="## Notes\n- same family as [the shell card](fetch-gone.md)"),
        "fetch-login-wall": card("fetch-login-wall", trigger="> **Trigger**: redirected to a login page / empty page"),
        "build-stale-path": card("build-stale-path", preferred="## Preferred\n`sh scripts/old_fetch.sh --all`"),
        "build-stale-command": card("build-stale-command", blocked="## When blocked\n`frobnicate-cards --fix`"),
        "tool-old-conclusion": card("tool-old-conclusion", evidence="Evidence: session 77aa01; verified 2026-06-01; layer: tool"),
        "tool-odd-layer": card("tool-odd-layer", evidence="Evidence: session 77aa02; verified 2026-11-20; layer: galaxy"),
        "fetch-story": card("fetch-story", notes="## Notes\n- Yesterday we tried the mirror, it was down."),
        "misc,notes": card("misc,notes"),
    }
    for name, text in cards.items():
        (lib / f"{name}.md").write_text(text)
    (lib / "抓取-分享链接.md").write_text(
        "# 抓取-分享链接\n\n> **触发**：分享链接打开只有壳\n> **验证**：正文里有页面上能看到的句子\n\n"
        "## 首选\n`git status --short`\n\n## 被挡时\n换用导出功能\n\n## 别再来\n| 弯路 | 为什么不通 |\n"
        "| --- | --- |\n| 直抓页面 | 只拿到空壳 |\n\n## 注意\n- 第一次直抓页面只拿到空壳，然后换了浏览器渲染\n\n"
        "证据：会话 3f2a9c1；验证于 2026-11-20；层：tool\n"
    )
    (lib / "bin-latin1.md").write_bytes("# bin-latin1\n\n> **Trigger**: caf\xe9\n".encode("latin-1"))
    index = (lib / "INDEX.md").read_text()
    (lib / "INDEX.md").write_text(index.replace("| --- | --- |\n", (
        "| --- | --- |\n"
        "| the job hangs with no output at all | ci-runner-offline |\n"
        "| the job hangs after tests started | [ci-flaky-timeout](ci-flaky-timeout.md) |\n"
        "| the page is a login form | fetch-gone |\n"
    )))
    inbox = (lib / "_inbox.md").read_text()
    (lib / "_inbox.md").write_text(inbox + (
        "- 2026-11-25 pip resolver loops on the pinned extras: pin the lower bound\n"
        "- 2026-10-01 the docs server caches 404s: restart it\n"
        "- the proxy drops websockets\n"
    ))
    commit_all(repo, "cards", "2026-11-20")
    return lib


EXPECTED = {
    ("P0", "procedures/bin-latin1.md", "unreadable"),
    ("P0", "procedures/net-no-trigger.md", "no-trigger"),
    ("P0", "procedures/INDEX.md", "index-missing-card"),
    ("P1", "procedures/build-no-notes.md", "missing-section"),
    ("P1", "procedures/build-empty-verify.md", "empty-section"),
    ("P1", "procedures/docs-too-large.md", "too-large"),
    ("P1", "procedures/docs-broken-link.md", "broken-link"),
    ("P2", "procedures/fetch-spa-shell.md", "shared-trigger"),
    ("P2", "procedures/build-stale-path.md", "stale-target"),
    ("P2", "procedures/build-stale-command.md", "stale-target"),
    ("P2", "procedures/tool-old-conclusion.md", "stale-conclusion"),
    ("P2", "procedures/build-cache-miss.md", "stale-conclusion"),
    ("P2", "procedures/tool-odd-layer.md", "unknown-layer"),
    ("P3", "procedures/fetch-story.md", "narrative"),
    ("P3", "procedures/抓取-分享链接.md", "narrative"),
    ("P3", "procedures/misc,notes.md", "bad-name"),
    ("P3", "procedures/_inbox.md", "inbox-backlog"),
    ("P3", "procedures/_inbox.md", "inbox-undated"),
}


def audit_json(lib: Path, *extra: str) -> tuple[int, dict[str, object], str]:
    out = run_cli("cards", "audit", "--format", "json", *extra, cwd=lib.parent, env={"GIT_LEDGER_NOW": NOW})
    assert out.stderr == ""
    return out.returncode, json.loads(out.stdout), out.stdout


def test_each_defect_is_found_once_with_its_severity(library: Path) -> None:
    code, doc, _ = audit_json(library)
    findings = doc["findings"]
    assert isinstance(findings, list)
    assert {(f["severity"], f["file"], f["code"]) for f in findings} == EXPECTED
    assert len(findings) == len(EXPECTED)
    assert code == 1 and doc["exit"] == 1
    assert doc["summary"] == {"P0": 3, "P1": 4, "P2": 6, "P3": 5}
    assert doc["cards"] == 19 and doc["dir"] == "procedures" and doc["version"] == 1

    by = {(f["file"], f["code"]): f for f in findings}
    assert "`frobnicate-cards` is not on PATH" in by["procedures/build-stale-command.md", "stale-target"]["message"]
    assert "`scripts/old_fetch.sh` no longer exists" in by["procedures/build-stale-path.md", "stale-target"]["message"]
    assert "2026-01-10 (last commit)" in by["procedures/build-cache-miss.md", "stale-conclusion"]["message"]
    assert "2026-06-01 (Evidence line)" in by["procedures/tool-old-conclusion.md", "stale-conclusion"]["message"]
    assert "'empty page'" in by["procedures/fetch-spa-shell.md", "shared-trigger"]["message"]
    assert "no Notes section" == by["procedures/build-no-notes.md", "missing-section"]["message"]
    assert by["procedures/INDEX.md", "index-missing-card"]["line"] == 11
    assert by["procedures/_inbox.md", "inbox-backlog"]["line"] == 9
    assert by["procedures/fetch-story.md", "narrative"]["line"] == 19


def test_json_is_stable_and_sorted(library: Path) -> None:
    _, doc, first = audit_json(library)
    _, _, second = audit_json(library)
    assert first == second
    assert list(doc) == sorted(doc)
    findings = doc["findings"]
    assert isinstance(findings, list)
    keys = [(f["severity"], f["file"], f["line"], f["code"], f["message"]) for f in findings]
    assert keys == sorted(keys)
    assert all(list(f) == ["code", "file", "line", "message", "severity"] for f in findings)


def _unescape(s: str) -> str:
    return s.replace("%0D", "\r").replace("%0A", "\n").replace("%3A", ":").replace("%2C", ",").replace("%25", "%")


def test_github_annotations_parse_back_to_the_findings(library: Path) -> None:
    out = run_cli("cards", "audit", "--format", "github", cwd=library.parent, env={"GIT_LEDGER_NOW": NOW})
    assert out.returncode == 1
    _, doc, _ = audit_json(library)
    parsed = []
    for line in out.stdout.splitlines():
        m = re.fullmatch(r"::(error|warning|notice) ([^:]*)::(.*)", line)
        assert m, line
        props = dict(p.split("=", 1) for p in m.group(2).split(","))
        assert set(props) == {"file", "line", "title"}
        severity, code = _unescape(props["title"]).split(" ")
        level = {"P0": "error", "P1": "error", "P2": "warning", "P3": "notice"}[severity]
        assert m.group(1) == level
        parsed.append({"severity": severity, "code": code, "file": _unescape(props["file"]),
                       "line": int(props["line"]), "message": _unescape(m.group(3))})
    assert parsed == doc["findings"]
    assert "file=procedures/misc%2Cnotes.md" in out.stdout  # a comma in a property is escaped


def test_escaping_follows_githubs_rules() -> None:
    assert audit.escape_data("50% done\r\nnext: a,b") == "50%25 done%0D%0Anext: a,b"
    assert audit.escape_property("a:b,c%\n") == "a%3Ab%2Cc%25%0A"


def test_text_output_and_the_pre_commit_entry_point(library: Path, monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("GIT_LEDGER_NOW", NOW)
    monkeypatch.chdir(library.parent)
    # pre-commit passes the staged file names; the whole library is audited regardless
    assert cards_audit.main(["procedures/fetch-spa-shell.md"]) == 1
    text = capsys.readouterr().out
    assert "procedures/net-no-trigger.md:1: P0 no-trigger: no `> **Trigger**:` line" in text
    assert text.splitlines()[-1] == "19 cards in procedures, 18 findings (P0 3, P1 4, P2 6, P3 5)"


def test_a_clean_library_exits_0_and_p2_alone_does_not_fail(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    repo = init_repo(tmp_path / "widget")
    (repo / "scripts").mkdir()
    (repo / "scripts" / "build.sh").write_text("#!/bin/sh\n")
    assert run_cli("cards", "init", "--agents-file", "AGENTS.md", cwd=repo).returncode == 0
    (repo / "procedures" / "build-cache-miss.md").write_text(card("build-cache-miss"))
    monkeypatch.setenv("GIT_LEDGER_NOW", NOW)
    monkeypatch.chdir(repo)
    assert cards_audit.main([]) == 0
    assert capsys.readouterr().out == "1 card in procedures, 0 findings (P0 0, P1 0, P2 0, P3 0)\n"

    (repo / "procedures" / "build-cache-miss.md").write_text(card(
        "build-cache-miss", evidence="Evidence: session 1; verified 2025-01-01; layer: project"))
    assert cards_audit.main(["--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["summary"] == {"P0": 0, "P1": 0, "P2": 1, "P3": 0}


def test_an_unparseable_layers_file_falls_back_to_the_built_in_periods(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    lib = tmp_path / "procedures"
    lib.mkdir()
    (lib / "_layers.md").write_text("tool: 30 days\n")
    (tmp_path / "AGENTS.md").write_text("Note each pit in procedures/_inbox.md as it happens.\n")  # a hand-written snippet
    monkeypatch.chdir(tmp_path)
    assert cards_audit.main(["--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [(f["code"], f["severity"]) for f in doc["findings"]] == [("layers-invalid", "P2")]
    assert load(lib, tmp_path).layers == {"project": 90, "tool": 30, "machine": 180, "inbox": 14}


def test_no_library_is_one_line_and_exit_1(tmp_path: Path) -> None:
    out = run_cli("cards", "audit", cwd=tmp_path)
    assert out.returncode == 1 and out.stdout == ""
    assert out.stderr == "git-ledger: procedures: no procedures folder here (create one with `git-ledger cards init`)\n"


@pytest.mark.parametrize(("code", "expected"), [
    ("`python scripts/run.py --in data/x.csv`", [("command", "python"), ("path", "scripts/run.py"), ("path", "data/x.csv")]),
    ("`src/app.py:12`", [("path", "src/app.py")]),
    ("`FOO=1 make test && ./tools/check.sh`", [("command", "make"), ("path", "tools/check.sh")]),
    ("`grep -E \"a|b\" src/x.py | head -5`", [("command", "grep"), ("command", "head"), ("path", "src/x.py")]),
    ("`curl https://example.com/a/b`", [("command", "curl")]),
    ("`curl -H \"Accept: application/json\" -o out/x.json`", [("command", "curl"), ("path", "out/x.json")]),
    ("`ls <dir>/*.md` `cd ../x/y` `cat ~/.npmrc /etc/hosts`", [("command", "ls"), ("command", "cat")]),
    ("`Get-ChildItem -Path a/b` `echo hi` `tool.exe /x`", []),
    ("`pytest`", []),  # a lone word may be a name, not a command
])
def test_targets_leave_out_what_cannot_be_checked(code: str, expected: list[tuple[str, str]]) -> None:
    c = parse(Path("x-y.md"), f"# x-y\n\n## Preferred\n{code}\n".encode())
    assert sorted((t.kind, t.value) for t in targets(c)) == sorted(expected)


def _docs_block(after: str, lang: str) -> str:
    text = (Path(__file__).resolve().parents[2] / "docs" / "cards.md").read_text()
    return text.split(after, 1)[1].split(f"```{lang}\n", 1)[1].split("\n```\n", 1)[0] + "\n"


def test_the_worked_example_in_the_docs_passes_the_audit(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    example = _docs_block("### Worked example", "markdown")
    assert example.startswith("# fetch-spa-shell\n") and len(example.encode()) <= 2048
    lib = tmp_path / "procedures"
    lib.mkdir()
    (lib / "fetch-spa-shell.md").write_text(example)
    (tmp_path / "AGENTS.md").write_text("Note each pit in procedures/_inbox.md as it happens.\n")
    monkeypatch.setenv("GIT_LEDGER_NOW", NOW)
    monkeypatch.chdir(tmp_path)
    assert cards_audit.main(["--no-path-check"]) == 0
    assert capsys.readouterr().out == "1 card in procedures, 0 findings (P0 0, P1 0, P2 0, P3 0)\n"


def test_the_snippet_in_the_docs_is_the_one_init_writes() -> None:
    from git_ledger.cards.init import BEGIN, END, snippet

    assert _docs_block("## The snippet", "markdown") == f"{BEGIN}\n{snippet('en', 'procedures').rstrip()}\n{END}\n"


def test_a_missing_snippet_is_p1_and_init_says_how_to_add_it(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "widget")
    (repo / "AGENTS.md").write_text("# Agents\n\nRun the tests first.\n")
    init = run_cli("cards", "init", cwd=repo)
    assert init.returncode == 0, init.stderr
    hint = ("AGENTS.md does not carry the procedures snippet, so agents will not know procedures/ exists: "
            "add it with `git-ledger cards init --agents-file AGENTS.md`")
    assert init.stdout.splitlines()[-1] == f"note: {hint}"
    out = run_cli("cards", "audit", cwd=repo)
    assert out.returncode == 1
    assert out.stdout.splitlines()[0] == f"AGENTS.md:1: P1 no-snippet: {hint}"
    assert run_cli("cards", "init", "--agents-file", "AGENTS.md", cwd=repo).stdout.splitlines()[-1] == "appended AGENTS.md"
    assert run_cli("cards", "audit", cwd=repo).returncode == 0
    bare = init_repo(tmp_path / "bare")
    assert run_cli("cards", "init", cwd=bare).stdout.splitlines()[-1] == (
        "note: no AGENTS.md, CLAUDE.md here carries the procedures snippet, so agents will not know "
        "procedures/ exists: add it with `git-ledger cards init --agents-file AGENTS.md`")


def test_a_link_in_an_index_table_cell_is_checked(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "widget")
    assert run_cli("cards", "init", "--agents-file", "AGENTS.md", cwd=repo).returncode == 0
    (repo / "procedures" / "fetch-spa-shell.md").write_text(card("fetch-spa-shell"))
    (repo / "procedures" / "INDEX.md").write_text(
        "# Index\n\n| phenomenon | see | card |\n| --- | --- | --- |\n"
        "| empty page | [the guide](../docs/fetching.md) | [fetch-spa-shell](fetch-spa-shell.md) |\n")
    out = run_cli("cards", "audit", "--no-path-check", cwd=repo, env={"GIT_LEDGER_NOW": NOW})
    assert out.stdout.splitlines()[0] == (
        "procedures/INDEX.md:5: P1 broken-link: link target `../docs/fetching.md` does not exist")
    (repo / "docs").mkdir()
    (repo / "docs" / "fetching.md").write_text("# Fetching\n")
    out = run_cli("cards", "audit", "--no-path-check", cwd=repo, env={"GIT_LEDGER_NOW": NOW})
    assert out.returncode == 0 and "broken-link" not in out.stdout, out.stdout


def test_the_rule_candidate_stub_of_a_pull_request_passes_the_audit(tmp_path: Path) -> None:
    from git_ledger.ledger.model import Entry
    from git_ledger.ledger.promote import Unit
    from git_ledger.pr.pullrequests import Plan, card_stub, stub_path

    repo = init_repo(tmp_path / "widget")
    assert run_cli("cards", "init", "--agents-file", "AGENTS.md", cwd=repo).returncode == 0
    entry = Entry("github.com/example/widget", "omission",
                  frozenset({Unit("2026-11-20", "0123456789abcdef"), Unit("2026-11-22", "fedcba9876543210")}), "P-0007")
    stub = repo / stub_path(entry, Plan())
    stub.write_text(card_stub(entry))
    out = run_cli("cards", "audit", "--no-path-check", cwd=repo, env={"GIT_LEDGER_NOW": NOW})
    assert out.returncode == 0, out.stdout
    assert out.stdout == ("procedures/rule-p-0007-omission.md:2: P3 draft: draft rule candidate P-0007: write its "
                          "sections, then delete the draft line\n"
                          "1 card in procedures, 1 finding (P0 0, P1 0, P2 0, P3 1)\n")
    # Once a person deletes the draft line, the card must carry its sections like any other.
    stub.write_text("".join(line for line in stub.read_text().splitlines(keepends=True) if "git-ledger:draft" not in line))
    assert run_cli("cards", "audit", "--no-path-check", cwd=repo, env={"GIT_LEDGER_NOW": NOW}).returncode == 1
