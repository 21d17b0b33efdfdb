"""Evidence guard: no "done" without evidence.

A gate on facts first: if the turn called any tool, the guard is silent (the first version of
this guard, keyword rules alone, fired 10 times in 7 days and all 10 were false; the gate lets
two thirds of turns through at once). Only a turn that ran no tool and whose final message
claims completion is answered, asking for the evidence now or for an explicit "unverified" /
"from the previous run" mark, which silences the guard.

Pure functions; the Stop hook and `guard replay` share them.
"""
from __future__ import annotations

from git_ledger.classify.claims import Claim, find_claim, has_mark

GUARD = "evidence"

_MARK_EXAMPLES = {
    "en": '"unverified" or "from the previous run"',
    "zh": "「未驗證」或「憑前輪結果」",
    "ja": "「未検証」または「前回の結果」",
    "ko": "「미검증」 또는 「이전 실행 결과」",
}


def decide(tool_calls: int, final_text: str) -> Claim | None:
    """The unsupported claim of a finished turn, or None (tool gate, no claim, or marked)."""
    if tool_calls > 0 or not final_text.strip():
        return None
    claim = find_claim(final_text)
    if claim is None or has_mark(final_text):
        return None
    return claim


def reason(claim: Claim) -> str:
    """What the agent reads when the guard fires (it takes one more turn)."""
    quoted = " ".join(claim.text.split())
    if len(quoted) > 200:
        quoted = quoted[:200] + "…"
    marks = _MARK_EXAMPLES.get(claim.lang, _MARK_EXAMPLES["en"])
    return (
        f'git-ledger evidence guard: your final message claims completion ("{quoted}"), but this '
        f"turn ran no tool, so nothing in it shows the result. Either show the evidence now (run "
        f"the check and quote its output), or say plainly that the claim is unverified or taken "
        f"from an earlier run, e.g. {marks}."
    )
