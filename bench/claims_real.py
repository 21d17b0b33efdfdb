#!/usr/bin/env python3
"""The evidence guard on real final agent messages: claims caught, non-claims blocked.

    python bench/claims_real.py [--part tune|measure|all] [--errors]

Reads `claims.jsonl` of the development set in ../shared/data (or $GIT_LEDGER_SHARED/data),
real final messages of agent turns labelled `claim` / `not-claim` with `turn_had_tools`
(true / false / null), and skips cleanly (exit 0) when it is absent. Its texts never leave this
process; only counts are printed (`--errors` prints the row ids that went wrong, not texts).

Two figures per language and part:

* caught: the claim detector alone (`find_claim` without an escape mark) on every row, whatever
  the turn did: how well the words are read;
* blocked: what the installed hook decides. Each row becomes a real Claude Code transcript whose
  last turn ran one tool call (`turn_had_tools: true`) or none (`false`), ending in the row's text,
  and the whole Stop path (`git_ledger.hooks.stop.run`, store and all, in a temporary home)
  decides. Rows whose tool use is unknown (`null`) are reported apart, decided as if no tool ran
  (the most the guard could fire on them). The same zero-tool claims are run once more with
  `stop_hook_active: true`: nothing may fire.

Targets (issue 13): >= 70% of zero-tool claims blocked, <= 5% of non-claims blocked. Rows the
labellers disputed are left out and counted. Also prints the in-process time of a zero-tool
decision (`evidence.decide`, median and max over the zero-tool rows); the hook's whole-process
budgets are measured by bench/hooks_stop.py.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
SHARED = Path(os.environ.get("GIT_LEDGER_SHARED") or ROOT.parent / "shared")
DATA = SHARED / "data" / "claims.jsonl"
LANGS = ("en", "zh", "ja", "ko")
SESSION = "c1a1c1a1-0000-4000-8000-000000000000"


def _record(kind: str, n: int, cwd: str, **fields: Any) -> str:
    rec = {
        "parentUuid": None, "isSidechain": False, "userType": "external", "cwd": cwd,
        "sessionId": SESSION, "version": "2.1.332", "gitBranch": "main", "type": kind,
        "uuid": f"00000000-0000-4000-9000-{n:012d}", "timestamp": f"2026-11-29T10:00:{n % 60:02d}.000Z",
        **fields,
    }
    return json.dumps(rec, ensure_ascii=False) + "\n"


def transcript(text: str, tools: bool, cwd: str) -> str:
    """A prompt, one Bash call and its result when `tools`, then the final message."""
    out = _record("user", 1, cwd, message={"role": "user", "content": "please take care of it"})
    if tools:
        call = {"type": "tool_use", "id": "toolu_claims0001", "name": "Bash",
                "input": {"command": "git status --short", "description": "status"}}
        out += _record("assistant", 2, cwd, message={"role": "assistant", "content": [call]})
        out += _record("user", 3, cwd, message={"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "toolu_claims0001", "content": ""}]})
    return out + _record("assistant", 4, cwd, message={"role": "assistant", "content": [
        {"type": "text", "text": text}], "stop_reason": "end_turn"})


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--part", choices=("tune", "measure", "all"), default="all")
    ap.add_argument("--errors", action="store_true", help="print the ids of wrong decisions")
    args = ap.parse_args(argv)
    if not DATA.exists():
        print(f"skipped: {DATA} not found (set GIT_LEDGER_SHARED)")
        return 0
    from git_ledger.classify.claims import find_claim, has_mark
    from git_ledger.hooks import stop
    from git_ledger.hooks.guards import evidence

    rows = [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines() if line.strip()]
    disputed = Counter(r["part"] for r in rows if r.get("disputed"))
    rows = [r for r in rows if not r.get("disputed")]
    parts = ("tune", "measure") if args.part == "all" else (args.part,)

    tmp = Path(tempfile.mkdtemp(prefix="gl-bench-claims-"))
    try:
        repo = tmp / "widget"
        repo.mkdir()
        subprocess.run(("git", "-C", str(repo), "init", "-q"), check=True)
        env = {"HOME": str(tmp / "home"), "GIT_LEDGER_HOME": str(tmp / "ledger-home"),
               "XDG_CONFIG_HOME": str(tmp / "home" / ".config"), "PATH": os.environ.get("PATH", "")}

        def hook_blocks(r: dict[str, Any], tools: bool, active: bool = False) -> bool:
            path = tmp / "t.jsonl"
            path.write_text(transcript(r["text"], tools, str(repo)), encoding="utf-8")
            payload = {"session_id": SESSION, "transcript_path": str(path), "cwd": str(repo),
                       "hook_event_name": "Stop", "stop_hook_active": active,
                       "last_assistant_message": r["text"]}
            out = stop.run(payload, env)
            return out is not None and '"decision": "block"' in out

        # (part, lang, label, tools) -> [rows, caught, blocked]
        cells: dict[tuple[str, str, str, str], list[int]] = {}
        wrong: list[str] = []
        active_blocks = 0
        decide_ms: list[float] = []
        for r in rows:
            if r["part"] not in parts:
                continue
            tools = {True: "tool", False: "no-tool", None: "unknown"}[r["turn_had_tools"]]
            caught = find_claim(r["text"]) is not None and not has_mark(r["text"])
            blocked = hook_blocks(r, tools == "tool")
            if tools != "tool":
                t = time.perf_counter()
                evidence.decide(0, r["text"])
                decide_ms.append((time.perf_counter() - t) * 1000)
            if r["label"] == "claim" and tools == "no-tool":
                active_blocks += hook_blocks(r, False, active=True)
            cell = cells.setdefault((r["part"], r["lang"], r["label"], tools), [0, 0, 0])
            cell[0] += 1
            cell[1] += caught
            cell[2] += blocked
            if caught != (r["label"] == "claim"):
                wrong.append(f"{r['part']} {r['lang']} {r['label']} tools={tools} caught={caught} {r['id']}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    def total(part: str, lang: str | None, label: str, tools: tuple[str, ...]) -> tuple[int, int, int]:
        sel = [v for (p, lg, lb, t), v in cells.items()
               if p == part and (lang is None or lg == lang) and lb == label and t in tools]
        return tuple(sum(v[i] for v in sel) for i in range(3))  # type: ignore[return-value]

    def rate(k: int, n: int) -> str:
        return f"{k:>3}/{n:<3} {100 * k / n:5.1f}%" if n else f"{k:>3}/{n:<3}   n/a"

    known = ("tool", "no-tool")
    for part in parts:
        print(f"\n== {part} (disputed rows left out: {disputed.get(part, 0)})")
        print(f"{'lang':<5} {'claims caught':>17} {'non-claims caught':>18} | {'zero-tool claims blocked':>24} "
              f"{'non-claims blocked':>19} | {'unknown-tool: claims / non-claims blocked':>40}")
        for lang in (*LANGS, None):
            cc = total(part, lang, "claim", (*known, "unknown"))
            nc = total(part, lang, "not-claim", (*known, "unknown"))
            zc = total(part, lang, "claim", ("no-tool",))
            nb = total(part, lang, "not-claim", known)
            uc = total(part, lang, "claim", ("unknown",))
            un = total(part, lang, "not-claim", ("unknown",))
            print(f"{lang or 'all':<5} {rate(cc[1], cc[0]):>17} {rate(nc[1], nc[0]):>18} | "
                  f"{rate(zc[2], zc[0]):>24} {rate(nb[2], nb[0]):>19} | "
                  f"{rate(uc[2], uc[0]):>19} / {rate(un[2], un[0]):<19}")
        tc = total(part, None, "claim", ("tool",))
        print(f"claims after a tool call blocked: {tc[2]} of {tc[0]} (the tool gate passes them all)")
    print(f"\nzero-tool claims re-run with stop_hook_active: {active_blocks} blocked")
    if decide_ms:
        print(f"zero-tool decision (evidence.decide, in process): median {statistics.median(decide_ms):.2f} ms, "
              f"max {max(decide_ms):.2f} ms over {len(decide_ms)} rows")
    if args.errors:
        print("\ndetector errors (row ids):", *wrong, sep="\n  ")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
