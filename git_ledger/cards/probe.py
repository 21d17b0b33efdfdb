"""`cards probe`: does the resident snippet work? Per session, did a card's trigger phrase show up
in a human prompt, and did the agent then look in procedures/ (that turn or the next)?

A look is a read-type tool call whose arguments name the folder (Read of a card, Grep/Glob/LS on
it, Gemini's read_file …) or a shell command that lists, searches or prints it (ls, grep, rg,
cat, Select-String, Get-Content …). Sessions print `HIT` (at least one trigger was followed by a
look), `MISS` (triggers, never a look) or nothing (no trigger).
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from git_ledger.cards.card import normalize_phrase
from git_ledger.cards.library import load
from git_ledger.cards.scan import turn_date
from git_ledger.errors import FatalError
from git_ledger.models import HUMAN_KINDS, ToolCall, Turn

READ_TOOLS = frozenset({
    "read", "view", "grep", "glob", "ls", "notebookread", "read_file", "read_many_files",
    "list_directory", "search_file_content", "glob_tool", "readfile", "find_files",
})
_SHELL_LOOK = re.compile(
    r"(?:^|[\s;&|(`$'\"])(?:grep|egrep|rg|ag|ack|ls|dir|cat|head|tail|less|more|bat|find|fd|tree|sed|awk|"
    r"select-string|get-content|get-childitem|gc|gci|sls|type|findstr)(?=\s)", re.I)


@dataclass(frozen=True)
class Trigger:
    card: str
    phrase: str
    rx: re.Pattern[str]


@dataclass
class SessionResult:
    session: str
    date: str
    triggers: list[tuple[str, str]] = field(default_factory=list)  # (card, phrase) per triggering turn
    looked: list[bool] = field(default_factory=list)  # per triggering turn
    first_look: str = ""
    first_hit: tuple[str, str] = ("", "")  # (card, phrase) of the first trigger followed by a look
    looked_unprompted: bool = False

    @property
    def status(self) -> str:
        return "" if not self.triggers else ("HIT" if any(self.looked) else "MISS")


def phrase_pattern(phrase: str) -> re.Pattern[str]:
    body = r"\s+".join(re.escape(w) for w in phrase.split())
    left = r"(?<![a-z0-9])" if phrase[:1].isascii() and phrase[:1].isalnum() else ""
    right = r"(?![a-z0-9])" if phrase[-1:].isascii() and phrase[-1:].isalnum() else ""
    return re.compile(left + body + right)


def triggers_of(lib_dir: object, cards: Sequence[tuple[str, list[str]]]) -> list[Trigger]:
    # Very short ASCII phrases ("ci", "go") would match everywhere; two CJK characters are a word.
    out = [Trigger(name, p, phrase_pattern(p)) for name, phrases in cards for p in phrases
           if len(p) >= (3 if p.isascii() else 2)]
    if not out:
        raise FatalError(f"{lib_dir}: no card has a trigger phrase to look for")
    return out


def looks_in(call: ToolCall, folder: str) -> bool:
    """True when the call reads, lists or searches `folder` (e.g. "procedures")."""
    mention = re.compile(r"(?:^|[\s\"'/\\=:(])" + re.escape(folder) + r"(?:[/\\\s\"'*]|$)")
    if call.shell:
        return bool(_SHELL_LOOK.search(call.shell) and mention.search(call.shell))
    return call.name.casefold() in READ_TOOLS and bool(mention.search(call.arguments or call.target))


def first_trigger(text: str, triggers: Sequence[Trigger]) -> Trigger | None:
    hay = normalize_phrase(text)
    return next((t for t in triggers if t.rx.search(hay)), None)


def _turn_trigger(turn: Turn, triggers: Sequence[Trigger]) -> Trigger | None:
    opened = turn.opened_by
    return first_trigger(opened.text, triggers) if opened and opened.kind in HUMAN_KINDS else None


def probe_session(turns: Sequence[Turn], triggers: Sequence[Trigger], folder: str) -> SessionResult:
    res = SessionResult(turns[0].session if turns else "", turn_date(turns[0]) if turns else "")
    looks = [next((c for c in t.tool_calls if looks_in(c, folder)), None) for t in turns]
    hits = [_turn_trigger(t, triggers) for t in turns]
    for i, hit in enumerate(hits):
        if hit is None:
            continue
        # The next turn counts too (the agent may ask first), unless it brings its own trigger.
        follow = looks[i + 1] if i + 1 < len(turns) and hits[i + 1] is None else None
        look = looks[i] or follow
        res.triggers.append((hit.card, hit.phrase))
        res.looked.append(look is not None)
        if look is not None and not res.first_look:
            res.first_look = look.short()
            res.first_hit = (hit.card, hit.phrase)
    res.looked_unprompted = not res.triggers and any(looks)
    return res


def probe(lib_dir: Path, turn_lists: Iterable[list[Turn]]) -> list[SessionResult]:
    """One result per session with turns, by date and session."""
    lib = load(lib_dir, lib_dir.parent)
    triggers = triggers_of(lib_dir, [(c.name, c.trigger_phrases) for c in lib.cards])
    folder = lib_dir.resolve().name
    results = [probe_session(turns, triggers, folder) for turns in turn_lists if turns]
    return sorted(results, key=lambda r: (r.date, r.session))


def report_lines(results: Sequence[SessionResult], folder: str) -> list[str]:
    """What `cards probe` prints: a line per session with a trigger, then the totals."""
    out = []
    for r in results:
        if not r.status:
            continue
        card, phrase = r.first_hit if r.status == "HIT" else r.triggers[0]
        looked = f"{sum(r.looked)}/{len(r.looked)} triggers followed by a look"
        detail = f"first: {r.first_look}" if r.first_look else f"no look in {folder}/"
        when = r.date or "????-??-??"
        out.append(f"{r.status:<4}  {when}  {r.session}  '{phrase}' ({card}); {looked}; {detail}")
    triggered = [r for r in results if r.status]
    hits = sum(r.status == "HIT" for r in triggered)
    rate = f"{100 * hits / len(triggered):.0f}%" if triggered else "n/a"
    unprompted = sum(r.looked_unprompted for r in results)
    out.append(f"{len(results)} sessions, {len(triggered)} with a trigger: {hits} HIT, "
               f"{len(triggered) - hits} MISS (hit rate {rate}); {unprompted} looked in {folder}/ without a trigger")
    return out
