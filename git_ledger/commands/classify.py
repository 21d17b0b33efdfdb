"""`git-ledger classify`: the rule classifier on stdin, one JSON answer per input line (with
`--llm`, the whole typing path: the rules, then the model judges)."""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Sequence
from typing import IO, NamedTuple

from git_ledger.classify.classify import classify, classify_event
from git_ledger.classify.rules import EMPTY, MALFORMED
from git_ledger.models import EVENT_KINDS, NONE, TYPES, Classification, Event

TYPE_CHECKING = False
if TYPE_CHECKING:
    from git_ledger.judges.base import Judge

DESCRIPTION = """\
Type messages read from stdin, one per line, and print one JSON object per line:
{"type": ..., "rule": ..., "excluded": ..., "lang": ...}. type is omission,
instruction-violation, premise-error, result-error, other (looks corrective, rules can't type it)
or none; excluded names the reason a message was ruled out (self-blame, hypothetical, agreement,
recheck, negated, third-party, new-task, harness, long, pasted-output, empty, malformed).

A line is plain text, or a JSON object with a "text" string and optionally "previous" (the
agent's message before it), "previous_tools" (the tool calls of that turn: a list of names such
as "Edit" or "Bash(npm test)") and "kind" (an event kind: prompt, rejection_feedback,
queued_prompt, assistant_text, review_finding, hook_block, interrupt). Some rules type only with
that context: "no change" right after the agent claimed a fix (or ran edit/run tools) is a
result-error, the same words without it are not typed. With a kind the line is classified as
that event and the answer adds "source" (human, self, review, hook, or null when it is not a case). A line starting with "{" that is not
such an object gets a one-line note on stderr and the answer {"type": "none", "excluded":
"malformed"}, so output line N always answers input line N; the exit status stays 0.

With --llm the whole typing path runs: what the rules leave untyped goes to the model judges
(yours, or the built-in local pair of `pip install 'git-ledger[local]'`; nothing leaves the
machine with those), and a type counts only when two agree. The answer then adds "typed_by"
("rule:…", "judges:a+b" or null) and "judges" (why the judges typed or did not, or null when
they were not asked). Lines are read to the end first, then judged in one batch."""

EPILOG = """\
example:
  $ printf '%s\\n' "you forgot the tests" "테스트 추가하는 거 잊지 마" \\
      '{"text": "I missed the second call site.", "kind": "assistant_text"}' | git-ledger classify
  {"type": "omission", "rule": "en.omission.you-forgot", "excluded": null, "lang": "en"}
  {"type": "none", "rule": null, "excluded": null, "lang": "ko"}
  {"type": "omission", "rule": "en.self.omission.i-missed", "excluded": null, "lang": "en", "source": "self"}
  $ echo '{"text": "no change", "previous": "I have updated the parser; this should fix it.", "previous_tools": ["Edit"]}' \\
      | git-ledger classify
  {"type": "result-error", "rule": "en.result-error.no-change-after-claim", "excluded": null, "lang": "en"}
  $ echo '{"text": "still the same error", "previous": "Fixed: the import now resolves."}' \\
      | git-ledger classify --llm
"""


def register(parser: argparse.ArgumentParser, verb: str) -> None:
    parser.description = DESCRIPTION
    parser.epilog = EPILOG
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument(
        "--kind", choices=EVENT_KINDS, default=None,
        help="classify every line as this event kind (a JSON line's own \"kind\" wins)",
    )
    parser.add_argument(
        "--llm", action="store_true",
        help="then ask the model judges about what the rules leave untyped (two must agree; the built-in "
        "local pair when none are configured; see docs/judges.md)",
    )


class Line(NamedTuple):
    """One good input line."""

    text: str
    kind: str | None
    previous: str | None = None
    previous_tools: tuple[str, ...] = ()


def _classification(line: Line) -> tuple[Classification, str | None]:
    """The rules' answer, and the source when the line is an event (None: a plain message)."""
    if line.kind is None:
        return classify(line.text, previous=line.previous, previous_tools=line.previous_tools), None
    event = Event("cli", "stdin", "stdin", "", "", line.kind, line.text, previous=line.previous)
    got = classify_event(event, line.previous_tools)
    if got:
        return got[1], got[0]
    return Classification(NONE, lang=classify(line.text).lang if line.text.strip() else ""), None


def _answer(line: Line) -> dict[str, str | None]:
    c, source = _classification(line)
    return {**c.as_json(), "source": source} if line.kind is not None else dict(c.as_json())


def _parse(line: str, default_kind: str | None) -> Line | str:
    """The parts of a good line, or the reason it is malformed."""
    if not line.lstrip().startswith("{"):
        return Line(line, default_kind)
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as e:
        return f"not valid JSON: {e.msg} (column {e.colno})"
    if not isinstance(obj, dict) or not isinstance(obj.get("text"), str):
        return 'a JSON line needs a "text" string'
    kind = obj.get("kind", default_kind)
    if kind is not None and kind not in EVENT_KINDS:
        return f"unknown kind {kind!r} (one of {', '.join(EVENT_KINDS)})"
    previous, tools = obj.get("previous"), obj.get("previous_tools", [])
    if previous is not None and not isinstance(previous, str):
        return '"previous" must be a string'
    if not isinstance(tools, list) or not all(isinstance(t, str) for t in tools):
        return '"previous_tools" must be a list of strings'
    return Line(obj["text"], kind, previous, tuple(tools))


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
        elif not parsed.text.strip() and parsed.kind is None:
            answer = {"type": NONE, "rule": None, "excluded": EMPTY, "lang": ""}
        else:
            answer = _answer(parsed)
        out.write(json.dumps(answer, ensure_ascii=False) + "\n")
        out.flush()  # one answer per line as it comes, for interactive use and pipes
    return malformed


def classify_with_judges(lines: Iterable[bytes], out: IO[str], err: IO[str], judges: Sequence[Judge],
                         kind: str | None = None, scope: str | None = None) -> int:
    """As classify_lines, then the judges on the human messages the rules left untyped (all lines
    are read first, and judged in one batch)."""
    from git_ledger.judges.fullpath import Message, final_type, judge_untyped

    answers: list[tuple[Line | None, Classification, str | None]] = []  # line, rules' answer, source
    malformed = 0
    for n, raw in enumerate(lines, 1):
        got = _parse(raw.decode("utf-8", "replace").rstrip("\r\n"), kind)
        if isinstance(got, str):
            malformed += 1
            err.write(f"git-ledger classify: line {n}: {got}; not classified\n")
            answers.append((None, Classification(NONE, excluded=MALFORMED), None))
        elif not got.text.strip() and got.kind is None:
            answers.append((None, Classification(NONE, excluded=EMPTY), None))
        else:
            answers.append((got, *_classification(got)))
    # The judges read human messages only: an agent's own report or a hook is not theirs to type.
    asked = [c if line is not None and (line.kind is None or source == "human") else Classification(NONE, excluded=EMPTY)
             for line, c, source in answers]
    messages = [Message(line.text, line.previous or "", line.previous_tools) if line is not None else Message("")
                for line, _, _ in answers]
    for (line, c, source), v in zip(answers, judge_untyped(messages, asked, judges, scope=scope)):
        answer: dict[str, str | None] = dict(c.as_json())
        if line is not None and line.kind is not None:
            answer["source"] = source
        answer["type"] = final_type(c, v)
        by_judges = v is not None and answer["type"] != c.type
        answer["typed_by"] = (v.typed_by if by_judges and v is not None
                              else f"rule:{c.rule}" if c.type in TYPES and c.rule else None)
        answer["judges"] = None if v is None else v.reason
        out.write(json.dumps(answer, ensure_ascii=False) + "\n")
    return malformed


def run(args: argparse.Namespace) -> int:
    if not args.llm:
        classify_lines(sys.stdin.buffer, sys.stdout, sys.stderr, kind=args.kind)
        return 0
    from git_ledger import paths
    from git_ledger.judges import NOTICE_FILE, chosen_scope, configured, warn_offsite

    judges = configured()
    scope = chosen_scope()
    for line in warn_offsite(judges, paths.data_dir() / NOTICE_FILE):
        print(line, file=sys.stderr)
    classify_with_judges(sys.stdin.buffer, sys.stdout, sys.stderr, judges, kind=args.kind, scope=scope)
    return 0
