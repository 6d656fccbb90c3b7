"""Share of sampled nodes correct in name AND label, per sample and per label, from verdicts.tsv.

    python bench/node_quality/score.py [bench/node_quality/verdicts.tsv]
"""
import csv
import sys
from collections import Counter
from pathlib import Path

path = sys.argv[1] if len(sys.argv) > 1 else str(Path(__file__).with_name("verdicts.tsv"))
rows = list(csv.DictReader(open(path, encoding="utf-8"), delimiter="\t"))
total, good = Counter(), Counter()
for r in rows:
    ok = r["name_ok"] == "yes" and r["label_ok"] == "yes"
    for key in ((r["sample"], "all"), (r["sample"], r["label"]), ("both", r["label"])):
        total[key] += 1
        good[key] += ok
name_bad = Counter(r["sample"] for r in rows if r["name_ok"] != "yes")
label_bad = Counter(r["sample"] for r in rows if r["label_ok"] != "yes")
print("| sample | label | correct / judged | share |")
print("|---|---|---:|---:|")
for sample in ("uniform", "degree"):
    for key in sorted((k for k in total if k[0] == sample), key=lambda k: (k[1] != "all", k[1])):
        print(f"| {sample} | {key[1]} | {good[key]} / {total[key]} | {good[key] / total[key]:.0%} |")
for sample in ("uniform", "degree"):
    print(f"{sample}: name wrong {name_bad[sample]}, label wrong {label_bad[sample]}", file=sys.stderr)
