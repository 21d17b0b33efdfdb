"""detect-secrets, set up once and called directly, finds what it finds when called its own way.

`secretplugins.Detector` replaced detect-secrets' per-call machinery (a `transient_settings`
context per scan, `_scan_line` and `_is_filtered_out` with their dependency injection); the
KeywordDetector is skipped on lines without one of its words, and entropy is not computed for
words too short to pass a limit. The reference below is the old way, all shortcuts off: both
must mask and report exactly the same on the fake-secret corpus and on every text of the
shared fixtures, in message mode and in file mode.
"""
from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from git_ledger.masking import mask as redact
from git_ledger.masking import plugins as secretplugins
from git_ledger.masking import prefilter, secretscan
from tests.testing import fake_secrets
from tests.testing.util import fixtures_dir


class _Reference(secretplugins.Detector):
    """detect-secrets called its own way: `_scan_line` and `_is_filtered_out`, with its
    dependency injection, on the plugins `get_plugins()` gives in a transient settings context."""

    def __init__(self, plugins: list[Any]) -> None:
        super().__init__()
        self.plugins = tuple(plugins)

    def filtered_out(self, required: tuple[str, ...], **kwargs: Any) -> bool:
        from detect_secrets.core.scan import _is_filtered_out

        return bool(_is_filtered_out(required_filter_parameters=list(required), **kwargs))

    def analyze(self, index: int, label: str, text: str, number: int, context: Any, eager: bool) -> list[Any]:
        from detect_secrets.core.scan import _scan_line

        return list(_scan_line(plugin=self.plugins[index], filename=label, line=text, line_number=number,
                               context=context, enable_eager_search=eager))


@contextmanager
def _the_old_way(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    from detect_secrets.settings import get_plugins, get_settings, transient_settings

    with transient_settings({"plugins_used": list(secretplugins.PLUGINS)}), monkeypatch.context() as m:
        get_settings().disable_filters("detect_secrets.filters.common.is_invalid_file",
                                       "detect_secrets.filters.heuristic.is_non_text_file")
        reference = _Reference(get_plugins())
        m.setattr(secretscan, "detector", lambda: reference)
        m.setattr(secretscan, "may_name_a_keyword", lambda text: True)
        m.setattr(secretscan, "shortest_passing", lambda limit: 0)
        yield


def _strings(value: object, out: set[str]) -> None:
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, dict):
        for v in value.values():
            _strings(v, out)
    elif isinstance(value, list):
        for v in value:
            _strings(v, out)


def _fixture_texts() -> list[str]:
    """Every string of at least 8 characters in the shared fixtures' logs."""
    found: set[str] = set()
    for path in sorted(fixtures_dir().rglob("*.json*")):
        data = path.read_text(encoding="utf-8", errors="replace")
        for raw in [data] if path.suffix == ".json" else data.splitlines():
            try:
                _strings(json.loads(raw), found)
            except ValueError:
                continue
    return sorted(t for t in found if len(t) >= 8)


CORPUS = [*fake_secrets.PLUGIN_LINES, *fake_secrets.ASSIGNMENTS, *fake_secrets.ASSIGNMENT_FILES,
          *fake_secrets.FAKE.values(), "\n".join(fake_secrets.PLUGIN_LINES), "\n".join(fake_secrets.ASSIGNMENTS)]


def _results(texts: list[str], files: list[tuple[str, str]]) -> list[object]:
    out: list[object] = [redact.mask(t) for t in texts]
    out += [redact.find_secrets(t) for t in texts]
    out += [redact.find_secrets(t, name) for t, name in files]
    return out


def test_masking_and_findings_are_those_of_detect_secrets_own_calls(monkeypatch: pytest.MonkeyPatch) -> None:
    fixture = _fixture_texts()
    texts = CORPUS + fixture
    assert len(texts) > 5000
    # File mode: the corpus in every file type detect-secrets tells apart; the fixture texts
    # the prefilter finds something in (the others never reach detect-secrets) in four.
    files = [(t, name) for t in CORPUS for name in fake_secrets.FILE_NAMES]
    files += [(t, name) for t in fixture if prefilter.candidate_lines(t, eager=False)
              for name in ("app.py", "config.yaml", ".env", "notes.md")]
    new = _results(texts, files)
    with _the_old_way(monkeypatch):
        old = _results(texts, files)
    assert sum(m != t for m, t in zip(new, texts)) > 100  # plenty was masked
    assert [i for i, (a, b) in enumerate(zip(new, old)) if a != b] == []


def test_transient_settings_elsewhere_in_the_process_change_nothing() -> None:
    # The tests (and any caller) may enter detect-secrets' own settings contexts; our detector
    # holds its plugins and filters itself, so its findings do not move.
    from detect_secrets.settings import default_settings, transient_settings

    before = [redact.find_secrets(t) for t in CORPUS]
    with default_settings():
        inside = [redact.find_secrets(t) for t in CORPUS]
    with transient_settings({"plugins_used": [{"name": "AWSKeyDetector"}]}):
        narrow = [redact.find_secrets(t) for t in CORPUS]
    assert before == inside == narrow == [redact.find_secrets(t) for t in CORPUS]
    assert sum(map(bool, before)) > 20


def _all_characters() -> str:
    return "".join(chr(c) for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF)


def test_the_keyword_detector_cannot_report_a_line_without_a_stem() -> None:
    from detect_secrets.plugins import keyword

    from git_ledger.literals import necessary

    stems = secretplugins.KEYWORD_STEMS
    # 1. Every word of its denylist holds a stem.
    assert all(any(s in w for s in stems) for d in keyword.DENYLIST for w in [d.replace("_?", "_"), d.replace("_?", "")])
    # 2. Each of its patterns needs a denylist word (read case-sensitively: the stems are lower case).
    patterns = {rx for table in (*keyword.REGEX_BY_FILETYPE.values(), keyword.QUOTES_REQUIRED_DENYLIST_REGEX_TO_GROUP)
                for rx in table}
    assert len(patterns) >= 9
    for rx in patterns:
        clauses = necessary(rx.pattern, rx.flags & ~re.IGNORECASE)
        assert any(all(any(s in w for s in stems) for w in c) for c in clauses), rx.pattern
    # 3. A character its case-insensitive patterns take for a stem's letter casefolds to it
    #    (`K`, the Kelvin sign, for k; `ſ`, the long s, for s).
    every = _all_characters()
    for letter in sorted(set("".join(stems))):
        assert {c.casefold() for c in re.findall(letter, every, re.IGNORECASE)} == {letter}, letter
    assert secretplugins.Detector().plugins[11].keyword_exclude is None  # no exclusion configured
    assert not secretplugins.may_name_a_keyword("TOKEN: abc")
    assert secretplugins.may_name_a_keyword("DB_PA\u017f\u017fWORD = 'x'")  # the long s: "paſſword"


def test_no_word_too_short_for_an_entropy_limit_can_pass_it() -> None:
    ds = secretplugins.detector()
    for plugin in (p for p in ds.plugins if isinstance(p, ds.entropy_type)):
        shortest = secretplugins.shortest_passing(plugin.entropy_limit)
        # The most random string of each length: all characters different (letters first: the
        # hex plugin counts an all-digit string lower).
        letters_first = plugin.charset[::-1]
        widest = [letters_first[:n] for n in range(1, shortest)]
        assert all(plugin.calculate_shannon_entropy(w) <= plugin.entropy_limit - 1e-3 for w in widest)
        # and the bound is tight: from `shortest` characters on, a word can reach the limit.
        assert plugin.calculate_shannon_entropy(letters_first[:shortest]) >= plugin.entropy_limit - 1e-9


def test_requests_stays_unimported_until_something_uses_it() -> None:
    code = (
        "import sys\n"
        "from git_ledger.masking import mask as redact\n"
        f"print(redact.mask('the key is {fake_secrets.FAKE['aws']}'))\n"
        "print('detect_secrets' in sys.modules, 'requests' in sys.modules)\n"
        "import detect_secrets.plugins.base as base\n"
        "print(base.requests.exceptions.RequestException.__module__)\n"  # the real one, on first use
        "import requests\n"
        "print(type(requests).__name__, base.requests.get is requests.get)\n"
    )
    out = subprocess.run((sys.executable, "-c", code), capture_output=True, text=True, check=True)
    assert out.stdout.splitlines() == ["[secret masked: AWS Access Key]", "True False",
                                       "requests.exceptions", "module True"]


def _filters() -> dict[str, Any]:
    ds = secretplugins.detector()
    return {getattr(f.fn, "__name__", None) or f.fn.func.__name__: f for f in ds.filters}


def test_a_plugin_or_filter_is_called_with_what_detect_secrets_would_pass() -> None:
    # The injection is worked out once: which parameters each filter takes and needs.
    ds = secretplugins.detector()
    by_name = _filters()
    assert set(by_name) >= {"is_line_allowlisted", "is_likely_id_string", "is_lock_file", "is_templated_secret"}
    assert "is_invalid_file" not in by_name and "is_non_text_file" not in by_name
    likely = by_name["is_likely_id_string"]
    assert likely.accepts == {"secret", "line", "plugin"} and likely.needs == {"secret", "line"}
    assert ds.filtered_out(("filename",), filename="poetry.lock")
    assert not ds.filtered_out(("filename",), filename="app.py")


_REF_PIECES = st.sampled_from(["secret", "api_key", "x", "get_key", "os.environ", "a.b-c", " ", "  ", "\t", "\v",
                               "=", "==", "!=", "!==", ":", ":=", "!", "(", ")", "[", "]", "'k'", '"', ",", "é", "\n"])


def test_the_indirect_reference_filter_answers_as_detect_secrets_own() -> None:
    from detect_secrets.filters.heuristic import is_indirect_reference

    ours = _filters()["_indirect_reference"].fn
    lines = [line for t in CORPUS + _fixture_texts() for line in t.split("\n")]
    lines += ["secret = get_secret_key()", "x = request.headers['apikey']", "a" * 999 + "=b()", "a" * 1000 + "=b()"]
    assert len(lines) > 20_000
    assert [line for line in lines if ours(line=line) != is_indirect_reference(line)] == []
    assert sum(map(is_indirect_reference, lines)) > 100

    @settings(max_examples=500, deadline=None)
    @given(st.lists(_REF_PIECES, max_size=12))
    def generated(parts: list[str]) -> None:
        line = "".join(parts)
        assert ours(line=line) == is_indirect_reference(line), line

    generated()
