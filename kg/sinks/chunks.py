"""Sinks, chunk by chunk: the formats of `kg build`'s output files, written in parts.

Each output file is a run of parts: one per chunk of papers (its papers' own nodes and edges, its
extraction records), then one per node papers share. A part is written anew (`ChunkWriter.add`)
or copied byte for byte from the last build's file (`ChunkWriter.copy`); either way the writer
returns where the part lies, so the next build can copy it in turn. The formats (graph.json's
one-item-per-line node-link layout, Turtle without its prefix lines, `kg extract` records) are
here; the build cache (kg/incremental.py) knows only byte ranges.
"""
from __future__ import annotations

import contextlib
import errno
import json
import os
from collections import Counter
from pathlib import Path

import pyoxigraph as ox

from ..errors import CacheError
from ..records import Extraction, extraction_record
from .files import EDGES_OPEN, NODES_OPEN
from .rdf import NS, edge_triples, node_triples

#: the parts of every chunk, by output: graph.json's two sections, the Turtle file, extractions.jsonl
PARTS = ("edges", "nodes", "rdf", "records")
SEPARATORS = {"edges": b",\n", "nodes": b",\n", "rdf": b"", "records": b""}

TURTLE_HEADER = ox.serialize([ox.Triple(ox.NamedNode(NS["mlkg"] + "x"), ox.NamedNode(NS["mlkg"] + "y"), ox.Literal("z"))],
                             format=ox.RdfFormat.TURTLE, prefixes=NS).partition(b"mlkg:x")[0]


def turtle(triples: list) -> bytes:
    """Turtle of some triples without the prefix lines (written once, at the top of the file)."""
    if not triples:
        return b""
    data = ox.serialize(triples, format=ox.RdfFormat.TURTLE, prefixes=NS)
    assert data.startswith(TURTLE_HEADER)
    return data[len(TURTLE_HEADER):]


def json_line(item: dict) -> bytes:
    """One node or edge of graph.json, as its line (without the separator)."""
    return json.dumps(item, sort_keys=True, ensure_ascii=False, allow_nan=False).encode("utf-8")


def copy_range(src, dst, start: int, end: int) -> None:
    """Append bytes [start, end) of open file `src` to open file `dst` (in the kernel where it can)."""
    dst.flush()
    if not 0 <= start <= end:
        raise CacheError(f"the build index points at bytes {start}..{end} of {getattr(src, 'name', 'a file')}")
    length, offset = end - start, start
    try:
        while length:
            n = os.copy_file_range(src.fileno(), dst.fileno(), length, offset_src=offset)
            if n == 0:
                raise CacheError(f"{getattr(src, 'name', 'a file')} ended before the build index says")
            offset += n
            length -= n
    except OSError as exc:
        if exc.errno in (errno.ENOSPC, errno.EIO, errno.EDQUOT):
            raise
        dst.seek(0, os.SEEK_END)
        src.seek(offset)
        while length:
            block = src.read(min(length, 1 << 24))
            if not block:
                raise CacheError(f"{getattr(src, 'name', 'a file')} ended before the build index says") from None
            dst.write(block)
            length -= len(block)
    dst.seek(0, os.SEEK_END)


class ChunkWriter:
    """One output file assembled from parts, joined by `sep`; `add` and `copy` return where each
    part lies ([start, end) byte offsets)."""

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


class ChunkRender:
    """The parts of one chunk in every format: a paper's own nodes and edges (`node`, `edge`) as
    graph.json lines and Turtle, its extraction record (`record`); `nodes`, `relationships` count
    what it wrote. Each paper's edges and Turtle are kept as a piece of their own (`paper` closes
    one), so a rebuild can write one paper again and copy the pieces of the others: the parts are
    the pieces joined (edges by ",\n", Turtle back to back, which is the Turtle of all their
    triples, since no two papers share a subject)."""

    def __init__(self):
        self._nodes: list[bytes] = []
        self._edges: list[bytes] = []
        self._triples: list = []
        self._records: list[str] = []
        self.pieces: dict[int, tuple[bytes, bytes]] = {}  # position → (edges piece, Turtle piece)
        self.nodes: Counter = Counter()
        self.relationships: Counter = Counter()

    def record(self, ext: Extraction) -> None:
        self._records.append(json.dumps(extraction_record(ext), ensure_ascii=False, allow_nan=False) + "\n")

    def node(self, nid: str, data: dict) -> None:
        self._nodes.append(json_line({"id": nid, **data}))
        self.nodes[data["label"]] += 1
        self._triples.extend(node_triples(nid, data))

    def edge(self, src: str, dst: str, key: str, data: dict) -> None:
        self._edges.append(json_line({"source": src, "target": dst, "key": key, **data}))
        self.relationships[key] += 1
        self._triples.extend(edge_triples(src, dst, key, data))

    def paper(self, position: int) -> None:
        """The edges and triples given since the last call are the piece of the paper at `position`."""
        self.pieces[position] = (b",\n".join(self._edges), turtle(self._triples))
        self._edges, self._triples = [], []

    def parts(self) -> dict[str, bytes]:
        assert not self._edges and not self._triples, "a paper's piece was not closed"
        pieces = [self.pieces[i] for i in sorted(self.pieces)]
        return {"edges": b",\n".join(e for e, _ in pieces if e), "nodes": b",\n".join(self._nodes),
                "rdf": b"".join(r for _, r in pieces), "records": "".join(self._records).encode("utf-8")}


def edge_types(piece: bytes) -> Counter:
    """The relationship types of the edges of a piece of graph.json (one edge a line)."""
    return Counter(json.loads(line.rstrip(b",")).get("key") for line in piece.split(b"\n") if line.strip())


def shared_node(item: dict) -> tuple[bytes, bytes]:
    """A node papers share (`item` with its id): its graph.json line and its Turtle."""
    return json_line(item), turtle(list(node_triples(item["id"], {k: v for k, v in item.items() if k != "id"})))


def plain_edges(edges: list[tuple[str, str, str]]) -> tuple[bytes, bytes]:
    """Edges without evidence ((source, target, type), e.g. VARIANT_OF): graph.json lines and Turtle."""
    lines = b",\n".join(json_line({"source": s, "target": t, "key": k, "type": k}) for s, t, k in edges)
    return lines, turtle([triple for s, t, k in edges for triple in edge_triples(s, t, k, {})])


class Outputs:
    """The output files of one build, opened in its staging area: graph.json (its edges section,
    then its nodes section), the Turtle file `rdf` and extractions.jsonl, each part by part."""

    def __init__(self, files: contextlib.ExitStack, graph_json: Path, rdf: Path, records: Path):
        self.graph_json = files.enter_context(open(graph_json, "wb"))
        self.graph_json.write(EDGES_OPEN.encode())
        rdf_fh = files.enter_context(open(rdf, "wb"))
        rdf_fh.write(TURTLE_HEADER)
        self.writers = {"edges": ChunkWriter(self.graph_json, SEPARATORS["edges"]), "rdf": ChunkWriter(rdf_fh),
                        "records": ChunkWriter(files.enter_context(open(records, "wb")))}

    def start_nodes(self) -> ChunkWriter:
        """Close graph.json's edges section and open its nodes section."""
        self.graph_json.write(b"\n" + NODES_OPEN.encode())
        self.writers["nodes"] = ChunkWriter(self.graph_json, SEPARATORS["nodes"])
        return self.writers["nodes"]

    def finish(self) -> None:
        self.graph_json.write(b"\n]}\n")
