"""Text helpers of the log parsers; whose words a text is lives in git_ledger/humantext.py."""
from __future__ import annotations

import hashlib

from git_ledger.humantext import INTERRUPT_PREFIX, human_text, is_interrupt

__all__ = ["INTERRUPT_PREFIX", "human_text", "is_interrupt", "short_hash"]


def short_hash(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8", "surrogatepass"), usedforsecurity=False).hexdigest()[:12]
