#!/usr/bin/env python3
"""Speed of `propose`, the merge driver and `ledger validate` on a large proposals ledger.

    python bench/ledger.py [--entries 400] [--runs 3]

Builds, in a temporary folder, a store with --entries (repo, type) groups of 3-6 sightings each
(one shared ledger over many repositories: the dotfiles set-up, the largest realistic ledger),
then times whole processes, started through the installed console script:

  (a) first:     `git-ledger propose --all-repos --commit`, creating every entry,
  (b) nothing:   the same again with nothing new (no write, no commit),
  (c) one more:  one new sighting for one entry (a minimal edit and a commit),
  (d) merge:     `git-ledger ledger merge` of two sides that each added an entry on top,
  (e) validate:  `git-ledger ledger validate` of the ledger,
  (f) startup:   a bare `python -c pass`.

Medians over --runs. Only time and sizes are printed; nothing from the store.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from git_ledger.models import TYPES, Case, case_id  # noqa: E402
from git_ledger.store.store import Store  # noqa: E402


def cli() -> list[str]:
    exe = shutil.which("git-ledger", path=str(Path(sys.executable).parent)) or shutil.which("git-ledger")
    return [exe] if exe else [sys.executable, "-m", "git_ledger"]


def timed(cmd: list[str], env: dict[str, str], cwd: Path) -> float:
    start = time.perf_counter()
    out = subprocess.run(cmd, env=env, cwd=cwd, capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"{cmd[1:3]} failed: {out.stderr.strip()}")
    return time.perf_counter() - start


def cases(groups: int, salt: str = "") -> list[Case]:
    out = []
    for g in range(groups):
        repo, type_ = f"github.com/bench/repo{g // len(TYPES):04d}", TYPES[g % len(TYPES)]
        for k in range(3 + g % 4):
            session, day = f"{salt}s{g}-{k}", f"2026-{9 + k % 2:02d}-{1 + (g + 5 * k) % 28:02d}"
            out.append(Case(case_id("claude", session, "e"), repo, "claude", session, day, f"{day}T10:00:00Z",
                            type_, "human", "(bench)", "", "rule:bench"))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--entries", type=int, default=400)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="git-ledger-bench-") as tmp:
        base = Path(tmp)
        env = {**os.environ, "GIT_LEDGER_HOME": str(base / "home"), "HOME": str(base),
               "GIT_LEDGER_NOW": "2026-11-29T08:00:00Z", "GIT_CONFIG_GLOBAL": str(base / "gitconfig"),
               "GIT_AUTHOR_NAME": "b", "GIT_AUTHOR_EMAIL": "b@b", "GIT_COMMITTER_NAME": "b",
               "GIT_COMMITTER_EMAIL": "b@b"}
        (base / "gitconfig").write_text("[init]\n\tdefaultBranch = main\n[commit]\n\tgpgsign = false\n")
        repo = base / "dotfiles"
        subprocess.run(("git", "init", "-q", str(repo)), check=True, env=env)
        subprocess.run(("git", "-C", str(repo), "commit", "-q", "--allow-empty", "-m", "init"), check=True, env=env)
        with Store.open(base / "home" / "ledger.db") as store:
            store.add_cases(cases(args.entries))
        ledger = repo / "proposals.yaml"
        cmd = cli() + ["propose", "--ledger", str(ledger), "--all-repos", "--commit"]
        first = timed(cmd, env, repo)
        size, lines = ledger.stat().st_size, ledger.read_text().count("\n")
        nothing = statistics.median(timed(cmd, env, repo) for _ in range(args.runs))
        more = []
        for i in range(args.runs):
            with Store.open(base / "home" / "ledger.db") as store:
                store.add_cases([Case(case_id("claude", f"new{i}", "e"), "github.com/bench/repo0000", "claude",
                                      f"new{i}", f"2026-11-0{i + 1}", "2026-11-01T10:00:00Z", TYPES[0],
                                      "human", "(bench)", "", "rule:bench")])
            more.append(timed(cmd, env, repo))
        text = ledger.read_text()
        top = text.index("entries:\n") + len("entries:\n")
        sides = []
        for n, extra in ((1, "premise-error"), (2, "result-error")):
            block = (f"  P-9{n:03d}:\n    repo: github.com/bench/new\n    type: {extra}\n    status: proposed\n"
                     "    first: 2026-10-01\n    last: 2026-10-02\n    units: 2\n    sessions: 2\n"
                     "    dates: [2026-10-01, 2026-10-02]\n    fingerprints:\n"
                     f"      - 2026-10-01/{n:016x}\n      - 2026-10-02/{n + 8:016x}\n")
            sides.append(text[:top] + block + text[top:])
        merges = []
        for _ in range(args.runs):
            for name, content in (("O", text), ("A", sides[0]), ("B", sides[1])):
                (base / name).write_text(content)
            merges.append(timed(cli() + ["ledger", "merge", str(base / "O"), str(base / "A"), str(base / "B")], env, repo))
        validate = statistics.median(timed(cli() + ["ledger", "validate", str(ledger)], env, repo)
                                     for _ in range(args.runs))
        startup = statistics.median(timed([sys.executable, "-c", "pass"], env, repo) for _ in range(args.runs))
    print(f"ledger: {args.entries} entries, {lines} lines, {size / 1024:.0f} KB; load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for name, t in (("first propose (creates all, commits)", first), ("propose, nothing new", nothing),
                    ("propose, one new sighting (edit + commit)", statistics.median(more)),
                    ("ledger merge (both sides added an entry)", statistics.median(merges)),
                    ("ledger validate", validate), ("python -c pass", startup)):
        print(f"  {name:<44} {t:7.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
