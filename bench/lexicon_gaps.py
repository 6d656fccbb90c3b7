"""Audit: lexicon names an abstract writes as whole words that the lexicon matcher does not match.

    python bench/lexicon_gaps.py [--limit 3000] [FILE ...]

The lexicon matches on spaCy tokens, so a name is found only where the tokenizer cuts the text where the
name ends. Here each run of one to eight whitespace-separated chunks, less the brackets, quotes and
marks around it, that is a lexicon surface (as written for names with capitals, in any case for
lower-case terms) and that no match covers is a gap. Prints how many there are and the most frequent,
with their context: a tokenizer gap shows as a name with a mark after it ("GSM8K.", "TACoS."; see
`NAME_STOP` in kg/extract/__init__.py). Reads the first `--limit` abstracts of each file (default: one
file of ../shared/data/corpus_arxiv and one of corpus_papercopilot).
"""
from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from itertools import islice
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kg.extract import load_pipeline  # noqa: E402
from kg.extract.lexicon import case_sensitive  # noqa: E402
from kg.latex import clean  # noqa: E402
from kg.sources import read_documents  # noqa: E402

DATA = ROOT.parent / "shared" / "data"
DEFAULT_FILES = [DATA / "corpus_arxiv" / "arxiv-004.jsonl.gz", *sorted((DATA / "corpus_papercopilot").glob("*.jsonl.gz"))[:1]]
MAX_WORDS = 8
CHUNK = re.compile(r"\S+")
OPENERS, CLOSERS = "([{\"'“‘", ")]}\"'”’.,;:!?"


def gaps(text: str, matched: set[tuple[int, int]], exact: set[str], lower: set[str]) -> list[tuple[int, int]]:
    """The spans of lexicon surfaces in `text` that no matched span covers."""
    chunks = [m.span() for m in CHUNK.finditer(text)]
    out = []
    for i in range(len(chunks)):
        for k in range(i, min(i + MAX_WORDS, len(chunks))):
            span = text[chunks[i][0]:chunks[k][1]]
            name = span.lstrip(OPENERS).rstrip(CLOSERS).lstrip(OPENERS)
            if not name or not (name in exact or name.lower() in lower):
                continue
            s = chunks[i][0] + span.index(name)
            e = s + len(name)
            if not any(a <= s and e <= b for a, b in matched):
                out.append((s, e))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*", type=Path, default=DEFAULT_FILES)
    ap.add_argument("--limit", type=int, default=3000, help="abstracts read from each file")
    args = ap.parse_args()
    missing = [f for f in args.files if not f.exists()]
    if missing:
        sys.exit(f"{missing[0]}: not found; this audit reads ../shared/data or the files you name")
    nlp = load_pipeline()
    matcher = nlp.get_pipe("kg_lexicon")
    surfaces = [s for _f, s in matcher.lexicon.entries]
    exact = {s for s in surfaces if case_sensitive(s)}
    lower = {s.lower() for s in surfaces if not case_sensitive(s)}
    found: Counter[str] = Counter()
    context: dict[str, str] = {}
    abstracts = 0
    for path in args.files:
        for document in islice(read_documents([path]), args.limit):
            text = clean(document.text).text
            matched = {(m.start, m.end) for m in matcher.matches(nlp.make_doc(text))}
            for s, e in gaps(text, matched, exact, lower):
                found[text[s:e]] += 1
                context.setdefault(text[s:e], " ".join(text[max(0, s - 40):e + 20].split()))
            abstracts += 1
    print(f"abstracts {abstracts}  lexicon names written but not matched {sum(found.values())}  distinct {len(found)}")
    for name, n in found.most_common(30):
        print(f"{n:5d}  {name!r}  … {context[name]} …")


if __name__ == "__main__":
    main()
