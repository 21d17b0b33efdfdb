"""Training and measuring the built-in local judges (shared by tools/train_judges.py and
bench/judges_real.py; neither is part of the package).

Reads the development set `messages.jsonl` from `$GIT_LEDGER_SHARED/data` or `../shared/data`
beside the checkout (absent: the scripts say so and exit 0). Trains on `part == "tune"` only;
rows the two labellers disputed are left out of training and of every figure. Texts are masked
as the store masks them before anything reads them. Deterministic: a fixed seed, folds by
repository in a fixed order, full-batch optimisation.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from git_ledger.judges.base import JudgeInput  # noqa: E402
from git_ledger.judges.evidence import NGRAM_BUCKETS, Evidence, gather, ngram_buckets  # noqa: E402
from git_ledger.judges.local import CLASSES, E5Embedder, Thresholds, decide, flag_vector  # noqa: E402
from git_ledger.judges.panel import verdict  # noqa: E402
from git_ledger.masking import mask as redact  # noqa: E402
from git_ledger.models import NONE, OTHER, TYPES  # noqa: E402

SEED = 13
FOLDS = 5
NOT_CORRECTION, OTHER_CORRECTION = "not-correction", "other-correction"
NATURAL_SHARE = 0.85  # non-corrections among human messages in real traffic


def shared_data() -> Path | None:
    env = os.environ.get("GIT_LEDGER_SHARED")
    folder = Path(env) / "data" if env else ROOT.parent / "shared" / "data"
    return folder if (folder / "messages.jsonl").exists() else None


@dataclass(frozen=True)
class Row:
    id: str
    lang: str
    repo: str
    part: str
    label: str  # a class of CLASSES (not-correction -> none, other-correction -> other)
    text: str  # masked
    previous: str  # masked
    tools: tuple[str, ...]

    @property
    def correction(self) -> bool:
        return self.label != NONE

    def judge_input(self) -> JudgeInput:
        return JudgeInput(self.text, "; ".join(self.tools), self.previous)


def load_rows(folder: Path, parts: Iterable[str] = ("tune",)) -> list[Row]:
    wanted = set(parts)
    rows = []
    for line in (folder / "messages.jsonl").read_text(encoding="utf-8").splitlines():
        obj = json.loads(line)
        if obj.get("disputed") or obj["part"] not in wanted:
            continue
        label = {NOT_CORRECTION: NONE, OTHER_CORRECTION: OTHER}.get(obj["label"], obj["label"])
        rows.append(Row(
            obj["id"], obj["lang"], obj["source_repo"], obj["part"], label, redact.mask(obj["text"]),
            redact.mask(obj.get("prev_assistant") or ""), tuple(obj.get("prev_tools") or ()),
        ))
    return rows


def folds_by_repo(rows: Sequence[Row], k: int = FOLDS) -> list[int]:
    """A fold number per row; every repository in one fold, folds filled largest repo first."""
    sizes: dict[str, int] = {}
    for r in rows:
        sizes[r.repo] = sizes.get(r.repo, 0) + 1
    load = [0] * k
    fold_of: dict[str, int] = {}
    for repo in sorted(sizes, key=lambda name: (-sizes[name], hashlib.sha256(f"{SEED}{name}".encode()).hexdigest())):
        f = min(range(k), key=lambda i: (load[i], i))
        fold_of[repo] = f
        load[f] += sizes[repo]
    return [fold_of[r.repo] for r in rows]


def evidence(rows: Sequence[Row]) -> list[Evidence]:
    return [gather(r.text, r.previous, "; ".join(r.tools)) for r in rows]


def labels(rows: Sequence[Row]) -> Any:
    return np.array([CLASSES.index(r.label) for r in rows], dtype=np.int64)


# ---- features -------------------------------------------------------------------------------

@dataclass
class Sparse:
    """Rows of hashed n-gram features (CSR)."""

    indptr: Any
    indices: Any
    data: Any
    width: int

    def rows(self, picks: Any) -> Sparse:
        indptr, indices, data = [0], [], []
        for i in picks:
            a, b = self.indptr[i], self.indptr[i + 1]
            indices.append(self.indices[a:b])
            data.append(self.data[a:b])
            indptr.append(indptr[-1] + b - a)
        return Sparse(np.array(indptr), np.concatenate(indices), np.concatenate(data), self.width)

    @property
    def n(self) -> int:
        return len(self.indptr) - 1

    def dot(self, w: Any) -> Any:
        return np.add.reduceat(w[self.indices] * self.data[:, None], self.indptr[:-1], axis=0)

    def tdot(self, g: Any) -> Any:
        row_of = np.repeat(np.arange(self.n), np.diff(self.indptr))
        out = np.empty((self.width, g.shape[1]), dtype=np.float64)
        for c in range(g.shape[1]):
            out[:, c] = np.bincount(self.indices, weights=self.data * g[row_of, c], minlength=self.width)
        return out


def ngram_matrix(ev: Sequence[Evidence]) -> Sparse:
    indptr, indices, data = [0], [], []
    for e in ev:
        buckets = ngram_buckets(e)
        indices.extend(buckets.keys())
        data.extend(buckets.values())
        indptr.append(len(indices))
    return Sparse(np.array(indptr), np.array(indices, dtype=np.int64), np.array(data, dtype=np.float64), NGRAM_BUCKETS)


class EmbeddingCache:
    """e5 vectors of texts, kept outside the repository ($XDG_CACHE_HOME/git-ledger-bench)."""

    def __init__(self) -> None:
        self.path = cache_dir() / "e5-vectors.npz"
        self.vectors: dict[str, Any] = {}
        if self.path.exists():
            with np.load(self.path) as data:
                self.vectors = {k: data[k] for k in data.files}
        self.embedder = E5Embedder()

    def embed(self, texts: Sequence[str]) -> Any:
        keys = [hashlib.sha256(t.encode("utf-8", "surrogatepass")).hexdigest()[:24] for t in texts]
        todo = sorted({k: t for k, t in zip(keys, texts) if k not in self.vectors}.items())
        for start in range(0, len(todo), 32):
            chunk = todo[start:start + 32]
            for (k, _), v in zip(chunk, self.embedder.embed([t for _, t in chunk])):
                self.vectors[k] = v
        if todo:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            np.savez(self.path, **self.vectors)
        return np.stack([self.vectors[k] for k in keys]).astype(np.float64)


def e5_matrix(ev: Sequence[Evidence], cache: EmbeddingCache) -> Any:
    return np.hstack([
        cache.embed([e.typed for e in ev]), cache.embed([e.previous for e in ev]),
        flag_vector(np, ev).astype(np.float64),
    ])


# ---- the model ------------------------------------------------------------------------------

@dataclass
class Softmax:
    W: Any
    b: Any

    def probabilities(self, X: Any) -> Any:
        logits = (X.dot(self.W) if isinstance(X, Sparse) else X @ self.W) + self.b
        logits -= logits.max(axis=1, keepdims=True)
        e = np.exp(logits)
        return e / e.sum(axis=1, keepdims=True)


def class_weights(y: Any, power: float = 0.5) -> Any:
    """Per-row weights: rare classes count more (inverse frequency to `power`), mean 1."""
    counts = np.bincount(y, minlength=len(CLASSES)).astype(np.float64)
    per_class = np.where(counts > 0, (len(y) / np.maximum(counts, 1)) ** power, 0.0)
    w = per_class[y]
    return w / w.mean()


def fit(X: Any, y: Any, *, l2: float, steps: int = 300, lr: float = 0.1, power: float = 0.5) -> Softmax:
    """Weighted softmax regression, full-batch Adam from zero (deterministic)."""
    width = X.width if isinstance(X, Sparse) else X.shape[1]
    n, c = len(y), len(CLASSES)
    W, b = np.zeros((width, c)), np.zeros(c)
    onehot = np.eye(c)[y]
    weight = class_weights(y, power)[:, None] / n
    state = [np.zeros_like(W), np.zeros_like(W), np.zeros_like(b), np.zeros_like(b)]
    beta1, beta2, eps = 0.9, 0.999, 1e-8
    for t in range(1, steps + 1):
        p = Softmax(W, b).probabilities(X)
        g = (p - onehot) * weight
        gW = (X.tdot(g) if isinstance(X, Sparse) else X.T @ g) + l2 * W
        gb = g.sum(axis=0)
        for i, (param, grad) in enumerate(((W, gW), (b, gb))):
            m, v = state[2 * i], state[2 * i + 1]
            m *= beta1
            m += (1 - beta1) * grad
            v *= beta2
            v += (1 - beta2) * grad * grad
            param -= lr * (m / (1 - beta1 ** t)) / (np.sqrt(v / (1 - beta2 ** t)) + eps)
    return Softmax(W, b)


# ---- measuring ------------------------------------------------------------------------------

def cache_dir() -> Path:
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "git-ledger-bench"


def out_of_fold(X: Any, y: Any, folds: Sequence[int], train: Callable[[Any, Any], Softmax], key: str = "") -> Any:
    """Probabilities of each row from a model trained on the other folds (kept in the bench
    cache under `key`, which must name the data and the settings, when one is given)."""
    path = cache_dir() / f"oof-{hashlib.sha256(key.encode()).hexdigest()[:16]}.npy"
    if key and path.exists():
        return np.load(path)
    folds_a = np.array(folds)
    out = np.zeros((len(y), len(CLASSES)))
    for f in sorted(set(folds)):
        tr, te = np.where(folds_a != f)[0], np.where(folds_a == f)[0]
        pick = (lambda idx: X.rows(idx)) if isinstance(X, Sparse) else (lambda idx: X[idx])
        out[te] = train(pick(tr), y[tr]).probabilities(pick(te))
    if key:
        path.parent.mkdir(parents=True, exist_ok=True)
        np.save(path, out)
    return out


def votes(probs: Any, th: Thresholds) -> list[str | None]:
    """Each row's answer: a type, `none`, or None (abstained)."""
    return [decide(row, th).vote for row in probs.tolist()]


def full_path(rule_types: Sequence[str], first: Any, second: Any, th_first: Thresholds, th_second: Thresholds,
              *, judge_untyped: bool) -> list[str | None]:
    """Each row's final type: the rules' type, else the type both judges agree on (the panel's
    own rule, `panel.verdict`), judging `other` only or also what the rules left `none`."""
    out: list[str | None] = []
    for rule, pa, pb in zip(rule_types, first.tolist(), second.tolist()):
        if rule in TYPES:
            out.append(rule)
        elif rule == OTHER or judge_untyped:
            v = verdict([("a", decide(pa, th_first)), ("b", decide(pb, th_second))])
            out.append(v.type if v is not None else None)
        else:
            out.append(None)
    return out


def rule_types(rows: Sequence[Row]) -> list[str]:
    """What the rules alone make of each row, with its context."""
    from git_ledger.classify.classify import classify

    return [classify(r.text, previous=r.previous or None, previous_tools=r.tools).type for r in rows]


@dataclass
class Prepared:
    """Each row twice: with its context as given, then without the agent's previous message
    (stored cases carry only their tool calls), so the judges learn to read both."""

    y: Any
    folds: list[int]
    ngram: Sparse
    e5: Any
    digest: str  # names the rows and the evidence code's output, for the out-of-fold cache

    def halves(self, probs: Any) -> tuple[Any, Any]:
        """Out-of-fold probabilities: (with the previous message, without it)."""
        n = len(probs) // 2
        return probs[:n], probs[n:]


def prepare(rows: Sequence[Row]) -> Prepared:
    both = [*rows, *(dataclasses.replace(r, previous="") for r in rows)]
    ev = evidence(both)
    digest = hashlib.sha256(repr([(r.id, r.label, e) for r, e in zip(both, ev)]).encode()).hexdigest()[:16]
    return Prepared(labels(both), folds_by_repo(both), ngram_matrix(ev), e5_matrix(ev, EmbeddingCache()), digest)


@dataclass
class Figures:
    n: int = 0
    corrections: int = 0
    typed: int = 0
    typed_correct: int = 0  # typed, and labelled a correction (any type)
    exact: int = 0  # typed with the labelled type
    false: int = 0  # typed, labelled not a correction

    def add(self, row: Row, typed: str | None) -> None:
        self.n += 1
        self.corrections += row.correction
        if typed in TYPES:
            self.typed += 1
            self.typed_correct += row.correction
            self.exact += typed == row.label
            self.false += not row.correction

    @property
    def precision(self) -> float | None:
        return self.typed_correct / self.typed if self.typed else None

    @property
    def exact_precision(self) -> float | None:
        return self.exact / self.typed if self.typed else None

    @property
    def recall(self) -> float | None:
        return self.typed_correct / self.corrections if self.corrections else None

    @property
    def natural_precision(self) -> float | None:
        """Precision with the non-corrections weighted up to NATURAL_SHARE of the traffic."""
        non = self.n - self.corrections
        if not self.typed or not non or not self.corrections:
            return None
        w = NATURAL_SHARE / (1 - NATURAL_SHARE) * self.corrections / non
        return self.typed_correct / (self.typed_correct + w * self.false)


def figures(rows: Sequence[Row], typed: Sequence[str | None], langs: Sequence[str] = ("en", "zh", "ja", "ko")
            ) -> dict[str, Figures]:
    out = {lang: Figures() for lang in (*langs, "all")}
    for r, t in zip(rows, typed):
        out[r.lang].add(r, t)
        out["all"].add(r, t)
    return out


def fmt(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def table(title: str, figs: dict[str, Figures]) -> str:
    head = ("| lang | rows | corrections | typed | precision | exact-type precision | recall "
            "| precision at 85% non-corrections | false |")
    lines = [f"### {title}", "", head, "|---|---|---|---|---|---|---|---|---|"]
    for lang, f in figs.items():
        lines.append(f"| {lang} | {f.n} | {f.corrections} | {f.typed} | {fmt(f.precision)} | "
                     f"{fmt(f.exact_precision)} | {fmt(f.recall)} | {fmt(f.natural_precision)} | {f.false} |")
    return "\n".join(lines)
