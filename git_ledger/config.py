"""User and repository configuration (YAML), readable from hooks without importing a YAML library.

Hooks run on every prompt, so parsing YAML there would cost more than the hook itself. A parsed
copy of each config file is kept as JSON in the data dir, keyed by the file's size and mtime; only
the first run after an edit pays for the YAML parser.

Precedence: built-in defaults < user config < repository config, except for keys that would let
a repository run commands on the user's machine (`judges`), which only the user config may set.
"""
from __future__ import annotations

import json
import os
import stat

from git_ledger import paths
from git_ledger.errors import FatalError

# The prompt hook reads the config: typing stays off its path (mypy reads this as usual).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from pathlib import Path
    from typing import Any

USER_ONLY_KEYS = frozenset({"judges"})

DEFAULTS: dict[str, Any] = {
    "inject": {
        "enabled": True,
        "human_limit": 4,
        "self_limit": 2,
        "window_days": 30,
        "language": "en",
        "refresh_seconds": 0.3,  # time budget for collecting fresh bytes before injecting
    },
    "promote": {"threshold": 2, "window_days": None},
    "guards": {"evidence": True, "search_posture": True},
    "review": {"agents": ["review", "reviewer", "code-review", "code-reviewer", "critic", "auditor", "verifier"]},
    "search": {},
}


def _parse_yaml(path: Path) -> Any:
    from git_ledger import yaml as gl_yaml  # imported only on a cache miss

    return gl_yaml.load_safe(path.read_text(encoding="utf-8"))


def read_yaml_cached(path: Path, cache_dir: Path | None) -> dict[str, Any]:
    """The mapping in `path` ({} when absent); a malformed file is a FatalError naming it."""
    try:
        st = path.stat()
    except FileNotFoundError:
        return {}
    except OSError as e:
        raise FatalError(f"cannot read {path}: {e}") from e
    if not stat.S_ISREG(st.st_mode):  # a FIFO would block the reader (and every hook with it)
        raise FatalError(f"cannot read {path}: not a regular file")
    key = f"{path.resolve()}|{st.st_size}|{st.st_mtime_ns}"
    cache_file = cache_dir / "config-cache.json" if cache_dir is not None else None
    cache: dict[str, Any] = {}
    if cache_file is not None:
        try:
            cache = json.loads(cache_file.read_text(encoding="utf-8"))
            if key in cache:
                return dict(cache[key])
        except (OSError, ValueError):
            cache = {}
    try:
        data = _parse_yaml(path)
    except Exception as e:  # ruamel raises many types; all mean "not valid YAML"
        raise FatalError(f"{path}: not valid YAML: {str(e).splitlines()[0] if str(e) else e}") from e
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise FatalError(f"{path}: expected a mapping at the top level")
    data = json.loads(json.dumps(data, default=str))
    if cache_file is not None:
        stale_prefix = f"{path.resolve()}|"
        cache = {k: v for k, v in cache.items() if not k.startswith(stale_prefix)}
        cache[key] = data
        try:
            cache_file.parent.mkdir(parents=True, exist_ok=True)
            tmp = cache_file.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_text(json.dumps(cache), encoding="utf-8")
            os.replace(tmp, cache_file)
        except OSError:
            pass  # a cache we cannot write only costs speed
    return dict(data)


def merge(base: Mapping[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for k, v in over.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = merge(out[k], v)
        else:
            out[k] = v
    return out


def load(
    repo_root: Path | None = None,
    env: Mapping[str, str] | None = None,
    *,
    user_path: Path | None = None,
) -> dict[str, Any]:
    """Effective configuration for a repository (or for no repository)."""
    cache_dir = paths.data_dir(env)
    user = read_yaml_cached(user_path or paths.user_config_path(env), cache_dir)
    cfg = merge(DEFAULTS, user)
    if repo_root is not None:
        repo = read_yaml_cached(paths.repo_config_path(repo_root), cache_dir)
        cfg = merge(cfg, {k: v for k, v in repo.items() if k not in USER_ONLY_KEYS})
    return cfg


def get(cfg: Mapping[str, Any], dotted: str, default: Any = None) -> Any:
    node: Any = cfg
    for part in dotted.split("."):
        if not isinstance(node, dict) or part not in node:
            return default
        node = node[part]
    return node


def edit(path: Path, change: Callable[[Any], bool]) -> bool:
    """A round-trip edit of the YAML mapping at `path` (comments and order kept; the file is
    created when missing): `change` alters the mapping in place and says whether it changed
    anything; only then is the file written, atomically. False when nothing changed."""
    from git_ledger import yaml as gl_yaml

    try:
        text = path.read_text(encoding="utf-8") if path.exists() else ""
        data = gl_yaml.load_rt(text) if text.strip() else None
    except OSError as e:
        raise FatalError(f"cannot read {path}: {e.strerror or e}") from e
    except Exception as e:  # ruamel raises many types; all mean "not valid YAML"
        raise FatalError(f"{path}: not valid YAML, fix it first: {str(e).splitlines()[0] if str(e) else e}") from e
    if data is None:
        from ruamel.yaml.comments import CommentedMap

        data = CommentedMap()
    if not isinstance(data, dict):
        raise FatalError(f"{path}: expected a mapping at the top level")
    if not change(data):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        dumped = gl_yaml.dump_rt(data)
        tmp.write_text(dumped if dumped.endswith("\n") else dumped + "\n", encoding="utf-8")
        os.replace(tmp, path)
    except OSError as e:
        tmp.unlink(missing_ok=True)
        raise FatalError(f"cannot write {path}: {e.strerror or e}") from e
    return True


def set_value(path: Path, dotted: str, value: Any) -> bool:
    """Set `dotted` (e.g. "search.preferred") in the YAML file at `path` (a round-trip `edit`).
    False when already so."""

    def change(data: Any) -> bool:
        node = data
        *parents, leaf = dotted.split(".")
        for part in parents:
            if not isinstance(node.get(part), dict):
                if part in node:
                    raise FatalError(f"{path}: `{part}` is not a mapping, so {dotted} cannot be set")
                from ruamel.yaml.comments import CommentedMap

                node[part] = CommentedMap()
            node = node[part]
        if node.get(leaf) == value:
            return False
        node[leaf] = value
        return True

    return edit(path, change)
