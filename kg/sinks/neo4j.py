"""Sinks: the graph into Neo4j, the way Neo4j's guides load data.

Constraints first (schema/constraints.cypher), then nodes, then relationships, in batches of
`UNWIND $rows … MERGE` on the constrained ids: one query per label or relationship type, labels
and types only from our enums, every value a parameter. Each batch is its own transaction run
through `execute_write`, which retries transient errors. Rows stream in (from a networkx graph or
from graph.json as `kg build` wrote it) and memory holds a few batches. Loading the same graph
twice changes nothing.
"""
from __future__ import annotations

from collections import defaultdict, deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import networkx as nx
from neo4j import GraphDatabase, Driver
from neo4j.exceptions import AuthError, ConfigurationError, ServiceUnavailable, SessionExpired

from ..errors import KGError, Neo4jUnavailableError
from ..ontology import NodeLabel, RelType, label_of
from ..settings import Neo4jSettings
from .files import GraphFile

SCHEMA_DIR = Path(__file__).resolve().parent.parent.parent / "schema"
BATCH = 2000
NODE_WRITERS = 2
START_HINT = "start one with `eval \"$(scripts/neo4j start)\"` or `docker compose up -d --wait`"


def constraints_file() -> Path:
    packaged = Path(__file__).resolve().parent.parent / "_data" / "schema" / "constraints.cypher"
    return packaged if packaged.exists() else SCHEMA_DIR / "constraints.cypher"


def constraint_statements() -> list[str]:
    text = constraints_file().read_text(encoding="utf-8")
    lines = [ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("//")]
    return [s.strip() for s in " ".join(lines).split(";") if s.strip()]


def node_query(label: NodeLabel) -> str:
    if NodeLabel(label) is NodeLabel.PAPER:  # a paper another load brought keeps the sources it had
        return ("UNWIND $rows AS row MERGE (n:Paper {id: row.id}) WITH n, row, coalesce(n.sources, []) AS before "
                "SET n += row.props SET n.sources = before + [s IN coalesce(row.props.sources, []) WHERE NOT s IN before]")
    return f"UNWIND $rows AS row MERGE (n:{NodeLabel(label).value} {{id: row.id}}) SET n += row.props"


def edge_query(rel: RelType, src: NodeLabel, dst: NodeLabel) -> str:
    return (f"UNWIND $rows AS row MATCH (a:{NodeLabel(src).value} {{id: row.src}}) "
            f"MATCH (b:{NodeLabel(dst).value} {{id: row.dst}}) "
            f"MERGE (a)-[r:{RelType(rel).value}]->(b) SET r += row.props")


def connect(settings: Neo4jSettings) -> Driver:
    """An open, verified driver; a clear `Neo4jUnavailableError` within seconds otherwise."""
    if not settings.password:
        raise Neo4jUnavailableError("no Neo4j password: set NEO4J_PASSWORD (kg never takes it as an option)")
    scheme = settings.uri.partition("://")[0].lower()
    if scheme not in ("bolt", "bolt+s", "bolt+ssc", "neo4j", "neo4j+s", "neo4j+ssc"):
        raise Neo4jUnavailableError(f"invalid Neo4j URI {settings.uri!r} (kg speaks Bolt, not {scheme or 'this'}); "
                                    "use bolt://host:7687 or neo4j://host:7687 in --uri or NEO4J_URI")
    try:
        driver = GraphDatabase.driver(settings.uri, auth=(settings.user, settings.password),
                                      connection_timeout=5.0, max_transaction_retry_time=15.0,
                                      notifications_min_severity="OFF")
    except (ValueError, ConfigurationError) as exc:
        raise Neo4jUnavailableError(f"invalid Neo4j URI {settings.uri!r} ({exc}); use bolt://host:7687 or neo4j://host:7687") from None
    try:
        driver.verify_connectivity()
    except AuthError:
        driver.close()
        raise Neo4jUnavailableError(f"Neo4j at {settings.uri} refused the credentials of user {settings.user!r}; "
                                    "check NEO4J_USERNAME and NEO4J_PASSWORD") from None
    except (ServiceUnavailable, SessionExpired, OSError) as exc:
        driver.close()
        raise Neo4jUnavailableError(f"cannot reach Neo4j at {settings.uri} ({type(exc).__name__}); {START_HINT}") from None
    return driver


def _props(data: dict, skip=("label",)) -> dict:
    """Properties as Neo4j stores them: no nulls and no empty lists (absent, as the bulk importer leaves them)."""
    return {k: v for k, v in data.items() if k not in skip and v is not None and v != []}


NodeRow = tuple[NodeLabel, dict]
EdgeRow = tuple[tuple[RelType, NodeLabel, NodeLabel], dict]


def node_rows(G: nx.MultiDiGraph) -> Iterator[NodeRow]:
    """(label, row) for every node of a graph."""
    for nid, data in G.nodes(data=True):
        yield NodeLabel(data["label"]), {"id": nid, "props": _props(data)}


def edge_rows(G: nx.MultiDiGraph) -> Iterator[EdgeRow]:
    """((type, source label, target label), row) for every relationship of a graph."""
    for src, dst, key, data in G.edges(keys=True, data=True):
        k = (RelType(key), NodeLabel(G.nodes[src]["label"]), NodeLabel(G.nodes[dst]["label"]))
        yield k, {"src": src, "dst": dst, "props": _props(data, ("type",))}


def file_rows(graph: GraphFile) -> tuple[Iterator[NodeRow], Iterator[EdgeRow]]:
    """Node rows and edge rows of a graph.json, streamed (endpoint labels from the ids' prefixes)."""
    def nodes():
        for n in graph.nodes():
            yield NodeLabel(n["label"]), {"id": n["id"], "props": _props(n, ("label", "id"))}

    def edges():
        for e in graph.edges():
            key = (RelType(e["key"]), label_of(e["source"]), label_of(e["target"]))
            yield key, {"src": e["source"], "dst": e["target"], "props": _props(e, ("source", "target", "key", "type"))}

    return nodes(), edges()


def plan(G: nx.MultiDiGraph) -> tuple[dict, dict]:
    """Rows per label and per (type, source label, target label), in the graph's order (MERGE on
    constrained ids makes the order irrelevant to the result)."""
    nodes: dict[NodeLabel, list] = defaultdict(list)
    for label, row in node_rows(G):
        nodes[label].append(row)
    edges: dict[tuple, list] = defaultdict(list)
    for key, row in edge_rows(G):
        edges[key].append(row)
    return nodes, edges


def _batches(rows: Iterable[tuple], size: int) -> Iterator[tuple]:
    """(key, batch) with up to `size` rows of one key, from rows of mixed keys in any order;
    memory holds one open batch per key."""
    open_: dict = {}
    for key, row in rows:
        batch = open_.setdefault(key, [])
        batch.append(row)
        if len(batch) >= size:
            yield key, open_.pop(key)
    yield from open_.items()


@dataclass
class LoadStats:
    nodes: int = 0
    relationships: int = 0
    batches: int = 0


def apply_constraints(driver: Driver, database: str) -> None:
    for statement in constraint_statements():
        driver.execute_query(statement, database_=database)


def load_graph(driver: Driver, G: nx.MultiDiGraph, database: str = "neo4j", batch_size: int = BATCH,
               progress: Callable[[int], None] | None = None) -> LoadStats:
    """Write `G` into Neo4j: constraints, nodes, relationships. Idempotent."""
    return load_rows(driver, node_rows(G), edge_rows(G), database, batch_size, progress)


def load_graph_file(driver: Driver, path: str | Path, database: str = "neo4j", batch_size: int = BATCH,
                    progress: Callable[[int], None] | None = None) -> LoadStats:
    """Write the graph.json of a build into Neo4j, streamed: memory does not grow with the graph."""
    return load_rows(driver, *file_rows(GraphFile(path)), database, batch_size, progress)


def load_rows(driver: Driver, nodes: Iterable[NodeRow], edges: Iterable[EdgeRow], database: str = "neo4j",
              batch_size: int = BATCH, progress: Callable[[int], None] | None = None,
              writers: int = NODE_WRITERS) -> LoadStats:
    """Write rows into Neo4j: constraints, then every node, then every relationship. Idempotent.

    Rows are streamed: batches are cut as rows arrive and sent while the next are read. Node
    batches go out over `writers` sessions at once (MERGE on distinct constrained ids never
    conflicts); relationship batches one at a time, since two transactions creating relationships
    on a shared node deadlock.
    """
    stats = LoadStats()
    apply_constraints(driver, database)

    def run(query: str, rows: list) -> int:
        def work(tx):
            tx.run(query, rows=rows).consume()
        with driver.session(database=database) as session:
            session.execute_write(work)
        return len(rows)

    def send(jobs: Iterator[tuple[str, list]], width: int, counter: str) -> None:
        with ThreadPoolExecutor(width, thread_name_prefix="kg-neo4j") as pool:
            pending: deque = deque()

            def settle(future) -> None:
                setattr(stats, counter, getattr(stats, counter) + future.result())
                stats.batches += 1
                if progress:
                    progress(stats.nodes + stats.relationships)

            try:
                for query, rows in jobs:
                    pending.append(pool.submit(run, query, rows))
                    while len(pending) > width:
                        settle(pending.popleft())
                while pending:
                    settle(pending.popleft())
            finally:
                for future in pending:
                    future.cancel()

    try:
        send(((node_query(label), rows) for label, rows in _batches(nodes, batch_size)), writers, "nodes")
        send(((edge_query(*key), rows) for key, rows in _batches(edges, batch_size)), 1, "relationships")
    except (ServiceUnavailable, SessionExpired) as exc:
        raise KGError(f"Neo4j went away during the load after {stats.nodes} nodes and {stats.relationships} "
                      f"relationships ({type(exc).__name__}); rerun the same command once the server is back: "
                      "loading is idempotent") from None
    return stats


REMOVE_QUERY = """
MATCH (p:Paper) WHERE p.sources = [$source]
OPTIONAL MATCH (p)-[:CLAIMS|REPORTS]->(owned)
WITH collect(DISTINCT p) AS papers, collect(DISTINCT owned) AS owned
CALL (papers, owned) {
  UNWIND papers + owned AS n
  MATCH (n)--(neighbour)
  WHERE NOT neighbour IN papers AND NOT neighbour IN owned
  RETURN collect(DISTINCT neighbour) AS neighbours
}
FOREACH (n IN owned | DETACH DELETE n)
FOREACH (n IN papers | DETACH DELETE n)
WITH neighbours
UNWIND neighbours AS n
WITH n WHERE NOT (n)--()
DELETE n
RETURN count(n) AS orphans
"""


KEEP_QUERY = """
MATCH (p:Paper) WHERE $source IN p.sources AND size(p.sources) > 1
SET p.sources = [s IN p.sources WHERE s <> $source]
RETURN count(p) AS kept
"""


def remove_source(driver: Driver, source: str, database: str = "neo4j") -> dict:
    """Delete the papers of one source (the input path a build named it by, e.g.
    `2023/papers.jsonl`), their claims and results, and every node left with no relationship by
    that; nothing else. A paper another source also holds stays, without this source. One transaction."""
    def work(tx):
        papers = tx.run("MATCH (p:Paper) WHERE p.sources = [$source] RETURN count(p) AS n", source=source).single()["n"]
        orphans = tx.run(REMOVE_QUERY, source=source).single()
        kept = tx.run(KEEP_QUERY, source=source).single()["kept"]
        return {"papers": papers, "orphans": orphans["orphans"] if orphans else 0, "kept": kept}
    with driver.session(database=database) as session:
        return session.execute_write(work)


def counts(driver: Driver, database: str = "neo4j") -> tuple[dict, dict]:
    """Nodes per label and relationships per type, as stored."""
    nodes = {r["label"]: r["n"] for r in driver.execute_query(
        "MATCH (n) UNWIND labels(n) AS label RETURN label, count(*) AS n", database_=database).records}
    rels = {r["type"]: r["n"] for r in driver.execute_query(
        "MATCH ()-[r]->() RETURN type(r) AS type, count(*) AS n", database_=database).records}
    return nodes, rels
