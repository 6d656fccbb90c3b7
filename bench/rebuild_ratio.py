"""Benchmark: what a rebuild with 1% new abstracts costs against the full build, in one run.

    python bench/rebuild_ratio.py [--inputs PATH ...] [--new-from FILE] [--share 0.01] [--check]

1. `kg build` of the inputs from nothing (no cache): wall time, CPU seconds (user + system,
   extraction workers included, from /usr/bin/time), peak RSS;
2. 1% new abstracts written to a file BESIDE the inputs (the build reads one folder of symlinks to
   them, so the new file does not move the inputs' common folder, and no paper's `source` changes),
   then a rebuild: its wall and CPU time as a share of the full build's, and the chunks it copied,
   patched (copied but for the papers whose names resolve anew) and wrote;
3. a rebuild with nothing new;
4. with `--check`, a build of the same inputs from nothing into another folder (`--no-cache`) and
   `cmp` of graph.json, graph.ttl, extractions.jsonl and report.html against the rebuilt ones.

The new abstracts are, by default, changed copies of the first 1% of the inputs (new ids, one more
sentence), as bench/scale.py makes them; with `--new-from FILE`, the first abstracts of FILE, which
the inputs do not hold. The code measured is this tree's (`PYTHONPATH` is set to it). Prints a
Markdown table for bench/RESULTS.md.
"""
from __future__ import annotations

import argparse
import filecmp
import gzip
import json
import os
import re
import shutil
import subprocess
import sys
from itertools import islice
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DATA = ROOT.parent / "shared" / "data"
OUTPUTS = ("graph.json", "graph.ttl", "extractions.jsonl", "report.html")


def timed(args) -> dict:
    """Run a command under /usr/bin/time: wall and CPU seconds, peak RSS (MB), its stderr."""
    fmt = "KGTIME %e %U %S %M"
    p = subprocess.run(["/usr/bin/time", "-f", fmt, *map(str, args)], capture_output=True, text=True,
                       env={**os.environ, "COLUMNS": "250", "PYTHONPATH": str(ROOT)})
    if p.returncode:
        sys.exit(f"failed: {' '.join(map(str, args))}\n{p.stderr[-2000:]}")
    line = next(line for line in p.stderr.splitlines() if line.startswith("KGTIME"))
    wall, user, system, rss = line.split()[1:]
    return {"wall": float(wall), "cpu": float(user) + float(system), "rss": int(rss) / 1024, "err": p.stderr}


def chunks_line(err: str) -> str:
    """What the build copied, patched and wrote, from its summary line."""
    m = re.search(r"copied (\d+) of (\d+) chunks of the graph(?:, (\d+) more but for (\d+) papers written again)?", err)
    if not m:
        return ""
    copied, total, patched, papers = m.groups()
    text = f"copied {copied} of {total} chunks"
    if patched:
        text += f", patched {patched} ({papers} papers written again)"
    written = int(total) - int(copied) - int(patched or 0)
    return text + (f", wrote {written}" if written else "")


def inputs_folder(inputs: list[Path], folder: Path) -> Path:
    """One folder of symlinks to the inputs, so a file added beside them keeps their common folder."""
    folder.mkdir(parents=True)
    for path in inputs:
        link = folder / path.name
        if link.exists():
            sys.exit(f"two inputs are named {path.name}")
        link.symlink_to(path.resolve())
    return folder


def write_new(target: Path, inputs: Path, n: int, new_from: Path | None) -> None:
    """n abstracts the build has not seen, as JSON lines: the first n of `new_from`, or changed
    copies (new id, one more sentence) of the first n of the inputs."""
    from kg.sources import expand_paths, read_documents
    source = read_documents([new_from] if new_from else expand_paths([inputs]))
    with gzip.open(target, "wt", encoding="utf-8") as fh:
        for i, doc in enumerate(islice(source, n)):
            meta = {k: v for k, v in doc.meta.items() if k != "id"}
            if new_from:
                record = {**doc.meta, "abstract": doc.text}
            else:
                record = {"id": f"new-{i}", "abstract": doc.text + " We release our code.", **meta}
            fh.write(json.dumps(record, ensure_ascii=False) + "\n")


def count_lines(path: Path) -> int:
    with open(path, "rb") as fh:
        return sum(1 for _ in fh)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--inputs", nargs="+", type=Path, default=[DATA / "corpus_arxiv" / "arxiv-004.jsonl.gz",
                                                                DATA / "corpus_arxiv" / "arxiv-005.jsonl.gz"])
    ap.add_argument("--new-from", type=Path, help="take the new abstracts from this file (default: changed copies)")
    ap.add_argument("--share", type=float, default=0.01, help="new abstracts as a share of the inputs' (0.01)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", type=Path, default=Path("/tmp/kg-rebuild"))
    ap.add_argument("--check", action="store_true", help="build the same inputs from nothing and cmp the outputs")
    args = ap.parse_args()
    shutil.rmtree(args.out, ignore_errors=True)
    folder = inputs_folder(args.inputs, args.out / "inputs")
    build, kg = args.out / "build", [sys.executable, "-m", "kg", "build", folder, "--workers", str(args.workers)]
    rows = []
    full = timed([*kg, "-o", build])  # an empty folder: nothing to reuse (it leaves its cache for the rebuilds)
    papers = count_lines(build / "extractions.jsonl")
    rows.append((f"full build, {papers:,} abstracts", full, ""))
    print(rows[-1][0], f"{full['wall']:.1f} s wall, {full['cpu']:.1f} s CPU", flush=True)
    n_new = round(papers * args.share)
    write_new(folder / "zz-new.jsonl.gz", folder, n_new, args.new_from)
    kind = f"unseen abstracts of {args.new_from.name}" if args.new_from else "changed copies of the first abstracts"
    again = timed([*kg, "-o", build])
    rows.append((f"rebuild, + {n_new:,} {kind} ({args.share:.0%})", again, chunks_line(again["err"])))
    same = timed([*kg, "-o", build])
    rows.append(("rebuild, nothing new", same, chunks_line(same["err"])))
    check = ""
    if args.check:
        fresh = args.out / "fresh"
        scratch = timed([*kg, "-o", fresh, "--no-cache"])
        rows.append((f"full build of the same {papers + n_new:,} abstracts (for cmp)", scratch, ""))
        differ = [name for name in OUTPUTS if not filecmp.cmp(build / name, fresh / name, shallow=False)]
        check = ("outputs of the rebuild and of the build from nothing: " +
                 ("identical (" + ", ".join(f"{n} {(build / n).stat().st_size:,} B" for n in OUTPUTS) + ")"
                  if not differ else "DIFFERENT: " + ", ".join(differ)))
    print("\n| step | wall | CPU (user+sys) | wall / full | CPU / full | peak RSS | chunks |\n|---|---:|---:|---:|---:|---:|---|")
    for name, t, chunks in rows:
        print(f"| {name} | {t['wall']:.1f} s | {t['cpu']:.1f} s | {t['wall'] / full['wall']:.1%} | "
              f"{t['cpu'] / full['cpu']:.1%} | {t['rss']:,.0f} MB | {chunks} |")
    if check:
        print("\n" + check)
    if args.check and "DIFFERENT" in check:
        sys.exit(1)


if __name__ == "__main__":
    main()
