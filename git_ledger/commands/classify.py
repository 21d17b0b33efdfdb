"""`git-ledger classify`: the rule classifier on stdin, one JSON answer per input line."""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from typing import IO

from git_ledger.classify.classify import classify, classify_event
from git_ledger.classify.rules import EMPTY, MALFORMED
from git_ledger.models import EVENT_KINDS, NONE, Classification, Event

DESCRIPTION = """\
Type messages read from stdin, one per line, and print one JSON object per line:
{"type": ..., "rule": ..., "excluded": ..., "lang": ...}. type is omission,
instruction-violation, premise-error, result-error, other (looks corrective, rules can't type it)
or none; excluded names the reason a message was ruled out (self-blame, hypothetical, agreement,
recheck, negated, third-party, new-task, harness, long, pasted-output, empty, malformed).

A line is plain text, or a JSON object with a "text" string and an optional "kind" (an event
kind: prompt, rejection_feedback, queued_prompt, assistant_text, review_finding, hook_block,
interrupt). With a kind the line is classified as that event and the answer adds "source"
(human, self, review, hook, or null when it is not a case). A line starting with "{" that is not
such an object gets a one-line note on stderr and the answer {"type": "none", "excluded":
"malformed"}, so output line N always answers input line N; the exit status stays 0."""

EPILOG = """\
example:
  $ printf '%s\\n' "you forgot the tests" "테스트 추가하는 거 잊지 마" \\
      '{"text": "I missed the second call site.", "kind": "assistant_text"}' | git-ledger classify
  {"type": "omission", "rule": "en.omission.you-forgot", "excluded": null, "lang": "en"}
  {"type": "none", "rule": null, "excluded": null, "lang": "ko"}
  {"type": "omission", "rule": "en.self.omission.i-missed", "excluded": null, "lang": "en", "source": "self"}
"""


def register(parser: argparse.ArgumentParser, verb: str) -> None:
    parser.description = DESCRIPTION
    parser.epilog = EPILOG
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument(
        "--kind", choices=EVENT_KINDS, default=None,
        help="classify every line as this event kind (a JSON line's own \"kind\" wins)",
    )


def _answer(text: str, kind: str | None) -> dict[str, str | None]:
    if kind is None:
        return dict(classify(text).as_json())
    got = classify_event(Event("cli", "stdin", "stdin", "", "", kind, text))
    c = got[1] if got else Classification(NONE, lang=classify(text).lang if text.strip() else "")
    return {**c.as_json(), "source": got[0] if got else None}


def _parse(line: str, default_kind: str | None) -> tuple[str, str | None] | str:
    """(text, kind) for a good line, or the reason it is malformed."""
    if not line.lstrip().startswith("{"):
        return line, default_kind
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as e:
        return f"not valid JSON: {e.msg} (column {e.colno})"
    if not isinstance(obj, dict) or not isinstance(obj.get("text"), str):
        return 'a JSON line needs a "text" string'
    kind = obj.get("kind", default_kind)
    if kind is not None and kind not in EVENT_KINDS:
        return f"unknown kind {kind!r} (one of {', '.join(EVENT_KINDS)})"
    return obj["text"], kind


def classify_lines(lines: Iterable[bytes], out: IO[str], err: IO[str], kind: str | None = None) -> int:
    """Answer each line; returns the number of malformed lines (each noted on `err`)."""
    malformed = 0
    for n, raw in enumerate(lines, 1):
        line = raw.decode("utf-8", "replace").rstrip("\r\n")
        parsed = _parse(line, kind)
        if isinstance(parsed, str):
            malformed += 1
            err.write(f"git-ledger classify: line {n}: {parsed}; not classified\n")
            answer: dict[str, str | None] = {"type": NONE, "rule": None, "excluded": MALFORMED, "lang": ""}
        elif not parsed[0].strip() and parsed[1] is None:
            answer = {"type": NONE, "rule": None, "excluded": EMPTY, "lang": ""}
        else:
            answer = _answer(*parsed)
        out.write(json.dumps(answer, ensure_ascii=False) + "\n")
        out.flush()  # one answer per line as it comes, for interactive use and pipes
    return malformed


def run(args: argparse.Namespace) -> int:
    classify_lines(sys.stdin.buffer, sys.stdout, sys.stderr, kind=args.kind)
    return 0
