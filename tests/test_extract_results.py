"""Results: a metric with a value, linked to the dataset and method the sentence names (sentences written here)."""
import pytest

from conftest import extract_text


@pytest.mark.parametrize("text,metric,value,dataset", [
    ("We propose ZetaGAN. ZetaGAN reaches FID 3.41 on FFHQ.", "FID", 3.41, "FFHQ"),
    ("We propose ZetaNet. ZetaNet obtains 91.2% accuracy on CIFAR-100.", "accuracy", 91.2, "CIFAR-100"),
    ("We propose ZetaNet, improving BLEU by 2.3 points on WMT14.", "BLEU", 2.3, "WMT14"),
    ("We propose ZetaLM. ZetaLM achieves 48.0 HumanEval with only 1B parameters.", None, 48.0, "HumanEval"),
    ("We propose ZetaLM. ZetaLM outperforms GPT-2 by 4.1 points on average.", None, 4.1, None),
    ("We propose ZetaGNN (+6.2% on Citeseer).", None, 6.2, "Citeseer"),
])
def test_extract_result_forms(nlp, text, metric, value, dataset):
    results = extract_text(nlp, text).results
    assert any(r.metric == metric and r.value == value and r.dataset == dataset for r in results), results
    assert all(r.method and r.method.startswith("Zeta") for r in results)


def test_extract_results_respectively(nlp):
    text = "Our model attains 81.5% and 77.0% top-1 accuracy on the ImageNet and Places365 datasets, respectively."
    results = extract_text(nlp, text).results
    assert {(r.value, r.dataset) for r in results} == {(81.5, "ImageNet"), (77.0, "Places365")}
    assert {r.metric for r in results} == {"top-1 accuracy"}


def test_extract_results_improves_coordinated_metrics(nlp):
    results = extract_text(nlp, "Our loss improves both PSNR and SSIM by 4% on Set14.").results
    assert {(r.metric, r.value) for r in results} == {("PSNR", 4.0), ("SSIM", 4.0)}


def test_extract_results_never_from_names_or_years(nlp):
    assert extract_text(nlp, "In 2024 we trained Llama-3.2-1B and ResNet-50 on CIFAR-10.").results == []


# whose number a result is: the method the paper proposes when the sentence names it, else the model written as
# the number's subject (the system a benchmark paper studies), and never a benchmark or metric the paper proposes
@pytest.mark.parametrize("text,methods", [
    ("We introduce TrailBench, a suite of 900 route-planning problems. GPT-4o solves only 41.5% of them, "
     "while Llama-3-8B reaches 12.0%.", [(41.5, "GPT-4o"), (12.0, "Llama-3-8B")]),
    ("We compare ResNet-50 and ViT-B/16 on scans from six hospitals. The best model, ViT-B/16, "
     "reaches 91.25% top-1 accuracy.", [(91.25, "ViT-B/16")]),
    # the proposed method named in the sentence keeps the number, even with a backbone nearer to it
    ("We propose KappaNet. Built on Llama-3-8B, KappaNet achieves 63.5% accuracy on GSM8K.", [(63.5, "KappaNet")]),
    # a model the subject beats is not the subject
    ("We test nine agents on web chores. Claude-3-Opus outperforms GPT-4o, achieving 36.75% success.", [(36.75, None)]),
    # a number across a clause break is not the named model's
    ("We audit open detectors on street scenes. YOLOv8 is the fastest; the ensemble reaches 55.5 mAP.", [(55.5, None)]),
    # a list of subjects with "respectively": the i-th value is the i-th model's
    ("We build TrailBench for route planning. Gemini-1.5-Pro and GPT-4o achieve total scores of 45.25 and 37.5, "
     "respectively.", [(45.25, "Gemini-1.5-Pro"), (37.5, "GPT-4o")]),
    ("We build TrailBench for route planning. Models such as Claude-3-Opus, Llama-3-8B and GPT-4o reach 64.5%, "
     "20.25% and 75.5% accuracy respectively.", [(64.5, "Claude-3-Opus"), (20.25, "Llama-3-8B"), (75.5, "GPT-4o")]),
])
def test_extract_results_method_is_the_subject_model(nlp, text, methods):
    results = extract_text(nlp, text).results
    assert [(r.value, r.method) for r in results] == methods, results


# the dataset of a number whose own words name none: the only dataset its sentence names, and none when it names several
@pytest.mark.parametrize("text,datasets", [
    ("We propose SigmaSeg. On KSDD2, with a 0.5 ms budget per image, SigmaSeg attains 85.25% accuracy.", [(85.25, "KSDD2")]),
    ("We propose SigmaSeg. SigmaSeg was trained on MVTec AD and attains 91.5% accuracy.", [(91.5, "MVTec AD")]),
    ("We propose SigmaSeg. Pretrained with COCO and LVIS images, SigmaSeg reaches 41.25% accuracy.", [(41.25, None)]),
    ("We propose SigmaSeg on KSDD2. SigmaSeg attains 85.25% accuracy.", [(85.25, None)]),
    # several values of one measure: the sentence's one dataset is not known to be each one's
    ("We propose SigmaSeg. On Synapse-X and KSDD2, SigmaSeg reaches Dice scores of 86.25% and 92.5%, respectively.",
     [(86.25, None), (92.5, None)]),
    # "respectively" over datasets of which only the first is known: none is known to be each number's
    ("We propose SigmaSeg. SigmaSeg is the best part-based model (88.75% and 92.25% accuracy on KSDD2 and the pig "
     "farm photographs, respectively).", [(88.75, None), (92.25, None)]),
    # a sentence that opens with its dataset gives it to the numbers before the next dataset it names
    ("We propose SigmaSeg. On KSDD2 (5-shot), SigmaSeg attains base/novel mIoU of 71.25/66.5.", [(71.25, "KSDD2"), (66.5, "KSDD2")]),
    ("We propose SigmaSeg. On KSDD2 the 4-bit SigmaSeg reaches 61.5% accuracy and the 8-bit one 66.25% accuracy.",
     [(61.5, "KSDD2"), (66.25, "KSDD2")]),
    ("We propose SigmaLM. On MedQA, SigmaLM reaches 88.5% accuracy, and it attains 71.25% accuracy on PubMedQA.",
     [(88.5, "MedQA"), (71.25, "PubMedQA")]),
    # the other system's number between a value and its dataset ("91.5% vs. 88.0% on HotpotQA")
    ("We propose SigmaLM. SigmaLM stays ahead on GSM8K (95.5%), while on multi-hop questions it scores "
     "91.5% vs. 88.0% on HotpotQA.", [(95.5, "GSM8K"), (91.5, "HotpotQA")]),
])
def test_extract_results_dataset_from_the_sentence(nlp, text, datasets):
    results = extract_text(nlp, text).results
    assert [(r.value, r.dataset) for r in results] == datasets, results


# a drop or a signed negative number is a change, not an absolute score
@pytest.mark.parametrize("text,found", [
    ("We propose ThetaPrune. Pruning with ThetaPrune leads to accuracy drops of only 0.75% on ImageNet.", [(0.75, "accuracy", "gain")]),
    ("We propose ThetaPrune. Pruning half the heads of three models changes their accuracy by -2.25%, -1.5% and -0.75%.",
     [(2.25, "accuracy", "gain"), (1.5, "accuracy", "gain"), (0.75, "accuracy", "gain")]),
    ("We propose ThetaPrune. ThetaPrune keeps 5-10% of the heads and scores 71.5% accuracy.", [(71.5, "accuracy", "score")]),
    # a margin, a gap or a loss is a difference from another system, whichever rule found the number
    ("We propose ThetaPrune. ThetaPrune can outperform XNOR nets by up to 5.25% (top-1 accuracy) on ImageNet.",
     [(5.25, "top-1 accuracy", "gain")]),
    ("We propose ThetaPrune. ThetaPrune outperforms prior pruners (e.g., SNIP) by more than 3% when using a ResNet.",
     [(3.0, None, "gain")]),
    ("We propose ThetaPrune. Our ResNet-152 outperforms the baseline model with a 1.25% margin in top-1 accuracy.",
     [(1.25, "top-1 accuracy", "gain")]),
    ("We propose ThetaPrune. ThetaPrune closes the gap to the dense model to within 2.5% top-1 accuracy.",
     [(2.5, "top-1 accuracy", "gain")]),
    ("We propose ThetaPrune. ThetaPrune removes 30% of the weights with a loss of 0.25% in the top-1 accuracy.",
     [(0.25, "top-1 accuracy", "gain")]),
    # "precision" in "full-precision" is a number format, not the measure of the number
    ("We propose ThetaPrune. Our 4-bit model reaches top-1 accuracy of 64.5%, and our 8-bit model gives 71.5% which is "
     "close to the full-precision baseline.", [(64.5, "top-1 accuracy", "score"), (71.5, "top-1 accuracy", "score")]),
    # every member of a list of gains is a gain, not only the first
    ("We propose ThetaPrune. On three backbones ThetaPrune shows accuracy improvements of 0.5%, 2.75%, and 1.25%, "
     "respectively.", [(0.5, "accuracy", "gain"), (2.75, "accuracy", "gain"), (1.25, "accuracy", "gain")]),
])
def test_extract_results_drops_and_signed_changes_are_gains(nlp, text, found):
    results = extract_text(nlp, text).results
    assert [(r.value, r.metric, r.kind) for r in results] == found, results


# the numbers of the systems or records a method beats are not its results
@pytest.mark.parametrize("text,found", [
    ("We propose ThetaAug. On ImageNet, ThetaAug attains a top-1 accuracy of 83.25%, which is 0.5% better than the "
     "previous record of 82.75%.", [(83.25, "score", None), (0.5, "gain", None)]),
    ("We propose ThetaQuant. On ImageNet, our 4-bit ResNet50 achieves 77.25% top-1 accuracy, an improvement over "
     "leading static (LSQ, 76.5%) and dynamic (QNETX, 76.75%) methods.", [(77.25, "score", None)]),
])
def test_extract_results_beaten_numbers_are_not_results(nlp, text, found):
    results = extract_text(nlp, text).results
    assert [(r.value, r.kind, r.baseline) for r in results] == found, results


# numbers that are sizes, settings named by a symbol, or shares above 100 are no scores
@pytest.mark.parametrize("text,found", [
    ("We propose OmegaGen. OmegaGen reaches 1.75 FID at 256×256 and 2.25 FID at 512×512 on ImageNet.", [1.75, 2.25]),
    ("We propose OmegaSampler. On CIFAR-10 at tight budgets (K=128 points per helix), OmegaSampler reaches 91.5% "
     "accuracy.", [91.5]),
])
def test_extract_results_sizes_and_settings_are_no_scores(nlp, text, found):
    assert [r.value for r in extract_text(nlp, text).results] == found


# a number whose own dataset the sentence names but no list knows takes no other dataset; the starting
# system's number is no result
@pytest.mark.parametrize("text,found", [
    ("We propose PsiSeg. PsiSeg reaches a mean IoU of 83.25% on the Cityscapes dataset and 88.5% mean IoU on the "
     "pascal VOCX dataset.", [(83.25, "Cityscapes"), (88.5, None)]),
    ("We propose PsiNet. PsiNet reaches accuracy beyond all published results on the CIFAR-10 and TORB datasets (79.5% and 97.25% "
     "respectively).", [(79.5, None), (97.25, None)]),
    ("We propose PsiFix. On GSM8K, where the initial reasoner already achieves 95.5% accuracy, PsiFix raises the "
     "final accuracy to 96.75%.", [(96.75, "GSM8K")]),
])
def test_extract_results_unknown_own_dataset_and_starting_system(nlp, text, found):
    assert [(r.value, r.dataset) for r in extract_text(nlp, text).results] == found


# the measure's name leaves out whose value it is ("the judge model's") and a clause's subject and verb that
# the widening took in ("rule pack drops"); a measure named after a person keeps the name
@pytest.mark.parametrize("sentence,found", [
    ("On the audit set, the judge model's pairwise accuracy climbs from 64.5% to 78.25%.", [("pairwise accuracy", 78.25)]),
    ("The grader's recall reaches 0.875 on the essays.", [("recall", 0.875)]),
    ("Removing the rule pack drops accuracy to 17.5% on the ledger tasks.", [("accuracy", 17.5)]),
    ("The verifier lifts held-out accuracy to 91.25% on the proof set.", [("held-out accuracy", 91.25)]),
    ("Across the sweep, the gated policy lifts reward by 12.5% over the ungated one.", [("reward", 12.5)]),
    ("Agreement between raters is high (Cohen's kappa = 0.81).", [("Cohen's kappa", 0.81)]),
])
def test_extract_results_measure_name_leaves_out_owner_and_clause(sentence, found):
    from kg.extract.results import find_results
    assert [(r.metric, r.value) for r in find_results(sentence, [], [], [])] == found


@pytest.mark.parametrize("text,quantity", [
    ("Applied at inference time, EVS reduces large language model (LLM) time-to-first-token (TTFT) by up to 4x "
     "with minimal accuracy loss.", "large language model time-to-first-token"),
    ("ZetaServe lowers the time per output token (TPOT) by 35% on ShareGPT.", "time per output token"),
])
def test_extract_results_a_cut_in_time_to_token_is_a_claim_not_a_result(nlp, text, quantity):
    """Latency per token is a cost: cutting it is an efficiency claim, also where the acronym in
    parentheses stands between what is cut and "by"."""
    ext = extract_text(nlp, text)
    assert ext.results == [] and [c.quantity for c in ext.claims] == [quantity]
