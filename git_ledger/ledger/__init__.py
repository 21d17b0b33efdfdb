"""The proposals ledger: a text-free, versioned YAML file of numbered proposals.

Default path `.git-ledger/proposals.yaml` in the repository (`paths.default_ledger_path`), or any
path (one ledger for every repository, e.g. in a dotfiles repo). Format: docs/ledger.md.

Public API (used by `propose`, `pr`, `report`, `ledger validate` and the pre-commit hook):

    load_ledger(path) -> Ledger        a missing file is an empty ledger; an invalid one raises
                                       InvalidLedgerError (a FatalError) naming file:line
    Ledger.entries                     {id: Entry} in file order. Entry has repo, type, status,
                                       pr (int | None), fingerprints (frozenset of promote.Unit)
                                       and the derived units, sessions, first, last, dates
    Ledger.pending                     {(repo, type): Pending}: groups below the threshold
    Ledger.entry(entry_id) -> Entry    FatalError when there is no such entry
    save_ledger(ledger, data) -> bool  write `data` if it differs, as a minimal edit (atomic)
    set_review(path, entry_id, pr_number) -> Entry
                                       status `in-review` and `pr: N` (the PR command)
    set_status(path, entry_id, status) -> Entry
    validate_paths(paths) -> list[str] "file:line: message" for every problem, [] when valid
"""
from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from git_ledger.errors import FatalError
from git_ledger.ledger import schema as ledger_schema
from git_ledger.ledger.model import (
    CURRENT_VERSION,
    DECIDED,
    STATUSES,
    Entry,
    LedgerData,
    Pending,
)
from git_ledger.ledger.promote import GroupKey

__all__ = [
    "CURRENT_VERSION", "STATUSES", "Entry", "InvalidLedgerError", "Ledger", "LedgerData",
    "Pending", "load_ledger", "parse_ledger", "save_ledger", "set_review", "set_status",
    "validate_paths",
]


class InvalidLedgerError(FatalError):
    """The ledger file is not valid YAML, has an unknown version, or breaks the schema."""


@dataclass(frozen=True)
class Ledger:
    path: Path
    text: str  # "" when the file does not exist yet
    data: LedgerData
    exists: bool = True
    upgraded_from: int = CURRENT_VERSION

    @property
    def entries(self) -> Mapping[str, Entry]:
        return self.data.entries

    @property
    def pending(self) -> Mapping[GroupKey, Pending]:
        return self.data.pending

    def entry(self, entry_id: str) -> Entry:
        if entry_id not in self.data.entries:
            raise FatalError(f"{self.path}: no entry {entry_id}")
        return self.data.entries[entry_id]


def parse_ledger(text: str, path: Path) -> Ledger:
    if not text.strip():
        return Ledger(path, text, LedgerData(), exists=bool(text))
    parsed = ledger_schema.parse(text)
    if parsed.data is None:
        messages = parsed.messages(str(path))
        more = f" (and {len(messages) - 1} more; run `git-ledger ledger validate`)" if len(messages) > 1 else ""
        raise InvalidLedgerError(messages[0] + more)
    return Ledger(path, text, parsed.data, True, parsed.found_version)


def load_ledger(path: Path) -> Ledger:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Ledger(path, "", LedgerData(), exists=False)
    except (OSError, UnicodeDecodeError) as e:
        raise FatalError(f"cannot read the ledger {path}: {e}") from e
    return parse_ledger(text, path)


def new_text(ledger: Ledger, data: LedgerData) -> str:
    """The text of `ledger` changed to hold `data`: a minimal edit when the layout allows."""
    from git_ledger import yaml as gl_yaml
    from git_ledger.ledger import render as ledger_render
    from git_ledger.ledger import text as ledger_text

    if not ledger.text.strip():
        return ledger_render.render(data)
    candidates: list[Callable[[], str | None]] = [
        # An older format is rewritten whole (after its upgrade steps), not edited line by line.
        lambda: None if ledger.upgraded_from != CURRENT_VERSION else ledger_text.edit(
            ledger.text, gl_yaml.positions(ledger.text), ledger.data, data),
        lambda: ledger_render.rewrite(ledger_schema.parse(ledger.text, round_trip=True).doc, data),
        lambda: ledger_render.render(data),
    ]
    for make in candidates:
        text = make()
        if text is not None:
            check = ledger_schema.parse(text)
            if check.data is not None and check.data.same(data):
                return text
    raise AssertionError("the canonical rendering of a ledger does not read back")  # a bug


def write_text(path: Path, text: str) -> None:
    """Atomic replace, keeping the file's mode."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        mode = path.stat().st_mode & 0o7777
    except FileNotFoundError:
        mode = None
    try:
        with open(tmp, "w", encoding="utf-8", newline="") as f:
            f.write(text)
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, path)
    except OSError as e:
        tmp.unlink(missing_ok=True)
        raise FatalError(f"cannot write {path}: {e}") from e


def save_ledger(ledger: Ledger, data: LedgerData) -> bool:
    """Write `data` to the ledger's file; False (and no write) when nothing changed."""
    if ledger.exists and ledger.upgraded_from == CURRENT_VERSION and ledger.data.same(data):
        return False
    write_text(ledger.path, new_text(ledger, data))
    return True


def _replace_entry(path: Path, entry_id: str, **changes: Any) -> Entry:
    ledger = load_ledger(path)
    if not ledger.exists:
        raise FatalError(f"no ledger at {path}")
    entry = dataclasses.replace(ledger.entry(entry_id), **changes)
    entries = {i: (entry if i == entry_id else e) for i, e in ledger.entries.items()}
    save_ledger(ledger, dataclasses.replace(ledger.data, entries=entries))
    return entry


def set_review(path: Path, entry_id: str, pr_number: int) -> Entry:
    """Mark an entry `in-review` with its pull request number (a decided entry is refused)."""
    if pr_number < 1:
        raise FatalError(f"not a pull request number: {pr_number}")
    current = load_ledger(path).entry(entry_id)
    if current.status in DECIDED:
        raise FatalError(f"{entry_id} is already {current.status}; not reopening it for review")
    return _replace_entry(path, entry_id, status="in-review", pr=pr_number)


def set_status(path: Path, entry_id: str, status: str) -> Entry:
    if status not in STATUSES:
        raise FatalError(f"status must be one of {', '.join(STATUSES)}")
    return _replace_entry(path, entry_id, status=status)


def validate_paths(paths: Sequence[Path]) -> list[str]:
    """Every problem of every ledger file as `file:line: message`; [] when all are valid."""
    out: list[str] = []
    for path in paths:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            out.append(f"{path}:1: cannot read: {e}")
            continue
        if not text.strip():
            out.append(f"{path}:1: empty ledger (expected `version: {CURRENT_VERSION}`)")
            continue
        out.extend(ledger_schema.parse(text).messages(str(path)))
    return out
