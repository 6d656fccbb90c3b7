"""Extraction: the mention typer ships small, is bounded and deterministic, re-types by context and
proposes terms no rule finds."""
import json
import re

import pytest

from conftest import extract_text
from kg.extract.typer import TYPER_DIR, MentionTyper, features


def test_extract_typer_ships_small_with_its_labels():
    size = sum(p.stat().st_size for p in TYPER_DIR.rglob("*") if p.is_file())
    assert 0 < size < 50 * 2**20
    meta = json.loads((TYPER_DIR / "meta.json").read_text())
    assert set(meta["labels"]["textcat"]) == {"PROPOSED", "MODELS", "TECHNIQUES", "DATASETS", "METRICS", "TASKS", "NONE"}


def test_extract_typer_features_are_bounded_tokens():
    line = features("We evaluate on the AIME24 and MATH-500 benchmarks.", "models", 19, 25, "name.shape")
    tokens = line.split(" ")
    assert "f_models" in tokens and "r_nameQshape" in tokens and "dig_True" in tokens
    words = [t for t in tokens if t.startswith(("w_", "l1_", "r1_"))]
    assert words and all(0 <= int(t.split("_", 1)[1]) < 2**15 for t in words)
    assert features("We evaluate on the AIME24 and MATH-500 benchmarks.", "models", 19, 25, "name.shape") == line


def test_extract_typer_missing_is_one_clear_error(tmp_path):
    from kg.errors import PipelineConfigError
    with pytest.raises(PipelineConfigError, match="train_typer.py"):
        MentionTyper(path=tmp_path)


def test_extract_typer_retypes_what_it_is_sure_of(tmp_path):
    """A shape rule files "mAP0.5" under models; the typer knows it for a metric, and moves it when its
    probability clears `threshold` (never when the threshold is above 1). With a value beside it ("by 3 points") the
    result names it a measure, whatever the typer's threshold."""
    from kg.extract import DEFAULT_CONFIG, load_pipeline

    text = "Our detector improves mAP0.5 over the previous state of the art on aerial images."
    valued = "Our detector improves mAP0.5 by 3 points over the previous state of the art on aerial images."
    fields_at = {}
    for threshold in ("0.0", "1.01"):
        cfg = tmp_path / f"t{threshold}.cfg"
        cfg.write_text(re.sub(r"(?m)^threshold = .*$", f"threshold = {threshold}", DEFAULT_CONFIG.read_text()))
        nlp = load_pipeline(cfg)
        fields_at[threshold] = {m.text: m.field for m in extract_text(nlp, text).mentions}
        assert {m.text: m.field for m in extract_text(nlp, valued).mentions}["mAP0.5"] == "metrics"
    assert fields_at["1.01"]["mAP0.5"] == "models"
    assert fields_at["0.0"]["mAP0.5"] == "metrics"


SENTENCE = ("We study breast cancer screening in rural clinics with a graph neural network, "
            "and report recall on the INbreast benchmark.")


def test_extract_typer_scorer_is_the_textcat_arithmetic():
    """The typer scores mentions with the trained textcat's weights directly; the probabilities are
    the ones spaCy's own `textcat.predict` gives for the same feature lines."""
    import numpy as np
    from spacy.tokens import Doc

    from kg.extract.typer import CANDIDATE, raw_features

    typer = MentionTyper()
    spans = [("techniques", 57, 77, "lexicon"), ("datasets", 104, 112, "name.shape"), ("none", 9, 32, CANDIDATE),
             ("none", 16, 32, CANDIDATE), ("metrics", 90, 96, "lexicon")]
    lines = [raw_features(SENTENCE, f, s, e, r) for f, s, e, r in spans]
    ours = typer.linear.scores(lines)
    vocab = typer.model.vocab
    docs = [Doc(vocab, words=features(SENTENCE, f, s, e, r).split(" ")) for f, s, e, r in spans]
    theirs = typer.textcat.model.ops.to_numpy(typer.textcat.predict(docs))
    assert ours.shape == theirs.shape == (len(spans), 7)
    assert np.abs(ours - theirs).max() < 1e-5
    assert np.allclose(ours.sum(axis=1), 1.0)
    # the component's path, with the rows of a name's features looked up once per name (the same name
    # twice, so its second line reads the remembered rows), gives the same probabilities
    from kg.extract.typer import feature_parts
    grouped = typer.linear.scores_of_parts([feature_parts(SENTENCE, f, s, e, r) for f, s, e, r in [*spans, spans[0]]])
    assert np.abs(grouped[:len(spans)] - theirs).max() < 1e-5
    assert np.abs(grouped[-1] - theirs[0]).max() < 1e-5


def test_extract_typer_chunk_candidates_are_short_runs_of_content_words():
    from kg.extract.typer import chunk_candidates

    found = {SENTENCE[s:e] for s, e in chunk_candidates(SENTENCE, bytearray(len(SENTENCE)))}
    assert {"breast cancer screening", "cancer screening", "breast cancer", "rural clinics"} <= found
    assert all(len(c.split()) in (2, 3) for c in found)  # no single words, at most three
    assert not any(w in c.split() for c in found for w in ("with", "and", "study", "in"))
    taken = bytearray(len(SENTENCE))
    taken[16:22] = b"\x01" * 6  # a rule mention on "cancer"
    around = {SENTENCE[s:e] for s, e in chunk_candidates(SENTENCE, taken)}
    assert not any("cancer" in c for c in around) and "rural clinics" in around


def test_extract_typer_proposes_no_vague_term():
    from kg.extract.typer import proposals

    text = "We study why wide neural networks and small language models generalise under heavy label noise."
    found = {text[s:e] for s, e, _rule in proposals(text, [])}
    # "neural networks" is too vague to be a node (phrases.VAGUE_TERMS); "language models" is one where only that
    # is written (GUIDELINES), and the runs around both stay candidates
    assert "neural networks" not in found
    assert {"language models", "wide neural networks", "heavy label noise"} <= found


def test_extract_typer_titled_candidates_are_runs_of_capitalised_words_inside_a_sentence():
    from kg.extract.typer import titled_candidates

    text = ("Graph Scanning is fast. We pair an Answer-Informed Oracle with a Mixture of Experts, "
            "trained on Hugging Face data and the Retrieval Reranking Layer.")
    found = [text[s:e] for s, e in titled_candidates(text, [])]
    assert found == ["Answer-Informed Oracle", "Mixture of Experts", "Hugging Face", "Retrieval Reranking Layer"]
    at = text.index("Mixture")
    # a rule's mention of a piece of the run ("Mixture") leaves it a candidate; one that crosses its end, or is
    # the run itself, does not
    assert "Mixture of Experts" in {text[s:e] for s, e in titled_candidates(text, [(at, at + 7)])}
    for span in [(at + 11, at + 25), (at, at + 18)]:
        assert "Mixture of Experts" not in {text[s:e] for s, e in titled_candidates(text, [span])}


def test_extract_typer_titled_candidates_take_runs_that_mix_acronyms_and_capitalised_words():
    from kg.extract.typer import titled_candidates

    text = ("Results on Microsoft COCO, IAPR TC-12 and INRIA Web Queries use the Faster RCNN detector, "
            "GitHub Copilot and Kimi K2.6. The LLMs ChatGPT-4 and 70B Llama3-inst, an LLM-based SR stage "
            "and the Penn Treebank WSJ corpus are not names of their own.")
    found = [text[s:e] for s, e in titled_candidates(text, [])]
    for name in ("Microsoft COCO", "IAPR TC-12", "INRIA Web Queries", "Faster RCNN", "GitHub Copilot", "Kimi K2.6"):
        assert name in found
    # an opening word, a kind ("LLMs") or a size ("70B") before a single name leaves no run; a modifier makes none
    assert not any(c.startswith(("The", "LLMs", "70B")) or "SR" in c for c in found)
    assert "Penn Treebank WSJ" in found  # no rule mention: only the model decides
    at = text.index("Penn")  # a rule's name before the word of kind is that name, not a longer run
    assert "Penn Treebank WSJ" not in [text[s:e] for s, e in titled_candidates(text, [(at, at + 13)])]
    at = text.index("RCNN")  # a rule's mention of a piece does not stop the run
    assert "Faster RCNN" in [text[s:e] for s, e in titled_candidates(text, [(at, at + 4)])]


def test_extract_typer_titled_candidates_leave_out_devices_by_their_maker():
    from kg.extract.typer import titled_candidates

    text = ("The model runs on an NVIDIA Jetson Orin, a Qualcomm Snapdragon and the Apple Neural Engine, and maps "
            "streets from Google Street View with the Kalman Filter Network.")
    found = [text[s:e] for s, e in titled_candidates(text, [])]
    assert not any(c.startswith(("NVIDIA", "Qualcomm", "Apple")) for c in found)
    assert {"Google Street View", "Kalman Filter Network"} <= set(found)


@pytest.mark.parametrize("text,names", [
    ("To guide the search, we add an Answer-Informed Oracle that scores partial solutions.", {"Answer-Informed Oracle"}),
    ("Our framework couples a Goal Imagery Encoder with a Multi-Modal Texture Generator to render scenes.",
     {"Goal Imagery Encoder", "Multi-Modal Texture Generator"}),
])
def test_extract_typer_proposes_the_papers_parts_written_in_title_case(nlp, tmp_path, text, names):
    from kg.extract import DEFAULT_CONFIG, load_pipeline
    from kg.extract.typer import TITLED_CANDIDATE

    found = {(m.field, m.text, m.evidence.rule) for m in extract_text(nlp, text).mentions}
    assert {("proposed", n, TITLED_CANDIDATE) for n in names} <= found
    off = tmp_path / "off.cfg"
    off.write_text(re.sub(r"(?m)^propose_titled = .*$", "propose_titled = 1.01", DEFAULT_CONFIG.read_text()))
    assert not any(m.evidence.rule == TITLED_CANDIDATE for m in extract_text(load_pipeline(off), text).mentions)


def test_extract_typer_title_case_places_are_no_names(nlp):
    text = "The survey covers the Baltic Sea and the Northwest Pacific with data from Monterey Bay."
    assert not extract_text(nlp, text).mentions


def test_extract_typer_proposes_terms_no_rule_finds(nlp, tmp_path):
    from kg.extract import DEFAULT_CONFIG, load_pipeline
    from kg.extract.typer import CANDIDATE

    off = tmp_path / "off.cfg"
    off.write_text(re.sub(r"(?m)^propose = .*$", "propose = 1.01", DEFAULT_CONFIG.read_text()))
    text = ("We revisit column subset selection for low-rank approximation and give a faster algorithm for "
            "column subset selection.")
    with_chunks = extract_text(nlp, text).mentions
    assert ("tasks", "column subset selection", CANDIDATE) in {(m.field, m.text, m.evidence.rule) for m in with_chunks}
    assert not any(m.evidence.rule == CANDIDATE for m in extract_text(load_pipeline(off), text).mentions)
    # at most one of overlapping chunks, never on a rule mention
    spans = sorted((m.evidence.start, m.evidence.end) for m in with_chunks if m.evidence.rule == CANDIDATE)
    assert all(a[1] <= b[0] for a, b in zip(spans, spans[1:]))


def test_extract_typer_term_candidates_are_corpus_terms_off_rule_mentions():
    from kg.extract.corpus import corpus_terms
    from kg.extract.typer import term_candidates

    docs, _ = corpus_terms()
    assert docs[("gaussian", "mixture", "model")] >= 3 and ("we", "train") not in docs
    text = "We fit Gaussian mixture models and apply non-maximum suppression to the boxes of the detector."
    found = [text[s:e] for s, e in term_candidates(text, bytearray(len(text)))]
    assert found == ["Gaussian mixture models", "non-maximum suppression"]  # any case, plural too
    taken = bytearray(len(text))
    taken[text.index("mixture"):text.index("mixture") + 7] = b"\x01" * 7  # a rule mention inside the first
    assert [text[s:e] for s, e in term_candidates(text, taken)] == ["non-maximum suppression"]


def test_extract_typer_reads_how_often_the_corpus_defines_a_phrase():
    from kg.extract.typer import raw_features

    text = "We fit a Gaussian mixture model to the blue cheese vectors."
    s, o = text.index("Gaussian"), text.index("blue")
    term = raw_features(text, "techniques", s, s + 22, "lexicon")
    other = raw_features(text, "techniques", o, o + 11, "lexicon")
    assert text[s:s + 22] == "Gaussian mixture model" and text[o:o + 11] == "blue cheese"
    assert "t_2" in term and "t_0" in other


def test_extract_typer_reads_the_clusters_of_head_and_neighbours():
    """Words the unlabelled abstracts use alike share a cluster (scripts/build_clusters.py), and the typer
    reads the clusters of a mention's head and first word and of the words beside it."""
    from kg.extract.corpus import word_clusters
    from kg.extract.typer import raw_features

    clusters = word_clusters()
    assert len(clusters) > 10000 and all(len(c) == 3 for c in list(clusters.values())[:100])
    # task nouns with task nouns, benchmarks with benchmarks, cost words with cost words (the 400-cluster column)
    assert clusters["segmentation"][1] == clusters["captioning"][1] != clusters["latency"][1]
    assert clusters["gsm8k"][1] == clusters["aime24"][1] != clusters["segmentation"][1]
    text = "We study video captioning on the new corpus."
    s = text.index("video")
    feats = raw_features(text, "tasks", s, s + len("video captioning"), "lexicon")
    assert f"hcm_{clusters['captioning'][1]}" in feats and f"bcm_{clusters['video'][1]}" in feats
    assert f"lcm_{clusters['study'][1]}" in feats and f"rcm_{clusters['on'][1]}" in feats
    unknown = raw_features("We study zqxwv methods.", "tasks", 9, 14, "lexicon")
    assert "hcm_-" in unknown  # a word of no cluster has a feature of its own


def test_extract_typer_keeps_a_metric_that_names_itself(nlp):
    """"as measured by Wasserstein metrics": the words say it is a metric, so the typer does not re-type it."""
    ext = extract_text(nlp, "We propose SADs, scores of model behaviour. They correlate with downstream quality, "
                            "as measured by Hellinger metrics on the shifted splits.")
    assert ("metrics", "Hellinger metrics") in {(m.field, m.text) for m in ext.mentions}


def test_extract_typer_reads_the_parts_of_a_name():
    """The last part of a name-shaped word says what it is across names never seen in training:
    "…Bench" a benchmark, "…Net" a network; a long lower-case head is read by its ending ("-ility")."""
    from kg.extract.typer import raw_features

    text = "We introduce iPlotBench and Aegis-Bench, compare SegDiff and GeoNet, and study synthesizability."
    def parts(name):
        s = text.index(name)
        return {f for f in raw_features(text, "models", s, s + len(name), "name.shape") if f[:3] in ("sx_", "px_", "s4_")}
    assert {"sx_bench", "px_i"} <= parts("iPlotBench") and {"sx_bench", "px_aegis"} <= parts("Aegis-Bench")
    assert "sx_net" in parts("GeoNet") and "sx_diff" in parts("SegDiff")
    assert parts("synthesizability") == {"s4_lity"}  # one part: no name-part features


def test_extract_typer_reads_whether_the_title_writes_a_mention(nlp):
    """A paper's title names what it is about: the typer reads whether the title writes a mention as
    whole words, and reads nothing of it when the input has no title (a plain abstract list)."""
    from kg.extract.typer import in_title, raw_features

    assert in_title("flow matching", "Rectified Flow Matching for Speech")
    assert not in_title("flow", "Overflow-Free Training") and not in_title("matching", "")
    text = "We tackle wildfire spread forecasting from satellite images."
    s, e = text.index("wildfire"), text.index(" from")
    titled = raw_features(text, "tasks", s, e, "phrase.task_head", "Wildfire Spread Forecasting")
    untitled = raw_features(text, "tasks", s, e, "phrase.task_head", "Satellite Images at Scale")
    assert "ti_1" in titled and "ti_0" in untitled
    assert not any(f.startswith(("ti_", "rti_")) for f in raw_features(text, "tasks", s, e, "phrase.task_head"))
    # the shipped typer finds the task likelier where the title writes it (TASKS 0.48 → 0.69, NONE 0.48 → 0.27)
    from kg.extract.typer import feature_parts
    typer = nlp.get_pipe("kg_typer")
    tasks, none = typer.labels.index("TASKS"), typer.labels.index("NONE")
    plain, titled = typer.linear.scores_of_parts([feature_parts(text, "tasks", s, e, "phrase.task_head", title)
                                                  for title in ("", "Wildfire Spread Forecasting")])
    assert titled[tasks] > plain[tasks] + 0.1 and titled[none] < plain[none] - 0.1
    # end to end: the title in the record's metadata reaches the typer, which keeps the task it names
    with_title = {m.text for m in extract_text(nlp, text, meta={"title": "Wildfire Spread Forecasting"}).mentions}
    assert "wildfire spread forecasting" in with_title


def test_extract_typer_reads_where_the_abstract_first_writes_a_mention():
    from kg.extract.typer import raw_features

    text = "Wildfire forecasting matters. " + "We add many filler sentences here. " * 8 + "We use GeoNet."
    early = raw_features(text, "tasks", 0, 19, "phrase.task_head")
    late = raw_features(text, "models", text.index("GeoNet"), text.index("GeoNet") + 6, "name.shape")
    assert "pos_0" in early and "pos_4" in late


def test_extract_typer_chunk_runs_keep_term_words_and_ly_nouns():
    """"multiple kernel learning", "deep networks", "anomaly detection": words the run used to stop at
    (stop words that terms are made of, nouns ending in -ly) are now inside candidates; "efficiently"
    still ends a run."""
    from kg.extract.typer import chunk_candidates

    text = "We use multiple kernel learning and deep networks for anomaly detection, efficiently pruned."
    found = {text[s:e] for s, e in chunk_candidates(text, bytearray(len(text)))}
    assert {"multiple kernel learning", "deep networks", "anomaly detection"} <= found
    assert not any("efficiently" in c for c in found)


@pytest.mark.parametrize("text,concept", [
    ("Agents operate a Graphical User Interface (GUI) to book flights. We propose FlyAgent, which reads the GUI.",
     "Graphical User Interface"),
    ("We study imaging with Magnetic Resonance Imaging (MRI) in hospitals, on two cohorts.", "Magnetic Resonance Imaging"),
    ("We classify Whole Slide Images (WSIs) of tumours with a transformer, on 3 hospital cohorts.", "Whole Slide Images"),
])
def test_extract_typer_drops_the_long_form_of_a_domain_acronym(nlp, text, concept):
    """The long form of an acronym the abstract defines is a method only where the typer does not find it
    none ("Deep Q-Network (DQN)" stays): under cross-validation 27 of the 98 such models are no entity."""
    assert concept not in [m.text for m in extract_text(nlp, text).mentions if m.field == "models"]


def test_extract_typer_keeps_the_long_form_of_a_method(nlp):
    """The method stays: named by its acronym where the lexicon knows only that (DQN), by its long form where the
    lexicon lists the long form too (Proximal Policy Optimization)."""
    text = "Baselines include Deep Q-Network (DQN) and Proximal Policy Optimization (PPO), which we outperform."
    models = [m.text for m in extract_text(nlp, text).mentions if m.field == "models"]
    assert "DQN" in models and "Proximal Policy Optimization" in models


@pytest.mark.parametrize("text,name,fields", [
    ("Our agent tackles Automated Program Repair (APR) for Java projects.", "Automated Program Repair", {"tasks"}),
    ("The planner relies on Terrain Relative Navigation (TRN) during descent.", "Terrain Relative Navigation",
     {"techniques", "tasks"}),
])
def test_extract_typer_gives_a_long_form_its_likeliest_field(nlp, text, name, fields):
    """A long form is models only by default: it takes the field the typer finds likeliest, under `threshold` too."""
    assert {m.field for m in extract_text(nlp, text).mentions if m.text == name} & fields


def test_extract_typer_drops_a_capitalised_word_listed_beside_names(nlp):
    ext = extract_text(nlp, "We compare against Open-Sora, Mathematics, and Anthropic models.")
    assert [m.text for m in ext.mentions if m.field == "models"] == ["Open-Sora"]


@pytest.mark.parametrize("text,padded,term", [
    ("In this paper we build upon multi-agent diffusion models to coordinate traffic lights.",
     "upon multi-agent diffusion models", "diffusion models"),
    ("We adopt an innovative contrastive learning scheme for retrieval.", "innovative contrastive learning",
     "contrastive learning"),
])
def test_extract_typer_gives_up_padding_for_the_term_inside(nlp, tmp_path, text, padded, term):
    """A grown phrase whose words before the term are padding ("upon", "innovative") gives way to the
    term it ends on, where the model finds that term likelier an entity (`prefer_inner`); with the
    setting above 1 (and `drop_likeliest`, which may drop it too, empty) the padded phrase stays."""
    from kg.extract import DEFAULT_CONFIG, load_pipeline

    names = [m.text for m in extract_text(nlp, text).mentions]
    assert term in names and padded not in names
    # every other way the typer drops a mention off: prefer_inner alone gives up the padded phrase …
    config = DEFAULT_CONFIG.read_text()
    for setting, value in (("drop_likeliest", "[]"), ("drop", "1.01"), ("drop_any", "1.01")):
        config = re.sub(rf"(?m)^{setting} = .*$", f"{setting} = {value}", config)
    only = tmp_path / "only.cfg"
    only.write_text(config)
    assert padded not in [m.text for m in extract_text(load_pipeline(only), text).mentions]
    # … and with it off too, the padded phrase stays
    off = tmp_path / "off.cfg"
    off.write_text(re.sub(r"(?m)^prefer_inner = .*$", "prefer_inner = 1.01", config))
    assert padded in [m.text for m in extract_text(load_pipeline(off), text).mentions]


def test_extract_typer_padded_only_droppable_phrases_that_end_on_a_likelier_mention():
    from kg.extract.spans import SpanMention
    from kg.extract.typer import MentionTyper

    typer = MentionTyper.__new__(MentionTyper)
    typer.drop_rules, typer.prefer_inner = ("phrase.extended",), 0.05
    mentions = [SpanMention("techniques", 0, 30, "phrase.extended"),   # grown, ends on the lexicon term below
                SpanMention("techniques", 10, 30, "lexicon"),
                SpanMention("tasks", 40, 60, "phrase.extended"),       # its inner term is less likely
                SpanMention("tasks", 50, 60, "lexicon"),
                SpanMention("techniques", 70, 90, "lexicon"),          # not a droppable rule: kept whatever
                SpanMention("techniques", 80, 90, "lexicon"),
                SpanMention("techniques", 100, 120, "phrase.extended"),  # the mention inside ends elsewhere
                SpanMention("techniques", 100, 110, "lexicon")]
    p_entity = [0.5, 0.9, 0.8, 0.6, 0.1, 0.9, 0.2, 0.9]
    scores = [[1.0 - p] for p in p_entity]  # one column: NONE
    assert typer._padded(mentions, scores, 0) == {0}
    typer.prefer_inner = 0.5
    assert typer._padded(mentions, scores, 0) == set()


def test_extract_typer_acronym_goes_with_the_long_form_it_drops():
    """A short form goes where every mention of its defined long form is dropped as none ("Radio Access
    Network (RAN)"), not where a mention of the long form stays, and never a mention of a rule it may not
    drop (a lexicon term)."""
    from kg.extract.abbreviations import find_abbreviations
    from kg.extract.spans import SpanMention

    typer = MentionTyper.__new__(MentionTyper)
    typer.drop_rules, typer.drop = ("name.shape", "name.abbreviation_long"), 0.5
    text = "We slice a Radio Access Network (RAN) with Deep Q-Network (DQN) agents; the RAN and DQN run on SGD (SGD)."
    abbreviations = find_abbreviations(text)
    assert {a.short for a in abbreviations} >= {"RAN", "DQN"}

    def at(name, k=0, fld="models", rule="name.shape"):
        s = -1
        for _ in range(k + 1):
            s = text.index(name, s + 1)
        return SpanMention(fld, s, s + len(name), rule, None)

    mentions = [at("Radio Access Network", rule="name.abbreviation_long"), at("RAN"), at("RAN", 1),
                at("Deep Q-Network", rule="name.abbreviation_long"), at("Deep Q-Network", fld="techniques", rule="phrase.extended"),
                at("DQN"), at("DQN", 1), at("SGD", rule="lexicon")]
    none = [0.9, 0.3, 0.3, 0.8, 0.2, 0.3, 0.3, 0.9]  # the long form of DQN has a mention that stays
    kept = typer._with_long_forms(abbreviations, mentions, [[p] for p in none], 0, text, list(mentions))
    assert [text[m[1]:m[2]] for m in kept] == ["Radio Access Network", "Deep Q-Network", "Deep Q-Network", "DQN", "DQN", "SGD"]
    sure = [0.9, 0.01, 0.3, 0.8, 0.2, 0.3, 0.3, 0.9]  # the first RAN all but sure: it stays
    kept = typer._with_long_forms(abbreviations, mentions, [[p] for p in sure], 0, text, list(mentions))
    assert [text[m[1]:m[2]] for m in kept].count("RAN") == 1
    # the second RAN found the paper's own (PROPOSED, column 1, likeliest at `threshold`): it stays too
    typer.threshold = 0.5
    own = [[0.0, p] for p in sure]
    own[2] = [0.6, 0.3]
    kept = typer._with_long_forms(abbreviations, mentions, own, 1, text, list(mentions), own=0)
    assert [text[m[1]:m[2]] for m in kept].count("RAN") == 2
    own[2] = [0.45, 0.3]  # under `threshold`: it goes
    kept = typer._with_long_forms(abbreviations, mentions, own, 1, text, list(mentions), own=0)
    assert [text[m[1]:m[2]] for m in kept].count("RAN") == 1


def test_extract_typer_drop_any_spares_lexicon_terms_evident_names_and_measured_metrics(tmp_path):
    """`drop_any` drops a mention of any rule, the paper's own names too, once NONE reaches it, and the
    mentions inside it; at 0 every mention goes but lexicon terms standing alone, a metric with a number
    beside it (a result's words) and a name whose words say what it is ("Wasserstein metrics"), and
    "transformers" does not take the place of "diffusion transformers" (a lexicon term itself); above 1
    nothing goes."""
    from kg.extract import DEFAULT_CONFIG, load_pipeline

    text = ("We propose FlowPrune, which prunes diffusion transformers. On ImageNet it reaches 91.2% accuracy "
            "with LoRA, and we also report Wasserstein metrics.")
    config = DEFAULT_CONFIG.read_text()
    names = {}
    for value in ("0", "1.01"):
        path = tmp_path / f"drop_any_{value}.cfg"
        path.write_text(re.sub(r"(?m)^drop_any = .*$", f"drop_any = {value}", config))
        names[value] = {m.text for m in extract_text(load_pipeline(path), text).mentions}
    assert {"FlowPrune", "diffusion transformers", "LoRA", "ImageNet"} <= names["1.01"]
    assert names["0"] == {"ImageNet", "accuracy", "LoRA", "Wasserstein metrics", "diffusion transformers"}


@pytest.mark.parametrize("text,name", [
    ("Compared with the strongest baseline scores, it improves Novelty from 0.45 to 0.52, Quality from 0.24 to "
     "0.29, and Feasibility from 0.22 to 0.28.", "strongest baseline scores"),  # a measure's head noun (phrase.metric_head)
    ("We propose DENSER, a Depth-guided ENSemble with Staged EFA-GS Reconstruction for soccer novel view synthesis.",
     "ENSemble"),                                           # a capitalised piece of the expansion (proposed.cue)
    ("For experimental validation, we develop a custom hardware-synchronized LiDAR-camera handheld scanner.",
     "LiDAR-camera"),                                       # a pair of sensors, no name
])
def test_extract_typer_drops_what_it_is_sure_is_no_entity_whatever_the_rule(nlp, text, name):
    """Rules outside `drop_rules` (a measure's head-noun phrase, the paper's own names) are left out where
    the typer is at least `drop_any` sure they are none: sentences of arXiv abstracts, read blind
    (bench/typer_change/drop_any*)."""
    assert name not in [m.text for m in extract_text(nlp, text).mentions]


@pytest.mark.parametrize("text,start,end", [
    ("At its core, CS-HLoRA (Continuous Scale-Conditioned Hyper-LoRA) modulates the low-rank subspace.",
     "Continuous", "Conditioned"),    # "Hyper-LoRA" after it: the run is cut from a longer name
    ("While 4D Gaussian Splatting has revolutionized dynamic scene rendering, it forgets.", "Gaussian", "Splatting"),
])
def test_extract_typer_titled_run_cut_from_a_longer_name_is_a_piece(text, start, end):
    from kg.extract.typer import cut_from_longer

    s, e = text.index(start), text.index(end) + len(end)
    assert cut_from_longer(text, s, e)


def test_extract_typer_proposes_no_piece_of_a_longer_name(nlp):
    text = "At its core, CS-HLoRA (Continuous Scale-Conditioned Hyper-LoRA) modulates the low-rank subspace."
    assert "Continuous Scale-Conditioned" not in [m.text for m in extract_text(nlp, text).mentions]


@pytest.mark.parametrize("text,name", [
    ("A Spatial Prior Module is further designed to inject structure clues.", "Spatial Prior Module"),
    ("We propose the Answer-Informed Oracle, which grades each answer.", "Answer-Informed Oracle"),
])
def test_extract_typer_titled_run_after_an_opening_word_is_whole(text, name):
    from kg.extract.typer import cut_from_longer

    s = text.index(name)
    assert not cut_from_longer(text, s, s + len(name))


def test_extract_typer_sure_metric_keeps_generic_measures_it_finds_measured_but_no_quality_word(tmp_path):
    """A generic measure word with no number beside it and no cue is dropped by the conversion unless the
    typer finds it a metric at `sure_metric`: at 0 every such word stays ("accuracy", "memory footprint")
    but a quality word ("diversity"), which needs a number right beside it; above 1 none stays."""
    from kg.extract import DEFAULT_CONFIG, load_pipeline

    text = "We propose ZetaDet, a detector with strong accuracy, low memory footprint and high diversity of proposals."
    config = DEFAULT_CONFIG.read_text()
    metrics = {}
    for value in ("0", "1.01"):
        path = tmp_path / f"sure_metric_{value}.cfg"
        path.write_text(re.sub(r"(?m)^sure_metric = .*$", f"sure_metric = {value}", config))
        metrics[value] = {m.text for m in extract_text(load_pipeline(path), text).mentions if m.field == "metrics"}
    assert metrics["0"] == {"accuracy", "memory footprint"}
    assert metrics["1.01"] == set()


DROP_LIKELIEST_SENTENCES = [  # sentences of arXiv abstracts with grown phrases, head-noun phrases and cued names
    "Still, it is frequently even less efficient than pure random sampling.",
    "Furthermore, we explain intelligent collaboration learning frameworks by reviewing advances in federated "
    "learning, distributed deep learning, edge-cloud model evolution, and reinforcement learning-based methods.",
    "We formulate the problem as a Mixed-Integer Non-Linear Program and design an efficient dynamic programming "
    "algorithm to optimize model partitioning and device assignment.",
    "We further introduce a method to mitigate hallucinations and artifacts in Stable-Diffusion Image-to-Image "
    "(img2img) outputs by blending them adaptively with their progenitor images.",
    "This paper introduces Motion Prompt Tuning (MPT) as a novel approach to adapting LMs for MER, representing a "
    "pioneering method for subtle motion prompt tuning.",
    "To evaluate our method, we construct a large-scale IoV simulator based on real-world trajectories, capturing "
    "dynamic participation, RSU handoffs, and communication variability.",
    "To address these issues, we propose MeMoSORT, a simple, online, and real-time MOT tracker with two key innovations.",
    "Preacher employs a top-down approach to decompose, summarize, and reformulate the paper, followed by bottom-up "
    "video generation, synthesizing diverse video segments into a coherent abstract.",
    "Subsequently, a parameterized neural operator is developed to approximate the inverse mapping, facilitating "
    "end-to-end rapid image reconstruction.",
]


def test_extract_typer_drop_likeliest_leaves_out_what_it_finds_likeliest_none(nlp, tmp_path):
    """A grown phrase, a technique's head-noun phrase or a name read as the paper's own by its cue goes where
    NONE is the typer's likeliest label, though under `drop`: `drop_likeliest` only ever takes mentions of
    those rules away (what they covered may come back: "video generation" for "bottom-up video
    generation"), and on these sentences of arXiv abstracts it takes some."""
    from kg.extract import DEFAULT_CONFIG, load_pipeline

    off = tmp_path / "off.cfg"
    off.write_text(re.sub(r"(?m)^drop_likeliest = .*$", "drop_likeliest = []", DEFAULT_CONFIG.read_text()))
    without = load_pipeline(off)
    rules = nlp.get_pipe("kg_typer").drop_likeliest
    assert rules
    taken = []
    for text in DROP_LIKELIEST_SENTENCES:
        on, kept = ({(m.field, m.text, m.evidence.rule) for m in extract_text(pipeline, text).mentions
                     if m.evidence.rule.startswith(rules)} for pipeline in (nlp, without))
        assert on <= kept, text
        taken += sorted(kept - on)
    assert len(taken) >= 4, taken


def test_extract_typer_defined_candidates_are_long_forms_no_rule_mention_crosses():
    from kg.extract.typer import defined_candidates, defined_feature, defined_of

    text = ("We maximize the mutual information (MI) between views. Deep metric learning (DML) helps, as does "
            "the hyper-parameter optimization (HPO) we run, unlike Adam (AD).")
    at = {name: (text.index(name), text.index(name) + len(name))
          for name in ("mutual information", "Deep metric learning", "metric learning", "optimization (HPO) we")}
    defined_of(text)
    inside, crossing = at["metric learning"], at["optimization (HPO) we"]
    found = [text[s:e] for s, e in defined_candidates(text, [inside, crossing])]
    # a rule's mention inside a long form leaves it a candidate; one across its end does not; one word is no term
    assert found == ["mutual information", "Deep metric learning"]
    assert defined_feature(text, *at["mutual information"]) == "L"
    assert defined_feature(text, *inside) == "in"
    assert defined_feature(text, text.index("MI"), text.index("MI") + 2) == "S"
    assert defined_feature(text, text.index("views"), text.index("views") + 5) is None


@pytest.mark.parametrize("text,name,field", [
    ("The rise of programmable data plane (PDP) and in-network computing (INC) paradigms enables line-rate "
     "inference.", "in-network computing", "techniques"),
    ("We regularise training with a stochastic weight perturbation (SWP) of the parameters.",
     "stochastic weight perturbation", "techniques"),
    ("We track key performance indicators (KPIs) such as range.", "key performance indicators", "metrics"),
    # the long form takes the place of the lexicon's term at its end
    ("Deep metric learning (DML) aims to learn an embedding space.", "Deep metric learning", "techniques"),
])
def test_extract_typer_proposes_the_long_forms_of_defined_acronyms(nlp, tmp_path, text, name, field):
    from kg.extract import DEFAULT_CONFIG, load_pipeline
    from kg.extract.typer import DEFINED_CANDIDATE

    found = {(m.field, m.text, m.evidence.rule) for m in extract_text(nlp, text).mentions}
    assert (field, name, DEFINED_CANDIDATE) in found
    assert not any(m[1] != name and name.endswith(m[1]) for m in found)
    off = tmp_path / "off.cfg"
    off.write_text(re.sub(r"(?m)^propose_defined = .*$", "propose_defined = 1.01", DEFAULT_CONFIG.read_text()))
    assert not any(m.evidence.rule == DEFINED_CANDIDATE for m in extract_text(load_pipeline(off), text).mentions)


@pytest.mark.parametrize("text,name,piece", [
    ("Facial regions are purged of emotional cues via an Emotion-Filtering Module leveraging an information "
     "bottleneck.", "Emotion-Filtering Module", "Emotion-Filtering"),
    ("At the core of SPOT is Span-level Semantic Alignment, a Sinkhorn optimal-transport objective.",
     "Span-level Semantic Alignment", "Semantic Alignment"),
    ("Then, an Env-Goal Video Model, built upon a first-and-last-frame generator, imagines the outcome.",
     "Env-Goal Video Model", "Env-Goal"),
])
def test_extract_typer_proposes_a_title_case_run_over_the_pieces_rules_found(nlp, tmp_path, text, name, piece):
    """A run of capitalised words that a rule cut a piece from ("Env-Goal" by its shape, "Semantic Alignment" by
    its head noun) is still a candidate, and where it is proposed the piece gives way to it."""
    from kg.extract import DEFAULT_CONFIG, load_pipeline
    from kg.extract.typer import TITLED_CANDIDATE

    rules = tmp_path / "rules.cfg"  # the pipeline without the typer: what the rules find
    rules.write_text(DEFAULT_CONFIG.read_text().replace('"kg_typer",', ""))
    assert piece in [m.text for m in extract_text(load_pipeline(rules), text).mentions]
    found = [(m.field, m.text, m.evidence.rule) for m in extract_text(nlp, text).mentions]
    assert ("proposed", name, TITLED_CANDIDATE) in found
    assert not any(t == piece for _f, t, _r in found)


SPARSE_ABSTRACT = (
    "We study needle steering in soft tissue, where a flexible needle with a bevel tip bends as it is inserted. "
    "The insertion is modelled as a nonholonomic system whose curvature depends on the tissue stiffness, and a "
    "sampling-based planner computes feasible paths that avoid sensitive structures under sensor noise. "
    "Because the tissue deforms during insertion, the planner is run again at every step with the current "
    "needle pose, which an electromagnetic tracker measures at a high rate. We also give a simple rule for "
    "choosing the insertion speed that keeps the lateral forces on the tissue small. Experiments in gelatin "
    "phantoms and in ex vivo liver tissue show a small targeting error and fewer failed insertions than open "
    "loop insertion, while the computation stays fast enough for closed loop use in the operating room.")
DENSE_ABSTRACT = (
    "We compare Llama-3-8B, Mistral-7B, Qwen2-7B and GPT-4o with chain-of-thought prompting on GSM8K, MATH, "
    "HumanEval and MBPP, and report accuracy and pass@1. We propose StepCheck, which verifies each reasoning "
    "step with a small verifier and reaches 71.2% accuracy on GSM8K.")


def test_extract_typer_density_counts_distinct_names_per_thousand_characters():
    from kg.extract.typer import _density

    text = "LoRA and QLoRA; LoRA again." + " " * 973  # 1,000 characters
    mentions = [("models", 0, 4, "lexicon", None), ("models", 9, 14, "lexicon", None), ("models", 16, 20, "lexicon", None)]
    assert _density(text, mentions) == 2.0  # "LoRA" twice is one name
    assert _density(text[:500], mentions) == 4.0
    assert _density("", []) == 0.0


def test_extract_typer_proposes_chunks_at_a_lower_threshold_only_in_a_sparse_abstract(nlp, tmp_path):
    """`propose_sparse` applies where the rules and the typer kept fewer than `sparse` names per 1,000
    characters: at 0.0 every chunk that can be proposed is, in the sparse abstract; the dense one is the
    same as with it off; and never as the paper's own name."""
    from kg.extract import DEFAULT_CONFIG, load_pipeline
    from kg.extract.typer import CANDIDATE

    typer = nlp.get_pipe("kg_typer")
    assert typer.propose_sparse < typer.thresholds[CANDIDATE] and typer.sparse > 0
    cfgs = {}
    for name, value in (("off", "1.01"), ("all", "0.0")):
        cfgs[name] = tmp_path / f"{name}.cfg"
        cfgs[name].write_text(re.sub(r"(?m)^propose_sparse = .*$", f"propose_sparse = {value}", DEFAULT_CONFIG.read_text()))
    off, every = load_pipeline(cfgs["off"]), load_pipeline(cfgs["all"])

    def chunks(pipeline, text):
        return {(m.field, m.text) for m in extract_text(pipeline, text).mentions if m.evidence.rule == CANDIDATE}

    sparse_off, sparse_all, sparse_packaged = (chunks(p, SPARSE_ABSTRACT) for p in (off, every, nlp))
    assert sparse_off <= sparse_packaged <= sparse_all
    assert len(sparse_all) >= len(sparse_off) + 3, (sparse_off, sparse_all)
    assert not any(field == "proposed" for field, _ in sparse_all - sparse_off)
    assert chunks(every, DENSE_ABSTRACT) == chunks(off, DENSE_ABSTRACT)


@pytest.mark.parametrize("text,means", [
    ("We accelerate inference with a token reduction technique for vision transformers.", "token reduction"),
    ("We accelerate the detector with a feature reduction technique.", "feature reduction"),
])
def test_extract_typer_proposes_a_chunk_the_words_beside_call_a_means(nlp, tmp_path, text, means):
    """`propose_cued`: a chunk followed by "technique", "approach", "mechanism" or "principle", or after "using" or
    "via", is a technique at a lower bar than other chunks; with the setting off, it is not proposed."""
    from kg.extract import DEFAULT_CONFIG, load_pipeline
    from kg.extract.typer import CUED_CANDIDATE, _cued_means

    at = text.index(means)
    assert _cued_means(text, at, at + len(means))
    found = {(m.field, m.text, m.evidence.rule) for m in extract_text(nlp, text).mentions}
    assert ("techniques", means, CUED_CANDIDATE) in found
    off = tmp_path / "off.cfg"
    off.write_text(re.sub(r"(?m)^propose_cued = .*$", "propose_cued = 1.01", DEFAULT_CONFIG.read_text()))
    assert means not in {m.text for m in extract_text(load_pipeline(off), text).mentions}


def test_extract_typer_a_compound_built_on_a_name_is_no_cued_means():
    from kg.extract.typer import _cued_means

    text = "We adopt an LLM-based approach and an entropy regularization technique."
    assert not _cued_means(text, text.index("LLM-based"), text.index("LLM-based") + len("LLM-based"))
    assert _cued_means(text, text.index("entropy"), text.index(" technique"))


def test_extract_typer_an_abstract_without_a_task_keeps_its_likeliest_one(nlp, tmp_path):
    """`only_task`: where nothing kept is a task, the candidate the model finds likeliest a task (at `only_task`) is
    one; with the setting off, the abstract has none."""
    from kg.extract import DEFAULT_CONFIG, load_pipeline
    from kg.extract.typer import ONLY_TASK

    text = "Pricing an incentive compatible tariff is a hard problem in tariff design. We give a new bound."
    found = {(m.field, m.text, m.evidence.rule) for m in extract_text(nlp, text).mentions}
    assert ("tasks", "tariff design", ONLY_TASK) in found  # no lexicon holds it ("optimal auction design" one does)
    off = tmp_path / "off.cfg"
    off.write_text(re.sub(r"(?m)^only_task = .*$", "only_task = 1.01", DEFAULT_CONFIG.read_text()))
    assert not [m for m in extract_text(load_pipeline(off), text).mentions if m.field == "tasks"]
    # an abstract with a task of its own gets none added
    with_task = "We study program repair. Pricing an incentive compatible auction is a hard problem in auction design."
    assert not [m for m in extract_text(nlp, with_task).mentions if m.evidence.rule == ONLY_TASK]


def test_extract_typer_confidence_is_its_probability_of_the_mentions_field(nlp):
    """Each mention carries the typer's probability that its words name an entity of its field: at least what
    spaCy's own textcat gives the mention's line (other rules' lines at the span may score higher), a method's as
    the paper's own or another's together; none for what only the title writes, which the typer never reads."""
    from spacy.tokens import Doc

    typer = nlp.get_pipe("kg_typer")
    title = "PlotFormer: Transformers for Charts"
    text = SENTENCE + " We propose PlotFormer and compare it with ResNet-50 by top-1 accuracy."
    ext = extract_text(nlp, text, meta={"title": title})
    classes = {"proposed": ("PROPOSED", "MODELS"), "models": ("MODELS", "PROPOSED")}
    exact = 0
    for m in ext.mentions:
        ev = m.evidence
        if ev.part == "title":
            assert ev.confidence is None, m
            continue
        assert ev.confidence is not None and 0.0 <= ev.confidence <= 1.0 and round(ev.confidence, 3) == ev.confidence, m
        line = Doc(typer.model.vocab, words=features(text, m.field, ev.start, ev.end, ev.rule, title).split(" "))
        row = typer.textcat.model.ops.to_numpy(typer.textcat.predict([line]))[0]
        p = sum(row[typer.labels.index(c)] for c in classes.get(m.field, (m.field.upper(),)))
        assert ev.confidence >= round(p, 3) - 0.001, (m, p)
        exact += abs(ev.confidence - p) <= 0.001
    assert {m.field for m in ext.mentions} >= {"proposed", "models", "techniques", "datasets", "metrics", "tasks"}
    assert exact >= len(ext.mentions) // 2  # most spans have the one line
    assert [m.evidence.confidence for m in extract_text(nlp, text, meta={"title": title}).mentions] == \
        [m.evidence.confidence for m in ext.mentions]  # deterministic
