"""Rule typing of corrections (INITIAL SKELETON: the classification issue replaces this file).

Public surface (kept stable for the collector, inject and judges):
  classify(text) -> Classification                 # a human message
  classify_event(event) -> tuple[str, Classification] | None
      (source, classification) when the event is a case (typed or "other"), None otherwise.
"""
from __future__ import annotations

import re

from git_ledger.models import HUMAN_KINDS, NONE, OTHER, Classification, Event

_KO = (
    ("omission", re.compile(r"놓쳤|빠졌|빠뜨|빼먹|누락")),
    ("instruction-violation", re.compile(r"말라(?:고|니까|니깐|했)|말랬|하지\s?말(?:라|랬|래|자)|하라고\s*[.!]*$")),
    ("premise-error", re.compile(r"(?:그게|그거|이게)\s?아니|[가-힣A-Za-z0-9_.]+(?:이|가|게)\s?아니(?:고|라)(?=\s)")),
    ("result-error", re.compile(r"잘못(?:됐|되었|했|만들|계산|나왔)|틀렸|틀린|이상해|엉뚱|엉망")),
)


def classify(text: str) -> Classification:
    t = text.strip()
    if not t or t[0] in "[<" or len(t) > 200:
        return Classification(NONE, excluded="not-a-message" if t else "empty")
    for name, rx in _KO:
        if rx.search(t) and (not t.endswith("?") or name == "instruction-violation"):
            return Classification(name, rule=f"ko.{name}", lang="ko")
    return Classification(NONE)


def classify_event(event: Event) -> tuple[str, Classification] | None:
    if event.kind in HUMAN_KINDS:
        c = classify(event.text)
        return ("human", c) if c.type != NONE else None
    if event.kind == "hook_block":
        c = classify(event.text)
        return ("hook", c if c.type != NONE else Classification(OTHER))
    return None
