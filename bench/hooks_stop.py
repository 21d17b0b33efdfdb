#!/usr/bin/env python3
"""Whole-process latency of `git-ledger hook stop` on a 100 MB transcript, against a bare Python.

    python bench/hooks_stop.py [--runs 41] [--mb 100]

The baseline is `python -c 'import json,sys; json.load(sys.stdin)'` fed the same Stop input:
the least any hook written in Python can cost. The transcript is real Claude Code history (the
fixture sessions in ../shared/fixtures, repeated) grown to --mb megabytes, ending in one of:

* tool     - a turn that ran a tool and claims "All done, fixed." (the common case: the tool
             gate passes it; this is the path with the target),
* answer   - a turn with no tool and a plain answer (the claim rules run, nothing fires),
* claim    - a turn with no tool that claims completion: the guard fires, opens the store,
             resolves the repository and records a guard case (rare by design),
* tool-1k  - the `tool` turn at the end of a 1 KB transcript (size must not matter).

Commands run interleaved in random order; medians and ratios are reported. Target: tool and
answer on 100 MB <= 1.5x bare. Also prints which git_ledger modules the silent path imports
(`python -X importtime`). bench/hooks.py (UserPromptSubmit) calls main() after its own run.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("GIT_LEDGER_SHARED") or ROOT.parent / "shared")
HEAD_FIXTURES = (
    "entireio-cli/claude-0b0195f27fed-0.jsonl",
    "marot-spotter/4d5611e5-241a-462a-8d15-5122611a9569.jsonl",
    "marot-spotter/tool_heavy.jsonl",
)
SESSION = "5e551011-0000-4000-8000-000000000000"
TARGET = 1.5


def hook_command() -> list[str]:
    script = Path(sys.executable).parent / "git-ledger"
    if script.exists():
        return [str(script), "hook", "stop"]
    return [sys.executable, "-m", "git_ledger", "hook", "stop"]


def _record(kind: str, n: int, cwd: str, **fields: object) -> bytes:
    rec: dict[str, object] = {
        "parentUuid": None, "isSidechain": False, "userType": "external", "cwd": cwd,
        "sessionId": SESSION, "version": "2.1.332", "gitBranch": "main", "type": kind,
        "uuid": f"00000000-0000-4000-9000-{n:012d}", "timestamp": f"2026-11-29T10:00:{n % 60:02d}.000Z",
        **fields,
    }
    return (json.dumps(rec, separators=(",", ":")) + "\n").encode()


def last_turn(kind: str, cwd: str) -> bytes:
    prompt = _record("user", 1, cwd, message={"role": "user", "content": "fix the date parser"})
    if kind == "tool":
        call = {"type": "tool_use", "id": "toolu_bench0001", "name": "Bash",
                "input": {"command": "pytest -q", "description": "run tests"}}
        return (prompt
                + _record("assistant", 2, cwd, message={"role": "assistant", "content": [call]})
                + _record("user", 3, cwd, message={"role": "user", "content": [
                    {"type": "tool_result", "tool_use_id": "toolu_bench0001", "content": "3 passed"}]},
                    toolUseResult={"stdout": "3 passed", "stderr": ""})
                + _record("assistant", 4, cwd, message={"role": "assistant", "content": [
                    {"type": "text", "text": "All done, fixed."}], "stop_reason": "end_turn"}))
    text = "All done, fixed." if kind == "claim" else (
        "The parser tries ISO 8601 first and falls back to RFC 2822; time zones are normalised to UTC.")
    return prompt + _record("assistant", 2, cwd, message={"role": "assistant", "content": [
        {"type": "text", "text": text}], "stop_reason": "end_turn"})


def write_head(path: Path, size: int) -> None:
    """Real history: the fixture transcripts' lines, repeated until `size` bytes."""
    lines: list[bytes] = []
    for rel in HEAD_FIXTURES:
        f = SHARED / "fixtures" / "transcripts" / rel
        if f.exists():
            lines += f.read_bytes().splitlines(keepends=True)
    if not lines:
        raise SystemExit(f"fixtures not found under {SHARED}: set GIT_LEDGER_SHARED")
    block = b"".join(lines)
    with path.open("wb") as out:
        written = 0
        while written < size:
            out.write(block)
            written += len(block)


def timed(cmd: list[str], payload: bytes, env: dict[str, str]) -> tuple[float, bytes, float]:
    """(wall seconds, stdout, CPU seconds of the child): CPU time suffers less from a busy machine."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    out = subprocess.run(cmd, input=payload, capture_output=True, env=env, check=True)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, out.stdout, cpu


def imports(cmd: list[str], payload: bytes, env: dict[str, str]) -> list[tuple[str, int]]:
    """(module, cumulative µs) of every git_ledger module the run imports, in import order."""
    out = subprocess.run([sys.executable, "-X", "importtime", *cmd], input=payload,
                         capture_output=True, env=env, check=True)
    rows = []
    for line in out.stderr.decode().splitlines():
        parts = [p.strip() for p in line.removeprefix("import time:").split("|")]
        if len(parts) == 3 and parts[2].startswith("git_ledger"):
            rows.append((parts[2], int(parts[1])))
    return rows


def _tail_read_us(path: Path, n: int = 200) -> float:
    sys.path.insert(0, str(ROOT))
    from git_ledger.hooks.guards import transcript

    times = []
    for _ in range(n):
        t = time.perf_counter()
        turn = transcript.current_turn(str(path))
        times.append(time.perf_counter() - t)
        assert turn is not None and turn.complete
    return statistics.median(times) * 1e6


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=41)
    ap.add_argument("--mb", type=int, default=100)
    args, _ = ap.parse_known_args(argv)  # bench/hooks.py calls main() with its own argv around

    tmp = Path(tempfile.mkdtemp(prefix="gl-bench-stop-"))
    try:
        home = tmp / "home"
        home.mkdir()
        env = {k: v for k, v in os.environ.items() if not k.startswith(("GIT_LEDGER", "CLAUDE", "CODEX"))}
        env.update(HOME=str(home), GIT_LEDGER_HOME=str(tmp / "ledger-home"),
                   XDG_CONFIG_HOME=str(home / ".config"), XDG_DATA_HOME=str(home / ".local/share"),
                   PYTHONPYCACHEPREFIX=str(tmp / "pycache"))  # cached bytecode, as when installed
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        repo = tmp / "widget"
        repo.mkdir()
        subprocess.run(("git", "-C", str(repo), "init", "-q"), check=True)
        subprocess.run(("git", "-C", str(repo), "remote", "add", "origin",
                        "https://github.com/example/widget.git"), check=True)

        head = tmp / "head.jsonl"
        t = time.perf_counter()
        write_head(head, args.mb << 20)
        transcripts: dict[str, Path] = {}
        for kind in ("tool", "answer", "claim"):
            path = tmp / f"{kind}.jsonl"
            shutil.copyfile(head, path)
            with path.open("ab") as f:
                f.write(last_turn(kind, str(repo)))
            transcripts[kind] = path
        small = tmp / "tool-1k.jsonl"
        with head.open("rb") as f:
            first = f.read(1024).rsplit(b"\n", 1)[0] + b"\n"
        small.write_bytes(first + last_turn("tool", str(repo)))
        transcripts["tool-1k"] = small
        head.unlink()
        size = transcripts["tool"].stat().st_size
        print(f"transcripts: {size / 2**20:.0f} MB of real history + the last turn "
              f"(written in {time.perf_counter() - t:.1f}s); hook: {' '.join(hook_command())}")

        def payload(kind: str) -> bytes:
            final = "All done, fixed." if kind in ("tool", "tool-1k", "claim") else None
            return json.dumps({
                "session_id": SESSION, "transcript_path": str(transcripts[kind]), "cwd": str(repo),
                "hook_event_name": "Stop", "stop_hook_active": False, "permission_mode": "default",
                "last_assistant_message": final, "background_tasks": [], "session_crons": [],
            }).encode()

        bare = [sys.executable, "-c", "import json,sys; json.load(sys.stdin)"]
        hook = hook_command()
        expect = {"tool": False, "answer": False, "claim": True, "tool-1k": False}
        for kind, fires in expect.items():  # warm-up, and a check that each path does what it says
            _, out, _ = timed(hook, payload(kind), env)
            assert (b'"decision": "block"' in out) == fires, (kind, out)
        samples: dict[str, list[float]] = {k: [] for k in ("bare", *expect)}
        cpu: dict[str, list[float]] = {k: [] for k in samples}
        for i in range(args.runs):
            order = list(samples)
            random.Random(i).shuffle(order)
            for kind in order:
                cmd, data = (bare, payload("tool")) if kind == "bare" else (hook, payload(kind))
                wall, _, used = timed(cmd, data, env)
                samples[kind].append(wall)
                cpu[kind].append(used)
        med = {k: statistics.median(v) for k, v in samples.items()}
        mcpu = {k: statistics.median(v) for k, v in cpu.items()}
        print(f"runs: {args.runs} each, interleaved; medians (wall, and CPU of the process):")
        for kind in samples:
            label = {"bare": "bare python", "tool": f"tool {args.mb}MB", "answer": f"answer {args.mb}MB",
                     "claim": f"claim {args.mb}MB", "tool-1k": "tool 1KB"}[kind]
            print(f"  {label:<13} {med[kind] * 1000:7.1f} ms  {med[kind] / med['bare']:.2f}x   "
                  f"cpu {mcpu[kind] * 1000:6.1f} ms  {mcpu[kind] / mcpu['bare']:.2f}x")
        ok = all(med[k] / med["bare"] <= TARGET for k in ("tool", "answer"))
        print(f"target (tool and answer on {args.mb} MB <= {TARGET}x bare):", "met" if ok else "NOT met")
        in_process = {k: _tail_read_us(transcripts[k]) for k in ("tool", "tool-1k", "answer")}
        print("in-process tail read (transcript.current_turn, median of 200): "
              + ", ".join(f"{k} {us:.0f} µs" for k, us in in_process.items()))
        rows = imports(hook, payload("tool"), env)
        print("silent path imports:", ", ".join(f"{m} ({us / 1000:.1f} ms)" for m, us in rows))
        log = Path(env["GIT_LEDGER_HOME"]) / "hooks.log"
        if log.exists():
            print("hook log:", log.read_text()[-500:])
        return 0 if ok else 1
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
