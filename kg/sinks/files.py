"""Sinks: graph.json (networkx node-link, deterministic) and extractions.jsonl (gold record format).

`kg build` writes graph.json with one edge or node per line (edges first, as node-link data sorts
its keys), so `GraphFile` reads it back as a stream without holding the graph.
"""
from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from pathlib import Path

import networkx as nx

from ..errors import KGError
from ..ontology import NodeLabel, RelType
from ..records import Extraction, extraction_record
from .atomic import atomic_write

LABELS = {label.value for label in NodeLabel}
TYPES = {rel.value for rel in RelType}


def damaged(path, why: str, line: int | None = None) -> KGError:
    where = f"{path}:{line}" if line else str(path)
    return KGError(f"{where}: {why}; it is not a graph.json kg wrote whole: run `kg build` again")


def graph_data(G: nx.MultiDiGraph) -> dict:
    """Node-link data with nodes sorted by id and edges by (source, type, target)."""
    data = nx.node_link_data(G, edges="edges")
    data["nodes"] = sorted(data["nodes"], key=lambda n: n["id"])
    data["edges"] = sorted(data["edges"], key=lambda e: (e["source"], e["key"], e["target"]))
    return data


def write_graph_json(G: nx.MultiDiGraph, path: str | Path, atomic: bool = True) -> None:
    with (atomic_write(path) if atomic else open(path, "w", encoding="utf-8")) as fh:
        json.dump(graph_data(G), fh, sort_keys=True, indent=1, ensure_ascii=False, allow_nan=False)
        fh.write("\n")


def _strict(name: str):
    raise ValueError(f"{name} is not a number")


def checked(item, path, line=None, edge: bool = False) -> dict:
    """A node or edge of a graph.json, checked: an object with a known label (or relationship type)
    and finite numbers."""
    if not isinstance(item, dict):
        raise damaged(path, f"holds a {type(item).__name__} where a {'relationship' if edge else 'node'} should be", line)
    if edge:
        if item.get("key") not in TYPES or not isinstance(item.get("source"), str) or not isinstance(item.get("target"), str):
            raise damaged(path, f"has a relationship of unknown type {str(item.get('key'))[:40]!r} (the ontology's: "
                          f"{', '.join(sorted(TYPES))})", line)
    elif item.get("label") not in LABELS or not isinstance(item.get("id"), str):
        raise damaged(path, f"has a node with label {str(item.get('label'))[:40]!r}, not one of the ontology's "
                      f"({', '.join(sorted(LABELS))})", line)
    return item


def read_graph_json(path: str | Path) -> nx.MultiDiGraph:
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh, parse_constant=_strict)
        for node in data["nodes"]:
            checked(node, path)
        for edge in data["edges"]:
            checked(edge, path, edge=True)
        return nx.node_link_graph(data, directed=True, multigraph=True, edges="edges")
    except OSError as exc:
        raise KGError(f"{path}: cannot be read ({exc.strerror}); run `kg build` again") from None
    except (ValueError, KeyError, TypeError, RecursionError, nx.NetworkXError) as exc:
        line = getattr(exc, "lineno", None)
        raise damaged(path, f"cannot be read ({type(exc).__name__}: {str(exc)[:80]})", line) from None


EDGES_OPEN = '{"directed": true, "edges": [\n'
NODES_OPEN = '], "graph": {}, "multigraph": true, "nodes": [\n'


class GraphFile:
    """A graph.json read as a stream of node and edge dicts (in node-link form). Files in the
    one-item-per-line layout `kg build` writes stream; any other node-link file is read whole."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        try:
            with open(self.path, encoding="utf-8") as fh:
                self.streams = fh.readline() == EDGES_OPEN
        except (OSError, UnicodeError) as exc:
            raise damaged(self.path, f"cannot be read ({getattr(exc, 'strerror', None) or type(exc).__name__})") from None

    def _section(self, opener: str) -> Iterator[dict]:
        """The items of one section; a file that ends inside it (truncated), or a line that is not
        a node or edge of the ontology, is an error naming the line."""
        edge = opener == EDGES_OPEN
        n = 0
        try:
            with open(self.path, encoding="utf-8") as fh:
                inside = False
                for n, line in enumerate(fh, 1):
                    if not inside:
                        inside = line == opener
                    elif line.startswith("]"):
                        return
                    elif line.strip():
                        if not line.endswith("\n"):
                            break
                        yield checked(json.loads(line.rstrip(",\n"), parse_constant=_strict), self.path, n, edge)
        except (OSError, UnicodeError) as exc:
            raise damaged(self.path, f"cannot be read ({getattr(exc, 'strerror', None) or type(exc).__name__})", n) from None
        except (ValueError, RecursionError) as exc:
            raise damaged(self.path, f"line is not JSON ({type(exc).__name__})", n) from None
        raise damaged(self.path, "ends before its " + ("relationships" if edge else "nodes") + " do (truncated?)", n)

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
            fh.write(json.dumps(extraction_record(ext), ensure_ascii=False, allow_nan=False) + "\n")
            n += 1
    return n
