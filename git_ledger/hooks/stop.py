"""`git-ledger hook stop`: the evidence and search-posture guards, for Claude Code, Codex and
Gemini CLI (its AfterAgent event: `prompt_response` is the final text, and `{"decision": "block"}`,
an alias of "deny", sends the reason back as a new prompt).

One process runs both guards and prints at most one decision. The silent path (by far the most
common) reads only the tail of the transcript and imports nothing beyond `json`, `os` and `re`:
the config, the repository lookup (a git subprocess) and the store are touched only once a
guard would fire. Errors propagate to the fail-open wrapper in `commands/hook.py`, which logs
one line and prints nothing.

Why a block and not Stop `additionalContext` for the search-posture reminder: both make the
agent take one more turn in Claude Code (2.1.332, measured with the real CLI), but Codex
(0.171.0) rejects `hookSpecificOutput` on Stop ("hook: Stop Failed") while it honours
`{"decision": "block"}`. One portable form, and the reason asks for a one-line answer, keeps the
extra turn cheap.
"""
from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from git_ledger.hooks.guards import transcript
from git_ledger.hooks.payload import copilot_stop, session_id, transcript_path, workdir

if TYPE_CHECKING:
    from git_ledger.classify.claims import Claim
    from git_ledger.hooks.guards.search_posture import Reminder

_PLACEHOLDER_TOOL = "the preferred tool"  # decides "would it fire?" before reading any config
# A superset of the commands the search-posture guard inspects: without one of these words in
# any shell call of the turn, its module is not even imported.
_SEARCH_WORD = re.compile(r"\b(?:[ef]?grep|rg|ag|ack)\b")


# The stored text says what the guard saw, so an injection never shows the agent's own words
# ("Done.") as if someone had said them.
GUARD_TEXT = {
    "evidence": "claimed completion in a turn that ran no tool: {text}",
    "search-posture": "guessed with grep where the repo prefers {tool}: {text}",
}


class Firing(NamedTuple):
    guard: str  # evidence | search-posture
    case_type: str  # omission | instruction-violation
    text: str  # unmasked: the claim, or the offending commands
    reason: str
    detail: dict[str, Any]


BLOCKED_DIR = "copilot-blocked"  # Copilot CLI: the sessions whose last turn we blocked
CHECK_AGAINST = (
    "Before you finish, check the work of this turn against these corrections from earlier sessions "
    "in this repository. If it already respects them, say so in one line; otherwise fix it."
)


def run(payload: dict[str, Any], env: Mapping[str, str]) -> str | None:
    if copilot_stop(payload):
        return _copilot(payload, env)
    return _guards(payload, env)


def _copilot(payload: dict[str, Any], env: Mapping[str, str]) -> str | None:
    """agentStop: the guards' reasons and, for a session whose first prompt went without them (no
    userPromptSubmitted hook installed), its recent corrections, in one block; never two blocks in a row."""
    from git_ledger.hooks import inject

    session = session_id(payload)
    if not session or inject.disabled(env):
        return None
    blocked = inject.marker_path(env, session, BLOCKED_DIR)
    if os.path.exists(blocked):
        os.unlink(blocked)  # this turn is the one our block forced: let it end
        return None
    if payload.get("stop_hook_active"):  # newer Copilot CLIs say so themselves
        return None
    answer = _guards(payload, env)
    reasons = [json.loads(answer)["reason"]] if answer else []
    corrections = inject.at_first_stop(payload, env)
    if corrections:
        reasons.append(f"{corrections}\n\n{CHECK_AGAINST}")
    if not reasons:
        return None
    os.makedirs(os.path.dirname(blocked), mode=0o700, exist_ok=True)
    with open(blocked, "w", encoding="utf-8"):
        pass
    return json.dumps({"decision": "block", "reason": "\n\n".join(reasons)}, ensure_ascii=False)


def _guards(payload: dict[str, Any], env: Mapping[str, str]) -> str | None:
    # Cursor counts the follow-ups it has sent in this loop (`loop_count`) instead of a flag.
    if payload.get("stop_hook_active") or payload.get("loop_count") or env.get("GIT_LEDGER_DISABLE") == "1":
        return None  # never block twice in a row
    event = payload.get("hook_event_name")
    if event not in (None, "Stop", "AfterAgent", "stop"):  # AfterAgent: Gemini CLI's; stop: Cursor's
        return None
    if event == "stop" and payload.get("status") not in (None, "completed"):
        return None  # an aborted or failed Cursor turn claims nothing
    path = transcript_path(payload)
    if not path:
        return None
    try:
        turn = transcript.gemini_turn(path) if event == "AfterAgent" else transcript.current_turn(path)
    except OSError:
        return None  # missing or unreadable transcript: silent, by design
    if turn is None:
        return None
    final = payload.get("last_assistant_message", payload.get("prompt_response"))
    if not isinstance(final, str) or not final.strip():
        final = turn.final_text
    claim = reminder = None
    if turn.complete and not turn.calls and final.strip():
        from git_ledger.hooks.guards import evidence

        claim = evidence.decide(0, final)
    shells = [c.shell for c in turn.calls if c.shell]
    cwd = workdir(payload)
    if any(_SEARCH_WORD.search(s) for s in shells) and _may_prefer_a_tool(cwd, env):
        from git_ledger.hooks.guards import search_posture

        reminder = search_posture.decide(shells, _PLACEHOLDER_TOOL)
    if claim is None and reminder is None:
        return None

    firings = _configured(claim, reminder, cwd, env)
    if not firings:
        return None
    _record(firings, turn, payload, cwd, final, env)
    reason = "\n\n".join(f.reason for f in firings)
    if event == "stop":  # Cursor sends `followup_message` to the agent as the user's next message
        return json.dumps({"followup_message": reason}, ensure_ascii=False)
    return json.dumps({"decision": "block", "reason": reason}, ensure_ascii=False)



def _may_prefer_a_tool(cwd: str, env: Mapping[str, str]) -> bool:
    """Whether a preferred search tool may be configured: the repository's
    `.git-ledger/config.yaml` around `cwd` (found without git, up to the folder holding `.git`)
    or the user's config mentions `preferred`. Without one the turn's shell calls are not parsed
    at all (`_configured` then reads the files properly)."""
    folder = os.path.abspath(cwd)
    while True:
        if _mentions_preferred(os.path.join(folder, ".git-ledger", "config.yaml")):
            return True
        parent = os.path.dirname(folder)
        if parent == folder or os.path.exists(os.path.join(folder, ".git")):
            break
        folder = parent
    from git_ledger import paths

    return _mentions_preferred(str(paths.user_config_path(env)))


def _mentions_preferred(path: str) -> bool:
    try:
        with transcript.open_regular(path) as f:
            return b"preferred" in f.read(1 << 20)
    except OSError:
        return False


def _configured(
    claim: Claim | None,
    reminder: Reminder | None,
    cwd: str,
    env: Mapping[str, str],
) -> list[Firing]:
    """The firings the user and repository configuration allow."""
    from pathlib import Path

    from git_ledger import config, paths, repo

    top = repo.git_toplevel(cwd) if os.path.isdir(cwd) else None
    root = Path(top) if top else None
    cfg = config.load(root, env)
    out: list[Firing] = []
    if claim is not None and config.get(cfg, "guards.evidence", True):
        from git_ledger.hooks.guards import evidence

        out.append(Firing(evidence.GUARD, "omission", claim.text, evidence.reason(claim),
                          {"lang": claim.lang}))
    if reminder is not None and config.get(cfg, "guards.search_posture", True):
        from git_ledger.hooks.guards import search_posture

        named = search_posture.configured(cfg)  # the user's search.preferred, or the repository's
        if named is not None:
            preferred, hint = named
            by_user = root is None or search_posture.configured(
                config.read_yaml_cached(paths.repo_config_path(root), paths.data_dir(env))) is None
            out.append(Firing(
                search_posture.GUARD, "instruction-violation", "\n".join(reminder.commands),
                search_posture.reason(reminder, preferred, hint, by_user=by_user),
                {"why": reminder.why, "preferred": preferred, "calls": len(reminder.commands)},
            ))
    return out


def _record(
    firings: list[Firing],
    turn: transcript.TailTurn,
    payload: dict[str, Any],
    cwd: str,
    final: str,
    env: Mapping[str, str],
) -> None:
    """Store each firing as a `guard` case and a guard event (only now is the store opened)."""
    import hashlib

    from git_ledger import paths, repo
    from git_ledger.masking.mask import mask
    from git_ledger.models import Case, ToolCall, case_id, format_tools
    from git_ledger.store.queries import HOOK_BUSY_TIMEOUT_MS
    from git_ledger.store.store import Store

    now = paths.now(env)
    now_iso = now.isoformat(timespec="seconds").replace("+00:00", "Z")
    timestamp = turn.timestamp or now_iso
    session = session_id(payload)
    turn_key = (
        str(payload.get("turn_id") or "") or turn.opened_by or turn.last_uuid
        or hashlib.sha256(final.encode()).hexdigest()[:16]
    )
    tools = tuple(ToolCall(c.id, c.name, " ".join(c.shell.split())[:80], shell=c.shell) for c in turn.calls)
    context = format_tools(tools)
    with Store.open(paths.db_path(env), HOOK_BUSY_TIMEOUT_MS) as store:
        repo_id = repo.RepoResolver(store, now_iso)(cwd)
        for f in firings:
            cid = case_id(turn.agent, session, turn_key, f"guard:{f.guard}")
            masked = GUARD_TEXT.get(f.guard, "{text}").format(text=mask(f.text)[:2000], tool=f.detail.get("preferred", ""))
            store.add_cases([Case(
                id=cid, repo=repo_id, agent=turn.agent, session=session, date=timestamp[:10],
                timestamp=timestamp, type=f.case_type, source="guard", text=masked,
                context=context, typed_by=f"guard:{f.guard}", lang=f.detail.get("lang", ""),
                kind="hook_block", cwd=cwd,
            )])
            detail = json.dumps({**f.detail, "case": cid}, ensure_ascii=False, sort_keys=True)
            store.record_guard_event(cid, f.guard, session, timestamp[:10], repo_id, detail)
