"""Aider chat histories -> events: a real excerpt (tests/data/exports/PROVENANCE.md) and the
shapes aider/io.py writes (user lines `#### `, its own output `> `, the reply in between)."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

from git_ledger import sources
from tests.testing.util import DATA_DIR, init_repo, run_cli

ZEN = DATA_DIR / "exports" / "aider" / "zen-mcp-server.aider.chat.history.md"

RUN = """
# aider chat started at 2026-11-02 09:14:05

> /usr/local/bin/aider --model sonnet  
> Aider v0.86.1  

#### add a --verbose flag to cli.py  
####   and print each file as it is read  

I'll add the flag to the argument parser.

cli.py
```python
<<<<<<< SEARCH
=======
>>>>>>> REPLACE
```

> Tokens: 3.1k sent, 120 received.  
> Applied edit to cli.py  
> Commit 4ac9569 feat: add --verbose flag  

#### no, that is wrong: you added a second verbose flag, -v already exists  

You're right, I missed the existing -v option. Removing the duplicate.

> Tokens: 3.4k sent, 80 received.  
> Applied edit to cli.py  
"""


def test_the_public_history_holds_runs_of_commands_only() -> None:
    assert sources.sniff(ZEN) == "aider"
    events = sources.read_events(ZEN, "aider").events
    # /add and /copy-context are commands, not messages to the model; ^C before any reply is no interrupt
    assert events == []
    turns = sources.read_turns(ZEN, "aider")
    assert turns == []


def test_a_run_gives_prompts_with_the_edits_and_commits_before_them(tmp_path: Path) -> None:
    log = tmp_path / ".aider.chat.history.md"
    log.write_text(RUN)
    events = sources.read_events(log, "aider").events
    prompts = [e for e in events if e.kind == "prompt"]
    assert [p.text for p in prompts] == ["add a --verbose flag to cli.py\n  and print each file as it is read",
                                         "no, that is wrong: you added a second verbose flag, -v already exists"]
    assert prompts[0].opens_session and prompts[0].timestamp == "2026-11-02T09:14:05"
    assert [(t.name, t.target) for t in prompts[1].tools] == [("edit", "cli.py"), ("commit", "Commit 4ac9569 feat: add --verbose flag")]
    replies = [e for e in events if e.kind == "assistant_text"]
    assert replies[-1].text.startswith("You're right, I missed") and replies[-1].is_final
    assert {e.cwd for e in events} == {str(tmp_path)}


def test_appended_runs_are_read_from_where_the_last_read_stopped(tmp_path: Path) -> None:
    repo = init_repo(tmp_path / "widget")
    log = repo / ".aider.chat.history.md"
    shutil.copyfile(ZEN, log)
    first = run_cli("collect", "--json", cwd=repo)
    assert first.returncode == 0, first.stderr
    assert json.loads(first.stdout)["files"] == 1
    with log.open("a") as f:
        f.write(RUN)
    second = json.loads(run_cli("collect", "--json", cwd=repo).stdout)
    assert second["bytes"] == len(RUN.encode()) and second["events_by_kind"]["prompt"] == 2
    cases = [json.loads(line) for line in run_cli("show", "github.com/example/widget", "--json").stdout.splitlines()]
    assert {(c["agent"], c["cwd"]) for c in cases} == {("aider", str(repo))}
    human = [c for c in cases if c["source"] == "human"]  # its type is the classifier's business
    assert [c["context"] for c in human] == ["edit cli.py; commit Commit 4ac9569 feat: add --verbose flag"]
