from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from git_ledger.repo import RepoResolver, normalize_remote, shareable
from git_ledger.store.store import Store
from tests.testing.util import git, init_repo


@pytest.mark.parametrize(("url", "want"), [
    ("git@github.com:example/widget.git", "github.com/example/widget"),
    ("https://user:tok3n@github.com/example/widget", "github.com/example/widget"),
    ("ssh://git@gitlab.example.com:2222/group/sub/widget.git", "gitlab.example.com/group/sub/widget"),
    ("/srv/git/widget.git", "widget"),
    ("", None),
])
def test_remotes_normalise_without_credentials(url: str, want: str | None) -> None:
    assert normalize_remote(url) == want


def test_a_deleted_folder_belongs_to_the_repository_that_tracked_it(repo: Path, tmp_path: Path) -> None:
    (repo / "src").mkdir()
    (repo / "src" / "app.py").write_text("x = 1\n")
    git(repo, "add", "src")
    git(repo, "commit", "-q", "-m", "src")
    shutil.rmtree(repo / "src")
    (repo / "build").mkdir()
    untracked = repo / "build" / "out"
    with Store.open(tmp_path / "ledger.db") as store:
        resolve = RepoResolver(store, "2026-11-29T00:00:00Z")
        assert resolve(str(repo / "src")) == "github.com/example/widget"
        # A folder the repository never tracked (and that is gone) is not claimed by it.
        assert resolve(str(untracked)) == str(untracked)
        assert resolve(str(tmp_path / "gone" / "deeper")) == str(tmp_path / "gone" / "deeper")


def test_home_as_a_dotfiles_repository_does_not_swallow_deleted_projects(tmp_path: Path) -> None:
    home = init_repo(tmp_path / "home-dotfiles", origin="git@github.com:me/dotfiles.git")
    with Store.open(tmp_path / "ledger.db") as store:
        gone = str(home / "old-project")
        assert RepoResolver(store, "2026-11-29T00:00:00Z")(gone) == gone


def test_a_git_that_does_not_answer_leaves_nothing_remembered(
    repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_git = shutil.which("git")
    assert real_git is not None
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    # A git that answers where the top level is, then dies of a signal when asked for the remote
    # (what a loaded machine's OOM killer or a timeout does to it).
    fake = bin_dir / "git"
    fake.write_text(f'#!/bin/sh\ncase "$*" in *"config --get"*) kill -9 $$;; esac\nexec "{real_git}" "$@"\n')
    fake.chmod(0o755)
    with Store.open(tmp_path / "ledger.db") as store:
        with monkeypatch.context() as dying_git:
            dying_git.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
            assert RepoResolver(store, "2026-11-29T00:00:00Z")(str(repo)) == str(repo)  # not "widget"
            assert store.cached_repo(str(repo)) is None
        assert RepoResolver(store, "2026-11-29T00:00:00Z")(str(repo)) == "github.com/example/widget"
        assert store.cached_repo(str(repo)) == ("github.com/example/widget", str(repo))


@pytest.mark.parametrize(("repo", "ok"), [
    ("github.com/example/widget", True), ("widget", True), ("/Users/alex/workspace/cli", False),
    ("(unknown)", False), ("gemini-project:0123abcd", False), ("C:\\\\work\\\\cli", False), ("~/x", False),
])
def test_only_repository_identities_are_shareable(repo: str, ok: bool) -> None:
    assert shareable(repo) is ok
