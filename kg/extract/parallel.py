"""Extraction: run the pipeline in N worker processes, results in input order.

spaCy's own `n_process` ships Docs between processes, extension values included, which our
components' plain Python objects do not survive; so each worker loads the pipeline once and
returns plain `Extraction` data instead.
"""
from __future__ import annotations

import multiprocessing as mp
import signal
from collections.abc import Iterable, Iterator
from itertools import islice

from ..records import Document, Extraction, extraction_from_json, extraction_to_json

_nlp = None


def _init(spec) -> None:
    global _nlp
    # the parent handles Ctrl-C and stops the pool (with SIGTERM): workers neither catch Ctrl-C
    # nor keep the parent's SIGTERM handler, so they end quietly
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if _nlp is not None:  # forked from the parent, which loaded it
        return
    _nlp = spec.load()


def _work(batch: list[tuple[str, int, str, dict]]) -> list[dict]:
    from . import extract
    docs = [Document(s, i, t, m) for s, i, t, m in batch]
    return [extraction_to_json(e) for e in extract(docs, _nlp)]


def _batches(documents: Iterable[Document], size: int) -> Iterator[list]:
    it = iter(documents)
    while batch := [(d.source, d.index, d.text, d.meta) for d in islice(it, size)]:
        yield batch


def extract_parallel(documents: Iterable[Document], workers: int, spec=None,
                     batch_size: int = 64) -> Iterator[Extraction]:
    """Like `extract`, in `workers` processes with the pipeline of `spec` (a `PipelineSpec`; None: the
    packaged one); the output is identical to one process's."""
    global _nlp
    from . import PipelineSpec
    spec = spec or PipelineSpec()
    fork = "fork" in mp.get_all_start_methods()
    ctx = mp.get_context("fork") if fork else mp.get_context("spawn")
    # loaded here first: a config or lexicon that fails stops the build with its error, instead of
    # workers that die in their initializer and are started again forever
    nlp = spec.load()
    if fork:
        _nlp = nlp
    with ctx.Pool(workers, initializer=_init, initargs=(spec,)) as pool:
        for results in pool.imap(_work, _batches(documents, batch_size), chunksize=1):
            for data in results:
                yield extraction_from_json(data)
