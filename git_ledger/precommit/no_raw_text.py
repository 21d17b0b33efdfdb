"""The `git-ledger-no-raw-text` pre-commit hook (`main`): it keeps the user's own words and secrets out of git. It reads what is
being committed itself (the added lines of the staged diff, as bytes), so nothing is skipped
because of an encoding, and it fails closed: if it cannot read what is staged, it blocks.
It never prints a secret value or a stored text, only where they are and what kind they are.
"""
from __future__ import annotations

import argparse
import os
import stat
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import NamedTuple

from git_ledger import paths
from git_ledger.errors import FatalError, guarded
from git_ledger.masking import secretscan
from git_ledger.masking.candidates import candidates
from git_ledger.masking.line import Line
from git_ledger.precommit import staged

NAME = "git-ledger-no-raw-text"


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
    batch: list[tuple[str, list[Line]]] = []
    for f in files:
        for reading, added in f.readings():
            picked = candidates(f.path, reading.text, [n for n, _ in added], reading.whole)
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
    from git_ledger.store.store import Store

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


def main(argv: Sequence[str] | None = None) -> int:
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

    def run() -> int:
        store_path: Path = args.store or paths.db_path()
        try:
            files = staged_files(args.filenames, args.from_ref, args.to_ref)
            problems = find_secrets(files)
            if store_created(store_path):
                problems += find_stored_text(files, store_path)
            else:
                print(f"{NAME}: no local store at {store_path}: checking secrets only")
        except FatalError as e:  # fail closed, saying why
            print(f"{NAME}: blocked: cannot check what is being committed: {e}")
            return 1
        for p in sorted(set(problems)):
            print(p)
        if problems:
            print(f"{NAME}: {len(problems)} finding(s); values are never printed. Remove them, or mark "
                  f"a false secret with `# pragma: allowlist secret` (or SKIP={NAME} for this commit).")
        return 1 if problems else 0

    return guarded(run, NAME)  # a bug exits 3: still blocks
