"""`git-ledger doctor`: are the hooks installed, runnable and trusted, and when did they last run?"""
from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from git_ledger.commands.install import project_root

EXAMPLE = """example:
  $ git-ledger doctor
  claude
    user     /home/me/.claude/settings.json: UserPromptSubmit, Stop installed
    project  /home/me/src/widget/.claude/settings.json: not installed
    local    /home/me/src/widget/.claude/settings.local.json: not installed
  codex
    user     /home/me/.codex/hooks.json: UserPromptSubmit untrusted, Stop untrusted
             -> start codex, type /hooks and trust them (Codex skips untrusted hooks)
    project  /home/me/src/widget/.codex/hooks.json: not installed
  gemini
    user     /home/me/.gemini/settings.json: BeforeAgent, AfterAgent installed
    project  /home/me/src/widget/.gemini/settings.json: not installed
  last run
    user-prompt-submit  2026-11-29T09:12:40Z (ok)
    stop                never
  search posture
    preferred tool: none configured (the guard is off)
    -> AGENTS.md:12 names `semble` for code search, but no config sets search.preferred, so the search-posture guard never fires there: run `git-ledger guard prefer semble --repo`
"""


def register(parser: argparse.ArgumentParser, verb: str) -> None:
    parser.description = (
        "Report, per agent and scope, whether the git-ledger hooks are installed and runnable, "
        "whether Codex trusts them, and when each hook last ran."
    )
    parser.epilog = EXAMPLE
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("--project", type=Path, metavar="DIR", help="the project folder (default: this repository's toplevel)")
    parser.add_argument("--json", action="store_true", help="print the report as one JSON object")


def _line(scope: dict[str, Any], agent: str) -> list[str]:
    head = f"    {scope['scope']:<8} {scope['path']}: "
    problem = str(scope.get("problem") or "").removeprefix(scope["path"]).lstrip(": ")
    if problem and not scope["installed"]:
        return [head + problem]
    if not scope["installed"]:
        return [head + "not installed"]
    notes: list[str] = []
    if agent == "codex":
        states = scope.get("trust", {})
        head += ", ".join(f"{e} {states.get(e, 'unknown')}" for e in scope["installed"])
        if any(states.get(e) in ("untrusted", "modified") for e in scope["installed"]):
            notes.append("-> start codex, type /hooks and trust them (Codex skips untrusted or changed hooks)")
        if scope.get("project_trusted") is False:
            notes.append("-> this project is not trusted in Codex, so it ignores .codex/ here")
    else:
        head += ", ".join(scope["installed"]) + " installed"
        if scope.get("workspace_trust") == "not accepted yet":
            notes.append("-> interactive claude asks once to trust this folder; project hooks run after that")
    if not scope.get("runnable", True):
        cmds = ", ".join(sorted(set(str(c) for c in scope.get("commands", {}).values())))
        notes.append(f"-> the hook command cannot be started here: {cmds}")
    if problem:
        notes.append(f"-> {problem}")
    return [head] + [" " * 13 + n for n in notes]


def run(args: argparse.Namespace) -> int:
    from git_ledger.hooks import doctor

    data = doctor.report(project_root(args.project))
    if args.json:
        print(json.dumps(data, indent=2))
        return 0
    lines: list[str] = []
    for agent in ("claude", "codex", "gemini", "cursor", "copilot"):
        lines.append(agent)
        for scope in data[agent]["scopes"]:
            lines.extend(_line(scope, agent))
    if data["claude"]["plugin_enabled"]:
        lines.append("    plugin   the git-ledger Claude Code plugin is enabled (it runs the same hooks)")
    if data["codex"]["hooks_feature"] == "off":
        lines.append("    (hooks are turned off in Codex's config.toml [features])")
    lines.append("last run")
    for hook, seen in data["last_run"].items():
        lines.append(f"    {hook:<19} " + (f"{seen['at']} ({seen['status']})" if seen else "never"))
        if seen and seen["status"] != "ok":
            lines.append(" " * 24 + f"see {data['hook_log']}")
    posture = data["search_posture"]
    lines.append("search posture")
    lines.append(f"    preferred tool: {posture['preferred'] or 'none configured (the guard is off)'}")
    if posture["note"]:
        lines.append(f"    -> {posture['note']}")
    print("\n".join(lines))
    return 0
