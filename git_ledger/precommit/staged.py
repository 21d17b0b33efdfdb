"""What a commit (or push) adds: the added lines of a git diff, read as bytes and decoded by us.

Nothing is skipped silently: binary files are diffed as text (`--text`), non-UTF-8 bytes become
U+FFFD, UTF-16 content is recognised and decoded, and any failure to read raises `FatalError`
so the hook can fail closed.
"""
from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from git_ledger.errors import FatalError

_HUNK = re.compile(rb"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")
_FILE = re.compile(rb"^diff --git ", re.M)
_HUNK_SPLIT = re.compile(rb"\n(?=@@ )")
# Fixed flags: the user's diff config (external diff, textconv, colour, prefixes, relative
# paths) must not change what we parse. One context line gives each added line the line before
# it, which `# pragma: allowlist nextline secret` needs.
DIFF_ARGS = (
    "-c", "core.quotePath=false", "diff", "--no-color", "--no-ext-diff", "--no-textconv",
    "--text", "--unified=1", "--src-prefix=a/", "--dst-prefix=b/", "--no-relative",
    "--diff-filter=d", "--ignore-submodules=all",
)


@dataclass
class FileLines:
    """The new-side lines of one file that a diff shows: added ones, plus their context."""

    path: str
    added: list[int] = field(default_factory=list)  # line numbers, ascending
    text: dict[int, str] = field(default_factory=dict)  # number -> decoded line (added and context)
    # The same lines read as UTF-16, when the bytes hold NULs: both readings are checked, since
    # guessing wrong (a key in a binary file, text in UTF-16) would skip it silently.
    utf16: dict[int, str] | None = None
    whole: bool = False  # `text` holds every line of the file (a new file, or read whole)

    def added_lines(self) -> list[tuple[int, str]]:
        return [(n, self.text[n]) for n in self.added]

    def readings(self) -> list[tuple[FileLines, list[tuple[int, str]]]]:
        """(lines, added lines) for each reading of the bytes: UTF-8, and UTF-16 if plausible."""
        out = [(self, self.added_lines())]
        if self.utf16 is not None:
            alt = FileLines(self.path, self.added, self.utf16, whole=self.whole)
            out.append((alt, alt.added_lines()))
        return out

    def previous(self, number: int) -> str:
        return self.text.get(number - 1, "")


def _git(args: Sequence[str], cwd: Path | None) -> bytes:
    try:
        out = subprocess.run(("git", *args), cwd=cwd, capture_output=True, check=False)
    except OSError as e:
        raise FatalError(f"cannot run git: {e}") from e
    if out.returncode != 0:
        msg = out.stderr.decode("utf-8", "replace").strip().splitlines()
        reason = next((m for m in msg if m.startswith(("fatal:", "error:"))), msg[-1] if msg else "")
        verb = next((a for a in args if not a.startswith("-") and "=" not in a), "")
        raise FatalError(f"git {verb} failed: {reason or f'exit {out.returncode}'}")
    return out.stdout


def _range_args(from_ref: str | None, to_ref: str | None) -> list[str]:
    return [f"{from_ref}...{to_ref}"] if from_ref and to_ref else ["--cached"]


def changed_paths(cwd: Path | None = None, from_ref: str | None = None, to_ref: str | None = None) -> set[str]:
    """Every path the diff touches (added, modified, renamed, mode-changed; not deleted)."""
    raw = _git(["-c", "core.quotePath=false", "diff", "--name-only", "-z", "--no-relative",
                "--diff-filter=d", "--ignore-submodules=all", *_range_args(from_ref, to_ref)], cwd)
    return {os.fsdecode(p) for p in raw.split(b"\0") if p}


def diff_files(cwd: Path | None = None, from_ref: str | None = None, to_ref: str | None = None) -> dict[str, FileLines]:
    """Added lines per path of the staged diff (or of `from_ref...to_ref` on pre-push)."""
    # Outside a repository `git diff` silently turns into `git diff --no-index`: ask first.
    _git(["rev-parse", "--git-dir"], cwd)
    return parse_diff(_git([*DIFF_ARGS, *_range_args(from_ref, to_ref)], cwd))


def parse_diff(raw: bytes) -> dict[str, FileLines]:
    """Added (and context) lines per file of a unified diff made with `DIFF_ARGS`.

    Content lines always start with " ", "+", "-" or "\\", so a line starting with "diff --git "
    or "@@ " is a header; "+++ " is one only before a file's first hunk. Hunk bodies are split
    in bulk (list comprehensions, not a loop per line): a 10 MB diff parses in a fraction of a
    second.
    """
    files: dict[str, FileLines] = {}
    for section in _FILE.split(raw)[1:]:
        head, _, body = section.partition(b"\n@@ ")
        target = next((h[4:] for h in head.split(b"\n") if h.startswith(b"+++ ")), None)
        if target is None or target.rstrip(b"\r") == b"/dev/null" or not body:
            continue  # a rename, a mode change, a deletion: no added lines
        path = _unquote(target)[2:]  # strip "b/"
        numbers: list[int] = []
        added: list[bool] = []
        chunks: list[bytes] = []
        hunks = _HUNK_SPLIT.split(b"@@ " + body)
        # One hunk from nothing (`@@ -0,0 +1,N @@`): a new file, every line of it is here.
        whole = len(hunks) == 1 and hunks[0].startswith(b"@@ -0,0 ")
        for hunk in hunks:
            header, _, text = hunk.partition(b"\n")
            m = _HUNK.match(header)
            if m is None:
                continue
            new_side = [line for line in text.split(b"\n") if line[:1] in b" +" or line == b""]
            count = int(m.group(4)) if m.group(4) is not None else 1
            new_side = new_side[:count]  # the final newline of the diff leaves one empty piece
            start = int(m.group(3))
            numbers.extend(range(start, start + len(new_side)))
            added.extend(line[:1] == b"+" for line in new_side)
            chunks.extend(line[1:] for line in new_side)
        fl = files.setdefault(path, FileLines(path, whole=whole))
        alt = decode_utf16(chunks)
        fl.text.update(zip(numbers, decode_lines(chunks)))
        fl.added.extend(n for n, a in zip(numbers, added) if a)
        if alt is not None:
            fl.utf16 = dict(zip(numbers, alt))
    return files


def complete(files: Sequence[FileLines], cwd: Path | None = None, from_ref: str | None = None,
             to_ref: str | None = None) -> None:
    """Read whole, in place, the diffed files whose shown lines could all be INI: whether
    detect-secrets reads a file as `key = "value"` lines depends on every line of it
    (`fileviews.config_views`). One `git diff` with unlimited context per batch of files."""
    from git_ledger.masking.fileviews import ini_like

    wanted = {f.path: f for f in files if not f.whole and f.text and (
        ini_like(list(f.text.values())) or (f.utf16 is not None and ini_like(list(f.utf16.values()))))}
    names = list(wanted)
    for i in range(0, len(names), 200):  # keep the command line short
        args = [a if a != "--unified=1" else "--unified=2147483647" for a in DIFF_ARGS]
        raw = _git(["--literal-pathspecs", *args, *_range_args(from_ref, to_ref), "--", *names[i:i + 200]], cwd)
        for path, full in parse_diff(raw).items():
            if path in wanted:
                f = wanted[path]
                f.text, f.utf16, f.whole = full.text, full.utf16, True


def read_whole_file(path: str, cwd: Path | None = None) -> FileLines:
    """Every line of a file on disk as added (for files named on the command line that the diff
    does not touch: `pre-commit run --all-files` / `--files`)."""
    p = Path(path) if cwd is None else cwd / path
    try:
        data = p.read_bytes()
    except OSError as e:
        raise FatalError(f"cannot read {path}: {e.strerror or e}") from e
    parts = data.split(b"\n")
    if parts and parts[-1] == b"":
        parts.pop()
    fl = FileLines(path, whole=True)
    alt = decode_utf16(parts)
    for number, text in enumerate(decode_lines(parts), 1):
        fl.text[number] = text
        fl.added.append(number)
    if alt is not None:
        fl.utf16 = dict(enumerate(alt, 1))
    return fl


def decode_lines(parts: list[bytes]) -> list[str]:
    """Raw lines (split on b"\\n") as UTF-8, one for one; bad bytes become U+FFFD."""
    return [p.rstrip(b"\r").decode("utf-8", "replace") for p in parts]


def decode_utf16(parts: list[bytes]) -> list[str] | None:
    """The same lines read as UTF-16 when the bytes hold NULs (else None), one for one.

    A split on b"\\n" cuts each UTF-16 newline in half (0a 00 in LE): re-join, decode as a
    whole and split again. The byte order, and whether the first line starts on the stray 00 of
    the previous newline, is whichever reading looks most like text.
    """
    if not any(b"\x00" in p for p in parts):
        return None
    blob = b"\n".join(parts)
    readings = []
    for data, codec in ((blob, "utf-16-le"), (blob[1:], "utf-16-le"), (blob, "utf-16-be")):
        lines = [t.rstrip("\r") for t in data.decode(codec, "replace").lstrip("\ufeff").split("\n")]
        readings.append((lines + [""] * len(parts))[: len(parts)])
    return max(readings, key=_texty)


def _texty(lines: list[str]) -> int:
    """Printable ASCII counts for a reading, NULs, U+FFFD and other controls against it."""
    return sum(1 if " " <= c <= "~" or c == "\t" else -1 if c < " " or c == "\ufffd" else 0
               for line in lines[:50] for c in line[:400])


def _unquote(raw: bytes) -> str:
    """A path as git prints it: C-quoted ("a\\tb", octal escapes) when it has odd characters."""
    raw = raw.rstrip(b"\r")
    if not (raw.startswith(b'"') and raw.endswith(b'"')):
        return os.fsdecode(raw.split(b"\t")[0])
    out = bytearray()
    body = raw[1:-1]
    i = 0
    simple = {ord("n"): 10, ord("t"): 9, ord('"'): 34, ord("\\"): 92, ord("a"): 7, ord("b"): 8,
              ord("f"): 12, ord("r"): 13, ord("v"): 11}
    while i < len(body):
        c = body[i]
        if c == 92 and i + 1 < len(body):
            nxt = body[i + 1]
            if 48 <= nxt <= 55 and i + 4 <= len(body):
                out.append(int(body[i + 1:i + 4], 8))
                i += 4
                continue
            out.append(simple.get(nxt, nxt))
            i += 2
            continue
        out.append(c)
        i += 1
    return os.fsdecode(bytes(out))
