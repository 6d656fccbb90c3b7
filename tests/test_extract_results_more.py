"""Result shapes of the fifth pass (issue 13): failure classes read on unlabelled arXiv text, not on a gold
file. Every sentence is written here for the tests (none is copied from an abstract or a gold file); each
is checked field by field, and the numbers that are no result of the method are checked to stay out."""
import pytest

from conftest import extract_text, spans_of
from kg.extract.results import find_results


# sentence, datasets named in it, [(metric, value, dataset, kind), ...] in sentence order
RESULTS = [
    # "from an average of A to B": A is where it started, B the result
    ("Tuning improves accuracy from an average of 41.25% to 50.5% on the maze suite.", [],
     [("accuracy", 50.5, None, "score")]),
    ("The verifier raises answer recall from about 0.61 to 0.74.", [], [("answer recall", 0.74, None, "score")]),
    # "ranging from A to B" is a range: its lower end is the value
    ("The adapter gives gains ranging from 3 to 11 percentage points across the four tasks.", [],
     [(None, 3.0, None, "gain")]),
    # the numbers in a parenthesis after the systems a method beats are theirs
    ("Our agent reaches a 71.5% success rate, well above existing planners (52.5% for ReAct and 40.1% for Reflexion).", [],
     [("success rate", 71.5, None, "score")]),
    ("The probe detects 88% of the triggers and clearly surpasses earlier detectors (i.e., 61%).", [],
     [(None, 88.0, None, "ratio")]),
    ("The tagger scores 93 percent F1, beating the baseline models with 89 percent.", [],
     [("F1", 93.0, None, "score")]),
    # ... unless the parenthesis sets this system's number against theirs, or is a signed gain
    ("The router outperforms static routing (64.2% vs. 58.9% accuracy).", [], [("accuracy", 64.2, None, "score")]),
    ("The ranker outperforms BM25 on long queries (+3.4 nDCG).", [], [("nDCG", 3.4, None, "gain")]),
    # a value followed by its measure in parentheses, in a list
    ("On the ward reports, the captioner scores 0.412 (CIDEr), 0.301 (METEOR) and 0.455 (ROUGE-L).", [],
     [("CIDEr", 0.412, None, "score"), ("METEOR", 0.301, None, "score"), ("ROUGE-L", 0.455, None, "score")]),
    # a list of values does not run on into a list of settings, nor into a factor
    ("We see correlations of 0.71, 0.69, and 0.80 for cohorts 2, 5, and 9.", [],
     [("correlations", 0.71, None, "score"), ("correlations", 0.69, None, "score"), ("correlations", 0.8, None, "score")]),
    ("The segmenter reaches an AP@50 of 44.10, over 1.8x higher than the baselines.", [], [("AP@50", 44.1, None, "score")]),
    # a number format after a value is a setting, not the measure
    ("With the scaffold, the agent reaches 26.5% INT8 and 30.5% FP16 on the hard tasks.", [],
     [(None, 26.5, None, "score"), (None, 30.5, None, "score")]),
    # a verb or an adjective of comparison is no word of a measure
    ("Across grades we observe correlations as high as 0.83.", [], [("correlations", 0.83, None, "score")]),
    # a gain with a word like "maximum" before it names no measure
    ("On three graphs, the encoder shows a maximum improvement of 12.5% over GraphSAGE.", [],
     [(None, 12.5, None, "gain")]),
    # "X-ing" after a value is a verb, not a measure
    ("The score of the recogniser can vary by 21.5% depending on the lighting.", [], [(None, 21.5, None, "score")]),
    # a head noun in a compound ("error correction") names no measure
    ("The error correction loop gives a 14.2% improvement in pass rate.", [], [("pass rate", 14.2, None, "gain")]),
    # an operating point is a setting: only the value measured at it is a result
    ("The detector reaches a TPR of 93.1% at 0.5% FPR on the held-out logs.", [], [("TPR", 93.1, None, "score")]),
    ("The verifier improves the false reject rate by 12.4% at a 1% false accept rate.", [],
     [("false reject rate", 12.4, None, "gain")]),
    ("The filter keeps 95.5% precision at a 0.8 threshold.", [], [("precision", 95.5, None, "score")]),
    # F-beta scores other than F1 and F0.5 are named measures
    ("The two forests score an F2-score of 0.962 and 0.958, respectively.", [],
     [("F2-score", 0.962, None, "score"), ("F2-score", 0.958, None, "score")]),
    # a hyphenated error rate is a named measure
    ("Adapting the recogniser gives a relative Word-Error-Rate reduction of 41.5% on the accented set.", [],
     [("Word-Error-Rate", 41.5, None, "gain")]),
    # a measure "ranging from A to B": the lower end
    ("The tagger finds new names with precision scores ranging from 0.71 to 0.79.", [], [("precision", 0.71, None, "score")]),
    # the object of "reducing … by A-B%" is the measure, the range its lower end
    ("On the two hand benchmarks, the tracker keeps reducing W-MPJPE by 15-18% against the strongest baseline.", [],
     [("W-MPJPE", 15.0, None, "gain")]),
    # the value before an arrow is the starting point
    ("Scaling keeps the calibration error low (ECE 0.0412 -> 0.0398 on the test split).", [],
     [("ECE", 0.0398, None, "score")]),
    # the last member of a list before "respectively"; "values of" a measure
    ("On the four engine splits, the regressor gets RMSE values of 12.5, 14.25, 13.75, and 15.5 respectively.", [],
     [("RMSE", 12.5, None, "score"), ("RMSE", 14.25, None, "score"), ("RMSE", 13.75, None, "score"), ("RMSE", 15.5, None, "score")]),
    # the noun after a percentage is its measure, not the one named before
    ("The bot shows 91% recall in toxicity screening and 97% reliability in alert delivery.", [],
     [("recall", 91.0, None, "score"), ("reliability", 97.0, None, "score")]),
    # an advantage is no measure
    ("On the two hosted platforms, the attack keeps a 12.5% advantage over the baseline.", [], [(None, 12.5, None, "gain")]),
    # factors before a quality measure, one result each
    ("The planner gives 1.8x and 2.6x improvements in success rate on the two city maps, respectively.", [],
     [("success rate", 1.8, None, "gain"), ("success rate", 2.6, None, "gain")]),
    # the i-th value of a list after a list of measures is the i-th measure's
    ("It beats the baselines in F1-score, precision, and recall by 11%, 4%, and 15%, respectively.", [],
     [("F1-score", 11.0, None, "gain"), ("precision", 4.0, None, "gain"), ("recall", 15.0, None, "gain")]),
    # ... and an efficiency measure of such a pair is a claim's business, not a result
    ("The scheduler improves training efficiency and test accuracy by 18.5% and 4.5%, respectively.", [],
     [("test accuracy", 4.5, None, "gain")]),
    # a magnitude adjective is no word of the measure; a drop is a change, not a score
    ("The spiking model runs faster with a near-zero accuracy drop of 0.45%.", [], [("accuracy", 0.45, None, "gain")]),
    # "mean error" keeps its "mean": a bare "error" would name nothing
    ("The estimator recovers joint limits with a mean error of only 3 degrees.", [], [("mean error", 3.0, None, "score")]),
    # a unit word after an integer ("µm") makes it a value
    ("The gripper keeps a maximum placement error of 35 µm.", [], [("maximum placement error", 35.0, None, "score")]),
    # a bound in a parenthesis after the measure; "ultra-low" is no word of it
    ("The runtime keeps an end-to-end latency (<40ms) on a phone.", [], [("end-to-end latency", 40.0, None, "score")]),
    ("The codec enables ultra-low latency (<15ms) on the headset.", [], [("latency", 15.0, None, "score")]),
    # a measure held as a setting ("at a 4x compression rate") is not the measure of the gain
    ("It gives a 6.5% relative gain at a 4x compression rate.", [], [(None, 6.5, None, "gain")]),
    # a capitalised Cohen's Kappa is a named measure with its signed gain
    ("The tuned scorer agrees better with raters (quadratic Cohen's Kappa +3.15%).", [],
     [("quadratic Cohen's Kappa", 3.15, None, "gain")]),
    # a plural ratio is a measure's head
    ("The portfolio shows a 4.25% increase in risk-return ratios over the index.", [],
     [("risk-return ratios", 4.25, None, "gain")]),
    # "when", "the same" end a measure's words; "the range of" names no measure
    ("The tuned model achieves WDER reductions in the range of 20-35% over the cascade.", [], [(None, 20.0, None, "gain")]),
    # a share of things is not a share of the measure named nearby
    ("About 7.5% of the packages did not build, which wasted developer time.", [], [(None, 7.5, None, "ratio")]),
    # "A vs. B measure" with decimals: A is this system's
    ("The sparse model matches the dense one (68.25 vs. 68.5 average accuracy) with half the FLOPs.", [],
     [("accuracy", 68.25, None, "score")]),
    # a human reference point is no result of the method
    ("The agent reaches 38.5% accuracy on the puzzles, while humans achieve 91.5%.", [], [("accuracy", 38.5, None, "score")]),
    # a decimal right after a verb of scoring; the other system's number in a parenthesis after "outperforming"
    ("On the olympiad split, our 7B prover scores 71.25, outperforming a 70B model (69.5).", [], [(None, 71.25, None, "score")]),
    # "N% lower error than …": the measure compared
    ("The fused model gives 9.5% higher accuracy and 6.5% lower error than the single model.", [],
     [("accuracy", 9.5, None, "gain"), ("error", 6.5, None, "gain")]),
    # a share of the tasks the system solves or answers is a result
    ("The agent resolves 41.5% of the repository issues.", [], [(None, 41.5, None, "ratio")]),
    ("The tuned reader correctly answers 72% of the held-out questions.", [], [(None, 72.0, None, "ratio")]),
    # "(A vs. B)" after each measure: A is this system's
    ("The recommender improves nDCG (0.412 vs. 0.365) and Recall@20 (0.298 vs. 0.231) over the graph baseline.", [],
     [("nDCG", 0.412, None, "score"), ("Recall@20", 0.298, None, "score")]),
    # the unit after the last member of a list is every member's, and so is the kind of the first ("gains of")
    ("The method sets the state of the art on three suites, with gains of 2.25, 3.5 and 1.75 points.", [],
     [(None, 2.25, None, "gain"), (None, 3.5, None, "gain"), (None, 1.75, None, "gain")]),
    # "N% of the time": a share
    ("Overall, the judges agree with the clinicians 84.5% of the time.", [], [(None, 84.5, None, "ratio")]),
    # the measure, then its change "by" a value
    ("With the shape prior, the Dice score improves by 2.75% and HD95 decreases by 1.25 mm.", [],
     [("Dice score", 2.75, None, "gain"), ("HD95", 1.25, None, "gain")]),
    # a precision held as an operating point is no result; "up from N" is the starting point
    ("It reports a 12.5% increase in recall at a precision of 95%.", [], [("recall", 12.5, None, "gain")]),
    ("In the few-shot setting, accuracy rises to 71.5%, up from 58.25%.", [], [("accuracy", 71.5, None, "score")]),
    # a score with its gain in parentheses
    ("Our tagger achieves 84.25 (+2.5) on the validation set.", [], [(None, 84.25, None, "score"), (None, 2.5, None, "gain")]),
    # the measure inside the comparison; "and" ends the words after a margin
    ("It outperforms previous methods in terms of IoU by 0.75% and recall by 0.5%.", [],
     [("IoU", 0.75, None, "gain"), ("recall", 0.5, None, "gain")]),
    # a margin "in" a phrase does not take a measure from elsewhere; the phrase names it ("… performance", as
    # train.jsonl's "perception performance")
    ("It reaches a 3.5% collision rate, outperforming prior planners by over 20% in goal-reaching performance.", [],
     [("collision rate", 3.5, None, "score"), ("goal-reaching performance", 20.0, None, "gain")]),
    # a named squared error keeps its words
    ("The network gets mean square errors that are 35% lower than the MLP.", [], [("mean square errors", 35.0, None, "score")]),
    # a second change after "from A to B": "and C to D" gives D
    ("It improves the success rate from 61.5% to 70.25% and 40.5% to 52.75% in the two settings.", [],
     [("success rate", 70.25, None, "score"), ("success rate", 52.75, None, "score")]),
    # "A precision at B recall": B is the operating point
    ("The filter attains 0.94 precision at 0.85 recall on the spam set.", [], [("precision", 0.94, None, "score")]),
    # "MEASURE (from A to B)": B
    ("Decoding is faster and gives a clear drop in word error rate (from 7.25 to 4.5).", [],
     [("word error rate", 4.5, None, "score")]),
    # a list of measures and a list of as many values pair up, with or without "respectively"
    ("On the ward notes, precision, recall and F1 reach 0.84, 0.77 and 0.80.", [],
     [("precision", 0.84, None, "score"), ("recall", 0.77, None, "score"), ("F1", 0.8, None, "score")]),
    # the number inside a measure's name ("mAP@50") is no value
    ("On COCO we obtain 61.5% mAP@50 and 44.25% mAP@50:95.", [], [("mAP@50", 61.5, None, "score"), ("mAP@50:95", 44.25, None, "score")]),
    # a list of values "on" a list of as many measures pairs up
    ("The agent beats the strongest planner by 12.5%, 9.25%, and 31% on task success rate, plan accuracy, and goal completion rate, respectively.", [],
     [("task success rate", 12.5, None, "gain"), ("plan accuracy", 9.25, None, "gain"), ("goal completion rate", 31.0, None, "gain")]),
    # "(from A to B)" with decimals after an improvement: B
    ("It improves over the baseline by 4.5 (from 61.25 to 65.75).", [], [(None, 4.5, None, "gain"), (None, 65.75, None, "score")]),
    # a leaderboard rank with its points; the others' numbers in parentheses
    ("Our entry ranks first with 68.5 points, ahead of two commercial systems (64.25 and 63.5).", [],
     [(None, 68.5, None, "score")]),
    # a passive change names its measure
    ("Compared to prior art, the error rate is reduced from 14.5% to 9.25%.", [], [("error rate", 9.25, None, "score")]),
    # a share of the tasks a system implements correctly; "successfully" marks a result
    ("The coder correctly implements 82% of the tasks.", [], [(None, 82.0, None, "ratio")]),
    ("The repairer successfully locates 47.5% of the faulty methods.", [], [(None, 47.5, None, "ratio")]),
    # a noun of change before "from A to B"
    ("Prompting gives a clear bias mitigation from 75% to 6% on the first language.", [], [(None, 6.0, None, "score")]),
    # a share as the subject of a finding, with "up to"
    ("Notably, up to 57% of these outputs are misread as human-written.", [], [(None, 57.0, None, "ratio")]),
    # two or three plain words after a percentage before a punctuation mark are its measure
    ("The arm successfully cleared every obstruction (with more than 85% volumetric plaque removal).", [],
     [("volumetric plaque removal", 85.0, None, "score")]),
    # the members of a list with the same unit word each
    ("The swarms reach top rolling speeds of 850 µm/s and 925 µm/s.", [],
     [("top rolling speeds", 850.0, None, "score"), ("top rolling speeds", 925.0, None, "score")]),
    # "N ms latency at 1 kHz": the value before the measure, "at" gives a condition
    ("The variants run with 4 ms latency at 2 kHz.", [], [("latency", 4.0, None, "score")]),
    # "between A and B": a range gives its lower end
    ("We observe accuracy gains between 2.5% and 7.5% on the four suites.", [], [("accuracy", 2.5, None, "score")]),
    # "BENCH: +N%": a gain on a benchmark named before a colon, not a measure
    ("Prompting helps on every suite (on average MATHX: +3.5%; QAZ: +2.25%).", [],
     [(None, 3.5, "MATHX", "gain"), (None, 2.25, "QAZ", "gain")]),
    # a share of a performance the method recovers is a result
    ("Prompting alone recovers 93.5% of the fine-tuned performance.", [], [(None, 93.5, None, "ratio")]),
]

NO_RESULT = [
    # a share or a saving of a cost is an efficiency claim, not a result
    "The index is built at 2% of the cost of the dense pipeline.",
    "The student needs only 31.5% of the teacher's FLOPs.",
    "The head brings a 40.5% parameter reduction over the full decoder.",
    "Pruning yields a 27.5% training time reduction on the large split.",
    "The gate adds only a 1.5% inference overhead.",
    # operating conditions
    "The sensor runs at a very low sampling rate (2.5%) during the night.",
    "The accuracy drops when the camera runs at high frame rates (60 FPS).",
    "We train with 35.5% of the tokens pruned.",
    "Ranking stays stable when evaluated at 10-30% retention rates.",
    "The fused kernel lowers the number of parameters by 25.5%.",
    "Routing cuts costs by 40%-90% on the chat workload.",
    "Learning adds a 1.5% energy overhead on the chip.",
    "The student falls just below the 86.5% passing threshold.",
    # how much of the input a method keeps, a condition held fixed, an added cost
    "Combining projection with quantisation works well when retaining 40% dimensions.",
    "At the same decoding throughput of 45 Hz, the planner is more stable.",
    "Fusion comes at the cost of +65% in memory.",
    "The tagger is retrained with 15% additional data.",
    "The router brings the serving cost down: the cost was reduced to only 28.5%.",
    "Distillation gives a 64% reduction in context length on the held-out tasks.",
    "Some splits reach their best accuracy with less than 25% of the temporal instances.",
    # a model's cost is no measured outcome
    "The small variant runs with only 2.3 GFLOPs.",
    "The scheduler saves up to 41.5% communication traffic.",
    "The aggressive mode pushes savings to 65.5% for a small quality trade.",
    # the strength of an attack is a setting; earlier works' numbers are theirs
    "The classifier stays robust even when the perturbation ratio increases to 40%.",
    "Previous works barely reach 81.5% OA on the scans.",
    "It clearly outperforms the 33.3% random baseline.",
    "The gains hold on the 10% annotated split of the corpus.",
    "We predict the full scores using just a 0.5% data subset.",
    "The scheduler conserves 48.5% energy on the cluster.",
    "The rate is proved to take a universal value of 2 in artificial time.",
    "Tracing yields a limited cost overhead (from 12% to 25% on average).",
    "The student approaches the teacher's performance (93.5% on parsing, 90.5% on tagging).",
]


@pytest.mark.parametrize("sentence,expected", [
    # plain words after a percentage name its measure, but not a clause a participle opens
    ("The surgical robot achieves more than 90% volumetric tumor removal.", "volumetric tumor removal"),
    ("Per-record correctness is not claimed; 100% pending human curation.", None),
])
def test_results_more_words_after_a_percentage_name_the_measure_unless_a_participle(sentence, expected):
    assert [r.metric for r in find_results(sentence, [], [], [])] == [expected]


@pytest.mark.parametrize("sentence,datasets,expected", RESULTS)
def test_results_more_field_by_field(sentence, datasets, expected):
    got = find_results(sentence, [], spans_of(sentence, datasets), [])
    assert [(r.metric, r.value, r.dataset, r.kind) for r in got] == expected


@pytest.mark.parametrize("sentence", NO_RESULT)
def test_results_more_numbers_that_are_no_result(sentence):
    assert find_results(sentence, [], [], []) == []


# sentence, known measures (found before this component), [(metric, value, kind), ...]
WITH_KNOWN = [
    # a long form and its abbreviation in parentheses are one measure, not two results
    ("The ensemble raised the area under the curve (AUC), outperforming the single model by 2.5%.",
     ["area under the curve", "AUC"], [("area under the curve", 2.5, "gain")]),
    # "over" inside a measure's name is no comparison; the long form named before its abbreviation is the measure
    ("On the harbour split, the mean Intersection over Union (mIoU) increased by 1.40% on the test set.",
     ["mean Intersection over Union", "mIoU"], [("mean Intersection over Union", 1.4, "gain")]),
]


@pytest.mark.parametrize("sentence,known,expected", WITH_KNOWN)
def test_results_more_with_known_measures(sentence, known, expected):
    got = find_results(sentence, spans_of(sentence, known), [], [])
    assert [(r.metric, r.value, r.kind) for r in got] == expected


def test_results_more_integer_values_after_a_named_measure(nlp):
    """A sentence whose only numbers are integers after "of" still reaches the result rules."""
    from conftest import extract_text
    ext = extract_text(nlp, "We propose ZetaMT. ZetaMT achieves a BLEU score of 35 on WMT14. "
                            "We train with a batch size of 64 for 3 epochs.")
    assert [(r.metric, r.value) for r in ext.results] == [("BLEU score", 35.0)]


def test_results_more_values_in_degrees_reach_the_rules(nlp):
    from conftest import extract_text
    ext = extract_text(nlp, "We propose ZetaPose. ZetaPose estimates steering bounds with a mean error of only 3 degrees.")
    assert [(r.metric, r.value) for r in ext.results] == [("mean error", 3.0)]


def test_results_more_an_unnamed_number_takes_the_abstracts_one_measure(nlp):
    from conftest import extract_text
    ext = extract_text(nlp, "We propose ZetaVQA. ZetaVQA shows a healthy gain of 5.5% over the strongest baseline. "
                            "On the chart split, ZetaVQA reaches 71.25% accuracy. "
                            "The verifier outperforms majority voting in 83% of cases.")
    assert [(r.metric, r.value, r.kind) for r in ext.results] == [
        ("accuracy", 5.5, "gain"), ("accuracy", 71.25, "score"), (None, 83.0, "ratio")]


def test_results_more_two_measures_leave_an_unnamed_number_unnamed(nlp):
    from conftest import extract_text
    ext = extract_text(nlp, "We propose ZetaSeg. ZetaSeg shows a gain of 2.5% over the baseline. "
                            "It reaches 81.5 mIoU and 90.25% pixel accuracy on the street split.")
    assert [(r.metric, r.value) for r in ext.results][0] == (None, 2.5)


def test_extract_results_slash_names_share_the_first_ones_stem(nlp):
    text = "The federated model achieves ROUGE-1/2/L of 61.10/55.77/59.44 and BLEU-4 of 45.02 on the notes."
    found = [(r.metric, r.value) for r in extract_text(nlp, text).results]
    assert [("ROUGE-1", 61.1), ("ROUGE-2", 55.77), ("ROUGE-L", 59.44)] == [f for f in found if f[0].startswith("ROUGE")]


def test_extract_results_measure_loses_its_owner(nlp):
    text = "GPT-4o-mini's diagnostic accuracy rises from 61.2% to 70.4% with retrieval."
    ext = extract_text(nlp, text)
    assert "diagnostic accuracy" in [m.text for m in ext.mentions if m.field == "metrics"]
    assert not [m.text for m in ext.mentions if "'s" in m.text]
