from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.testing.util import fixtures_dir, init_repo

_REAL_HOME = os.environ.get("HOME", "/root")
E2E_DIR = Path(os.environ.get("GIT_LEDGER_E2E_DIR") or Path(_REAL_HOME) / ".cache" / "git-ledger-e2e")
CLAUDE_VERSION = "2.1.332"
CODEX_VERSION = "0.171.0"
GEMINI_VERSION = "0.61.0"
COPILOT_VERSION = "1.0.102"


@pytest.fixture(scope="session")
def pre_commit_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    # Shared across tests: pre-commit builds a hook environment once per session, not per test.
    return tmp_path_factory.mktemp("pre-commit-home")


@pytest.fixture(autouse=True)
def isolated_env(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pre_commit_home: Path
) -> Iterator[Path]:
    """Every test gets its own HOME, data dir and config dir: nothing touches the real ones."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("GIT_LEDGER_HOME", str(tmp_path / "ledger-home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / ".local" / "share"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.setenv("PRE_COMMIT_HOME", str(pre_commit_home))
    for var in ("CLAUDE_CONFIG_DIR", "CODEX_HOME", "COPILOT_HOME", "GIT_LEDGER_NOW", "GIT_LEDGER_DISABLE",
                "GITHUB_TOKEN", "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("GIT_AUTHOR_NAME", "Test Author")
    monkeypatch.setenv("GIT_AUTHOR_EMAIL", "author@example.com")
    monkeypatch.setenv("GIT_COMMITTER_NAME", "Test Committer")
    monkeypatch.setenv("GIT_COMMITTER_EMAIL", "committer@example.com")
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(home / ".gitconfig"))
    (home / ".gitconfig").write_text("[init]\n\tdefaultBranch = main\n[commit]\n\tgpgsign = false\n")
    yield home


@pytest.fixture
def fixtures() -> Path:
    """The real public session logs in tests/data/transcripts (provenance: tests/data/LICENSES.md)."""
    return fixtures_dir()


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A real git repository with one commit and an origin remote github.com/example/widget."""
    return init_repo(tmp_path / "widget")


def _npm_cli(package: str, version: str, binary: str) -> Path:
    """Install a pinned agent CLI from the npm registry once (cached), or skip/fail if impossible.

    CI sets GIT_LEDGER_REQUIRE_E2E=1, which turns every skip here into a failure.
    """
    prefix = E2E_DIR / f"{binary}-{version}"
    exe = prefix / "node_modules" / ".bin" / binary
    required = os.environ.get("GIT_LEDGER_REQUIRE_E2E") == "1"
    if not exe.exists():
        npm = shutil.which("npm")
        if npm is None:
            msg = f"npm not found: cannot install {package}@{version}"
            pytest.fail(msg) if required else pytest.skip(msg)
        out = subprocess.run(
            (npm, "install", "--no-audit", "--no-fund", "--prefix", str(prefix), f"{package}@{version}"),
            capture_output=True, text=True, timeout=600,
        )
        if out.returncode != 0 or not exe.exists():
            msg = f"npm install {package}@{version} failed: {out.stderr.strip()[-300:]}"
            pytest.fail(msg) if required else pytest.skip(msg)
    return exe


@pytest.fixture(scope="session")
def claude_cli() -> Path:
    """The real Claude Code CLI (pinned), for end-to-end hook tests run offline."""
    return _npm_cli("@anthropic-ai/claude-code", CLAUDE_VERSION, "claude")


@pytest.fixture(scope="session")
def codex_cli() -> Path:
    """The real Codex CLI (pinned), for end-to-end hook tests run offline."""
    return _npm_cli("@openai/codex", CODEX_VERSION, "codex")


@pytest.fixture(scope="session")
def gemini_cli() -> Path:
    """The real Gemini CLI (pinned), for end-to-end hook tests run offline (tests/testing/fake_gemini.py)."""
    return _npm_cli("@google/gemini-cli", GEMINI_VERSION, "gemini")


@pytest.fixture(scope="session")
def copilot_cli() -> Path:
    """The real GitHub Copilot CLI (pinned), run offline against a scripted Anthropic Messages API
    (its BYOK provider with COPILOT_OFFLINE=true: no GitHub sign-in)."""
    return _npm_cli("@github/copilot", COPILOT_VERSION, "copilot")
