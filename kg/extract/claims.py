"""Extraction: quantitative efficiency claims (speed-ups, reductions), normalised.

Rules run on one cleaned sentence at a time and return `Claim` records (kg/records.py) whose evidence
holds offsets into that sentence (the conversion moves them into the abstract). Each rule is documented with the phrasing it reads and the factor
it gives, so that claims from different papers can be ordered:

- ``4.5× speedup``, ``2.9x faster``, ``x2``            → value 4.5, unit x, factor 4.5
- ``7-14× speedup``                                  → value 7, value_max 14, factor 7..14
- ``three times faster``, ``twice as fast``           → value 3 / 2, unit x
- ``reduces iterations by 30-40%``                    → unit %, kind reduction, factor 1/(1-0.30) ≈ 1.43 .. 1/(1-0.40) ≈ 1.67
- ``18% faster``, ``acceleration of 18%``             → unit %, kind speedup, factor 1.18
- ``accelerate … to up to 611%``                      → unit %, factor 6.11 (a speed *to* a percentage of the original)
- ``increases tokens-per-step from 2.6 to 4.3``       → value 4.3, unit None, factor 4.3/2.6
- ``reduce transitions up to 32 times (1024 to 32)``  → value 32, unit x, factor 32 (the parenthesis is the same claim)
- ``halves the memory``, ``doubles throughput``       → value 2, unit x
- ``by orders of magnitude``                          → value None, qualifier "orders of magnitude", no factor
- ``by an order of magnitude``                        → value None, qualifier "an order of magnitude", factor 10
"""
from __future__ import annotations

import re
from dataclasses import replace

from ..records import Claim, Evidence
from .patterns import finditer as _finditer, fullmatch as _fullmatch, match as _match, rx as _rx, search as _search  # noqa: F401

NUM = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d{1,3}(?:[ \u2009\u202f]\d{3})+(?=\s?[x×])|\d+(?:\.\d+)?"
RANGE_SEP = r"\s*(?:--|-|–|—|~|∼|to)\s*"
TIMES = (r"(?:[x×X]\s+times\b|×|x|X|-fold\b|\s?fold\b|\s+times\b|"
         r"\*(?=\s+(?:fewer|less|faster|smaller|lower|higher|more|speed)))")
QUALIFIERS = (
    "up to", "upto", "as much as", "as many as", "over", "more than", "at least", "nearly", "almost",
    "about", "around", "approximately", "roughly", "approx.", "~", "∼", "≈", "on average", "averaging",
    "usually", "typically", "up", "close to", "less than", "fewer than", "under",
    "an average of", "on average", "as little as", "above", ">", "<", "≥", "≤",
)
QUALIFIER_RE = re.compile(
    r"(?:(?<=\s)|^)(" + "|".join(re.escape(q) for q in sorted(QUALIFIERS, key=len, reverse=True)) + r")\s*(?:a\s+|an\s+)?$",
    re.I,
)
WORD_NUMBERS = {
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30, "fifty": 50,
    "hundred": 100, "a hundred": 100, "one hundred": 100, "a thousand": 1000, "one": 1, "forty": 40,
    "thousand": 1000, "one thousand": 1000, "half": 2, "third": 3, "quarter": 4, "fourth": 4, "fifth": 5,
    "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10, "hundredth": 100, "thousandth": 1000,
}
NUMBER_WORD = (r"two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|"
               r"a\s+hundred|one\s+hundred|hundred|a\s+thousand|one\s+thousand|thousand")

SPEED_WORDS = (
    r"speed[\s-]?ups?|speed\b|faster|as\s+(?:fast|quick)\b|acceleration|accelerat\w*|quicker|throughput|speeds?\s+up|"
    r"latency|more\s+efficient|efficien\w*|wall[\s-]?clock|runtime|run[\s-]?time|inference|"
    r"training\s+time|sampling|decoding|generation\s+speed"
)
REDUCE_WORDS = (
    r"reduc\w*|fewer|less|lower|smaller|decreas\w*|cut\w*|sav\w*|shrink\w*|compress\w*|"
    r"cheaper|drop\w*|halv\w*"
)
EFFICIENCY_NOUNS = (
    r"steps?|iterations?|evaluations?|NFEs?|function\s+evaluations|transitions?|latency|memory|compute|"
    r"computation(?:al)?(?:\s+cost)?|cost|FLOPs?|GFLOPs|time|runtime|wall[\s-]?clock|energy|parameters?|params|"
    r"tokens?|passes|queries|calls|training|inference|sampling|decoding|bandwidth|communication|storage|"
    r"GPU[\s-]?hours|overhead|samples|calculations|computations|operations|MACs|footprint"
)
QUALITY_WORDS = re.compile(
    r"\b(accuracy|error|FID|PSNR|SSIM|LPIPS|BLEU|ROUGE|F1|perplexity|score|performance|quality|"
    r"success|win|reward|return|recall|precision|AUC|mAP|IoU|preference|loss|points?|gain\w*\s+in\s+accuracy|"
    r"pass@\d+|coverage|Sharpe|risk|hazard|odds|mortality|correlation|distances?|divergences?|Chamfer|(?:[A-Z]+-)?MPJPE|MPVPE|RMSE|MSE|CER|EPE|NLL|ECE|KID)\b",
    re.I,
)
NOT_SPEED_AFTER = re.compile(
    r"^\s*(?:upscal\w*|upsampl\w*|super[\s-]?resolution|zoom|magnif\w*|larger|bigger|more\s+data|more\s+parameters|"
    r"wider|deeper|longer|higher\s+resolution|resolution|downsampl\w*|compression\s+ratio|sparsity|slower)\b",
    re.I,
)
# a baseline phrase: no clause punctuation (a dot only inside a name, "cuDNN 9.13"), up to a preposition
BASE_CHARS = r"(?:[^,;.()\[\]]|\.(?=\w))+?"
BASE_END = (r"(?=\s*(?:[,;:()\[\]]|\.(?!\w)|$)|(?<!based)\s+on\b|\s+(?:in|at|for|while|and\s+(?:up\s+to\s+|about\s+)?\d|and\s+up|with|across|"
            r"without|when|under|by|using|which|that|who|whereas|to|during|through|respectively|baselines?\s+in|"
            r"or\s+\d|but|while|thanks|due|as(?<!such\sas)|of\s+\d|from|yielding|resulting|making|"
            r"requiring|leading|enabling|on\s+average|"
            # "over A and at least 5.3x …", "over A and peak speedup of 1.36x", "over A and accuracy by 28.7%": the next claim
            r"and\s+(?:[\w-]+\s+){0,3}?(?:(?=\d)|speed[\s-]?ups?\b|reductions?\b|by\s+(?:up\s+to\s+|about\s+)?(?=\d))|"
            # "2.5 times faster than Mamba and uses 40% less memory": a new clause ends the baseline
            r"and\s+(?:also\s+)?(?:uses?|requires?|reduces?|achieves?|improves?|runs?|is|are|has|have|cuts?|saves?|lowers?|"
            r"delivers?|yields?|maintains?|matches?|outperforms?|consumes?|needs?|attains?|reaches?|offers?|provides?|"
            r"running|operating|achieving|using|requiring|maintaining|being|reaching|delivering|providing|offering|preserving)\b)\b)")
BASELINE_AFTER = re.compile(
    r"^\s*(?:speed[\s-]?ups?|acceleration|reduction|improvement|faster|fewer|less|lower|smaller|cheaper|"
    r"more\s+efficient|gains?)?\s*(?:[\w\-]+\s+){0,4}?"
    r"(?:over|than|compared\s+(?:to|with)|relative\s+to|against|versus|vs\.?)\s+(?!(?:up\s+to|about|around|nearly)?\s*\d)"
    r"(?:the\s+|a\s+|an\s+)?(?P<base>" + BASE_CHARS + r")" + BASE_END,
    re.I,
)


def parse_number(s: str) -> float:
    """'1,024' → 1024.0; 'three' → 3.0.

    >>> parse_number("1,024"), parse_number("three")
    (1024.0, 3.0)
    """
    s = " ".join(s.strip().lower().split())
    if s in WORD_NUMBERS:
        return float(WORD_NUMBERS[s])
    return float(re.sub(r"[,\s\u2009\u202f]", "", s))


def percent_factor(p: float, kind: str, to_form: bool = False) -> float | None:
    """Multiplicative factor of a percentage claim.

    - reduction by p%: the new cost is (1 - p/100) of the old, so the factor is 1/(1 - p/100)
      (``reduces X by 40%`` → 1.67); a reduction of 100% or more has no finite factor.
    - speed-up by p%: ``18% faster`` → 1.18.
    - speed *to* p%: ``accelerates to 611%`` → 6.11.

    >>> round(percent_factor(40, "reduction"), 3), percent_factor(18, "speedup"), percent_factor(611, "speedup", True)
    (1.667, 1.18, 6.11)
    """
    if to_form:
        return round(p / 100, 6)
    if kind == "reduction":
        return round(1 / (1 - p / 100), 6) if p < 100 else None
    return round(1 + p / 100, 6)


def _qualifier(sentence: str, start: int) -> str | None:
    m = QUALIFIER_RE.search(sentence[max(0, start - 25):start])
    if not m:
        return None
    q = m.group(1).lower()
    return {"~": "about", "∼": "about", "≈": "about", "upto": "up to", "up": "up to"}.get(q, q)


KIND_WORD = re.compile(r"\b(?:(?P<speed>" + SPEED_WORDS + r")|(?P<reduce>" + REDUCE_WORDS + r"))", re.I)


def _kind(left: str, right: str) -> str:
    """'reduction' or 'speedup', from the nearest cue: the words right after the number first
    ("4.5× speedup", "21× reduction"), else the closest cue before it ("reduces X by 30%")."""
    first = right.lstrip()
    m = _match(r"^\s*(?:\w+\s+)?", right)
    head = KIND_WORD.match(first) or KIND_WORD.match(right, m.end())
    if head and head.group("speed") and _match(r"(?:latency|runtime|run[\s-]?time|inference|sampling|decoding|wall[\s-]?clock|training\s+time)$",
                                                head.group("speed"), re.I):
        # "120x latency reduction": what is measured, then the change
        then = KIND_WORD.match(first, head.end() + len(first[head.end():]) - len(first[head.end():].lstrip()))
        if then and then.group("reduce"):
            return "reduction"
    if head:
        return "reduction" if head.group("reduce") else "speedup"
    if REDUCE_BY.search(left):
        return "reduction"  # "reduces decoding latency by 1.4×"
    last = None
    for last in KIND_WORD.finditer(left):
        pass
    if last is not None:
        return "reduction" if last.group("reduce") else "speedup"
    return "speedup"


QUAL_OPT = (r"(?:(?:up\s+to|as\s+much\s+as|as\s+many\s+as|over|more\s+than|at\s+least|nearly|almost|about|around|"
            r"approximately|roughly|approx\.|close\s+to|less\s+than|fewer\s+than|under|only|just|merely|a\s+mere|"
            r"an\s+average\s+of|on\s+average|an\s+additional|a\s+further|as\s+little\s+as|averag\w+|[~∼≈<>≥≤])\s*)*")
BASELINE_FAR = re.compile(
    r"\b(?:compared\s+(?:to|with|against)|in\s+comparison\s+(?:to|with)|relative\s+to|versus|vs\.?|against|than)\s+"
    r"(?!(?:up\s+to|about|around|nearly)?\s*\d)(?:those\s+of\s+|that\s+of\s+)?(?:the\s+|a\s+|an\s+)?(?P<base>" + BASE_CHARS + r")" + BASE_END, re.I)
BASELINE_LEAD = re.compile(
    r"(?:^|[,;:]\s*|\s)(?:compared\s+(?:to|with|against)|in\s+comparison\s+(?:to|with)|relative\s+to|unlike)\s+"
    r"(?:the\s+|a\s+|an\s+)?(?P<base>[^,;]{2,60}?)\s*,", re.I)
OUTPERFORMS = re.compile(
    r"\b(?:outperform\w*|surpass\w*|beat\w*|exceed\w*|outpac\w*|improv\w*\s+(?:on|over|upon))\s+(?:the\s+|a\s+|an\s+)?"
    r"(?P<base>[^,;()]{2,80}?)\s+by\s+" + QUAL_OPT + r"$", re.I)
# any comparison of a sentence, for its claims when none names its own baseline
COMPARED = re.compile(
    r"\b(?:compared\s+(?:to|with|against)|in\s+comparison\s+(?:to|with)|relative\s+to|versus|vs\.?|against|than|over|"
    r"improv\w*\s+(?:on|upon)|outperform\w*|surpass\w*|exceed\w*|outpac\w*)\s+"
    r"(?!(?:up\s+to|about|around|nearly|more\s+than|over)?\s*\d|(?:half|twice|double)\b)"
    r"(?:those\s+of\s+|that\s+of\s+)?(?:the\s+|a\s+|an\s+)?(?P<base>" + BASE_CHARS + r")" + BASE_END, re.I)
NOT_A_BASELINE = re.compile(
    r"^(?:it|they|them|this|that|those|these|ours?|before|previously|prior\s+work|others?|one|each|all|average|"
    r"(?:the\s+)?(?:latter|former)|\d[\d.,]*)$"
    r"|^\d[\d.,]*\s*(?:%|x\b|×|times\b)|[%×$]", re.I)
GENERIC_HEAD = re.compile(r"\b(?:methods|models|baselines|approaches|systems|techniques|frameworks|solutions|works|variants)$", re.I)


def _clean_baseline(base: str) -> str | None:
    base = " ".join(base.split()).strip(" -–:")
    # "those of X", "the (zero-shot) performance of X": what is compared is X's
    base = re.sub(r"^(?:those|that|(?:the\s+)?(?:[\w-]+\s+)?(?:performance|accuracy|results?|quality))\s+of\s+(?:the\s+)?", "",
                  base, flags=re.I)
    # "the corresponding sizes of MDTv2", "the original implementation of X": the method is X
    base = re.sub(r"^(?:[\w-]+\s+){0,2}?(?:sizes|versions?|variants?|implementations?|counterparts?)\s+of\s+(?:the\s+)?(?=\S*[A-Z0-9])",
                  "", base)
    named = re.sub(r"^.*?\bsuch\s+as\s+", "", base, flags=re.I)  # "systems such as PipeDream and Piper": the names count
    if not base or len(named.split()) > 6 or NOT_A_BASELINE.search(base):
        return None
    return _named(base)


def _named(base: str) -> str:
    """"state-of-the-art DFlash" is DFlash: praise before a name is no part of it."""
    base = re.sub(r"^(?:the\s+)?(?:state-of-the-art|SOTA|strong|leading|popular)\s+(?=[A-Z][\w.+-]*(?:\s+[A-Z0-9][\w.+-]*)?$)", "", base)
    # "the iterative method Fast-FoundationStereo", "state-of-the-art methods PointSSC": the name is the baseline
    return re.sub(r"^(?:[\w-]+\s+){0,3}?(?:method|model|baseline|approach|framework|system|algorithm|technique)s?\s+"
                  r"(?=[A-Z][\w.+-]*(?:\s+[A-Z0-9][\w.+-]*)?$)", "", base)


def split_baselines(base: str | None) -> list[str | None]:
    """Each baseline of "over A and B" ("PipeDream and Piper") on its own; a shared head
    ("RNN and CNN models") or a description stays one baseline.

    >>> split_baselines("PipeDream and Piper"), split_baselines("RNN and CNN models")
    (['PipeDream', 'Piper'], ['RNN and CNN models'])
    """
    if not base:
        return [base]
    # "the conventional FM- and score-based approaches": two baselines that share the hyphen's word
    sus = _match(r"^(?P<pre>.*?)(?P<a>[\w.+]+)-\s+(?:and|or)\s+(?P<b>[\w.+]+)-(?P<post>[\w-]+.*)$", base)
    if sus:
        return [f"{sus.group('pre')}{w}-{sus.group('post')}" for w in (sus.group("a"), sus.group("b"))]
    m = _search(r"\bsuch\s+as\s+(?P<names>.+)$", base, re.I)
    if m:
        base = m.group("names")
    parts = [p.strip() for p in re.split(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|&)\s+", base) if p.strip()]
    if len(parts) > 1 and all(len(p.split()) <= 3 and _search(r"[A-Z0-9]", p) and not GENERIC_HEAD.search(p)
                              for p in parts):
        return [_named(p) for p in parts]
    return [base]


NAME = r"[A-Z0-9][\w.+-]*(?:\s+[A-Z0-9][\w.+-]*){0,2}"
NAME_LIST = re.compile(r"(?:,\s*" + NAME + r"(?![\w.+-]))*,?\s+(?:and|or)\s+" + NAME + r"(?![\w.+-])(?=\s*(?:[,;.()]|$|\s+(?:at|on|in|for|with|while|across|under|respectively)\b))")


def _find_baseline(sentence: str, start: int, end: int) -> tuple[str | None, int]:
    """The baseline of the claim at sentence[start:end] and where its phrase ends: right after the
    number ("1.3× over Fast-dLLM"), further along ("… by 2.4 times compared to heavy baselines"),
    before it ("outperforms PipeDream by 1.6×"), or leading the sentence ("Compared to X, …")."""
    after = sentence[end:]
    m = BASELINE_AFTER.match(after)
    if not m:
        m = BASELINE_FAR.search(after.split(";")[0])
        if m and (_search(r"[%×]|\d\s*(?:x|times)\b", after[:m.start()]) or m.group(0).lower().startswith("than") and (
                QUALITY_WORDS.search(after[:m.start()]) or "," in after[:m.start()])):
            m = None
    if m:
        base = _clean_baseline(m.group("base"))
        if base:
            # "fine-tuning (FT)": the acronym written with the baseline is part of it
            acro = _match(r"\s*\([A-Za-z][\w-]{0,11}\)", after[m.end("base"):])
            if acro:
                return base + acro.group(0), end + m.end("base") + acro.end()
            # "compared to BPE, WordPiece, and UnigramLM": a list of names is every one's
            names = NAME_LIST.match(after[m.end("base"):]) if _search(r"[A-Z0-9]", base) and len(base.split()) <= 3 else None
            if names:
                return base + names.group(0), end + m.end("base") + names.end()
            return base, end + m.end("base")
    # "twice as fast as Adam", "three times as efficient as X"
    as_fast = r"as\s+(?:fast|quick|efficient|cheap)"
    m = _match(r"^\s+(?:" + as_fast + r"\s+)?as\s+(?:the\s+|a\s+|an\s+)?(?P<base>" + BASE_CHARS + r")" + BASE_END, after, re.I) \
        if _search(r"\b" + as_fast + r"$", sentence[:end], re.I) or _match(r"^\s+" + as_fast + r"\s+as\b", after, re.I) else None
    if m and _clean_baseline(m.group("base")):
        return _clean_baseline(m.group("base")), end + m.end("base")
    m = OUTPERFORMS.search(sentence[max(0, start - 150):start])
    if m:
        base = _clean_baseline(m.group("base"))
        if base:
            return base, -1
    m = None
    for m in BASELINE_LEAD.finditer(sentence[:start]):
        pass
    # "Compared to X, …" heads the claim's clause; a comparison right after another claim's number
    # ("by 43-72% compared to JPEG, whereas … by 0.3-33%") is that claim's
    # a comparison that opens the sentence, before any number, is every claim's in it
    opening = m is not None and not _search(r"\d", sentence[:m.start()]) and ";" not in sentence[m.end():start]
    if m and (opening or not _search(r"\d\s*(?:%|×|x\b|times\b)", sentence[m.end():start])
              and not _search(r"\b(?:whereas|while|but)\b|;", sentence[m.end():start])) \
            and not _search(r"\d\s*(?:%|×|x\b|times\b)[^,;]{0,25}$", sentence[max(0, m.start() - 30):m.start() + 1]):
        base = _clean_baseline(m.group("base"))
        if base:
            return base, -1
    return None, -1


def _baseline(after: str) -> str | None:
    """The baseline right after a claim's number ("1.3× over Fast-dLLM" → "Fast-dLLM")."""
    base, _ = _find_baseline(" " + after, 0, 0)
    return base


ACRONYM_IN_PARENS = re.compile(r"\s*\((?=[\w-]*[A-Z][\w-]*\))[A-Za-z][\w-]{0,15}\)")  # " (TTFT)", " (LLMs)"


def _quantity(sentence: str, start: int, end: int) -> str | None:
    """What is faster or smaller: 'speedup in X', 'reduction in X', 'reduces X by', 'X speedup'."""
    after = sentence[end:]
    # "a 16x reduction in training time and computational overhead": both, split into two claims later
    m = _match(r"^\s*(?:speed[\s-]?ups?|reduction|acceleration|improvement|decrease|faster|fewer|less|lower)?\s*"
                 r"(?:in|of|for)\s+(?:the\s+)?(?P<q>[\w\-–×]+(?:\s+[\w\-–×]+)?\s+and\s+(?!(?:the|a|an|up|about|we|it|our)\b)[\w\-–×]+(?:\s+[\w\-–×]+)?)"
                 r"(?=\s*(?:[,;.()]|$|\s+(?:over|than|compared|with|on|while|at|across|relative|against)\b))", after, re.I)
    if m and len(split_quantities(m.group("q"))) > 1:
        return m.group("q").strip()
    m = _match(r"^\s*(?:speed[\s-]?ups?|reduction|acceleration|improvement|decrease|faster|fewer|less|lower)?\s*"
                 r"(?:in|of|for)\s+(?:the\s+)?(?P<q>[\w\-–×\s]+?)(?=\s*(?:[,;.()]|$|\s+(?:over|than|compared|with|on|while|and|at|across|relative|against)\b))",
                 after, re.I)
    if m and len(m.group("q").split()) <= 5:
        q = re.sub(r"\s+(?:reductions?|savings?|decreases?)$", "", m.group("q").strip(), flags=re.I)  # "91% in FLOPs reduction"
        return q or None
    # "4x faster prefilling and decoding", "2x faster SFT training": what is faster follows
    m = _match(r"^\s*(?:faster|quicker)\s+(?!(?:than|on|in|at|with|for|while|and|compared|when|to|per|by)\b)"
               r"(?P<q>[\w\-]+(?:\s+[\w\-]+)?(?:\s+and\s+[\w\-]+)?)(?=\s*(?:[,;.()]|$)|\s+(?:on|in|than|over|compared|with|while|at|across|for|relative|against|versus)\b)",
               after, re.I)
    if m:
        return m.group("q")
    m = _match(r"^\s*(?:fewer|less|smaller|lower)\s+(?P<q>[\w\-]+(?:\s+[\w\-]+)?)", after, re.I)
    if m and _fullmatch(EFFICIENCY_NOUNS, m.group("q").split()[-1], re.I):
        return m.group("q")
    # "reduces large language model (LLM) time-to-first-token (TTFT) by up to 4x": the acronyms in parentheses
    # are the phrase's own, not the end of what is reduced
    before = ACRONYM_IN_PARENS.sub("", sentence[:start])
    m = _search(r"(?:reduc\w*|decreas\w*|cut\w*|lower\w*|accelerat\w*|speed\w*\s+up|increas\w*|improv\w*)\s+(?:the\s+)?"
                  r"(?P<q>[\w\-–×\s]+?)\s+(?:by\s+|to\s+|from\s+|up\s+to\s+)" + QUAL_OPT + r"$",
                  before, re.I)
    if m and len(m.group("q").split()) <= 6:
        return re.sub(r"\s+(?:speed|up)$", "", m.group("q").strip())
    return None




FACTOR = re.compile(
    rf"(?<![\w.×/-])(?P<v>{NUM})(?:\s?[x×X](?=\s*(?:-|–|—|~|∼|to)\s*\d))?(?:{RANGE_SEP}(?P<v2>{NUM}))?\s?(?P<t>{TIMES})"
    rf"(?![\w×]|\s*\d)"
    rf"|(?<![\w.])[x×](?P<pv>\d+(?:\.\d+)?)(?![\w×]|\.\d)",
)
FACTOR_OF = re.compile(rf"\bfactor\s+of\s+{QUAL_OPT}(?P<v>{NUM})(?:{RANGE_SEP}(?P<v2>{NUM}))?(?![\d%×]|\s*%|\.\d)", re.I)
WORD_FACTOR = re.compile(
    rf"\b(?P<w>{NUMBER_WORD})(?:-|\s+)?(?:times|fold)\b"
    r"|\b(?P<twice>twice)\s+as\s+(?:fast|efficient|quick)"
    r"|\b(?P<half>halv\w*|doubl\w*|tripl\w*|quadrupl\w*)\b",
    re.I,
)
FRACTION = re.compile(
    r"\b(?P<f>half|one[\s-]half|(?:a|one)[\s-](?:third|quarter|fourth|fifth|sixth|seventh|eighth|ninth|tenth|hundredth|thousandth))"
    r"\s+(?:of\s+)?(?:the\s+|its\s+|their\s+|our\s+)?(?P<q>[\w-]+(?:\s+[\w-]+){0,2})", re.I)
SLASH = re.compile(r"\b(?:to|by|at|with|using|requires?)\s+(?:only\s+|about\s+|roughly\s+|approximately\s+|just\s+)?1/(?P<d>\d+)(?![\d/]|\.\d)", re.I)
PERCENT = re.compile(rf"(?<![\w.])(?P<v>{NUM})(?:\s*%|\s+percent)?(?:{RANGE_SEP}(?P<v2>{NUM}))?(?:\s*%|\s+percent\b)")
FROM_TO = re.compile(rf"\bfrom\s+(?P<a>{NUM})\s*(?:[A-Za-z%]+\s+)?to\s+(?P<b>{NUM})(?!\w|\.\d)")
MAGNITUDE = re.compile(r"\b(?:by\s+|with\s+|at\s+|is\s+|are\s+|be\s+|of\s+|)(?P<q>(?:more\s+than\s+|over\s+|nearly\s+|almost\s+|up\s+to\s+|roughly\s+)?"
                       r"(?:several\s+|two\s+|three\s+|four\s+|five\s+|six\s+|multiple\s+|many\s+)?orders?\s+of\s+magnitude|"
                       r"(?:more\s+than\s+|over\s+|nearly\s+|almost\s+|up\s+to\s+|roughly\s+)?an\s+order\s+of\s+magnitude)", re.I)
# cheap pre-checks: a rule runs only on sentences that hold its words
CUE_WORDS = ("percent", "times", "fold", "factor", "twice", "halv", "half", "doubl", "tripl", "quadrupl", "third",
             "quarter", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "hundredth", "thousandth",
             "magnitude")
DIGIT_CUE = re.compile(r"\d\s?[xX×*]|[x×]\d|1/\d|from\s+\d")


def may_claim(sentence: str) -> bool:
    """Whether a sentence can hold a claim at all (plain substring tests first: this runs on every sentence)."""
    if "%" in sentence:
        return True
    low = sentence.lower()
    return any(w in low for w in CUE_WORDS) or DIGIT_CUE.search(sentence) is not None


WORD_CUE = re.compile(r"times|fold|twice|halv|doubl|tripl|quadrupl")
FRACTION_CUE = re.compile(r"half|third|quarter|fourth|fifth|sixth|seventh|eighth|ninth|tenth|hundredth|thousandth")
SPEED_CONTEXT = re.compile(r"\b(?:" + SPEED_WORDS + r"|" + REDUCE_WORDS + r")", re.I)
EFFICIENCY_CONTEXT = re.compile(r"\b(?:" + SPEED_WORDS + r"|" + EFFICIENCY_NOUNS + r")\b", re.I)
SHARE_NOUNS = (r"data|dataset|labels?|labell?ed|annotations?|parameters|weights|tokens|compute|budget|size|cost|costs|time|memory|"
               r"FLOPs|samples|examples|fee|fees|blocks|layers|passes|steps|queries|calls|original|baseline|decisions|"
               r"training|resources|energy|experts|heads|neurons|channels|KV|cache|runtime|computation|iterations|"
               r"evaluations|GPU[\s-]?hours|storage|bandwidth|demonstrations|supervision|trajectories")
SHARE_STRONG = re.compile(r"\b(?:only|just|merely|a\s+mere|less\s+than|fewer\s+than|under|as\s+little\s+as|at\s+most)\s+$", re.I)
SHARE_WEAK = re.compile(
    r"\b(?:using|uses?|with|requir\w*|needs?|needing|updat\w*|train\w*\s+on|tun\w*|keep\w*|retain\w*|skipp\w*|"
    r"eliminat\w*|prun\w*|remov\w*|drop\w*|defer\w*|activat\w*|consum\w*|sparse|to|skip\w*)\s+" + QUAL_OPT + r"$", re.I)
SHARE_AFTER = re.compile(
    r"^\s*(?:of|the)\s+(?:the\s+|its\s+|their\s+|our\s+|all\s+|total\s+)?(?:[\w-]+\s+){0,4}?(?:" + SHARE_NOUNS + r")\b"
    # "with only 10% labeled data", "training only 0.5% parameters"
    r"|^\s*(?:(?:labell?ed|annotated|unlabell?ed|training|trainable|paired)\s+)?(?:data|labels|annotations|parameters)\b", re.I)
REDUCE_TO = re.compile(r"\b(?:reduc\w*|decreas\w*|cut\w*|lower\w*|shrink\w*|compress\w*|bring\w*|brought|limit\w*)\b"
                       r"[^%;]{0,60}?\bto\s+" + QUAL_OPT + r"$", re.I)
REDUCE_BY = re.compile(
    r"\b(?:reduc\w*|decreas\w*|cut\w*|sav\w*|lower\w*|shrink\w*|compress\w*|drop\w*|fall\w*|fell|declin\w*|diminish\w*|"
    r"minimi[sz]\w*|trim\w*|slash\w*)\b[^%;,]{0,80}?\bby\s+" + QUAL_OPT + r"$"
    r"|\b(?:sav\w*|cut\w*|reduc\w*|lower\w*|shrink\w*|eliminat\w*|skipp\w*|prun\w*)\s+" + QUAL_OPT + r"$"
    r"|\b(?:reductions?|savings?|decreases?|cuts?)\s+(?:of|by)\s+" + QUAL_OPT + r"$", re.I)
QUALITY_AFTER = re.compile(
    r"^\s*(?:(?!(?:while|and|but|whereas|with|without|at|maintain\w*|preserv\w*|keep\w*|retain\w*|improv\w*|achiev\w*|"
    r"match\w*|on|across|for|comparable|similar|same)\b)[\w-]+\s+){0,4}?(?:" + QUALITY_WORDS.pattern[3:-3] + r"|hallucinat\w*|errors?|usable|mistakes|"
    r"correctness|robustness|gains?\s+in\s+(?:accuracy|performance))\b", re.I)
QUALITY_GAIN_BEFORE = re.compile(
    r"\b(?:improv\w*|increas\w*|boost\w*|rais\w*|enhanc\w*|reduc\w*|decreas\w*|lower\w*|cut\w*)\s+(?P<obj>[^,;]{0,50}?)\s+by\s+"
    + QUAL_OPT + r"$", re.I)
QUALITY_OBJECT = re.compile(QUALITY_WORDS.pattern + r"|\b(?:errors|hallucinat\w*|mistakes)\b", re.I)
LIST_GAP = re.compile(r"^\s*(?:(?:in|on|for|at|with)\s+[^,;.%×\d]{1,30}?\s*)?(?:,\s*(?:and\s+|or\s+)?|and\s+|or\s+|/\s*)(?P<q>[^,;.%×\d]{0,45}?)\s*(?:by\s+)?" + QUAL_OPT + r"$", re.I)
# "98.8% portfolio time reduction on A, 98.6% on B": the claim's own words, then the list
LIST_GAP_HEAD = re.compile(r"^\s*(?:[\w-]+\s+){0,2}(?:reductions?|savings?|decreases?|speed-?ups?|faster|fewer|less|lower)\s+"
                           r"(?:in|on|for|at|with)\s+[^,;.%×\d]{1,30}?\s*(?:,\s*(?:and\s+|or\s+)?|and\s+)(?P<q>)" + QUAL_OPT + r"$", re.I)
LIST_SEP = re.compile(r"^\s*(?:,\s*(?:and\s+|or\s+)?|and\s+|or\s+|/\s*)" + QUAL_OPT + r"$", re.I)
SHARE_GAP = re.compile(r"^\s*of\s+[^,;.%×\d]{1,50}?\s*(?:,\s*(?:and\s+)?|and\s+)" + QUAL_OPT + r"$", re.I)
CLAUSE_STOP = re.compile(r",(?!\d)|;|\)|\s\(|:\s|\s(?:while|whereas|but|which|and\s+(?:we|it|our|they|the\s+\w+\s+(?:is|are)))\b|\.(?:\s|$)"
                         # "3× training speedup and substantially improves motion": a new verb starts a new clause
                         r"|\sand\s+(?:\w+ly\s+)?(?:improves?|achieves?|maintains?|preserves?|outperforms?|enables?|yields?|delivers?|"
                         r"offers?|provides?|matches?|completes?|surpasses?|attains?|retains?|keeps?)\b")


CLOSED_PARENS = re.compile(r"\([^()]*\)")


def left_start(sentence: str, start: int) -> int:
    """Where the clause before `start` begins: after the last comma, semicolon, colon, dash or open
    parenthesis; a parenthesis closed before `start` is part of the clause ("reduces time-to-first-token
    (TTFT) by 4x")."""
    before = CLOSED_PARENS.sub(lambda m: " " * len(m.group()), sentence[:start]) if ")" in sentence[:start] else sentence[:start]
    return max(before.rfind(p) for p in (",", ";", ":", "(", "—")) + 1


def _clause(sentence: str, start: int, end: int) -> tuple[str, str]:
    """Text around a match, bounded by clause punctuation, for context tests."""
    left = left_start(sentence, start)
    rights = [i for i in (sentence.find(p, end) for p in (",", ";", "(", "—")) if i >= 0]
    right = min(rights) if rights else len(sentence)
    return sentence[left:start], sentence[end:right]


def _quality_gain(sentence: str, start: int, end: int) -> bool:
    """A quality gain written like an efficiency claim ("2.3× reduction in error rate",
    "improves recall by 3×"): a result, not a speed-up."""
    after = sentence[end:end + 60]
    if QUALITY_AFTER.match(after) and not _match(
            r"^\s*(?:[\w-]+\s+){0,3}?(?:" + SPEED_WORDS + r"|" + EFFICIENCY_NOUNS + r")\b", after, re.I):
        return True
    if sentence[start:end].rstrip().endswith("%") and OUTPERFORMS.search(sentence[max(0, start - 150):start]) and not _search(
            r"\b(?:faster|speed\w*|throughput|latency|time|memory|cost)\b", sentence[max(0, start - 80):end + 40], re.I):
        return True  # "surpasses other baselines by 2.6%": a margin in quality
    m = QUALITY_GAIN_BEFORE.search(sentence[max(0, start - 80):start])
    if m and _search(r"(?:^|\s)(?:" + QUALITY_OBJECT.pattern + r")$", m.group("obj"), re.I):
        return True  # "improves average evaluation return by 1.7×": the head of what grows is a quality measure
    return bool(m and QUALITY_OBJECT.search(m.group("obj")) and not EFFICIENCY_CONTEXT.search(m.group("obj")))


# a cost the method adds ("a marginal overhead (1.03x)", "a 4% overhead"), a level ("60-75% efficiency",
# "45% utilization") or a ratio ("size ratios of 5x and 10x"): numbers that claim no speed-up or saving
OVERHEAD_BEFORE = re.compile(r"\b(?:overhead|slowdown)\s*(?:of\s+|is\s+|:\s*)?\(?\s*" + QUAL_OPT + r"$"
                             r"|(?<!\w)(?P<what>[\w-]+\s+)?ratios?\s+(?:of\s+)?" + QUAL_OPT + r"$", re.I)
LEVEL_AFTER = re.compile(r"^\s*(?:(?:extra|additional|runtime|compute|computational|memory)\s+)?(?:overhead|slowdown)\b(?!\s+(?:reduction|savings?|cut|decrease))"
                         r"|^\s*(?:(?:hardware|GPU|compute|energy|model\s+FLOPs?)\s+)?(?:efficiency|utili[sz]ation|occupancy|MFU)\b"
                         r"(?!\s+(?:gains?|improvements?|increases?|boosts?|over|than))", re.I)


def _a_level(sentence: str, start: int, end: int) -> bool:
    """A number that states an added cost, a level or a ratio, not a gain (see OVERHEAD_BEFORE); or an
    increase of something that is no speed or cost ("a 25-fold increase in the space-bandwidth product")."""
    gain = _match(r"^\s*(?:increases?|improvements?|gains?|boosts?)\s+(?:in|of)\s+(?:the\s+)?(?P<q>[^,;.()]{1,60})", sentence[end:end + 80], re.I)
    if gain and not EFFICIENCY_CONTEXT.search(gain.group("q")) and not _search(r"\b(?:cost|speed|efficien)", gain.group("q"), re.I):
        return True
    before = sentence[max(0, start - 60):start]
    # "ratios of 5x and 10x": the words before a list are each member's
    before = re.sub(r"(?:(?:" + NUM + r")\s*(?:%|x|×)?\s*(?:,\s*(?:and\s+|or\s+)?|and\s+|or\s+))+$", "", before)[-40:]
    if _search(r"\b(?:reduc\w*|cut\w*|lower\w*|decreas\w*|sav\w*|eliminat\w*)\b", before, re.I):
        return False
    over = OVERHEAD_BEFORE.search(before)
    if over and over.group("what") and KIND_WORD.match(over.group("what")):
        over = None  # "an acceleration ratio of 1.9x", "a compression ratio of 8x": the gain itself
    if _search(r"\b(?:differ\w*|var(?:y|ies|ied|ying)|fluctuat\w*|spread)\s+(?:by\s+)?" + QUAL_OPT + r"$", before, re.I):
        return True  # "runs can differ by up to 30x in total tokens": a spread, no gain
    if _cost_multiple(sentence, start, end):
        return True  # "up to 8.9x inference cost": a multiple of a cost, with no word that it is lower
    return bool(over or LEVEL_AFTER.match(sentence[end:end + 60]) or _added_or_capacity(sentence, start, end))


# a multiple of a cost, with no direction ("8.9x inference cost", "90x the cost", "1.06× time"): more cost, no
# saving; below one ("0.05 times the computational cost") it is a share of the cost, a reduction
COST_NOUNS = r"cost|costs|latency|overhead|energy|memory|compute|computation|token\s+usage|price|budget|time|FLOPs|parameters|size"
COST_AFTER = re.compile(r"^\s*(?:the\s+|its\s+|their\s+|our\s+)?(?:(?!(?:lower|less|fewer|smaller|cheaper|reduced|higher|more|"
                        r"greater|larger|faster|slower|quicker|improved|better|increased|and|or|with|in|of|on|at|for|than)\b)[\w-]+\s+){0,2}?"
                        r"(?:" + COST_NOUNS + r")\b(?!\s*(?:reductions?|savings?|improvements?|decreases?|cuts?|advantages?|"
                        r"efficiency|speed[\s-]?ups?|gains?|drops?|benefits?|lower|less|smaller|fewer|[\w-]+\s+(?:reduction|savings?)))", re.I)
COST_DIRECTION = re.compile(r"\b(?:" + SPEED_WORDS.replace("|inference|", "|").replace("|latency|", "|") + r"|" + REDUCE_WORDS
                            + r"|improv\w*|efficien\w*|within)\b", re.I)


def _cost_multiple(sentence: str, start: int, end: int) -> bool:
    """"8.9x inference cost", "at 90x the cost": a multiple (at least one) of a cost, no word before it in its
    clause that it is lower or faster."""
    if sentence[start:end].rstrip().endswith("%") or not COST_AFTER.match(sentence[end:end + 60]):
        return False
    left = left_start(sentence, start)
    if sentence[left - 1:left] == "(" and _match(r"^" + QUAL_OPT + r"$", sentence[left:start]):
        left = left_start(sentence, left - 1)  # "reduced reliance on X (~5× time)": the clause the parenthesis is of
    return not COST_DIRECTION.search(sentence[left:start][-60:])


# a cost the method adds ("adds less than 0.1% parameters", "only 2% extra parameters and 3% latency")
ADDED_BEFORE = re.compile(r"\b(?:adds?|adding|added|introduc\w*|incur\w*)\s+(?:only\s+|just\s+|merely\s+|a\s+|an\s+)?"
                          r"(?:(?:small|slight|negligible|marginal|minimal|modest)\s+)?[^;,.]{0,50}$", re.I)
ADDED_AFTER = re.compile(r"^\s*(?:extra|additional|more\s+(?:parameters|params|memory|compute|FLOPs))\b", re.I)
# "8× more frames", "5× more training steps" (who needs them, and than what, unsaid): more of a thing is
# a capacity or a cost, not a speed-up, unless it is per unit of time or against something
MORE_AFTER = re.compile(r"^\s*more\s+(?P<n>(?:[\w-]+\s+){0,2}?[\w-]+)", re.I)
NEED_BEFORE = re.compile(r"\b(?:needs?|needing|requir\w*|uses?|using|consum\w*|takes?|costs?)\s+" + QUAL_OPT + r"$", re.I)


PER_TIME = re.compile(r"\bper\s+(?:second|sec|hour|minute)\b|\w/s\b", re.I)


def _needs_more_than(sentence: str, start: int, end: int) -> bool:
    """"X needs 40% more queries than ours": a cost of the other system, compared."""
    more = MORE_AFTER.match(sentence[end:end + 80])
    return bool(more and NEED_BEFORE.search(sentence[max(0, start - 30):start])
                and _search(r"\b(?:" + EFFICIENCY_NOUNS + r"|cost\w*)\b", re.split(r"\bthan\b", sentence[end + more.start("n"):end + 60])[0], re.I)
                and _search(r"\bthan\b", _clause(sentence, start, end)[1], re.I))


NO_COST_REDUCED = re.compile(r"^\s*(?:reductions?|decreases?|drops?|declines?)\b(?!\s+(?:in|of)\b)", re.I)
SOME_COST = re.compile(r"\b(?:" + SPEED_WORDS + r"|" + EFFICIENCY_NOUNS + r"|" + SHARE_NOUNS + r"|cost\w*|expensive|cheaper|models?|"
                       r"footprint|sizes?|keys|points|bit-?rates?|bytes|bits\s+per|TTFT|TPOT|TBT|lengths?|clicks|effort|space|hours?|minutes?|seconds?|days|images|actions|interactions|episodes|trials|rollouts|[KMGT]B|bpw|compress\w*)\b|\bper\s+(?:second|sec|hour|minute)\b|\w/s\b",
                       re.I)


def _no_cost_reduced(sentence: str, start: int, end: int) -> bool:
    """"The mutual information decreases from … to … (an 11,700-fold reduction)": a bare reduction in a
    sentence that names no cost, size or unit of work anywhere is no efficiency claim."""
    return bool(NO_COST_REDUCED.match(sentence[end:end + 30]) and not SOME_COST.search(sentence[:start])
                and not SOME_COST.search(sentence[end:end + 80]))


REDUCED_OBJECT = re.compile(r"\b(?:reduc\w*|decreas\w*|cut\w*|lower\w*|shrink\w*|drop\w*|minimi[sz]\w*|trim\w*|slash\w*)\s+"
                            r"(?P<obj>[^,;()]{1,60}?)\s+by\s+(?:a\s+factor\s+of\s+)?" + QUAL_OPT + r"$", re.I)


def _reduces_no_cost(sentence: str, start: int) -> bool:
    """"reduces attention sink mass by 529×", "cuts cross-talk by 2.4x": what the verb reduces names no cost,
    size or unit of work."""
    m = REDUCED_OBJECT.search(sentence[max(0, start - 100):start])
    return bool(m and not SOME_COST.search(m.group("obj")) and not _match(r"(?:it|them|this|these)$", m.group("obj"), re.I))


def _needer(sentence: str, start: int) -> str | None:
    """"The dense retriever needs 4x more queries than ours": the one that needs more, the subject of its
    clause, is the baseline of the claim (ours needs fewer)."""
    m = _match(r"^\s*(?:the\s+|a\s+|an\s+)?(?P<s>[\w.+-]+(?:\s+[\w.+-]+){0,3}?)\s+(?:\w+ly\s+)?(?:needs?|requires?|uses?|consumes?|takes?|costs?)\s+"
               + QUAL_OPT + r"$", sentence[left_start(sentence, start):start], re.I)
    if not m or _search(r"(?<![\w-])\d[\d.,]*(?![\w-])|\b(?:and|or|than|of|in|on|with|to|is|are)\b", m.group("s"), re.I):
        return None
    return _clean_baseline(m.group("s"))


def _added_or_capacity(sentence: str, start: int, end: int) -> bool:
    before = sentence[left_start(sentence, start):start]
    after = sentence[end:end + 80]
    if ADDED_AFTER.match(after):
        return True
    added = ADDED_BEFORE.search(before)
    if added and not _search(r"\b(?:reduc\w*|sav\w*|cut\w*|lower\w*|fewer|less|faster|speed\w*|accelerat\w*|while|whereas|but)\b",
                             re.sub(r"\b(?:less|fewer)\s+than\s*$", "", added.group(0)[3:]), re.I) \
            and not _match(r"\s*(?:fewer|less|lower|smaller|cheaper|faster)\b", after, re.I):
        return True  # but "incurring 4-6x fewer tool calls" is a saving
    more = MORE_AFTER.match(after)
    if not more or _search(r"\b(?:per\s+(?:second|sec|hour|minute|step|GPU)|/s|throughput|efficien\w*|speed\w*)\b",
                           after[:more.end() + 25], re.I):
        return False
    clause_end = _clause(sentence, start, end)[1]
    if NEED_BEFORE.search(sentence[max(0, start - 30):start]):
        # "X needs 40% more queries than ours" is a claim (ours needs fewer); with no comparison it is not, nor
        # when the other is no method ("agentic tasks consume 1000x more tokens than code chat": a finding)
        than = _search(r"\b(?:than|compared\s+(?:to|with)|relative\s+to|versus|vs\.?)\s+(?:that\s+of\s+|those\s+of\s+)?(?P<z>\S+)",
                       clause_end, re.I)
        return not than or not _match(r"(?:ours|our|us|this|the|it|its|[A-Z0-9])", than.group("z"))
    return not _search(r"\b(?:" + EFFICIENCY_NOUNS + r"|cost\w*|expensive)\b", more.group("n"), re.I)


def _text_end(sentence: str, end: int, next_start: int | None, base_end: int) -> int:
    """Where a claim's text ends: the end of its clause (never inside a word), before the next
    claim of a list, and after its baseline phrase when the sentence gives one."""
    stop = CLAUSE_STOP.search(sentence, end)
    cut = stop.start() if stop else len(sentence)
    if next_start is not None and next_start < cut:
        gap = sentence[end:next_start]
        conn = [m.start() for m in _finditer(r",(?!\d)|\s(?:and|or)\s|/|;", gap)]
        # "130× faster at roughly 300× lower cost": the words that lead to the next number are that claim's
        lead = _search(r"(?:\s+(?:at|with|by|of|to|in|for|while|up|roughly|about|around|nearly|almost|approximately|over|"
                       r"only|just|least|most|more|less|than|an?|compared|relative|versus|vs\.?|along|[~∼≈<>≥≤]))*\s*$", gap) if not conn else None
        cut = end + conn[-1] if conn else end + (lead.start() if lead else len(gap.rstrip()))
    if base_end > cut:
        cut = base_end
    if sentence[cut:cut + 1] == ")" and sentence[end:cut].count("(") > sentence[end:cut].count(")"):
        cut += 1
    return len(sentence[:cut].rstrip(" .,;:—-"))


def find_claims(sentence: str, blocked: list[tuple[int, int]] = ()) -> list[Claim]:
    """Every efficiency claim in one sentence, as `Claim` records: `text` is the claim as written (the number
    to the end of its clause, with its baseline phrase), `evidence` the number's span in `sentence` and the rule.

    `blocked` lists spans (names like "Llama-3.2-1B", "CIFAR-10") whose numbers are never claims.

    >>> [(c.value, c.value_max, c.unit, c.baseline) for c in find_claims("It gives a 7-14× speedup over vanilla dLLMs and 1.3× over Fast-dLLM.")]
    [(7.0, 14.0, 'x', 'vanilla dLLMs'), (1.3, None, 'x', 'Fast-dLLM')]
    """
    if not may_claim(sentence):
        return []
    claims: list[Claim] = []
    taken: list[tuple[int, int]] = list(blocked)
    base_ends: dict[int, int] = {}

    def free(s: int, e: int) -> bool:
        return all(e <= a or s >= b for a, b in taken)

    def add(start, end, value, value_max, unit, kind, quantity, qualifier, factor, factor_max, rule, num_end=None):
        base, base_end = _find_baseline(sentence, start, num_end if num_end is not None else end)
        base_ends[start] = base_end
        claims.append(Claim("", value, value_max, unit, kind, quantity, base, qualifier, factor, factor_max,
                            Evidence(sentence, start, end, rule)))
        taken.append((start, end))

    # from A to B, for a quantity that is increased or decreased ("tokens-per-step from 2.6 to 4.3")
    low = sentence.lower()
    for m in (FROM_TO.finditer(sentence) if "from " in low else ()):
        left, right = _clause(sentence, m.start(), m.end())
        if not free(m.start(), m.end()) or not _search(r"\b(?:increas|reduc|decreas|improv|boost|rais|lower|cut|accelerat|speed|fall|fell|drop|declin|grow|rise|rose|jump|go|went)\w*", left, re.I):
            continue
        a, b = parse_number(m.group("a")), parse_number(m.group("b"))
        if a <= 0 or b <= 0 or a == b:
            continue
        # a parenthetical "(1024 to 32)" restating a factor claim is handled by the factor rule
        if sentence[max(0, m.start() - 1):m.start()] == "(":
            continue
        kind = "reduction" if b < a else "speedup"
        if not EFFICIENCY_CONTEXT.search(left + right) and not _search(r"per[\s-]step|per[\s-]second|/s\b", left, re.I):
            continue
        if QUALITY_WORDS.search(left[-40:]) and not EFFICIENCY_CONTEXT.search(left[-40:]) or QUALITY_WORDS.search(right[:20]):
            continue
        verb = None
        for verb in _finditer(r"\b(?:increas|reduc|decreas|improv|boost|rais|lower|cut)\w*\s+(?:the\s+)?", left, re.I):
            pass
        quantity = left[verb.end():].strip() if verb else None
        if quantity and _search(r"(?:^|[\s-])(?:" + QUALITY_OBJECT.pattern + r")$", quantity, re.I) \
                and not _search(r"\b(?:" + SPEED_WORDS + r")$", quantity, re.I):
            continue  # "improves held-out macro-F1 from 0.438 to 0.471": a quality measure
        factor = round(max(a, b) / min(a, b), 6)
        add(m.start(), m.end(), b, None, None, kind, quantity or None, None, factor, None, "claim.from_to")

    for m in FACTOR.finditer(sentence):
        if not free(m.start(), m.end()):
            continue
        if m.group("pv"):
            # "x540 speed-up", "by x2": a factor written before its number; "payment rails (x402)", "on x264" are names
            if not _match(r"^\s*(?:[\w-]+\s+)?(?:speed[\s-]?ups?|faster|acceleration|reduction|fewer|less|smaller|lower|cheaper|"
                          r"compression|improvement|throughput|gains?)\b", sentence[m.end():], re.I) \
                    and not _search(r"\b(?:by|of|a|an|to|up\s+to|about|nearly|over|achiev\w*|reach\w*|deliver\w*|yield\w*|gives?)\s+$",
                                    sentence[max(0, m.start() - 20):m.start()], re.I):
                continue
            v, v2 = parse_number(m.group("pv")), None
        else:
            v = parse_number(m.group("v"))
            v2 = parse_number(m.group("v2")) if m.group("v2") else None
            if m.group("t") in ("x", "X") and sentence[m.end():m.end() + 1].isalpha():
                continue
        if v <= 0 or (v2 is not None and v2 < v):
            continue
        after = sentence[m.end():]
        if (v2 or v) < 1 and m.group("t") not in ("-fold", " fold"):
            # "only 0.05 times the computational cost", "cost to roughly 0.75x that of flat rollouts": the share
            # left, a reduction by its inverse; below one of a speed ("0.97x the training speed") is no gain
            cost = COST_AFTER.match(after) or _match(r"^\s*(?:that|those)\s+of\b", after, re.I) and _search(
                r"\b(?:reduc\w*|cut\w*|lower\w*|decreas\w*|shrink\w*)\b[^,;]*$", sentence[left_start(sentence, m.start()):m.start()], re.I)
            if cost and not _added_or_capacity(sentence, m.start(), m.end()) and not _match(r"^\s*(?:additional|extra)\b", after, re.I):
                claim_at = len(claims)
                add(m.start(), m.end(), v, v2, "x", "reduction", _quantity(sentence, m.start(), m.end()) or _share_noun(" of " + after.lstrip()),
                    _qualifier(sentence, m.start()), round(1 / (v2 or v), 6), round(1 / v, 6) if v2 else None, "claim.factor_share")
                # "0.22x the memory of projection-based methods": what the share is of is the baseline
                of = _match(r"^\s*(?:the\s+|its\s+|their\s+)?(?:(?!of\b)[\w-]+\s+){0,3}?of\s+(?:the\s+|a\s+|an\s+)?(?P<base>"
                            + BASE_CHARS + r")" + BASE_END, after, re.I)
                base = _clean_baseline(of.group("base")) if of and claims[claim_at].baseline is None else None
                if base and not _match(r"(?:its|their|our|the\s+original|original|full|total|baseline\b)", base, re.I):
                    claims[claim_at] = replace(claims[claim_at], baseline=base)
                    base_ends[m.start()] = m.end() + of.end("base")
            continue
        if NOT_SPEED_AFTER.match(after) or _quality_gain(sentence, m.start(), m.end()) or _a_level(sentence, m.start(), m.end()):
            continue
        left, right = _clause(sentence, m.start(), m.end())
        context = left[-80:] + " " + right[:60]
        restated = False
        if _search(r"\(\s*" + QUAL_OPT + r"$", sentence[max(0, m.start() - 30):m.start()]):
            # "(up to 25.5×)": the parenthesis restates the clause before it
            context += " " + sentence[max(0, m.start() - 120):m.start()]
            # "by 4.6x on average (up to 25.5x)": the claim right before it, restated
            restated = any(c.unit == "x" and 0 <= m.start() - c.evidence.end <= 30 for c in claims)
        if not restated and not SPEED_CONTEXT.search(context) and not EFFICIENCY_CONTEXT.search(context) and not PER_TIME.search(context) and not _search(
                r"\b(?:cost\w*|expensive|cheaper)\b", context, re.I) and not _search(
                r"\b(?:outperform\w*|surpass\w*)\b[^,;]*\bby\s+" + QUAL_OPT + "$", sentence[max(0, m.start() - 150):m.start()], re.I):
            continue
        if _no_cost_reduced(sentence, m.start(), m.end()) or _reduces_no_cost(sentence, m.start()):
            continue
        end = m.end()
        # "(1024 to 32)" restating the factor belongs to this claim
        paren = _match(rf"\s*\(\s*{NUM}\s*(?:to|→|->)\s*{NUM}\s*\)", after)
        if paren:
            end += paren.end()
        kind = "reduction" if _needs_more_than(sentence, m.start(), m.end()) else _kind(sentence[max(0, m.start() - 80):m.start()], after[:40])
        if _search(r"\bfrom\s+[^()]{1,40}?\s+to\s+[^()]{1,30}?\s*\(\s*" + QUAL_OPT + r"$", sentence[max(0, m.start() - 120):m.start()]) \
                and not KIND_WORD.match(after.lstrip()):
            # "reduces the size from 180 MB to 0.32 MB (562x) and the parameters from 45M to 81k (554x)": the verb's
            verb = None
            for verb in _finditer(r"\b(?:(?P<r>reduc|decreas|cut|lower|shrink|compress|drop)|increas|improv|boost|rais|accelerat|speed)\w*",
                                  sentence[:m.start()], re.I):
                pass
            if verb is not None:
                kind = "reduction" if verb.group("r") else "speedup"
        add(m.start(), end, v, v2, "x", kind, _quantity(sentence, m.start(), m.end()), _qualifier(sentence, m.start()),
            v, v2, "claim.factor", m.end())
        if kind == "reduction" and _needs_more_than(sentence, m.start(), m.end()):
            claims[-1] = replace(claims[-1], baseline=_needer(sentence, m.start()))
        if restated and claims[-1].baseline is None:
            before_claim = max((c for c in claims[:-1] if c.evidence.end <= m.start()), key=lambda c: c.evidence.end)
            claims[-1] = replace(claims[-1], baseline=before_claim.baseline, kind=before_claim.kind)

    # "a 5- and 10-fold reduction": the first number shares the second's "-fold" and claim
    for c in list(claims) if "- " in sentence else ():
        sus = _search(r"(?<![\w.])(?P<v>" + NUM + r")-\s+(?:and|or|to)\s+$", sentence[max(0, c.evidence.start - 20):c.evidence.start])
        if sus and c.unit == "x" and c.value_max is None:
            s0 = max(0, c.evidence.start - 20) + sus.start("v")
            if free(s0, s0 + len(sus.group("v"))):
                v = parse_number(sus.group("v"))
                add(s0, s0 + len(sus.group("v")) + 1, v, None, "x", c.kind, c.quantity, c.qualifier, v, None, "claim.factor")

    for m in (FACTOR_OF.finditer(sentence) if "factor of" in low else ()):
        if not free(m.start("v"), m.end()) or _quality_gain(sentence, m.start(), m.end()):
            continue
        left, right = _clause(sentence, m.start(), m.end())
        if not SPEED_CONTEXT.search(left[-80:] + " " + right[:40]) and not EFFICIENCY_CONTEXT.search(left[-80:] + " " + right[:40]):
            continue
        v = parse_number(m.group("v"))
        v2 = parse_number(m.group("v2")) if m.group("v2") else None
        if v <= 1 or (v2 is not None and v2 < v):
            continue
        kind = _kind(sentence[max(0, m.start() - 80):m.start()], sentence[m.end():m.end() + 40])
        add(m.start("v"), m.end(), v, v2, "x", kind, _quantity(sentence, m.start(), m.start()),
            _qualifier(sentence, m.start()), v, v2, "claim.factor_of")

    for m in (WORD_FACTOR.finditer(sentence) if WORD_CUE.search(low) else ()):
        if not free(m.start(), m.end()):
            continue
        left, right = _clause(sentence, m.start(), m.end())
        if m.group("half"):
            word = m.group("half").lower()
            v = {"halv": 2.0, "doub": 2.0, "trip": 3.0, "quad": 4.0}[word[:4]]
            nouns = (SPEED_WORDS + "|" + EFFICIENCY_NOUNS) if word.startswith("halv") else SPEED_WORDS
            after_ok = _match(r"^\s*(?:the\s+|its\s+|their\s+)?(?:(?:number|amount|cost)\s+of\s+)?(?:[\w-]+\s+)?(?:" + nouns + r")\b",
                                right + " ", re.I)
            before_ok = _search(r"\b(?:" + nouns + r")\s+(?:is\s+|are\s+|was\s+|roughly\s+|nearly\s+|almost\s+|more\s+than\s+)?$",
                                  sentence[max(0, m.start() - 60):m.start()], re.I)
            if not (after_ok or before_ok) or _quality_gain(sentence, m.start(), m.end()):
                continue
            kind = "reduction" if word.startswith("halv") else "speedup"
            q = _match(r"^\s*(?:the\s+|its\s+|their\s+)?(?P<q>(?:(?:number|amount|cost)\s+of\s+)?[\w\-]+(?:\s+[\w\-]+)?)", right) if after_ok else None
            add(m.start(), m.end(), v, None, "x", kind, q.group("q") if q else None, None, v, None, "claim.halves_doubles")
            continue
        if not m.group("twice") and not (SPEED_CONTEXT.search(left[-60:] + " " + right[:40]) or _search(
                r"\b(?:cost\w*|expensive|cheaper)\b", left[-60:] + " " + right[:40], re.I)):
            continue
        if _quality_gain(sentence, m.start(), m.end()) or NOT_SPEED_AFTER.match(sentence[m.end():]):
            continue
        v = 2.0 if m.group("twice") else parse_number(m.group("w"))
        kind = _kind(sentence[max(0, m.start() - 80):m.start()], sentence[m.end():m.end() + 40])
        add(m.start(), m.end(), v, None, "x", kind, _quantity(sentence, m.start(), m.end()),
            _qualifier(sentence, m.start()), v, None, "claim.word_factor")

    # "half the tokens", "one-eighth the parameters", "to 1/10": a reduction by the denominator
    for m in (FRACTION.finditer(sentence) if FRACTION_CUE.search(low) else ()):
        if not free(m.start(), m.end("f")):
            continue
        # "one-eighth the parameters of ResNet-50": the noun, without the words that lead to the reference
        q = re.sub(r"(?:\s+(?:of|the|a|an|in|for|to|than|as))+(?:\s+\S+)?$", "", m.group("q"), flags=re.I) \
            if _search(r"\s(?:of|the|a|an|in|for|to|than|as)\b", m.group("q"), re.I) else m.group("q")
        if not _search(r"\b(?:" + SHARE_NOUNS + r"|" + EFFICIENCY_NOUNS + r")\b", q, re.I):
            continue
        if not _search(r"\b(?:in|with|using|uses?|requir\w*|needs?|at|only|just|than|under|about|roughly|nearly|"
                         r"to|by|consum\w*|of)\s+$", sentence[max(0, m.start() - 40):m.start()], re.I):
            continue
        v = float(WORD_NUMBERS[re.split(r"[\s-]", m.group("f").lower())[-1]])
        claim_at = len(claims)
        add(m.start(), m.end(), v, None, "x", "reduction", q, _qualifier(sentence, m.start()), v, None, "claim.fraction")
        # "one-eighth the parameters of ResNet-50": what the share is of is the baseline
        q_end = m.start("q") + len(q)
        of = _match(r"^\s+of\s+(?:the\s+|a\s+|an\s+)?(?P<base>" + BASE_CHARS + r")" + BASE_END, sentence[q_end:])
        base = _clean_baseline(of.group("base")) if of and claims[claim_at].baseline is None else None
        if base:
            claims[claim_at] = replace(claims[claim_at], baseline=base)
            base_ends[m.start()] = q_end + of.end("base")
    for m in (SLASH.finditer(sentence) if "1/" in sentence else ()):
        d = int(m.group("d"))
        s = m.start("d") - 2
        if d < 2 or not free(s, m.end()):
            continue
        left, right = _clause(sentence, m.start(), m.end())
        if not EFFICIENCY_CONTEXT.search(left + " " + right) and not _search(r"\bsize\b", left, re.I):
            continue
        add(s, m.end(), float(d), None, "x", "reduction", _quantity(sentence, m.start(), m.start()), None,
            float(d), None, "claim.fraction")

    for m in (PERCENT.finditer(sentence) if "%" in sentence or "percent" in low else ()):
        if not free(m.start(), m.end()):
            continue
        left, right = _clause(sentence, m.start(), m.end())
        near_left, near_right = left[-70:], right[:50]
        before, after = sentence[max(0, m.start() - 150):m.start()], sentence[m.end():]
        v = parse_number(m.group("v"))
        v2 = parse_number(m.group("v2")) if m.group("v2") else None
        quality = QUALITY_WORDS.search(near_left[-35:] + " " + near_right[:25]) and not _search(
            r"\b(?:faster|speed[\s-]?up|accelerat\w*|latency|throughput|memory|wall[\s-]?clock|runtime|steps|iterations|FLOPs|"
            r"compute|cost|data|labels|parameters|tokens)\b", near_left[-35:] + " " + near_right[:25], re.I)
        share = SHARE_AFTER.match(after) and not _match(r"^\s*of\s+(?:the\s+)?(?:cases|time\b|samples\s+are)", after, re.I)
        # "with 1% and 10% labeled data": the cue before the list is each member's
        lead = re.sub(r"(?:" + NUM + r")\s*%\s*(?:,\s*(?:and\s+|or\s+)?|and\s+|or\s+)$", "", before) if share else before
        # "requires only 27% of the FLOPs and 10% of the KV cache": a share after a share is one too
        after_share = any(c.evidence.rule == "claim.percent_share" and SHARE_GAP.match(sentence[c.evidence.end:m.start()])
                          for c in claims)
        if share and (REDUCE_TO.search(lead) or SHARE_STRONG.search(lead) or (SHARE_WEAK.search(lead) and v < 50) or after_share) \
                and (not quality or _match(r"^\s*of\s+(?:the\s+)?(?:[\w-]+\s+){0,2}?(?:training\s+)?(?:steps|iterations|epochs|data|samples|"
                                            r"tokens|parameters|FLOPs|compute|budget|labels)\b", after, re.I)) and v < 100 \
                and not _added_or_capacity(sentence, m.start(), m.end()):
            # "with only 5% of the labelled data", "reduces KV memory to 29% of the original": the cost left
            add(m.start(), m.end(), v, v2, "%", "reduction", _quantity(sentence, m.start(), m.end()) or _share_noun(after),
                _qualifier(sentence, m.start()), round(100 / v, 6) if v else None,
                round(100 / v2, 6) if v2 else None, "claim.percent_share")
            continue
        if quality or _quality_gain(sentence, m.start(), m.end()) or _a_level(sentence, m.start(), m.end()):
            continue
        to_form = bool(_search(r"(?<!up )(?<!close )\bto\s+(?:up\s+to\s+|about\s+|over\s+)?$", before, re.I))
        speed_left = _search(r"\b(?:" + SPEED_WORDS + r")", near_left, re.I)
        speed_right = _match(r"^\s*(?:(?!while|and|but|whereas)\w+\s+){0,1}(?:" + SPEED_WORDS + r"|" + REDUCE_WORDS + r")", near_right, re.I) \
            or _match(r"^\s*(?:improvements?|gains?|increases?|boosts?)\s+(?:in|of)\s+(?:the\s+)?(?:[\w-]+\s+){0,2}?(?:"
                      + SPEED_WORDS + r")", near_right, re.I)  # "a 40% improvement in training efficiency"
        reduce_left = REDUCE_BY.search(before)
        reduction_noun = _match(r"^\s*(?:reduction|decrease|fewer|less|lower|smaller|savings?|cut)\b", near_right, re.I) or _match(
            r"^\s*(?:in\s+)?(?:(?!(?:of|in|on|and|or|while|with)\b)[\w-]+\s+){1,2}(?:reductions?|savings?|decreases?)\b", near_right, re.I)
        # ^ "98.8% portfolio time reduction", "91% in FLOPs reduction"
        context = near_left + " " + near_right
        if _search(r"\(\s*" + QUAL_OPT + r"$", sentence[max(0, m.start() - 30):m.start()]):
            context += " " + sentence[max(0, m.start() - 120):m.start()]  # "(96-99% reduction)" restates the clause before it
        eff = EFFICIENCY_CONTEXT.search(context) or _search(r"\bcost|\bsavings?\b|\b(?:" + SHARE_NOUNS + r")\b", context, re.I)
        if _needs_more_than(sentence, m.start(), m.end()):
            kind = "reduction"  # "X needs 40% more queries than ours": ours needs fewer
        elif reduce_left or reduction_noun:
            if _search(r"\b(?:reduc\w*|cut\w*|filter\w*|prun\w*|narrow\w*)\s+(?:them|it|these|this)\s+(?:down\s+)?by\s+" + QUAL_OPT + r"$", before, re.I):
                # "extract 124 million tokens and reduce them by 99.99% to yield 1,021 candidates": a filter, unless
                # the words after it name a cost
                eff = EFFICIENCY_CONTEXT.search(near_right) or _search(r"\bcost", near_right, re.I)
            if not eff:
                continue
            kind = "reduction"
        elif speed_left or speed_right:
            kind = "speedup"
        elif _search(r"\bimprovement\s+of\s+$", near_left, re.I) and SPEED_CONTEXT.search(sentence[:left_start(sentence, m.start())]):
            # "accelerates sampling …, an improvement of 20.8% over baselines"
            kind = "speedup"
        else:
            continue
        if _match(r"^\s*(?:of|in)\s+(?:the\s+)?(?:cases|data|samples|parameters)\b", near_right, re.I):
            continue
        if to_form and kind == "reduction":
            continue
        f1 = percent_factor(v, kind, to_form)
        f2 = percent_factor(v2, kind, to_form) if v2 is not None else None
        add(m.start(), m.end(), v, v2, "%", kind, _quantity(sentence, m.start(), m.end()), _qualifier(sentence, m.start()),
            f1, f2, "claim.percent_to" if to_form else "claim.percent")
        if kind == "reduction" and _needs_more_than(sentence, m.start(), m.end()):
            claims[-1] = replace(claims[-1], baseline=_needer(sentence, m.start()))

    for m in (MAGNITUDE.finditer(sentence) if "magnitude" in low else ()):
        if not free(m.start("q"), m.end()):
            continue
        left, right = _clause(sentence, m.start(), m.end())
        if not (SPEED_CONTEXT.search(left + " " + right) or EFFICIENCY_CONTEXT.search(left + " " + right)):
            continue
        if _quality_gain(sentence, m.start(), m.end()) or not SOME_COST.search(sentence):
            continue  # "representing a reduction of four orders of magnitude" of a measure that is no cost
        q = " ".join(m.group("q").split())
        factor = 10.0 if _search(r"\ban\s+order\b", q, re.I) and not _match(r"(?:more|over|up)", q, re.I) else None
        add(m.start("q"), m.end(), None, None, None, _kind(sentence[max(0, m.start("q") - 80):m.start("q")], right[:40]), _quantity(sentence, m.start(), m.start()),
            q, factor, None, "claim.magnitude")

    if claims:
        _list_members(sentence, claims, free, add)

    claims.sort(key=lambda c: c.evidence.start)
    # members of one list share its kind ("cuts parameters by 4.1 times, FLOPs by 120 times")
    for i in range(1, len(claims)):
        c, d = claims[i - 1], claims[i]
        gap = LIST_GAP.match(sentence[c.evidence.end:d.evidence.start])
        if d.kind != c.kind and c.unit == d.unit and gap and not _search(
                r"\b(?:faster|speed\w*|accelerat\w*|throughput|reduc\w*|fewer|less|lower|sav\w*)\b", gap.group("q") + sentence[d.evidence.end:d.evidence.end + 12], re.I):
            claims[i] = replace(d, kind=c.kind, factor=_refactor(d, c.kind)[0], factor_max=_refactor(d, c.kind)[1])
    # "400× and 20× faster inference": what the last member of a bare list names is every member's
    for i in range(len(claims) - 2, -1, -1):
        c, d = claims[i], claims[i + 1]
        if c.quantity is None and d.quantity and c.unit == d.unit and c.kind == d.kind \
                and LIST_SEP.match(sentence[c.evidence.end:d.evidence.start]):
            claims[i] = replace(c, quantity=d.quantity)
    # a baseline written once after a list is every member's ("by 5.4 times, FLOPs by 300 times and
    # latency by 2.4 times compared to heavy baselines")
    for i in range(len(claims) - 2, -1, -1):
        c, d = claims[i], claims[i + 1]
        between = sentence[c.evidence.end:d.evidence.start]
        gap = LIST_GAP.match(between)
        # "only 27% of the FLOPs and 10% of the KV cache compared with X": both shares are of X's
        shares = c.evidence.rule == d.evidence.rule == "claim.percent_share" and SHARE_GAP.match(between)
        if c.baseline is None and d.baseline is not None and base_ends.get(d.evidence.start, -1) > d.evidence.end and c.unit == d.unit \
                and (shares or gap and not _search(r"\w+ing\b|\b(?:increas|achiev|improv|yield|reach|with|while)", gap.group("q"), re.I)):
            claims[i] = replace(c, baseline=d.baseline)
            base_ends[c.evidence.start] = base_ends[d.evidence.start]
    # when no claim of the sentence names its baseline, the one thing the sentence compares with is theirs
    # ("outperforms FoundationPose by 3.1% AR while delivering a 43x speedup"); a phrase that holds a
    # second comparison ("than A and more stable than B") compares with two, and gives none
    if claims and all(c.baseline is None for c in claims):
        bases = {b for m in COMPARED.finditer(sentence) if (b := _clean_baseline(m.group("base")))}
        base = bases.pop() if len(bases) == 1 else None
        if base and not _search(r"\b(?:than|over|compared|versus|vs|relative|against)\b", base, re.I):
            claims = [replace(c, baseline=base) for c in claims]
    # "51% and 94% lower than Kd-tree and Octree": the i-th claim of a list is over the i-th baseline
    paired = _respective(sentence, claims, base_ends)
    by_base: dict[str, list[int]] = {}
    for i, c in enumerate(claims):
        if c.baseline and i not in paired:
            by_base.setdefault(c.baseline, []).append(i)
    for base, idx in by_base.items():
        parts = split_baselines(base)
        if len(parts) > 1 and len(parts) == len(idx):
            paired.update(zip(idx, parts))
    out = []
    for i, c in enumerate(claims):
        nxt = next((d.evidence.start for d in claims[i + 1:] if d.evidence.start > c.evidence.end), None)
        text_end = _text_end(sentence, c.evidence.end, nxt, base_ends.get(c.evidence.start, -1))
        base_end = base_ends.get(c.evidence.start, -1)
        if nxt is None and i > 0 and base_end > c.evidence.end and text_end > base_end \
                and LIST_SEP.match(sentence[claims[i - 1].evidence.end:c.evidence.start]) \
                and _search(r"^[^;]*\brespectively\b", sentence[base_end:], re.I):
            # "1.16%, 1.92%, and 2.67% … compared to VTM for A, B, and C, respectively": the settings of the list
            # are each member's, so the last member's text ends with the baseline, as the others' do
            text_end = base_end
        for quantity in split_quantities(c.quantity):
            for base in ([paired[i]] if i in paired else split_baselines(c.baseline)):
                out.append(replace(c, quantity=quantity, baseline=base,
                                   text=sentence[c.evidence.start:max(text_end, c.evidence.end)].strip()))
    return out


def _respective(sentence: str, claims: list[Claim], base_ends: dict[int, int]) -> dict[int, str]:
    """A list of claims with "respectively" after it: the i-th claim is over the i-th baseline, written
    after the list ("400× and 20× faster than A (1000 steps) and B (50 steps), respectively") or before it
    ("outperforming A and B by 1.4x and 1.7x respectively"). Returns {claim index: its baseline}; the
    claims' texts then run to the end of the list of baselines."""
    paired: dict[int, str] = {}
    i = 0
    while i < len(claims):
        j = i
        while j + 1 < len(claims) and LIST_SEP.match(sentence[claims[j].evidence.end:claims[j + 1].evidence.start]):
            j += 1
        group, i = list(range(i, j + 1)), j + 1
        if len(group) < 2:
            continue
        last = claims[group[-1]].evidence.end
        resp = _search(r"\brespectively\b", sentence[last:].split(";")[0], re.I)
        if not resp or any(last < c.evidence.start < last + resp.start() for c in claims):
            continue
        resp_at = last + resp.start()
        bases = {claims[k].baseline for k in group if claims[k].baseline}
        if len(bases) != 1:
            continue
        base = bases.pop()
        end = max(base_ends.get(claims[k].evidence.start, -1) for k in group if claims[k].baseline)
        phrase, phrase_end = base, None
        at = sentence.rfind(base, 0, end) if end > last else -1
        if 0 <= at < resp_at:
            # the baselines from the first to "respectively", without their parentheses ("DDPM (1000 steps)")
            phrase = re.sub(r"\s*\([^()]*\)", "", sentence[at:resp_at])
            phrase = re.split(r"\s+(?:on|in|at|for|across|with|under|when|using|while|by)\s+", phrase)[0].strip(" ,")
            phrase_end = len(sentence[:resp_at].rstrip(" ,"))
        parts = split_baselines(phrase)
        if len(parts) == len(group):
            paired.update(zip(group, parts))
            if phrase_end is not None:
                for k in group:
                    base_ends[claims[k].evidence.start] = phrase_end
    return paired


def split_quantities(quantity: str | None) -> list[str | None]:
    """"memory usage and inference latency" reduced by 40% are two claims, one per quantity.

    >>> split_quantities("memory usage and inference latency"), split_quantities("number of steps")
    (['memory usage', 'inference latency'], ['number of steps'])
    """
    if not quantity or " and " not in quantity:
        return [quantity]
    parts = [p.strip() for p in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", quantity) if p.strip()]
    # each part is an efficiency quantity or a stage of work ("prefilling and decoding")
    if 1 < len(parts) <= 3 and all(len(p.split()) <= 3 and (EFFICIENCY_CONTEXT.search(p) or p.endswith("ing")) for p in parts):
        return parts
    return [quantity]


def _refactor(c: Claim, kind: str) -> tuple[float | None, float | None]:
    """The factor of a claim read with another kind (only percentages change)."""
    if c.unit != "%" or c.evidence.rule != "claim.percent":
        return c.factor, c.factor_max
    return percent_factor(c.value, kind), percent_factor(c.value_max, kind) if c.value_max is not None else None


def _share_noun(after: str) -> str | None:
    m = _match(r"^\s*(?:of|the)\s+(?:the\s+|its\s+|their\s+|our\s+|all\s+|total\s+)?(?P<q>(?:[\w-]+\s+){0,4}?(?:" + SHARE_NOUNS + r"))\b",
                 after, re.I) or _match(r"^\s*(?P<q>(?:(?:labell?ed|annotated|unlabell?ed|training|trainable|paired)\s+)?"
                                        r"(?:data|labels|annotations|parameters))\b", after, re.I)
    return m.group("q") if m else None


def _list_members(sentence, claims, free, add) -> None:
    """Members of a list that follows a claim ("by 37.6%, LLM invocations by 43.0%, and tokens by
    9.8%"; "speed-ups of 3.93x, 2.84x, and 1.92x"): same unit, same kind, one record each."""
    numbers = sorted([(m.start(), m.end(), "%", m) for m in PERCENT.finditer(sentence)]
                     + [(m.start(), m.end(), "x", m) for m in FACTOR.finditer(sentence)], key=lambda t: t[0])
    for s, e, unit, m in numbers:
        if not free(s, e):
            continue
        prev = max((c for c in claims if c.evidence.end <= s), key=lambda c: c.evidence.end, default=None)
        if prev is None or prev.unit != unit:
            continue
        gap = LIST_GAP.match(sentence[prev.evidence.end:s]) or LIST_GAP_HEAD.match(sentence[prev.evidence.end:s])
        if not gap or QUALITY_WORDS.search(gap.group("q")) or _search(r"\b(?:while|whereas|but|improv\w*|increas\w*)\b", gap.group("q"), re.I):
            continue
        if unit == "x" and m.group("pv"):
            v, v2 = parse_number(m.group("pv")), None
        else:
            v = parse_number(m.group("v"))
            v2 = parse_number(m.group("v2")) if m.group("v2") else None
        if v <= 0 or (v2 is not None and v2 < v) or _quality_gain(sentence, s, e):
            continue
        quantity = gap.group("q").strip() or None
        if quantity and (len(quantity.split()) > 5 or _match(r"^(?:for|on|in|at|with)\b", quantity, re.I)):
            quantity = None
        if unit == "x":
            f1, f2 = v, v2
        elif prev.evidence.rule == "claim.percent_share":
            f1, f2 = round(100 / v, 6), (round(100 / v2, 6) if v2 else None)
        else:
            f1 = percent_factor(v, prev.kind, prev.evidence.rule == "claim.percent_to")
            f2 = percent_factor(v2, prev.kind, prev.evidence.rule == "claim.percent_to") if v2 is not None else None
        add(s, e, v, v2, unit, prev.kind, quantity or prev.quantity, _qualifier(sentence, s) or prev.qualifier,
            f1, f2, prev.evidence.rule)
    # members before the claim that the rules found ("2.29x, 2.29x, and 2.22x respectively in inference")
    for s, e, unit, m in reversed(numbers):
        if not free(s, e) or m.group("v") is None:
            continue
        nxt = min((c for c in claims if c.evidence.start >= e), key=lambda c: c.evidence.start, default=None)
        if nxt is None or nxt.unit != unit or not LIST_SEP.match(sentence[e:nxt.evidence.start]):
            continue
        v = parse_number(m.group("v"))
        v2 = parse_number(m.group("v2")) if m.group("v2") else None
        if v <= 0 or (v2 is not None and v2 < v):
            continue
        if unit == "x":
            f1, f2 = v, v2
        elif nxt.evidence.rule == "claim.percent_share":  # "with 1% and 10% labeled data": the share left
            f1, f2 = round(100 / v, 6), (round(100 / v2, 6) if v2 else None)
        else:
            f1, f2 = percent_factor(v, nxt.kind), percent_factor(v2, nxt.kind) if v2 is not None else None
        add(s, e, v, v2, unit, nxt.kind, nxt.quantity, _qualifier(sentence, s), f1, f2, nxt.evidence.rule)
