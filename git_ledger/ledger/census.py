"""Which ledgers this machine knows, and their headline numbers (for `collect --propose`, `stats`).

A repository's ledger is found where `propose` writes it by default
(`.git-ledger/proposals.yaml` at its top level), for every repository the collector or the hooks
have met; a ledger elsewhere (one in a dotfiles repository for every project) is named with
`--ledger`.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from git_ledger import paths
from git_ledger.ledger import load_ledger
from git_ledger.ledger.model import STATUSES


def known_ledgers(toplevels: Iterable[str]) -> list[tuple[Path, Path]]:
    """(ledger, repository top level) for each top level whose default ledger file exists."""
    found: list[tuple[Path, Path]] = []
    for top in sorted(set(toplevels)):
        root = Path(top)
        ledger = paths.default_ledger_path(root)
        if ledger.is_file() and (ledger, root) not in found:
            found.append((ledger, root))
    return found


@dataclass
class Census:
    """Proposals over one or more ledgers: numbered entries by status, and the adopted share."""

    ledgers: list[str] = field(default_factory=list)
    by_status: Counter[str] = field(default_factory=Counter)

    @property
    def numbered(self) -> int:
        return sum(self.by_status.values())

    @property
    def adopted_share(self) -> float | None:
        return round(self.by_status["adopted"] / self.numbered, 3) if self.numbered else None

    def as_json(self) -> dict[str, object]:
        return {"ledgers": self.ledgers, "numbered": self.numbered,
                **{s: self.by_status[s] for s in STATUSES}, "adopted_share": self.adopted_share}


def count_proposals(ledgers: Iterable[Path]) -> Census:
    """Entries by status over these ledger files (a file that does not exist counts nothing)."""
    census = Census()
    for path in ledgers:
        if not path.is_file() or str(path) in census.ledgers:
            continue
        census.ledgers.append(str(path))
        census.by_status.update(e.status for e in load_ledger(path).entries.values())
    return census
