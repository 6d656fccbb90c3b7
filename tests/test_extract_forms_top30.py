"""Claim shapes behind the wrong rows of the fourth top-30 reading (issue 13, point 4): "respectively" over
baselines written before or after a list, a share of a cost compared with a baseline, cost multipliers and
findings that are no claim of a method, quality measures reduced by a factor. Every sentence is written here
for the tests (none is copied from an abstract or a gold file); each claim is checked field by field."""
import pytest

from kg.extract.claims import find_claims
from kg.extract.latex import clean


def _claims(sentence):
    return find_claims(clean(sentence).text)


# sentence, [(text, value, unit, kind, quantity, baseline, factor), ...] in sentence order
CLAIMS = [
    # "respectively" with the baselines after the list, each with a parenthesis of its own
    ("The sampler gives 300× and 15× faster generation compared to DDPM (500 steps) and DPM-Solver (20 steps), respectively.",
     [("300× and 15× faster generation compared to DDPM (500 steps) and DPM-Solver (20 steps)", 300, "x", "speedup",
       "generation", "DDPM", 300),
      ("15× faster generation compared to DDPM (500 steps) and DPM-Solver (20 steps)", 15, "x", "speedup",
       "generation", "DPM-Solver", 15)]),
    # "respectively" with the baselines before the numbers ("outperforming A and B by x and y")
    ("The drafter reaches a 5.2x speedup over plain decoding, outperforming Medusa and Hydra by 1.42x and 1.18x respectively.",
     [("5.2x speedup over plain decoding", 5.2, "x", "speedup", None, "plain decoding", 5.2),
      ("1.42x", 1.42, "x", "speedup", None, "Medusa", 1.42),
      ("1.18x respectively", 1.18, "x", "speedup", None, "Hydra", 1.18)]),
    # praise before a name is no part of the baseline
    ("The cache cuts decoding latency by 2.1× compared to the state-of-the-art PagedAttention.",
     [("2.1× compared to the state-of-the-art PagedAttention", 2.1, "x", "reduction", "decoding latency", "PagedAttention", 2.1)]),
    # three claims over three baselines, "respectively" after a comma (each text runs to the baselines)
    ("Our kernel runs 4×, 3× and 2× faster than cuBLAS, CUTLASS and Triton, respectively.",
     [("4×, 3× and 2× faster than cuBLAS, CUTLASS and Triton", 4, "x", "speedup", None, "cuBLAS", 4),
      ("3× and 2× faster than cuBLAS, CUTLASS and Triton", 3, "x", "speedup", None, "CUTLASS", 3),
      ("2× faster than cuBLAS, CUTLASS and Triton", 2, "x", "speedup", None, "Triton", 2)]),
    # a share after a share is one too, and the baseline written after both is both shares' ("X% of Y compared with Z")
    ("At 512K tokens the sparse model needs only 31% of the prefill FLOPs and 12% of the KV memory compared with Llama-3.1-8B.",
     [("31% of the prefill FLOPs and 12% of the KV memory compared with Llama-3.1-8B", 31, "%", "reduction", "prefill FLOPs",
       "Llama-3.1-8B", 3.225806),
      ("12% of the KV memory compared with Llama-3.1-8B", 12, "%", "reduction", "KV memory", "Llama-3.1-8B", 8.333333)]),
    ("The student needs only 30% of the training steps and 20% of the labels.",
     [("30% of the training steps", 30, "%", "reduction", "training steps", None, 3.333333),
      ("20% of the labels", 20, "%", "reduction", "labels", None, 5.0)]),
    # a multiple below one of a cost is the share left: a reduction by its inverse
    ("The tiny detector has only 0.02 times the parameters and needs 0.25 times the computational cost of YOLOv8-L.",
     [("0.02 times the parameters", 0.02, "x", "reduction", "parameters", None, 50.0),
      ("0.25 times the computational cost of YOLOv8-L", 0.25, "x", "reduction", "computational cost", "YOLOv8-L", 4.0)]),
    # "less than" before a share is a qualifier, not a word that the cost is lower; "that of X" names the baseline
    ("The small solver doubles the accuracy of frontier LLMs at less than 0.001x the cost.",
     [("0.001x the cost", 0.001, "x", "reduction", "cost", None, 1000.0)]),
    ("The scheduler cuts rollout cost to roughly 0.8x that of flat sampling and 0.5x that of tree sampling.",
     [("0.8x that of flat sampling", 0.8, "x", "reduction", "rollout cost", "flat sampling", 1.25),
      ("0.5x that of tree sampling", 0.5, "x", "reduction", None, "tree sampling", 2.0)]),
    ("It decodes 2x faster with only 0.3x the memory consumption of dense caches.",
     [("2x faster", 2, "x", "speedup", None, None, 2), ("0.3x the memory consumption of dense caches", 0.3, "x", "reduction",
                                                        "memory", "dense caches", 3.333333)]),
    # the words that lead to the next claim's number are that claim's
    ("The parser runs over 90× faster at roughly 200× lower cost.",
     [("90× faster", 90, "x", "speedup", None, None, 90), ("200× lower cost", 200, "x", "reduction", "cost", None, 200)]),
    # "N× latency reduction": what is measured, then the change
    ("Routing yields over 80x latency reduction on most queries.",
     [("80x latency reduction on most queries", 80, "x", "reduction", None, None, 80)]),
    # a baseline after "such as" is the name
    ("The model reaches 120 times faster inference than prior methods such as NeRF-W, with half the parameters.",
     [("120 times faster inference than prior methods such as NeRF-W", 120, "x", "speedup", "inference", "NeRF-W", 120),
      ("half the parameters", 2, "x", "reduction", "parameters", None, 2)]),
    ("The small router matches the large one at 0.4× compute.",
     [("0.4× compute", 0.4, "x", "reduction", "compute", None, 2.5)]),
    # "X needs N× more than ours": ours needs fewer, and the one that needs more is the baseline
    ("The dense retriever needs 4x more queries than ours.",
     [("4x more queries than ours", 4, "x", "reduction", None, "dense retriever", 4)]),
    ("Beam search requires 35% more decoder calls than our sampler.",
     [("35% more decoder calls than our sampler", 35, "%", "reduction", None, "Beam search", 1.538462)]),
    # a bare reduction keeps its claim when the sentence names what it saves
    ("Baking the rig cuts a walk cycle from 9,800 samples to 410 keys, a 23.9x reduction.",
     [("23.9x reduction", 23.9, "x", "reduction", None, None, 23.9)]),
    ("The solver brings the time to target from hundreds of hours to 40-300 s, reductions of 2-4 orders of magnitude.",
     [("orders of magnitude", None, None, "reduction", None, None, None)]),
    # a baseline ends where the next claim of the clause starts
    ("The fused kernel gives up to 9.2x attention speedup over xFormers sparse attention and at least 4.1x end-to-end speedup over a PyTorch model.",
     [("9.2x attention speedup over xFormers sparse attention", 9.2, "x", "speedup", None, "xFormers sparse attention", 9.2),
      ("4.1x end-to-end speedup over a PyTorch model", 4.1, "x", "speedup", None, "PyTorch model", 4.1)]),
    ("The drafter gets a 1.2x speedup against Medusa and peak speedup of 1.5x against EAGLE.",
     [("1.2x speedup against Medusa", 1.2, "x", "speedup", None, "Medusa", 1.2),
      ("1.5x against EAGLE", 1.5, "x", "speedup", None, "EAGLE", 1.5)]),
    # a baseline ends before a new clause in "-ing"
    ("The segmenter uses an order of magnitude fewer parameters than LLM-based methods and running in real time.",
     [("an order of magnitude fewer parameters than LLM-based methods and running in real time", None, None, "reduction",
       None, "LLM-based methods", 10.0)]),
    # a list of names after the comparison: one record per baseline, each with the whole list in its text
    ("The tokenizer cuts token counts by more than 9% compared to BPE, SentencePiece, and WordPiece at large vocabularies.",
     [("9% compared to BPE, SentencePiece, and WordPiece", 9, "%", "reduction", "token counts", "BPE", 1.098901),
      ("9% compared to BPE, SentencePiece, and WordPiece", 9, "%", "reduction", "token counts", "SentencePiece", 1.098901),
      ("9% compared to BPE, SentencePiece, and WordPiece", 9, "%", "reduction", "token counts", "WordPiece", 1.098901)]),
    ("The codec gives 2-4x bitrate savings against HEVC, VVC and AV1, and 15-30% bitrate savings against the best learned codecs.",
     [("2-4x bitrate savings against HEVC, VVC and AV1", 2, "x", "reduction", None, "HEVC", 2),
      ("2-4x bitrate savings against HEVC, VVC and AV1", 2, "x", "reduction", None, "VVC", 2),
      ("2-4x bitrate savings against HEVC, VVC and AV1", 2, "x", "reduction", None, "AV1", 2),
      ("15-30% bitrate savings against the best learned codecs", 15, "%", "reduction", None, "best learned codecs", 1.176471)]),
    # a claim's text ends where a new verb starts a new clause
    ("Compared to LCM, the distiller achieves a 4× training speedup and markedly improves motion quality for 2-step models.",
     [("4× training speedup", 4, "x", "speedup", None, "LCM", 4)]),
    ("The planner cuts queue latency by 20-60% and improves routing correctness by over 12 points.",
     [("20-60%", 20, "%", "reduction", "queue latency", None, 1.25)]),
    # settings listed "respectively" after the baseline are each member's: the last text ends as the others do
    ("The filter gives 1.2%, 2.1%, and 2.9% bit-rate savings on average compared to the HM-16.20 for AI, RA, and LDB configurations, respectively.",
     [("1.2%, 2.1%, and 2.9% bit-rate savings on average compared to the HM-16.20", 1.2, "%", "reduction", None, "HM-16.20", 1.012146),
      ("2.1%, and 2.9% bit-rate savings on average compared to the HM-16.20", 2.1, "%", "reduction", None, "HM-16.20", 1.021450),
      ("2.9% bit-rate savings on average compared to the HM-16.20", 2.9, "%", "reduction", None, "HM-16.20", 1.029866)]),
    # a share of the data keeps its claim beside a quality measure
    ("The solver gets a 12-fold reduction in mean squared error (MSE) using only 10% of the training iterations.",
     [("10% of the training iterations", 10, "%", "reduction", "training iterations", None, 10.0)]),
    ("The verifier gives reliable rewards using less than 0.02% of the annotated preference data.",
     [("0.02% of the annotated preference data", 0.02, "%", "reduction", "annotated preference data", None, 5000.0)]),
    # baselines that share a suspended hyphen ("GAN- and flow-based") are two, paired with the list in order
    ("The solver needs a 4- and 8-fold reduction in sampling steps than the standard GAN- and flow-based samplers.",
     [("4- and 8-fold reduction in sampling steps than the standard GAN- and flow-based samplers", 4, "x", "reduction",
       "sampling steps", "standard GAN-based samplers", 4),
      ("8-fold reduction in sampling steps than the standard GAN- and flow-based samplers", 8, "x", "reduction",
       "sampling steps", "standard flow-based samplers", 8)]),
    # a setting after the baseline ("at 40x sparsity") is no claim of its own
    ("The kernels speed up long-context decoding by up to 8x over FlashDecoding at 40x sparsity on one GPU.",
     [("8x over FlashDecoding at 40x sparsity on one GPU", 8, "x", "speedup", "long-context decoding", "FlashDecoding", 8)]),
    # a factor in parentheses after "from A to B" takes the verb of the list
    ("The student shrinks the checkpoint from 200 MB to 0.5 MB (400x) and the weights from 50M to 100k (500x).",
     [("400x", 400, "x", "reduction", None, None, 400), ("500x", 500, "x", "reduction", None, None, 500)]),
    # a factor written before its number
    ("The sampler achieves up to x120 inference speed-up over prior methods.",
     [("x120 inference speed-up over prior methods", 120, "x", "speedup", None, "prior methods", 120)]),
]

NO_CLAIM = [
    # a multiple of a cost with no word that it is lower: more cost, no saving
    "Serving the low-resource language results in up to 7.5x inference cost (Yoruba vs French on the same model).",
    "The ensemble matches the single model at 40x the cost.",
    "The probe is the best predictor we measured at 12x inference cost.",
    "The guard runs with negligible overhead (1.04× time, 1.01× memory).",
    "The solvers operate over a 25x latency range across devices.",
    # a spread, not a gain
    "Runs on the same prompt can differ by up to 20x in total tokens.",
    "Energy per output token varies by up to 6.1 times across languages.",
    # a finding about tasks, not a method's claim
    "Agentic coding tasks are costly, consuming 800x more tokens than code completion and code review.",
    # an extra cost the method adds, below one
    "The sampler adds only 0.03x additional computational cost over the base model.",
    # a distance to a target is a quality measure: its reduction is a result
    "Across 20 target shapes the planner gives a 2.4x Chamfer-distance reduction over Grid+GA.",
    "The completion model attains a 12x reduction in squared Chamfer distance on the street scans.",
    "The renderer lowers Fréchet Video Distance by 31.5% on the driving clips.",
    # less of a measure that is no cost, in a sentence that names none
    "The entropy falls from about 4.1 × 10^-2 nats at delay 1 to about 3.3 × 10^-6 nats at delay 2 (roughly 12,400-fold reduction).",
    "The calibration lowers the mean deviation by more than an order of magnitude.",
    # a filter that keeps a few candidates out of many
    "We collect 80 million distinct strings and reduce them by over 99.9% to yield 2,310 slang candidates.",
    # names that look like a factor written before its number
    "Agents pay through payment rails (x402) and talk through protocols such as A2A.",
    "The codec gives BD-rate reductions of up to -18.2% on x265 relative to bicubic resampling.",
    # a quality measure at the head of what grows, even after a word of cost
    "The planner improves average evaluation return by 2.1-6.4× over the zero-shot agent.",
    "The router reduces cost-weighted loss by 18% to 27% relative to uniform routing.",
    # below one of a speed: slower, no gain
    "The emulated kernel sustains 0.93x the throughput of fp16.",
    "The trainer runs at 0.96X the training speed of the baseline.",
    # less of something that is no cost
    "The fine-tuning reduces attention sink mass by 410× during training.",
    "The controller cuts cross-talk by more than 3.1x with no loss in fidelity.",
    "The planner reduces QoS violations by 3x to 6x under power caps.",
    # "from A to B" of a quality measure is a result
    "The memory-augmented reader improves held-out macro-F1 from 0.412 to 0.455 relative to the plain reader.",
    "Tuning on the contract corpus improves closed-book Token F1 from 19.5% to 36.1%.",
    # error measures written as acronyms are quality measures
    "The tracker reduces camera-space MPJPE by up to 24% on the kitchen split compared to prior methods.",
    "The regressor achieves about 18% lower RMSE in low-data settings.",
    "Joint training reduces CER from 16.4 to 13.9 on the handwriting set.",
    # a slowdown is no speed-up, of ours or of others
    "Routing overhead makes the sparse FFN 1.2-1.6x slower than the dense implementation.",
    "Existing constrained decoders can be up to three times slower than unconstrained decoding.",
]


@pytest.mark.parametrize("sentence,expected", CLAIMS)
def test_top30_claims_field_by_field(sentence, expected):
    got = _claims(sentence)
    assert [(c.text, c.value, c.unit, c.kind, c.quantity, c.baseline, c.factor) for c in got] == expected


@pytest.mark.parametrize("sentence", NO_CLAIM)
def test_top30_numbers_that_are_no_claim(sentence):
    assert _claims(sentence) == []


def test_claim_method_is_a_whole_word_and_never_the_baseline():
    from kg.extract.convert import _claim_method
    sentence = "On the LUM-REAL benchmark, GlowCM enables 300× faster inference compared to DDPM."
    # "LUM" inside "LUM-REAL" is no mention of the proposed "LUM"; GlowCM is written as a word
    assert _claim_method(["LUM", "GlowCM"], sentence, "DDPM") == "GlowCM"
    # the claim's baseline (or its long form) is never its method
    assert _claim_method(["Fast Token Mixer", "FTM Diffusion"], "All variants cost 40% less than FTM.", "FTM") == "FTM Diffusion"
    assert _claim_method(["Ours"], "It is 2x faster.", None) == "Ours"
    assert _claim_method([], "It is 2x faster.", None) is None
    # a long proposed name is written by its initials
    assert _claim_method(["CIFAR-10", "Classical Graph Network", "Quantum Graph Network"],
                         "QGN needs 70% less memory than CGN.", "CGN") == "Quantum Graph Network"
