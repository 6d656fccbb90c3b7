"""Build: the one function that wires the stages — sources → extraction → resolution → graph → sinks.

Read this first: every other module is one of these stages.
"""
from __future__ import annotations

import os
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import networkx as nx

from .extract import extract, load_pipeline
from .extract.parallel import extract_parallel
from .graph import GraphBuilder
from .records import Document, Extraction
from .resolve.resolver import Resolver
from .errors import OutputError
from .sinks.atomic import Staged
from .sinks.files import write_extractions, write_graph_json
from .sinks.rdf import FORMATS, to_rdf, write_rdf
from .sources import expand_paths, read_file


@dataclass
class BuildStats:
    """What a build did: counts for the summary table."""

    papers: int = 0
    seconds: float = 0.0
    nodes: Counter = field(default_factory=Counter)
    relationships: Counter = field(default_factory=Counter)
    bad_records: list[str] = field(default_factory=list)
    outputs: list[Path] = field(default_factory=list)


def read_inputs(inputs: Iterable[str | Path], skip_bad: bool = False, bad: list | None = None) -> Iterator[Document]:
    """Every document of every input; paths are all checked before the first is read."""
    for path in expand_paths(inputs):
        yield from read_file(path, skip_bad, bad)


def extract_documents(documents: Iterable[Document], workers: int = 1, config=None, lexicons=()) -> Iterator[Extraction]:
    """Extraction in one process or several; the same results either way."""
    if workers <= 1:
        yield from extract(documents, load_pipeline(config, lexicons))
    else:
        yield from extract_parallel(documents, workers, config, lexicons)


def graph_of(extractions: list[Extraction]) -> nx.MultiDiGraph:
    """Resolution then graph: the resolver sees every paper before any node is named."""
    resolver = Resolver()
    for ext in extractions:
        resolver.observe_extraction(ext)
    builder = GraphBuilder(resolver)
    for ext in extractions:
        builder.add(ext)
    return builder.finish()


def build(inputs: Iterable[str | Path], out_dir: str | Path, *, formats: Iterable[str] = ("turtle",),
          workers: int = 1, config=None, lexicons=(), skip_bad: bool = False,
          on_document: Callable[[int], None] | None = None) -> tuple[nx.MultiDiGraph, BuildStats]:
    """Build the graph of `inputs` and write DIR/graph.ttl (and other RDF formats), graph.json
    and extractions.jsonl. Nothing is written until every input has been read and extracted,
    and each file is replaced atomically."""
    start = time.perf_counter()
    stats = BuildStats()
    extractions: list[Extraction] = []
    for ext in extract_documents(read_inputs(inputs, skip_bad, stats.bad_records), workers, config, lexicons):
        extractions.append(ext)
        if on_document:
            on_document(len(extractions))
    G = graph_of(extractions)
    out = Path(out_dir)
    try:
        with Staged(out) as stage:
            write_extractions(extractions, stage.path("extractions.jsonl"), atomic=False)
            write_graph_json(G, stage.path("graph.json"), atomic=False)
            rdf = to_rdf(G)
            for fmt in formats:
                write_rdf(rdf, stage.path(f"graph.{FORMATS[fmt][1]}"), fmt, atomic=False)
            stats.outputs = stage.commit()
    except OSError as exc:
        raise OutputError(f"{exc.filename or out}: cannot write the outputs ({exc.strerror}); "
                          f"nothing in {out} was changed. Free space or choose another -o") from None
    stats.papers = len(extractions)
    stats.nodes = Counter(d["label"] for _, d in G.nodes(data=True))
    stats.relationships = Counter(k for _, _, k in G.edges(keys=True))
    stats.seconds = time.perf_counter() - start
    return G, stats


def default_workers() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)
