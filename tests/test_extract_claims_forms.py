"""Claims and results in the shapes that new abstracts use: baselines further along the sentence,
lists, words and fractions, shares of data, quality gains, results named as written.

Every sentence is written here for the tests (none is copied from an abstract or a gold file);
each is checked field by field.
"""
import pytest

from conftest import spans_of
from kg.extract.claims import find_claims
from kg.extract.latex import clean
from kg.extract.results import find_results

# sentence, [(value, value_max, unit, kind, baseline, factor), ...] in sentence order
CLAIMS = [
    # the baseline sits further along the sentence
    ("It reduces decoding latency by 1.4-2.2x on Mixtral models compared with the strongest serving systems.",
     [(1.4, 2.2, "x", "reduction", "strongest serving systems", 1.4)]),
    ("The pruned detector cuts parameters by 4.1 times, FLOPs by 120 times and latency by 3.3 times compared to dense detectors.",
     [(4.1, None, "x", "reduction", "dense detectors", 4.1), (120, None, "x", "reduction", "dense detectors", 120),
      (3.3, None, "x", "reduction", "dense detectors", 3.3)]),
    ("Our planner reaches the goal 3.2× faster on the maze tasks than Dijkstra search.",
     [(3.2, None, "x", "speedup", "Dijkstra search", 3.2)]),
    ("It lowers energy use by 41% on edge devices relative to the INT8 baseline.",
     [(41, None, "%", "reduction", "INT8 baseline", 1 / 0.59)]),
    ("Compared with GPT-4o, our agent is 5x cheaper per solved task.",
     [(5, None, "x", "reduction", "GPT-4o", 5)]),
    ("Compared to the teacher, the student runs 2.6× faster at inference.",
     [(2.6, None, "x", "speedup", "teacher", 2.6)]),
    ("The model needs 300x fewer trainable parameters than full fine-tuning (FFT).",
     [(300, None, "x", "reduction", "full fine-tuning (FFT)", 300)]),
    ("It delivers a 1.9× speedup over cuDNN 9.2 on H100 GPUs.",
     [(1.9, None, "x", "speedup", "cuDNN 9.2", 1.9)]),
    ("The new layout engine is 35% faster than the Skia renderer.",
     [(35, None, "%", "speedup", "Skia renderer", 1.35)]),
    ("Learned codecs cut storage by 43-72% compared to JPEG compression, whereas pruning cuts storage by 5-30%.",
     [(43, 72, "%", "reduction", "JPEG compression", 1 / 0.57), (5, 30, "%", "reduction", None, 1 / 0.95)]),
    ("Memory use is 51.1% and 94.2% lower than Kd-tree and Octree respectively.",
     [(51.1, None, "%", "reduction", "Kd-tree", 1 / 0.489), (94.2, None, "%", "reduction", "Octree", 1 / 0.058)]),
    # one claim over several baselines: one record per baseline
    ("The kernel is 2.5× faster than FlashAttention and xFormers.",
     [(2.5, None, "x", "speedup", "FlashAttention", 2.5), (2.5, None, "x", "speedup", "xFormers", 2.5)]),
    ("Our server outperforms vLLM and SGLang by up to 1.8× in throughput.",
     [(1.8, None, "x", "speedup", "vLLM", 1.8), (1.8, None, "x", "speedup", "SGLang", 1.8)]),
    # forms that are written without a plain "N×"
    ("The index shrinks storage by 12 times.", [(12, None, "x", "reduction", None, 12)]),
    ("The solver needs eightfold fewer iterations.", [(8, None, "x", "reduction", None, 8)]),
    ("We obtain more than tenfold lower sampling cost than rejection sampling.",
     [(10, None, "x", "reduction", "rejection sampling", 10)]),
    ("Our reader answers with half the tokens of the teacher.", [(2, None, "x", "reduction", "teacher", 2)]),
    ("The student matches the teacher with one-eighth the parameters.", [(8, None, "x", "reduction", None, 8)]),
    ("Distillation brings model size to 1/12 of the original.", [(12, None, "x", "reduction", None, 12)]),
    ("The recipe reaches the same accuracy with approx. 40% less data.", [(40, None, "%", "reduction", None, 1 / 0.6)]),
    ("We fine-tune with only 3.5% of the training data.", [(3.5, None, "%", "reduction", None, 100 / 3.5)]),
    ("The probe updates fewer than 4% of the model parameters.", [(4, None, "%", "reduction", None, 25)]),
    ("Quantization brings KV cache memory to 23% of the original.", [(23, None, "%", "reduction", None, 100 / 23)]),
    ("It answers questions at ~30x less context cost.", [(30, None, "x", "reduction", None, 30)]),
    ("The cache reduces calculations by close to 70%.", [(70, None, "%", "reduction", None, 1 / 0.3)]),
    ("Prefix sharing cuts TTFT by up to 6x.", [(6, None, "x", "reduction", None, 6)]),
    ("Kernel fusion gives speedups ranging from 3× to 9× over an unfused baseline.",
     [(3, 9, "x", "speedup", "unfused baseline", 3)]),
    ("The scheduler achieves an acceleration ratio of 1.9x-2.4x.", [(1.9, 2.4, "x", "speedup", None, 1.9)]),
    ("Our method increases the generation speed by a factor of 2.3.", [(2.3, None, "x", "speedup", None, 2.3)]),
    ("The simulator achieves over 150 000x speed improvements in batch mode.", [(150000, None, "x", "speedup", None, 150000)]),
    ("Batching triples throughput on a single GPU.", [(3, None, "x", "speedup", None, 3)]),
    ("The early-exit rule skips more than 30 percent of transformer blocks.", [(30, None, "%", "reduction", None, 100 / 30)]),
    ("Speculation raises decoding speed 2--3× on long prompts.", [(2, 3, "x", "speedup", None, 2)]),
    # lists of claims: one record each, same kind
    ("We observe memory reductions of 91% for the encoder and 93.5% for the decoder.",
     [(91, None, "%", "reduction", None, 1 / 0.09), (93.5, None, "%", "reduction", None, 1 / 0.065)]),
    ("The agent reduces latency by 37%, tool calls by 42%, and token consumption by 11%.",
     [(37, None, "%", "reduction", None, 1 / 0.63), (42, None, "%", "reduction", None, 1 / 0.58),
      (11, None, "%", "reduction", None, 1 / 0.89)]),
    ("The three sizes reach speed-ups of 3.1x, 2.7x, and 1.6x respectively in training.",
     [(3.1, None, "x", "speedup", None, 3.1), (2.7, None, "x", "speedup", None, 2.7), (1.6, None, "x", "speedup", None, 1.6)]),
    ("It trims generated tokens by up to 38% in search and 71% in tool use.",
     [(38, None, "%", "reduction", None, 1 / 0.62), (71, None, "%", "reduction", None, 1 / 0.29)]),
    ("It is 2× faster than beam search and 4× faster than exhaustive search.",
     [(2, None, "x", "speedup", "beam search", 2), (4, None, "x", "speedup", "exhaustive search", 4)]),
    ("The compressed model uses 62% less memory than LoRA fine-tuning.", [(62, None, "%", "reduction", "LoRA fine-tuning", 1 / 0.38)]),
    ("Our solver converges in 5× fewer iterations than ADMM.", [(5, None, "x", "reduction", "ADMM", 5)]),
    ("The sampler halves the number of denoising steps.", [(2, None, "x", "reduction", None, 2)]),
    ("Our pipeline runs twice as fast as the reference code.", [(2, None, "x", "speedup", "reference code", 2)]),
    ("Decoding throughput improves by 85% over the dense baseline.", [(85, None, "%", "speedup", "dense baseline", 1.85)]),
    ("We keep only 15% of the visual tokens.", [(15, None, "%", "reduction", None, 100 / 15)]),
    ("It accelerates training by nearly an order of magnitude.", [(None, None, None, "speedup", None, 10)]),
    ("Our reranker is 7.5x faster than cross-encoders on CPUs.", [(7.5, None, "x", "speedup", "cross-encoders", 7.5)]),
    ("It delivers up to 4.2× higher throughput than vLLM on long prompts.", [(4.2, None, "x", "speedup", "vLLM", 4.2)]),
    ("The engine lowers per-token cost by 3x versus the GPU baseline.", [(3, None, "x", "reduction", "GPU baseline", 3)]),
    ("Runtime falls by 22% and energy per query by 40%-60%.",
     [(22, None, "%", "reduction", None, 1 / 0.78), (40, 60, "%", "reduction", None, 1 / 0.6)]),
]

# sentence → expected claim text (the whole claim, never cut mid-word)
TEXTS = [
    ("It reduces decoding latency by 1.4-2.2x on Mixtral models compared with the strongest serving systems.",
     "1.4-2.2x on Mixtral models compared with the strongest serving systems"),
    ("We get a 4.5× speedup in wall-clock time at a sequence length of 4096 on Llama series models.",
     "4.5× speedup in wall-clock time at a sequence length of 4096 on Llama series models"),
    ("Our decoder is 2.1x faster than greedy decoding, while matching its accuracy.", "2.1x faster than greedy decoding"),
    ("The agent reduces latency by 37%, tool calls by 42%, and token consumption by 11%.", "37%"),
    ("Decoding is 3× faster on average (up to 5.5× on long inputs) than autoregressive decoding.", "3× faster on average"),
    ("Pruning cuts the token budget by 99.9% to leave 1,024 tokens per query.", "99.9% to leave 1,024 tokens per query"),
]

# sentences with numbers that are no efficiency claim
NO_CLAIM = [
    "It gives a 2.3x reduction in word error rate on noisy speech.",
    "Our retriever finds 3x more relevant passages than BM25.",
    "The model improves accuracy by 2.5x on hard questions.",
    "The new objective boosts recall by 4× over contrastive pre-training.",
    "We surpass the strongest baseline by 5.6% on average.",
    "Training takes 3 hours on one GPU.",
    "It runs at a fraction of the cost of prior systems.",
    "We use 80% of the data for training and 20% for testing.",
    "The corpus has 10% noisy labels.",
    "We set the learning rate to 0.001 and use 8 GPUs.",
    "Our 13B model beats a 70B model on 9 of 12 tasks.",
    "Generation quality improves by up to 2.8x according to human raters.",
    "The upsampler produces 4x larger images with sharp edges.",
    "Images are resized to 256×256 before training.",
    "Accuracy rises from 61% to 75% with the new prompts.",
    "We label 1,500 examples in 2024 and release them.",
]


def _claims(sentence):
    return find_claims(clean(sentence).text)


@pytest.mark.parametrize("sentence,expected", CLAIMS)
def test_extract_claims_forms_field_by_field(sentence, expected):
    got = _claims(sentence)
    assert [(c.value, c.value_max, c.unit, c.kind, c.baseline) for c in got] == [e[:5] for e in expected]
    for c, e in zip(got, expected):
        assert c.factor == pytest.approx(e[5], rel=1e-4)


@pytest.mark.parametrize("sentence,text", TEXTS)
def test_extract_claims_forms_text_is_the_whole_claim(sentence, text):
    s = clean(sentence).text
    c = _claims(sentence)[0]
    assert c.text == text
    start = c.evidence.start
    end = start + len(c.text)
    assert s[start:end] == text  # the text starts at the claim's number
    # never cut inside a word
    assert end == len(s) or not (s[end - 1].isalnum() and s[end].isalnum())


@pytest.mark.parametrize("sentence", NO_CLAIM)
def test_extract_claims_forms_numbers_that_are_no_claim(sentence):
    assert _claims(sentence) == []


# sentence, datasets named in it, [(metric, value, dataset, kind, baseline), ...]
RESULTS = [
    ("Our parser reaches 61.2 micro-F1 on SciERC.", ["SciERC"], [("micro-F1", 61.2, "SciERC", "score", None)]),
    ("The method improves accuracy by 3.5% on MATH.", ["MATH"], [("accuracy", 3.5, "MATH", "gain", None)]),
    ("The classifier attains 82.14% accuracy.", [], [("accuracy", 82.14, None, "score", None)]),
    ("It obtains FID 0.74 on FFHQ.", ["FFHQ"], [("FID", 0.74, "FFHQ", "score", None)]),
    ("It yields a base/novel mIoU of 78.4/77.5.", [], [("mIoU", 78.4, None, "score", None), ("mIoU", 77.5, None, "score", None)]),
    ("Our model raises top-1 accuracy from 76.1% to 79.3% on ImageNet.", ["ImageNet"],
     [("top-1 accuracy", 79.3, "ImageNet", "score", None)]),
    ("Adaptation gives +1.3% mIoU over the source-only model.", [], [("mIoU", 1.3, None, "gain", "source-only model")]),
    ("It reaches 82.3 mIoU on Cityscapes.", ["Cityscapes"], [("mIoU", 82.3, "Cityscapes", "score", None)]),
    ("The agent achieves success rates of 91.5%, 88.0%, and 79.25%.", [],
     [("success rates", 91.5, None, "score", None), ("success rates", 88.0, None, "score", None),
      ("success rates", 79.25, None, "score", None)]),
    ("It gives an average reduction in MAE / RMSE of 12.5% / 9.8%.", [],
     [("MAE", 12.5, None, "gain", None), ("RMSE", 9.8, None, "gain", None)]),
    ("The detector achieves 47.3 AP on COCO.", ["COCO"], [("AP", 47.3, "COCO", "score", None)]),
    ("It gets a Dice Similarity Coefficient (DSC) of 0.912.", [], [("Dice Similarity Coefficient", 0.912, None, "score", None)]),
    ("Our retriever improves Recall@10 by 4.2 points over BM25.", [], [("Recall@10", 4.2, None, "gain", "BM25")]),
    ("It outperforms the strongest baseline by 2.7 points on GSM8K.", ["GSM8K"], [(None, 2.7, "GSM8K", "gain", "strongest baseline")]),
    ("The model shows the highest cross-domain accuracy (68.4%).", [], [("cross-domain accuracy", 68.4, None, "score", None)]),
    ("Filtering lowers the attack success rate to just 0.8%.", [], [("attack success rate", 0.8, None, "score", None)]),
    ("The tagger achieves an average F1 score of 88.6 across five languages.", [], [("F1 score", 88.6, None, "score", None)]),
    ("It achieves an EER of 1.9% on VoxCeleb1.", ["VoxCeleb1"], [("EER", 1.9, "VoxCeleb1", "score", None)]),
    ("We report a BLEU of 31.4 on WMT14.", ["WMT14"], [("BLEU", 31.4, "WMT14", "score", None)]),
    ("It achieves 94.3 percent accuracy on the test split.", [], [("accuracy", 94.3, None, "score", None)]),
    ("It sets a new state of the art with 58.1% Pass@1 on HumanEval.", ["HumanEval"], [("Pass@1", 58.1, "HumanEval", "score", None)]),
    ("Our method gains +2.1% on ImageNet-R.", ["ImageNet-R"], [(None, 2.1, "ImageNet-R", "gain", None)]),
    ("The refiner improves PSNR by 1.2 dB over SwinIR.", [], [("PSNR", 1.2, None, "gain", "SwinIR")]),
    ("The ranker attains an NDCG@10 of 0.412.", [], [("NDCG@10", 0.412, None, "score", None)]),
    ("The new loss yields absolute improvements of 3.2% and 4.4% in F1 scores.", [],
     [("F1", 3.2, None, "gain", None), ("F1", 4.4, None, "gain", None)]),
    ("Our tracker runs at 42 FPS.", [], [("FPS", 42, None, "score", None)]),
    ("The agent reaches an average success rate of 67.5% over eight tasks.", [], [("success rate", 67.5, None, "score", None)]),
    ("Kendall's W = 0.71 shows strong agreement.", [], [("Kendall's W", 0.71, None, "score", None)]),
    ("It improves mDice/mIoU by 2.4%/4.1% on KiTS19.", ["KiTS19"],
     [("mDice", 2.4, "KiTS19", "gain", None), ("mIoU", 4.1, "KiTS19", "gain", None)]),
    ("The segmenter obtains 40.9-57.5 mAP across model sizes.", [], [("mAP", 40.9, None, "score", None)]),
    ("The critic yields a 13% accuracy improvement over single-shot prompting.", [],
     [("accuracy", 13, None, "gain", "single-shot prompting")]),
    ("It attains a word error rate of 4.1% on LibriSpeech.", ["LibriSpeech"], [("word error rate", 4.1, "LibriSpeech", "score", None)]),
    ("Our captioner improves CIDEr from 118.2 to 124.6.", [], [("CIDEr", 124.6, None, "score", None)]),
    ("The policy reaches a 72.0% success rate, compared to 51.0% for the behaviour cloning baseline.", [],
     [("success rate", 72.0, None, "score", None)]),
    ("The model achieves an AUROC of 0.93 on the held-out hospitals.", [], [("AUROC", 0.93, None, "score", None)]),

]

NO_RESULT = [
    "We train on 50,000 images for 300 epochs.",
    "In 2024, the benchmark had 1,200 tasks.",
    "The model has 7B parameters and 32 layers.",
    "We fine-tune Llama-3.2-1B on CIFAR-10.",
]


@pytest.mark.parametrize("sentence,datasets,expected", RESULTS)
def test_extract_claims_forms_results_field_by_field(sentence, datasets, expected):
    got = find_results(sentence, [], spans_of(sentence, datasets), [])
    assert [(r.metric, r.value, r.dataset, r.kind, r.baseline) for r in got] == expected


@pytest.mark.parametrize("sentence", NO_RESULT)
def test_extract_claims_forms_numbers_that_are_no_result(sentence):
    blocked = spans_of(sentence, [n for n in ("Llama-3.2-1B", "CIFAR-10") if n in sentence])
    assert find_results(sentence, [], [], blocked) == []


def test_extract_claims_forms_quality_gains_are_results(nlp):
    from conftest import extract_text
    ext = extract_text(nlp, "We propose ZetaASR. ZetaASR gives a 2.3x reduction in word error rate.")
    assert ext.claims == []
    assert [(r.metric, r.value, r.kind) for r in ext.results] == [("word error rate", 2.3, "gain")]


def test_extract_claims_forms_counts():
    records = sum(len(e) for _, e in CLAIMS) + len(TEXTS) + sum(len(e) for _, _, e in RESULTS)
    assert len(CLAIMS) + len(TEXTS) + len(RESULTS) >= 80 and records >= 90 and len(NO_CLAIM) + len(NO_RESULT) >= 20


@pytest.mark.parametrize("baseline,generic", [
    ("Fast-dLLM", False), ("EAGLE-3", False), ("FlashAttention", False), ("GPT-4.1", False), ("Kd-tree", False),
    ("JPEG compression", False),
    ("existing methods", True), ("the backbone", True), ("always using the strongest model", True),
    ("fine-tuning", True), ("entire conversation", True), ("teacher", True), ("50-step teacher", True),
    ("FP32", True), ("the CPU", True), ("$1000/km", True), ("humans equipped", True),
    ("every single-forward configuration tested in each regime", True),
    # the paper's own earlier systems
    ("its predecessor RVT", True), ("their static counterpart (DINGAL-B)", True), ("our previous CPU workflow", True),
])
def test_extract_claims_forms_baselines_name_a_method_or_stay_text(baseline, generic):
    from kg.extract.convert import is_generic_baseline
    assert is_generic_baseline(baseline) is generic


def test_extract_claims_forms_gpt41_stays_whole():
    (c,) = _claims("Compared to GPT-4.1, our agent answers 3x faster.")
    assert c.baseline == "GPT-4.1"


# Shapes added for issue 13 (sentences written here): a comparison that opens the sentence, "A and B" quantities,
# "N times as fast as X", fractions "of X", data shares without "of", "such as A and B", lists after a reduction noun.
# sentence, [(value, value_max, unit, kind, quantity, baseline, qualifier, factor), ...]
MORE_CLAIMS = [
    ("Compared with DeepSpeed, our scheduler improves accuracy by 2.1% and reduces memory by 35%.",
     [(35, None, "%", "reduction", "memory", "DeepSpeed", None, 1 / 0.65)]),
    ("Compared to prior pruning methods, it cuts parameters by 40% and lowers latency by 25%.",
     [(40, None, "%", "reduction", "parameters", "prior pruning methods", None, 1 / 0.6),
      (25, None, "%", "reduction", "latency", "prior pruning methods", None, 1 / 0.75)]),
    ("This yields a 12x reduction in training time and communication cost.",
     [(12, None, "x", "reduction", "training time", None, None, 12), (12, None, "x", "reduction", "communication cost", None, None, 12)]),
    ("It enables around 3x faster prefilling and decoding.",
     [(3, None, "x", "speedup", "prefilling", None, "around", 3), (3, None, "x", "speedup", "decoding", None, "around", 3)]),
    ("It needs one-quarter the memory of FlashAttention.", [(4, None, "x", "reduction", "memory", "FlashAttention", None, 4)]),
    ("Our encoder is four times as fast as Whisper.", [(4, None, "x", "speedup", None, "Whisper", None, 4)]),
    ("It is 2.5 times faster than Mamba and uses 40 percent less memory.",
     [(2.5, None, "x", "speedup", None, "Mamba", None, 2.5), (40, None, "%", "reduction", "memory", None, None, 1 / 0.6)]),
    ("It outperforms existing schedulers such as Orca and Sarathi by up to 1.8x.",
     [(1.8, None, "x", "speedup", None, "Orca", "up to", 1.8), (1.8, None, "x", "speedup", None, "Sarathi", "up to", 1.8)]),
    ("The allocator achieves 95.2% memory reduction on ResNet, 91.7% on BERT, and 88.4% on ViT.",
     [(95.2, None, "%", "reduction", None, None, None, 1 / 0.048), (91.7, None, "%", "reduction", None, None, None, 1 / 0.083),
      (88.4, None, "%", "reduction", None, None, None, 1 / 0.116)]),
    ("It matches full supervision with only 5% labeled data.", [(5, None, "%", "reduction", "labeled data", None, None, 20)]),
    ("It improves F1 by 4% and 2% with 10% and 20% labeled data, respectively.",
     [(10, None, "%", "reduction", "labeled data", None, None, 10), (20, None, "%", "reduction", "labeled data", None, None, 5)]),
    ("Caching reduces calculations by close to 80%.", [(80, None, "%", "reduction", "calculations", None, "close to", 5)]),
]

MORE_NO_CLAIM = [
    "The detector reduces prediction errors by up to 100x.",
    "It makes 3x fewer hallucinated references than GPT-4o.",
    "We report 95% CIs for all estimates.",
    "The search adds only a marginal computational overhead (1.03x) compared to the baseline.",
    "Small models reach optimal hardware utilization (60-75% efficiency).",
    "Selection needs model size ratios of 5x and 10x, respectively.",
]


@pytest.mark.parametrize("sentence,expected", MORE_CLAIMS)
def test_extract_claims_forms_more_shapes_field_by_field(sentence, expected):
    got = _claims(sentence)
    assert [(c.value, c.value_max, c.unit, c.kind, c.quantity, c.baseline, c.qualifier) for c in got] == [e[:7] for e in expected]
    for c, e in zip(got, expected):
        assert c.factor == pytest.approx(e[7], rel=1e-4)


@pytest.mark.parametrize("sentence", MORE_NO_CLAIM)
def test_extract_claims_forms_more_numbers_that_are_no_claim(sentence):
    assert _claims(sentence) == []


# sentence, datasets named in it, [(metric, value, dataset, kind, baseline), ...]
MORE_RESULTS = [
    ("The deployed model runs at 86 ms median CPU latency.", [], [("median CPU latency", 86, None, "score", None)]),
    ("Our system achieves an end-to-end 800 ms latency.", [], [("latency", 800, None, "score", None)]),
    ("It reduces hallucinated citations by 41.5%.", [], [("hallucinated citations", 41.5, None, "gain", None)]),
    ("The method improves both pose realism and contact plausibility by over 12%.", [],
     [("pose realism", 12, None, "gain", None), ("contact plausibility", 12, None, "gain", None)]),
    ("The ensemble achieves 86.7% success across six tasks.", [], [("success", 86.7, None, "score", None)]),
    ("We observe accuracy improvements of up to 6.4% on the test split.", [], [("accuracy", 6.4, None, "gain", None)]),
    ("GPU occupancy improves from 52.0% to 71.5%.", [], [("GPU occupancy", 71.5, None, "score", None)]),
    ("We obtain AUCs of 0.93 and 0.88 on the internal and external cohorts.", [],
     [("AUC", 0.93, None, "score", None), ("AUC", 0.88, None, "score", None)]),
    ("It reduces prediction errors by up to 100x.", [], [("prediction errors", 100, None, "gain", None)]),
    ("It makes 3x fewer hallucinated references than GPT-4o.", [], [("hallucinated references", 3, None, "gain", "GPT-4o")]),
    ("The model achieves 74.8% Micro-F1 on NLU++.", ["NLU++"], [("Micro-F1", 74.8, "NLU++", "score", None)]),
    ("It surpasses other retrievers by 2.6% to 13.3% across two model sizes.", [], [(None, 2.6, None, "gain", "other retrievers")]),
    ("The detector reaches an AUROC of 0.966 (95% CI 0.94-0.98).", [], [("AUROC", 0.966, None, "score", None)]),
    ("It reaches 58.7% accuracy, ahead of Timesformer's 41.8%.", [], [("accuracy", 58.7, None, "score", None)]),
]


@pytest.mark.parametrize("sentence,datasets,expected", MORE_RESULTS)
def test_extract_claims_forms_more_results_field_by_field(sentence, datasets, expected):
    got = find_results(sentence, [], spans_of(sentence, datasets), [])
    assert [(r.metric, r.value, r.dataset, r.kind, r.baseline) for r in got] == expected


def test_extract_claims_forms_restated_claim_is_one_record(nlp):
    from conftest import extract_text
    ext = extract_text(nlp, "We propose ZetaPortrait, reaching up to 6x acceleration in inference speed. "
                            "Skipping denoising steps, ZetaPortrait achieves 6x speed acceleration.")
    assert [(c.value, c.unit, c.quantity) for c in ext.claims] == [(6, "x", "inference speed")]
