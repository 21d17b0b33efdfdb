"""A scripted stand-in for the Gemini API (`generativelanguage.googleapis.com`) on 127.0.0.1, so the
real Gemini CLI runs offline: point it here with GOOGLE_GEMINI_BASE_URL and any GEMINI_API_KEY.

The CLI streams its main requests (`POST /v1beta/models/<model>:streamGenerateContent?alt=sse`,
answered as server-sent events) and sends side requests without streaming (`:generateContent`,
e.g. to route a prompt to a model or to check who speaks next; `:countTokens`). Each streamed
request that carries the conversation takes the next entry of the script, a list of parts:
`{"text": …}` or `{"call": name, "args": {…}}` (a function call). A side request is answered from
`side(body)` (by default a JSON object the caller's schema accepts: `{}`), and every request is
recorded (path and body) so a test can see what reached the model.
"""
from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any

from tests.testing.loopback import serving

Part = Mapping[str, Any]


@dataclass
class FakeGemini:
    url: str
    script: list[Sequence[Part]]
    requests: list[dict[str, Any]] = field(default_factory=list)

    def streamed(self) -> list[dict[str, Any]]:
        return [r["body"] for r in self.requests if ":streamGenerateContent" in r["path"]]


def _candidate(parts: Sequence[Part]) -> dict[str, Any]:
    out: list[dict[str, Any]] = []
    for p in parts:
        if "call" in p:
            out.append({"functionCall": {"name": p["call"], "args": dict(p.get("args", {}))}})
        else:
            out.append({"text": str(p["text"])})
    return {"candidates": [{"content": {"role": "model", "parts": out}, "finishReason": "STOP", "index": 0}],
            "usageMetadata": {"promptTokenCount": 10, "candidatesTokenCount": 5, "totalTokenCount": 15},
            "modelVersion": "gemini-test"}


def _filled(schema: Any) -> Any:
    """The plainest value a JSON schema (Gemini's upper-case type names) accepts."""
    kind = str(schema.get("type", "")).upper() if isinstance(schema, dict) else ""
    if kind == "OBJECT":
        props = schema.get("properties") or {}
        return {k: _filled(v) for k, v in props.items() if k in (schema.get("required") or props)}
    if kind == "ARRAY":
        return []
    if kind in ("INTEGER", "NUMBER"):
        return 1
    if kind == "BOOLEAN":
        return False
    enum = schema.get("enum") if isinstance(schema, dict) else None
    return enum[0] if enum else "x"


def _default_side(body: dict[str, Any]) -> str:
    """An answer to a side request that its response schema accepts (the CLI's router, …)."""
    config = body.get("generationConfig") or {}
    schema = config.get("responseJsonSchema") or config.get("responseSchema")
    return json.dumps(_filled(schema)) if schema else "{}"


@contextmanager
def fake_gemini(script: Sequence[Sequence[Part]], side: Callable[[dict[str, Any]], str] = _default_side) -> Iterator[FakeGemini]:
    state = FakeGemini(url="", script=list(script))
    lock = threading.Lock()

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args: object) -> None:
            pass

        def _send(self, status: int, ctype: str, data: bytes) -> None:
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self) -> None:
            with lock:
                state.requests.append({"path": self.path, "body": None})
            self._send(404, "application/json", b'{"error": {"code": 404, "message": "not here"}}')

        def do_POST(self) -> None:
            raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            try:
                body = json.loads(raw) if raw else {}
            except ValueError:
                body = {}
            with lock:
                state.requests.append({"path": self.path, "body": body})
                parts = state.script.pop(0) if ":streamGenerateContent" in self.path and state.script else None
            if ":countTokens" in self.path:
                self._send(200, "application/json", b'{"totalTokens": 10}')
            elif ":streamGenerateContent" in self.path:
                chunk = _candidate(parts if parts is not None else [{"text": "(script exhausted)"}])
                self._send(200, "text/event-stream", f"data: {json.dumps(chunk)}\r\n\r\n".encode())
            elif ":generateContent" in self.path:
                self._send(200, "application/json", json.dumps(_candidate([{"text": side(body)}])).encode())
            else:
                self._send(404, "application/json", b'{"error": {"code": 404, "message": "not here"}}')

    with serving(Handler) as state.url:
        yield state
