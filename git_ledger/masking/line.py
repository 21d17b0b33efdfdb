"""A line of text as the secret scan sees it: its number, text, the line before, and the
readings of it that detect-secrets' file scan would see. Its own module: the prefilter, the file
views, the candidates and the scan all pass Lines, and none of them should import another for it."""
from __future__ import annotations

from typing import NamedTuple


class Line(NamedTuple):
    number: int  # 1-based
    text: str
    previous: str = ""  # the line before (for `# pragma: allowlist nextline secret`)
    # detect-secrets' readings of the line in its file (`fileviews`: `key = "value"` for an INI
    # file, `key: "value"` for YAML), scanned as well: its file scan sees those, not the line.
    views: tuple[str, ...] = ()
