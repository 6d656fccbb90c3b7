"""Sinks: graph.json (networkx node-link, sorted, deterministic) and extractions.jsonl (gold record format)."""
from __future__ import annotations

import json
from collections.abc import Iterable
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


def write_extractions(extractions: Iterable[Extraction], path: str | Path, atomic: bool = True) -> int:
    """One `kg extract` record per line; returns the number written."""
    n = 0
    with (atomic_write(path) if atomic else open(path, "w", encoding="utf-8")) as fh:
        for ext in extractions:
            fh.write(json.dumps(extraction_record(ext), ensure_ascii=False) + "\n")
            n += 1
    return n
