"""The whole typing path, as `git-ledger classify --llm` and `collect --llm` run it: the rules
first, then the judges on what the rules could not type, a type counting only when two judges agree.

Which messages the judges see is a measured choice, made by tools/train_judges.py and kept in
the built-in pair's manifest (`scope`, one of SCOPES): always `other` (the rules saw something
corrective), and, when it paid on the tune part, what the rules left `none` right after an agent
turn without a reason that rules a correction out (the user blaming themselves, a hypothetical,
agreement, a re-check, a negation, someone else's error, the harness). A long message is judged
by its typed words' opening (the judges' evidence cuts it). The texts are masked before any
judge sees them, as `retype` masks stored cases.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from git_ledger.classify.context import Context
from git_ledger.classify.rules import LONG, NEW_TASK, PASTED
from git_ledger.judges.base import Judge, JudgeInput
from git_ledger.judges.panel import AGREED, PanelStats, Verdict, ask_panel
from git_ledger.masking import mask as redact
from git_ledger.models import NONE, OTHER, PREVIOUS_CHARS, Classification


class Scope(NamedTuple):
    """The rules' reasons for `none` (None: no exclusion, nothing corrective found) under which a
    message after an agent turn still goes to the judges, and whether that turn must have claimed
    or done work (`classify.context.Context.claimed`). Every other exclusion (empty, malformed,
    harness, self-blame, hypothetical, agreement, recheck, negated, third-party) is hard."""

    reasons: frozenset[str | None]
    after_work: bool = False


SCOPES: dict[str, Scope] = {
    "other": Scope(frozenset()),
    "untyped": Scope(frozenset({None})),
    "untyped-long": Scope(frozenset({None, LONG})),
    "untyped-soft": Scope(frozenset({None, LONG, PASTED, NEW_TASK})),
    "worked": Scope(frozenset({None}), after_work=True),
    "worked-long": Scope(frozenset({None, LONG}), after_work=True),
}
DEFAULT_SCOPE = "other"


def trained_scope() -> str:
    """The scope the built-in pair was trained and chosen for (its manifest's `scope`)."""
    from git_ledger.judges.local import read_manifest

    scope = read_manifest().get("scope", DEFAULT_SCOPE)
    return scope if scope in SCOPES else DEFAULT_SCOPE


@dataclass(frozen=True)
class Message:
    text: str
    previous: str = ""  # the agent's message before it
    previous_tools: tuple[str, ...] = ()  # that turn's tool calls

    @property
    def after_turn(self) -> bool:
        """An agent turn came before it (something of the agent's could be corrected)."""
        return bool(self.previous.strip() or self.previous_tools)

    @property
    def after_work(self) -> bool:
        """The agent turn before it claimed or did work, as the rules read it."""
        context = Context.of(self.previous or None, self.previous_tools)
        return context is not None and context.claimed


def judged(c: Classification, m: Message, *, scope: str) -> bool:
    """Whether the judges are asked about a message `m` the rules classified as `c`."""
    if c.type == OTHER:
        return True
    chosen = SCOPES[scope]
    return (c.type == NONE and m.after_turn and c.excluded in chosen.reasons
            and (not chosen.after_work or m.after_work))


def judge_input(m: Message) -> JudgeInput:
    return JudgeInput(redact.mask(m.text), redact.mask("; ".join(m.previous_tools)),
                      redact.mask_tail(m.previous, PREVIOUS_CHARS))


def judge_untyped(
    messages: Sequence[Message], rules: Sequence[Classification], judges: Sequence[Judge],
    *, scope: str | None = None, stats: PanelStats | None = None,
) -> list[Verdict | None]:
    """Per message, the panel's verdict when it was asked, None when the rules had decided.
    `scope`: which of the rules' answers the judges see (default: as the built-in pair was trained);
    `stats`: where to count the judges' calls."""
    scope = trained_scope() if scope is None else scope
    picks = [i for i, (m, c) in enumerate(zip(messages, rules)) if judged(c, m, scope=scope)]
    verdicts = ask_panel(judges, [judge_input(messages[i]) for i in picks], stats=stats) if picks else []
    out: list[Verdict | None] = [None] * len(messages)
    for i, v in zip(picks, verdicts):
        out[i] = v
    return out


def final_type(c: Classification, v: Verdict | None) -> str:
    """The type the whole path gives: the rules', else the agreed one, else what the rules said."""
    if v is not None and v.reason == AGREED and v.type is not None:
        return v.type
    return c.type
