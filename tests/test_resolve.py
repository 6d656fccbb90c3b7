"""Resolution: the normaliser, stable ids, acronyms joined to their long forms across papers."""
import pytest

from conftest import extract_text
from kg.build import graph_of
from kg.graph import paper_id
from kg.ontology import NodeLabel
from kg.resolve.normalize import node_id, normalise
from kg.resolve.papers import paper_identity
from kg.resolve.resolver import Resolver, Step, is_synonym, variant_links


@pytest.mark.parametrize("a,b", [("ImageNet-1K", "imagenet 1k"), ("Graph Neural Networks", "graph-neural-network"),
                                 ("Wan 2.1-14B", "wan2.114b"), ("512×512", "512x512")])
def test_resolve_normalise_equal_forms(a, b):
    assert normalise(a) == normalise(b)


def test_resolve_normalise_keeps_plus_and_hash():
    assert normalise("HYPIR++") != normalise("HYPIR") and normalise("C#") == "c#"


def test_resolve_cut_off_is_not_the_number_it_cuts_at():
    # "R@2" is recall at rank 2, "R^2" / "R2" the coefficient of determination: the key keeps the "@"
    assert node_id("Metric", "R@2") == "metric:rat2" != node_id("Metric", "R^2") == node_id("Metric", "R2")
    assert node_id("Metric", "pass@1") == node_id("Metric", "Pass@1") != node_id("Metric", "pass1")


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


# --- identity rules (README, "Identity") ---------------------------------------------------------

@pytest.mark.parametrize("a,b", [("GPT-4", "GPT-4o"), ("GPT-4", "GPT-4.1"), ("GPT-4o", "GPT-4V"), ("Llama-3-8B", "Llama-3-70B"),
                                 ("ImageNet-1K", "ImageNet-21K"), ("macro-F1", "micro-F1"), ("MobileNetV2", "MobileNetV3"),
                                 ("MIMIC-III", "MIMIC-IV"), ("Llama-3-8B", "Llama-38B"), ("top-1 accuracy", "top-5 accuracy")])
def test_resolve_versions_sizes_and_variants_are_distinct(a, b):
    assert node_id("Method", a) != node_id("Method", b)
    assert not is_synonym(a, b) and not is_synonym(b, a)


@pytest.mark.parametrize("a,b", [("GPT4o", "GPT-4o"), ("Llama 3 8B", "Llama-3-8B"), ("Graph Neural Networks", "graph neural network"),
                                 ("GNNs", "GNN"), ("ViTs", "ViT"), ("Qwen 2.5", "Qwen-2.5")])
def test_resolve_forms_of_one_name_share_an_id(a, b):
    assert node_id("Method", a) == node_id("Method", b)


def test_resolve_ids_keep_the_letters_of_proper_names():
    assert node_id("Venue", "NeurIPS") == "venue:neurips"
    assert node_id("Dataset", "ogbn-products") == "dataset:ogbnproducts"
    assert node_id("Dataset", "nuScenes") == "dataset:nuscenes"


def test_resolve_lexicon_variants_are_own_nodes_linked_to_their_family(nlp):
    """The lexicon lists GPT-4o and GPT-4V as aliases of GPT-4: they stay three entities, and the
    variants point to GPT-4 with VARIANT_OF."""
    exts = [extract_text(nlp, t, f"{i}.txt") for i, t in enumerate([
        "We compare GPT-4 and GPT-4o on MMLU.", "GPT-4V answers visual questions.", "We evaluate GPT-4 on GSM8K."])]
    G = graph_of(exts)
    methods = {n for n, d in G.nodes(data=True) if d["label"] == "Method"}
    assert {"method:gpt4", "method:gpt4o", "method:gpt4v"} <= methods
    variants = {(u, v) for u, v, k in G.edges(keys=True) if k == "VARIANT_OF"}
    assert {("method:gpt4o", "method:gpt4"), ("method:gpt4v", "method:gpt4")} <= variants
    assert "GPT-4o" not in G.nodes["method:gpt4"]["aliases"]


def test_resolve_variant_links_to_the_nearest_family_that_exists():
    ents = [("method:llama3.1-8b", "Method", "Llama-3.1-8B"), ("method:llama3", "Method", "Llama-3"),
            ("method:llama", "Method", "Llama"), ("dataset:llama3", "Dataset", "Llama-3")]
    assert variant_links(ents) == [("method:llama3", "method:llama"), ("method:llama3.1-8b", "method:llama3")]


def test_resolve_two_senses_of_an_acronym_are_two_entities_and_bare_use_stays_apart(nlp):
    exts = [extract_text(nlp, t, f"{i}.txt") for i, t in enumerate([
        "We propose a new method for automatic speech recognition (ASR) with a new decoder.",
        "Our jailbreak raises the attack success rate (ASR) to 90%.",
        "We measure the ASR metric of the attack."])]
    G = graph_of(exts)
    assert "ASR" in G.nodes["task:automaticspeechrecognition"]["aliases"]
    assert "ASR" in G.nodes["metric:attacksuccessrate"]["aliases"]
    # the bare acronym stays its own node, even under the label of one paper's sense: one definition is no dominant sense
    assert "metric:asr" in G and G.nodes["metric:asr"]["name"] == "ASR"


def test_resolve_bare_acronym_joins_a_dominant_sense_only():
    r = Resolver()
    for _ in range(3):
        r.define("Task", "asr", "automaticspeechrecognition")
    r.define("Task", "asr", "answersetreasoning")
    assert r.canonical("Task", "asr") == "automaticspeechrecognition"  # 3 of 4 papers
    r.define("Task", "asr", "answersetreasoning")
    assert r.canonical("Task", "asr") == "asr"  # 3 of 5: no sense is dominant


def test_resolve_a_hub_never_absorbs_a_more_specific_phrase_or_a_misfit_acronym():
    r = Resolver()
    r.observe(NodeLabel.TECHNIQUE, "positional encoding", short="RoPE")
    r.observe(NodeLabel.TECHNIQUE, "reinforcement learning", short="RRL")
    r.observe(NodeLabel.TECHNIQUE, "video-language models", long_form="vision-language models")
    r.observe(NodeLabel.TECHNIQUE, "large multimodal language models", long_form="large language models")
    assert r.canonical(NodeLabel.TECHNIQUE, "rope") == "rope"
    assert r.canonical(NodeLabel.TECHNIQUE, "rrl") == "rrl"
    assert r.canonical(NodeLabel.TECHNIQUE, "videolanguagemodel") == "videolanguagemodel"
    assert r.canonical(NodeLabel.TECHNIQUE, "largemultimodallanguagemodel") == "largemultimodallanguagemodel"
    ent = r.resolve(NodeLabel.TECHNIQUE, "positional encoding", short="RoPE")
    r.finish()
    assert "RoPE" not in ent.aliases


def test_resolve_a_fitting_acronym_joins_its_long_form():
    r = Resolver()
    for _ in range(2):  # two papers define it
        r.observe(NodeLabel.TECHNIQUE, "rotary position embedding", short="RoPE")
    assert r.canonical(NodeLabel.TECHNIQUE, "rope") == "rotarypositionembedding"


# --- papers --------------------------------------------------------------------------------------

def test_resolve_paper_id_comes_from_the_record_not_the_file(nlp):
    text = "We propose AlphaNet, 2× faster than DDIM on CIFAR-10."
    a = extract_text(nlp, text, "2023/papers.jsonl", {"id": "arxiv:2401.00001v1"})
    b = extract_text(nlp, text, "2024/papers.jsonl", {"url": "https://arxiv.org/abs/2401.00001v3"})
    G = graph_of([a, b])
    papers = [n for n, d in G.nodes(data=True) if d["label"] == "Paper"]
    assert papers == ["paper:arxiv/2401.00001"]
    assert G.nodes[papers[0]]["sources"] == ["2023/papers.jsonl", "2024/papers.jsonl"]
    assert G.nodes[papers[0]]["same_as"] == ["https://arxiv.org/abs/2401.00001"]
    assert len([n for n in G if n.startswith("speedup:")]) == 1


def test_resolve_paper_without_identifier_is_a_hash_of_title_and_abstract(nlp):
    a = extract_text(nlp, "We propose AlphaNet for segmentation.", "a.txt", {"title": "Alpha"})
    b = extract_text(nlp, "We propose  AlphaNet for segmentation.", "b.txt", {"title": "alpha"})
    c = extract_text(nlp, "We propose AlphaNet for segmentation.", "c.txt", {"title": "Beta"})
    assert paper_id(a.document) == paper_id(b.document) != paper_id(c.document)
    assert paper_id(a.document).startswith("paper:hash/") and "a.txt" not in paper_id(a.document)


@pytest.mark.parametrize("meta,expected", [
    ({"doi": "10.1145/3580305.3599256"}, "paper:doi/10.1145/3580305.3599256"),
    ({"doi": "https://doi.org/10.48550/arXiv.2401.00001"}, "paper:arxiv/2401.00001"),
    ({"url": "https://openreview.net/forum?id=05T81ScPFb"}, "paper:openreview/05T81ScPFb"),
    ({"id": "3dv2025:05T81ScPFb"}, "paper:id/3dv2025:05T81ScPFb"),
    ({"id": "cs/0112017v2"}, "paper:arxiv/cs/0112017")])
def test_resolve_paper_identifiers(meta, expected):
    assert paper_identity(meta, "text").id == expected


def test_resolve_paper_iri_is_clean_with_same_as(nlp):
    from kg.sinks.rdf import graph_triples
    ext = extract_text(nlp, "We propose AlphaNet for segmentation.", "a.jsonl", {"id": "arxiv:2604.20737"})
    triples = {(t.subject.value, t.predicate.value, t.object.value) for t in graph_triples(graph_of([ext]))}
    paper = "https://w3id.org/mlkg/id/paper/arxiv/2604.20737"
    assert (paper, "http://www.w3.org/2002/07/owl#sameAs", "https://arxiv.org/abs/2604.20737") in triples
    assert (paper, "https://schema.org/sameAs", "https://arxiv.org/abs/2604.20737") in triples


def test_resolve_a_lexicon_and_papers_defining_each_other_give_one_entity():
    """The lexicon names "peak signal-to-noise ratio" by "PSNR", papers define "PSNR" by the long form."""
    r = Resolver()
    r.observe(NodeLabel.METRIC, "peak signal-to-noise ratio", long_form="PSNR")
    r.observe(NodeLabel.METRIC, "peak signal-to-noise ratio", short="PSNR")
    assert r.resolve(NodeLabel.METRIC, "PSNR").id == r.resolve(NodeLabel.METRIC, "peak signal-to-noise ratio").id


@pytest.mark.parametrize("a,b", [("mT5", "T5"), ("RoBERTa", "BERT"), ("out-of-distribution detection", "anomaly detection"),
                                 ("rotary position embedding", "positional encoding"), ("MS-SSIM", "SSIM")])
def test_resolve_lexicon_links_between_distinct_entities_are_refused(a, b):
    r = Resolver()
    r.observe(NodeLabel.METHOD, a, long_form=b)
    assert r.resolve(NodeLabel.METHOD, a).id != r.resolve(NodeLabel.METHOD, b).id


def test_resolve_explain_names_the_rule_of_every_merge():
    """Two papers define GNN as graph neural networks, one as gated neural network: the dominant
    sense (2 of 3) wins, and the log says so; case and plural are the same key."""
    T = NodeLabel.TECHNIQUE
    r = Resolver()
    r.observe(T, "graph neural networks", short="GNN")
    r.observe(T, "graph neural networks", short="GNN")
    r.observe(T, "gated neural network", short="GNN")
    for name in ("graph neural networks", "graph neural networks", "Graph Neural Network", "GNN"):
        ent = r.resolve(T, name)
    merges = r.explain(ent.id, T, dict(ent.forms), {"GNN": 1, "GNNs": 2})
    assert [(m.form, m.count, m.rule) for m in merges] == [
        ("graph neural networks", 2, "name"), ("GNN", 1, "definition"), ("Graph Neural Network", 1, "same key"),
        ("GNNs", 2, "acronym")]
    assert merges[1].steps == (Step("gnn", "graphneuralnetwork", "dominant sense", 2, 3),)
    assert {m.entity for m in merges} == {"technique:graphneuralnetwork"}


def test_resolve_explain_name_shows_an_acronym_no_sense_dominates():
    T = NodeLabel.TASK
    r = Resolver()
    r.observe(T, "automatic speech recognition", short="ASR")
    r.observe(T, "adaptive sparse routing", short="ASR")
    ent = r.resolve(T, "ASR")
    totals = {ent.id: (dict(ent.forms), {})}
    merges = r.explain_name("ASR", totals.get)
    assert [(m.entity, m.form, m.rule) for m in merges] == [("task:asr", "ASR", "name"), ("task:asr", "ASR", "undecided")]
    assert [(s.target, s.votes, s.total) for s in merges[1].steps] == [
        ("adaptivesparserouting", 1, 2), ("automaticspeechrecognition", 1, 2)]
    assert r.explain_name("graph neural networks", totals.get) == []


# --- issue 14: a bare acronym joins a sense only when the corpus makes it dominant ------------------

def test_resolve_one_definition_leaves_bare_uses_in_other_papers_apart():
    """One paper defines "US" as "unseen sentences"; the bare "US" of other papers is not that."""
    M = NodeLabel.METHOD
    r = Resolver()
    r.observe(M, "unseen sentences", short="US")
    assert r.canonical(M, "us") == "us"
    assert r.resolve(M, "US").id == "method:us" != r.resolve(M, "unseen sentences").id
    # the defining paper's own "US" is its long form (extraction names it so; a proposed name keeps its
    # acronym, and `own` resolves it by the paper's definition)
    assert r.resolution(M, "US", own={"us": "unseensentence"}).entity == "method:unseensentence"


def test_resolve_proposed_acronym_stays_with_its_own_long_form(nlp):
    """A paper proposing "ASRD (Anchor Supervised Revocable Decoding)" names both forms; the single
    definition does not decide for another paper's bare ASRD, but it does for its own."""
    a = extract_text(nlp, "To alleviate these challenges, we propose ASRD (Anchor Supervised Revocable Decoding), "
                          "a training-free framework that operates within the embedding space.", "a.txt")
    b = extract_text(nlp, "We compare our decoder with ASRD on three benchmarks.", "b.txt")
    G = graph_of([a, b])
    own = {v for _, v, k in G.out_edges(paper_id(a.document), keys=True) if k == "PROPOSES"}
    assert own and all(v != "method:asrd" for v in own)
    assert len({G.nodes[v]["name"] for v in own}) == len(own) == 1


def test_resolve_two_agreeing_definitions_make_a_dominant_sense():
    M = NodeLabel.METHOD
    r = Resolver()
    r.observe(M, "quantized low-rank adaptation", short="QLoRA")
    assert r.canonical(M, "qlora") == "qlora"
    r.observe(M, "quantized low-rank adaptation", short="QLoRA")
    assert r.resolve(M, "QLoRA").id == r.resolve(M, "quantized low-rank adaptation").id == "method:quantizedlowrankadaptation"
    assert r.steps(M, "qlora") == [Step("qlora", "quantizedlowrankadaptation", "definition", 2, 2)]


def test_resolve_conflicting_definitions_give_each_paper_its_sense_and_bare_use_its_own_node():
    T = NodeLabel.TECHNIQUE
    r = Resolver()
    r.observe(T, "flow matching", short="FM")
    r.observe(T, "foundation models", short="FM")
    assert r.canonical(T, "fm") == "fm"  # 1 of 2 each
    r.observe(T, "flow matching", short="FM")
    assert r.canonical(T, "fm") == "flowmatching"  # 2 of 3: two papers, two thirds
    r.observe(T, "foundation models", short="FM")
    assert r.canonical(T, "fm") == "fm"  # 2 of 4: no sense is dominant
    assert r.resolution(T, "FM", own={"fm": "foundationmodel"}).entity == "technique:foundationmodel"
    assert r.resolution(T, "FM", own={"fm": "flowmatching"}).entity == "technique:flowmatching"


def test_resolve_a_lexicon_alias_seen_once_still_joins_its_canonical_name():
    """A lexicon is curated: one paper writing its alias suffices, where one paper's acronym does not."""
    M = NodeLabel.METHOD
    r = Resolver()
    r.observe(M, "SGD", long_form="stochastic gradient descent")
    assert r.resolve(M, "SGD").id == r.resolve(M, "stochastic gradient descent").id == "method:stochasticgradientdescent"
    assert r.steps(M, "sgd") == [Step("sgd", "stochasticgradientdescent", "lexicon", 1, 1)]
    r.observe(M, "signed gradient descent", short="SGD")  # a paper's other sense: 1 of 2, none dominant
    assert r.canonical(M, "sgd") == "sgd"


def test_resolve_explain_says_a_single_definition_is_not_dominant():
    M = NodeLabel.METHOD
    r = Resolver()
    r.observe(M, "unseen sentences", short="US")
    ent = r.resolve(M, "US")
    merges = r.explain_name("US", {ent.id: (dict(ent.forms), {})}.get)
    assert [(m.entity, m.rule) for m in merges] == [("method:us", "name"), ("method:us", "undecided")]
    assert merges[1].steps == (Step("us", "unseensentence", "single definition, not dominant", 1, 1),)


def test_resolve_a_named_method_is_shown_in_the_singular_its_papers_also_write(nlp):
    # papers write the model's plural more often ("Decision Transformers"); its name is the singular, as models are
    # named; a technique's plural family name stays as written
    texts = ["We compare Decision Transformers with behaviour cloning on D4RL locomotion tasks.",
             "Decision Transformers struggle with stitching in sparse-reward mazes.",
             "We fine-tune a Decision Transformer on Atari games.",
             "Graph neural networks are used for link prediction.", "Graph neural networks scale to large graphs.",
             "A graph neural network encodes each molecule."]
    G = graph_of([extract_text(nlp, t, f"{i}.txt") for i, t in enumerate(texts)])
    names = {d["name"]: d["label"] for _n, d in G.nodes(data=True) if d.get("label") in ("Method", "Technique")}
    assert names.get("Decision Transformer") == "Method", names
    assert "Decision Transformers" not in names, names
    assert names.get("Graph neural networks", names.get("graph neural networks")) == "Technique", names
