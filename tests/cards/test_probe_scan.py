"""`cards probe` and `cards scan` on real Claude Code transcripts (a public fixture, copied into
tmp_path, with a few records appended): a Read of a card after a trigger is a HIT, none a MISS."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from git_ledger.cards.probe import looks_in
from git_ledger.models import ToolCall
from tests.testing.util import run_cli

FIXTURE = "marot-spotter/short.jsonl"  # real prompt: "mix phx.server doesnt seem to start"
SESSION = "55604662-cf2a-4331-851a-ec234028f8ca"
OTHER = "marot-spotter/tool_heavy.jsonl"  # real prompts that name no card's trigger
OTHER_SESSION = "d6e0bada-1959-4eec-a9d2-0bfade768d8f"
CWD = "/home/marco/projects/spotter"


def cards(root: Path) -> Path:
    lib = root / "procedures"
    lib.mkdir(parents=True)
    (lib / "phoenix-server-wont-start.md").write_text(
        "# phoenix-server-wont-start\n\n> **Trigger**: server doesnt seem to start / phx.server exits\n")
    (lib / "fetch-spa-shell.md").write_text(
        "# fetch-spa-shell\n\n> **Trigger**: returns 200 but is empty / SPA shell\n")
    (lib / "抓取-分享链接.md").write_text("# 抓取-分享链接\n\n> **触发**：分享链接只有壳\n")
    return lib


class Transcript:
    """A copy of the fixture under a new session id, to which records are appended."""

    def __init__(self, fixtures: Path, dest: Path, session: str, fixture: str = FIXTURE,
                 old_session: str = SESSION) -> None:
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(fixtures / fixture, dest)
        dest.write_text(dest.read_text().replace(old_session, session))
        self.path, self.session, self.n = dest, session, 0

    def _add(self, record: dict[str, object]) -> None:
        self.n += 1
        base = {"isSidechain": False, "userType": "external", "cwd": CWD, "sessionId": self.session,
                "version": "2.1.38", "uuid": f"{self.session[:8]}-0000-4000-8000-{self.n:012d}",
                "timestamp": f"2026-11-20T10:{self.n:02d}:00.000Z"}
        with self.path.open("a") as f:
            f.write(json.dumps({**base, **record}) + "\n")

    def prompt(self, text: str) -> Transcript:
        self._add({"type": "user", "message": {"role": "user", "content": text}})
        return self

    def call(self, name: str, tool_input: dict[str, object]) -> Transcript:
        call_id = f"toolu_{self.session[:8]}{self.n:04d}"
        self._add({"type": "assistant", "message": {"role": "assistant", "type": "message", "content": [
            {"type": "tool_use", "id": call_id, "name": name, "input": tool_input}]}})
        self._add({"type": "user", "message": {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": call_id, "content": "ok"}]}})
        return self

    def say(self, text: str) -> Transcript:
        self._add({"type": "assistant", "message": {"role": "assistant", "type": "message",
                                                     "content": [{"type": "text", "text": text}]}})
        return self


def test_probe_tells_hit_from_miss(tmp_path: Path, fixtures: Path) -> None:
    cards(tmp_path)
    logs = tmp_path / "logs"
    # The fixture as it is: a trigger in the real prompt, then Bash and Glob, never procedures/.
    Transcript(fixtures, logs / "a.jsonl", "aaaaaaaa-0000-4000-8000-000000000001")
    # The same start, then a new prompt with a trigger and a Read of the card.
    (Transcript(fixtures, logs / "b.jsonl", "bbbbbbbb-0000-4000-8000-000000000002")
     .prompt("the share page returns 200 but is empty, can you fetch its text?")
     .call("Read", {"file_path": f"{CWD}/procedures/fetch-spa-shell.md"})
     .say("The card says to fetch the JSON endpoint instead."))
    # A Chinese trigger; the look comes in the next turn, as a shell listing of the folder.
    (Transcript(fixtures, logs / "c.jsonl", "cccccccc-0000-4000-8000-000000000003")
     .prompt("这个分享链接只有壳，帮我抓一下正文")
     .say("要先查一下经验卡吗？")
     .prompt("查")
     .call("Bash", {"command": "ls procedures/ && grep -il '只有壳' procedures/*.md"}))
    # No trigger at all, but the agent read a card anyway.
    (Transcript(fixtures, logs / "d.jsonl", "dddddddd-0000-4000-8000-000000000004", OTHER, OTHER_SESSION)
     .prompt("please tidy the README")
     .call("Grep", {"pattern": "README", "path": f"{CWD}/procedures"}))

    out = run_cli("cards", "probe", "--logs", str(logs), cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert [ln.split()[:3] for ln in lines[:-1]] == [
        ["MISS", "2026-02-10", "aaaaaaaa-0000-4000-8000-000000000001"],
        ["HIT", "2026-02-10", "bbbbbbbb-0000-4000-8000-000000000002"],
        ["HIT", "2026-02-10", "cccccccc-0000-4000-8000-000000000003"],
    ]
    assert "'server doesnt seem to start' (phoenix-server-wont-start); 0/1 triggers followed by a look; " \
           "no look in procedures/" in lines[0]
    assert "'returns 200 but is empty' (fetch-spa-shell); 1/2 triggers followed by a look; first: Read " in lines[1]
    assert "'分享链接只有壳' (抓取-分享链接)" in lines[2] and "first: Bash ls procedures/" in lines[2]
    assert lines[-1] == ("4 sessions, 3 with a trigger: 2 HIT, 1 MISS (hit rate 67%); "
                         "1 looked in procedures/ without a trigger")

    # --since drops the fixture's own February turns: only the appended November ones remain.
    out = run_cli("cards", "probe", "--logs", str(logs), "--since", "2026-11-01", cwd=tmp_path)
    assert [ln.split()[0] for ln in out.stdout.splitlines()[:-1]] == ["HIT", "HIT"]
    assert out.stdout.splitlines()[-1].startswith("3 sessions, 2 with a trigger: 2 HIT, 0 MISS (hit rate 100%)")


def test_probe_needs_cards_with_triggers(tmp_path: Path, fixtures: Path) -> None:
    (tmp_path / "procedures").mkdir()
    out = run_cli("cards", "probe", "--logs", str(fixtures / FIXTURE), cwd=tmp_path)
    assert out.returncode == 1
    assert out.stderr == "git-ledger: procedures: no card has a trigger phrase to look for\n"


def test_scan_finds_calls_and_messages(tmp_path: Path, fixtures: Path) -> None:
    logs = tmp_path / "logs"
    (Transcript(fixtures, logs / "b.jsonl", "bbbbbbbb-0000-4000-8000-000000000002")
     .prompt("the share page returns 200 but is EMPTY")
     .call("WebFetch", {"url": "https://example.com/share/42", "prompt": "page text"})
     .say("The page is an empty SPA shell."))

    calls = run_cli("cards", "scan", r"phx\.server|share/\d+", "--calls", "--logs", str(logs))
    assert calls.returncode == 0, calls.stderr
    assert calls.stdout.splitlines() == [
        "2026-02-10  bbbbbbbb-0000-4000-8000-000000000002  call:Bash    Bash mix phx.server 2>&1 | head -80",
        '2026-11-20  bbbbbbbb-0000-4000-8000-000000000002  call:WebFetch WebFetch {"url":"https://example.com/share/42","prompt":"page text"}',
        "2 matches in 1 session",
    ]

    messages = run_cli("cards", "scan", "empty", "-i", "--messages", "--logs", str(logs))
    assert messages.stdout.splitlines() == [
        "2026-11-20  bbbbbbbb-0000-4000-8000-000000000002  human        the share page returns 200 but is EMPTY",
        "2026-11-20  bbbbbbbb-0000-4000-8000-000000000002  assistant    The page is an empty SPA shell.",
        "2 matches in 1 session",
    ]
    both = run_cli("cards", "scan", "phx.server", "--logs", str(logs), "--limit", "1")
    assert both.stdout.splitlines() == [
        "2026-02-10  bbbbbbbb-0000-4000-8000-000000000002  human        mix phx.server doesnt seem to start",
        "… more matches: stopped at --limit 1",
    ]


def test_scan_excerpts_long_text_around_the_match(tmp_path: Path, fixtures: Path) -> None:
    logs = tmp_path / "logs"
    Transcript(fixtures, logs / "x.jsonl", "eeeeeeee-0000-4000-8000-000000000005").say(
        "word " * 100 + "NEEDLE" + " more" * 100)
    out = run_cli("cards", "scan", "NEEDLE", "--logs", str(logs))
    line = out.stdout.splitlines()[0]
    assert line.endswith("…") and "assistant    …" in line and "word NEEDLE more" in line
    assert len(line.split("assistant", 1)[1].strip()) <= 104


def test_scan_rejects_a_bad_regex_in_one_line(tmp_path: Path, fixtures: Path) -> None:
    out = run_cli("cards", "scan", "(unclosed", "--logs", str(fixtures / FIXTURE))
    assert out.returncode == 1 and out.stdout == ""
    assert out.stderr.startswith("git-ledger: not a regular expression: '(unclosed'") and out.stderr.count("\n") == 1


@pytest.mark.parametrize(("name", "arguments", "shell", "look"), [
    ("Read", '{"file_path":"/repo/procedures/fetch-spa-shell.md"}', "", True),
    ("Glob", '{"pattern":"procedures/*.md"}', "", True),
    ("Grep", '{"pattern":"SPA","path":"procedures"}', "", True),
    ("read_file", '{"absolute_path":"/repo/procedures/x-y.md"}', "", True),
    ("Bash", "", "grep -ril 'returns 200' procedures/", True),
    ("Bash", "", "ls procedures", True),
    ("PowerShell", "", 'Select-String -Path procedures\\*.md -Pattern "shell"', True),
    ("shell", "", "bash -lc 'rg -l shell procedures'", True),
    ("Edit", '{"file_path":"/repo/procedures/_inbox.md"}', "", False),  # writing the inbox is not a look
    ("Bash", "", "git add procedures/x-y.md", False),
    ("Bash", "", "cat README.md", False),
    ("Read", '{"file_path":"/repo/docs/procedures-old.md"}', "", False),
])
def test_what_counts_as_a_look_in_the_folder(name: str, arguments: str, shell: str, look: bool) -> None:
    call = ToolCall(id="t1", name=name, target="", arguments=arguments, shell=shell)
    assert looks_in(call, "procedures") is look


def test_scan_never_prints_a_secret(tmp_path: Path) -> None:
    from tests.testing.fake_secrets import FAKE

    token = FAKE["ghp"]
    log = tmp_path / "logs" / "s.jsonl"
    log.parent.mkdir()
    rec = {"type": "user", "sessionId": "s-1", "uuid": "u1", "cwd": "/w", "timestamp": "2026-11-20T10:00:00Z",
           "message": {"role": "user", "content": f"deploy with token {token} please"}}
    log.write_text(json.dumps(rec) + "\n")
    out = run_cli("cards", "scan", "deploy|ghp_", "--messages", "--logs", str(log.parent))
    assert out.returncode == 0, out.stderr
    assert token not in out.stdout and "1 match" in out.stdout
    assert "secret masked" in out.stdout
