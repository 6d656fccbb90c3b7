"""Extraction: helpers on character spans shared by the components."""
from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from typing import NamedTuple

import numpy as np
from spacy.attrs import IDX, LENGTH, SENT_START


# the doc's user_data key under which the typer leaves the spans of generic measure words it finds measured
# here (its `sure_metric`), for the conversion to keep with no number beside them
SURE_METRICS = "kg_sure_metrics"
# … and the key under which the name finder leaves the rule of each models mention it made proposed because the
# abstract proposes the name elsewhere (span → rule), for the conversion to restore where that proposal goes
PROPAGATED = "kg_propagated"
# … and the key under which the lexicon leaves its terms in the title (title offsets), for the conversion
TITLE_TERMS = "kg_title_terms"
# … and the key under which the typer leaves what it computed, for the conversion's confidence of each mention
# (`confidence`): {"labels": its class labels, "spans": {(start, end): [class probabilities of each line there]}}
TYPER_SCORES = "kg_typer_scores"
# the typer's classes whose probabilities add up to a mention's confidence, by field: a name of a method is one
# whether the paper proposes it or names another's (the rules and the conversion decide whose it is)
CONFIDENCE_CLASSES = {"proposed": ("PROPOSED", "MODELS"), "models": ("MODELS", "PROPOSED"), "techniques": ("TECHNIQUES",),
                      "datasets": ("DATASETS",), "metrics": ("METRICS",), "tasks": ("TASKS",)}
# the small words of a title-case phrase, written in lower case ("Sum of Squares", "Search Or AcceleRate")
SMALL_WORDS = frozenset({"of", "and", "or", "for", "the", "a", "an", "in", "on", "with", "via", "to", "your", "by", "from",
                         "at", "as"})


LONG_FORM_KNOWN = "name.long_form_known"  # the long form of an acronym the lexicon knows: in its field, named by the acronym


class SpanIndex:
    """Spans sorted by where they start, with the longest one's length: those that touch or hold a range are found by
    bisection among the few that start close enough before it, not by reading them all (a long abstract with many
    mentions stays linear: a candidate per sentence against every mention of a 1M-character "abstract" was quadratic)."""

    def __init__(self, spans):
        self.spans = sorted(set(spans))
        self.starts = [s for s, _ in self.spans]
        self.longest = max((e - s for s, e in self.spans), default=0)

    def touching(self, s: int, e: int) -> list[tuple[int, int]]:
        """The spans that share a character with `s:e`."""
        return [(ms, me) for ms, me in self.spans[bisect_left(self.starts, s - self.longest):bisect_left(self.starts, e)]
                if me > s]

    def holds(self, s: int, e: int) -> bool:
        """Whether a span other than `s:e` itself contains it."""
        return any(a <= s and e <= b and (a, b) != (s, e)
                   for a, b in self.spans[bisect_left(self.starts, e - self.longest):bisect_right(self.starts, s)])


class SpanMention(NamedTuple):
    """A mention as the pipeline's components pass it on in `doc._.kg_mentions`: its gold field, its
    character span in the cleaned text, the rule that found it, and the canonical name a lexicon
    or a propagation gives it (kg/extract/convert.py turns it into a `Mention`)."""

    field: str
    start: int
    end: int
    rule: str
    canonical: str | None = None


def confidence(scores: dict | None, fld: str, s: int, e: int) -> float | None:
    """The typer's probability that the words at `s:e` name an entity of field `fld` (the largest over the
    lines it scored at that span; a method's as its own or another's, `CONFIDENCE_CLASSES`), to 3 decimals; None
    where it scored no line there (a title, a result's metric, a claim's quantity; or no typer in the pipeline).

    >>> scores = {"labels": ["MODELS", "PROPOSED", "TASKS", "NONE"], "spans": {(0, 4): [[0.5, 0.25, 0.0, 0.25], [0.125, 0.125, 0.125, 0.625]]}}
    >>> confidence(scores, "proposed", 0, 4), confidence(scores, "tasks", 0, 4), confidence(scores, "models", 1, 4)
    (0.75, 0.125, None)
    """
    rows = scores["spans"].get((s, e)) if scores else None
    if not rows:
        return None
    labels = scores["labels"]
    idx = [labels.index(c) for c in CONFIDENCE_CLASSES.get(fld, ()) if c in labels]
    if not idx:
        return None  # a typer that knows no class of this field
    return round(min(1.0, max(sum(row[i] for i in idx) for row in rows)), 3)


def longest_first(spans):
    """Of overlapping spans (tuples starting with start, end), keep the longest, leftmost first.

    >>> longest_first([(0, 5), (2, 4), (6, 8), (7, 12)])
    [(0, 5), (6, 8)]
    """
    out = []
    for span in sorted(spans, key=lambda x: (x[0], -(x[1] - x[0]))):
        if out and span[0] < out[-1][1]:
            continue
        out.append(span)
    return out


def sentence_bounds(doc) -> list[tuple[int, int]]:
    """(start_char, end_char) of each sentence, computed once per doc: building spaCy Span and
    Token objects again for every lookup costs more than all our rules together."""
    bounds = doc.user_data.get("kg_sentence_bounds")
    if bounds is None:
        bounds = []
        n = len(doc)
        if n:
            # the same bounds as doc.sents, read from the token arrays at once (doc.sents rescans
            # every token for each sentence it yields)
            arr = doc.to_array([SENT_START, IDX, LENGTH])
            starts = np.flatnonzero(arr[:, 0] == 1)
            if not len(starts) or starts[0] != 0:
                starts = np.concatenate(([0], starts))
            last = np.append(starts[1:], n) - 1
            bounds = list(zip(arr[starts, 1].tolist(), (arr[last, 1] + arr[last, 2]).tolist()))
        doc.user_data["kg_sentence_bounds"] = bounds
    return bounds


def sentence_at(bounds: list[tuple[int, int]], pos: int) -> tuple[int, int]:
    """The sentence holding character `pos`.

    >>> sentence_at([(0, 10), (11, 20)], 12)
    (11, 20)
    """
    from bisect import bisect_right
    i = bisect_right(bounds, (pos, float("inf"))) - 1
    return bounds[i] if i >= 0 else (0, bounds[-1][1] if bounds else 0)


def text_of(doc) -> str:
    """`doc.text`, built once: spaCy joins every token's text again on each access."""
    text = doc.user_data.get("kg_text")
    if text is None:
        text = doc.user_data["kg_text"] = doc.text
    return text


def in_compound(text: str, s: int, e: int) -> bool:
    """Whether the span `s`:`e` of `text` is joined by a hyphen to the word before or after it ("GAN" in
    "GAN-based", "precision" in "full-precision"): part of a compound, not a mention of its own."""
    return text[e:e + 1] == "-" or text[s - 1:s] == "-"


# the words after a hyphen that make the name before it what a thing is built on: "BERT-based", "LLM-driven"
BUILT_ON = re.compile(r"-(?:based|driven|powered|guided|enhanced|inspired|augmented|assisted|style|like)\b")


def built_on(text: str, s: int, e: int) -> bool:
    """Whether the span `s`:`e` is a name a compound says something is built on ("a BERT-based
    classifier", "a SAM-based network"): the method is named though the word is part of a compound."""
    return text[s - 1:s] != "-" and BUILT_ON.match(text, e) is not None


# the tiers a model's name may end on; Claude's write theirs before the number ("Haiku 4.5")
CLAUDE_TIERS = "Sonnet|Opus|Haiku"
LONE_TIERS = rf"Pro|Flash|Ultra|Mini|mini|Turbo|{CLAUDE_TIERS}|Nano|Lite|Instruct"  # a tier that may follow a name alone
# a version written as a word of its own after a name, with its size and tier: "V3", "v8", "R1", "2.0", "3.5 Sonnet",
# "1.5 Pro", "3 27B", "Haiku 4.5"
VERSION_AFTER = re.compile(rf" (?P<v>[vV]\d+(?:\.\d+)*|R\d+|\d+\.\d+(?:\.\d+)?|\d{{1,2}}|(?:{CLAUDE_TIERS}) \d+(?:\.\d+)?)(?!\w|\.\d)"
                           r"(?: \d+(?:\.\d+)?[BM](?!\w))?"
                           rf"(?:[ -](?:{LONE_TIERS}|Plus|Max|Chat|XL)\b)?")
# a tier alone after a model's name, its version written in it or none ("GPT-3.5 Turbo", "Claude 3 Opus", "Gemini Pro")
TIER_AFTER = re.compile(rf" (?:{LONE_TIERS})\b(?![\w-])")
# … unless the number is a quantity: "GPT-4 3.5 times faster", "BERT 12 layers", "Llama 7B and 13B"
QUANTITY_AFTER = re.compile(r"\s*(?:[x×%]|times\b|fold\b|-fold|points?\b|pp\b|dB\b|ms\b|s\b|sec|seconds?\b|hours?\b|h\b|"
                            r"minutes?\b|[GMTK]B\b|[BMKk]\b|percent|layers?\b|heads?\b|ranks?\b|steps?\b|bits?\b|"
                            r"(?:to|and|or|vs\.?)\s+\d|[-–/]\s*\d|[.,]\d|\d)")


def version_after(text: str, s: int, e: int, dataset: bool = False) -> int | None:
    """The end of a name with the version written after it as a word of its own ("DeepSeek V3",
    "Gemini 1.5 Pro", "ML-Master 2.0", "Gemma 3 27B", "Claude Haiku 4.5", "GPT-3.5 Turbo"), or None: no
    version follows (only a tier may follow a name that ends in a digit), or the number is a quantity
    ("GPT-4 3.5 times", "BERT 12 layers"). A dataset's version is a decimal or a "v" number ("MultiWOZ
    2.4", "SQuAD v2"), never a bare count ("MNIST 10 times") and never a
    tier alone."""
    if not text[s:s + 1].isupper() and not any(c.isupper() for c in text[s:e]):
        return None
    m = VERSION_AFTER.match(text, e) if not text[e - 1:e].isdigit() else None
    if m is None or QUANTITY_AFTER.match(text, m.end("v")) and m.end() == m.end("v"):
        tier = None if dataset else TIER_AFTER.match(text, e)  # "GPT-3.5 Turbo", "GPT-4o mini", "Gemini Pro"
        return tier.end() if tier else None
    if dataset:
        return m.end("v") if re.fullmatch(r"[vV]\d+(?:\.\d+)*|\d+\.\d+(?:\.\d+)?", m.group("v")) else None
    return m.end()
