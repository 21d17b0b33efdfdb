"""A judge behind an OpenAI-compatible chat-completions endpoint (ollama, llama.cpp server, vLLM,
or a hosted service), spoken with urllib so the optional pass needs no client library.

One POST per question, temperature 0, a few output tokens. The key, when there is one, comes
from an environment variable named in the config, never from the config file itself.
"""
from __future__ import annotations

import ipaddress
import json
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

from git_ledger.judges.base import (
    ERROR,
    SYSTEM_PROMPT,
    TIMEOUT,
    Answer,
    Judge,
    JudgeInput,
    parse_answer,
    user_prompt,
)

MAX_RESPONSE_BYTES = 1 << 20


def is_loopback(url: str) -> bool:
    host = (urllib.parse.urlsplit(url).hostname or "").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def endpoint(url: str) -> str:
    """`http://host:port/v1` -> `…/v1/chat/completions`; a full endpoint URL is kept as is."""
    url = url.rstrip("/")
    return url if url.endswith("/chat/completions") else f"{url}/chat/completions"


class ChatJudge(Judge):
    kind = "openai"

    def __init__(
        self,
        name: str,
        fingerprint: str,
        url: str,
        model: str,
        *,
        key: str | None = None,
        timeout: float = 60.0,
        max_tokens: int = 16,
        extra_body: dict[str, Any] | None = None,
        concurrency: int = 2,
    ) -> None:
        super().__init__(name, fingerprint, offsite=not is_loopback(url), concurrency=concurrency)
        self.url = endpoint(url)
        self.model = model
        self.api_key = key
        self.timeout = timeout
        self.max_tokens = max_tokens
        self.extra_body = dict(extra_body or {})
        # A proxy from the environment must not see text meant for a server on this machine.
        handlers = [] if self.offsite else [urllib.request.ProxyHandler({})]
        self._opener = urllib.request.build_opener(*handlers)

    def body(self, item: JudgeInput) -> dict[str, Any]:
        return {
            "model": self.model,
            "messages": [
                {"role": "system", "content": SYSTEM_PROMPT},
                {"role": "user", "content": user_prompt(item)},
            ],
            "temperature": 0,
            "max_tokens": self.max_tokens,
            "stream": False,
            **self.extra_body,
        }

    def ask(self, item: JudgeInput) -> Answer:
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        data = json.dumps(self.body(item), ensure_ascii=False).encode("utf-8", "surrogateescape")
        request = urllib.request.Request(self.url, data=data, headers=headers, method="POST")  # noqa: S310  (the configured judge URL)
        start = time.monotonic()
        try:
            with self._opener.open(request, timeout=self.timeout) as response:
                raw = response.read(MAX_RESPONSE_BYTES)
        except urllib.error.HTTPError as e:
            return Answer(ERROR, detail=f"HTTP {e.code} from {self.url}", seconds=time.monotonic() - start)
        except TimeoutError:
            return Answer(TIMEOUT, detail=f"no answer within {self.timeout:g}s", seconds=self.timeout)
        except (urllib.error.URLError, OSError) as e:
            reason = getattr(e, "reason", e)
            if isinstance(reason, (TimeoutError, socket.timeout)):
                return Answer(TIMEOUT, detail=f"no answer within {self.timeout:g}s", seconds=self.timeout)
            return Answer(ERROR, detail=f"{self.url}: {reason}", seconds=time.monotonic() - start)
        seconds = time.monotonic() - start
        try:
            content = json.loads(raw)["choices"][0]["message"]["content"]
        except (ValueError, KeyError, IndexError, TypeError):
            return Answer(ERROR, detail="not a chat-completions response", seconds=seconds)
        if not isinstance(content, str):
            return Answer(ERROR, detail="not a chat-completions response", seconds=seconds)
        answer = parse_answer(content)
        return Answer(answer.status, answer.value, answer.detail, seconds)
