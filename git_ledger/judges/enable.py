"""`git-ledger judge enable claude|codex`: the user's own agent CLI as a judge, by one opt-in.

The session's texts already went to that provider when the agent ran; judging sends the masked
text of each untyped message there once more, and the offer says so before it writes anything.
The panel it writes pairs the agent CLI with the built-in e5 judge (asked first: the CLI is
then asked only about what e5 typed), so two judges still have to agree.
"""
from __future__ import annotations

import shutil
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from git_ledger.errors import FatalError


@dataclass(frozen=True)
class AgentJudge:
    name: str
    provider: str
    command: tuple[str, ...]
    timeout: int


AGENTS: dict[str, AgentJudge] = {
    # --tools "" sends no tool definitions; --no-session-persistence leaves no transcript to collect.
    "claude": AgentJudge("claude", "Anthropic", ("claude", "-p", "--model", "haiku", "--tools", "",
                                                 "--no-session-persistence"), 60),
    "codex": AgentJudge("codex", "OpenAI", ("codex", "exec", "--skip-git-repo-check", "-"), 120),
}
LOCAL_PARTNER = {"name": "e5", "kind": "local", "model": "e5"}


def offer(agent: AgentJudge) -> str:
    """What enabling it means, in plain words (printed before the config is written)."""
    return (
        f"The judge {agent.name} runs `{' '.join(agent.command[:2])}` on this machine, which sends to "
        f"{agent.provider}: the masked text of each message the rules leave untyped, the end of the "
        f"agent's message before it and that turn's tool calls (the session itself already went to "
        f"{agent.provider}). It is asked only about what the local e5 judge typed, and a type counts "
        "only when both agree."
    )


def enable(agent_name: str, config_path: Path, env: Mapping[str, str]) -> list[str]:
    """Add the agent judge (and the local e5 judge when no judge is configured) to the user
    config; the lines to print. FatalError when the CLI is not installed."""
    from git_ledger import config as gl_config

    agent = AGENTS[agent_name]
    if shutil.which(agent.command[0], path=env.get("PATH")) is None:
        raise FatalError(f"{agent.command[0]} is not on PATH: install the {agent.name} CLI first")
    names: list[str] = []

    def change(data: Any) -> bool:
        judges = data.get("judges")
        if judges is None:
            judges = [dict(LOCAL_PARTNER)]
        if not isinstance(judges, list):
            raise FatalError(f"{config_path}: `judges` must be a list")
        if any(isinstance(j, dict) and j.get("name") == agent.name for j in judges):
            return False
        judges.append({"name": agent.name, "kind": "command", "command": list(agent.command),
                       "timeout": agent.timeout})
        data["judges"] = judges
        names.extend(str(j.get("name")) for j in judges if isinstance(j, dict))
        return True

    if not gl_config.edit(config_path, change):
        return [f"judge {agent.name} is already enabled in {config_path}"]
    return [offer(agent), f"enabled: judges in {config_path} are now {', '.join(names)} (asked in this order)"]
