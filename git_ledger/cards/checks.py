"""Checks that need only the files: structure, size, links, INDEX, triggers, narrative.

Each check yields `Finding`s; none edits anything. Severities (documented in docs/cards.md):
P0 the library cannot route to a card, P1 a card breaks its contract, P2 it may mislead,
P3 housekeeping.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import combinations
from pathlib import Path

from git_ledger.cards.card import MAX_CARD_BYTES, SECTION_NAMES, Card, evidence_source, meaningful
from git_ledger.cards.library import (
    AGENTS_FILES,
    INBOX_FILE,
    INDEX_FILE,
    SNIPPET_BEGIN,
    Finding,
    Library,
    is_card_file,
    links,
    read_text,
)

CARD_NAME = re.compile(r"^[^\W_][\w.]*(?:-[\w.]+)+$")
MAX_INDEX_BYTES = 2048


def check_unreadable(lib: Library) -> Iterator[Finding]:
    for path, why in lib.unreadable:
        yield Finding("P0", lib.rel(path), 1, "unreadable", f"cannot read the card: {why}")


def check_sections(lib: Library, card: Card) -> Iterator[Finding]:
    f = lib.rel(card.path)
    if card.draft:  # a stub `git-ledger pr` added: unfinished by design, not broken
        yield Finding("P3", f, card.draft_line, "draft",
                      f"draft rule candidate {card.draft}: write its sections, then delete the draft line")
        return
    trig = card.sections.get("trigger")
    if trig is None:
        yield Finding("P0", f, 1, "no-trigger",
                      "no `> **Trigger**:` line: nothing can lead an agent to this card")
    elif not meaningful(trig.value):
        yield Finding("P0", f, trig.line, "no-trigger",
                      "the Trigger line is empty: nothing can lead an agent to this card")
    for key, name in SECTION_NAMES.items():
        if key == "trigger":
            continue
        sec = card.sections.get(key)
        if sec is None:
            yield Finding("P1", f, 1, "missing-section", f"no {name} section")
        elif key == "dont":
            if not any(meaningful(r.text) for r in sec.table_rows()):
                yield Finding("P1", f, sec.line, "empty-section",
                              "Don't again has no `| detour | why it fails |` row filled in")
        elif not meaningful(sec.content() if key != "evidence" else evidence_source(sec.content())):
            yield Finding("P1", f, sec.line, "empty-section", f"the {name} section is empty")


def check_size(lib: Library, card: Card) -> Iterator[Finding]:
    if card.size > MAX_CARD_BYTES:
        yield Finding("P1", lib.rel(card.path), 1, "too-large",
                      f"{card.size} bytes, over the {MAX_CARD_BYTES}-byte limit: fold the story "
                      "into Notes, keep commands and error text")


def check_name(lib: Library, card: Card) -> Iterator[Finding]:
    if not CARD_NAME.match(card.name):
        yield Finding("P3", lib.rel(card.path), 1, "bad-name",
                      f"`{card.name}` is not `<category>-<phenomenon>`: the file name is the index")


def check_links(lib: Library) -> Iterator[Finding]:
    files = [c.path for c in lib.cards] + [lib.dir / INDEX_FILE]
    for path in files:
        text = read_text(path)
        if text is None:
            continue
        # The cards an INDEX row names are the INDEX check's business; every other link is checked
        # here, table cells included.
        named = {(row.line, str(t)) for row in lib.index_rows for _, t in row.cards} if path.name == INDEX_FILE else set()
        for line, target in links(text):
            if (line, str(path.parent / target)) in named:
                continue
            if not (path.parent / target).exists():
                yield Finding("P1", lib.rel(path), line, "broken-link", f"link target `{target}` does not exist")


def check_index(lib: Library) -> Iterator[Finding]:
    index = lib.dir / INDEX_FILE
    for row in lib.index_rows:
        for written, target in row.cards:
            if not target.is_file():
                yield Finding("P0", lib.rel(index), row.line, "index-missing-card",
                              f"INDEX row names `{written}`, which does not exist")
            elif not is_card_file(target):
                yield Finding("P1", lib.rel(index), row.line, "index-missing-card",
                              f"INDEX row names `{written}`, which is not a card")
    if index.is_file() and index.stat().st_size > MAX_INDEX_BYTES:
        yield Finding("P3", lib.rel(index), 1, "index-size",
                      f"INDEX.md is {index.stat().st_size} bytes: keep only pairs that are easily "
                      "confused; card names and Trigger lines carry the rest")


def check_shared_triggers(lib: Library) -> Iterator[Finding]:
    """A phrase in two cards' triggers is ambiguous unless INDEX names both cards."""
    indexed = {t.resolve() for row in lib.index_rows for _, t in row.cards}
    cards = sorted(lib.cards, key=lambda c: c.name)
    phrases = {c.path: set(c.trigger_phrases) for c in cards}
    for a, b in combinations(cards, 2):
        shared = sorted(phrases[a.path] & phrases[b.path])
        if not shared or (a.path in indexed and b.path in indexed):
            continue
        line = b.sections["trigger"].line
        quoted = ", ".join(f"'{p}'" for p in shared)
        yield Finding("P2", lib.rel(b.path), line, "shared-trigger",
                      f"trigger {quoted} is also in {a.name}.md and INDEX.md does not tell them apart")


# Narrative: a card telling its own story ("first I tried…, then…, yesterday we…").
# Strong markers (first person doing, or a day pointed at) count alone; weak ones need two.
_STRONG = [
    re.compile(r"\b(?:I|we)\s+(?:first\s+|then\s+|also\s+|finally\s+)?(?:tried|attempted|spent|wasted|"
               r"noticed|realized|realised|discovered|decided|thought|struggled|had to|ended up|"
               r"couldn't|could not|gave up)\b", re.I),
    re.compile(r"\b(?:yesterday|last (?:week|night|time|month)|this morning|earlier today)\b", re.I),
    re.compile(r"我们?(?:先|又|再|还|就|一开始|最后)?(?:试了|试过|尝试了|發現|发现|花了|以为|决定|折腾|搞了|卡了|放弃)"),
    re.compile(r"(?:昨天|前天|上周|上次|那天|今天早上|当时|當時)"),
]
_WEAK = [
    re.compile(r"\b(?:at first|the first time|after that|afterwards|eventually|in the end|"
               r"it turned out|turns out|after (?:\d+|several|many|a few) (?:tries|attempts|hours))\b", re.I),
    re.compile(r"第一次|一开始|然后|後來|后来|接着|接著|最后才|最後才"),
]


def check_narrative(lib: Library, card: Card) -> Iterator[Finding]:
    evidence = card.sections.get("evidence")
    weak: list[tuple[int, str]] = []
    for line in card.lines():
        if evidence is not None and line.number == evidence.line:
            continue  # the Evidence line names sessions and dates by design
        for rx in _STRONG:
            if (m := rx.search(line.text)):
                yield _narrative(lib, card, line.number, m.group(0))
                return
        weak += [(line.number, m.group(0)) for rx in _WEAK for m in rx.finditer(line.text)]
    if len({w for _, w in weak}) >= 2:
        yield _narrative(lib, card, weak[0][0], " … ".join(dict.fromkeys(w for _, w in weak)))


def _narrative(lib: Library, card: Card, line: int, words: str) -> Finding:
    return Finding("P3", lib.rel(card.path), line, "narrative",
                   f"reads like a story (\"{words}\"): keep the conclusion and the error text, "
                   "fold the why into Notes")


def carries_snippet(text: str, lib_dir: Path) -> bool:
    """Does an agents file point its agent at the library: our marked block, or a hand-written
    snippet naming the inbox (`procedures/_inbox.md`), as both languages' snippets do?"""
    return SNIPPET_BEGIN in text or f"{lib_dir.name}/{INBOX_FILE}" in text


def snippet_homes(root: Path, lib_dir: Path) -> tuple[list[Path], list[Path]]:
    """(agents files in `root`, those of them that carry the snippet)."""
    found = [root / name for name in AGENTS_FILES if (root / name).is_file()]
    carrying = []
    for path in found:
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        if carries_snippet(text, lib_dir):
            carrying.append(path)
    return found, carrying


def snippet_hint(root: Path, lib_dir: Path) -> str | None:
    """One line when no agents file in `root` carries the snippet (else None): without it no
    agent ever learns that the library exists."""
    found, carrying = snippet_homes(root, lib_dir)
    if carrying:
        return None
    target = found[0].name if found else AGENTS_FILES[0]
    where = (f"{' and '.join(p.name for p in found)} {'does' if len(found) == 1 else 'do'} not carry"
             if found else f"no {', '.join(AGENTS_FILES[:2])} here carries")
    return (f"{where} the procedures snippet, so agents will not know {lib_dir.name}/ exists: add it "
            f"with `git-ledger cards init --agents-file {target}`")


def check_snippet(lib: Library) -> Iterator[Finding]:
    """P1 when no agents file at the repository root points agents at the library."""
    hint = snippet_hint(lib.root, lib.dir)
    if hint is not None:
        found = [name for name in AGENTS_FILES if (lib.root / name).is_file()]
        yield Finding("P1", found[0] if found else AGENTS_FILES[0], 1, "no-snippet", hint)


def check_files(lib: Library) -> Iterator[Finding]:
    yield from check_unreadable(lib)
    for card in lib.cards:
        yield from check_sections(lib, card)
        yield from check_size(lib, card)
        yield from check_name(lib, card)
        yield from check_narrative(lib, card)
    yield from check_links(lib)
    yield from check_index(lib)
    yield from check_shared_triggers(lib)
    yield from check_snippet(lib)
