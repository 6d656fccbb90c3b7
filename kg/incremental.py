"""Incremental builds: what the last build into a directory did, and the engine that makes the next
one redo only what changed (`IncrementalBuild`; the files it keeps are kg/cache.py's).

`kg build` streams, in chunks of up to 1,000 consecutive abstracts of a file. Pass 1 (`documents`,
`extractions`, `spool`) reads the inputs and extracts the abstracts of every chunk the last build
into the same directory did not have (an abstract it had is taken from the extraction cache),
spooling the extractions and keeping only the definitions the resolver needs. Pass 2 (`write`)
renders, chunk by chunk, each paper's nodes and edges into graph.json, the RDF and
extractions.jsonl (the caller's `render`: resolution → graph → sink parts); a chunk the last build
wrote, whose names all resolve as they did then, is copied from its outputs byte for byte instead,
and one some of whose papers resolve a name anew is patched: those papers' edges and Turtle are
written again, every other byte of the chunk copied (`_patch`).
The entity nodes, named once every paper is counted, come last. Outputs are the same bytes however
much was reused; memory is bounded by the number of distinct entities, not by the number of
abstracts.
"""
from __future__ import annotations

import contextlib
import hashlib
import json
import shutil
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING

from .cache import (CACHE_DIR, CHUNK, Alias, BuildIndex, BuildState, Chunk, ChunkDetail, EntityTotals, ExtractionCache,
                    FormCount, InputFile, SharedNode, bytes_digest, cache_line, chunk_signature, document_key, extractions_at, extractions_in,
                    file_digest, fingerprint, save_detail)
from .errors import SourceError
from .graph import paper_id
from .ontology import label_of
from .records import Document, Extraction
from .resolve.resolver import Merge, Resolution, Resolver, definitions, display_name, spellings, variant_links, votes
from .sinks.atomic import Staged
from .sinks.chunks import ChunkWriter, Outputs, copy_range, edge_types, json_line, plain_edges, shared_node
from .sources import read_file, source_names
from .sources._io import BadRecords, is_regular, read_raw

if TYPE_CHECKING:
    from .build import BuildStats


@dataclass
class RenderedChunk:
    """What rendering one chunk (or some of its papers) gave: its `parts` in every output
    (kg/sinks/chunks.py `PARTS`), where each name it met resolved (`resolutions`), what it wrote
    (`nodes`, `relationships`: counts by label and type), the nodes of repositories and venues as
    first seen in it (`shared`: written once, at the end, like the entities); by the position of
    each paper it wrote, its piece of the edges and of the Turtle (`pieces`) and the names it
    resolved (`deps`, "label<TAB>name key")."""

    parts: dict[str, bytes]
    resolutions: list[Resolution]
    nodes: dict[str, int]
    relationships: dict[str, int]
    shared: dict[str, dict]
    pieces: dict[int, tuple[bytes, bytes]] = field(default_factory=dict)
    deps: dict[int, list[str]] = field(default_factory=dict)


#: how papers of a chunk are rendered: ((position, extraction) pairs, position → sources of the
#: papers it writes, the resolver)
Render = Callable[[Iterable[tuple[int, Extraction]], dict[int, list[str]], Resolver], RenderedChunk]
#: the parts written paper by paper, and the index of each in `RenderedChunk.pieces`
PIECES = (("edges", 0), ("rdf", 1))


class IncrementalBuild:
    """One build into `out`, with what the last build there did (unless `use_cache` is off), in
    the order `kg.build` calls it: `documents` (plan the chunks; only what must be extracted comes
    out), `extractions` (cache hits aside), `spool` (pass 1), `write` (pass 2), `explain`,
    `save`, and after the commit `forget_other_builds`."""

    def __init__(self, out: Path, version: str, formats: Iterable[str], *, use_cache: bool, keep_cache: bool,
                 chunk_size: int = CHUNK):
        self.out, self.keep_cache, self.chunk_size = out, keep_cache, chunk_size
        self.previous = BuildIndex.load(out, version) if use_cache else None
        self.extraction_cache = (ExtractionCache(out, version, self.previous.key_offsets() if self.previous else None)
                                 if use_cache else None)
        self.index = BuildIndex(version, rdf="graph.ttl" if "turtle" in formats else f"{CACHE_DIR}/graph.ttl")
        self.planned: list[PlannedChunk] = []
        self.resolver: Resolver | None = None
        self._spooled: Path | None = None

    def documents(self, paths: list[Path], skip_bad: bool, stats: BuildStats, once: dict[Path, bytes]) -> Iterator[Document]:
        """The abstracts to extract: those of the chunks the last build did not have, in input order;
        with `skip_bad`, unreadable records are skipped and counted in `stats.bad_records`."""
        return _plan(paths, self.previous, skip_bad, self.index.files, stats.bad_records, self.planned, once,
                     self.chunk_size)

    def extractions(self, documents: Iterable[Document],
                    extractor: Callable[[Iterable[Document]], Iterator[Extraction]]) -> Iterator[Extraction]:
        return self.extraction_cache.extract(documents, extractor) if self.extraction_cache else extractor(documents)

    def spool(self, extractions: Iterator[Extraction], stage: Staged, stats: BuildStats,
              on_document: Callable[[int], None] | None = None) -> None:
        """Pass 1: extract, spooling the new extractions into the staging area."""
        self._spooled = stage.path(f"{CACHE_DIR}/fresh.jsonl")
        with open(self._spooled, "wb") as spool:
            _spool(extractions, self.planned, spool, stats, on_document)
        _owners(self.planned)
        if self.extraction_cache:
            stats.reused += self.extraction_cache.reused

    def write(self, stage: Staged, render: Render, stats: BuildStats) -> None:
        """Pass 2: every output, chunk by chunk, copied or rendered; then the shared nodes."""
        self.resolver = _write_graph(self.planned, self.previous, self._spooled, self.out, stage, self.index, render,
                                     stats, self.keep_cache)
        stage.drop(self._spooled)

    def explain(self, name: str) -> list[Merge]:
        """The resolution log of `name` over the whole build (after `write`)."""
        entities = self.index.state.entities
        return self.resolver.explain_name(name, lambda eid: (ent.forms, ent.shorts) if (ent := entities.get(eid)) else None)

    def save(self, stage: Staged) -> None:
        if self.keep_cache:
            version = self.index.version
            self.index.save(stage.path(BuildIndex.index_name(version)), stage.path(BuildIndex.state_name(version)))

    def forget_other_builds(self) -> None:
        if self.keep_cache:
            _forget_other_builds(self.out, self.index)


@dataclass
class PlannedChunk:
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


def _owners(planned: list[PlannedChunk]) -> None:
    """A paper given more than once is written by its first occurrence, listing every source in
    input order; note in each chunk which of its papers it writes, with a digest to compare."""
    sources: dict[str, list[str]] = {}
    first: dict[str, tuple[PlannedChunk, int]] = {}
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
          planned: list[PlannedChunk], once: dict[Path, bytes], chunk_size: int = CHUNK) -> Iterator[Document]:
    """Walk the inputs in order, appending a `PlannedChunk` per chunk, and yield the abstracts of the
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
                planned.extend(PlannedChunk(sig, chunks[sig].papers, chunks[sig], source=chunks[sig].source,
                                        pids=chunks[sig].pids) for sig in sigs)
                bad_records.extend(known.bad)
                files.setdefault(name, known)
                continue
            for sig in known.chunks:
                occurrences[sig] -= 1
        bad = BadRecords(skip_bad, [])
        bases: list[str] = []
        docs = read_file(path, bad, data, sources[path])
        while batch := list(islice(docs, chunk_size)):
            bases.append(chunk_signature(batch))
            sig = occurrence(bases[-1])
            planned.append(PlannedChunk(sig, len(batch), chunks.get(sig), source=batch[0].source,
                                    pids=[paper_id(doc) for doc in batch]))
            if sig not in chunks:
                yield from batch
        bad_records.extend(bad.found)
        files.setdefault(name, InputFile(digest, bases, bad.found, sources[path]))


def _spool(stream: Iterator[Extraction], planned: list[PlannedChunk], spool, stats: BuildStats,
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
        entry.detail.spellings.extend(spellings(ext))
        entry.detail.votes.extend(votes(ext))
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


def _note(rendered: RenderedChunk, chunk: Chunk, detail: ChunkDetail) -> None:
    """Keep in a chunk's record what it counted and shared, and in its detail what it resolved:
    entities are named from the totals of every chunk (`_shared_nodes`)."""
    for nid, data in rendered.shared.items():
        seen = chunk.shared.setdefault(nid, dict(data))
        seen.update({k: v for k, v in data.items() if k not in seen})
    forms = Counter((r.entity, r.label.value, r.form, r.key, r.how) for r in rendered.resolutions)
    detail.forms = [FormCount(eid, label, name, n, key, how) for (eid, label, name, key, how), n in forms.items()]
    detail.aliases = sorted({Alias(r.entity, r.short, r.label.value, r.key, r.how, r.form) for r in rendered.resolutions if r.short})
    deps: dict[str, list[int]] = {}
    for i in sorted(rendered.deps):
        for dep in rendered.deps[i]:
            deps.setdefault(dep, []).append(i)
    detail.deps = deps
    chunk.nodes, chunk.relationships = dict(rendered.nodes), dict(rendered.relationships)


def _totals(entities: dict[str, EntityTotals], eid: str, label: str) -> EntityTotals:
    """An entity's totals, to update (created empty on first use)."""
    ent = entities.get(eid)
    if ent is None:
        ent = entities[eid] = EntityTotals(label)
    return ent


def _count(entities: dict[str, EntityTotals], old: ChunkDetail | None, new: ChunkDetail | None, touched: set) -> None:
    """Change the entity totals from what a chunk counted (`old`, None for a new chunk) to what it
    counts now (`new`, None for a removed chunk): its surface forms, and its acronyms (each
    (entity, acronym) once a chunk). Only the entities whose totals change are touched."""
    forms: Counter = Counter()
    for detail, n in ((old, -1), (new, 1)):
        for f in detail.forms if detail else ():
            forms[(f.entity, f.form)] += n * f.count
    changed = set()
    for (eid, form), n in forms.items():
        if n:
            counts = _totals(entities, eid, label_of(eid).value).forms
            counts[form] = counts.get(form, 0) + n
            if counts[form] <= 0:
                del counts[form]
            changed.add(eid)
    before = {(a.entity, a.short) for a in old.aliases} if old else set()
    after = {(a.entity, a.short) for a in new.aliases} if new else set()
    for pairs, n in ((before - after, -1), (after - before, 1)):
        for eid, short in pairs:
            shorts = _totals(entities, eid, label_of(eid).value).shorts
            shorts[short] = shorts.get(short, 0) + n
            if shorts[short] <= 0:
                del shorts[short]
            changed.add(eid)
    for eid in changed:
        if not entities[eid].forms:
            del entities[eid]
    touched |= changed


def _affected(detail: ChunkDetail, changed: set[str]) -> set[int]:
    """The positions of a chunk's papers that resolved a name of `changed`."""
    names = changed.intersection(detail.deps) if len(changed) < len(detail.deps) else \
        {dep for dep in detail.deps if dep in changed}
    return {i for dep in names for i in detail.deps[dep]}


def _write_pieces(target: ChunkWriter, size: int, new: dict[int, bytes], old=None, old_start: int = 0,
                  old_spans: list[int] | None = None) -> tuple[list[int], list[int]]:
    """Write one chunk's part, paper by paper: the pieces of `new` (position → bytes) at their
    positions, the others copied from the last build's file `old` (its part at `old_start`, its
    papers at `old_spans`; runs of them at once), or empty when there is no old part. Returns the
    part's range and the spans of its papers (`ChunkDetail.spans`)."""
    first, start0 = None, target.fh.tell()
    found: list[tuple[int, int] | None] = [None] * size
    i = 0
    while i < size:
        if old_spans is None or i in new:
            data = new.get(i, b"")
            if data:
                found[i] = tuple(target.add(data))
                first = found[i][0] if first is None else first
            i += 1
            continue
        j = i
        while j < size and j not in new:
            j += 1
        kept = [p for p in range(i, j) if old_spans[2 * p + 1] > old_spans[2 * p]]
        if kept:
            a, b = old_start + old_spans[2 * kept[0]], old_start + old_spans[2 * kept[-1] + 1]
            rng = target.copy(old, [a, b])
            shift = rng[0] - a
            for p in kept:
                found[p] = (old_start + old_spans[2 * p] + shift, old_start + old_spans[2 * p + 1] + shift)
            first = rng[0] if first is None else first
        i = j
    begin = start0 if first is None else first
    spans = []
    for place in found:
        spans += (0, 0) if place is None else (place[0] - begin, place[1] - begin)
    return [begin, target.fh.tell()], spans


def _patch(entry: PlannedChunk, reuse: Chunk, detail: ChunkDetail, affected: set[int], old: dict, parts: dict,
           cache_file: Path, resolver: Resolver, render: Render, changed: set[str]
           ) -> tuple[Chunk, ChunkDetail, tuple[ChunkDetail, ChunkDetail]]:
    """A chunk the last build wrote, some of whose papers resolve a name anew: those papers' edges
    and Turtle are written again, every other byte copied (its nodes and records depend on no
    name). Its surface forms follow their names to the entities they resolve to now."""
    chunk = Chunk(**{**vars(reuse), "ranges": {}})
    chunk.ranges["records"] = parts["records"].copy(old["records"], reuse.ranges["records"])
    chunk.ranges["nodes"] = reuse.ranges["nodes"]  # for now, where it lies in the old graph.json
    positions = sorted(affected)
    exts = extractions_at(cache_file, [reuse.keys[i][1] for i in positions])
    rendered = render(zip(positions, exts), {i: entry.owners[i] for i in positions}, resolver)
    spans = {}
    for part, k in PIECES:
        chunk.ranges[part], spans[part] = _write_pieces(parts[part], entry.size, {i: p[k] for i, p in rendered.pieces.items()},
                                                        old[part], reuse.ranges[part][0], detail.spans[part])
    relationships = Counter(reuse.relationships)
    start, fh = reuse.ranges["edges"][0], old["edges"]
    for i in positions:
        a, b = detail.spans["edges"][2 * i: 2 * i + 2]
        if b > a:
            fh.seek(start + a)
            relationships.subtract(edge_types(fh.read(b - a)))
    relationships.update(rendered.relationships)
    chunk.relationships = {k: n for k, n in relationships.items() if n > 0}

    # a paper resolves the same names however they resolve (only the entities they lead to change),
    # so the chunk's dependencies stay; its forms and acronyms move to their names' entities
    def moved(items: list) -> dict[int, tuple]:  # index → the item with the entity its name resolves to now
        return {n: x._replace(entity=resolver.entity_for(x.label, x.key, x.form, x.how))
                for n, x in enumerate(items) if f"{x.label}\t{x.key}" in changed}

    forms, aliases = moved(detail.forms), moved(detail.aliases)
    new = ChunkDetail(detail.longs, detail.deps,
                      [forms.get(n, f) for n, f in enumerate(detail.forms)] if forms else detail.forms,
                      sorted({aliases.get(n, a) for n, a in enumerate(detail.aliases)}), spans,
                      detail.spellings, detail.votes)
    # what the entity totals must take back and add: the forms that moved (the others cancel), every acronym
    return chunk, new, (ChunkDetail(forms=[detail.forms[n] for n in forms], aliases=detail.aliases),
                        ChunkDetail(forms=list(forms.values()), aliases=new.aliases))


def _write_graph(planned: list[PlannedChunk], previous: BuildIndex | None, fresh: Path, out: Path, stage: Staged,
                 index: BuildIndex, render: Render, stats: BuildStats, keep_cache: bool) -> Resolver:
    """Pass 2: every chunk's part of graph.json (edges, then nodes), the RDF, extractions.jsonl and
    the cache, copied from the last build or written anew; then the shared nodes, sorted by id.

    What changed since the last build, and only that, updates the totals it left (`BuildState`):
    the definitions of removed and new chunks decide which names resolve differently now; the papers
    that resolved one of those are written again (their chunks patched, `_patch`); the shared nodes
    whose surface forms changed are written again, the others copied. A copied chunk's cache file stays as it is. Returns the
    resolver, with every chunk's definitions counted.
    """
    state = previous.state if previous else BuildState()
    current = {entry.sig for entry in planned}
    removed = [previous.detail(sig) for sig in previous.chunks if sig not in current] if previous else []
    resolver = Resolver(state.longs, state.lexicon, state.spellings, state.votes)
    deltas = [(d, -1) for detail in removed for d in detail.notes()]
    deltas += [(d, 1) for e in planned if e.detail for d in e.detail.notes()]
    # a name's canonical key follows its senses in turn, and the label vote counts every name that
    # resolves to an entity key, so any name the corpus decides may change with a delta
    names = {(d.label, d.key) for d, _ in deltas} | resolver.names() if deltas else set()
    before = {name: resolver.signature(*name) for name in names}
    for d, n in deltas:
        resolver.note(d, n=n)
    changed = {f"{label}\t{key}" for (label, key) in names if resolver.signature(label, key) != before[(label, key)]}
    touched: set[str] = set()
    for detail in removed:
        _count(state.entities, detail, None, touched)

    version = index.version
    old = {}
    with contextlib.ExitStack() as files:
        if previous:
            for part, name in (("json", "graph.json"), ("rdf", previous.rdf), ("records", "extractions.jsonl")):
                old[part] = files.enter_context(open(out / name, "rb"))
        old["edges"] = old["nodes"] = old.get("json")
        outputs = Outputs(files, stage.path("graph.json"), stage.path(index.rdf), stage.path("extractions.jsonl"))
        parts = outputs.writers
        stash_path = stage.path(f"{CACHE_DIR}/nodes.part")  # node parts of the chunks written anew
        stash = files.enter_context(open(stash_path, "w+b"))
        fresh_fh = files.enter_context(open(fresh, "rb"))
        chunks: list[Chunk] = []
        for entry in planned:
            reuse = entry.reuse
            detail = None
            if reuse is not None and changed:
                detail = previous.detail(reuse.sig)
            same = reuse is not None and reuse.owners == entry.owners_sig
            affected = _affected(detail, changed) if same and detail is not None else set()
            copy = same and not affected
            if copy:
                chunk = Chunk(**{**vars(reuse), "ranges": {}})
                for part, target in parts.items():
                    chunk.ranges[part] = target.copy(old[part], reuse.ranges[part])
                chunk.ranges["nodes"] = reuse.ranges["nodes"]  # for now, where it lies in the old graph.json
            elif same:  # some of its papers resolve a name anew: only they are written again
                chunk, new, (taken, added) = _patch(entry, reuse, detail, affected, old, parts,
                                                    out / BuildIndex.cache_name(version, reuse.sig), resolver, render,
                                                    changed)
                _count(state.entities, taken, added, touched)
                if keep_cache:
                    save_detail(new, stage.path(BuildIndex.detail_name(version, entry.sig)))
                stats.patched += 1
                stats.rewritten += len(affected)
            else:
                chunk = Chunk(entry.sig, entry.size, keys=(entry.chunk or reuse).keys, source=entry.source,
                              pids=entry.pids, owners=entry.owners_sig)
                if reuse is not None:  # extracted before; a paper it shares changed
                    before = detail or previous.detail(reuse.sig)
                    detail = ChunkDetail(before.longs, spellings=before.spellings, votes=before.votes)
                    exts = extractions_in(out / BuildIndex.cache_name(version, entry.sig))
                else:
                    before, detail = None, entry.detail
                    if keep_cache:
                        with open(stage.path(BuildIndex.cache_name(version, entry.sig)), "wb") as fh:
                            copy_range(fresh_fh, fh, *entry.fresh)
                    exts = extractions_in(fresh, *entry.fresh)
                rendered = render(enumerate(exts), entry.owners, resolver)
                _note(rendered, chunk, detail)
                for part, k in PIECES:
                    chunk.ranges[part], detail.spans[part] = _write_pieces(
                        parts[part], entry.size, {i: p[k] for i, p in rendered.pieces.items()})
                chunk.ranges["records"] = parts["records"].add(rendered.parts["records"])
                chunk.ranges["stash"] = ChunkWriter(stash).add(rendered.parts["nodes"])
                _count(state.entities, before, detail, touched)
                if keep_cache:
                    save_detail(detail, stage.path(BuildIndex.detail_name(version, entry.sig)))
            stats.chunks += 1
            stats.copied += copy
            stats.nodes.update(chunk.nodes)
            stats.relationships.update(chunk.relationships)
            chunks.append(chunk)
        links = variant_links((eid, ent.label, display_name(ent.forms, ent.label)) for eid, ent in state.entities.items())
        if links:  # variants to their family, from every entity's final name
            lines, rdf = plain_edges([(c, f, "VARIANT_OF") for c, f in links])
            parts["edges"].add(lines)
            parts["rdf"].add(rdf)
            stats.relationships["VARIANT_OF"] += len(links)
        outputs.start_nodes()
        stash.flush()
        for chunk in chunks:
            rendered = chunk.ranges.pop("stash", None)
            chunk.ranges["nodes"] = parts["nodes"].copy(stash if rendered else old["nodes"], rendered or chunk.ranges["nodes"])
        state.shared = _shared_nodes(chunks, state, touched, parts, old)
        stats.nodes.update(Counter(label_of(node.id).value for node in state.shared))
        outputs.finish()
    stage.drop(stash_path)
    index.chunks = {chunk.sig: chunk for chunk in chunks}
    index.state = state
    for name in ("graph.json", index.rdf, "extractions.jsonl"):
        index.outputs[name] = fingerprint(stage.files[out / name])
    return resolver


def _shared_nodes(chunks: list[Chunk], state: BuildState, touched: set[str], parts: dict, old: dict) -> list[SharedNode]:
    """Write the nodes papers share, sorted by id, to graph.json and the RDF: entities named from
    the totals of their surface forms (`display_name`), repositories and venues with the data of
    their first paper. A node the last build wrote the same is copied (runs of them at once).
    Returns where each node now lies."""
    data: dict[str, dict] = {}
    for chunk in chunks:
        for nid, first in chunk.shared.items():
            seen = data.setdefault(nid, dict(first))
            seen.update({k: v for k, v in first.items() if k not in seen})
    before = {node.id: i for i, node in enumerate(state.shared)}
    written: list[SharedNode] = []
    run: list[int] = []  # indexes into state.shared of the copies not yet made, consecutive

    def flush():
        if run:
            first, last = state.shared[run[0]], state.shared[run[-1]]
            js = parts["nodes"].copy(old["nodes"], (first.json_start, last.json_end))[0] - first.json_start
            rs = parts["rdf"].copy(old["rdf"], (first.rdf_start, last.rdf_end))[0] - first.rdf_start
            for i in run:
                node = state.shared[i]
                written.append(SharedNode(node.id, js + node.json_start, js + node.json_end,
                                          rs + node.rdf_start, rs + node.rdf_end))
            run.clear()

    for nid in sorted(data.keys() | state.entities.keys()):
        i = before.get(nid)
        if nid in data:
            item = {"id": nid, **data[nid]}
            line = json_line(item)
            if i is not None and _old_bytes(old, state.shared[i]) == line:  # its Turtle too is as it was
                if run and run[-1] != i - 1:
                    flush()
                run.append(i)
                continue
            line, rdf = shared_node(item)
        elif nid not in touched and i is not None:
            if run and run[-1] != i - 1:
                flush()
            run.append(i)
            continue
        else:
            ent = state.entities[nid]
            name = display_name(ent.forms, ent.label)
            line, rdf = shared_node({"id": nid, "label": ent.label, "name": name,
                                     "aliases": sorted((ent.forms.keys() | ent.shorts.keys()) - {name})})
        flush()
        js, je = parts["nodes"].add(line)
        rs, re = parts["rdf"].add(rdf)
        written.append(SharedNode(nid, js, je, rs, re))
    flush()
    return written


def _old_bytes(old: dict, place: SharedNode) -> bytes:
    fh = old["nodes"]
    fh.seek(place.json_start)
    return fh.read(place.json_end - place.json_start)


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
