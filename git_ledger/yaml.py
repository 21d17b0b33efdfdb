"""All YAML set-up in one place (ruamel.yaml). Never imported on a hook's hot path."""
from __future__ import annotations

import io
from typing import Any

from ruamel.yaml import YAML


def round_trip() -> YAML:
    """A loader/dumper that keeps comments, order and quotes, and writes minimal diffs."""
    y = YAML()
    y.preserve_quotes = True
    y.width = 4096
    y.indent(mapping=2, sequence=4, offset=2)
    return y


def load_safe(text: str) -> Any:
    return YAML(typ="safe", pure=True).load(text)


def load_rt(text: str) -> Any:
    return round_trip().load(text)


def dump_rt(data: Any) -> str:
    buf = io.StringIO()
    round_trip().dump(data, buf)
    return buf.getvalue()
