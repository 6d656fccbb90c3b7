"""Build cache: what the last build into a directory did, kept in DIR/.kg-cache so the next build
redoes only what changed.

Two layers, both keyed by the pipeline version (a hash of the extraction code, its config and every
lexicon, ours and the user's: changing any of them starts afresh):

- the extractions, one `key<TAB>json` line per abstract in a file per chunk
  (`chunks-<version>/<signature>.jsonl`), keyed by a hash of the abstract's content: an abstract
  already seen is not extracted again (`ExtractionCache`);
- the build index (`BuildIndex`): the input files' digests; for every chunk of up to `CHUNK`
  consecutive abstracts of a file, where its bytes lie in each output (`Chunk`) and what resolution
  it depended on (`ChunkDetail`); and the totals the shared nodes are made from (`BuildState`). A
  rebuild copies the bytes of every chunk whose abstracts and names are unchanged, and of every
  shared node no changed chunk touched, so its cost follows what changed, not the size of the graph.

The index is trusted only while the outputs it points into are the files it describes (size and
modification time, `fingerprint`); otherwise the build starts from the extraction cache alone.
"""
from __future__ import annotations

import contextlib
import gc
import hashlib
import json
import marshal
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from .errors import CacheError, PipelineConfigError
from .records import Document, Extraction, extraction_from_json, extraction_to_json
from .resolve.resolver import Definition, Spelling, Vote

CACHE_DIR = ".kg-cache"
CHUNK = 1000  # abstracts per chunk: the unit a rebuild copies or redoes
INDEX_FORMAT = 6


def pipeline_version(config=None, lexicons=()) -> str:
    """A hash of everything that decides what extraction returns."""
    from .extract import DEFAULT_CONFIG
    h = hashlib.sha256()
    here = Path(__file__).resolve().parent / "extract"
    for path in sorted(here.rglob("*")):
        if path.is_file() and (path.suffix in (".py", ".cfg", ".tsv") or {"model", "typer"} & set(path.relative_to(here).parts)):
            h.update(str(path.relative_to(here)).encode())
            h.update(path.read_bytes())
    for shared in ("text.py", "latex.py", "records.py"):  # the text rules extraction shares, and the records' codec
        h.update((here.parent / shared).read_bytes())
    for option, path in [("--config", config or DEFAULT_CONFIG), *(("--lexicon", lex) for lex in lexicons)]:
        try:
            h.update(Path(path).read_bytes())
        except OSError as exc:
            raise PipelineConfigError(f"{path}: cannot be read ({exc.strerror}); check {option}") from None
    return h.hexdigest()[:16]


def resolution_version() -> str:
    """A hash of the code that turns extractions into the graph (resolution, graph, ontology) and of
    the shipped lexicons, whose labels decide the label vote: a build index made by other code is
    not trusted (the extractions still are)."""
    h = hashlib.sha256()
    here = Path(__file__).resolve().parent
    lexicons = (here / "extract" / "lexicons").glob("*.tsv")
    for path in sorted([*(here / "resolve").glob("*.py"), here / "graph.py", here / "ontology.py", here / "text.py",
                        here / "latex.py", *lexicons]):
        h.update(path.name.encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:16]


def document_key(doc: Document) -> str:
    return hashlib.sha256(json.dumps([doc.text, doc.meta], sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:32]


def file_digest(path: Path) -> str:
    with open(path, "rb") as fh:
        return hashlib.file_digest(fh, "blake2b").hexdigest()[:32]


def bytes_digest(data: bytes) -> str:
    """`file_digest` of an input read once (a pipe, standard input)."""
    return hashlib.blake2b(data).hexdigest()[:32]


def chunk_signature(docs: Iterable[Document]) -> str:
    """Names a chunk by its abstracts: their source, position and content."""
    h = hashlib.blake2b(digest_size=16)
    for doc in docs:
        h.update(f"{doc.source}\0{doc.index}\0{document_key(doc)}\n".encode())
    return h.hexdigest()


def fingerprint(path: Path) -> list[int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return [st.st_size, st.st_mtime_ns]


@dataclass
class Chunk:
    """One chunk of a build: where its parts lie in the outputs, and what it wrote.

    `ranges`: output part → [start, end) byte offsets; `keys`: [content key, offset in the chunk's
    cache file] per abstract; `shared`: data of the shared non-entity nodes (repositories, venues) as first
    seen in it; `nodes`, `relationships`: counts of what it wrote, by label and type; `source`, `pids`:
    its input's source name and its papers' ids; `owners`: a digest of which of its papers it
    wrote and with which sources (a paper given twice is written once, listing every source).
    """

    sig: str
    papers: int = 0
    source: str = ""
    pids: list[str] = field(default_factory=list)
    owners: str = ""
    ranges: dict[str, list[int]] = field(default_factory=dict)
    keys: list[list] = field(default_factory=list)
    shared: dict[str, dict] = field(default_factory=dict)
    nodes: dict[str, int] = field(default_factory=dict)
    relationships: dict[str, int] = field(default_factory=dict)


class FormCount(NamedTuple):
    """How often a chunk wrote an entity's name one way (`key`: the name's key, which the entity
    follows when the name resolves anew; `label`: the mention's, `how`: the resolution's, with which
    `Resolver.entity_for` resolves it anew)."""

    entity: str
    label: str
    form: str
    count: int
    key: str = ""
    how: str = ""


class Alias(NamedTuple):
    """An acronym a chunk's papers define for an entity, for a name of `label` and `key`."""

    entity: str
    short: str
    label: str = ""
    key: str = ""
    how: str = ""
    form: str = ""  # the mention's surface form, which `Resolver.entity_for` resolves anew


@dataclass
class ChunkDetail:
    """What a chunk's graph depended on and gave to the shared nodes, kept beside the index and read
    only when the chunk is removed or checked: `longs`, the definitions its papers make; `deps`,
    "label<TAB>name key" of every name it resolved → the positions of the papers that resolved it
    (a paper's edges change only if one of its names resolves differently); `forms` and `aliases`,
    from which entities are named; `spans`: for the edges of graph.json and the Turtle, each
    paper's piece as [start, end) offsets from the chunk's start, two numbers a position (so a
    rebuild writes again only the papers whose names resolve anew, and copies the others);
    `spellings` and `votes`, how its papers write the names they define and under which labels they
    name things (the resolver's other corpus counts, kept like `longs`). Stored as plain tuples
    (`to_marshal`), read back as these records (`from_marshal`)."""

    longs: list[Definition] = field(default_factory=list)
    deps: dict[str, list[int]] = field(default_factory=dict)
    forms: list[FormCount] = field(default_factory=list)
    aliases: list[Alias] = field(default_factory=list)
    spans: dict[str, list[int]] = field(default_factory=dict)
    spellings: list[Spelling] = field(default_factory=list)
    votes: list[Vote] = field(default_factory=list)

    def notes(self) -> list:
        """What its papers told the resolver (`Resolver.note`): definitions, spellings, votes."""
        return [*self.longs, *self.spellings, *self.votes]

    def to_marshal(self) -> bytes:
        """On disk: ([Definition fields], deps, [FormCount fields], [Alias fields], spans,
        [Spelling fields], [Vote fields]), each record a plain tuple of its fields in declaration
        order (marshal takes no tuple subclass)."""
        return marshal.dumps(([tuple(d) for d in self.longs], self.deps, [tuple(f) for f in self.forms],
                              [tuple(a) for a in self.aliases], self.spans, [tuple(s) for s in self.spellings],
                              [tuple(v) for v in self.votes]))

    @classmethod
    def from_marshal(cls, data: bytes) -> ChunkDetail:
        """The detail `to_marshal` wrote."""
        longs, deps, forms, aliases, spans, spellings, votes = marshal.loads(data)
        return cls([Definition._make(d) for d in longs], deps, [FormCount._make(f) for f in forms],
                   [Alias._make(a) for a in aliases], spans, [Spelling._make(s) for s in spellings],
                   [Vote._make(v) for v in votes])


class SharedNode(NamedTuple):
    """A node papers share (an entity, a repository, a venue) as the last build wrote it: its id and
    the [start, end) bytes of its line in graph.json and of its Turtle in the RDF."""

    id: str
    json_start: int
    json_end: int
    rdf_start: int
    rdf_end: int


@dataclass(slots=True)
class EntityTotals:
    """An entity's counts over every chunk, from which it is named (`display_name`): its label, how
    often each surface form was written, and in how many chunks each acronym is defined for it."""

    label: str
    forms: dict[str, int] = field(default_factory=dict)
    shorts: dict[str, int] = field(default_factory=dict)


@dataclass
class BuildState:
    """The totals over every chunk of a build, updated by the next one instead of recounted:
    `longs`, the resolver's definition counts ((label, name key) → long form key → papers), `lexicon`
    those of them a lexicon gives; `entities`, entity id → its `EntityTotals`; `shared`, every shared
    node as a `SharedNode`, sorted by id, so an unchanged one is copied; `spellings` ((label, name
    key) → long form key → casing → papers) and `votes` ((label, name key) → papers), the resolver's
    other corpus counts."""

    longs: dict[tuple[str, str], dict[str, int]] = field(default_factory=dict)
    lexicon: dict[tuple[str, str], dict[str, int]] = field(default_factory=dict)
    entities: dict[str, EntityTotals] = field(default_factory=dict)
    shared: list[SharedNode] = field(default_factory=list)
    spellings: dict[tuple[str, str], dict[str, dict[str, int]]] = field(default_factory=dict)
    votes: dict[tuple[str, str], int] = field(default_factory=dict)

    def to_marshal(self) -> bytes:
        """On disk (`state-<version>.marshal`), plain containers only, so that loading is quick:
        (longs, lexicon, {entity id: (label, (form, count, form, count, …), (acronym, count, …))},
        [(id, json_start, json_end, rdf_start, rdf_end), …], spellings, votes); an entity's counts
        are flat pairs, which load faster than many small dicts."""
        entities = {eid: (e.label, tuple(x for kv in e.forms.items() for x in kv),
                          tuple(x for kv in e.shorts.items() for x in kv)) for eid, e in self.entities.items()}
        return marshal.dumps((self.longs, self.lexicon, entities, [tuple(node) for node in self.shared],
                              self.spellings, self.votes))

    @classmethod
    def from_marshal(cls, data: bytes) -> BuildState:
        """The state `to_marshal` wrote."""
        longs, lexicon, entities, shared, spellings, votes = marshal.loads(data)
        return cls(longs, lexicon,
                   {eid: EntityTotals(label, dict(zip(forms[::2], forms[1::2])), dict(zip(shorts[::2], shorts[1::2])))
                    for eid, (label, forms, shorts) in entities.items()},
                   [SharedNode._make(node) for node in shared], spellings, votes)


@dataclass
class InputFile:
    """An input file as last read: its digest, its chunks in order, the bad records skipped, its source name."""

    digest: str
    chunks: list[str]
    bad: list[str] = field(default_factory=list)
    source: str = ""


@dataclass
class BuildIndex:
    """The record of one build: its outputs' fingerprints, its input files and its chunks. `rdf`
    is the Turtle file the chunks' RDF parts lie in (graph.ttl, or one in the cache when the build
    wrote other RDF formats only). Files: `index-<version>.json`, `state-<version>.marshal` and
    `chunks-<version>/<signature>.marshal` in DIR/.kg-cache."""

    version: str
    rdf: str = "graph.ttl"
    outputs: dict[str, list[int] | None] = field(default_factory=dict)  # name in DIR → fingerprint
    files: dict[str, InputFile] = field(default_factory=dict)
    chunks: dict[str, Chunk] = field(default_factory=dict)
    state: BuildState = field(default_factory=BuildState)
    home: Path | None = None  # the directory it was read from

    @staticmethod
    def index_name(version: str) -> str:
        return f"{CACHE_DIR}/index-{version}.json"

    @staticmethod
    def state_name(version: str) -> str:
        return f"{CACHE_DIR}/state-{version}.marshal"

    @staticmethod
    def detail_name(version: str, sig: str) -> str:
        return f"{CACHE_DIR}/chunks-{version}/{sig}.marshal"

    @staticmethod
    def cache_name(version: str, sig: str) -> str:
        return f"{CACHE_DIR}/chunks-{version}/{sig}.jsonl"

    @classmethod
    def load(cls, out_dir: Path, version: str) -> BuildIndex | None:
        """The index of the last build into `out_dir`, if it was made by this pipeline version and
        every output it points into is still the file it wrote."""
        out = Path(out_dir)
        try:
            fh = open(out / cls.index_name(version), encoding="utf-8")
        except OSError:
            return None  # no build of this version yet
        try:
            with fh:
                data = json.load(fh)
            if (data.get("format") != INDEX_FORMAT or data.get("version") != version
                    or data.get("resolution") != resolution_version()):
                return None
            with open(out / cls.state_name(version), "rb") as fh, _no_gc():
                state = BuildState.from_marshal(fh.read())  # read whole: marshal.load reads a file piecemeal, slowly
            index = cls(version, data["rdf"], data["outputs"],
                        {k: InputFile(**v) for k, v in data["files"].items()},
                        {k: Chunk(**v) for k, v in data["chunks"].items()}, state, out)
        except (OSError, ValueError, EOFError, KeyError, TypeError, AttributeError, RecursionError) as exc:
            raise CacheError(f"{out / CACHE_DIR}: its index cannot be read ({type(exc).__name__})") from None
        if any(fingerprint(out / name) != fp for name, fp in index.outputs.items()):
            return None
        if not all((out / cls.detail_name(version, sig)).is_file() and (out / cls.cache_name(version, sig)).is_file()
                   for sig in index.chunks):
            return None
        return index

    def detail(self, sig: str) -> ChunkDetail:
        path = self.home / self.detail_name(self.version, sig)
        try:
            with open(path, "rb") as fh, _no_gc():
                return ChunkDetail.from_marshal(fh.read())
        except (OSError, ValueError, EOFError, TypeError) as exc:
            raise CacheError(f"{path}: cannot be read ({type(exc).__name__})") from None

    def key_offsets(self) -> dict[str, tuple[str, int]]:
        """Content key → (chunk, offset of its line in the chunk's cache file)."""
        return {key: (sig, pos) for sig, chunk in self.chunks.items() for key, pos in chunk.keys}

    def save(self, index_path: Path, state_path: Path) -> None:
        data = {"format": INDEX_FORMAT, "version": self.version, "resolution": resolution_version(),
                "rdf": self.rdf, "outputs": self.outputs,
                "files": {k: vars(v) for k, v in self.files.items()},
                "chunks": {k: vars(v) for k, v in self.chunks.items()}}
        with open(index_path, "w", encoding="utf-8") as fh:
            fh.write(json.dumps(data, ensure_ascii=False, separators=(",", ":")))  # dumps: json.dump encodes in Python
        with open(state_path, "wb") as fh:
            fh.write(self.state.to_marshal())  # whole: marshal.dump writes piecemeal


@contextlib.contextmanager
def _no_gc():
    """Millions of small containers load faster without the cyclic collector looking at them."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def save_detail(detail: ChunkDetail, path: Path) -> None:
    with open(path, "wb") as fh:
        fh.write(detail.to_marshal())


class ExtractionCache:
    """Read side: the previous build's extractions; misses go to the extractor.

    `offsets` (content key → (chunk, line offset)) comes from the build index when there is one;
    without it the cache files are scanned once, on the first lookup.
    """

    def __init__(self, out_dir: str | Path, version: str, offsets: dict[str, tuple[str, int]] | None = None):
        self.dir = Path(out_dir) / CACHE_DIR / f"chunks-{version}"
        self._offsets = offsets
        self.reused = 0

    @property
    def offsets(self) -> dict[str, tuple[str, int]]:
        if self._offsets is None:
            self._offsets = {}
            for path in sorted(self.dir.glob("*.jsonl")):
                with contextlib.suppress(OSError), open(path, "rb") as fh:
                    pos = 0
                    for line in fh:
                        self._offsets[line.partition(b"\t")[0].decode("ascii", "replace")] = (path.stem, pos)
                        pos += len(line)
        return self._offsets

    def line(self, place: tuple[str, int]) -> bytes:
        with open(self.dir / f"{place[0]}.jsonl", "rb") as fh:
            fh.seek(place[1])
            return fh.readline()

    def get(self, doc: Document) -> Extraction | None:
        """The cached extraction of `doc`, or None; a line that is not the one its key promises
        (a damaged cache file) is a miss, and the abstract is extracted again."""
        key = document_key(doc)
        place = self.offsets.get(key)
        if place is None:
            return None
        try:
            found, _, payload = self.line(place).partition(b"\t")
            if found.decode("ascii") != key:
                return None
            data = json.loads(payload)
            data["document"] = {"source": doc.source, "index": doc.index, "text": doc.text, "meta": doc.meta}
            ext = extraction_from_json(data)
        except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError):
            return None
        self.reused += 1
        return ext

    def extract(self, documents: Iterable[Document],
                extractor: Callable[[Iterable[Document]], Iterator[Extraction]]) -> Iterator[Extraction]:
        """Every document's extraction, in input order: from the cache when it has it, else from `extractor`."""
        pending: deque = deque()

        def misses():
            for doc in documents:
                hit = self.get(doc)
                pending.append(hit if hit is not None else doc)
                if hit is None:
                    yield doc

        for ext in extractor(misses()):
            while pending and isinstance(pending[0], Extraction):
                yield pending.popleft()
            pending.popleft()  # the miss this result answers
            yield ext
        while pending:
            item = pending.popleft()
            assert isinstance(item, Extraction)
            yield item


def cache_line(ext: Extraction) -> str:
    """One cache line: the content key, a tab, the whole extraction (its document included)."""
    return f"{document_key(ext.document)}\t{json.dumps(extraction_to_json(ext), ensure_ascii=False)}\n"


def extractions_at(path: Path, offsets: Iterable[int]) -> Iterator[Extraction]:
    """The extractions of the cache lines that start at `offsets` of a cache file."""
    try:
        with open(path, "rb") as fh:
            lines = []
            for offset in offsets:
                fh.seek(offset)
                lines.append(fh.readline())
    except OSError as exc:
        raise CacheError(f"{path}: cannot be read ({exc.strerror})") from None
    for line in lines:
        try:
            ext = extraction_from_json(json.loads(line.partition(b"\t")[2]))
        except (ValueError, KeyError, TypeError, AttributeError, RecursionError) as exc:
            raise CacheError(f"{path}: a line cannot be read ({type(exc).__name__})") from None
        yield ext


def extractions_in(path: Path, start: int = 0, end: int | None = None) -> Iterator[Extraction]:
    """The extractions of the cache lines in [start, end) of a cache file (all of it by default)."""
    try:
        with open(path, "rb") as fh:
            fh.seek(start)
            data = fh.read(-1 if end is None else end - start)
    except OSError as exc:
        raise CacheError(f"{path}: cannot be read ({exc.strerror})") from None
    for line in data.splitlines():
        try:
            ext = extraction_from_json(json.loads(line.partition(b"\t")[2]))
        except (ValueError, KeyError, TypeError, AttributeError, RecursionError) as exc:
            raise CacheError(f"{path}: a line cannot be read ({type(exc).__name__})") from None
        yield ext
