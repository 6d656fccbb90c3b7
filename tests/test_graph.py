"""Graph: only declared patterns, evidence on every edge read from text, claims linked to methods."""
from kg.build import graph_of
from kg.graph import repository_id
from kg.ontology import PATTERNS, NodeLabel, RelType


def test_graph_edges_follow_the_ontology(example_extractions):
    G = graph_of(example_extractions)
    for u, v, k in G.edges(keys=True):
        assert (NodeLabel(G.nodes[u]["label"]), RelType(k), NodeLabel(G.nodes[v]["label"])) in PATTERNS


def test_graph_text_edges_carry_evidence(example_extractions):
    G = graph_of(example_extractions)
    texts = {n: d["abstract"] for n, d in G.nodes(data=True) if d["label"] == "Paper"}
    for u, v, k, d in G.edges(keys=True, data=True):
        if k == "PUBLISHED_IN":
            continue
        assert {"sentence", "start", "end", "rule"} <= set(d), (u, k, v)
        paper = u if u in texts else next(p for p in G.predecessors(u) if p in texts)
        assert d["sentence"] in texts[paper]


def test_graph_speedup_links_method_and_baseline(example_extractions):
    G = graph_of(example_extractions)
    over = {(G.nodes[s]["value"], G.nodes[m]["name"]) for s, m, k in G.edges(keys=True) if k == "OVER"}
    assert (1.4, "Medusa") in over and (3.2, "DDIM") in over
    about = {G.nodes[m]["name"] for s, m, k in G.edges(keys=True) if k == "ABOUT"}
    assert {"LeapFlow", "BranchSpec", "HopMix"} <= about


def test_graph_generic_baselines_stay_text(example_extractions):
    G = graph_of(example_extractions)
    s = next(n for n, d in G.nodes(data=True) if d.get("baseline_text") == "standard decoding")
    assert not [k for _, _, k in G.out_edges(s, keys=True) if k == "OVER"]


def test_graph_speedup_factor_is_a_float(example_extractions):
    G = graph_of(example_extractions)
    factors = [d["factor"] for _, d in G.nodes(data=True) if d["label"] == "Speedup" and "factor" in d]
    assert factors and all(isinstance(f, float) for f in factors)


def test_graph_repository_id_normalises_urls():
    assert repository_id("https://github.com/A/B.git") == repository_id("http://www.github.com/a/b/")


def test_graph_a_proposed_benchmark_is_one_dataset_node(nlp):
    from conftest import extract_text

    ext = extract_text(nlp, "We present PlotQuizBench, a benchmark of 500 interactive figures with questions. "
                            "Strong models still fail on PlotQuizBench.")
    G = graph_of([ext])
    labels = {d["label"] for n, d in G.nodes(data=True) if d.get("name") == "PlotQuizBench"}
    assert labels == {"Dataset"}
    rels = {d["type"] for u, v, d in G.edges(data=True) if G.nodes[v].get("name") == "PlotQuizBench"}
    assert rels == {"PROPOSES", "EVALUATED_ON"}


def test_graph_a_proposed_metric_is_one_metric_node(nlp):
    from conftest import extract_text

    ext = extract_text(nlp, "We introduce TRank (Trajectory Ranker), a novel reference-free trajectory metric "
                            "for motion planners. TRank agrees with human rankings.")
    G = graph_of([ext])
    nodes = {n for n, d in G.nodes(data=True) if d.get("name") in ("TRank", "Trajectory Ranker")}
    assert {G.nodes[n]["label"] for n in nodes} == {"Metric"}
    rels = {d["type"] for u, v, d in G.edges(data=True) if v in nodes}
    assert rels == {"PROPOSES", "MEASURED_BY"}


def test_graph_mention_edges_carry_the_typer_confidence(nlp):
    """An edge from a paper to an entity it names in the abstract carries the mention's confidence; a claim's,
    a result's and the title's edges carry none (the typer never scored them)."""
    from conftest import extract_text

    ext = extract_text(nlp, "We propose GlideNet, a diffusion model for layout generation. GlideNet reaches FID 4.1 on "
                            "PubLayNet and runs 3.2x faster than DDIM.", meta={"title": "GlideNet: Fast Layouts"})
    G = graph_of([ext])
    named = {m.text: m.evidence.confidence for m in ext.mentions if m.evidence.part == "abstract"}
    carried = {}
    for u, v, d in G.edges(data=True):
        if d.get("part") == "title" or d.get("rule", "").startswith(("claim.", "result.")) or d["type"] in (
                "CLAIMS", "REPORTS", "ABOUT", "OVER", "ON_DATASET", "OF_METRIC", "BY_METHOD"):
            assert "confidence" not in d, (u, v, d)
        elif G.nodes[u]["label"] == "Paper" and d["type"] not in ("HAS_CODE", "PUBLISHED_IN"):
            carried[G.nodes[v]["name"]] = d.get("confidence")
    assert {"GlideNet", "diffusion model", "PubLayNet"} <= set(carried)
    for name, c in carried.items():
        if name in named:
            assert c == named[name] and 0 <= c <= 1, name
