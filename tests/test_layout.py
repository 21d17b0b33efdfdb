"""The package's shape, as issue 12 set it: imports go one way, and only the CLI layer talks.

Walks every module of `git_ledger` with `ast` (every import, also those inside functions and
under TYPE_CHECKING: a lazy import is still a dependency) and fails on an import circle, on an
import of `git_ledger.commands` from below it, on any import against the layer order, and on
`print(` / `sys.exit(` / `raise SystemExit` below `commands/` outside the console-script entry
points and the one error boundary.
"""
from __future__ import annotations

import ast
import configparser
from collections.abc import Iterator
from pathlib import Path

from tests.testing.util import REPO_ROOT

PACKAGE = REPO_ROOT / "git_ledger"

# Top to bottom; a module may import its own layer and the layers below it.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("git_ledger.main", "git_ledger.__main__"),
    ("git_ledger.commands",),
    ("git_ledger.hooks", "git_ledger.precommit", "git_ledger.pr", "git_ledger.report", "git_ledger.demo"),
    ("git_ledger.collect", "git_ledger.cards", "git_ledger.judges", "git_ledger.ledger"),
    ("git_ledger.sources", "git_ledger.classify", "git_ledger.masking", "git_ledger.store"),
    # the flat base modules (and the package itself, for __version__)
    ("git_ledger", "git_ledger.errors", "git_ledger.paths", "git_ledger.config", "git_ledger.yaml",
     "git_ledger.models", "git_ledger.repo", "git_ledger.literals", "git_ledger.humantext",
     "git_ledger.storable"),
)
# The one error boundary prints its one line and turns exceptions into exit codes.
ERROR_BOUNDARY = "git_ledger.errors"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO_ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES: dict[str, Path] = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def layer(module: str) -> int:
    best, depth = -1, -1
    for i, prefixes in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and prefix.count(".") > depth:
                best, depth = i, prefix.count(".")
    assert best >= 0, f"{module} is in no layer: add it to LAYERS"
    return best


def imports(module: str) -> Iterator[tuple[int, str]]:
    """(line, imported git_ledger module) for every import statement of the module."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    package = module if MODULES[module].name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("git_ledger"):
                    yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else []))
            if not base.startswith("git_ledger"):
                continue
            yield node.lineno, base  # `from pkg import sub` runs pkg/__init__ and reads its namespace
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                if sub in MODULES:
                    yield node.lineno, sub


def graph() -> dict[str, set[str]]:
    return {m: {t for _, t in imports(m) if t in MODULES and t != m} for m in MODULES}


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_the_circle_finder_finds_a_circle() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_no_import_circle() -> None:
    assert circles(graph()) == []


def test_nothing_below_the_commands_imports_them() -> None:
    upward = [f"{MODULES[m].relative_to(REPO_ROOT)}:{line}: imports {t}"
              for m in MODULES if layer(m) > 1 for line, t in imports(m)
              if t == "git_ledger.commands" or t.startswith("git_ledger.commands.")]
    assert upward == []


def test_imports_go_down_the_layers() -> None:
    upward = [f"{MODULES[m].relative_to(REPO_ROOT)}:{line}: imports {t} (a higher layer)"
              for m in MODULES for line, t in imports(m) if t in MODULES and layer(t) < layer(m)]
    assert upward == []


def entry_points() -> set[tuple[str, str]]:
    """(module, function) of every console script in setup.cfg."""
    cfg = configparser.ConfigParser()
    cfg.read(REPO_ROOT / "setup.cfg")
    out = set()
    for line in cfg["options.entry_points"]["console_scripts"].strip().splitlines():
        target = line.split("=", 1)[1].strip()
        module, _, function = target.partition(":")
        out.add((module, function))
    return out


def _talks(node: ast.AST) -> str | None:
    if isinstance(node, ast.Call):
        f = node.func
        if isinstance(f, ast.Name) and f.id == "print":
            return "print("
        if isinstance(f, ast.Attribute) and f.attr == "exit" and isinstance(f.value, ast.Name) and f.value.id == "sys":
            return "sys.exit("
    if isinstance(node, ast.Raise) and node.exc is not None:
        exc = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
        if isinstance(exc, ast.Name) and exc.id == "SystemExit":
            return "raise SystemExit"
    return None


def test_only_the_commands_print_or_exit() -> None:
    allowed = entry_points()
    found = []
    for m in MODULES:
        if layer(m) <= 1 or m == ERROR_BOUNDARY:
            continue
        tree = ast.parse(MODULES[m].read_text(encoding="utf-8"))
        skip: set[int] = set()
        for fn in ast.walk(tree):
            if isinstance(fn, ast.FunctionDef) and (m, fn.name) in allowed:
                skip.update(id(n) for n in ast.walk(fn))
        for node in ast.walk(tree):
            what = _talks(node)
            if what and id(node) not in skip:
                found.append(f"{MODULES[m].relative_to(REPO_ROOT)}:{getattr(node, 'lineno', 0)}: {what}")
    assert found == []


def test_every_console_script_exists() -> None:
    for module, function in entry_points():
        assert module in MODULES, module
        tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
        assert function in {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}, (module, function)
