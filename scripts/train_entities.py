"""Rebuild kg's entity model (kg/extract/model/) from the annotated abstracts, in one command:

    python scripts/train_entities.py [--shared ../shared] [--work /tmp/kg-train] [--threads 1]

Steps, each seeded:
1. `gold/train.jsonl` → spaCy DocBins (scripts/entity_corpus.py): 700 abstracts to train on and
   100 held out for spaCy's model selection. `gold/dev.jsonl` and the seeds are never read.
2. Static vectors: floret (subword hashing, 40,000 rows × 96) trained on the unlabelled abstracts
   of `data/corpus_arxiv` and `data/corpus_papercopilot`, tokenised and cleaned as `kg extract`
   does, leaving out every abstract of the dev set.
3. `spacy train kg/extract/entities.cfg` with those vectors, then the best model is copied to
   kg/extract/model/ (under 50 MB), where the `kg_model` component loads it.

Needs `pip install -e ".[train]"` (floret). Takes about an hour on two cores.
"""
from __future__ import annotations

import argparse
import gzip
import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "kg" / "extract" / "entities.cfg"
TARGET = ROOT / "kg" / "extract" / "model"


def run(*cmd: str) -> None:
    print("+", " ".join(cmd), file=sys.stderr)
    subprocess.run(cmd, check=True)


def unlabelled_text(shared: Path, out: Path) -> int:
    """One tokenised, cleaned abstract per line; dev abstracts left out."""
    import spacy

    from kg.extract.latex import clean

    nlp = spacy.blank("en")
    dev_ids = {json.loads(line)["id"] for line in open(shared / "gold" / "dev_abstracts.jsonl", encoding="utf-8")}
    n = 0
    with open(out, "w", encoding="utf-8") as fh:
        for path in sorted((shared / "data").glob("corpus_*/*.jsonl.gz")):
            with gzip.open(path, "rt", encoding="utf-8") as src:
                texts = [clean(r["abstract"]).text for r in map(json.loads, src)
                         if r.get("abstract") and r.get("id") not in dev_ids]
            for doc in nlp.tokenizer.pipe(texts, batch_size=1000):
                fh.write(" ".join(t.text for t in doc if not t.is_space) + "\n")
                n += 1
    return n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    ap.add_argument("--work", type=Path, default=Path("/tmp/kg-train"))
    ap.add_argument("--threads", type=int, default=1, help="floret threads (more than 1 is faster, not reproducible)")
    args = ap.parse_args()
    gold, work = args.shared / "gold", args.work
    work.mkdir(parents=True, exist_ok=True)
    py = sys.executable

    run(py, str(ROOT / "scripts" / "entity_corpus.py"), str(gold / "train.jsonl"), str(gold / "train_abstracts.jsonl"),
        str(work / "train.spacy"), "--split", "100", "--held-out", str(work / "held.spacy"), "--seed", "0")

    vectors = work / "vectors"
    if not (vectors / "meta.json").exists():
        import floret

        text = work / "unlabelled.txt"
        print(f"{unlabelled_text(args.shared, text)} unlabelled abstracts → {text}", file=sys.stderr)
        model = floret.train_unsupervised(str(text), model="cbow", mode="floret", hashCount=2, bucket=40000,
                                          minn=3, maxn=5, dim=96, epoch=5, minCount=5, thread=args.threads)
        model.save_floret_vectors(str(work / "vectors.floret"))
        run(py, "-m", "spacy", "init", "vectors", "en", str(work / "vectors.floret"), str(vectors), "--mode", "floret")

    out = work / "model"
    run(py, "-m", "spacy", "train", str(CONFIG), "--output", str(out), "--paths.train", str(work / "train.spacy"),
        "--paths.dev", str(work / "held.spacy"), "--paths.vectors", str(vectors))
    shutil.rmtree(TARGET, ignore_errors=True)
    shutil.copytree(out / "model-best", TARGET)
    size = sum(p.stat().st_size for p in TARGET.rglob("*") if p.is_file())
    print(f"entity model → {TARGET} ({size / 1e6:.1f} MB)", file=sys.stderr)


if __name__ == "__main__":
    main()
