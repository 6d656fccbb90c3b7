"""Benchmark: extraction throughput against the bare spaCy tokenizer, in one process and run.

    python bench/throughput.py [--limit 20000] [--workers 1]

Reads the first N abstracts of ../shared/data/corpus_papercopilot, times (1) spacy.blank("en")
tokenizing them, (2) the kg pipeline extracting them (LaTeX cleaning, all components and the
conversion to records), and prints abstracts per second, the ratio and the peak RSS. With one worker
the pipeline's one-time load (lexicons, trained components) is timed apart, and the ratio is printed
with and without it.

With one worker the two are timed in turn on each slice of `--slice` abstracts (the tokenizer's median
of `--repeat` runs, then the pipeline once), so both see the same machine: on a shared virtual machine
the speed of the CPU drifts by a fifth within a minute, and timing one after the other moved the ratio
by as much. The ratio is of the summed times; the median and range of the slices' ratios show its spread.
"""
from __future__ import annotations

import argparse
import resource
import statistics
import sys
import time
from itertools import islice
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kg.build import extract_documents  # noqa: E402
from kg.extract import PipelineSpec  # noqa: E402
from kg.extract import extract, load_pipeline  # noqa: E402
from kg.sources import read_documents  # noqa: E402

CORPUS = ROOT.parent / "shared" / "data" / "corpus_papercopilot"


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, default=20000)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3, help="tokenizer runs (the median is reported)")
    ap.add_argument("--slice", type=int, default=500, help="abstracts per slice, one worker (see the module)")
    ap.add_argument("--config", default=None, help="a spaCy config of the pipeline (default: the packaged one)")
    args = ap.parse_args()
    if not CORPUS.exists():
        sys.exit(f"{CORPUS}: not found; this benchmark reads ../shared/data")
    docs = list(islice(read_documents(sorted(CORPUS.glob("*.jsonl.gz"))), args.limit))
    texts = [d.text for d in docs]
    chars = sum(map(len, texts))
    print(f"abstracts {len(docs)}  characters {chars}  mean {chars / len(docs):.0f}")

    import spacy
    blank = spacy.blank("en")

    def tokenize(batch: list[str]) -> float:  # the median of `--repeat` runs, in seconds
        runs = []
        for _ in range(args.repeat):
            t = time.perf_counter()
            for _doc in blank.tokenizer.pipe(batch, batch_size=256):
                pass
            runs.append(time.perf_counter() - t)
        return statistics.median(runs)

    if args.workers == 1:
        # the pipeline is built once per process (lexicons, models): timed apart from the throughput
        t = time.perf_counter()
        nlp = load_pipeline(args.config)
        load = time.perf_counter() - t
        tok_secs = secs = 0.0
        n, ratios = 0, []
        for at in range(0, len(docs), args.slice):
            tok_took = tokenize(texts[at:at + args.slice])
            t = time.perf_counter()
            n += sum(1 for _ in extract(docs[at:at + args.slice], nlp))
            took = time.perf_counter() - t
            tok_secs, secs = tok_secs + tok_took, secs + took
            ratios.append(tok_took / took)
        tok = len(texts) / tok_secs
    else:
        load = None
        tok = len(texts) / tokenize(texts)
        t = time.perf_counter()
        n = sum(1 for _ in extract_documents(docs, workers=args.workers, spec=PipelineSpec(args.config)))
        secs = time.perf_counter() - t
    ours = n / secs
    print(f"spacy.blank('en') tokenizer   {tok:9.0f} abstracts/s   (median of {args.repeat})")
    if load is not None:
        print(f"kg pipeline load (once)       {load:9.1f} s")
    print(f"kg extraction, {args.workers} worker(s)   {ours:9.0f} abstracts/s   ({secs:.1f} s"
          f"{'' if load is not None else ', worker start-up included'})")
    print(f"ratio kg / tokenizer          {ours / tok:9.3f}")
    if load is not None:
        print(f"ratio, pipeline load included {n / (secs + load) / tok:9.3f}")
        print(f"ratio per slice of {args.slice:<6}     {statistics.median(ratios):9.3f}   (median; "
              f"{min(ratios):.3f}–{max(ratios):.3f} over {len(ratios)} slices)")
    print(f"peak RSS (this process)       {peak_rss_mb():9.0f} MB")


if __name__ == "__main__":
    main()
