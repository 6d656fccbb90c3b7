"""Benchmark: extraction quality on several gold sets, one table of P / R / F1 per field.

    python bench/quality.py [--no-gazetteer] [--markdown] [--before REV]

- seeds: ../shared/corpus against ../shared/gold/seeds.jsonl (the matching of score.py);
- dev: ../shared/gold/dev_abstracts.jsonl against dev.jsonl (200 arXiv abstracts never trained on);
- SciERC test (100 abstracts): Method → proposed ∪ models ∪ techniques, Task → tasks,
  Metric → metrics, Material → datasets; per abstract, sets of normalised names;
- TDMSci test (487 sentences): dataset, metric and task names per sentence;
- PwC DataFinder (406 abstracts): dataset recall (the gold lists datasets the paper uses,
  often not named in the abstract, so precision is not meaningful).
Each set is scored twice: the default pipeline, and with the external gazetteer
../shared/data/gazetteers/ml_entity_gazetteer.tsv added at run time. With `--before REV` the
same benchmark also runs on the code of git revision REV (a temporary worktree) and the table
shows F1 before and after side by side.
"""
from __future__ import annotations

import argparse
import gzip
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
ROOT = Path(os.environ.get("KG_BENCH_CODE", HERE))  # the code under test (another revision with --before)
sys.path.insert(0, str(ROOT))
if ROOT != HERE:
    # another revision registers its own factories when imported; the installed package's entry points
    # name this tree's factories, which that revision may not have
    import catalogue
    import importlib.metadata as _md
    catalogue.AVAILABLE_ENTRY_POINTS = _md.SelectableGroups(
        {g: [e for e in eps if not e.value.startswith("kg.")] for g, eps in dict(catalogue.AVAILABLE_ENTRY_POINTS).items()})

from kg.evaluate import compare, load_gold  # noqa: E402
from kg.extract import extract, load_pipeline  # noqa: E402
from kg.records import Document, extraction_record  # noqa: E402
from kg.resolve.normalize import normalise  # noqa: E402
from kg.sources import read_documents  # noqa: E402

SHARED = HERE.parent / "shared"
GAZETTEER = SHARED / "data" / "gazetteers" / "ml_entity_gazetteer.tsv"
PTB = {"-LRB-": "(", "-RRB-": ")", "-LSB-": "[", "-RSB-": "]", "-LCB-": "{", "-RCB-": "}", "``": '"', "''": '"'}


def detok(tokens: list[str]) -> str:
    out = ""
    for t in tokens:
        t = PTB.get(t, t)
        if out and not (t in ",.;:)]}'%" or t.startswith("'") or out.endswith(("(", "[", "{", "-")) or t == "-"):
            out += " "
        out += t
    return out


def prf(tp: int, fp: int, fn: int) -> tuple[float, float, float]:
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def score_sets(pairs) -> tuple[int, int, int]:
    tp = fp = fn = 0
    for gold, found in pairs:
        g, f = {normalise(x) for x in gold} - {""}, {normalise(x) for x in found} - {""}
        tp += len(g & f)
        fp += len(f - g)
        fn += len(g - f)
    return tp, fp, fn


def seeds(nlp):
    exts = extract(read_documents(sorted((SHARED / "corpus").glob("*.txt"))), nlp)
    system = {(r["source"], r["index"]): r for r in map(extraction_record, exts)}
    report, _ = compare(load_gold(SHARED / "gold" / "seeds.jsonl"), system)
    return {f: (m["precision"], m["recall"], m["f1"]) for f, m in report.items()}


def dev(nlp):
    exts = extract(read_documents([SHARED / "gold" / "dev_abstracts.jsonl"]), nlp)
    system = {(r["source"], r["index"]): r for r in map(extraction_record, exts)}
    report, _ = compare(load_gold(SHARED / "gold" / "dev.jsonl"), system)
    return {f: (m["precision"], m["recall"], m["f1"]) for f, m in report.items()}


def scierc(nlp):
    rows = [json.loads(line) for line in open(SHARED / "data" / "scierc" / "test.json")]
    mapping = {"Method": "methods", "Task": "tasks", "Metric": "metrics", "Material": "datasets"}
    docs, golds = [], []
    for i, row in enumerate(rows):
        tokens = [t for s in row["sentences"] for t in s]
        docs.append(Document("scierc", i, " ".join(detok(s) for s in row["sentences"])))
        gold = {k: set() for k in mapping.values()}
        for sent in row["ner"]:
            for start, end, label in sent:
                if label in mapping:
                    gold[mapping[label]].add(detok(tokens[start:end + 1]))
        golds.append(gold)
    pairs = {k: [] for k in mapping.values()}
    for gold, ext in zip(golds, extract(docs, nlp)):
        rec = extraction_record(ext)
        found = {"methods": rec["proposed"] + rec["models"] + rec["techniques"], "tasks": rec["tasks"],
                 "metrics": rec["metrics"], "datasets": rec["datasets"]}
        for k in pairs:
            pairs[k].append((gold[k], found[k]))
    return {k: prf(*score_sets(v)) for k, v in pairs.items()}


def tdmsci(nlp):
    sentences, cur = [], []
    for line in open(SHARED / "data" / "tdmsci" / "TDMSci" / "test_500_v2.conll", encoding="utf-8"):
        line = line.rstrip("\n")
        if not line.strip():
            if cur:
                sentences.append(cur)
            cur = []
            continue
        tok, off, tag = line.split("\t")
        cur.append((tok, int(off), tag))
    if cur:
        sentences.append(cur)
    docs, golds = [], []
    for i, sent in enumerate(sentences):
        base = sent[0][1]
        sent = [(tok, off - base, tag) for tok, off, tag in sent]
        text = ""
        for tok, off, _ in sent:
            text += " " * (off - len(text)) + tok
        gold = {"datasets": set(), "metrics": set(), "tasks": set()}
        span, kind = None, None
        for tok, off, tag in sent + [("", len(text) + 1, "O")]:
            if tag.startswith("B-") or tag == "O" or (tag.startswith("I-") and kind != tag[2:]):
                if span:
                    gold[{"DATASET": "datasets", "METRIC": "metrics", "TASK": "tasks"}[kind]].add(text[span[0]:span[1]])
                span, kind = (None, None) if tag == "O" else ((off, off + len(tok)), tag[2:])
            else:
                span = (span[0], off + len(tok))
        docs.append(Document("tdmsci", i, text))
        golds.append(gold)
    pairs = {k: [] for k in ("datasets", "metrics", "tasks")}
    for gold, ext in zip(golds, extract(docs, nlp)):
        rec = extraction_record(ext)
        for k in pairs:
            pairs[k].append((gold[k], rec[k]))
    return {k: prf(*score_sets(v)) for k, v in pairs.items()}


def datafinder(nlp):
    rows = [json.loads(line) for line in gzip.open(SHARED / "data" / "pwc_datafinder" / "test_abstract_queries_406.jsonl.gz", "rt")]
    variants = {}
    for line in gzip.open(SHARED / "data" / "pwc_datafinder" / "pwc_datasets_3327.jsonl.gz", "rt"):
        d = json.loads(line)
        variants[d["id"]] = {normalise(v) for v in [d["id"], *d.get("variants", [])]}
    docs = [Document("datafinder", i, r["abstract"]) for i, r in enumerate(rows)]
    tp = fn = 0
    mentioned_tp = mentioned = 0
    for row, ext in zip(rows, extract(docs, nlp)):
        found = {normalise(x) for x in extraction_record(ext)["datasets"]}
        text = normalise(row["abstract"])
        for ds in row["documents"]:
            forms = variants.get(ds, {normalise(ds)})
            hit = bool(found & forms)
            tp += hit
            fn += not hit
            if any(f and f in text for f in forms):
                mentioned += 1
                mentioned_tp += hit
    return {"datasets (all gold)": (None, tp / (tp + fn), None),
            "datasets (named in abstract)": (None, mentioned_tp / mentioned if mentioned else 0.0, None)}


def fmt(x):
    return "  –  " if x is None else f"{x:.3f}"


def measure(no_gazetteer: bool) -> list[tuple]:
    configs = [("default", [])] + ([] if no_gazetteer else [("+gazetteer", [GAZETTEER])])
    rows = []
    for name, lex in configs:
        nlp = load_pipeline(lexicons=lex)
        for gold_set, fn in (("seeds", seeds), ("dev", dev), ("SciERC test", scierc), ("TDMSci test", tdmsci),
                             ("PwC DataFinder", datafinder)):
            t = time.perf_counter()
            for field, (p, r, f) in fn(nlp).items():
                rows.append((gold_set, name, field, p, r, f))
            print(f"# {gold_set} ({name}) in {time.perf_counter() - t:.1f} s", file=sys.stderr)
    return rows


def measure_revision(rev: str, no_gazetteer: bool) -> dict:
    """F1 per (gold set, pipeline, field) of the code at git revision `rev`, run by this script."""
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp) / "before"
        subprocess.run(["git", "-C", str(HERE), "worktree", "add", "--detach", "--quiet", str(tree), rev], check=True)
        try:
            cmd = [sys.executable, str(Path(__file__).resolve()), "--json"] + (["--no-gazetteer"] if no_gazetteer else [])
            out = subprocess.run(cmd, env={**os.environ, "KG_BENCH_CODE": str(tree)}, check=True,
                                 capture_output=True, text=True).stdout
        finally:
            subprocess.run(["git", "-C", str(HERE), "worktree", "remove", "--force", str(tree)], check=False)
    return {(g, n, f): f1 for g, n, f, p, r, f1 in json.loads(out)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--no-gazetteer", action="store_true", help="skip the runs with the external gazetteer")
    ap.add_argument("--markdown", action="store_true", help="print a Markdown table (for bench/RESULTS.md)")
    ap.add_argument("--json", action="store_true", help="print the rows as JSON")
    ap.add_argument("--before", metavar="REV", help="also measure git revision REV and show F1 before and after")
    args = ap.parse_args()
    rows = measure(args.no_gazetteer)
    if args.json:
        print(json.dumps(rows))
        return
    before = measure_revision(args.before, args.no_gazetteer) if args.before else {}
    b = (lambda g, n, f: before.get((g, n, f))) if before else None
    if args.markdown:
        head = "| gold set | pipeline | field | P | R | F1 |" + (f" F1 at {args.before} |" if b else "")
        print(head + "\n|---|---|---|---:|---:|---:|" + ("---:|" if b else ""))
        for g, n, f, p, r, f1 in rows:
            print(f"| {g} | {n} | {f} | {fmt(p)} | {fmt(r)} | {fmt(f1)} |" + (f" {fmt(b(g, n, f))} |" if b else ""))
    else:
        print(f"{'gold set':16} {'pipeline':11} {'field':30} {'P':>6} {'R':>6} {'F1':>6}" + (f" {'before':>6}" if b else ""))
        for g, n, f, p, r, f1 in rows:
            print(f"{g:16} {n:11} {f:30} {fmt(p):>6} {fmt(r):>6} {fmt(f1):>6}" + (f" {fmt(b(g, n, f)):>6}" if b else ""))


if __name__ == "__main__":
    main()
