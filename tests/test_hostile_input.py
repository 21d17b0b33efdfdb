"""Every public entry that reads text an agent, a log or a staged file controls stays linear.

tests/classify/test_classify.py times each rule pattern alone on near-matches. This is the same guard one
level up and across the product: each public function (masking, classifying, the Stop hook's
claim and search-posture checks, the pre-commit file views) on about a megabyte shaped against
one regex family (runs of the characters a pattern backtracks over, a keyword repeated without
its ending). A quadratic pattern takes minutes on such input (issue 15 found 10-120 s ones); the
bound is generous so that a busy two-core machine does not make it flaky. Speed itself is
measured in bench/, not here.
"""
from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from git_ledger.classify import claims, classify
from git_ledger.hooks.guards import search_posture
from git_ledger.masking.candidates import candidates
from git_ledger.masking.mask import find_secrets, mask

MB = 1_000_000
BOUND = 10.0  # CPU seconds for a megabyte; a linear entry takes well under one


def _repeat(unit: str, size: int = MB) -> str:
    return unit * (size // len(unit))


def _file_views(filename: str) -> Callable[[str], object]:
    def views(text: str) -> object:
        lines = dict(enumerate(text.split("\n"), 1))
        return candidates(filename, lines, list(lines), whole=True)
    return views


def _posture(command: str) -> object:
    return search_posture.decide([command], "semble")


ENTRIES: dict[str, Callable[[str], object]] = {
    "mask": mask,
    "classify": lambda text: (classify.classify(text), classify.classify_admission(text)),
    "claim": claims.find_claim,
    "search-posture": _posture,
    "file views .env": _file_views(".env"),
    "file views .yaml": _file_views("settings.yaml"),
    "file views .ini": _file_views("settings.ini"),
    "find_secrets file": lambda text: find_secrets(text, "notes.txt"),
}

CASES: list[tuple[str, str, Callable[[], str]]] = [
    # SQL masking: a keyword then a long run its alternatives backtrack over; statements on one line.
    ("mask", "select then spaces", lambda: "select" + " " * MB + "x"),
    ("mask", "statements on one line", lambda: _repeat("SELECT a FROM t; ")),
    ("mask", "a statement never ended", lambda: _repeat("select * from x ")),
    ("mask", "select, names, no from", lambda: _repeat("select a, b as c ")),
    # Secrets: thousands on one line (each pass of a fixed point must not rescan the line).
    ("mask", "one secret many times", lambda: _repeat("pwd=Abc12345x. ", MB // 2)),
    ("mask", "many distinct secrets", lambda: " ".join(f"s{i} pwd=A{i:06d}x." for i in range(MB // 64))),
    ("mask", "private key, then newlines", lambda: "-----BEGIN RSA PRIVATE KEY-----" + "\n" * MB),
    ("mask", "private keys never ended", lambda: _repeat("-----BEGIN RSA PRIVATE KEY-----\n", MB // 4)),
    ("mask", "a sentence end, then spaces", lambda: ". " + " " * (MB // 2) + _repeat("pwd=Abc12345x ", MB // 2)),
    ("classify", "spaces after a keyword", lambda: "you missed" + " " * MB + "x"),
    ("classify", "SQL words", lambda: _repeat("select * from x ")),
    ("claim", "a claim, then spaces", lambda: "all tests pass" + " " * MB + "x"),
    ("claim", "sentences without end", lambda: _repeat("done and fixed ")),
    ("claim", "a question mark far away", lambda: "done か" + " " * MB + "x"),
    # The Stop hook reads the agent's shell calls: brackets never closed, pipelines of greps.
    ("search-posture", "brackets never closed", lambda: 'grep -rn "' + "[" * (MB // 10) + '" src'),
    ("search-posture", "a pipeline of greps", lambda: "cat f" + _repeat(" | grep x", MB // 10)),
    ("search-posture", "alternations", lambda: "rg '" + _repeat("a|") + "' src"),
    # pre-commit: an option name then a run of spaces; YAML keys and values the same.
    ("file views .env", "a key then spaces", lambda: "KEY" + " " * MB + "x=1"),
    ("file views .ini", "a key then spaces", lambda: "[s]\nKEY" + " " * MB + "x=1"),
    ("file views .yaml", "a key then spaces", lambda: "key" + " " * MB + "x"),
    ("file views .yaml", "a value then spaces", lambda: "key: x" + " " * MB + "y"),
    ("file views .yaml", "spaces then no comment", lambda: "key: x" + " " * MB),
    ("find_secrets file", "private key, then newlines", lambda: "-----BEGIN RSA PRIVATE KEY-----" + "\n" * MB),
]


@pytest.mark.parametrize(("entry", "family", "make"), CASES, ids=[f"{e}: {f}" for e, f, _ in CASES])
def test_a_megabyte_shaped_against_a_pattern_stays_linear(entry: str, family: str, make: Callable[[], str]) -> None:
    text = make()
    run = ENTRIES[entry]
    start = time.process_time()
    run(text)
    took = time.process_time() - start
    assert took < BOUND, f"{entry} on {len(text)} characters ({family}): {took:.1f} s"
