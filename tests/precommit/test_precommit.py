"""The pre-commit hooks, on real git repositories: called directly for the table of cases, and
through real `pre-commit try-repo` for the end-to-end runs (a few, each costs seconds)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from git_ledger import paths
from git_ledger.models import Case
from git_ledger.precommit.cards_audit import main as cards_audit_main
from git_ledger.precommit.no_raw_text import main as no_raw_text_main
from git_ledger.precommit.validate import main as validate_main
from git_ledger.store.store import Store
from tests.testing.fake_secrets import FAKE, PLAIN, PUNCTUATED, RANDOM, private_key
from tests.testing.util import REPO_ROOT, git, run_cli

CORRECTION = (
    "I told you not to touch the lockfile, revert it and pin the version again. "
    "不要改動 lockfile 的版本號，這已經是第二次了。"
)
CASE_ID = "3f2a9c1d7e8b4a5f6c0d1e2f"
REPORT = f"stored correction text (case {CASE_ID[:8]}…, claude 2026-10-20)"


def add_case(text: str, case_id: str = CASE_ID, date: str = "2026-10-20") -> None:
    with Store.open(paths.db_path()) as store:
        store.add_cases([Case(
            id=case_id, repo="github.com/example/widget", agent="claude", session="s-" + case_id,
            date=date, timestamp=f"{date}T10:00:00Z", type="instruction-violation", source="human",
            text=text, context="Edit package-lock.json", typed_by="rule:en-told-you-not",
        )])


def stage(repo: Path, name: str, content: str | bytes) -> None:
    path = repo / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content.encode() if isinstance(content, str) else content)
    git(repo, "add", name)


def commit_unchecked(repo: Path, message: str = "x") -> None:
    git(repo, "commit", "-q", "--no-verify", "-m", message)


@pytest.fixture
def work(repo: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(repo)
    return repo


def run_hook(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    rc = no_raw_text_main(list(argv))
    return rc, capsys.readouterr().out


# ------------------------------------------------------------------- stored corrections
def test_a_stored_correction_is_blocked_and_never_printed(work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    add_case(CORRECTION)
    # Quoted, re-wrapped, re-cased and re-punctuated: still the user's words.
    stage(work, "docs/notes.md", "# Notes\n\nok\n> I told you NOT to touch the\n> **lockfile** - revert it "
          "and pin the version again!\n")
    rc, out = run_hook(capsys)
    assert rc == 1
    assert f"docs/notes.md:4: {REPORT}\n" in out
    assert "lockfile" not in out and "revert" not in out


def test_a_chinese_correction_matches_across_spacing_and_punctuation(
    work: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    add_case(CORRECTION)
    stage(work, "CLAUDE.md", "rules:\n- 不要改動lockfile的版本號 這已經是第二次了\n")
    rc, out = run_hook(capsys)
    assert (rc, out.splitlines()[0]) == (1, f"CLAUDE.md:2: {REPORT}")
    assert "版本號" not in out


def test_short_common_phrases_are_not_matched(work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    add_case("run the tests again")  # below the minimum length: matches too much to mean anything
    stage(work, "CONTRIBUTING.md", "Before you push, run the tests again.\n")
    assert run_hook(capsys) == (0, "")


def test_one_pass_finds_the_case_among_thousands(work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with Store.open(paths.db_path()) as store:
        store.add_cases([
            Case(id=f"c{i:05d}" + "f" * 18, repo="r", agent="codex", session=f"s{i}", date="2026-10-01",
                 timestamp="2026-10-01T00:00:00Z", type="omission", source="human",
                 text=f"you missed the migration for table number {i} in the billing service", context="",
                 typed_by="rule:x")
            for i in range(3000)
        ])
    stage(work, "CHANGELOG.md", "- fixed\n- you missed the migration for table number 1717 in the billing service\n")
    rc, out = run_hook(capsys)
    assert rc == 1
    assert out.splitlines()[0] == "CHANGELOG.md:2: stored correction text (case c01717ff…, codex 2026-10-01)"
    assert len(out.splitlines()) == 2  # that case only, and the summary line


# ------------------------------------------------------------------------------ secrets
@pytest.mark.parametrize(
    ("name", "content", "kind"),
    [
        ("app/settings.py", f"AWS_KEY = '{FAKE['aws']}'\n", "AWS Access Key"),
        (".env", f"DEBUG=1\nGITHUB_TOKEN={FAKE['ghp']}\n", "GitHub Token"),
        ("deploy/id_rsa", FAKE["pem"] + "\n", "Private Key"),
        ("config.yaml", f"slack:\n  token: {FAKE['slack']}\n", "Slack Token"),
        ("db.ini", f"[db]\nurl = {FAKE['url']}\n", "Basic Auth Credentials"),
        ("latin1.txt", b"caf\xe9 cr\xe8me\nkey=" + FAKE["aws"].encode() + b" \xff\n", "AWS Access Key"),
        ("utf16.txt", "\ufeffhello\nkey " + FAKE["aws"] + "\n", "AWS Access Key"),
        ("blob.bin", b"\x00\x01\x02\xff" * 50 + b"\n" + FAKE["aws"].encode() + b"\x00\n", "AWS Access Key"),
        ("crlf.cfg", f"a=1\r\npassword = \"{FAKE['pw']}\"\r\n", "Secret Keyword"),
    ],
)
def test_a_staged_secret_is_blocked_and_its_value_never_printed(
    work: Path, capsys: pytest.CaptureFixture[str], name: str, content: str | bytes, kind: str
) -> None:
    if name == "utf16.txt":
        content = str(content).encode("utf-16-le")
    stage(work, name, content)
    rc, out = run_hook(capsys, name)
    lines = out.splitlines()
    assert rc == 1
    assert any(line.startswith(f"{name}:") and line.endswith(f": secret: {kind}") for line in lines), out
    assert "no local store" in lines[0]  # no store in this test: secrets only, said once
    for value in FAKE.values():
        assert value not in out and value.split("\n")[1 if "\n" in value else 0] not in out


def test_an_allowlisted_line_passes(work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    stage(work, "fixtures.py", f"EXAMPLE = '{FAKE['aws']}'  # pragma: allowlist secret\n")
    rc, out = run_hook(capsys)
    assert rc == 0 and ": secret:" not in out


def test_only_added_lines_are_checked(work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    stage(work, "old.py", f"KEY = '{FAKE['aws']}'\nx = 1\n")
    commit_unchecked(work)
    (work / "old.py").write_text(f"KEY = '{FAKE['aws']}'\nx = 2\n")
    git(work, "add", "old.py")
    git(work, "mv", "old.py", "renamed.py")
    stage(work, "gone.txt", "")
    assert run_hook(capsys, "renamed.py")[0] == 0


def test_files_named_but_not_staged_are_read_whole(work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`pre-commit run --all-files` names files the staged diff does not touch."""
    stage(work, "legacy.py", f"x = 1\nKEY = '{FAKE['aws']}'\n")
    commit_unchecked(work)
    rc, out = run_hook(capsys, "legacy.py", "README.md")
    assert (rc, out.splitlines()[1]) == (1, "legacy.py:2: secret: AWS Access Key")


def test_pre_push_checks_the_pushed_range(work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = git(work, "rev-parse", "HEAD").strip()
    stage(work, "a.py", f"KEY = '{FAKE['aws']}'\n")
    commit_unchecked(work)
    rc, out = run_hook(capsys, "--from-ref", base, "--to-ref", "HEAD")
    assert rc == 1 and "a.py:1: secret: AWS Access Key" in out
    assert run_hook(capsys)[0] == 0  # nothing staged


def test_a_huge_change_is_checked_in_full(work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    add_case(CORRECTION)
    filler = "".join(f"line {i} of generated data, nothing to see\n" for i in range(120_000))
    stage(work, "big.txt", filler + CORRECTION + "\n" + filler + f"key {FAKE['aws']}\n")
    rc, out = run_hook(capsys)
    assert rc == 1
    assert f"big.txt:120001: {REPORT}" in out
    assert "big.txt:240002: secret: AWS Access Key" in out


# ------------------------------------------------------------------------- fail closed
def test_outside_a_repository_it_blocks_with_the_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    rc, out = run_hook(capsys)
    assert rc == 1
    assert out == ("git-ledger-no-raw-text: blocked: cannot check what is being committed: git rev-parse "
                   "failed: fatal: not a git repository (or any of the parent directories): .git\n")


def test_a_corrupt_index_blocks(work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    stage(work, "a.txt", "hello\n")
    (work / ".git" / "index").write_bytes(b"DIRC garbage")
    rc, out = run_hook(capsys)
    assert rc == 1 and "blocked" in out and "index" in out


def test_a_named_file_that_cannot_be_read_blocks(work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rc, out = run_hook(capsys, "missing.txt")
    assert rc == 1 and "blocked" in out and "cannot read missing.txt" in out


def test_an_unreadable_store_blocks_instead_of_skipping(work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = paths.db_path()
    db.parent.mkdir(parents=True)
    db.write_bytes(b"this is not sqlite" * 100)
    stage(work, "a.txt", "hello\n")
    rc, out = run_hook(capsys)
    assert rc == 1 and "blocked" in out and "cannot read the store" in out


def _dangling(db: Path) -> str:
    db.symlink_to(db.parent / "on-an-unmounted-volume" / "ledger.db")
    return "is a symlink to nothing"


def _loop(db: Path) -> str:
    db.symlink_to(db)
    return "cannot look at the store"


def _directory(db: Path) -> str:
    db.mkdir()
    return "is not a regular file"


def _fifo(db: Path) -> str:
    os.mkfifo(db)
    return "is not a regular file"


def _dev_null(db: Path) -> str:
    db.symlink_to(os.devnull)
    return "is not a regular file"


def _under_a_file(db: Path) -> str:
    db.parent.rmdir()
    db.parent.write_text("a file where the store folder should be")
    return "cannot look at the store"


@pytest.mark.parametrize("make", [_dangling, _loop, _directory, _fifo, _dev_null, _under_a_file])
def test_a_store_path_that_is_not_a_store_blocks(
    work: Path, capsys: pytest.CaptureFixture[str], make: object
) -> None:
    """Issue 15, fault 5: only "no store was ever created" may pass; anything else at the store's
    path (a store on an unmounted volume, a directory, a FIFO, /dev/null) blocks with one line."""
    db = paths.db_path()
    db.parent.mkdir(parents=True)
    why = make(db)  # type: ignore[operator]
    stage(work, "a.txt", CORRECTION + "\n")
    rc, out = run_hook(capsys)
    assert rc == 1 and out.count("\n") == 1, out
    assert out.startswith("git-ledger-no-raw-text: blocked: ") and why in out and str(db) in out


@pytest.mark.skipif(os.geteuid() == 0, reason="root searches any folder")
def test_an_unsearchable_store_folder_blocks_with_one_line(work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = paths.db_path()
    db.parent.mkdir(parents=True)
    db.parent.chmod(0o600)  # readable, not searchable
    try:
        stage(work, "a.txt", "hello\n")
        rc, out = run_hook(capsys)
    finally:
        db.parent.chmod(0o700)
    assert rc == 1 and out.count("\n") == 1 and "cannot look at the store" in out


def test_without_a_store_it_checks_secrets_only_and_creates_nothing(
    work: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    stage(work, "a.txt", CORRECTION + "\n")
    rc, out = run_hook(capsys)
    assert (rc, out) == (0, f"git-ledger-no-raw-text: no local store at {paths.db_path()}: checking secrets only\n")
    assert not paths.db_path().exists() and not paths.data_dir().exists()


# ----------------------------------------------------------------- validate, cards audit
def _ledger(repo: Path) -> Path:
    from git_ledger.ledger import load_ledger, save_ledger
    from git_ledger.ledger.model import Entry, LedgerData
    from git_ledger.ledger.promote import Unit
    from git_ledger.models import unit_fingerprint

    path = paths.default_ledger_path(repo)
    path.parent.mkdir(parents=True, exist_ok=True)
    units = frozenset({Unit("2026-10-01", unit_fingerprint("claude", "a")),
                       Unit("2026-10-02", unit_fingerprint("claude", "b"))})
    entry = Entry("github.com/example/widget", "omission", units, "P-0001", "proposed", None)
    save_ledger(load_ledger(path), LedgerData(entries={"P-0001": entry}, pending={}))
    return path


def test_validate_passes_a_good_ledger_and_reports_a_bad_one(work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ledger = _ledger(work)
    (work / ".git-ledger" / "config.yaml").write_text("inject:\n  limit: 4\n")  # not a ledger
    assert validate_main([".git-ledger/proposals.yaml", ".git-ledger/config.yaml"]) == 0
    ledger.write_text(ledger.read_text().replace("    type: omission\n", "    type: omission\n    why: you skipped it\n"))
    git(work, "add", ".git-ledger")
    assert validate_main([]) == 1  # no names: every tracked ledger file
    out = capsys.readouterr().out
    assert out.startswith(".git-ledger/proposals.yaml:") and "unknown key 'why'" in out


def test_cards_audit_runs_only_where_a_library_exists(work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cards_audit_main([]) == 0 and capsys.readouterr().out == ""
    assert run_cli("cards", "init", "--agents-file", "AGENTS.md", cwd=work).returncode == 0
    assert cards_audit_main([]) == 0
    (work / "procedures" / "build-cache-miss.md").write_text("# build-cache-miss\n\nno sections yet\n")
    assert cards_audit_main(["procedures/build-cache-miss.md"]) == 1
    assert "procedures/build-cache-miss.md:1: P0 no-trigger" in capsys.readouterr().out


# ------------------------------------------------------------------------------ manifest
def test_the_manifest_is_valid_and_names_our_console_scripts() -> None:
    import configparser

    import yaml  # pre-commit's own dependency

    out = subprocess.run((sys.executable, "-m", "pre_commit", "validate-manifest", ".pre-commit-hooks.yaml"),
                         cwd=REPO_ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
    hooks = {h["id"]: h for h in yaml.safe_load((REPO_ROOT / ".pre-commit-hooks.yaml").read_text())}
    cfg = configparser.ConfigParser()
    cfg.read(REPO_ROOT / "setup.cfg")
    scripts = dict(line.split(" = ") for line in cfg["options.entry_points"]["console_scripts"].strip().splitlines())
    assert set(hooks) == {"git-ledger-no-raw-text", "git-ledger-validate", "git-ledger-cards-audit"}
    for hook in hooks.values():
        assert scripts[hook["entry"]].startswith("git_ledger.precommit.")  # one module per hook
        assert hook["minimum_pre_commit_version"] == "3.2.0"
        assert hook["stages"] == ["pre-commit", "pre-push", "manual"]
    assert hooks["git-ledger-no-raw-text"]["require_serial"] is True


# --------------------------------------------------------------------- real pre-commit
@pytest.fixture(scope="session")
def hook_repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """This checkout as a hook repository: the files the next commit will hold (tracked and new,
    as `git ls-files` sees them), committed in a scratch repo, so pre-commit installs exactly
    what is here without touching the checkout's own git state (`try-repo` on the checkout
    itself would leave new, untracked files out of its shadow commit)."""
    names = subprocess.run(("git", "-C", str(REPO_ROOT), "ls-files", "-z", "--cached", "--others",
                            "--exclude-standard"), capture_output=True, check=True).stdout
    dest = tmp_path_factory.mktemp("hook-repo")
    top = {"setup.cfg", "setup.py", "pyproject.toml", "README.md", "LICENSE", ".pre-commit-hooks.yaml"}
    for raw in names.split(b"\0"):
        name = os.fsdecode(raw)
        if (name in top or name.startswith("git_ledger/")) and (REPO_ROOT / name).is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(REPO_ROOT / name, dest / name)
    ident = ("-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false")
    subprocess.run(("git", "init", "-q", str(dest)), check=True)
    subprocess.run(("git", "-C", str(dest), "add", "-A"), check=True)
    subprocess.run(("git", *ident, "-C", str(dest), "commit", "-q", "-m", "snapshot"), check=True)
    return dest


@pytest.fixture(scope="session")
def pip_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    # Each test has its own HOME, so pip's default cache would start cold for every hook env.
    return tmp_path_factory.mktemp("pip-cache")


def pre_commit(repo: Path, hook_repo: Path, pip_cache: Path, *args: str, hooks: Sequence[str] = (),
               env: dict[str, str] | None = None) -> tuple[int, str]:
    """Real pre-commit. `try-repo` when `args` start with it (it builds the hook env in a fresh
    temporary store every time, tens of seconds); else `run` with a config naming the hook repo,
    whose env is built once per session in the shared PRE_COMMIT_HOME."""
    if args[:1] == ("try-repo",):
        cmd: tuple[str, ...] = ("try-repo", str(hook_repo), *args[1:])
    else:
        rev = git(hook_repo, "rev-parse", "HEAD").strip()
        config = repo.parent / "pre-commit-config.yaml"  # outside the repo: never "unstaged"
        config.write_text(f"repos:\n-   repo: {hook_repo}\n    rev: {rev}\n    hooks:\n"
                          + "".join(f"    -   id: {h}\n" for h in hooks))
        cmd = ("run", "-c", str(config), *args)
    out = subprocess.run(
        (sys.executable, "-m", "pre_commit", *cmd), cwd=repo, capture_output=True, text=True, timeout=1200,
        env={**os.environ, "PIP_CACHE_DIR": str(pip_cache), **(env or {})},
    )
    return out.returncode, out.stdout + out.stderr


ALL_HOOKS = ("git-ledger-no-raw-text", "git-ledger-validate", "git-ledger-cards-audit")


@pytest.fixture
def staged_secrets(repo: Path) -> Path:
    stage(repo, "docs/notes.md", "# Notes\n\n" + CORRECTION.split(". ")[0] + ".\n")
    stage(repo, "aws.py", f"KEY = '{FAKE['aws']}'\n")
    stage(repo, "ci/token.env", f"GITHUB_TOKEN={FAKE['ghp']}\n")
    stage(repo, "keys/id_rsa", private_key("OPENSSH") + "\n")
    stage(repo, "latin1.txt", b"r\xe9sum\xe9 \xff\xfe\nkey: " + FAKE["aws2"].encode() + b"\n")
    return repo


def _no_values(out: str) -> None:
    for value in (*FAKE.values(), private_key("OPENSSH")):
        for piece in value.split("\n"):
            assert piece.startswith("-----") or piece not in out
    assert "lockfile" not in out


def test_try_repo_blocks_stored_text_and_secrets(staged_secrets: Path, hook_repo: Path, pip_cache: Path) -> None:
    add_case(CORRECTION)
    rc, out = pre_commit(staged_secrets, hook_repo, pip_cache, "try-repo", "git-ledger-no-raw-text")
    assert rc == 1, out
    for line in (f"docs/notes.md:3: {REPORT}", "aws.py:1: secret: AWS Access Key",
                 "ci/token.env:1: secret: GitHub Token", "keys/id_rsa:1: secret: Private Key",
                 "latin1.txt:2: secret: AWS Access Key"):
        assert line in out.splitlines(), out
    assert "no local store" not in out
    _no_values(out)


def test_pre_commit_without_a_store_checks_secrets_only(staged_secrets: Path, hook_repo: Path, pip_cache: Path) -> None:
    rc, out = pre_commit(staged_secrets, hook_repo, pip_cache, hooks=ALL_HOOKS)
    assert rc == 1
    assert out.count("no local store at ") == 1 and "checking secrets only" in out
    assert "aws.py:1: secret: AWS Access Key" in out and "stored correction text (case" not in out
    _no_values(out)


def test_pre_commit_passes_a_clean_change_through_all_three_hooks(repo: Path, hook_repo: Path, pip_cache: Path) -> None:
    add_case(CORRECTION)
    _ledger(repo)
    assert run_cli("cards", "init", "--agents-file", "AGENTS.md", cwd=repo).returncode == 0
    stage(repo, "README.md", "widget\n\nRun `make test` before pushing. Commit 3f2a9c1d7e8b4a5f6c0d1e2f3a4b5c6d7e8f9a0b.\n")
    git(repo, "add", "-A")
    rc, out = pre_commit(repo, hook_repo, pip_cache, hooks=ALL_HOOKS)
    assert rc == 0, out
    for name in ("git-ledger no raw text or secrets", "git-ledger ledger schema", "git-ledger cards audit"):
        assert any(line.startswith(name) and line.endswith("Passed") for line in out.splitlines()), out


def test_pre_commit_blocks_when_the_staged_diff_cannot_be_read(
    staged_secrets: Path, hook_repo: Path, pip_cache: Path, tmp_path: Path
) -> None:
    """A git that fails on the hook's own read (and only there) stands for an unreadable index."""
    fake = tmp_path / "bin"
    fake.mkdir()
    real = shutil.which("git")
    (fake / "git").write_text(
        "#!/bin/sh\n"
        'for a in "$@"; do [ "$a" = "--no-textconv" ] && { echo "fatal: unable to read index" >&2; exit 128; }; done\n'
        f'exec {real} "$@"\n'
    )
    (fake / "git").chmod(0o755)
    rc, out = pre_commit(staged_secrets, hook_repo, pip_cache, hooks=["git-ledger-no-raw-text"],
                         env={"PATH": f"{fake}{os.pathsep}{os.environ['PATH']}"})
    assert rc == 1
    assert "git-ledger-no-raw-text: blocked: cannot check what is being committed: git diff failed: " \
           "fatal: unable to read index" in out


def test_pre_commit_pre_push_checks_the_pushed_commits(repo: Path, hook_repo: Path, pip_cache: Path) -> None:
    base = git(repo, "rev-parse", "HEAD").strip()
    stage(repo, "aws.py", f"KEY = '{FAKE['aws']}'\n")
    commit_unchecked(repo)
    rc, out = pre_commit(repo, hook_repo, pip_cache, "--hook-stage", "pre-push", "--from-ref", base,
                         "--to-ref", "HEAD", hooks=["git-ledger-no-raw-text"])
    assert rc == 1 and "aws.py:1: secret: AWS Access Key" in out
    _no_values(out)


# ------------------------------------------------- what detect-secrets reads as config
# (file-by-file comparison with `detect-secrets scan` over every file type: tests/masking/test_fileviews.py)
def test_unquoted_assignments_detect_secrets_finds_are_blocked(work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The QA report: `db_password=…` in .env, .sh and .txt files passed, while `detect-secrets
    scan` (which reads such files as INI) reported each; so did `password=…!` in a .env."""
    for name in ("a.env", "a.sh", "a.txt", "a.ini"):
        stage(work, name, f"db_password={PLAIN}\n")
    stage(work, "b.env", f"password={PUNCTUATED}\n")
    rc, out = run_hook(capsys)
    assert rc == 1
    assert [line for line in out.splitlines() if ": secret: " in line] == [
        f"{n}:1: secret: Secret Keyword" for n in ("a.env", "a.ini", "a.sh", "a.txt", "b.env")]
    assert PLAIN not in out and PUNCTUATED not in out


def test_a_line_added_to_an_env_file_is_read_with_the_whole_file(work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The diff shows one line of context: whether the file is INI as a whole (and so how
    detect-secrets reads the new line) takes the whole staged file."""
    stage(work, ".env", "# settings\nHOST=db\nPORT=5432\nUSER=app\n")
    stage(work, "db.ini", "[db]\nhost = x\npassword =\n    placeholder\n")
    commit_unchecked(work)
    stage(work, ".env", f"# settings\nHOST=db\nPORT=5432\nUSER=app\nsession={RANDOM}\n")
    stage(work, "db.ini", f"[db]\nhost = x\npassword =\n    {PLAIN}\n")
    rc, out = run_hook(capsys)
    assert rc == 1
    assert ".env:5: secret: Base64 High Entropy String" in out.splitlines()
    assert "db.ini:4: secret: Secret Keyword" in out.splitlines()


def test_a_key_read_from_the_environment_in_code_is_not_a_secret(work: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The shown lines of a TypeScript object look like INI; the whole file does not, so the
    line is read as code (as detect-secrets reads it) and a reference is not a credential."""
    stage(work, "src/db.ts", 'import { Pool } from "pg";\nexport const db = {\n  host: "db",\n  port: 5432,\n};\n')
    stage(work, "settings.py", "import os\n")
    commit_unchecked(work)
    stage(work, "src/db.ts", 'import { Pool } from "pg";\nexport const db = {\n  host: "db",\n'
          "  password: process.env.DB_PASSWORD,\n  port: 5432,\n};\n")
    stage(work, "settings.py", 'import os\nDB_PASSWORD = os.environ["DB_PASSWORD"]\n'
          "SECRET_KEY = settings.SECRET_KEY\n")
    assert run_hook(capsys) == (0, f"git-ledger-no-raw-text: no local store at {paths.db_path()}: checking secrets only\n")
