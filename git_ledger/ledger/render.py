"""The canonical text of a ledger, and a whole-document rewrite for files the line editor
(`ledger_text`) cannot edit in place.

Layout choices are for merges without our driver (GitHub's merge button ignores merge drivers):
each entry is a multi-line block; new entries go on top of `entries:`, so an append and a status
change elsewhere never touch neighbouring lines; inside a block `status:` sits between stable
lines (`repo`, `type`, `first`), apart from the lines a new sighting changes.
"""
from __future__ import annotations

import datetime
import functools
import json
import re
from typing import Any

from git_ledger.ledger.model import Entry, LedgerData, Pending, Repos, id_number

HEADER = (
    "# git-ledger proposals: repeated agent mistakes, text-free (see docs/ledger.md).\n"
    "# Set `status:` by hand (proposed, in-review, adopted, rejected, held); `git-ledger propose`\n"
    "# never changes adopted or rejected. Everything else is derived from `fingerprints`.\n"
)
_PLAIN = re.compile(r"^[A-Za-z0-9_][\w.~@:/+()\[\] -]*$")
_OBVIOUS = re.compile(r"^[A-Za-z][A-Za-z0-9_.~/+-]*$")
_WORDS = frozenset({"y", "n", "yes", "no", "true", "false", "on", "off", "null"})


@functools.lru_cache(maxsize=4096)
def scalar(value: str) -> str:
    """`value` as a YAML scalar: plain when that reads back as the same string, else quoted."""
    if _OBVIOUS.match(value) and value.lower() not in _WORDS:
        return value  # a letter first, no spaces or indicators: never a number, date or bool
    if _PLAIN.match(value) and not value.endswith(" "):
        from git_ledger import yaml as gl_yaml

        try:  # both readers (YAML 1.1 fast, 1.2 round-trip) must see the same string
            if gl_yaml.load_fast(f"k: {value}\n") == {"k": value} == gl_yaml.load_safe(f"k: {value}\n"):
                return value
        except Exception:  # noqa: BLE001, S110  any parse error means "needs quotes"
            pass
    return json.dumps(value, ensure_ascii=False)  # a JSON string is a YAML double-quoted scalar


def repos_value(repos: Repos) -> str:
    if isinstance(repos, tuple):
        return "[" + ", ".join(scalar(r) for r in repos) + "]"
    return str(repos)


def field_values(item: Entry | Pending) -> dict[str, str]:
    """Every field of a block as the text after `key: ` (fingerprints excluded)."""
    out = {"repo": scalar(item.repo), "type": item.type}
    if isinstance(item, Entry):
        out["status"] = item.status
        if item.pr is not None:
            out["pr"] = str(item.pr)
    else:
        out["human"] = "true" if item.human else "false"
    out.update(first=item.first, last=item.last, units=str(item.units), sessions=str(item.sessions),
               dates="[" + ", ".join(item.dates) + "]")
    return out


def block_lines(key: str, item: Entry | Pending, indent: int = 2) -> list[str]:
    pad, inner = " " * indent, " " * (indent * 2)
    lines = [f"{pad}{key}:"] + [f"{inner}{k}: {v}" for k, v in field_values(item).items()]
    lines.append(f"{inner}fingerprints:")
    lines += [f"{inner}  - {u}" for u in sorted(map(str, item.fingerprints))]
    return lines


def entries_lines(entries: list[Entry]) -> list[str]:
    """New entries, newest (highest number) first, as they are inserted on top."""
    out: list[str] = []
    for e in sorted(entries, key=lambda e: id_number(e.id), reverse=True):
        out += block_lines(e.id, e)
    return out


def render(data: LedgerData) -> str:
    lines = HEADER.rstrip("\n").split("\n") + [f"version: {data.version}"]
    if data.repos is not None:
        lines.append(f"repos: {repos_value(data.repos)}")
    lines.append("entries:" if data.entries else "entries: {}")
    lines += entries_lines(list(data.entries.values()))
    lines.append("pending:" if data.pending else "pending: {}")
    for p in sorted(data.pending.values(), key=lambda p: p.label):
        lines += block_lines(scalar(p.label), p)
    return "\n".join(lines) + "\n"


# ----------------------------------------------------------------- whole-document fallback
def _node(item: Entry | Pending) -> Any:
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    m = CommentedMap()
    for key, text in field_values(item).items():
        m[key] = _value(key, text, item)
    seq = CommentedSeq(sorted(map(str, item.fingerprints)))
    m["fingerprints"] = seq
    return m


def _value(key: str, text: str, item: Entry | Pending) -> Any:
    from ruamel.yaml.comments import CommentedSeq

    if key in ("units", "sessions", "pr"):
        return int(text)
    if key in ("first", "last"):
        return datetime.date.fromisoformat(text)
    if key == "dates":
        seq = CommentedSeq([datetime.date.fromisoformat(d) for d in item.dates])
        seq.fa.set_flow_style()
        return seq
    if key == "human":
        return text == "true"
    return item.repo if key == "repo" else text


def rewrite(doc: Any, new: LedgerData) -> str:
    """Apply `new` to a round-trip document and dump it (comments kept where ruamel can)."""
    from ruamel.yaml.comments import CommentedMap

    from git_ledger import yaml as gl_yaml

    doc["version"] = new.version
    if new.repos is None:
        doc.pop("repos", None)
    else:
        doc["repos"] = new.repos if isinstance(new.repos, str) else list(new.repos)
    for section, items in (("entries", {e.id: e for e in new.entries.values()}),
                           ("pending", {p.label: p for p in new.pending.values()})):
        node = doc.get(section)
        if not isinstance(node, CommentedMap):
            node = CommentedMap()
            doc[section] = node
        for key in [k for k in node if k not in items]:
            del node[key]
        for key in sorted(items, key=lambda k: (id_number(k), k)):
            fresh = _node(items[key])
            if key not in node:
                node.insert(0 if section == "entries" else len(node), key, fresh)
                continue
            block = node[key]
            for field in [f for f in block if f not in fresh]:
                del block[field]
            for i, (field, value) in enumerate(fresh.items()):
                if field not in block:
                    block.insert(i, field, value)
                elif _norm(block[field]) != _norm(value):
                    block[field] = value
    return gl_yaml.dump_rt(doc)


def _norm(value: Any) -> Any:
    return [str(v) for v in value] if isinstance(value, list) else str(value)
