"""Resolution: the normaliser, stable ids, acronyms joined to their long forms across papers."""
import pytest

from conftest import extract_text
from kg.build import graph_of
from kg.resolve.normalize import node_id, normalise


@pytest.mark.parametrize("a,b", [("ImageNet-1K", "imagenet 1k"), ("Graph Neural Networks", "graph-neural-network"),
                                 ("Wan 2.1-14B", "wan2.114b"), ("512×512", "512x512")])
def test_resolve_normalise_equal_forms(a, b):
    assert normalise(a) == normalise(b)


def test_resolve_normalise_keeps_plus_and_hash():
    assert normalise("HYPIR++") != normalise("HYPIR") and normalise("C#") == "c#"


def test_resolve_node_id_is_stable():
    assert node_id("Method", "Fast-dLLM") == node_id("Method", "fast dllm") == "method:fastdllm"


def test_resolve_same_method_in_two_papers_is_one_node(nlp):
    a = extract_text(nlp, "Our sampler runs 2× faster than Fast-dLLM on GSM8K.", "a.txt")
    b = extract_text(nlp, "Our decoder is 1.3× faster than Fast-dLLM.", "b.txt")
    G = graph_of([a, b])
    assert "method:fastdllm" in G
    assert {u for u, _, k in G.in_edges("method:fastdllm", keys=True) if k == "OVER"} == \
        {n for n in G if n.startswith("speedup:")}


def test_resolve_acronym_joins_long_form_across_papers(nlp):
    a = extract_text(nlp, "Graph neural networks (GNNs) are used for link prediction.", "a.txt")
    b = extract_text(nlp, "We train GNNs on molecules.", "b.txt")
    G = graph_of([a, b])
    techniques = [n for n, d in G.nodes(data=True) if d["label"] == "Technique"]
    assert techniques == ["technique:graphneuralnetwork"]
    assert "GNNs" in G.nodes["technique:graphneuralnetwork"]["aliases"]


def test_resolve_result_does_not_depend_on_paper_order(nlp):
    texts = ["Graph neural networks (GNNs) are used for link prediction.", "We train GNNs on ZINC.",
             "We propose FooGNN, 3× faster than GraphSAGE."]
    exts = [extract_text(nlp, t, f"{i}.txt") for i, t in enumerate(texts)]
    g1, g2 = graph_of(exts), graph_of(exts[::-1])
    assert sorted(g1.nodes) == sorted(g2.nodes)
    assert {n: d.get("name") for n, d in g1.nodes(data=True)} == {n: d.get("name") for n, d in g2.nodes(data=True)}
