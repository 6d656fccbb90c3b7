"""Benchmark: 4-fold cross-validation of the mention typer on train.jsonl, for choosing its settings.

    python bench/typer_cv.py [--shared ../shared] [--work /tmp/kg-typer-cv] [--sweep propose=0.6,0.65,0.7] [--reuse]

The typer's examples (`scripts/train_typer.py` `examples`) are split by abstract into 4 folds
(`random.Random(1)`); for each fold a typer is trained on the other three with `spacy train
kg/extract/typer.cfg`, the default pipeline with that typer extracts the fold's abstracts, and
`../shared/gold/score.py` scores them. The counts are summed over the folds, and P / R / F1 are
printed per entity field. `--sweep NAME=V1,V2,…` re-scores the same fold models with a setting of
the `kg_typer` component changed (no retraining), one row per value (values
separated by `;` when a value holds commas, as a list does). dev.jsonl and the seeds are
never read. About 4 minutes on two cores, plus half a minute per swept value; `--reuse` scores
the fold models of the last run again (for more sweeps of the same code); `--set training.max_steps=3000`
trains the folds with a setting of kg/extract/typer.cfg changed; `--extra bench/typer_extra/round2.jsonl` adds
abstracts annotated beyond train.jsonl to every fold's training side (the folds are scored on train.jsonl only).

Each setting gives three rows: all 800 abstracts, then the 560 arXiv abstracts and the 240 of conferences
(`venue` in train_abstracts.jsonl: IROS, ICRA, CVPR, NeurIPS, … of many years) apart. The venues row is the
nearest measure here of abstracts from venues no file holds (issue 12, point 2).
"""
from __future__ import annotations

import argparse
import json
import random
import re
import shutil
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIELDS = ("proposed", "models", "techniques", "datasets", "metrics", "tasks", "entities")
FOLDS = 4


def with_setting(config: str, name: str, value: str) -> str:
    """The pipeline config with one setting of the `kg_typer` component set (added when absent)."""
    block = re.search(r"(?ms)^\[components\.kg_typer\]\n.*?(?=^\[|\Z)", config)
    body = block.group(0)
    if re.search(rf"(?m)^{re.escape(name)} = ", body):
        body = re.sub(rf"(?m)^{re.escape(name)} = .*$", f"{name} = {value}", body)
    else:
        body = body.rstrip("\n") + f"\n{name} = {value}\n\n"
    return config[:block.start()] + body + config[block.end():]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    ap.add_argument("--work", type=Path, default=Path("/tmp/kg-typer-cv"))
    ap.add_argument("--sweep", metavar="NAME=V1,V2", help="a kg_typer setting and the values to score")
    ap.add_argument("--set", action="append", default=[], metavar="SECTION.KEY=VALUE",
                    help="a setting of kg/extract/typer.cfg for the fold trainings (spaCy's override), e.g. training.max_steps=3000")
    ap.add_argument("--reuse", action="store_true", help="score the fold models of the last run in --work again (no training)")
    ap.add_argument("--extra", type=Path, action="append", default=[], metavar="FILE",
                    help="abstracts annotated beyond train.jsonl (bench/typer_extra/*.jsonl), added to every fold's training side")
    ap.add_argument("--seeds", type=int, default=1, help="train each fold with seeds 0 … N-1 and average the weights")
    args = ap.parse_args()
    gold_dir = args.shared / "gold"
    if not (gold_dir / "train.jsonl").is_file():
        sys.exit(f"{gold_dir / 'train.jsonl'}: not found; pass --shared DIR (the folder with gold/)")
    sys.path[:0] = [str(ROOT), str(ROOT / "scripts"), str(gold_dir)]
    from score import key, score
    from spacy_training import trained
    from train_typer import CONFIG, examples, extra_examples, write_split

    from kg.extract import DEFAULT_CONFIG

    per_abstract = list(examples(args.shared))
    extra = [ex for path in args.extra for ex in extra_examples(args.shared, path)]  # never held out: indices ≥ 800
    gold = [json.loads(line) for line in open(gold_dir / "train.jsonl", encoding="utf-8")]
    venues = [json.loads(line).get("venue") for line in open(gold_dir / "train_abstracts.jsonl", encoding="utf-8")]
    groups = {"": set(range(len(gold))), " (arXiv)": {i for i, v in enumerate(venues) if v == "arXiv"},
              " (other venues)": {i for i, v in enumerate(venues) if v != "arXiv"}}
    order = list(range(len(per_abstract)))
    random.Random(1).shuffle(order)
    folds = [set(order[k::FOLDS]) for k in range(FOLDS)]
    models = [args.work / f"fold{k}" / "model" / "model-best" for k in range(FOLDS)]
    if args.reuse and not all((m / "meta.json").is_file() for m in models):
        sys.exit(f"{args.work}: no fold models to reuse; run without --reuse first")
    if not args.reuse:
        shutil.rmtree(args.work, ignore_errors=True)
    for k, fold in enumerate(folds if not args.reuse else []):
        work = args.work / f"fold{k}"
        work.mkdir(parents=True)
        write_split(per_abstract + extra, fold, work)
        overrides = tuple(part for kv in args.set for part in ("--" + kv.partition("=")[0], kv.partition("=")[2]))
        trained(CONFIG, work, args.seeds, overrides, quiet=True)  # → models[k]
        print(f"# fold {k}: trained", file=sys.stderr)

    base = DEFAULT_CONFIG.read_text()
    runs = [("packaged config", None, None)]
    if args.sweep:
        name, _, values = args.sweep.partition("=")
        runs = [(f"{name} = {v}", name, v) for v in values.split(";" if ";" in values else ",")]
    print("| setting | " + " | ".join(f"{f} P / R / F1" for f in FIELDS) + " |")
    print("|---|" + "---:|" * len(FIELDS))
    for title, name, value in runs:
        totals = {group: defaultdict(lambda: [0, 0, 0]) for group in groups}
        for k, fold in enumerate(folds):
            config = with_setting(base, "path", f'"{models[k]}"')
            if name:
                config = with_setting(config, name, value)
            cfg = args.work / f"fold{k}" / "pipeline.cfg"
            cfg.write_text(config)
            out = args.work / f"fold{k}" / "extracted.jsonl"
            subprocess.run([sys.executable, "-m", "kg", "extract", str(gold_dir / "train_abstracts.jsonl"), "--config", str(cfg),
                            "-o", str(out), "-w", "1"], check=True, capture_output=True, cwd=ROOT)
            system = {key(r): r for r in map(json.loads, open(out, encoding="utf-8"))}
            for group, members in groups.items():
                result, _ = score({key(gold[i]): gold[i] for i in sorted(fold & members)}, system)
                for f in FIELDS:
                    counts = totals[group][f]
                    counts[0] += result[f]["tp"]
                    counts[1] += result[f]["fp"]
                    counts[2] += result[f]["fn"]
        for group in groups:
            cells = []
            for f in FIELDS:
                tp, fp, fn = totals[group][f]
                p = tp / (tp + fp) if tp + fp else 0.0
                r = tp / (tp + fn) if tp + fn else 0.0
                cells.append(f"{p:.3f} / {r:.3f} / {2 * p * r / (p + r) if p + r else 0.0:.3f}")
            print(f"| {title}{group} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
