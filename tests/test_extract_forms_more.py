"""More claim and result shapes (issue 13, third pass): added costs and capacities that are no speed-up,
results in prose tables. Every sentence is written here for the tests (none is copied from an abstract
or a gold file); each is checked field by field."""
import pytest

from kg.extract.claims import find_claims
from kg.extract.latex import clean
from kg.extract.results import find_results


def _claims(sentence):
    return find_claims(clean(sentence).text)


def _spans(sentence, names):
    return [(sentence.index(n), sentence.index(n) + len(n)) for n in names]


# sentence, [(value, unit, kind, baseline), ...] in sentence order
CLAIMS = [
    # "respectively": factor i goes with baseline i
    ("Our kernel is 2× and 3× faster than FlashAttention and xFormers, respectively.",
     [(2, "x", "speedup", "FlashAttention"), (3, "x", "speedup", "xFormers")]),
    # more of a cost, against something: a claim (the other needs more)
    ("The dense retriever needs 40% more queries than ours.", [(40, "%", "reduction", None)]),
    # more per unit of time is a throughput gain
    ("The engine processes 3× more frames per second than the reference decoder.",
     [(3, "x", "speedup", "reference decoder")]),
    # a saving next to an added cost stays a claim
    ("The adapter adds few parameters while reducing memory by 30%.", [(30, "%", "reduction", None)]),
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
