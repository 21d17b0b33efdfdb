"""What the agents' hook inputs say, in the shapes they differ in (imported on every hook's path:
os only)."""
from __future__ import annotations

import os

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any


def workdir(payload: Mapping[str, Any]) -> str:
    """The hook's working directory: `cwd`, else (Cursor) the first of `workspace_roots`, else ours."""
    roots = payload.get("workspace_roots")
    first = roots[0] if isinstance(roots, list) and roots and isinstance(roots[0], str) else ""
    cwd = payload.get("cwd")
    return (cwd if isinstance(cwd, str) else "") or first or os.getcwd()


def session_id(payload: Mapping[str, Any]) -> str:
    """The session's id: `session_id`, else (Cursor) `conversation_id`, else (Copilot CLI's
    camelCase payloads) `sessionId`; "" when none is a string."""
    for key in ("session_id", "conversation_id", "sessionId"):
        value = payload.get(key)
        if isinstance(value, str) and value:
            return value
    return ""


def transcript_path(payload: Mapping[str, Any]) -> str:
    """The session log the agent names: `transcript_path`, else (Copilot CLI) `transcriptPath`; "" when neither."""
    for key in ("transcript_path", "transcriptPath"):
        value = payload.get(key)
        if isinstance(value, str) and value:
            return value
    return ""


def copilot_prompt(payload: Mapping[str, Any]) -> bool:
    """Is this Copilot CLI's userPromptSubmitted (camelCase `sessionId`, `prompt`, no event name)?"""
    return "hook_event_name" not in payload and "sessionId" in payload and "prompt" in payload


def copilot_stop(payload: Mapping[str, Any]) -> bool:
    """Is this Copilot CLI's agentStop (camelCase: `transcriptPath`, `stopReason`, no event name)?"""
    return "hook_event_name" not in payload and "transcriptPath" in payload and "stopReason" in payload
