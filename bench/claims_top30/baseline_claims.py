"""Every claim behind the rows of top_baselines, for reading them by hand (issue 13, point 4).

    python bench/claims_top30/baseline_claims.py /tmp/top30-out5 bench/claims_top30/top_baselines.csv \
        > bench/claims_top30/baseline_claims.txt

For each baseline of the CSV, in its order: the Method nodes of that name that have an OVER edge, and every
Speedup node on those edges (text, factor, kind, unit, value, baseline_text, rule, the method it is ABOUT
and the plain sentence).
"""
from __future__ import annotations

import csv
import json
import sys
from collections import defaultdict
from pathlib import Path


def main() -> None:
    out, table = Path(sys.argv[1]), Path(sys.argv[2])
    graph = json.loads((out / "graph.json").read_text())
    nodes = {n["id"]: n for n in graph["nodes"]}
    over: dict[str, list[str]] = defaultdict(list)
    about: dict[str, str] = {}
    for e in graph["edges"]:
        if e["type"] == "OVER":
            over[e["target"]].append(e["source"])
        elif e["type"] == "ABOUT" and e["source"].startswith("speedup:"):
            about[e["source"]] = nodes[e["target"]].get("name", e["target"])
    by_name: dict[str, list[str]] = defaultdict(list)
    for mid in over:
        by_name[nodes[mid].get("name")].append(mid)
    with table.open() as fh:
        rows = list(csv.DictReader(fh))
    for i, row in enumerate(rows, 1):
        ids = sorted(by_name.get(row["baseline"], []))
        print(f"#{i} {row['baseline']} claims={row['claims']} ids={ids}")
        for mid in ids:
            for sid in sorted(over[mid]):
                s = nodes[sid]
                print(f"   [{sid}] text={s.get('text')!r} factor={s.get('factor')} kind={s.get('kind')} unit={s.get('unit')} "
                      f"value={s.get('value')} bt={s.get('baseline_text')!r} method={about.get(sid)!r} rule={s.get('rule')}")
                print(f"      SENT: {s.get('sentence_plain') or s.get('sentence')}")


if __name__ == "__main__":
    main()
