"""The composite action: its inputs and steps, and its shell steps run for real."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML

from tests.testing.fake_github import TOKEN, FakeGitHub, serve
from tests.testing.pr_util import ledger_clone
from tests.testing.util import REPO_ROOT

ACTION = REPO_ROOT / "action" / "action.yml"
# Read at import, before the autouse fixture swaps HOME: reuse the machine's pip cache.
PIP_CACHE = os.environ.get("PIP_CACHE_DIR") or str(Path.home() / ".cache" / "pip")


def _action() -> dict[str, Any]:
    return dict(YAML(typ="safe").load(ACTION.read_text(encoding="utf-8")))


def _step(name: str) -> dict[str, Any]:
    return next(s for s in _action()["runs"]["steps"] if s.get("name", "").startswith(name))


def _run_step(step: dict[str, Any], inputs: dict[str, str], env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run a `run:` step as the runner would: `${{ inputs.x }}` in its env, bash -e."""
    step_env = {}
    for key, value in step.get("env", {}).items():
        step_env[key] = re.sub(r"\$\{\{\s*inputs\.([\w-]+)\s*\}\}", lambda m: inputs[m.group(1)], str(value))
    assert "${{" not in step["run"], "inputs reach scripts through env only (no template injection)"
    return subprocess.run(("bash", "-e", "-c", step["run"]), cwd=cwd, capture_output=True, text=True,
                          env={**os.environ, **env, **step_env})


def test_inputs_and_steps() -> None:
    action = _action()
    assert action["runs"]["using"] == "composite"
    inputs = action["inputs"]
    assert set(inputs) >= {"ledger", "procedures", "token", "open-prs", "python-version"}
    assert inputs["token"]["default"] == "${{ github.token }}"
    assert inputs["open-prs"]["default"] == "true"
    steps = action["runs"]["steps"]
    assert steps[0]["uses"].startswith("actions/setup-python@")
    assert steps[0]["with"]["python-version"] == "${{ inputs.python-version }}"
    for step in steps[1:]:
        assert step["shell"] == "bash"  # every run step of a composite action needs one
    scripts = "\n".join(s["run"] for s in steps[1:])
    assert '"$GITHUB_ACTION_PATH/.."' in scripts  # installs this package from the action's own path
    assert "git-ledger cards audit" in scripts and "--format github" in scripts
    assert "git-ledger pr" in scripts
    assert _step("Open pull requests")["if"] == "${{ !cancelled() && inputs.open-prs == 'true' }}"


def test_example_workflow_in_docs_is_least_privilege() -> None:
    doc = (REPO_ROOT / "docs" / "action.md").read_text(encoding="utf-8")
    block = doc.split("```yaml\n", 1)[1].split("```", 1)[0]
    workflow = YAML(typ="safe").load(block)
    assert set(workflow[True] if True in workflow else workflow["on"]) == {"push", "schedule", "workflow_dispatch"}
    assert workflow["permissions"] == {"contents": "write", "pull-requests": "write", "issues": "write"}
    assert "pull_request_target" not in block


@pytest.fixture
def github() -> Iterator[FakeGitHub]:
    yield from serve(FakeGitHub())


def _bin_env() -> dict[str, str]:
    return {"PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}


def test_audit_and_pr_steps_run_the_same_commands(tmp_path: Path, github: FakeGitHub) -> None:
    work = ledger_clone(tmp_path)
    inputs = {"ledger": ".git-ledger/proposals.yaml", "procedures": "procedures", "token": TOKEN,
              "open-prs": "true", "python-version": "3.11", "base": "main"}
    env = {**_bin_env(), "GITHUB_REPOSITORY": "example/widget", "GITHUB_API_URL": github.url}

    audit = _run_step(_step("Audit"), inputs, env, work)
    assert audit.returncode == 0 and "no procedures/ folder" in audit.stdout

    subprocess.run((sys.executable, "-m", "git_ledger", "cards", "init", "--agents-file", "AGENTS.md"), cwd=work, check=True, capture_output=True)
    audit = _run_step(_step("Audit"), inputs, env, work)
    assert audit.returncode == 0, audit.stdout + audit.stderr

    opened = _run_step(_step("Open pull requests"), inputs, env, work)
    assert opened.returncode == 0, opened.stderr
    assert len(github.pulls) == 2 and github.violations == []
    assert TOKEN not in opened.stdout + opened.stderr
    # The bot identity from the step's env authored the branch commits.
    subprocess.run(("git", "fetch", "-q", "origin"), cwd=work, check=True)
    log = subprocess.run(("git", "log", "-1", "--format=%an", "origin/git-ledger/P-0001"), cwd=work,
                         capture_output=True, text=True)
    assert log.stdout.strip() == "github-actions[bot]"


@pytest.mark.slow
def test_install_step_installs_the_package_from_the_action_path(tmp_path: Path) -> None:
    gh_path = tmp_path / "github_path"
    gh_path.touch()
    env = {"GITHUB_ACTION_PATH": str(REPO_ROOT / "action"), "RUNNER_TEMP": str(tmp_path),
           "GITHUB_PATH": str(gh_path), "PIP_CACHE_DIR": PIP_CACHE, **_bin_env()}
    done = _run_step(_step("Install"), {}, env, tmp_path)
    assert done.returncode == 0, done.stderr
    bin_dir = Path(gh_path.read_text().strip())
    version = subprocess.run((str(bin_dir / "git-ledger"), "--version"), capture_output=True, text=True)
    assert version.stdout.strip().startswith("git-ledger ")
