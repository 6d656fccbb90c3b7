"""Draw a node sample from a built graph.json for reading node quality by hand (issue 12, point 3).

    python bench/node_quality/sample.py [/tmp/nq-out/graph.json] [bench/node_quality/sample.tsv]

Entity nodes are those labelled Method, Technique, Dataset, Metric or Task. Two samples:
- uniform: 50 entity nodes drawn with random.Random(12).sample over the entity nodes sorted by id;
- degree:  the 50 entity nodes with the highest degree (in + out relationships of any type,
           ties broken by id): what queries show first. Not weighted sampling.
For each node: id, label, name, aliases, degree and up to 2 distinct evidence sentences from its
relationships (first ones in file order), cut to 200 characters.
"""
from __future__ import annotations

import csv
import random
import sys
from collections import Counter
from pathlib import Path

from kg.sinks.files import GraphFile

ENTITY = {"Method", "Technique", "Dataset", "Metric", "Task"}
N = 50
SEED = 12
CUT = 200


def main(graph: str = "/tmp/nq-out/graph.json", out: str = str(Path(__file__).with_name("sample.tsv"))) -> None:
    gf = GraphFile(graph)
    degree: Counter[str] = Counter()
    for e in gf.edges():
        degree[e["source"]] += 1
        degree[e["target"]] += 1
    nodes = {n["id"]: n for n in gf.nodes() if n.get("label") in ENTITY}
    ids = sorted(nodes)
    uniform = random.Random(SEED).sample(ids, min(N, len(ids)))
    by_degree = sorted(ids, key=lambda i: (-degree[i], i))[:N]
    wanted = set(uniform) | set(by_degree)
    evidence: dict[str, list[str]] = {i: [] for i in wanted}
    for e in gf.edges():
        s = (e.get("sentence") or "").strip()
        if not s:
            continue
        for end in (e["source"], e["target"]):
            ev = evidence.get(end)
            if ev is not None and len(ev) < 2 and s not in ev:
                ev.append(s)
    with open(out, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, delimiter="\t", lineterminator="\n")
        w.writerow(["sample", "rank", "id", "label", "name", "aliases", "degree", "evidence1", "evidence2"])
        for sample, chosen in (("uniform", uniform), ("degree", by_degree)):
            for rank, i in enumerate(chosen, 1):
                n = nodes[i]
                ev = [" ".join(s.split())[:CUT] for s in evidence[i]] + ["", ""]
                w.writerow([sample, rank, i, n["label"], n.get("name", ""), " | ".join(n.get("aliases") or []),
                            degree[i], ev[0], ev[1]])
    counts = Counter(n["label"] for n in nodes.values())
    print(f"{len(nodes)} entity nodes ({', '.join(f'{k} {v}' for k, v in sorted(counts.items()))}); "
          f"wrote {out}", file=sys.stderr)


if __name__ == "__main__":
    main(*sys.argv[1:])
