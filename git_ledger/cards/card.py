"""One procedures card parsed into its six sections, in English or Chinese headings.

A card is `<category>-<phenomenon>.md`:

    # fetch-spa-shell
    > **Trigger**: page returns 200 but is empty / SPA shell       (> **触发**：…)
    > **Verify**: …                                                (> **验证**：…)
    ## Preferred / ## When blocked / ## Don't again / ## Notes     (首选 / 被挡时 / 别再来 / 注意)
    Evidence: …; verified 2026-11-20; layer: tool                   (证据：…；验证于 …；层：tool)

Parsing never fails: whatever is missing is simply absent, and the audit reports it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

MAX_CARD_BYTES = 2048

# section key -> heading words (compared case-folded; simplified and traditional Chinese)
HEADINGS: dict[str, tuple[str, ...]] = {
    "preferred": ("preferred", "首选", "首選"),
    "blocked": ("when blocked", "被挡时", "被擋時"),
    "dont": ("don't again", "dont again", "don’t again", "别再来", "別再來"),
    "notes": ("notes", "注意"),
}
QUOTED: dict[str, tuple[str, ...]] = {
    "trigger": ("trigger", "触发", "觸發"),
    "verify": ("verify", "验证", "驗證"),
}
EVIDENCE_WORDS = ("evidence", "证据", "證據")
# The order a card shows them in, and the names the audit reports.
SECTION_NAMES: dict[str, str] = {
    "trigger": "Trigger",
    "verify": "Verify",
    "preferred": "Preferred",
    "blocked": "When blocked",
    "dont": "Don't again",
    "notes": "Notes",
    "evidence": "Evidence",
}

_COMMENT = re.compile(r"<!--.*?-->", re.S)
# A rule-candidate stub that `git-ledger pr` added: its sections are still to be written, so the
# audit reports it as a draft (P3) instead of as a broken card. A person deletes the line.
DRAFT_MARK = "<!-- git-ledger:draft"
_DRAFT = re.compile(r"^<!-- git-ledger:draft (?P<entry>[A-Z]-\d{4,})\b[^\n]{0,300}-->[ \t]*$", re.M)
_QUOTED_LINE = re.compile(
    r"^\s*>\s*\*\*\s*(?P<key>[^*:：]+?)\s*(?:\*\*\s*[:：]|[:：]\s*\*\*)\s*(?P<value>.*)$"
)
_HEADING = re.compile(r"^(?P<hashes>#{1,6})\s+(?P<title>.+?)\s*#*\s*$")
_EVIDENCE = re.compile(
    r"^\s*(?:\*\*)?\s*(?P<key>" + "|".join(EVIDENCE_WORDS) + r")\s*"
    r"(?:\*\*\s*[:：]|[:：]\s*(?:\*\*)?)\s*(?P<value>.*)$",
    re.I,
)
PLACEHOLDER = re.compile(r"<[^<>\n]{1,200}>")
_FILLER = re.compile(r"[\s|:\-–—*_>#`•·;；,，.。/、：()（）]+")
DATE = re.compile(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)")
_LAYER = re.compile(r"(?:\blayer|层|層)\s*[:：=]\s*(?P<layer>[\w-]+)", re.I)


def draft_line(entry_id: str) -> str:
    """The marker line of a rule-candidate stub for ledger entry `entry_id`."""
    return (f"{DRAFT_MARK} {entry_id}: a rule candidate from `git-ledger pr`; write its sections, "
            "then delete this line -->")


def strip_comments(text: str) -> str:
    """HTML comments blanked out, keeping line numbers (newlines) intact."""
    return _COMMENT.sub(lambda m: "\n" * m.group(0).count("\n"), text)


def meaningful(text: str) -> bool:
    """True when `text` says something beyond placeholders and table/list punctuation."""
    return bool(_FILLER.sub("", PLACEHOLDER.sub("", text)))


def evidence_source(text: str) -> str:
    """The Evidence text without its date and layer: what is left must name a source."""
    text = _LAYER.sub(" ", DATE.sub(" ", PLACEHOLDER.sub(" ", text)))
    return re.sub(r"(?i)\b(?:last\s+)?verified(?:\s+on)?\b|验证于|驗證於|验证|驗證", " ", text)


@dataclass(frozen=True)
class Line:
    number: int  # 1-based
    text: str


@dataclass
class Section:
    key: str
    line: int  # the heading (or quoted/evidence line) number
    value: str = ""  # text on the heading line itself (Trigger/Verify/Evidence)
    body: list[Line] = field(default_factory=list)

    def content(self) -> str:
        return "\n".join([self.value, *(ln.text for ln in self.body)])

    def table_rows(self) -> list[Line]:
        """Data rows of the first markdown table in the body (header and separator skipped)."""
        rows = [ln for ln in self.body if ln.text.strip().startswith("|")]
        return [r for r in rows[1:] if not re.fullmatch(r"[\s|:\-]+", r.text)]


@dataclass
class Card:
    path: Path
    text: str  # comments blanked
    size: int  # bytes on disk
    title: Line | None = None
    sections: dict[str, Section] = field(default_factory=dict)
    draft: str = ""  # the ledger entry of a rule-candidate stub still to be written, else ""
    draft_line: int = 0

    @property
    def name(self) -> str:
        return self.path.stem

    def lines(self) -> list[Line]:
        return [Line(i, t) for i, t in enumerate(self.text.splitlines(), 1)]

    @property
    def trigger_phrases(self) -> list[str]:
        sec = self.sections.get("trigger")
        return split_phrases(sec.value) if sec else []

    @property
    def evidence_dates(self) -> list[str]:
        sec = self.sections.get("evidence")
        if sec is None:
            return []
        return [m.group(0) for m in DATE.finditer(sec.content())]

    @property
    def layer(self) -> str | None:
        sec = self.sections.get("evidence")
        m = _LAYER.search(sec.content()) if sec else None
        return m.group("layer").lower() if m else None


_PHRASE_SPLIT = re.compile(r"\s*(?:/|;|；|,|，|、|\||\bor\b|或)\s*", re.I)


def normalize_phrase(phrase: str) -> str:
    phrase = re.sub(r"[`\"'“”‘’「」『』()（）\[\]*_]", " ", phrase.casefold())
    return re.sub(r"\s+", " ", phrase).strip(" .。!！?？:：")


def split_phrases(trigger: str) -> list[str]:
    """`page is empty / SPA shell, share link` -> normalised phrases (placeholders dropped)."""
    out: list[str] = []
    for part in _PHRASE_SPLIT.split(PLACEHOLDER.sub(" ", trigger)):
        p = normalize_phrase(part)
        if p and p not in out:
            out.append(p)
    return out


def _heading_key(title: str) -> str | None:
    t = title.strip().strip("*").strip().casefold()
    for key, words in HEADINGS.items():
        if t in words:
            return key
    return None


def _quoted_key(word: str) -> str | None:
    w = word.strip().casefold()
    for key, words in QUOTED.items():
        if w in words:
            return key
    return None


def parse(path: Path, raw: bytes) -> Card:
    """Parse a card's bytes (already known to be UTF-8)."""
    raw_text = raw.decode("utf-8").lstrip("\ufeff")
    text = strip_comments(raw_text)
    card = Card(path=path, text=text, size=len(raw))
    if (d := _DRAFT.search(raw_text)) is not None:
        card.draft, card.draft_line = d.group("entry"), raw_text.count("\n", 0, d.start()) + 1
    current: Section | None = None
    in_fence = False
    for line in card.lines():
        stripped = line.text.strip()
        if stripped.startswith(("```", "~~~")):
            in_fence = not in_fence
        if not in_fence:
            h = _HEADING.match(line.text)
            if h and len(h.group("hashes")) == 1 and card.title is None:
                card.title = line
                current = None
                continue
            if h and len(h.group("hashes")) == 2:
                key = _heading_key(h.group("title"))
                current = card.sections.setdefault(key, Section(key, line.number)) if key else None
                continue
            q = _QUOTED_LINE.match(line.text)
            if q and (key := _quoted_key(q.group("key"))) and key not in card.sections:
                card.sections[key] = Section(key, line.number, q.group("value").strip())
                current = None
                continue
            e = _EVIDENCE.match(line.text)
            if e and "evidence" not in card.sections:
                card.sections["evidence"] = current = Section("evidence", line.number, e.group("value").strip())
                continue
        if current is not None:
            current.body.append(line)
    return card
