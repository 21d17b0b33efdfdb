"""Build and push a side branch without touching the user's work tree, index or HEAD.

`git-ledger pr` commits a rule-candidate stub on top of the base branch with git plumbing
(a temporary index, `commit-tree`, then a push of the commit to the branch ref), so it is safe
to run in a checkout with unrelated work in progress, and in CI.
"""
from __future__ import annotations

import os
import subprocess
import tempfile
from collections.abc import Mapping
from pathlib import Path

from git_ledger.errors import FatalError


def git(repo: Path, *args: str, input: bytes | None = None, env: Mapping[str, str] | None = None) -> str:
    """Run git in `repo`; a failure is a FatalError carrying git's own first error line."""
    proc = subprocess.run(
        ("git", "-C", str(repo), *args),
        input=input,
        capture_output=True,
        env={**os.environ, "GIT_TERMINAL_PROMPT": "0", **(env or {})},
    )
    if proc.returncode != 0:
        err = proc.stderr.decode("utf-8", "replace").strip().splitlines()
        detail = next((line for line in reversed(err) if line.strip()), "failed")
        raise FatalError(f"git {args[0]}: {detail}")
    return proc.stdout.decode("utf-8", "replace").strip()


def fetch(repo: Path, remote: str, branch: str) -> str:
    """Fetch `branch` from `remote` and return its commit."""
    git(repo, "fetch", "--quiet", "--no-tags", remote, f"refs/heads/{branch}")
    return git(repo, "rev-parse", "FETCH_HEAD^{commit}")


def remote_tip(repo: Path, remote: str, branch: str) -> str | None:
    """The commit `branch` points to on `remote`, fetched locally; None if it does not exist."""
    out = git(repo, "ls-remote", "--heads", remote, f"refs/heads/{branch}")
    if not out:
        return None
    sha = out.split()[0]
    git(repo, "fetch", "--quiet", "--no-tags", remote, f"refs/heads/{branch}")
    return sha


def read_blob(repo: Path, commit: str, path: str) -> bytes | None:
    proc = subprocess.run(
        ("git", "-C", str(repo), "show", f"{commit}:{path}"), capture_output=True
    )
    return proc.stdout if proc.returncode == 0 else None


def tree_of(repo: Path, commit: str) -> str:
    return git(repo, "rev-parse", f"{commit}^{{tree}}")


def first_parent(repo: Path, commit: str) -> str | None:
    out = git(repo, "rev-list", "--parents", "-n", "1", commit).split()
    return out[1] if len(out) > 1 else None


def tree_with(repo: Path, parent: str, files: Mapping[str, bytes]) -> str:
    """The tree of `parent` with `files` (repo-relative path -> content) added or replaced."""
    with tempfile.TemporaryDirectory(prefix="git-ledger-index-") as tmp:
        env = {"GIT_INDEX_FILE": str(Path(tmp) / "index")}
        git(repo, "read-tree", parent, env=env)
        for path, content in files.items():
            blob = git(repo, "hash-object", "-w", "--stdin", input=content)
            git(repo, "update-index", "--add", "--cacheinfo", f"100644,{blob},{path}", env=env)
        return git(repo, "write-tree", env=env)


def commit_tree(repo: Path, tree: str, parent: str, message: str) -> str:
    return git(repo, "commit-tree", tree, "-p", parent, input=message.encode())


def push(repo: Path, remote: str, commit: str, branch: str, expected: str | None) -> None:
    """Point `branch` on `remote` at `commit`, only if it still is where we saw it (a lease)."""
    lease = f"--force-with-lease=refs/heads/{branch}:{expected or ''}"
    git(repo, "push", "--quiet", "--no-verify", lease, remote, f"{commit}:refs/heads/{branch}")
