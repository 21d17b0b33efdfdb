"""The pre-commit hooks: console scripts listed in `.pre-commit-hooks.yaml`.

`git-ledger-no-raw-text` keeps the user's own words and secrets out of git. It reads what is
being committed itself (the added lines of the staged diff, as bytes), so nothing is skipped
because of an encoding, and it fails closed: if it cannot read what is staged, it blocks.
It never prints a secret value or a stored text, only where they are and what kind they are.
"""
from __future__ import annotations

import argparse
import os
import re
import stat
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import NamedTuple

from git_ledger import fileviews, paths, secretscan
from git_ledger.precommit import staged
from git_ledger.errors import FatalError

NAME = "git-ledger-no-raw-text"
LEDGER_FILES = re.compile(r"(^|/)\.git-ledger/.*\.ya?ml$")
_NOT_LEDGER = re.compile(r"(^|/)\.git-ledger/config\.ya?ml$")  # the repo config lives there too


class Problem(NamedTuple):
    path: str
    line: int
    kind: str  # "secret: AWS Access Key" or "stored correction text (case …)": never a value

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.kind}"


def find_secrets(files: Iterable[staged.FileLines]) -> list[Problem]:
    """Secrets in the added lines, detect-secrets behind the prefilter, one settings context.

    Each line is scanned as written and as detect-secrets' file scan reads it in its file
    (`key = "value"` in a file that is INI as a whole, `key: "value"` in YAML; see `fileviews`).
    """
    batch: list[tuple[str, list[secretscan.Line]]] = []
    for f in files:
        for reading, added in f.readings():
            picked = fileviews.candidates(f.path, reading.text, [n for n, _ in added], reading.whole)
            if picked:
                batch.append((f.path, picked))
    if not batch:
        return []
    by_spot: dict[tuple[str, int], list[str]] = {}
    for path, x in secretscan.scan(batch, eager=False):
        by_spot.setdefault((path, x.line), []).append(x.type)  # both readings: one report
    return sorted(Problem(path, line, f"secret: {kind}")
                  for (path, line), kinds in by_spot.items() for kind in secretscan.preferred(kinds))


def find_stored_text(files: Iterable[staged.FileLines], store_path: Path) -> list[Problem]:
    """Sentences of stored corrections in the added lines (one automaton for every case)."""
    from git_ledger.precommit.rawtext import Matcher
    from git_ledger.store import Store

    with Store.open_readonly(store_path) as store:
        matcher = Matcher(store.case_texts())
    return sorted({
        Problem(f.path, hit.line, f"stored correction text ({hit.case.describe()})")
        for f in files
        for _, added in f.readings()
        for hit in matcher.find(added)
    })


def store_created(path: Path) -> bool:
    """Whether a store was ever created at `path`: False only when nothing is there (this hook
    then checks secrets only). Anything else that is not a regular file (a symlink to a volume
    not mounted, a directory, a FIFO, /dev/null), or a path that cannot be looked at, is a
    FatalError: the check would pass without the text it exists to find."""
    try:
        os.lstat(path)
    except FileNotFoundError:
        return False
    except OSError as e:
        raise FatalError(f"cannot look at the store {path}: {e.strerror or e}") from e
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise FatalError(f"the store {path} is a symlink to nothing (a volume not mounted?)") from None
    except OSError as e:
        raise FatalError(f"cannot look at the store {path}: {e.strerror or e}") from e
    if not stat.S_ISREG(st.st_mode):
        raise FatalError(f"the store {path} is not a regular file")
    return True


def staged_files(filenames: Sequence[str], from_ref: str | None, to_ref: str | None) -> list[staged.FileLines]:
    """The lines to check: the diff's added lines, narrowed to `filenames` when given; a named
    file the diff does not touch (`pre-commit run --all-files`) is read whole."""
    diff = staged.diff_files(None, from_ref, to_ref)
    if not filenames:
        out = list(diff.values())
    else:
        changed = staged.changed_paths(None, from_ref, to_ref)
        out = []
        for name in dict.fromkeys(filenames):
            name = name.replace(os.sep, "/")
            if name in diff:
                out.append(diff[name])
            elif name not in changed:  # renames and mode changes add no lines: nothing to check
                out.append(staged.read_whole_file(name))
    staged.complete(out, None, from_ref, to_ref)  # files that may be INI as a whole: read whole
    return out


def no_raw_text_main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog=NAME,
        description="Block a commit whose added lines contain text from the local git-ledger "
        "store (the user's corrections) or a secret. Prints file:line and the kind, never the "
        "text. Example: git-ledger-no-raw-text  (checks what is staged)",
    )
    parser.add_argument("filenames", nargs="*", help="limit the check to these files (pre-commit passes them)")
    parser.add_argument("--store", type=Path, help="the store to compare with (default: $GIT_LEDGER_HOME/ledger.db)")
    parser.add_argument("--from-ref", default=os.environ.get("PRE_COMMIT_FROM_REF"),
                        help="with --to-ref: check FROM...TO instead of the index (pre-push)")
    parser.add_argument("--to-ref", default=os.environ.get("PRE_COMMIT_TO_REF"))
    args = parser.parse_args(argv)
    store_path: Path = args.store or paths.db_path()
    try:
        files = staged_files(args.filenames, args.from_ref, args.to_ref)
        problems = find_secrets(files)
        if store_created(store_path):
            problems += find_stored_text(files, store_path)
        else:
            print(f"{NAME}: no local store at {store_path}: checking secrets only")
    except FatalError as e:
        print(f"{NAME}: blocked: cannot check what is being committed: {e}")
        return 1
    for p in sorted(set(problems)):
        print(p)
    if problems:
        print(f"{NAME}: {len(problems)} finding(s); values are never printed. Remove them, or mark "
              f"a false secret with `# pragma: allowlist secret` (or SKIP={NAME} for this commit).")
    return 1 if problems else 0


def validate_main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="git-ledger-validate",
        description="Check ledger files (.git-ledger/*.yaml) against the schema and version. "
        "Example: git-ledger-validate .git-ledger/proposals.yaml",
    )
    parser.add_argument("filenames", nargs="*", help="ledger files (default: every tracked .git-ledger/*.yaml)")
    args = parser.parse_args(argv)
    names = list(args.filenames) or _tracked_ledgers()
    targets = [Path(n) for n in names if not _NOT_LEDGER.search(n.replace(os.sep, "/"))]
    if not targets:
        return 0
    from git_ledger.ledger import validate_paths

    messages = validate_paths(targets)
    for m in messages:
        print(m)
    return 1 if messages else 0


def _tracked_ledgers() -> list[str]:
    import subprocess

    out = subprocess.run(("git", "ls-files", "-z"), capture_output=True, check=False)
    if out.returncode != 0:
        return []
    names = (os.fsdecode(p) for p in out.stdout.split(b"\0") if p)
    return [n for n in names if LEDGER_FILES.search(n)]


def cards_audit_main(argv: Sequence[str] | None = None) -> int:
    """`cards audit` on procedures/ when the folder exists; silent success otherwise."""
    args = list(sys.argv[1:] if argv is None else argv)
    folder = Path("procedures")
    for i, a in enumerate(args):
        if a == "--dir" and i + 1 < len(args):
            folder = Path(args[i + 1])
        elif a.startswith("--dir="):
            folder = Path(a[len("--dir="):])
    if not folder.is_dir() and not ({"-h", "--help"} & set(args)):
        return 0
    from git_ledger.cards import audit

    return audit.main(args)
