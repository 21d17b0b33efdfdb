"""Every command has --help and a docs page; the README opens with the two commands that matter."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from git_ledger.main import VERBS, main
from tests.testing.util import REPO_ROOT

README = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
DOCS = {p.name: p.read_text(encoding="utf-8") for p in (REPO_ROOT / "docs").glob("*.md")}
SUBCOMMANDS = {
    "cards": ["init", "new", "audit", "scan", "probe"],
    "ledger": ["merge", "install-merge-driver", "validate", "status"],
    "judge": ["list", "eval"],
    "guard": ["replay", "prefer"],
    "inject": ["preview"],
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


def test_bare_git_ledger_prints_the_command_list() -> None:
    from tests.testing.util import run_cli

    out = run_cli()
    assert out.returncode == 0 and out.stderr == ""
    assert out.stdout.startswith("usage: git-ledger")
    assert all(f"    {verb}" in out.stdout for verb in VERBS)


def _refs() -> set[str]:
    """Every branch and tag this checkout knows (its own, and its remotes' branches)."""
    import subprocess

    out = subprocess.run(("git", "-C", str(REPO_ROOT), "for-each-ref", "--format=%(refname)",
                          "refs/heads", "refs/tags", "refs/remotes"), capture_output=True, text=True, check=True)
    return {ref.split("/", 3)[-1] if ref.startswith("refs/remotes/") else ref.split("/", 2)[-1]
            for ref in out.stdout.split()}


def test_every_ref_the_docs_name_for_git_ledger_exists() -> None:
    named = []
    for name, text in {"README.md": README, **{f"docs/{k}": v for k, v in DOCS.items()}}.items():
        for block in re.findall(r"```ya?ml\n(.*?)\n```", text, re.S):
            if "git-ledger" not in block:
                continue
            named += [(name, m) for m in re.findall(r"^\s*rev:\s*(\S+)", block, re.M)]
            named += [(name, m) for m in re.findall(r"uses:\s*\S*git-ledger\S*@(\S+)", block)]
    assert named, "the docs name no git-ledger ref at all"
    refs = _refs()
    for name, ref in named:
        assert ref in refs, f"{name} names `{ref}`, which is neither a branch nor a tag of this repository"


def test_the_pre_commit_snippet_works_when_pasted(repo: Path) -> None:
    """The first snippet of docs/precommit.md, pasted as is, through real pre-commit: it passes a
    clean commit and refuses a secret."""
    import os
    import subprocess
    import sys

    from tests.testing.util import git

    snippet = re.findall(r"```yaml\n(.*?\n)```", DOCS["precommit.md"], re.S)[0]
    (repo / ".pre-commit-config.yaml").write_text(snippet)
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}

    def commit(name: str, text: str) -> subprocess.CompletedProcess[str]:
        (repo / name).write_text(text)
        git(repo, "add", "-A")
        return subprocess.run((sys.executable, "-m", "pre_commit", "run"), cwd=repo, env=env,
                              capture_output=True, text=True, timeout=300)

    clean = commit("notes.md", "Run `make test` before pushing.\n")
    assert clean.returncode == 0, clean.stdout + clean.stderr
    assert clean.stdout.count("Passed") + clean.stdout.count("Skipped") == 3, clean.stdout
    key = "AKIA" + "ZXCVBNMASDFGHJKL"  # an AWS access key id shape, split so this file holds none
    secret = commit("aws.py", f"KEY = '{key}'\n")
    assert secret.returncode == 1 and "aws.py:1: secret: AWS Access Key" in secret.stdout, secret.stdout
