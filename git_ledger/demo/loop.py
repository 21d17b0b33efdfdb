"""The whole loop on the bundled real sessions, in a temporary home and a temporary git repository.

Each step runs the real `git-ledger` command (or git) as a subprocess, with an environment that
points every location git-ledger and the agents use (store, config, Claude and Codex folders,
pre-commit's cache, git identity) into the work folder, so nothing of the user's is read or
changed. The bundled logs are copied with their working folder set to the temporary repository
(the sessions were recorded elsewhere), so their cases belong to it. The clock is set to the day
after the newest bundled session, so that the injection window (30 days) holds them.

The stored text lives only in the temporary home; the temporary repository's commit holds the
text-free ledger, which is what the demo shows.
"""
from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from git_ledger.errors import FatalError

DEMO_NOW = "2026-01-24T09:00:00Z"  # the day after the newest bundled session
ORIGIN = "https://github.com/example/demo.git"
NOTES = "notes.md"
MAX_WIDTH = 110  # output lines are clipped to this width, so each step stays a short paragraph
OWN_MACHINE = (
    ("git-ledger install claude", "the injection and Stop hooks, in ~/.claude/settings.json"),
    ("git-ledger collect", "your own sessions into the local store (nothing leaves this machine)"),
    ("cd your-repo && git-ledger inject preview", "what your next session there will be told"),
)


@dataclass(frozen=True)
class Step:
    title: str  # one sentence: what the step shows
    argv: tuple[str, ...]  # run as is; `shown` is how the reader would type it
    shown: str
    max_lines: int = 8
    fails: bool = False  # the step shows a refusal (exit code 1)
    exact: bool = False  # shown unclipped (what the agent receives, to the byte)


@dataclass(frozen=True)
class Workspace:
    work: Path
    logs: Path
    repo: Path
    env: dict[str, str] = field(repr=False)


@dataclass(frozen=True)
class Output:
    lines: list[str]
    hidden: int  # lines left out to keep the paragraph short
    returncode: int


def bundled_logs() -> list[tuple[str, bytes]]:
    """(file name, content) of the demo logs shipped in git_ledger/resources/demo."""
    folder = resources.files("git_ledger").joinpath("resources", "demo")
    return sorted((item.name, item.read_bytes()) for item in folder.iterdir()
                  if item.name.endswith((".jsonl", ".json")))


def relocate(name: str, data: bytes, cwd: str) -> bytes:
    """The log with its working folder set to `cwd`: each Claude record's `cwd`, or a Gemini
    chat's `projectHash` (the SHA-256 of its project folder)."""
    if name.endswith(".json"):
        doc = json.loads(data)
        doc["projectHash"] = hashlib.sha256(cwd.encode()).hexdigest()
        return json.dumps(doc, ensure_ascii=False, indent=2).encode()
    out = []
    for line in data.decode("utf-8").splitlines():
        record = json.loads(line)
        if isinstance(record, dict) and "cwd" in record:
            record["cwd"] = cwd
        out.append(json.dumps(record, ensure_ascii=False, separators=(",", ":")))
    return ("\n".join(out) + "\n").encode()


def demo_env(work: Path, base: Mapping[str, str]) -> dict[str, str]:
    """`base` with every location git-ledger, the agents, git and pre-commit use moved into `work`."""
    home = work / "home"
    keep = {k: v for k, v in base.items() if not k.startswith(("GIT_", "CLAUDE_", "CODEX_", "PRE_COMMIT"))}
    return {
        **keep,
        "GIT_LEDGER_HOME": str(home / "git-ledger"),
        "GIT_LEDGER_NOW": DEMO_NOW,
        "CLAUDE_CONFIG_DIR": str(home / ".claude"),
        "CODEX_HOME": str(home / ".codex"),
        "PRE_COMMIT_HOME": str(work / "pre-commit-cache"),
        "GIT_CONFIG_GLOBAL": str(home / ".gitconfig"),
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_AUTHOR_NAME": "git-ledger demo", "GIT_AUTHOR_EMAIL": "demo@example.com",
        "GIT_COMMITTER_NAME": "git-ledger demo", "GIT_COMMITTER_EMAIL": "demo@example.com",
        "PYTHONUTF8": "1",
    }


def prepare(work: Path, base_env: Mapping[str, str]) -> Workspace:
    """The temporary repository (with the no-raw-text pre-commit hook), its logs and environment."""
    env = demo_env(work, base_env)
    repo = work / "demo-repo"
    if repo.exists():
        raise FatalError(f"{work} already holds a demo: give an empty or new folder")
    logs = work / "logs"
    for folder in (repo, logs, Path(env["GIT_LEDGER_HOME"]), Path(env["CLAUDE_CONFIG_DIR"])):
        folder.mkdir(parents=True, exist_ok=True)
    Path(env["GIT_CONFIG_GLOBAL"]).write_text("[init]\n\tdefaultBranch = main\n[commit]\n\tgpgsign = false\n")
    for name, data in bundled_logs():
        (logs / name).write_bytes(relocate(name, data, str(repo)))
    entry = f"{sys.executable} -c 'import sys; from git_ledger.precommit.no_raw_text import main; " \
            "sys.exit(main())'"
    (repo / ".pre-commit-config.yaml").write_text(
        "repos:\n-   repo: local\n    hooks:\n    -   id: git-ledger-no-raw-text\n"
        "        name: git-ledger no raw text or secrets\n"
        f"        entry: {json.dumps(entry)}\n        language: system\n        types: [file]\n"
        "        require_serial: true\n")
    (repo / "AGENTS.md").write_text("# Agents\n\nRun the tests before saying done.\n")
    for argv in (("git", "init", "-q"), ("git", "remote", "add", "origin", ORIGIN),
                 ("git", "add", "."), ("git", "commit", "-q", "-m", "initial"),
                 (sys.executable, "-m", "pre_commit", "install")):
        done = subprocess.run(argv, cwd=repo, env=env, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise FatalError(f"demo: {' '.join(argv[:3])} failed: {(done.stderr or done.stdout).strip()[:300]}")
    return Workspace(work, logs, repo, env)


def steps(ws: Workspace) -> list[tuple[str, Step]]:
    """(key, step) in the order of the loop."""
    gl = (sys.executable, "-m", "git_ledger")
    return [
        ("collect", Step("Collect: the corrections in the sessions go into a local store, secrets masked.",
                         (*gl, "collect", "--logs", str(ws.logs)), f"git-ledger collect --logs {ws.logs}")),
        ("show", Step("Show: each case with its id, type, source, text and the tool calls before it (local only).",
                      (*gl, "show", "--limit", "4"), "git-ledger show --limit 4", max_lines=13)),
        ("inject", Step("Inject: exactly what the next session in this repository is told at its first prompt.",
                        (*gl, "inject", "preview"), "git-ledger inject preview", max_lines=12, exact=True)),
        ("propose", Step("Promote: the same type in two sessions on two days becomes a proposal, committed alone.",
                         (*gl, "propose", "--commit"), "git-ledger propose --commit")),
        ("git-show", Step("The commit holds counts, dates and hashes only: no text.",
                          ("git", "show", "--format=commit %h %s", "HEAD"), "git show HEAD", max_lines=26)),
        ("refuse", Step(f"The pre-commit hook refuses a file that quotes a stored correction ({NOTES}).",
                        ("git", "commit", "-m", "notes"), f"git add {NOTES} && git commit -m notes",
                        fails=True)),
        ("guard", Step("The Stop guard, replayed over the bundled sessions: would it have asked for evidence?",
                       (*gl, "guard", "replay", "--logs", str(ws.logs)), f"git-ledger guard replay --logs {ws.logs}")),
        ("cards", Step("Cards: a procedures/ library, its snippet in AGENTS.md, and its audit.",
                       (*gl, "cards", "init", "--agents-file", "AGENTS.md"),
                       "git-ledger cards init --agents-file AGENTS.md")),
        ("audit", Step("", (*gl, "cards", "audit"), "git-ledger cards audit")),
    ]


def stage_quote(ws: Workspace) -> None:
    """Write and stage a note that quotes the newest typed human correction (for `refuse`) that has a
    line long enough for the hook to tell from common words ("what are you doing?" has none): that line."""
    from git_ledger.models import TYPES
    from git_ledger.precommit.rawtext import patterns
    from git_ledger.store.store import Store

    with Store.open_readonly(Path(ws.env["GIT_LEDGER_HOME"]) / "ledger.db") as store:
        line = next((x for c in store.cases(sources=["human"], types=TYPES)
                     for x in c.text.splitlines() if patterns(x)), "")
    (ws.repo / NOTES).write_text(f"# Notes from the review\n\n{line}\n", encoding="utf-8")
    subprocess.run(("git", "add", NOTES), cwd=ws.repo, env=ws.env, capture_output=True, check=True)


def run_step(ws: Workspace, step: Step) -> Output:
    done = subprocess.run(step.argv, cwd=ws.repo, env=ws.env, capture_output=True, text=True,
                          encoding="utf-8", errors="replace", timeout=120, check=False)
    text = (done.stdout + done.stderr) if done.returncode else done.stdout
    lines = [x.replace(str(ws.work), "$DEMO") for x in text.splitlines() if x.strip()]
    if not step.exact:
        lines = [clip(x) for x in lines]
    if (done.returncode != 0) != step.fails:
        raise FatalError(f"demo step `{step.shown}` exited {done.returncode}: {' / '.join(lines[-3:])}")
    shown = lines[:step.max_lines]
    return Output(shown, len(lines) - len(shown), done.returncode)


def clip(line: str, width: int = MAX_WIDTH) -> str:
    return line if len(line) <= width else line[:width - 1] + "…"
