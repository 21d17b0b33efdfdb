"""Running the real agent CLIs offline, against the scripted model servers of model_servers.py."""
from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple


class FakeModel(NamedTuple):
    url: str  # http://127.0.0.1:PORT
    log: Path  # one JSON line per request the agent sent

    def requests(self) -> list[dict[str, Any]]:
        if not self.log.exists():
            return []
        return [json.loads(line) for line in self.log.read_text(encoding="utf-8").splitlines() if line.strip()]


SERVERS = Path(__file__).with_name("model_servers.py")


@contextlib.contextmanager
def fake_model(api: str, folder: Path, script: Sequence[Sequence[Mapping[str, Any]]]) -> Iterator[FakeModel]:
    """Serve `script` as the `anthropic` (Claude Code) or `responses` (Codex) API from a
    subprocess; the server is always killed, whatever happens."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "script.json").write_text(json.dumps(script), encoding="utf-8")
    port_file = folder / "port"
    proc = subprocess.Popen(
        (sys.executable, str(SERVERS), api, str(port_file), str(folder / "requests.jsonl"),
         str(folder / "script.json")),
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 20
        while not (port_file.exists() and port_file.read_text().strip()):
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the scripted {api} model did not start")
            time.sleep(0.05)
        yield FakeModel(f"http://127.0.0.1:{port_file.read_text().strip()}", folder / "requests.jsonl")
    finally:
        proc.kill()
        proc.wait(10)


def run_agent(argv: Sequence[str], *, cwd: Path, env: Mapping[str, str], timeout: float = 180) -> str:
    """Run an agent CLI to completion; fail with its output when it exits non-zero."""
    done = subprocess.run(list(argv), cwd=cwd, env={**os.environ, **env}, capture_output=True, text=True,
                          timeout=timeout, stdin=subprocess.DEVNULL)
    if done.returncode != 0:
        raise AssertionError(f"{argv[0]} exited {done.returncode}: {done.stdout[-2000:]}\n{done.stderr[-2000:]}")
    return done.stdout


def venv_path() -> str:
    """PATH with this interpreter's bin folder first, so `git-ledger` (project scope) resolves."""
    return os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
