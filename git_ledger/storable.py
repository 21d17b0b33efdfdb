"""Strings as SQLite (and any UTF-8 output) can hold them, cleaned where they enter the store.

A log can hold any string JSON can: a `"\\ud800"` escape decodes to a lone surrogate, and a file
name that is not UTF-8 decodes (surrogateescape) to one as well. SQLite binds text as UTF-8, so one
such field made every insert of its batch raise, and collection stopped for good (issue 15).
Rather than cleaning field by field in every caller (one missed field is enough), every statement
of the store and of the hook's reader binds its parameters through `Connection`, which replaces
each lone surrogate by `?`. The few lookups keyed by such a string outside SQL (`collect.plan`
comparing file paths with the cursors it loaded) use `storable` on their side too.

The hook imports this module: sqlite3 alone, nothing else.
"""
from __future__ import annotations

import sqlite3

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing on the hook's path
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any


def storable(text: str) -> str:
    """`text` with each lone surrogate replaced by `?` (itself when it has none, the common case)."""
    if text.isascii():
        return text
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-8", "replace").decode("utf-8")
    return text


def _clean(parameters: Any) -> Any:
    if isinstance(parameters, dict):
        return {k: storable(v) if isinstance(v, str) else v for k, v in parameters.items()}
    if isinstance(parameters, (tuple, list)):
        return tuple(storable(v) if isinstance(v, str) else v for v in parameters)
    return parameters


class Connection(sqlite3.Connection):
    """A connection that stores every string parameter `storable` (pass as `factory=`)."""

    def execute(self, sql: str, parameters: Any = (), /) -> sqlite3.Cursor:
        return super().execute(sql, _clean(parameters))

    def executemany(self, sql: str, parameters: Iterable[Any], /) -> sqlite3.Cursor:
        return super().executemany(sql, (_clean(p) for p in parameters))
