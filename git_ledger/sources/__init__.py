"""Agent session logs -> `Event`s and `Turn`s. One module per agent; this module routes.

Contract (shared by collect, inject, guards, cards):

* `detect_agent(head: bytes) -> str | None` recognises a log from its first bytes (content, not
  its name): "claude", "codex", "gemini", or None for anything else.
* `discover(roots) -> Iterator[tuple[str, Path]]` yields (agent, file) for every log under each
  root (a file or a folder searched recursively, following symlinks, without loops).
* `read_events(path, agent, offset=0, state=None) -> ReadResult` reads complete lines from
  `offset` and returns the events found, the offset just past the last complete line, the count
  of malformed lines skipped, bytes read, and the parser `state` to resume from (JSON-safe).
  A trailing line without a newline is left for next time. Gemini files are whole JSON documents:
  they are re-read when their size or mtime changes; stable event ids keep that idempotent.
* `read_turns(path, agent) -> list[Turn]` reads a whole log into turns (for replay/probe/scan).
"""
from __future__ import annotations
