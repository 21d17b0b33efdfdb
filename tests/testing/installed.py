"""What the install tests of every agent share: run an installed hook command as the agent runs it,
and a correction collected earlier in the repository for the hooks to inject."""
from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

from tests.testing.util import run_cli, write_jsonl

EARLIER_CORRECTION = "you didn't run the tests before saying it was done"


def run_installed(command: str, payload: dict[str, Any] | str, cwd: Path,
                  **env: str) -> subprocess.CompletedProcess[str]:
    """`command` as written into the agent's config, through a shell with a bare PATH, fed `payload`."""
    text = payload if isinstance(payload, str) else json.dumps(payload)
    return subprocess.run(command, shell=True, input=text, capture_output=True, text=True, cwd=cwd,
                          env={**os.environ, "PATH": "/usr/bin:/bin", **env}, timeout=60, check=False)


def collect_an_earlier_correction(repo: Path, logs: Path) -> None:
    """An earlier Claude Code session in `repo` whose last message is `EARLIER_CORRECTION`, collected."""
    earlier = write_jsonl(logs / "claude.jsonl", [
        {"parentUuid": None, "cwd": str(repo), "sessionId": "c-1", "type": "user", "uuid": "u1",
         "timestamp": "2026-11-19T09:00:00.000Z", "message": {"role": "user", "content": "add a parser"}},
        {"parentUuid": "u1", "cwd": str(repo), "sessionId": "c-1", "type": "assistant", "uuid": "a1",
         "timestamp": "2026-11-19T09:00:05.000Z", "message": {"role": "assistant", "content": [{"type": "text", "text": "Done."}]}},
        {"parentUuid": "a1", "cwd": str(repo), "sessionId": "c-1", "type": "user", "uuid": "u2",
         "timestamp": "2026-11-19T09:01:00.000Z", "message": {"role": "user", "content": EARLIER_CORRECTION}},
    ])
    assert run_cli("collect", "--logs", str(earlier), "--json", cwd=repo).returncode == 0
