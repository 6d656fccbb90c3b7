"""Queries: the prewritten pack in cypher/ — parsed from their headers, run against Neo4j, or
without a server against the output of `kg build` (SPARQL twins in sparql/ over graph.ttl in
pyoxigraph; the path query over graph.json in networkx).

A query file starts with a header of `//` lines:

    // name: top_speedups
    // question: What are the largest claimed speed-ups, by normalised factor?
    // @param limit: 10
    // @param baseline: {"from": "top_baselines"}
    // example:
    //   factor | claim | …

A parameter's default is a JSON value, or `{"from": QUERY}`: a name taken from the graph at hand,
the first row of another query of the pack (its column named like the parameter, or `"column"`;
`"row"`: n for the n-th row; rows that disagree with parameters given are skipped).
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
HEADER = re.compile(r"^//\s*(name|question|@param\s+(\w+)|@column\s+(\w+)|example)\s*:\s*(.*)$")


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
    columns: dict[str, str] = field(default_factory=dict)  # `// @column name: what it means`

    def bind(self, given: dict[str, str], run=None) -> dict[str, object]:
        """The header's defaults overridden by `given` (strings from the CLI, cast to the default's type).

        `run(query, params) -> rows` answers on the graph at hand; it gives the defaults taken from
        the graph (`{"from": QUERY}`). Without it such a parameter is required."""
        self.check(given)
        bound = {k: v for k, v in self.params.items() if not isinstance(v, dict)}
        for key, raw in given.items():
            default = self.params[key]
            try:
                bound[key] = int(raw) if isinstance(default, int) else float(raw) if isinstance(default, float) else raw
            except ValueError:
                raise UnknownQueryError(f"parameter {key} of '{self.name}' takes a number, not {raw!r}") from None
        for key in self.graph_params:
            if key not in bound:
                bound[key] = self.graph_default(key, given, run)
        return bound

    def check(self, given: dict[str, str]) -> None:
        unknown = sorted(set(given) - set(self.params))
        if unknown:
            valid = ", ".join(sorted(self.params)) or "none"
            raise UnknownQueryError(f"unknown parameter {', '.join(unknown)} for query '{self.name}'; valid: {valid}")

    @property
    def graph_params(self) -> list[str]:
        """The parameters whose default comes from the graph."""
        return [k for k, v in self.params.items() if isinstance(v, dict)]

    def candidates(self, key: str, given: dict[str, str], run, n: int = 5) -> list[str]:
        """The graph's first names for parameter `key` (rows of its source query that agree with `given`)."""
        spec = self.params[key]
        source = get_query(spec["from"])
        column = spec.get("column", key)
        rows = run(source, source.bind({}, run))
        agree = [r for r in rows if all(str(r.get(k, v)).lower() == str(v).lower() for k, v in given.items() if k != key)]
        return [r[column] for r in (agree or rows)][: max(n, spec.get("row", 0) + 1)]

    def graph_default(self, key: str, given: dict[str, str], run) -> str:
        spec = self.params[key]
        if run is None:
            raise KGError(f"query '{self.name}' needs -p {key}=NAME (its default is taken from the graph, "
                          f"see `kg query {spec['from']}`)")
        names = self.candidates(key, given, run)
        row = spec.get("row", 0)
        if len(names) <= row:
            raise KGError(f"query '{self.name}' needs -p {key}=NAME: the graph has no default for it "
                          f"(`kg query {spec['from']}` returns {len(names)} rows)")
        return names[row]


def parse_query(path: Path) -> Query:
    """Read one query file; a file without a complete header is an error."""
    text = path.read_text(encoding="utf-8")
    info: dict = {"params": {}, "example": [], "columns": {}}
    body: list[str] = []
    in_example = False
    for line in text.splitlines():
        m = HEADER.match(line.strip())
        if m and not body:
            key = m.group(1)
            in_example = key == "example"
            if key.startswith("@param"):
                try:
                    info["params"][m.group(2)] = json.loads(m.group(4))
                except json.JSONDecodeError:
                    raise KGError(f"{path}: default of @param {m.group(2)} is not JSON ({m.group(4)!r}); quote strings") from None
            elif key.startswith("@column"):
                info["columns"][m.group(3)] = m.group(4).strip()
            elif key in ("name", "question"):
                info[key] = m.group(4).strip()
        elif line.startswith("//") and not body:
            if in_example:
                info["example"].append(line[2:].rstrip())
        elif line.strip() or body:
            body.append(line)
    cypher = "\n".join(body).strip()
    if not info.get("name") or not info.get("question"):
        raise KGError(f"{path}: the header needs '// name:' and '// question:' lines")
    return Query(info["name"], info["question"], info["params"], info["example"], cypher, path,
                 set(PARAM_USE.findall(cypher)), info["columns"])


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
            sparql = sparql.replace("WHERE {", f"WHERE {{ VALUES ({names}) {{ ({values}) }}")  # in every (sub)query
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


def _display(data: dict, nid: str) -> str:
    return next((data[k] for k in ("name", "caption", "text") if data.get(k) is not None), nid)


def _path_between_methods(store: EmbeddedStore, params: dict) -> list[dict]:
    """networkx twin of path_between_methods.cypher: all shortest paths up to 8 hops, undirected, avoiding
    venues; a path is written as names and relationship types, one string per sequence of relationships."""
    import itertools

    import networkx as nx
    G = store.graph

    def find(name):
        name = name.lower()
        return [n for n, d in G.nodes(data=True) if d["label"] == "Method"
                and (str(d.get("name", "")).lower() == name or name in (str(a).lower() for a in d.get("aliases") or []))]

    def steps(u, v):
        out = [f" -{k}-> " for k in (G[u][v] if G.has_edge(u, v) else {})]
        out += [f" <-{k}- " for k in (G[v][u] if G.has_edge(v, u) else {})]
        return out

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
            texts = set()
            for p in paths:
                names = [_display(G.nodes[n], n) for n in p]
                for rels in itertools.product(*(steps(u, v) for u, v in zip(p, p[1:]))):
                    texts.add(names[0] + "".join(r + n for r, n in zip(rels, names[1:])))
            rows.append({"from": _display(G.nodes[a], a), "to": _display(G.nodes[b], b), "hops": len(paths[0]) - 1,
                         "shortest_paths": len(texts), "example_path": min(texts)})
    return sorted(rows, key=lambda r: (r["from"], r["to"]))


PYTHON_TWINS = {"path_between_methods": _path_between_methods}
