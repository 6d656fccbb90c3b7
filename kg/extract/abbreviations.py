"""Extraction: abbreviation pairs "long form (SF)", after Schwartz & Hearst (PSB 2003).

The short form is the text in parentheses; the long form is the shortest run of words
before it whose characters cover the short form's letters in order, with the first
letter of the short form at the start of a word; and the words before that run too
when their initials spell the capitals the run spells only inside its words
("Proximal Policy Optimization (PPO)", not "Policy Optimization": `_extend_long`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

PAREN = re.compile(r"\(([^()]{1,16})\)")
SHORT_OK = re.compile(r"^[A-Za-z][\w\-+.&’']*$")
WORD = re.compile(r"[^\s()\[\]]+")


@dataclass(frozen=True, slots=True)
class Abbreviation:
    short: str
    long: str
    short_start: int
    long_start: int

    @property
    def long_end(self) -> int:
        return self.long_start + len(self.long)


def _strip_plural(short: str) -> str:
    return short[:-1] if len(short) > 2 and short.endswith("s") and short[-2].isupper() else short


def _match_long(short: str, words: list[re.Match]) -> int | None:
    """Index in `words` where the long form starts, or None (Schwartz & Hearst matching)."""
    letters = [c.lower() for c in _strip_plural(short) if c.isalnum()]
    if not letters:
        return None
    text = " ".join(w.group(0) for w in words).lower()
    si = len(letters) - 1
    li = len(text) - 1
    while si >= 0:
        c = letters[si]
        while li >= 0 and (text[li] != c or (si == 0 and li > 0 and text[li - 1].isalnum())):
            li -= 1
        if li < 0:
            return None
        si -= 1
        li -= 1
    start_char = li + 1
    # which word holds start_char
    pos = 0
    for i, w in enumerate(words):
        end = pos + len(w.group(0))
        if pos <= start_char < end + 1:
            return i
        pos = end + 1
    return None


FUNCTION_WORDS = frozenset("of for and or with the in on to a an via by from at as into over under using".split())
# the lower-case second parts of a hyphenated modifier, which no acronym spells: "Appearance-based", "Noise-aware"
MODIFIER_PARTS = frozenset("based driven aware guided regularized conditioned augmented enhanced oriented centric specific "
                           "level wise free like style".split())
LEADING = re.compile(r"^(?:\\\w+\{|[\"“‘'\[{])+")  # "\textit{Chain", '"Tiny': the word starts after these


def _initials(words: list[str], skip: frozenset = frozenset()) -> list[str]:
    """The first letters of the words and of their hyphenated parts ("Geo-Alignment" → g, a), but not of
    a modifier's second part ("Appearance-based" → a) nor of the words in `skip` ("and", "of")."""
    out = []
    for w in words:
        if w in skip:
            continue
        for k, part in enumerate(re.split(r"[-–]", LEADING.sub("", w))):
            if part and part[0].isalpha() and not (k and part in MODIFIER_PARTS):
                out.append(part[0].lower())
    return out


def _extend_long(short: str, words: list[str], i: int) -> int:
    """`i`, or an earlier start when the long form Schwartz & Hearst found spells only the last capitals of
    the short form by its initials and the words before it spell the rest: their letter-by-letter match
    takes "Covariance Intersection" for "CCI" (the second "c" read inside "Intersection"), where the long
    form is "Compartmentalized Covariance Intersection"."""
    caps = [c.lower() for c in short if c.isupper()]
    for skip in (frozenset(), FUNCTION_WORDS):
        have = _initials(words[i:], skip)
        k = len(caps) - len(have)
        if 0 < k <= i and have == caps[k:]:
            for j in range(i - 1, max(-1, i - k - 2), -1):
                if words[j].lower() in FUNCTION_WORDS or not LEADING.sub("", words[j])[:1].isalpha():
                    break  # "or Out-of-Vocabulary (OOV)", "the Time-to-Solution (TTS)": not a word of the name
                got = _initials(words[j:i], skip)
                if got == caps[:k]:
                    return j
                if len(got) >= k:
                    break
    return i


INVERTED = re.compile(r"(?<![\w-])([A-Z][\w\-+]{1,11})\s+\(([A-Z][^()]{4,120})\)")


def _initials_match(short: str, long: str) -> bool:
    """'SPADE' and 'Support-Proximity Augmented Diffusion Estimation': the short form's capitals
    are the long form's word initials, in order."""
    caps = [c.lower() for c in short if c.isupper()]
    initials = [w[0].lower() for w in re.split(r"[\s\-–]+", long) if w and w[0].isalpha()]
    return len(caps) >= 2 and caps == initials[:len(caps)] and len(initials) - len(caps) <= 2


def find_abbreviations(text: str) -> list[Abbreviation]:
    """Abbreviation pairs in text.

    >>> [(a.long, a.short) for a in find_abbreviations("We use graph neural networks (GNNs) here.")]
    [('graph neural networks', 'GNNs')]
    """
    found: list[Abbreviation] = []
    for m in PAREN.finditer(text):
        short = m.group(1).strip()
        if not SHORT_OK.match(short) or not any(c.isupper() for c in short) or len(short) < 2:
            continue
        if len(short.split()) > 1 or sum(c.isalpha() for c in short) < 2:
            continue
        window_start = max(0, m.start() - 200)
        before = text[window_start:m.start()]
        # the long form never crosses a sentence or clause boundary
        cut = max(before.rfind(". "), before.rfind("; "), before.rfind(": "), before.rfind("("), before.rfind(")"))
        if cut >= 0:
            window_start += cut + 2 if before[cut] in ".;:" else cut + 1
            before = text[window_start:m.start()]
        words = list(WORD.finditer(before))
        n_letters = sum(c.isalnum() for c in _strip_plural(short))
        words = words[-min(len(words), n_letters + 5, 2 * n_letters):] if words else []
        if not words:
            continue
        i = _match_long(short, words)
        if i is None:
            continue
        i = _extend_long(short, [w.group(0) for w in words], i)
        start = window_start + words[i].start()
        end = window_start + words[-1].end()
        long = text[start:end].rstrip(",;: ")
        if len(long) <= len(short) or long.lower() == short.lower():
            continue
        found.append(Abbreviation(short, long, m.start(1) + (len(m.group(1)) - len(m.group(1).lstrip())), start))
    # the inverted form, "SPADE (Support-Proximity Augmented Diffusion Estimation)"
    for m in INVERTED.finditer(text):
        short, long = m.group(1), m.group(2).strip()
        if _initials_match(short, long) and not any(a.short == short for a in found):
            found.append(Abbreviation(short, long, m.start(1), m.start(2)))
    return found
