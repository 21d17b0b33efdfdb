#!/usr/bin/env python3
"""Speed of `git-ledger cards audit` (it runs as a pre-commit hook) and the resident sizes.

    python bench/cards_audit.py [--cards 60] [--runs 5]

Builds a git repo in a temp dir with a procedures/ library of --cards valid cards (each naming a
repo path and a command, so the stale-target checks do their git and PATH look-ups), commits it,
then times the whole process `python -m git_ledger cards audit` (median of --runs) against a bare
`python -c pass`, and prints the byte sizes of what is resident (the snippet) and of the templates.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from git_ledger.cards.init import BEGIN, END, snippet, template  # noqa: E402

CARD = """# {name}

> **Trigger**: phenomenon {i} / symptom {i} shows up
> **Verify**: `git status --short` prints nothing

## Preferred
`sh scripts/tool{i}.sh --fix`

## When blocked
`git stash --include-untracked`

## Don't again
| detour | why it fails |
| --- | --- |
| `make clean` | removes the cache the build needs |

## Notes
- the tool reads `.cache/` first

Evidence: session {i:08x}; verified 2026-11-20; layer: project
"""


def timed(cmd: list[str], cwd: Path, env: dict[str, str], runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, check=False)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--cards", type=int, default=60)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    env = {**os.environ, "GIT_LEDGER_NOW": "2026-11-29T12:00:00Z", "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    with tempfile.TemporaryDirectory() as tmp:
        repo = Path(tmp)
        git = ["git", "-C", str(repo), "-c", "user.name=bench", "-c", "user.email=b@example.com"]
        subprocess.run([*git, "init", "-q"], check=True)
        (repo / "scripts").mkdir()
        subprocess.run([sys.executable, "-m", "git_ledger", "cards", "init"], cwd=repo, env=env, check=True,
                       capture_output=True)
        for i in range(args.cards):
            (repo / "scripts" / f"tool{i}.sh").write_text("#!/bin/sh\n")
            (repo / "procedures" / f"bench-case{i}.md").write_text(CARD.format(name=f"bench-case{i}", i=i))
        subprocess.run([*git, "add", "-A"], check=True)
        subprocess.run([*git, "commit", "-qm", "library"], check=True)
        audit = timed([sys.executable, "-m", "git_ledger", "cards", "audit"], repo, env, args.runs)
        bare = timed([sys.executable, "-c", "pass"], repo, env, args.runs)
        out = subprocess.run([sys.executable, "-m", "git_ledger", "cards", "audit"], cwd=repo, env=env,
                             capture_output=True, text=True)
    print(f"cards audit, {args.cards} cards: {audit * 1000:.0f} ms (bare python {bare * 1000:.0f} ms); "
          f"last line: {out.stdout.strip().splitlines()[-1]}")
    for lang in ("en", "zh"):
        resident = f"{BEGIN}\n{snippet(lang, 'procedures').rstrip()}\n{END}\n"
        sizes = ", ".join(f"{n} {len(template(lang, n).encode())} B"
                          for n in ("INDEX.md", "_template.md", "_inbox.md", "_layers.md"))
        print(f"{lang}: resident snippet {len(resident.encode())} B ({len(resident)} chars) with markers; {sizes}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
