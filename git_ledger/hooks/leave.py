"""`uninstall --all`: take out everything git-ledger put on this machine and in this repository.

What git-ledger adds, and how each is taken back (nothing else is touched):
* the hooks in every agent settings file (Claude Code user/project/local, Codex user/project):
  the file the first install backed up is restored byte for byte when it equals the file
  without our hooks; a file our install created and that holds nothing else is deleted;
  otherwise our handlers alone are removed;
* the merge driver: the `merge=git-ledger` lines in `.gitattributes` (the file is deleted when
  nothing else is left in it) and the `merge.git-ledger` section of the repository's git config;
* the procedures snippet between the markers `cards init` wrote in AGENTS.md / CLAUDE.md /
  GEMINI.md (a file that held only the snippet is deleted);
* the session markers and settings backups in the data dir; with `purge`, the store and every
  other file git-ledger keeps there (the snapshot, the hook log, notices).
Cards, ledgers and config files are the user's work and stay.
"""
from __future__ import annotations

import json
import os
import shutil
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from git_ledger import paths
from git_ledger.errors import FatalError
from git_ledger.hooks import install as inst
from git_ledger.hooks.inject import MARKER_DIR
from git_ledger.hooks.stop import BLOCKED_DIR

DATA_FOLDERS = (MARKER_DIR, BLOCKED_DIR, "backups")  # markers and backups: always removed
MARKER_PREFIX = "last-run-"  # the hooks' last-run markers (doctor reads them): always removed
MERGE_LINE_SUFFIX = " merge=git-ledger"


@dataclass(frozen=True)
class Removal:
    path: Path
    what: str

    def line(self) -> str:
        return f"{self.path}: {self.what}"


def settings_files(project: Path | None, env: Mapping[str, str]) -> list[Path]:
    found = []
    for agent, scopes in inst.SCOPES.items():
        for scope in scopes:
            if scope != "user" and project is None:
                continue
            path = inst.settings_path(agent, scope, project or Path("."), env)
            if path not in found:
                found.append(path)
    return found


def remove_hooks(path: Path, backup_dir: Path, dry_run: bool) -> Removal | None:
    _, data = inst.read_settings(path)
    without = inst.without_hooks(data)
    if without == data:
        return None
    backups = inst.backups_of(path, backup_dir)
    first = backups[0].read_bytes() if backups else None
    if first is not None and _json(first) == without:
        what = f"our hooks removed (restored as it was before install, from {backups[0].name})"
        if not dry_run:
            _write(path, first)
        return Removal(path, what)
    if first is None and not without:
        if not dry_run:
            path.unlink()
        return Removal(path, "deleted (install created it, and it held only our hooks)")
    if not dry_run:
        _write(path, (json.dumps(without, indent=2, ensure_ascii=False) + "\n").encode())
    return Removal(path, "our hooks removed")


def remove_merge_driver(repo: Path, dry_run: bool) -> list[Removal]:
    from git_ledger.ledger.gitops import DRIVER, git

    done: list[Removal] = []
    attrs = repo / ".gitattributes"
    if attrs.is_file():
        text = attrs.read_bytes().decode("utf-8", "surrogateescape")
        lines = text.splitlines(keepends=True)
        kept = [x for x in lines if not x.rstrip("\r\n").endswith(MERGE_LINE_SUFFIX)]
        if len(kept) != len(lines):
            rest = "".join(kept)
            if not dry_run:
                if rest.strip():
                    _write(attrs, rest.encode("utf-8", "surrogateescape"))
                else:
                    attrs.unlink()
            done.append(Removal(attrs, "merge=git-ledger lines removed" if rest.strip() else
                                "deleted (it held only the merge=git-ledger lines)"))
    section = f"merge.{DRIVER}"
    if git(repo, "config", "--local", "--get-regexp", rf"^{section}\.", check=False).returncode == 0:
        if not dry_run:
            git(repo, "config", "--local", "--remove-section", section)
        done.append(Removal(repo / ".git" / "config", f"[merge \"{DRIVER}\"] section removed"))
    return done


def remove_snippet(path: Path, dry_run: bool) -> Removal | None:
    from git_ledger.cards.init import BEGIN, END

    if not path.is_file():
        return None
    data = path.read_bytes()
    start = data.find(BEGIN.encode())
    end = data.find(END.encode(), start)
    if start < 0 or end < 0:
        return None
    end += len(END)
    for newline in (b"\r\n", b"\n"):  # the end marker's own line end
        if data.startswith(newline, end):
            end += len(newline)
            break
    head = data[:start]
    for newline in (b"\r\n", b"\n"):  # the blank line `cards init` put before the snippet
        if head.endswith(newline * 2):
            head = head[:-len(newline)]
            break
    rest = head + data[end:]
    if not dry_run:
        if rest.strip():
            _write(path.resolve(), rest)  # through a symlink (CLAUDE.md -> AGENTS.md)
        else:
            path.unlink()
    return Removal(path, "procedures snippet removed" if rest.strip() else "deleted (it held only the snippet)")


def clear_data(data_dir: Path, purge: bool, dry_run: bool) -> list[Removal]:
    done: list[Removal] = []
    if not data_dir.is_dir():
        return done
    for entry in sorted(data_dir.iterdir()):
        if entry.name in DATA_FOLDERS or entry.name.startswith(MARKER_PREFIX) or purge and entry.name != "config.yaml":
            if not dry_run:
                shutil.rmtree(entry) if entry.is_dir() and not entry.is_symlink() else entry.unlink()
            done.append(Removal(entry, "deleted"))
    if purge and not dry_run and not any(data_dir.iterdir()):
        data_dir.rmdir()
    return done


def uninstall_all(project: Path | None, env: Mapping[str, str], *, purge: bool, dry_run: bool) -> list[Removal]:
    """Take back everything listed above; `project` is this repository's top level (or None)."""
    data_dir = paths.data_dir(env)
    backup_dir = data_dir / "backups"
    done: list[Removal] = []
    for path in settings_files(project, env):
        try:
            removal = remove_hooks(path, backup_dir, dry_run)
        except FatalError as e:
            raise FatalError(f"{e}; fix it first (nothing more was changed)") from None
        if removal is not None:
            done.append(removal)
    agents_files = [paths.claude_config_dir(env) / "CLAUDE.md", paths.codex_home(env) / "AGENTS.md"]
    if project is not None:
        done.extend(remove_merge_driver(project, dry_run))
        from git_ledger.cards.library import AGENTS_FILES

        agents_files[:0] = [project / name for name in AGENTS_FILES]
    seen: set[Path] = set()
    for path in agents_files:
        real = path.resolve()
        if real in seen:
            continue  # CLAUDE.md linked to AGENTS.md: one file, one removal
        seen.add(real)
        removal = remove_snippet(path, dry_run)
        if removal is not None:
            done.append(removal)
    done.extend(clear_data(data_dir, purge, dry_run))
    return done


def _json(data: bytes) -> object:
    try:
        return json.loads(data) if data.strip() else {}
    except ValueError:
        return None


def _write(path: Path, data: bytes) -> None:
    tmp = path.with_name(f".{path.name}.git-ledger.tmp")
    mode = path.stat().st_mode & 0o7777 if path.exists() else 0o644
    tmp.write_bytes(data)
    os.chmod(tmp, mode)
    os.replace(tmp, path)
