"""Ordered upgrades of the ledger format, in the style of detect-secrets' `upgrades/vX_Y.py`.

A ledger written by an older git-ledger says so in its `version:`. Loading applies, in order,
every step newer than that version, in memory; the next write then saves the new format (as a
normal minimal edit). To change the format: bump `CURRENT_VERSION` in `ledger/model.py` and add
`v<N>.py` here with `def upgrade(doc: MutableMapping[str, Any]) -> None`, which edits the parsed
document in place from version N-1 to version N (the `version` key is set by the caller).
"""
from __future__ import annotations

import importlib
from collections.abc import Callable, MutableMapping, Sequence
from typing import Any

Step = tuple[int, Callable[[MutableMapping[str, Any]], None]]


def steps(current: int) -> list[Step]:
    """(version, upgrade) for every version after 1 up to `current`, oldest first."""
    out: list[Step] = []
    for version in range(2, current + 1):
        module = importlib.import_module(f"{__name__}.v{version}")
        out.append((version, module.upgrade))
    return out


def upgrade(doc: MutableMapping[str, Any], current: int, available: Sequence[Step] | None = None) -> int:
    """Bring `doc` from its `version` up to `current`; return the version it had."""
    found = doc.get("version")
    if not isinstance(found, int) or isinstance(found, bool) or found >= current:
        return found if isinstance(found, int) else 0
    for version, step in (steps(current) if available is None else available):
        if found < version <= current:
            step(doc)
            doc["version"] = version
    return found
