#!/usr/bin/env python3
"""Whole-process latency of `git-ledger hook stop` answering GitHub Copilot CLI's agentStop,
against a bare Python, on an events.jsonl of --mb megabytes (written here in the shape of a
Copilot session log; no data of ../shared is needed).

    python bench/hooks_copilot.py [--runs 31] [--mb 20]

* later   - a later turn of a session (its corrections already delivered, no block pending) that
            ran a tool: the common path; the injection check is one os.path.exists;
* first   - the first agentStop of a new session each run, with an empty store: the session is
            claimed (the store is opened), nothing to say, silent;
* bare    - `python -c 'import json,sys; json.load(sys.stdin)'` fed the same input.

Commands run interleaved in random order; medians of wall and child CPU time are reported.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hooks_stop import hook_command, timed  # noqa: E402  (the same runner as the Claude Code bench)


def event(n: int, kind: str, data: dict[str, object]) -> bytes:
    rec = {"type": kind, "data": data, "id": f"ev-{n}", "timestamp": f"2026-11-29T10:00:{n % 60:02d}.000Z",
           "parentId": f"ev-{n - 1}"}
    return (json.dumps(rec, separators=(",", ":")) + "\n").encode()


def write_log(path: Path, size: int) -> None:
    filler = "x" * 400
    with path.open("wb") as f:
        n = 0
        while f.tell() < size:
            f.write(event(n, "user.message", {"content": f"task {n}"}))
            f.write(event(n + 1, "assistant.message", {"messageId": f"m{n}", "content": filler, "toolRequests": []}))
            n += 2
        args = {"command": "pytest -q", "description": "run the tests"}
        f.write(event(n, "user.message", {"content": "fix the parser"}))
        f.write(event(n + 1, "tool.execution_start", {"toolCallId": "c1", "toolName": "bash", "arguments": args}))
        f.write(event(n + 2, "assistant.message", {"messageId": "m", "content": "All done, fixed.", "toolRequests": []}))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=31)
    ap.add_argument("--mb", type=int, default=20)
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        repo = root / "repo"
        subprocess.run(["git", "init", "-q", str(repo)], check=True)
        log = root / "events.jsonl"
        write_log(log, args.mb << 20)
        env = {**os.environ, "GIT_LEDGER_HOME": str(root / "data"), "HOME": str(root)}
        (root / "data" / "injected").mkdir(parents=True)
        (root / "data" / "injected" / "later").touch()  # its corrections went out at its first turn

        def payload(session: str) -> bytes:
            return json.dumps({"sessionId": session, "timestamp": 1, "cwd": str(repo), "transcriptPath": str(log),
                               "stopReason": "end_turn", "stop_hook_active": False}).encode()

        bare = [sys.executable, "-c", "import json,sys; json.load(sys.stdin)"]
        results: dict[str, list[tuple[float, float]]] = {"later": [], "first": [], "bare": []}
        plan = [k for k in results for _ in range(args.runs)]
        random.shuffle(plan)
        for i, kind in enumerate(plan):
            cmd = bare if kind == "bare" else hook_command()
            wall, out, cpu = timed(cmd, payload("later" if kind != "first" else f"first-{i}"), env)
            if out.strip():
                raise SystemExit(f"{kind}: expected silence, got {out[:200]!r}")
            results[kind].append((wall, cpu))
    base_wall = statistics.median(w for w, _ in results["bare"])
    base_cpu = statistics.median(c for _, c in results["bare"])
    print(f"events.jsonl {args.mb} MB, {args.runs} runs each (median wall ms, child CPU ms, ratio to bare)")
    for kind, runs in results.items():
        wall = statistics.median(w for w, _ in runs)
        cpu = statistics.median(c for _, c in runs)
        print(f"  {kind:<6} {wall * 1000:7.1f} ms  {cpu * 1000:7.1f} ms CPU  "
              f"{wall / base_wall:4.2f}x wall  {cpu / base_cpu:4.2f}x CPU")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
