"""Neo4j: the batched loader against a real server — idempotent, incremental, removable, safe."""
import threading

import pytest

from conftest import EXAMPLES, TEST_NEO4J_HOME, OwnServer, extract_text
from kg.build import graph_of
from kg.sinks.neo4j import constraint_statements, counts, edge_query, load_graph, node_query, remove_source

pytestmark = pytest.mark.neo4j


def snapshot(driver, db):
    nodes = driver.execute_query("MATCH (n) RETURN n.id AS id, labels(n) AS l, properties(n) AS p ORDER BY id", database_=db).records
    rels = driver.execute_query("MATCH (a)-[r]->(b) RETURN a.id AS a, type(r) AS t, b.id AS b, properties(r) AS p "
                                "ORDER BY a, t, b", database_=db).records
    return [tuple(r.values()) for r in nodes], [tuple(r.values()) for r in rels]


def test_sink_neo4j_load_matches_the_graph_and_is_idempotent(neo4j_driver, neo4j_settings, example_extractions):
    G = graph_of(example_extractions)
    db = neo4j_settings.database
    load_graph(neo4j_driver, G, db, batch_size=7)
    first = snapshot(neo4j_driver, db)
    nodes, rels = counts(neo4j_driver, db)
    assert sum(nodes.values()) == G.number_of_nodes() and sum(rels.values()) == G.number_of_edges()
    load_graph(neo4j_driver, G, db, batch_size=7)
    assert snapshot(neo4j_driver, db) == first


def test_sink_neo4j_streamed_graph_json_loads_the_same_graph(neo4j_driver, neo4j_settings, example_extractions, tmp_path):
    """`kg load` streams graph.json (one node or edge per line): the database equals a load of the
    in-memory graph, with small batches and two node writers."""
    from kg.build import build
    from kg.sinks.neo4j import load_graph_file
    db = neo4j_settings.database
    load_graph(neo4j_driver, graph_of(example_extractions), db)
    expected = snapshot(neo4j_driver, db)
    neo4j_driver.execute_query("MATCH (n) DETACH DELETE n", database_=db)
    build([EXAMPLES / "abstracts.txt"], tmp_path / "out")
    stats = load_graph_file(neo4j_driver, tmp_path / "out" / "graph.json", db, batch_size=5)
    assert snapshot(neo4j_driver, db) == expected
    assert stats.nodes + stats.relationships == len(expected[0]) + len(expected[1])


def test_sink_neo4j_typed_properties_and_evidence(neo4j_driver, neo4j_settings, example_extractions):
    load_graph(neo4j_driver, graph_of(example_extractions), neo4j_settings.database)
    rec = neo4j_driver.execute_query(
        "MATCH (p:Paper)-[c:CLAIMS]->(s:Speedup)-[o:OVER]->(m:Method {name: 'Medusa'}) "
        "RETURN s.factor AS f, o.sentence AS sentence, o.start AS start, o.rule AS rule, p.abstract AS abstract",
        database_=neo4j_settings.database).records[0]
    assert rec["f"] == 1.4 and isinstance(rec["f"], float)
    assert rec["sentence"] in rec["abstract"] and rec["rule"].startswith("claim.") and isinstance(rec["start"], int)
    aliases = neo4j_driver.execute_query("MATCH (t:Technique) WHERE t.aliases IS NOT NULL RETURN t.aliases AS a LIMIT 1",
                                         database_=neo4j_settings.database).records
    assert all(isinstance(r["a"], list) for r in aliases)
    # a mention's confidence is a float on its relationship, as graph.json has it
    G = graph_of(example_extractions)
    want = sorted((u, d["type"], v, d["confidence"]) for u, v, d in G.edges(data=True) if "confidence" in d)
    got = neo4j_driver.execute_query("MATCH (p:Paper)-[r]->(n) WHERE r.confidence IS NOT NULL "
                                     "RETURN p.id AS u, type(r) AS t, n.id AS v, r.confidence AS c",
                                     database_=neo4j_settings.database).records
    assert want and sorted((r["u"], r["t"], r["v"], r["c"]) for r in got) == want
    assert all(isinstance(r["c"], float) for r in got)


def test_sink_neo4j_constraints_exist(neo4j_driver, neo4j_settings, example_extractions):
    load_graph(neo4j_driver, graph_of(example_extractions), neo4j_settings.database)
    names = {r["name"] for r in neo4j_driver.execute_query("SHOW CONSTRAINTS YIELD name", database_=neo4j_settings.database).records}
    assert {s.split()[2] for s in constraint_statements() if s.startswith("CREATE CONSTRAINT")} <= names


def test_sink_neo4j_second_corpus_links_to_existing_entities(neo4j_driver, neo4j_settings, nlp):
    db = neo4j_settings.database
    a = extract_text(nlp, "We propose AlphaSampler, 2× faster than Fast-dLLM on GSM8K.", "a.txt")
    b = extract_text(nlp, "BetaDecoder runs 1.5× faster than Fast-dLLM on GSM8K.", "b.txt")
    load_graph(neo4j_driver, graph_of([a]), db)
    load_graph(neo4j_driver, graph_of([b]), db)
    rec = neo4j_driver.execute_query("MATCH (m:Method {id: 'method:fastdllm'})<-[:OVER]-(s)<-[:CLAIMS]-(p:Paper) "
                                     "UNWIND p.sources AS source RETURN count(DISTINCT m) AS m, collect(DISTINCT source) AS sources",
                                     database_=db).records[0]
    assert rec["m"] == 1 and sorted(rec["sources"]) == ["a.txt", "b.txt"]


def test_sink_neo4j_remove_source_leaves_the_other_corpus(neo4j_driver, neo4j_settings, nlp):
    db = neo4j_settings.database
    a = extract_text(nlp, "We propose AlphaSampler, 2× faster than DDIM on CIFAR-10. Code: https://github.com/a/alpha", "a.txt")
    b = extract_text(nlp, "We propose BetaNet, 3× faster than DDIM on CIFAR-10.", "b.txt")
    load_graph(neo4j_driver, graph_of([b]), db)
    only_b = counts(neo4j_driver, db)
    load_graph(neo4j_driver, graph_of([a]), db)
    assert remove_source(neo4j_driver, "a.txt", db)["papers"] == 1
    assert counts(neo4j_driver, db) == only_b


def test_sink_neo4j_remove_source_keeps_a_paper_another_source_has(neo4j_driver, neo4j_settings, nlp):
    """Two folders with a file of the same name, and one paper in both: removing one folder's file
    deletes only its own papers, and the shared paper stays with the other source."""
    db = neo4j_settings.database
    shared_paper = "We propose AlphaSampler, 2× faster than DDIM on CIFAR-10."
    a = extract_text(nlp, shared_paper, "2023/papers.jsonl", {"id": "arxiv:2401.00001"})
    a2 = extract_text(nlp, "We propose OnlyOld, 3× faster than DDPM.", "2023/papers.jsonl", {"id": "arxiv:2401.00002"})
    b = extract_text(nlp, shared_paper, "2024/papers.jsonl", {"id": "arxiv:2401.00001v2"})
    b2 = extract_text(nlp, "We propose OnlyNew, 4× faster than DDPM.", "2024/papers.jsonl", {"id": "arxiv:2402.00003"})
    load_graph(neo4j_driver, graph_of([a, a2]), db)
    load_graph(neo4j_driver, graph_of([b, b2]), db)
    papers = {r["id"]: sorted(r["s"]) for r in neo4j_driver.execute_query(
        "MATCH (p:Paper) RETURN p.id AS id, p.sources AS s", database_=db).records}
    assert papers == {"paper:arxiv/2401.00001": ["2023/papers.jsonl", "2024/papers.jsonl"],
                      "paper:arxiv/2401.00002": ["2023/papers.jsonl"], "paper:arxiv/2402.00003": ["2024/papers.jsonl"]}
    assert remove_source(neo4j_driver, "papers.jsonl", db)["papers"] == 0  # a base name names no source
    result = remove_source(neo4j_driver, "2023/papers.jsonl", db)
    assert result["papers"] == 1 and result["kept"] == 1
    papers = {r["id"]: r["s"] for r in neo4j_driver.execute_query(
        "MATCH (p:Paper) RETURN p.id AS id, p.sources AS s", database_=db).records}
    assert papers == {"paper:arxiv/2401.00001": ["2024/papers.jsonl"], "paper:arxiv/2402.00003": ["2024/papers.jsonl"]}
    names = {r["n"] for r in neo4j_driver.execute_query("MATCH (m:Method) RETURN m.name AS n", database_=db).records}
    assert "AlphaSampler" in names and "OnlyOld" not in names


def test_sink_neo4j_injection_is_stored_as_data(neo4j_driver, neo4j_settings, nlp):
    db = neo4j_settings.database
    load_graph(neo4j_driver, graph_of([extract_text(nlp, "We propose GammaNet for segmentation.", "keep.txt")]), db)
    before = counts(neo4j_driver, db)
    hostile = ["x'}) DETACH DELETE n //", "`) MATCH (n) DETACH DELETE n", 'a"b\\c {d} //e\nf']
    import networkx as nx
    G = nx.MultiDiGraph()
    for i, name in enumerate(hostile):
        G.add_node(f"method:evil{i}", label="Method", name=name, aliases=[name])
    load_graph(neo4j_driver, G, db)
    stored = {r["n"] for r in neo4j_driver.execute_query("MATCH (m:Method) WHERE m.id STARTS WITH 'method:evil' "
                                                          "RETURN m.name AS n", database_=db).records}
    assert stored == set(hostile)
    after = counts(neo4j_driver, db)
    assert after[0]["Method"] == before[0].get("Method", 0) + 3 and after[0]["Paper"] == before[0]["Paper"]


def test_sink_neo4j_queries_take_labels_only_from_enums():
    with pytest.raises(ValueError):
        node_query("Method) DETACH DELETE (n")
    with pytest.raises(ValueError):
        edge_query("USES]->() DELETE r//", "Paper", "Method")


def test_sink_neo4j_cli_load_and_password_never_printed(run_kg, tmp_path, neo4j_settings, neo4j_driver):
    code, out, err = run_kg("build", EXAMPLES / "abstracts.txt", "-o", tmp_path / "o", "--neo4j")
    assert code == 0, err
    code, out2, err2 = run_kg("load", tmp_path / "o")
    assert code == 0 and "loaded" in err2
    texts = [out, err, out2, err2] + [p.read_text(errors="replace") for p in (tmp_path / "o").rglob("*") if p.is_file()]
    for log in [TEST_NEO4J_HOME / "neo4j.log", *(TEST_NEO4J_HOME / "logs").glob("*.log")]:
        texts.append(log.read_text(errors="replace"))  # the server's own logs
    code, out3, err3 = run_kg("load", tmp_path / "nowhere")
    texts += [out3, err3]
    assert not any(neo4j_settings.password in t for t in texts)


def test_sink_neo4j_wrong_password_and_unreachable_server(run_kg, tmp_path, neo4j_settings):
    (tmp_path / "o").mkdir()
    code, _, err = run_kg("build", EXAMPLES / "abstracts.txt", "-o", tmp_path / "o", "--neo4j",
                          env={"NEO4J_PASSWORD": "not-the-password-123"})
    assert code == 1 and "refused the credentials" in err and "not-the-password-123" not in err
    assert len(err.strip().splitlines()) == 1
    code, _, err = run_kg("load", tmp_path / "o", env={"NEO4J_URI": "bolt://127.0.0.1:1"})
    assert code == 1 and "graph.json: not found" in err
    code, _, err = run_kg("build", EXAMPLES / "abstracts.txt", "-o", tmp_path / "o", "--neo4j",
                          env={"NEO4J_URI": "bolt://127.0.0.1:1"})
    assert code == 1 and "cannot reach Neo4j at bolt://127.0.0.1:1" in err and "scripts/neo4j start" in err


@pytest.mark.slow
def test_sink_neo4j_server_killed_mid_load_then_rerun_gives_one_clean_load(neo4j_driver, neo4j_settings, seed_extractions):
    """Kill the server (SIGKILL) part-way through a load, restart it, rerun: the graph of one clean load."""
    from kg.errors import KGError
    from kg.sinks.neo4j import connect
    G = graph_of(seed_extractions)
    db = neo4j_settings.database
    killed = threading.Event()

    def kill_after_some(n):
        if n >= 150 and not killed.is_set():
            killed.set()
            OwnServer.kill()

    with pytest.raises(KGError, match="went away during the load after"):
        load_graph(neo4j_driver, G, db, batch_size=10, progress=kill_after_some)
    OwnServer.restart()
    with connect(neo4j_settings) as driver:
        load_graph(driver, G, db)  # the rerun
        nodes, rels = counts(driver, db)
    assert sum(nodes.values()) == G.number_of_nodes() and sum(rels.values()) == G.number_of_edges()


@pytest.mark.slow
@pytest.mark.shared
def test_sink_neo4j_load_of_5000_abstracts_survives_two_server_kills(neo4j_driver, neo4j_settings, shared):
    """Kill the server twice during the load of 5,000 abstracts; after restarts and a rerun, the counts of a clean load."""
    from itertools import islice

    from kg.build import extract_documents
    from kg.errors import KGError
    from kg.sinks.neo4j import connect
    from kg.sources import read_documents
    docs = list(islice(read_documents(sorted((shared / "data" / "corpus_papercopilot").glob("*.jsonl.gz"))), 5000))
    G = graph_of(list(extract_documents(docs, workers=2)))
    total = G.number_of_nodes() + G.number_of_edges()
    db = neo4j_settings.database
    driver = neo4j_driver
    for fraction in (0.3, 0.6):
        killed = threading.Event()

        def kill_part_way(n, fraction=fraction, killed=killed):
            if n >= fraction * total and not killed.is_set():
                killed.set()
                OwnServer.kill()

        with pytest.raises(KGError, match="rerun the same command"):
            load_graph(driver, G, db, progress=kill_part_way)
        driver.close()
        OwnServer.restart()
        driver = connect(neo4j_settings)
    load_graph(driver, G, db)
    nodes, rels = counts(driver, db)
    driver.close()
    assert sum(nodes.values()) == G.number_of_nodes() and sum(rels.values()) == G.number_of_edges()


@pytest.mark.slow
@pytest.mark.shared
def test_sink_neo4j_bulk_import_equals_the_unwind_loader(neo4j_driver, neo4j_settings, seed_extractions, tmp_path, run_kg):
    """`kg export --format neo4j-import` + `neo4j-admin database import full` (stopped database, then
    started) gives the same nodes, relationships and properties as the batched loader."""
    from kg.sinks.files import write_graph_json
    from kg.sinks.neo4j import connect
    G = graph_of(seed_extractions)
    db = neo4j_settings.database
    load_graph(neo4j_driver, G, db)
    loaded = snapshot(neo4j_driver, db)
    write_graph_json(G, tmp_path / "graph.json")
    code, out, err = run_kg("export", tmp_path, "--format", "neo4j-import")
    assert code == 0 and "neo4j-admin database import full neo4j" in out, err
    neo4j_driver.close()
    OwnServer.restart("import", tmp_path / "neo4j-import")
    with connect(neo4j_settings) as driver:
        imported = snapshot(driver, db)
    for a, b in zip(imported[0], loaded[0]):
        assert a == b
    assert imported == loaded
