"""`cards init` and `cards new`: create missing library files, never overwrite anything.

The agents-file snippet goes between two marker comments, appended once; a file that already has
the begin marker is left byte-for-byte as it is.
"""
from __future__ import annotations

import os
import re
import tempfile
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from git_ledger.cards.checks import CARD_NAME
from git_ledger.cards.library import INBOX_FILE, INDEX_FILE, LAYERS_FILE, SNIPPET_BEGIN, TEMPLATE_FILE
from git_ledger.errors import FatalError

LANGS = ("en", "zh")
LIBRARY_FILES = (INDEX_FILE, TEMPLATE_FILE, INBOX_FILE, LAYERS_FILE)
BEGIN = f"{SNIPPET_BEGIN} (managed by `git-ledger cards init`) -->"
END = "<!-- git-ledger:procedures:end -->"
_BEGIN_PREFIX = SNIPPET_BEGIN
_TITLE = re.compile(r"^#[ \t]+.*$", re.M)


@dataclass(frozen=True)
class Action:
    path: Path
    done: str  # "created" | "kept" | "appended" | "present"


def template(lang: str, name: str) -> str:
    if lang not in LANGS:
        raise FatalError(f"--lang must be one of {', '.join(LANGS)}, not {lang!r}")
    return (resources.files("git_ledger") / "resources" / "cards" / lang / name).read_text(encoding="utf-8")


def snippet(lang: str, lib_dir: str) -> str:
    return template(lang, "snippet.md").replace("{dir}", lib_dir)


def write_new(path: Path, data: bytes) -> bool:
    """Create `path` atomically with `data`; False (nothing written) when it already exists."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        try:
            os.link(tmp, path)  # fails if `path` exists: no race with a concurrent writer
        except FileExistsError:
            return False
        except OSError:  # file systems without hard links
            if path.exists():
                return False
            os.replace(tmp, path)
            return True
        return True
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def _replace_atomic(path: Path, data: bytes) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, path.stat().st_mode & 0o7777)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def add_snippet(agents_file: Path, lib_dir: Path, lang: str) -> Action:
    """Append the marked snippet to `agents_file` unless it is already there."""
    rel = Path(os.path.relpath(lib_dir.resolve(), agents_file.resolve().parent)).as_posix()
    if rel.startswith(".."):  # a global agents file: name the folder as each workspace has it
        rel = lib_dir.name if lib_dir.is_absolute() else lib_dir.as_posix()
    body = f"{BEGIN}\n{snippet(lang, rel).rstrip()}\n{END}\n"
    if not agents_file.exists():
        write_new(agents_file, body.encode())
        return Action(agents_file, "created")
    try:
        old = agents_file.read_bytes()
    except OSError as e:
        raise FatalError(f"{agents_file}: cannot read ({e.strerror})") from None
    if _BEGIN_PREFIX.encode() in old:
        return Action(agents_file, "present")
    newline = b"\r\n" if b"\r\n" in old else b"\n"
    sep = b"" if not old else (b"" if old.endswith(b"\n") else newline) + newline
    data = body.encode().replace(b"\n", newline)
    # CLAUDE.md is often a symlink to AGENTS.md: write through it, never replace the link.
    _replace_atomic(agents_file.resolve(), old + sep + data)
    return Action(agents_file, "appended")


def init(lib_dir: Path, lang: str, agents_file: Path | None) -> list[Action]:
    actions = []
    try:
        for name in LIBRARY_FILES:
            created = write_new(lib_dir / name, template(lang, name).encode())
            actions.append(Action(lib_dir / name, "created" if created else "kept"))
        if agents_file is not None:
            actions.append(add_snippet(agents_file, lib_dir, lang))
    except OSError as e:
        raise FatalError(f"{e.filename or lib_dir}: {e.strerror or e}") from None
    return actions


def check_name(name: str) -> str:
    name = name.removesuffix(".md")
    if not CARD_NAME.match(name) or ".." in name or len(name) > 100:
        raise FatalError(
            f"{name!r} is not a card name: use <category>-<phenomenon>, letters, digits, dots and "
            "hyphens only (e.g. fetch-spa-shell, 抓取-分享链接)"
        )
    return name


def new_card(lib_dir: Path, name: str, lang: str) -> Path:
    name = check_name(name)
    if not lib_dir.is_dir():
        raise FatalError(f"{lib_dir}: no procedures folder here (create one with `git-ledger cards init`)")
    own = lib_dir / TEMPLATE_FILE
    text = own.read_text(encoding="utf-8") if own.is_file() else template(lang, TEMPLATE_FILE)
    text = _TITLE.sub(lambda _: f"# {name}", text, count=1)
    path = lib_dir / f"{name}.md"
    try:
        created = write_new(path, text.encode())
    except OSError as e:
        raise FatalError(f"{path}: {e.strerror or e}") from None
    if not created:
        raise FatalError(f"{path} already exists: edit it, or pick another name")
    return path
