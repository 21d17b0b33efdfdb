"""The tests carry what they need: none reads a folder beside the checkout."""
from __future__ import annotations

from tests.testing.util import REPO_ROOT, TRANSCRIPTS


def test_no_test_reads_outside_the_checkout() -> None:
    beside = ("..", "shared")
    needles = ("/".join(beside), "GIT_LEDGER_" + "SHARED", 'parent / "' + beside[1] + '"')
    offenders = [
        str(path.relative_to(REPO_ROOT)) for path in sorted((REPO_ROOT / "tests").rglob("*.py"))
        if any(n in path.read_text(encoding="utf-8") for n in needles)
    ]
    assert offenders == []


def test_every_transcript_folder_names_its_source_and_licence() -> None:
    licences = (REPO_ROOT / "tests" / "data" / "LICENSES.md").read_text(encoding="utf-8")
    for folder in sorted(p for p in TRANSCRIPTS.iterdir() if p.is_dir()):
        provenance = (folder / "PROVENANCE.md").read_text(encoding="utf-8")
        assert "License: MIT" in provenance and f"transcripts/{folder.name}/" in licences
