"""`git-ledger uninstall --all [--purge]`: after real installs, real hook runs and real git
config, every file is byte for byte what it was before, except what git-ledger made."""
from __future__ import annotations

import json
import os
from pathlib import Path

from tests.testing.util import git, run_cli


def tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and ".git/objects" not in str(p) and not p.name.startswith("index")
            and ".git/logs" not in str(p) and "ORIG_HEAD" not in p.name}


def test_uninstall_all_leaves_everything_else_byte_for_byte(repo: Path, isolated_env: Path) -> None:
    home = isolated_env
    data = Path(os.environ["GIT_LEDGER_HOME"])
    (home / ".claude").mkdir()
    # The user's own settings, in their own formatting, with a hook of their own.
    (home / ".claude" / "settings.json").write_text(
        '{"model": "opus",\n "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "say done"}]}]}}\n')
    (repo / "AGENTS.md").write_text("# Agents\n\nRun the tests first.\n")
    (repo / ".gitattributes").write_text("*.png binary\n")
    git(repo, "add", ".")
    git(repo, "commit", "-q", "-m", "agents file")
    before_home, before_repo = tree(home), tree(repo)

    env = {"CLAUDE_CONFIG_DIR": str(home / ".claude"), "CODEX_HOME": str(home / ".codex")}
    for args in (("install", "claude"), ("install", "claude", "--scope", "project"),
                 ("install", "claude", "--scope", "local"), ("install", "codex"),
                 ("ledger", "install-merge-driver"), ("cards", "init", "--agents-file", "AGENTS.md")):
        out = run_cli(*args, cwd=repo, env=env)
        assert out.returncode == 0, (args, out.stderr)
    body = json.dumps({"session_id": "s-1", "transcript_path": "/nonexistent/s-1.jsonl", "cwd": str(repo),
                       "hook_event_name": "UserPromptSubmit", "prompt": "hello"})
    assert run_cli("hook", "user-prompt-submit", input=body, env=env).returncode == 0
    assert (data / "injected").is_dir() and (data / "backups").is_dir()
    assert "merge=git-ledger" in (repo / ".gitattributes").read_text()
    assert "git-ledger:procedures:begin" in (repo / "AGENTS.md").read_text()

    dry = run_cli("uninstall", "--all", "--dry-run", cwd=repo, env=env)
    assert dry.returncode == 0, dry.stderr
    assert all(line.startswith("would change ") for line in dry.stdout.splitlines())
    assert "git-ledger:procedures:begin" in (repo / "AGENTS.md").read_text()  # nothing written

    out = run_cli("uninstall", "--all", cwd=repo, env=env)
    assert out.returncode == 0, out.stderr
    assert f"{home / '.claude' / 'settings.json'}: our hooks removed (restored as it was before install" in out.stdout
    assert f"{repo / '.codex' / 'hooks.json'}" not in out.stdout  # never installed there
    procedures = {k for k in tree(repo) if k.startswith("procedures/")}
    assert procedures == {"procedures/INDEX.md", "procedures/_template.md", "procedures/_inbox.md",
                          "procedures/_layers.md"}  # the user's cards library stays
    after_repo = {k: v for k, v in tree(repo).items() if k not in procedures}
    assert after_repo == before_repo
    after_home = tree(home)
    assert after_home == before_home
    assert not (data / "injected").exists() and not (data / "backups").exists()
    assert (data / "ledger.db").is_file()  # the store stays without --purge

    purged = run_cli("uninstall", "--all", "--purge", cwd=repo, env=env)
    assert purged.returncode == 0, purged.stderr
    assert f"{data / 'ledger.db'}: deleted" in purged.stdout
    assert not data.exists()


def test_uninstall_needs_an_agent_or_all(repo: Path) -> None:
    for args, message in ((("uninstall",), "name the agent"), (("uninstall", "--purge"), "--purge goes with --all"),
                          (("uninstall", "claude", "--all"), "drop the agent name")):
        out = run_cli(*args, cwd=repo)
        assert out.returncode == 1 and message in out.stderr and out.stderr.count("\n") == 1, out.stderr
