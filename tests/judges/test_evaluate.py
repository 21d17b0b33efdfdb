"""`git-ledger judge eval FILE` and `judge list`, run as the real CLI against real judges."""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from git_ledger.judges.evaluate import read_labelled
from tests.testing.chat_server import chat_server, message_of
from tests.testing.util import run_cli, write_jsonl

JUDGES = Path(__file__).parent  # the fixture judges sit beside these tests

LABELLED = [
    {"text": "you forgot the migration", "label": "omission"},  # kw omission, http omission
    {"text": "I told you not to push", "label": "instruction-violation"},  # kw iv, http iv
    {"text": "that is not what I meant", "label": "premise-error"},  # kw premise, http garbage
    {"text": "the build is broken", "label": "result-error"},  # kw result, http premise-error
    {"text": "the chart is off by one", "label": "result-error"},  # kw none, http result-error
    {"text": "thanks, merge it", "label": "none"},  # kw none, http none
    {"text": "you forgot nothing, well done", "label": "none"},  # kw omission (false), http omission
]
HTTP = {
    "you forgot the migration": "omission",
    "I told you not to push": "instruction-violation",
    "that is not what I meant": "Hmm, hard to say.",
    "the build is broken": "premise-error",
    "the chart is off by one": "result-error",
    "thanks, merge it": "none",
    "you forgot nothing, well done": "omission",
}


def _config(url: str) -> None:
    home = Path(os.environ["GIT_LEDGER_HOME"])
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.yaml").write_text(f"""judges:
  - {{name: kw, kind: command, command: [{sys.executable}, {JUDGES / 'keywords.py'}], format: json, local: true}}
  - {{name: http, kind: openai, url: "{url}", model: small}}
""")


def test_eval_prints_per_judge_and_agreed_precision_and_recall(tmp_path: Path) -> None:
    data = write_jsonl(tmp_path / "labelled.jsonl", LABELLED)
    with data.open("a") as f:
        f.write("not json\n")
        f.write(json.dumps({"text": "no label"}) + "\n")
        f.write(json.dumps({"text": "bad label", "label": "other"}) + "\n")
    with chat_server(lambda body: (200, HTTP[message_of(body)])) as server:
        _config(server.url)
        out = run_cli("judge", "eval", str(data))
        as_json = run_cli("judge", "eval", str(data), "--json")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0] == (
        "7 labelled messages (omission 1, instruction-violation 1, premise-error 1, result-error 2, none 2)"
    )
    assert lines[1].split() == [
        "judge", "asked", "typed", "correct", "false", "wrong", "no-vote", "precision", "recall", "median", "ms",
    ]
    rows = {line.split()[0]: line.split()[1:9] for line in lines[2:]}
    # kw: typed 5 (4 right, 1 false alarm); http: typed 5 (3 right, 1 wrong type, 1 false), 1 garbage.
    assert rows["kw"] == ["7", "5", "4", "1", "0", "0", "0.80", "0.80"]
    assert rows["http"] == ["7", "5", "3", "1", "1", "1", "0.60", "0.60"]
    # Agreed: omission and instruction-violation right, the false alarm agreed on too; one
    # disagreement and one garbage answer leave two messages without a vote.
    assert rows["agreed"] == ["7", "3", "2", "1", "0", "2", "0.67", "0.40"]
    assert "skipped 3 malformed lines" in out.stderr

    records = [json.loads(line) for line in as_json.stdout.splitlines()]
    assert [r["judge"] for r in records] == ["kw", "http", "agreed"]
    assert records[2]["precision"] == 2 / 3 and records[2]["recall"] == 0.4
    assert records[1]["median_ms"] > 0 and records[2]["median_ms"] is None


def test_eval_masks_the_file_before_sending_it(tmp_path: Path) -> None:
    secret = "AKIA" + "ABCDEFGHIJKLMNOP"
    data = write_jsonl(tmp_path / "labelled.jsonl", [
        {"text": f"you forgot the key rotation aws_access_key_id={secret}", "label": "omission"},
    ])
    with chat_server(lambda body: (200, "omission")) as server:
        _config(server.url)
        out = run_cli("judge", "eval", str(data))
        sent = json.dumps([r["body"] for r in server.requests])
    assert out.returncode == 0, out.stderr
    assert len(server.requests) == 1
    assert secret not in sent


def test_list_and_errors(tmp_path: Path) -> None:
    # Without judges configured and without the [local] extra (a Python that cannot import it).
    without_local = {"PYTHONPATH": str(Path(__file__).parent / "without_local")}
    no_judges = run_cli("judge", "eval", str(tmp_path / "x.jsonl"), env=without_local)
    assert no_judges.returncode == 1
    assert "no judges configured" in no_judges.stderr

    _config("http://127.0.0.1:9/v1")
    listed = run_cli("judge", "list")
    assert listed.stdout.splitlines() == [
        "kw (command, stays on this machine)",
        "http (openai, stays on this machine)",
    ]
    missing = run_cli("judge", "eval", str(tmp_path / "missing.jsonl"))
    assert missing.returncode == 1 and missing.stderr.startswith("git-ledger: cannot read ")
    empty = tmp_path / "empty.jsonl"
    empty.write_text("{}\n")
    nothing = run_cli("judge", "eval", str(empty))
    assert nothing.returncode == 1 and "no usable lines" in nothing.stderr


def test_a_labelled_line_may_carry_the_agents_previous_message_and_tool_list(tmp_path: Path) -> None:
    path = tmp_path / "labelled.jsonl"
    path.write_text(json.dumps({
        "text": "still the same", "label": "result-error", "previous_tools": ["Edit(app.py)", "Bash(pytest)"],
        "previous": "x" * 500 + " I've fixed the import, this should resolve it.",
    }) + "\n")
    (item,), skipped = read_labelled(path)
    assert skipped == 0
    assert item.item.previous_tools == "Edit(app.py); Bash(pytest)"
    assert item.item.previous.endswith("this should resolve it.") and len(item.item.previous) == 300
