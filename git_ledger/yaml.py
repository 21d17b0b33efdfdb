"""All YAML set-up in one place. Never imported on a hook's hot path.

ruamel.yaml for round-trip writes; PyYAML's C loader (a dependency of pre-commit) for fast reads
and for the line/column positions the ledger's in-place editor needs: about ten times faster
than ruamel's pure-Python parser (../shared/git-native.md §6). Each library is imported only by
the function that needs it.
"""
from __future__ import annotations

import io
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ruamel.yaml import YAML


def round_trip() -> YAML:
    """A loader/dumper that keeps comments, order and quotes, and writes minimal diffs."""
    from ruamel.yaml import YAML

    y = YAML()
    y.preserve_quotes = True
    y.width = 4096
    y.indent(mapping=2, sequence=4, offset=2)
    return y


def load_safe(text: str) -> Any:
    from ruamel.yaml import YAML

    return YAML(typ="safe", pure=True).load(text)


def load_rt(text: str) -> Any:
    return round_trip().load(text)


def dump_rt(data: Any) -> str:
    buf = io.StringIO()
    round_trip().dump(data, buf)
    return buf.getvalue()


def _pyyaml() -> Any:
    try:
        import yaml  # type: ignore[import-untyped]
    except ImportError:  # pragma: no cover (pre-commit depends on PyYAML)
        return None
    return yaml


def load_fast(text: str) -> Any:
    """Plain data (YAML 1.1 scalars) with PyYAML's C loader; a duplicate key is an error.

    Raises ValueError for anything that is not valid YAML; falls back to ruamel when PyYAML is
    missing.
    """
    yaml = _pyyaml()
    if yaml is None:
        return load_safe(text)
    base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

    class Loader(base):  # type: ignore[misc,valid-type]
        def construct_mapping(self, node: Any, deep: bool = False) -> Any:
            seen: set[Any] = set()
            for key_node, _ in node.value:
                # Scalar keys compare by their text (no constructor call): cheap on big files.
                key = (key_node.tag, key_node.value) if key_node.id == "scalar" else id(key_node)
                if key in seen:
                    raise ValueError(f"duplicate key {key_node.value!r} on line {key_node.start_mark.line + 1}")
                seen.add(key)
            return super().construct_mapping(node, deep)

    try:
        return yaml.load(text, Loader=Loader)
    except yaml.YAMLError as e:
        raise ValueError(str(e).splitlines()[0] if str(e) else "not valid YAML") from e


class _Positions:
    def __init__(self, node: Any, index: dict[Any, int]) -> None:
        self._node = node
        self._index = index

    def key(self, key: str) -> tuple[int, int]:
        k = self._node.value[self._index[key]][0]
        return (k.start_mark.line, k.start_mark.column)

    def value(self, key: str) -> tuple[int, int]:
        v = self._node.value[self._index[key]][1]
        return (v.start_mark.line, v.start_mark.column)

    def item(self, index: int) -> tuple[int, int]:
        v = self._node.value[index]
        return (v.start_mark.line, v.start_mark.column)


class _Style:
    def __init__(self, node: Any) -> None:
        self._node = node

    def flow_style(self) -> bool:
        return bool(self._node.flow_style)


class PositionView:
    """A read-only mapping/sequence over PyYAML nodes with ruamel's `.lc` and `.fa` accessors:
    `view.lc.key(k)`, `view.lc.value(k)`, `view.lc.item(i)` give 0-based (line, column)."""

    def __init__(self, node: Any) -> None:
        self._node = node
        self._index = {k.value: i for i, (k, _) in enumerate(node.value)} if node.id == "mapping" else {}
        self.lc = _Positions(node, self._index)
        self.fa = _Style(node)

    def _wrap(self, node: Any) -> Any:
        if node.id == "scalar":
            return None if node.tag.endswith(":null") else node.value
        return PositionView(node)

    def __getitem__(self, key: Any) -> Any:
        if self._node.id == "sequence":
            return self._wrap(self._node.value[key])
        return self._wrap(self._node.value[self._index[key]][1])

    def get(self, key: str, default: Any = None) -> Any:
        return self[key] if key in self else default

    def __contains__(self, key: object) -> bool:
        return key in self._index

    def __iter__(self) -> Iterator[Any]:
        if self._node.id == "sequence":
            return iter([self._wrap(v) for v in self._node.value])
        return iter([k.value for k, _ in self._node.value])

    def __len__(self) -> int:
        return len(self._node.value)


def positions(text: str) -> Any:
    """The document's nodes with positions (PyYAML's C composer), or ruamel's round-trip
    document, which offers the same `.lc`/`.fa` accessors, when PyYAML is missing."""
    yaml = _pyyaml()
    if yaml is None:
        return load_rt(text)
    node = yaml.compose(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    return PositionView(node) if node is not None else None
