"""Rebuild kg's mention typer (kg/extract/typer/) from the annotated abstracts, in one command:

    python scripts/train_typer.py [--shared ../shared] [--work /tmp/kg-typer] [--extra bench/typer_extra/round2.jsonl]

1. The rules (the default pipeline without the typer) run over `gold/train.jsonl`'s abstracts; every
   mention they propose, and every chunk and corpus-term candidate the typer would propose beside
   them (`chunk_candidates`, `term_candidates`), becomes one example: its features (kg/extract/typer.py) and, as its class,
   the field of the gold entity it names, or NONE. A third of the abstracts (by a hash of their
   index) go without their title, so that the typer learns abstracts that come with none too.
   700 abstracts train, 100 (seeded) are held out
   for spaCy's model selection. `gold/dev.jsonl` and the seeds are never read. `--extra FILE` adds abstracts
   annotated beyond train.jsonl (bench/typer_extra/) to the training side, for measuring them; the packaged
   typer is trained without them (bench/typer_extra/README.md).
2. `spacy train kg/extract/typer.cfg` with seeds 0, 1 and 2 (`--seeds`), and the mean of their weights
   (scripts/spacy_training.py `average`: for this linear model, the mean of their logits) is written to
   kg/extract/typer/.

A few minutes on two cores.
"""
from __future__ import annotations

import argparse
import gzip
import json
import random
import sys
import zlib
from pathlib import Path

from spacy_training import train_and_install

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's kg, not whichever one is installed: the rules the typer learns from
CONFIG = ROOT / "kg" / "extract" / "typer.cfg"
TARGET = ROOT / "kg" / "extract" / "typer"
PRIORITY = ("proposed", "datasets", "models", "metrics", "tasks", "techniques")


def examples(shared: Path):
    """(features, label) per proposed mention, per abstract of the training set."""
    gold = [json.loads(line) for line in open(shared / "gold" / "train.jsonl", encoding="utf-8")]
    abstracts = [json.loads(line) for line in open(shared / "gold" / "train_abstracts.jsonl", encoding="utf-8")]
    return _labelled((str(g["index"]), abstracts[g["index"]], g) for g in gold)


def extra_examples(shared: Path, path: Path):
    """`examples` of abstracts annotated beyond train.jsonl (bench/typer_extra/): one record per line,
    the `id` of an abstract of `shared`/data/corpus_* and the six entity fields of train.jsonl. The
    abstracts are read from the corpus by id."""
    records = [json.loads(line) for line in open(path, encoding="utf-8")]
    wanted = {r["id"] for r in records}
    found = {}
    for corpus in sorted((shared / "data").glob("corpus_*/*.jsonl.gz")):
        with gzip.open(corpus, "rt", encoding="utf-8") as fh:
            for line in fh:
                r = json.loads(line)
                if r.get("id") in wanted:
                    found[r["id"]] = r
        if len(found) == len(wanted):
            break
    missing = sorted(wanted - set(found))
    if missing:
        sys.exit(f"{path}: no abstract of {shared / 'data'}/corpus_* has the id {missing[0]} ({len(missing)} such ids); "
                 "pass --shared DIR, the folder with data/")
    return _labelled((r["id"], found[r["id"]], r) for r in records)


def _labelled(items):
    """For each (name, record with `abstract` and `title`, annotation): every mention the rules propose (the
    default pipeline without the typer) and every candidate the typer would propose beside them, as
    (features, label): the field of the annotated entity it names, or NONE. A third of the abstracts (by a
    hash of the name) go without their title, as plain abstract lists come."""
    import spacy  # noqa: F401

    from kg.extract import DEFAULT_CONFIG, load_pipeline
    from kg.extract.latex import clean
    from kg.extract.typer import LABELS, features, proposals
    from kg.resolve.normalize import normalise

    cfg = DEFAULT_CONFIG.read_text().replace('"kg_typer",', "")
    rules_cfg = Path("/tmp") / "kg-typer-rules.cfg"
    rules_cfg.write_text(cfg)
    nlp = load_pipeline(rules_cfg)

    def docs():
        for name, record, g in items:
            cleaned = clean(record["abstract"])
            doc = nlp.make_doc(cleaned.text)
            doc.user_data["kg_text"] = cleaned.text
            untitled = zlib.crc32(name.encode()) % 3 == 0
            doc.user_data["kg_title"] = "" if untitled else record.get("title") or ""
            doc._.kg_emphasis = list(cleaned.emphasis)
            doc._.kg_mentions = []
            yield doc, g

    for doc, g in nlp.pipe(docs(), as_tuples=True):
        forms = {f: {normalise(x) for ent in g.get(f, []) for x in ent} for f in PRIORITY}
        text, title = doc.user_data["kg_text"], doc.user_data["kg_title"]
        out = []
        for fld, s, e, rule, _ in doc._.kg_mentions:
            key = normalise(text[s:e])
            label = next((f.upper() for f in PRIORITY if key in forms[f]), "NONE")
            assert label in LABELS
            out.append((features(text, fld, s, e, rule, title), label))
        # the chunks the typer proposes itself where no rule found anything
        for s, e, rule in proposals(text, doc._.kg_mentions):
            key = normalise(text[s:e])
            label = next((f.upper() for f in PRIORITY if key in forms[f]), "NONE")
            out.append((features(text, "none", s, e, rule, title), label))
        yield out


def training_split(per_abstract: list, extra: list = ()) -> tuple[list, set[int]]:
    """train.jsonl's examples by abstract, then `extra`'s (abstracts annotated beyond it, `--extra`), and the indices
    held out for spaCy's report: 100 of train.jsonl's, seeded, the same whatever `extra` holds; never an extra one."""
    order = list(range(len(per_abstract)))
    random.Random(0).shuffle(order)
    return per_abstract + list(extra), set(order[:100])


def write_split(per_abstract: list, held: set[int], work: Path) -> None:
    """`work`/train.spacy and held.spacy: one doc per example, its features as text and its class
    in `cats`; the abstracts whose index is in `held` go to held.spacy."""
    import spacy
    from spacy.tokens import DocBin

    from kg.extract.typer import LABELS

    nlp = spacy.blank("en")
    bins = {"train": DocBin(), "held": DocBin()}
    for i, exs in enumerate(per_abstract):
        for feats, label in exs:
            doc = nlp.make_doc(feats)
            doc.cats = {lab: float(lab == label) for lab in LABELS}
            bins["held" if i in held else "train"].add(doc)
    for name, db in bins.items():
        db.to_disk(work / f"{name}.spacy")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    ap.add_argument("--work", type=Path, default=Path("/tmp/kg-typer"))
    ap.add_argument("--seeds", type=int, default=3, help="train with seeds 0 … N-1 and average the weights (default 3: bench/RESULTS.md, thirty-third pass)")
    ap.add_argument("--extra", type=Path, action="append", default=[], metavar="FILE",
                    help="abstracts annotated beyond train.jsonl (bench/typer_extra/*.jsonl), all on the training side")
    args = ap.parse_args()
    work = args.work
    work.mkdir(parents=True, exist_ok=True)
    per_abstract, held = training_split(list(examples(args.shared)),
                                        [ex for path in args.extra for ex in extra_examples(args.shared, path)])
    write_split(per_abstract, held, work)
    print(f"{sum(len(x) for x in per_abstract)} mentions from {len(per_abstract)} abstracts", file=sys.stderr)
    train_and_install(CONFIG, work, TARGET, "mention typer", args.seeds)

if __name__ == "__main__":
    main()
