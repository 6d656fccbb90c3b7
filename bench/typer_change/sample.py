"""Blind reading of what a change of the typer (or of any extraction step) does to a graph.

Two builds of the same input, BEFORE and AFTER, differ in their entity nodes. Two blind samples:

    python bench/typer_change/sample.py relabel BEFORE AFTER --seed 12 --n 40 > relabel_sample.md
    python bench/typer_change/sample.py only BEFORE AFTER --seed 12 --n 30 > only_sample.md
    python bench/typer_change/sample.py edges BEFORE AFTER --seed 12 --n 40 > edges_sample.md
    python bench/typer_change/sample.py tally bench/typer_change

(`--keys DIR`: where the key files go, the script's folder by default.)

`relabel`: keys whose node is under one label in BEFORE and another in AFTER; each is shown with its
two labels as "A" and "B" in random order and up to two sentences each. The reader marks which label
is right (A, B, both, neither) in relabel_verdicts.tsv. `only`: nodes whose key exists in one build
only, n from each side, shuffled, with their label and sentences; the reader marks each correct or
wrong in only_verdicts.tsv. The keys (relabel_key.json, only_key.json: which side is which) are
written beside the samples and read only by `tally`, which unblinds the verdicts. `edges`: for a change
that mostly removes mentions rather than nodes, n edges from a paper to an entity that only BEFORE has
(the paper no longer names the entity) and n that both builds have, shuffled, each with its label and
its sentence, the mention marked «so»; the reader marks each correct or wrong in edges_verdicts.tsv.
For a change that adds mentions, give the builds the other way round (`edges AFTER BEFORE`): the edges
only the first build has are then the added ones.
"""
from __future__ import annotations

import argparse
import csv
import json
import random
import sys
from collections import Counter
from pathlib import Path

ENT = {"Method", "Technique", "Dataset", "Metric", "Task"}


def records(out: Path):
    """The node and edge records of a build's graph.json (one a line), as ("node" or "edge", record)."""
    with open(out / "graph.json", encoding="utf-8") as fh:
        for line in fh:
            line = line.rstrip().rstrip(",")
            if line.startswith(('{"aliases"', '{"abstract"')):
                yield "node", json.loads(line)
            elif line.startswith("{") and '"sentence"' in line:
                e = json.loads(line)
                if "source" in e and "target" in e:
                    yield "edge", e


def load(out: Path) -> tuple[dict, dict]:
    """Entity nodes by id, and the sentences of the edges into each node, of a build's graph.json."""
    nodes, said = {}, {}
    for kind, r in records(out):
        if kind == "node" and r.get("label") in ENT:
            nodes[r["id"]] = r
        elif kind == "edge":
            said.setdefault(r["target"], []).append(r["sentence"])
    return nodes, said


def load_edges(out: Path) -> tuple[dict, dict]:
    """Edges from a paper to an entity node (keyed by paper, relationship and entity), and each paper's
    abstract, of a build's graph.json."""
    edges, abstracts = {}, {}
    for kind, r in records(out):
        if kind == "node" and "abstract" in r:
            abstracts[r["id"]] = r["abstract"]
        elif kind == "edge" and r["source"].startswith("paper:") and r["target"].split(":", 1)[0] in LABEL_OF:
            edges[(r["source"], r["type"], r["target"])] = r
    return edges, abstracts


LABEL_OF = {"method": "Method", "technique": "Technique", "dataset": "Dataset", "metric": "Metric", "task": "Task"}


def marked(edge: dict, abstract: str) -> str:
    """The edge's sentence with its mention marked «so», or the sentence alone where the offsets miss it."""
    said, start, end = edge["sentence"], edge.get("start"), edge.get("end")
    at = abstract.find(said)
    if start is None or at < 0 or not at <= start < end <= at + len(said):
        return said
    s, e = start - at, end - at
    return f"{said[:s]}«{said[s:e]}»{said[e:]}"


def key_of(nid: str) -> str:
    return nid.split(":", 1)[1]


def show(n: int, title: str, rows: list[tuple[str, list[str]]]) -> None:
    print(f"## {n}. {title}")
    for head, sentences in rows:
        if head:
            print(f"  {head}")
        for s in sentences[:2]:
            print(f"     - {s[:300]}")
    print()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("what", choices=("relabel", "only", "edges", "tally"))
    ap.add_argument("paths", nargs="+", type=Path, help="BEFORE AFTER (relabel, only) or the reading's folder (tally)")
    ap.add_argument("--seed", type=int, default=12)
    ap.add_argument("--n", type=int, default=40)
    ap.add_argument("--keys", type=Path, default=Path(__file__).resolve().parent, help="the folder the key files go to")
    args = ap.parse_args()
    if args.what == "tally":
        return tally(args.paths[0])
    if args.what == "edges":
        return edges(args.paths[0], args.paths[1], random.Random(args.seed), args.n, args.keys)
    (a, sa), (b, sb) = load(args.paths[0]), load(args.paths[1])
    rng = random.Random(args.seed)
    here = args.keys
    if args.what == "relabel":
        new = {}
        for i in set(b) - set(a):
            new.setdefault(key_of(i), []).append(i)
        pairs = sorted((i, j) for i in set(a) - set(b) for j in new.get(key_of(i), []))
        keys = []
        for n, (i, j) in enumerate(rng.sample(pairs, min(args.n, len(pairs))), 1):
            sides = [("before", a[i], sa.get(i, [])), ("after", b[j], sb.get(j, []))]
            rng.shuffle(sides)
            keys.append({"n": n, "A": sides[0][0], "B": sides[1][0], "before": i, "after": j})
            show(n, repr(sides[0][1]["name"]), [(f"label {t}: {node['label']}", ss) for t, (_, node, ss) in zip("AB", sides)])
        (here / "relabel_key.json").write_text(json.dumps(keys, indent=1) + "\n")
    else:
        ka, kb = {key_of(i) for i in a}, {key_of(i) for i in b}
        only_a = sorted(i for i in set(a) - set(b) if key_of(i) not in kb)
        only_b = sorted(i for i in set(b) - set(a) if key_of(i) not in ka)
        # n from each side, or all of a side that has fewer (a change that mostly adds nodes)
        print(f"nodes in one build only: before {len(only_a)}, after {len(only_b)}", file=sys.stderr)
        items = [("before", i, a[i], sa.get(i, [])) for i in rng.sample(only_a, min(args.n, len(only_a)))]
        items += [("after", i, b[i], sb.get(i, [])) for i in rng.sample(only_b, min(args.n, len(only_b)))]
        rng.shuffle(items)
        keys = []
        for n, (side, nid, node, ss) in enumerate(items, 1):
            keys.append({"n": n, "side": side, "id": nid})
            show(n, f"{node['name']!r} ({node['label']})", [("", ss)])
        (here / "only_key.json").write_text(json.dumps(keys, indent=1) + "\n")


def edges(before: Path, after: Path, rng: random.Random, n: int, here: Path) -> None:
    """n edges only BEFORE has and n both have, shuffled and blind (see the module)."""
    (a, abstracts), (b, _) = load_edges(before), load_edges(after)
    gone, both = sorted(set(a) - set(b)), sorted(set(a) & set(b))
    print(f"paper-entity edges: before {len(a)}, after {len(b)}, only before {len(gone)}, only after {len(set(b) - set(a))}",
          file=sys.stderr)
    items = [("gone", k) for k in rng.sample(gone, min(n, len(gone)))] + [("kept", k) for k in rng.sample(both, min(n, len(both)))]
    rng.shuffle(items)
    keys = []
    for i, (side, k) in enumerate(items, 1):
        e = a[k]
        keys.append({"n": i, "side": side, "edge": list(k)})
        show(i, f"{LABEL_OF[k[2].split(':', 1)[0]]} ({k[1]}, {e.get('rule')})", [("", [marked(e, abstracts.get(k[0], ""))])])
    (here / "edges_key.json").write_text(json.dumps(keys, indent=1) + "\n")


def tally(folder: Path) -> None:
    """Unblind the verdicts: whose label was right (relabel), how many of each side's nodes are correct (only)."""
    def rows(name):
        with open(folder / name, encoding="utf-8") as fh:
            return list(csv.DictReader(fh, delimiter="\t"))
    if (folder / "relabel_key.json").is_file():
        key = {k["n"]: k for k in json.loads((folder / "relabel_key.json").read_text())}
        right = Counter(key[int(r["n"])].get(r["verdict"].strip(), r["verdict"].strip()) for r in rows("relabel_verdicts.tsv"))
        print(f"relabelled keys read: {sum(right.values())}; the right label is the build's: " + ", ".join(f"{k} {v}" for k, v in sorted(right.items())))
    if (folder / "only_key.json").is_file():
        key = {k["n"]: k for k in json.loads((folder / "only_key.json").read_text())}
        only = Counter((key[int(r["n"])]["side"], r["verdict"].strip()) for r in rows("only_verdicts.tsv"))
        for side in ("before", "after"):
            ok, n = only[(side, "correct")], only[(side, "correct")] + only[(side, "wrong")]
            print(f"nodes only {side}: {ok} of {n} correct")
    if (folder / "edges_key.json").is_file():
        key = {k["n"]: k for k in json.loads((folder / "edges_key.json").read_text())}
        said = Counter((key[int(r["n"])]["side"], r["verdict"].strip()) for r in rows("edges_verdicts.tsv"))
        for side, what in (("gone", "only the first build has"), ("kept", "both builds have")):
            ok, n = said[(side, "correct")], said[(side, "correct")] + said[(side, "wrong")]
            print(f"edges {what} ({side}): {ok} of {n} correct")

if __name__ == "__main__":
    main()
