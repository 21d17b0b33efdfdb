"""`git-ledger forget|unforget CASE_ID…`: take a wrong case back, or undo that."""
from __future__ import annotations

import argparse
import sys

from git_ledger.commands import _common
from git_ledger.errors import FatalError
from git_ledger.store import forgetting

EPILOG = {
    "forget": """examples:
  git-ledger show                          # the ids are the first column after the date
  git-ledger forget 3f9a1c2b7d10           # one case
  git-ledger forget --match "lockfile"     # every case whose text contains it
  git-ledger show --forgotten              # what is forgotten
  git-ledger unforget 3f9a1c2b7d10

A forgotten case is never injected, promoted or counted, and stays forgotten when its log is
collected again. Its sighting leaves the ledger at the next `git-ledger propose`, unless the
entry was already adopted or rejected. The store keeps a tombstone (the case id, a hash, and the
time), never text.
""",
    "unforget": """examples:
  git-ledger show --forgotten
  git-ledger unforget 3f9a1c2b7d10
""",
}


def register(parser: argparse.ArgumentParser, verb: str) -> None:
    parser.description = ("Take wrong cases back: never injected, promoted or counted again."
                          if verb == "forget" else "Undo `git-ledger forget`.")
    parser.epilog = EPILOG[verb]
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("ids", nargs="*", metavar="CASE_ID",
                        help="a case id, or its first 6 or more digits, as `git-ledger show` prints it")
    if verb == "forget":
        parser.add_argument("--match", action="append", default=[], metavar="TEXT",
                            help="also every case whose stored text contains TEXT (any case; repeatable)")


def run(args: argparse.Namespace) -> int:
    needles: list[str] = getattr(args, "match", [])
    if not args.ids and not needles:
        raise FatalError(f"name the cases: CASE_ID… {'or --match TEXT ' if args.command == 'forget' else ''}"
                         "(see `git-ledger show`)")
    with _common.open_store() as store:
        ids = forgetting.resolve(store, args.ids)
        if args.command == "forget":
            ids += [i for i in forgetting.matching(store, needles) if i not in ids]
            if not ids:
                raise FatalError(f"no case contains {' or '.join(map(repr, needles))}")
            outcome = forgetting.forget(store, ids, _common.now_iso())
            verb, already = "forgot", "already forgotten"
        else:
            outcome = forgetting.unforget(store, ids)
            verb, already = "unforgot", "not forgotten"
    for case_id in outcome.changed:
        print(f"{verb} {case_id[:12]}")
    for case_id in outcome.unchanged:
        print(f"{case_id[:12]}: {already}", file=sys.stderr)
    n = len(outcome.changed)
    print(f"{verb} {n} case{'' if n == 1 else 's'}"
          + ("; run `git-ledger propose` to update the ledger" if outcome.changed else ""))
    return 0
