"""`git-ledger demo`: collect -> show -> stats on small real logs bundled with the package.

Everything happens in a temporary folder that is removed afterwards; the user's own store and
logs are not touched. The bundled logs are excerpts of public sessions (see
git_ledger/resources/demo/PROVENANCE.md).
"""
from __future__ import annotations

import argparse
import sys
import tempfile
from importlib import resources
from pathlib import Path
from typing import TextIO

DESCRIPTION = """\
Show what git-ledger does without touching your own logs: copy a few real, public agent
sessions (bundled with the package) into a temporary folder, collect them into a temporary
store, then print the cases (show) and the counts (stats). Ends with the command to run on
your own logs.

example:
  git-ledger demo
"""
OWN_LOGS = "git-ledger collect"


def register(parser: argparse.ArgumentParser, verb: str) -> None:
    parser.description = DESCRIPTION
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("--keep", metavar="DIR", type=Path,
                        help="work in DIR and keep it (logs, store) instead of a temporary folder")


def bundled_logs(dest: Path) -> list[Path]:
    """Copy the bundled demo logs into `dest`; returns the copies."""
    dest.mkdir(parents=True, exist_ok=True)
    out: list[Path] = []
    for item in sorted(resources.files("git_ledger").joinpath("resources", "demo").iterdir(), key=lambda t: t.name):
        if item.name.endswith((".jsonl", ".json")):
            target = dest / item.name
            target.write_bytes(item.read_bytes())
            out.append(target)
    return out


def run(args: argparse.Namespace) -> int:
    if args.keep is not None:
        return demo(args.keep, sys.stdout)
    with tempfile.TemporaryDirectory(prefix="git-ledger-demo-") as tmp:
        return demo(Path(tmp), sys.stdout)


def demo(work: Path, out: TextIO) -> int:
    from git_ledger import paths, sources
    from git_ledger.collect import collect
    from git_ledger.collect.roots import stats_dict
    from git_ledger.commands import collect as collect_cmd
    from git_ledger.commands import show, stats
    from git_ledger.store.store import Store

    logs = bundled_logs(work / "logs")
    out.write(f"$ git-ledger collect --logs {work / 'logs'}   # {len(logs)} bundled real sessions\n")
    with Store.open(work / "home" / "ledger.db") as store:
        found = [(agent, path) for agent, path in sources.discover([work / "logs"])]
        result = collect.collect_files(store, found, now=paths.now())
        summary = stats_dict(result)
        summary["files_unchanged"] = 0
        collect_cmd.report(summary, as_json=False, out=out)
        out.write("\n$ git-ledger show --all   # the cases, newest first (texts masked, kept local)\n")
        cases = store.cases()
        show.render(cases[:12], out=out)
        if len(cases) > 12:
            out.write(f"  … and {len(cases) - 12} more\n")
        out.write("\n$ git-ledger stats\n")
        stats.render(stats.compute(store.count_cases_by("repo", "type", "source", "date"),
                                   store.count_sessions()), out=out)
    out.write("\nNow collect your own logs (Claude Code, Codex, Gemini CLI; nothing leaves this machine),\n"
              "then look with `git-ledger show --all` and `git-ledger stats`:\n"
              f"  {OWN_LOGS}\n")
    return 0
