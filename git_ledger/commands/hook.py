"""`git-ledger hook <event>`: the agent hooks. They fail open.

Whatever goes wrong here (bad input, a locked store, our own bug), the agent must not be blocked:
print nothing, exit 0, and append one line to the hook log in the data dir. This module is on
every prompt's path, so it imports only what the chosen hook needs.
"""
from __future__ import annotations

import json
import os
import sys

from git_ledger.hooks.log import log_failure, mark_run

# typing and collections.abc stay off the hot path (mypy reads TYPE_CHECKING = False as usual).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence
    from typing import Any

    HookFn = Callable[[dict[str, Any], Mapping[str, str]], "str | None"]

USAGE = """usage: git-ledger hook {user-prompt-submit,stop} < hook-input.json

Agent hooks for Claude Code, Codex, Gemini CLI, Cursor and GitHub Copilot CLI. Each reads the hook's JSON input on stdin and prints at
most one JSON answer on stdout. They never block the agent because of an error of their own:
on any failure they print nothing, exit 0 and append one line to the hook log
($GIT_LEDGER_HOME/hooks.log or ~/.local/share/git-ledger/hooks.log).

  user-prompt-submit  on the first prompt of a session, add this repo's recent typed
                      corrections as additional context (GIT_LEDGER_DISABLE=1 turns it off;
                      a prompt that is exactly `git-ledger off` opts that session out)
  stop                evidence guard (no "done" without a tool call) and search-posture guard
"""

HOOKS = ("user-prompt-submit", "stop")


def _load(name: str) -> HookFn:
    if name == "user-prompt-submit":
        from git_ledger.hooks import inject

        return inject.run
    from git_ledger.hooks import stop

    return stop.run


def main(argv: Sequence[str]) -> int:
    if not argv or argv[0] in ("-h", "--help") or any(a in ("-h", "--help") for a in argv[1:]):
        print(USAGE, end="")
        return 0 if argv else 2
    name = argv[0]
    env = os.environ
    if name not in HOOKS:
        print(f"git-ledger hook: unknown hook {name!r}\n\n{USAGE}", file=sys.stderr, end="")
        return 2
    from git_ledger.errors import guarded

    def answer() -> int:
        fn = _load(name)
        raw = sys.stdin.buffer.read()
        payload = json.loads(raw) if raw.strip() else {}
        if not isinstance(payload, dict):
            raise ValueError("hook input is not a JSON object")
        out = fn(payload, env)
        if out:
            try:
                sys.stdout.write(out if out.endswith("\n") else out + "\n")
                sys.stdout.flush()
            except OSError as e:
                log_failure(env, name, f"cannot write answer: {e}")
        mark_run(env, name, "ok")
        return 0

    def failed(message: str) -> None:  # fail open: never block the agent because of us
        log_failure(env, name, message)
        mark_run(env, name, "error")

    return guarded(answer, f"git-ledger hook {name}", fail_open=failed)


def register(parser: Any, verb: str) -> None:  # pragma: no cover (hook bypasses argparse)
    parser.add_argument("event", choices=("user-prompt-submit", "stop"))


def run(args: Any) -> int:  # pragma: no cover
    return main([args.event])
