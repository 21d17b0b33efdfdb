"""The prefilter's per-line check answers as its plain regexes would, only faster.

`line_is_candidate` searches the strong shapes and the keyword pattern behind literals they
cannot match without (`literals.AnyOf`, `literals.Guarded`), and skips the Base64 entropy of a
run too short to pass the limit. The reference below is the same check without any of that.
"""
from __future__ import annotations

import json
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from git_ledger.masking import prefilter as P
from tests.testing import fake_secrets
from tests.testing.util import fixtures_dir

# The plain check the guarded one replaced: the strong shapes as one alternation.
_PLAIN = (re.compile("|".join(P._STRONG_PARTS)), re.compile(P._KEYWORD_PATTERN))


def _reference(line: str, eager: bool) -> bool:
    rx = P._rx()
    if _PLAIN[0].search(line):
        return True
    low = line.lower()
    if "aws" in low and rx.aws_secret.search(line):
        return True
    if _PLAIN[1].search(low):
        return True
    for m in rx.run.finditer(line):
        s, e = m.span()
        quoted = s > 0 and e < len(line) and line[s - 1] in "'\"" and line[e] == line[s - 1]
        run = m.group()
        if (eager or quoted) and (P.entropy(run, P._B64_SET) > P.BASE64_LIMIT or any(
                P.hex_entropy(h) > P.HEX_LIMIT and not P.is_object_id(h) for h in rx.hex_run.findall(run))):
            return True
    return bool(rx.long_token.search(line) and rx.keyish.search(low))


def _fixture_lines() -> list[str]:
    lines: set[str] = set()
    for path in sorted(fixtures_dir().rglob("*.json*")):
        for raw in path.read_text(encoding="utf-8", errors="replace").splitlines():
            try:
                lines.update(json.dumps(json.loads(raw), ensure_ascii=False).replace("\\n", "\n").split("\n"))
            except ValueError:
                lines.add(raw)
    return sorted(lines)


def test_every_fixture_line_is_a_candidate_exactly_when_the_plain_check_says_so() -> None:
    lines = _fixture_lines() + fake_secrets.PLUGIN_LINES + fake_secrets.ASSIGNMENTS
    assert len(lines) > 10_000
    for eager in (True, False):
        differ = [line[:80] for line in lines if P.line_is_candidate(line, eager) != _reference(line, eager)]
        assert differ == []
    assert sum(P.line_is_candidate(line, True) for line in lines) > 100


_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=_-"
_RUN = st.text(_B64, min_size=15, max_size=30)
# Runs of all-different characters: as random as a run of that length gets, near the limits.
_WIDE = st.integers(17, 30).flatmap(lambda n: st.permutations(_B64).map(lambda p: "".join(p[:n])))
_PIECE = st.one_of(
    st.sampled_from(["password", "api_key", "token", "secret", "AKIA", "ghp_", "sk-", ":", ".", "//", "://",
                     "-us1", "AccountKey=", "BEGIN RSA PRIVATE", "eyJ", "=", ": ", "'", '"', " ", "aws", "key"]),
    _RUN, _WIDE, st.text("0123456789abcdef", min_size=16, max_size=40),
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_PIECE, min_size=1, max_size=8), st.booleans())
def test_generated_lines_are_candidates_exactly_when_the_plain_check_says_so(parts: list[str], eager: bool) -> None:
    line = "".join(parts)
    assert P.line_is_candidate(line, eager) == _reference(line, eager)


def test_runs_near_the_entropy_limits_are_judged_as_before() -> None:
    # The most random runs of each length (all characters different), where skipping the
    # Base64 entropy of runs under 23 characters could first make a difference.
    rx = P._rx()
    for n in range(17, 31):
        for run in (_B64[:n], _B64[::-1][:n], _B64[n:] + _B64[:n]):
            run = run[:n]
            reference = P.entropy(run, P._B64_SET) > P.BASE64_LIMIT or any(
                P.hex_entropy(h) > P.HEX_LIMIT and not P.is_object_id(h) for h in rx.hex_run.findall(run))
            assert P._random_run(run) == reference, run
            assert P.line_is_candidate(run, True) == _reference(run, True), run
    assert P._random_run(_B64[:23]) and not P._random_run(_B64[:22])  # the limit falls right there
