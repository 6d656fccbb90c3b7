"""Label vote reading: the entity keys whose mentions the corpus label vote moved, for reading.

    python bench/label_vote.py BEFORE_DIR AFTER_DIR [--seed 14] [--sample 40] > sample.txt

BEFORE_DIR is a `kg build` without the vote, AFTER_DIR one with it, of the same inputs. A key is
moved when a node LABEL:KEY of the build before lost surface forms to a node of another label with
the same key. Prints the count, then (with --seed) a seeded sample of the moved keys, each with the
papers of each label in the vote (from AFTER_DIR's build state), the nodes moved, and up to two
sentences of each label's node in the build before. A reader marks each key in
bench/label_vote_verdicts.tsv: `right` (the winning label is the entity's type, as a careful ML
reader would give it) or `wrong`; `--tally FILE` counts them.
"""
from __future__ import annotations

import argparse
import csv
import glob
import json
import random
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from kg.cache import BuildState  # noqa: E402
from kg.resolve.resolver import Resolver  # noqa: E402

ENT = {"Method", "Technique", "Dataset", "Metric", "Task"}
LABELS = ("method", "technique", "dataset", "metric", "task")


def nodes(out: Path) -> dict[str, set[str]]:
    found = {}
    with open(out / "graph.json", encoding="utf-8") as fh:
        for line in fh:
            if line.startswith('{"aliases"'):
                n = json.loads(line.rstrip().rstrip(","))
                if n["label"] in ENT:
                    found[n["id"]] = {n["name"], *n["aliases"]}
    return found


def moved_keys(before: dict, after: dict) -> dict[str, dict[str, tuple[str, list[str]]]]:
    by_key = defaultdict(list)
    for nid in after:
        by_key[nid.partition(":")[2]].append(nid)
    moved: dict[str, dict] = {}
    for nid, forms in before.items():
        key = nid.partition(":")[2]
        gone = forms - after.get(nid, set())
        for other in by_key.get(key, ()):
            if other != nid and gone & after[other]:
                moved.setdefault(key, {})[nid] = (other, sorted(gone & after[other]))
    return moved


def sentences(out: Path, ids: set[str], per: int = 2) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {i: [] for i in ids}
    with open(out / "graph.json", encoding="utf-8") as fh:
        for line in fh:
            if '"target"' in line and '"sentence"' in line:
                e = json.loads(line.rstrip().rstrip(","))
                t = e["target"]
                if t in found and len(found[t]) < per and e["source"].startswith("paper:"):
                    found[t].append(f'{e["type"]}: {e["sentence"][:260]}')
    return found


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("before", nargs="?", type=Path)
    ap.add_argument("after", nargs="?", type=Path)
    ap.add_argument("--seed", type=int)
    ap.add_argument("--sample", type=int, default=40)
    ap.add_argument("--tally", type=Path)
    args = ap.parse_args()
    if args.tally:
        with open(args.tally, encoding="utf-8") as fh:
            rows = list(csv.DictReader((line for line in fh if not line.startswith("#")), delimiter="\t"))
        print(f"{len(rows)} keys read: " + ", ".join(f"{v} {n}" for v, n in sorted(Counter(r['verdict'] for r in rows).items())))
        for r in rows:
            if r["verdict"] != "right":
                print(f"  {r['verdict']}: {r['key']} → {r['label']}: {r['note']}")
        return
    before, after = nodes(args.before), nodes(args.after)
    moved = moved_keys(before, after)
    print(f"keys whose forms moved to another label's node: {len(moved)}")
    if args.seed is None:
        return
    state = BuildState.from_marshal(open(glob.glob(str(args.after / ".kg-cache" / "state-*.marshal"))[0], "rb").read())
    tally = Resolver(state.longs, state.lexicon, state.spellings, state.votes).tally()
    sample = random.Random(args.seed).sample(sorted(moved), min(args.sample, len(moved)))
    said = sentences(args.before, {f"{lab}:{k}" for k in sample for lab in LABELS})
    for k in sample:
        votes = dict(sorted(tally.get(k, {}).items(), key=lambda kv: -kv[1]))
        print(json.dumps({"key": k, "votes": votes, "moved": {a: b[0] for a, b in moved[k].items()}}, ensure_ascii=False))
        for lab in LABELS:
            for s in said[f"{lab}:{k}"]:
                print(f"    [{lab}] {s}")


if __name__ == "__main__":
    main()
