"""Claims: every phrasing of a speed-up or reduction, normalised; numbers that are not claims.

All sentences are written here for the tests (none is copied from an abstract).
"""
import pytest

from kg.extract.claims import find_claims, percent_factor
from kg.extract.latex import clean

# sentence, value, value_max, unit, kind, factor, baseline, qualifier
CLAIMS = [
    ("Our sampler gives a 4.5× speedup in wall-clock time.", 4.5, None, "x", "speedup", 4.5, None, None),
    ("It achieves a 3x speedup on long sequences.", 3, None, "x", "speedup", 3, None, None),
    ("The kernel is 2.9x faster than the reference implementation.", 2.9, None, "x", "speedup", 2.9, "reference implementation", None),
    ("This yields up to \\textbf{21}$\\times$ reduction in optimizer steps.", 21, None, "x", "reduction", 21, None, "up to"),
    ("We observe a 7-14$\\times$ speedup over plain decoders.", 7, 14, "x", "speedup", 7, "plain decoders", None),
    ("Training converges 1.8× faster than AdamW.", 1.8, None, "x", "speedup", 1.8, "AdamW", None),
    ("The compiled model runs 1.71× faster than FlashAttention on A100 GPUs.", 1.71, None, "x", "speedup", 1.71, "FlashAttention", None),
    ("Inference is accelerated by 2.5\\times relative to the dense model.", 2.5, None, "x", "speedup", 2.5, "dense model", None),
    ("We reach a 10–20× speedup in sampling.", 10, 20, "x", "speedup", 10, None, None),
    ("The solver is 5~8× faster in practice.", 5, 8, "x", "speedup", 5, None, None),
    ("Latency drops by a factor of x2 with caching.", 2, None, "x", "reduction", 2, None, None),
    ("Caching gives x3.5 throughput on the server.", 3.5, None, "x", "speedup", 3.5, None, None),
    ("This amounts to a 12-fold speedup of the simulation.", 12, None, "x", "speedup", 12, None, None),
    ("The method is 6 fold faster than grid search.", 6, None, "x", "speedup", 6, "grid search", None),
    ("It needs 32 times fewer function evaluations.", 32, None, "x", "reduction", 32, None, None),
    ("We cut memory use by 4× without loss of accuracy.", 4, None, "x", "reduction", 4, None, None),
    ("The approach is three times faster than beam search.", 3, None, "x", "speedup", 3, "beam search", None),
    ("Our pipeline runs twice as fast as the baseline.", 2, None, "x", "speedup", 2, "baseline", None),
    ("Quantization halves the memory of the key-value cache.", 2, None, "x", "reduction", 2, None, None),
    ("The pruned network reduces the parameter count by 4.2× on ImageNet.", 4.2, None, "x", "reduction", 4.2, None, None),
    ("The planner incurs 4-6x fewer tool calls.", 4, 6, "x", "reduction", 4, None, None),
    ("The scheduler doubles throughput on eight GPUs.", 2, None, "x", "speedup", 2, None, None),
    ("It reduces denoising iterations by 30-40% on all benchmarks.", 30, 40, "%", "reduction", 1 / 0.7, None, None),
    ("Pruning reduces inference latency by 45%.", 45, None, "%", "reduction", 1 / 0.55, None, None),
    ("The model uses 60% fewer parameters than the teacher.", 60, None, "%", "reduction", 2.5, "teacher", None),
    ("We obtain a 25% reduction in training time.", 25, None, "%", "reduction", 4 / 3, None, None),
    ("Sampling becomes 18% faster with the new schedule.", 18, None, "%", "speedup", 1.18, None, None),
    ("The existing public methods achieve an acceleration of 18% on average.", 18, None, "%", "speedup", 1.18, None, None),
    ("We accelerate video generation speed to up to 611% of the original.", 611, None, "%", "speedup", 6.11, None, "up to"),
    ("The compiler speeds up training by 35%.", 35, None, "%", "speedup", 1.35, None, None),
    ("Throughput improves by 120% over the dense baseline.", 120, None, "%", "speedup", 2.2, "dense baseline", None),
    ("It saves 70% of the GPU hours needed for tuning.", 70, None, "%", "reduction", 1 / 0.3, None, None),
    ("Energy consumption decreases by 15–20% per query.", 15, 20, "%", "reduction", 1 / 0.85, None, None),
    ("The method increases tokens-per-step from 2.6 to 4.3.", 4.3, None, None, "speedup", 4.3 / 2.6, None, None),
    ("Our decoder raises throughput from 120 to 480 tokens per second.", 480, None, None, "speedup", 4, None, None),
    ("It reduces the number of transitions up to 32 times (1024 to 32).", 32, None, "x", "reduction", 32, None, "up to"),
    ("Step count falls from 1000 to 50 steps in our sampler, reducing cost.", 50, None, None, "reduction", 20, None, None),
    ("Distillation accelerates consistency training by orders of magnitude.", None, None, None, "speedup", None, None, "orders of magnitude"),
    ("The new index speeds up retrieval by an order of magnitude.", None, None, None, "speedup", 10, None, "an order of magnitude"),
    ("We achieve about 3× lower latency than the vLLM server.", 3, None, "x", "reduction", 3, "vLLM server", "about"),
    ("Our kernel is ~2x faster on consumer GPUs.", 2, None, "x", "speedup", 2, None, "about"),
    ("It provides nearly 5× higher throughput.", 5, None, "x", "speedup", 5, None, "nearly"),
    ("The system delivers over 100× speedup for small batches.", 100, None, "x", "speedup", 100, None, "over"),
    ("Results show approximately 40% less memory than LoRA.", 40, None, "%", "reduction", 1 / 0.6, "LoRA", "approximately"),
    ("Compared with dense attention, the kernel is 2.2× more efficient.", 2.2, None, "x", "speedup", 2.2, "dense attention", None),
    ("Our sparse model needs 8× less compute than the dense one.", 8, None, "x", "reduction", 8, "dense one", None),
    ("The planner is 50x faster than MCTS while matching its returns.", 50, None, "x", "speedup", 50, "MCTS", None),
    ("The draft model accelerates decoding by 2.1× on average.", 2.1, None, "x", "speedup", 2.1, None, None),
    ("Our encoder processes images 4x faster than ViT-L.", 4, None, "x", "speedup", 4, "ViT-L", None),
    ("This reduces GPU memory by 3.5× compared to full fine-tuning.", 3.5, None, "x", "reduction", 3.5, "full fine-tuning", None),
    ("We see a 1.5-2× speedup over Fast-dLLM across tasks.", 1.5, 2, "x", "speedup", 1.5, "Fast-dLLM", None),
    ("It runs 9 times faster than the exact solver.", 9, None, "x", "speedup", 9, "exact solver", None),
    ("Wall-clock time is reduced by 55% on long inputs.", 55, None, "%", "reduction", 1 / 0.45, None, None),
    ("We shrink model size by 10× with little accuracy loss.", 10, None, "x", "reduction", 10, None, None),
    ("Our training recipe converges in 2× fewer epochs.", 2, None, "x", "reduction", 2, None, None),
    ("The pipeline achieves a 2.3× throughput improvement over TensorRT.", 2.3, None, "x", "speedup", 2.3, "TensorRT", None),
    ("Decoding latency drops by 38%.", 38, None, "%", "reduction", 1 / 0.62, None, None),
    ("Our router serves requests 5.5× faster than the greedy scheduler.", 5.5, None, "x", "speedup", 5.5, "greedy scheduler", None),
    ("The hashing trick cuts peak memory by 3× during training.", 3, None, "x", "reduction", 3, None, None),
    ("Rendering is 25% faster with the tiled rasterizer.", 25, None, "%", "speedup", 1.25, None, None),
]

# sentences with two claims: (sentence, [(value, value_max, unit, baseline), ...])
DOUBLE = [
    ("It gives a 7-14× speedup over vanilla decoders and 1.3× over Fast-dLLM.", [(7, 14, "x", "vanilla decoders"), (1.3, None, "x", "Fast-dLLM")]),
    ("We get up to 21× fewer steps and a 4.5× speedup in wall-clock time.", [(21, None, "x", None), (4.5, None, "x", None)]),
    ("Memory falls by 30% and latency by 2× with the cache.", [(30, None, "%", None), (2, None, "x", None)]),
]

# sentences with numbers but no efficiency claim
NO_CLAIM = [
    "We fine-tune Llama-3.2-1B on CIFAR-10 images of 512×512 pixels.",
    "Our model reaches 92.4% accuracy on ImageNet.",
    "Accuracy improves by 4.3% over the best baseline.",
    "We evaluate on 15 benchmarks with 3 random seeds.",
    "The dataset contains 10,000 images in 100 classes.",
    "We train for 300 epochs with a batch size of 256.",
    "FID improves from 3.2 to 2.1 on CIFAR-10.",
    "Our 7B model outperforms a 70B model on 12 of 15 tasks.",
    "The method uses a 4x4 grid of patches.",
    "We apply 4× super-resolution to the low-resolution inputs.",
    "The network has 2x more layers than ResNet-50.",
    "In 2023, three groups released similar models.",
    "Warping error is reduced by 22% compared to the baseline.",
    "User studies show 74% preference for our videos.",
    "Results hold for 2D and 3D inputs with 8 GPUs.",
    "The upsampler produces 2x larger images.",
    "We report top-1 error of 21.3% and top-5 error of 5.1%.",
    "It is evaluated on GPT-4 and Qwen2.5-7B outputs.",
    "The adapter incurs only 2% extra parameters.",
]


@pytest.mark.parametrize("sentence,value,value_max,unit,kind,factor,baseline,qualifier", CLAIMS)
def test_claims_single(sentence, value, value_max, unit, kind, factor, baseline, qualifier):
    claims = find_claims(clean(sentence).text)
    assert len(claims) == 1, claims
    c = claims[0]
    assert (c.value, c.value_max, c.unit, c.kind) == (value, value_max, unit, kind)
    assert c.factor == pytest.approx(factor, rel=1e-4) if factor is not None else c.factor is None
    assert c.baseline == baseline
    assert c.qualifier == qualifier


@pytest.mark.parametrize("sentence,expected", DOUBLE)
def test_claims_two_in_one_sentence(sentence, expected):
    claims = find_claims(clean(sentence).text)
    assert [(c.value, c.value_max, c.unit, c.baseline) for c in claims] == expected


@pytest.mark.parametrize("sentence", NO_CLAIM)
def test_claims_numbers_that_are_not_claims(sentence):
    assert find_claims(clean(sentence).text) == []


def test_claims_offsets_point_at_the_number():
    s = "Overall, it runs 1.71× faster than HYPIR."
    (c,) = find_claims(s)
    assert s[c.evidence.start:c.evidence.end] == "1.71×"
    assert c.evidence.sentence == s and c.evidence.rule == "claim.factor"


def test_claims_names_with_numbers_are_blocked():
    s = "Experiments on Llama-3.2-1B show a 2× speedup."
    blocked = [(s.index("Llama"), s.index("Llama") + len("Llama-3.2-1B"))]
    assert [c.value for c in find_claims(s, blocked)] == [2]


def test_claims_counts():
    assert len(CLAIMS) + len(DOUBLE) >= 60 and len(NO_CLAIM) >= 15


@pytest.mark.parametrize("p,kind,to_form,factor", [(40, "reduction", False, 1 / 0.6), (18, "speedup", False, 1.18),
                                                   (611, "speedup", True, 6.11), (100, "reduction", False, None)])
def test_claims_percent_factor(p, kind, to_form, factor):
    got = percent_factor(p, kind, to_form)
    assert got == pytest.approx(factor) if factor is not None else got is None


# the one thing a sentence compares with is the baseline of its claims that name none
SENTENCE_BASELINE = [
    # a comparison before the claim, in another clause
    ("Our tracker outperforms DeepSORT by 2.4% MOTA while delivering a 12x speedup in association.",
     [(12, "DeepSORT")]),
    ("The sampler draws better images than DDIM, and it shortens sampling by at least 8 times.", [(8, "DDIM")]),
    # a comparison after the claims, past the clause the claims end
    ("It lowers peak memory by 35% and cuts communication by 50%, compared to prior pipelines.",
     [(35, "prior pipelines"), (50, "prior pipelines")]),
    # a descriptor before a name: the name is the baseline
    ("Accuracy rises by 3% over the federated search method FedNASX, while the model size falls to 1/10.",
     [(10, "FedNASX")]),
    ("It outperforms state-of-the-art methods SparseOcc3D and needs 2.5x less memory.", [(2.5, "SparseOcc3D")]),
    # what refers back is no baseline
    ("Of the two samplers, ours is 3x faster than the latter.", [(3, None)]),
    # two things compared with: neither is taken
    ("It is more accurate than GraphSAGE and more stable than GAT, while using 40% less memory.", [(40, None)]),
    # a claim with a baseline of its own: the others of the sentence keep none
    ("It reaches a 3× speedup on eight GPUs and needs 20% less memory than prior samplers.",
     [(3, None), (20, "prior samplers")]),
]


@pytest.mark.parametrize("sentence,expected", SENTENCE_BASELINE)
def test_claims_baseline_from_the_sentence(sentence, expected):
    claims = find_claims(clean(sentence).text)
    assert [(c.value, c.baseline) for c in claims] == expected


@pytest.mark.parametrize("sentence,baseline", [
    ("The system needs 30% less memory than the performance of the strongest baselines.", "strongest baselines"),
    ("It surpasses the zero-shot performance of Llama-3-70B with 9x fewer parameters.", "Llama-3-70B"),
])
def test_claims_baseline_what_is_measured_of_it_is_no_part_of_it(sentence, baseline):
    (c,) = find_claims(sentence)
    assert c.baseline == baseline


@pytest.mark.parametrize("sentence,quantity,baseline", [
    ("EVS reduces time-to-first-token (TTFT) by 4x.", "time-to-first-token", None),
    ("It lowers end-to-end latency (E2E) by 2.1x compared to vLLM.", "end-to-end latency", "vLLM"),
    ("Our cache (see Section 3, Fig. 2) cuts memory by 3x.", "memory", None),
])
def test_claims_parenthesis_closed_before_the_number_stays_in_the_clause(sentence, quantity, baseline):
    claims = find_claims(sentence)
    assert [(c.quantity, c.baseline) for c in claims] == [(quantity, baseline)]
