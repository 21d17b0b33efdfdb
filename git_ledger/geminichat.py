"""A Gemini CLI chat file as one document `{"sessionId", "projectHash", …, "messages": [...]}`.

Two layouts: older releases rewrite `chats/session-*.json`, one pretty-printed JSON document;
newer ones (0.61.0, seen with the real CLI) append to `chats/session-*.jsonl`: a first line with
the session's fields, then one line per message (`{"id", "timestamp", "type", "content", …}`; a
message that changes, e.g. when its tool calls finish, is written again with the same id) and
`{"$set": {…}}` lines that set document fields (`messages` included, which replaces the list).
Imported by the Stop hook (stdlib only) and by the Gemini reader.
"""
from __future__ import annotations

import json
from typing import Any


def document(data: bytes) -> dict[str, Any] | None:
    """The chat as one document, or None when `data` is neither layout (half written, damaged)."""
    try:
        doc = json.loads(data)
    except (ValueError, RecursionError):
        doc = _from_lines(data)
    if not isinstance(doc, dict) or not isinstance(doc.get("messages", []), list):
        return None
    doc.setdefault("messages", [])
    return doc


def _from_lines(data: bytes) -> dict[str, Any] | None:
    doc: dict[str, Any] | None = None
    messages: list[dict[str, Any]] = []
    where: dict[str, int] = {}
    complete = data[: data.rfind(b"\n") + 1] if not data.endswith(b"\n") else data  # a torn last line waits
    for line in complete.splitlines():
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
        except (ValueError, RecursionError):
            return None
        if not isinstance(rec, dict):
            return None
        if doc is None:
            doc = rec
            continue
        update = rec.get("$set")
        if isinstance(update, dict):
            if isinstance(update.get("messages"), list):
                messages = [m for m in update["messages"] if isinstance(m, dict)]
                where = {str(m.get("id")): i for i, m in enumerate(messages) if m.get("id")}
            doc.update({k: v for k, v in update.items() if k != "messages"})
        elif isinstance(rec.get("type"), str):
            key = str(rec.get("id") or "")
            if key and key in where:
                messages[where[key]] = rec
            else:
                if key:
                    where[key] = len(messages)
                messages.append(rec)
    if doc is None:
        return None
    doc["messages"] = messages
    return doc
