"""The report as one self-contained HTML file: inline CSS and SVG, no scripts, no network."""
from __future__ import annotations

from collections.abc import Sequence
from datetime import date, timedelta
from html import escape

from git_ledger.report.report import GroupReport, Rate

CSS = """
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2rem auto;
       max-width: 820px; color: #1f2328; padding: 0 1rem; }
h1 { font-size: 1.4rem; margin-bottom: .2rem; } h2 { font-size: 1.05rem; margin: 2rem 0 .3rem; }
.muted { color: #656d76; } table { border-collapse: collapse; width: 100%; margin: .8rem 0; }
th, td { text-align: left; padding: .25rem .5rem; border-bottom: 1px solid #d0d7de; white-space: nowrap; }
td.repo { white-space: normal; overflow-wrap: anywhere; } table { font-size: 13px; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.down { color: #1a7f37; font-weight: 600; } .up { color: #cf222e; font-weight: 600; }
svg { display: block; margin: .4rem 0; } .badge { font-size: .8rem; padding: .05rem .45rem;
      border-radius: 1rem; background: #ddf4ff; color: #0969da; }
.badge.adopted { background: #dafbe1; color: #1a7f37; } .badge.rejected { background: #ffebe9; color: #cf222e; }
"""
W, H, LEFT, RIGHT, TOP, BOTTOM = 760, 190, 34, 10, 22, 34


def _rate(rate: Rate | None) -> str:
    if rate is None or rate.per_week is None:
        return "–"
    return f"{rate.per_week:.2f}"


def _change(r: GroupReport) -> str:
    if r.change is None:
        return "<td class='num'>–</td>"
    cls = "down" if r.change < 0 else "up" if r.change > 0 else ""
    return f"<td class='num {cls}'>{r.change * 100:+.0f}%</td>"


def _x(day: date, start: date, weeks: int) -> float:
    width = W - LEFT - RIGHT
    return LEFT + (day - start).days / (weeks * 7) * width


def chart(r: GroupReport) -> str:
    """Bars of units per week; the adoption as a dashed line; the before/after rates as levels."""
    weeks = len(r.weeks)
    start = date.fromisoformat(r.weeks[0][0])
    top = max([n for _, n in r.weeks] + [1])
    plot_h = H - TOP - BOTTOM
    step = (W - LEFT - RIGHT) / weeks

    def y(v: float) -> float:
        return TOP + plot_h - v / top * plot_h

    parts = [f"<svg width='{W}' height='{H}' viewBox='0 0 {W} {H}' role='img' "
             f"aria-label='units per week, {escape(r.repo)} {escape(r.type)}'>"]
    for tick in sorted({0, top // 2, top}):
        parts.append(f"<line x1='{LEFT}' x2='{W - RIGHT}' y1='{y(tick):.1f}' y2='{y(tick):.1f}' stroke='#eaeef2'/>"
                     f"<text x='{LEFT - 6}' y='{y(tick) + 4:.1f}' font-size='11' text-anchor='end' fill='#656d76'>{tick}</text>")
    for i, (week, n) in enumerate(r.weeks):
        x = LEFT + i * step + step * 0.15
        parts.append(f"<rect x='{x:.1f}' y='{y(n):.1f}' width='{step * 0.7:.1f}' height='{y(0) - y(n):.1f}' "
                     f"fill='#54aeff'><title>week of {week}: {n} unit{'s' if n != 1 else ''}</title></rect>")
        if i % max(1, weeks // 8) == 0:
            parts.append(f"<text x='{x + step * 0.35:.1f}' y='{H - BOTTOM + 16}' font-size='11' "
                         f"text-anchor='middle' fill='#656d76'>{week[5:]}</text>")
    if r.adopted is not None:
        day = date.fromisoformat(r.adopted)
        end = start + timedelta(weeks=weeks)
        x = min(max(_x(day + timedelta(days=1), start, weeks), LEFT), W - RIGHT)
        label = f"{r.entry_id} adopted {r.adopted}" + ("" if start <= day < end else " (outside this range)")
        parts.append(f"<line x1='{x:.1f}' x2='{x:.1f}' y1='{TOP - 8}' y2='{y(0):.1f}' stroke='#cf222e' "
                     f"stroke-width='2' stroke-dasharray='5 4'/>"
                     f"<text x='{x + 4:.1f}' y='{TOP - 10 + 12}' font-size='11' fill='#cf222e'>{escape(label)}</text>")
        for rate, x0, x1 in ((r.before, LEFT, x), (r.after, x, W - RIGHT)):
            if rate is not None and rate.per_week is not None and x1 > x0:
                parts.append(f"<line x1='{x0:.1f}' x2='{x1:.1f}' y1='{y(rate.per_week):.1f}' "
                             f"y2='{y(rate.per_week):.1f}' stroke='#8250df' stroke-width='2' stroke-dasharray='2 3'>"
                             f"<title>{rate.per_week:.2f} units/week</title></line>")
    parts.append(f"<line x1='{LEFT}' x2='{W - RIGHT}' y1='{y(0):.1f}' y2='{y(0):.1f}' stroke='#8c959f'/></svg>")
    return "".join(parts)


def render(reports: Sequence[GroupReport], *, title: str, today: str, weeks: int) -> str:
    rows = []
    for r in reports:
        status = f"<span class='badge {escape(r.status or '')}'>{escape(r.status)}</span>" if r.status else ""
        rows.append(
            f"<tr><td>{escape(r.entry_id or '')}</td><td class='repo'>{escape(r.repo)}</td><td>{escape(r.type)}</td>"
            f"<td>{status}</td><td>{escape(r.adopted or '')}</td><td class='num'>{r.units}</td>"
            f"<td class='num'>{_rate(r.before)}</td><td class='num'>{_rate(r.after)}</td>{_change(r)}</tr>"
        )
    sections = []
    for r in reports:
        head = " ".join(x for x in (r.entry_id or "", escape(r.repo), escape(r.type)) if x)
        rates = ""
        if r.adopted is not None:
            rates = (f"<p>Before adoption: {_describe(r.before)}. After: {_describe(r.after)}.</p>")
        sections.append(f"<h2>{head}</h2><p class='muted'>{r.units} unit{'' if r.units == 1 else 's'} "
                        f"from {r.first} to {r.last}"
                        f"{'; status ' + escape(r.status) if r.status else ''}</p>{chart(r)}{rates}")
    empty = "<p>No units yet: run <code>git-ledger collect</code> and <code>git-ledger propose</code>.</p>"
    return (
        "<!doctype html>\n<html lang='en'><head><meta charset='utf-8'>"
        f"<title>{escape(title)}</title><style>{CSS}</style></head><body>"
        f"<h1>{escape(title)}</h1><p class='muted'>Units per week over the {weeks} weeks to {today}. A unit "
        "is a sighting in its own session on its own day; the dashed line marks when a proposal was "
        "adopted, the dotted levels the weekly rate before and after it.</p>"
        "<table><tr><th>entry</th><th>repo</th><th>type</th><th>status</th><th>adopted</th>"
        "<th class='num'>units</th><th class='num'>before /wk</th><th class='num'>after /wk</th>"
        f"<th class='num'>change</th></tr>{''.join(rows)}</table>"
        f"{''.join(sections) if reports else empty}</body></html>\n"
    )


def _describe(rate: Rate | None) -> str:
    if rate is None or rate.per_week is None:
        return "no days yet"
    return f"{rate.units} unit{'s' if rate.units != 1 else ''} in {rate.days} days = {rate.per_week:.2f}/week"
