"""Queries: the prewritten pack in cypher/ — parsed from their headers, run against Neo4j, or
without a server against the output of `kg build` (SPARQL twins in sparql/ over graph.ttl in
pyoxigraph; the path query over graph.json in networkx).

A query file starts with a header of `//` lines:

    // name: top_speedups
    // question: What are the largest claimed speed-ups, by normalised factor?
    // @param limit: 10
    // example:
    //   factor | claim | …
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from .errors import KGError, UnknownQueryError

PACKAGE_DATA = Path(__file__).resolve().parent / "_data"
REPO = Path(__file__).resolve().parent.parent
PARAM_USE = re.compile(r"\$([A-Za-z_]\w*)")
HEADER = re.compile(r"^//\s*(name|question|@param\s+(\w+)|example)\s*:\s*(.*)$")


def data_dir(name: str) -> Path:
    """cypher/, sparql/ or schema/: inside the installed package if it was built with them, else the repository."""
    packaged = PACKAGE_DATA / name
    return packaged if packaged.is_dir() else REPO / name


@dataclass
class Query:
    name: str
    question: str
    params: dict[str, object]
    example: list[str]
    cypher: str
    path: Path
    used: set[str] = field(default_factory=set)

    def bind(self, given: dict[str, str]) -> dict[str, object]:
        """The header's defaults overridden by `given` (strings from the CLI, cast to the default's type)."""
        unknown = sorted(set(given) - set(self.params))
        if unknown:
            valid = ", ".join(sorted(self.params)) or "none"
            raise UnknownQueryError(f"unknown parameter {', '.join(unknown)} for query '{self.name}'; valid: {valid}")
        bound = dict(self.params)
        for key, raw in given.items():
            default = self.params[key]
            try:
                bound[key] = int(raw) if isinstance(default, int) else float(raw) if isinstance(default, float) else raw
            except ValueError:
                raise UnknownQueryError(f"parameter {key} of '{self.name}' takes a number, not {raw!r}") from None
        return bound


def parse_query(path: Path) -> Query:
    """Read one query file; a file without a complete header is an error."""
    text = path.read_text(encoding="utf-8")
    info: dict = {"params": {}, "example": []}
    body: list[str] = []
    in_example = False
    for line in text.splitlines():
        m = HEADER.match(line.strip())
        if m and not body:
            key = m.group(1)
            in_example = key == "example"
            if key.startswith("@param"):
                try:
                    info["params"][m.group(2)] = json.loads(m.group(3))
                except json.JSONDecodeError:
                    raise KGError(f"{path}: default of @param {m.group(2)} is not JSON ({m.group(3)!r}); quote strings") from None
            elif key in ("name", "question"):
                info[key] = m.group(3).strip()
        elif line.startswith("//") and not body:
            if in_example:
                info["example"].append(line[2:].rstrip())
        elif line.strip() or body:
            body.append(line)
    cypher = "\n".join(body).strip()
    if not info.get("name") or not info.get("question"):
        raise KGError(f"{path}: the header needs '// name:' and '// question:' lines")
    return Query(info["name"], info["question"], info["params"], info["example"], cypher, path,
                 set(PARAM_USE.findall(cypher)))


def list_queries() -> dict[str, Query]:
    return {q.name: q for q in map(parse_query, sorted(data_dir("cypher").glob("*.cypher")))}


def get_query(name: str) -> Query:
    queries = list_queries()
    if name not in queries:
        raise UnknownQueryError(f"unknown query '{name}'; available: {', '.join(queries)}. Run `kg query --list`")
    return queries[name]


def run_neo4j(driver, query: Query, params: dict, database: str = "neo4j") -> list[dict]:
    records = driver.execute_query(query.cypher, params, database_=database).records
    return [dict(r) for r in records]


# ---- without a server --------------------------------------------------------------------------

def _python_value(term):
    import pyoxigraph as ox
    if term is None:
        return None
    if isinstance(term, ox.Literal):
        dt = term.datatype.value
        if dt.endswith(("#integer", "#int", "#long")):
            return int(term.value)
        if dt.endswith(("#double", "#decimal", "#float")):
            return float(term.value)
        if dt.endswith("#boolean"):
            return term.value == "true"
        return term.value
    return term.value


class EmbeddedStore:
    """The graph of a `kg build` output directory, queried in-process."""

    def __init__(self, directory: str | Path):
        import pyoxigraph as ox
        self.dir = Path(directory)
        turtle = self.dir / "graph.ttl"
        if not turtle.is_file():
            raise KGError(f"{turtle}: not found; run `kg build INPUT -o {self.dir}` (it writes graph.ttl), "
                          "or set NEO4J_URI to query a server")
        self.store = ox.Store()
        self.store.bulk_load(path=str(turtle), format=ox.RdfFormat.TURTLE)
        self.store.bulk_load(path=str(data_dir("schema") / "mlkg.ttl"), format=ox.RdfFormat.TURTLE)
        self._graph = None

    def run(self, query: Query, params: dict) -> list[dict]:
        if query.name in PYTHON_TWINS:
            return PYTHON_TWINS[query.name](self, params)
        import pyoxigraph as ox
        sparql_path = data_dir("sparql") / f"{query.name}.rq"
        if not sparql_path.is_file():
            raise KGError(f"query '{query.name}' has no SPARQL twin ({sparql_path}); run it against Neo4j")
        sparql = sparql_path.read_text(encoding="utf-8")
        bound = {k: v for k, v in params.items() if k != "limit"}
        if bound:
            # parameters enter as one VALUES row; each value is serialised by pyoxigraph as an
            # escaped RDF literal, so no input can change the query's structure
            names = " ".join(f"?param_{k}" for k in bound)
            values = " ".join(str(ox.Literal(v)) for v in bound.values())
            sparql = sparql.replace("WHERE {", f"WHERE {{ VALUES ({names}) {{ ({values}) }}", 1)
        solutions = self.store.query(sparql)
        names = [v.value for v in solutions.variables]
        rows = [{n: _python_value(s[n]) for n in names} for s in solutions]
        if "limit" in params:
            rows = rows[: int(params["limit"])]
        return rows

    @property
    def graph(self):
        if self._graph is None:
            from .sinks.files import read_graph_json
            self._graph = read_graph_json(self.dir / "graph.json")
        return self._graph


def _path_between_methods(store: EmbeddedStore, params: dict) -> list[dict]:
    """networkx twin of path_between_methods.cypher: all shortest paths up to 8 hops, undirected, avoiding venues."""
    import networkx as nx
    G = store.graph
    label = lambda n: G.nodes[n].get("name") or n  # noqa: E731

    def find(name):
        return [n for n, d in G.nodes(data=True) if d["label"] == "Method" and str(d.get("name", "")).lower() == name.lower()]

    U = nx.subgraph_view(G.to_undirected(as_view=True), filter_node=lambda n: G.nodes[n]["label"] != "Venue")
    rows = []
    for a in find(params["from"]):
        for b in find(params["to"]):
            if a == b:
                continue
            try:
                paths = list(nx.all_shortest_paths(U, a, b))
            except nx.NetworkXNoPath:
                continue
            if len(paths[0]) - 1 > 8:
                continue
            texts = sorted({" / ".join(label(n) for n in p) for p in paths})
            rows.append({"from": label(a), "to": label(b), "hops": len(paths[0]) - 1,
                         "shortest_paths": len(texts), "example_path": texts[0]})
    return rows


PYTHON_TWINS = {"path_between_methods": _path_between_methods}
