"""The classifier's first gate: which rules of a pack can match a message at all.

Most messages hold no corrective marker. Running every rule of a pack on one costs a regex search
per rule (about 50 for English); instead one search finds which of the rules' necessary literals
occur (`literals.necessary`: "you", then one of "forgot" or "missed", for `\\byou\\s+(?:forgot|
missed)`), and only the rules all of whose clauses are met run, in their usual order. A rule
left out could not have matched, so the result is the same as running them all; the gate only
saves the searches (tests/classify/test_gate.py compares the two on every labelled message and
fixture message, and on generated mixes of the rules' own stems).
"""
from __future__ import annotations

import functools
import operator
from typing import NamedTuple

from git_ledger.classify.rules import Pack, Rule
from git_ledger.literals import Clause, Finder, necessary
from git_ledger.models import TYPES


class Live(NamedTuple):
    """The rules of a pack worth running on one text, in the pack's order."""

    exclusions: tuple[Rule, ...]
    types: dict[str, tuple[Rule, ...]]  # by case type, each in the pack's order
    corrective: bool  # whether the pack's `corrective` pattern can match


def _clauses(rule: Rule) -> tuple[Clause, ...]:
    # `also` must match in the same sentence as `rx`: its literals are necessary too.
    found = necessary(rule.rx.pattern, rule.rx.flags)
    if rule.also is not None:
        found += necessary(rule.also.pattern, rule.also.flags)
    return _useful(found)


def _useful(clauses: tuple[Clause, ...]) -> tuple[Clause, ...]:
    """The clauses worth looking for: the rarest, and the others as rare as a three-letter word.
    Checking fewer clauses only lets a rule run more often; a short common literal ("i", "is",
    "了") would be found in most messages and cost more to look for than it saves."""
    ranked = sorted(clauses, key=_rarity, reverse=True)
    return tuple(c for i, c in enumerate(ranked) if i == 0 or _rarity(c) >= 3)


def _rarity(clause: Clause) -> float:
    # A clause is as rare as its commonest literal; a CJK character counts as two letters.
    return min(sum(1 if c.isalnum() and c.isascii() else 2 if not c.isascii() else 0.5 for c in w) for w in clause)


class PackGate:
    """A pack's rules with their clauses, and one `Finder` for all their literals."""

    MEMO = 4096  # distinct sets of literals remembered (a message's set repeats in most others)

    def __init__(self, pack: Pack) -> None:
        exclusions = tuple((r, _clauses(r)) for r in pack.exclusions)
        types = {t: tuple((r, _clauses(r)) for r in pack.types if r.kind == t) for t in TYPES}
        corrective = _useful(necessary(pack.corrective.pattern, pack.corrective.flags))
        # Each clause is a bit; a rule may run when every bit of its clauses is set.
        every = [c for _, cs in (*exclusions, *(x for v in types.values() for x in v)) for c in cs]
        bit = {c: 1 << i for i, c in enumerate(dict.fromkeys([*every, *corrective]))}

        def need(clauses: tuple[Clause, ...]) -> int:
            return sum(bit[c] for c in set(clauses))

        self.exclusions = tuple((r, need(cs)) for r, cs in exclusions)
        self.types = {t: tuple((r, need(cs)) for r, cs in v) for t, v in types.items()}
        self.corrective = need(corrective)
        self.finder = Finder(w for c in bit for w in c)
        own: dict[str, int] = {}
        for c, b in bit.items():
            for w in c:
                own[w] = own.get(w, 0) | b
        # A literal found also means its prefixes among the literals were: their bits too.
        self.bits = {w: functools.reduce(operator.or_, (own[p] for p in prefixes), 0)
                     for w, prefixes in self.finder.closure.items()}
        self._memo: dict[frozenset[str], Live] = {}

    def live(self, text: str) -> Live:
        found = self.finder.found(text)
        live = self._memo.get(found)
        if live is None:
            if len(self._memo) >= self.MEMO:
                self._memo.clear()
            met = 0
            for w in found:
                met |= self.bits[w]
            live = self._memo[found] = self._live(met)
        return live

    def _live(self, met: int) -> Live:
        def keep(rules: tuple[tuple[Rule, int], ...]) -> tuple[Rule, ...]:
            return tuple(r for r, need in rules if need & met == need)

        return Live(keep(self.exclusions), {t: keep(v) for t, v in self.types.items()},
                    self.corrective & met == self.corrective)
