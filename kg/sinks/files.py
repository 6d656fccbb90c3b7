"""Sinks: graph.json (networkx node-link, deterministic) and extractions.jsonl (gold record format).

`kg build` writes graph.json with one edge or node per line (edges first, as node-link data sorts
its keys), so `GraphFile` reads it back as a stream without holding the graph.
"""
from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from pathlib import Path

import networkx as nx

from ..records import Extraction, extraction_record
from .atomic import atomic_write


def graph_data(G: nx.MultiDiGraph) -> dict:
    """Node-link data with nodes sorted by id and edges by (source, type, target)."""
    data = nx.node_link_data(G, edges="edges")
    data["nodes"] = sorted(data["nodes"], key=lambda n: n["id"])
    data["edges"] = sorted(data["edges"], key=lambda e: (e["source"], e["key"], e["target"]))
    return data


def write_graph_json(G: nx.MultiDiGraph, path: str | Path, atomic: bool = True) -> None:
    with (atomic_write(path) if atomic else open(path, "w", encoding="utf-8")) as fh:
        json.dump(graph_data(G), fh, sort_keys=True, indent=1, ensure_ascii=False)
        fh.write("\n")


def read_graph_json(path: str | Path) -> nx.MultiDiGraph:
    with open(path, encoding="utf-8") as fh:
        return nx.node_link_graph(json.load(fh), directed=True, multigraph=True, edges="edges")


EDGES_OPEN = '{"directed": true, "edges": [\n'
NODES_OPEN = '], "graph": {}, "multigraph": true, "nodes": [\n'


class GraphFile:
    """A graph.json read as a stream of node and edge dicts (in node-link form). Files in the
    one-item-per-line layout `kg build` writes stream; any other node-link file is read whole."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        with open(self.path, encoding="utf-8") as fh:
            self.streams = fh.readline() == EDGES_OPEN

    def _section(self, opener: str) -> Iterator[dict]:
        with open(self.path, encoding="utf-8") as fh:
            inside = False
            for line in fh:
                if not inside:
                    inside = line == opener
                elif line.startswith("]"):
                    return
                elif line.strip():
                    yield json.loads(line.rstrip(",\n"))

    def nodes(self) -> Iterator[dict]:
        if self.streams:
            yield from self._section(NODES_OPEN)
        else:
            yield from graph_data(read_graph_json(self.path))["nodes"]

    def edges(self) -> Iterator[dict]:
        if self.streams:
            yield from self._section(EDGES_OPEN)
        else:
            yield from graph_data(read_graph_json(self.path))["edges"]

    def size(self) -> int:
        """Nodes plus edges (lines counted, nothing parsed, for a streamable file)."""
        if not self.streams:
            G = read_graph_json(self.path)
            return G.number_of_nodes() + G.number_of_edges()
        lines = 0
        with open(self.path, "rb") as fh:
            while chunk := fh.read(1 << 22):
                lines += chunk.count(b"\n")
        return lines - 3


def write_extractions(extractions: Iterable[Extraction], path: str | Path, atomic: bool = True) -> int:
    """One `kg extract` record per line; returns the number written."""
    n = 0
    with (atomic_write(path) if atomic else open(path, "w", encoding="utf-8")) as fh:
        for ext in extractions:
            fh.write(json.dumps(extraction_record(ext), ensure_ascii=False) + "\n")
            n += 1
    return n
