"""The whole typing path, as `git-ledger classify --llm` runs it: the rules first, then the
judges on what the rules could not type, a type counting only when two judges agree.

Which messages the judges see is a measured choice (docs/judges.md, `bench/judges_real.py`):
`other` (the rules saw something corrective), and, with `ruled_none`, also what the rules
answered `none` without excluding it for a reason of its own (empty, malformed). The texts are
masked before any judge sees them, as `retype` masks stored cases.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from git_ledger.masking import mask as redact
from git_ledger.judges.base import Judge, JudgeInput
from git_ledger.judges.evidence import PREVIOUS_CHARS
from git_ledger.judges.panel import AGREED, Verdict, ask_panel
from git_ledger.models import NONE, OTHER, Classification
from git_ledger.classify.rules import EMPTY, MALFORMED

# Measured on the tune part (bench/judges_real.py): judging `none` too adds recall the pair
# cannot find in `other` alone, at the same precision floor.
JUDGE_RULED_NONE = True


@dataclass(frozen=True)
class Message:
    text: str
    previous: str = ""  # the agent's message before it
    previous_tools: tuple[str, ...] = ()  # that turn's tool calls


def judged(c: Classification, *, ruled_none: bool = JUDGE_RULED_NONE) -> bool:
    """Whether the judges are asked about a message the rules classified as `c`."""
    if c.type == OTHER:
        return True
    return ruled_none and c.type == NONE and c.excluded not in (EMPTY, MALFORMED)


def judge_input(m: Message) -> JudgeInput:
    return JudgeInput(redact.mask(m.text), redact.mask("; ".join(m.previous_tools)),
                      redact.mask(m.previous[-PREVIOUS_CHARS:]))


def judge_untyped(
    messages: Sequence[Message], rules: Sequence[Classification], judges: Sequence[Judge],
    *, ruled_none: bool = JUDGE_RULED_NONE,
) -> list[Verdict | None]:
    """Per message, the panel's verdict when it was asked, None when the rules had decided."""
    picks = [i for i, c in enumerate(rules) if judged(c, ruled_none=ruled_none)]
    verdicts = ask_panel(judges, [judge_input(messages[i]) for i in picks]) if picks else []
    out: list[Verdict | None] = [None] * len(messages)
    for i, v in zip(picks, verdicts):
        out[i] = v
    return out


def final_type(c: Classification, v: Verdict | None) -> str:
    """The type the whole path gives: the rules', else the agreed one, else what the rules said."""
    if v is not None and v.reason == AGREED and v.type is not None:
        return v.type
    return c.type
