"""The whole typing path, as `git-ledger classify --llm` runs it: the rules first, then the
judges on what the rules could not type, a type counting only when two judges agree.

Which messages the judges see is a measured choice, made by tools/train_judges.py and kept in
the built-in pair's manifest (`judge_untyped`): `other` (the rules saw something corrective),
and, when it paid on the tune part, also what the rules answered `none` without excluding it for
a reason of its own (empty, malformed). The texts are masked before any judge sees them, as
`retype` masks stored cases.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from git_ledger.classify.rules import EMPTY, MALFORMED
from git_ledger.judges.base import Judge, JudgeInput
from git_ledger.judges.evidence import PREVIOUS_CHARS
from git_ledger.judges.panel import AGREED, Verdict, ask_panel
from git_ledger.masking import mask as redact
from git_ledger.models import NONE, OTHER, Classification


def judge_ruled_none() -> bool:
    """Whether the judges also see what the rules answered `none` (the trained choice)."""
    from git_ledger.judges.local import read_manifest

    return bool(read_manifest().get("judge_untyped", False))


@dataclass(frozen=True)
class Message:
    text: str
    previous: str = ""  # the agent's message before it
    previous_tools: tuple[str, ...] = ()  # that turn's tool calls


def judged(c: Classification, *, ruled_none: bool) -> bool:
    """Whether the judges are asked about a message the rules classified as `c`."""
    if c.type == OTHER:
        return True
    return ruled_none and c.type == NONE and c.excluded not in (EMPTY, MALFORMED)


def judge_input(m: Message) -> JudgeInput:
    return JudgeInput(redact.mask(m.text), redact.mask("; ".join(m.previous_tools)),
                      redact.mask(m.previous[-PREVIOUS_CHARS:]))


def judge_untyped(
    messages: Sequence[Message], rules: Sequence[Classification], judges: Sequence[Judge],
    *, ruled_none: bool | None = None,
) -> list[Verdict | None]:
    """Per message, the panel's verdict when it was asked, None when the rules had decided.
    `ruled_none`: also judge the rules' `none` (default: as the built-in pair was trained)."""
    ruled_none = judge_ruled_none() if ruled_none is None else ruled_none
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
