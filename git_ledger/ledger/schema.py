"""Read and check a ledger file: YAML, version (upgrading older ones), and a closed schema.

Every key is known; an unknown key is an error, because any free-form field could carry the
text of a correction into git. Derived fields must agree with `fingerprints`. Problems carry
1-based line numbers for `file:line: message` output.
"""
from __future__ import annotations

import datetime
import re
from collections.abc import Mapping, MutableMapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import git_ledger.ledger.upgrades as ledger_upgrades  # not through the package's namespace: ledger/__init__ imports schema
from git_ledger.ledger.model import (
    CURRENT_VERSION,
    ID_RE,
    STATUSES,
    Entry,
    LedgerData,
    Pending,
    pending_label,
)
from git_ledger.ledger.promote import GroupKey, Unit, count_units, parse_unit
from git_ledger.models import TYPES

TOP_KEYS = ("version", "repos", "entries", "pending")
ENTRY_KEYS = ("repo", "type", "status", "pr", "first", "last", "units", "sessions", "dates", "fingerprints")
PENDING_KEYS = ("repo", "type", "human", "first", "last", "units", "sessions", "dates", "fingerprints")
_REPO = re.compile(r"^[\w.~@:/+()\[\]-][\w.~@:/+()\[\] -]{0,199}$")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


class Problem(NamedTuple):
    line: int
    message: str


@dataclass
class Parsed:
    data: LedgerData | None
    problems: list[Problem] = field(default_factory=list)
    doc: Any = None  # the round-trip document (ruamel CommentedMap), None when not YAML
    found_version: int = CURRENT_VERSION

    def messages(self, name: str) -> list[str]:
        return [f"{name}:{p.line}: {p.message}" for p in self.problems]


def _key_line(node: Any, key: Any, default: int) -> int:
    try:
        return int(node.lc.key(key)[0]) + 1
    except (AttributeError, KeyError, TypeError):
        return default


def _item_line(node: Any, index: int, default: int) -> int:
    try:
        return int(node.lc.item(index)[0]) + 1
    except (AttributeError, KeyError, TypeError, IndexError):
        return default


def _date(value: Any) -> str | None:
    if isinstance(value, datetime.date) and not isinstance(value, datetime.datetime):
        return value.isoformat()
    if isinstance(value, str) and _DATE.match(value):
        try:
            return datetime.date.fromisoformat(value).isoformat()
        except ValueError:
            return None
    return None


def _count(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


class _Checker:
    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, line: int, message: str) -> None:
        self.problems.append(Problem(line, message))

    def block(
        self, where: str, node: Any, line: int, allowed: Sequence[str], required: Sequence[str]
    ) -> dict[str, Any] | None:
        if not isinstance(node, Mapping):
            self.add(line, f"{where}: expected a mapping of fields")
            return None
        for key in node:
            if key not in allowed:
                self.add(_key_line(node, key, line), f"{where}: unknown key {key!r} "
                         "(the ledger holds no free text; allowed: " + ", ".join(allowed) + ")")
        for key in required:
            if key not in node:
                self.add(line, f"{where}: missing {key!r}")
        return dict(node) if all(k in node for k in required) else None

    def evidence(self, where: str, node: Mapping[str, Any], line: int) -> tuple[str, str, frozenset[Unit]] | None:
        ok = True
        repo, type_ = node["repo"], node["type"]
        if not isinstance(repo, str) or not _REPO.match(repo):
            self.add(_key_line(node, "repo", line), f"{where}: repo must be a repository name "
                     "(host/owner/name), not text")
            ok = False
        if type_ not in TYPES:
            self.add(_key_line(node, "type", line), f"{where}: type must be one of {', '.join(TYPES)}")
            ok = False
        units = self._fingerprints(where, node["fingerprints"], _key_line(node, "fingerprints", line))
        if units is None or not ok:
            return None
        self._derived(where, node, line, units)
        return repo, type_, units

    def _fingerprints(self, where: str, seq: Any, line: int) -> frozenset[Unit] | None:
        if not isinstance(seq, list) or not seq:
            self.add(line, f"{where}: fingerprints must be a non-empty list of DATE/FINGERPRINT")
            return None
        units: set[Unit] = set()
        ok = True
        for i, item in enumerate(seq):
            unit = parse_unit(item) if isinstance(item, str) else None
            if unit is None or _date(unit.date) is None:
                self.add(_item_line(seq, i, line), f"{where}: fingerprint {str(item)[:40]!r} is not "
                         "YYYY-MM-DD/<16 hex digits>")
                ok = False
            elif unit in units:
                self.add(_item_line(seq, i, line), f"{where}: duplicate fingerprint {unit}")
                ok = False
            else:
                units.add(unit)
        return frozenset(units) if ok else None

    def _derived(self, where: str, node: Mapping[str, Any], line: int, units: frozenset[Unit]) -> None:
        expected: dict[str, Any] = {
            "units": count_units(units),
            "sessions": len({u.session for u in units}),
            "first": min(u.date for u in units),
            "last": max(u.date for u in units),
            "dates": sorted({u.date for u in units}),
        }
        for key, want in expected.items():
            got = node[key]
            if key in ("units", "sessions"):
                value: Any = _count(got)
            elif key == "dates":
                value = [_date(d) for d in got] if isinstance(got, list) else None
            else:
                value = _date(got)
            if value != want:
                shown = ", ".join(want) if isinstance(want, list) else want
                self.add(_key_line(node, key, line), f"{where}: {key} should be {shown} "
                         "(derived from fingerprints; edit status only)")


def parse(text: str, upgrades: Sequence[ledger_upgrades.Step] | None = None, *, round_trip: bool = False) -> Parsed:
    """Parse and check a ledger's text; `data` is None when there is any problem.

    A valid ledger is read with the fast loader; problems are reported from ruamel's round-trip
    parse, which knows every line. `round_trip=True` also returns that document (`doc`).
    """
    from git_ledger import yaml as gl_yaml

    if not round_trip:
        try:
            plain = gl_yaml.load_fast(text)
        except ValueError:
            plain = None
        if isinstance(plain, MutableMapping):
            fast = _check(plain, upgrades)
            if fast.data is not None:
                return fast
    from ruamel.yaml.error import MarkedYAMLError, YAMLError

    try:
        doc = gl_yaml.load_rt(text)
    except MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = mark.line + 1 if mark is not None else 1
        return Parsed(None, [Problem(line, f"not valid YAML: {e.problem or e.context}")])
    except YAMLError as e:
        return Parsed(None, [Problem(1, f"not valid YAML: {str(e).splitlines()[0]}")])
    except ValueError:  # a date that is no calendar day (`2026-02-30`): the loader's own error
        return Parsed(None, [_bad_date(text)])
    if not isinstance(doc, MutableMapping):
        return Parsed(None, [Problem(1, "expected a mapping with version: and entries:")], doc)
    return _check(doc, upgrades)


_DATE_LIKE = re.compile(r"(?<![\w-])\d{4}-\d{2}-\d{2}(?![\w-])")


def _bad_date(text: str) -> Problem:
    """Where the loader found a YAML date that is no calendar day."""
    for n, line in enumerate(text.splitlines(), 1):
        for m in _DATE_LIKE.finditer(line):
            try:
                datetime.date.fromisoformat(m.group())
            except ValueError:
                return Problem(n, f"{m.group()} is not a date")
    return Problem(1, "a date that is not a calendar day")


def _check(doc: MutableMapping[str, Any], upgrades: Sequence[ledger_upgrades.Step] | None) -> Parsed:
    check = _Checker()
    version = _count(doc.get("version"))
    if version is None or version < 1:
        check.add(_key_line(doc, "version", 1), f"version must be a whole number (this git-ledger "
                  f"writes {CURRENT_VERSION})")
        return Parsed(None, check.problems, doc)
    if version > CURRENT_VERSION:
        check.add(_key_line(doc, "version", 1), f"version {version} is newer than this git-ledger "
                  f"supports ({CURRENT_VERSION}); upgrade git-ledger")
        return Parsed(None, check.problems, doc)
    found = ledger_upgrades.upgrade(doc, CURRENT_VERSION, upgrades)
    for key in doc:
        if key not in TOP_KEYS:
            check.add(_key_line(doc, key, 1), f"unknown top-level key {key!r} (allowed: {', '.join(TOP_KEYS)})")
    repos = _repos(check, doc)
    entries = _entries(check, doc.get("entries"), _key_line(doc, "entries", 1))
    pending = _pending(check, doc.get("pending"), _key_line(doc, "pending", 1))
    keys: dict[GroupKey, str] = {}
    for entry in entries.values():
        if entry.key in keys:
            check.add(_key_line(doc["entries"], entry.id, 1), f"{entry.id}: same repo and type as "
                      f"{keys[entry.key]}")
        keys.setdefault(entry.key, entry.id)
    for group_key in pending:
        if group_key in keys:
            label = pending_label(*group_key)
            check.add(_key_line(doc["pending"], label, 1), f"pending group {label!r} already has "
                      f"entry {keys[group_key]}")
    if check.problems:
        return Parsed(None, check.problems, doc, found)
    return Parsed(LedgerData(CURRENT_VERSION, repos, entries, pending), [], doc, found)


def _repos(check: _Checker, doc: Mapping[str, Any]) -> str | tuple[str, ...] | None:
    value = doc.get("repos")
    if value is None:
        return None
    if value == "all":
        return "all"
    if isinstance(value, list) and value and all(isinstance(r, str) and _REPO.match(r) for r in value):
        return tuple(value)
    check.add(_key_line(doc, "repos", 1), "repos must be `all` or a list of repository names")
    return None


def _entries(check: _Checker, node: Any, line: int) -> dict[str, Entry]:
    if node is None:
        return {}
    if not isinstance(node, Mapping):
        check.add(line, "entries must be a mapping of P-NNNN: blocks")
        return {}
    out: dict[str, Entry] = {}
    required = [k for k in ENTRY_KEYS if k != "pr"]
    for entry_id, block in node.items():
        at = _key_line(node, entry_id, line)
        if not isinstance(entry_id, str) or not ID_RE.match(entry_id):
            check.add(at, f"entry id {entry_id!r} must look like P-0001")
            continue
        fields = check.block(entry_id, block, at, ENTRY_KEYS, required)
        if fields is None:
            continue
        evidence = check.evidence(entry_id, block, at)
        status, pr = fields["status"], fields.get("pr")
        if status not in STATUSES:
            check.add(_key_line(block, "status", at), f"{entry_id}: status must be one of {', '.join(STATUSES)}")
        elif pr is not None and (_count(pr) is None or pr < 1):
            check.add(_key_line(block, "pr", at), f"{entry_id}: pr must be a pull request number")
        elif evidence is not None:
            out[entry_id] = Entry(evidence[0], evidence[1], evidence[2], entry_id, str(status), pr)
    return out


def _pending(check: _Checker, node: Any, line: int) -> dict[GroupKey, Pending]:
    if node is None:
        return {}
    if not isinstance(node, Mapping):
        check.add(line, "pending must be a mapping of '<repo> <type>': blocks")
        return {}
    out: dict[GroupKey, Pending] = {}
    for label, block in node.items():
        at = _key_line(node, label, line)
        fields = check.block(f"pending {label!r}", block, at, PENDING_KEYS, PENDING_KEYS)
        if fields is None:
            continue
        evidence = check.evidence(f"pending {label!r}", block, at)
        if not isinstance(fields["human"], bool):
            check.add(_key_line(block, "human", at), f"pending {label!r}: human must be true or false")
        elif evidence is not None:
            if label != pending_label(evidence[0], evidence[1]):
                check.add(at, f"pending {label!r}: the key must be {pending_label(evidence[0], evidence[1])!r}")
                continue
            out[(evidence[0], evidence[1])] = Pending(evidence[0], evidence[1], evidence[2], fields["human"])
    return out
