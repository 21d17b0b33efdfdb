"""git-ledger: turn what users tell their coding agents into memory and reviewed rules."""
from __future__ import annotations

__version__ = "0.1.0"
