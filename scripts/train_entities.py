"""Rebuild kg's entity model (kg/extract/model/) from the annotated abstracts, in one command:

    python scripts/train_entities.py [--shared ../shared] [--work /tmp/kg-train]

Steps, each seeded:
1. `gold/train.jsonl` → spaCy DocBins (scripts/entity_corpus.py): 700 abstracts to train on and
   100 held out for spaCy's model selection. `gold/dev.jsonl` and the seeds are never read.
2. `spacy train kg/extract/entities.cfg` (seed 0, 5,000 steps), then the best model on the held-out
   100 is copied to kg/extract/model/ (3.6 MB), where the `kg_model` component loads it.

Takes about 20 minutes on two idle cores.
"""
from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

from spacy_training import train_and_install

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "kg" / "extract" / "entities.cfg"
TARGET = ROOT / "kg" / "extract" / "model"


def run(*cmd: str) -> None:
    print("+", " ".join(cmd), file=sys.stderr)
    subprocess.run(cmd, check=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    ap.add_argument("--work", type=Path, default=Path("/tmp/kg-train"))
    args = ap.parse_args()
    gold, work = args.shared / "gold", args.work
    work.mkdir(parents=True, exist_ok=True)
    py = sys.executable

    run(py, str(ROOT / "scripts" / "entity_corpus.py"), str(gold / "train.jsonl"), str(gold / "train_abstracts.jsonl"),
        str(work / "train.spacy"), "--split", "100", "--held-out", str(work / "held.spacy"), "--seed", "0")

    train_and_install(CONFIG, work, TARGET, "entity model")

if __name__ == "__main__":
    main()
