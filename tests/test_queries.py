"""Queries: every file documented and consistent; the same rows from Neo4j and without a server;
rows on the seeds that a reader of the abstracts expects; readable columns; names taken from the
graph at hand; the README's commands."""
import csv
import io
import json
import re
import shlex

import pytest

from conftest import EXAMPLES, ROOT, extract_text
from kg.build import graph_of
from kg.errors import KGError
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


@pytest.fixture(scope="module")
def example_store(example_extractions, tmp_path_factory):
    G = graph_of(example_extractions)
    d = tmp_path_factory.mktemp("examplegraph")
    write_rdf(G, d / "graph.ttl")
    write_graph_json(G, d / "graph.json")
    return G, EmbeddedStore(d)


def embedded(store, query, **params):
    q = QUERIES[query]
    return store.run(q, q.bind({k: str(v) for k, v in params.items()}, store.run))


LATEX = re.compile(r"\\[A-Za-z]+|\\[%&_#$]|\$[^$\s][^$]*\$|\*\*\S")


@pytest.mark.shared
def test_queries_embedded_rows_on_the_seeds(seed_store):
    G, store = seed_store
    top = embedded(store, "top_speedups")[0]
    assert top["factor"] == 32.0 and "1024 to 32" in top["evidence"]
    (fast,) = embedded(store, "claims_over_baseline", baseline="Fast-dLLM")
    assert fast["baseline"] == "Fast-dLLM" and fast["factor"] == 1.3
    leader = {(r["method"], r["value"]) for r in embedded(store, "leaderboard", dataset="planar", metric="Valid-Unique-Novelty")}
    assert leader == {("Graph-GRPO", 95.0)}
    tree = embedded(store, "leaderboard", dataset="tree", metric="Valid-Unique-Novelty")
    assert {(r["method"], r["value"]) for r in tree} == {("Graph-GRPO", 97.5)}
    profile = {(r["fact"], r["item"]) for r in embedded(store, "method_profile", method="PASO")}
    assert ("HAS_CODE", "https://github.com/Jianrong-Lu/PASO.git") in profile
    assert {"21× reduction in GD steps", "4.5× speedup in wall-clock time"} <= {i for f, i in profile if f == "CLAIM_ABOUT"}
    on_cifar = embedded(store, "methods_on_dataset", dataset="CIFAR-100")
    assert {"MultiDAP", "Depth-progressive Monotonic Learning"} <= {r["method"] for r in on_cifar}
    code = {r["url"]: r["code"] for r in embedded(store, "papers_with_code")}
    assert code["https://github.com/ZheruiHuang/GeoFlow"] == "ZheruiHuang/GeoFlow"
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
    sharing = embedded(store, "methods_sharing_datasets", method="MultiDAP")  # MultiDAP and DMoL: CIFAR-100
    assert ("Depth-progressive Monotonic Learning", "CIFAR-100") in {(r["method"], r["example_dataset"]) for r in sharing}
    top_technique = embedded(store, "techniques_by_venue_year")[0]
    assert (top_technique["venue"], top_technique["year"], top_technique["technique"]) == ("ICML", 2026, "diffusion models")
    fast = {(r["relationship"], r["direction"], r["other"]) for r in embedded(store, "edge_evidence", name="Fast-dLLM")}
    assert ("OVER", "in", "1.3× over Fast-dLLM with less than 1% accuracy change across reasoning and code benchmarks") in fast
    (path,) = embedded(store, "path_between_methods", **{"from": "DDPM", "to": "GLAD"})  # MultiDAP's paper to GLAD
    assert path["hops"] >= 4 and "ICML" not in path["example_path"] and path["example_path"].endswith("-> GLAD")
    assert re.match(r"DDPM <-USES- \S", path["example_path"])  # names and relationship types, from DDPM


@pytest.mark.shared
@pytest.mark.parametrize("name", sorted(QUERIES))
def test_queries_answers_are_readable(seed_store, name):
    """Papers by title or first words, ids only in *_id columns, evidence without LaTeX or Markdown."""
    G, store = seed_store
    ids = set(G.nodes)
    captions = {d["caption"] for _, d in G.nodes(data=True) if d["label"] == "Paper"}
    rows = embedded(store, name)
    assert rows or name == "conflicting_results"
    for row in rows:
        for column, value in row.items():
            if column.endswith("_id"):
                assert value in ids, (column, value)
            elif isinstance(value, str):
                assert not any(i in value for i in ids), (name, column, value)
            if column.startswith("evidence"):
                assert not LATEX.search(value), (name, column, value)
            if column in ("paper", "example_paper", "paper_a", "paper_b"):
                assert value in captions and value == G.nodes[row[column + "_id"]]["caption"]


@pytest.mark.shared
def test_queries_evidence_is_rendered_and_offsets_still_point_into_the_abstract(seed_store):
    G, store = seed_store
    raw = [(u, v, d) for u, v, d in G.edges(data=True) if "sentence_plain" in d]
    assert raw, "the seeds have evidence with LaTeX or Markdown"
    for u, v, d in raw:
        assert LATEX.search(d["sentence"]) or d["sentence"] != d["sentence_plain"]
        assert not LATEX.search(d["sentence_plain"])
        assert d["sentence"] in G.nodes[u if G.nodes[u]["label"] == "Paper" else v].get("abstract", d["sentence"])
    times = [r for r in embedded(store, "top_speedups", limit=50) if "×" in r["evidence"]]
    assert times and all("\\times" not in r["evidence"] for r in times)


@pytest.mark.shared
def test_queries_header_examples_hold_on_the_seeds(seed_store):
    """Each header's example: its columns are the query's, each row is a row of the answer (cells cut with …)."""
    G, store = seed_store
    for name, q in QUERIES.items():
        lines = [line.strip() for line in q.example if line.strip()]
        columns = [c.strip() for c in lines[0].split(" | ")]
        bound = q.bind({k: v["example"] for k, v in q.params.items() if isinstance(v, dict)}, store.run)
        rows = store.run(q, bound)
        assert not rows or list(rows[0]) == columns, name
        for line in lines[1:]:
            cells = [c.strip() for c in line.split(" | ")]
            assert any(all(shown == ("null" if r[c] is None else str(r[c]))
                           or shown.endswith("…") and str(r[c]).startswith(shown[:-1])
                           for c, shown in zip(columns, cells)) for r in rows), (name, line)


def test_queries_names_left_out_come_from_the_graph(example_store):
    """On a graph that is not the seeds: every default name is a name of this graph, and gives rows."""
    G, store = example_store
    names = {str(d.get("name")).lower() for _, d in G.nodes(data=True) if d.get("name")}
    for name, q in QUERIES.items():
        if not q.graph_params:
            continue
        with pytest.raises(KGError, match=f"needs -p {q.graph_params[0]}=NAME"):
            q.bind({})  # without a graph to ask, a name is required
        bound = q.bind({}, store.run)
        assert all(str(bound[k]).lower() in names for k in q.graph_params), (name, bound)
        if name not in ("methods_sharing_datasets",):  # the examples share no dataset between papers
            assert store.run(q, bound), f"{name} gives no rows with the graph's default {bound}"
    # given names match whatever their case, and through aliases ("AQL" is Anchored Q-Learning)
    assert {r["method"] for r in embedded(store, "method_profile", method="aql")} == {"Anchored Q-Learning"}
    assert {r["baseline"] for r in embedded(store, "claims_over_baseline", baseline="MEDUSA")} == {"Medusa"}


def test_queries_cli_says_which_backend_answered_and_db_wins(run_kg, tmp_path):
    code, _, err = run_kg("build", EXAMPLES / "abstracts.txt", "-o", tmp_path / "out")
    assert code == 0, err
    # --db wins over NEO4J_URI (here a server that does not exist)
    code, out, err = run_kg("query", "claims_over_baseline", "--db", tmp_path / "out", "-f", "json",
                            env={"NEO4J_URI": "bolt://127.0.0.1:1", "NEO4J_PASSWORD": "x"})
    assert code == 0, err
    assert f"answered from {tmp_path / 'out'}/ (no server)" in err
    assert "baseline = 'CQL', taken from the graph" in err and json.loads(out)[0]["baseline"] == "CQL"
    code, out, err = run_kg("query", "claims_over_baseline", "-p", "baseline=nothing", "--db", tmp_path / "out",
                            env={"NEO4J_URI": ""})
    assert code == 0 and "the graph's first candidates: CQL, DDIM, GraphSAGE, Medusa" in err
    code, out, _ = run_kg("query", "--help", env={"COLUMNS": "200"})
    assert "Wins over NEO4J_URI" in out


def _console_blocks(readme: str):
    for block in re.findall(r"```console\n(.*?)```", readme, re.S):
        command, shown = None, []
        for line in block.splitlines():
            if line.startswith("$ "):
                if command:
                    yield command, shown
                command, shown = line[2:], []
            else:
                shown.append(line)
        if command:
            yield command, shown


def test_queries_readme_commands_run_on_the_main_job(run_kg, tmp_path):
    """Every README command shown with its output runs on `kg build examples/abstracts.txt -o out/`
    and prints what the README shows (ids, shown as …, may differ)."""
    code, _, err = run_kg("build", EXAMPLES / "abstracts.txt", "-o", tmp_path / "out")
    assert code == 0, err
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    # the main job: its command block, then (after a sentence) its output block, the summary table on stderr
    main = readme.index("```bash\nkg build examples/abstracts.txt -o out/\n```")
    shown = readme[main:].split("```")[3]  # 1: the command, 2: a sentence, 3: the output
    (tmp_path / "main").mkdir()
    (tmp_path / "main" / "examples").symlink_to(EXAMPLES)
    code, _, err = run_kg("build", "examples/abstracts.txt", "-o", "out/", cwd=tmp_path / "main", env={"NEO4J_URI": ""})
    assert code == 0, err
    table = [line.rstrip() for line in shown.splitlines() if line.startswith("│")]
    assert table and table == [line.rstrip() for line in err.splitlines() if line.startswith("│")]
    blocks = list(_console_blocks(readme))
    assert blocks
    for command, shown in blocks:
        args = shlex.split(command)
        assert args[0] == "kg", command
        code, out, err = run_kg(*args[1:], env={"NEO4J_URI": ""})
        assert code == 0, (command, err)
        for line in (x for x in shown if x.startswith("kg ")):
            assert line in err.splitlines(), (command, line, err)
        expected = list(csv.reader(io.StringIO("\n".join(x for x in shown if not x.startswith("kg ")))))
        actual = list(csv.reader(io.StringIO(out)))
        assert len(actual) == len(expected) > 1, (command, out)
        for e, a in zip(expected, actual):
            assert len(e) == len(a) and all(x == y or x == "…" for x, y in zip(e, a)), (command, e, a)


@pytest.mark.neo4j
@pytest.mark.shared
def test_queries_neo4j_and_embedded_rows_are_identical(neo4j_driver, neo4j_settings, seed_store):
    G, store = seed_store
    load_graph(neo4j_driver, G, neo4j_settings.database)

    def neo4j(q, params):
        return run_neo4j(neo4j_driver, q, params, neo4j_settings.database)

    cases = [(name, {}) for name in QUERIES] + [
        ("method_profile", {"method": "ayt"}), ("claims_over_baseline", {"baseline": "fast-dllm"}),
        ("path_between_methods", {"from": "DDPM", "to": "glad"}), ("edge_evidence", {"name": "Fast-dLLM"}),
        ("leaderboard", {"dataset": "planar", "metric": "valid-unique-novelty"}),
        ("methods_sharing_datasets", {"method": "MultiDAP"}), ("edge_evidence", {"name": "CIFAR-100"}),
        ("confident_entities", {"label": "Task", "min_confidence": "0.5"}),
        ("confident_entities", {"label": "Method", "min_confidence": "0"})]
    for name, given in cases:
        q = QUERIES[name]
        from_neo4j = neo4j(q, q.bind(given, neo4j))
        from_store = store.run(q, q.bind(given, store.run))
        assert from_neo4j == from_store, (name, given)
        assert from_neo4j or name == "conflicting_results", f"{name} {given} returns no rows on the seeds"


# two papers that disagree; one abstract posted twice with two settings each; one number written to two precisions
CONFLICT_TEXTS = [
    ("a.txt", "We propose OmegaNet. OmegaNet reaches 81.0% top-1 accuracy on ImageNet."),
    ("b.txt", "We propose OmegaNet. OmegaNet reaches 79.5% top-1 accuracy on ImageNet."),
    ("c.txt", "We propose SigmaAgent. On ALFWorld, SigmaAgent obtains a 1-shot success rate of 96% and a success rate "
              "of 100% after four rounds."),
    ("d.txt", "We propose SigmaAgent. On ALFWorld, SigmaAgent obtains a 1-shot success rate of 96% and a success rate "
              "of 100% after four rounds."),
    ("e.txt", "We propose RhoVLA. On LIBERO, RhoVLA reaches an average success rate of 97.1%."),
    ("f.txt", "We propose RhoVLA. On LIBERO, RhoVLA reaches an average success rate of 97%."),
]


def conflict_graph(nlp):
    exts = [extract_text(nlp, text, source) for source, text in CONFLICT_TEXTS]
    # the fixture is what the query is asked about: each paper's scores are there as written
    assert [sorted((r.value, r.dataset) for r in e.results) for e in exts][2:5] == [
        [(96.0, "ALFWorld"), (100.0, "ALFWorld")], [(96.0, "ALFWorld"), (100.0, "ALFWorld")], [(97.1, "LIBERO")]]
    return graph_of(exts)


def test_queries_conflicting_results_only_real_disagreements(nlp, tmp_path):
    write_rdf(conflict_graph(nlp), tmp_path / "graph.ttl")
    q = QUERIES["conflicting_results"]
    rows = EmbeddedStore(tmp_path).run(q, q.bind({}))
    assert [(r["method"], r["value_a"], r["value_b"]) for r in rows] == [("OmegaNet", 81.0, 79.5)]


@pytest.mark.neo4j
def test_queries_conflicting_results_both_ways(neo4j_driver, neo4j_settings, nlp, tmp_path):
    G = conflict_graph(nlp)
    load_graph(neo4j_driver, G, neo4j_settings.database)
    write_rdf(G, tmp_path / "graph.ttl")
    write_graph_json(G, tmp_path / "graph.json")
    q = QUERIES["conflicting_results"]
    rows = run_neo4j(neo4j_driver, q, q.bind({}), neo4j_settings.database)
    assert rows == EmbeddedStore(tmp_path).run(q, q.bind({}))
    assert rows[0]["paper_a"].startswith("We propose OmegaNet") and rows[0]["paper_a_id"] != rows[0]["paper_b_id"]
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


# best first: the highest accuracy, the lowest FID (a measure where lower is better)
DIRECTION_TEXTS = [
    ("g.txt", "We propose ZetaGen. ZetaGen reaches 2.5 FID and 80.5% accuracy on ImageNet."),
    ("h.txt", "We propose EtaGen. EtaGen reaches 1.75 FID and 78.25% accuracy on ImageNet."),
]


def direction_rows(run):
    q, top = QUERIES["leaderboard"], QUERIES["top_leaderboards"]
    fid = [r["value"] for r in run(q, q.bind({"dataset": "ImageNet", "metric": "FID"}))]
    acc = [r["value"] for r in run(q, q.bind({"dataset": "ImageNet", "metric": "accuracy"}))]
    best = {r["metric"]: r["best_value"] for r in run(top, top.bind({}))}
    return fid, acc, best


def test_queries_leaderboard_best_first_each_way(nlp, tmp_path):
    write_rdf(graph_of([extract_text(nlp, t, s) for s, t in DIRECTION_TEXTS]), tmp_path / "graph.ttl")
    fid, acc, best = direction_rows(EmbeddedStore(tmp_path).run)
    assert fid == [1.75, 2.5] and acc == [80.5, 78.25]
    assert best == {"FID": 1.75, "accuracy": 80.5}


@pytest.mark.neo4j
def test_queries_leaderboard_best_first_on_neo4j(neo4j_driver, neo4j_settings, nlp, tmp_path):
    G = graph_of([extract_text(nlp, t, s) for s, t in DIRECTION_TEXTS])
    load_graph(neo4j_driver, G, neo4j_settings.database)
    write_rdf(G, tmp_path / "graph.ttl")

    def run(q, bound):
        return run_neo4j(neo4j_driver, q, bound, neo4j_settings.database)
    assert direction_rows(run) == direction_rows(EmbeddedStore(tmp_path).run)
    assert direction_rows(run)[0] == [1.75, 2.5]


def title_graph(nlp):
    """One paper whose name only its title writes: its PROPOSES relationship's evidence is the title."""
    return graph_of([extract_text(nlp, "We introduce a method that embeds tasks. It trains 3× faster than meta-learning.",
                                  meta={"title": "Task2Vec: Task Embedding for Meta-Learning"})])


def test_queries_edge_evidence_says_which_part_of_the_paper(nlp, tmp_path):
    write_rdf(title_graph(nlp), tmp_path / "graph.ttl")
    rows = embedded(EmbeddedStore(tmp_path), "edge_evidence", name="Task2Vec")
    parts = {(r["relationship"], r["part"], r["evidence"], r["start"], r["end"]) for r in rows}
    assert ("PROPOSES", "title", "Task2Vec: Task Embedding for Meta-Learning", 0, 8) in parts
    assert {r["part"] for r in rows if r["relationship"] != "PROPOSES"} == {"abstract"}  # the claim ABOUT it


@pytest.mark.neo4j
def test_queries_edge_evidence_part_both_ways(neo4j_driver, neo4j_settings, nlp, tmp_path):
    G = title_graph(nlp)
    load_graph(neo4j_driver, G, neo4j_settings.database)
    write_rdf(G, tmp_path / "graph.ttl")
    q = QUERIES["edge_evidence"]
    rows = run_neo4j(neo4j_driver, q, q.bind({"name": "Task2Vec"}), neo4j_settings.database)
    assert rows == EmbeddedStore(tmp_path).run(q, q.bind({"name": "Task2Vec"}))
    assert "title" in {r["part"] for r in rows}


@pytest.mark.shared
def test_queries_confident_entities_keeps_what_the_typer_is_sure_of(seed_store):
    """Raising the bar keeps fewer entities, each with a mention at or above it; the papers that name an entity
    sure are among all that name it; every row is of the label asked for."""
    G, store = seed_store
    rows = {bar: embedded(store, "confident_entities", label="Task", min_confidence=str(bar), limit="1000")
            for bar in (0.0, 0.5, 0.9)}
    assert len(rows[0.0]) > len(rows[0.5]) > len(rows[0.9]) > 0
    tasks = {d["name"] for _, d in G.nodes(data=True) if d["label"] == "Task"}
    for bar, found in rows.items():
        for r in found:
            assert r["entity"] in tasks and r["best_confidence"] >= bar and 1 <= r["sure_papers"] <= r["papers"]
    best = {}
    for u, v, d in G.edges(data=True):
        if G.nodes[v]["label"] == "Task" and "confidence" in d:
            best[G.nodes[v]["name"]] = max(best.get(G.nodes[v]["name"], 0.0), d["confidence"])
    assert {r["entity"]: r["best_confidence"] for r in rows[0.0]} == best
