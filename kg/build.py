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
import errno
import hashlib
import json
import os
import shutil
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from itertools import chain, islice
from pathlib import Path

import networkx as nx
import pyoxigraph as ox

from .cache import (CACHE_DIR, CHUNK, BuildIndex, BuildState, Chunk, ChunkDetail, ExtractionCache, InputFile,
                    bytes_digest, cache_line, chunk_signature, copy_range, document_key, extractions_in, file_digest,
                    fingerprint, pipeline_version, save_detail)
from .errors import CacheError, OutputError, SourceError
from .extract import extract, load_pipeline
from .extract.parallel import extract_parallel
from .graph import GraphBuilder, build_graph, paper_id
from .ontology import ENTITY_LABELS, NodeLabel, label_of
from .records import Document, Extraction, extraction_record
from .resolve.resolver import Merge, Resolution, Resolver, definitions, display_name, variant_links
from .sinks.atomic import Staged
from .sinks.files import EDGES_OPEN, NODES_OPEN
from .sinks.report import write_report
from .sinks.rdf import FORMATS, NS, edge_triples, node_triples, serialize
from .sources import expand_paths, read_file, source_names
from .sources._io import is_regular, read_raw

#: nodes shared between papers: written once, at the end, with their final names
SHARED_LABELS = {*(label.value for label in ENTITY_LABELS), NodeLabel.REPOSITORY.value, NodeLabel.VENUE.value}
ENTITY_VALUES = {label.value for label in ENTITY_LABELS}
SMALL_INPUT = 500


@dataclass(frozen=True)
class BuildOptions:
    """How to build, as one value: RDF `formats`; extraction `workers` (None or 0: one per core),
    spaCy `config` and extra `lexicons`, `engine` ("local" or "ray"); `skip_bad` records instead of
    stopping; `cache`: reuse and keep DIR/.kg-cache; `explain`: a name whose resolution log the build
    returns (`BuildStats.explained`); `on_document`: called with the count of abstracts read so far."""

    formats: tuple[str, ...] = ("turtle",)
    workers: int | None = None
    config: str | Path | None = None
    lexicons: tuple[str | Path, ...] = ()
    engine: str = "local"
    skip_bad: bool = False
    cache: bool = True
    explain: str | None = None
    on_document: Callable[[int], None] | None = None

    def __post_init__(self):
        object.__setattr__(self, "formats", tuple(self.formats))
        object.__setattr__(self, "lexicons", tuple(self.lexicons or ()))

    def extractor(self) -> Callable[[Iterable[Document]], Iterator[Extraction]]:
        """Extraction as these options ask for it."""
        return lambda docs: extract_documents(docs, self.workers, self.config, self.lexicons, self.engine)


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
    warnings: list[str] = field(default_factory=list)
    explained: list[Merge] = field(default_factory=list)  # the resolution log of `BuildOptions.explain`


def read_inputs(inputs: Iterable[str | Path], skip_bad: bool = False, bad: list | None = None) -> Iterator[Document]:
    """Every document of every input; paths are all checked before the first is read."""
    paths = expand_paths(inputs)
    names = source_names(paths)
    for path in paths:
        yield from read_file(path, skip_bad, bad, source=names[path])


def default_workers() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)


def worker_count(asked: int | None, documents: int) -> int:
    """The extraction processes to start: as asked (0 or None: one per core), never more than the
    cores, nor than batches of 64 abstracts to give them, nor fewer than one."""
    cores = default_workers()
    asked = cores if asked in (None, 0) else asked
    return max(1, min(asked, cores, -(-documents // 64)))


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
    workers = worker_count(workers, len(head))
    if workers <= 1 or len(head) < SMALL_INPUT:
        yield from extract(chain(head, documents), load_pipeline(config, lexicons))
    else:
        yield from extract_parallel(chain(head, documents), workers, config, lexicons)


#: resolution then graph, in memory (the resolver sees every paper before any node is named)
graph_of = build_graph


def build(inputs: Iterable[str | Path], out_dir: str | Path, options: BuildOptions | None = None,
          **changes) -> BuildStats:
    """Build the graph of `inputs` into DIR: graph.ttl (and other RDF formats), graph.json and
    extractions.jsonl, committed together once everything is written (an interruption or an error
    leaves the previous outputs). What the last build into DIR already did is reused from its
    cache (DIR/.kg-cache): unchanged chunks are copied, unchanged abstracts not extracted again.
    `options` (or its fields as keywords: `build(inputs, out, cache=False)`) say how."""
    opts = replace(options or BuildOptions(), **changes)
    start = time.perf_counter()
    out = Path(out_dir)
    version = pipeline_version(opts.config, opts.lexicons)
    paths = expand_paths(inputs, exclude=[out])
    once: dict[Path, bytes] = {}  # inputs that can be read only once (pipes, standard input)
    try:
        stats, index = _build(paths, out, opts, version, once, fresh=False)
    except CacheError as exc:
        stats, index = _build(paths, out, opts, version, once, fresh=True)
        stats.warnings.append(f"the build cache was damaged ({exc}); it was rebuilt from the inputs")
    if opts.cache:
        _forget_other_builds(out, index)
    stats.seconds = time.perf_counter() - start
    return stats


def _build(paths: list[Path], out: Path, opts: BuildOptions, version: str, once: dict, *,
           fresh: bool) -> tuple[BuildStats, BuildIndex]:
    """One attempt at `build`: with the last build's cache, or (`fresh`) ignoring it."""
    stats = BuildStats()
    formats, cache = opts.formats, opts.cache
    use = cache and not fresh
    previous = BuildIndex.load(out, version) if use else None
    extraction_cache = ExtractionCache(out, version, previous.key_offsets() if previous else None) if use else None
    index = BuildIndex(version, rdf="graph.ttl" if "turtle" in formats else f"{CACHE_DIR}/graph.ttl")
    planned: list[_Planned] = []

    extractor = opts.extractor()
    documents = _plan(paths, previous, opts.skip_bad, index.files, stats.bad_records, planned, once)
    stream = extraction_cache.extract(documents, extractor) if extraction_cache else extractor(documents)
    try:
        with Staged(out) as stage:
            fresh_spool = stage.path(f"{CACHE_DIR}/fresh.jsonl")
            with open(fresh_spool, "wb") as spool:
                _spool(stream, planned, spool, stats, opts.on_document)
            _owners(planned)
            if extraction_cache:
                stats.reused += extraction_cache.reused
            _write_graph(planned, previous, fresh_spool, out, stage, index, opts, stats)
            write_report(stage.files[out / "graph.json"], stage.path("report.html"), atomic=False)
            stage.drop(fresh_spool)
            if cache:
                index.save(stage.path(BuildIndex.index_name(version)), stage.path(BuildIndex.state_name(version)))
            stats.outputs = stage.commit()
    except OSError as exc:
        hint = "Free space or choose another -o" if exc.errno in (errno.ENOSPC, errno.EDQUOT) else \
            "Check that -o names a directory you can write, or choose another"
        raise OutputError(f"{exc.filename or out}: cannot write the outputs ({exc.strerror}); "
                          f"nothing in {out} was changed. {hint}") from None
    return stats, index


def _forget_other_builds(out: Path, index: BuildIndex) -> None:
    """Remove from the cache what the index just committed does not point to."""
    cache_dir = out / CACHE_DIR
    keep = {Path(BuildIndex.index_name(index.version)).name, Path(BuildIndex.state_name(index.version)).name,
            f"chunks-{index.version}"}
    if index.rdf != "graph.ttl":
        keep.add(Path(index.rdf).name)
    for old in cache_dir.iterdir():
        if old.name in keep or old.name.startswith("."):
            continue
        if old.is_dir():
            shutil.rmtree(old, ignore_errors=True)
        else:
            old.unlink()
    for old in (cache_dir / f"chunks-{index.version}").iterdir():
        if old.stem not in index.chunks:
            old.unlink()


@dataclass
class _Planned:
    """One chunk of the input, in order: `reuse` is the last build's record of it, if it had it."""

    sig: str
    size: int
    reuse: Chunk | None = None
    chunk: Chunk | None = None  # the new record (pass 1 starts it for chunks extracted now)
    detail: ChunkDetail | None = None
    fresh: tuple[int, int] | None = None  # its lines in the spool of pass 1
    source: str = ""
    pids: list[str] = field(default_factory=list)  # its papers' ids, in order
    owners: dict[int, list[str]] = field(default_factory=dict)  # position → sources, for the papers it writes
    owners_sig: str = ""


def _owners(planned: list[_Planned]) -> None:
    """A paper given more than once is written by its first occurrence, listing every source in
    input order; note in each chunk which of its papers it writes, with a digest to compare."""
    sources: dict[str, list[str]] = {}
    first: dict[str, tuple[_Planned, int]] = {}
    for entry in planned:
        for i, pid in enumerate(entry.pids):
            have = sources.setdefault(pid, [])
            if entry.source not in have:
                have.append(entry.source)
            first.setdefault(pid, (entry, i))
    for pid, (entry, i) in first.items():
        entry.owners[i] = sources[pid]
    for entry in planned:
        data = json.dumps(sorted(entry.owners.items()), ensure_ascii=False).encode()
        entry.owners_sig = hashlib.blake2b(data, digest_size=16).hexdigest()


def _plan(paths: list[Path], previous: BuildIndex | None, skip_bad: bool, files: dict, bad_records: list,
          planned: list[_Planned], once: dict[Path, bytes]) -> Iterator[Document]:
    """Walk the inputs in order, appending a `_Planned` per chunk, and yield the abstracts of the
    chunks the last build did not have. A file with the digest it had then is not even read.
    A chunk that occurs again (the same file given twice) is told apart by its occurrence.
    An input that is not a regular file (a pipe, standard input) is read once, into `once`."""
    chunks = previous.chunks if previous else {}
    occurrences: Counter = Counter()

    def occurrence(sig: str) -> str:
        occurrences[sig] += 1
        return sig if occurrences[sig] == 1 else f"{sig}-{occurrences[sig]}"

    sources = source_names(paths)
    for path in paths:
        data = None
        if not is_regular(path):
            if path not in once:
                once[path] = read_raw(path)
            data = once[path]
            name, digest = str(path) if str(path) == "-" else str(path.absolute()), bytes_digest(data)
        else:
            name = str(path.resolve())
            try:
                digest = file_digest(path)
            except OSError as exc:
                raise SourceError(path, f"cannot be read ({exc.strerror}); check the path and its permissions") from None
        known = previous.files.get(name) if previous else None
        if known and known.digest == digest and known.source == sources[path]:
            sigs = [occurrence(sig) for sig in known.chunks]
            if all(sig in chunks for sig in sigs):
                planned.extend(_Planned(sig, chunks[sig].papers, chunks[sig], source=chunks[sig].source,
                                        pids=chunks[sig].pids) for sig in sigs)
                bad_records.extend(known.bad)
                files.setdefault(name, known)
                continue
            for sig in known.chunks:
                occurrences[sig] -= 1
        bad: list[str] = []
        bases: list[str] = []
        docs = read_file(path, skip_bad, bad, data, sources[path])
        while batch := list(islice(docs, CHUNK)):
            bases.append(chunk_signature(batch))
            sig = occurrence(bases[-1])
            planned.append(_Planned(sig, len(batch), chunks.get(sig), source=batch[0].source,
                                    pids=[paper_id(doc) for doc in batch]))
            if sig not in chunks:
                yield from batch
        bad_records.extend(bad)
        files.setdefault(name, InputFile(digest, bases, bad, sources[path]))


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
            entry.chunk, entry.detail = Chunk(entry.sig, entry.size, source=entry.source, pids=entry.pids), ChunkDetail()
            begin, left = spool.tell(), entry.size
        entry.chunk.keys.append([document_key(ext.document), spool.tell() - begin])  # offset in its cache file
        entry.detail.longs.extend(definitions(ext))
        spool.write(cache_line(ext).encode("utf-8"))
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
    """One output file assembled from parts, joined by `sep`; returns where each part lies."""

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

    def copy(self, src, rng: list[int] | tuple[int, int]) -> list[int]:
        start = self._start(rng[0] == rng[1])
        copy_range(src, self.fh, rng[0], rng[1])
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


def _json_line(item: dict) -> bytes:
    return json.dumps(item, sort_keys=True, ensure_ascii=False, allow_nan=False).encode("utf-8")


def _render(exts: Iterable[Extraction], chunk: Chunk, detail: ChunkDetail, resolver: Resolver,
            owners: dict[int, list[str]]) -> dict[str, bytes]:
    """The parts of one chunk: its papers' nodes and edges (shared nodes aside) as graph.json lines,
    Turtle and extraction records; in `chunk` and `detail` what it counted, shared and resolved.
    Only the papers it owns (`owners`: position → sources) go into the graph."""
    resolutions: list[Resolution] = []
    nodes: list[bytes] = []
    edges: list[bytes] = []
    triples: list = []
    records: list[str] = []
    counts, rels = Counter(), Counter()
    for i, ext in enumerate(exts):
        records.append(json.dumps(extraction_record(ext), ensure_ascii=False, allow_nan=False) + "\n")
        if i not in owners:
            continue  # a paper an earlier chunk writes
        builder = GraphBuilder(resolver)
        builder.add(ext, owners[i])
        G = builder.G
        resolutions += builder.resolutions
        for nid, data in G.nodes(data=True):
            if data["label"] in SHARED_LABELS:
                if data["label"] not in ENTITY_VALUES:
                    seen = chunk.shared.setdefault(nid, dict(data))
                    seen.update({k: v for k, v in data.items() if k not in seen})
                continue
            nodes.append(_json_line({"id": nid, **data}))
            counts[data["label"]] += 1
            triples.extend(node_triples(nid, data))
        for src, dst, key, data in G.edges(keys=True, data=True):
            edges.append(_json_line({"source": src, "target": dst, "key": key, **data}))
            rels[key] += 1
            triples.extend(edge_triples(src, dst, key, data))
    # entities are named from the totals of every chunk (`_shared_nodes`): the chunk keeps its counts
    forms = Counter((r.entity, r.label.value, r.form) for r in resolutions)
    detail.forms = [(eid, label, name, n) for (eid, label, name), n in forms.items()]
    detail.aliases = sorted({(r.entity, r.short) for r in resolutions if r.short})
    detail.deps = sorted({f"{r.label.value}\t{r.key}" for r in resolutions})
    chunk.nodes, chunk.relationships = dict(counts), dict(rels)
    return {"edges": b",\n".join(edges), "nodes": b",\n".join(nodes), "rdf": _turtle(triples),
            "records": "".join(records).encode("utf-8")}


def _mutable(entities: dict, eid: str, label: str) -> tuple[str, dict, dict]:
    """An entity's totals as dicts to update (they are kept as flat tuples, quick to load)."""
    ent = entities.get(eid)
    if ent is None:
        ent = entities[eid] = (label, {}, {})
    elif not isinstance(ent[1], dict):
        ent = entities[eid] = (ent[0], dict(zip(ent[1][::2], ent[1][1::2])), dict(zip(ent[2][::2], ent[2][1::2])))
    return ent


def _forms(ent: tuple) -> dict[str, int]:
    forms = ent[1]
    return forms if isinstance(forms, dict) else dict(zip(forms[::2], forms[1::2]))


def _totals(ent: tuple | None) -> tuple[dict[str, int], dict[str, int]] | None:
    """An entity's (surface form counts, acronym counts), however its totals are kept."""
    if ent is None:
        return None
    shorts = ent[2] if isinstance(ent[2], dict) else dict(zip(ent[2][::2], ent[2][1::2]))
    return _forms(ent), shorts


def _frozen(entities: dict, touched: set[str]) -> None:
    for eid in touched:
        ent = entities.get(eid)
        if ent is not None and isinstance(ent[1], dict):
            entities[eid] = (ent[0], tuple(x for kv in ent[1].items() for x in kv), tuple(x for kv in ent[2].items() for x in kv))


def _count(entities: dict, detail: ChunkDetail, n: int, touched: set) -> None:
    """Add (n = 1) or take back (n = -1) a chunk's surface forms and acronyms in the entity totals."""
    for eid, label, name, count in detail.forms:
        forms = _mutable(entities, eid, label)[1]
        forms[name] = forms.get(name, 0) + n * count
        if forms[name] <= 0:
            del forms[name]
        touched.add(eid)
    for eid, short in detail.aliases:
        shorts = entities[eid][2]
        shorts[short] = shorts.get(short, 0) + n
        if shorts[short] <= 0:
            del shorts[short]
    for eid in {eid for eid, *_ in detail.forms}:
        if not entities[eid][1]:
            del entities[eid]


def _write_graph(planned: list[_Planned], previous: BuildIndex | None, fresh: Path, out: Path, stage: Staged,
                 index: BuildIndex, opts: BuildOptions, stats: BuildStats) -> None:
    """Pass 2: every chunk's part of graph.json (edges, then nodes), the RDF, extractions.jsonl and
    the cache, copied from the last build or written anew; then the shared nodes, sorted by id.

    What changed since the last build, and only that, updates the totals it left (`BuildState`):
    the definitions of removed and new chunks decide which names resolve differently now; the chunks
    that resolved one of those are written again; the shared nodes whose surface forms changed are
    written again, the others copied. A copied chunk's cache file stays as it is.
    """
    formats, keep_cache = opts.formats, opts.cache
    state = previous.state if previous else BuildState()
    current = {entry.sig for entry in planned}
    removed = [previous.detail(sig) for sig in previous.chunks if sig not in current] if previous else []
    resolver = Resolver(state.longs)
    deltas = [(label, key, long_key, -1) for d in removed for label, key, long_key in d.longs]
    deltas += [(label, key, long_key, 1) for e in planned if e.detail for label, key, long_key in e.detail.longs]
    # a name's canonical key follows its senses in turn, so any defined name may change with a delta
    names = {(label, key) for label, key, _, _ in deltas} | set(resolver.defined()) if deltas else set()
    before = {name: resolver.canonical(*name) for name in names}
    for label, key, long_key, n in deltas:
        resolver.define(label, key, long_key, n)
    changed = {f"{label}\t{key}" for (label, key) in names if resolver.canonical(label, key) != before[(label, key)]}
    touched: set[str] = set()
    for detail in removed:
        _count(state.entities, detail, -1, touched)

    version = index.version
    old = {}
    with contextlib.ExitStack() as files:
        if previous:
            for part, name in (("json", "graph.json"), ("rdf", previous.rdf), ("records", "extractions.jsonl")):
                old[part] = files.enter_context(open(out / name, "rb"))
        old["edges"] = old["nodes"] = old.get("json")
        gj = files.enter_context(open(stage.path("graph.json"), "wb"))
        stash_path = stage.path(f"{CACHE_DIR}/nodes.part")  # node parts of the chunks written anew
        stash = files.enter_context(open(stash_path, "w+b"))
        parts = {"edges": _Part(gj, b",\n"), "rdf": _Part(files.enter_context(open(stage.path(index.rdf), "wb"))),
                 "records": _Part(files.enter_context(open(stage.path("extractions.jsonl"), "wb")))}
        fresh_fh = files.enter_context(open(fresh, "rb"))
        gj.write(EDGES_OPEN.encode())
        parts["rdf"].fh.write(_TURTLE_HEADER)
        chunks: list[Chunk] = []
        for entry in planned:
            reuse = entry.reuse
            detail = None
            if reuse is not None and changed:
                detail = previous.detail(reuse.sig)
            copy = (reuse is not None and reuse.owners == entry.owners_sig
                    and (detail is None or changed.isdisjoint(detail.deps)))
            if copy:
                chunk = Chunk(**{**vars(reuse), "ranges": {}})
                for part, target in parts.items():
                    chunk.ranges[part] = target.copy(old[part], reuse.ranges[part])
                chunk.ranges["nodes"] = reuse.ranges["nodes"]  # for now, where it lies in the old graph.json
            else:
                chunk = Chunk(entry.sig, entry.size, keys=(entry.chunk or reuse).keys, source=entry.source,
                              pids=entry.pids, owners=entry.owners_sig)
                if reuse is not None:  # extracted before; a name it resolves, or a paper it shares, changed
                    detail = detail or previous.detail(reuse.sig)
                    _count(state.entities, detail, -1, touched)
                    detail = ChunkDetail(detail.longs)
                    exts = extractions_in(out / BuildIndex.cache_name(version, entry.sig))
                else:
                    detail = entry.detail
                    if keep_cache:
                        with open(stage.path(BuildIndex.cache_name(version, entry.sig)), "wb") as fh:
                            copy_range(fresh_fh, fh, *entry.fresh)
                    exts = extractions_in(fresh, *entry.fresh)
                rendered = _render(exts, chunk, detail, resolver, entry.owners)
                for part, target in parts.items():
                    chunk.ranges[part] = target.add(rendered[part])
                chunk.ranges["stash"] = _Part(stash).add(rendered["nodes"])
                _count(state.entities, detail, 1, touched)
                if keep_cache:
                    save_detail(detail, stage.path(BuildIndex.detail_name(version, entry.sig)))
            stats.chunks += 1
            stats.copied += copy
            stats.nodes.update(chunk.nodes)
            stats.relationships.update(chunk.relationships)
            chunks.append(chunk)
        links = variant_links((eid, ent[0], display_name(_forms(ent))) for eid, ent in state.entities.items())
        if links:  # variants to their family, from every entity's final name
            parts["edges"].add(b",\n".join(_json_line({"source": c, "target": f, "key": "VARIANT_OF", "type": "VARIANT_OF"})
                                            for c, f in links))
            parts["rdf"].add(_turtle([t for c, f in links for t in edge_triples(c, f, "VARIANT_OF", {})]))
            stats.relationships["VARIANT_OF"] += len(links)
        gj.write(b"\n" + NODES_OPEN.encode())
        stash.flush()
        parts["nodes"] = _Part(gj, b",\n")
        for chunk in chunks:
            rendered = chunk.ranges.pop("stash", None)
            chunk.ranges["nodes"] = parts["nodes"].copy(stash if rendered else old["nodes"], rendered or chunk.ranges["nodes"])
        state.shared = _shared_nodes(chunks, state, touched, parts, old)
        stats.nodes.update(Counter(label_of(nid).value for nid, *_ in state.shared))
        gj.write(b"\n]}\n")
    stage.drop(stash_path)
    if opts.explain:
        stats.explained = resolver.explain_name(opts.explain, lambda eid: _totals(state.entities.get(eid)))
    _frozen(state.entities, touched)
    index.chunks = {chunk.sig: chunk for chunk in chunks}
    index.state = state
    for name in ("graph.json", index.rdf, "extractions.jsonl"):
        index.outputs[name] = fingerprint(stage.files[out / name])
    for fmt in formats:
        if fmt != "turtle":
            target = stage.path(f"graph.{FORMATS[fmt][1]}")
            with open(stage.files[out / index.rdf], "rb") as src, open(target, "wb") as fh:
                serialize_rdf((q.triple for q in ox.parse(src, ox.RdfFormat.TURTLE)), fh, fmt)
    if not keep_cache and index.rdf != "graph.ttl":
        stage.drop(stage.files[out / index.rdf])


def _shared_nodes(chunks: list[Chunk], state: BuildState, touched: set[str], parts: dict, old: dict) -> list:
    """Write the nodes papers share, sorted by id, to graph.json and the RDF: entities named from
    the totals of their surface forms (`display_name`), repositories and venues with the data of
    their first paper. A node the last build wrote the same is copied (runs of them at once).
    Returns (id, start, end in graph.json, start, end in the RDF) per node."""
    data: dict[str, dict] = {}
    for chunk in chunks:
        for nid, first in chunk.shared.items():
            seen = data.setdefault(nid, dict(first))
            seen.update({k: v for k, v in first.items() if k not in seen})
    before = {nid: i for i, (nid, *_) in enumerate(state.shared)}
    written: list[tuple[str, int, int, int, int]] = []
    run: list[int] = []  # indexes into state.shared of the copies not yet made, consecutive

    def flush():
        if run:
            first, last = state.shared[run[0]], state.shared[run[-1]]
            js = parts["nodes"].copy(old["nodes"], (first[1], last[2]))[0]
            rs = parts["rdf"].copy(old["rdf"], (first[3], last[4]))[0]
            for i in run:
                nid, a, b, c, d = state.shared[i]
                written.append((nid, js + a - first[1], js + b - first[1], rs + c - first[3], rs + d - first[3]))
            run.clear()

    for nid in sorted(data.keys() | state.entities.keys()):
        i = before.get(nid)
        if nid in data:
            item = {"id": nid, **data[nid]}
            line = _json_line(item)
            if i is not None and _old_bytes(old, state.shared[i]) == line:
                if run and run[-1] != i - 1:
                    flush()
                run.append(i)
                continue
        elif nid not in touched and i is not None:
            if run and run[-1] != i - 1:
                flush()
            run.append(i)
            continue
        else:
            label, forms, shorts = state.entities[nid]
            name = display_name(forms)
            item = {"id": nid, "label": label, "name": name, "aliases": sorted((forms.keys() | shorts.keys()) - {name})}
            line = _json_line(item)
        flush()
        js, je = parts["nodes"].add(line)
        rs, re = parts["rdf"].add(_turtle(list(node_triples(nid, {k: v for k, v in item.items() if k != "id"}))))
        written.append((nid, js, je, rs, re))
    flush()
    return written


def _old_bytes(old: dict, place: tuple) -> bytes:
    fh = old["nodes"]
    fh.seek(place[1])
    return fh.read(place[2] - place[1])


def serialize_rdf(triples, fh, fmt: str) -> None:
    """The RDF writer of other formats than Turtle (a seam for tests that fill the disk)."""
    serialize(triples, fh, fmt)
