#!/usr/bin/env python3
"""Where a first collect's reading CPU goes, part by part, in one process (no pool, no store).

    python bench/collect_parts.py CORPUS [--copies 10] [--rounds 5]

CORPUS is a corpus folder `bench/collect.py --keep` left (its `corpus/` folder: copies of the
shared fixtures, so this needs what that bench needs). The first --copies copies are read; every
figure is the best of --rounds, in ms of CPU per MB of log:

  floor        `for line in f` over the same files (the bench's floor, in process)
  scan         `sources.scan_events` as collect calls it (lean, `may_admit`)
  - no UTF-8   the same with the UTF-8 check of skipped lines left out
  - no parse   the same, and no parsed line handled either: the per-line loop alone
  msgspec      the loop plus msgspec's parse of the lines it parses, no handlers
and the lines by their first record type (share of lines and of bytes), the size of the cursor
states a first scan saves (and the share of it that is the open turn's tool calls), and the
CPU per call of typing (`classify_event`) and masking (`mask`) on the events that are typed and
the cases' texts and contexts. Parts are measured by replacing one function of the reader at a time, so they
add up only roughly; each is a lower bound on what removing that part could save.
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import msgspec  # noqa: E402

from git_ledger import sources  # noqa: E402
from git_ledger.classify.classify import classify_event, may_admit, prepare  # noqa: E402
from git_ledger.masking.mask import mask  # noqa: E402
from git_ledger.models import HUMAN_KINDS, Event, format_tools  # noqa: E402
from git_ledger.sources import claude  # noqa: E402


def best(fn: Callable[[], Any], rounds: int) -> float:
    runs = []
    for _ in range(rounds):
        t = time.process_time()
        fn()
        runs.append(time.process_time() - t)
    return min(runs)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("corpus", type=Path)
    ap.add_argument("--copies", type=int, default=10)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    copies = sorted(p for p in args.corpus.iterdir() if p.is_dir())[:args.copies]
    files = [(agent, str(p)) for c in copies for agent, p in sources.discover([c])]
    if not files:
        print(f"no logs under {args.corpus}: pass the corpus folder bench/collect.py --keep left", file=sys.stderr)
        return 0
    mb = sum(os.path.getsize(p) for _, p in files) / 1e6
    per_mb = 1000 / mb

    def floor() -> None:
        for _, p in files:
            with open(p, "rb") as f:
                for _line in f:
                    pass

    def scan() -> list[Any]:
        return [sources.scan_events(p, a, keep_text=may_admit) for a, p in files]

    scan()
    figures = {"floor": best(floor, args.rounds), "scan": best(scan, args.rounds)}
    utf8, parse, parse_assistant = claude._utf8, claude.ClaudeReader._parse, claude.ClaudeReader._parse_assistant
    decode = msgspec.json.Decoder().decode

    def parse_only(self: Any, line: memoryview, start: int) -> int:
        decode(line)
        return 0

    def assistant_only(self: Any, line: memoryview, start: int, ascii_only: bool) -> int:
        claude._DECODE_ASSISTANT(line)  # the assistant records' own decoder (the fields used)
        if not ascii_only:
            str(line, "utf-8")
        return 0

    try:
        claude._utf8 = lambda view, a, b: 0
        figures["- no UTF-8"] = best(scan, args.rounds)
        claude.ClaudeReader._parse = lambda self, line, start: 0  # type: ignore[method-assign]
        claude.ClaudeReader._parse_assistant = lambda self, line, start, ascii_only: 0  # type: ignore[method-assign]
        figures["- no parse"] = best(scan, args.rounds)
        claude._utf8 = utf8
        claude.ClaudeReader._parse = parse_only  # type: ignore[method-assign]
        claude.ClaudeReader._parse_assistant = assistant_only  # type: ignore[method-assign]
        figures["msgspec"] = best(scan, args.rounds)
    finally:
        claude._utf8, claude.ClaudeReader._parse = utf8, parse  # type: ignore[method-assign]
        claude.ClaudeReader._parse_assistant = parse_assistant  # type: ignore[method-assign]
    print(f"{len(files)} files, {mb:.1f} MB ({len(copies)} copies); CPU per MB, best of {args.rounds}:")
    for name, seconds in figures.items():
        print(f"  {name:<12}{seconds * per_mb:6.3f} ms/MB")

    kinds: collections.Counter[str] = collections.Counter()
    sizes: collections.Counter[str] = collections.Counter()
    for agent, p in files:
        if agent != "claude":
            continue
        with open(p, "rb") as f:
            for line in f:
                i = line.find(b'"type":"', 0, 2000)
                kind = line[i + 8:line.find(b'"', i + 8)].decode() if i >= 0 else "-"
                if kind == "user":
                    kind += "/tool_result" if line.find(b'"type":"tool_result"', i, i + 400) >= 0 else "/other"
                elif kind == "message":  # an assistant record: its first content block
                    j = line.find(b'"type":"', i + 16)
                    kind = "assistant/" + line[j + 8:line.find(b'"', j + 8)].decode()
                kinds[kind] += 1
                sizes[kind] += len(line)
    lines, total = sum(kinds.values()), sum(sizes.values())
    print(f"Claude Code lines: {lines / mb:.0f} per MB; by first record type (lines, bytes):")
    for kind, n in kinds.most_common(8):
        print(f"  {kind:<26}{n / lines:6.1%} {sizes[kind] / total:6.1%}")

    reads = scan()
    states = [json.dumps(r.state, separators=(",", ":")) for r in reads]
    tools = sum(len(json.dumps(r.state.get("tools", []), separators=(",", ":"))) for r in reads)
    print(f"cursor states: {sum(map(len, states)) / mb / 1000:.1f} KB per MB of log, "
          f"{tools / max(1, sum(map(len, states))):.0%} of it the open turns' tool calls")

    prepare()
    typed = []
    texts = []  # what collect masks: each case's text and context
    for r in reads:
        for ev, snap in zip(r.items, r.snaps):
            if snap is None or not isinstance(ev, Event):
                continue
            names = [c.name for c in snap] if ev.kind in HUMAN_KINDS else None
            typed.append((ev, names))
            if classify_event(ev, names) is not None:
                texts += [ev.text, format_tools(sources.calls(snap))]
    for text in texts:
        mask(text)

    def type_all() -> None:
        for ev, names in typed:
            classify_event(ev, names)

    def mask_all() -> None:
        for text in texts:
            mask(text)

    t_type, t_mask = best(type_all, args.rounds), best(mask_all, args.rounds)
    print(f"typing: {len(typed)} events, {t_type * 1e6 / max(1, len(typed)):.0f} µs each ({t_type * per_mb:.2f} ms/MB); "
          f"masking: {len(texts)} texts (the cases' texts and contexts), "
          f"{t_mask * 1e6 / max(1, len(texts)):.0f} µs each")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
