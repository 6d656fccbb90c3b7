"""Extraction: the claims component, which reads the sentence spans and the names found before it."""
from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import replace

from spacy.tokens import Doc

from .claims import find_claims
from .results import ResultMatch, find_results
from .spans import in_compound, longest_first, sentence_bounds, text_of, version_after

# a sentence without a digit or a number word holds no claim and no result
MAY_CLAIM = re.compile(r"\d|order of magnitude|orders of magnitude|times|twice|halv|doubl|tripl|fold|half|one-")
# a sentence without a decimal, a percentage, points or a value after "=" or ":" holds no result
MAY_RESULT = re.compile(r"doubl|tripl|quadrupl|(?:[A-Z][\w@+-]*|error|rate|score|accuracy|precision|recall|latency|distance|speed)s?\s+(?:of|is|was|=)\s+(?:about\s+|around\s+|only\s+|~)?\d|\d\.\d|\d\s*%|percent|\dx|\d×|points?\b|\bpp\b|dB|FPS|fps|[=:]\s*[.\d]|\+\s?\d|\d\s+[A-Z]|\d-fold|\d\s+times|\d\s?(?:ms|s|sec|seconds|fps|FPS|dB|deg|degrees?|[µun]m|mm|cm)\b")

# a sentence on earlier work ("Recent research has shown that proxies achieve gaps under 1%"): its numbers
# are others' results unless the sentence turns to this paper ("…, while ours reaches 75%")
BACKGROUND = re.compile(r"^\W*(?:(?:Recent|Prior|Previous|Earlier|Existing|Current)\s+(?:\w+\s+){0,2}?(?:research|work|works|studies|"
                        r"methods|approaches|models|systems|literature)\b|(?:It\s+has\s+been|Studies\s+have|Research\s+has)\s+(?:\w+\s+)?shown)")
THIS_PAPER = re.compile(r"\b(?:we|our|ours|us|this\s+(?:paper|work|study))\b", re.I)


class ClaimFinder:
    """spaCy component: speed-up claims → `doc._.kg_claims`, results → `doc._.kg_results`."""

    def __init__(self, name: str = "kg_claims"):
        self.name = name

    def __call__(self, doc: Doc) -> Doc:
        text = text_of(doc)
        mentions = doc._.kg_mentions
        claims, results = [], []
        # mentions and URLs by start, so each sentence finds its own by bisection (not a scan of all)
        by_start = sorted(range(len(mentions)), key=lambda i: mentions[i][1])
        starts = [mentions[i][1] for i in by_start]
        code = sorted(doc._.kg_code)
        code_starts = [s for s, _ in code]
        measure = None  # the one measure the results of the sentence before named
        for s0, s1 in sentence_bounds(doc):
            sentence = text[s0:s1]
            if not MAY_CLAIM.search(sentence):
                continue
            here = sorted(by_start[bisect_left(starts, s0):bisect_left(starts, s1)])  # in their first order
            local = [(f, s - s0, e - s0) for f, s, e, *_ in (mentions[i] for i in here) if e <= s1]
            names = [(s, e) for f, s, e in local if f in ("models", "datasets", "proposed") and any(c.isdigit() for c in sentence[s:e])]
            urls = [(s - s0, e - s0) for s, e in code[bisect_left(code_starts, s0):bisect_left(code_starts, s1)]]
            found = find_claims(sentence, names + urls)
            claims.extend((s0, c) for c in found)
            blocked = names + urls + [(c.evidence.start, c.evidence.end) for c in found]
            # not a lexicon measure inside a compound: the "precision" of "full-precision baseline", as the mentions drop it
            metrics = sorted({(s - s0, e - s0) for f, s, e, r, *_ in (mentions[i] for i in here) if f == "metrics" and e <= s1
                              and not (r == "lexicon" and in_compound(text, s, e))})
            # "MultiWOZ 2.4": a dataset with its version, as the mentions keep it
            datasets = sorted({(s, (v - s0 if (v := version_after(text, s0 + s, s0 + e, dataset=True)) else e))
                               for f, s, e in local if f == "datasets"})
            tasks = sorted({(s, e) for f, s, e in local if f == "tasks"})
            if not MAY_RESULT.search(sentence) or BACKGROUND.search(sentence) and not THIS_PAPER.search(sentence):
                continue
            found_results = find_results(sentence, longest_first(metrics), longest_first(datasets), blocked, tasks)
            # "increases tokens-per-step from 2.6 to 4.3": the new value of a named measure is a result too
            for c in found:
                at = c.evidence
                if at.rule == "claim.from_to" and c.quantity:
                    q = next(((s, e) for s, e in metrics if sentence[s:e] == c.quantity), None)
                    if q and not any(r.start == at.start for r in found_results):
                        found_results.append(ResultMatch(at.start, at.end, c.quantity, c.value, None, "result.from_to"))
            found_results = carry_measure(sorted(found_results, key=lambda r: r.start), measure)
            named = {r.metric for r in found_results if r.metric}
            measure = named.pop() if len(named) == 1 else None if named else measure
            results.extend((s0, r) for r in found_results)
        doc._.kg_claims = claims
        doc._.kg_results = measure_of_abstract(results)
        return doc


def measure_of_abstract(results: list[tuple[int, ResultMatch]]) -> list[tuple[int, ResultMatch]]:
    """A score or gain still unnamed takes the abstract's measure when its results name exactly one
    ("… reaches 91.2% accuracy on A. … shows a healthy gain of 5.7% on B."): a careful reader reads the
    number in that measure. Shares ("in 83% of cases") stay unnamed; two measures leave it unnamed."""
    named = {r.metric for _, r in results if r.metric}
    if len(named) != 1:
        return results
    (only,) = named
    return [(s0, replace(r, metric=only) if r.metric is None and r.kind in ("score", "gain") else r) for s0, r in results]


def carry_measure(found: list[ResultMatch], before: str | None) -> list[ResultMatch]:
    """A score or gain that names no measure takes the one measure named before it: in its own
    sentence ("accuracy of 81.2% on A and 77.4 on B"), else in the sentence of results before it
    ("… reaches 52.1 mAP. On B it reaches 48.3."). Shares ("in 83% of cases") stay unnamed."""
    out, last = [], before
    named = {r.metric for r in found if r.metric}
    if len(named) > 1:
        last = None
    for r in found:
        if r.metric:
            last = r.metric if len(named) == 1 else None
        elif last and r.kind in ("score", "gain"):
            r = replace(r, metric=last)
        out.append(r)
    return out
