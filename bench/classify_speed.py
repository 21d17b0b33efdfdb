"""Speed of the rule classifier: messages per second, the per-text cost on agent answers (collect
runs the admission check on every assistant text), and every pattern on 1 MB of adversarial text.

    python bench/classify_speed.py [--size 1000000]

CPU time (time.process_time) so that other load on the machine does not count.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from git_ledger.classify import classify as C  # noqa: E402
from git_ledger.classify import rules  # noqa: E402
from git_ledger.classify.rules import Pack, Regex, Rule  # noqa: E402

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "classify_eval.jsonl"
ANCHORS = ["?", "吗。", "-", "=", "!", "\t", "\n", " ", ".", "\"a", "'a ", "`", "a", "가", "漢", "あ",
           "you ", "i told ", "still ", ", not ", "not ", "is ", "i ", "no ", "그게 ", "가 아니", "내가 ",
           "제가 ", "가가가 ", "不是", "是", "在", "我", "抱歉", "じゃなく", "って", "もし", "そんな", "まだ"]


def all_regexes() -> dict[str, Regex]:
    """Every pattern of the rule packs (and the shared ones), by a readable name, as written."""
    found = {f"rules.{k}": v for k, v in vars(rules).items() if isinstance(v, Regex)}
    found["classify._HOOK_PREFIX"] = C._HOOK_PREFIX
    for lang, pack in C.PACKS.items():
        for field in Pack._fields:
            value = getattr(pack, field)
            if isinstance(value, Regex):
                found[f"{lang}.{field}"] = value
            elif isinstance(value, tuple):
                for i, r in enumerate(value):
                    if isinstance(r, Rule):
                        for part in ("rx", "also", "unless"):
                            p = getattr(r, part)
                            if p is not None:
                                found[f"{lang}.{field}.{r.kind}.{r.name}.{part}"] = p
                    elif isinstance(r, tuple) and r and isinstance(r[0], Regex):  # Pack.shorthand: (pattern, replacement)
                        found[f"{lang}.{field}.{i}"] = r[0]
    return found


def all_patterns() -> dict[str, re.Pattern[str]]:
    """Every compiled pattern the classifier uses, once each, by a readable name."""
    found = {name: regex.compiled() for name, regex in all_regexes().items()}
    C.prepare()
    for lang in C.PACKS:  # the gates' literal searches (`classify/gate.py`)
        finder = C._gate(lang).finder.rx
        if finder is not None:
            found[f"{lang}.gate"] = finder
    unique: dict[tuple[str, int], str] = {}
    for name, p in found.items():
        unique.setdefault((p.pattern, p.flags), name)
    return {name: found[name] for name in unique.values()}


def adversarial(size: int = 1_000_000) -> str:
    """Near-matches in every language (labelled messages minus their last character, lowercased as
    classify sees them) and runs of the characters patterns anchor on, repeated to `size`."""
    rows = [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines()]
    near = " ".join(r["text"][:-1].lower() for r in rows)
    soup = near + "".join(a * (8000 // len(a)) for a in ANCHORS)
    return (soup * (size // len(soup) + 1))[:size]


def pattern_times(text: str) -> dict[str, float]:
    times = {}
    for name, pattern in all_patterns().items():
        start = time.process_time()
        for _ in pattern.finditer(text):
            pass
        times[name] = time.process_time() - start
    return times


def _per_call(fn: Callable[[str], object], texts: list[str], rounds: int) -> float:
    start = time.process_time()
    for _ in range(rounds):
        for t in texts:
            fn(t)
    return (time.process_time() - start) / (rounds * len(texts))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", type=int, default=1_000_000)
    args = parser.parse_args(argv)
    rows = [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines()]
    messages = [r["text"] for r in rows if not r.get("kind")]
    answers = [
        "I updated the parser and ran the tests. Everything passes. " * 10,
        "修正しました。ビルドは成功しています。" * 30,
        "수정했습니다. 빌드가 성공했습니다. " * 30,
        "The error was in the config loader; the wrong key was used, so I changed it. " * 8,
    ]
    start = time.process_time()
    C.prepare()
    gates = time.process_time() - start
    for t in messages:  # every rule compiled (on first use) before timing
        C._classify(t, gated=False)
    per_msg = _per_call(C.classify, messages, 10)
    ungated = _per_call(lambda t: C._classify(t, gated=False), messages, 10)
    per_answer = _per_call(C.classify_admission, answers, 500)
    text = adversarial(args.size)
    times = pattern_times(text)
    worst = sorted(times.items(), key=lambda kv: -kv[1])[:5]
    print(f"classify(): {1e6 * per_msg:.0f} µs per human message ({1 / per_msg:,.0f}/s, "
          f"{len(messages)} labelled messages); every rule run (no gate): {1e6 * ungated:.0f} µs; "
          f"building the four packs' gates: {1000 * gates:.0f} ms")
    print(f"classify_admission(): {1e6 * per_answer:.0f} µs per agent answer (0.6-2.5 KB, no admission)")
    print(f"{len(times)} patterns on {args.size / 1e6:g} MB adversarial text: total {sum(times.values()):.2f} s, "
          f"slowest " + ", ".join(f"{n} {t:.3f} s" for n, t in worst))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
