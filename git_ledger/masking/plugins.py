"""detect-secrets' plugins and filters, set up once per process and called directly.

`secretscan` asks detect-secrets about each candidate line. Its own way costs more than its
plugins' regexes: `transient_settings` rebuilt the settings and cleared every filter's cache on
each call (about 1 ms), and `call_function_with_arguments` inspected a plugin's or a filter's
signature on every call. `Detector` holds the same plugin objects and filter functions its scan
would use, and calls them with the same arguments; detect-secrets' global settings are never
touched (tests/masking/test_secretscan.py holds the two ways to the same findings).

Its plugins import `requests` for verification we never ask for (0.17 s of its 0.26 s import):
`_without_requests` keeps it out until something really uses it.
"""
from __future__ import annotations

import functools
import sys
import types
from collections.abc import Callable
from typing import Any, NamedTuple

# Every default plugin but IPPublicDetector (an IP address in a message is not a credential, and
# masking every "10.0.3.7 is down" would wreck ordinary debugging messages).
PLUGINS: tuple[dict[str, Any], ...] = tuple(
    {"name": n}
    for n in (
        "AWSKeyDetector", "ArtifactoryDetector", "AzureStorageKeyDetector", "BasicAuthDetector",
        "CloudantDetector", "DiscordBotTokenDetector", "GitHubTokenDetector", "GitLabTokenDetector",
        "IbmCloudIamDetector", "IbmCosHmacDetector", "JwtTokenDetector", "KeywordDetector",
        "MailchimpDetector", "NpmDetector", "OpenAIDetector", "PrivateKeyDetector",
        "PypiTokenDetector", "SendGridDetector", "SlackDetector", "SoftlayerDetector",
        "SquareOAuthDetector", "StripeDetector", "TelegramBotTokenDetector", "TwilioKeyDetector",
    )
) + ({"name": "Base64HighEntropyString", "limit": 4.5}, {"name": "HexHighEntropyString", "limit": 3.0})


class _Filter(NamedTuple):
    fn: Callable[..., Any]
    accepts: frozenset[str]  # the parameters detect-secrets would inject
    needs: frozenset[str]  # those without a default: missing one, its call fails and is skipped


class Detector:
    """detect-secrets' plugins and filters, set up once, called as its scan calls them.

    `filtered_out` is `detect_secrets.core.scan._is_filtered_out` and `analyze` is
    `_scan_line` (a plugin's `analyze_line`, then the secret filters), without looking up the
    filters and signatures again on every call. The filters are those of a default
    `Settings()` minus `is_invalid_file` and `is_non_text_file`: our lines come from memory,
    not from a file on disk, and a file is not skipped for its extension (a key in a .bin is
    still a key): we decoded it ourselves. detect-secrets' global settings are never touched,
    so a `transient_settings` elsewhere in the process (the tests use `default_settings`)
    changes nothing here. (One thing is still read from them, as detect-secrets' own plugins
    read it: whether to verify a secret over the network; that is off unless a baseline turns
    it on, and git-ledger never loads one.)
    """

    def __init__(self) -> None:
        from detect_secrets.core.plugins.util import get_mapping_from_secret_type_to_class
        from detect_secrets.plugins.high_entropy_strings import HighEntropyStringsPlugin
        from detect_secrets.plugins.keyword import KeywordDetector
        from detect_secrets.settings import Settings
        from detect_secrets.util.code_snippet import get_code_snippet
        from detect_secrets.util.inject import get_injectable_variables

        from git_ledger.literals import Finder

        by_type: dict[str, Any] = get_mapping_from_secret_type_to_class()  # detect-secrets is untyped
        classes: dict[str, Any] = {c.__name__: c for c in by_type.values()}
        self.plugins: tuple[Any, ...] = tuple(
            classes[p["name"]](**{k: v for k, v in p.items() if k != "name"}) for p in PLUGINS
        )
        self.takes_eager = tuple(
            "enable_eager_search" in get_injectable_variables(p.analyze_line) for p in self.plugins
        )
        self.entropy_type: Any = HighEntropyStringsPlugin
        self.keyword_type: Any = KeywordDetector
        # Which plugin is which, once: `isinstance` against detect-secrets' abstract plugin
        # classes costs a few hundred checks a line (15% of a candidate line's scan).
        self.is_entropy = tuple(isinstance(p, HighEntropyStringsPlugin) for p in self.plugins)
        self.is_keyword = tuple(isinstance(p, KeywordDetector) for p in self.plugins)
        self.snippet: Callable[..., Any] = get_code_snippet
        settings = Settings()
        settings.disable_filters("detect_secrets.filters.common.is_invalid_file",
                                 "detect_secrets.filters.heuristic.is_non_text_file")
        self.filters = tuple(_faster(_load_filter(path, get_injectable_variables)) for path in settings.filters)
        self._by_need: dict[tuple[tuple[str, ...], frozenset[str]], tuple[_Filter, ...]] = {}
        # Most plugins are a few regexes, each needing a literal ("AKIA", "ghp_", "-us"): one
        # search for all of them tells which plugins can report anything on a line.
        self.needles = tuple(_needles(p) for p in self.plugins)
        self.finder = Finder(w for n in self.needles if n for w in n)
        self._seen: tuple[str, frozenset[str]] = ("", frozenset())

    def context(self, previous: str, text: str) -> Any:
        return self.snippet(lines=[previous, text], line_number=2)

    def filtered_out(self, required: tuple[str, ...], **kwargs: Any) -> bool:
        given = frozenset(kwargs)
        key = (required, given)
        picked = self._by_need.get(key)
        if picked is None:
            # detect-secrets' get_filters_with_parameter, less those its call would skip
            picked = self._by_need[key] = tuple(
                f for f in self.filters if set(required) <= f.accepts and f.needs <= given
            )
        for f in picked:
            try:
                if f.fn(**{k: kwargs[k] for k in f.accepts & given}):
                    return True
            except TypeError:  # as detect-secrets: a filter that cannot take these is skipped
                pass
        return False

    def may_report(self, index: int, text: str) -> bool:
        """False when plugin `index` cannot report anything on `text` (none of its regexes' literals)."""
        needles = self.needles[index]
        if needles is None:
            return True
        if self._seen[0] is not text:  # the plugins are asked in turn about the same text
            self._seen = (text, self.finder.present(text))
        return not needles.isdisjoint(self._seen[1])

    def analyze(self, index: int, label: str, text: str, number: int, context: Any, eager: bool) -> list[Any]:
        """The secrets plugin `index` reports on `text`, less those the secret filters drop."""
        if not self.may_report(index, text):
            return []
        plugin = self.plugins[index]
        if self.takes_eager[index]:
            found = plugin.analyze_line(filename=label, line=text, line_number=number, context=context,
                                        enable_eager_search=eager)
        else:
            found = plugin.analyze_line(filename=label, line=text, line_number=number, context=context)
        return [s for s in found or () if not self.filtered_out(
            ("secret",), filename=s.filename, secret=s.secret_value, plugin=plugin, line=text)]


def _needles(plugin: Any) -> frozenset[str] | None:
    """Literals one of which every report of `plugin` holds, or None when that cannot be said: a
    plugin that is not just its regexes, or one of whose regexes ignores case (nothing is claimed
    for those: `literals.necessary`)."""
    from detect_secrets.plugins.base import BasePlugin, RegexBasedDetector
    from detect_secrets.plugins.jwt import JwtTokenDetector

    from git_ledger.literals import best_clause

    kind = type(plugin)
    if not isinstance(plugin, RegexBasedDetector) or kind.analyze_line is not BasePlugin.analyze_line:
        return None
    # Reports are what the denylist regexes find (a JWT is also checked to be well formed).
    if kind.analyze_string not in (RegexBasedDetector.analyze_string, JwtTokenDetector.analyze_string):
        return None
    needles: set[str] = set()
    for rx in plugin.denylist:
        clause = best_clause(rx.pattern, rx.flags)
        if clause is None:
            return None
        needles |= clause
    return frozenset(needles)


def _load_filter(path: str, injectable: Callable[[Callable[..., Any]], tuple[str, ...]]) -> _Filter:
    import importlib

    module, name = path.rsplit(".", 1)
    fn = getattr(importlib.import_module(module), name)
    positional = fn.__code__.co_varnames[:fn.__code__.co_argcount]
    keyword = injectable(fn)[len(positional):]
    needs = [*positional[:len(positional) - len(fn.__defaults__ or ())],
             *(k for k in keyword if k not in (fn.__kwdefaults__ or {}))]
    return _Filter(fn, frozenset(injectable(fn)), frozenset(needs))


def _faster(f: _Filter) -> _Filter:
    """A filter as it is, or an equivalent that costs less (`is_indirect_reference`)."""
    if f.fn.__module__ == "detect_secrets.filters.heuristic" and f.fn.__name__ == "is_indirect_reference":
        from detect_secrets.filters.heuristic import _get_indirect_reference_regex

        pattern = _get_indirect_reference_regex().pattern
        if pattern.startswith(_LEADING):  # as in detect-secrets 1.5; another version keeps its own
            return f._replace(fn=functools.partial(_indirect_reference, _tail(pattern[len(_LEADING):])))
    return f


_LEADING = r"([^\v=!:]*)\s*"


@functools.lru_cache(maxsize=1)
def _tail(pattern: str) -> Any:
    import re

    return re.compile(pattern)


def _indirect_reference(tail: Any, line: str) -> bool:
    r"""detect-secrets' `is_indirect_reference` (`secret = get_secret_key()`, `… = request.headers[
    'apikey']`), answered by the tail of its regex: `([^\v=!:]*)\s*(OP)\s*(REF)` matches
    somewhere exactly when `(OP)\s*(REF)` does (both leading parts may match nothing, right
    where OP starts). Its own search tries the leading `[^\v=!:]*` from every position and
    backs it off character by character: quadratic in the line, 80 µs a line of a diff's code;
    this one starts only at an operator (tests/masking/test_secretscan.py compares the two)."""
    return len(line) <= 1000 and tail.search(line) is not None


class _DeferredRequests(types.ModuleType):
    """`requests` as detect-secrets' modules see it: the real module, imported the first time
    one of its names is used (only verification uses it, which we never ask for). While
    detect-secrets is being imported, a name read for an annotation (`-> requests.Response`)
    is `object`."""

    importing = True

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        if self.importing:
            return object
        import importlib

        return getattr(importlib.import_module("requests"), name)


def _without_requests(load: Callable[[], Detector]) -> Detector:
    """`load()` with `requests` standing in as `_DeferredRequests` while it imports
    detect-secrets (0.17 s of its 0.26 s); a process that has either already is left alone."""
    if "requests" in sys.modules or "detect_secrets" in sys.modules:
        return load()
    stand_in = _DeferredRequests("requests")
    sys.modules["requests"] = stand_in
    try:
        return load()
    finally:
        if sys.modules.get("requests") is stand_in:
            del sys.modules["requests"]  # a later `import requests` gets the real module
        stand_in.importing = False


@functools.lru_cache(maxsize=1)
def detector() -> Detector:
    """The process's `Detector` (imports detect-secrets on the first call)."""
    return _without_requests(Detector)


# Every word of detect-secrets' KeywordDetector.DENYLIST (api_?key, db_?pass, password, pwd,
# secret, contraseña, …) holds one of these, and each of its patterns needs one of the words,
# matched ignoring case; a character that matches one of these letters ignoring case (`K`
# the Kelvin sign, `ſ` the long s) casefolds to it (tests/masking/test_secretscan.py checks all three).
KEYWORD_STEMS = ("key", "pass", "pwd", "secret", "contrase")


def may_name_a_keyword(text: str) -> bool:
    """False when the KeywordDetector cannot report anything on `text`."""
    folded = text.casefold()
    return any(stem in folded for stem in KEYWORD_STEMS)


@functools.lru_cache(maxsize=8)
def shortest_passing(limit: float) -> int:
    """The fewest characters whose entropy can exceed `limit`: n with log2(n) > limit, less a
    margin far wider than rounding (4.5 -> 23, 3.0 -> 8)."""
    import math

    n = 1
    while math.log2(n) <= limit - 1e-6:
        n += 1
    return n
