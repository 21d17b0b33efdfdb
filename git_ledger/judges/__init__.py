"""Model judges for `other` cases: a case is retyped only when two independent judges agree.

Public surface (for `retype`, `judge eval`, `classify --llm` and `collect --llm`):
  configured(env=None) -> list[Judge]                     # the user config's, else the built-in pair
  chosen_scope(env=None) -> str                           # `judge_scope`, else the pair's trained scope
  NoJudges                                                # FatalError: none configured, no [local]
  from_config(cfg, env, config_path=…) -> list[Judge]     # the user's `judges:` list
  require_panel(judges, config_path)                      # FatalError unless two or more
  retype_other(store, judges, *, now, since=None, repo=None) -> RetypeResult
  warn_offsite(judges, notice_file) -> list[str]          # one-time notices to print

Backends: `command` (judges/command.py), `openai` (judges/chat.py), `embedding`
(judges/embedding.py), and the built-in local pair (judges/local.py) used when the user configured
none. The prompt and answer parsing live in judges/base.py, the agreement rule
in judges/panel.py.
"""
from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path

from git_ledger import config as gl_config
from git_ledger import paths
from git_ledger.errors import FatalError
from git_ledger.judges.base import Answer, Judge, JudgeInput
from git_ledger.judges.config import from_config, how_to_configure, require_panel
from git_ledger.judges.panel import Verdict, ask_panel, verdict
from git_ledger.judges.retype import RetypeResult, retype_other

__all__ = [
    "NOTICE_FILE",
    "Answer",
    "Judge",
    "JudgeInput",
    "NoJudges",
    "RetypeResult",
    "Verdict",
    "ask_panel",
    "builtin",
    "chosen_scope",
    "configured",
    "from_config",
    "require_panel",
    "retype_other",
    "verdict",
    "warn_offsite",
]

NOTICE_FILE = "judges-offsite-notified.json"


class NoJudges(FatalError):
    """No judge is configured and the built-in local pair is not installed."""


def builtin(config_path: Path, scope: str | None = None) -> list[Judge]:
    """The built-in local pair at `scope`'s thresholds, or NoJudges naming what to install (or
    configure instead)."""
    from git_ledger.judges.local import builtin_pair, missing_packages

    missing = missing_packages()
    if missing:
        raise NoJudges(
            f"no judges configured, and the built-in local pair needs {' and '.join(missing)} "
            f"(pip install 'git-ledger[local]'); or {how_to_configure(config_path)}"
        )
    return builtin_pair(scope=scope)


def configured(env: Mapping[str, str] | None = None, *, require_two: bool = True) -> list[Judge]:
    """The judges of the user config (a repository's config never has any), checked; when it
    names none, the built-in local pair at the thresholds of the scope in effect (`chosen_scope`;
    NoJudges when `[local]` is not installed).

    With `require_two`, fewer than two is a one-line FatalError saying how to configure them.
    """
    env = os.environ if env is None else env
    config_path = paths.user_config_path(env)
    judges = from_config(gl_config.load(None, env), env, config_path=config_path)
    if not judges:
        judges = builtin(config_path, chosen_scope(env))
    if require_two:
        require_panel(judges, config_path)
    return judges


def chosen_scope(env: Mapping[str, str] | None = None) -> str:
    """What the judges are asked about on the rules' answers (`judges.fullpath.SCOPES`): the user
    config's `judge_scope` when set (a wider scope types more and is wrong more often), else the
    one the built-in pair was trained and chosen for."""
    from git_ledger.judges.fullpath import SCOPES, trained_scope

    env = os.environ if env is None else env
    value = gl_config.load(None, env).get("judge_scope")
    if value is None:
        return trained_scope()
    if value not in SCOPES:
        raise FatalError(f"{paths.user_config_path(env)}: `judge_scope` must be one of {', '.join(SCOPES)}, not {value!r}")
    return str(value)


def warn_offsite(judges: Sequence[Judge], notice_file: Path) -> list[str]:
    """A notice for each judge that sends text off this machine, the first time it is used.

    Remembered per judge setting (name and fingerprint) in `notice_file`, so pointing a judge at
    another service warns again.
    """
    try:
        seen = set(json.loads(notice_file.read_text(encoding="utf-8")))
    except (OSError, ValueError, TypeError):
        seen = set()
    new = [j for j in judges if j.offsite and j.cache_key not in seen]
    if not new:
        return []
    try:
        notice_file.parent.mkdir(parents=True, exist_ok=True)
        tmp = notice_file.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps(sorted(seen | {j.cache_key for j in new})), encoding="utf-8")
        os.replace(tmp, notice_file)
    except OSError:
        pass  # then the notice simply shows again next time
    return [
        f"note: judge {j.name} ({j.kind}) sends the masked text of each `other` case, its previous "
        "tool calls and the end of the agent's message before it off this machine (shown once; see docs/judges.md)"
        for j in new
    ]
