"""Extraction: what the unlabelled abstracts say of words and names, as counts read once.

Three lists in terms/ (built by scripts/build_terms.py and scripts/build_clusters.py from
../shared/data; origin and licence in terms/README.md): the phrases arXiv abstracts define with an
acronym and how many do, how many abstracts write each name-shaped word, and clusters of the words
abstracts use alike. The mention typer reads them as features; the name finder asks them whether a
name is one the corpus already knows.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

WORD = re.compile(r"\w(?:[\w\-+.]*[\w+])?|\S")  # the words of a phrase as the lists count them
TERMS_DIR = Path(__file__).parent / "terms"
TERMS_FILE = TERMS_DIR / "corpus_terms.tsv"
NAMES_FILE = TERMS_DIR / "corpus_names.tsv"
CLUSTERS_FILE = TERMS_DIR / "word_clusters.tsv"


@lru_cache(maxsize=1)
def corpus_terms() -> tuple[dict[tuple[str, ...], int], dict[tuple[str, str], tuple[tuple[str, ...], ...]]]:
    """The terms arXiv abstracts define with an acronym (scripts/build_terms.py), as lower-case word
    sequences (`WORD`), plural and singular of the last word alike: how many abstracts define each,
    and the sequences by their first two words, longest first."""
    docs: dict[tuple[str, ...], int] = {}
    by_pair: dict[tuple[str, str], set[tuple[str, ...]]] = {}
    for term, n in _counts(TERMS_FILE):
        words = tuple(WORD.findall(term))
        if len(words) < 2:
            continue
        last = words[-1]
        for variant in {last, last + "s", last[:-1] if last.endswith("s") and not last.endswith("ss") else last}:
            seq = words[:-1] + (variant,)
            docs[seq] = max(docs.get(seq, 0), n)
            by_pair.setdefault(seq[:2], set()).add(seq)
    return docs, {k: tuple(sorted(v, key=lambda w: (-len(w), w))) for k, v in by_pair.items()}


@lru_cache(maxsize=1)
def corpus_names() -> dict[str, int]:
    """How many arXiv abstracts write each name-shaped word ("GPT-4": 1516), for those at least three
    do (scripts/build_terms.py). Few or none: likely a name the paper gives its own method."""
    return dict(_counts(NAMES_FILE))


NO_CLUSTER = ("-", "-", "-")


@lru_cache(maxsize=1)
def word_clusters() -> dict[str, tuple[str, str, str]]:
    """The clusters (of 100, 400 and 1,600) of each of 20,000 words that the unlabelled abstracts use alike
    (scripts/build_clusters.py): "segmentation", "captioning" and "detection" share one, "GSM8K", "AIME24"
    and "AndroidWorld" another, so what the model learns of one word carries to words it never saw in training."""
    rows = (line.split("\t") for line in CLUSTERS_FILE.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#"))
    return {w: (a, b, c) for w, a, b, c in rows}


def _counts(path: Path) -> list[tuple[str, int]]:
    """The `name<TAB>count` lines of one of the terms/ lists (scripts/build_terms.py writes them)."""
    rows = (line.split("\t") for line in path.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#"))
    return [(name, int(n)) for name, n in rows]


def term_bucket(count: int) -> int:
    """A corpus count (abstracts that define a phrase, or write a name) as a feature value: 0 none, 1 a few,
    2 tens, 3 hundreds or more."""
    return 0 if count == 0 else 1 if count < 10 else 2 if count < 100 else 3
