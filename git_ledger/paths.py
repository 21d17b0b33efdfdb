"""The only place defaults come from the environment.

Every other module takes paths as parameters; commands resolve them here once.
"""
from __future__ import annotations

import os

# Hooks import this module on every prompt: pathlib, typing and datetime stay off that path until
# a function needs them (mypy reads a module-level TYPE_CHECKING = False as typing.TYPE_CHECKING).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from datetime import datetime
    from pathlib import Path

    Env = Mapping[str, str]


def _path(*parts: str) -> Path:
    from pathlib import Path

    return Path(*parts)


def _env(env: Env | None) -> Env:
    return os.environ if env is None else env


def _home(env: Env) -> Path:
    return _path(env.get("HOME") or os.path.expanduser("~"))


def data_dir_str(env: Env | None = None) -> str:
    """`data_dir` as a plain string, for the hooks' hottest path."""
    e = _env(env)
    if e.get("GIT_LEDGER_HOME"):
        return e["GIT_LEDGER_HOME"]
    xdg = e.get("XDG_DATA_HOME") or os.path.join(e.get("HOME") or os.path.expanduser("~"), ".local", "share")
    return os.path.join(xdg, "git-ledger")


def data_dir(env: Env | None = None) -> Path:
    """Where the local store and the hook log live (never inside a repo)."""
    return _path(data_dir_str(env))


def db_path_str(env: Env | None = None) -> str:
    """`db_path` as a plain string, for a no-change `collect` (which never imports pathlib)."""
    return os.path.join(data_dir_str(env), "ledger.db")


def db_path(env: Env | None = None) -> Path:
    return _path(db_path_str(env))


def log_path(env: Env | None = None) -> Path:
    """One line per hook failure; hooks fail open and write here instead of stderr."""
    return data_dir(env) / "hooks.log"


def user_config_path(env: Env | None = None) -> Path:
    e = _env(env)
    if e.get("GIT_LEDGER_HOME"):
        return _path(e["GIT_LEDGER_HOME"]) / "config.yaml"
    xdg = e.get("XDG_CONFIG_HOME") or str(_home(e) / ".config")
    return _path(xdg) / "git-ledger" / "config.yaml"


def repo_config_path(repo_root: Path) -> Path:
    return repo_root / ".git-ledger" / "config.yaml"


def default_ledger_path(repo_root: Path) -> Path:
    return repo_root / ".git-ledger" / "proposals.yaml"


def _home_str(env: Env) -> str:
    return env.get("HOME") or os.path.expanduser("~")


def _claude_config_dir_str(env: Env) -> str:
    return env.get("CLAUDE_CONFIG_DIR") or os.path.join(_home_str(env), ".claude")


def claude_config_dir(env: Env | None = None) -> Path:
    return _path(_claude_config_dir_str(_env(env)))


def claude_projects(env: Env | None = None) -> Path:
    return _path(_log_roots(_env(env))["claude"])


def claude_state_file(env: Env | None = None) -> Path:
    """Claude Code's own state file (per-project workspace trust, among others)."""
    e = _env(env)
    if e.get("CLAUDE_CONFIG_DIR"):
        return _path(e["CLAUDE_CONFIG_DIR"]) / ".claude.json"
    return _home(e) / ".claude.json"


def _codex_home_str(env: Env) -> str:
    return env.get("CODEX_HOME") or os.path.join(_home_str(env), ".codex")


def codex_home(env: Env | None = None) -> Path:
    return _path(_codex_home_str(_env(env)))


def codex_sessions(env: Env | None = None) -> Path:
    return _path(_log_roots(_env(env))["codex"])


def gemini_home(env: Env | None = None) -> Path:
    """Gemini CLI's user folder (settings.json, tmp/ with the chats)."""
    return _path(_home_str(_env(env)), ".gemini")


def gemini_tmp(env: Env | None = None) -> Path:
    return _path(_log_roots(_env(env))["gemini"])


def cursor_home(env: Env | None = None) -> Path:
    """Cursor's user folder (hooks.json, projects/)."""
    return _path(_home_str(_env(env)), ".cursor")


def _copilot_home_str(env: Env) -> str:
    return env.get("COPILOT_HOME") or os.path.join(_home_str(env), ".copilot")


def copilot_home(env: Env | None = None) -> Path:
    """GitHub Copilot CLI's user folder: `$COPILOT_HOME`, else ~/.copilot (hooks/, session-state/)."""
    return _path(_copilot_home_str(_env(env)))


def copilot_sessions(env: Env | None = None) -> Path:
    """Copilot CLI's session folders, each with its `events.jsonl`."""
    return _path(_log_roots(_env(env))["copilot"])


def cursor_projects(env: Env | None = None) -> Path:
    """Cursor's per-workspace folders, each with its `agent-transcripts/`."""
    return _path(_log_roots(_env(env))["cursor"])


def cursor_project_name(folder: str) -> str:
    """Cursor's folder name (under `cursor_projects`) for a workspace folder: the path with each
    run of characters other than letters and digits replaced by one `-` (lossy: never decoded)."""
    import re

    return re.sub(r"[^A-Za-z0-9]+", "-", folder).strip("-")


def _log_roots(env: Env) -> dict[str, str]:
    """Where each agent writes its session logs, as plain strings (see `default_log_roots_str`)."""
    return {
        "claude": os.path.join(_claude_config_dir_str(env), "projects"),
        "codex": os.path.join(_codex_home_str(env), "sessions"),
        "gemini": os.path.join(_home_str(env), ".gemini", "tmp"),
        "cursor": os.path.join(_home_str(env), ".cursor", "projects"),
        "copilot": os.path.join(_copilot_home_str(env), "session-state"),
    }


def default_log_roots(agent: str = "all", env: Env | None = None) -> list[tuple[str, Path]]:
    """(agent, root) pairs of the agents' own log folders, searched when no --logs is given
    (with the exports kept in known repositories: collect/exports.py)."""
    return [(a, _path(p)) for a, p in _log_roots(_env(env)).items() if agent in ("all", a)]


def default_log_roots_str(agent: str = "all", env: Env | None = None) -> list[str]:
    """The roots of `default_log_roots` as plain strings: a no-change `collect` never imports
    pathlib (a third of its own cost in a regular install)."""
    return [p for a, p in _log_roots(_env(env)).items() if agent in ("all", a)]


def now(env: Env | None = None) -> datetime:
    """The current time (UTC); `GIT_LEDGER_NOW` (ISO-8601) pins it for tests and replays."""
    from datetime import datetime, timezone  # not at import: hooks that never ask the time skip it

    pinned = _env(env).get("GIT_LEDGER_NOW")
    if pinned:
        t = datetime.fromisoformat(pinned.replace("Z", "+00:00"))
        return t if t.tzinfo else t.replace(tzinfo=timezone.utc)
    return datetime.now(timezone.utc)


def github_token(env: Env | None = None) -> str | None:
    return _env(env).get("GITHUB_TOKEN") or None


def github_repository(env: Env | None = None) -> str | None:
    """OWNER/NAME of the repository an Actions run belongs to."""
    return _env(env).get("GITHUB_REPOSITORY") or None


def github_api_url(env: Env | None = None) -> str:
    return _env(env).get("GITHUB_API_URL") or "https://api.github.com"
