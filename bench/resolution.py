"""Resolution test set: pairwise precision and recall of the resolver on bench/resolution_pairs.tsv.

    python bench/resolution.py [BUILD_DIR] [--corpus DIR] [--errors]

Each pair of surface forms is resolved with the definitions a corpus makes (acronyms and their
long forms, lexicon names): those of the extractions cached in BUILD_DIR/.kg-cache by a `kg build`
(e.g. of ../shared/data/corpus_arxiv/arxiv-005.jsonl.gz), or none without BUILD_DIR. A pair is
predicted "same" when both forms resolve to one node id. Precision = correct "same" / predicted
"same"; recall = correct "same" / gold "same". With --corpus (default ../shared/data/corpus_arxiv)
it first checks that every form occurs in the corpus's abstracts. Each form is resolved as a field
mention of its label (`label`, or `label_b` for the second form when given): the corpus label vote
applies (a resolver without it, e.g. older code, resolves by the label alone).
"""
from __future__ import annotations

import argparse
import csv
import gzip
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from kg.cache import CACHE_DIR, extractions_in, pipeline_version  # noqa: E402
from kg.ontology import NodeLabel  # noqa: E402
from kg.resolve.resolver import Resolver  # noqa: E402

PAIRS = Path(__file__).resolve().parent / "resolution_pairs.tsv"


def load_pairs(path: Path = PAIRS) -> list[dict]:
    with open(path, encoding="utf-8") as fh:
        rows = [line for line in fh if not line.startswith("#")]
    return [dict(r, same=r["same"] == "1", label_b=r.get("label_b") or r["label"])
            for r in csv.DictReader(rows, delimiter="\t")]


def entity(resolver: Resolver, label: str, name: str) -> str:
    """The node id a field mention of `label` written `name` resolves to."""
    try:
        return resolver.resolution(NodeLabel(label), name, vote=True).entity
    except TypeError:  # a resolver without the label vote
        return resolver.resolve(NodeLabel(label), name).id


def corpus_resolver(build_dir: Path | None) -> tuple[Resolver, int]:
    """A resolver that has observed every extraction cached by a build (its pipeline version)."""
    resolver = Resolver()
    n = 0
    if build_dir is None:
        return resolver, n
    chunks = build_dir / CACHE_DIR / f"chunks-{pipeline_version()}"
    if not chunks.is_dir():
        sys.exit(f"{chunks}: no extraction cache of this pipeline version; run kg build into {build_dir} first")
    for path in sorted(chunks.glob("*.jsonl")):
        for ext in extractions_in(path):
            resolver.observe_extraction(ext)
            n += 1
    return resolver, n


def missing_forms(pairs: list[dict], corpus: Path) -> list[str]:
    texts = []
    for path in sorted(corpus.glob("*.jsonl.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            texts.extend(json.loads(line).get("abstract", "") for line in fh)
    big = "\n".join(texts)
    forms = sorted({p[k] for p in pairs for k in ("a", "b")})
    return [f for f in forms if big.find(f) < 0]


def score(pairs: list[dict], resolver: Resolver) -> dict:
    by_case: dict[str, Counter] = defaultdict(Counter)
    errors = []
    tp = fp = fn = tn = 0
    for p in pairs:
        ia, ib = entity(resolver, p["label"], p["a"]), entity(resolver, p["label_b"], p["b"])
        same = ia == ib
        ok = same == p["same"]
        tp += same and p["same"]
        fp += same and not p["same"]
        fn += (not same) and p["same"]
        tn += (not same) and not p["same"]
        by_case[p["case"]]["ok" if ok else "wrong"] += 1
        if not ok:
            errors.append((p, ia, ib))
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / (tp + fn) if tp + fn else 1.0
    return {"tp": tp, "fp": fp, "fn": fn, "tn": tn, "precision": precision, "recall": recall,
            "by_case": by_case, "errors": errors}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("build_dir", nargs="?", type=Path)
    ap.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "data" / "corpus_arxiv")
    ap.add_argument("--errors", action="store_true")
    args = ap.parse_args()
    pairs = load_pairs()
    same = sum(p["same"] for p in pairs)
    print(f"{len(pairs)} pairs: {same} same, {len(pairs) - same} different; "
          f"cases: {dict(sorted(Counter(p['case'] for p in pairs).items()))}")
    if args.corpus.is_dir():
        missing = missing_forms(pairs, args.corpus)
        print(f"forms not found in {args.corpus.name}: {len(missing)}" + (f" {missing}" if missing else ""))
    for name, build_dir in (("no corpus definitions", None), ("definitions of the build", args.build_dir)):
        if name != "no corpus definitions" and build_dir is None:
            continue
        resolver, n = corpus_resolver(build_dir)
        s = score(pairs, resolver)
        print(f"\n{name}" + (f" ({n} abstracts)" if n else "") + f": precision {s['precision']:.3f}, recall "
              f"{s['recall']:.3f} (tp {s['tp']}, fp {s['fp']}, fn {s['fn']}, tn {s['tn']})")
        print("  by case: " + ", ".join(f"{c} {v['ok']}/{v['ok'] + v['wrong']}" for c, v in sorted(s["by_case"].items())))
        if args.errors:
            for p, ia, ib in s["errors"]:
                print(f"  {'FP' if not p['same'] else 'FN'} {p['case']:8} {p['a']!r} → {ia}   {p['b']!r} → {ib}")


if __name__ == "__main__":
    main()
