"""Turn an annotated gold file (GUIDELINES.md format) into spaCy training data for the entity model.

    python scripts/entity_corpus.py GOLD.jsonl ABSTRACTS.jsonl OUT.spacy [--split N OUT2.spacy]

Each gold entity is a list of surface forms; every occurrence of a form in the (cleaned) abstract
becomes an entity span with the field as its label, longest forms first, no overlaps. The text is
cleaned exactly as `kg extract` cleans it, so the model sees at training what it sees at run time.
"""
from __future__ import annotations

import argparse
import json
import random
import re
import sys

import spacy
from spacy.tokens import DocBin

from kg.extract.latex import clean

LABELS = {"proposed": "PROPOSED", "datasets": "DATASET", "models": "MODEL",
          "metrics": "METRIC", "tasks": "TASK", "techniques": "TECHNIQUE"}
PRIORITY = ["proposed", "datasets", "models", "metrics", "tasks", "techniques"]


def spans_of(text: str, gold: dict) -> list[tuple[int, int, str]]:
    """Candidate (start, end, label) for every occurrence of every gold form."""
    out = []
    for rank, fld in enumerate(PRIORITY):
        for ent in gold.get(fld, []):
            for form in ent:
                form = " ".join(form.split())
                if len(form) < 2:
                    continue
                flags = 0 if any(c.isupper() for c in form) else re.I
                for m in re.finditer(r"(?<![\w-])" + re.escape(form) + r"(?![\w])", text, flags):
                    out.append((m.start(), m.end(), LABELS[fld], rank))
    # longest first, then the more specific field; no overlaps
    out.sort(key=lambda t: (-(t[1] - t[0]), t[3], t[0]))
    taken, kept = [], []
    for s, e, label, _ in out:
        if any(s < te and ts < e for ts, te in taken):
            continue
        taken.append((s, e))
        kept.append((s, e, label))
    return sorted(kept)


def convert(gold_path: str, abstracts_path: str) -> list:
    nlp = spacy.blank("en")
    abstracts = [json.loads(line) for line in open(abstracts_path, encoding="utf-8")]
    docs = []
    for line in open(gold_path, encoding="utf-8"):
        gold = json.loads(line)
        text = clean(abstracts[gold["index"]]["abstract"]).text
        doc = nlp.make_doc(text)
        ents = []
        for s, e, label in spans_of(text, gold):
            span = doc.char_span(s, e, label=label, alignment_mode="contract")
            if span is not None and len(span) and not any(span.start < x.end and x.start < span.end for x in ents):
                ents.append(span)
        doc.ents = sorted(ents, key=lambda sp: sp.start)
        docs.append(doc)
    return docs


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("gold")
    ap.add_argument("abstracts")
    ap.add_argument("out")
    ap.add_argument("--split", type=int, default=0, help="hold out this many abstracts (seeded) ...")
    ap.add_argument("--held-out", help="... written here")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    docs = convert(args.gold, args.abstracts)
    order = list(range(len(docs)))
    random.Random(args.seed).shuffle(order)
    held = set(order[:args.split])
    DocBin(docs=[d for i, d in enumerate(docs) if i not in held]).to_disk(args.out)
    if args.split and args.held_out:
        DocBin(docs=[d for i, d in enumerate(docs) if i in held]).to_disk(args.held_out)
    n = sum(len(d.ents) for d in docs)
    print(f"{len(docs)} docs, {n} entity spans → {args.out}" + (f" (+{len(held)} held out)" if held else ""), file=sys.stderr)


if __name__ == "__main__":
    main()
