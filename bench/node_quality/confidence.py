"""Whether the confidence a build carries tells right nodes from wrong ones, on every node ever judged.

    python bench/node_quality/confidence.py GRAPH.json [--bars 0.5,0.7,0.8]

Every verdict in the git history of bench/node_quality/verdicts.tsv (the newest per id, name and label) whose node the
build in GRAPH.json (`kg build ABSTRACTS -o DIR`) still holds, under the same name and label, is read with the node's
confidence: the largest `confidence` of the relationships from papers to it (each the mention typer's probability that
the words name an entity of that kind; `cypher/confident_entities.cypher` asks the same of a graph). Nodes with none
(their mentions come from rules after the typer: results, claims, titles) are counted apart.

Prints, per sample (uniform, degree) and per bar, the share of judged nodes right at or above the bar and below it;
the share right among the uniform ones by tenths of confidence (how well the probability is calibrated); then, at
each bar, the share of all entity nodes of the graph at or above it, by label. A few seconds.
"""
from __future__ import annotations

import argparse
import csv
import io
import json
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENTITY_LABELS = ("Method", "Technique", "Dataset", "Metric", "Task")


def judged_verdicts() -> dict[tuple[str, str, str], dict]:
    """Every verdict of verdicts.tsv's history by (id, name, label), the newest winning."""
    path = "bench/node_quality/verdicts.tsv"
    revs = subprocess.run(["git", "-C", str(ROOT), "log", "--format=%H", "--", path],
                          capture_output=True, text=True, check=True).stdout.split()
    known = {}
    for rev in reversed(revs):
        text = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:{path}"], capture_output=True, text=True).stdout
        for row in csv.DictReader(io.StringIO(text), delimiter="\t"):
            if row.get("id"):
                known[(row["id"], row["name"], row["label"])] = row
    return known


def share(right: int, total: int) -> str:
    """The share of right nodes, or a dash when there are none."""
    return f"{right / total:.1%}" if total else "–"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("graph", type=Path, help="graph.json of `kg build`")
    ap.add_argument("--bars", default="0.5,0.7,0.8")
    args = ap.parse_args()
    bars = [float(b) for b in args.bars.split(",")]
    graph = json.loads(args.graph.read_text(encoding="utf-8"))
    nodes = {n["id"]: n for n in graph["nodes"]}
    best: dict[str, float] = {}
    for e in graph["edges"]:
        if "confidence" in e and nodes[e["source"]]["label"] == "Paper":
            best[e["target"]] = max(best.get(e["target"], 0.0), e["confidence"])
    judged = {k: v for k, v in judged_verdicts().items()
              if k[0] in nodes and nodes[k[0]].get("name") == k[1] and nodes[k[0]].get("label") == k[2]}
    rows = [(v.get("sample"), best.get(nid), v["name_ok"] == "yes" and v["label_ok"] == "yes")
            for (nid, _name, _label), v in judged.items()]
    print(f"{len(judged)} judged nodes still in {args.graph} under the same name and label")
    print("| sample | bar | right at or above | share | right below | share | no confidence |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for sample in ("uniform", "degree"):
        mine = [r for r in rows if r[0] == sample]
        none = [r for r in mine if r[1] is None]
        for bar in bars:
            hi = [r[2] for r in mine if r[1] is not None and r[1] >= bar]
            lo = [r[2] for r in mine if r[1] is not None and r[1] < bar]
            print(f"| {sample} | {bar} | {sum(hi)} / {len(hi)} | {share(sum(hi), len(hi))} | {sum(lo)} / {len(lo)} | "
                  f"{share(sum(lo), len(lo))} | {sum(r[2] for r in none)} / {len(none)} |")
    print("\n| uniform nodes by confidence | right | share |")
    print("|---|---:|---:|")
    uniform = [r for r in rows if r[0] == "uniform" and r[1] is not None]
    for tenth in range(10):
        mine = [r[2] for r in uniform if min(int(r[1] * 10), 9) == tenth]
        print(f"| {tenth / 10:.1f}–{(tenth + 1) / 10:.1f} | {sum(mine)} / {len(mine)} | {share(sum(mine), len(mine))} |")
    entities = [n for n in nodes.values() if n["label"] in ENTITY_LABELS]
    print("\n| label | entity nodes | " + " | ".join(f"at or above {b}" for b in bars) + " | no confidence |")
    print("|---|---:|" + "---:|" * (len(bars) + 1))
    for label in (*ENTITY_LABELS, "all"):
        mine = [n for n in entities if label in ("all", n["label"])]
        cells = [f"{share(sum(best.get(n['id'], -1) >= b for n in mine), len(mine))}" for b in bars]
        print(f"| {label} | {len(mine)} | " + " | ".join(cells) + f" | {share(sum(n['id'] not in best for n in mine), len(mine))} |")


if __name__ == "__main__":
    main()
