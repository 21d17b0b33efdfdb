"""UserPromptSubmit: the first prompt of a session sees this repo's recent corrections.

Called by the fail-open wrapper `commands/hook.py` with the hook's JSON input; returns what to
print (or None). Two paths:

* a later prompt (the common case): the session's marker file in the data dir exists, so return
  before sqlite3 or anything else is imported;
* the first prompt: read the new bytes of this repo's logs (bounded by
  `inject.refresh_seconds`), pick up to `inject.human_limit` typed human cases and
  `inject.self_limit` typed self-found ones from the last `inject.window_days` days, claim the
  session in the store (INSERT OR IGNORE inside BEGIN IMMEDIATE: racing processes inject once),
  then leave the marker file for the later prompts.

Off switches: `GIT_LEDGER_DISABLE=1`, `inject.enabled: false` in a config file, or a prompt that
is exactly one of OPT_OUT_PHRASES: it turns the injection off for that session and is answered
by the hook itself (the phrase is meant for git-ledger, so it is not sent to the model).
"""
from __future__ import annotations

import json
import os

from git_ledger import paths

TYPE_CHECKING = False  # as typing.TYPE_CHECKING (mypy reads it so), without importing typing
if TYPE_CHECKING:
    from collections.abc import Mapping
    from datetime import datetime
    from pathlib import Path
    from typing import Any

    from git_ledger.store.hook_reader import HookStore, Row

OPT_OUT_PHRASES = frozenset({"git-ledger off", "/git-ledger off"})
OPT_OUT_REASON = (
    "git-ledger: recent corrections will not be added to this session (opt-out recorded). "
    "Send your prompt again."
)
OPT_OUT_REASON_LATE = (
    "git-ledger: this session already received its recent corrections at its first prompt; "
    "nothing more will be added (opt-out recorded). Send your prompt again."
)
MARKER_DIR = "injected"
MARKER_DAYS = 14  # older marker files are pruned; the store still remembers every claim
# models.TYPES and models.SELF_FOUND_SOURCES, repeated so the hook need not import models.py
# (and dataclasses); tests/hooks/test_inject.py checks that they agree.
TYPES = ("omission", "instruction-violation", "premise-error", "result-error")
SELF_FOUND = ("guard", "hook", "review", "self")


def disabled(env: Mapping[str, str]) -> bool:
    return env.get("GIT_LEDGER_DISABLE", "").strip().lower() not in ("", "0", "false", "no", "off")


def is_opt_out(prompt: object) -> bool:
    return isinstance(prompt, str) and " ".join(prompt.split()).lower() in OPT_OUT_PHRASES


def marker_path(env: Mapping[str, str], session: str, folder: str = MARKER_DIR) -> str:
    """A per-session file in `folder` of the data dir; an id that is not a plain file name is hashed."""
    name = session
    if not (0 < len(name) <= 128 and name[0] != "." and all(c.isalnum() or c in "-_." for c in name)):
        import hashlib

        name = hashlib.sha256(session.encode("utf-8", "surrogatepass")).hexdigest()[:32]
    return os.path.join(paths.data_dir_str(env), folder, name)


def run(payload: dict[str, Any], env: Mapping[str, str]) -> str | None:
    if disabled(env):
        return None
    from git_ledger.hooks.payload import session_id

    session = session_id(payload)  # Cursor names it conversation_id
    if not session:
        return None  # without a session id "once per session" cannot hold: stay silent
    marker = marker_path(env, session)
    if not is_opt_out(payload.get("prompt")) and os.path.exists(marker):
        return None  # a later prompt: nothing beyond os has been imported for it
    from pathlib import Path

    if is_opt_out(payload.get("prompt")):
        return _opt_out(env, session, Path(marker))
    return _first_prompt(payload, env, session, Path(marker))


def _opt_out(env: Mapping[str, str], session: str, marker: Path) -> str:
    from git_ledger.store.hook_reader import HookStore

    with HookStore.open(str(paths.db_path(env))) as store:
        already = store.injected(session)
        store.opt_out(session, _iso(paths.now(env)))
    _write_marker(marker)
    reason = OPT_OUT_REASON_LATE if already else OPT_OUT_REASON
    return json.dumps({"decision": "block", "reason": reason})


def _first_prompt(payload: dict[str, Any], env: Mapping[str, str], session: str, marker: Path) -> str | None:
    text = _claim(payload, env, session, marker)
    if not text:
        return None
    from git_ledger.hooks.payload import copilot_prompt

    event = payload.get("hook_event_name")
    if event == "sessionStart":  # Cursor: the context a session starts with
        return json.dumps({"additional_context": text})
    if copilot_prompt(payload):  # Copilot CLI: a top-level key, added to the prompt
        return json.dumps({"additionalContext": text})
    # Gemini CLI's event is BeforeAgent: the answer names the event it answers.
    name = "BeforeAgent" if event == "BeforeAgent" else "UserPromptSubmit"
    return json.dumps({"hookSpecificOutput": {"hookEventName": name, "additionalContext": text}})


def at_first_stop(payload: dict[str, Any], env: Mapping[str, str]) -> str | None:
    """The injection text for a Copilot CLI session whose first prompt went without it (only the
    agentStop hook installed, by an older git-ledger): claimed once per session exactly as on a
    first prompt, delivered by the Stop hook. None on
    every later turn (the marker file exists: nothing beyond os is touched)."""
    from git_ledger.hooks.payload import session_id

    session = session_id(payload)
    if disabled(env) or not session:
        return None
    marker = marker_path(env, session)
    if os.path.exists(marker):
        return None
    from pathlib import Path

    return _claim(payload, env, session, Path(marker)) or None


def _claim(payload: dict[str, Any], env: Mapping[str, str], session: str, marker: Path) -> str | None:
    """The text this session's first prompt receives, claimed in the store (None or "": nothing)."""
    from git_ledger.store.hook_reader import HookStore

    now = paths.now(env)
    text: str | None = None
    with HookStore.open(str(paths.db_path(env))) as store:
        if not (store.is_opted_out(session) or store.injected(session)):
            text, case_ids, _ = _context(payload, env, store, session, now)
            # Claimed even when there is nothing to say: the session's first prompt has passed.
            if text is not None and not store.claim_injection(session, case_ids, _iso(now)):
                text = None  # another process of this session got there first
    _write_marker(marker)
    _prune_markers(marker.parent)
    return text


def preview(cwd: str, env: Mapping[str, str]) -> tuple[str | None, str]:
    """What the first prompt of a new session in `cwd` would receive now, without claiming
    anything: (the additionalContext text, "") or (None, why nothing)."""
    from git_ledger.store.hook_reader import HookStore

    if disabled(env):
        return None, "GIT_LEDGER_DISABLE is set, so the hook adds nothing"
    with HookStore.open(str(paths.db_path(env))) as store:
        # A session id no log file can carry: the refresh then reads every log of the repo.
        text, _, why = _context({"cwd": cwd}, env, store, "\0preview", paths.now(env))
    return (text, "") if text else (None, why)


def _context(
    payload: dict[str, Any], env: Mapping[str, str], store: HookStore, session: str, now: datetime
) -> tuple[str | None, list[str], str]:
    """(text, case ids, why nothing) for this session's repo; text None when a config turns
    injection off, "" when there is nothing to say."""
    from datetime import timedelta

    from git_ledger import config
    from git_ledger.errors import FatalError
    from git_ledger.hooks import fresh, inject_text
    from git_ledger.hooks.payload import workdir

    cwd = workdir(payload)
    cached = store.cached_repo(cwd)
    if cached is None:  # only a cache miss pays for subprocess and git
        from git_ledger.repo import RepoResolver

        repo = RepoResolver(store, _iso(now))(cwd)
        cached = store.cached_repo(cwd)
    else:
        repo = cached[0]
    toplevel = cached[1] if cached else None
    from pathlib import Path

    try:
        cfg = config.load(Path(toplevel) if toplevel else None, env)
    except FatalError as e:  # a broken config file: say so once, inject nothing this session
        _log(env, str(e))
        return None, [], f"a config file is broken, so the hook adds nothing: {e}"
    opts = options(config.get(cfg, "inject", {}))
    if not opts["enabled"]:
        return None, [], "inject.enabled is off in a config file"
    days = opts["window_days"]
    since = (now.date() - timedelta(days=days)).isoformat()
    from git_ledger.hooks.payload import transcript_path

    logs = fresh.repo_logs(
        env, session=session, cwd=cwd, toplevel=toplevel, now=now, window_days=days,
        transcript_path=transcript_path(payload) or None,
    )
    agents = config.get(cfg, "review.agents", [])
    try:
        fresh.refresh(
            store, logs, env=env, now=now, since=since, seconds=opts["refresh_seconds"],
            review_agents=[str(a) for a in agents] if isinstance(agents, list) else [], cwd=cwd,
        )
    except Exception as e:  # noqa: BLE001  stale cases beat none: log it and inject what the store has
        _log(env, f"fresh collection failed: {type(e).__name__}: {e}")
    picked: list[Row] = []
    for sources, limit in ((("human",), opts["human_limit"]), (SELF_FOUND, opts["self_limit"])):
        rows = store.recent_cases(
            repo, types=TYPES, sources=sources, since=since, until=now.date().isoformat(),
            limit=limit * 3 + 5, exclude_session=session,
        )
        picked.extend(_distinct(rows, limit))
    picked.sort(key=lambda c: (c.date, c.timestamp, c.id), reverse=True)
    text = inject_text.render(picked, lang=opts["language"], days=days)
    if text:
        return text, [c.id for c in picked], ""
    return text, [], (f"{repo} has no typed case (omission, instruction-violation, premise-error, "
                      f"result-error) from another session in the last {days} days")


# redact.MARKER, repeated so the hook need not import redact (tests/hooks/test_inject.py checks they agree).
MASK_MARKER = r"\[(?:secret masked: [^\]\n]{1,200}|SQL masked)\]"


def informative(text: str) -> bool:
    """Does the text say anything once its mask markers are gone? ("[SQL masked]" alone does not.)"""
    import re

    rest = re.sub(MASK_MARKER, " ", text)
    return sum(ch.isalnum() for ch in rest) >= 4


def _distinct(rows: list[Row], limit: int) -> list[Row]:
    """At most `limit` cases, skipping a text already picked (a correction said twice) and texts
    that masking left with nothing to say."""
    seen: set[str] = set()
    out: list[Row] = []
    for c in rows:
        key = " ".join(c.text.split()).lower()
        if key not in seen and len(out) < limit and informative(c.text):
            seen.add(key)
            out.append(c)
    return out


def options(raw: Any) -> dict[str, Any]:
    """The `inject.*` config keys, coerced and clamped; a bad value falls back to its default."""
    from git_ledger.config import DEFAULTS

    defaults: dict[str, Any] = DEFAULTS["inject"]
    got = raw if isinstance(raw, dict) else {}

    def number(key: str, lo: float, hi: float, cast: Any) -> Any:
        try:
            value = cast(got.get(key, defaults[key]))
        except (TypeError, ValueError):
            value = cast(defaults[key])
        return max(lo, min(hi, value))

    return {
        "enabled": got.get("enabled", defaults["enabled"]) not in (False, "false", "no", "off", 0),
        "human_limit": number("human_limit", 0, 20, int),
        "self_limit": number("self_limit", 0, 20, int),
        "window_days": number("window_days", 1, 3650, int),
        "refresh_seconds": number("refresh_seconds", 0.0, 10.0, float),
        "language": str(got.get("language", defaults["language"])),
    }


def _log(env: Mapping[str, str], message: str) -> None:
    from git_ledger.hooks.log import log_failure

    log_failure(env, "user-prompt-submit", message)


def _iso(t: datetime) -> str:
    return t.isoformat(timespec="seconds").replace("+00:00", "Z")


def _write_marker(marker: Path) -> None:
    marker.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    marker.touch()


def _prune_markers(folder: Path) -> None:
    import time

    cutoff = time.time() - MARKER_DAYS * 86400
    try:
        for e in os.scandir(folder):
            if e.is_file() and e.stat().st_mtime < cutoff:
                os.unlink(e.path)
    except OSError:
        pass
