"""The one reading of the --days N / --since YYYY-MM-DD options: the first date they admit."""
from __future__ import annotations

from datetime import date, timedelta

from git_ledger.errors import FatalError


def window_start(days: int | None, since: str | None, today: date) -> str | None:
    """The first date (YYYY-MM-DD) that --days/--since admit, or None for all history.

    FatalError (one line, naming the option) on a negative count or a date not YYYY-MM-DD."""
    if days is not None:
        if days < 0:
            raise FatalError("--days must be 0 or more")
        return (today - timedelta(days=days)).isoformat()
    if since:
        try:
            return date.fromisoformat(since).isoformat()
        except ValueError:
            raise FatalError(f"--since: not a date (YYYY-MM-DD): {since!r}") from None
    return None
