#!/usr/bin/env python3
"""Propose acronym aliases for the curated lexicon rows: the acronyms arXiv abstracts define as a row's name.

    python scripts/acronym_aliases.py [--data ../shared/data] [--min-docs 15] [--share 0.7] > proposals.tsv

A row "reinforcement learning" with no alias matches only its long form, so an abstract that writes
"RL" without defining it ("greedy allocation, MCTS, and RL") names no technique; one that defines
"(RL)" is read by the abbreviation rules already. The corpus says which acronyms stand for one term:
of the abstracts that define "RL", 99% define it as reinforcement learning, while "QA" or "MT" are
defined as that task less often, and a bare "QA" is rarely annotated as one (read on train.jsonl).

For every technique, task and metric row of the curated files (`techniques.tsv`, `tasks.tsv`,
`metrics.tsv`) that no lexicon row writes the acronym of, the script counts the abstracts that define
the acronym ("long form (ACRONYM)", found as scripts/build_terms.py finds them) and prints those where
at least `--min-docs` abstracts define it and at least `--share` of them define it as one of the row's
surfaces, its initials spelling the acronym. Output, TSV sorted by count: defining abstracts, share,
acronym, file, row name.

The proposals are read by hand before a row gets its alias: two-letter acronyms that are words or
stand for several terms in running text ("IL", "AL", "CL", "GD") and tasks whose bare acronym train.jsonl
rarely annotates ("QA", "MT", "RE", "ASR", "TTS") were left out (kg/extract/lexicons/README.md).

Source (read only): `corpus_arxiv/*.jsonl.gz`, arXiv metadata, CC0 1.0. Deterministic.
"""
from __future__ import annotations

import argparse
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build_terms import ACRONYM, WORDS_BEFORE, long_form, read_abstracts  # noqa: E402

from kg.extract.lexicon import Lexicon  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATA = ROOT.parent / "shared" / "data"
LEXICONS = ROOT / "kg" / "extract" / "lexicons"
CURATED = ("techniques", "tasks", "metrics")
ALL = ("datasets", "metrics", "models", "tasks", "techniques", "pwc_datasets", "pwc_metrics", "pwc_tasks")


def _key(surface: str) -> str:
    """A surface compared without case or marks."""
    return re.sub(r"[^a-z0-9]", "", surface.lower())


def _numbers(key: str) -> set[str]:
    """A key with its other number: "processes" and "process", "models" and "model"."""
    out = {key, key + "s", key + "es"}
    if key.endswith("s"):
        out.add(key[:-1])
    if key.endswith("es"):
        out.add(key[:-2])
    return out


def _initials(surface: str) -> str:
    return "".join(w[0] for w in re.split(r"[\s\-]+", surface) if w).upper()


def rows(name: str):
    """(row name, surfaces) of one lexicon file, read as the pipeline reads it (`Lexicon.read`)."""
    lexicon = Lexicon()
    lexicon.read(LEXICONS / f"{name}.tsv")
    surfaces: dict[str, list[str]] = defaultdict(list)
    for (_, surface), row in lexicon.entries.items():
        surfaces[row].append(surface)
    return surfaces.items()


def definitions(abstracts) -> dict[str, Counter]:
    """acronym → how many abstracts define it as each long form (lower case)."""
    defs: dict[str, Counter] = defaultdict(Counter)
    for text in abstracts:
        seen = set()
        for m in ACRONYM.finditer(text):
            acronym = m.group(1)
            if sum(c.isupper() for c in acronym) < 2:
                continue
            before = WORDS_BEFORE.search(text, max(0, m.start() - 160), m.start())
            tail = long_form(before.group(0).split(), acronym) if before else None
            if tail and len(tail) >= 2:
                seen.add((acronym, " ".join(tail).lower()))
        for acronym, term in seen:
            defs[acronym][term] += 1
    return defs


def proposals(defs: dict[str, Counter], min_docs: int, share: float) -> list[tuple]:
    held = {s for name in ALL for _, surfaces in rows(name) for s in surfaces}  # as written: "kNN" is no "KNN"
    owner = {}  # surface key → (file, row name), lower-case surfaces of the curated rows only
    for name in CURATED:
        for row, surfaces in rows(name):
            for s in surfaces:
                if not re.search(r"[A-Z]{2}", s):
                    for key in _numbers(_key(s)):
                        owner.setdefault(key, (name, row, s))
    out = []
    for acronym, forms in defs.items():
        if held & {acronym, acronym + "s", acronym[:-1]} or not re.fullmatch(r"[A-Z][A-Za-z0-9]{1,7}", acronym):
            continue
        n = sum(forms.values())
        if n < min_docs:
            continue
        letters = acronym[:-1] if acronym.endswith("s") else acronym
        hits = Counter()
        for term, count in forms.items():
            row = owner.get(_key(term))
            if row and _initials(row[2]) == letters.upper():
                hits[row[:2]] += count
        if hits:
            (name, row), h = hits.most_common(1)[0]
            if h / n >= share:
                out.append((n, round(h / n, 2), acronym, name, row))
    return sorted(out, key=lambda r: (-r[0], r[2]))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--min-docs", type=int, default=15)
    ap.add_argument("--share", type=float, default=0.7)
    args = ap.parse_args(argv)
    if not (args.data / "corpus_arxiv").is_dir():
        print(f"{args.data / 'corpus_arxiv'}: not found; pass --data PATH/TO/shared/data", file=sys.stderr)
        return 1
    for row in proposals(definitions(read_abstracts(args.data)), args.min_docs, args.share):
        print(*row, sep="\t")
    return 0


if __name__ == "__main__":
    sys.exit(main())
