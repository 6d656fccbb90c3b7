"""Result shapes of the sixth pass (issue 13): failure classes read on unlabelled arXiv and conference text, not
on a gold file. Every sentence is written here for the tests (none is copied from an abstract or a gold file);
each is checked field by field, and the numbers that are no result of the method are checked to stay out."""
import pytest

from conftest import spans_of
from kg.extract.results import find_results


# sentence, datasets named in it, [(metric, value, dataset, kind), ...] in sentence order
RESULTS = [
    # the members after the first of a list of other systems' numbers after "versus"/"compared to" are theirs too
    ("The tagger reaches 81.25% accuracy versus 74.5% for CRF and 70.25% for HMM.", [],
     [("accuracy", 81.25, None, "score")]),
    ("Our ranker attains an nDCG of 0.71, compared to 0.64 for BM25 and 0.62 for a dense retriever.", [],
     [("nDCG", 0.71, None, "score")]),
    ("The planner reaches a 92.5% success rate (versus 88.5% for A* and 61.25% for RRT), with precision of 0.811.", [],
     [("success rate", 92.5, None, "score"), ("precision", 0.811, None, "score")]),
    # ... but a value of this system after the comparison with one number stays a result
    ("The parser scores 75.5% vs. 70.5% on the news split, and 80.25% vs. 77.5% on the web split.", [],
     [(None, 75.5, None, "score"), (None, 80.25, None, "score")]),
    # one or two lower-case modifiers between a value and a named measure
    ("The segmenter reaches 0.912 lesion-level AUROC on the held-out scans.", [],
     [("AUROC", 0.912, None, "score")]),
    ("The guard model reaches 77.4 prompt-safety F1 and 95.6 streaming F1 on the red-team set.", [],
     [("F1", 77.4, None, "score"), ("F1", 95.6, None, "score")]),
    ("Our matcher obtains 0.487 zero-shot mIoU on the aerial tiles.", [], [("mIoU", 0.487, None, "score")]),
    # the exponent of a unit is no value of the measure after it
    ("The retrieval reaches 2.31 m s^-1 gust speed MAE over the coastal sites.", [], []),
    # a verb of change, modifiers, a named measure, then its new value after "to"
    ("On the cardiac scans, the registration improves mean DSC to 0.812 over rigid alignment.", [],
     [("DSC", 0.812, None, "score")]),
    ("Refinement raised the vessel Dice score to 0.915 from 0.884 on the angiograms.", [],
     [("Dice score", 0.915, None, "score")]),
    # "improves performance to N": the new value, the measure unnamed unless one follows the value
    ("The second stage further improves performance to 64.5 on the desktop suite and 41.25 on the web suite.", [],
     [(None, 64.5, None, "score"), (None, 41.25, None, "score")]),
    ("Chain prompting pushes performance to 88.75% on the held-out questions.", [], [(None, 88.75, None, "score")]),
    ("Richer features boost performance to 0.9125 AUROC on the audit logs.", [], [("AUROC", 0.9125, None, "score")]),
    # "from A <setting> to B": the setting of the starting point between it and "to"; only B is a result
    ("Steering improved the macro F1 from 0.6425 in the zero-shot setting to 0.7810 with exemplars.", [],
     [("macro F1", 0.781, None, "score")]),
    ("The safeguards cut the leak rate from 18.5% under the default policy to 4.25% on the audit.", [],
     [("leak rate", 4.25, None, "score")]),
    ("The grasp module improves performance from 80.5% for the previous detector to 86.25% on the bin-picking set.", [],
     [(None, 86.25, None, "score")]),
    # the later members of a list of systems beaten, each with its number in parentheses, are theirs
    ("Our tagger reaches the highest accuracy (86.5%), outperforming CRF (81.5%) and HMM (79.25%).", [],
     [("accuracy", 86.5, None, "score")]),
    # "(A v.s. B on M)": this system's number against another's, with "v.s." written for "vs."
    ("The method outperforms prior work in both lane detection (38.5% v.s. 33.25% on mAP) and centerline perception "
     "(45.5% v.s. 40.75% on OLS).", [], [("mAP", 38.5, None, "score"), ("mAP", 45.5, None, "score")]),
    # a range with the system of each end in parentheses gives its lower end
    ("Across the criteria, the agreement rate ranges from 52.5% (small judge) to 68.25% (large judge).", [],
     [("agreement rate", 52.5, None, "score")]),
    # a count before a hyphenated noun is a setting, no value
    ("The adapter gains up to 3.5% in macro F1 under 16-shot settings.", [], [("macro F1", 3.5, None, "gain")]),
    # "reduces A by x and the B by y": the acronym before the second "by" is the second value's measure
    ("On the indoor split, the odometer reduces the mean ATE by 11% and the mean RTE by 14% compared to the filter.", [],
     [("ATE", 11.0, None, "gain"), ("RTE", 14.0, None, "gain")]),
    ("It improves the F1 score by 10.5% and the AUC of ROC by 4.25%.", [],
     [("F1 score", 10.5, None, "gain"), ("AUC", 4.25, None, "gain")]),
    # a signal-to-noise ratio is a measure, not the strength of a noise
    ("The denoiser attains a peak signal-to-noise ratio of 31.25 dB on the phantom scans.", [],
     [("peak signal-to-noise ratio", 31.25, None, "score")]),
    # how much is labelled, kept or corrupted is a setting; the gains measured under it stay results
    ("The segmenter beats the co-training method by 12.5% and 6.25% on the gland split with 5% and 10% scribble labels, "
     "respectively.", [], [(None, 12.5, None, "gain"), (None, 6.25, None, "gain")]),
    ("We raise the accuracy of the student from 71.5% to 74.25% by pruning a larger teacher.", [],
     [("accuracy", 74.25, None, "score")]),
    # "outperforms the baseline and achieves N": the subject of "achieves" is this system, not the baseline
    ("The parser clearly outperforms the strongest baseline and achieves 84.5% exact match on the test split.", [],
     [("exact match", 84.5, None, "score")]),
    # a margin in parentheses after "by a large margin" is this system's, not the beaten systems' number, and a gain
    ("Our tagger surpasses earlier systems by a large margin (12.5%) on the noisy split.", [], [(None, 12.5, None, "gain")]),
    ("The detector outperforms previous work by a wide margin (2-4% in terms of F1) on all three corpora.", [],
     [("F1", 2.0, None, "gain")]),
    # "METRIC on BENCHMARK (N)": the benchmark between the measure and its value
    ("Our single model yields the best Smatch score on AMR 3.0 (80.25) without silver data.", [],
     [("Smatch score", 80.25, None, "score")]),
    # the next member of a list after "N METRIC on A" takes the measure
    ("The scheduler reaches 53.5 mAP on the fog split and 61.25 on the rain split.", [],
     [("mAP", 53.5, None, "score"), ("mAP", 61.25, None, "score")]),
    # a value in parentheses right after its measure is this system's, even after "outperforms X in metrics such as"
    ("The restorer clearly outperforms existing approaches in metrics such as PSNR (33.125 dB) and SSIM (0.9125).", [],
     [("PSNR", 33.125, None, "score"), ("SSIM", 0.9125, None, "score")]),
    # ... but not after a comparison ("compared to the human-level accuracy (88%)")
    ("Tagging accuracy stays low (under 71% on the test set) compared to the human-level accuracy (88%).", [],
     [("Tagging accuracy", 71.0, None, "score")]),
    # a range in parentheses after a measure gives its lower end
    ("Raters scored the assistant highly on diagnostic accuracy (4.2-4.6) and on empathy.", [],
     [("diagnostic accuracy", 4.2, None, "score")]),
    # "equal to" before a list of values, one per measure
    ("The ranker is best on every measure, with a precision and recall equal to 0.715 and 0.688, respectively.", [],
     [("precision", 0.715, None, "score"), ("recall", 0.688, None, "score")]),
    # "reaches a score of N": a decimal after a verb of scoring and the bare word "score"
    ("Our distilled agent reaches a score of 68.4, close to far larger systems.", [], [(None, 68.4, None, "score")]),
]

# numbers in these sentences are no result of the method
NO_RESULT = [
    "The shared task ranked 12 systems, compared to 0.52 for the organisers and 0.47 for the median entry.",
    "Raising the temperature to 0.7 and the top-p to 0.95 changes little.",
    "We lower the learning rate from 0.001 in the warm-up phase to 0.0001 for the rest of training.",
    "The corpus grows from 1.2 million documents in the first release to 3.4 million.",
    "Each node reports 4.5 GB memory and 3.2 GHz clocks.",
    "The selector stays robust under an extreme pruning rate of over 99 percent.",
    "We tried 8-shot and 16-shot prompts with 3-layer adapters.",
    "Our detector is trained with 10% labeled data and evaluated under 20% label noise.",
    "Notably, at 50% sparsity the pruned network stays usable.",
]


@pytest.mark.parametrize("sentence,datasets,expected", RESULTS)
def test_results_shapes_field_by_field(sentence, datasets, expected):
    got = find_results(sentence, [], spans_of(sentence, datasets), [])
    assert [(r.metric, r.value, r.dataset, r.kind) for r in got] == expected


@pytest.mark.parametrize("sentence", NO_RESULT)
def test_results_shapes_numbers_that_are_no_result(sentence):
    assert find_results(sentence, [], [], []) == []


def test_results_shapes_a_list_of_baselines_in_an_abstract(nlp):
    from conftest import extract_text
    ext = extract_text(nlp, "We propose ZetaTab. On the ledger benchmark, ZetaTab reaches 86.5% accuracy, compared to "
                            "71.5% for TabNet and 69.25% for XGBoost.")
    assert [(r.metric, r.value) for r in ext.results] == [("accuracy", 86.5)]


def test_results_shapes_a_written_out_signal_to_noise_ratio_and_the_next_member():
    """"peak signal to noise ratio" is a measure (not the strength of a noise), and the value after "and" takes it."""
    sentence = "Our decoder reaches 31.5 dB peak signal to noise ratio on the face set and 29.25 dB on the digit set."
    got = find_results(sentence, spans_of(sentence, ["peak signal to noise ratio"]), [], [])
    assert [(r.metric, r.value, r.kind) for r in got] == [
        ("peak signal to noise ratio", 31.5, "score"), ("peak signal to noise ratio", 29.25, "score")]
