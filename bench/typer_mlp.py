"""Benchmark: would a hidden layer rank the typer's mentions better than its linear model? (numpy, outside spaCy)

    python bench/typer_cv.py --shared ../shared --work /tmp/cv --seeds 3     # writes the folds' feature lines
    python bench/typer_mlp.py /tmp/cv/fold0 --hidden 0 --epochs 12           # the linear model's form
    python bench/typer_mlp.py /tmp/cv/fold0 --hidden 32 --epochs 8 --learn-rate 0.0005 --l2 1e-5 --dropout 0.5

Reads a cross-validation fold's feature lines (`train.spacy`, `held.spacy`: one mention a line, its class in `cats`),
fits softmax(b + Σ E[t]) (`--hidden 0`: the packaged typer's form, without its hashing) or softmax(W·relu(b₁ + Σ E[t]) + b)
with Adam on batches of 128, and prints after each epoch the held-out log loss, accuracy, and the area under the ROC
curve of entity (1 − P(NONE)) against none: what the typer's keep-or-drop decisions rest on. Deterministic (`--seed`).
bench/RESULTS.md, fifty-fourth pass, keeps the figures.
"""
from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np


def lines_of(path: Path) -> tuple[list[list[str]], np.ndarray, list[str]]:
    """The feature lines of a DocBin, their classes (index of the largest `cats`) and the class names."""
    import spacy
    from spacy.tokens import DocBin

    docs = list(DocBin().from_disk(path).get_docs(spacy.blank("en").vocab))
    labels = list(docs[0].cats)
    return [d.text.split() for d in docs], np.array([max(range(len(labels)), key=lambda i: d.cats[labels[i]]) for d in docs]), labels


def encode(lines: list[list[str]], vocab: dict[str, int], grow: bool) -> list[np.ndarray]:
    out = []
    for line in lines:
        ids = []
        for t in line:
            k = vocab.get(t)
            if k is None and grow:
                k = vocab[t] = len(vocab)
            if k is not None:
                ids.append(k)
        out.append(np.array(ids, dtype=np.int64))
    return out


class Adam:
    def __init__(self, params: list[np.ndarray], lr: float, l2: float):
        self.params, self.lr, self.l2, self.t = params, lr, l2, 0
        self.m = [np.zeros_like(p) for p in params]
        self.v = [np.zeros_like(p) for p in params]

    def step(self, grads: list[np.ndarray]) -> None:
        self.t += 1
        for p, g, m, v in zip(self.params, grads, self.m, self.v):
            g = g + self.l2 * p
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            p -= self.lr * (m / (1 - 0.9 ** self.t)) / (np.sqrt(v / (1 - 0.999 ** self.t)) + 1e-8)


def auc(scores: np.ndarray, positive: np.ndarray) -> float:
    ranks = np.empty(len(scores))
    ranks[np.argsort(scores, kind="stable")] = np.arange(1, len(scores) + 1)
    pos = positive.sum()
    return float((ranks[positive].sum() - pos * (pos + 1) / 2) / (pos * (~positive).sum()))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("fold", type=Path, help="a fold directory of bench/typer_cv.py's --work (train.spacy, held.spacy)")
    ap.add_argument("--hidden", type=int, default=0, help="hidden ReLU units (0: the linear model)")
    ap.add_argument("--epochs", type=int, default=8)
    ap.add_argument("--learn-rate", type=float, default=0.001)
    ap.add_argument("--l2", type=float, default=0.0)
    ap.add_argument("--dropout", type=float, default=0.0, help="on the hidden units")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    train, y, labels = lines_of(args.fold / "train.spacy")
    held, y_held, _ = lines_of(args.fold / "held.spacy")
    vocab: dict[str, int] = {}
    X, X_held = encode(train, vocab, True), encode(held, vocab, False)
    V, C, H, none = len(vocab), len(labels), args.hidden, labels.index("NONE")
    print(f"lines {len(X)} held out {len(X_held)} features {V}")
    rng = np.random.default_rng(args.seed)
    if H == 0:
        E, b = np.zeros((V, C)), np.zeros(C)
        params = [E, b]
    else:
        E, b1 = rng.normal(0, 0.05, (V, H)), np.zeros(H)
        W, b = rng.normal(0, 1 / np.sqrt(H), (H, C)), np.zeros(C)
        params = [E, b1, W, b]
    opt = Adam(params, args.learn_rate, args.l2)

    def forward(lines, ix, train: bool):
        idx = np.concatenate([lines[i] for i in ix])
        seg = np.repeat(np.arange(len(ix)), [len(lines[i]) for i in ix])
        h = np.zeros((len(ix), E.shape[1]))
        np.add.at(h, seg, E[idx])
        if H == 0:
            return h + b, (idx, seg)
        z = h + b1
        a = np.maximum(z, 0)
        mask = (rng.random(a.shape) > args.dropout) / (1 - args.dropout) if train and args.dropout else None
        if mask is not None:
            a = a * mask
        return a @ W + b, (idx, seg, z, a, mask)

    def softmax(logits):
        logits = logits - logits.max(1, keepdims=True)
        p = np.exp(logits)
        return p / p.sum(1, keepdims=True)

    for epoch in range(args.epochs):
        order = rng.permutation(len(X))
        for at in range(0, len(X), 128):
            ix = order[at:at + 128]
            logits, cache = forward(X, ix, True)
            g = softmax(logits)
            g[np.arange(len(ix)), y[ix]] -= 1
            g /= len(ix)
            idx, seg = cache[0], cache[1]
            if H == 0:
                gE = np.zeros_like(E)
                np.add.at(gE, idx, g[seg])
                opt.step([gE, g.sum(0)])
            else:
                _, _, z, a, mask = cache
                ga = g @ W.T
                if mask is not None:
                    ga = ga * mask
                gz = ga * (z > 0)
                gE = np.zeros_like(E)
                np.add.at(gE, idx, gz[seg])
                opt.step([gE, gz.sum(0), a.T @ g, g.sum(0)])
        p = softmax(forward(X_held, np.arange(len(X_held)), False)[0])
        loss = -np.mean(np.log(p[np.arange(len(y_held)), y_held] + 1e-12))
        print(f"hidden {H} epoch {epoch}  log loss {loss:.4f}  accuracy {np.mean(p.argmax(1) == y_held):.4f}  "
              f"AUC entity/none {auc(1 - p[:, none], y_held != none):.4f}", flush=True)


if __name__ == "__main__":
    main()
