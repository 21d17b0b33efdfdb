"""Matching stored correction text: normalisation, the minimum length, one automaton for all."""
from __future__ import annotations

import pytest

from git_ledger.precommit.rawtext import MIN_WEIGHT, Matcher, normalise, patterns


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("I told you NOT to touch the lockfile!", "> i told you not to **touch** the\n> lockfile"),
        ("不要改動 lockfile 的版本號，這是第二次了", "不要改動lockfile的版本號 這是第二次了"),
        ("テストを実行してから「完了」と言ってください。", "テストを実行してから完了と言ってください"),
        ("그게 아니라 설정 파일을 먼저 읽어", "그게아니라, 설정 파일을 먼저 읽어"),
        ("revert_it — now…", "revert it now"),
    ],
)
def test_the_same_words_normalise_the_same_way(a: str, b: str) -> None:
    assert normalise(a) == normalise(b)


def test_short_sentences_are_not_patterns_and_markers_are_dropped() -> None:
    assert patterns("run the tests") == []
    assert patterns("ok. fine. [secret masked: GitHub Token] no.") == []
    # A marker ends a sentence: the words on either side were never next to each other.
    assert patterns("Stop. You deleted the migration for the invoices table [SQL masked] again.") == [
        "youdeletedthemigrationfortheinvoicestable"
    ]
    # Short sentences that together are long enough count as one pattern.
    assert patterns("No. Not that file. The other one, please.") == ["nonotthatfiletheotheroneplease"]
    assert all(len(p) >= MIN_WEIGHT for p in patterns("you forgot to regenerate the lockfile after the bump"))
    assert len(patterns("這個檔案不能動，版本號要一致")[0]) < MIN_WEIGHT  # CJK counts double


def test_one_automaton_reports_each_case_once_per_line() -> None:
    cases = [(f"id{i:04d}xxxx", "claude", "2026-10-01", f"you skipped step {i} of the release checklist again")
             for i in range(500)]
    m = Matcher(cases)
    assert (m.cases, m.patterns) == (500, 500)
    lines = [(10, "notes:"), (11, "- you skipped step 42 of the"), (12, "  release checklist again, and"),
             (20, "You skipped step 42 of the release checklist again. You skipped step 42 of the release "
                  "checklist again.")]
    hits = list(m.find(lines))
    assert [(h.line, h.case.id) for h in hits] == [(11, "id0042xxxx"), (20, "id0042xxxx")]
    assert hits[0].case.describe() == "case id0042xx…, claude 2026-10-01"


def test_a_gap_between_hunks_is_never_bridged() -> None:
    m = Matcher([("c1", "codex", "2026-10-02", "you skipped step one of the release checklist")])
    assert list(m.find([(1, "you skipped step one of"), (9, "the release checklist")])) == []
    assert list(Matcher([]).find([(1, "anything")])) == []


STORED = ("I told you not to touch the lockfile, revert it and pin the version again before you push "
          "anything else to the release branch today.")
_MIDDLE = STORED[20:100]  # 80 characters from the middle of the stored sentence


@pytest.mark.parametrize(("how", "staged"), [
    ("full-width letters (NFKC)", ["".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in STORED)]),
    ("JSON \\n escapes", [STORED.replace(" ", "\\n", 6)]),
    ("JSON \\uXXXX escapes", [STORED.replace("o", "\\u006f")]),
    ("HTML entities", [STORED.replace(" ", "&nbsp;").replace(",", "&#44;")]),
    ("URL-encoding", [STORED.replace(" ", "%20")]),
    ("a wrapped .ipynb cell", ['    "source": [', f'     "{STORED[:50]}\\n",', f'     "{STORED[50:]}"', "    ]"]),
    ("80 characters from the middle", [f"# see: {_MIDDLE}"]),
])
def test_disguised_stored_text_is_still_found(how: str, staged: list[str]) -> None:
    """Issue 15, fault 9: ways to smuggle a stored sentence past the hook. (base64 and gzip
    are out of scope: docs/precommit.md.)"""
    m = Matcher([("id0001xxxxxxxxxx", "claude", "2026-10-01", STORED)])
    hits = list(m.find(list(enumerate(staged, 1))))
    assert {h.case.id for h in hits} == {"id0001xxxxxxxxxx"}, how  # (a wrapped one: on each line it spans)


def test_a_short_common_run_from_the_middle_is_not_a_hit() -> None:
    m = Matcher([("id0001xxxxxxxxxx", "claude", "2026-10-01", STORED)])
    assert list(m.find([(1, "revert it and pin the version")])) == []
