"""The agent hooks' own record: one line per failure in the hook log, and a last-run marker per
hook for `git-ledger doctor`. Neither ever raises: a hook fails open (commands/hook.py)."""
from __future__ import annotations

import os
import time

# typing stays off the hooks' path (mypy reads TYPE_CHECKING = False as typing.TYPE_CHECKING).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping


def log_failure(env: Mapping[str, str], hook: str, message: str) -> None:
    """Append one line to the hook log; never raises."""
    try:
        from git_ledger import paths

        path = paths.log_path(env)
        path.parent.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        line = f"{stamp} {hook}: {' '.join(message.split())[:500]}\n"
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.write(fd, line.encode("utf-8", "replace"))
        finally:
            os.close(fd)
    except Exception:  # noqa: BLE001, S110  never raises: the hooks fail open
        pass


def mark_run(env: Mapping[str, str], hook: str, status: str) -> None:
    """Leave a last-run marker for `git-ledger doctor` (a tiny file; cheaper than a DB write)."""
    try:
        from git_ledger import paths

        folder = paths.data_dir_str(env)
        marker = os.path.join(folder, f"last-run-{hook}")
        try:
            fd = os.open(marker, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        except FileNotFoundError:
            os.makedirs(folder, mode=0o700, exist_ok=True)
            fd = os.open(marker, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.write(fd, (status + "\n").encode())
        finally:
            os.close(fd)
    except Exception:  # noqa: BLE001, S110  never raises: the hooks fail open
        pass
