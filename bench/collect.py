#!/usr/bin/env python3
"""Speed of `git-ledger collect` on a large corpus of real logs, against bare Python.

    python bench/collect.py [--mb 500] [--runs 3] [--out DIR] [--keep] [--ccusage BIN]

Builds a corpus of at least --mb megabytes by replicating every log in the shared fixtures
(../shared/fixtures/transcripts, or $GIT_LEDGER_SHARED/fixtures/transcripts; the bench stops with
a message without them) with fresh session ids, then, in this one invocation, times

  (a) floor:   a bare Python process reading every line of the same files (`for line in f`),
  (b) first:   `git-ledger collect --logs CORPUS --json` into a fresh store,
  (c) rescan:  `git-ledger collect --logs CORPUS` again, with nothing changed,
  (d) startup: a bare `python -c pass` (the same interpreter),
  (e) parsing: the collector's own share of (b): every file through `sources.scan_events` (the
               lean read collect uses) in a process pool, without typing, masking or storing,

  (g) with --plain, (c) and (d) again through a virtualenv without this checkout's editable
               finder (git_ledger on PYTHONPATH: a regular install's import path; the finder the
               development venv loads into every interpreter flatters the rescan ratio), and two
               floors of such a rescan in the same interpreter: `import re` (what the console
               script pip writes runs before any of our code) and `import re` plus an `os.stat` of
               every file and folder of the corpus (what any rescan that notices an appended log
               must at least do),
               The console script is timed as two pip versions write it: pip before 25.0 (the
               script imports `re` to strip a Windows suffix from argv[0]) and pip 25.0 and later
               (pypa/pip#13166; as pip 26.3 writes it here: no `import re`; uv's has none either),
  (f) ccusage: with --ccusage (the `ccusage` script of an npm install made outside the repository,
               e.g. `npm install --prefix /tmp/ccusage ccusage@17.2.1`), its daily report over the
               same logs, offline: `CLAUDE_CONFIG_DIR=DIR ccusage daily --offline --json`, with
               DIR/projects a link to the corpus and HOME an empty folder,

  (h) with --against DIR (a checkout of an earlier commit, e.g. `git archive REV | tar -x -C DIR`),
               its first collect too, interleaved with (b) in each run (PYTHONPATH=DIR), and a check
               that both stores hold the same results: every case, session and cursor (offset,
               size and state; an open turn's calls compared on id, name and target, all a lean
               cursor keeps since the lean cursor state) and the same --json summary,

and prints the ratios first/floor (target <= 2), rescan/startup (target <= 1.5) and ccusage/first
in CPU (target >= 10). Every
timing is the whole process, started the way a user starts it (the installed console script).
Medians over --runs (the rescan and startup are run 5x as often: they are short and noisy).
The machine's load average is printed too: on a shared machine it moves every number.

Last, where a first collect's CPU goes, in one process on about 50 MB of the corpus (best of 5,
imports done first): typing (CPU time inside `classify_event`), masking (inside `redact.mask`),
reading (the rest of `collect.work`: `scan_events`, the cases' contexts, the bookkeeping), per
MB, and the one-off costs: importing the rule packs and detect-secrets, building the gates.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from git_ledger import sources  # noqa: E402

FIXTURES = Path(os.environ.get("GIT_LEDGER_SHARED") or ROOT.parent / "shared") / "fixtures" / "transcripts"
# The console script pip 25.0 and later writes (pip 26.3's, checked here with a regular install).
PIP25_SCRIPT = """#!{python}
import sys
from git_ledger.main import main
if __name__ == '__main__':
    sys.argv[0] = sys.argv[0].removesuffix('.exe')
    sys.exit(main())
"""
STAT_FLOOR = "import re, sys, os\nwith open(sys.argv[1]) as f:\n    for p in f.read().split('\\n'):\n        os.stat(p)\n"
FLOOR = "import sys\nfor p in sys.argv[1:]:\n    with open(p, 'rb') as f:\n        for line in f:\n            pass\n"
PARSE_ONLY = """
import os, sys
from concurrent.futures import ProcessPoolExecutor
from git_ledger import sources
from git_ledger.classify.classify import may_admit

def read(path):
    agent = sources.sniff(path)
    return len(sources.scan_events(path, agent, keep_text=may_admit).items) if agent else 0

if __name__ == "__main__":
    files = sorted(sys.argv[1:], key=os.path.getsize, reverse=True)
    with ProcessPoolExecutor(len(os.sched_getaffinity(0))) as pool:
        print(sum(pool.map(read, files, chunksize=8)))
"""

BREAKDOWN = """
import json, os, sys, time
clock = time.process_time
t = clock()
import git_ledger.classify.classify as C
t_classify = clock() - t
t = clock()
from git_ledger.masking import secretscan
secretscan.scan([], eager=True)
t_secrets = clock() - t
t = clock()
if hasattr(C, "prepare"):
    C.prepare()
t_prepare = clock() - t
from git_ledger import sources
from git_ledger.collect import collect
from git_ledger.masking import mask as redact
files = [(sources.sniff(p), p) for p in sys.argv[1:]]
mb = sum(os.path.getsize(p) for _, p in files) / 1e6
spent = {"classify": 0.0, "mask": 0.0}
mask, classify_event = redact.mask, C.classify_event
def timed(name, fn):
    def call(*args, **kwargs):
        t = clock()
        try:
            return fn(*args, **kwargs)
        finally:
            spent[name] += clock() - t
    return call
redact.mask, C.classify_event = timed("mask", mask), timed("classify", classify_event)
def run():
    spent.update(classify=0.0, mask=0.0)
    t = clock()
    for agent, path in files:
        collect.work(collect.Job(path, agent, 0, None, 0, 0, 0.0), None, None)
    return {"total": clock() - t, **spent}
run()  # every lazily compiled regex compiled
runs = [run() for _ in range(5)]
best = {k: min(r[k] for r in runs) for k in runs[0]}
best["read"] = min(r["total"] - r["classify"] - r["mask"] for r in runs)
print(json.dumps({"mb": mb, "read": best["read"] / mb, "classify": best["classify"] / mb,
                  "mask": best["mask"] / mb, "import_classify": t_classify,
                  "import_secrets": t_secrets, "prepare": t_prepare}))
"""


def session_ids(path: Path, agent: str) -> set[str]:
    """The session ids written in a log (they are replaced to make each copy a new session)."""
    ids: set[str] = set()
    if agent == "gemini":
        ids.add(json.loads(path.read_bytes())["sessionId"])
        return ids
    with path.open("rb") as f:
        for line in f:
            try:
                r = json.loads(line)
            except ValueError:
                continue
            sid = r.get("sessionId") or (r.get("payload") or {}).get("id") if isinstance(r, dict) else None
            if isinstance(sid, str) and len(sid) >= 16:
                ids.add(sid)
    return ids


def build_corpus(out: Path, megabytes: int) -> tuple[list[Path], int]:
    logs = [(a, Path(p)) for a, p in sources.discover([FIXTURES])]
    originals = [(p, p.relative_to(FIXTURES), p.read_bytes(), session_ids(p, a)) for a, p in logs]
    per_copy = sum(len(b) for _, _, b, _ in originals)
    copies = -(-megabytes * 1_000_000 // per_copy)
    files: list[Path] = []
    total = 0
    for i in range(copies):
        for _, rel, data, ids in originals:
            for sid in ids:
                data = data.replace(sid.encode(), str(uuid.uuid5(uuid.NAMESPACE_URL, f"{sid}/{i}")).encode())
            dest = out / f"copy{i:04d}" / rel
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_bytes(data)
            files.append(dest)
            total += len(data)
    return files, total


def store_results(home: Path) -> dict[str, list[tuple[object, ...]]]:
    """What a first collect stored, in an order that does not depend on the run: the cases, the
    sessions and the cursors (their state with each open call as id, name and target)."""
    import sqlite3

    db = sqlite3.connect(home / "ledger.db")
    try:
        out: dict[str, list[tuple[object, ...]]] = {
            "cases": sorted(db.execute("SELECT * FROM cases")),
            "sessions": sorted(db.execute("SELECT * FROM sessions")),
        }
        cursors = []
        for path, agent, inode, size, offset, mtime, state in db.execute("SELECT * FROM cursors"):
            st = json.loads(state)
            st["tools"] = [t[:3] for t in st.get("tools", [])]
            cursors.append((path, agent, inode, size, offset, mtime, json.dumps(st, sort_keys=True)))
        out["cursors"] = sorted(cursors)
    finally:
        db.close()
    return out


def same_results(a: Path, b: Path) -> str:
    """"identical" or which of the stored results differ, and by how many rows."""
    ra, rb = store_results(a), store_results(b)
    diffs = [f"{k}: {len(set(ra[k]) ^ set(rb[k]))} rows differ ({len(ra[k])} / {len(rb[k])})"
             for k in ra if ra[k] != rb[k]]
    return "; ".join(diffs) or f"identical ({', '.join(f'{len(v)} {k}' for k, v in ra.items())})"


def git_ledger() -> list[str]:
    script = Path(sys.executable).parent / "git-ledger"
    return [str(script)] if script.exists() else [sys.executable, "-m", "git_ledger"]


# As after an install: bytecode compiled once and cached (a developer shell may forbid writing it).
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def timed(cmd: list[str], env: dict[str, str] | None = None) -> tuple[float, float, str]:
    """(wall seconds, CPU seconds of the process and its children, stdout)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    out = subprocess.run(cmd, env=env or ENV, capture_output=True, text=True)
    elapsed = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if out.returncode != 0:
        raise SystemExit(f"{cmd[0]} failed ({out.returncode}): {out.stderr.strip()[-500:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return elapsed, cpu, out.stdout


def first_collect_of(checkout: Path, home: Path, collect_cmd: list[str]) -> tuple[float, float, str]:
    """A first collect by the code in `checkout` (first on PYTHONPATH, ahead of this checkout)."""
    shutil.rmtree(home, ignore_errors=True)
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(checkout / "git_ledger")], env=ENV, check=True)
    return timed(collect_cmd, {**ENV, "GIT_LEDGER_HOME": str(home), "PYTHONPATH": str(checkout)})


def line(name: str, runs: list[tuple[float, float]], digits: int = 0) -> str:
    wall = statistics.median(w for w, _ in runs) * 1000
    cpu = statistics.median(c for _, c in runs) * 1000
    return f"{name:<24}{wall:9.{digits}f} ms wall {cpu:9.{digits}f} ms CPU   (walls: {', '.join(f'{w * 1000:.{digits}f}' for w, _ in runs)})"


def ratio(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> str:
    wall = statistics.median(w for w, _ in a) / statistics.median(w for w, _ in b)
    cpu = statistics.median(c for _, c in a) / statistics.median(c for _, c in b)
    return f"{wall:.2f} wall, {cpu:.2f} CPU"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mb", type=int, default=500, help="corpus size in MB (default 500)")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--out", type=Path, default=None, help="corpus folder (default: a temp dir)")
    ap.add_argument("--keep", action="store_true", help="keep the corpus and the stores")
    ap.add_argument("--reuse", action="store_true", help="reuse the corpus already in --out")
    ap.add_argument("--ccusage", type=Path, default=None, help="the ccusage script to compare with")
    ap.add_argument("--plain", action="store_true", help="also time (c) and (d) as a regular install")
    ap.add_argument("--against", type=Path, default=None,
                    help="a checkout of an earlier commit: time its first collect too and compare the results")
    args = ap.parse_args()
    if not args.reuse and not FIXTURES.is_dir():
        print(f"no fixtures at {FIXTURES}: set GIT_LEDGER_SHARED to the shared folder", file=sys.stderr)
        return 0
    work = args.out or Path(tempfile.mkdtemp(prefix="git-ledger-bench-"))
    corpus = work / "corpus"
    t = time.perf_counter()
    if args.reuse and corpus.is_dir():
        files = [Path(p) for _, p in sources.discover([corpus])]
        total = sum(p.stat().st_size for p in files)
    else:
        shutil.rmtree(corpus, ignore_errors=True)
        files, total = build_corpus(corpus, args.mb)
    print(f"corpus: {len(files)} files, {total / 1e6:.0f} MB in {corpus} (built in {time.perf_counter() - t:.1f} s)")
    env = dict(ENV)
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "git_ledger")], env=ENV, check=True)
    floor_cmd = [sys.executable, "-c", FLOOR, *map(str, files)]
    collect_cmd = [*git_ledger(), "collect", "--logs", str(corpus), "--json"]
    timed(floor_cmd)  # warm the page cache once, so every contender reads from memory
    parse_cmd = [sys.executable, "-c", PARSE_ONLY, *map(str, files)]
    rescan_cmd = [*git_ledger(), "collect", "--logs", str(corpus)]
    cc_env = dict(ENV)
    cc_cmd: list[str] = []
    if args.ccusage is not None:
        config = work / "ccusage-config"
        (work / "ccusage-home").mkdir(exist_ok=True)
        config.mkdir(exist_ok=True)
        if not (config / "projects").exists():
            (config / "projects").symlink_to(corpus, target_is_directory=True)
        cc_env.update(CLAUDE_CONFIG_DIR=str(config), HOME=str(work / "ccusage-home"), LOG_LEVEL="0")
        cc_cmd = [str(args.ccusage), "daily", "--offline", "--json"]
    ccusages: list[tuple[float, float]] = []
    plain_env = dict(ENV)
    plain_rescan: list[str] = []
    plain_start: list[str] = []
    if args.plain:
        from hooks import plain_python  # bench/hooks.py: the same regular-install venv

        python = plain_python(work / "plain-venv", plain_env)
        plain_rescan = [str(Path(python).parent / "git-ledger"), "collect", "--logs", str(corpus)]
        script25 = Path(python).parent / "git-ledger-pip25"
        script25.write_text(PIP25_SCRIPT.format(python=python))
        script25.chmod(0o755)
        plain_rescan25 = [str(script25), "collect", "--logs", str(corpus)]
        plain_start = [python, "-c", "pass"]
        plain_re = [python, "-c", "import re"]
        entries = [str(corpus), *(str(d) for d in corpus.rglob("*") if d.is_dir()), *map(str, files)]
        (work / "entries.txt").write_text("\n".join(entries))  # a file: 3,000 paths in argv cost the exec
        plain_stats = [python, "-c", STAT_FLOOR, str(work / "entries.txt")]
    plain_rescans: list[tuple[float, float]] = []
    plain_rescans25: list[tuple[float, float]] = []
    plain_starts: list[tuple[float, float]] = []
    plain_res: list[tuple[float, float]] = []
    plain_statfloors: list[tuple[float, float]] = []
    load_before = os.getloadavg()
    floors: list[tuple[float, float]] = []
    firsts: list[tuple[float, float]] = []
    rescans: list[tuple[float, float]] = []
    starts: list[tuple[float, float]] = []
    parses: list[tuple[float, float]] = []
    olds: list[tuple[float, float]] = []
    compared: list[str] = []
    summary = ""
    for run in range(args.runs):
        floors.append(timed(floor_cmd)[:2])
        home = work / f"home{run}"
        if args.against is not None and run % 2:  # the earlier code first every other run
            olds.append(first_collect_of(args.against, work / f"home-against{run}", collect_cmd))
        shutil.rmtree(home, ignore_errors=True)
        env["GIT_LEDGER_HOME"] = str(home)
        wall, cpu, summary = timed(collect_cmd, env)
        firsts.append((wall, cpu))
        if args.against is not None:
            if not run % 2:
                olds.append(first_collect_of(args.against, work / f"home-against{run}", collect_cmd))
            summary_old = olds[-1][2]
            olds[-1] = olds[-1][:2]
            compared.append(same_results(home, work / f"home-against{run}")
                            + ("" if summary_old == summary else "; the --json summaries differ"))
        parses.append(timed(parse_cmd)[:2])
        if cc_cmd:
            ccusages.append(timed(cc_cmd, cc_env)[:2])
        time.sleep(2.1)  # let the folders' mtimes age past the snapshot's racy window
        for _ in range(5):
            rescans.append(timed(rescan_cmd, env)[:2])
            starts.append(timed([sys.executable, "-c", "pass"])[:2])
            if plain_rescan:
                plain_rescans.append(timed(plain_rescan, {**plain_env, "GIT_LEDGER_HOME": env["GIT_LEDGER_HOME"]})[:2])
                plain_rescans25.append(timed(plain_rescan25, {**plain_env, "GIT_LEDGER_HOME": env["GIT_LEDGER_HOME"]})[:2])
                plain_starts.append(timed(plain_start, plain_env)[:2])
                plain_res.append(timed(plain_re, plain_env)[:2])
                plain_statfloors.append(timed(plain_stats, plain_env)[:2])
    first = json.loads(summary)
    print(f"machine: {platform.machine()}, {os.cpu_count()} cpus, Python {platform.python_version()}, {platform.system()}; "
          f"load average {load_before[0]:.1f} before, {os.getloadavg()[0]:.1f} after")
    print(f"first collect: {first['files']} files, {first['events']} events, {first['cases']} cases, "
          f"{first['lines_skipped']} malformed lines")
    print(line("(a) floor, line read", floors))
    print(line("(b) first collect", firsts))
    print(line("(c) no-change rescan", rescans, 1))
    print(line("(d) python -c pass", starts, 1))
    print(line("(e) parsing only", parses))
    print(f"first / floor    = {ratio(firsts, floors)}  (target <= 2)")
    print(f"parsing / floor  = {ratio(parses, floors)}")
    print(f"rescan / startup = {ratio(rescans, starts)}  (target <= 1.5)")
    if plain_rescans:
        print(line("(g) rescan, plain", plain_rescans, 1))
        print(line("(g) rescan, pip>=25 script", plain_rescans25, 1))
        print(line("(g) python -c pass, plain", plain_starts, 1))
        print(f"plain rescan / startup = {ratio(plain_rescans, plain_starts)} (pip < 25's script), "
              f"{ratio(plain_rescans25, plain_starts)} (pip >= 25's)  (target <= 1.5)")
        print(line("(g) import re, plain", plain_res, 1))
        print(line("(g) import re + stats", plain_statfloors, 1))
        print(f"plain rescan / import re = {ratio(plain_rescans, plain_res)}; "
              f"stat floor / startup = {ratio(plain_statfloors, plain_starts)}")
    if olds:
        print(line("(h) first, --against", olds))
        print(f"first / against  = {ratio(firsts, olds)}; results: {' | '.join(sorted(set(compared)))}")
    if ccusages:
        print(line("(f) ccusage daily", ccusages))
        print(f"ccusage / first  = {ratio(ccusages, firsts)}  (target >= 10 in CPU)")
    sample = [str(p) for p in files if p.relative_to(corpus).parts[0] < "copy0014"]  # ~50 MB
    split = json.loads(timed([sys.executable, "-c", BREAKDOWN, *sample])[2])
    print(f"where the CPU goes (one process, {split['mb']:.0f} MB): reading {split['read'] * 1000:.2f} ms/MB, "
          f"typing {split['classify'] * 1000:.2f} ms/MB, masking {split['mask'] * 1000:.2f} ms/MB; floor "
          f"{statistics.median(c for _, c in floors) * 1000 / (total / 1e6):.2f} ms/MB; imports: rule packs "
          f"{split['import_classify'] * 1000:.0f} ms, detect-secrets {split['import_secrets'] * 1000:.0f} ms, "
          f"classifier gates {split['prepare'] * 1000:.0f} ms")
    if not args.keep and args.out is None:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
