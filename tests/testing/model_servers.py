"""Scripted model servers for the real agent CLIs, so the end-to-end tests run offline.

    python model_servers.py anthropic|responses PORT_FILE REQUEST_LOG SCRIPT_JSON

`anthropic` speaks the Anthropic Messages API (what Claude Code calls, `ANTHROPIC_BASE_URL`),
`responses` the OpenAI Responses API (what Codex calls through a `model_providers` entry with
`wire_api = "responses"`). Both serve on 127.0.0.1 on a free port, written to PORT_FILE once the
socket listens.

SCRIPT_JSON is a list of model turns, each a list of steps: `{"text": "..."}` or
`{"tool": NAME, "input": {...}}`. Each agent turn takes the next turn of the script and the last
one repeats. For Claude Code an agent turn is a request that offers tools (the CLI also asks for
titles and summaries without tools: those get a one-word text); for Codex every POST is one.
Each request is appended to REQUEST_LOG as one JSON line (`path`, `body`, and for the Messages API
`model` and `messages`, the number of messages) so a test can check what the agent sent: the
injected context, the hook feedback.

Standard library only, and run as a script (not imported), so it needs nothing of the package.
"""
from __future__ import annotations

import json
import secrets
import sys
import threading
from collections.abc import Iterable, Sequence
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

Step = dict[str, Any]
Event = tuple[str, dict[str, Any]]  # (SSE event name, data)


class Script:
    """The turns of a scripted model, handed out one per agent turn (thread-safe)."""

    def __init__(self, turns: Sequence[Sequence[Step]]) -> None:
        if not turns:
            raise SystemExit("the script has no turns")
        self.turns = [list(t) for t in turns]
        self.taken = 0
        self.lock = threading.Lock()

    def next_turn(self) -> list[Step]:
        with self.lock:
            turn = self.turns[min(self.taken, len(self.turns) - 1)]
            self.taken += 1
            return turn


def _id(prefix: str) -> str:
    return f"{prefix}_{secrets.token_hex(12)}"


# ------------------------------------------------------------------ Anthropic Messages API
def messages_blocks(turn: Iterable[Step]) -> list[dict[str, Any]]:
    """Content blocks of one assistant message: text, or tool_use with a fresh id."""
    out: list[dict[str, Any]] = []
    for step in turn:
        if "tool" in step:
            out.append({"type": "tool_use", "id": _id("toolu"), "name": step["tool"], "input": step.get("input", {})})
        else:
            out.append({"type": "text", "text": str(step.get("text", ""))})
    return out


def messages_answer(body: dict[str, Any], script: Script) -> tuple[dict[str, Any], list[Event]]:
    """(the whole message, the same message as stream events) for one Messages API request."""
    blocks = messages_blocks(script.next_turn() if body.get("tools") else [{"text": "ok"}])
    stop = "tool_use" if any(b["type"] == "tool_use" for b in blocks) else "end_turn"
    usage = {"input_tokens": 12, "output_tokens": 6}
    head = {"id": _id("msg"), "type": "message", "role": "assistant", "model": body.get("model", ""),
            "content": [], "stop_reason": None, "stop_sequence": None, "usage": usage}
    events: list[Event] = [("message_start", {"type": "message_start", "message": head})]
    for index, block in enumerate(blocks):
        if block["type"] == "text":
            start = {"type": "text", "text": ""}
            delta = {"type": "text_delta", "text": block["text"]}
        else:
            start = {"type": "tool_use", "id": block["id"], "name": block["name"], "input": {}}
            delta = {"type": "input_json_delta", "partial_json": json.dumps(block["input"])}
        events += [
            ("content_block_start", {"type": "content_block_start", "index": index, "content_block": start}),
            ("content_block_delta", {"type": "content_block_delta", "index": index, "delta": delta}),
            ("content_block_stop", {"type": "content_block_stop", "index": index}),
        ]
    events += [
        ("message_delta", {"type": "message_delta", "delta": {"stop_reason": stop, "stop_sequence": None},
                           "usage": {"output_tokens": usage["output_tokens"]}}),
        ("message_stop", {"type": "message_stop"}),
    ]
    return {**head, "content": blocks, "stop_reason": stop}, events


# ------------------------------------------------------------------- OpenAI Responses API
def responses_items(turn: Iterable[Step]) -> list[dict[str, Any]]:
    """Output items of one response: an assistant message, or a function call."""
    out: list[dict[str, Any]] = []
    for step in turn:
        if "tool" in step:
            out.append({"type": "function_call", "id": _id("fc"), "call_id": _id("call"), "name": step["tool"],
                        "arguments": json.dumps(step.get("input", {})), "status": "completed"})
        else:
            out.append({"type": "message", "id": _id("msg"), "role": "assistant", "status": "completed",
                        "content": [{"type": "output_text", "text": str(step.get("text", "")), "annotations": []}]})
    return out


def responses_events(script: Script) -> list[Event]:
    """One streamed response: created, each output item added and done, completed."""
    response = {"id": _id("resp"), "object": "response", "status": "in_progress", "output": []}
    items = responses_items(script.next_turn())
    events: list[Event] = [("response.created", {"type": "response.created", "response": response})]
    for index, item in enumerate(items):
        events.append(("response.output_item.added",
                       {"type": "response.output_item.added", "output_index": index, "item": item}))
        events.append(("response.output_item.done",
                       {"type": "response.output_item.done", "output_index": index, "item": item}))
    usage = {"input_tokens": 12, "input_tokens_details": None, "output_tokens": 6,
             "output_tokens_details": None, "total_tokens": 18}
    done = {**response, "status": "completed", "output": items, "usage": usage}
    events.append(("response.completed", {"type": "response.completed", "response": done}))
    return events


# ----------------------------------------------------------------------------- the server
def handler(api: str, script: Script, log: Path) -> type[BaseHTTPRequestHandler]:
    lock = threading.Lock()

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:
            pass  # the request log below is the record

        def _send_json(self, data: Any) -> None:
            raw = json.dumps(data).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(raw)))
            self.end_headers()
            self.wfile.write(raw)

        def _send_events(self, events: Sequence[Event]) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-cache")
            self.send_header("Connection", "close")
            self.end_headers()
            for name, data in events:
                self.wfile.write(f"event: {name}\ndata: {json.dumps(data)}\n\n".encode())
            self.wfile.flush()
            self.close_connection = True

        def do_HEAD(self) -> None:
            self.send_response(200)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def do_GET(self) -> None:  # model lists and health checks
            self._send_json({"object": "list", "data": [], "models": []})

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = json.loads(self.rfile.read(length) or b"{}")
            record: dict[str, Any] = {"path": self.path, "body": body}
            if api == "anthropic":
                record.update(model=body.get("model"), messages=len(body.get("messages", [])))
            with lock, log.open("a", encoding="utf-8") as f:
                f.write(json.dumps(record) + "\n")
            if api == "responses":
                self._send_events(responses_events(script))
            elif "count_tokens" in self.path:
                self._send_json({"input_tokens": 12})
            else:
                message, events = messages_answer(body, script)
                if body.get("stream"):
                    self._send_events(events)
                else:
                    self._send_json(message)

    return Handler


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 4 or args[0] not in ("anthropic", "responses"):
        print(__doc__, file=sys.stderr)
        return 2
    api, port_file, log, script_file = args[0], Path(args[1]), Path(args[2]), Path(args[3])
    script = Script(json.loads(script_file.read_text(encoding="utf-8")))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler(api, script, log))
    tmp = port_file.with_name(port_file.name + ".tmp")
    tmp.write_text(str(server.server_address[1]))
    tmp.replace(port_file)  # whole, or not there: a reader never sees half a number
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
