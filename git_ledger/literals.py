"""What a regex cannot match without: literal strings, read from the pattern itself.

`necessary(pattern)` gives clauses of literals: every match of the pattern contains, for each
clause, at least one of its literals (`\\byou\\s+(?:forgot|missed)\\b` -> {"you"}, {"forgot",
"missed"}). So a text that lacks every literal of some clause cannot match, and a cheap search
for the literals can decide that a regex need not run at all (the classifier's gate, see
`classify/gate.py`). The clauses come from sre's own parse of the pattern, so they follow the rules
as they are edited; whatever the analysis cannot bound (a class, `\\w+`, a case-insensitive
scope) adds no clause, which only makes the condition weaker, never wrong.

`Finder(literals).present(text)` is the set of those literals that occur in a text, found by
one compiled trie of them however many there are. `Guarded(pattern).search(text)` is the
pattern's search behind a search for the literals of its rarest clause, and `AnyOf(patterns)`
an alternation searched that way (the secrets prefilter: sre skips through a line looking for a
few literals far faster than it tries a big alternation at every position).

The parse is sre's private `re._parser` (`sre_parse` before Python 3.11): a change to its tree
would show in tests/test_literals.py, which checks the clauses against matches of every rule.
"""
from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Collection, Iterable
from typing import Any

# sre's parser: `re._parser` from Python 3.11 (importing `sre_parse` there warns that it is deprecated).
_sre: Any = importlib.import_module("re._parser" if sys.version_info >= (3, 11) else "sre_parse")

Clause = frozenset[str]
_EXACT_LIMIT = 32  # at most this many strings in an exact set (alternations, small classes)
_CLASS_LIMIT = 8  # a class of up to this many characters is treated as an alternation
_ZERO_WIDTH = frozenset({""})
_REPEATS = tuple(getattr(_sre, n) for n in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT") if hasattr(_sre, n))
_ATOMIC = getattr(_sre, "ATOMIC_GROUP", None)

# A node's facts: the exact set of strings it matches (None: unbounded or unknown), and clauses.
_Info = tuple["frozenset[str] | None", tuple[Clause, ...]]


def necessary(pattern: str, flags: int = 0) -> tuple[Clause, ...]:
    """Clauses every match of `pattern` satisfies (see the module docstring); () when none."""
    tree = _sre.parse(pattern, flags)
    ignorecase = bool((flags | tree.state.flags) & re.IGNORECASE)
    exact, clauses = _sequence(tree.data, ignorecase)
    return tuple(dict.fromkeys(_minimal(c) for c in (*_as_clause(exact), *clauses)))


def _minimal(clause: Clause) -> Clause:
    """The clause without literals that contain another of its literals: where "you've" occurs,
    "you" does too, so {"you", "you've"} is met exactly when {"you"} is."""
    kept: list[str] = []
    for w in sorted(clause, key=len):
        if not any(o in w for o in kept):
            kept.append(w)
    return frozenset(kept)


def _as_clause(exact: frozenset[str] | None) -> tuple[Clause, ...]:
    # A set that holds "" (the node may match nothing) says nothing about the text.
    return () if exact is None or "" in exact else (exact,)


def _product(a: frozenset[str], b: frozenset[str]) -> frozenset[str] | None:
    if len(a) * len(b) > _EXACT_LIMIT:
        return None
    return frozenset(x + y for x in a for y in b)


def _sequence(nodes: list[Any], ignorecase: bool) -> _Info:
    """A concatenation: adjacent exact nodes join into longer literals (`y`,`o`,`u` -> "you");
    a node without an exact set closes the run, which becomes a clause of its own."""
    if not ignorecase and all(op is _sre.LITERAL for op, _ in nodes):  # a plain word: most alternatives
        return frozenset({"".join(chr(av) for _, av in nodes)}), ()
    clauses: list[Clause] = []
    run: frozenset[str] = _ZERO_WIDTH
    whole: frozenset[str] | None = _ZERO_WIDTH
    chars: list[str] = []  # plain characters not yet joined to `run` (joined once, not per character)
    for op, av in nodes:
        if op is _sre.LITERAL and not ignorecase:
            chars.append(chr(av))
            continue
        if chars:
            tail = "".join(chars)
            run = frozenset(x + tail for x in run)
            whole = None if whole is None else frozenset(x + tail for x in whole)
            chars = []
        exact, inner = _node((op, av), ignorecase)
        clauses += inner
        whole = None if whole is None or exact is None else _product(whole, exact)
        if exact is None:
            clauses += _as_clause(run)
            run = _ZERO_WIDTH
            continue
        joined = _product(run, exact)
        if joined is None:  # too many combinations: the run so far is one clause, this node the next
            clauses += _as_clause(run)
            joined = exact
        run = joined
    if chars:
        tail = "".join(chars)
        run = frozenset(x + tail for x in run)
        whole = None if whole is None else frozenset(x + tail for x in whole)
    clauses += _as_clause(run)
    return whole, tuple(dict.fromkeys(clauses))


def _node(node: tuple[Any, Any], ignorecase: bool) -> _Info:
    op, av = node
    if op is _sre.LITERAL:
        return (None, ()) if ignorecase else (frozenset({chr(av)}), ())
    if op is _sre.IN:
        chars = None if ignorecase else _small_class(av)
        return chars, ()
    if op in (_sre.AT, _sre.ASSERT, _sre.ASSERT_NOT):
        return _ZERO_WIDTH, ()  # anchors and lookarounds consume nothing
    if op is _sre.SUBPATTERN:
        _, add_flags, _, sub = av
        return _sequence(sub.data, ignorecase or bool(add_flags & re.IGNORECASE))
    if _ATOMIC is not None and op is _ATOMIC:
        return _sequence(av.data, ignorecase)
    if op is _sre.BRANCH:
        return _branch(av[1], ignorecase)
    if op in _REPEATS:
        return _repeat(av, ignorecase)
    return None, ()  # ANY, NOT_LITERAL, a group reference, a conditional: no bound


def _small_class(items: Iterable[tuple[Any, Any]]) -> frozenset[str] | None:
    chars: set[str] = set()
    for op, av in items:
        if op is _sre.LITERAL:
            chars.add(chr(av))
        elif op is _sre.RANGE and av[1] - av[0] < _CLASS_LIMIT:
            chars.update(chr(c) for c in range(av[0], av[1] + 1))
        else:  # a negated class, a category (\d, \s, \w), a wide range
            return None
        if len(chars) > _CLASS_LIMIT:
            return None
    return frozenset(chars)


def _branch(alternatives: Iterable[Any], ignorecase: bool) -> _Info:
    """An alternation matches one of its alternatives: the exact sets unite; for a clause, each
    alternative gives its best one and they unite (one alternative without any: no clause)."""
    infos = [_sequence(a.data, ignorecase) for a in alternatives]
    exact: frozenset[str] | None = frozenset()
    for e, _ in infos:
        exact = None if e is None or exact is None else exact | e
    if exact is not None and len(exact) > _EXACT_LIMIT:
        exact = None
    union: set[str] = set()
    for e, clauses in infos:
        options = (*_as_clause(e), *clauses)
        if not options:
            return exact, ()
        union |= _best(options)
    return exact, (frozenset(union),)


def _repeat(av: tuple[int, int, Any], ignorecase: bool) -> _Info:
    low, high, sub = av
    exact, clauses = _sequence(sub.data, ignorecase)
    if low == 0:  # optional: only its exact set survives, with "" in it
        return (exact | _ZERO_WIDTH if exact is not None and high == 1 else None), ()
    # At least `low` times in a row: the first `low` repetitions are a literal run of their own.
    first: frozenset[str] | None = _ZERO_WIDTH if exact is not None else None
    for _ in range(low):
        first = None if first is None or exact is None else _product(first, exact)
    if low == high and first is not None:
        return first, clauses
    return None, (*_as_clause(first if first is not None else exact), *clauses)


def best_clause(pattern: str, flags: int = 0) -> Clause | None:
    """The rarest of `pattern`'s clauses, or None when it has none."""
    clauses = necessary(pattern, flags)
    return _best(clauses) if clauses else None


def _best(clauses: Iterable[Clause]) -> Clause:
    """The most selective clause: longer literals are rarer; of equally long, fewer alternatives."""
    best: Clause | None = None
    for c in clauses:
        if best is None or _selectivity(c) > _selectivity(best):
            best = c
    assert best is not None, "no clause to choose from"  # noqa: S101  (callers pass clauses)
    return best


def _selectivity(clause: Collection[str]) -> tuple[int, int]:
    return min(len(s) for s in clause), -len(clause)


class Finder:
    """Which of a set of literals occur in a text: a search for a trie of them gives the longest
    literal at the first position where one starts; searching again one character further gives
    the next, and so on (sre skips ahead by the literals' first characters in between, which a
    lookahead tried at every position could not). The shorter literals starting where a longer
    one was found are its prefixes (`closure`)."""

    def __init__(self, literals: Iterable[str]) -> None:
        words = sorted({w for w in literals if w})
        self.rx = re.compile(_trie(words)) if words else None
        known = set(words)
        self.closure = {w: frozenset(w[:i] for i in range(1, len(w) + 1) if w[:i] in known) for w in words}

    def found(self, text: str) -> frozenset[str]:
        """The longest literal at each position where one starts (`present` adds their prefixes)."""
        if self.rx is None:
            return frozenset()
        out: set[str] = set()
        search = self.rx.search
        m = search(text)
        while m is not None:
            out.add(m.group())
            m = search(text, m.start() + 1)
        return frozenset(out)

    def present(self, text: str) -> frozenset[str]:
        """Every literal that occurs in `text`."""
        return frozenset().union(*(self.closure[w] for w in self.found(text)))


def _trie(words: list[str]) -> str:
    root: dict[str, Any] = {}
    for w in words:
        node = root
        for ch in w:
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node: dict[str, Any]) -> str:
        branches = [re.escape(ch) + emit(child) for ch, child in sorted(node.items()) if ch]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        # A literal ends here: the longer ones are tried first (greedy), then this one.
        return f"(?:{body})?" if "" in node else body

    return emit(root)


class Guarded:
    """A compiled pattern whose `search` first checks that the text holds a literal of the
    pattern's rarest clause (one search of their trie, which sre runs at C speed and skips ahead
    on: about 3x faster than `in` per literal): without one there is no match, and no regex runs."""

    __slots__ = ("rx", "needles", "gate")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.rx = re.compile(pattern, flags)
        clauses = necessary(pattern, flags)
        self.needles: tuple[str, ...] = tuple(sorted(_best(clauses))) if clauses else ()
        self.gate = re.compile(_trie(list(self.needles))) if self.needles else None

    def search(self, text: str) -> re.Match[str] | None:
        if self.gate is not None and self.gate.search(text) is None:
            return None
        return self.rx.search(text)


class AnyOf:
    """Whether any of several patterns matches (as their alternation would). A pattern with a
    clause of literals two characters or longer is searched only when the text holds one of them
    (one search for all such literals first: most texts hold none); one whose best clause is of
    single characters (`.`, `:`) only when `in` finds one; one without a clause always."""

    __slots__ = ("guarded", "gate", "weak", "rest")

    def __init__(self, patterns: Iterable[str], flags: int = 0) -> None:
        found = [Guarded(p, flags) for p in patterns]
        self.guarded = tuple(g for g in found if g.needles and min(map(len, g.needles)) > 1)
        needles = sorted({w for g in self.guarded for w in g.needles})
        self.gate = re.compile(_trie(needles)) if needles else None
        self.weak = tuple((g.needles, g.rx) for g in found if g.needles and g not in self.guarded)
        rest = [g.rx.pattern for g in found if not g.needles]
        self.rest = re.compile("|".join(rest), flags) if rest else None

    def search(self, text: str) -> bool:
        if self.rest is not None and self.rest.search(text):
            return True
        if any(any(map(text.__contains__, chars)) and rx.search(text) for chars, rx in self.weak):
            return True
        if self.gate is None or self.gate.search(text) is None:
            return False
        return any(g.search(text) is not None for g in self.guarded)
