"""Sinks: the graph as CSV files for `neo4j-admin database import full`, the bulk path for large graphs.

One node file per label (`id:ID`, `:LABEL`, typed properties) and one relationship file per type
(`:START_ID`, `:END_ID`, `:TYPE`, evidence), with the header in the first line. Lists (aliases,
authors) use the unit separator U+001F as array delimiter, since names may hold `;` or `|`;
evidence sentences may hold newlines, hence `--multiline-fields=true`.
"""
from __future__ import annotations

import csv
import shlex
from contextlib import ExitStack
from pathlib import Path

from ..ontology import EVIDENCE_PROPERTIES, NODE_PROPERTIES, NodeLabel, RelType
from .atomic import Staged
from .files import GraphFile

ARRAY_DELIMITER = "\x1f"
CSV_TYPES = {str: "string", int: "long", float: "double", list: "string[]"}


def _cell(value):
    if value is None:
        return ""
    if isinstance(value, list):
        return ARRAY_DELIMITER.join(str(v).replace(ARRAY_DELIMITER, " ") for v in value)
    return value


def write_import_csv(graph: GraphFile, directory: str | Path, database: str = "neo4j") -> list[Path]:
    """Write the CSV files and `import-args.txt` (the neo4j-admin arguments, one per line, for
    `scripts/neo4j import`); returns the CSV paths, nodes first. The graph is streamed: one open
    file per label and type, rows in the order of graph.json."""
    out = Path(directory)
    with Staged(out) as stage, ExitStack() as files:
        writers: dict = {}

        def writer(name: str, header: list[str]):
            if name not in writers:
                fh = files.enter_context(open(stage.path(name), "w", encoding="utf-8", newline=""))
                writers[name] = csv.writer(fh)
                writers[name].writerow(header)
            return writers[name]

        for node in graph.nodes():
            label = NodeLabel(node["label"])
            props = NODE_PROPERTIES[label]
            writer(f"nodes_{label.value}.csv", ["id:ID", ":LABEL"] + [f"{k}:{CSV_TYPES[t]}" for k, t in props.items()]
                   ).writerow([node["id"], label.value] + [_cell(node.get(k)) for k in props])
        header = [":START_ID", ":END_ID", ":TYPE"] + [f"{k}:{CSV_TYPES[t]}" for k, t in EVIDENCE_PROPERTIES.items()]
        for edge in graph.edges():
            rel = RelType(edge["key"])
            writer(f"relationships_{rel.value}.csv", header).writerow(
                [edge["source"], edge["target"], rel.value] + [_cell(edge.get(k)) for k in EVIDENCE_PROPERTIES])
        files.close()
        names = sorted((final for final in stage.files), key=lambda p: (not p.name.startswith("nodes_"), p.name))
        with open(stage.path("import-args.txt"), "w", encoding="utf-8") as fh:
            fh.write("\n".join(import_command(names, database)) + "\n")
        stage.commit()
        return names


def import_command(files: list[Path], database: str = "neo4j") -> list[str]:
    """The `neo4j-admin database import full` arguments for these files (names relative to their folder)."""
    args = ["database", "import", "full", database, "--overwrite-destination=true", "--multiline-fields=true",
            f"--array-delimiter={ARRAY_DELIMITER}"]
    args += [f"--nodes={p.name}" for p in files if p.name.startswith("nodes_")]
    args += [f"--relationships={p.name}" for p in files if p.name.startswith("relationships_")]
    return args


def shell_command(files: list[Path], database: str = "neo4j") -> str:
    """The command line to run in the export folder (bash quoting for the U+001F delimiter)."""
    args = import_command(files, database)
    return "neo4j-admin " + " ".join("--array-delimiter=$'\\x1f'" if a.startswith("--array-delimiter") else shlex.quote(a)
                                     for a in args)
