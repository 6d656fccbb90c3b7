"""Benchmark: results on 240 arXiv abstracts annotated blind here (issue 13), scored like the gold sets.

    python bench/results_blind.py [--shared ../shared] [--before REV]

`bench/results_blind/batch_{a,b,c,d}.jsonl` hold the results (metric, value, dataset, method) that four
annotators wrote for 60 abstracts each of `../shared/data/corpus_arxiv`, reading GUIDELINES.md and
train.jsonl and nothing the extractor wrote: a and b are cs.CL abstracts of 2025–2026 with numbers
(nearest to the hidden COLM set), c abstracts with efficiency words, d abstracts with numbers at random.
None is in train, dev or the seeds. Only ids and the annotations are kept here; the abstracts are read
from `../shared/data` by id. a and b were read to write the seventh pass's rules; c and d were
annotated after those rules and read for the next ones, so only a figure measured before a batch was
read is a measure of unseen text (see bench/RESULTS.md).

Prints P / R / F1 of `results` per batch and in total, for this checkout and, with `--before REV`,
for another commit (a temporary `git worktree`).
"""
from __future__ import annotations

import argparse
import gzip
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HERE = ROOT / "bench" / "results_blind"
BATCHES = "abcd"


def abstracts_by_id(shared: Path, wanted: set[str]) -> dict[str, dict]:
    found = {}
    for path in sorted((shared / "data" / "corpus_arxiv").glob("*.jsonl.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            for line in fh:
                rec = json.loads(line)
                if rec["id"] in wanted:
                    found[rec["id"]] = rec
    return found


def write_inputs(shared: Path, work: Path) -> None:
    """One abstracts file and one gold file (the format of ../shared/gold) per batch."""
    batches = {b: [json.loads(line) for line in open(HERE / f"batch_{b}.jsonl", encoding="utf-8")] for b in BATCHES}
    recs = abstracts_by_id(shared, {r["id"] for rows in batches.values() for r in rows})
    for b, rows in batches.items():
        with open(work / f"batch_{b}.jsonl", "w", encoding="utf-8") as src, \
                open(work / f"gold_{b}.jsonl", "w", encoding="utf-8") as gold:
            for i, row in enumerate(rows):
                rec = recs[row["id"]]
                src.write(json.dumps({"id": rec["id"], "title": rec["title"], "abstract": rec["abstract"]}) + "\n")
                gold.write(json.dumps({"source": f"batch_{b}.jsonl", "index": i, "results": row["results"]}) + "\n")


def score(code: Path, work: Path, shared: Path) -> dict[str, tuple[int, int, int]]:
    sys.path.insert(0, str(shared / "gold"))
    from score import load, match_results  # the reference scorer

    out = {}
    for b in BATCHES:
        records = work / f"sys_{b}_{code.name}.jsonl"
        subprocess.run([sys.executable, "-m", "kg", "extract", str(work / f"batch_{b}.jsonl"), "-o", str(records)],
                       cwd=code, check=True, capture_output=True, env={"PYTHONPATH": str(code), "PATH": "/usr/bin:/bin"})
        gold, system = load(work / f"gold_{b}.jsonl"), load(records)
        tp = fp = fn = 0
        for k, g in gold.items():
            t, p, n = match_results(g["results"], system.get(k, {}).get("results", []))
            tp, fp, fn = tp + t, fp + p, fn + n
        out[b] = (tp, fp, fn)
    return out


def prf(tp: int, fp: int, fn: int) -> str:
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return f"{p:.3f} / {r:.3f} / {f:.3f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    ap.add_argument("--before", metavar="REV", help="also score this commit")
    args = ap.parse_args()
    if not (args.shared / "data" / "corpus_arxiv").is_dir():
        sys.exit(f"{args.shared / 'data' / 'corpus_arxiv'}: not found; pass --shared DIR (the folder with data/ and gold/)")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        write_inputs(args.shared.resolve(), work)
        runs = []
        if args.before:
            old = work / "before"
            subprocess.run(["git", "worktree", "add", "-q", "--detach", str(old), args.before], cwd=ROOT, check=True)
            try:
                runs.append((args.before, score(old, work, args.shared.resolve())))
            finally:
                subprocess.run(["git", "worktree", "remove", "--force", str(old)], cwd=ROOT, check=True)
        runs.append(("this checkout", score(ROOT, work, args.shared.resolve())))
    print("| code | " + " | ".join(f"batch {b} P / R / F1" for b in BATCHES) + " | all P / R / F1 |")
    print("|---|" + "---:|" * (len(BATCHES) + 1))
    for name, got in runs:
        total = tuple(sum(got[b][i] for b in BATCHES) for i in range(3))
        print(f"| {name} | " + " | ".join(prf(*got[b]) for b in BATCHES) + f" | {prf(*total)} |")


if __name__ == "__main__":
    main()
