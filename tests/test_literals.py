"""Necessary literals of a regex: what the classifier's gate and the secrets prefilter rely on.

If `necessary(p)` ever named a literal a match can do without, the gate would skip a rule that
matches, and a message would be typed differently. So these tests check the claim itself: for
every text a pattern matches, every clause has a literal in the text.
"""
from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from git_ledger.classify import classify as C
from git_ledger.classify.rules import Pack, Rule
from git_ledger.literals import AnyOf, Finder, Guarded, necessary
from git_ledger.masking import prefilter


@pytest.mark.parametrize(("pattern", "clauses"), [
    (r"\byou(?:'ve| have)?\s+(?:forgot|missed)\b", [{"you"}, {"forgot", "missed"}]),
    (r"漏(?:掉|了)|看漏", [{"漏了", "漏掉", "看漏"}]),
    (r"(?:a|b)c?d", [{"ad", "acd", "bd", "bcd"}]),
    (r"[?!]{2,}", [{"??", "?!", "!?", "!!"}, {"?", "!"}]),
    (r"\bnot\s+what\s+i\s+(?:meant|mean)\b", [{"not"}, {"what"}, {"i"}, {"mean"}]),  # "meant" holds "mean"
    (r"(?<![別别])忘(?:了|記)", [{"忘了", "忘記"}]),  # a lookbehind consumes nothing
    (r"(?i:abc)d", [{"d"}]),  # nothing is claimed inside a case-insensitive group
    (r"abc", [{"abc"}]),
    (r"x*|y", []),  # one alternative may match nothing
    (r"\w+@\w+", [{"@"}]),
])
def test_clauses_of_small_patterns(pattern: str, clauses: list[set[str]]) -> None:
    assert [set(c) for c in necessary(pattern)] == clauses


def test_case_insensitive_patterns_claim_nothing() -> None:
    assert necessary("password", re.IGNORECASE) == ()
    assert necessary("(?i)password") == ()


def _rule_patterns() -> list[tuple[str, int]]:
    found: list[tuple[str, int]] = []
    for pack in C.PACKS.values():
        for field in Pack._fields:
            value = getattr(pack, field)
            rules = value if isinstance(value, tuple) else ()
            for r in rules:
                if isinstance(r, Rule):
                    found += [(p.pattern, p.flags) for p in (r.rx, r.also, r.unless) if p is not None]
            if hasattr(value, "pattern"):
                found.append((value.pattern, value.flags))
    found += [(p, 0) for p in prefilter._STRONG_PARTS] + [(prefilter._KEYWORD_PATTERN, 0)]
    return sorted(set(found))


PATTERNS = _rule_patterns()
# Compiled once, with their clauses: re's own cache holds 512 patterns, fewer than these, so
# re.search would compile every one of them again for every example.
COMPILED = [(re.compile(p, f), necessary(p, f)) for p, f in PATTERNS]
# The literals the patterns are made of, and filler in four scripts: texts built from these hit
# the patterns often, half-matches included.
PIECES = sorted({w for _, clauses in COMPILED for c in clauses for w in c})
FILLER = [" ", ", ", ". ", "?", "\n", "the ", "a ", "x", "1", "是", "了", "が", "て", "이", "요", "_", "-", "'", '"', "="]


@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(PIECES + FILLER), min_size=1, max_size=14))
def test_a_match_always_holds_a_literal_of_every_clause(parts: list[str]) -> None:
    text = "".join(parts)
    for compiled, clauses in COMPILED:
        if compiled.search(text):
            for clause in clauses:
                assert any(w in text for w in clause), (compiled.pattern, text, sorted(clause))


@settings(max_examples=300, deadline=None)
@given(st.sets(st.text("abcxy", min_size=1, max_size=4), min_size=1, max_size=12), st.text("abcxy ", max_size=40))
def test_finder_finds_exactly_the_literals_in_a_text(words: set[str], text: str) -> None:
    assert Finder(words).present(text) == {w for w in words if w in text}


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(PIECES + FILLER), max_size=10))
def test_guarded_searches_answer_as_the_plain_ones(parts: list[str]) -> None:
    text = "".join(parts)
    strong = AnyOf(prefilter._STRONG_PARTS)
    assert strong.search(text) == bool(re.search("|".join(prefilter._STRONG_PARTS), text))
    keyword = Guarded(prefilter._KEYWORD_PATTERN)
    assert bool(keyword.search(text.lower())) == bool(re.search(prefilter._KEYWORD_PATTERN, text.lower()))
