"""Benchmark: the claim stage's share of extraction time (claims and results, the `kg_claims` component).

    python bench/claims_share.py [--limit 5000] [--root PATH]

Reads the first N abstracts of ../shared/data/corpus_arxiv (the arXiv file with the most efficiency
vocabulary is not chosen: the first file, in order), and runs the pipeline one component at a time
over the same docs, timing each in CPU seconds of this process (other load on the machine does not
count): LaTeX cleaning and tokenising, every component of the config, and the conversion to records.
Prints each stage's seconds and share of the total, and how many claims and results it found. `--root` measures another checkout of kg (e.g. /work/main) the same way.
"""
from __future__ import annotations

import argparse
import sys
import time
from itertools import islice
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, default=5000)
    ap.add_argument("--root", type=Path, default=HERE, help="the kg checkout to measure (default: this one)")
    ap.add_argument("--repeat", type=int, default=3, help="runs; the fastest of each stage is reported")
    args = ap.parse_args()
    sys.path.insert(0, str(args.root.resolve()))
    from kg.extract import load_pipeline
    from kg.extract.convert import doc_to_extraction
    from kg.extract.latex import clean
    from kg.sources import read_documents

    corpus = HERE.parent / "shared" / "data" / "corpus_arxiv"
    if not corpus.exists():
        sys.exit(f"{corpus}: not found; this benchmark reads ../shared/data")
    docs = list(islice(read_documents(sorted(corpus.glob("*.jsonl.gz"))[:1]), args.limit))
    nlp = load_pipeline()
    best: dict[str, float] = {}
    claims = results = 0
    for _ in range(args.repeat):
        times: dict[str, float] = {}
        t = time.process_time()
        prepared = []
        for d in docs:
            cleaned = clean(d.text)
            doc = nlp.make_doc(cleaned.text)
            doc.user_data["kg_text"] = cleaned.text
            doc._.kg_emphasis = list(cleaned.emphasis)
            doc._.kg_mentions = []
            prepared.append((doc, d, cleaned))
        times["clean + tokenise"] = time.process_time() - t
        for name, pipe in nlp.pipeline:
            t = time.process_time()
            for doc, _, _ in prepared:
                pipe(doc)
            times[name] = time.process_time() - t
        t = time.process_time()
        exts = [doc_to_extraction(doc, d, cleaned) for doc, d, cleaned in prepared]
        times["records (convert)"] = time.process_time() - t
        claims, results = sum(len(e.claims) for e in exts), sum(len(e.results) for e in exts)
        for k, v in times.items():
            best[k] = min(best.get(k, v), v)
    total = sum(best.values())
    print(f"kg at {args.root}: {len(docs)} abstracts, {claims} claims, {results} results, fastest of {args.repeat} runs")
    for k, v in best.items():
        mark = "  <- claim stage" if k == "kg_claims" else ""
        print(f"  {k:20} {v:7.2f} s  {100 * v / total:5.1f}%{mark}")
    print(f"  {'total':20} {total:7.2f} s  {len(docs) / total:.0f} abstracts/s")


if __name__ == "__main__":
    main()
