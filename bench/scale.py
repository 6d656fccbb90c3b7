"""Benchmark: kg at scale, all figures from one run on this machine.

    python bench/scale.py [--skip-neo4j] [--out /tmp/kg-scale]

1. extraction throughput on 20,000 abstracts of ../shared/data/corpus_papercopilot, 1 and 2 workers,
   against the bare spacy.blank("en") tokenizer on the same texts;
2. `kg build` of all abstracts in ../shared/data (both corpora) to Turtle and JSON: wall time,
   peak RSS, output sizes, entities and claims;
3. a rebuild with 1% new abstracts (changed copies of 1% of the corpus, added as another input
   beside the others, in the folder of symlinks the builds read): wall and CPU time and their share
   of the full build's, and the chunks copied, patched and written (bench/rebuild_ratio.py does the
   same on any inputs, and checks the outputs against a build from nothing);
4. the graph loaded into the local Neo4j by the batched loader (`kg load`) and by
   `neo4j-admin database import full` (`kg export` + `scripts/neo4j import`): wall time each.
Prints a Markdown table for bench/RESULTS.md.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from itertools import islice
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
from rebuild_ratio import chunks_line, inputs_folder, timed, write_new  # noqa: E402
DATA = ROOT.parent / "shared" / "data"
INPUTS = [DATA / "corpus_papercopilot", DATA / "corpus_arxiv"]


def run(args, env=None) -> tuple[float, float, str]:
    """Wall seconds, peak RSS (MB) of the command (via /usr/bin/time), stderr."""
    t = time.perf_counter()
    p = subprocess.run(["/usr/bin/time", "-f", "MAXRSS %M", *map(str, args)], capture_output=True, text=True,
                       env={**os.environ, "COLUMNS": "250", "PYTHONPATH": str(ROOT), **(env or {})})
    secs = time.perf_counter() - t
    if p.returncode:
        sys.exit(f"failed: {' '.join(map(str, args))}\n{p.stderr[-2000:]}")
    rss = next((int(line.split()[1]) / 1024 for line in p.stderr.splitlines() if line.startswith("MAXRSS")), float("nan"))
    return secs, rss, p.stderr


def throughput(rows):
    from kg.build import extract_documents
    from kg.sources import read_documents
    import spacy
    docs = list(islice(read_documents(sorted((DATA / "corpus_papercopilot").glob("*.jsonl.gz"))), 20000))
    texts = [d.text for d in docs]
    blank = spacy.blank("en")
    runs = []
    for _ in range(3):
        t = time.perf_counter()
        for _doc in blank.tokenizer.pipe(texts, batch_size=256):
            pass
        runs.append(time.perf_counter() - t)
    tok = len(texts) / statistics.median(runs)
    rows.append(("tokenizer (spacy.blank), 20k abstracts", f"{tok:,.0f} abstracts/s", "median of 3"))
    for workers in (1, 2):
        t = time.perf_counter()
        n = sum(1 for _ in extract_documents(docs, workers=workers))
        rate = n / (time.perf_counter() - t)
        rows.append((f"kg extraction, {workers} worker{'s' if workers > 1 else ''}", f"{rate:,.0f} abstracts/s",
                     f"{rate / tok:.1%} of the tokenizer"))


def count_lines(path: Path) -> int:
    with open(path, "rb") as fh:
        return sum(1 for _ in fh)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=Path("/tmp/kg-scale"))
    ap.add_argument("--skip-neo4j", action="store_true")
    ap.add_argument("--skip-throughput", action="store_true")
    ap.add_argument("--only-neo4j", action="store_true", help="load an existing OUT/full build into Neo4j only")
    args = ap.parse_args()
    kg = [sys.executable, "-m", "kg"]
    rows: list[tuple[str, str, str]] = []
    if not args.skip_throughput:
        throughput(rows)
        print(rows, flush=True)

    full = args.out / "full"
    if args.only_neo4j:
        args.skip_throughput = True
    if not args.only_neo4j:
        build_and_rebuild(args, kg, rows, full)
    if not args.skip_neo4j:
        load_into_neo4j(kg, rows, full)
    print("\n| measure | figure | note |\n|---|---|---|")
    for r in rows:
        print("| " + " | ".join(r) + " |")


def build_and_rebuild(args, kg, rows, full) -> None:
    shutil.rmtree(args.out, ignore_errors=True)
    args.out.mkdir(parents=True)
    # the build reads one folder of symlinks to the inputs, and the new file is written beside them:
    # a file from another folder would move the inputs' common folder, change every paper's
    # `source`, and so every chunk of the graph
    folder = inputs_folder(INPUTS, args.out / "inputs")
    first = timed([*kg, "build", folder, "-o", full, "--workers", "2"])
    papers = count_lines(full / "extractions.jsonl")
    summary = first["err"].strip().splitlines()
    rows.append((f"kg build, {papers:,} abstracts, 2 workers", f"{first['wall'] / 60:.1f} min wall, {first['cpu']:,.0f} s CPU",
                 f"peak RSS {first['rss']:,.0f} MB"))
    sizes = ", ".join(f"{p.name} {p.stat().st_size / 1e6:,.0f} MB" for p in sorted(full.iterdir()) if p.is_file())
    rows.append(("outputs", sizes, ""))
    counts = [line for line in summary if "│" in line]
    rows.append(("graph (summary table)", " / ".join(" ".join(c.replace("│", " ").split()) for c in counts), ""))
    print(rows, flush=True)

    # 1% new: changed copies of 1% of the abstracts, as one more input beside the others
    n_new = papers // 100
    write_new(folder / "zz-new.jsonl.gz", folder, n_new, None)
    for what, n in ((f"rebuild with {n_new:,} new abstracts (1%)", n_new), ("rebuild with nothing new", 0)):
        again = timed([*kg, "build", folder, "-o", full, "--workers", "2"])
        rows.append((what, f"{again['wall']:.1f} s wall ({again['wall'] / first['wall']:.1%} of the full build), "
                           f"{again['cpu']:.1f} s CPU ({again['cpu'] / first['cpu']:.1%})", chunks_line(again["err"])))
    print(rows, flush=True)


def load_into_neo4j(kg, rows, full) -> None:
    started = subprocess.run([ROOT / "scripts" / "neo4j", "restart"], capture_output=True, text=True, check=True).stdout
    env = dict(line.removeprefix("export ").split("=", 1) for line in started.splitlines() if line.startswith("export "))
    secs3, rss3, _ = run([*kg, "load", full], env=env)
    rows.append(("Neo4j batched loader (kg load), full graph", f"{secs3 / 60:.1f} min wall", f"peak RSS {rss3:,.0f} MB"))
    t = time.perf_counter()
    run([*kg, "export", full, "--format", "neo4j-import"], env=env)
    subprocess.run([ROOT / "scripts" / "neo4j", "import", full / "neo4j-import"], capture_output=True, check=True)
    rows.append(("neo4j-admin import (kg export + import + restart)", f"{(time.perf_counter() - t) / 60:.1f} min wall", ""))


if __name__ == "__main__":
    main()
