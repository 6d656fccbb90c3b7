"""Extraction: reported results, a metric with a value ("FID 54.1", "95.0% Valid-Unique-Novelty on planar").

A result is one number of the proposed method (or of the system the paper studies) with the
metric, dataset and baseline the sentence gives. Two kinds are told apart:

- ``score``: an absolute value ("82.3 mIoU on Cityscapes", "accuracy of 91.2%", "FID 0.74");
- ``gain``: a difference over something else ("+1.3% mIoU over the source-only model",
  "improves accuracy by 3.5% on MATH", "outperforms X by 4.1 points", "under 1% degradation"), with its baseline;
- ``ratio``: a share of another value ("92% of the teacher's mIoU", "98.5% of the original accuracy").

Numbers of a baseline ("from 61.2 to 75.8": only 75.8; "28%, compared to 10% by LIBRO": only 28)
are not results. The metric is the phrase as written, found by the names before this component
or by the metric words below ("top-1 accuracy", "attack success rate", "macro F1 score").
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .phrases import _verb_like
from .patterns import finditer as _finditer, fullmatch as _fullmatch, match as _match, rx as _rx, search as _search  # noqa: F401

NUM = r"[+−-]?\d+(?:\.\d+)?|[+−-]?\.\d+"
UNIT = (r"(?:\s*%|\s?(?:percentage\s+points?|percent|points?|pts?|pp|dB|ms|s|sec|seconds|fps|FPS|degrees?|deg|°)(?![\w/])"
        r"(?:\s*\((?:pp|pts?)\))?)?")
QUAL = (r"(?:(?:up\s+to|as\s+much\s+as|over|more\s+than|at\s+least|nearly|almost|about|around|approximately|roughly|"
        r"approx\.|close\s+to|only|just|an?\s+(?:average|absolute|relative)\s+(?:of\s+)?|on\s+average|a\s+(?:large\s+)?margin\s+of|"
        r"a\s+further|an\s+additional|as\s+(?:high|low)\s+as|above|exceeding|below|under|beyond|[~∼≈<>≥≤])\s*)*")
NUMBER = re.compile(r"(?<![\w.])[+−-]?(?P<v>\d+(?:\.\d+)?|\.\d+)(?:\s*(?:-|–|∼|~|to)\s*\d+(?:\.\d+)?)?\s*(?P<pct>%|\s?points?\b|\s?pp\b)?")

# metric words: a named measure, or a head noun that the words before it make specific
METRIC_NAMES = (
    r"top-?\d+\s+(?:accuracy|error)|accuracy|acc|F1(?:[-\s]?[Ss]cores?)?|F0\.5(?:\s+scores?)?|F[2-9](?:[-\s]?[Ss]cores?)?|F-?(?:score|measure)|"
    r"(?:[Ww]ord|[Cc]haracter|[Ss]ymbol|[Pp]hone(?:me)?)-[Ee]rror-[Rr]ates?|"
    r"(?:[Mm]acro|[Mm]icro|[Ww]eighted)[-\s]?F1(?:[-\s]scores?)?|precision|recall|AUROC|AUPRC|AUC|ROC[-\s]AUC|mAP[\w.:@]*|AP(?:50|75|@[\d.]+|_?[SML])?|"
    r"m[Ii][Oo][Uu]|IoU|mDice|Dice(?:\s+(?:similarity\s+)?(?:coefficients?|scores?))?|DSC|BLEU(?:-\d)?|ROUGE(?:-\w+)?|METEOR|CIDEr|SPICE|"
    r"(?i:chrf)\+*|COMET|BERTScore|FID|FVD|KID|CLIP[-\s]?(?:score|T|I)|PSNR|SSIM|MS-SSIM|LPIPS|NDS|[Nn]DCG(?:@\d+)?|MRR(?:@\d+)?|"
    r"Hits?@\d+|Recall@\d+|R@\d+|[Pp]ass@\d+(?:\s+accuracy)?|EM|exact[\s-]match|perplexity|PPL|WER|CER|EER|MAE|MSE|RMSE|"
    r"MAPE|SMAPE|R\^?2|R²|ICC|SRCC|PLCC|KRCC|Spearman(?:'s)?\s+(?:correlation|rho|ρ)|Pearson(?:'s)?\s+(?:correlation|r)|"
    r"Kendall's\s+(?:W|tau|τ)|(?:[Qq]uadratic\s+)?(?:[Ww]eighted\s+)?Cohen's\s+[Kk]appa|kappa|NMSE|SDR|SI-SDR|PESQ|STOI|ESTOI|MOS|UTMOS|ADE|FDE|EPE|Chamfer\s+distance|"
    r"HD95|HD|ASSD|NSD|IDF1|MOTA|HOTA|PCK(?:@[\d.]+)?|NME|AbsRel|sFID|IS|FPS|fps|BLEU|mAcc|OA|HR@\d+|ECE|TPR|FPR|FNR|TNR|RTFs?|MASE|"
    r"w?MAPE|HM|NMSE|AR|mAR|SRCC|MCC|BPC|BPD|NLL|CRPS|MRE|ATE|RPE|TFLOPs/s|tokens/s|QPS|"
    # a measure at a cut-off ("Avg@32", "Acc@1", "AUC@30") and a lettered measure ("S-measure", "E-measure")
    r"[A-Za-z][A-Za-z-]{0,10}@\d+(?:\.\d+)?|[A-Z][a-z]?-measures?"
)
METRIC_HEADS = (
    r"accuracy|accuracies|error\s+rates?|errors?|success\s+rates?|win\s*rates?|rates?|scores?|coefficients?|correlations?|"
    r"precision|recall|coverage|reward|returns?|throughput|latency|latencies|speeds?|times?|distance|similarity|agreement|"
    r"fidelity|consistency|stability|ratios?|gap|likelihood|loss|probability|concordance|sensitivity|specificity|"
    r"utilization|efficiency|encoding|retrieval|funds|yield"
)
STOP = re.compile(
    r"^(?:the|a|an|of|in|on|and|or|with|by|our|its|their|his|her|this|these|that|those|to|from|than|over|vs\.?|versus|"
    r"at|for|as|is|are|was|were|be|been|has|have|had|which|while|whereas|but|both|all|each|per|into|under|across|"
    r"achiev\w*|reach\w*|improv\w*|boost\w*|increas\w*|rais\w*|obtain\w*|attain\w*|yield\w*|show\w*|report\w*|"
    r"outperform\w*|surpass\w*|exceed\w*|deliver\w*|record\w*|enhanc\w*|reduc\w*|lower\w*|decreas\w*|gain\w*|"
    r"higher|lower|better|best|worse|strong\w*|highest|lowest|state-of-the-art|sota|new|competitive|superior|"
    r"significant\w*|substantial\w*|remarkabl\w*|notabl\w*|consistent\w*|impressive|excellent|high|low|good|"
    r"overall|averaged|relative|absolute|total|final|respective\w*|further|only|just|up|about|\w+-(?:lowest|highest|best)|"
    r"demonstrat\w*|maintain\w*|preserv\w*|retain\w*|keep\w*|us\w*|perform\w*|scor\w*|nearly|approximately|"
    r"around|model|models|method|methods|approach|system|framework|it|we|they|percent|points?|pp|\d.*|[+−-].*|"
    # verbs that take a measure as object ("we observe correlations", "providing reliable reward"), comparatives
    r"see|sees|saw|seen|gets?|got|observ\w*|find|finds|found|provid\w*|enabl\w*|offer\w*|ensur\w*|allow\w*|exhibit\w*|requir\w*|"
    r"giv(?:e|es|ing)|gave|mak(?:e|es|ing)|made|lead(?:s|ing)?|led|result(?:s|ing)?|depend\w*|accelerat\w*|"
    r"greater|larger|smaller|faster|slower|more|less|fewer|"
    r"near-zero|zero|negligible|minimal|marginal|slight|minor|small|large|comparable|similar|ultra-\w+|extremely|very|"
    r"same|identical|equal|when|where|whereas|if|since|because|"
    # prepositions and adverbs that end a measure's words ("without degrading general accuracy", "dramatically alter …")
    r"without|including|despite|via|among|between|within|during|after|before|toward|towards|"
    r"\w+(?:ally|ably|ibly|edly|ently|antly|ously|ively|ately|eatly|ghtly|ngly)|"
    # verbs of change ("without degrading general accuracy", "alter bias scores")
    r"degrad(?:e|es|ed|ing)|sacrific(?:e|es|ed|ing)|compromis(?:e|es|ed|ing)|hurt(?:s|ing)?|alter(?:s|ed|ing)?)$",
    re.I,
)
METRIC_RE = re.compile(r"(?<![\w@-])(?:" + METRIC_NAMES + r")(?:(?<=[A-Z])s)?(?![\w@])|\b(?i:" + METRIC_HEADS + r")\b")  # "AUCs of 0.93 and 0.88"
GAIN_AFTER = re.compile(r"\s*(?:improvements?|gains?|increases?|boosts?|increments?|drops?|reductions?)\b", re.I)
RANGE_END = re.compile(r"(?:\d\s*%?\s*[-–~∼]|±|\+/-|\+-)\s*$")
WORD_BEFORE = re.compile(r"(?<![\w/'’.@+-])(?P<w>[\w/'’@+][\w/'’.@+-]*)\s+$")
ABBR_AFTER = re.compile(r"^\s*\((?P<a>[A-Za-z][\w@.-]{0,11})\)")

VALUE_AFTER = re.compile(
    r"^\s*(?:\([A-Za-z][\w@.-]{0,11}\)\s*)?(?:(?:scores?|values?|rates?)\s+)?"
    r"(?:(?P<verb>of|:|=|at|is|was|equal\s+to|reach\w*|improv\w*\s+to|increas\w*\s+to|ris\w*\s+to|rose\s+to|of\s+about|by|to|"
    # "HD95 decreases by 1.5 mm": the measure, then its change
    r"(?:improv|increas|decreas|reduc|dropp|drop|ris|ros|fell|fall|grew|grow)\w*\s+by)\s*)?"
    r"(?:(?:r|ρ|rho|τ|tau|R\^?2|R²|κ)\s*=\s*)?" + QUAL + r"\s*(?P<num>" + NUM + r")(?:\s*%?\s*(?:-|–|to)\s*\d+(?:\.\d+)?)?(?P<unit>" + UNIT + r")(?![\w.]*\d)(?!\s*(?:[×x]\b|times|B\b|M\b|K\b))")
VALUE_BEFORE = re.compile(
    r"(?<![\w.])(?P<num>" + NUM + r")(?:\s*%?\s*(?:-|–|to|±|\+/-|\+-)\s*\d+(?:\.\d+)?)?(?P<unit>" + UNIT + r")\s*(?:(?P<gain>absolute|relative|higher|lower|better|improvements?|gains?|"
    r"increases?|boosts?|drops?|reductions?|decreases?)\s+)?(?:(?:in|of|on)\s+(?:the\s+)?(?:terms\s+of\s+)?)?$")
IMPROVES_BY = re.compile(
    r"\b(?P<verb>improv\w*|increas\w*|boost\w*|rais\w*|reduc\w*|decreas\w*|lower\w*|enhanc\w*|cut\w*|gain\w*)\s+"
    r"(?:(?:the|its|their|our|both)\s+)?$")
GAIN_CUE = re.compile(r"\b(?:improv\w*|gains?|increas\w*|boost\w*|higher|better|outperform\w*|surpass\w*|exceed\w*|"
                      r"beat\w*|over|margin|more\s+than|lift\w*|enhanc\w*|reduc\w*|lower\w*|decreas\w*|drop\w*)\b", re.I)
BASELINE_NUMBER = re.compile(r"\b(?:from|vs\.?|versus|compared\s+(?:to|with)|than|against|relative\s+to|while|whereas|"
                             r"baselines?\s+(?:of|at|with)|only)\s+(?:the\s+)?(?:\w+\s+){0,3}?$", re.I)
OUTPERFORMS_BY = re.compile(
    r"\b(?:surpass\w*|outperform\w*|beat\w*|exceed\w*|improv\w*\s+(?:on|over|upon)|over)\s+(?P<base>[^.;,]{1,60}?)\s+by\s+"
    + QUAL + r"(?P<num>\d+(?:\.\d+)?)\s*(?P<unit>%|(?:percentage\s+)?points?|pp|dB)?")
RESPECTIVELY = re.compile(r"\brespectively\b", re.I)
RESULT_VERB = re.compile(r"\b(?:successfully|rank(?:s|ed|ing)?\s+(?:first|1st|second|top)|recover(?:s|ed|ing)?|solv(?:es|ed|ing)|resolv(?:es|ed|ing)|answer(?:s|ed|ing)|correctly|achiev\w*|reach\w*|obtain\w*|attain\w*|scor\w*|record\w*|deliver\w*|yield\w*|gets?|"
                         r"sets?|establish\w*|improv\w*|outperform\w*|surpass\w*|gains?|boost\w*)\b", re.I)


@dataclass(frozen=True, slots=True)
class ResultMatch:
    start: int
    end: int
    metric: str | None
    value: float
    dataset: str | None
    rule: str
    kind: str = "score"
    baseline: str | None = None


# before a number, the words that make it a difference from another system's ("outperforms X (e.g., Y) by more than",
# "by a large margin (")
GAIN_BEFORE = re.compile(
    r"\b(?:outperform\w*|surpass\w*|exceed\w*|beat\w*|improv\w*|boost\w*|enhanc\w*|increas\w*|rais\w*|lift\w*|"
    r"reduc\w*|lower\w*|decreas\w*|narrow\w*|clos(?:es|ed|ing)\b)(?:[^,;.()]|\.\d|\([^()]*\)){0,100}?\bby\s+"
    r"(?:an?\s+)?(?:(?:large|wide|significant|substantial|clear|considerable|huge|notable|big|great)\s+)?(?:margin\s*)?(?:\(\s*)?"
    r"(?:(?:up\s+to|as\s+much\s+as|over|more\s+than|at\s+least|nearly|almost|about|around|approximately|roughly|only|"
    r"just|~|∼|≈)\s*)?$", re.I)
# … and, for a percentage, the words of a gap or a loss: "to within 3.0%", "a loss of only 0.02%", "a drop of 1%"
SHORTFALL_BEFORE = re.compile(r"\b(?:(?:to\s+)?within|(?:a|an|the)\s+(?:\w+\s+)?(?:loss|drop|degradation|decline|decrease|gap)\s+of)\s+"
                              r"(?:(?:only|just|about|around|approximately|roughly|less\s+than|under)\s+)?$", re.I)
MARGIN_AFTER = re.compile(r"\s*(?:absolute\s+|relative\s+)?(?:margin|gap|lead)\b", re.I)
# measures that are shares (at most 100): a larger number beside one is something else
PERCENT_MEASURE = re.compile(r"(?:accuracy|precision|recall|\bF1\b|F1[-\s]score|\bm?IoU\b|\bm?AP\b|\bAUC\b|AUROC|success\s+rate|"
                             r"\bDice\b|pass@\d+|exact\s+match|\btop-\d\b)", re.I)
# the members of a list written before a number: "0.99%, 2.69%, and " before "1.01%"
# ("by up to 28.16% on MultiWOZ 2.0 and " before "8.41%": each member may name its dataset)
LIST_BEFORE = re.compile(r"(?:[+]?\d+(?:\.\d+)?\s*(?:%|pp|points?)?(?:\s+(?:on|in|for)\s+(?:[^,;.()%\d]|\.\d|\d){1,40}?)?"
                         r"\s*(?:,\s*(?:and\s+)?|,?\s+and\s+))+$")


def _float(s: str) -> float:
    return abs(float(s.replace("−", "-").replace("+", "")))


# a statistic by its symbol; bare r and ρ only with a decimal value, d, W and α only with their authors' names
STATISTIC = re.compile(r"(?<![\w'’])(?P<m>(?:Fleiss|Cohen|Krippendorff|Kendall|Spearman|Pearson)['’]?s?\s+(?P<a>κ|kappa|d|α|alpha|W|τ|tau|ρ|rho|r)"
                       r"|(?P<sym>κ|kappa|ρ|rho|r))\s*=\s*(?P<num>[+−-]?\d*\.\d+|(?<!\w)[+−-]?\d+\.\d+)(?![\d.]*\d)")
# the measure named after a gain: "increase in magnitude metrics", "by 47% in diagnosis report quality"
GAIN_IN = re.compile(r"\s*(?:(?:absolute|relative|average)\s+)?(?:improvements?|gains?|increases?|boosts?)?\s*in\s+(?:terms\s+of\s+)?(?:the\s+)?"
                     r"(?P<m>(?!" + r"(?:identifying|the\s+presence|presence)\b)(?:[a-z][\w-]*\s+){0,3}(?:quality|metrics?|accuracy|scores?|"
                     r"success\s+rates?|error\s+rates?|(?:[a-z][\w-]*\s+)performance))\b(?!\s+(?:of|for)\b)")
NUM_ACRONYM = re.compile(r"(?<![\w.])(?:\d+\.\d+\s*%?|\d+\s*%)\s+(?P<a>(?:[a-z]?[A-Z][A-Za-z]*[A-Z][A-Za-z0-9]*|[A-Z]{2,})(?:-[A-Z][a-z]+)?(?:@\d+)?)"
                         r"(?![\w-])(?=\s*(?:[,;.)]|$|\s+(?:on|in|at|for|and|or|with|across|while|over|compared|than|vs\.?|versus|"
                         r"against|under|when|of|gains?|improvements?|increases?|reductions?|drops?)\b))")
# units and hardware written in capitals after a number ("2.5 GHz", "40 GB", "8.5 TFLOPS", "4 GPUs")
UNIT_ACRONYM = re.compile(r"^(?:[KMGTP]i?B|[KMGTP]?Hz|[kKMGT]?W|GFLOPs?|TFLOPs?|[KMGTP]?FLOPS|FLOPs|TOPS|MACs|GPUs?|CPUs?|TPUs?|USD|EUR|"
                          r"CIs?|SDs?|SE|IQR|AM|PM|UTC|BP|DNA|RNA|[KMGTB]|"
                          # number formats a value is measured in ("26.3% FP16", "14.0% INT8"): settings, no measures
                          r"FP\d+|BF\d+|INT\d+|UINT\d+|NF\d+|MXFP\d+|W\d+A\d+(?:KV\d+)?)$")
HYPERPARAMETER = re.compile(r"(?:learning|dropout|decay|sampling|warm-?up|mask(?:ing)?|pruning|sparsity)\s+(?:rates?|ratios?)$|"
                            # "the perturbation ratio increases to 40%": the strength of an attack or of noise is a setting
                            r"(?<!to-)(?<!to\s)(?:perturbation|noise|poisoning|corruption|missing|injection|label[-\s]noise|attack)\s+(?:rates?|ratios?|levels?|budgets?)$|"
                            r"^(?:dropout|weight\s+decay|momentum|temperature|batch\s+size)$", re.I)


def metric_spans(sentence: str, known: list[tuple[int, int]], names: list[tuple[int, int]] = ()) -> list[tuple[int, int]]:
    """Metric phrases of one sentence: the names found before (`known`) and the metric words here,
    widened to the words that make a head noun specific ("unit test success rate")."""
    spans = list(known)
    for m in METRIC_RE.finditer(sentence):
        s, e = m.start(), m.end()
        head = m.group(0)
        if head.lower() == "precision" and sentence[s - 1:s] == "-" and not any(a < s <= b for a, b in known):
            continue  # "full-precision", "mixed-precision": a number format, no measure
        inside = [k for k in known if k[0] <= s and e <= k[1]]
        if len(inside) == 1 and inside[0][1] == e and inside[0][0] < s and sentence[inside[0][0]:e].islower() \
                and _fullmatch(METRIC_HEADS, head, re.I):
            s = inside[0][0]  # a known lower-case measure ("hallucination rates") is widened as a head ("object hallucination rates")
        elif inside and not (inside == [(s, e)] and head.islower() and _fullmatch(METRIC_HEADS, head, re.I)):
            continue  # a known name; a known bare head ("accuracy") is still widened ("GUI grounding accuracy")
        if _fullmatch(METRIC_HEADS, head, re.I):
            # widen: up to three modifier words before a head noun
            steps = 0
            while steps < 3:
                steps += 1
                lo = max(0, s - 40)
                w = WORD_BEFORE.search(sentence, lo, s)
                # "S1 to S2 retrieval", "English to German translation": a direction between two names
                direction = w and w.group("w") == "to" and _match(r"[A-Z]", sentence[s:]) and _search(
                    r"(?<![\w-])(?:[A-Z][\w-]*|[a-z]+\d[\w-]*)\s+$", sentence[max(0, w.start("w") - 20):w.start("w")])
                if not w or w.start() == lo and lo > 0 or any(a < w.end("w") and w.start("w") < b for a, b in names) \
                        or STOP.match(w.group("w")) and not direction and not (
                        # "mean absolute error", "relative squared error": a named error
                        w.group("w").lower() in ("absolute", "relative", "square", "squared") and head.lower().startswith("error")) \
                        or w.group("w").endswith(".") \
                        or UNIT_WORD.match(w.group("w")):
                    break
                s = w.start("w")
                if direction:
                    steps -= 1  # the "to" of a direction is no modifier of its own
            if _match(r"to\s", sentence[s:e]):
                s += 3  # a direction cut off before its first name
            lead = _match(r"(?:average|mean|overall|avg\.?)\s+", sentence[s:e], re.I)
            if lead and _match(r"accura|\w*\s*rates?$|\w*\s*errors?$|\w*\s*scores?$", head, re.I) \
                    and not _match(r"(?:absolute|relative|squared?)\s+(?:[\w-]+\s+)?errors?$", sentence[s + lead.end():e], re.I) \
                    and not (s + lead.end() == m.start() and head.lower() in ("error", "errors", "rate", "rates", "score", "scores")):
                s += lead.end()  # "average accuracy" → "accuracy"; but "mean error" stays: a bare "error" names nothing
            if head.lower() in ("rate", "rates", "score", "scores", "time", "speed", "speeds", "ratio", "gap", "loss", "errors",
                                "error", "similarity", "coefficient", "coefficients", "yield", "funds", "encoding", "times",
                                "retrieval", "efficiency", "utilization", "probability", "likelihood", "distance",
                                "returns", "return", "stability", "consistency", "agreement") and s == m.start():
                continue  # a bare generic word names no metric
        if head.lower() in ("scores", "score") and _match(r"\s+" + QUAL + r"\d", sentence[e:]) and s < m.start():
            continue  # "GPT-4o scores 73.5%": a verb, not a measure
        if HYPERPARAMETER.search(sentence[s:e]):
            continue  # "a learning rate of 0.001": a setting, not a measure
        spans.append((s, e))
    # "0.68 ASR", "41.6 mHOTA": an acronym right after a decimal or a percentage, at the end of its phrase
    for m in (NUM_ACRONYM.finditer(sentence) if _search(r"\d\s*%?\s+[a-z]?[A-Z]", sentence) else ()):
        a, b = m.span("a")
        if not UNIT_ACRONYM.match(m.group("a")) and not any(x < b and a < y for x, y in [*spans, *names]):
            spans.append((a, b))
    # longest first, no overlaps
    spans.sort(key=lambda x: (x[0], -(x[1] - x[0])))
    out: list[tuple[int, int]] = []
    for s, e in spans:
        if out and s < out[-1][1]:
            continue
        out.append((s, e))
    return out


def find_results(sentence: str, metrics: list[tuple[int, int]], datasets: list[tuple[int, int]],
                 blocked: list[tuple[int, int]], tasks: list[tuple[int, int]] = ()) -> list[ResultMatch]:
    """Results in one sentence, given the metric and dataset spans found in it (offsets in the sentence).

    >>> find_results("It reaches FID 54.1 vs. 80.8.", [(11, 14)], [], [])[0].value
    54.1
    """
    out: list[ResultMatch] = []
    used: set[int] = set()
    if "per cent" in sentence:
        sentence = sentence.replace("per cent", "percent ")  # same length: the offsets hold
    mspans = metric_spans(sentence, sorted(metrics), [*datasets, *blocked])

    def free(s, e):
        return all(e <= a or s >= b for a, b in blocked)

    def _with_year(s: int, e: int) -> tuple[int, int]:
        y = _match(r"^[\s-](?:19|20)\d\d\b", sentence[e:])
        return (s, e + y.end()) if y else (s, e)

    datasets = [_with_year(s, e) for s, e in datasets]

    def listed_respectively(e: int) -> bool:
        """Whether the dataset ending at `e` is followed by more of a list the sentence pairs "respectively"
        with its numbers ("on CUB-200 and Dogs-120, respectively"): it alone is not each number's."""
        return bool(RESPECTIVELY.search(sentence)) and bool(_match(r"\s*(?:,\s*(?:and\s+)?|,?\s+and\s+)(?:the\s+)?[A-Za-z0-9]", sentence[e:]))

    def dataset_after(pos: int) -> str | None:
        for s, e in sorted(datasets):
            # "91.0% vs. 88.0% on HotpotQA": the other system's number between them is on the same dataset
            if s >= pos and _fullmatch(r"\s*(?:%|percent|points?)?\s*(?:(?:vs\.?|versus)\s+[\d.]+\s*%?\s*)?(?:\([^)]*\)\s*)?(?:[\w-]+\s+){0,4}?(?:on|in|for|at|of)\s+(?:the\s+|both\s+)?",
                                         sentence[pos:s]):
                if listed_respectively(e):
                    return None  # "88.8% and 92.2% accuracy on CUB-200 and Dogs-120, respectively": the first is not each one's
                return sentence[s:e]
        return None

    def dataset_near(pos: int, end: int) -> str | None:
        ds = dataset_after(end)
        if ds:
            return ds
        for s, e in datasets:
            if pos < s and e <= end and not any(a < e and s < z for a, z in mspans):
                return sentence[s:e]  # "84.4% ImageNet-1K top-1 accuracy": the dataset inside the result
        for s, e in datasets:
            # "SportsMOT (72.2 HOTA)", "ScreenSpot-Pro (26.8% → 56.5%)"; not "on A and B datasets (79.6% and 97.2%
            # respectively)" with B unknown
            if e <= pos and _fullmatch(r"\s*\([^()]*", sentence[e:pos]) and not RESPECTIVELY.search(sentence):
                return sentence[s:e]
        if _match(r"\s*(?:%|percent)?\s*(?:[\w-]+\s+){0,3}?(?:on|in)\s+(?:the\s+)?[A-Za-z]", sentence[end:]):
            return None  # "83.0% on Cityscapes and 88.4% mean IoU on the pascal VOC2012 dataset": its own dataset, not known
        for s, e in sorted(datasets, reverse=True):
            # "… on GSM8K), while NoT surpasses ToT (91.0% …": not across the end of a parenthesis or a clause
            if e <= pos and _search(r"\b(?:on|in|for)\s+(?:the\s+)?$", sentence[:s]) and pos - e < 60 and \
                    not _search(r"[;]|\)[^(]*\(|\b(?:while|whereas|but)\b", sentence[e:pos]) and not listed_respectively(e):
                return sentence[s:e]
        return None

    def gain_baseline(end: int) -> str | None:
        m = _match(r"^[^,;.]{0,40}?\b(?:over|than|compared\s+(?:to|with)|relative\s+to|against|versus|vs\.?)\s+"
                     r"(?:the\s+|a\s+|an\s+)?(?P<b>[^,;.()]{2,60}?)(?=\s*(?:[,;.()]|$|\s+(?:on|in|at|for|while|and|with|across|"
                     r"by|which|when|under|using|baselines?\s+in)\b))", sentence[end:], re.I)
        # not a number ("over 83.1%", "the previous record of 83.1%": cut at its decimal point)
        return m.group("b").strip() if m and not _match(r"^\d", m.group("b")) and not _match(r"\.\d", sentence[end + m.end("b"):]) else None

    def baseline_number(pos: int) -> bool:
        """A number that belongs to a baseline ("from 61.2 to …", "compared to 10% by LIBRO")."""
        before = sentence[max(0, pos - 40):pos]
        if _match(r"^[+−-]?[\d.]+\s*%?\s*(?:→|->|⟶|=>|⇒)", sentence[pos:]):
            return True  # "(88.8% → 93.9%)": the value before the arrow is the starting point
        if _search(r"\bfrom\s+" + FROM_QUAL + r"$", before) and (_match(r"^[\d.]+\s*%?\s*(?:\w+\s+)?to\s+", sentence[pos:]) or _match(
                r"^[\d.]+\s*%?" + FROM_CONTEXT + r"\s+to\s+[+−-]?\.?\d", sentence[pos:])) \
                and not _search(RANGING + r"\s+from\s+" + FROM_QUAL + r"$", before):
            return True  # "from (an average of) 41.2% to 50.5%": the starting point; "ranging from 3 to 11": a range
        if in_baseline_parenthesis(pos):
            return True
        if _search(r"\(\s*$", before) and _match(r"^[\d.]+\s*%?\s*to\s+[\d.]+\s*%?\s*\)", sentence[pos:]):
            return True  # "improves X dramatically (0.6% to 76.3%)": the starting point
        if _match(r"^[\d.]+\s*%?\s*to\s+[\d.]+", sentence[pos:]) and _search(r"\bfrom\s+" + FROM_QUAL + r"[\d.]+\s*%?\s*to\s+[\d.]+\s*%?[^.;]{0,80}?(?:,|\band)\s+(?:[\w-]+\s+){0,3}?$", sentence[:pos]):
            return True  # "from 68.7% to 78.1% and 44.4% to 60.6%": the second starting point
        if _search(r"\b(?:up|down)\s+from\s+" + FROM_QUAL + r"$", before, re.I):
            return True  # "rises to 67.3%, up from 52.1%": the starting point
        if _search(r"\b(?:previous|prior|former|earlier|existing)\s+(?:best|record|state[-\s]of[-\s]the[-\s]art|sota|high)\s+"
                   r"(?:results?\s+|performance\s+)?(?:of\s+|at\s+)?" + FROM_QUAL + r"$", before, re.I):
            return True  # "0.4% better than the previous record of 83.1%": the record beaten
        if ("vs" in sentence or "versus" in sentence or "compared" in sentence or "than" in sentence) and \
                BASELINE_MEMBER.match(sentence, pos) and BASELINE_LIST.search(sentence[max(0, pos - 160):pos]):
            return True  # "versus 68.4% for A and 67.1% for B": every member of a list of other systems' numbers is theirs
        return bool(_search(r"\b(?:vs\.?|v\.s\.|versus|compared\s+(?:to|with)|comparable\s+to|on\s+par\s+with|(?<!less )(?<!more )(?<!fewer )(?<!greater )(?<!rather )than|"
                              r"against|relative\s+to)\s+(?:the\s+)?(?:\w+\s+){0,2}?$", before, re.I))

    def in_baseline_parenthesis(pos: int) -> bool:
        """A number in a parenthesis after the systems a method beats is theirs: "outperforming existing
        planners (52.5% for ReAct and 40.1% for Reflexion)", "surpasses earlier detectors (i.e., 61%)"; not
        when the parenthesis sets this system's number against theirs ("(64.2% vs. 58.9%)") or is a gain."""
        op = sentence.rfind("(", 0, pos)
        if op < 0 or ")" in sentence[op:pos]:
            return False
        close = sentence.find(")", pos)
        inside = sentence[op + 1:close if close > 0 else len(sentence)]
        if _search(r"\bvs\.?|\bv\.s\.|\bversus\b|→|->|\bto\b|\bby\b|\+|\b(?:ours|our|improv\w*|gains?|higher|better|lower)\b", inside, re.I) \
                or not _fullmatch(r"\s*(?:(?:i\.e\.|e\.g\.),?\s*)?(?:(?-i:[A-Z])[\w.+-]*(?:\s+[\w.+-]+){0,2}\s*,\s*)?"  # "(LSQ, 76.70%)", not "(ICC: 0.73)"
                                  r"(?:(?:only|just|about|around|approximately)\s+)?[\d.]+\s*%?.*", inside, re.I | re.S):
            return False
        if not _search(BEATS + r"[^,;()]{0,60}$", sentence[max(0, op - 100):op]) and not (
                # "outperforming A (81%) and B (79%)": the later members of the list of systems beaten, each with its number
                ")" in sentence[max(0, op - 200):op] and _search(
                    BEATS + r"[^,;()]{0,60}(?:\([^()]{1,40}\)\s*(?:,\s*(?:and\s+)?|,?\s+and\s+)[^,;()]{1,60})*$", sentence[max(0, op - 200):op])):
            return False
        if _match(r"\s*[<>≤≥~∼≈]?\s*[\d.]", sentence[op + 1:]) and any(
                not sentence[b:op].strip() and not baseline_number(a) for a, b in mspans if b <= op):
            return False  # "outperforms X in metrics such as PSNR (35.6 dB)": the value of the measure named before it
        if _search(r"\bby\s+(?:an?\s+)?(?:(?:large|wide|significant|substantial|clear|considerable|huge|notable|big|great)\s+)?(?:margin\s*)?$",
                   sentence[max(0, op - 40):op], re.I):
            return False  # "outperforms X by a large margin (17%)": the margin, this system's
        return True

    def add(pos, end, metric, value, dataset, rule, kind="score", baseline=None):
        key = pos + 1 if sentence[pos:pos + 1] in ("+", "−", "-") else pos
        if any(a < key < b for a, b in mspans):
            return  # "66.2% mAP@50 and 48.9% mAP@50:95": the 50 of "mAP@50" is part of a measure's name
        if key in used or not free(pos, pos + 1) or RANGE_END.search(sentence, max(0, key - 12), key) \
                or BASELINE_SUBJECT.search(sentence[max(sentence.rfind(c, 0, pos) for c in ",;:(") + 1:pos]):
            return  # the upper end of a range (a range gives its lower end) or a standard deviation
        if _search(r"[×*]\s?$|\dx$|(?<![\w.])(?-i:[A-QS-Z])\s?=\s?$", sentence[max(0, key - 3):key]) or _match(r"\d+\s?[×x*]\s?\d", sentence[key:]):
            used.add(key)
            return  # "at 256×256": a size; "(K=128 points)": a setting named by its symbol
        if kind == "score" and value > 100 and metric and PERCENT_MEASURE.search(metric) and "%" not in sentence[key:key + 12]:
            return  # "128 … accuracy": a share measure never exceeds 100
        near = sentence[max(0, key - 80):key]
        setting = any(k in near for k in SETTING_KEYS) and _search(r"(?P<w>(?:[\w-]+\s+){0,2}[\w-]+)\s+(?:of|=|:)\s*" + QUAL + r"$", near)
        if metric and HYPERPARAMETER.search(metric) or setting and HYPERPARAMETER.search(setting.group("w")):
            used.add(key)
            return  # "at a 99% pruning rate", "a learning rate of 0.001": a setting, not a measure
        if ("%" in sentence[key:key + 12] or "percent" in sentence[key:key + 20]) and SETTING_SHARE_AFTER.match(sentence, key):
            used.add(key)
            return  # "with 10% labeled data", "at 50% sparsity", "under 20% noise": how much is labelled, kept or corrupted is a setting
        if _search(r"\b(?:varying|various|different|several|multiple)\s+(?:[\w-]+\s+){0,2}(?:rates?|ratios?|levels?|sizes?|budgets?)\s*\([^()]*$",
                   sentence[max(0, key - 80):key], re.I) or _match(r"[\d.]+\s*(?:%|percent|per\s+cent)\s+(?:for\s+)?(?:training|testing|test|validation|train)\b",
                                                                sentence[key:], re.I):
            used.add(key)
            return  # "with varying missing rates (20%, 50%, and 70%)", "80 percent training and 20 percent testing": settings
        if HYPHEN_COUNT.match(sentence, key):
            used.add(key)
            return  # "under 16-shot settings", "a 3-layer encoder": a count that names a setting, no value
        if SETTING_BEFORE.search(sentence[max(0, key - 80):key]):
            return  # "at SNR = 10 dB", "(NMSE, SNR = 20 dB)", "trained from Qwen3-32B (24.4%)": a setting or a starting point
        window = sentence[max(0, key - 80):key]
        low = window.lower()
        pct = _match(r"[\d.]+\s*%", sentence[key:])
        if "between" in low and _search(r"\bbetween\s+" + FROM_QUAL + r"[\d.]+\s*(?:%|percent|points?)?\s*and\s+$", window):
            used.add(key)
            return  # "gains between 2% and 7%": a range gives its lower end
        if "from" in low and _search(RANGING + r"\s+from\s+" + FROM_QUAL + r"[\d.]+\s*%?\s*(?:\w+\s+|\([^()]{1,30}\)\s*)?(?:to|-|–)\s*$", window):
            return  # "ranging from 3 to 11 points": the upper end of a range
        if pct and _match(r"[\d.]+\s*%\s+(?:annotated|labell?ed|unlabell?ed|supervised|training|of\s+(?:the\s+)?labels)\b", sentence[key:], re.I):
            used.add(key)
            return  # "on the 10% annotated COCO": how much is labelled is a setting
        if _match(r"[\d.]+\s*(?:%|percent)?\s+(?:(?:random|chance|majority|naive|trivial|simple)(?:[-\s]\w+)?\s+)?(?:baselines?|chance(?:\s+level)?)\b", sentence[key:], re.I):
            used.add(key)
            return  # "outperforming the 33.3% random baseline": the baseline's number
        if ("baseline" in low or " with" in low or " at " in low) and BASELINE_WITH.search(sentence[max(0, key - 60):key]) \
                and not GAIN_WORDS_AFTER.match(sentence, key):
            return  # "beating the baseline models with 89 percent": the baseline's number
        if sentence[key:key + 1] != "+" and in_baseline_parenthesis(key):
            return  # "(52.5% for ReAct and 40.1% for Reflexion)" after the systems beaten: their numbers
        if ("at " in low or "under " in low or "with " in low) and OPERATING_POINT_BEFORE.search(window) or (
                _search(r"\bat\s+(?:an?\s+|the\s+)?$", sentence[max(0, key - 20):key]) and OPERATING_POINT_AFTER.match(
                sentence, key + len(_match(r"[\d.]+", sentence[key:]).group(0)))):
            return  # "at 0.5% FPR", "at a very low sampling rate (5%)", "at a 0.9 threshold": the operating point, no result
        if pct and (_search(r"\b(?:sav(?:e|es|ed|ing)|conserv(?:e|es|ed|ing)|savings?\s+(?:to|of|by|at))\s+(?:up\s+to\s+|about\s+|around\s+|over\s+|nearly\s+)?$", sentence[max(0, key - 30):key])
                    or _search(COST_WORDS + r"\s*\(?\s*(?:of\s+|from\s+)?(?:[\d.]+\s*%?\s*to\s+)?(?:about\s+|around\s+|~\s*)?$", sentence[max(0, key - 50):key])
                    or " to " in low and COST_TO.search(sentence[max(0, key - 60):key])) \
                or COST_AFTER.match(sentence[key:]) or (KEPT_AFTER.match(sentence, key) and KEPT_BEFORE.search(sentence[max(0, key - 30):key])) \
                or (kind in ("gain", "ratio") and metric and COST_MEASURE.search(metric)) \
                or " by " in low and COST_BY.search(sentence[max(0, key - 60):key]) or THRESHOLD_AFTER.match(sentence, key):
            used.add(key)  # no other rule reads it as a result either
            return  # "at 2% of the cost", "a 40% parameter reduction", "a 1.5% inference overhead": efficiency, a claim's business
        if metric and _fullmatch(r"(?:[GMTKB]?FLOPs?|[GMTK]?MACs?|#?\s*params|parameters|model\s+size)", metric.strip()):
            used.add(key)
            return  # "with only 4.1 GFLOPs": a model's cost, not a measured outcome
        if _match(r"[\d.]+\s*%?\s*(?:→|->|⟶|=>|⇒)", sentence[key:]):
            return  # "ECE 0.00504 -> 0.00503": the value before the arrow is the starting point
        if metric and _search(r"\bbaselines?\b", metric, re.I) and _search(
                r"\bbaselines?\s+(?:[\w-]+\s+){0,2}(?:of|=|:|is|was|at)\s+" + QUAL + r"$", sentence[max(0, key - 60):key], re.I):
            used.add(key)
            return  # "the zero-shot baseline score of 0.519": the baseline's number
        used.add(key)
        if metric:
            metric = _metric_name(metric)
        share = _match(r"^[\d.]+(?:\s*%?\s*[-–]\s*[\d.]+)?\s*(?:%|percent)\s+of\s+(?:the\s+|its\s+|their\s+|a\s+)?(?P<phr>[^,;()]{0,60})", sentence[key:])
        if kind == "score" and share:
            kind = "ratio"  # "92% of the teacher's mIoU": a share of another system's value, not a score
            if rule == "result.unnamed" and metric and metric not in share.group("phr"):
                metric = None  # "6.5% of the libraries did not work …": a share of things, not of the measure named nearby
        if kind == "ratio" and metric:
            # "98.5% of the original accuracy", "75-96% of full-model accuracy": the words naming the system
            # whose value is shared are no part of the measure
            metric = REFERENCE_WORDS.sub("", metric) or metric
        out.append(ResultMatch(pos, end, metric, value, dataset, rule, kind, baseline))

    # "95.0% and 97.5% Valid-Unique-Novelty on the planar and tree datasets, respectively";
    # "success rates of 98.49%, 94.97%, and 97.50%"; "MAE / RMSE / FID of 59.21% / 57.15% / 39.46%"
    for ms, me in mspans:
        metric = sentence[ms:me]
        group = _match(r"^(?P<names>(?:\s*/\s*[\w-]+){1,4})", sentence[me:])
        if group:
            names = [metric] + [n.strip() for n in group.group("names").split("/") if n.strip()]
            if "-" in metric:  # "ROUGE-1/2/L": ROUGE-1, ROUGE-2 and ROUGE-L
                stem = metric[:metric.rindex("-") + 1]
                names = [metric] + [stem + n if len(n) <= 2 and n.isalnum() else n for n in names[1:]]
            vals = _match(r"^\s*(?:of|:|=|by)?\s*" + QUAL + r"(?P<vals>" + NUM + r")\s*%?(?P<rest>(?:\s*/\s*(?:" + NUM + r")\s*%?)+)",
                            sentence[me + group.end():])
            if vals:
                base = me + group.end()
                nums = [(base + v.start(), v.group(0)) for v in _finditer(r"(?<![\w.])(?:" + NUM + r")", vals.group(0))]
                if len(nums) == len(names) and all(any(ch.isalpha() for ch in n) for n in names):  # not "41/2"
                    kind = "gain" if GAIN_CUE.search(sentence[max(0, ms - 40):ms]) else "score"
                    for (p, v), n in zip(nums, names):
                        add(p, p + len(v), n, _float(v), dataset_after(base + vals.end()), "result.slash_list", kind)
                    continue
        lst = _match(r"^\s*(?:\([A-Za-z][\w@.-]{0,11}\)\s*)?(?:(?:scores?|values?)\s+)?(?:of|:|=|at|by|were|are|reach\w*|equal\s+to)?\s*" + QUAL +
                       r"(?P<vals>(?:" + NUM + r")" + UNIT + r"(?:\s*(?:,|,?\s*and)\s*" + QUAL + r"(?:" + NUM + r")" + UNIT + NOT_FACTOR + r")+)",
                       sentence[me:])
        if lst:
            base = me + lst.start("vals")
            nums = [(base + v.start(), v.group(0)) for v in _finditer(r"(?<![\w.])(?:" + NUM + r")(?![\w.]*\d)", lst.group("vals"))]
            kind = "gain" if _search(r"\bby\s*$", sentence[me:base]) or GAIN_CUE.search(sentence[max(0, ms - 30):ms]) else "score"
            after = [sentence[s:e] for s, e in sorted(datasets) if s > me + lst.end() and s - (me + lst.end()) < 80]
            # "in F1-score, precision, and recall by 12%, 3%, and 16%, respectively": the i-th value is the i-th measure's
            names = [metric]
            at = ms
            while len(names) < len(nums):
                prev = next(((a, b) for a, b in reversed(mspans) if b <= at and _fullmatch(r"\s*(?:,\s*(?:and\s+)?|and\s+)", sentence[b:at])), None)
                if not prev:
                    break
                names.insert(0, sentence[prev[0]:prev[1]])
                at = prev[0]
            by_name = len(names) == len(nums) > 1  # "Precision, recall and F1 reach 0.82, 0.79 and 0.80": one each
            if not by_name and RESPECTIVELY.search(sentence[me:]) and _match(r"^\s*by\b", sentence[me:]) \
                    and _search(r"\band\s+(?:the\s+|its\s+)?$", sentence[max(0, ms - 12):ms]):
                continue  # "improves training efficiency and test accuracy by 18% and 4%, respectively": read below, phrase by phrase
            for i, (p, v) in enumerate(nums):
                if by_name and free(p, p + len(v)):
                    add(p, p + len(v), names[i], _float(v), dataset_after(me + lst.end()), "result.respectively", kind)
                elif free(p, p + len(v)):
                    # "F1 of 0.81, 0.77 and 0.69 on SST-2, MRPC and QNLI": a list over a list of as many datasets pairs up
                    paired = RESPECTIVELY.search(sentence) or _match(r"^\s*(?:on|in|across)\s+(?:the\s+)?$", sentence[me + lst.end():
                                                                                  min(s for s, e in datasets if s > me + lst.end())]) if after else False
                    ds = after[i] if paired and len(after) == len(nums) else dataset_after(me + lst.end())
                    add(p, p + len(v), metric, _float(v), ds, "result.list", kind)
    # "beats X by 21.1%, 20.1%, and 61% on execution accuracy, dialogue act accuracy, and goal completion rate,
    # respectively": the i-th value is the i-th measure's
    for m in () if len(mspans) < 2 else _finditer(r"(?<![\w.])(?P<vals>[+]?(?:" + NUM + r")\s*%?(?:\s*,\s*[+]?(?:" + NUM + r")\s*%?)*\s*,?\s*and\s+[+]?(?:"
                                                  + NUM + r")\s*%?)(?:\s*(?:percentage\s+)?points?|\s*pp)?\s+(?:on|in)\s+(?:terms\s+of\s+)?(?:the\s+)?", sentence):
        names, pos = [], m.end()
        for s_, e_ in mspans:
            if s_ >= pos and _fullmatch(r"\s*(?:,\s*(?:and\s+)?|and\s+)?(?:the\s+)?", sentence[pos:s_]):
                names.append(sentence[s_:e_])
                pos = e_
        nums = [(m.start("vals") + v.start(), v.group(0)) for v in _finditer(r"(?<![\w.])[+]?(?:" + NUM + r")", m.group("vals"))]
        if len(names) != len(nums) or len(nums) < 2 or any(p in used for p, _ in nums):
            continue
        kind = "gain" if _search(r"\bby\s+" + QUAL + r"$", sentence[max(0, m.start() - 30):m.start()]) or GAIN_CUE.search(
            sentence[max(0, m.start() - 60):m.start()]) else "score"
        for (p, v), n in zip(nums, names):
            add(p, p + len(v), n, _float(v), None, "result.values_measures", kind)
    # values before a metric that the list above did not take: "81.5% and 77.0% top-1 accuracy"
    for ms, me in mspans:
        m = _search(r"(?<![\w.])(?P<vals>(?:(?:" + NUM + r")\s*(?:%|[x×])?\s*,\s*)*(?:" + NUM + r")\s*(?:%|[x×])?\s*,?\s*and\s+(?:" + NUM + r")\s*(?:%|[x×])?)\s+"
                      r"(?:(?P<g>(?:absolute\s+|relative\s+)?(?:improvements?|gains?|increases?|higher|better))\s+)?"
                      r"(?:(?:in|of)\s+(?:terms\s+of\s+)?(?:the\s+)?)?$", sentence[max(0, ms - 80):ms])
        if not m:
            continue
        base = max(0, ms - 80) + m.start("vals")
        nums = [(base + v.start(), v.group(0)) for v in _finditer(r"(?<![\w.])(?:" + NUM + r")", m.group("vals"))]
        after = [sentence[s:e] for s, e in sorted(datasets) if s > me and s - me < 80]
        kind = "gain" if m.group("g") or _search(r"\b(?:improvements?|gains?|increases?|boosts?)\s+(?:of\s+)?" + QUAL + r"$", sentence[:base], re.I) \
            or GAIN_CUE.search(sentence[max(0, base - 30):base]) and _search(r"\bby\s+" + QUAL + r"$", sentence[:base]) else "score"
        for i, (p, v) in enumerate(nums):
            ds = after[i] if len(after) == len(nums) and RESPECTIVELY.search(sentence) else dataset_after(me)
            add(p, me, sentence[ms:me], _float(v), ds, "result.respectively" if RESPECTIVELY.search(sentence) else "result.values_metric",
                kind, gain_baseline(me) if kind == "gain" else None)

    # "scores 0.412 (CIDEr), 0.301 (METEOR) and 0.455 (ROUGE-L)": a value with its measure in parentheses after it
    for ms, me in mspans:
        if sentence[ms - 1:ms] != "(" or sentence[me:me + 1] != ")":
            continue
        b = _search(r"(?<![\w.])(?P<num>" + NUM + r")\s*(?:%|points?)?\s*$", sentence[max(0, ms - 30):ms - 1])
        if b:
            p = max(0, ms - 30) + b.start("num")
            if not baseline_number(p):
                add(p, me + 1, sentence[ms:me], _float(b.group("num")), dataset_near(p, me + 1), "result.value_paren_metric")
    for ms, me in mspans:
        metric = sentence[ms:me]
        # METRIC (of|:|=|at|reaching)? NUM — "FID 54.1", "accuracy of 92.3%", "Dice (DSC) of 0.95"
        if sentence[me:me + 1] == ")" and sentence[ms - 1:ms] == "(":
            me += 1  # "mean absolute errors (MAEs) of 5.3": the value follows the parenthesis
        n = VALUE_AFTER.match(sentence[me:])
        unit_word = n and not n.group("unit") and _match(r"^\s?(?P<u>[^\s\d,;()]+?)\.?(?:\s|$|[,;()])", sentence[me + n.end():])
        if unit_word and UNIT_WORD.match(unit_word.group("u")) and unit_word.group("u") not in ("m", "h", "b", "s"):
            n = n  # "throughput to 410 tokens/s", "latency of 120 µs": a unit word after the number
        elif n and not n.group("unit") and _fullmatch(r"\d+", n.group("num").lstrip("+−-")) and not _search(r"[A-Z]", metric):
            n = None  # "precision of 3": an integer with no unit after a word is rarely a score
        if n and n.group("verb") == "at" and _search(r"(?<![\w.])\d+(?:\.\d+)?\s?(?:%|[^\s\d,;()]{1,6})?\s+$", sentence[max(0, ms - 16):ms]):
            n = None  # "3 ms latency at 1 kHz": the value is before the measure, "at" gives a condition
        if n and n.group("verb") == "at" and any(a == me + n.end() + len(sentence[me + n.end():]) - len(sentence[me + n.end():].lstrip())
                                                 for a, b in mspans):
            n = None  # "0.93 precision at 0.88 recall": the value after "at" is another measure's, an operating point
        if n and n.group("verb") in ("by", "to") and not IMPROVES_BY.search(sentence[max(0, ms - 30):ms]) and not (
                # "improves mean DSC to 0.769", "raised the lumen Dice score to 0.89": a change of a named measure to its new value
                n.group("verb") == "to" and (to := CHANGES_TO.search(sentence, max(0, ms - 60), ms))
                and not any(STOP.match(w) or SPLIT_WORD.match(w) for w in to.group("mods").split())):
            n = None
        arrow = n and _match(r"^\s*%?\s*(?:→|->|⟶|=>|⇒)\s*(?P<num>" + NUM + r")", sentence[me + n.end():])
        if arrow:
            # "ECE 0.0412 -> 0.0398": the value after the arrow is the result
            pos = me + n.end() + arrow.start("num")
            add(pos, me + n.end() + arrow.end(), metric, _float(arrow.group("num")), dataset_near(ms, me + n.end() + arrow.end()),
                "result.metric_value")
            continue
        if n:
            pos = me + n.start("num")
            if free(pos, me + n.end()) and pos not in used and not _match(r"^\s*(?:from)\b", sentence[me:]):
                kind = "gain" if (n.group("verb") or "").endswith("by") or n.group("num")[0] in "+" else "score"
                add(pos, me + n.end(), metric, _float(n.group("num")), dataset_near(ms, me + n.end()), "result.metric_value",
                    kind, gain_baseline(me + n.end()) if kind == "gain" else None)
                # "base/novel mIoU of 78.4/77.5": one value each
                at = me + n.end()
                while sl := _match(r"^\s*%?\s*/\s*(?P<num>" + NUM + r")", sentence[at:]):  # "78.4/77.5/77.9"
                    p2 = at + sl.start("num")
                    add(p2, at + sl.end(), metric, _float(sl.group("num")), dataset_near(ms, me + n.end()),
                        "result.metric_value", kind)
                    at += sl.end()
                continue
        # METRIC from A to B → B
        ft = _match(r"^\s*(?:\([A-Za-z][\w@.-]{0,11}\)\s*)?(?:[\w.-]+\s+){0,5}?\(?from\s+(?:the\s+\w+\s+\w+\s+of\s+)?" + QUAL +
                      r"(?P<first>" + NUM + r")\s*(?:%|\w+)?" + FROM_CONTEXT + r"\s+(?:to|→|->|\\rightarrow)\s+" + QUAL + r"(?P<num>" + NUM + r")(?!\.?\d|\s?[BMKTG]\b)", sentence[me:]) or \
            _match(r"^\s*(?:\([A-Za-z][\w@.-]{0,11}\)\s*)?(?:(?:further|significantly|substantially|also|then)\s+)?"
                     r"(?:improv\w*|increas\w*|ris\w*|rose|reduc\w*|decreas\w*|drop\w*|fall\w*|fell|collaps\w*|boost\w*|reach\w*|"
                     r"lower\w*|rais\w*|grow\w*|climb\w*|jump\w*)\s+to\s+" + QUAL + r"(?P<num>" + NUM + r")", sentence[me:])
        if ft and ft.groupdict().get("first") and _search(RANGING + r"\s+from\b", ft.group(0)):
            # "precision scores ranging from 0.77 to 0.81": a range gives its lower end
            pos = me + ft.start("first")
            add(pos, me + ft.end("first"), metric, _float(ft.group("first")), dataset_near(ms, me + ft.end()), "result.range")
            continue
        if ft:
            pos = me + ft.start("num")
            add(pos, me + ft.end(), metric, _float(ft.group("num")), dataset_near(ms, me + ft.end()), "result.from_to")
            continue
        # NUM UNIT WORDS METRIC — "86 ms median CPU inference latency", "5.12 GSa/s RNG throughput": the words
        # between a unit and the measure make it specific
        u = _search(r"(?<![\w.])(?P<num>\d+(?:\.\d+)?)\s?(?P<u>[^\s\d,;()]+)\s+(?P<mods>(?:[\w-]+\s+){1,3})$", sentence[max(0, ms - 60):ms])
        if u and u.group("u") != "%" and UNIT_WORD.match(u.group("u")) and not any(STOP.match(w) for w in u.group("mods").split()):
            pos = max(0, ms - 60) + u.start("num")
            if free(pos, ms) and pos not in used and not baseline_number(pos):
                add(pos, me, u.group("mods") + metric, _float(u.group("num")), dataset_near(pos, me), "result.value_metric")
                continue
        # NUM% METRIC — "95.0% Valid-Unique-Novelty", "+4.3% accuracy gain", "40.6 AP"
        lead = next((a for a, z in datasets if z < ms and not sentence[z:ms].strip()), ms)  # "84.4% ImageNet-1K top-1 accuracy"
        b = VALUE_BEFORE.search(sentence, max(0, lead - 60), lead)
        if not b and lead == ms and _search(r"[A-Z]", metric) and not _fullmatch(METRIC_HEADS, metric, re.I):
            # "0.884 object-level AUROC", "81.3 response-moderation F1": a named measure with a modifier between
            # the value and the name (the measure stays the name, as when the value is read by the rules below)
            mods = MODS_BEFORE.search(sentence, max(0, ms - 40), ms)
            if mods and not any(STOP.match(w) or NOT_A_MEASURE.match(w) or UNIT_WORD.match(w) or SPLIT_WORD.match(w)
                                for w in mods.group("mods").split()):
                b = VALUE_BEFORE.search(sentence, max(0, mods.start("mods") - 60), mods.start("mods"))
                if b and b.start() > 0 and not sentence[b.start() - 1] in " ([":
                    b = None  # "1.18 m s^-1 wind speed MAE": the value is not the exponent of a unit
        if b and free(b.start(), ms) and b.start() not in used and not baseline_number(b.start()) \
                and not (b.start() > 0 and (sentence[b.start() - 1].isalnum() or sentence[b.start() - 1] in "._")):
            num = b.group("num")
            if not b.group("unit") and "." not in num and not _search(r"[A-Z]", metric) and metric != "fps":
                pass  # "3 tasks accuracy": an integer with no unit before a word is rarely a score
            else:
                kind = "gain" if (b.group("gain") and b.group("gain").lower() not in ("of", "in")) or num[0] in "+" \
                    or GAIN_AFTER.match(sentence, me) \
                    or _search(r"\bby\s+" + QUAL + r"$", sentence[:b.start()]) \
                    or _search(r"\b(?:gains?|improvements?|increases?|boosts?)\s+of\s+" + QUAL + r"$", sentence[max(0, b.start() - 40):b.start()], re.I) \
                    else "score"
                add(b.start(), me, metric, _float(num), dataset_near(b.start(), me), "result.value_metric", kind,
                    gain_baseline(me) if kind == "gain" else None)
                continue
        # "(47.2%)" after the metric: "the highest cross-slide accuracy (47.2%)"
        # "Smatch score on AMR 2.0 (81.8)": the benchmark between the measure and its value
        p = _match(r"^(?:\s+(?:on|in)\s+(?:the\s+)?[A-Z][^,;()]{0,30}?)?\s*\(\s*(?:[A-Za-z][\w-]{0,11}\s*[,:=]\s*)?(?:[<>≤≥~∼≈]\s*)?(?P<num>" + NUM + r")(?:\s*[-–]\s*\d+(?:\.\d+)?)?\s*(?:%|\s?(?:ms|s|µs|dB|fps|FPS))?\s*(?:[),;]|(?:vs\.?|versus)\s)", sentence[me:])
        if p and not baseline_number(ms):
            pos = me + p.start("num")
            add(pos, me + p.end(), metric, _float(p.group("num")), dataset_near(ms, me + p.end()), "result.parenthesis")
            continue
        # "improves accuracy by 3.5% on MATH", "an improvement of 2.1% in accuracy"
        for m in [IMPROVES_BY.search(sentence[max(0, ms - 40):ms])]:
            if not m:
                continue
            by = _match(r"^\s*(?:\([A-Za-z][\w@.-]{0,11}\)\s*)?(?:(?:scores?|values?|rates?)\s+)?(?:on\s+[^,;]{1,40}?\s+)?by\s+" + QUAL +
                          r"(?P<num>" + NUM + r")(?P<unit>" + UNIT + r")", sentence[me:])
            if by:
                pos = me + by.start("num")
                if free(pos, pos + 1):
                    add(pos, me + by.end(), metric, _float(by.group("num")), dataset_near(ms, me + by.end()), "result.improves_by",
                        "gain", gain_baseline(me + by.end()))
    # NUM% (improvement|gain) in METRIC / in terms of METRIC — "a 2.1% gain in mIoU"
    for m in _finditer(r"(?<![\w.])(?P<num>" + NUM + r")(?P<unit>\s?[×x](?!\w)|" + UNIT + r")\s+(?:absolute\s+|relative\s+)?"
                         r"(?P<g>improvements?|gains?|increases?|boosts?|reductions?|decreases?|higher|better|lower)?\s*"
                         r"(?:in|on|of)\s+(?:terms\s+of\s+)?(?:the\s+)?", sentence):
        ms = next(((s, e) for s, e in mspans if s == m.end()), None)
        if ms and not m.group("unit").strip() and "." not in m.group("num") and not m.group("g") and not _search(r"[A-Z]", sentence[ms[0]:ms[1]]):
            ms = None  # "a value of 2 in artificial time": an integer with no unit before a word is rarely a score
        if ms and m.start() not in used and free(m.start(), m.end()) and not baseline_number(m.start()):
            kind = "gain" if m.group("g") or m.group("num")[0] == "+" or _search(
                r"\b(?:gains?|improvements?|increases?|boosts?)\s+(?:of\s+)?" + QUAL + r"$", sentence[max(0, m.start() - 40):m.start()], re.I) \
                else "score"
            add(m.start(), ms[1], sentence[ms[0]:ms[1]], _float(m.group("num")), dataset_near(m.start(), ms[1]),
                "result.value_in_metric", kind, gain_baseline(ms[1]) if kind == "gain" else None)
    # "further improves performance to 73.3 on A", "pushes performance to 98.03%": the new value, the measure unnamed
    # unless one follows the value ("boosts performance to 0.8669 AUROC")
    for m in () if "performance" not in sentence else PERFORMANCE_TO.finditer(sentence):
        p = m.start("num")
        if p in used or not free(p, m.end()) or not (m.group("unit").strip() or "." in m.group("num")):
            continue
        after = next((sentence[a:b] for a, b in mspans if a >= m.end() and not sentence[m.end():a].strip()), None)
        add(p, m.end(), after, _float(m.group("num")), dataset_near(p, m.end()), "result.performance_to")
    # improves/reduces METRIC (and METRIC) by NUM
    for m in () if not (" by " in sentence) else _finditer(r"\b(?:improv\w*|increas\w*|reduc\w*|decreas\w*|boost\w*|lower\w*|rais\w*)\s+(?P<objs>[^.;]{0,80}?)\s+by\s+"
                         + QUAL + r"(?P<num>\d+(?:\.\d+)?)(?:\s*%?\s*[-–]\s*\d+(?:\.\d+)?)?\s*(?:%|points?|pp)?", sentence):
        if not free(m.start("num"), m.end()) or m.start("num") in used:
            continue
        objs = [(s, e) for s, e in mspans if m.start("objs") <= s and e <= m.end("objs")]
        # "the error rate of the SOT model": the name of whose measure it is, no measure
        objs = [(s, e) for s, e in objs if not (_search(r"\b(?:of|for)\s+(?:the\s+|an?\s+)?$", sentence[max(0, s - 12):s])
                                               and _match(r"\s+(?:models?|methods?|baselines?|systems?|networks?)\b", sentence[e:]))]
        # "the area under the curve (AUC)": a long form and its abbreviation are one measure
        objs = [(s, e) for i, (s, e) in enumerate(objs) if not (i and sentence[objs[i - 1][1]:s].strip() == "(" and sentence[e:e + 1] == ")")]
        if objs:
            # "improves both motion accuracy and action recognition by 11%": what is improved is measured
            objs += [(s, e) for s, e in tasks if m.start("objs") <= s and e <= m.end("objs")
                     and not any(a < e and s < b for a, b in objs)]
            objs.sort()
        elif _search(r"\d\s*(?:%|points?|pp)$", m.group(0)):
            # "reduces hallucinated peaks by 55.6%", "improve both routed wirelength and effective clock period by
            # over 13%": the noun phrase improved is the measure, one result per phrase of "A and B"
            objs = _object_phrases(sentence, m.start("objs"), m.end("objs"))
        more = _match(r"^(?P<vals>(?:\s*(?:,\s*(?:and\s+)?|,?\s+and\s+)" + QUAL + r"\d+(?:\.\d+)?\s*(?:%|points?|pp)?)+)", sentence[m.end():])
        if objs and more and RESPECTIVELY.search(sentence, m.end()):
            # "improves training efficiency and test accuracy by 18% and 4%, respectively": the phrases of "A and B"
            # when the known measures cover fewer of them
            phrases = _object_phrases(sentence, m.start("objs"), m.end("objs"))
            if len(phrases) > len(objs) and all(any(a <= s and e <= b for a, b in phrases) for s, e in objs):
                objs = phrases
        cost = [COST_MEASURE.search(_metric_name(sentence[s:e])) for s, e in objs]
        if any(cost) and not (more and len(objs) > 1):
            continue  # "lowers the number of parameters by 25%": a saving, a claim's business
        values = [(m.start("num"), m.group("num"))]
        if more and len(objs) > 1:
            values += [(m.end() + v.start(), v.group(0)) for v in _finditer(r"(?<![\w.])\d+(?:\.\d+)?", more.group("vals"))]
        if len(values) == len(objs) > 1:
            # "improves FID and FVD by 48.6% and 43.0%, respectively": the i-th value is the i-th measure's
            for (s, e), (p, v), c in zip(objs, values, cost):
                if p not in used and free(p, p + len(v)) and not c:
                    out.append(ResultMatch(p, p + len(v), _metric_name(sentence[s:e]), float(v), dataset_after(m.end()),
                                           "result.improves_by", "gain", gain_baseline(m.end())))
                    used.add(p)
            continue
        for s, e in objs:
            out.append(ResultMatch(m.start(), m.end(), _metric_name(sentence[s:e]), float(m.group("num")), dataset_after(m.end()),
                                   "result.improves_by", "gain", gain_baseline(m.end())))
        if objs:
            used.add(m.start("num"))
    # a quality gain written as a factor ("2.3× reduction in error rate", "improves recall by 3×", "a 25-fold
    # increase in the space-bandwidth product"): a result with the measure named (speed-ups are claims, blocked)
    for m in () if not QUALITY_FACTOR_CUE.search(sentence) else QUALITY_FACTOR.finditer(sentence):
        if m.start("num") in used or not free(m.start("num"), m.end()):
            continue
        after = FACTOR_MEASURE.match(sentence, m.end())
        spans = [(m.end() + after.start("m") - after.start(), m.end() + after.end("m") - after.start())] if after else []
        if not spans:
            by = _search(r"\b(?:improv\w*|increas\w*|boost\w*|rais\w*|enhanc\w*|reduc\w*|decreas\w*|lower\w*|cut\w*)\s+"
                         r"(?P<objs>[^,;.]{1,50}?)\s+by\s+" + QUAL + r"(?:an?\s+factor\s+of\s+)?$", sentence[max(0, m.start() - 80):m.start()])
            if by:
                off = max(0, m.start() - 80)
                spans = _object_phrases(sentence, off + by.start("objs"), off + by.end("objs"))
        spans = [(s, e) for s, e in spans if QUALITY_MEASURE.search(sentence[s:e]) or any(a < e and s < b for a, b in mspans)]
        spans = [(s, s + len(re.sub(r"\s+(?:gains?|improvements?)$", "", sentence[s:e]))) for s, e in spans]  # "… detection performance gain"
        for s, e in spans:
            out.append(ResultMatch(m.start("num"), m.end(), sentence[s:e], float(m.group("num")), dataset_after(max(e, m.end())),
                                   "result.quality_factor", "gain", gain_baseline(max(e, m.end()))))
        if spans:
            used.add(m.start("num"))
    # "triples the top-1 accuracy", "doubles the success rate": a quality gain written as a word
    for m in () if not _search(r"doubl|tripl|quadrupl", sentence) else _finditer(
            r"\b(?P<w>doubl|tripl|quadrupl)(?:es|ed|ing|e)\s+(?:the\s+|its\s+|their\s+)?", sentence):
        ms = next(((a, b) for a, b in mspans if a == m.end()), None)
        if ms and QUALITY_MEASURE.search(sentence[ms[0]:ms[1]]) and free(m.start(), m.end()):
            v = {"doubl": 2.0, "tripl": 3.0, "quadrupl": 4.0}[m.group("w")]
            out.append(ResultMatch(m.start(), ms[1], _metric_name(sentence[ms[0]:ms[1]]), v, dataset_after(ms[1]),
                                   "result.word_factor", "gain", gain_baseline(ms[1])))
    # NUM DATASET — "15.0 MBPP": a benchmark reported as a score
    for s, e in datasets:
        b = _search(r"(?<![\w.])(?P<num>\d+\.\d+|\d+)\s*%?\s+(?:on\s+)?$", sentence[:s])
        if b and free(b.start(), s) and b.start() not in used and _search(r"\b(?:achiev|reach|obtain|scor|attain)\w*\s+" + QUAL + "$", sentence[:b.start()]):
            add(b.start(), e, None, float(b.group("num")), sentence[s:e], "result.value_dataset")
    # "XDLM surpasses UDLM by 5.4 points on zero-shot text benchmarks": a margin, metric unnamed
    for m in () if not (" by " in sentence) else OUTPERFORMS_BY.finditer(sentence):
        if m.start("num") in used or not free(m.start("num"), m.end()) or any(a <= m.start() < b for a, b in mspans):
            continue  # "over" inside a measure's name ("Intersection over Union") is no comparison
        if not m.group("unit") and "." not in m.group("num"):
            continue
        on = _match(r"\s+on\s+(?!average\b|all\b|both\b|most\b|each\b)(?:the\s+)?([^,;.]+?)(?=\s*(?:[,;.]|$|\s+(?:and|while|with)\b))", sentence[m.end():])
        metric = next((sentence[s:e] for s, e in mspans if 0 <= s - m.end() < 40 and _fullmatch(
            r"\s*(?:in\s+(?:terms\s+of\s+)?)?(?:the\s+)?(?:(?!and\b|or\b)[\w-]+\s+){0,2}", sentence[m.end():s])), None)
        # "outperforms previous methods in terms of IoU by 0.6%": the measure inside the comparison
        inside = next(((s, e) for s, e in mspans if m.start("base") <= s and e <= m.end("base") and _search(
            r"\b(?:in|on)\s+(?:terms\s+of\s+)?(?:the\s+)?$", sentence[m.start("base"):s])), None)
        if metric is None and inside:
            metric = sentence[inside[0]:inside[1]]
        ds = next((sentence[s:e] for s, e in datasets if s >= m.end() and s - m.end() < 30), on.group(1) if on and not metric else None)
        base = re.sub(r"^(?:the|a|an)\s+", "", m.group("base").strip(), flags=re.I)
        if inside:
            base = re.sub(r"\s+(?:in|on)\s+(?:terms\s+of\s+)?(?:the\s+)?$", "", sentence[m.start("base"):inside[0]]).strip() or base
            base = re.sub(r"^(?:the|a|an)\s+", "", base, flags=re.I)
        if metric is None and not ds and not _match(r"\s+in\s+(?:terms\s+of\s+)?(?:the\s+)?[a-z]", sentence[m.end():]):
            metric = _nearest(sentence, mspans, m.start(), m.end())  # "reaches 71.2% accuracy, … by up to 8.3 points"
        add(m.start("num"), m.end(), metric, float(m.group("num")), ds, "result.margin", "gain", base)
    # "+37.5% on Cora", "gains of 7.1% on GSM8K": a gain on a named dataset
    for m in () if not ("+" in sentence or " of " in sentence) else _finditer(r"(?:(?<![\w.])\+|\bgains?\s+of\s+|\bimprovements?\s+of\s+)(?P<num>\d+(?:\.\d+)?)\s*%?\s+on\s+", sentence):
        ds = next((sentence[s:e] for s, e in datasets if s == m.end() or 0 < s - m.end() <= 4 and sentence[m.end():s] == "the "), None)
        if ds:
            # "mIoU gains of 4.5 on A": the measure written right before the gain
            named = next((sentence[a:b] for a, b in mspans if b <= m.start() and not sentence[b:m.start()].strip()), None)
            add(m.start("num"), m.end() + len(ds), named, float(m.group("num")), ds, "result.signed_gain", "gain")
    # an acronym with its value: "RTFs of 0.13", "F1_c = 45.06", "ICC: 0.73"
    for m in () if not ("=" in sentence or ":" in sentence or " of " in sentence) else _finditer(r"(?<![\w@-])(?P<m>[A-Za-z]*[A-Z][A-Za-z]*[A-Z][\w@.-]*?)s?\s*(?:of|=|:)\s*(?P<num>" + NUM + r")"
                         r"(?P<unit>" + UNIT + r")(?![\w.]*\d)", sentence):
        if any(a <= m.start() < b for a, b in datasets) or not free(m.start("m"), m.end("m")) or (
                _fullmatch(r"\d+", m.group("num")) and not m.group("unit")) or any(a < m.end("num") and m.start("num") < b for a, b in mspans):
            continue
        if _match(r"\s*:\s*[+−-]", sentence[m.end("m"):]):
            # "GSM8K: +3.1%; ASDIV: +3.2%": a gain on a benchmark named before a colon, not a measure
            add(m.start("num"), m.end(), None, _float(m.group("num")), m.group("m"), "result.acronym_value", "gain")
            continue
        add(m.start("num"), m.end(), m.group("m"), _float(m.group("num")), dataset_near(m.start(), m.end()), "result.acronym_value")
    # "improves single-agent tasks dramatically (0.6% to 76.3%)": the new value, in parentheses after a change
    for m in () if " to " not in sentence else _finditer(r"\(\s*(?:" + NUM + r")\s*(?P<u>%?)\s*to\s+(?P<num>" + NUM + r")\s*(?P=u)\s*\)", sentence):
        if _search(r"\b(?:improv\w*|increas\w*|boost\w*|rais\w*|lift\w*|gains?|reduc\w*|decreas\w*|lower\w*|drop\w*|"
                   r"declin\w*|fell|fall\w*|ris(?:e|es|ing)|rose|grow\w*|grew)\b[^()]{0,60}$", sentence[max(0, m.start() - 80):m.start()], re.I) \
                and not EFFICIENCY_WORDS.search(sentence, max(0, m.start() - 80), m.start()) \
                and not _search(COST_WORDS + r"|\d\s*(?:[x×]|times|-fold)\s*$", sentence[max(0, m.start() - 80):m.start()], re.I):
            # not "reduce the number of transitions up to 32 times (1024 to 32)": a claim's numbers
            add(m.start("num"), m.end(), _nearest(sentence, mspans, m.start(), m.end()), _float(m.group("num")),
                dataset_near(m.start(), m.end()), "result.from_to_parenthesis")
    # "improves … from 47.3% to 55.4% on CUB": the new value, metric named elsewhere in the sentence
    for m in () if not ("from " in sentence) else _finditer(r"\bfrom\s+" + FROM_QUAL + r"(?:" + NUM + r")\s*(?P<u>%|\s?points?|\s?percent|(?<=\.\d)|(?<=\.\d\d)|(?<=\.\d\d\d))" + FROM_CONTEXT + r"\s+to\s+(?P<num>" + NUM + r")\s*(?:%|points?|percent)?", sentence):
        if _search(r"\b(?:improv\w*|increas\w*|boost\w*|rais\w*|lift\w*|reduc\w*|decreas\w*|lower\w*|mitigat\w*|cut\w*|shr[iu]nk\w*|"
                   r"drop\w*|declin\w*|fell|fall\w*|ris(?:e|es|ing)|rose|grow\w*|grew)\b", sentence[max(0, m.start() - 80):m.start()], re.I):
            # "system utilization improves from 80.2% to 89.1%": the phrase that the verb changes, else the nearest metric
            subj = _search(r"(?<![\w-])(?P<m>(?:[\w/-]+\s+){0,2}[\w/-]+)\s+(?:(?:is|was|are|were|has\s+been|have\s+been)\s+)?(?:improv\w*|increas\w*|ris\w*|rose|decreas\w*|reduc\w*|"
                           r"drop\w*|fell|fall\w*|went|goes|grow\w*|jump\w*|climb\w*)\s+$", sentence[max(0, m.start() - 60):m.start()])
            # "raises self-reflection frequency of Qwen2.5 from 0.6% to 18.6%": the object of the verb
            obj = _search(r"\b(?:improv\w*|increas\w*|boost\w*|rais\w*|lift\w*|reduc\w*|decreas\w*|lower\w*)\s+"
                          r"(?P<m>(?:[\w/-]+\s+){0,3}?[\w/-]+?)(?:\s+(?:of|for|on)\s+[\w.+-]+)?\s+$", sentence[max(0, m.start() - 80):m.start()])
            metric = None
            for cand in (subj, obj):
                if cand and metric is None:
                    words = cand.group("m").split()
                    while words and STOP.match(words[0]):
                        words = words[1:]
                    metric = " ".join(words) if words and not STOP.match(words[-1]) and not any(
                        _match(r"[A-Z].*\d|\d", w) for w in words) else None
            if metric and HYPERPARAMETER.search(metric):
                used.add(m.start("num"))
                continue  # "lowers the learning rate from 0.001 to 0.0001": a setting changed, no result
            add(m.start("num"), m.end(), metric or _nearest(sentence, mspans, m.start(), m.end()), _float(m.group("num")),
                dataset_near(m.start(), m.end()), "result.from_to")
    # a list of values over a list of datasets: "by 8.43, 5.96 and 10.60 points on MMLU-Pro, GPQA and MATH"
    for m in () if len(datasets) < 2 else VALUES_ON.finditer(sentence):
        nums = [(m.start("vals") + v.start(), v.group(0)) for v in _finditer(r"(?<![\w.])(?:" + NUM + r")", m.group("vals"))]
        if any(p in used for p, _ in nums) or not all(free(p, p + len(v)) for p, v in nums) or baseline_number(m.start()):
            continue
        ds = []
        pos = m.end()
        for s, e in sorted(datasets):
            if s >= pos and _fullmatch(r"\s*(?:,\s*(?:and\s+|or\s+)?|and\s+|or\s+|the\s+)?(?:the\s+)?", sentence[pos:s]):
                ds.append(sentence[s:e])
                pos = e
        if len(ds) != len(nums) or not (m.group("unit") or "." in m.group("vals")):
            continue
        before = sentence[max(0, m.start() - 80):m.start()]
        kind = "gain" if _search(r"\bby\s+" + QUAL + r"$", before) or GAIN_CUE.search(before[-40:]) and not RESULT_VERB.search(
            before[-25:]) or "+" in m.group("vals") else "score"
        metric = _nearest(sentence, mspans, m.start(), m.end())
        for (p, v), d in zip(nums, ds):
            add(p, p + len(v), metric, _float(v), d, "result.values_datasets", kind)
    # unnamed results: a signed gain ("+1.1%"), percentage points, "a 9.7% relative improvement",
    # "achieves 91.6% on …": the metric is the one the sentence names, if any
    for m in _finditer(r"(?<![\w.])(?P<sign>\+)?(?P<num>\d+(?:\.\d+)?)(?:\s*%?\s*(?:-|–|∼|~)\s*\d+(?:\.\d+)?|"
                         r"\s+to\s+\d+(?:\.\d+)?(?=\s*(?:%|percent|percentage|points?\b|pp\b)))?"
                         r"(?P<unit>\s*%|\s?(?:percentage\s+points?|percent|points?|pp|pts?)\b|-(?:percentage-)?points?\b)?", sentence):
        pos = m.start("num")
        if pos in used or not free(m.start(), m.end()) or baseline_number(m.start()):
            continue
        if NOT_A_RESULT_AFTER.match(sentence, m.end()) or NOT_A_RESULT_BEFORE.search(sentence[max(0, m.start() - 40):m.start()]) \
                and not _search(r"(?<![\w-])from\s+" + FROM_QUAL + r"[\d.]+\s*%?\s*to\s+$", sentence[max(0, m.start() - 60):m.start()]) \
                and not _search(r"\bfrom\s+" + FROM_QUAL + r"[\d.]+\s*%?\s*to\s+[\d.]+\s*%?[^.;]{0,80}?(?:,|\band)\s+(?:[\w-]+\s+){0,3}?[\d.]+\s*%?\s*to\s+$",
                                sentence[:m.start()]):
            continue  # the upper end of "2.6% to 13.3%"; not the new value of "from an average of 41.2% to 50.5%"
        before, after = sentence[max(0, m.start() - 50):m.start()], sentence[m.end():m.end() + 50]
        if (m.group("unit") or "").startswith("-") and not _match(
                r"^\s*(?:absolute\s+|relative\s+|average\s+|overall\s+)?(?:improvements?|gains?|increases?|boosts?|leads?|margins?|"
                r"advantages?|jumps?|rises?|higher|better|increments?|drops?|declines?|decreases?|reductions?)\b|^\s*(?:[,;.)]|$)",
                after, re.I):
            continue  # "after 9-point calibration", "a 5-point Likert scale": a count of points before a noun, no result
        spread = "." in m.group("num") and _match(r"^\s*(?:±|\+/-|\+-)\s*\d", after)  # "8.82 ± 1.21 deg": a measured mean
        # "gains of 2.1, 3.4 and 1.7 points": the unit after the last member of a list is every member's
        listed = not m.group("unit") and _match(r"^(?:\s*,\s*(?:and\s+)?[+]?\d+(?:\.\d+)?|\s*,?\s*and\s+[+]?\d+(?:\.\d+)?)+"
                                                r"\s*(?:%|percentage\s+points?|points?|pp)(?!\w)", after)
        if not m.group("unit") and not spread and not listed and not ("." in m.group("num") and (m.group("sign") or _search(
                r"\b(?:improvements?|gains?|increases?)\s+(?:of\s+)?" + QUAL + r"$", before, re.I) or _match(
                r"^\s*(?:points?\s+)?(?:over|above)\s+(?:the\s+|a\s+)?(?:[\w-]+\s+){0,3}?(?:baselines?|model|method)\b", after, re.I)
                or _match(r"^\s*(?:vs\.?|versus)\s+(?:" + NUM + r")\s+[A-Za-z]", after)
                # "our 7B model scores 78.2 on MATH500": a decimal right after a verb of scoring
                # "reaches a score of 74.2": the same with the bare word "score" between
                or _search(r"\b(?:scor(?:es|ed|ing)|achiev(?:es|ed|ing)|reach(?:es|ed|ing)|obtain(?:s|ed|ing)|attain(?:s|ed|ing))\s+(?:an?\s+)?"
                           r"(?:score\s+of\s+)?" + QUAL + r"$", before, re.I) and _match(r"^\s*(?:[,;)]|\.(?!\d)|$|\s(?:on|in|across|at|and|with|while|when)\b|\s*\([+−-]\s?\d)", after))):
            continue  # "absolute improvements up to 3.8", "9.42 over the E2E baseline", "(74.1 vs. 74.3 accuracy)": a decimal result
        # "-1.42%" after a space or a comma: a signed difference, as "+1.42%" (not the "-" of a range "5-10%")
        negative = sentence[m.start() - 1:m.start()] in ("-", "−") and (m.start() < 2 or sentence[m.start() - 2] in " (,[")
        gain = m.group("sign") or negative or _match(r"^\s*(?:\((?:pp|pts?)\)\s*)?(?:absolute\s+|relative\s+|average\s+)?(?:performance\s+)?"
                                          r"(?:improvements?|gains?|increases?|increments?|boosts?|higher|better|advantage)\b", after, re.I) \
            or _match(r"^\s*(?:(?:average|absolute|relative|mean)\s+)?(?:(?:accuracy|performance|quality)\s+)?(?:degradation|drop|decline)\b",
                      after, re.I) \
            or _search(r"\b(?:improvements?|gains?|advancements?|increases?|reductions?|drops?|declines?|degradations?|decreases?)\s+"
                       r"(?:of\s+|ranging\s+from\s+|in\s+the\s+range\s+of\s+)?" + QUAL + r"$", before, re.I) \
            or _match(r"^\s*(?:points?\s+)?(?:over|above)\s+(?:the\s+|a\s+)?(?:[\w-]+\s+){0,3}?(?:baselines?|model|method)\b", after, re.I) \
            or _search(r"\b(?:outperform\w*|surpass\w*|exceed\w*|beat\w*|improv\w*|boost\w*|enhanc\w*|increas\w*|rais\w*|lift\w*)\b(?:[^,;.]|\.\d){0,80}\bby\s+" + QUAL + r"$",
                         sentence[max(0, m.start() - 100):m.start()], re.I)
        if not gain and (lead := LIST_BEFORE.search(sentence, max(0, m.start() - 80), m.start())):
            # "accuracy improvements of 0.99%, 2.69%, and 1.01%": a later member of a list is of the first one's kind
            gain = any(r.kind == "gain" and lead.start() < r.end <= lead.end() for r in out)
        score = _search(r"\b(?:achiev\w*|reach\w*|attain\w*|obtain\w*|scor\w*|record\w*)\s+(?:an?\s+)?(?:score\s+of\s+)?" + QUAL + r"$", before, re.I)
        # otherwise a percentage or a decimal in a sentence that names a metric or reports a result
        fewer = _match(r"^\s*fewer\s+(?P<q>(?:[\w'’-]+\s+){0,3}?[\w'’-]+)(?=\s*(?:[,;.()]|$)|\s+(?:than|compared|over|on|in|across|"
                       r"for|while|with|and|relative|versus|vs|per)\b)", after, re.I)
        if fewer and m.group("unit") and not _search(EFFICIENCY_WORDS, fewer.group("q")) and not STOP.match(fewer.group("q").split()[-1]):
            # "30% fewer conflict events", "48.6% fewer falls": fewer of something that is no cost is a quality gain
            add(pos, m.end() + fewer.end(), fewer.group("q"), _float(m.group("num")), dataset_near(m.start(), m.end() + fewer.end()),
                "result.fewer", "gain", gain_baseline(m.end() + fewer.end()))
            continue
        # "a reduction of self-intersections in generated motions of up to 49%": what is reduced is measured
        change_of = m.group("unit") and _search(r"\b(?:reductions?|decreases?|improvements?|increases?|drops?|gains?)\s+(?:of|in)\s+(?:the\s+)?"
                                                r"(?P<w>[A-Za-z][\w-]+(?:\s+[a-z][\w-]+)?)(?:\s+(?:in|on|for|across)\s+[^,;.()%\d]{1,40}?)?\s+of\s+"
                                                + QUAL + r"$", sentence[max(0, m.start() - 100):m.start()])
        if change_of and (STOP.match(change_of.group("w").split()[-1]) or NOT_A_MEASURE.match(change_of.group("w").split()[-1])
                          or STOP.match(change_of.group("w").split()[0])):
            change_of = None
        points_of = _match(r"^\s+of\s+(?P<w>[a-z][\w-]+(?:\s+[a-z][\w-]+)?)(?=\s*(?:[,;.()]|$)|\s+(?:on|in|for|at|over|across|with|while|and|compared|than)\b)",
                           after) if _search(r"points?|pp|pts?", m.group("unit") or "") else None
        if points_of and (STOP.match(points_of.group("w").split()[-1]) or NOT_A_MEASURE.match(points_of.group("w").split()[0])):
            points_of = None
        # "(75.4% vs. 74.2% resolution)": the measure after the other system's number is this one's too
        versus = _match(r"^\s*(?:vs\.?|versus)\s+(?:" + NUM + r")\s*(?:%|percent)?\s+(?P<w>[A-Za-z][\w-]+(?:\s+[a-z][\w-]+)?)(?=\s*(?:[),;.]|$))",
                        sentence[m.end():])
        if versus and (STOP.match(versus.group("w").split()[-1]) or NOT_A_MEASURE.match(versus.group("w").split()[-1])):
            versus = None
        if not (gain or score or versus or change_of or points_of) and not ((m.group("unit") or "." in m.group("num")) and (mspans or RESULT_VERB.search(sentence))):
            continue
        if not _search(r"\b(?:solv|resolv|answer|implement|complet|pass|fix|correctly|successfully)\w*\s+(?:\w+\s+)?"
                       r"(?:up\s+to\s+|about\s+|over\s+|nearly\s+|only\s+)?$", before, re.I) and \
                _match(r"^\s*(?:of\s+(?:the\s+)?(?:samples|tasks|(?:(?:total|whole|full|entire|available|original|labell?ed|"
                  r"unlabell?ed|training|train|image|text|pretraining)\s+){1,2}(?:data|dataset|corpus|images|samples|labels|set|tokens))|fewer|less|faster|smaller|lower\s+(?:cost|latency))\b",
                     after, re.I):
            continue
        word = NOUN_AFTER.match(sentence, m.end())
        # "more than 90% volumetric tumor removal)": two or three plain words before a punctuation mark
        words = _match(r"^\s+(?P<w>[a-z][a-z-]{2,}(?:\s+[a-z][a-z-]{2,}){1,2})(?=\s*(?:[,;.)]|$))", after)
        if not words and sentence[m.start():m.start() + 1] == "+":
            # "+0.5% member sessions in the Feed": after a signed gain, plain words before a preposition name it too
            words = _match(r"^\s+(?P<w>[a-z][a-z-]{2,}(?:\s+[a-z][a-z-]{2,}){1,2})(?=\s+(?:in|on|for|across|over)\b)", after)
        if words and not any(STOP.match(w) or NOT_A_MEASURE.match(w) or UNIT_WORD.match(w) or w.endswith("-") for w in words.group("w").split()) \
                and m.group("unit") and m.group("unit").strip() in ("%", "percent") \
                and not (words.group("w").split()[0].endswith(("ing", "ed")) and _verb_like(words.group("w").split()[0])):
            # but not "100% pending human curation", "85% rated highly": a participle opens a clause, no measure
            word = words
        named = _search(r"(?<![\w-])(?P<w>[A-Za-z][\w-]+)\s+(?:improvements?|gains?|increases?|reductions?)\s+(?:of\s+)?" + QUAL + r"$",
                        sentence[max(0, m.start() - 50):m.start()])
        # "7.6% and 8.1% area improvements": the word before the gain names the measure of each value
        gain_of = _match(r"^(?:\s*(?:,|,?\s*and)\s*[\d.]+\s*%)*\s+(?P<w>[a-z][\w-]+)\s+(?:improvements?|gains?|reductions?|increases?)\b", after)
        if gain_of and (STOP.match(gain_of.group("w")) or NOT_A_MEASURE.match(gain_of.group("w")) or UNIT_WORD.match(gain_of.group("w"))):
            gain_of = None
        comparative = _match(r"^\s*(?:higher|lower|better|worse|greater|smaller)\s+(?P<w>[a-z][\w-]+(?:\s+[a-z][\w-]+)?)"
                             r"(?=\s*(?:[,;.)]|$)|\s+(?:than|on|in|across|for|compared|over|while|and|with|at)\b)", after)
        if comparative and (STOP.match(comparative.group("w").split()[-1]) or NOT_A_MEASURE.match(comparative.group("w").split()[-1])
                            or COST_MEASURE.search(comparative.group("w")) or not METRIC_RE.search(comparative.group("w"))):
            comparative = None
        # "reduces the average ATE by 10% and the average RTE by 12%": an acronym changed by the value after "by"
        acro_by = " by " in before and _search(r"(?<![\w/-])(?<!\bon )(?<!\bin )(?<!\bfor )(?<!\bacross )(?<!\bover )(?<!\bof )(?P<w>[A-Z][A-Za-z0-9]*[A-Z][A-Za-z0-9@-]*)\s+by\s+"
                          + QUAL + r"$", before)
        at = m.start() - len(before) + acro_by.start("w") if acro_by else 0
        if acro_by and (UNIT_ACRONYM.match(acro_by.group("w")) or not free(at, at + len(acro_by.group("w")))
                        or any(a < at + len(acro_by.group("w")) and at < b for a, b in datasets)
                        or not _search(r"\b(?:improv|increas|boost|rais|reduc|decreas|lower|cut)\w*\b", sentence[max(0, m.start() - 120):m.start()], re.I)):
            acro_by = None
        if points_of:
            metric, gain = points_of.group("w"), True  # "recovers 17.7 points of retention": a difference in a measure
        elif acro_by and m.group("unit"):
            metric, gain = acro_by.group("w"), True
        elif change_of:
            metric, gain = change_of.group("w"), True
        elif versus:
            metric = versus.group("w")
        elif gain_of and m.group("unit"):
            metric, gain = gain_of.group("w"), True
        elif word and not STOP.match(word.group("w")) and not NOT_A_MEASURE.match(word.group("w")):
            metric = word.group("w")  # "86.7% success across …", "71% utilization": the noun that follows is measured
        elif comparative and m.group("unit"):
            metric, gain = comparative.group("w"), True  # "8.1% lower error than …": the measure compared
        elif named and not STOP.match(named.group("w")) and not NOT_A_MEASURE.match(named.group("w")) and (
                not mspans and not _search(r"(?:y|ful|ive|al|ous|ic|ish|less|able|ible|ant|ent)$", named.group("w"))
                or METRIC_RE.fullmatch(named.group("w")) or not named.group("w").islower()):  # not "a healthy gain of 5%"
            metric = named.group("w")  # "accuracy improvements of up to 6.4%"
        else:
            metric = _nearest(sentence, mspans, m.start(), m.end())
        kind = "gain" if gain else "score"
        add(pos, m.end(), metric, _float(m.group("num")), dataset_near(m.start(), m.end()), "result.unnamed", kind,
            gain_baseline(m.end()) if kind == "gain" else None)
    # a statistic written as its symbol: "κ = 0.76", "Fleiss' κ = 0.600", "Cohen's d = 1.50", "ρ = 0.368",
    # "correlations as high as r = 0.87" (named by the measure written just before it)
    for m in () if "=" not in sentence else STATISTIC.finditer(sentence):
        if m.start("num") in used or not free(m.start(), m.end()) or baseline_number(m.start("num")) or (
                m.group("sym") in ("r", "ρ", "rho") and _float(m.group("num")) > 1):
            continue
        named = _search(r"\b(?P<w>correlat\w*|agreement|reliability)\b[^,;.)=\d]{0,25}$", sentence[max(0, m.start() - 40):m.start()])
        metric = re.sub(r"^correlat\w*", "correlation", named.group("w")) if named and m.group("sym") in ("r", "ρ", "rho", "κ", "kappa") else m.group("m")
        add(m.start("num"), m.end(), metric, _float(m.group("num")), dataset_near(m.start(), m.end()), "result.statistic")
    # a share as the subject of a finding: "70% of the audited datasets fail …", "45% of participants preferred …",
    # "… solves the task for 95% of instances": a result of the system studied, no measure named
    for m in () if "%" not in sentence else SHARE.finditer(sentence):
        g = "num" if m.group("num") else "num2" if m.group("num2") else "num3"
        p = m.start(g)
        if p not in used and free(p, m.end()) and not baseline_number(p):
            add(p, m.end(), None, _float(m.group(g)), None, "result.share", "ratio")
    # the members of a list after a result take its measure: "S-measures of 0.898 on COD10K, 0.904 on CAMO, and 0.913
    # on NC4K"; "by 1.5 and 2.5 points"; "0.839 in the six-class setting and 0.870 in the five-class setting"
    for r in sorted(out, key=lambda r: r.start):
        num = _match(r"[+−-]?" + NUM, sentence[r.start:])
        if not num:
            continue
        unit = _match(UNIT, sentence[r.start + num.end():])
        at = r.start + num.end() + (unit.end() if unit else 0)
        uw0 = not (unit and unit.group(0).strip()) and _match(r"^\s?(?P<u>[^\s\d,;()]+?)(?=[,;.)]?(?:\s|$))", sentence[at:])
        if uw0 and UNIT_WORD.match(uw0.group("u")) and uw0.group("u") not in ("m", "h", "b", "s", "%"):
            at += uw0.end()  # "1100 µm/s and 1150 µm/s": past the unit word of the first member
        elif r.rule == "result.value_metric" and r.kind == "score" and r.end > at and _fullmatch(r"\s+[^\d,;()]{1,60}", sentence[at:r.end]):
            at = r.end  # "27.8 dB PSNR on A and 33.3 dB on B": past the measure named after the first member
        while True:
            nxt = LIST_NEXT.match(sentence[at:])
            if not nxt or (bool(nxt.group("unit").strip()) != bool(unit and unit.group(0).strip())) \
                    or _search(r"\s\d+$|=", nxt.group("ctx") or ""):
                break  # "0.80 for cohorts 2, 5, and 9": the list runs into a list of settings
            p = at + nxt.start("num")
            if p in used or not free(p, p + 1) or baseline_number(p):
                break
            end = at + nxt.end()
            uw = _match(r"^\s?(?P<u>[^\s\d,;()]+?)(?=[,;.)]?(?:\s|$))", sentence[end:])
            if uw and UNIT_WORD.match(uw.group("u")) and uw.group("u") not in ("m", "h", "b", "s") \
                    and _match(r"^\s?" + re.escape(uw.group("u")), sentence[r.start + num.end():]):
                end += uw.end()  # "sliding speeds of 1100 µm/s and 1150 µm/s": the same unit word after each member
            ctx = _match(r"^\s+(?:on|in|for|at|across)\s+", sentence[end:])
            paren = _match(r"^\s*\([^()]{1,40}\)", sentence[end:])  # "0.95 (Siamese-LSTM)": the variant measured
            if not ctx and not paren and not _match(r"^\s*(?:[,;.)]|$|,?\s*respectively\b)", sentence[end:]):
                break  # a number with words of its own ("and 3 hours")
            add(p, end, r.metric, _float(nxt.group("num")), dataset_after(end) if ctx else r.dataset if r.dataset and
                not RESPECTIVELY.search(sentence) else None, "result.list_next", r.kind, r.baseline)
            at = end
    # the next member after a share of another system's value is a share too: "99% of the teacher's mIoU on A
    # (79.0 vs. 79.8) and 92% on B"
    for i, r in enumerate(out):
        if r.kind != "score" or r.rule != "result.unnamed":
            continue
        before = [x for x in out if x.kind == "ratio" and x.end <= r.start and x.metric == r.metric]
        if before and _fullmatch(r"[^;.\d()]*(?:\([^()]*\)[^;.\d()]*)?(?:,\s*(?:and\s+)?|\s+and\s+)",
                                 sentence[max(x.end for x in before):r.start]):
            out[i] = ResultMatch(r.start, r.end, r.metric, r.value, r.dataset, r.rule, "ratio", r.baseline)
    # one value for two measures: "98.3% AUROC and AUPR"
    for r in list(out):
        if not r.metric:
            continue
        for s, e in mspans:
            if not (r.start < s and e <= r.end):
                continue
            nxt = _match(r"\s+and\s+", sentence[e:])
            other = nxt and next(((a, b) for a, b in mspans if a == e + nxt.end()), None)
            if other and all(_fullmatch(METRIC_NAMES, sentence[a:b]) or _fullmatch(r"[A-Z][\w@.-]*[A-Z][\w@.-]*", sentence[a:b])
                             for a, b in ((s, e), other)) and not _match(r"\s*(?:\(|of\b|=|:|scores?\s+of\b)?\s*[+−-]?\.?\d", sentence[other[1]:]) and \
                    not any(x.start > r.start and x.metric == sentence[other[0]:other[1]] for x in out):
                out.append(ResultMatch(r.start, other[1], _metric_name(sentence[other[0]:other[1]]), r.value, r.dataset,
                                       "result.shared_value", r.kind, r.baseline))
    # a score that the words around its number make a difference: "outperform X by up to 5.5% (top-1 accuracy)",
    # "by a large margin (2.8%)", "with a 1.47% margin in top-1 accuracy", "to within 3.0% top-1 accuracy",
    # "with a loss of 0.02% in the top-1 accuracy"
    for i, r in enumerate(out):
        if r.kind != "score":
            continue
        at = next((r.start + n.start() for n in _finditer(r"(?<![\w.])" + NUM, sentence[r.start:r.end])
                   if _float(n.group(0)) == r.value), r.start)
        percent = _match(r"^[\d.]+\s*(?:%|percent|percentage\s+points?|points?|pp)", sentence[at:])
        if GAIN_BEFORE.search(sentence, max(0, at - 160), at) or percent and (
                SHORTFALL_BEFORE.search(sentence, max(0, at - 40), at) or MARGIN_AFTER.match(sentence, at + percent.end())):
            out[i] = ResultMatch(r.start, r.end, r.metric, r.value, r.dataset, r.rule, "gain", r.baseline or gain_baseline(r.end))
    # a gain with no measure named before it takes the one the words after it name: "a 10% increase in magnitude
    # metrics", "outperforms B by 47% in diagnosis report quality"
    for i, r in enumerate(out):
        if r.metric is None and r.kind == "gain" and (named := GAIN_IN.match(sentence, r.end)):
            out[i] = ResultMatch(r.start, named.end("m"), named.group("m"), r.value, r.dataset, r.rule, r.kind, r.baseline)
    out.sort(key=lambda r: r.start)
    return out


SHARE = re.compile(
    r"(?:(?:^|\b(?:that|while|whereas|and)\s+|[,;:]\s+)(?:about\s+|nearly\s+|over\s+|roughly\s+|almost\s+|up\s+to\s+)?(?P<num>\d+(?:\.\d+)?)\s*%\s+"
    r"(?:of\s+)?(?:the\s+|all\s+)?(?:[\w-]+\s+){0,4}?(?:are|were|is|was|fail(?:s|ed)?|show(?:s|ed)?|favou?r(?:s|ed|ing)|prefer(?:s|red|ring)|"
    r"report(?:s|ed)?|contain(?:s|ed)?|lack(?:s|ed)?|exhibit(?:s|ed)?|remain(?:s|ed)?|rated|judged|chose|agreed)\b"
    r"|\b(?:for|in)\s+(?P<num2>\d+(?:\.\d+)?)\s*%\s+of\s+(?:the\s+|all\s+)?(?:[\w-]+\s+)?(?:cases|instances|trials|episodes|problems|queries|tasks)\b"
    # "LLM judges agree with humans 82% of the time"
    r"|(?<![\w.])(?P<num3>\d+(?:\.\d+)?)\s*%\s+of\s+the\s+time\b)")

# a list of other systems' numbers after a comparison, each naming its system ("compared to 37.5% for A and 29.2% for B",
# "versus 0.83 (A), 0.80 (B) and 0.78 (C)"): the members after the first are theirs too
_MEMBER = r"(?:" + NUM + r")\s*%?(?:\s+(?:for|by|from|of)\s+(?:[^,;.()%\d]|\.(?=\d)|\d){1,40}?|\s*\((?![+−-]?\d)[^()]{1,40}\))"
BASELINE_LIST = re.compile(r"\b(?:vs\.?|versus|compared\s+(?:to|with)|(?<!less )(?<!more )(?<!fewer )(?<!rather )than|against)\s+(?:the\s+|only\s+|just\s+)?"
                           + _MEMBER + r"(?:\s*,\s*" + _MEMBER + r")*\s*(?:,\s*(?:and\s+)?|,?\s+and\s+)$", re.I)
BASELINE_MEMBER = re.compile(_MEMBER)
# one or two lower-case modifiers between a value and a named measure ("0.884 object-level AUROC", "98.2 streaming F1")
MODS_BEFORE = re.compile(r"(?<=\d|%|\s)\s+(?P<mods>[a-z][a-z0-9]*(?:-[a-z0-9]+)*(?:\s+[a-z][a-z0-9]*(?:-[a-z0-9]+)*)?)\s+$")
# a verb of change before a measure that the value after "to" is the new value of: up to two modifiers between
CHANGES_TO = re.compile(r"\b(?:improv\w*|increas\w*|boost\w*|rais\w*|reduc\w*|decreas\w*|lower\w*|enhanc\w*|push\w*|lift\w*|elevat\w*|"
                        r"bring\w*|brought)\s+(?:(?:the|its|their|our|both)\s+)?(?P<mods>(?:[A-Za-z][\w-]*\s+){0,2})$")
PERFORMANCE_TO = re.compile(r"\b(?:improv\w*|increas\w*|boost\w*|rais\w*|push\w*|lift\w*|elevat\w*|bring\w*|brought|driv\w*|drove)\s+"
                            r"(?:the\s+|its\s+|their\s+|our\s+)?(?:overall\s+|average\s+|mean\s+)?performance\s+(?:further\s+)?to\s+"
                            + QUAL + r"(?P<num>" + NUM + r")(?P<unit>" + UNIT + r")(?![\w.]*\d)(?!\.?\d)(?!\s?[x×](?![A-Za-z])|\s*times\b|-fold\b)")
HYPHEN_COUNT = re.compile(r"[\d.]+-(?!(?:percentage-)?points?\b|pp\b|pts?\b|fold\b|percent\b|times\b)[A-Za-z]")
SETTING_SHARE_AFTER = re.compile(
    r"[\d.]+\s*(?:%|percent)(?:\s*(?:,\s*(?:and\s+|or\s+)?|,?\s+(?:and|or)\s+)[\d.]+\s*(?:%|percent))*\s+(?:of\s+(?:the\s+)?)?"
    r"(?!(?:by|with|after|via|using|from|to|in|on|for|at|and|or|the)\s)(?:[\w-]+\s+)?(?:sparsity|noise|noisy|missing|masking|contamination|corruption|"
    r"supervision|label(?:l?ed)?\s+(?:data|samples|images|examples)|labels|annotations|occlusion|pruning)\b"
    r"(?!\s+(?:reduction|removal|suppression|robustness|detection|success|rates?|ratios?\s+(?:of|is|was)))", re.I)
SETTING_KEYS = ("rate", "ratio", "level", "budget", "dropout", "decay", "momentum", "temperature", "size", "Rate", "Ratio")
# a data split or a unit of counting names no part of a measure ("45.3% test mAP", "3 images AP")
SPLIT_WORD = re.compile(r"^(?:validation|val|test|testing|dev|development|train|training|held-out|heldout|images?|samples?|"
                        r"examples?|tokens?|steps?|epochs?|shots?|[a-z]?\d.*)$", re.I)
# "from an average of 41.2% to 50.5%": words between "from" and the starting number
FROM_QUAL = r"(?:(?:an?\s+)?(?:average|mean|median)\s+of\s+|about\s+|around\s+|approximately\s+|roughly\s+|nearly\s+|only\s+|just\s+|~\s*)?"
# "from 0.317 in the unconstrained condition to 0.102": the setting of the starting point between it and "to"
FROM_CONTEXT = r"(?:\s+(?:in|on|with|under|for|at|using|without|before)\s+(?:the\s+|a\s+|an\s+|its\s+|their\s+)?[^,;.()\d%]{1,50}?|\s*\([^()]{1,30}\))?"
# "ranging from 3 to 11": a range, not a change
RANGING = r"\b(?:rang\w*|var(?:y|ies|ied|ying)|spann\w*|spread)"
# a comparison whose object is other systems: a number in a parenthesis after it is theirs
BEATS = r"\b(?:outperform\w*|surpass\w*|exceed\w*|beat\w*|approach(?:es|ing)|match(?:es|ing)|rival\w*|(?:better|higher|stronger)\s+than|compared\s+(?:to|with)|above|ahead\s+of|over)\b"
# an operating point a value is measured at: "at 0.5% FPR", "at a 1% false accept rate", "at a 0.9 threshold",
# "at a very low sampling rate (5%)", "at high frame rates (60 FPS)"
OPERATING_POINT_AFTER = re.compile(
    r"(?:\s*%?\s*[-–]\s*[\d.]+)?\s*(?:%|percent)?\s*(?:[\w-]+\s+){0,2}?(?:FPR|FAR|FNR|FRR|TPR|false[-\s](?:positive|accept\w*|alarm|reject\w*|match)\s+rates?|"
    r"precision|recall|coverage|thresholds?|sparsity|compression(?:\s+ratio)?|pruning(?:\s+ratio)?|sampling\s+rates?|masking\s+ratio|noise\s+levels?|"
    r"IoU\s+thresholds?|recall\s+levels?|budget|(?:[\w-]+\s+)?(?:rates?|ratios?|levels?|budgets?))\b", re.I)
OPERATING_POINT_BEFORE = re.compile(
    # "at the same prediction throughput of 50 Hz", "at equal lead time": a condition held fixed
    r"\b(?:at|under|with)\s+(?:the\s+|a\s+|an\s+)?(?:same|similar|equal|identical|fixed|matched|matching|comparable)\s+(?:[\w-]+\s+){0,3}?"
    r"(?:of\s+|=\s*|:\s*|is\s+)?(?:about\s+|around\s+|~\s*)?$|"
    r"\bat\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+){0,3}?(?:sampling\s+rates?|frame\s+rates?|thresholds?|sparsity|compression\s+ratios?|"
    r"pruning\s+ratios?|masking\s+ratios?|noise\s+levels?|budgets?|resolutions?|FPRs?|false[-\s](?:positive|accept\w*|alarm)\s+rates?|"
    # "an 11% increase in recall at a precision of 90%": the operating point
    r"precision|recall|specificity|sensitivity|coverage|TPR|IoU)"
    r"\s*(?:\(|of\s+|=\s*|:\s*)?\s*(?:only\s+|just\s+|about\s+|~\s*)?$", re.I)
# a share or a saving of a cost: an efficiency claim (claims.py), not a result
COST_WORDS = (r"(?:costs?|compute|computation|FLOPs?|MACs|parameters?|params|memory|VRAM|GPU[-\s]hours|energy(?:\s+consumption)?|"
              r"latency|runtime|run\s*time|running\s+time|overhead|(?:training|inference|execution|decoding|generation)\s+time|wall-clock\s+time|"
              r"time[-\s]to[-\s]first[-\s]token|TTFT|time[-\s]per[-\s]output[-\s]token|TPOT|tokens|budget|efficiency|speed|throughput|"
              r"(?:context|sequence|prompt|output|response|reasoning)\s+length|(?:model|index|storage)\s+size|bit-?rates?|storage)")
COST_AFTER = re.compile(
    r"^[\d.]+\s*(?:%|percent)\s+(?:(?:of\s+(?:the\s+|its\s+|their\s+)?(?:[\w'’-]+\s+){0,3}?" + COST_WORDS + r"\b)|"
    r"(?:[\w-]+\s+){0,2}?"
    r"(?:overheads?|" + COST_WORDS + r"\s+(?:reductions?|savings?|decreases?|cuts?))\b|"
    # "a 44.10% reduction in bitrate"
    r"(?:reductions?|savings?|decreases?|cuts?|drops?)\s+(?:in|of)\s+(?:the\s+)?(?:[\w-]+\s+)?" + COST_WORDS + r"\b|"
    r"(?:of\s+(?:the\s+)?)?(?:data|tokens|parameters|weights|samples)\s+(?:pruned|removed|dropped|kept|retained)|"
    # "with 10% additional data", "at the cost of +71% in memory"
    r"(?:additional|extra|more)\s+(?:[\w-]+\s+)?(?:data|samples|examples|labels|annotations|" + COST_WORDS + r")\b|"
    r"(?:more\s+|higher\s+|increase\s+)?in\s+(?:the\s+)?" + COST_WORDS + r"\b)", re.I)
# "retaining 50% dimensions", "using only 3.9% of sampled points": how much of the input a method keeps is a setting
KEPT_BEFORE = re.compile(r"\b(?:retain\w*|keep\w*|kept|us(?:e|es|ed|ing)|with\s+only|with\s+(?:less|fewer)\s+than|requir\w*|prun\w*|drop\w*|remov\w*|eliminat\w*|mask\w*|"
                         r"sampl\w*|select\w*|preserv\w*)\s+(?:only\s+|just\s+|about\s+|around\s+|up\s+to\s+|~\s*)?(?:an?\s+)?$", re.I)
KEPT_AFTER = re.compile(r"[\d.]+\s*(?:%|percent)\s+(?:of\s+(?:the\s+|its\s+|their\s+|all\s+)?)?(?:[\w-]+\s+)?(?:dimensions|channels|layers|heads|"
                        r"experts|neurons|weights|samples|examples|points|frames|patches|tokens|data|labels|annotations|images|views|"
                        r"features|nodes|edges|parameters|params|FLOPs|memory|compute|vocabulary|pixels|KV\s+cache|cache|instances|training\s+set)\b", re.I)
# "the baseline models with 89%", "prior methods at 61%": the baseline's number (not "baselines with 5% higher …")
BASELINE_WITH = re.compile(r"\b(?:baselines?|(?:baseline|existing|prior|previous|competing|other|rival)\s+(?:[\w-]+\s+)?"
                           r"(?:models?|methods?|approaches|systems?|detectors?|planners?|agents?))\s+(?:with|at|reaching|scoring)\s+"
                           r"(?:only\s+|just\s+|about\s+|around\s+)?(?:an?\s+)?$", re.I)
GAIN_WORDS_AFTER = re.compile(r"[\d.]+\s*(?:%|percent|-?(?:percentage[- ])?points?|pp)?\s*(?:\w+\s+)?(?:higher|better|more|fewer|less|lower|improvements?|gains?|"
                              r"increases?|margins?|advantage)\b", re.I)
# "reduces the number of parameters by 25%", "cuts costs by 40-90%": a saving, not a result
COST_BY = re.compile(r"\b(?:number\s+of\s+)?" + COST_WORDS + r"(?:\s+(?:usage|consumption|footprint))?\s+by\s+" + QUAL + r"$", re.I)
# "the cost has been reduced to only 31%": a relative cost, a claim's business
COST_TO = re.compile(COST_WORDS + r"\s+(?:\w+\s+){0,3}?(?:reduc\w*|cut|decreas\w*|lower\w*|drop\w*|fell|falls?)\s+to\s+" + QUAL + r"$", re.I)
# "just below the 86% passing threshold": a threshold is a setting
THRESHOLD_AFTER = re.compile(r"[\d.]+\s*(?:%|percent)?\s*(?:[\w-]+\s+)?(?:thresholds?|cut-?offs?|targets?|requirements?)\b", re.I)
COST_MEASURE = re.compile(r"^(?:[\w-]+\s+){0,2}?" + COST_WORDS + r"$", re.I)

REFERENCE_WORDS = re.compile(r"^(?:(?:original|full[-\s][\w-]+|dense|uncompressed|unpruned|unquantized|baseline|teacher|reference|"
                             r"[\w-]+\s+model(?:'s|’s)|[\w-]+(?:'s|’s))\s+)+(?=\S)", re.I)

SETTING_BEFORE = re.compile(
    r"(?:\b(?:at|under|with|for)|[,(])\s*(?:an?\s+|the\s+)?(?:input\s+)?(?:SNRs?|signal-to-noise\s+ratios?)\s*(?:of|=|:)?\s*$|"
    r"\b(?:trained|fine-?tuned|initiali[sz]ed|starting|distilled|post-trained)\s+from\s+(?:the\s+)?[\w.-]+\s*\(\s*$")

# a number that a baseline reaches ("the strongest baseline achieving only 1.51 F1"): not the method's
BASELINE_SUBJECT = re.compile(
    r"\b(?:baselines?|existing\s+(?:methods|models|approaches|systems)|prior\s+(?:methods|work|models|approaches)|"
    r"previous\s+(?:methods|works?|models|approaches|studies|systems)|prior\s+(?:works|studies|systems)|competing\s+(?:methods|models)|"
    # "while humans reach 92%", "random guessing scores 25%": a reference point, not the method's
    r"humans|human\s+(?:experts?|annotators?|raters?|participants|performance)|(?:domain\s+)?experts|random\s+(?:guess\w*|chance|baselines?)|"
    r"chance(?:\s+level)?|"
    # "where the initial reasoner already achieves 95.60%": the system before the method is applied
    r"(?:initial|original|base|vanilla|unmodified|untuned|unaltered)\s+(?:model|reasoner|policy|system|network|agent|llm))\s+(?:(?!and\b|but\b|then\b|or\b)\w+\s+){0,2}?"
    r"(?:achiev\w*|reach\w*|obtain\w*|attain\w*|scor\w*|yield\w*)\s+(?:only\s+|just\s+|up\s+to\s+|about\s+|around\s+)?(?:an?\s+)?$", re.I)
# what a cost is counted in: fewer of these is an efficiency claim (claims.py), not a result
EFFICIENCY_WORDS = re.compile(r"\b(?:steps?|iterations?|evaluations?|NFEs?|calls?|queries|tokens?|parameters|params|FLOPs?|MACs|"
                              r"operations|samples|examples|labels?|annotations?|data|GPUs?|hours|seconds|passes|epochs|"
                              r"transitions|bits|bytes|memory|compute|computations?|messages|rounds|trials|experts|layers|"
                              r"neurons|weights|resources|instructions|accesses)\b", re.I)
VALUES_ON = re.compile(r"(?<![\w.])(?P<vals>[+]?(?:" + NUM + r")\s*%?(?:\s*,\s*[+]?(?:" + NUM + r")\s*%?)*\s*,?\s*and\s+[+]?(?:" + NUM +
                       r")\s*%?)(?P<unit>\s*(?:%|percentage\s+points?|points?|pp|pts?))?\s+(?:on|in|across|for)\s+(?:the\s+)?")
# a factor is no member of a list of scores ("an AP of 44.1, over 1.8x higher than …")
NOT_FACTOR = r"(?!\.?\d)(?!\s?[x×](?![A-Za-z])|\s*times\b|-fold\b)"

LIST_NEXT = re.compile(r"^(?:\s*\([^()]{1,40}\))?(?P<ctx>\s+(?:on|in|for|at|across)\s+[^,;()]{1,40}?)?\s*(?:,\s+(?:and\s+)?|,?\s+and\s+)" + QUAL +
                       r"(?P<num>[+]?(?:" + NUM + r"))(?![\w.]*\d)(?P<unit>" + UNIT + r")" + NOT_FACTOR)


# a unit between a number and its measure ("800 ms latency", "5.12 GSa/s throughput") is no part of the measure
UNIT_WORD = re.compile(r"^(?:[µun]m|[kMGTPµunmp]?(?:s|sec|Hz|B|b|W|J|Wh|Sa/s|Op/s|OPS|ops/s|FLOPs?/s|FLOPS|bps|B/s)|ms|µs|us|ns|min|mins|h|hrs?|"
                       r"fps|FPS|dB|deg|mm2?|cm|km|m|%|\w+/\w+)$")
# numbers that are no result of the method: a confidence level ("95% CI"), the upper end of a range written
# with "to" ("by 2.6% to 13.3%"; "from A to B" is a change, read by the rules above), another system's number
NOT_A_RESULT_AFTER = re.compile(r"\s*\+?\s*(?:CIs?\b|confidence\s+(?:intervals?|levels?)|credible\s+intervals?|(?:statistical\s+)?significance)", re.I)
NOT_A_RESULT_BEFORE = re.compile(r"(?<!from )(?<![\d.])\d+(?:\.\d+)?\s*%?\s*to\s+$|(?<!\bour)(?<!\bits)[’']s\s+$"
                                 r"|\bwithin\s+(?:only\s+|just\s+)?$", re.I)  # "performs within 1% of X": a gap, not a result
# a verb after a number ("vary by 21% depending on …") names no measure
VERB_ING = (r"(?:depending|according|including|following|resulting|leading|using|making|giving|allowing|enabling|requiring|"
            r"suggesting|indicating|showing|highlighting|demonstrating|confirming|reflecting|corresponding|compared|relative)")
NOUN_AFTER = re.compile(r"\s+(?:in\s+)?(?P<w>(?!" + VERB_ING + r"\b)[a-z][a-z-]{2,})(?=\s*(?:[,;.)]|$)|\s+(?:on|in|between|among|across|for|while|with|over|compared|than|"
                        r"improvements?|gains?|increases?|reductions?)\b)")
NOT_A_MEASURE = re.compile(r"^(?:reductions?|improvements?|gains?|increases?|decreases?|drops?|fewer|less|more|faster|slower|"
                           r"smaller|larger|cases|time|times|data|samples|instances|tasks|total|overall|average|relative|"
                           r"respectively|margins?|points?|percent|alone|only|each|accordingly|lead|reported|achieved|maximum|minimum|max|min|peak|"
                           r"mean|median|typical|advantages?|edge|uplift|boosts?|jumps?|range|order|factor|" + VERB_ING + r")$", re.I)
QUALITY_FACTOR_CUE = re.compile(r"\d\s?[x×]|fold|times|factor of")
# "3×", "25-fold", "2.6 times", "a factor of 3.5"
QUALITY_FACTOR = re.compile(r"(?:(?<=factor of )(?P<f>)|(?<![\w.]))(?P<num>\d+(?:\.\d+)?)(?(f)(?![\d.]*\s?[x×%])|(?:\s?[x×](?![\w×])|-fold\b|\s+times\b))")
FACTOR_MEASURE = re.compile(
    r"\s*(?:(?:higher|greater|lower|fewer|better|larger|smaller|more|less|reductions?|increases?|improvements?|gains?|"
    r"decreases?|boosts?)\s+)(?:(?:in|of)\s+(?:the\s+)?)?(?P<m>(?:[\w/-]+\s+){0,3}?[\w/-]+?)(?=\s*(?:[,;.()]|$)|\s+(?:and|on|in|"
    r"over|than|compared|across|for|with|while|at|of|by|when|under|relative|against|versus|vs)\b)", re.I)
QUALITY_MEASURE = re.compile(
    r"\b(?:accuracy|errors?|error\s+rates?|FID|PSNR|SSIM|BLEU|ROUGE|F1|perplexity|score|performance|quality|success|"
    r"reward|recall|precision|AUC|mAP|IoU|hallucinat\w*|mistakes|correctness|robustness|fidelity|"
    r"win\s+rate|pass@\d+|diversity|faithfulness|factuality|coverage)", re.I)
OBJECT_LEAD = re.compile(r"^(?:(?:the|its|their|our|both|overall|average|mean)\s+)+", re.I)
OBJECT_WORD = re.compile(r"^[A-Za-z][\w/'’-]*$")
NOT_OBJECT = re.compile(r"^(?:it|them|this|that|these|those|performance|results?|efficiency|quality|cost|costs|time|"
                        r"speed|latency|memory|number|amount|size|overhead|usage|use|consumption|a|an|we|our)$", re.I)


def _object_phrases(sentence: str, start: int, end: int) -> list[tuple[int, int]]:
    """The noun phrases of "improves A (and B) by N%": each 1–4 plain words, no verb or number,
    and not a bare generic word ("performance", "it"); [] when the object is anything else."""
    out = []
    pos = start
    for phrase in sentence[start:end].split(" and "):
        s, text = pos, phrase
        pos += len(phrase) + len(" and ")
        lead = OBJECT_LEAD.match(text)
        if lead:
            s, text = s + lead.end(), text[lead.end():]
        words = text.split()
        if not 1 <= len(words) <= 4 or text != " ".join(words) or not all(OBJECT_WORD.match(w) for w in words) \
                or (len(words) == 1 and NOT_OBJECT.match(words[0])) or STOP.match(words[0]) or STOP.match(words[-1]) \
                or any(_match(r"\w+(?:ing|ed)$", w) for w in words[1:]):
            return []
        out.append((s, s + len(text)))
    return out if len(out) <= 3 else []


# a verb (or a conjunction) of a clause, not of a measure's name, up to which a widened name is cut
# ("concept erasure damages accuracy", "… reasoning once baseline atomic accuracy")
INNER_VERB = re.compile(r"^.*?(?<![\w-])(?:lifts|drops|matches|damages|collapses|confirms|causes|recovers|shifts|reveals|raises|"
                        r"reduces|drives|trades|predicts|activates|changes|improves|boosts|increases|decreases|lowers|"
                        r"pushes|brings|yields|achieves|reaches|attains|keeps|retains|preserves|maintains|harms|hurts|"
                        r"degrades|elevating|leaving|once|whereas)\s+(?=\S)")
# the owner of a value, up to its possessive: "GPT-4o-mini's", "physicians'", "s" left of "model's"
OWNER = re.compile(r"^(?:.*?(?<![\w-])(?P<who>[\w.-]+)(?:['’]s|(?<=s)['’])|(?P<s>s))\s+(?=\S)")
# the persons a measure is named after
EPONYM = re.compile(r"Cohen|Kendall|Spearman|Pearson|Krippendorff|Fleiss|Mover|Student|Welch|Cronbach|Matthews|Moran|"
                    r"Lin|Mann|Wilcoxon|Fisher|Shannon|Simpson|Tukey|Youden|Hedges|Glass|Nagelkerke|Theil|Kolmogorov|"
                    r"Hamming|Jaccard|Dice|Brier|Gini|Kappa|Kullback|Jensen|Wasserstein|Fréchet|Frechet|Hausdorff")


def _metric_name(metric: str) -> str:
    """The metric as a reader names it: "average success rate" → "success rate", "highest accuracy" → "accuracy",
    "F1 scores" → "F1"."""
    metric = re.sub(r"^(?:percent|points?|pp)\s+", "", metric).rstrip(".")
    # "patch masking drops accuracy", "rule pack lifts held-out accuracy": a clause's subject and verb, widened
    # into the measure, are no part of it
    metric = INNER_VERB.sub("", metric)
    # "Claude 3.7 Sonnet's pairwise accuracy", "physicians' diagnostic accuracy", "(one model)'s task completeness":
    # whose value it is, not what is measured; a measure named after a person keeps the name ("Cohen's kappa")
    owner = OWNER.match(metric)
    if owner and not (owner.group("who") and EPONYM.fullmatch(owner.group("who"))):
        metric = metric[owner.end():]
    # "slashing DIJA success rates", "affect accuracy": the verb before a measure is no part of it
    metric = re.sub(r"^(?:slash\w*|affect\w*|improv\w*|boost\w*|increas\w*|reduc\w*|rais\w*|lift\w*|enhanc\w*|lower\w*|"
                    r"decreas\w*|achiev\w*|reach\w*|attain\w*|yield\w*|deliver\w*|cut\w*)\s+(?=\S)", "", metric)
    # "competitive BLEU@4 scores", "a near-perfect average score": a judgement of the value, no part of the measure
    metric = re.sub(r"^(?:(?:competitive|competetive|near-perfect|perfect|impressive|remarkable|excellent|promising|strong|"
                    r"superior|notable|significant|substantial|state-of-the-art|SOTA|high|low)\s+)+(?=\S)", "", metric, flags=re.I)
    metric = re.sub(r"accuracies$", "accuracy", metric)
    metric = re.sub(r"(?<=-measure)s$", "", metric)
    metric = re.sub(r"(?<=[A-Z])s$", "", metric)  # "AUCs" → "AUC"
    plural = _match(r"^(?P<name>.*[A-Z0-9].*?)[\s-]+scores$", metric) or (
        # "precision scores", "recall scores": a named measure's plural scores are the measure
        _match(r"^(?P<name>precision|recall|accuracy|specificity|sensitivity)\s+scores$", metric, re.I))
    if plural:
        metric = plural.group("name")
    m = _match(r"^(?:(?:average|mean|overall|avg\.?|highest|lowest|best|[\w]+-(?:lowest|highest|best))\s+)+(?P<rest>.+)$", metric, re.I)
    if m and _search(r"(?:accurac\w*|rates?|errors?)$", m.group("rest"), re.I) and not _fullmatch(r"errors?|rates?", m.group("rest"), re.I) and not _match(r"(?:absolute|relative|squared?)\s+(?:[\w-]+\s+)?errors?$", m.group("rest"), re.I):
        return m.group("rest")
    return metric


def _nearest(sentence: str, spans: list[tuple[int, int]], start: int, end: int) -> str | None:
    """The metric closest to a number in its sentence, not across a semicolon."""
    best = None
    for s, e in spans:
        gap = sentence[e:start] if e <= start else sentence[end:s]
        if ";" in gap:
            continue
        if COST_MEASURE.search(_metric_name(sentence[s:e])):
            continue  # a cost ("attention FLOPs", "latency") is no measure of a quality number near it
        if _search(r"\bat\s+(?:an?\s+|the\s+)?(?:[\d.]+\s*(?:%|[x×])?\s+)?$", sentence[max(0, s - 20):s]):
            continue  # "at a 4x compression rate": a setting, not the measure of a number near it
        if s >= end and VALUE_AFTER.match(sentence[e:]):
            continue  # "78% with an inference speed of 8.1 ms": a measure after the number that has its own value
        d = len(gap)
        if best is None or d < best[0]:
            best = (d, sentence[s:e])
    return best[1] if best else None
