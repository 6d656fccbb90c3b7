"""Extraction: reported results, a metric with a value ("FID 54.1", "95.0% Valid-Unique-Novelty on planar")."""
from __future__ import annotations

import re
from dataclasses import dataclass

NUMBER = re.compile(r"(?<![\w.])[+−-]?(?P<v>\d+(?:\.\d+)?)(?:\s*(?:-|–|∼|~|to)\s*\d+(?:\.\d+)?)?\s*(?P<pct>%|\s?points?\b|\s?pp\b)?")


@dataclass(frozen=True, slots=True)
class ResultMatch:
    start: int
    end: int
    metric: str | None
    value: float
    dataset: str | None
    rule: str


RESPECTIVELY_VALUES = re.compile(
    r"(?P<vals>(?:[+−-]?\d+(?:\.\d+)?\s*%?\s*,\s*)*[+−-]?\d+(?:\.\d+)?\s*%?\s*,?\s*and\s+[+−-]?\d+(?:\.\d+)?\s*%?)\s+")
NUM_IN_LIST = re.compile(r"[+−-]?(\d+(?:\.\d+)?)")
OUTPERFORMS_BY = re.compile(
    r"\b(?:surpass\w*|outperform\w*|beat\w*|exceed\w*|improv\w*\s+(?:on|over|upon))\s+[^.;,]{1,60}?\s+by\s+"
    r"(?:about\s+|around\s+|over\s+|up\s+to\s+|∼|~)?(?P<num>\d+(?:\.\d+)?)\s*(?:%|points?|pp)")


def find_results(sentence: str, metrics: list[tuple[int, int]], datasets: list[tuple[int, int]],
                 blocked: list[tuple[int, int]], tasks: list[tuple[int, int]] = ()) -> list[ResultMatch]:
    """Results in one sentence, given the metric and dataset spans found in it (offsets in the sentence).

    >>> find_results("It reaches FID 54.1 vs. 80.8.", [(11, 14)], [], [])[0].value
    54.1
    """
    out: list[ResultMatch] = []

    def free(s, e):
        return all(e <= a or s >= b for a, b in blocked)

    def dataset_after(pos: int) -> str | None:
        for s, e in sorted(datasets):
            if s >= pos and re.fullmatch(r"\s*(?:\w+\s+){0,3}?(?:on|in|for|at)\s+(?:the\s+)?", sentence[pos:s]):
                return sentence[s:e]
        return None

    used_numbers: set[int] = set()
    # "95.0% and 97.5% Valid-Unique-Novelty scores on the planar and tree datasets, respectively"
    if re.search(r"\brespectively\b", sentence):
        for ms, me in sorted(metrics):
            m = RESPECTIVELY_VALUES.search(sentence[max(0, ms - 80):ms])
            if not m or m.end() != ms - max(0, ms - 80):
                continue
            base = max(0, ms - 80)
            values = [(base + v.start(1), float(v.group(1))) for v in NUM_IN_LIST.finditer(m.group("vals"), 0)]
            values = [(base + m.start("vals") + (pos - base), v) for pos, v in values]
            after = [sentence[s:e] for s, e in sorted(datasets) if s > me and s - me < 80]
            for i, (pos, v) in enumerate(values):
                if pos in used_numbers or not free(pos, pos + 1):
                    continue
                used_numbers.add(pos)
                ds = after[i] if len(after) == len(values) else None
                out.append(ResultMatch(pos, me, sentence[ms:me], v, ds, "result.respectively"))
    for ms, me in sorted(metrics):
        metric = sentence[ms:me]
        # METRIC (of|:|=|at|reaching)? NUM — "FID 54.1", "accuracy of 92.3%"
        m = re.match(r"\s*(?:of|:|=|at|reaching|score\s+of|scores\s+of)?\s*(?:about\s+|around\s+|∼|~)?", sentence[me:])
        n = NUMBER.match(sentence, me + m.end())
        if n and free(n.start(), n.end()) and n.start() not in used_numbers:
            used_numbers.add(n.start())
            out.append(ResultMatch(ms, n.end(), metric, float(n.group("v")), dataset_after(n.end()), "result.metric_value"))
            continue
        # NUM% METRIC — "95.0% Valid-Unique-Novelty", "4.3% accuracy gain"
        b = re.search(r"(?P<num>[+−-]?\d+(?:\.\d+)?)\s*(?:%|points?|pp)?(?:\s*[-–]\s*\d+(?:\.\d+)?\s*%?)?\s*(?:(?:absolute|relative|higher|lower|better|improvement\s+in|gain\s+in|increase\s+in|drop\s+in|in|of)\s+)?$", sentence[:ms])
        if b and free(b.start(), ms) and b.start() not in used_numbers and not re.search(r"[\w.]$", sentence[:b.start()]):
            used_numbers.add(b.start())
            v = float(b.group("num").replace("−", "-").lstrip("+-"))
            out.append(ResultMatch(b.start(), me, metric, v, dataset_after(me), "result.value_metric"))
    # improves/reduces METRIC (and METRIC) by NUM
    for m in re.finditer(r"\b(?:improv\w*|increas\w*|reduc\w*|decreas\w*|boost\w*|lower\w*|rais\w*)\s+(?P<objs>[^.;]{0,80}?)\s+by\s+(?:about\s+|around\s+|over\s+|up\s+to\s+|∼|~)?(?P<num>\d+(?:\.\d+)?)\s*(?:%|points?|pp)?", sentence):
        if not free(m.start("num"), m.end()) or m.start("num") in used_numbers:
            continue
        objs = [(s, e) for s, e in metrics if m.start("objs") <= s and e <= m.end("objs")]
        if objs:
            # "improves both motion accuracy and action recognition by 11%": what is improved is measured
            objs += [(s, e) for s, e in tasks if m.start("objs") <= s and e <= m.end("objs") and (s, e) not in objs]
            objs.sort()
        for s, e in objs:
            out.append(ResultMatch(m.start(), m.end(), sentence[s:e], float(m.group("num")), dataset_after(m.end()), "result.improves_by"))
        if objs:
            used_numbers.add(m.start("num"))
    # NUM DATASET — "15.0 MBPP": a benchmark reported as a score
    for s, e in datasets:
        b = re.search(r"(?<![\w.])(?P<num>\d+\.\d+|\d+)\s*%?\s+(?:on\s+)?$", sentence[:s])
        if b and free(b.start(), s) and b.start() not in used_numbers and re.search(r"\b(?:achiev|reach|obtain|scor|attain)\w*\s+$", sentence[:b.start()]):
            used_numbers.add(b.start())
            out.append(ResultMatch(b.start(), e, None, float(b.group("num")), sentence[s:e], "result.value_dataset"))
    # "XDLM surpasses UDLM by 5.4 points on zero-shot text benchmarks": a margin, metric unnamed
    for m in OUTPERFORMS_BY.finditer(sentence):
        if m.start("num") in used_numbers or not free(m.start("num"), m.end()):
            continue
        used_numbers.add(m.start("num"))
        on = re.match(r"\s+on\s+(?!average\b|all\b|both\b|most\b|each\b)(?:the\s+)?([^,;.]+?)(?=\s*(?:[,;.]|$|\s+(?:and|while|with)\b))", sentence[m.end():])
        ds = next((sentence[s:e] for s, e in datasets if s >= m.end() and s - m.end() < 10), on.group(1) if on else None)
        out.append(ResultMatch(m.start(), m.end(), None, float(m.group("num")), ds, "result.margin"))
    # "+37.5% on Cora": a signed gain on a named dataset
    for m in re.finditer(r"(?<![\w.])\+(?P<num>\d+(?:\.\d+)?)\s*%?\s+on\s+", sentence):
        if m.start() in used_numbers or not free(m.start(), m.end()):
            continue
        ds = next((sentence[s:e] for s, e in datasets if s == m.end()), None)
        if ds:
            used_numbers.add(m.start())
            out.append(ResultMatch(m.start(), m.end() + len(ds), None, float(m.group("num")), ds, "result.signed_gain"))
    out.sort(key=lambda r: r.start)
    return out
