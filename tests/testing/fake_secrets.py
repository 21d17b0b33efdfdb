"""Fake credentials for the masking and hook tests, assembled at run time.

They are split in the source so that this repository's own secret scanning (detect-secrets, our
`git-ledger-no-raw-text` hook) finds nothing here; joined, each has the exact shape its
detect-secrets plugin reports. None of them is a live credential.
"""
from __future__ import annotations

import base64
import json


def _b64url(data: dict[str, str]) -> str:
    return base64.urlsafe_b64encode(json.dumps(data).encode()).decode().rstrip("=")


def private_key(kind: str = "RSA", lines: int = 3) -> str:
    body = "\n".join("MIIEpAIBAAKCAQEA" + "x7Q" * 16 for _ in range(lines))
    return f"-----BEGIN {kind} " + f"PRIVATE KEY-----\n{body}\n-----END {kind} " + "PRIVATE KEY-----"


FAKE = {
    "aws": "AKIA" + "IOSFODNN7EXAMPLE",
    "aws2": "AKIA" + "I44QH8DHBEXAMPLE",
    "aws3": "AKIA" + "J55RI9EICFXAMPLE",
    "ghp": "ghp_" + "abcdefghijklmnop" + "qrstuvwxyz0123456789",
    "gh_pat": "github_pat_" + "11ABCDEFG0abcdef" + "ghijklmn_opqrstu" + "vwxyzABCDEFGHIJK" + "LMNOPQRSTUVWXYZ0"
    + "123456789abcd",
    "slack": "xoxb-" + "123456789012-1234567890123-" + "AbCdEfGhIjKl" + "MnOpQrStUvWx",
    "jwt": _b64url({"alg": "HS256", "typ": "JWT"}) + "." + _b64url({"sub": "1234567890"}) + "."
    + "dozjgNryP4J3jVmNHl0w" + "5N_XgL0n3I9PlFUP0THsR8U",
    "pw": "hunter2" + "isnotsafe",
    "entropy": "q8Zr4TkL9vXw2PjN" + "7mYb5HcA3sDf6GhJ",
    "url": "postgres://admin:" + "hunter22@db.example.com/app",
    "pem": private_key(),
}


def _r(alphabet: str, n: int, seed: int) -> str:
    """A deterministic pseudo-random string (no literal secret in this file)."""
    import random

    rng = random.Random(seed)
    return "".join(rng.choice(alphabet) for _ in range(n))


_AZ = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_ALNUM = _AZ + _AZ.lower() + "0123456789"
_HEX = "0123456789abcdef"

# One line in the shape each detect-secrets plugin reports, in the syntaxes its keyword rules
# know (assignments, YAML, comparisons, env files); for the prefilter's recall test.
PLUGIN_LINES = [
    f"artifactory_token = AKC{_r(_ALNUM, 70, 1)}",
    f"password: AP6{_r(_ALNUM, 12, 2)}",
    f"conn = 'DefaultEndpointsProtocol=https;AccountKey={_r(_ALNUM + '+/', 86, 3)}=='",
    f"url = 'https://admin:{_r(_ALNUM, 12, 4)}@example.com/db'",
    f"cloudant_password = '{_r(_HEX, 64, 5)}'",
    f"bot = 'MTk4NjIyNDgzNDcxOTI1MjQ4.{_r(_ALNUM, 6, 6)}.{_r(_ALNUM, 27, 7)}'",
    f"gitlab = 'glpat-{_r(_ALNUM, 20, 8)}'",
    f"ibm_cloud_iam_key = '{_r(_ALNUM + '-_', 44, 9)}'",
    f"ibm_cos_hmac_secret_access_key = '{_r(_HEX, 48, 10)}'",
    f"mailchimp = '{_r(_HEX, 32, 11)}-us30'",
    "//registry.npmjs.org/:" + f"_authToken=npm_{_r(_ALNUM, 36, 12)}",
    f"openai = 'sk-{_r(_ALNUM, 20, 13)}T3BlbkFJ{_r(_ALNUM, 20, 14)}'",
    f"pypi = 'pypi-AgEIcHlwaS5vcmc{_r(_ALNUM, 72, 15)}'",
    f"sendgrid = 'SG.{_r(_ALNUM, 22, 16)}.{_r(_ALNUM, 43, 17)}'",
    f"hook = 'https://hooks.slack.com/services/T{_r(_AZ, 8, 18)}/B{_r(_AZ, 8, 19)}/{_r(_ALNUM, 24, 20)}'",
    f"softlayer_api_key = '{_r(_HEX, 64, 21)}'",
    f"url = 'https://api.softlayer.com/soap/v3/{_r(_HEX, 64, 22)}'",
    f"square = 'sq0csp-{_r(_ALNUM, 43, 23)}'",
    f"stripe = 'sk_live_{_r(_ALNUM, 24, 24)}'",
    f"telegram = '110201543:{_r(_ALNUM, 35, 25)}'",
    f"twilio_sid = 'AC{_r(_HEX, 32, 26)}'",
    f"jwt = '{FAKE['jwt']}'",
    f"key = '{FAKE['aws']}'",
    f"aws_secret_access_key = '{_r(_ALNUM + '/+', 40, 27)}'",
    f"gh = '{FAKE['ghp']}'",
    FAKE["pem"].split("\n")[0],
    f'password = "{FAKE["pw"]}"',
    f"secret[0] == '{_r(_ALNUM, 12, 28)}'",
    f"'{_r(_ALNUM, 12, 29)}' != db_pass",
    f"api_key := \"{_r(_ALNUM, 16, 30)}\"",
    f"DB_PASSWORD={_r(_ALNUM, 14, 31)}",
    f"digest = '{_r(_HEX, 32, 32)}'",
    f"blob = '{_r(_ALNUM + '+/', 40, 33)}'",
    f"token: {_r(_ALNUM, 30, 34)}",
]

# Lines of secrets assigned to names, in the syntaxes of config files, shell, env files, YAML,
# JSON and code; quoted and unquoted, `export X=`, `X: y`. For the tests that compare the hook
# with `detect-secrets scan` file by file (which reads a whole-file INI or YAML its own way).
PLAIN = "Xk9mQ2v" + "L7pR4wE"
PUNCTUATED = "hunter2" + "Secret!"
RANDOM = FAKE["entropy"]
HEX48 = _r(_HEX, 48, 40)
ASSIGNMENTS = [
    f"db_password={PLAIN}",
    f"db_password = {PLAIN}",
    f'db_password="{PLAIN}"',
    f"db_password='{PLAIN}'",
    f"export DB_PASSWORD={PLAIN}",
    f"export db_password={PUNCTUATED}",
    f"password={PUNCTUATED}",
    f"password: {PUNCTUATED}",
    f'api_key: "{PLAIN}"',
    f"client_secret: {RANDOM}",
    f"SESSION={RANDOM}",
    f"digest: {HEX48}",
    f'"password": "{PUNCTUATED}"',
    f'{{"api_key": "{PLAIN}", "debug": true}}',
    f'db_password := "{PLAIN}"',
    f"ENV DB_PASSWORD={PLAIN}",
    f"secret_key: &key {RANDOM}",
    f"- private_key: '{RANDOM}'",
]
# Whole files, several lines each: an env file, an INI file with a value continued on the
# next line, nested YAML, a shell script (not INI as a whole).
ASSIGNMENT_FILES = [
    f"# production\nDEBUG=false\n\ndb_password={PLAIN}\napi_token={RANDOM}\nexport HOST=db.example.com\n",
    f"[database]\nhost = db.example.com\npassword =\n    {PLAIN}\n; comment\n  {RANDOM}\n",
    f"services:\n  db:\n    environment:\n      - name: DB\n        secret_key: {RANDOM}  # rotate\n"
    f"    password: {PUNCTUATED}\n",
    f"#!/bin/sh\nset -e\ndb_password={PLAIN}\nSESSION={RANDOM} ./run.sh\n",
    # YAML values on the lines below their key: folded, literal, plain; and a flow mapping.
    f"db:\n  password: >\n    {PLAIN}\n  other: 1\n",
    f"db:\n  password: |\n    {PLAIN}\n    second\n",
    f"db:\n  password:\n    {PLAIN}\n",
    f"db:\n  session: |-\n    {RANDOM}\n",
    f"db: {{password: {PLAIN}}}\n",
    f"a:\n  - name: x\n    password: >-\n      {PLAIN}\n      more words\n  - b: 1\n",
]
# Every extension detect-secrets gives a type (util/filetype.py), and common ones it does not.
FILE_NAMES = [
    "app.env", ".env", "run.sh", "run.bash", "run.zsh", "notes.txt", "README.md", "app.py", "stub.pyi",
    "app.js", "app.ts", "main.go", "Main.java", "app.rb", "config.yaml", "config.yml", "secrets.eyaml",
    "db.ini", "app.properties", "setup.cfg", "pyproject.toml", "my.cnf", "nginx.conf", "app.cf",
    "data.json", "main.tf", "Dockerfile", "Makefile", "view.m", "index.php", "App.swift", "Program.cs",
    "main.c", "main.cpp", "Page.cls", "app.env.example",
]
