"""`cards init` and `cards new` on real folders: create what is missing, never overwrite."""
from __future__ import annotations

from pathlib import Path

import pytest

from git_ledger.cards import init as cards_init
from git_ledger.cards.card import parse
from git_ledger.cards.init import BEGIN, END, LIBRARY_FILES
from git_ledger.errors import FatalError
from tests.testing.util import run_cli


def test_init_creates_the_library_and_appends_the_snippet_once(tmp_path: Path) -> None:
    agents = tmp_path / "AGENTS.md"
    original = b"# Agents\r\n\r\nRun `make test` before pushing.\r\n\r\nNo trailing newline here"
    agents.write_bytes(original)

    first = run_cli("cards", "init", "--agents-file", "AGENTS.md", cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    assert first.stdout.splitlines() == [
        "created  procedures/INDEX.md",
        "created  procedures/_template.md",
        "created  procedures/_inbox.md",
        "created  procedures/_layers.md",
        "appended AGENTS.md",
    ]
    after_first = agents.read_bytes()
    # The old bytes are an untouched prefix; the snippet follows in the file's own line endings.
    assert after_first.startswith(original)
    added = after_first[len(original):].decode()
    assert added.startswith("\r\n\r\n" + BEGIN)
    assert added.rstrip().endswith(END)
    assert "\n" not in added.replace("\r\n", "")
    assert "procedures/*.md" in added and "procedures/_inbox.md" in added
    library = {p: (tmp_path / "procedures" / p).read_bytes() for p in LIBRARY_FILES}

    second = run_cli("cards", "init", "--agents-file", "AGENTS.md", cwd=tmp_path)
    assert second.returncode == 0, second.stderr
    assert second.stdout.split() == [
        "kept", "procedures/INDEX.md", "kept", "procedures/_template.md", "kept",
        "procedures/_inbox.md", "kept", "procedures/_layers.md", "present", "AGENTS.md",
    ]
    assert agents.read_bytes() == after_first
    assert {p: (tmp_path / "procedures" / p).read_bytes() for p in LIBRARY_FILES} == library


def test_init_never_overwrites_an_existing_library_file(tmp_path: Path) -> None:
    lib = tmp_path / "procs"
    lib.mkdir()
    (lib / "INDEX.md").write_text("my own index\n")
    actions = cards_init.init(lib, "en", None)
    assert [(a.path.name, a.done) for a in actions] == [
        ("INDEX.md", "kept"), ("_template.md", "created"), ("_inbox.md", "created"), ("_layers.md", "created"),
    ]
    assert (lib / "INDEX.md").read_text() == "my own index\n"
    assert not [p for p in lib.iterdir() if p.name.endswith(".tmp")]


def test_snippet_names_the_folder_relative_to_the_agents_file_and_stays_small(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    action = cards_init.add_snippet(tmp_path / "CLAUDE.md", tmp_path / "docs" / "procedures", "en")
    assert action.done == "created"
    text = (tmp_path / "CLAUDE.md").read_text()
    assert "`docs/procedures/_inbox.md`" in text
    for lang in ("en", "zh"):
        body = cards_init.snippet(lang, "procedures")
        assert len(body) <= 650, (lang, len(body))  # about 0.6 KB resident, the whole point


def test_a_global_agents_file_names_the_workspace_folder(tmp_path: Path) -> None:
    home_agents = tmp_path / "home" / ".codex" / "AGENTS.md"
    home_agents.parent.mkdir(parents=True)
    cards_init.add_snippet(home_agents, tmp_path / "work" / "procedures", "en")
    assert 'grep -il "<phenomenon>" procedures/*.md' in home_agents.read_text()
    assert "`/" not in home_agents.read_text()


def test_chinese_templates_use_the_chinese_headings_and_parse(tmp_path: Path) -> None:
    out = run_cli("cards", "init", "--lang", "zh", "--agents-file", "CLAUDE.md", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    tmpl = (tmp_path / "procedures" / "_template.md").read_text()
    for heading in ("> **触发**：", "> **验证**：", "## 首选", "## 被挡时", "## 别再来", "## 注意", "证据："):
        assert heading in tmpl
    assert "| 弯路 | 为什么不通 |" in tmpl
    card = parse(Path("x-y.md"), tmpl.encode())
    assert list(card.sections) == ["trigger", "verify", "preferred", "blocked", "dont", "notes", "evidence"]
    assert "经验流程" in (tmp_path / "CLAUDE.md").read_text()


def test_new_copies_the_template_under_the_card_name(tmp_path: Path) -> None:
    assert run_cli("cards", "init", cwd=tmp_path).returncode == 0
    out = run_cli("cards", "new", "fetch-spa-shell", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    card = tmp_path / "procedures" / "fetch-spa-shell.md"
    text = card.read_text()
    assert text.splitlines()[0] == "# fetch-spa-shell"
    assert text.split("\n", 1)[1] == (tmp_path / "procedures" / "_template.md").read_text().split("\n", 1)[1]

    card.write_text(text + "edited\n")
    again = run_cli("cards", "new", "fetch-spa-shell.md", cwd=tmp_path)
    assert again.returncode == 1
    assert again.stderr.strip().endswith("already exists: edit it, or pick another name")
    assert card.read_text().endswith("edited\n")


def test_new_uses_the_folders_own_template(tmp_path: Path) -> None:
    lib = tmp_path / "procedures"
    lib.mkdir()
    (lib / "_template.md").write_text("# <分类>-<现象>\n\n> **触发**：<…>\n")
    path = cards_init.new_card(lib, "抓取-分享链接", "en")
    assert path.read_text() == "# 抓取-分享链接\n\n> **触发**：<…>\n"


@pytest.mark.parametrize("name", ["nohyphen", "-lead", "trail-", "_inbox-x", "a/b-c", "a b-c", "x-..", "INDEX"])
def test_new_rejects_names_that_are_not_category_phenomenon(tmp_path: Path, name: str) -> None:
    (tmp_path / "procedures").mkdir()
    with pytest.raises(FatalError, match="not a card name"):
        cards_init.new_card(tmp_path / "procedures", name, "en")
    assert list((tmp_path / "procedures").iterdir()) == []


def test_new_without_a_library_says_how_to_make_one(tmp_path: Path) -> None:
    out = run_cli("cards", "new", "fetch-spa-shell", cwd=tmp_path)
    assert out.returncode == 1
    assert out.stderr.count("\n") == 1 and "git-ledger cards init" in out.stderr


def test_a_symlinked_agents_file_keeps_its_link(tmp_path: Path) -> None:
    (tmp_path / "AGENTS.md").write_text("# Agents\n")
    (tmp_path / "CLAUDE.md").symlink_to("AGENTS.md")
    assert run_cli("cards", "init", "--agents-file", "CLAUDE.md", cwd=tmp_path).returncode == 0
    assert (tmp_path / "CLAUDE.md").is_symlink()
    assert (tmp_path / "AGENTS.md").read_text().startswith("# Agents\n\n" + BEGIN)


def test_a_folder_that_is_a_file_is_one_line_and_exit_1(tmp_path: Path) -> None:
    (tmp_path / "procedures").write_text("not a folder\n")
    out = run_cli("cards", "init", cwd=tmp_path)
    assert out.returncode == 1 and out.stderr.count("\n") == 1 and out.stderr.startswith("git-ledger: ")
    assert (tmp_path / "procedures").read_text() == "not a folder\n"
