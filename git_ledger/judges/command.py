"""A judge that is a program: `claude -p --model haiku`, `codex exec`, `ollama run …`, a script.

The program gets the fixed prompt on stdin (or, with `format: json`, one JSON object:
`{"text", "previous_tools", "previous", "types"}`) and prints one word. No shell is involved. It runs in
an empty temporary folder (so an agent CLI picks up no repository instructions), in its own
process group (so a timeout kills it and everything it started), with GIT_LEDGER_DISABLE=1 (so
git-ledger's own hooks stay out of a judge that is itself an agent session).
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import tempfile
import time
from collections.abc import Mapping, Sequence

from git_ledger.judges.base import ERROR, TIMEOUT, Answer, Judge, JudgeInput, full_prompt, parse_answer
from git_ledger.models import TYPES

FORMATS = ("prompt", "json")


class CommandJudge(Judge):
    kind = "command"

    def __init__(
        self,
        name: str,
        fingerprint: str,
        argv: Sequence[str],
        *,
        env: Mapping[str, str],
        timeout: float = 60.0,
        fmt: str = "prompt",
        offsite: bool = True,
        concurrency: int = 1,
    ) -> None:
        super().__init__(name, fingerprint, offsite=offsite, concurrency=concurrency)
        self.argv = list(argv)
        self.env = {**env, "GIT_LEDGER_DISABLE": "1"}
        self.timeout = timeout
        self.fmt = fmt

    def payload(self, item: JudgeInput) -> bytes:
        if self.fmt == "json":
            obj = {"text": item.text, "previous_tools": item.previous_tools, "previous": item.previous,
                   "types": list(TYPES)}
            return (json.dumps(obj, ensure_ascii=False) + "\n").encode("utf-8", "surrogateescape")
        return full_prompt(item).encode("utf-8", "surrogateescape")

    def ask(self, item: JudgeInput) -> Answer:
        start = time.monotonic()
        with tempfile.TemporaryDirectory(prefix="git-ledger-judge-") as workdir:
            try:
                proc = subprocess.Popen(
                    self.argv,
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE,
                    cwd=workdir,
                    env=self.env,
                    start_new_session=True,
                )
            except OSError as e:
                return Answer(ERROR, detail=f"cannot run {self.argv[0]}: {e.strerror or e}")
            try:
                out, err = proc.communicate(self.payload(item), timeout=self.timeout)
            except subprocess.TimeoutExpired:
                _kill_group(proc)
                return Answer(TIMEOUT, detail=f"no answer within {self.timeout:g}s", seconds=self.timeout)
        seconds = time.monotonic() - start
        if proc.returncode != 0:
            last = err.decode("utf-8", "replace").strip().splitlines()[-1:] or [""]
            detail = f"exit status {proc.returncode}: {last[0][:160]}".rstrip(": ")
            return Answer(ERROR, detail=detail, seconds=seconds)
        answer = parse_answer(out.decode("utf-8", "replace"))
        return Answer(answer.status, answer.value, answer.detail, seconds)


def _kill_group(proc: subprocess.Popen[bytes]) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    # Reap it; the pipes close once every process of the group is gone.
    try:
        proc.communicate(timeout=5)
    except subprocess.TimeoutExpired:  # pragma: no cover (only a process stuck in the kernel)
        proc.kill()
