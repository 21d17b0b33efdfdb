"""A procedures folder read whole: its cards, INDEX rows, layers and inbox; and audit findings."""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote

from git_ledger.cards.card import Card, parse, strip_comments
from git_ledger.errors import FatalError

SEVERITIES = ("P0", "P1", "P2", "P3")
# Files in the folder that are not cards.
NOT_CARDS = frozenset({"index.md", "readme.md"})
DEFAULT_LAYERS: dict[str, int] = {"project": 90, "tool": 30, "machine": 180, "inbox": 14}
LAYERS_FILE = "_layers.md"
INBOX_FILE = "_inbox.md"
INDEX_FILE = "INDEX.md"
TEMPLATE_FILE = "_template.md"
AGENTS_FILES = ("AGENTS.md", "CLAUDE.md", "GEMINI.md")  # where agents read resident instructions
SNIPPET_BEGIN = "<!-- git-ledger:procedures:begin"  # the start of `cards init`'s marked snippet

_LINK = re.compile(r"!?\[[^\]\n]*\]\(\s*<?(?P<target>[^)\s>]+)>?(?:\s+[\"'(][^)]*)?\)")
_REF_LINK = re.compile(r"^\s{0,3}\[[^\]\n]+\]:\s*<?(?P<target>[^\s>]+)>?")
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
_CODE_SPAN = re.compile(r"`+[^`\n]*`+")


@dataclass(frozen=True, order=True)
class Finding:
    """One audit finding. Sorted (and serialised) in this field order."""

    severity: str  # P0 (worst) … P3
    file: str  # posix path relative to the repo root
    line: int  # 1-based (1 when the finding is about the whole file)
    code: str
    message: str

    def as_json(self) -> dict[str, str | int]:
        return {"severity": self.severity, "file": self.file, "line": self.line,
                "code": self.code, "message": self.message}


@dataclass(frozen=True)
class IndexRow:
    line: int
    phenomenon: str
    cards: tuple[tuple[str, Path], ...]  # (as written, resolved path)


@dataclass
class Library:
    dir: Path
    root: Path  # the repo root (git toplevel), else the working directory
    cards: list[Card] = field(default_factory=list)
    unreadable: list[tuple[Path, str]] = field(default_factory=list)
    index_rows: list[IndexRow] = field(default_factory=list)
    layers: dict[str, int] = field(default_factory=lambda: dict(DEFAULT_LAYERS))
    layers_ok: bool = True

    def rel(self, path: Path) -> str:
        """Posix path relative to the repo root (what GitHub annotations and humans expect).
        `load` resolves both the folder and the root, so this needs no file-system calls."""
        return Path(os.path.relpath(path, self.root)).as_posix()

    @property
    def card_count(self) -> int:
        return len(self.cards) + len(self.unreadable)

    @property
    def default_layer(self) -> str:
        return next(iter(self.layers))

    def card_names(self) -> set[str]:
        return {c.name for c in self.cards}


def is_card_file(path: Path) -> bool:
    n = path.name
    return path.suffix == ".md" and not n.startswith(("_", ".")) and n.lower() not in NOT_CARDS


def table_cells(line: str) -> list[str] | None:
    s = line.strip()
    if not s.startswith("|"):
        return None
    return [c.strip() for c in s.strip("|").split("|")]


def read_text(path: Path) -> str | None:
    try:
        return strip_comments(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return None


def links(text: str) -> list[tuple[int, str]]:
    """(line, target) of relative markdown links; URLs, anchors and absolute paths are skipped."""
    out: list[tuple[int, str]] = []
    in_fence = False
    for n, line in enumerate(text.splitlines(), 1):
        if line.strip().startswith(("```", "~~~")):
            in_fence = not in_fence
        if in_fence:
            continue
        line = _CODE_SPAN.sub("", line)
        targets = [m.group("target") for m in _LINK.finditer(line)]
        if (ref := _REF_LINK.match(line)):
            targets.append(ref.group("target"))
        for t in targets:
            if _SCHEME.match(t) or t.startswith(("#", "/", "~")):
                continue
            t = unquote(t.split("#", 1)[0])
            if t:
                out.append((n, t))
    return out


def _index_cards(cell: str, lib_dir: Path) -> tuple[tuple[str, Path], ...]:
    out: list[tuple[str, Path]] = []
    for m in _LINK.finditer(cell):
        t = m.group("target")
        if not _SCHEME.match(t) and not t.startswith("#"):
            out.append((t, lib_dir / unquote(t.split("#", 1)[0])))
    if out:
        return tuple(out)
    for part in re.split(r"\s*(?:[,，、;；]|\s/\s)\s*", cell):
        name = part.strip().strip("`*").strip()
        if name and not re.fullmatch(r"[\s\-–—]*", name):
            out.append((name, lib_dir / (name if name.endswith(".md") else f"{name}.md")))
    return tuple(out)


def parse_index(text: str, lib_dir: Path) -> list[IndexRow]:
    """Rows of the INDEX tables: the last cell names the card(s), the first the phenomenon."""
    rows: list[IndexRow] = []
    header_seen = False
    for n, line in enumerate(text.splitlines(), 1):
        cells = table_cells(line)
        if cells is None or len(cells) < 2:
            header_seen = False
            continue
        if not header_seen:  # the first row of every table is its header
            header_seen = True
            continue
        if all(re.fullmatch(r":?-+:?", c) for c in cells if c):
            continue
        rows.append(IndexRow(n, cells[0], _index_cards(cells[-1], lib_dir)))
    return rows


def parse_layers(text: str) -> dict[str, int]:
    layers: dict[str, int] = {}
    for line in text.splitlines():
        cells = table_cells(line)
        if cells and len(cells) >= 2 and re.fullmatch(r"[\w-]+", cells[0]) and cells[1].isdigit():
            layers.setdefault(cells[0].lower(), int(cells[1]))
    return layers


def load(lib_dir: Path, root: Path) -> Library:
    if not lib_dir.is_dir():
        raise FatalError(f"{lib_dir}: no procedures folder here (create one with `git-ledger cards init`)")
    lib_dir, root = lib_dir.resolve(), root.resolve()
    lib = Library(dir=lib_dir, root=root)
    for path in sorted(lib_dir.iterdir()):
        if not (path.is_file() and is_card_file(path)):
            continue
        try:
            raw = path.read_bytes()
            lib.cards.append(parse(path, raw))
        except OSError as e:
            lib.unreadable.append((path, e.strerror or str(e)))
        except UnicodeDecodeError:
            lib.unreadable.append((path, "not UTF-8 text"))
    index_text = read_text(lib_dir / INDEX_FILE)
    if index_text is not None:
        lib.index_rows = parse_index(index_text, lib_dir)
    layers_path = lib_dir / LAYERS_FILE
    if layers_path.exists():
        layers = parse_layers(read_text(layers_path) or "")
        lib.layers_ok = bool(layers)
        if layers:
            lib.layers = layers
    return lib
