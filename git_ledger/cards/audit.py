"""`git-ledger cards audit`: list what is wrong with a procedures library; never edit it.

Also the entry point of the `git-ledger-cards-audit` pre-commit hook: `main(argv) -> int`.
Exit 1 when any P0/P1 finding, else 0.

JSON output (`--format json`, schema version 1; keys sorted, findings sorted by severity, file,
line, code, message):

    {"cards": 3, "dir": "procedures", "exit": 1, "findings": [
       {"code": "empty-section", "file": "procedures/x-y.md", "line": 9,
        "message": "...", "severity": "P1"}],
     "summary": {"P0": 0, "P1": 1, "P2": 0, "P3": 0}, "version": 1}
"""
from __future__ import annotations

import json
import os
from collections.abc import Sequence
from datetime import date
from pathlib import Path

from git_ledger.cards import checks, staleness
from git_ledger.cards.library import SEVERITIES, Finding, Library, load
from git_ledger.repo import git_toplevel

JSON_VERSION = 1
FORMATS = ("text", "json", "github")
_GITHUB_LEVEL = {"P0": "error", "P1": "error", "P2": "warning", "P3": "notice"}


def audit(lib: Library, today: date, path_env: str | None = None, commands: bool = True) -> list[Finding]:
    git = staleness.Git(lib.root)
    found = [
        *checks.check_files(lib),
        *staleness.check_layers(lib),
        *staleness.check_targets(lib, git, path_env, commands),
        *staleness.check_conclusions(lib, git, today),
        *staleness.check_inbox(lib, today),
    ]
    return sorted(set(found))


def exit_code(findings: Sequence[Finding]) -> int:
    return 1 if any(f.severity in ("P0", "P1") for f in findings) else 0


def summary(findings: Sequence[Finding]) -> dict[str, int]:
    return {s: sum(f.severity == s for f in findings) for s in SEVERITIES}


def format_text(lib: Library, findings: Sequence[Finding]) -> str:
    lines = [f"{f.file}:{f.line}: {f.severity} {f.code}: {f.message}" for f in findings]
    counts = ", ".join(f"{s} {n}" for s, n in summary(findings).items())
    n, k = lib.card_count, len(findings)
    lines.append(f"{n} card{'s' * (n != 1)} in {lib.rel(lib.dir)}, {k} finding{'s' * (k != 1)} ({counts})")
    return "\n".join(lines) + "\n"


def format_json(lib: Library, findings: Sequence[Finding]) -> str:
    doc = {
        "version": JSON_VERSION,
        "dir": lib.rel(lib.dir),
        "cards": lib.card_count,
        "exit": exit_code(findings),
        "summary": summary(findings),
        "findings": [f.as_json() for f in findings],
    }
    return json.dumps(doc, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def escape_data(s: str) -> str:
    """GitHub workflow-command message escaping (actions/toolkit `escapeData`)."""
    return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(s: str) -> str:
    """GitHub workflow-command property escaping (actions/toolkit `escapeProperty`)."""
    return escape_data(s).replace(":", "%3A").replace(",", "%2C")


def format_github(lib: Library, findings: Sequence[Finding]) -> str:
    out = []
    for f in findings:
        props = ",".join(
            f"{k}={escape_property(v)}"
            for k, v in (("file", f.file), ("line", str(f.line)), ("title", f"{f.severity} {f.code}"))
        )
        out.append(f"::{_GITHUB_LEVEL[f.severity]} {props}::{escape_data(f.message)}")
    return "".join(line + "\n" for line in out)


FORMATTERS = {"text": format_text, "json": format_json, "github": format_github}


def audit_dir(lib_dir: Path, fmt: str, check_path: bool, today: date, path_env: str | None) -> tuple[str, int]:
    """Audit the library in `lib_dir` (its repository holds the targets): the report in `fmt`
    and the exit code (1 on a P0/P1 finding)."""
    root = Path(git_toplevel(str(lib_dir)) or os.getcwd()) if lib_dir.is_dir() else Path.cwd()
    lib = load(lib_dir, root)
    findings = audit(lib, today, path_env, check_path)
    return FORMATTERS[fmt](lib, findings), exit_code(findings)
