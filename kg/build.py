"""Build: the one function that wires the stages — sources → extraction → resolution → graph → sinks.

Read this first: every other module is one of these stages. `build()` is the page to read:
`_build` takes the inputs through each stage in turn, and `render_chunk` is resolution → graph →
sinks for one chunk of papers. What makes a rebuild cheap (which chunks to extract, copy or
render again, and the totals the shared entity nodes are named from) is behind one interface,
`IncrementalBuild` (kg/incremental.py); the output formats are the sinks' (kg/sinks/chunks.py).
`graph_of()` is the in-memory equivalent, for library use on small inputs.
"""
from __future__ import annotations

import errno
import os
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from itertools import chain, islice
from pathlib import Path

import pyoxigraph as ox

from .cache import CHUNK, pipeline_version
from .errors import CacheError, OutputError
from .extract import PipelineSpec, extract
from .extract.parallel import extract_parallel
from .graph import GraphBuilder, build_graph
from .incremental import IncrementalBuild, RenderedChunk
from .ontology import ENTITY_LABELS, NodeLabel
from .records import Document, Extraction
from .resolve.resolver import Merge, Resolver
from .sinks.atomic import Staged
from .sinks.chunks import ChunkRender
from .sinks.rdf import FORMATS, serialize
from .sinks.report import write_report
from .sources import BadRecords, expand_paths, read_file, source_names
from .sources._io import STOP

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
        return lambda docs: extract_documents(docs, self.workers, PipelineSpec(self.config, self.lexicons), self.engine)


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
    patched: int = 0  # chunks copied but for the papers whose names resolve anew, written again
    rewritten: int = 0  # papers of the patched chunks written again
    warnings: list[str] = field(default_factory=list)
    explained: list[Merge] = field(default_factory=list)  # the resolution log of `BuildOptions.explain`


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
        stats, run = _build(paths, out, opts, version, once, fresh=False)
    except CacheError as exc:
        stats, run = _build(paths, out, opts, version, once, fresh=True)
        stats.warnings.append(f"the build cache was damaged ({exc}); it was rebuilt from the inputs")
    run.forget_other_builds()
    stats.seconds = time.perf_counter() - start
    return stats


def _build(paths: list[Path], out: Path, opts: BuildOptions, version: str, once: dict, *,
           fresh: bool) -> tuple[BuildStats, IncrementalBuild]:
    """One attempt at `build`: with the last build's cache, or (`fresh`) ignoring it."""
    stats = BuildStats()
    run = IncrementalBuild(out, version, opts.formats, use_cache=opts.cache and not fresh, keep_cache=opts.cache,
                           chunk_size=CHUNK)
    documents = run.documents(paths, opts.skip_bad, stats, once)       # sources: what the last build did not read
    extractions = run.extractions(documents, opts.extractor())         # extraction: what its cache does not have
    try:
        with Staged(out) as stage:                                     # outputs: committed together, or not at all
            run.spool(extractions, stage, stats, opts.on_document)      # pass 1: every definition counted
            run.write(stage, render_chunk, stats)                      # pass 2: resolution → graph → sinks, by chunk
            if opts.explain:
                stats.explained = run.explain(opts.explain)            # the resolution log of one name
            _other_formats(stage, out, run.index.rdf, opts)
            write_report(stage.files[out / "graph.json"], stage.path("report.html"), atomic=False)
            run.save(stage)
            stats.outputs = stage.commit()
    except OSError as exc:
        hint = "Free space or choose another -o" if exc.errno in (errno.ENOSPC, errno.EDQUOT) else \
            "Check that -o names a directory you can write, or choose another"
        raise OutputError(f"{exc.filename or out}: cannot write the outputs ({exc.strerror}); "
                          f"nothing in {out} was changed. {hint}") from None
    return stats, run


def render_chunk(exts: Iterable[tuple[int, Extraction]], owners: dict[int, list[str]], resolver: Resolver) -> RenderedChunk:
    """Resolution → graph → sinks for papers of one chunk, given with their positions in it: each
    paper it owns (`owners`: position → its sources; a paper given earlier is written there) as a
    graph of its own, whose nodes and edges go to the sinks' parts (its edges and Turtle as a piece
    of their own), nodes papers share aside (written once, at the end); every extraction's record."""
    parts = ChunkRender()
    resolutions = []
    deps: dict[int, list[str]] = {}
    shared: dict[str, dict] = {}
    for i, ext in exts:
        parts.record(ext)
        if i not in owners:
            continue
        builder = GraphBuilder(resolver)
        builder.add(ext, owners[i])
        resolutions += builder.resolutions
        deps[i] = sorted({f"{r.label.value}\t{r.key}" for r in builder.resolutions})
        for nid, data in builder.G.nodes(data=True):
            if data["label"] not in SHARED_LABELS:
                parts.node(nid, data)
            elif data["label"] not in ENTITY_VALUES:  # repositories and venues: the data of their first paper
                seen = shared.setdefault(nid, dict(data))
                seen.update({k: v for k, v in data.items() if k not in seen})
        for src, dst, key, data in builder.G.edges(keys=True, data=True):
            parts.edge(src, dst, key, data)
        parts.paper(i)
    return RenderedChunk(parts.parts(), resolutions, parts.nodes, parts.relationships, shared, parts.pieces, deps)


def _other_formats(stage: Staged, out: Path, rdf: str, opts: BuildOptions) -> None:
    """The RDF formats besides Turtle, from the Turtle file (kept in the cache when not asked for)."""
    for fmt in opts.formats:
        if fmt != "turtle":
            target = stage.path(f"graph.{FORMATS[fmt][1]}")
            with open(stage.files[out / rdf], "rb") as src, open(target, "wb") as fh:
                serialize_rdf((q.triple for q in ox.parse(src, ox.RdfFormat.TURTLE)), fh, fmt)
    if not opts.cache and rdf != "graph.ttl":
        stage.drop(stage.files[out / rdf])


#: resolution then graph, in memory (the resolver sees every paper before any node is named)
graph_of = build_graph


def read_inputs(inputs: Iterable[str | Path], bad: BadRecords = STOP) -> Iterator[Document]:
    """Every document of every input; paths are all checked before the first is read."""
    paths = expand_paths(inputs)
    names = source_names(paths)
    for path in paths:
        yield from read_file(path, bad, source=names[path])


def default_workers() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)


def worker_count(asked: int | None, documents: int) -> int:
    """The extraction processes to start: as asked (0 or None: one per core), never more than the
    cores, nor than batches of 64 abstracts to give them, nor fewer than one."""
    cores = default_workers()
    asked = cores if asked in (None, 0) else asked
    return max(1, min(asked, cores, -(-documents // 64)))


def extract_documents(documents: Iterable[Document], workers: int | None = None, spec: PipelineSpec | None = None,
                      engine: str = "local") -> Iterator[Extraction]:
    """Extraction with the pipeline of `spec` (None: the packaged one) in one process or several
    (default: one per core), or as Ray tasks (`engine="ray"`); the same results every way.

    Inputs of fewer than 500 abstracts stay in one process: starting workers costs more than it saves.
    """
    if engine == "ray":
        from .extract.distributed import extract_ray
        yield from extract_ray(documents, spec)
        return
    documents = iter(documents)
    head = list(islice(documents, SMALL_INPUT))
    workers = worker_count(workers, len(head))
    if workers <= 1 or len(head) < SMALL_INPUT:
        yield from extract(chain(head, documents), (spec or PipelineSpec()).load())
    else:
        yield from extract_parallel(chain(head, documents), workers, spec)


def serialize_rdf(triples, fh, fmt: str) -> None:
    """The RDF writer of other formats than Turtle (a seam for tests that fill the disk)."""
    serialize(triples, fh, fmt)
