"""Git around the ledger: commit only the ledger, read its history, install the merge driver.

Plain `git` subprocesses: `git commit --only` keeps the user's other staged work staged and runs
the repository's own hooks (GitPython's index commit would commit everything staged and never
sign; see ../shared/git-native.md §5).
"""
from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from git_ledger.errors import FatalError

DRIVER = "git-ledger"


def git(repo_root: Path, *args: str, input: str | None = None, check: bool = True) -> subprocess.CompletedProcess[str]:
    try:
        out = subprocess.run(
            ("git", "-C", str(repo_root), *args), input=input, capture_output=True, text=True,
            env={**os.environ, "GIT_TERMINAL_PROMPT": "0"},
        )
    except OSError as e:
        raise FatalError(f"cannot run git: {e}") from e
    if check and out.returncode != 0:
        detail = (out.stderr.strip() or out.stdout.strip()).splitlines()
        raise FatalError(f"git {args[0]} failed: {detail[-1] if detail else f'exit {out.returncode}'}")
    return out


def toplevel(path: Path) -> Path | None:
    """The work tree holding `path` (a file or folder that need not exist yet)."""
    probe = path if path.is_dir() else path.parent
    while not probe.exists() and probe != probe.parent:
        probe = probe.parent
    out = git(probe, "rev-parse", "--show-toplevel", check=False)
    return Path(out.stdout.strip()) if out.returncode == 0 and out.stdout.strip() else None


def relative(repo_root: Path, path: Path) -> str:
    try:
        return path.resolve().relative_to(repo_root.resolve()).as_posix()
    except ValueError:
        raise FatalError(f"{path} is not inside the repository {repo_root}") from None


def commit_only(repo_root: Path, path: Path, message: str) -> str:
    """Commit the work-tree content of `path` alone; return the new commit's id."""
    rel = relative(repo_root, path)
    if git(repo_root, "ls-files", "--error-unmatch", "--", rel, check=False).returncode != 0:
        git(repo_root, "add", "--intent-to-add", "--", rel)  # `commit --only` needs a known path
    git(repo_root, "commit", "--only", "--quiet", "--file=-", "--", rel, input=message)
    return git(repo_root, "rev-parse", "HEAD").stdout.strip()


@dataclass(frozen=True)
class Version:
    commit: str
    date: str  # YYYY-MM-DD (UTC) of the commit
    text: str | None  # None when the commit deleted the file


def history(repo_root: Path, path: Path) -> list[Version]:
    """Every committed version of the ledger on the current branch, oldest first."""
    rel = relative(repo_root, path)
    log = git(repo_root, "log", "--reverse", "--topo-order", "--format=%H %ct", "--", rel, check=False)
    if log.returncode != 0:
        return []  # no commits yet
    commits = [line.split() for line in log.stdout.splitlines() if line.strip()]
    if not commits:
        return []
    try:
        batch = subprocess.run(
            ("git", "-C", str(repo_root), "cat-file", "--batch"), capture_output=True, check=True,
            input="".join(f"{sha}:{rel}\n" for sha, _ in commits).encode(),
        )
    except (OSError, subprocess.CalledProcessError) as e:
        raise FatalError(f"cannot read the history of {rel}: {e}") from e
    texts = _batch_texts(batch.stdout, len(commits))
    return [
        Version(sha, datetime.fromtimestamp(int(ts), timezone.utc).date().isoformat(), text)
        for (sha, ts), text in zip(commits, texts)
    ]


def _batch_texts(data: bytes, count: int) -> list[str | None]:
    """Split `git cat-file --batch` output (header line, content, newline per object)."""
    texts: list[str | None] = []
    pos = 0
    for _ in range(count):
        end = data.index(b"\n", pos)
        header = data[pos:end].split()
        pos = end + 1
        if len(header) < 3 or header[-1] == b"missing":
            texts.append(None)
            continue
        size = int(header[2])
        texts.append(data[pos:pos + size].decode("utf-8", "replace"))
        pos += size + 1
    return texts


def driver_command() -> str:
    """How git should run `git-ledger`: a console script on PATH, else this interpreter.

    pre-commit's hook environments can be garbage-collected (`pre-commit gc`), so an executable
    inside one would leave a driver that no longer exists.
    """
    exe = shutil.which("git-ledger")
    if exe and not _ephemeral(exe):
        return shlex.quote(exe)
    return f"{shlex.quote(sys.executable)} -m git_ledger"


def _ephemeral(path: str) -> bool:
    cache = os.environ.get("PRE_COMMIT_HOME") or os.path.join(os.path.expanduser("~"), ".cache", "pre-commit")
    return os.path.realpath(path).startswith(os.path.realpath(cache) + os.sep)


def install_merge_driver(repo_root: Path, ledgers: Sequence[Path], command: str | None = None) -> list[str]:
    """Point `.gitattributes` at the driver for each ledger and define it in .git/config."""
    done: list[str] = []
    attrs = repo_root / ".gitattributes"
    existing = attrs.read_text(encoding="utf-8") if attrs.exists() else ""
    lines = existing.splitlines()
    for ledger in ledgers:
        rel = relative(repo_root, ledger)
        if any(c.isspace() for c in rel):
            raise FatalError(f"{rel}: a ledger path with spaces cannot be named in .gitattributes")
        line = f"/{rel} merge={DRIVER}"
        if line not in lines:
            lines.append(line)
            done.append(f".gitattributes: {line}")
    if done:
        from git_ledger.ledger import write_text

        write_text(attrs, "\n".join(lines) + "\n")
    cmd = command or driver_command()
    git(repo_root, "config", f"merge.{DRIVER}.name", "git-ledger: merge proposals ledgers by entry id")
    git(repo_root, "config", f"merge.{DRIVER}.driver", f"{cmd} ledger merge %O %A %B %P")
    done.append(f"git config merge.{DRIVER}.driver '{cmd} ledger merge %O %A %B %P'")
    return done
