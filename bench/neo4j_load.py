"""Benchmark: the batched UNWIND … MERGE loader against a naive one-MERGE-per-row loader.

    eval "$(scripts/neo4j start)"; python bench/neo4j_load.py [--limit 20000] [--naive-limit 1000]

Builds the graph of the first N abstracts of ../shared/data/corpus_papercopilot, loads it into
the local server with the batched loader (empty database, constraints applied), then loads the
graph of the first M abstracts with one auto-commit MERGE per node and per relationship, and
prints nodes+relationships per second for both and their ratio. The batched figure is the median of
--repeat loads into an emptied database after a first (cold JVM) load, which is printed too.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from itertools import islice
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kg.build import default_workers, extract_documents, graph_of  # noqa: E402
from kg.settings import Neo4jSettings  # noqa: E402
from kg.sinks.neo4j import apply_constraints, connect, edge_query, load_graph, node_query, plan  # noqa: E402
from kg.sources import read_documents  # noqa: E402

CORPUS = ROOT.parent / "shared" / "data" / "corpus_papercopilot"


def clear(driver, db):
    while driver.execute_query("MATCH (n) WITH n LIMIT 20000 DETACH DELETE n RETURN count(*) AS c",
                               database_=db).records[0]["c"]:
        pass


def naive_load(driver, G, db) -> int:
    nodes, edges = plan(G)
    n = 0
    with driver.session(database=db) as session:
        for label, rows in nodes.items():
            q = node_query(label).replace("UNWIND $rows AS row ", "").replace("row.", "$")
            for row in rows:
                session.run(q, id=row["id"], props=row["props"]).consume()
                n += 1
        for (rel, src, dst), rows in edges.items():
            q = edge_query(rel, src, dst).replace("UNWIND $rows AS row ", "").replace("row.", "$")
            for row in rows:
                session.run(q, src=row["src"], dst=row["dst"], props=row["props"]).consume()
                n += 1
    return n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, default=20000)
    ap.add_argument("--naive-limit", type=int, default=1000)
    ap.add_argument("--repeat", type=int, default=5, help="warm loads to take the median of")
    args = ap.parse_args()
    settings = Neo4jSettings.from_env()
    driver = connect(settings)
    db = settings.database
    docs = list(islice(read_documents(sorted(CORPUS.glob("*.jsonl.gz"))), args.limit))
    t = time.perf_counter()
    exts = list(extract_documents(docs, workers=default_workers()))
    print(f"extracted {len(exts)} abstracts in {time.perf_counter() - t:.1f} s")
    G = graph_of(exts)
    total = G.number_of_nodes() + G.number_of_edges()
    print(f"graph: {G.number_of_nodes()} nodes, {G.number_of_edges()} relationships")

    clear(driver, db)
    t = time.perf_counter()
    load_graph(driver, G, db)
    cold = time.perf_counter() - t
    print(f"batched loader, first load after a server start (cold JVM): {total / cold:,.0f} nodes+rels/s ({cold:.1f} s)")
    runs = []
    for _ in range(args.repeat):
        clear(driver, db)
        t = time.perf_counter()
        stats = load_graph(driver, G, db)
        runs.append(time.perf_counter() - t)
    batched = statistics.median(runs)
    print(f"batched loader, warm server, empty database: {total} in {batched:.1f} s (median of {args.repeat}; "
          f"runs {', '.join(f'{total / r:,.0f}' for r in runs)}/s) = {total / batched:,.0f} nodes+rels/s "
          f"({stats.batches} batches)")
    t = time.perf_counter()
    load_graph(driver, G, db)
    print(f"batched reload (idempotent, nothing changes): {time.perf_counter() - t:.1f} s")

    small = graph_of(exts[:args.naive_limit])
    small_total = small.number_of_nodes() + small.number_of_edges()
    clear(driver, db)
    apply_constraints(driver, db)
    t = time.perf_counter()
    naive_load(driver, small, db)
    naive = time.perf_counter() - t
    print(f"naive loader ({args.naive_limit} abstracts): {small_total} in {naive:.1f} s = {small_total / naive:,.0f} nodes+rels/s")
    print(f"ratio batched (warm) / naive: {(total / batched) / (small_total / naive):.1f}x; "
          f"batched (cold) / naive: {(total / cold) / (small_total / naive):.1f}x")
    clear(driver, db)
    driver.close()


if __name__ == "__main__":
    main()
