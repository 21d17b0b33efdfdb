"""What `git-ledger doctor` checks: per agent and scope, are our hooks installed, runnable,
trusted (where the agent has trust), and when did each hook last run.

Codex trust, as Codex 0.171.0 records it (read in openai/codex codex-rs/hooks/src/engine/
discovery.rs and config_rules.rs, and checked against `codex app-server`'s `hooks/list`):
the user's `$CODEX_HOME/config.toml` holds `[hooks.state."<hooks.json path>:<event>:<group>:<handler>"]`
with `trusted_hash = "sha256:<hex>"`, the SHA-256 of the canonical JSON (sorted keys, no spaces)
of `{"event_name": <event>, "hooks": [<normalised handler>]}`. Equal hash: trusted; another
hash: modified since trusted (Codex skips it); none: untrusted (Codex skips it). Hooks in a
project's `.codex/` load only when `[projects."<root>"] trust_level = "trusted"`.
Claude Code has no per-hook trust; project settings take effect in an interactive session once
its workspace trust dialog was accepted (`hasTrustDialogAccepted` in `.claude.json`).
"""
from __future__ import annotations

import hashlib
import json
import os
import shlex
import shutil
from collections.abc import Mapping
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from git_ledger import paths
from git_ledger.errors import FatalError
from git_ledger.hooks import install as inst

CODEX_EVENT_KEYS = {"UserPromptSubmit": "user_prompt_submit", "Stop": "stop"}


def codex_trusted_hash(event: str, handler: Mapping[str, Any], matcher: str | None = None) -> str:
    """The hash Codex stores when a person trusts this handler (UserPromptSubmit/Stop ignore matchers)."""
    timeout = handler.get("timeout", handler.get("timeoutSec"))
    normalised: dict[str, Any] = {
        "type": "command",
        "command": handler.get("command", ""),
        "timeout": max(1, int(timeout)) if isinstance(timeout, (int, float)) else 600,
        "async": bool(handler.get("async", False)),
    }
    if isinstance(handler.get("statusMessage"), str):
        normalised["statusMessage"] = handler["statusMessage"]
    identity: dict[str, Any] = {"event_name": CODEX_EVENT_KEYS[event], "hooks": [normalised]}
    if matcher is not None and event not in CODEX_EVENT_KEYS:
        identity["matcher"] = matcher
    canonical = json.dumps(identity, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def our_handlers(data: Mapping[str, Any], events: Mapping[str, str] = inst.EVENTS) -> list[tuple[str, int, int, dict[str, Any]]]:
    """(event, group index, handler index, handler) for each of our handlers in a settings file
    (`events`: the agent's event names -> our hooks, inst.AGENT_EVENTS)."""
    out: list[tuple[str, int, int, dict[str, Any]]] = []
    hooks = data.get("hooks")
    if not isinstance(hooks, dict):
        return out
    for event in events:
        groups = hooks.get(event)
        for gi, group in enumerate(groups if isinstance(groups, list) else []):
            if inst.flat_handler(group):  # Cursor, Copilot CLI: a handler, not a group
                if inst.ours(inst.handler_command(group)) == events[event]:
                    out.append((event, gi, 0, group))
                continue
            handlers = group.get("hooks") if isinstance(group, dict) else None
            for hi, h in enumerate(handlers if isinstance(handlers, list) else []):
                if isinstance(h, dict) and inst.ours(h.get("command")) == events[event]:
                    out.append((event, gi, hi, h))
    return out


def runnable(command: str) -> bool:
    """Does the program the hook command starts exist (an absolute path, or a name on PATH)?"""
    try:
        program = shlex.split(command)[0]
    except (ValueError, IndexError):
        return False
    if os.sep in program:
        return os.path.isfile(program) and os.access(program, os.X_OK)
    return shutil.which(program) is not None


def _toml(path: Path) -> dict[str, Any] | None:
    """A TOML file as a dict ({} when absent); None when it cannot be read here."""
    try:
        import tomllib
    except ImportError:  # Python 3.10
        return None
    try:
        with path.open("rb") as f:
            return tomllib.load(f)
    except FileNotFoundError:
        return {}
    except (OSError, ValueError):
        return None


def _scope_report(agent: str, scope: str, path: Path) -> dict[str, Any]:
    report: dict[str, Any] = {"scope": scope, "path": str(path), "installed": [], "problem": None}
    try:
        _, data = inst.read_settings(path)
    except FatalError as e:
        report["problem"] = str(e)
        return report
    events = inst.AGENT_EVENTS[agent]
    handlers = our_handlers(data, events)
    report["installed"] = sorted({event for event, *_ in handlers}, key=list(events).index)
    report["commands"] = {event: inst.handler_command(h) for event, _, _, h in handlers}
    report["runnable"] = all(runnable(str(inst.handler_command(h))) for *_, h in handlers)
    report["handlers"] = handlers
    if agent == "claude" and data.get("disableAllHooks") is True:
        report["problem"] = "disableAllHooks is true in this file: Claude Code runs no hooks"
    if agent == "gemini":
        settings = data.get("hooksConfig")
        if isinstance(settings, dict) and settings.get("enabled") is False:
            report["problem"] = "hooksConfig.enabled is false in this file: Gemini CLI runs no hooks"
        off = settings.get("disabled") if isinstance(settings, dict) else None
        if isinstance(off, list) and any(h.get("command") in off or h.get("name") in off for *_, h in handlers):
            report["problem"] = "hooksConfig.disabled lists a git-ledger hook: Gemini CLI skips it"
    return report


def claude_report(project: Path, env: Mapping[str, str] | None = None) -> dict[str, Any]:
    scopes = [_scope_report("claude", s, inst.settings_path("claude", s, project, env)) for s in inst.SCOPES["claude"]]
    accepted: bool | None = None
    try:
        state = json.loads(paths.claude_state_file(env).read_text(encoding="utf-8"))
        entry = state.get("projects", {}).get(str(project))
        accepted = bool(entry.get("hasTrustDialogAccepted")) if isinstance(entry, dict) else False
    except (OSError, ValueError, AttributeError):
        accepted = None
    plugin = False
    for s in scopes:
        s.pop("handlers", None)
        if s["scope"] != "user":
            s["workspace_trust"] = {True: "accepted", False: "not accepted yet", None: "unknown"}[accepted]
        try:
            _, data = inst.read_settings(Path(s["path"]))
        except FatalError:
            continue
        enabled = data.get("enabledPlugins")
        if isinstance(enabled, dict) and any(k.startswith("git-ledger@") and v for k, v in enabled.items()):
            plugin = True
    return {"scopes": scopes, "plugin_enabled": plugin}


def codex_report(project: Path, env: Mapping[str, str] | None = None) -> dict[str, Any]:
    config_path = paths.codex_home(env) / "config.toml"
    config = _toml(config_path)
    scopes = []
    for scope in inst.SCOPES["codex"]:
        path = inst.settings_path("codex", scope, project, env)
        report = _scope_report("codex", scope, path)
        trust: dict[str, str] = {}
        for event, gi, hi, h in report.pop("handlers", []):
            if config is None:
                trust[event] = "unknown"
                continue
            state = config.get("hooks", {}).get("state", {}).get(f"{path}:{CODEX_EVENT_KEYS[event]}:{gi}:{hi}", {})
            state = state if isinstance(state, dict) else {}
            if state.get("enabled") is False:
                trust[event] = "disabled"
            elif state.get("trusted_hash") is None:
                trust[event] = "untrusted"
            elif state["trusted_hash"] == codex_trusted_hash(event, h):
                trust[event] = "trusted"
            else:
                trust[event] = "modified"
        report["trust"] = trust
        if scope == "project":
            level = None if config is None else config.get("projects", {}).get(str(project), {}).get("trust_level")
            report["project_trusted"] = None if config is None else level == "trusted"
        scopes.append(report)
    features = (config or {}).get("features", {})
    off = isinstance(features, dict) and (features.get("hooks") is False or features.get("codex_hooks") is False)
    return {"scopes": scopes, "config": str(config_path), "hooks_feature": "off" if off else "on"}


def plain_report(agent: str, project: Path, env: Mapping[str, str] | None = None) -> dict[str, Any]:
    """An agent without per-hook trust (Gemini CLI, Cursor, Copilot CLI). Gemini reads a project's
    `.gemini/settings.json` only in a trusted folder (its folder-trust setting), and Copilot CLI's
    prompt mode a project's `.github/hooks/` only in a trusted folder; neither is checked here."""
    scopes = [_scope_report(agent, s, inst.settings_path(agent, s, project, env)) for s in inst.SCOPES[agent]]
    for s in scopes:
        s.pop("handlers", None)
    return {"scopes": scopes}


def last_runs(env: Mapping[str, str] | None = None) -> dict[str, dict[str, str] | None]:
    out: dict[str, dict[str, str] | None] = {}
    for hook in inst.EVENTS.values():
        marker = paths.data_dir(env) / f"last-run-{hook}"
        try:
            st = marker.stat()
            status = marker.read_text(encoding="utf-8").strip() or "?"
        except OSError:
            out[hook] = None
            continue
        at = datetime.fromtimestamp(st.st_mtime, timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")
        out[hook] = {"at": at, "status": status}
    return out


def search_posture_report(project: Path, env: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The preferred search tool a config sets for `project`, and, when none does, whether its
    AGENTS.md / CLAUDE.md names one (then the guard silently never fires there)."""
    from git_ledger import config
    from git_ledger.errors import FatalError
    from git_ledger.hooks.guards import posture_prose, search_posture

    try:
        named = search_posture.configured(config.load(project, env))
    except FatalError as e:
        return {"preferred": None, "note": str(e)}
    if named is not None:
        return {"preferred": named[0], "note": None}
    prose = posture_prose.named_in_agents_files(project)
    return {"preferred": None, "note": posture_prose.unconfigured_note(prose, project) if prose else None}


def report(project: Path, env: Mapping[str, str] | None = None) -> dict[str, Any]:
    return {
        "project": str(project),
        "claude": claude_report(project, env),
        "codex": codex_report(project, env),
        "gemini": plain_report("gemini", project, env),
        "cursor": plain_report("cursor", project, env),
        "copilot": plain_report("copilot", project, env),
        "last_run": last_runs(env),
        "hook_log": str(paths.log_path(env)),
        "search_posture": search_posture_report(project, env),
    }
