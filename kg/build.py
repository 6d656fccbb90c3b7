"""Build: the one function that wires the stages — sources → extraction → resolution → graph → sinks.

Read this first: every other module is one of these stages.

`build()` streams, in chunks of up to 1,000 consecutive abstracts of a file. Pass 1 reads the
inputs and extracts the abstracts of every chunk the last build into the same directory did not
have (an abstract it had is taken from the extraction cache), spooling the extractions and keeping
only the definitions the resolver needs. Pass 2 writes, chunk by chunk, each paper's nodes and
edges to graph.json, the RDF and extractions.jsonl; a chunk the last build wrote, whose names all
resolve as they did then, is copied from its outputs byte for byte instead. The entity nodes, named
once every paper is counted, come last. Outputs are the same bytes however much was reused; memory
is bounded by the number of distinct entities, not by the number of abstracts. `graph_of()` is the
in-memory equivalent, for library use on small inputs.
"""
from __future__ import annotations

import contextlib
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

from .cache import (CACHE_DIR, CHUNK, BuildIndex, Chunk, ExtractionCache, InputFile, cache_line, chunk_signature,
                    copy_range, document_key, extractions_in, file_digest, fingerprint, pipeline_version)
from .errors import OutputError
from .extract import extract, load_pipeline
from .extract.parallel import extract_parallel
from .graph import GraphBuilder, build_graph
from .ontology import ENTITY_LABELS, NodeLabel
from .records import Document, Extraction, extraction_from_json, extraction_record
from .resolve.resolver import Entity, Resolver, definitions
from .sinks.atomic import Staged
from .sinks.files import EDGES_OPEN, NODES_OPEN
from .sinks.rdf import FORMATS, NS, edge_triples, node_triples, serialize
from .sources import expand_paths, read_file

#: nodes shared between papers: written once, at the end, with their final names
SHARED_LABELS = {*(label.value for label in ENTITY_LABELS), NodeLabel.REPOSITORY.value, NodeLabel.VENUE.value}
ENTITY_VALUES = {label.value for label in ENTITY_LABELS}
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
    reused: int = 0  # papers not extracted again
    chunks: int = 0
    copied: int = 0  # chunks copied from the last build's outputs


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
    leaves the previous outputs). What the last build into DIR already did is reused from its
    cache (DIR/.kg-cache): unchanged chunks are copied, unchanged abstracts not extracted again."""
    start = time.perf_counter()
    stats = BuildStats()
    out = Path(out_dir)
    formats = list(formats)
    version = pipeline_version(config, lexicons)
    previous = BuildIndex.load(out, version) if cache else None
    extraction_cache = ExtractionCache(out, version, previous.key_offsets() if previous else None) if cache else None
    paths = expand_paths(inputs)
    index = BuildIndex(version, rdf="graph.ttl" if "turtle" in formats else f"{CACHE_DIR}/graph.ttl")
    planned: list[_Planned] = []

    def extractor(docs):
        return extract_documents(docs, workers, config, lexicons, engine)

    documents = _plan(paths, previous, skip_bad, index.files, stats.bad_records, planned)
    stream = extraction_cache.extract(documents, extractor) if extraction_cache else extractor(documents)
    try:
        with Staged(out) as stage:
            fresh = stage.path(f"{CACHE_DIR}/fresh.jsonl")
            try:
                with open(fresh, "wb") as spool:
                    _spool(stream, planned, spool, stats, on_document)
            finally:
                if extraction_cache:
                    extraction_cache.close()
                    stats.reused += extraction_cache.reused
            _write_graph(planned, previous, fresh, out, stage, index, formats, stats)
            stage.drop(fresh)
            if not cache:
                stage.drop(stage.files[out / CACHE_DIR / f"extractions-{version}.jsonl"])
                if index.rdf != "graph.ttl":
                    stage.drop(stage.files[out / index.rdf])
            else:
                index.save(stage.path(f"{CACHE_DIR}/index-{version}.json"))
            stats.outputs = stage.commit()
    except OSError as exc:
        raise OutputError(f"{exc.filename or out}: cannot write the outputs ({exc.strerror}); "
                          f"nothing in {out} was changed. Free space or choose another -o") from None
    if cache:
        keep = {f"extractions-{version}.jsonl", f"index-{version}.json", "graph.ttl" if index.rdf != "graph.ttl" else ""}
        for old in (out / CACHE_DIR).iterdir():
            if old.name not in keep and not old.name.startswith("."):
                old.unlink()
    stats.seconds = time.perf_counter() - start
    return stats


@dataclass
class _Planned:
    """One chunk of the input, in order: `reuse` is the last build's record of it, if it had it."""

    sig: str
    size: int
    reuse: Chunk | None = None
    chunk: Chunk | None = None  # the new record (pass 1 starts it for chunks extracted now)
    fresh: tuple[int, int] | None = None  # its lines in the spool of pass 1


def _plan(paths: list[Path], previous: BuildIndex | None, skip_bad: bool, files: dict, bad_records: list,
          planned: list[_Planned]) -> Iterator[Document]:
    """Walk the inputs in order, appending a `_Planned` per chunk, and yield the abstracts of the
    chunks the last build did not have. A file with the digest it had then is not even read."""
    for path in paths:
        name = str(path.resolve())
        digest = file_digest(path)
        known = previous.files.get(name) if previous else None
        if known and known.digest == digest and all(sig in previous.chunks for sig in known.chunks):
            planned.extend(_Planned(sig, previous.chunks[sig].papers, previous.chunks[sig]) for sig in known.chunks)
            bad_records.extend(known.bad)
            files[name] = known
            continue
        bad: list[str] = []
        sigs: list[str] = []
        docs = read_file(path, skip_bad, bad)
        while batch := list(islice(docs, CHUNK)):
            sig = chunk_signature(batch)
            sigs.append(sig)
            old = previous.chunks.get(sig) if previous else None
            planned.append(_Planned(sig, len(batch), old))
            if old is None:
                yield from batch
        bad_records.extend(bad)
        files[name] = InputFile(digest, sigs, bad)


def _spool(stream: Iterator[Extraction], planned: list[_Planned], spool, stats: BuildStats,
           on_document: Callable[[int], None] | None) -> None:
    """Pass 1: write the extractions of the chunks being extracted to the spool, and note in each
    chunk its abstracts' content keys and the definitions its papers make."""
    cursor, left, entry = 0, 0, None

    def skip_reused():
        nonlocal cursor
        while cursor < len(planned) and planned[cursor].reuse is not None:
            stats.papers += planned[cursor].size
            stats.reused += planned[cursor].size
            cursor += 1

    for ext in stream:
        if left == 0:
            skip_reused()
            entry = planned[cursor]
            cursor += 1
            entry.chunk = Chunk(entry.sig, entry.size)
            begin, left = spool.tell(), entry.size
        line = cache_line(ext).encode("utf-8")
        entry.chunk.keys.append([document_key(ext.document), spool.tell() - begin])
        entry.chunk.longs.extend(list(d) for d in definitions(ext))
        spool.write(line)
        left -= 1
        if left == 0:
            entry.fresh = (begin, spool.tell())
        stats.papers += 1
        if on_document:
            on_document(stats.papers)
    skip_reused()
    if on_document:
        on_document(stats.papers)


class _Part:
    """One output file assembled from chunk parts, joined by `sep`; returns where each part lies."""

    def __init__(self, fh, sep: bytes = b""):
        self.fh, self.sep, self.empty = fh, sep, True

    def _start(self, empty: bool) -> int:
        if not empty and self.sep and not self.empty:
            self.fh.write(self.sep)
        self.empty = self.empty and empty
        return self.fh.tell()

    def add(self, data: bytes) -> list[int]:
        start = self._start(not data)
        self.fh.write(data)
        return [start, self.fh.tell()]

    def copy(self, src, rng: list[int]) -> list[int]:
        start = self._start(rng[0] == rng[1])
        copy_range(src, self.fh, *rng)
        return [start, self.fh.tell()]


_TURTLE_HEADER = ox.serialize([ox.Triple(ox.NamedNode(NS["mlkg"] + "x"), ox.NamedNode(NS["mlkg"] + "y"), ox.Literal("z"))],
                              format=ox.RdfFormat.TURTLE, prefixes=NS).partition(b"mlkg:x")[0]


def _turtle(triples: list) -> bytes:
    """Turtle of some triples without the prefix lines (written once, at the top of the file)."""
    if not triples:
        return b""
    data = ox.serialize(triples, format=ox.RdfFormat.TURTLE, prefixes=NS)
    assert data.startswith(_TURTLE_HEADER)
    return data[len(_TURTLE_HEADER):]


def _json_lines(items: list[dict]) -> bytes:
    return ",\n".join(json.dumps(item, sort_keys=True, ensure_ascii=False) for item in items).encode("utf-8")


def _render(exts: Iterable[Extraction], chunk: Chunk, resolver: Resolver) -> dict[str, bytes]:
    """The parts of one chunk: its papers' nodes and edges (entities aside) as graph.json lines,
    Turtle and extraction records; and in `chunk` what it resolved, counted and shared."""
    builder = GraphBuilder(resolver)
    journal: list = []
    resolver.journal = journal
    nodes: list[dict] = []
    edges: list[dict] = []
    triples: list = []
    records: list[str] = []
    counts, rels = Counter(), Counter()
    for ext in exts:
        builder.G = G = nx.MultiDiGraph()
        builder.add(ext)
        records.append(json.dumps(extraction_record(ext), ensure_ascii=False) + "\n")
        for nid, data in G.nodes(data=True):
            if data["label"] in SHARED_LABELS:
                if data["label"] not in ENTITY_VALUES:
                    seen = chunk.shared.setdefault(nid, dict(data))
                    seen.update({k: v for k, v in data.items() if k not in seen})
                continue
            nodes.append({"id": nid, **data})
            counts[data["label"]] += 1
            triples.extend(node_triples(nid, data))
        for src, dst, key, data in G.edges(keys=True, data=True):
            edges.append({"source": src, "target": dst, "key": key, **data})
            rels[key] += 1
            triples.extend(edge_triples(src, dst, key, data))
    resolver.journal = None
    forms = Counter((eid, label.value, name) for label, _, eid, name, _ in journal)
    chunk.forms = [[eid, label, name, n] for (eid, label, name), n in forms.items()]
    chunk.aliases = sorted({(eid, short) for _, _, eid, _, short in journal if short})
    chunk.aliases = [list(a) for a in chunk.aliases]
    chunk.deps = sorted({f"{label.value}\t{key}" for label, key, _, _, _ in journal})
    chunk.nodes, chunk.relationships = dict(counts), dict(rels)
    return {"edges": _json_lines(edges), "nodes": _json_lines(nodes), "rdf": _turtle(triples),
            "records": "".join(records).encode("utf-8")}


def _changed_names(previous: BuildIndex | None, resolver: Resolver) -> set[str]:
    """"label<TAB>key" of every name that resolves differently from the last build."""
    if previous is None:
        return set()
    before = Resolver()
    for chunk in previous.chunks.values():
        for label, key, long_key in chunk.longs:
            before.define(NodeLabel(label), key, long_key)
    old, new = before.long_forms(), resolver.long_forms()
    return {f"{label.value}\t{key}" for label, key in old.keys() | new.keys()
            if old.get((label, key)) != new.get((label, key))
            and before.canonical(label, key) != resolver.canonical(label, key)}


def _write_graph(planned: list[_Planned], previous: BuildIndex | None, fresh: Path, out: Path, stage: Staged,
                 index: BuildIndex, formats: list[str], stats: BuildStats) -> None:
    """Pass 2: every chunk's part of graph.json (edges, then nodes), the RDF, extractions.jsonl and
    the cache, copied from the last build or written anew; then the shared nodes, sorted by id."""
    resolver = Resolver()
    for entry in planned:
        for label, key, long_key in (entry.chunk or entry.reuse).longs:
            resolver.define(NodeLabel(label), key, long_key)
    changed = _changed_names(previous, resolver)
    version = index.version
    spool_name = f"{CACHE_DIR}/extractions-{version}.jsonl"
    old = {}
    with contextlib.ExitStack() as files:
        if previous:
            for part, name in (("json", "graph.json"), ("rdf", previous.rdf), ("records", "extractions.jsonl"),
                               ("cache", spool_name)):
                old[part] = files.enter_context(open(out / name, "rb"))
        old["edges"] = old["nodes"] = old.get("json")
        gj = files.enter_context(open(stage.path("graph.json"), "wb"))
        node_tmp = stage.path(f"{CACHE_DIR}/nodes.part")
        parts = {"edges": _Part(gj, b",\n"), "nodes": _Part(files.enter_context(open(node_tmp, "w+b")), b",\n"),
                 "rdf": _Part(files.enter_context(open(stage.path(index.rdf), "wb"))),
                 "records": _Part(files.enter_context(open(stage.path("extractions.jsonl"), "wb"))),
                 "cache": _Part(files.enter_context(open(stage.path(spool_name), "wb")))}
        fresh_fh = files.enter_context(open(fresh, "rb"))
        gj.write(EDGES_OPEN.encode())
        parts["rdf"].fh.write(_TURTLE_HEADER)
        chunks: list[Chunk] = []
        for entry in planned:
            reuse = entry.reuse
            copy = reuse is not None and changed.isdisjoint(reuse.deps)
            if copy:
                chunk = Chunk(**{**reuse.__dict__, "ranges": {}})
                for part, target in parts.items():
                    chunk.ranges[part] = target.copy(old[part], reuse.ranges[part])
            else:
                base = entry.chunk or reuse
                chunk = Chunk(entry.sig, entry.size, keys=base.keys, longs=base.longs)
                if reuse is not None:
                    chunk.ranges["cache"] = parts["cache"].copy(old["cache"], reuse.ranges["cache"])
                    exts = extractions_in(out / spool_name, *reuse.ranges["cache"])
                else:
                    chunk.ranges["cache"] = parts["cache"].copy(fresh_fh, list(entry.fresh))
                    exts = extractions_in(fresh, *entry.fresh)
                for part, data in _render(exts, chunk, resolver).items():
                    chunk.ranges[part] = parts[part].add(data)
            stats.chunks += 1
            stats.copied += copy
            stats.nodes.update(chunk.nodes)
            stats.relationships.update(chunk.relationships)
            chunks.append(chunk)
        shared = _shared_nodes(chunks)
        parts["nodes"].add(_json_lines([{"id": nid, **data} for nid, data in shared]))
        parts["rdf"].add(_turtle([t for nid, data in shared for t in node_triples(nid, data)]))
        stats.nodes.update(data["label"] for _, data in shared)
        gj.write(b"\n" + NODES_OPEN.encode())
        offset = gj.tell()
        parts["nodes"].fh.flush()
        copy_range(parts["nodes"].fh, gj, 0, parts["nodes"].fh.seek(0, os.SEEK_END))
        gj.write(b"\n]}\n")
    stage.drop(node_tmp)
    for chunk in chunks:
        chunk.ranges["nodes"] = [offset + chunk.ranges["nodes"][0], offset + chunk.ranges["nodes"][1]]
        index.chunks[chunk.sig] = chunk
    for name in ("graph.json", index.rdf, "extractions.jsonl", spool_name):
        index.outputs[name] = fingerprint(stage.files[out / name])
    for fmt in formats:
        if fmt != "turtle":
            target = stage.path(f"graph.{FORMATS[fmt][1]}")
            with open(stage.files[out / index.rdf], "rb") as src, open(target, "wb") as fh:
                serialize_rdf((q.triple for q in ox.parse(src, ox.RdfFormat.TURTLE)), fh, fmt)


def _shared_nodes(chunks: list[Chunk]) -> list[tuple[str, dict]]:
    """The nodes papers share, sorted by id: entities with the names chosen from every surface form
    (`Resolver.finish`), repositories and venues with the data of their first paper."""
    entities: dict[str, Entity] = {}
    data: dict[str, dict] = {}
    for chunk in chunks:
        for eid, label, name, n in chunk.forms:
            ent = entities.get(eid)
            if ent is None:
                ent = entities[eid] = Entity(eid, NodeLabel(label), name)
            ent.forms[name] += n
        for eid, short in chunk.aliases:
            entities[eid].aliases.add(short)
        for nid, first in chunk.shared.items():
            seen = data.setdefault(nid, dict(first))
            seen.update({k: v for k, v in first.items() if k not in seen})
    names = Resolver()
    names.entities = entities
    names.finish()
    for eid, ent in entities.items():
        data[eid] = {"label": ent.label.value, "name": ent.name, "aliases": sorted(ent.aliases)}
    return sorted(data.items())


def serialize_rdf(triples, fh, fmt: str) -> None:
    """The RDF writer of other formats than Turtle (a seam for tests that fill the disk)."""
    serialize(triples, fh, fmt)
