"""detect-secrets' readings of config and YAML files, and the hook finding at least what
`detect-secrets scan` finds, file by file, in every file type it knows."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from git_ledger.masking import fileviews, prefilter
from git_ledger.masking.candidates import candidates
from git_ledger.masking.mask import find_secrets as find_in_text
from git_ledger.masking.prefilter import is_object_id
from git_ledger.precommit import staged
from git_ledger.precommit.no_raw_text import find_secrets
from tests.testing.fake_secrets import (
    ASSIGNMENT_FILES,
    ASSIGNMENTS,
    FILE_NAMES,
    PLAIN,
    PLUGIN_LINES,
    PUNCTUATED,
    RANDOM,
)

# One secret per file (so that detect-secrets' whole-file readings apply), the multi-line
# files, every plugin's shape in one file, and every plugin's shape alone in a file.
CONTENTS = ([a + "\n" for a in ASSIGNMENTS] + ASSIGNMENT_FILES + ["\n".join(PLUGIN_LINES) + "\n"]
            + [p + "\n" for p in PLUGIN_LINES])
GENERIC = ("Base64 High Entropy String", "Hex High Entropy String", "Secret Keyword")


def detect_secrets_scan(path: Path) -> set[tuple[int, str]]:
    """(line, type) as `detect-secrets scan <file>` reports them (default settings), less the
    documented exceptions: public IPs, git object ids."""
    from detect_secrets.core.scan import scan_file
    from detect_secrets.settings import default_settings

    cwd = os.getcwd()
    os.chdir(path.parent)
    try:
        with default_settings():
            found = list(scan_file(path.name))
    finally:
        os.chdir(cwd)
    return {(s.line_number, s.type) for s in found
            if s.type != "Public IP (ipv4)" and not (s.type.startswith("Hex") and is_object_id(s.secret_value or ""))}


# -------------------------------------------------------------------------- file types
def test_file_kinds_follow_detect_secrets() -> None:
    from detect_secrets.util.filetype import FileType, determine_file_type

    groups = {FileType.YAML: "yaml", FileType.CONFIG: "config", FileType.INI: "config",
              FileType.PROPERTIES: "config", FileType.TOML: "config", FileType.EXAMPLE: "example",
              FileType.OTHER: "other"}
    for name in FILE_NAMES + ["a.yml", "a.c", "a.cs", "x.unknown", "noext", ".env.local"]:
        assert fileviews.file_kind(name) == groups.get(determine_file_type(name), "code"), name


# ------------------------------------------------------------------------ INI readings
def test_an_env_file_reads_as_quoted_assignments() -> None:
    lines = ["# production", "export DB_HOST=db1", "", "user: app", 'motd="a"b"']
    assert fileviews.config_views(lines, "other") == [
        None, 'export DB_HOST = "db1"', None, 'user = "app"', 'motd = "a\\"b"']


def test_a_value_continued_on_indented_lines_keeps_its_key() -> None:
    lines = ["[db]", "hosts =", "    first", "  ; a comment", "", "    second", "port = 1"]
    assert fileviews.config_views(lines, "config") == [
        None, None, 'hosts = "first"', None, None, 'hosts = "second"', 'port = "1"']


@pytest.mark.parametrize(
    ("lines", "kind"),
    [
        (["#!/bin/sh", "set -e", "password=x"], "other"),  # a command: not INI
        (["password=x"], "config"),  # a known type needs a [section]
        (["[a]", "k=1", "k=2"], "other"),  # a duplicate key
        (["=x"], "other"),  # an empty key
    ],
)
def test_a_file_that_is_not_ini_has_no_reading(lines: list[str], kind: str) -> None:
    assert fileviews.config_views(lines, kind) is None


# ----------------------------------------------------------------------- YAML readings
@pytest.mark.parametrize(
    ("line", "view"),
    [
        ("motd: hello there  # old", 'motd: "hello there"  # old'),
        ("  - secret_key: &k 'it''s'", "secret_key: \"it's\""),
        ('"api key": "a\\"b"', 'api key: "a\\"b"'),
        ("key: |", None),
        ("key: [a, b]", None),
        ("- plain item", None),
    ],
)
def test_yaml_lines_read_as_detect_secrets_reads_them(line: str, view: str | None) -> None:
    assert fileviews.yaml_views(line) == ([view] if view else [])


def test_yaml_values_below_their_key_and_flow_mappings() -> None:
    below = ["    first", "    second", "  next: 1"]
    assert fileviews.yaml_views("  motd: |", below) == ['motd: "first\nsecond\n"']
    assert fileviews.yaml_views("  motd: >-", below) == ['motd: "first second"']
    assert fileviews.yaml_views("  motd:", below) == ['motd: "first second"']
    assert fileviews.yaml_views("  db:", ["    host: x"]) == []  # a nested mapping
    assert fileviews.yaml_views("- {user: a, token: 'b c', n: {x: 1}}") == []  # nested: left alone
    assert fileviews.yaml_views("db: {user: a, token: 'b c'}  # two") == ['user: "a"  # two', 'token: "b c"  # two']


# ----------------------------------------------- the hook finds what detect-secrets finds
@pytest.mark.parametrize("name", FILE_NAMES)
def test_the_hook_finds_everything_detect_secrets_scan_finds(name: str, tmp_path: Path) -> None:
    """For each file type, each content as a file: every line `detect-secrets scan` reports is
    a prefilter candidate and a hook finding, and every named token type it reports on a line is
    reported there too (a keyword or entropy hit may stand behind a named type on its line)."""
    reported = 0
    for i, content in enumerate(CONTENTS):
        path = tmp_path / str(i) / name
        path.parent.mkdir()
        path.write_text(content)
        theirs = detect_secrets_scan(path)
        whole = staged.read_whole_file(path.name, path.parent)
        picked = {ln.number for ln in candidates(name, whole.text, whole.added, whole=True)}
        ours = {(p.line, p.kind.removeprefix("secret: ")) for p in find_secrets([whole])}
        lines = {n for n, _ in theirs}
        assert lines <= picked, f"prefilter dropped a line of {content!r}"
        assert lines <= {n for n, _ in ours}, f"missed in {content!r}: {theirs} vs {ours}"
        assert {(n, t) for n, t in theirs if t not in GENERIC} <= ours
        assert set(find_in_text(content, name)) == ours  # the same reading without a diff
        reported += bool(theirs)
    assert reported >= 20  # the corpus really exercises detect-secrets in this type


@pytest.mark.parametrize("name", ["a.env", "run.sh", "notes.txt", "Dockerfile", "app.ts"])
def test_unquoted_assignments_in_files_of_no_known_type_are_found(name: str, tmp_path: Path) -> None:
    """The reported defect: detect-secrets reads these files as INI, so `db_password=…` is a
    keyword hit there although its keyword rule for the type needs quotes."""
    for line in (f"db_password={PLAIN}", f"password={PUNCTUATED}", f"export SESSION={RANDOM}"):
        path = tmp_path / name
        path.write_text(line + "\n")
        assert detect_secrets_scan(path), line
        assert [p.line for p in find_secrets([staged.read_whole_file(name, tmp_path)])] == [1], line


def test_lines_detect_secrets_finds_ad_hoc_are_message_candidates() -> None:
    """Message mode: every corpus line on which detect-secrets' ad-hoc scan (limits applied)
    finds anything is a prefilter candidate."""
    from detect_secrets.core.scan import scan_line
    from detect_secrets.settings import default_settings, get_plugins

    lines = [line for content in CONTENTS for line in content.split("\n") if line]
    flagged = 0
    with default_settings():
        plugins = {p.secret_type: p for p in get_plugins()}
        for line in lines:
            hits = [s for s in scan_line(line) if s.type != "Public IP (ipv4)" and not (
                hasattr(plugins[s.type], "entropy_limit")
                and plugins[s.type].calculate_shannon_entropy(s.secret_value) <= plugins[s.type].entropy_limit)]
            if hits:
                flagged += 1
                assert prefilter.candidate_lines(line, eager=True) == [0], line
    assert flagged >= 40


def test_file_kind_and_readings_do_not_load_detect_secrets() -> None:
    import subprocess
    import sys

    code = ("import sys\nfrom git_ledger.masking import fileviews\n"
            "fileviews.config_views(['a=1', 'password=x'], 'other'); fileviews.yaml_views('a: b')\n"
            "print('detect_secrets' in sys.modules)\n")
    out = subprocess.run((sys.executable, "-c", code), capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
