"""`git-ledger retype`: ask the configured model judges to retype `other` cases."""
from __future__ import annotations

import argparse
import sys

from git_ledger import paths
from git_ledger.commands._common import add_window_args, now_iso, open_store, window_start
from git_ledger.errors import FatalError
from git_ledger.judges import NOTICE_FILE, configured, retype_other, warn_offsite
from git_ledger.judges.retype import BATCH_SIZE

DESCRIPTION = """\
Ask the model judges configured in your user config to retype the cases the rules left as
`other`. A case is retyped only when two judges return the same type and no judge asked says
otherwise; `none`, a disagreement, an abstention, a timeout, an error or a garbage answer leaves
it `other` (nothing is deleted). Answers are cached per message and judge, so a message is never
judged twice by the same judge.

Only the masked text of each `other` case, its previous tool calls and the end of the agent's
message before it (its last 300 characters, masked, kept with the case) are sent. Judges that send
them off this machine: `command` judges (e.g. `claude -p`; mark a judge that stays local with
`local: true`) and `openai` judges whose url is not a loopback address. `embedding` judges never
do. See docs/judges.md.

example:
  git-ledger retype --days 7
"""


def judges_epilog() -> str:
    """The configured judges and where each sends text (for --help)."""
    try:
        judges = configured(require_two=False)
    except FatalError as e:
        return f"configured judges: cannot load them: {e}"
    if not judges:
        return f"configured judges: none yet (add them under `judges:` in {paths.user_config_path()})"
    return "configured judges, asked in this order:\n" + "\n".join(f"  {j.describe()}" for j in judges)


def register(parser: argparse.ArgumentParser, verb: str) -> None:
    parser.description = DESCRIPTION
    parser.epilog = judges_epilog()
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    add_window_args(parser)
    parser.add_argument("--repo", metavar="REPO", help="only the cases of this repo (host/owner/name)")
    parser.add_argument(
        "--batch-size", type=int, default=BATCH_SIZE, metavar="N",
        help=f"cases per batch; answers and retypes are saved after each batch (default {BATCH_SIZE})",
    )


def _progress(done: int, total: int) -> None:
    if sys.stderr.isatty():
        print(f"\rjudged {done}/{total}", end="" if done < total else "\n", file=sys.stderr, flush=True)


def run(args: argparse.Namespace) -> int:
    if args.batch_size < 1:
        raise FatalError("--batch-size must be 1 or more")
    judges = configured()
    for line in warn_offsite(judges, paths.data_dir() / NOTICE_FILE):
        print(line, file=sys.stderr)
    with open_store() as store:
        result = retype_other(
            store, judges, now=now_iso(), since=window_start(args), repo=args.repo,
            batch_size=args.batch_size, progress=_progress,
        )
    print("\n".join(result.lines(judges)))
    return 0
