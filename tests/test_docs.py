"""Every command has --help and a docs page; the README opens with the two commands that matter."""
from __future__ import annotations

import re

import pytest

from git_ledger.main import VERBS, main
from tests.testing.util import REPO_ROOT

README = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
DOCS = {p.name: p.read_text(encoding="utf-8") for p in (REPO_ROOT / "docs").glob("*.md")}
SUBCOMMANDS = {
    "cards": ["init", "new", "audit", "scan", "probe"],
    "ledger": ["merge", "install-merge-driver", "validate", "status"],
    "judge": ["list", "eval"],
    "guard": ["replay"],
}


def _help(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as done:
        main([*argv, "--help"])
    assert done.value.code == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("verb", sorted(VERBS))
def test_every_command_has_help_and_a_docs_page(verb: str, capsys: pytest.CaptureFixture[str]) -> None:
    if verb == "hook":
        assert main(["hook", "--help"]) == 0
        out = capsys.readouterr().out
    else:
        out = _help([verb], capsys)
    assert out.startswith(f"usage: git-ledger {verb}")
    assert f"git-ledger {verb}" in README, f"README has no usage for {verb}"
    assert any(f"git-ledger {verb}" in text for text in DOCS.values()), f"no docs page shows `git-ledger {verb}`"


@pytest.mark.parametrize(("verb", "sub"), [(v, s) for v, subs in SUBCOMMANDS.items() for s in subs])
def test_every_subcommand_has_help(verb: str, sub: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert _help([verb, sub], capsys).startswith(f"usage: git-ledger {verb} {sub}")


def test_readme_opens_with_the_demo_and_the_test_command() -> None:
    blocks = re.findall(r"```sh\n(.*?)\n```", README, re.S)
    demo, tests = blocks[0].strip(), blocks[1].strip()
    assert "pip install" in demo and demo.endswith("git-ledger demo")
    assert "pip install" in tests and "pytest" in tests
    ci = (REPO_ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert tests in ci, ".ci/run must run the README's test command verbatim"


def test_docs_links_point_to_existing_files() -> None:
    for name, text in {"README.md": README, **{f"docs/{k}": v for k, v in DOCS.items()}}.items():
        base = REPO_ROOT if name == "README.md" else REPO_ROOT / "docs"
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text):
            if "://" in target or target.startswith("mailto:"):
                continue
            assert (base / target).exists(), f"{name} links to missing {target}"
