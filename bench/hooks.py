#!/usr/bin/env python3
"""Whole-process latency of `git-ledger hook user-prompt-submit` against a bare Python.

    python bench/hooks.py [--runs 41] [--cases 100000]

The baseline is `python -c 'import json,sys; json.load(sys.stdin)'` fed the same hook input:
the least any hook written in Python can cost. Against a store of 100k cases (60% of them in
the benchmarked repo, spread over two years), it times

* a later prompt of a session (the marker file exists: read stdin, check it, exit), and
* the first prompt of a new session (open the store, resolve the repo from its cache, look for
  new log bytes, query the 30-day window, claim the session, print the context),

running the three commands interleaved and reporting medians and ratios. Targets: later prompt
<= 1.5x, first prompt <= 2x. For information it also times a first prompt that finds new bytes
in another session's transcript of the repo (one appended line each run), which imports the
collector and the classifier. Then it runs bench/hooks_stop.py (the Stop hook) when present.
"""
from __future__ import annotations

import argparse
import importlib.util
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
sys.path.insert(0, str(ROOT))

from git_ledger.models import SOURCES, TYPES, Case  # noqa: E402
from git_ledger.store.store import Store  # noqa: E402

REPO = "github.com/example/widget"
NOW = "2026-11-29T12:00:00Z"


def hook_command(python: str) -> list[str]:
    """The console script next to `python`, as `install` writes it."""
    script = Path(python).parent / "git-ledger"
    if script.exists():
        return [str(script), "hook", "user-prompt-submit"]
    return [python, "-m", "git_ledger", "hook", "user-prompt-submit"]


# pip's console-script template (what `pip install` writes into bin/git-ledger)
SCRIPT = """#!{python}
import re
import sys
from git_ledger.main import main
if __name__ == "__main__":
    sys.argv[0] = re.sub(r"(-script\\.pyw|\\.exe)?$", "", sys.argv[0])
    sys.exit(main())
"""


def plain_python(folder: Path, env: dict[str, str]) -> str:
    """A virtualenv without this checkout's editable-install finder, git_ledger on PYTHONPATH:
    the import path of a regular (non-editable) install. The editable finder that this
    repository's development venv loads at every interpreter start imports pathlib, re,
    contextlib and urllib.parse for the bare baseline too, which flatters the ratios."""
    base = getattr(sys, "_base_executable", sys.executable)
    subprocess.run((base, "-m", "venv", "--without-pip", str(folder)), check=True)
    python = str(folder / "bin" / "python")
    script = folder / "bin" / "git-ledger"
    script.write_text(SCRIPT.format(python=python))
    script.chmod(0o755)
    env["PYTHONPATH"] = str(ROOT)
    return python


def fill_store(db: Path, n: int, seed: int = 7) -> None:
    rng = random.Random(seed)
    other_repos = [f"github.com/example/repo{i}" for i in range(20)]
    kinds = list(TYPES) + ["other"]
    cases = []
    for i in range(n):
        repo = REPO if rng.random() < 0.6 else rng.choice(other_repos)
        day = 730 - int(rng.random() * 730)  # days after 2024-11-29
        date = time.strftime("%Y-%m-%d", time.gmtime(1732838400 + day * 86400))
        cases.append(Case(
            id=f"bench{i:07d}", repo=repo, agent="claude", session=f"s{i // 7}", date=date,
            timestamp=f"{date}T{rng.randrange(24):02d}:{rng.randrange(60):02d}:00Z",
            type=rng.choice(kinds), source=rng.choice(SOURCES),
            text=f"synthetic correction number {i}: you skipped the step I asked for",
            context="Edit src/app.py; Bash pytest -q", typed_by="rule:bench",
        ))
    with Store.open(db) as store:
        store.add_cases(cases)


def make_repo(path: Path) -> None:
    path.mkdir(parents=True)
    for args in (("init", "-q"), ("remote", "add", "origin", f"https://{REPO}.git")):
        subprocess.run(("git", "-C", str(path), *args), check=True, capture_output=True)


CPU: dict[str, list[float]] = {}


def timed(cmd: list[str], payload: bytes, env: dict[str, str], kind: str = "") -> tuple[float, bytes]:
    """Wall time of one run; its CPU time (user + system of the child) goes to CPU[kind]."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    out = subprocess.run(cmd, input=payload, capture_output=True, env=env, check=True)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if kind:
        CPU.setdefault(kind, []).append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return wall, out.stdout


HEAVY = ("git", "ruamel", "detect_secrets")


def import_report(hook: list[str], payload: bytes, env: dict[str, str]) -> str:
    """`python -X importtime` of one hook run: what it imported beyond a bare interpreter."""
    python = str(Path(hook[0]).parent / "python") if hook[0].endswith("git-ledger") else hook[0]
    cmd = [python, "-X", "importtime", *(hook if hook[0].endswith("git-ledger") else hook[1:])]
    err = subprocess.run(cmd, input=payload, capture_output=True, env=env, check=True).stderr.decode()
    bare = subprocess.run([python, "-X", "importtime", "-c", "import json,sys; json.load(sys.stdin)"],
                          input=payload, capture_output=True, env=env, check=True).stderr.decode()

    def modules(text: str) -> dict[str, int]:
        out = {}
        for line in text.splitlines():
            if line.startswith("import time:") and "|" in line and "imported package" not in line:
                self_us, _, name = line[len("import time:"):].split("|")
                if self_us.strip().isdigit():
                    out[name.strip()] = int(self_us)
        return out

    extra = {k: v for k, v in modules(err).items() if k not in modules(bare)}
    heavy = sorted(k for k in extra if k.split(".")[0] in HEAVY)
    ours = sorted(k for k in extra if k.startswith("git_ledger"))
    others = sorted((k for k in extra if not k.startswith("git_ledger")), key=lambda k: -extra[k])
    return (f"{len(extra)} modules beyond bare python ({sum(extra.values()) / 1000:.1f} ms self time); "
            f"git_ledger: {', '.join(ours)}; standard library: {', '.join(others)}; "
            f"gitpython/ruamel/detect-secrets: {', '.join(heavy) or 'none'}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=41)
    ap.add_argument("--cases", type=int, default=100_000)
    ap.add_argument("--plain", action="store_true",
                    help="time a regular install's import path instead of this venv's editable one")
    args = ap.parse_args(argv)

    tmp = Path(tempfile.mkdtemp(prefix="gl-bench-hooks-"))
    try:
        home = tmp / "home"
        home.mkdir()
        env = {k: v for k, v in os.environ.items() if not k.startswith(("GIT_LEDGER", "CLAUDE", "CODEX"))}
        env.update(HOME=str(home), GIT_LEDGER_HOME=str(tmp / "ledger-home"), GIT_LEDGER_NOW=NOW,
                   CLAUDE_CONFIG_DIR=str(tmp / "claude"),
                   XDG_CONFIG_HOME=str(home / ".config"), XDG_DATA_HOME=str(home / ".local/share"),
                   # cached bytecode, as in a real install, kept out of the checkout
                   PYTHONPYCACHEPREFIX=str(tmp / "pycache"))
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        python = plain_python(tmp / "venv", env) if args.plain else sys.executable
        repo = tmp / "widget"
        make_repo(repo)
        t = time.perf_counter()
        fill_store(tmp / "ledger-home" / "ledger.db", args.cases)
        print(f"store: {args.cases} cases in {time.perf_counter() - t:.1f}s; hook: {' '.join(hook_command(python))}"
              + (" (regular-install import path)" if args.plain else " (this venv)"))

        def payload(session: str) -> bytes:
            return json.dumps({
                "session_id": session, "transcript_path": str(home / ".claude/projects/x" / f"{session}.jsonl"),
                "cwd": str(repo), "permission_mode": "default", "hook_event_name": "UserPromptSubmit",
                "prompt": "fix the parser and run the tests",
            }).encode()

        from git_ledger.hooks.fresh import claude_folder_name

        transcript = tmp / "claude" / "projects" / claude_folder_name(str(repo)) / "other-session.jsonl"
        transcript.parent.mkdir(parents=True)

        def append_correction(i: int) -> None:
            with transcript.open("a", encoding="utf-8") as f:
                # The agent acts first: a message that opens a session is never a correction.
                f.write(json.dumps({
                    "type": "assistant", "uuid": f"a{i}", "parentUuid": None, "sessionId": "other-session",
                    "timestamp": f"2026-11-29T23:{i // 60 % 60:02d}:{i % 60:02d}.000Z", "cwd": str(repo),
                    "isSidechain": False, "message": {"role": "assistant", "content": [
                        {"type": "tool_use", "id": f"toolu_{i}", "name": "Edit", "input": {"file_path": "CHANGELOG.md"}}]},
                }) + "\n")
                f.write(json.dumps({
                    "type": "user", "uuid": f"u{i}", "parentUuid": None, "sessionId": "other-session",
                    "timestamp": f"2026-11-29T23:{i // 60 % 60:02d}:{i % 60:02d}.000Z", "cwd": str(repo), "isSidechain": False,
                    "message": {"role": "user", "content": f"you forgot the changelog again ({i})"},
                }) + "\n")

        bare = [python, "-c", "import json,sys; json.load(sys.stdin)"]
        hook = hook_command(python)
        # warm-up: the repo cache, the OS page cache, the later-prompt marker
        _, out = timed(hook, payload("warm"), env)
        if b"additionalContext" not in out:
            print("warning: the first prompt injected nothing", file=sys.stderr)
        samples: dict[str, list[float]] = {"bare": [], "later": [], "first": [], "fresh": []}
        for i in range(args.runs):
            order = ["bare", "later", "first", "fresh"]
            random.Random(i).shuffle(order)
            for kind in order:
                if kind == "bare":
                    samples[kind].append(timed(bare, payload("warm"), env, kind)[0])
                elif kind == "later":
                    dt, out = timed(hook, payload("warm"), env, kind)
                    assert not out.strip(), "a later prompt printed something"
                    samples[kind].append(dt)
                elif kind == "first":
                    dt, out = timed(hook, payload(f"first-{i}"), env, kind)
                    assert b"additionalContext" in out, "a first prompt injected nothing"
                    samples[kind].append(dt)
                else:
                    append_correction(i)
                    dt, out = timed(hook, payload(f"fresh-{i}"), env, kind)
                    assert f"changelog again ({i})".encode() in out, "the fresh correction was not injected"
                    samples[kind].append(dt)
        med = {k: statistics.median(v) for k, v in samples.items()}
        cpu = {k: statistics.median(v) for k, v in CPU.items()}
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
        print(f"runs: {args.runs} each, interleaved; medians, wall (and CPU); load average {load:.1f}:")
        labels = {"bare": "bare python", "later": "later prompt", "first": "first prompt",
                  "fresh": "first prompt, new log bytes"}
        for k in ("bare", "later", "first", "fresh"):
            print(f"  {labels[k]:<28} {med[k] * 1000:7.1f} ms  {med[k] / med['bare']:5.2f}x"
                  f"   (CPU {cpu[k] * 1000:6.1f} ms  {cpu[k] / cpu['bare']:5.2f}x)")
        ok = med["later"] / med["bare"] <= 1.5 and med["first"] / med["bare"] <= 2.0
        print("targets on wall time (later <= 1.5x, first <= 2x):", "met" if ok else "NOT met")
        for kind, session in (("later prompt", "warm"), ("first prompt", "importtime")):
            print(f"imports, {kind}: {import_report(hook, payload(session), env)}")
        log = Path(env["GIT_LEDGER_HOME"]) / "hooks.log"
        if log.exists():
            print("hook log:", log.read_text()[-500:])
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    stop = Path(__file__).with_name("hooks_stop.py")
    if stop.exists() and not args.plain:
        spec = importlib.util.spec_from_file_location("bench_hooks_stop", stop)
        if spec is not None and spec.loader is not None:
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            print()
            module.main(["--runs", str(args.runs)])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
