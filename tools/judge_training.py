"""Training and measuring the built-in local judges (shared by tools/train_judges.py and
bench/judges_real.py; neither is part of the package).

Reads the development set `messages.jsonl` from `$GIT_LEDGER_SHARED/data` or `../shared/data`
beside the checkout (absent: the scripts say so and exit 0). Trains on `part == "tune"` only;
rows the two labellers disputed are left out of training and of every figure. The rows and their
scores are bench/classify_real.py's (`Row`, `load`, `Score`, `score`, `table`); here the texts are
masked as the store masks them (`masked`) before anything reads them, and a row's label is read
as one of the judges' classes where they learn it (`judge_class`). Deterministic: a fixed seed,
folds by repository in a fixed order, full-batch optimisation.
"""
from __future__ import annotations

import hashlib
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
for _path in (ROOT, ROOT / "bench"):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

import classify_real as real  # noqa: E402 (bench/classify_real.py: the rows and their scores)
from classify_real import Row  # noqa: E402

from git_ledger.judges.base import JudgeInput  # noqa: E402
from git_ledger.judges.evidence import NGRAM_BUCKETS, Evidence, gather, ngram_buckets  # noqa: E402
from git_ledger.judges.fullpath import Message, judged  # noqa: E402
from git_ledger.judges.local import CLASSES, E5Embedder, Thresholds, decide, e5_features  # noqa: E402
from git_ledger.judges.panel import verdict  # noqa: E402
from git_ledger.masking import mask as redact  # noqa: E402
from git_ledger.models import NONE, OTHER, TYPES, Classification  # noqa: E402

SEED = 13
FOLDS = 5
TRAIN_ONLY = -1  # the fold of rows that are never tested
NOT_CORRECTION, OTHER_CORRECTION = "not-correction", "other-correction"
WRITTEN_PART = "written"  # rows of ours: always in training, never tested


def shared_data() -> Path | None:
    """The development set's folder (`classify_real.data_dir`), None when it holds no rows."""
    folder = real.data_dir()
    return folder if (folder / "messages.jsonl").exists() else None


def masked(row: Row) -> Row:
    """`row` with its texts masked as the store masks them, before any judge or rule reads them."""
    return row._replace(text=redact.mask(row.text), previous=redact.mask(row.previous) if row.previous else None)


def judge_class(row: Row) -> str:
    """The row's label as one of the judges' CLASSES (not-correction -> none, other-correction -> other)."""
    return {NOT_CORRECTION: NONE, OTHER_CORRECTION: OTHER}.get(row.label, row.label)


def judge_input(row: Row) -> JudgeInput:
    return JudgeInput(row.text, "; ".join(row.previous_tools), row.previous or "")


def load_rows(folder: Path, parts: Iterable[str] = ("tune",)) -> list[Row]:
    """The development set's rows of `parts`, masked, the labellers' disputed rows left out."""
    wanted = set(parts)
    return [masked(r) for r in real.load(folder / "messages.jsonl") if not r.disputed and r.part in wanted]


WRITTEN = ROOT / "tools" / "data"  # our own written messages (tools/data/written_messages_*.jsonl)


def load_written(folder: Path = WRITTEN) -> list[Row]:
    """The team's own labelled messages, written with their context (same fields as the
    development set's), masked: training folds only, never a test fold nor a figure."""
    return [masked(r._replace(repo=f"{WRITTEN_PART}:{path.name}"))
            for path in sorted(folder.glob("written_messages_*.jsonl"))
            for r in real.load(path, lambda _: WRITTEN_PART)]


# Real messages harvested from public repositories outside the development set: their texts stay
# outside the repository like the development set's (`$GIT_LEDGER_HARVEST`, or `../harvest` beside
# the checkout); tools/data/harvested_index.jsonl says where each row is from and how it was labelled.
def harvest_dir() -> Path:
    """Where the harvested rows are: `$GIT_LEDGER_HARVEST`, else `../harvest` beside the checkout."""
    env = os.environ.get("GIT_LEDGER_HARVEST")
    return Path(env) if env else ROOT.parent / "harvest"


HARVEST_DEV, HARVEST_CHECK = "harvested-dev", "harvested-check"


def harvest_half(repo: str) -> str:
    """The half a harvested row belongs to, by its repository's owner (one person's repositories
    share wording): `harvested-dev` trains the judges and guides the rules, `harvested-check`
    is only reported, like the development set's measure part."""
    owner = repo.split("/", 1)[0].lower()
    return HARVEST_CHECK if hashlib.sha256(f"harvest:{owner}".encode()).digest()[0] % 2 else HARVEST_DEV


def harvested_rows(folder: Path | None = None) -> list[Row]:
    """Every harvested row in `folder` (default `harvest_dir()`) as it is (disputed ones too), its part its half."""
    return [r for path in sorted((folder or harvest_dir()).glob("harvested_*.jsonl"))
            for r in real.load(path, lambda obj: harvest_half(obj["source_repo"]))]


def load_harvested(folders: Iterable[Path] | None = None, halves: Iterable[str] = (HARVEST_DEV,)) -> list[Row]:
    """Harvested real rows of the given halves (from `folders`, default `harvest_dir()`), masked,
    the labellers' disputed rows left out."""
    wanted = set(halves)
    return [masked(r) for folder in (folders or [harvest_dir()]) for r in harvested_rows(folder)
            if not r.disputed and r.part in wanted]


def folds_by_repo(rows: Sequence[Row], k: int = FOLDS) -> list[int]:
    """A fold number per row; every repository in one fold, folds filled largest repo first.
    Our written rows get TRAIN_ONLY: in every training fold, in no test fold."""
    sizes: dict[str, int] = {}
    for r in rows:
        if r.part != WRITTEN_PART:
            sizes[r.repo] = sizes.get(r.repo, 0) + 1
    load = [0] * k
    fold_of: dict[str, int] = {}
    for repo in sorted(sizes, key=lambda name: (-sizes[name], hashlib.sha256(f"{SEED}{name}".encode()).hexdigest())):
        f = min(range(k), key=lambda i: (load[i], i))
        fold_of[repo] = f
        load[f] += sizes[repo]
    return [TRAIN_ONLY if r.part == WRITTEN_PART else fold_of[r.repo] for r in rows]


def evidence(rows: Sequence[Row]) -> list[Evidence]:
    return [gather(r.text, r.previous or "", "; ".join(r.previous_tools)) for r in rows]


def labels(rows: Sequence[Row]) -> Any:
    return np.array([CLASSES.index(judge_class(r)) for r in rows], dtype=np.int64)


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
    indptr, indices, data = [0], list[int](), list[float]()
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
    return e5_features(np, cache.embed([e.typed for e in ev]).astype(np.float64),
                       cache.embed([e.previous for e in ev]).astype(np.float64), ev)


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


def fit(X: Any, y: Any, *, l2: float, steps: int = 300, lr: float = 0.1, power: float = 0.5,
        row_weight: Any = None) -> Softmax:
    """Weighted softmax regression, full-batch Adam from zero (deterministic)."""
    width = X.width if isinstance(X, Sparse) else X.shape[1]
    n, c = len(y), len(CLASSES)
    W, b = np.zeros((width, c)), np.zeros(c)
    onehot = np.eye(c)[y]
    weight = class_weights(y, power) * (1.0 if row_weight is None else row_weight)
    weight = (weight / weight.mean())[:, None] / n
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


def out_of_fold(X: Any, y: Any, folds: Sequence[int], train: Callable[[Any, Any, Any], Softmax], key: str = "") -> Any:
    """Probabilities of each row from a model trained on the other folds (`train(X, y, rows)`,
    `rows` the training rows' indices; kept in the bench
    cache under `key`, which must name the data and the settings, when one is given)."""
    path = cache_dir() / f"oof-{hashlib.sha256(key.encode()).hexdigest()[:16]}.npy"
    if key and path.exists():
        return np.load(path)
    folds_a = np.array(folds)
    out = np.zeros((len(y), len(CLASSES)))
    for f in sorted(set(folds) - {TRAIN_ONLY}):
        tr, te = np.where(folds_a != f)[0], np.where(folds_a == f)[0]
        pick = (lambda idx: X.rows(idx)) if isinstance(X, Sparse) else (lambda idx: X[idx])
        out[te] = train(pick(tr), y[tr], tr).probabilities(pick(te))
    if key:
        path.parent.mkdir(parents=True, exist_ok=True)
        np.save(path, out)
    return out


def full_path(rows: Sequence[Row], rules: Sequence[Classification], first: Any, second: Any,
              th_first: Thresholds, th_second: Thresholds, *, scope: str) -> list[str | None]:
    """Each row's final type: the rules' type, else, when the row is in the judges' `scope`
    (`fullpath.judged`), the type both judges agree on (the panel's own rule, `panel.verdict`)."""
    out: list[str | None] = []
    for row, rule, pa, pb in zip(rows, rules, first.tolist(), second.tolist()):
        if rule.type in TYPES:
            out.append(rule.type)
        elif judged(rule, message(row), scope=scope):
            v = verdict([("a", decide(pa, th_first)), ("b", decide(pb, th_second))])
            out.append(v.type if v is not None else None)
        else:
            out.append(None)
    return out


def pair_alone(first: Any, second: Any, th_first: Thresholds, th_second: Thresholds) -> list[str | None]:
    """The type both judges agree on, for every row, rules aside."""
    return [v.type if (v := verdict([("a", decide(pa, th_first)), ("b", decide(pb, th_second))])) else None
            for pa, pb in zip(first.tolist(), second.tolist())]


def message(row: Row) -> Message:
    return Message(row.text, row.previous or "", row.previous_tools)


def rule_classifications(rows: Sequence[Row]) -> list[Classification]:
    """What the rules alone make of each row, with its context."""
    from git_ledger.classify.classify import classify

    return [classify(r.text, previous=r.previous, previous_tools=r.previous_tools) for r in rows]


def held_out_rules(rows: Sequence[Row], rules: Sequence[Classification]) -> list[Classification]:
    """The rules as on repositories they were not tuned on (`bench/rules_by_lang.py --by-repo`):
    a correction a rule typed stays typed only when that rule typed a correction in another
    repository too; otherwise the row counts as left untyped (`none`, no exclusion). The rules
    were written looking at tune, so without this the judges would be measured only on what
    over-fitted rules leave, and look useless where unseen repositories need them most."""
    repos: dict[str | None, set[str]] = {}
    for r, c in zip(rows, rules):
        if c.type in TYPES and r.correction:
            repos.setdefault(c.rule, set()).add(r.repo)
    return [Classification(NONE, lang=c.lang)
            if c.type in TYPES and r.correction and not repos.get(c.rule, set()) - {r.repo} else c
            for r, c in zip(rows, rules)]


@dataclass
class Prepared:
    """Each row twice: with its context as given, then without the agent's previous message
    (a message whose agent said nothing since the last one has none, and cases stored before
    the store kept it carry only their tool calls), so the judges learn to read both; the real
    rows first, then our written ones (training only)."""

    y: Any
    folds: list[int]
    ngram: Sparse
    e5: Any
    digest: str  # names the rows and the evidence code's output, for the out-of-fold cache
    real: int  # the number of real rows
    written: Any  # per row: one of our written rows

    def row_weight(self, written_weight: float) -> Any:
        """Per row: 1 for a real row, `written_weight` for one of ours."""
        return np.where(self.written, written_weight, 1.0)

    def halves(self, probs: Any) -> tuple[Any, Any]:
        """Out-of-fold probabilities of the real rows: (with the previous message, without it)."""
        return probs[:self.real], probs[self.real:2 * self.real]


def prepare(rows: Sequence[Row], written: Sequence[Row] = ()) -> Prepared:
    both = [*(r for part in (rows, written) for r in (*part, *(r._replace(previous=None) for r in part)))]
    ev = evidence(both)
    digest = hashlib.sha256(repr([(r.id, judge_class(r), e) for r, e in zip(both, ev)]).encode()).hexdigest()[:16]
    return Prepared(labels(both), folds_by_repo(both), ngram_matrix(ev), e5_matrix(ev, EmbeddingCache()), digest,
                    len(rows), np.array([r.part == WRITTEN_PART for r in both]))
