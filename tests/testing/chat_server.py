"""A real HTTP server on 127.0.0.1 speaking the OpenAI chat-completions shape, for judge tests.

`reply(body) -> (status, content)` decides each answer from the request body; every request
(path, headers, body) is recorded so a test can count calls and check what was sent.
"""
from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any

from tests.testing.loopback import serving

Reply = Callable[[dict[str, Any]], "tuple[int, str]"]


@dataclass
class ChatServer:
    url: str
    requests: list[dict[str, Any]] = field(default_factory=list)
    delay: float = 0.0


def message_of(body: dict[str, Any]) -> str:
    """The user's message as the judge framed it (between <<< and >>>)."""
    content = body["messages"][-1]["content"]
    return str(content.split("<<<\n", 1)[1].split("\n>>>", 1)[0])


@contextmanager
def chat_server(reply: Reply) -> Iterator[ChatServer]:
    state = ChatServer(url="")

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args: object) -> None:
            pass

        def do_POST(self) -> None:
            raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            body = json.loads(raw)
            state.requests.append({"path": self.path, "headers": dict(self.headers), "body": body})
            if state.delay:
                time.sleep(state.delay)
            status, content = reply(body)
            if status == 200 and not content.startswith("RAW:"):
                payload = {
                    "id": "chatcmpl-test", "object": "chat.completion", "model": body.get("model"),
                    "choices": [{"index": 0, "finish_reason": "stop",
                                 "message": {"role": "assistant", "content": content}}],
                }
                data = json.dumps(payload).encode()
            else:
                data = content.removeprefix("RAW:").encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            try:
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (a timeout test)

    with serving(Handler) as url:
        state.url = f"{url}/v1"
        yield state
