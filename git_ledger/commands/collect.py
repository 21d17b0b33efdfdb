"""`git-ledger collect`: read agent session logs into the local store.

A run that finds every log exactly as the last run left it stops after walking the folders
(see git_ledger/collect/snapshot.py): it never opens the store, so it costs little more than starting
Python. Everything else goes through git_ledger.collect.collect.
"""
from __future__ import annotations

import os
import sys
import time

# A no-change run imports nothing but os, marshal and collect/snapshot (see fast_main): argparse, typing
# and the shared options come in only when needed (mypy reads this as typing.TYPE_CHECKING).
TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from typing import Any, TextIO

DESCRIPTION = """\
Scan agent session logs (Claude Code, Codex CLI, Gemini CLI, Cursor Agent) and the exports kept in
repositories (Aider chat histories, SpecStory) for the user's corrections and for
errors caught by hooks and reviewer agents, and store them (secrets masked) in the local store
($GIT_LEDGER_HOME/ledger.db). Incremental: a second run reads only what was added since.
Without --days/--since the whole history is read.

example:
  git-ledger collect                      # the default log folders, all history
  git-ledger collect --days 30 --json     # the last 30 days, as JSON
  git-ledger collect --logs ~/old-claude-logs --agent claude
  git-ledger collect --days 4 --llm --propose   # the daily one-liner (docs/propose.md)
"""


def register(parser: argparse.ArgumentParser, verb: str) -> None:
    import argparse

    from git_ledger.commands import _common

    parser.description = DESCRIPTION
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    _common.add_logs_arg(parser)
    _common.add_agent_arg(parser)
    _common.add_window_args(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    parser.add_argument("--llm", action="store_true",
                        help="also ask two model judges (they must agree) about the new messages the rules "
                        "left untyped where their trained scope sends them, as `classify --llm` does, and "
                        "then to retype `other` cases (as `git-ledger retype`): the configured judges, "
                        "else the built-in local pair of the [local] extra (nothing leaves the machine), "
                        "else skipped with one line saying why (see docs/judges.md)")
    parser.add_argument("--propose", action="store_true",
                        help="then update the proposals ledger (as `git-ledger propose`) of this "
                        "repository and of every repository collected from that has one")
    parser.add_argument("--ledger", type=_path, metavar="PATH",
                        help="with --propose: only this ledger file (e.g. a central one in dotfiles)")
    parser.add_argument("--all-repos", action="store_true",
                        help="with --propose: the one ledger (--ledger, else this repository's) takes "
                        "the cases of every repository")
    parser.add_argument("--commit", action="store_true",
                        help="with --propose: commit the ledger alone (git commit --only)")
    parser.add_argument("--events", action="store_true",
                        help="store nothing; print every event the logs hold, one JSON object per line "
                        "(texts masked), to check what the collector sees")


def _path(value: str) -> Any:
    from pathlib import Path

    return Path(value)


def run(args: argparse.Namespace) -> int:
    from git_ledger import paths
    from git_ledger.collect import snapshot as filescan
    from git_ledger.commands import _common
    from git_ledger.errors import FatalError

    since = _common.window_start(args)
    roots = [str(p) for _, p in _common.log_roots(args)]
    if args.events:
        return print_events(roots, args.agent, since, sys.stdout)
    if (args.ledger or args.commit or args.all_repos) and not args.propose:
        raise FatalError("--ledger, --all-repos and --commit go with --propose")
    judges, skipped = _judges() if args.llm else (None, "")
    db = paths.db_path()
    snap_file = filescan.snapshot_path(db)
    snapshot = filescan.load_snapshot(snap_file, db)
    known = filescan.unchanged(roots, snapshot, args.agent, since)
    at_collect, why_not = _at_collect(judges) if judges is not None else (None, "")
    if known is not None:  # nothing new anywhere: done without opening the store
        result = empty_result(*known)
    else:
        from git_ledger.collect.roots import collect_roots

        result = collect_roots(roots, args.agent, since, snapshot, snap_file, progress=_bar(sys.stderr),
                               judges=at_collect, cwd=os.getcwd())
    if at_collect is not None:
        result["judged"] = at_collect.as_json()
        if not args.json:
            print("\n".join(at_collect.lines()))
    elif why_not:
        print(f"git-ledger: --llm: {why_not}", file=sys.stderr)
        result["judged"] = {"skipped": why_not}
    if skipped:  # the daily one-liner still collects and proposes; say once why --llm did nothing
        print(f"git-ledger: --llm skipped: {skipped}", file=sys.stderr)
        result["retype"] = {"skipped": skipped}
    elif judges is not None:
        result["retype"] = _retype(judges, since, as_json=args.json)
    if args.propose:
        result["propose"] = _propose(args, as_json=args.json)
    report(result, as_json=args.json, out=sys.stdout)
    return 0


def _judges() -> tuple[Any, str]:
    """(judges, "") for the retyping pass, or (None, why --llm is skipped): with no judge configured
    and no `[local]` extra the daily job still collects and proposes; a broken judge config stops
    before any work."""
    from git_ledger import paths
    from git_ledger.judges import NOTICE_FILE, NoJudges, configured, warn_offsite

    try:
        judges = configured()
    except NoJudges as e:
        return None, str(e)
    for line in warn_offsite(judges, paths.data_dir() / NOTICE_FILE):
        print(line, file=sys.stderr)
    return judges, ""


def _at_collect(judges: Any) -> tuple[Any, str]:
    """(the judges of this run on the new messages the rules left untyped, in the scope the
    built-in pair was trained for or the user chose (`judges.chosen_scope`, as `classify --llm`), ""), or (None, why
    not): a judge that sends text away was offered `other` cases, not every new message."""
    from git_ledger.collect.judging import CollectJudges
    from git_ledger.judges import chosen_scope

    away = [j.name for j in judges if j.offsite]
    if away:
        return None, (f"judge {', '.join(away)} sends text off this machine: only `other` cases are "
                      "judged, not the new messages the rules left untyped (see docs/judges.md)")
    return CollectJudges(judges, chosen_scope()), ""


def _retype(judges: Any, since: str | None, *, as_json: bool) -> dict[str, Any]:
    from git_ledger.commands._common import now_iso, open_store
    from git_ledger.judges import retype_other

    with open_store() as store:
        result = retype_other(store, judges, now=now_iso(), since=since)
    if not as_json:
        print("\n".join(result.lines(judges)))
    return {"considered": result.considered, "retyped": dict(sorted(result.retyped.items())),
            "kept": dict(sorted(result.kept.items()))}


def _propose(args: argparse.Namespace, *, as_json: bool) -> list[dict[str, Any]]:
    """Propose into every ledger in reach: --ledger alone, else this repository's and each known one."""
    from pathlib import Path

    from git_ledger import paths
    from git_ledger.commands._common import open_store
    from git_ledger.commands.propose import ledger_location, print_result, run_propose
    from git_ledger.ledger.census import known_ledgers
    from git_ledger.ledger.gitops import toplevel

    results = []
    with open_store() as store:
        if args.ledger is not None or args.all_repos:
            targets = [ledger_location(args.ledger)]
        else:
            here = toplevel(Path.cwd())
            targets = [(paths.default_ledger_path(here), here)] if here is not None else []
            targets += [t for t in known_ledgers(store.known_toplevels()) if t not in targets]
        for ledger_path, repo_root in targets:
            result = run_propose(store, ledger_path, repo_root, commit=args.commit, now=paths.now(),
                                 repos="all" if args.all_repos else None)
            if not as_json:
                if len(targets) > 1:
                    print(f"{ledger_path}:")
                print_result(result)
            results.append(dict(result.as_json()))
    if not targets and not as_json:
        print("propose: no ledger yet; run `git-ledger propose` once inside a repository, "
              "or pass --ledger PATH (see docs/propose.md)")
    return results


def fast_main(argv: list[str]) -> int | None:
    """A no-change rescan without argparse (which alone costs a third of starting Python).

    Understands only --logs/--agent/--days/--since/--json; anything else, any doubt about the
    arguments, or any change in the logs returns None, and `main` takes the ordinary path."""
    import os

    from git_ledger import paths
    from git_ledger.collect import snapshot as filescan

    logs: list[str] = []
    agent, days, since, as_json = "all", None, None, False
    args = iter(argv)
    for arg in args:
        key, eq, value = arg.partition("=")
        if key == "--json" and not eq:
            as_json = True
            continue
        if key not in ("--logs", "--agent", "--days", "--since"):
            return None
        if not eq:
            value = next(args, "")
        if not value or value.startswith("-") and key != "--days":
            return None
        if key == "--logs":
            logs.append(os.path.abspath(os.path.expanduser(value)))
        elif key == "--agent":
            agent = value
        elif key == "--days":
            days = value
        else:
            since = value
    if days is not None and since is not None:
        return None
    if agent != "all":
        from git_ledger.models import AGENTS  # only then: models imports dataclasses

        if agent not in AGENTS:
            return None
    from git_ledger.errors import FatalError

    try:
        start = _window(days, since)
    except (ValueError, FatalError):
        return None  # the ordinary path names what is wrong
    if logs:
        if not all(os.path.exists(p) for p in logs):
            return None  # the ordinary path names the missing one
        roots = logs
    else:
        from git_ledger.collect.exports import default_export_roots

        roots = paths.default_log_roots_str(agent)
        roots += [p for _, p in default_export_roots(paths.db_path_str(), os.getcwd(), agent)]
    db = paths.db_path_str()
    found = filescan.unchanged(roots, filescan.load_snapshot(filescan.snapshot_path(db), db), agent, start)
    if found is None:
        return None
    report(empty_result(*found), as_json=as_json, out=sys.stdout)
    return 0


def _window(days: str | None, since: str | None) -> str | None:
    """As _common.window_start, for fast_main's strings; ValueError or FatalError when not valid."""
    if days is None and since is None:
        return None  # datetime stays unimported
    from git_ledger import paths
    from git_ledger.window import window_start

    return window_start(int(days) if days is not None else None, since, paths.now().date())


def print_events(roots: list[str], agent: str, since: str | None, out: TextIO) -> int:
    """Every event of every log under the roots, read from the start; the store is not opened."""
    import json

    from git_ledger import config, sources
    from git_ledger.masking.mask import mask
    from git_ledger.storable import storable

    review = config.get(config.load(), "review.agents")
    for kind, path in sources.discover(roots):
        if agent not in ("all", kind):
            continue
        rr = sources.read_events(path, kind, review_agents=review if isinstance(review, list) else None)
        for ev in rr.events:
            if since is not None and ev.timestamp and ev.timestamp[:10] < since:
                continue
            out.write(json.dumps({
                "agent": ev.agent, "session": storable(ev.session), "uuid": storable(ev.uuid),
                "timestamp": storable(ev.timestamp), "cwd": storable(ev.cwd), "kind": ev.kind, "text": mask(ev.text),
                "after_interrupt": ev.after_interrupt, "is_final": ev.is_final, "path": storable(str(path)),
                "tools": [{"id": storable(t.id), "name": storable(t.name), "target": mask(t.target)} for t in ev.tools],
            }, ensure_ascii=False) + "\n")
        if rr.lines_skipped:
            out.write(json.dumps({"path": storable(str(path)), "lines_skipped": rr.lines_skipped}) + "\n")
    return 0


def empty_result(unchanged: int, unrecognised: list[str] | None = None) -> dict[str, Any]:
    return {
        "files": 0, "files_unchanged": unchanged, "bytes": 0, "lines_skipped": 0, "events": 0,
        "events_by_kind": {}, "cases": 0, "cases_by_type": {}, "cases_by_source": {}, "errors": [],
        "files_unrecognised": len(unrecognised or ()), "unrecognised": sorted(unrecognised or ()),
    }


def _counts(counts: dict[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))


def report(result: dict[str, Any], *, as_json: bool, out: TextIO) -> None:
    if as_json:
        import json

        out.write(json.dumps(result, sort_keys=True) + "\n")
        return
    mb = result["bytes"] / 1e6
    out.write(
        f"files: {result['files']} read, {result['files_unchanged']} unchanged; "
        f"{mb:.1f} MB read; {result['lines_skipped']} malformed lines skipped\n"
    )
    kinds = f" ({_counts(result['events_by_kind'])})" if result["events"] else ""
    out.write(f"events: {result['events']}{kinds}\n")
    out.write(f"new cases: {result['cases']}\n")
    if result["cases"]:
        out.write(f"  by type: {_counts(result['cases_by_type'])}\n")
        out.write(f"  by source: {_counts(result['cases_by_source'])}\n")
    unrecognised = result.get("unrecognised") or []
    if unrecognised:
        out.write(f"not recognised as a Claude Code, Codex or Gemini log: {len(unrecognised)} files\n")
        for path in unrecognised:
            out.write(f"  {path}\n")
    for err in result["errors"]:
        out.write(f"could not read {err}\n")


class ProgressBar:
    """A one-line bar on a terminal, shown only once a scan has run for a second."""

    def __init__(self, stream: TextIO, width: int = 30) -> None:
        self.stream = stream
        self.width = width
        self.started = time.monotonic()
        self.last = 0.0
        self.shown = False

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if now - self.started < 1.0 or (now - self.last < 0.1 and done < total) or total <= 0:
            return
        self.last = now
        fill = int(self.width * done / total)
        pct = 100 * done // total
        self.stream.write(f"\r[{'#' * fill}{'.' * (self.width - fill)}] {pct:3d}% "
                          f"{done / 1e6:.0f}/{total / 1e6:.0f} MB")
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown:
            self.stream.write("\r" + " " * (self.width + 30) + "\r")
            self.stream.flush()


def _bar(stream: TextIO) -> ProgressBar | None:
    try:
        return ProgressBar(stream) if stream.isatty() else None
    except (AttributeError, ValueError):
        return None
