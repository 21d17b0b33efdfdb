"""The lines of a file worth asking detect-secrets about, each with the readings of it that
detect-secrets' file scan would see (`fileviews`), picked by the same cheap test (`prefilter`).

Above both: prefilter reads YAML values through fileviews, and this module uses the two.
"""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from git_ledger.masking import prefilter
from git_ledger.masking.fileviews import config_views, file_kind, yaml_pair, yaml_views
from git_ledger.masking.line import Line


def _following(lines: Mapping[int, str], n: int, limit: int = 200) -> list[str]:
    out: list[str] = []
    while n + 1 + len(out) in lines and len(out) < limit:
        out.append(lines[n + 1 + len(out)])
    return out


def candidates(filename: str, lines: Mapping[int, str], numbers: Sequence[int], whole: bool) -> list[Line]:
    """The lines `numbers` of a file (`lines`: number -> text, at least those) worth asking
    detect-secrets about, each with the readings of it detect-secrets' file scan would see.

    `whole`: `lines` is the whole file, so its INI reading can be decided; otherwise (a diff's
    lines, which never are INI as a whole when they are not) only the YAML one applies.
    """
    kind = file_kind(filename)
    joined = "\n".join(lines[n] for n in numbers)
    views: dict[int, list[str]] = {
        numbers[i]: [] for i in prefilter.candidate_lines(joined, eager=False, yaml=kind == "yaml")
    }
    if kind == "yaml":
        # A key whose value continues below is read with the lines that follow it.
        block = re.compile(r":(?:[ \t]+[|>][-+0-9]*)?[ \t]*(?:#.*)?$")
        for n in [n for n in numbers if n in views or (block.search(lines[n]) and yaml_pair(lines[n]))]:
            readings = yaml_views(lines[n], _following(lines, n))
            if n in views:
                views[n] += readings
            elif any(prefilter.line_is_candidate(v, eager=False) for v in readings):
                views[n] = readings
    if whole:
        order = sorted(lines)
        config = config_views([lines[n] for n in order], kind)
        if config is not None:  # the readings are lines too: the same prefilter picks among them
            by_number = dict(zip(order, config))
            rows = [(n, view) for n in numbers if (view := by_number.get(n)) is not None]
            for i in prefilter.candidate_lines("\n".join(view for _, view in rows), eager=False):
                views.setdefault(rows[i][0], []).append(rows[i][1])
    return [Line(n, lines[n], lines.get(n - 1, ""), tuple(views[n])) for n in numbers if n in views]
