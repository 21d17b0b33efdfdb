"""Reading what a commit adds: real `git diff --cached` output of real repositories, parsed."""
from __future__ import annotations

from pathlib import Path

import pytest

from git_ledger.errors import FatalError
from git_ledger.precommit import staged
from tests.testing.util import git


def stage(repo: Path, name: str, data: bytes) -> None:
    path = repo / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    git(repo, "add", "--", name)


def test_added_lines_with_their_numbers_and_one_line_of_context(repo: Path) -> None:
    stage(repo, "a.txt", b"one\ntwo\nthree\nfour\nfive\n")
    git(repo, "commit", "-q", "-m", "a")
    stage(repo, "a.txt", b"one\ntwo\nTHREE\nfour\nfive\nsix\n")
    f = staged.diff_files(repo)["a.txt"]
    assert f.added_lines() == [(3, "THREE"), (6, "six")]
    assert f.previous(3) == "two" and f.previous(6) == "five"


def test_lines_that_look_like_headers_are_content(repo: Path) -> None:
    body = b"+++ b/not-a-file\n--- a/nor-this\n@@ -1 +1 @@ not a hunk\ndiff --git a/x b/x\n"
    stage(repo, "tricky.md", body)
    f = staged.diff_files(repo)["tricky.md"]
    assert [t for _, t in f.added_lines()] == body.decode().splitlines()


@pytest.mark.parametrize("name", ["sp ace.txt", 'quote".txt', "tab\there.txt", "é/日本.txt", "back\\slash.txt"])
def test_any_file_name_comes_back_exactly(repo: Path, name: str) -> None:
    stage(repo, name, b"hello\n")
    assert list(staged.diff_files(repo)) == [name]
    assert staged.changed_paths(repo) == {name}


def test_renames_deletions_and_mode_changes_add_nothing(repo: Path) -> None:
    stage(repo, "keep.sh", b"echo hi\n")
    stage(repo, "gone.txt", b"bye\n")
    git(repo, "commit", "-q", "-m", "b")
    git(repo, "mv", "keep.sh", "moved.sh")
    git(repo, "rm", "-q", "gone.txt")
    git(repo, "update-index", "--chmod=+x", "moved.sh")
    assert staged.diff_files(repo) == {}
    assert staged.changed_paths(repo) == {"moved.sh"}


def test_bytes_are_decoded_by_us_and_never_skipped(repo: Path) -> None:
    stage(repo, "latin1.txt", b"caf\xe9\r\nna\xefve\n")
    stage(repo, "no-eol.txt", b"last line")
    stage(repo, "utf16.txt", "\ufeffhello\nwörld\n".encode("utf-16-le"))
    stage(repo, "utf16be.txt", "hi there\nX\n".encode("utf-16-be"))
    stage(repo, "binary.bin", b"\x00\x01\xff" * 10 + b"\nPK token\n")
    files = staged.diff_files(repo)
    assert files["latin1.txt"].added_lines() == [(1, "caf\ufffd"), (2, "na\ufffdve")]
    assert files["no-eol.txt"].added_lines() == [(1, "last line")]
    assert files["utf16.txt"].utf16 == {1: "hello", 2: "wörld", 3: ""}
    assert files["utf16be.txt"].utf16 == {1: "hi there", 2: "X"}  # git splits at the 0a byte
    assert files["binary.bin"].added_lines()[1] == (2, "PK token")  # the UTF-8 reading is kept too
    assert len(files["binary.bin"].readings()) == 2


def test_a_range_is_read_for_pre_push(repo: Path) -> None:
    base = git(repo, "rev-parse", "HEAD").strip()
    stage(repo, "b.txt", b"pushed\n")
    git(repo, "commit", "-q", "-m", "c")
    assert staged.diff_files(repo, base, "HEAD")["b.txt"].added_lines() == [(1, "pushed")]
    assert staged.diff_files(repo) == {}


def test_failures_are_errors_not_empty_results(tmp_path: Path, repo: Path) -> None:
    with pytest.raises(FatalError, match="not a git repository"):
        staged.diff_files(tmp_path)
    with pytest.raises(FatalError, match="bad revision|unknown revision|ambiguous argument"):
        staged.diff_files(repo, "no-such-ref", "HEAD")
    with pytest.raises(FatalError, match="cannot read missing.txt"):
        staged.read_whole_file("missing.txt", repo)


def test_files_that_may_be_ini_as_a_whole_are_read_whole(repo: Path) -> None:
    """Whether detect-secrets reads a file as `key = "value"` depends on every line of it, so a
    diffed file whose shown lines could all be INI is read whole; others keep their hunks."""
    stage(repo, "app.env", b"".join(b"K%d=v\n" % i for i in range(10)))
    stage(repo, "star*.env", b"A=1\nB=2\nC=3\nD=4\n")  # a pathspec character, taken literally
    stage(repo, "run.sh", b"#!/bin/sh\nset -e\nA=1\nB=2\nC=3\n")
    git(repo, "commit", "-q", "-m", "d")
    stage(repo, "app.env", b"".join(b"K%d=v\n" % i for i in range(10)) + b"NEW=x\n")
    stage(repo, "star*.env", b"A=1\nB=2\nC=3\nD=4\nE=5\n")
    stage(repo, "run.sh", b"#!/bin/sh\nset -e\nZ=0\nA=1\nB=2\nC=3\n")
    stage(repo, "new.env", b"X=1\n")
    files = staged.diff_files(repo)
    assert [files[n].whole for n in ("app.env", "run.sh", "new.env")] == [False, False, True]
    assert sorted(files["app.env"].text) == [10, 11]
    staged.complete(list(files.values()), repo)
    assert files["app.env"].whole and sorted(files["app.env"].text) == list(range(1, 12))
    assert files["app.env"].added == [11] and files["app.env"].text[1] == "K0=v"
    assert files["star*.env"].whole and len(files["star*.env"].text) == 5
    assert not files["run.sh"].whole  # `set -e` is shown: not INI, whatever the rest holds
