"""The classifier's gate changes nothing but speed: gated and ungated `classify` agree everywhere.

The gate runs only the rules whose necessary literals occur in a message (`classify_gate`).
These tests hold it to running every rule: on every labelled message, every human message of
the shared fixtures (and every short line of any text in them), and generated messages made of
the rules' own stems and filler in the four scripts.
"""
from __future__ import annotations

import json
import subprocess
import sys

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from git_ledger import sources
from git_ledger.classify import classify as C
from git_ledger.models import HUMAN_KINDS
from tests.testing.util import REPO_ROOT, fixtures_dir

DATA = REPO_ROOT / "tests" / "data"


def _both(text: str) -> tuple[object, object]:
    return C._classify(text, gated=True), C._classify(text, gated=False)


def _fixture_texts() -> list[str]:
    """Every human message of the fixtures, and every line of up to 220 characters of any string
    in them (tool output, file contents, assistant answers: words that come near the rules)."""
    human, lines = set(), set()
    for agent, path in sources.discover([fixtures_dir()]):
        for e in sources.read_events(path, agent).events:
            (human if e.kind in HUMAN_KINDS else lines).add(e.text)
    for path in sorted(fixtures_dir().rglob("*.json*")):
        for raw in path.read_text(encoding="utf-8", errors="replace").splitlines():
            lines.update(s for s in raw.replace("\\n", "\n").split("\n") if 0 < len(s.strip()) <= 220)
    assert len(human) > 30 and len(lines) > 1000
    return sorted(human) + sorted(lines - human)


def test_every_labelled_message_is_typed_the_same_with_and_without_the_gate() -> None:
    for name in ("classify_eval.jsonl", "classify_holdout.jsonl", "classify_holdout2.jsonl", "classify_holdout3.jsonl",
                 "classify_holdout4.jsonl"):
        for line in (DATA / name).read_text(encoding="utf-8").splitlines():
            text = json.loads(line)["text"]
            gated, ungated = _both(text)
            assert gated == ungated, (name, text)


def test_messages_with_a_context_are_typed_the_same_with_and_without_the_gate() -> None:
    from git_ledger.classify.context import Context
    from tests.classify.test_context import HARD_CASES

    for text, previous, tools, _ in HARD_CASES:
        for context in (Context.of(previous, tools), Context.of("I've fixed it.", ["Edit"]), None):
            assert C._classify(text, True, context) == C._classify(text, False, context), text


def test_every_fixture_message_is_typed_the_same_with_and_without_the_gate() -> None:
    differ = [t for t in _fixture_texts() if _both(t)[0] != _both(t)[1]]
    assert differ == []


def _stems() -> list[str]:
    """The literals the gates look for, in all four packs (so messages mix languages too)."""
    C.prepare()
    return sorted({w for lang in C.PACKS for w in C._gate(lang).finder.closure})


STEMS = _stems()
FILLER = [" ", ", ", ". ", "! ", "? ", "？", "。", "，", "\n", "you ", "i ", "the ", "it ", "not ", "no, ",
          "tests ", "file ", "\"x\" ", "`a` ", "> ", "我", "你", "的", "是", "吗", "私", "が", "を", "か",
          "네가 ", "이", "요", "까요", "src/app.py ", "README ", "Wait, ", "OK ", "TODO: "]


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(st.sampled_from(STEMS), st.sampled_from(FILLER)), min_size=1, max_size=12))
def test_mixes_of_rule_stems_and_filler_are_typed_the_same(parts: list[str]) -> None:
    text = "".join(parts)
    gated, ungated = _both(text)
    assert gated == ungated, text


def test_importing_compiles_no_rule_and_a_message_compiles_few() -> None:
    # Rules compile on first use: the prompt hook's first message of a session pays for one
    # pack's gate and the handful of rules it lets through, not for 200 patterns.
    code = (
        "from git_ledger.classify import classify as C\n"
        "from git_ledger.classify.rules import Regex\n"
        "def regexes():\n"
        "    out = []\n"
        "    for p in C.PACKS.values():\n"
        "        for f in p:\n"
        "            for r in (f if isinstance(f, tuple) else (f,)):\n"
        "                out += [x for x in (getattr(r, 'rx', r), getattr(r, 'also', None)) if isinstance(x, Regex)]\n"
        "    return out\n"
        "print(sum('_rx' in x.__dict__ for x in regexes()), len(regexes()))\n"
        "C.classify('you forgot to update the changelog again')\n"
        "print(sum('_rx' in x.__dict__ for x in regexes()), sorted(C._gate.cache_info()._asdict().items()))\n"
    )
    out = subprocess.run((sys.executable, "-c", code), capture_output=True, text=True, cwd=REPO_ROOT, check=True)
    before, after = out.stdout.splitlines()
    compiled, total = map(int, before.split())
    assert compiled == 0 and total > 150
    assert int(after.split()[0]) < 20
    assert "('currsize', 1)" in after  # the English gate only


def _joined_hint(text: str) -> bool:
    """What `may_admit` answered before it searched each pack's hint on its own: one search of
    their alternation."""
    import re

    joined = "|".join(p.admission_hint.pattern for p in C.PACKS.values())
    return re.search(joined, text[:C.SELF_WINDOW].lower()) is not None


def _hint_literals() -> list[str]:
    from git_ledger.literals import necessary

    return sorted({w for p in C.PACKS.values() for c in necessary(p.admission_hint.pattern) for w in c})


HINT_WORDS = _hint_literals()


def test_the_admission_hint_answers_as_the_joined_hints_on_every_fixture_text() -> None:
    # Each pack's hint is searched alone, and a pack whose hint needs CJK not in an ASCII text.
    texts = _fixture_texts()
    assert sum(C.may_admit(t) for t in texts) >= 10
    assert [t for t in texts if C.may_admit(t) != _joined_hint(t)] == []


@settings(max_examples=800, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(st.sampled_from(HINT_WORDS), st.sampled_from(FILLER), st.sampled_from(["I ", "my ", "\u212a"])),
                min_size=1, max_size=10))
def test_mixes_of_hint_literals_answer_as_the_joined_hints(parts: list[str]) -> None:
    text = "".join(parts)  # U+212A, the Kelvin sign, lower-cases to ASCII "k"
    assert C.may_admit(text) == _joined_hint(text), text


def _every_shorthand(low: str, langs: list[str]) -> str:
    """Every pack's shorthand substituted, with no literal checked first (what `_spelled_out` did)."""
    for lg in langs:
        for pattern, replacement in C.PACKS[lg].shorthand:
            low = pattern.sub(replacement, low)
    return low


SHORTHAND_WORDS = sorted({w for lg in C.PACKS for _, _, needles in C._shorthand(lg) for w in needles or ()})


def test_shorthand_is_written_out_as_by_every_substitution_on_every_fixture_text() -> None:
    langs = list(C.PACKS)
    texts = [t.lower() for t in _fixture_texts()]
    assert sum(_every_shorthand(t, langs) != t for t in texts) >= 3
    assert [t for t in texts if C._spelled_out(t, langs) != _every_shorthand(t, langs)] == []


@settings(max_examples=800, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(st.sampled_from(SHORTHAND_WORDS), st.sampled_from(FILLER),
                          st.sampled_from(["u ", "ur ", "t ", "s ", "'", "its still ", "borken"])), min_size=1, max_size=10))
def test_mixes_of_shorthand_literals_are_written_out_as_by_every_substitution(parts: list[str]) -> None:
    low = "".join(parts).lower()
    assert C._spelled_out(low, list(C.PACKS)) == _every_shorthand(low, list(C.PACKS)), low
