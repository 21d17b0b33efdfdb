"""`cards scan REGEX`: search past sessions for a pit, to see whether it recurs.

Tool calls are searched as `<name> <arguments JSON>`; messages are the human text that opened
each turn and every assistant text block. Each match prints date, session, where, excerpt.
The output is for the terminal only: it quotes the user's own words (secrets and SQL masked, as
in the store), so never commit it. This module finds; `git-ledger cards scan` prints.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from git_ledger.errors import FatalError
from git_ledger.models import HUMAN_KINDS, Turn

EXCERPT = 100  # characters around a match


@dataclass(frozen=True)
class Match:
    date: str
    session: str
    where: str  # "human", "assistant" or "call:<tool name>"
    excerpt: str


def masked_excerpt(text: str, rx: re.Pattern[str], width: int = EXCERPT) -> str:
    """The excerpt around the match, from the text with its secrets and SQL masked.

    The search runs on the raw text (cheap); only a matching text pays for masking. A match that
    lay inside a secret is not printed: the masked sentence says what was there instead."""
    from git_ledger.masking.mask import mask

    masked = mask(text)
    m = rx.search(masked)
    if m is not None:
        return excerpt(masked, m, width)
    return " ".join(masked.split())[:width] + " (the match lies inside masked text)"


def excerpt(text: str, m: re.Match[str], width: int = EXCERPT) -> str:
    pad = max(0, (width - (m.end() - m.start())) // 2)
    start, end = max(0, m.start() - pad), min(len(text), m.end() + pad)
    out = re.sub(r"\s+", " ", text[start:end]).strip()
    return ("…" if start > 0 else "") + out + ("…" if end < len(text) else "")


def turn_date(turn: Turn) -> str:
    return (turn.started or turn.ended)[:10]


def search_turn(turn: Turn, rx: re.Pattern[str], calls: bool, messages: bool) -> Iterator[Match]:
    date = turn_date(turn)
    if messages and turn.opened_by is not None and turn.opened_by.kind in HUMAN_KINDS:
        if rx.search(turn.opened_by.text):
            yield Match(date, turn.session, "human", masked_excerpt(turn.opened_by.text, rx))
    if calls:
        for call in turn.tool_calls:
            hay = f"{call.name} {call.shell or call.arguments}"
            if rx.search(hay):
                yield Match(date, turn.session, f"call:{call.name}", masked_excerpt(hay, rx))
    if messages:
        for text in turn.assistant_texts:
            if rx.search(text):
                yield Match(date, turn.session, "assistant", masked_excerpt(text, rx))


def session_turns(roots: Iterable[tuple[str, Path]], since: str | None,
                  skipped: Callable[[Path, Exception], None]) -> Iterator[list[Turn]]:
    """The turns of every log under the (agent, root) pairs, inside the window; a log that cannot
    be read is handed to `skipped` and left out."""
    from git_ledger import sources

    for agent, path in sources.discover(roots):
        try:
            turns = sources.read_turns(path, agent)
        except (OSError, ValueError) as e:
            skipped(path, e)
            continue
        yield [t for t in turns if since is None or turn_date(t) >= since]


def compile_regex(regex: str, ignore_case: bool) -> re.Pattern[str]:
    try:
        return re.compile(regex, re.I if ignore_case else 0)
    except re.error as e:
        raise FatalError(f"not a regular expression: {regex!r} ({e})") from None


@dataclass
class ScanResult:
    matches: list[Match]
    stopped_at_limit: bool  # there were more matches than the limit

    def lines(self, limit: int) -> list[str]:
        """What `cards scan` prints: one line per match, then the count (or the limit note)."""
        out = [f"{m.date or '????-??-??'}  {m.session}  {m.where:<12} {m.excerpt}" for m in self.matches]
        if self.stopped_at_limit:
            return [*out, f"… more matches: stopped at --limit {limit}"]
        found, sessions = len(self.matches), len({m.session for m in self.matches})
        return [*out, f"{found} match{'es' * (found != 1)} in {sessions} session{'s' * (sessions != 1)}"]


def scan(turn_lists: Iterable[list[Turn]], rx: re.Pattern[str], *, calls: bool, messages: bool,
         limit: int) -> ScanResult:
    found: list[Match] = []
    for turns in turn_lists:
        for turn in turns:
            for m in search_turn(turn, rx, calls, messages):
                if len(found) == limit:
                    return ScanResult(found, stopped_at_limit=True)
                found.append(m)
    return ScanResult(found, stopped_at_limit=False)
