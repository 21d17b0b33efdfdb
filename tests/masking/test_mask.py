"""Masking: what detect-secrets finds never survives, SQL is masked, ordinary text is left alone."""
from __future__ import annotations

import base64
import json
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from git_ledger.masking.mask import find_secrets, mask, mask_tail
from git_ledger.masking.prefilter import is_object_id
from tests.testing.fake_secrets import FAKE, PUNCTUATED, private_key
from tests.testing.util import fixtures_dir

UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
ALNUM = UPPER + UPPER.lower() + "0123456789"
BASE32 = UPPER + "234567"


# --------------------------------------------------------------------------- import cost
def test_import_and_clean_messages_do_not_load_detect_secrets() -> None:
    code = (
        "import sys, git_ledger.masking.mask as r\n"
        "print('detect_secrets' in sys.modules)\n"
        "r.mask('please stop using tabs, use 4 spaces. See src/app.py at 3f2a9c1d7e8b4a5f6c0d1e2f3a4b5c6d7e8f9a0b')\n"
        "print('detect_secrets' in sys.modules)\n"
        f"r.mask('the key is {FAKE['aws']}')\n"
        "print('detect_secrets' in sys.modules)\n"
    )
    out = subprocess.run((sys.executable, "-c", code), capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False", "True"]


# ------------------------------------------------------------------------ markers, kinds
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("the token is {ghp} ok. Then push.", "[secret masked: GitHub Token]. Then push."),
        ("Stop. The key is {aws} and it leaked. Fix it now!",
         "Stop. [secret masked: AWS Access Key]. Fix it now!"),
        ('config has password = "{pw}"', "[secret masked: Secret Keyword]"),
        # A shell reads `Hunter2x.` as the value: its `.` goes with it, whether or not it also
        # ends the sentence.
        ("my password: Hunter2x. Do not commit it!", "[secret masked: Secret Keyword] Do not commit it!"),
        ("password=hunter2Secret! in settings", "[secret masked: Secret Keyword] in settings"),
        ("set db_password=Xk9!mQ2vL7 and restart", "[secret masked: Secret Keyword]"),
        ('{{"password": "{punct}, really"}} is in the config', "[secret masked: Secret Keyword]"),
        ("DB_PASSWORD={pw} is in .env", "[secret masked: Secret Keyword]"),
        ("use {url} for tests.", "[secret masked: Basic Auth Credentials]."),
        ("slack {slack} fired twice", "[secret masked: Slack Token]"),
        ("Authorization: Bearer {jwt}", "[secret masked: JSON Web Token]"),
        ("{pem}\nthat key must not be in the repo", "[secret masked: Private Key]\nthat key must not be in the repo"),
        ("token {gh_pat} here", "[secret masked: GitHub Token]"),
        ("the secret is {entropy} please", "[secret masked: Base64 High Entropy String]"),
        ("한국어 문장입니다. 키는 {aws} 입니다. 고쳐 주세요.",
         "한국어 문장입니다. [secret masked: AWS Access Key]. 고쳐 주세요."),
    ],
)
def test_a_sentence_with_a_secret_keeps_only_a_marker_with_its_kind(text: str, expected: str) -> None:
    assert mask(text.format(**FAKE, punct=PUNCTUATED)) == expected


def test_a_private_key_block_is_masked_to_its_end_line() -> None:
    text = f"two keys:\n{FAKE['pem']}\nand {private_key('EC', 5)}\ndone"
    # "and" is in the second key's sentence, so it goes with it.
    assert mask(text) == "two keys:\n[secret masked: Private Key]\n[secret masked: Private Key]\ndone"


def test_a_key_without_end_line_masks_the_rest() -> None:
    head = FAKE["pem"].split("\n")[0]
    assert mask(f"Wrong. Pasted: {head}\nMIIEpAIBAAKCAQEAx\nabc") == "Wrong. [secret masked: Private Key]"


def test_masking_is_idempotent_and_markers_are_not_secrets() -> None:
    once = mask(f"token {FAKE['ghp']}. password = '{FAKE['pw']}'")
    assert once == "[secret masked: GitHub Token]. [secret masked: Secret Keyword]"
    assert mask(once) == once
    assert find_secrets(once) == []



@pytest.mark.parametrize("sep", [" ", ". ", "\n", "; "])
@pytest.mark.parametrize("count", [6, 40])
def test_every_secret_of_a_message_is_masked_however_many(sep: str, count: int) -> None:
    """Fault 3 of issue 15: detect-secrets' keyword rule reports one assignment a line, and four
    passes left the 5th and later ones in clear. Masking runs to a fixed point."""
    values = [f"{chr(97 + i % 26)}{i:03d}Q7x{chr(65 + i % 26)}bc" for i in range(count)]
    text = sep.join(f"step {i} pwd={v}." for i, v in enumerate(values))
    masked = mask(text)
    assert [v for v in values if v in masked] == []
    assert mask(masked) == masked

# --------------------------------------------------------------------------------- SQL
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("You ran SELECT id, email FROM users WHERE id = 3 on prod. Don't do that again.",
         "[SQL masked]. Don't do that again."),
        ("why did you run DELETE FROM orders; on the live db", "[SQL masked] on the live db"),
        ("Run this:\nSELECT *\n  FROM payments p\n  JOIN users u ON u.id = p.user_id\nWHERE u.email = 'a. b@x.io';\nthen stop.",
         "Run this:\n[SQL masked]\nthen stop."),
        ("use select name, email from customers to check", "[SQL masked]"),
        ("insert into audit_log (who) values ('me') is wrong", "[SQL masked]"),
        ("update accounts set balance = 0 where id = 7!", "[SQL masked]!"),
        ("never drop table sessions; again", "[SQL masked] again"),
        ("create table notes (id int) — wrong schema", "[SQL masked]"),
        ("ALTER TABLE users ADD COLUMN age int. Revert it.", "[SQL masked]. Revert it."),
        ("here:\n```sql\nselect 1;\nselect 2\n```\nno", "here:\n[SQL masked]\nno"),
        ("You ran SELECT id FROM users WHERE x = 1 on prod, don't do that. Fix it.", "[SQL masked]. Fix it."),
        ("DELETE FROM t WHERE name = 'unclosed\nthe next line is prose.", "[SQL masked]\nthe next line is prose."),
    ],
)
def test_sql_statements_are_masked(text: str, expected: str) -> None:
    assert mask(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "select one from the list please",
        "please update the docs and delete from the cache",
        "Select `entirehq` organization, then choose Only select repositories",
        "create table components for the settings page",
        "you should drop table support from the roadmap item",
        "jq '.[] | select(.is_task_checkpoint == true)'",
        "update the README and set the version to 1.2",
    ],
)
def test_prose_with_sql_words_is_not_masked(text: str) -> None:
    assert mask(text) == text


# -------------------------------------------------------------------------- clean text
@pytest.mark.parametrize(
    "text",
    [
        "please stop using tabs, use 4 spaces",
        # Decision: git object ids are not secrets, quoted or not (documented in docs/privacy.md).
        "commit 3f2a9c1d7e8b4a5f6c0d1e2f3a4b5c6d7e8f9a0b broke the build, revert to 3f2a9c1",
        'pin rev: "9f86d081884c7d659a2feaa0c55ad015' + 'a3bf4f1b2b0b822cd15d6c15b0f00a08"',
        "see /home/kvsankar/projects/agent-history/src/components/HeaderBar.tsx line 40",
        "https://github.com/example/widget/pull/42#issuecomment-1234567890 says otherwise",
        "session 4d5611e5-241a-462a-8d15-5122611a9569 was the one",
        "test_collect_twice_adds_nothing_even_when_the_log_grows fails on CI",
        "the tokenizer splits on whitespace; the password field is optional in the form",
        "不要改動 lockfile，版本號必須和 setup.cfg 一致。",
        "テストを実行してから完了と言ってください",
        "그게 아니라 설정 파일을 먼저 읽어야 해요",
        "",
        "x" * 10_000,
    ],
)
def test_ordinary_technical_messages_are_untouched(text: str) -> None:
    assert mask(text) == text


def test_the_public_fixture_logs_have_no_false_masks(fixtures: object) -> None:
    """Every prose-like string (with spaces) of the real public logs comes back unchanged."""
    texts: list[str] = []

    def walk(o: object) -> None:
        if isinstance(o, str):
            if " " in o.strip() and len(o) > 20:
                texts.append(o)
        elif isinstance(o, dict):
            for v in o.values():
                walk(v)
        elif isinstance(o, list):
            for v in o:
                walk(v)

    for f in sorted(fixtures_dir().rglob("*.jsonl")):
        for line in f.read_text(encoding="utf-8", errors="replace").splitlines():
            try:
                walk(json.loads(line))
            except ValueError:
                continue
    texts = list(dict.fromkeys(texts))
    assert len(texts) > 1000
    changed = [t[:80] for t in texts if mask(t) != t]
    assert changed == []


# -------------------------------------------------------------------------- odd input
@pytest.mark.parametrize(
    "raw",
    [
        b"\xff\xfe the key is " + FAKE["aws"].encode() + b" \xc3",
        b"nul\x00byte " + FAKE["ghp"].encode(),
        f"lone surrogate \udcff and {FAKE['aws']}".encode("utf-8", "surrogatepass"),
    ],
)
def test_odd_input_is_safe_and_still_masked(raw: bytes) -> None:
    text = raw.decode("utf-8", "surrogateescape")
    out = mask(text)
    out.encode("utf-8")  # storable: no lone surrogates left
    assert FAKE["aws"] not in out and FAKE["ghp"] not in out
    assert "[secret masked: " in out


def test_a_key_at_the_end_of_a_megabyte_line_is_found() -> None:
    text = "word " * 200_000 + FAKE["aws"]
    assert mask(text).endswith("[secret masked: AWS Access Key]")


def test_mask_rejects_bytes() -> None:
    with pytest.raises(TypeError):
        mask(FAKE["aws"].encode())  # type: ignore[arg-type]


# ------------------------------------------------------------------------- find_secrets
def test_find_secrets_reports_line_and_kind_only() -> None:
    text = "ok\nthe key is {aws}\nfine\nGITHUB_TOKEN={ghp}\n".format(**FAKE)
    assert find_secrets(text) == [(2, "AWS Access Key"), (4, "GitHub Token")]


def test_find_secrets_in_a_file_honours_the_allowlist_pragma() -> None:
    text = (
        "a = '{aws}'\n"
        "b = '{aws2}'  # pragma: allowlist secret\n"
        "# pragma: allowlist nextline secret\n"
        "c = '{aws3}'\n"
        'password = "{pw}"\n'
    ).format(**FAKE)
    assert find_secrets(text, "settings.py") == [(1, "AWS Access Key"), (5, "Secret Keyword")]


def test_file_mode_follows_detect_secrets_quoting_rules() -> None:
    """In a file, a bare random word is not an entropy finding (detect-secrets' own rule); in a
    message it is, because secrets in prose are unquoted."""
    word = FAKE["entropy"]
    assert find_secrets(f"value {word}\n", "notes.md") == []
    assert find_secrets(f'value = "{word}"\n', "notes.md") == [(1, "Base64 High Entropy String")]
    assert find_secrets(f"the secret is {word}") == [(1, "Base64 High Entropy String")]


# ------------------------------------------------------------- property: nothing survives
def _b64url(data: dict[str, str]) -> str:
    return base64.urlsafe_b64encode(json.dumps(data).encode()).decode().rstrip("=")


def _fixed(alphabet: str, n: int) -> st.SearchStrategy[str]:
    return st.text(alphabet, min_size=n, max_size=n)


_password = st.builds(lambda a, b: a + "7Q" + b, _fixed(ALNUM + "!@#%^*", 8), _fixed(ALNUM, 4))
_secret = st.one_of(
    st.builds(lambda p, k: f"the key is {p}{k}", st.sampled_from(["AK" + "IA", "AS" + "IA"]),
              _fixed(BASE32, 16)),
    st.builds(lambda k: f'aws_secret_access_key = "{k}"', _fixed(ALNUM + "/+", 40)),
    st.builds(lambda t, k: f"token gh{t}_{k} leaked", st.sampled_from("pousr"), _fixed(ALNUM, 36)),
    st.builds(lambda k: f'GITHUB_TOKEN="ghp_{k}"', _fixed(ALNUM, 36)),
    st.builds(lambda a, b, k: f"slack xoxb-{a}-{b}-{k}", _fixed("0123456789", 12), _fixed("0123456789", 13),
              _fixed("abcdefghijklmnopqrstuvwxyz0123456789", 24)),
    st.builds(lambda s, n, sig: f"Authorization: Bearer {_b64url({'alg': 'HS256', 'typ': 'JWT'})}."
              f"{_b64url({'sub': s, 'name': n})}.{sig}",
              _fixed("0123456789", 8), _fixed("abcdefgh", 6), _fixed(ALNUM + "-_", 43)),
    st.builds(lambda p: f'password = "{p}"', _password),
    st.builds(lambda p: f"password: {p}", _password),
    st.builds(lambda p: f"export DB_PASSWORD={p}", _password),
    st.builds(lambda p: "clone https://deploy:" + p + "@git.example.com/app.git", _password),
    st.builds(lambda k: f"stripe sk_live_{k}", _fixed(ALNUM, 24)),
    st.builds(lambda kind, lines: f"-----BEGIN {kind} " + "PRIVATE KEY-----\n" + "\n".join(lines)
              + f"\n-----END {kind} " + "PRIVATE KEY-----",
              st.sampled_from(["RSA", "OPENSSH", "EC"]), st.lists(_fixed(ALNUM + "+/", 64), min_size=1, max_size=3)),
)
_prose = st.sampled_from([
    "you missed the migration file again", "I told you not to touch the lockfile",
    "that is not what I asked", "the tests fail on main", "please run pytest -q first",
    "see src/git_ledger/store.py", "commit 3f2a9c1d7e8b4a5f6c0d1e2f3a4b5c6d7e8f9a0b",
    "https://github.com/example/widget/pull/42", "不要改這個檔案", "이게 아니라 저거요",
])
_piece = st.tuples(st.one_of(_prose, _secret), st.sampled_from([". ", "\n", " and ", "! ", "? ", " "]))


def _detect_secrets_reference(text: str) -> list[tuple[str, str]]:
    """What detect-secrets' full default plugin set finds: its file scan of the text (as a .txt
    file) and its ad-hoc line scan with each entropy plugin's limit applied."""
    from detect_secrets.core.scan import _process_line_based_plugins, scan_line
    from detect_secrets.settings import default_settings, get_plugins

    found: list[tuple[str, str]] = []
    with default_settings():
        lines = text.split("\n")
        found += [(s.type, s.secret_value or "")
                  for s in _process_line_based_plugins(list(enumerate(lines, 1)), "message.txt")]
        plugins = {p.secret_type: p for p in get_plugins()}
        for line in lines:
            for s in scan_line(line):
                p = plugins[s.type]
                if hasattr(p, "entropy_limit") and p.calculate_shannon_entropy(s.secret_value) <= p.entropy_limit:
                    continue
                found.append((s.type, s.secret_value or ""))
    # Documented exceptions: an IP address is not masked, nor is a git object id.
    return [(t, v) for t, v in found
            if t != "Public IP (ipv4)" and not (t.startswith("Hex") and is_object_id(v))]


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_piece, min_size=1, max_size=6))
def test_no_secret_detect_secrets_finds_survives_masking(pieces: list[tuple[str, str]]) -> None:
    text = "".join(p + sep for p, sep in pieces)
    masked = mask(text)
    for kind, value in _detect_secrets_reference(text):
        assert value not in masked, f"{kind} survived"
    assert mask(masked) == masked



_sql = st.sampled_from([
    "SELECT id FROM users WHERE x = 1", "select name, email from customers", "DELETE FROM orders;",
    "update accounts set balance = 0 where id = 7", "```sql\nselect 1;\n```", "drop table t;",
])
_marker = st.sampled_from(["[SQL masked]", "[secret masked: Secret Keyword]", "[secret masked: GitHub Token]"])
_any_piece = st.tuples(st.one_of(_prose, _secret, _sql, _marker, st.text(max_size=12)),
                       st.sampled_from([". ", "\n", " and ", "! ", "? ", " ", "", "; "]))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_any_piece, min_size=1, max_size=12))
def test_masking_reaches_a_fixed_point(pieces: list[tuple[str, str]]) -> None:
    text = "".join(p + sep for p, sep in pieces)
    once = mask(text)
    assert mask(once) == once

# ------------------------------------ property: the whole value of an assignment is masked
# Values from a wide alphabet, punctuation included, assigned as a shell, an env file, YAML or
# JSON would; the message holding the line is masked so that no run of 4 characters of the
# value survives whenever detect-secrets flags the line in a file of the matching type.
WIDE = ALNUM + "!#%&()*+,-./:;<=>?@[]^_{|}~$'\"`\\"
_KEYS = ["password", "db_password", "DB_PASSWORD", "api_key", "client_secret", "SECRET_KEY", "passwd",
         "private_key", "export DB_PASSWORD"]
_FORMS = {"=": ("{key}={value}", ".env"), ":": ("{key}: {value}", ".yaml"), "json": ('"{key}": "{value}"', ".json")}


def _flagged_by_detect_secrets(line: str, suffix: str, tmp_dir: str) -> bool:
    import os

    from detect_secrets.core.scan import scan_file
    from detect_secrets.settings import default_settings

    name = os.path.join(tmp_dir, "settings" + suffix)
    with open(name, "w", encoding="utf-8") as f:
        f.write(line + "\n")
    with default_settings():
        return any(s.type != "Public IP (ipv4)" for s in scan_file(name))


def _documented_exception(form: str, value: str) -> bool:
    """Values `mask()` leaves by decision (docs/privacy.md): placeholders, and after `key:` or
    `key = ` (prose, not an assignment) a plain lower-case word or fewer than 6 characters."""
    core = value.strip("'\"`,;.!?")
    if value.lower() in ("true", "false", "null", "none") or value.lower().startswith("xxxxxx"):
        return True
    return form == ":" and (len(core) < 6 or (core.isalpha() and core.islower() and len(core) < 12))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(form=st.sampled_from(sorted(_FORMS)), key=st.sampled_from(_KEYS),
       value=st.text(WIDE, min_size=4, max_size=24),
       before=st.sampled_from(["", "set ", "the config has "]),
       after=st.sampled_from(["", " in settings", ". Fix it!", "\nthen restart", ", then push"]))
def test_no_run_of_a_flagged_value_survives_masking(form: str, key: str, value: str, before: str, after: str) -> None:
    import re
    import tempfile

    from git_ledger.masking.mask import MARKER

    if form == "json":
        value = value.replace('"', "").replace("\\", "") or "x7Q!"
        key = key.removeprefix("export ")
    template, suffix = _FORMS[form]
    line = template.format(key=key, value=value)
    with tempfile.TemporaryDirectory() as tmp:
        if not _flagged_by_detect_secrets(line, suffix, tmp) or _documented_exception(form, value):
            return
    text = before + line + after
    left = MARKER.sub("\0", mask(text))
    outside = before + template.format(key=key, value="\0") + after  # what may stay
    survivors = [value[i:i + 4] for i in range(len(value) - 3)
                 if value[i:i + 4] in left and value[i:i + 4] not in outside]
    # Nor its end, however short: `password=hunter2Secret!` once kept its `!` after the marker.
    survivors += [value[-k:] for k in range(1, len(value) + 1)
                  if "\0" + value[-k:] in left and not after.startswith(value[-k:])]
    assert survivors == [], f"{text!r} -> {mask(text)!r}"
    assert re.search(r"\[secret masked: ", mask(text))


def test_a_tail_is_masked_before_it_is_cut() -> None:
    """Cut first, a token split by the cut would be too short to recognise and its end kept."""
    token = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
    text = "Earlier words. " * 10 + f"The token is GITHUB_TOKEN={token} for the workflow. Then I ran the tests."
    cut_inside = len(text) - text.index(token) - 20  # the cut falls inside the token
    tail = mask_tail(text, cut_inside)
    assert len(tail) <= cut_inside
    assert token[-16:] not in tail
    assert tail.endswith("Then I ran the tests.")
    assert mask_tail("", 300) == "" and mask_tail("short and clean", 300) == "short and clean"
