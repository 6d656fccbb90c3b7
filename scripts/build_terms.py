#!/usr/bin/env python3
"""Build kg/extract/terms/: the terms that arXiv abstracts define with an acronym, and how often they write each name.

    python scripts/build_terms.py [--data ../shared/data] [--out kg/extract/terms]

`corpus_terms.tsv`:
A phrase that many papers introduce as "long form (ACRONYM)" is a term of the field: "key-value
(KV) cache" gives "key-value", "Gaussian mixture model (GMM)", "non-maximum suppression (NMS)",
"word error rate (WER)". The mention typer (kg/extract/typer.py) reads how many abstracts define a
phrase as one of its features, and proposes the phrases of this list that no rule found.

The long form is found as Schwartz & Hearst (2003) do: the shortest run of words before the
parenthesis whose letters spell the acronym in order, the first letter starting the first word.
A phrase is kept when at least `MIN_DOCS` abstracts define it, it has two to six words, and it is
no sentence fragment (it neither starts nor ends with a function word).

`corpus_names.tsv`: how many abstracts write each name-shaped word (a capital after its first
letter, or a capital and a digit: "GPT-4", "LLaMA", "ResNet-50"), for those at least `MIN_DOCS`
write. A name that many abstracts use is an existing model or dataset; the name a paper gives its
own method is one that hardly any other abstract writes. The typer reads it as a feature.

Source (read only): `corpus_arxiv/*.jsonl.gz`, arXiv metadata, CC0 1.0. Only the defined phrases
and their counts are written, nothing else of the abstracts. Deterministic: the same data gives the
same bytes.
"""
from __future__ import annotations

import argparse
import gzip
import json
import re
import sys
from collections import Counter
from pathlib import Path

from kg.extract.corpus import WORD  # names are counted as the typer reads its words

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATA = ROOT.parent / "shared" / "data"
DEFAULT_OUT = ROOT / "kg" / "extract" / "terms"
HEADER = "# {what} (scripts/build_terms.py; source: ../shared/data/corpus_arxiv, arXiv metadata, CC0 1.0).\n"
MIN_DOCS = 3
MAX_WORDS = 6
ACRONYM = re.compile(r"\s\(([A-Za-z][\w\-]{1,9}?)s?\)")
WORDS_BEFORE = re.compile(r"(?:[\w\-']+\s+){0,8}[\w\-']+$")
FUNCTION = {"a", "an", "the", "of", "for", "in", "on", "to", "and", "or", "with", "by", "from", "as", "at", "is",
            "are", "we", "our", "this", "that", "these", "its", "their", "via", "using", "based", "called", "named",
            "termed", "dubbed", "known", "such", "which", "into", "than", "be", "can", "also", "new", "novel"}


def long_form(words: list[str], acronym: str) -> list[str] | None:
    """The shortest tail of `words` whose letters spell `acronym` in order, starting at the first
    letter of its first word; None when there is none within a word more than the acronym has letters."""
    letters = [c.lower() for c in acronym if c.isalpha()]
    if len(letters) < 2:
        return None
    for k in range(1, min(len(words), len(letters) + 1) + 1):
        tail = words[-k:]
        if tail[0][0].lower() != letters[0]:
            continue
        s = " ".join(tail).lower()
        i = len(s) - 1
        for c in reversed(letters[1:]):
            while i > 0 and s[i] != c:
                i -= 1
            if i <= 0:
                break
            i -= 1
        else:
            return tail
    return None


def defined_terms(abstracts) -> Counter:
    """How many abstracts define each lower-cased long form."""
    docs: Counter = Counter()
    for text in abstracts:
        seen = set()
        for m in ACRONYM.finditer(text):
            acronym = m.group(1)
            if not any(c.isupper() for c in acronym):
                continue
            before = WORDS_BEFORE.search(text, max(0, m.start() - 160), m.start())
            if before is None:
                continue
            tail = long_form(before.group(0).split(), acronym)
            if not tail or not 2 <= len(tail) <= MAX_WORDS:
                continue
            term = " ".join(tail).lower()
            if tail[0].lower() in FUNCTION or tail[-1].lower() in FUNCTION or not term[0].isalpha():
                continue
            seen.add(term)
        docs.update(seen)
    return docs


def name_shaped(word: str) -> bool:
    """ "GPT-4", "LLaMA", "ResNet-50": a capital after the first letter, or a capital and a digit."""
    return len(word) > 1 and (any(c.isupper() for c in word[1:]) or (word[0].isupper() and any(c.isdigit() for c in word)))


def written_names(abstracts) -> Counter:
    """How many abstracts write each name-shaped word."""
    docs: Counter = Counter()
    for text in abstracts:
        docs.update({w for w in WORD.findall(text) if name_shaped(w)})
    return docs


def write(path: Path, what: str, counts: Counter) -> int:
    """`name<TAB>count` lines, sorted, for the names at least `MIN_DOCS` abstracts have; written whole or not at all."""
    kept = sorted((t, n) for t, n in counts.items() if n >= MIN_DOCS)
    tmp = path.with_suffix(".tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write(HEADER.format(what=what))
        for term, n in kept:
            fh.write(f"{term}\t{n}\n")
    tmp.replace(path)
    return len(kept)


def read_abstracts(data: Path):
    for path in sorted((data / "corpus_arxiv").glob("*.jsonl.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            for line in fh:
                yield json.loads(line).get("abstract") or ""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA, help="the shared data folder (default: ../shared/data)")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = ap.parse_args(argv)
    if not (args.data / "corpus_arxiv").is_dir():
        print(f"build_terms: {args.data}: no corpus_arxiv/ here; pass --data PATH/TO/shared/data", file=sys.stderr)
        return 1
    abstracts = list(read_abstracts(args.data))
    args.out.mkdir(parents=True, exist_ok=True)
    n = write(args.out / "corpus_terms.tsv", "Terms that arXiv abstracts define with an acronym, and how many abstracts do",
              defined_terms(abstracts))
    print(f"build_terms: corpus_terms.tsv: {n} terms", file=sys.stderr)
    n = write(args.out / "corpus_names.tsv", "Name-shaped words and how many arXiv abstracts write them",
              written_names(abstracts))
    print(f"build_terms: corpus_names.tsv: {n} names", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
