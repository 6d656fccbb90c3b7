"""Queries: every file documented and consistent; the same rows from Neo4j and without a server;
rows on the seeds that a reader of the abstracts expects."""
import json

import pytest

from conftest import EXAMPLES, ROOT, extract_text
from kg.build import graph_of
from kg.queries import PYTHON_TWINS, EmbeddedStore, data_dir, list_queries, parse_query, run_neo4j
from kg.sinks.files import write_graph_json
from kg.sinks.neo4j import load_graph
from kg.sinks.rdf import write_rdf

QUERIES = list_queries()


def test_queries_pack_has_at_least_15():
    assert len(QUERIES) >= 15


@pytest.mark.parametrize("name", sorted(QUERIES))
def test_queries_header_and_parameters_agree(name):
    q = QUERIES[name]
    assert q.path.stem == q.name and q.question.endswith("?") or q.question.endswith(".")
    assert q.example, f"{name}: the header needs an example of its output"
    assert q.used == set(q.params), f"{name}: declared {sorted(q.params)} but uses {sorted(q.used)}"


@pytest.mark.parametrize("name", sorted(QUERIES))
def test_queries_listed_in_readme_and_have_a_serverless_twin(name):
    assert f"`{name}`" in (ROOT / "README.md").read_text()
    assert (data_dir("sparql") / f"{name}.rq").is_file() or name in PYTHON_TWINS


def test_queries_header_errors_are_reported(tmp_path):
    bad = tmp_path / "bad.cypher"
    bad.write_text("MATCH (n) RETURN n\n")
    with pytest.raises(Exception, match="header needs"):
        parse_query(bad)


def test_queries_cli_unknown_name_and_parameter(run_kg, tmp_path):
    code, _, err = run_kg("query", "no_such_query", "--db", tmp_path, env={"NEO4J_URI": ""})
    assert code == 1 and "top_speedups" in err and len(err.strip().splitlines()) == 1
    code, _, err = run_kg("query", "top_speedups", "--param", "limt=3", "--db", tmp_path, env={"NEO4J_URI": ""})
    assert code == 1 and "valid: limit" in err


@pytest.fixture(scope="module")
def seed_store(seed_extractions, tmp_path_factory):
    G = graph_of(seed_extractions)
    d = tmp_path_factory.mktemp("seedgraph")
    write_rdf(G, d / "graph.ttl")
    write_graph_json(G, d / "graph.json")
    return G, EmbeddedStore(d)


def embedded(store, name, **params):
    q = QUERIES[name]
    return store.run(q, q.bind({k: str(v) for k, v in params.items()}))


@pytest.mark.shared
def test_queries_embedded_rows_on_the_seeds(seed_store):
    G, store = seed_store
    top = embedded(store, "top_speedups")[0]
    assert top["factor"] == 32.0 and "1024 to 32" in top["evidence"]
    (fast,) = embedded(store, "claims_over_baseline")
    assert fast["baseline"] == "Fast-dLLM" and fast["factor"] == 1.3
    assert {(r["method"], r["value"]) for r in embedded(store, "leaderboard")} == {("Graph-GRPO", 95.0)}
    assert {(r["method"], r["value"]) for r in embedded(store, "leaderboard", dataset="tree")} == {("Graph-GRPO", 97.5)}
    profile = {(r["fact"], r["item"]) for r in embedded(store, "method_profile")}
    assert ("HAS_CODE", "https://github.com/Jianrong-Lu/PASO.git") in profile
    assert {"21× reduction in GD steps", "4.5× speedup in wall-clock time"} <= {i for f, i in profile if f == "CLAIM_ABOUT"}
    assert {"MultiDAP", "Depth-progressive Monotonic Learning"} <= {r["method"] for r in embedded(store, "methods_on_dataset")}
    assert "https://github.com/ZheruiHuang/GeoFlow" in {r["code"] for r in embedded(store, "papers_with_code")}
    assert {"Fast-dLLM", "HYPIR"} <= {r["baseline"] for r in embedded(store, "top_baselines")}
    overview = {(r["kind"], r["name"]): r["count"] for r in embedded(store, "graph_overview")}
    assert overview[("node", "Paper")] == 38
    assert sum(c for (k, _), c in overview.items() if k == "relationship") == G.number_of_edges()
    assert embedded(store, "top_datasets")[0]["papers"] == 2
    # claims with no baseline method: the 21× GD-step reduction, and "vanilla dLLMs" kept as text
    unbased = {(r["factor"], r["generic_baseline"]) for r in embedded(store, "claims_without_baseline")}
    assert (21.0, None) in unbased and (7.0, "vanilla dLLMs") in unbased
    assert ("FID", 2) in {(r["metric"], r["papers"]) for r in embedded(store, "top_metrics")}  # XDLM and SemanticNVS
    assert any(r["metric"] == "Valid-Unique-Novelty" for r in embedded(store, "metrics_per_task"))
    sharing = embedded(store, "methods_sharing_datasets")  # MultiDAP and DMoL both evaluate on CIFAR-100
    assert ("Depth-progressive Monotonic Learning", "CIFAR-100") in {(r["method"], r["example_dataset"]) for r in sharing}
    top_technique = embedded(store, "techniques_by_venue_year")[0]
    assert (top_technique["venue"], top_technique["year"], top_technique["technique"]) == ("ICML", 2026, "diffusion models")
    fast = {(r["relationship"], r["direction"]) for r in embedded(store, "edge_evidence")}
    assert ("OVER", "in") in fast and ("USES", "in") in fast
    (path,) = embedded(store, "path_between_methods")  # DDPM (MultiDAP's paper) to GLAD, not through the venue
    assert path["hops"] >= 4 and "ICML" not in path["example_path"] and path["example_path"].endswith("GLAD")


@pytest.mark.neo4j
@pytest.mark.shared
def test_queries_neo4j_and_embedded_rows_are_identical(neo4j_driver, neo4j_settings, seed_store):
    G, store = seed_store
    load_graph(neo4j_driver, G, neo4j_settings.database)
    for name, q in QUERIES.items():
        params = q.bind({})
        from_neo4j = run_neo4j(neo4j_driver, q, params, neo4j_settings.database)
        from_store = store.run(q, params)
        assert from_neo4j == from_store, name
        assert from_neo4j or name == "conflicting_results", f"{name} returns no rows on the seeds"


@pytest.mark.neo4j
def test_queries_conflicting_results_both_ways(neo4j_driver, neo4j_settings, nlp, tmp_path):
    a = extract_text(nlp, "We propose OmegaNet. OmegaNet reaches 81.0% top-1 accuracy on ImageNet.", "a.txt")
    b = extract_text(nlp, "We propose OmegaNet. OmegaNet reaches 79.5% top-1 accuracy on ImageNet.", "b.txt")
    G = graph_of([a, b])
    load_graph(neo4j_driver, G, neo4j_settings.database)
    write_rdf(G, tmp_path / "graph.ttl")
    write_graph_json(G, tmp_path / "graph.json")
    q = QUERIES["conflicting_results"]
    rows = run_neo4j(neo4j_driver, q, q.bind({}), neo4j_settings.database)
    assert rows == EmbeddedStore(tmp_path).run(q, q.bind({}))
    assert [(r["method"], r["value_a"], r["value_b"]) for r in rows] == [("OmegaNet", 81.0, 79.5)]


def test_queries_cli_against_build_output(run_kg, tmp_path):
    code, _, err = run_kg("build", EXAMPLES / "abstracts.txt", "-o", tmp_path / "out")
    assert code == 0, err
    code, out, err = run_kg("query", "top_speedups", "-p", "limit=2", "--db", tmp_path / "out", "-f", "json",
                            env={"NEO4J_URI": ""})
    assert code == 0, err
    rows = json.loads(out)
    assert [r["factor"] for r in rows] == sorted((r["factor"] for r in rows), reverse=True) and len(rows) == 2
    assert all(r["evidence"] for r in rows)
