"""Build: the one function that wires the stages — sources → extraction → resolution → graph → sinks.

Read this first: every other module is one of these stages.

`build()` streams. Pass 1 reads and extracts the abstracts (or takes them from the cache of the
previous build), writes each record to extractions.jsonl and the cache as it comes, and keeps only
the resolver's table of names. Pass 2 reads the cache back and writes each paper's nodes and edges
to graph.json and RDF; the entity nodes, now named, come last. Memory is bounded by the number of
distinct entities, not by the number of abstracts. `graph_of()` is the in-memory equivalent, for
library use on small inputs.
"""
from __future__ import annotations

import json
import os
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from itertools import chain, islice
from pathlib import Path

import networkx as nx
import pyoxigraph as ox

from .cache import CACHE_DIR, ExtractionCache, cache_line, pipeline_version
from .errors import OutputError
from .extract import extract, load_pipeline
from .extract.parallel import extract_parallel
from .graph import GraphBuilder, build_graph
from .ontology import ENTITY_LABELS, NodeLabel
from .records import Document, Extraction, extraction_from_json, extraction_record
from .resolve.resolver import Resolver
from .sinks.atomic import Staged
from .sinks.rdf import FORMATS, edge_triples, node_triples, serialize
from .sources import expand_paths, read_file

#: nodes shared between papers: written once, at the end, with their final names
SHARED_LABELS = {*(label.value for label in ENTITY_LABELS), NodeLabel.REPOSITORY.value, NodeLabel.VENUE.value}
SMALL_INPUT = 500


@dataclass
class BuildStats:
    """What a build did: counts for the summary table."""

    papers: int = 0
    seconds: float = 0.0
    nodes: Counter = field(default_factory=Counter)
    relationships: Counter = field(default_factory=Counter)
    bad_records: list[str] = field(default_factory=list)
    outputs: list[Path] = field(default_factory=list)
    reused: int = 0


def read_inputs(inputs: Iterable[str | Path], skip_bad: bool = False, bad: list | None = None) -> Iterator[Document]:
    """Every document of every input; paths are all checked before the first is read."""
    for path in expand_paths(inputs):
        yield from read_file(path, skip_bad, bad)


def default_workers() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)


def extract_documents(documents: Iterable[Document], workers: int | None = None, config=None, lexicons=(),
                      engine: str = "local") -> Iterator[Extraction]:
    """Extraction in one process or several (default: one per core), or as Ray tasks
    (`engine="ray"`); the same results every way.

    Inputs of fewer than 500 abstracts stay in one process: starting workers costs more than it saves.
    """
    if engine == "ray":
        from .extract.distributed import extract_ray
        yield from extract_ray(documents, config, lexicons)
        return
    documents = iter(documents)
    head = list(islice(documents, SMALL_INPUT))
    workers = default_workers() if workers in (None, 0) else workers
    if workers <= 1 or len(head) < SMALL_INPUT:
        yield from extract(chain(head, documents), load_pipeline(config, lexicons))
    else:
        yield from extract_parallel(chain(head, documents), workers, config, lexicons)


#: resolution then graph, in memory (the resolver sees every paper before any node is named)
graph_of = build_graph


def build(inputs: Iterable[str | Path], out_dir: str | Path, *, formats: Iterable[str] = ("turtle",),
          workers: int | None = None, config=None, lexicons=(), skip_bad: bool = False, cache: bool = True,
          engine: str = "local", on_document: Callable[[int], None] | None = None) -> BuildStats:
    """Build the graph of `inputs` into DIR: graph.ttl (and other RDF formats), graph.json and
    extractions.jsonl, committed together once everything is written (an interruption or an error
    leaves the previous outputs). Abstracts unchanged since the last build into DIR are taken from
    its cache (DIR/.kg-cache) instead of being extracted again."""
    start = time.perf_counter()
    stats = BuildStats()
    out = Path(out_dir)
    version = pipeline_version(config, lexicons)
    previous = ExtractionCache(out, version) if cache else None
    documents = read_inputs(inputs, skip_bad, stats.bad_records)

    def extractor(docs):
        return extract_documents(docs, workers, config, lexicons, engine)

    stream = previous.extract(documents, extractor) if previous else extractor(documents)
    resolver = Resolver()
    try:
        with Staged(out) as stage:
            work = stage.path(f"{CACHE_DIR}/extractions-{version}.jsonl")
            try:
                with open(stage.path("extractions.jsonl"), "w", encoding="utf-8") as records, \
                        open(work, "w", encoding="utf-8") as spool:
                    for ext in stream:
                        resolver.observe_extraction(ext)
                        records.write(json.dumps(extraction_record(ext), ensure_ascii=False) + "\n")
                        spool.write(cache_line(ext))
                        stats.papers += 1
                        if on_document:
                            on_document(stats.papers)
            finally:
                if previous:
                    previous.close()
                    stats.reused = previous.reused
            _write_graph(work, resolver, stage, list(formats), stats)
            if not cache:
                stage.drop(work)
            stats.outputs = stage.commit()
    except OSError as exc:
        raise OutputError(f"{exc.filename or out}: cannot write the outputs ({exc.strerror}); "
                          f"nothing in {out} was changed. Free space or choose another -o") from None
    if cache:
        for old in (out / CACHE_DIR).glob("extractions-*.jsonl"):
            if old.name != f"extractions-{version}.jsonl":
                old.unlink()
    stats.seconds = time.perf_counter() - start
    return stats


def _papers(spool: Path) -> Iterator[Extraction]:
    with open(spool, encoding="utf-8") as fh:
        for line in fh:
            yield extraction_from_json(json.loads(line.partition("\t")[2]))


class _SortedSpool:
    """JSON lines spooled to a file with their sort keys; written back in key order. Only the keys
    and file offsets stay in memory, so graph.json is sorted without holding the graph."""

    def __init__(self, path: Path):
        self.path = path
        self.fh = open(path, "w+b")
        self.index: list[tuple[tuple, int, int]] = []

    def add(self, key: tuple, item: dict) -> None:
        data = json.dumps(item, sort_keys=True, ensure_ascii=False).encode("utf-8")
        self.index.append((key, self.fh.tell(), len(data)))
        self.fh.write(data)

    def write_sorted(self, out) -> None:
        self.index.sort()
        for i, (_, offset, length) in enumerate(self.index):
            self.fh.seek(offset)
            out.write((",\n" if i else "") + self.fh.read(length).decode("utf-8"))
        self.fh.close()


def _write_graph(spool: Path, resolver: Resolver, stage: Staged, formats: list[str], stats: BuildStats) -> None:
    """Pass 2: every paper's nodes and edges, then the shared nodes, to graph.json (nodes sorted by
    id, edges by source, type and target, as `write_graph_json` sorts them) and to RDF."""
    shared: dict[str, dict] = {}
    nt = stage.path("graph.nt.spool")
    nodes = _SortedSpool(stage.path("graph.nodes.spool"))
    edges = _SortedSpool(stage.path("graph.edges.spool"))
    builder = GraphBuilder(resolver)
    with open(nt, "wb") as rdf:
        for ext in _papers(spool):
            builder.G = G = nx.MultiDiGraph()
            builder.add(ext)
            triples = []
            for nid, data in G.nodes(data=True):
                if data["label"] in SHARED_LABELS:
                    shared.setdefault(nid, dict(data)).update({k: v for k, v in data.items() if k not in shared[nid]})
                    continue
                nodes.add((nid,), {"id": nid, **data})
                stats.nodes[data["label"]] += 1
                triples.extend(node_triples(nid, data))
            for src, dst, key, data in G.edges(keys=True, data=True):
                edges.add((src, key, dst), {"source": src, "target": dst, "key": key, **data})
                stats.relationships[key] += 1
                triples.extend(edge_triples(src, dst, key, data))
            ox.serialize(triples, rdf, ox.RdfFormat.N_TRIPLES)
        resolver.finish()
        triples = []
        for nid in sorted(shared):
            data = shared[nid]
            ent = resolver.entities.get(nid)
            if ent is not None:
                data["name"], data["aliases"] = ent.name, sorted(ent.aliases)
            nodes.add((nid,), {"id": nid, **data})
            stats.nodes[data["label"]] += 1
            triples.extend(node_triples(nid, data))
        ox.serialize(triples, rdf, ox.RdfFormat.N_TRIPLES)
    with open(stage.path("graph.json"), "w", encoding="utf-8") as gj:
        gj.write('{"directed": true, "edges": [\n')
        edges.write_sorted(gj)
        gj.write('\n], "graph": {}, "multigraph": true, "nodes": [\n')
        nodes.write_sorted(gj)
        gj.write("\n]}\n")
    stage.drop(edges.path)
    stage.drop(nodes.path)
    for fmt in formats:
        target = stage.path(f"graph.{FORMATS[fmt][1]}")
        with open(nt, "rb") as src, open(target, "wb") as fh:
            serialize_rdf((q.triple for q in ox.parse(src, ox.RdfFormat.N_TRIPLES)), fh, fmt)
    stage.drop(nt)


def serialize_rdf(triples, fh, fmt: str) -> None:
    """The RDF writer of pass 2 (a seam for tests that fill the disk)."""
    serialize(triples, fh, fmt)
