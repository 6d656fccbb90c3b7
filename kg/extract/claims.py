"""Extraction: quantitative efficiency claims (speed-ups, reductions), normalised.

Rules run on one cleaned sentence at a time and return `ClaimMatch`es with offsets
into that sentence. Each rule is documented with the phrasing it reads and the factor
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
from dataclasses import dataclass

NUM = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
RANGE_SEP = r"\s*(?:-|–|—|~|∼|to)\s*"
TIMES = r"(?:×|x|X|-fold\b|\s?fold\b|\s+times\b)"
QUALIFIERS = (
    "up to", "upto", "as much as", "as many as", "over", "more than", "at least", "nearly", "almost",
    "about", "around", "approximately", "roughly", "approx.", "~", "∼", "≈", "on average", "averaging",
    "usually", "typically", "up",
)
QUALIFIER_RE = re.compile(
    r"(?:(?<=\s)|^)(" + "|".join(re.escape(q) for q in sorted(QUALIFIERS, key=len, reverse=True)) + r")\s*(?:a\s+|an\s+)?$",
    re.I,
)
WORD_NUMBERS = {
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30, "fifty": 50,
    "hundred": 100, "a hundred": 100, "one hundred": 100, "a thousand": 1000,
}

SPEED_WORDS = (
    r"speed[\s-]?ups?|faster|acceleration|accelerat\w*|quicker|throughput|speeds?\s+up|"
    r"latency|more\s+efficient|efficien\w*|wall[\s-]?clock|runtime|run[\s-]?time|inference|"
    r"training\s+time|sampling|decoding|generation\s+speed"
)
REDUCE_WORDS = (
    r"reduc\w*|fewer|less|lower|smaller|decreas\w*|cut\w*|sav\w*|shrink\w*|compress\w*|"
    r"cheaper|drop\w*|halv\w*"
)
EFFICIENCY_NOUNS = (
    r"steps?|iterations?|evaluations?|NFEs?|function\s+evaluations|transitions?|latency|memory|compute|"
    r"computation(?:al)?(?:\s+cost)?|cost|FLOPs?|GFLOPs|time|runtime|wall[\s-]?clock|energy|parameters|"
    r"tokens|passes|queries|calls|training|inference|sampling|decoding|bandwidth|communication|storage|"
    r"GPU[\s-]?hours|overhead|samples"
)
QUALITY_WORDS = re.compile(
    r"\b(accuracy|error|FID|PSNR|SSIM|LPIPS|BLEU|ROUGE|F1|perplexity|score|performance|quality|"
    r"success|win|reward|return|recall|precision|AUC|mAP|IoU|preference|loss|points?|gain\w*\s+in\s+accuracy)\b",
    re.I,
)
NOT_SPEED_AFTER = re.compile(
    r"^\s*(?:upscal\w*|upsampl\w*|super[\s-]?resolution|zoom|magnif\w*|larger|bigger|more\s+data|more\s+parameters|"
    r"wider|deeper|longer|higher\s+resolution|resolution|downsampl\w*|compression\s+ratio)\b",
    re.I,
)
BASELINE_AFTER = re.compile(
    r"^\s*(?:speed[\s-]?ups?|acceleration|reduction|improvement|faster|fewer|less|lower|smaller|cheaper|"
    r"more\s+efficient|gains?)?\s*(?:[\w\-]+\s+){0,4}?"
    r"(?:over|than|compared\s+(?:to|with)|relative\s+to|against|versus|vs\.?)\s+"
    r"(?:the\s+|a\s+|an\s+)?(?P<base>[^,;.()]+?)"
    r"(?=\s*(?:[,;.()]|$|\s+(?:on|in|at|for|while|and\s+\d|and\s+up|with|across|without|when|under|by|using|"
    r"which|whereas|to|during|through|respectively|baselines?\s+in)\b))",
    re.I,
)


@dataclass(frozen=True, slots=True)
class ClaimMatch:
    """A claim found in one sentence; offsets are relative to that sentence."""

    start: int
    end: int
    value: float | None
    value_max: float | None
    unit: str | None
    kind: str
    quantity: str | None
    baseline: str | None
    qualifier: str | None
    factor: float | None
    factor_max: float | None
    rule: str


def parse_number(s: str) -> float:
    """'1,024' → 1024.0; 'three' → 3.0.

    >>> parse_number("1,024"), parse_number("three")
    (1024.0, 3.0)
    """
    s = s.strip().lower()
    if s in WORD_NUMBERS:
        return float(WORD_NUMBERS[s])
    return float(s.replace(",", ""))


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
    m = re.match(r"^\s*(?:\w+\s+)?", right)
    head = KIND_WORD.match(first) or KIND_WORD.match(right, m.end())
    if head:
        return "reduction" if head.group("reduce") else "speedup"
    last = None
    for last in KIND_WORD.finditer(left):
        pass
    if last is not None:
        return "reduction" if last.group("reduce") else "speedup"
    return "speedup"


def _baseline(after: str) -> str | None:
    m = BASELINE_AFTER.match(after)
    if not m:
        return None
    base = m.group("base").strip()
    words = base.split()
    if not words or len(words) > 5 or re.match(r"^\d", base):
        return None
    return base


def _quantity(sentence: str, start: int, end: int) -> str | None:
    """What is faster or smaller: 'speedup in X', 'reduction in X', 'reduces X by', 'X speedup'."""
    after = sentence[end:]
    m = re.match(r"^\s*(?:speed[\s-]?ups?|reduction|acceleration|improvement|decrease|faster|fewer|less|lower)?\s*"
                 r"(?:in|of|for)\s+(?:the\s+)?(?P<q>[\w\-–×\s]+?)(?=\s*(?:[,;.()]|$|\s+(?:over|than|compared|with|on|while|and|at|across|relative|against)\b))",
                 after, re.I)
    if m and len(m.group("q").split()) <= 5:
        return m.group("q").strip()
    m = re.match(r"^\s*(?:fewer|less|smaller|lower)\s+(?P<q>[\w\-]+(?:\s+[\w\-]+)?)", after, re.I)
    if m and re.fullmatch(EFFICIENCY_NOUNS, m.group("q").split()[-1], re.I):
        return m.group("q")
    before = sentence[:start]
    m = re.search(r"(?:reduc\w*|decreas\w*|cut\w*|accelerat\w*|speed\w*\s+up|increas\w*|improv\w*)\s+(?:the\s+)?"
                  r"(?P<q>[\w\-–×\s]+?)\s+(?:by\s+|to\s+|from\s+|up\s+to\s+)(?:up\s+to\s+|over\s+|about\s+|approximately\s+)?$",
                  before, re.I)
    if m and len(m.group("q").split()) <= 6:
        return re.sub(r"\s+(?:speed|up)$", "", m.group("q").strip())
    return None


FACTOR = re.compile(
    rf"(?<![\w.×/-])(?P<v>{NUM})(?:{RANGE_SEP}(?P<v2>{NUM}))?\s?(?P<t>{TIMES})(?![\w×]|\s*\d)"
    rf"|(?<![\w.])[x×](?P<pv>\d+(?:\.\d+)?)(?![\w×]|\.\d)",
)
WORD_FACTOR = re.compile(
    r"\b(?P<w>two|three|four|five|six|seven|eight|nine|ten|twenty|fifty|a\s+hundred|one\s+hundred)"
    r"(?:-|\s+)(?:times|fold)\b|\b(?P<twice>twice)\s+as\s+(?:fast|efficient|quick)|"
    r"\b(?P<half>halv\w*|doubl\w*)\b"
)
PERCENT = re.compile(rf"(?<![\w.])(?P<v>{NUM})(?:\s*%)?(?:{RANGE_SEP}(?P<v2>{NUM}))?\s*%")
FROM_TO = re.compile(rf"\bfrom\s+(?P<a>{NUM})\s*(?:[A-Za-z%]+\s+)?to\s+(?P<b>{NUM})(?!\w|\.\d)")
MAGNITUDE = re.compile(r"\bby\s+(?P<q>(?:several\s+|two\s+|multiple\s+)?orders?\s+of\s+magnitude|an\s+order\s+of\s+magnitude)", re.I)
SPEED_CONTEXT = re.compile(r"\b(?:" + SPEED_WORDS + r"|" + REDUCE_WORDS + r")", re.I)
EFFICIENCY_CONTEXT = re.compile(r"\b(?:" + SPEED_WORDS + r"|" + EFFICIENCY_NOUNS + r")\b", re.I)


def left_start(sentence: str, start: int) -> int:
    return max(sentence.rfind(p, 0, start) for p in (",", ";", ":", "(", "—")) + 1


def _clause(sentence: str, start: int, end: int) -> tuple[str, str]:
    """Text around a match, bounded by clause punctuation, for context tests."""
    left = left_start(sentence, start)
    rights = [i for i in (sentence.find(p, end) for p in (",", ";", "(", "—")) if i >= 0]
    right = min(rights) if rights else len(sentence)
    return sentence[left:start], sentence[end:right]


def find_claims(sentence: str, blocked: list[tuple[int, int]] = ()) -> list[ClaimMatch]:
    """Every efficiency claim in one sentence.

    `blocked` lists spans (names like "Llama-3.2-1B", "CIFAR-10") whose numbers are never claims.

    >>> [(c.value, c.value_max, c.unit, c.baseline) for c in find_claims("It gives a 7-14× speedup over vanilla dLLMs and 1.3× over Fast-dLLM.")]
    [(7.0, 14.0, 'x', 'vanilla dLLMs'), (1.3, None, 'x', 'Fast-dLLM')]
    """
    claims: list[ClaimMatch] = []
    taken: list[tuple[int, int]] = list(blocked)

    def free(s: int, e: int) -> bool:
        return all(e <= a or s >= b for a, b in taken)

    def add(c: ClaimMatch) -> None:
        claims.append(c)
        taken.append((c.start, c.end))

    # from A to B, for a quantity that is increased or decreased ("tokens-per-step from 2.6 to 4.3")
    for m in FROM_TO.finditer(sentence):
        left, right = _clause(sentence, m.start(), m.end())
        if not free(m.start(), m.end()) or not re.search(r"\b(?:increas|reduc|decreas|improv|boost|rais|lower|cut|accelerat|speed|fall|fell|drop|declin|grow|rise|rose|jump|go|went)\w*", left, re.I):
            continue
        a, b = parse_number(m.group("a")), parse_number(m.group("b"))
        if a <= 0 or b <= 0 or a == b:
            continue
        # a parenthetical "(1024 to 32)" restating a factor claim is handled by the factor rule
        if sentence[max(0, m.start() - 1):m.start()] == "(":
            continue
        kind = "reduction" if b < a else "speedup"
        if not EFFICIENCY_CONTEXT.search(left + right) and not re.search(r"per[\s-]step|per[\s-]second|/s\b", left, re.I):
            continue
        start = m.start()
        verb = None
        for verb in re.finditer(r"\b(?:increas|reduc|decreas|improv|boost|rais|lower|cut)\w*\s+(?:the\s+)?", left, re.I):
            pass
        quantity = left[verb.end():].strip() if verb else None
        factor = round(max(a, b) / min(a, b), 6)
        add(ClaimMatch(start, m.end(), b, None, None, kind, quantity or None, None, None, factor, None, "claim.from_to"))

    for m in FACTOR.finditer(sentence):
        if not free(m.start(), m.end()):
            continue
        if m.group("pv"):
            v, v2 = parse_number(m.group("pv")), None
        else:
            v = parse_number(m.group("v"))
            v2 = parse_number(m.group("v2")) if m.group("v2") else None
            if m.group("t") in ("x", "X") and sentence[m.end():m.end() + 1].isalpha():
                continue
        if v <= 0 or (v2 is not None and v2 < v):
            continue
        after = sentence[m.end():]
        if NOT_SPEED_AFTER.match(after):
            continue
        left, right = _clause(sentence, m.start(), m.end())
        context = left[-80:] + " " + right[:60]
        if not SPEED_CONTEXT.search(context) and not EFFICIENCY_CONTEXT.search(context):
            continue
        end = m.end()
        # "(1024 to 32)" restating the factor belongs to this claim
        paren = re.match(rf"\s*\(\s*{NUM}\s*(?:to|→|->)\s*{NUM}\s*\)", after)
        if paren:
            end += paren.end()
        kind = _kind(sentence[max(0, m.start() - 80):m.start()], after[:40])
        add(ClaimMatch(m.start(), end, v, v2, "x", kind, _quantity(sentence, m.start(), m.end()),
                       _baseline(sentence[m.end():]), _qualifier(sentence, m.start()), v, v2, "claim.factor"))

    for m in WORD_FACTOR.finditer(sentence):
        if not free(m.start(), m.end()):
            continue
        left, right = _clause(sentence, m.start(), m.end())
        if m.group("half"):
            word = m.group("half").lower()
            if not re.match(r"^\s*(?:the\s+)?(?:" + EFFICIENCY_NOUNS + r"|" + SPEED_WORDS + r")", right + " ", re.I):
                continue
            kind = "reduction" if word.startswith("halv") else "speedup"
            q = re.match(r"^\s*(?:the\s+)?(?P<q>[\w\-]+(?:\s+[\w\-]+)?)", right)
            add(ClaimMatch(m.start(), m.end(), 2.0, None, "x", kind, q.group("q") if q else None, None, None, 2.0, None, "claim.halves_doubles"))
            continue
        if not m.group("twice") and not SPEED_CONTEXT.search(left[-60:] + " " + right[:40]):
            continue
        v = 2.0 if m.group("twice") else parse_number(m.group("w"))
        kind = _kind(sentence[max(0, m.start() - 80):m.start()], sentence[m.end():m.end() + 40])
        add(ClaimMatch(m.start(), m.end(), v, None, "x", kind, _quantity(sentence, m.start(), m.end()),
                       _baseline(sentence[m.end():]), _qualifier(sentence, m.start()), v, None, "claim.word_factor"))

    for m in PERCENT.finditer(sentence):
        if not free(m.start(), m.end()):
            continue
        left, right = _clause(sentence, m.start(), m.end())
        near_left, near_right = left[-70:], right[:50]
        if QUALITY_WORDS.search(near_left[-35:] + " " + near_right[:25]) and not re.search(
                r"\b(?:faster|speed[\s-]?up|accelerat\w*|latency|throughput|memory|wall[\s-]?clock|runtime|steps|iterations|FLOPs|compute|cost)\b",
                near_left[-35:] + " " + near_right[:25], re.I):
            continue
        to_form = bool(re.search(r"\bto\s+(?:up\s+to\s+|about\s+|over\s+)?$", sentence[:m.start()], re.I))
        speed_left = re.search(r"\b(?:" + SPEED_WORDS + r")", near_left, re.I)
        speed_right = re.match(r"^\s*(?:\w+\s+){0,1}(?:" + SPEED_WORDS + r"|" + REDUCE_WORDS + r")", near_right, re.I)
        reduce_left = re.search(r"\b(?:reduc\w*|decreas\w*|cut\w*|sav\w*|lower\w*|shrink\w*|compress\w*|drop\w*|fall\w*|fell|declin\w*)\b[^%]*\bby\s+(?:up\s+to\s+|over\s+|about\s+|approximately\s+|nearly\s+|~|∼)?$",
                                sentence[:m.start()], re.I) or re.search(
            r"\b(?:sav\w*|cut\w*|reduc\w*|lower\w*|shrink\w*)\s+(?:up\s+to\s+|about\s+|over\s+|nearly\s+|roughly\s+)?$", sentence[:m.start()], re.I)
        reduction_noun = re.match(r"^\s*(?:reduction|decrease|fewer|less|lower|smaller|savings?|cut)\b", near_right, re.I)
        eff = EFFICIENCY_CONTEXT.search(near_left + " " + near_right)
        if reduce_left or reduction_noun:
            if not eff:
                continue
            kind = "reduction"
        elif speed_left or speed_right:
            kind = "speedup"
        elif re.search(r"\bimprovement\s+of\s+$", near_left, re.I) and SPEED_CONTEXT.search(sentence[:left_start(sentence, m.start())]):
            # "accelerates sampling …, an improvement of 20.8% over baselines"
            kind = "speedup"
        else:
            continue
        if re.match(r"^\s*(?:of|in)\s+(?:the\s+)?(?:cases|data|samples|parameters)\b", near_right, re.I):
            continue
        v = parse_number(m.group("v"))
        v2 = parse_number(m.group("v2")) if m.group("v2") else None
        f1 = percent_factor(v, kind, to_form)
        f2 = percent_factor(v2, kind, to_form) if v2 is not None else None
        add(ClaimMatch(m.start(), m.end(), v, v2, "%", kind, _quantity(sentence, m.start(), m.end()),
                       _baseline(sentence[m.end():]), _qualifier(sentence, m.start()), f1, f2,
                       "claim.percent_to" if to_form else "claim.percent"))

    for m in MAGNITUDE.finditer(sentence):
        if not free(m.start(), m.end()):
            continue
        left, right = _clause(sentence, m.start(), m.end())
        if not SPEED_CONTEXT.search(left + " " + right):
            continue
        q = " ".join(m.group("q").split())
        factor = 10.0 if q.lower().startswith("an order") else None
        add(ClaimMatch(m.start(1), m.end(), None, None, None, _kind(left, ""), _quantity(sentence, m.start(), m.start()),
                       _baseline(sentence[m.end():]), q, factor, None, "claim.magnitude"))

    claims.sort(key=lambda c: c.start)
    return claims
