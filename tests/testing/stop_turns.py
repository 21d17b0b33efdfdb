"""Build Claude Code transcripts and Codex rollouts from real fixture records, turn by turn.

Each new record is a copy of a real record of the same kind (from tests/data/transcripts), with only
its text, command, ids and timestamp replaced, so the shapes are the ones real agents write.
"""
from __future__ import annotations

import copy
import itertools
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tests.testing.util import fixtures_dir

Record = dict[str, Any]
_ids = itertools.count(1)

CLAUDE_FIXTURE = "marot-spotter/tool_heavy.jsonl"
CODEX_FIXTURE = "kvsankar-agent-history/codex-session-01.jsonl"


def read_records(rel: str) -> list[Record]:
    with (fixtures_dir() / rel).open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def _first(records: list[Record], pred: Any) -> Record:
    return copy.deepcopy(next(r for r in records if pred(r)))


class ClaudeTurns:
    """Append prompts, tool calls and answers to a copy of a real Claude Code transcript."""

    def __init__(self, head: list[Record] | None = None) -> None:
        real = read_records(CLAUDE_FIXTURE)
        self.records: list[Record] = list(head if head is not None else real)
        self._prompt = _first(real, lambda r: r.get("type") == "user"
                              and isinstance(r["message"]["content"], str) and not r.get("isMeta"))
        self._tool = _first(real, lambda r: r.get("type") == "assistant"
                            and r["message"]["content"][0].get("type") == "tool_use")
        self._result = _first(real, lambda r: r.get("type") == "user"
                              and isinstance(r["message"]["content"], list)
                              and r["message"]["content"][0].get("type") == "tool_result")
        self._text = _first(real, lambda r: r.get("type") == "assistant"
                            and r["message"]["content"][0].get("type") == "text")
        self.session = self._prompt["sessionId"]

    def _stamp(self, rec: Record) -> Record:
        n = next(_ids)
        rec["uuid"] = f"00000000-0000-4000-8000-{n:012d}"
        rec["timestamp"] = f"2026-11-28T10:{n // 60 % 60:02d}:{n % 60:02d}.000Z"
        self.records.append(rec)
        return rec

    def prompt(self, text: str) -> Record:
        rec = copy.deepcopy(self._prompt)
        rec["message"]["content"] = text
        return self._stamp(rec)

    def meta(self, text: str) -> Record:
        """A synthetic user record, as Claude Code writes our own Stop feedback."""
        rec = self.prompt(text)
        rec["isMeta"] = True
        return rec

    def bash(self, command: str, output: str = "ok") -> str:
        rec = copy.deepcopy(self._tool)
        call_id = f"toolu_test{next(_ids):08d}"
        rec["message"]["content"] = [{"type": "tool_use", "id": call_id, "name": "Bash",
                                      "input": {"command": command, "description": "run"}}]
        self._stamp(rec)
        res = copy.deepcopy(self._result)
        res["message"]["content"] = [{"tool_use_id": call_id, "type": "tool_result", "content": output,
                                      "is_error": False}]
        res["toolUseResult"] = {"stdout": output, "stderr": "", "interrupted": False}
        self._stamp(res)
        return call_id

    def say(self, text: str) -> Record:
        """A final answer: a text block that ends the turn (`stop_reason: end_turn`, as 2.1.x writes)."""
        rec = copy.deepcopy(self._text)
        rec["message"]["content"] = [{"type": "text", "text": text}]
        rec["message"]["stop_reason"] = "end_turn"
        return self._stamp(rec)

    def write(self, path: Path, head_bytes: bytes = b"") -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as f:
            f.write(head_bytes)
            for rec in self.records:
                f.write((json.dumps(rec, ensure_ascii=False, separators=(",", ":")) + "\n").encode())
        return path


class CodexTurns:
    """Append turns to a copy of a real Codex rollout (0.135 shapes, 0.171 hook prompts)."""

    def __init__(self) -> None:
        self.records: list[Record] = read_records(CODEX_FIXTURE)
        self.session = self.records[0]["payload"]["id"]
        self.turn_id = ""

    def _add(self, kind: str, payload: Record) -> None:
        n = next(_ids)
        self.records.append({"timestamp": f"2026-11-28T11:{n // 60 % 60:02d}:{n % 60:02d}.000Z",
                             "type": kind, "payload": payload})

    def prompt(self, text: str) -> str:
        self.turn_id = f"turn-{next(_ids)}"
        self._add("event_msg", {"type": "task_started", "turn_id": self.turn_id})
        self._add("response_item", {"type": "message", "role": "user",
                                    "content": [{"type": "input_text", "text": text}]})
        self._add("event_msg", {"type": "user_message", "message": text, "images": []})
        return self.turn_id

    def hook_prompt(self, text: str) -> None:
        self._add("response_item", {"type": "message", "role": "user", "content": [
            {"type": "input_text", "text": f'<hook_prompt hook_run_id="stop:0:hooks.json">{text}</hook_prompt>'}]})

    def exec(self, cmd: str) -> None:
        call_id = f"call_{next(_ids)}"
        self._add("response_item", {"type": "function_call", "name": "exec_command",
                                    "arguments": json.dumps({"cmd": cmd}), "call_id": call_id})
        self._add("response_item", {"type": "function_call_output", "call_id": call_id, "output": "ok"})

    def say(self, text: str) -> None:
        self._add("event_msg", {"type": "agent_message", "message": text})
        self._add("response_item", {"type": "message", "role": "assistant",
                                    "content": [{"type": "output_text", "text": text}]})

    def complete(self, last: str) -> None:
        self._add("event_msg", {"type": "task_complete", "turn_id": self.turn_id, "last_agent_message": last})

    def write(self, path: Path) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("".join(json.dumps(r, separators=(",", ":")) + "\n" for r in self.records), encoding="utf-8")
        return path


def repeated_lines(rel: str, min_bytes: int) -> Iterator[bytes]:
    """Real fixture lines, repeated until `min_bytes` have been yielded (a long real history)."""
    lines = (fixtures_dir() / rel).read_bytes().splitlines(keepends=True)
    total = 0
    while total < min_bytes:
        for line in lines:
            total += len(line)
            yield line
