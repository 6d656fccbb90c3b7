"""More claim and result shapes (issue 13, third pass): added costs and capacities that are no speed-up,
results in prose tables. Every sentence is written here for the tests (none is copied from an abstract
or a gold file); each is checked field by field."""
import pytest

from conftest import spans_of
from kg.extract.claims import find_claims
from kg.extract.latex import clean
from kg.extract.results import find_results


def _claims(sentence):
    return find_claims(clean(sentence).text)


# sentence, [(value, unit, kind, baseline), ...] in sentence order
CLAIMS = [
    # "respectively": factor i goes with baseline i
    ("Our kernel is 2× and 3× faster than FlashAttention and xFormers, respectively.",
     [(2, "x", "speedup", "FlashAttention"), (3, "x", "speedup", "xFormers")]),
    # more of a cost, against something: a claim (the other needs more, and is the baseline)
    ("The dense retriever needs 40% more queries than ours.", [(40, "%", "reduction", "dense retriever")]),
    # more per unit of time is a throughput gain
    ("The engine processes 3× more frames per second than the reference decoder.",
     [(3, "x", "speedup", "reference decoder")]),
    # a parenthesis restating the claim before it, with its baseline
    ("The scheduler outperforms the strongest serving stack by 3.1x on average (up to 12.4x) across traces.",
     [(3.1, "x", "speedup", "strongest serving stack"), (12.4, "x", "speedup", "strongest serving stack")]),
    # a suspended hyphen: "6- and 12-fold" are two claims
    ("The sampler gives a 6- and 12-fold reduction in denoising steps.",
     [(6, "x", "reduction", None), (12, "x", "reduction", None)]),
    # a saving next to an added cost stays a claim
    ("The adapter adds few parameters while reducing memory by 30%.", [(30, "%", "reduction", None)]),
    # a star after a number written for "×"; a star pair is still emphasis
    ("The pruned encoder reaches the dense accuracy with 6* fewer FLOPs.", [(6, "x", "reduction", None)]),
    ("The *sparse* kernel is 2.5* faster than cuBLAS.", [(2.5, "x", "speedup", "cuBLAS")]),
]

NO_CLAIM = [
    # a capacity, not a speed-up
    "The model processes 8× more frames than prior video encoders within the same memory budget.",
    # a cost with no comparison
    "Standard fine-tuning needs 5× more training steps.",
    # a cost the method adds
    "The module adds less than 0.1% parameters to the backbone.",
    "The router adds only 2% extra parameters and 3% latency.",
    "Gating introduces a 4% memory overhead on the encoder.",
]


@pytest.mark.parametrize("sentence,expected", CLAIMS)
def test_forms_more_claims_field_by_field(sentence, expected):
    got = _claims(sentence)
    assert [(c.value, c.unit, c.kind, c.baseline) for c in got] == expected


@pytest.mark.parametrize("sentence", NO_CLAIM)
def test_forms_more_numbers_that_are_no_claim(sentence):
    assert _claims(sentence) == []


# sentence, datasets named in it, [(metric, value, dataset, kind), ...] in sentence order
RESULTS = [
    # tables in prose: a measure, then value-on-dataset pairs
    ("The detector reaches S-measures of 0.871 on CHAMELEON, 0.902 on PolypGen, and 0.915 on Kvasir.",
     ["CHAMELEON", "PolypGen", "Kvasir"],
     [("S-measure", 0.871, "CHAMELEON", "score"), ("S-measure", 0.902, "PolypGen", "score"), ("S-measure", 0.915, "Kvasir", "score")]),
    # a measure with a list of values over as many datasets, no "respectively"
    ("The encoder reaches F1 scores of 0.84, 0.79, and 0.72 on CoNLL, WNUT and OntoNotes.", ["CoNLL", "WNUT", "OntoNotes"],
     [("F1", 0.84, "CoNLL", "score"), ("F1", 0.79, "WNUT", "score"), ("F1", 0.72, "OntoNotes", "score")]),
    # a list of values over a list of datasets
    ("Tuning lifts the base model by 6.12, 3.05 and 9.70 points on ARC-C, BoolQ and SVAMP.", ["ARC-C", "BoolQ", "SVAMP"],
     [(None, 6.12, "ARC-C", "gain"), (None, 3.05, "BoolQ", "gain"), (None, 9.7, "SVAMP", "gain")]),
    # members of a list after a result, each with its own setting
    ("The tagger attains macro F1-scores of 0.812 in the binary setting and 0.764 in the ternary setting.", [],
     [("macro F1", 0.812, None, "score"), ("macro F1", 0.764, None, "score")]),
    # an acronym right after the number is the measure
    ("The jailbreak reaches 93.5% ASR against the guarded model.", [], [("ASR", 93.5, None, "score")]),
    ("The tracker obtains 61.3 mIDF1 and 47.9 mHOTA on the night split.", [],
     [("mIDF1", 61.3, None, "score"), ("mHOTA", 47.9, None, "score")]),
    # a measure at a cut-off
    ("The prover achieves an Acc@8 of 52.4 on the olympiad set.", [], [("Acc@8", 52.4, None, "score")]),
    # three values with slashes
    ("It attains seen/unseen/harmonic mIoU of 71.2/64.8/67.9.", [],
     [("mIoU", 71.2, None, "score"), ("mIoU", 64.8, None, "score"), ("mIoU", 67.9, None, "score")]),
    # the value before an arrow is where it started; the dataset before the parenthesis is the one measured
    ("The agent improves grounding accuracy on WebArena (41.0% → 52.3%) and OSWorld (12.5% → 20.1%).", ["WebArena", "OSWorld"],
     [("grounding accuracy", 52.3, "WebArena", "score"), ("grounding accuracy", 20.1, "OSWorld", "score")]),
    # the i-th value of "by A and B, respectively" is the i-th measure's
    ("The prior lowers the FID and KID scores over the baseline by 21.4% and 17.9%, respectively.", [],
     [("FID", 21.4, None, "gain"), ("KID", 17.9, None, "gain")]),
    # a named error keeps its words; the value after the acronym's parenthesis
    ("The regressor reaches mean absolute errors (MAEs) of 3.215 for pain scores and 1.884 for sleep quality.", [],
     [("mean absolute errors", 3.215, None, "score"), ("mean absolute errors", 1.884, None, "score")]),
    # an acronym with a hyphen before "gain" is the measure
    ("The codec gives a 3.41% BD-Rate gain over the anchor.", [], [("BD-Rate", 3.41, None, "gain")]),
    # a verb of change or an adverb ends the measure's words
    ("The filter lifts robustness without sacrificing general accuracy (81.5%).", [],
     [("general accuracy", 81.5, None, "score")]),
    # a dataset between the value and the measure is the dataset, not a word of the measure
    ("The family attains 83.9% ImageNet-1K top-1 accuracy with 25M parameters.", ["ImageNet-1K"],
     [("top-1 accuracy", 83.9, "ImageNet-1K", "score")]),
    # each value of a list with the variant it measures in parentheses
    ("The taggers obtain micro F1 scores of 0.91 (BiLSTM-CRF) and 0.93 (RoBERTa-CRF).", [],
     [("micro F1", 0.91, None, "score"), ("micro F1", 0.93, None, "score")]),
    # a task inside the measure improved is no second measure
    ("The refiner improved pose estimation accuracy along the depth axis by 17.25% over the plain GNN.", [],
     [("pose estimation accuracy", 17.25, None, "gain")]),
    # the object of the verb names the measure of "from A to B"
    ("Curriculum tuning raises answer faithfulness of Mistral-7B from 41.2% to 63.5%.", [],
     [("answer faithfulness", 63.5, None, "score")]),
    # decimal gains with no unit
    ("The planner shows absolute improvements up to 2.7 for long-horizon tasks.", [], [(None, 2.7, None, "gain")]),
    ("The fused detector adds 6.25 over the camera-only baseline.", [], [(None, 6.25, None, "gain")]),
    ("The retriever outperforms dense baselines with a 4.2-point improvement.", [], [(None, 4.2, None, "gain")]),
    # frames per second as the measure of an integer
    ("The tracker runs at 45 fps on a phone.", [], [("fps", 45, None, "score")]),
    # fewer of something that is no cost is a quality gain
    ("The planner causes 27.5% fewer collisions than the rule-based stack.", [],
     [("collisions", 27.5, None, "gain")]),
    # a number "comparable to" is the other system's
    ("The parser obtains 70.4 exact match, comparable to the 70.1 exact match of the autoregressive parser.", [],
     [("exact match", 70.4, None, "score")]),
    # an adjective before "gain of" names no measure
    ("The grounder shows a solid gain of 4.2% in accuracy.", [], [("accuracy", 4.2, None, "gain")]),
    # a value with its standard deviation before the measure: the mean is the value
    ("The eye tracker reaches 4.12 ± 0.88 deg angular error after calibration.", [],
     [("angular error", 4.12, None, "score")]),
    ("The tagger scores 88.6 +/- 0.4% accuracy over five seeds.", [], [("accuracy", 88.6, None, "score")]),
    ("On the held-out users, the compact model reaches 7.41 ± 0.93 deg after calibration.", [],
     [(None, 7.41, None, "score")]),
    # "A vs. B measure": the measure after the other system's number is also this one's; B is no result
    ("The detector reaches 45.2% vs. 38.1% recall on night scenes.", [], [("recall", 45.2, None, "score")]),
    ("Peak mode edges past the strongest router (81.6% vs. 80.9% resolution).", [], [("resolution", 81.6, None, "score")]),
    # a signal-to-noise ratio the result is measured at, a starting model's number: settings, no results
    ("The receiver reaches a bit error rate of 0.012 at an SNR of 5 dB.", [], [("bit error rate", 0.012, None, "score")]),
    ("The equaliser beats the static one by 4.4 dB (NMSE, SNR = 15 dB).", [], [("NMSE", 4.4, None, "gain")]),
    ("The denoiser reaches an SNR of 14.2 dB.", [], [("SNR", 14.2, None, "score")]),
    ("The agent, post-trained from Qwen2.5-7B (18.2% Pass@1), reaches 33.0% Pass@1.", [], [("Pass@1", 33.0, None, "score")]),
    # the word before "improvements" names the measure of each value before it
    ("On logic synthesis, the optimiser gives 5.2% and 6.9% delay improvements over the stock flow.", [],
     [("delay", 5.2, None, "gain"), ("delay", 6.9, None, "gain")]),
    # "a reduction of X (in Y) of N%": what is reduced is measured
    ("Tests show a reduction of foot-skating in long sequences of up to 37% while keeping diversity.", [],
     [("foot-skating", 37.0, None, "gain")]),
    # a direction between two names is part of the measure
    ("The aligner improves T1 to T2 retrieval from 40.5% to 58.25%.", [], [("T1 to T2 retrieval", 58.25, None, "score")]),
    ("The system raises English to Czech translation accuracy to 69.4%.", [],
     [("English to Czech translation accuracy", 69.4, None, "score")]),
    # points of a measure: a difference in it
    ("Offline replay recovers 12.4 points of retention on the oldest classes.", [], [("retention", 12.4, None, "gain")]),
    # a count of points before a noun is no result; a margin in points is
    ("The tracker achieves 5.79 deg RMSE after 9-point calibration.", [], [("RMSE", 5.79, None, "score")]),
    ("The loss is a 0.84-percentage-point drop.", [], [(None, 0.84, None, "gain")]),
    # a correlation written with its symbol
    ("The rubric shows a test-retest agreement of r = .912 across raters.", [],
     [("test-retest agreement", 0.912, None, "score")]),
    ("Predicted ratings track the annotators closely (Pearson r = 0.77).", [], [("Pearson r", 0.77, None, "score")]),
    # a unit word after an integer makes it a value; "speeds" is a measure's head as "speed" is
    ("The pruning raises decoding throughput to 410 tokens/s on one GPU.", [],
     [("decoding throughput", 410.0, None, "score")]),
    ("The renderer doubles its cache hits, boosting rendering speeds to over 350 FPS.", [],
     [("rendering speeds", 350.0, None, "score")]),
    # "degrees" is a unit: an integer with it is a value
    ("The gaze model reaches an angular error of 4 degrees on the held-out users.", [],
     [("angular error", 4.0, None, "score")]),
]

NO_RESULT = [
    "We use a learning rate of 0.0003 and a dropout rate of 0.1.",
    "The accelerator runs at 1.2 GHz with 16.5 GB of memory.",
    "Each node holds 8 GPUs and 2.5 TB of storage.",
    "It uses 0.5% LoRA parameters.",
    # a gap, a significance level
    "The small model performs within 1.5% of the teacher on every split.",
    "The gains hold with 95% statistical significance.",
    # a baseline's number
    "On global questions the strongest baseline achieves only 1.51 F1.",
    # model sizes are no values of the measure
    "The method keeps minimal loss in accuracy for models from 1B to 24B parameters.",
    "Bootstrap 95% CIs are reported for every cell.",
    # a spread around a size is no result
    "Each episode lasts 40 ± 6 steps.",
    "The arm was placed 2.5 ± 0.5 m from the wall.",
    "Raters scored 1.5K answers on a 5-point Likert scale.",
    # a share of the data as a setting
    "The contrastive term helps when labels are sparse (0.02% of the total image data or less).",
    "The model accepts a 3.2-point quality trade for lower cost.",
    "The arm rotates the gripper by 90 degrees before grasping.",
    # a share as a setting is no result
    "We mask 15% of tokens during pretraining.",
    "The model uses a context length of 4096 tokens.",
    "The trained model spends 12% vs. 30% of the budget.",
    "Only 10% of the training images are labelled.",
    "We note that only 10% of the training images are labelled.",
]


@pytest.mark.parametrize("sentence,datasets,expected", RESULTS)
def test_forms_more_results_field_by_field(sentence, datasets, expected):
    got = find_results(sentence, [], spans_of(sentence, datasets), [])
    assert [(r.metric, r.value, r.dataset, r.kind) for r in got] == expected


@pytest.mark.parametrize("sentence", NO_RESULT)
def test_forms_more_numbers_that_are_no_result(sentence):
    assert find_results(sentence, [], [], []) == []


def test_forms_more_no_metric_from_a_dataset_name():
    sentence = "It achieves 48.0 HumanEval and 61.5 MBPP."
    got = find_results(sentence, [], spans_of(sentence, ["HumanEval", "MBPP"]), [])
    assert [r.metric for r in got if r.metric] == []


def test_forms_more_list_after_a_named_measure():
    sentence = "It obtains Intersection over Union (IoU) scores of 0.881 and 0.853."
    got = find_results(sentence, spans_of(sentence, ["Intersection over Union"]), [], [])
    assert [(r.metric, r.value) for r in got] == [("Intersection over Union", 0.881), ("Intersection over Union", 0.853)]


def test_forms_more_a_known_measure_keeps_its_modifier():
    sentence = "The decoder lowers object hallucination rates by 9.5% on the chart split."
    known = spans_of(sentence, ["hallucination rates"])
    got = find_results(sentence, known, [], [])
    assert [(r.metric, r.value, r.kind) for r in got] == [("object hallucination rates", 9.5, "gain")]


# kinds, for leaderboards that rank absolute scores only
KINDS = [
    ("The student recovers 92% of the teacher's mIoU on Cityscapes.", ["Cityscapes"], [("mIoU", 92.0, "ratio")]),
    ("The cache incurs under 1% average degradation on LongBench.", ["LongBench"], [(None, 1.0, "gain")]),
    # the words naming the system whose value is shared are no part of the measure; a range gives its lower end
    ("The pruned model retains 98.5% of the original accuracy on SST-2.", ["SST-2"], [("accuracy", 98.5, "ratio")]),
    ("Small encoders can achieve 71-94% of full-model F1 scores.", [], [("F1", 71.0, "ratio")]),
    ("The student keeps 96% of the dense model's top-1 accuracy.", [], [("top-1 accuracy", 96.0, "ratio")]),
    # a share of cases the method gets right is a result, not a leaderboard score
    ("The verifier outperforms majority voting in 83% of cases.", [], [(None, 83.0, "ratio")]),
    # a share as the subject of a finding, or of the cases a system solves
    ("The audit finds that 64% of the surveyed corpora lack a licence.", [], [(None, 64.0, "ratio")]),
    ("In the study, 38.5% of clinicians preferred the generated summaries.", [], [(None, 38.5, "ratio")]),
    ("The agent reaches the goal within three moves for 91% of episodes.", [], [(None, 91.0, "ratio")]),
    ("The detector achieves 52.3 mAP@0.5:0.95 on COCO.", ["COCO"], [("mAP@0.5:0.95", 52.3, "score")]),
    ("It reaches an mAP@0.5 of 71.2% and mAP@0.5:0.95 of 48.3% on VisDrone.", ["VisDrone"],
     [("mAP@0.5", 71.2, "score"), ("mAP@0.5:0.95", 48.3, "score")]),
]


@pytest.mark.parametrize("sentence,datasets,expected", KINDS)
def test_forms_more_result_kinds(sentence, datasets, expected):
    got = find_results(sentence, [], spans_of(sentence, datasets), [])
    assert [(r.metric, r.value, r.kind) for r in got] == expected


def test_forms_more_a_year_after_a_dataset_is_part_of_it():
    sentence = "The segmenter reaches a Dice score of 0.912 on ISIC 2018."
    (r,) = find_results(sentence, [], spans_of(sentence, ["ISIC"]), [])
    assert (r.metric, r.value, r.dataset) == ("Dice score", 0.912, "ISIC 2018")


def test_forms_more_leaderboard_ranks_scores_only(nlp, tmp_path):
    from conftest import extract_text
    from kg.build import graph_of
    from kg.queries import EmbeddedStore, list_queries
    from kg.sinks.files import write_graph_json
    from kg.sinks.rdf import write_rdf
    ext = extract_text(nlp, "We propose ZetaSeg. ZetaSeg reaches 81.4 mIoU on Cityscapes. "
                            "Our distilled student recovers 92% of the teacher's mIoU on Cityscapes. "
                            "ZetaSeg improves mIoU by 2.2 points on Cityscapes.")
    assert sorted(r.kind for r in ext.results) == ["gain", "ratio", "score"]
    write_rdf(graph_of([ext]), tmp_path / "graph.ttl")
    write_graph_json(graph_of([ext]), tmp_path / "graph.json")
    q = list_queries()["leaderboard"]
    store = EmbeddedStore(tmp_path)
    rows = store.run(q, q.bind({"dataset": "Cityscapes", "metric": "mIoU"}, store.run))
    assert [r["value"] for r in rows] == [81.4]


def test_forms_more_a_task_inside_the_measure_is_not_a_second_measure():
    sentence = "The refiner improved pose estimation accuracy along the depth axis by 17.25% over the plain GNN."
    got = find_results(sentence, [], [], [], spans_of(sentence, ["pose estimation"]))
    assert [(r.metric, r.value) for r in got] == [("pose estimation accuracy", 17.25)]


def test_forms_more_triples_a_quality_measure(nlp):
    from conftest import extract_text
    ext = extract_text(nlp, "We propose ZetaRank. ZetaRank triples the top-1 accuracy of current retrievers.")
    assert [(r.metric, r.value, r.kind) for r in ext.results] == [("top-1 accuracy", 3.0, "gain")]
    assert ext.claims == []


def test_forms_more_a_number_with_no_measure_takes_the_one_named_before(nlp):
    from conftest import extract_text
    ext = extract_text(nlp, "We propose ZetaQA. ZetaQA reaches an exact match of 61.2% on NQ. "
                            "It outperforms the strongest baseline by 3.2 points on TriviaQA. "
                            "The verifier outperforms majority voting in 83% of cases. "
                            "Training takes 12 hours on 8 GPUs.")
    assert [(r.metric, r.value, r.kind) for r in ext.results] == [
        ("exact match", 61.2, "score"), ("exact match", 3.2, "gain"), (None, 83.0, "ratio")]


def test_forms_more_two_measures_before_name_no_number():
    from kg.extract.components import carry_measure
    from kg.extract.results import ResultMatch
    found = [ResultMatch(0, 4, "FID", 8.1, None, "r"), ResultMatch(10, 14, "IS", 120.5, None, "r"),
             ResultMatch(20, 24, None, 2.5, None, "r", "gain")]
    assert [r.metric for r in carry_measure(found, "FID")] == ["FID", "IS", None]
    assert [r.metric for r in carry_measure(found[2:], None)] == [None]
    assert [r.metric for r in carry_measure(found[2:], "FID")] == ["FID"]


def test_forms_more_numbers_of_earlier_work_are_no_result(nlp):
    from conftest import extract_text
    ext = extract_text(nlp, "Recent work has shown that learned solvers reach optimality gaps under 1.5% on small grids. "
                            "Previous methods achieve 61.2% accuracy on GridBench, while ours reaches 74.8% accuracy.")
    assert [(r.metric, r.value) for r in ext.results] == [("accuracy", 74.8)]
