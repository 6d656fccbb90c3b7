"""Issue 14, second pass: a bare mixed-case name joins its acronym's sense only as the definitions
spell it ("LoRa", the radio protocol, is not "LoRA", low-rank adaptation); case variants that are no
spelling of their own (all capitals, all lower case, a capital first letter) still join."""
from conftest import extract_text
from kg.build import build, graph_of
from kg.ontology import NodeLabel
from kg.resolve.resolver import Resolver, casing, distinct_casing

M, T = NodeLabel.METHOD, NodeLabel.TECHNIQUE

LORA = ["We compare our adapter with Low-Rank Adaptation (LoRA) and prefix tuning on Llama-2-7B.",
        "Our method outperforms Low-Rank Adaptation (LoRA) by 2.1 points on GLUE.",
        "Our method outperforms LoRA by 2.1 points on GLUE.",
        "Our method outperforms LORA by 3.4 points on SuperGLUE."]
RADIO = "Our receiver outperforms LoRa by 3 dB in link budget."


def _texts(path, texts):
    path.write_text("\n\n".join(texts) + "\n")
    return path


def test_resolve_casing_keeps_the_radio_protocol_apart_from_low_rank_adaptation(nlp):
    G = graph_of([extract_text(nlp, t, f"{i}.txt") for i, t in enumerate([*LORA, RADIO])])
    lora = G.nodes["method:lowrankadaptation"]
    assert {"LoRA", "LORA"} <= set(lora["aliases"]) and "LoRa" not in lora["aliases"]
    assert G.nodes["method:lora"]["name"] == "LoRa"


def test_resolve_casing_variants_that_are_no_spelling_join():
    """Two papers define GANs; "GAN", "Gan", "gan" and the plural join, "GaN" (gallium nitride) does not."""
    r = Resolver()
    r.observe(T, "generative adversarial networks", short="GANs")
    r.observe(T, "generative adversarial networks", short="GAN")
    target = r.resolve(T, "generative adversarial networks").id
    assert {r.resolve(T, f).id for f in ("GAN", "GANs", "Gan", "gan")} == {target}
    assert r.resolve(T, "GaN").id == "technique:gan" != target


def test_resolve_casing_a_spelling_some_definition_writes_joins():
    """"QLoRA" and "QLoRa" are two spellings; the second joins once a paper defines it so."""
    r = Resolver()
    r.observe(M, "quantized low-rank adaptation", short="QLoRA")
    r.observe(M, "quantized low-rank adaptation", short="QLoRA")
    assert r.resolve(M, "QLoRa").id == "method:qlora"
    r.observe(M, "quantized low-rank adaptation", short="QLoRa")
    assert r.resolve(M, "QLoRa").id == r.resolve(M, "QLoRA").id == "method:quantizedlowrankadaptation"


def test_resolve_casing_leaves_same_key_names_as_they_were():
    """Without a definition, case is no identity: ResNet / Resnet, BERT / Bert, GPT-4o / GPT-4O are one node each."""
    r = Resolver()
    for a, b in (("ResNet", "Resnet"), ("BERT", "Bert"), ("GPT-4o", "GPT-4O"), ("DINOv2", "DinoV2")):
        assert r.resolve(M, a).id == r.resolve(M, b).id
    assert r.resolve(M, "GPT-4o").id != r.resolve(M, "GPT-4").id


def test_resolve_casing_signature():
    assert [casing(f) for f in ("LoRAs", "Lo-RA", "GNNs", "ResNets")] == ["LoRA", "LoRA", "GNN", "ResNet"]
    assert [distinct_casing(casing(f)) for f in ("LoRa", "GPT-4o", "Bert", "BERTs", "lora")] == [True, True, False, False, False]


def test_resolve_casing_is_explained():
    r = Resolver()
    r.observe(M, "low-rank adaptation", short="LoRA")
    r.observe(M, "low-rank adaptation", short="LoRA")
    ent = r.resolve(M, "LoRa")
    merges = r.explain_name("LoRa", {ent.id: (dict(ent.forms), {})}.get)
    assert [(m.entity, m.rule) for m in merges] == [("method:lora", "casing"), ("method:lora", "name")]
    assert "'LoRA'" in merges[0].steps[0].rule and merges[0].steps[0].target == "lowrankadaptation"


def test_resolve_casing_a_new_spelling_rewrites_the_papers_it_joins(tmp_path):
    """A later paper that writes its definition "LoRa" changes no canonical key, only the spellings:
    the rebuild must still write the bare "LoRa" paper again, as a fresh build does."""
    a = _texts(tmp_path / "a.txt", [*LORA, RADIO])
    build([a], tmp_path / "out")
    b = _texts(tmp_path / "b.txt", ["We compare our adapter with Low-Rank Adaptation (LoRa) and prefix tuning on Mistral-7B."])
    rebuilt = build([a, b], tmp_path / "out")
    assert rebuilt.patched == 1 and '"LoRa", "LoRA"' not in (tmp_path / "out" / "graph.json").read_text()
    assert '"LORA", "LoRA", "LoRa"' in (tmp_path / "out" / "graph.json").read_text()  # it joined
    fresh = build([a, b], tmp_path / "fresh", cache=False)
    assert fresh.papers == 6
    for name in ("graph.json", "graph.ttl", "extractions.jsonl"):
        assert (tmp_path / "out" / name).read_bytes() == (tmp_path / "fresh" / name).read_bytes()
    build([a], tmp_path / "out")  # and back: the paper's definition taken back
    build([a], tmp_path / "fresh2", cache=False)
    for name in ("graph.json", "graph.ttl"):
        assert (tmp_path / "out" / name).read_bytes() == (tmp_path / "fresh2" / name).read_bytes()


def test_resolve_casing_ignores_the_first_letter():
    """A sentence starts "MIoU improves by 2 points": the papers' "mIoU" capitalised, not another spelling."""
    r = Resolver()
    r.observe(NodeLabel.METRIC, "mean intersection over union", short="mIoU")
    r.observe(NodeLabel.METRIC, "mean intersection over union", short="mIoU")
    assert r.resolve(NodeLabel.METRIC, "MIoU").id == r.resolve(NodeLabel.METRIC, "mIoU").id == "metric:meanintersectionoverunion"
    assert r.resolve(NodeLabel.METRIC, "MiOU").id == "metric:miou"


def test_resolve_casing_is_for_single_words():
    """A lexicon names "F1-Score" by "F1" (written "F1score" by one paper): a name of several words joins however cased."""
    r = Resolver()
    r.define("Metric", "f1score", "f1", lexicon=True)
    r.spell("Metric", "f1score", "f1", "F1score")
    assert r.resolve(NodeLabel.METRIC, "F1-Score").id == r.resolve(NodeLabel.METRIC, "F1").id == "metric:f1"


def test_resolve_casing_a_lower_case_letter_before_capitals_counts():
    """"vLLM" (the serving engine) does not join the papers' "VLLM" (vision large language model): no sentence
    starts with a lower-case letter, so the first letter is part of the spelling there. "MIoU" still joins "mIoU"."""
    r = Resolver()
    for _ in range(3):
        r.observe(M, "vision large language models", short="VLLMs")
        r.observe(NodeLabel.METRIC, "mean intersection over union", short="mIoU")
    vision = r.resolve(M, "vision large language models").id
    assert r.resolve(M, "VLLM").id == vision
    assert r.resolve(M, "vLLM").id == "method:vllm" != vision
    miou = r.resolve(NodeLabel.METRIC, "mean intersection over union").id
    assert r.resolve(NodeLabel.METRIC, "MIoU").id == miou
