"""Split a shell command line into pipelines of argv lists, the way a POSIX shell would.

The search-posture guard reads the agent's own shell calls, so it must see what the shell sees:
quotes, backslashes, `&&`/`||`/`;`/`|`, redirections (`2>&1`, `>/dev/null`), here-documents and
comments. `shlex` gets quoting right but has no notion of redirections (`2>&1` comes out as three
words), so this is a small hand-written tokenizer instead. Command substitutions (`$(…)`,
backticks) stay inside their word; they are not searched.
"""
from __future__ import annotations

_BREAKS = frozenset(" \t\r")
_OPERATORS = ("&&", "||", "|&", ";;", "|", ";", "&", "(", ")")
_REDIRECTS = ("&>>", "<<<", "<<-", ">>", "<<", ">&", "<&", "&>", ">|", "<>", ">", "<")
_PIPES = frozenset({"|", "|&"})

Pipeline = list[list[str]]


class _Tokens:
    """Words and operators of one command line; operators are tagged with a leading NUL."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.i = 0
        self.out: list[str] = []
        self.heredocs: list[tuple[str, bool]] = []  # (delimiter, strip tabs) awaiting a newline

    def run(self) -> list[str]:
        text, n = self.text, len(self.text)
        while self.i < n:
            c = text[self.i]
            if c in _BREAKS:
                self.i += 1
            elif c == "\n":
                self.i += 1
                self.out.append("\0;")
                self._skip_heredocs()
            elif c == "#":
                nl = text.find("\n", self.i)
                self.i = n if nl < 0 else nl
            elif c == "\\" and text.startswith("\\\n", self.i):
                self.i += 2
            else:
                self._operator_or_word()
        return self.out

    def _operator_or_word(self) -> None:
        text = self.text
        for op in _REDIRECTS:
            if text.startswith(op, self.i):
                self.i += len(op)
                self._redirect(op)
                return
        for op in _OPERATORS:
            if text.startswith(op, self.i):
                self.i += len(op)
                self.out.append("\0" + op)
                return
        word = self._word()
        # `2>&1`, `2>/dev/null`: digits glued to a redirection are its file descriptor.
        if word.isdigit() and self.i < len(text) and text[self.i] in "<>":
            return
        self.out.append(word)

    def _redirect(self, op: str) -> None:
        while self.i < len(self.text) and self.text[self.i] in _BREAKS:
            self.i += 1
        target = self._word() if self.i < len(self.text) else ""
        if op in ("<<", "<<-") and target:
            self.heredocs.append((target, op == "<<-"))

    def _word(self) -> str:
        text, n = self.text, len(self.text)
        buf: list[str] = []
        while self.i < n:
            c = text[self.i]
            if c in _BREAKS or c == "\n" or c in "|&;()<>":
                break
            if c == "'":
                end = text.find("'", self.i + 1)
                end = n if end < 0 else end
                buf.append(text[self.i + 1:end])
                self.i = end + 1
            elif c == '"':
                self.i += 1
                while self.i < n and text[self.i] != '"':
                    if text[self.i] == "\\" and self.i + 1 < n and text[self.i + 1] in '"\\$`\n':
                        self.i += 1
                    buf.append(text[self.i])
                    self.i += 1
                self.i += 1
            elif c == "\\":
                if self.i + 1 < n:
                    buf.append(text[self.i + 1])
                self.i += 2
            elif c == "$" and text.startswith("$(", self.i):
                buf.append(self._balanced("(", ")"))
            elif c == "`":
                end = text.find("`", self.i + 1)
                end = n if end < 0 else end
                buf.append(text[self.i:end + 1])
                self.i = end + 1
            else:
                buf.append(c)
                self.i += 1
        return "".join(buf)

    def _balanced(self, open_: str, close: str) -> str:
        start, depth = self.i, 0
        while self.i < len(self.text):
            c = self.text[self.i]
            if c == open_:
                depth += 1
            elif c == close:
                depth -= 1
                if depth == 0:
                    self.i += 1
                    break
            self.i += 1
        return self.text[start:self.i]

    def _skip_heredocs(self) -> None:
        while self.heredocs:
            delim, strip = self.heredocs.pop(0)
            while self.i < len(self.text):
                nl = self.text.find("\n", self.i)
                end = len(self.text) if nl < 0 else nl
                line = self.text[self.i:end]
                self.i = end + 1
                if (line.lstrip("\t") if strip else line) == delim:
                    break


def pipelines(command: str) -> list[Pipeline]:
    """`a | b && c 2>/dev/null; d` -> [[[a], [b]], [[c]], [[d]]] (argv lists; redirections dropped)."""
    result: list[Pipeline] = []
    current: Pipeline = []
    argv: list[str] = []
    for tok in _Tokens(command).run():
        if not tok.startswith("\0"):
            argv.append(tok)
            continue
        if argv:
            current.append(argv)
            argv = []
        if tok[1:] not in _PIPES and current:
            result.append(current)
            current = []
    if argv:
        current.append(argv)
    if current:
        result.append(current)
    return result
