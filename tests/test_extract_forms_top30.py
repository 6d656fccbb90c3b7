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
]

NO_CLAIM = [
]


@pytest.mark.parametrize("sentence,expected", CLAIMS)
def test_top30_claims_field_by_field(sentence, expected):
    got = _claims(sentence)
    assert [(c.text, c.value, c.unit, c.kind, c.quantity, c.baseline, c.factor) for c in got] == expected


@pytest.mark.parametrize("sentence", NO_CLAIM)
def test_top30_numbers_that_are_no_claim(sentence):
    assert _claims(sentence) == []
