#!/usr/bin/env python3
"""Build kg/extract/terms/word_clusters.tsv: words that abstracts use alike, in numbered clusters.

    python scripts/build_clusters.py [--data ../shared/data] [--out kg/extract/terms]

The mention typer (kg/extract/typer.py) is a linear model over the words of a mention and around
it; a word it never saw in `train.jsonl` tells it nothing. A cluster of words that the 140k
unlabelled arXiv abstracts use in the same places ("segmentation", "detection", "captioning"; "latency",
"throughput", "runtime") carries what it learned of some words to the others. This is Brown-style
clustering done the distributional way:

1. the `VOCAB` most frequent words (the typer's `WORD`, lower-cased; at least `MIN_COUNT` times)
   are counted against `CONTEXTS` context words at three positions: the word just before, the word
   just after, and any word within `WINDOW` (positive pointwise mutual information, PPMI);
2. a seeded randomized SVD keeps `DIMS` dimensions;
3. spherical k-means (started from the most frequent words, `ITERATIONS` rounds) numbers the
   clusters, at each of the granularities of `CLUSTERS` (one column each).

Source (read only): `corpus_arxiv/*.jsonl.gz` (arXiv metadata, CC0 1.0). Only words and cluster
numbers are written, nothing of the abstracts. Deterministic: one BLAS thread and fixed seeds, so the
same data gives the same bytes with the same numpy. Another numpy/OpenBLAS build rounds the SVD a little
differently and may move a word that sits between two clusters: 9 of the 20,000 with numpy 2.4.6
(tests/test_script_build_clusters.py allows one word in a thousand).
"""
from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # one thread: the same floats, so the same clusters, every run
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("MKL_NUM_THREADS", "1")

import argparse  # noqa: E402
import gzip  # noqa: E402
import json  # noqa: E402
import sys  # noqa: E402
from collections import Counter  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402

from kg.extract.corpus import WORD  # noqa: E402  (words as the typer reads them)

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATA = ROOT.parent / "shared" / "data"
DEFAULT_OUT = ROOT / "kg" / "extract" / "terms"
SOURCES = ("corpus_arxiv",)  # CC0; the conference abstracts of corpus_papercopilot carry no licence to derive from
VOCAB = 20000
MIN_COUNT = 20
CONTEXTS = 2000
WINDOW = 3
DIMS = 96
CLUSTERS = (100, 400, 1600)  # three granularities, as the prefixes of a Brown clustering give
ITERATIONS = 25
SEED = 0
HEADER = ("# word\tclusters (100, 400, 1600): words the abstracts of ../shared/data use alike (scripts/build_clusters.py; sources: "
          "corpus_arxiv, arXiv metadata, CC0 1.0).\n")


def inputs(data: Path) -> list[Path]:
    return [p for source in SOURCES for p in sorted((data / source).glob("*.jsonl.gz"))]


def abstracts(paths: list[Path]):
    for path in paths:
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            for line in fh:
                rec = json.loads(line)
                yield f"{rec.get('title') or ''}. {rec.get('abstract') or ''}"


def tokenised(paths: list[Path]) -> list[list[str]]:
    return [[w.lower() for w in WORD.findall(text) if w[0].isalnum()] for text in abstracts(paths)]


def cooccurrence(docs: list[list[str]], vocab: list[str], contexts: list[str]) -> np.ndarray:
    """Counts of each vocabulary word against each context word just before, just after, and within WINDOW."""
    vid = {w: i for i, w in enumerate(vocab)}
    cid = {w: i for i, w in enumerate(contexts)}
    ids, cids = [], []
    for words in docs:  # one stream: -1 a word of neither list, -2 the end of an abstract
        ids.extend(vid.get(w, -1) for w in words)
        cids.extend(cid.get(w, -1) for w in words)
        ids.append(-2)
        cids.append(-2)
    a, c = np.asarray(ids, dtype=np.int64), np.asarray(cids, dtype=np.int64)
    n_c = len(contexts)
    doc_of = np.cumsum(a == -2)
    counts = np.zeros(len(vocab) * 3 * n_c, dtype=np.float64)

    def add(block: int, offset: int) -> None:
        if offset > 0:
            w, x = a[:-offset], c[offset:]
        else:
            w, x = a[-offset:], c[:offset]
        ok = (w >= 0) & (x >= 0)
        if abs(offset) > 1:  # not across the end of an abstract
            ok &= doc_of[:-abs(offset)] == doc_of[abs(offset):]
        counts[:] += np.bincount(w[ok] * 3 * n_c + block * n_c + x[ok], minlength=counts.size)

    add(0, -1)  # the word before
    add(1, 1)   # the word after
    for d in range(1, WINDOW + 1):
        add(2, d)
        add(2, -d)
    return counts.reshape(len(vocab), 3 * n_c)


def ppmi(m: np.ndarray) -> np.ndarray:
    total = m.sum()
    rows = m.sum(axis=1, keepdims=True)
    cols = m.sum(axis=0, keepdims=True) ** 0.75  # context smoothing (Levy et al. 2015)
    cols = cols / cols.sum() * total
    with np.errstate(divide="ignore", invalid="ignore"):
        pmi = np.log(m * total / (rows * cols))
    pmi[~np.isfinite(pmi)] = 0.0
    return np.maximum(pmi, 0.0).astype(np.float32)


def randomized_svd(m: np.ndarray, k: int, rng: np.random.Generator, power: int = 2) -> np.ndarray:
    """The first k left singular vectors scaled by the square roots of their singular values."""
    q, _ = np.linalg.qr(m @ rng.standard_normal((m.shape[1], k + 20)).astype(np.float32))
    for _ in range(power):
        q, _ = np.linalg.qr(m.T @ q)
        q, _ = np.linalg.qr(m @ q)
    u, s, _ = np.linalg.svd(q.T @ m, full_matrices=False)
    return (q @ u[:, :k]) * np.sqrt(s[:k])


def kmeans(x: np.ndarray, k: int) -> np.ndarray:
    """Spherical k-means, started from the first k rows (the most frequent words)."""
    x = x / np.maximum(np.linalg.norm(x, axis=1, keepdims=True), 1e-9)
    centres = x[:k].copy()
    labels = np.zeros(len(x), dtype=np.int64)
    for _ in range(ITERATIONS):
        labels = np.argmax(x @ centres.T, axis=1)
        for j in range(k):
            members = x[labels == j]
            if len(members):
                c = members.sum(axis=0)
                centres[j] = c / max(np.linalg.norm(c), 1e-9)
    return labels


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = ap.parse_args()
    paths = inputs(args.data)
    if not paths:
        sys.exit(f"{args.data}: no {' or '.join(SOURCES)} *.jsonl.gz files; pass --data DIR (the folder ../shared/data)")
    docs = tokenised(paths)
    freq = Counter(w for words in docs for w in words)
    ranked = sorted(freq.items(), key=lambda kv: (-kv[1], kv[0]))
    vocab = [w for w, n in ranked[:VOCAB] if n >= MIN_COUNT]
    contexts = [w for w, _ in ranked[:CONTEXTS]]
    print(f"{len(docs)} abstracts, {sum(freq.values())} words, vocabulary {len(vocab)}", file=sys.stderr)
    vectors = randomized_svd(ppmi(cooccurrence(docs, vocab, contexts)), DIMS, np.random.default_rng(SEED))
    labels = [kmeans(vectors, k) for k in CLUSTERS]
    out = args.out / "word_clusters.tsv"
    index = {w: i for i, w in enumerate(vocab)}
    args.out.mkdir(parents=True, exist_ok=True)
    part = out.with_suffix(".tsv.part")
    with open(part, "w", encoding="utf-8") as fh:
        fh.write(HEADER)
        for w in sorted(vocab):
            fh.write(w + "".join(f"\t{lab[index[w]]}" for lab in labels) + "\n")
    part.replace(out)  # whole or not at all
    print(f"{out}: {len(vocab)} words in {', '.join(map(str, CLUSTERS))} clusters", file=sys.stderr)


if __name__ == "__main__":
    main()
