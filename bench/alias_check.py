"""Alias check: the entity nodes with aliases that most relationships pass through, for reading.

    python bench/alias_check.py OUT_DIR [--top 100] > bench/alias_sample.tsv

Reads OUT_DIR/graph.json (a `kg build`), ranks the entity nodes (Method, Technique, Dataset,
Metric, Task) that carry at least one alias by degree, and prints the top ones as TSV: id, label,
degree, name, aliases (joined by " | "). A reader then marks each row in bench/alias_verdicts.tsv:
`ok` (every alias is a surface form of the one entity) or `merged` (an alias names another entity),
and `python bench/alias_check.py --tally bench/alias_verdicts.tsv` counts the verdicts.
"""
from __future__ import annotations

import argparse
import csv
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from kg.ontology import ENTITY_LABELS  # noqa: E402
from kg.sinks.files import GraphFile  # noqa: E402


def sample(out_dir: Path, top: int) -> list[dict]:
    graph = GraphFile(out_dir / "graph.json")
    degree: Counter = Counter()
    for e in graph.edges():
        degree[e["source"]] += 1
        degree[e["target"]] += 1
    entity_labels = {label.value for label in ENTITY_LABELS}
    nodes = [n for n in graph.nodes() if n["label"] in entity_labels and n.get("aliases")]
    nodes.sort(key=lambda n: (-degree[n["id"]], n["id"]))
    return [{"id": n["id"], "label": n["label"], "degree": degree[n["id"]], "name": n["name"],
             "aliases": " | ".join(n["aliases"])} for n in nodes[:top]]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out_dir", nargs="?", type=Path)
    ap.add_argument("--top", type=int, default=100)
    ap.add_argument("--tally", type=Path, help="count the verdicts of a verdict file instead")
    args = ap.parse_args()
    if args.tally:
        with open(args.tally, encoding="utf-8") as fh:
            rows = list(csv.DictReader(fh, delimiter="\t"))
        verdicts = Counter(r["verdict"] for r in rows)
        print(f"{len(rows)} nodes read: " + ", ".join(f"{v} {n}" for v, n in sorted(verdicts.items())))
        for r in rows:
            if r["verdict"] != "ok":
                print(f"  {r['verdict']}: {r['id']} ({r['name']}): {r['note']}")
        return
    if args.out_dir is None:
        ap.error("give OUT_DIR (a kg build output) or --tally FILE")
    w = csv.DictWriter(sys.stdout, ["id", "label", "degree", "name", "aliases"], delimiter="\t", lineterminator="\n")
    w.writeheader()
    w.writerows(sample(args.out_dir, args.top))


if __name__ == "__main__":
    main()
