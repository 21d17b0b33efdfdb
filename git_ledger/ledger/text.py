"""Minimal in-place edits of a ledger's text: only the lines whose values change are touched.

Like pre-commit's autoupdate rewriting only `rev:` lines, this never re-dumps the document, so a
person's comments, blank lines and ordering survive byte for byte and a new proposal is a small
diff. Positions come from the round-trip parse of the same text. When the file's layout is not
one this editor understands (flow-style blocks, values on their own line), `edit` returns None
and the caller falls back to `ledger_render.rewrite`.
"""
from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from typing import Any

from git_ledger.ledger.model import Entry, LedgerData, Pending
from git_ledger.ledger.render import block_lines, entries_lines, field_values, repos_value, scalar

_COMMENT = re.compile(r"\s+#")


class _CannotEdit(Exception):
    pass


class _Edits:
    """Line operations addressed by original line numbers, applied bottom-up."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.ops: list[tuple[int, int, int, str, Any]] = []

    def _add(self, pos: int, rank: int, kind: str, arg: Any) -> None:
        self.ops.append((pos, rank, len(self.ops), kind, arg))

    def replace(self, line: int, text: str) -> None:
        self._add(line, 1, "replace", text)

    def insert(self, before: int, new: list[str]) -> None:
        if new:
            self._add(before, 0, "insert", new)

    def delete(self, start: int, end: int) -> None:
        self._add(start, 1, "delete", end)

    def apply(self) -> list[str]:
        out = list(self.lines)
        for pos, _, _, kind, arg in sorted(self.ops, reverse=True):
            if kind == "replace":
                out[pos] = arg
            elif kind == "insert":
                out[pos:pos] = arg
            else:
                del out[pos:arg + 1]
        return out

    def set_value(self, node: Any, key: str, text: str) -> None:
        """Replace the value of `key: value  # comment` on its line, keeping the comment."""
        line, col = _pos(node, key, value=True)
        if line != _pos(node, key)[0]:
            raise _CannotEdit(key)
        old = self.lines[line]
        if old[col:col + 1] == "[":
            end = old.find("]", col)
            if end < 0:
                raise _CannotEdit(key)
            rest = old[end + 1:]
        else:
            m = _COMMENT.search(old, col)
            rest = old[m.start():] if m else ""
        self.replace(line, old[:col] + text + rest)


def _pos(node: Any, key: Any, value: bool = False) -> tuple[int, int]:
    try:
        line, col = node.lc.value(key) if value else node.lc.key(key)
        return int(line), int(col)
    except (AttributeError, KeyError, TypeError) as e:
        raise _CannotEdit(str(key)) from e


def _is_flow(node: Any) -> bool:
    fa = getattr(node, "fa", None)
    return bool(fa is not None and fa.flow_style())


def _block_end(lines: list[str], start: int, stop: int) -> int:
    """The last line of the block starting at `start`, before `stop`, without the comments and
    blank lines that lead into the next block."""
    end = stop - 1
    while end > start and (not lines[end].strip() or lines[end].lstrip().startswith("#")):
        end -= 1
    return end


def _section_stop(doc: Mapping[str, Any], key: str, total: int) -> int:
    start = _pos(doc, key)[0]
    later = [_pos(doc, k)[0] for k in doc if _pos(doc, k)[0] > start]
    return min(later, default=total)


def edit(text: str, doc: Any, old: LedgerData, new: LedgerData) -> str | None:
    """`text` (parsed as `doc`, meaning `old`) changed to mean `new`, or None if not possible."""
    lines = text.splitlines()
    ed = _Edits(lines)
    try:
        _top(ed, doc, old, new)
        _entries(ed, doc, old, new)
        _pending(ed, doc, old, new)
    except _CannotEdit:
        return None
    newline = "\r\n" if "\r\n" in text else "\n"
    return newline.join(ed.apply()) + newline


def _top(ed: _Edits, doc: Any, old: LedgerData, new: LedgerData) -> None:
    if old.version != new.version:
        ed.set_value(doc, "version", str(new.version))
    if old.repos == new.repos:
        return
    if new.repos is None:
        line = _pos(doc, "repos")[0]
        ed.delete(line, line)
    elif "repos" in doc:
        ed.set_value(doc, "repos", repos_value(new.repos))
    else:
        ed.insert(_pos(doc, "version")[0] + 1, [f"repos: {repos_value(new.repos)}"])


def _section(ed: _Edits, doc: Any, name: str, new_lines: list[str], at_top: bool) -> None:
    """Insert new blocks into section `name` (created when missing)."""
    if not new_lines:
        return
    if name not in doc:
        later = [_pos(doc, "pending")[0]] if name == "entries" and "pending" in doc else []
        ed.insert(min(later, default=len(ed.lines)), [f"{name}:"] + new_lines)
        return
    node = doc[name]
    key_line = _pos(doc, name)[0]
    if node is not None and _is_flow(node) and len(node):
        raise _CannotEdit(name)
    if node is not None and not len(node):  # `entries: {}` -> `entries:`
        line, col = _pos(doc, name, value=True)
        old = ed.lines[line]
        close = old.find("}", col)
        if line != key_line or old[col:col + 1] != "{" or close < 0:
            raise _CannotEdit(name)
        ed.replace(line, old[:col].rstrip() + old[close + 1:])
    if at_top or node is None or not len(node):
        ed.insert(key_line + 1, new_lines)
    else:
        stop = _section_stop(doc, name, len(ed.lines))
        ed.insert(_block_end(ed.lines, key_line, stop) + 1, new_lines)


def _entries(ed: _Edits, doc: Any, old: LedgerData, new: LedgerData) -> None:
    node = doc.get("entries")
    new_by_key = {e.key: e for e in new.entries.values()}
    kept: set[str] = set()
    for old_id, before in old.entries.items():
        after = new_by_key.get(before.key)
        if after is None:
            _delete_block(ed, doc, "entries", old_id)
            continue
        kept.add(after.id)
        if after.id != old_id:
            line = _pos(node, old_id)[0]
            ed.replace(line, ed.lines[line].replace(old_id, after.id, 1))
        if after != before and dataclasses.replace(after, id=old_id) != before:
            _update_block(ed, node[old_id], before, after)
    fresh = [e for e in new.entries.values() if e.id not in kept]
    _section(ed, doc, "entries", entries_lines(fresh), at_top=True)


def _pending(ed: _Edits, doc: Any, old: LedgerData, new: LedgerData) -> None:
    node = doc.get("pending")
    for key, before in old.pending.items():
        after = new.pending.get(key)
        if after is None:
            _delete_block(ed, doc, "pending", before.label)
        elif after != before:
            _update_block(ed, node[before.label], before, after)
    fresh = sorted((p for k, p in new.pending.items() if k not in old.pending), key=lambda p: p.label)
    lines = [line for p in fresh for line in block_lines(scalar(p.label), p)]
    _section(ed, doc, "pending", lines, at_top=False)


def _delete_block(ed: _Edits, doc: Any, section: str, key: str) -> None:
    node = doc[section]
    start = _pos(node, key)[0]
    later = [_pos(node, k)[0] for k in node if _pos(node, k)[0] > start]
    stop = min(later, default=_section_stop(doc, section, len(ed.lines)))
    ed.delete(start, _block_end(ed.lines, start, stop))


def _update_block(ed: _Edits, block: Any, before: Entry | Pending, after: Entry | Pending) -> None:
    if _is_flow(block):
        if before != after:
            raise _CannotEdit("flow block")
        return
    old_fields, new_fields = field_values(before), field_values(after)
    for key, value in new_fields.items():
        if key not in old_fields:  # only `pr` can appear: put it right under `status`
            line, col = _pos(block, "status")
            ed.insert(line + 1, [" " * col + f"{key}: {value}"])
        elif old_fields[key] != value:
            ed.set_value(block, key, value)
    for key in old_fields:
        if key not in new_fields:
            line = _pos(block, key)[0]
            ed.delete(line, line)
    _add_fingerprints(ed, block["fingerprints"], before, after)


def _add_fingerprints(ed: _Edits, seq: Any, before: Entry | Pending, after: Entry | Pending) -> None:
    added = sorted(map(str, after.fingerprints - before.fingerprints))
    if not added:
        if before.fingerprints != after.fingerprints:
            raise _CannotEdit("fingerprints removed")
        return
    if not before.fingerprints <= after.fingerprints or _is_flow(seq):
        raise _CannotEdit("fingerprints")
    try:
        items = [(str(v), int(seq.lc.item(i)[0]), int(seq.lc.item(i)[1])) for i, v in enumerate(seq)]
    except (AttributeError, KeyError, TypeError) as e:
        raise _CannotEdit("fingerprints") from e
    if len({line for _, line, _ in items}) != len(items):
        raise _CannotEdit("fingerprints on one line")
    prefix = ed.lines[items[0][1]][:items[0][2]]
    for unit in added:
        later = [line for value, line, _ in items if value > unit]
        ed.insert(min(later) if later else items[-1][1] + 1, [prefix + unit])

