"""Merge our UserPromptSubmit and Stop hooks into an agent's hook settings, and take them out.

Claude Code reads `settings.json` files (user, project, local); Codex reads `hooks.json` (user
`$CODEX_HOME`, project `.codex/`); Gemini CLI reads `settings.json` (user `~/.gemini`, project
`.gemini/`). All use the same shape: event -> list of matcher groups -> list of handlers
`{"type": "command", "command": …, "timeout": …}`; Gemini names the events BeforeAgent and
AfterAgent and counts the timeout in milliseconds (geminicli.com/docs/hooks/reference). Cursor
reads `hooks.json` (user `~/.cursor`, project `.cursor/`): `{"version": 1, "hooks": {event:
[{"command": …}]}}`, handlers straight under the event (`FLAT`), events sessionStart and stop.
GitHub Copilot CLI reads every `*.json` in `.github/hooks/` (project) and `~/.copilot/hooks/`
(user, `$COPILOT_HOME/hooks/`) in the same flat shape, its handlers `{"type": "command", "bash": …,
"timeoutSec": …}`; we write a file of our own there, `git-ledger.json` (docs.github.com, "GitHub
Copilot hooks reference"), with userPromptSubmitted (its top-level `additionalContext` reaches the
model with the prompt, checked with the real 1.0.102) and agentStop (the guard, and the first
prompt's corrections for a session whose prompt hook did not run, hooks/stop.py). Our handlers are recognised by their
command (`… git-ledger hook <event>` or `… -m git_ledger hook <event>`), so a reinstall updates
the entry in place (Codex keys its trust to the entry's position) and uninstall removes exactly
those handlers. Every other key, group and handler is kept as it was. A file that is not valid
JSON is never written. Writes are atomic (temp file + os.replace), after a backup copy.
"""
from __future__ import annotations

import difflib
import json
import os
import re
import shlex
import shutil
import sys
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from git_ledger import paths
from git_ledger.errors import FatalError

AGENTS = ("claude", "codex", "gemini", "cursor", "copilot")
SCOPES = {"claude": ("user", "project", "local"), "codex": ("user", "project"), "gemini": ("user", "project"),
          "cursor": ("user", "project"), "copilot": ("user", "project")}
EVENTS = {"UserPromptSubmit": "user-prompt-submit", "Stop": "stop"}  # Claude Code's and Codex's names
# Each agent's event -> our hook (`git-ledger hook <name>`): the first prompt's context, the Stop guard.
AGENT_EVENTS = {
    "claude": EVENTS,
    "codex": EVENTS,
    "gemini": {"BeforeAgent": "user-prompt-submit", "AfterAgent": "stop"},
    # Cursor's beforeSubmitPrompt can only allow or block; its sessionStart adds context.
    "cursor": {"sessionStart": "user-prompt-submit", "stop": "stop"},
    # Copilot CLI 1.0.102 adds userPromptSubmitted's top-level additionalContext to the prompt.
    "copilot": {"userPromptSubmitted": "user-prompt-submit", "agentStop": "stop"},
}
# Both hooks answer in well under a second; Claude Code, Codex and Cursor count seconds, Gemini CLI ms.
TIMEOUT = {"claude": 30, "codex": 30, "gemini": 30_000, "cursor": 30, "copilot": 30}
# Cursor's and Copilot's hook files: {"version": 1, "hooks": {event: [handler, …]}}, no matcher groups.
FLAT = frozenset({"cursor", "copilot"})
# The key of a flat handler's command line and of its timeout (Copilot: `bash`, `timeoutSec`).
FLAT_KEYS = {"cursor": ("command", "timeout"), "copilot": ("bash", "timeoutSec")}
COPILOT_FILE = "git-ledger.json"  # our own file among Copilot's hooks/*.json

_OURS = re.compile(r"(?:^|[\s/\"'])(?:git-ledger|-m\s+git_ledger)['\"]?\s+hook\s+(user-prompt-submit|stop)\b")


@dataclass(frozen=True)
class Change:
    path: Path
    before: str  # "" when the file did not exist
    after: str
    changed: bool

    def diff(self) -> str:
        return "".join(difflib.unified_diff(
            self.before.splitlines(keepends=True), self.after.splitlines(keepends=True),
            fromfile=f"{self.path} (now)", tofile=f"{self.path} (after)",
        ))


def settings_path(agent: str, scope: str, project: Path, env: Mapping[str, str] | None = None) -> Path:
    if scope not in SCOPES.get(agent, ()):
        raise FatalError(f"{agent} has no {scope!r} scope (choose from {', '.join(SCOPES.get(agent, ()))})")
    if agent == "claude":
        if scope == "user":
            return paths.claude_config_dir(env) / "settings.json"
        return project / ".claude" / ("settings.json" if scope == "project" else "settings.local.json")
    if agent == "gemini":
        return paths.gemini_home(env) / "settings.json" if scope == "user" else project / ".gemini" / "settings.json"
    if agent == "cursor":
        return paths.cursor_home(env) / "hooks.json" if scope == "user" else project / ".cursor" / "hooks.json"
    if agent == "copilot":
        folder = paths.copilot_home(env) / "hooks" if scope == "user" else project / ".github" / "hooks"
        return folder / COPILOT_FILE
    return paths.codex_home(env) / "hooks.json" if scope == "user" else project / ".codex" / "hooks.json"


def base_command(scope: str) -> str:
    """How the hook process finds us.

    Project scope is shared through git, so it names `git-ledger` on PATH (an absolute path
    into one developer's virtualenv would be wrong for everyone else). User and local scopes
    stay on this machine and use the absolute console script next to this interpreter, so the
    hook works whatever PATH the agent was started with.
    """
    if scope == "project":
        return "git-ledger"
    script = Path(sys.executable).parent / "git-ledger"
    if script.is_file() and os.access(script, os.X_OK):
        return shlex.quote(str(script))
    return f"{shlex.quote(sys.executable)} -m git_ledger"


def hook_command(scope: str, event: str, agent: str = "claude") -> str:
    return f"{base_command(scope)} hook {AGENT_EVENTS[agent][event]}"


def hook_commands(agent: str, scope: str) -> dict[str, str]:
    """The agent's event -> the command of our hook for it."""
    return {event: hook_command(scope, event, agent) for event in AGENT_EVENTS[agent]}


def handler_command(handler: object) -> object:
    """A handler's command line: `command` (Claude Code, Codex, Gemini CLI, Cursor) or `bash` (Copilot CLI)."""
    if not isinstance(handler, dict):
        return None
    return handler.get("command", handler.get("bash"))


def flat_handler(item: object) -> bool:
    """Is this entry of an event's list a handler itself (Cursor, Copilot CLI), not a matcher group?"""
    return isinstance(item, dict) and "hooks" not in item and ("command" in item or "bash" in item)


def ours(command: object) -> str | None:
    """The hook name (`user-prompt-submit` / `stop`) if `command` runs one of ours."""
    if not isinstance(command, str):
        return None
    m = _OURS.search(command)
    return m.group(1) if m else None


def read_settings(path: Path) -> tuple[str, dict[str, Any]]:
    """(text, data) of a settings file; ("", {}) when it does not exist."""
    try:
        text = path.read_bytes().decode("utf-8")  # as bytes: CRLF line ends stay as they are
    except FileNotFoundError:
        return "", {}
    except OSError as e:
        raise FatalError(f"cannot read {path}: {e.strerror or e}") from e
    except UnicodeDecodeError as e:
        # e.g. UTF-16 from PowerShell's `>`: agents read settings as UTF-8, so this file is broken.
        raise FatalError(f"{path} is not UTF-8 text ({e.reason} at byte {e.start})") from None
    if not text.strip():
        return text, {}
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise FatalError(
            f"{path} is not valid JSON ({e.msg}, line {e.lineno} column {e.colno})"
        ) from None
    if not isinstance(data, dict):
        raise FatalError(f"{path}: expected a JSON object at the top level")
    if not isinstance(data.get("hooks", {}), dict):
        raise FatalError(f"{path}: \"hooks\" is not an object")
    return text, data


def _groups(hooks: dict[str, Any], event: str, path: Path) -> list[Any]:
    groups = hooks.setdefault(event, [])
    if not isinstance(groups, list):
        raise FatalError(f"{path}: \"hooks.{event}\" is not a list")
    return groups


def with_hooks(data: dict[str, Any], commands: Mapping[str, str], path: Path, timeout: int = 30) -> dict[str, Any]:
    """`data` with one handler per event running `commands[event]` (a deep copy; input untouched).
    `timeout` is in the agent's unit (TIMEOUT)."""
    new: dict[str, Any] = json.loads(json.dumps(data))
    hooks = new.setdefault("hooks", {})
    for event, command in commands.items():
        handler = {"type": "command", "command": command, "timeout": timeout}
        found = False
        for group in _groups(hooks, event, path):
            for i, h in enumerate(group.get("hooks", []) if isinstance(group, dict) else []):
                if isinstance(h, dict) and ours(h.get("command")) == ours(command):
                    if not found:
                        group["hooks"][i] = {**h, **handler}  # in place: keeps its position
                    found = True
        if not found:
            hooks[event].append({"hooks": [handler]})
    return new


def with_flat_hooks(data: dict[str, Any], commands: Mapping[str, str], path: Path, timeout: int,
                    keys: tuple[str, str] = FLAT_KEYS["cursor"]) -> dict[str, Any]:
    """As `with_hooks`, for the flat shape: each event holds its handlers directly. `keys`: the
    names of the command and timeout fields (FLAT_KEYS)."""
    new: dict[str, Any] = json.loads(json.dumps(data))
    new.setdefault("version", 1)
    hooks = new.setdefault("hooks", {})
    command_key, timeout_key = keys
    for event, command in commands.items():
        handlers = _groups(hooks, event, path)
        handler: dict[str, Any] = {"command": command, "timeout": timeout}
        if command_key != "command":  # Copilot CLI: {"type": "command", "bash": …, "timeoutSec": …}
            handler = {"type": "command", command_key: command, timeout_key: timeout}
        mine = [i for i, h in enumerate(handlers) if ours(handler_command(h)) == ours(command)]
        if mine:
            handlers[mine[0]] = {**handlers[mine[0]], **handler}  # in place: keeps its position
        else:
            handlers.append(handler)
    return new


def without_hooks(data: dict[str, Any]) -> dict[str, Any]:
    """`data` minus every handler of ours, and minus the groups and events that leaves empty.
    Both shapes: matcher groups, and (Cursor) handlers straight under the event."""
    new: dict[str, Any] = json.loads(json.dumps(data))
    hooks = new.get("hooks")
    if not isinstance(hooks, dict):
        return new
    for event in list(hooks):
        groups = hooks[event]
        if not isinstance(groups, list):
            continue
        kept = []
        for group in groups:
            if flat_handler(group):  # Cursor's or Copilot's handler
                if not ours(handler_command(group)):
                    kept.append(group)
                continue
            handlers = group.get("hooks") if isinstance(group, dict) else None
            if not isinstance(handlers, list):
                kept.append(group)
                continue
            left = [h for h in handlers if not (isinstance(h, dict) and ours(h.get("command")))]
            if len(left) == len(handlers):
                kept.append(group)
            elif left:
                kept.append({**group, "hooks": left})
        if len(kept) != len(groups):
            if kept:
                hooks[event] = kept
            else:
                del hooks[event]
    if not hooks and isinstance(data.get("hooks"), dict) and data["hooks"]:
        rest = {k: v for k, v in new.items() if k != "hooks"}
        if rest in ({}, {"version": 1}):
            new = {}  # a file that held only our hooks (and the version install gives a new Cursor file)
        # else an emptied "hooks" beside other settings stays: the key may be the user's
    return new


def plan(path: Path, install: bool, commands: Mapping[str, str], timeout: int = 30, flat: bool = False,
         keys: tuple[str, str] = FLAT_KEYS["cursor"]) -> Change:
    """The change to `path` (`flat`: the hooks.json shape of Cursor and Copilot CLI, `keys` its
    field names). Uninstalling from our own Copilot file that leaves nothing else in it deletes
    the file (`after` ""): Copilot would reject an empty one with a warning."""
    before, data = read_settings(path)
    if not install:
        after_data = without_hooks(data)
    elif flat:
        after_data = with_flat_hooks(data, commands, path, timeout, keys)
    else:
        after_data = with_hooks(data, commands, path, timeout)
    if after_data == data:
        return Change(path, before, before, False)
    if path.exists() and not path.stat().st_mode & 0o222:
        raise FatalError(f"{path} is read-only: not changed (make it writable, or add the hooks yourself)")
    if not after_data and path.name == COPILOT_FILE:
        return Change(path, before, "", True)  # our own Copilot file, emptied: `apply` removes it
    return Change(path, before, edited(before, after_data), True)


def edited(text: str, after: Mapping[str, Any]) -> str:
    """`text` (a JSON object) with its top-level "hooks" value as in `after` (the only key we
    change): only that value is written anew, in the file's indent and line ends; every other
    byte (key order, formatting, numbers such as `1e400` that a re-dump would turn into
    `Infinity`) stays."""
    if not text.strip():
        return json.dumps(dict(after), indent=2, ensure_ascii=False) + "\n"
    members, open_at, close_at = _members(text)
    if "hooks" not in after:  # uninstall emptied a file that held only our hooks
        return text[:open_at + 1] + text[close_at:] if not after else json.dumps(dict(after), indent=2) + "\n"
    hooks = after["hooks"]
    found = re.search(r"\n([ \t]+)\S", text)
    unit = found.group(1) if found else ""
    nl = "\r\n" if "\r\n" in text else "\n"
    dumped = json.dumps(hooks, indent=unit or None, ensure_ascii=False)
    value = dumped.replace("\n", nl + unit) if unit else dumped
    if "hooks" in members:
        _, start, end = members["hooks"]
        return text[:start] + value + text[end:]
    if not members:
        return text[:open_at + 1] + (f'{nl}{unit}"hooks": {value}{nl}' if unit else f'"hooks": {value}') + text[close_at:]
    last = max(end for _, _, end in members.values())
    return text[:last] + (f',{nl}{unit}"hooks": {value}' if unit else f', "hooks": {value}') + text[last:]


def _members(text: str) -> tuple[dict[str, tuple[int, int, int]], int, int]:
    """The top-level object's members, key -> (key start, value start, value end), and where
    its braces are."""
    decoder = json.JSONDecoder()
    i = _skip(text, 0)
    open_at = i
    i = _skip(text, i + 1)
    members: dict[str, tuple[int, int, int]] = {}
    while text[i] != "}":
        key, after = json.decoder.scanstring(text, i + 1)  # type: ignore[attr-defined]
        start = _skip(text, _skip(text, after) + 1)  # past the ':'
        _, end = decoder.raw_decode(text, start)
        members[key] = (i, start, end)
        i = _skip(text, end)
        if text[i] == ",":
            i = _skip(text, i + 1)
    return members, open_at, i


def _skip(text: str, i: int) -> int:
    while text[i] in " \t\r\n":
        i += 1
    return i


def backup_stem(path: Path) -> str:
    """The start of the name of every backup of `path` (the rest is a time stamp)."""
    return re.sub(r"[^A-Za-z0-9._]+", "-", str(path.resolve())).strip("-")


def backups_of(path: Path, backup_dir: Path) -> list[Path]:
    """The backups `apply` made of `path`, oldest first (named `<stem>.<stamp>[.<n>]`)."""
    if not backup_dir.is_dir():
        return []
    stem = backup_stem(path) + "."

    def order(p: Path) -> tuple[str, int]:
        stamp, _, n = p.name[len(stem):].partition(".")
        return stamp, int(n) if n.isdigit() else 1

    return sorted((p for p in backup_dir.iterdir()
                   if p.name.startswith(stem) and p.name[len(stem):len(stem) + 8].isdigit()), key=order)


def apply(change: Change, backup_dir: Path, stamp: str) -> Path | None:
    """Write `change` atomically; the file it replaces is first copied into `backup_dir`
    (the data dir, so a project's .claude/ or .codex/ folder never gets stray files).
    Returns the backup's path, or None when there was no file. An empty `after` (our own
    Copilot file, emptied) removes the file."""
    # Through a symlink (settings kept in a dotfiles repo): the link's target is what changes.
    path = Path(os.path.realpath(change.path))
    path.parent.mkdir(parents=True, exist_ok=True)
    backup: Path | None = None
    mode = 0o644
    if path.exists():
        mode = path.stat().st_mode & 0o777
        backup_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        flat = backup_stem(path)
        backup = backup_dir / f"{flat}.{stamp}"
        n = 1
        while backup.exists():  # two changes in one second: never overwrite an older backup
            n += 1
            backup = backup_dir / f"{flat}.{stamp}.{n}"
        shutil.copy2(path, backup)
    if not change.after and path.name == COPILOT_FILE:
        path.unlink(missing_ok=True)
        return backup
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(change.after)
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise
    return backup
