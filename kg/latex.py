"""Text: LaTeX and Markdown cleaning with an offset map back to the text as written.

Abstracts carry `\\textbf{S}upport`, `4.5$\\times$`, `11\\%`, `**Name**`. The rules run on a
cleaned copy; every cleaned character remembers the span of the original it came from, so
each evidence offset points into the abstract exactly as the user gave it. Emphasised
spans (`\\textbf{…}`, `\\emph{…}`, `**…**`) are kept: authors emphasise the names they coin.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

SYMBOLS = {
    "times": "×", "sim": "∼", "approx": "≈", "pm": "±", "le": "≤", "leq": "≤", "ge": "≥",
    "geq": "≥", "cdot": "·", "mid": "|", "to": "→", "rightarrow": "→", "infty": "∞",
    "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "lambda": "λ",
    "mu": "μ", "sigma": "σ", "tau": "τ", "theta": "θ", "ell": "ℓ", "ldots": "…", "dots": "…",
}
DROPPED_WITH_ARGUMENT = {"cite", "citep", "citet", "ref", "eqref", "label", "footnote"}
EMPHASIS = {"textbf", "textit", "emph", "textsc", "underline", "mathbf", "boldsymbol"}
MARKUP = re.compile(r"[\\${}*_]")
TOKEN = re.compile(
    r"\\([A-Za-z]+)(?:\s*(\{))?|\\([%&_#$ ])|\$|\{|\}"
    r"|(\*\*|__)|(?<![\w*])(\*)(?=[^\s*])|(?<=[^\s*\d])(\*)(?![\w*])"
    # a star standing for "×" after a number ("7* fewer FLOPs", "3.2* faster")
    r"|(?<=\d)(\*)(?=\s?(?:fewer|less|more|faster|slower|smaller|larger|lower|higher|speed-?ups?|reductions?|"
    r"compression|improvements?|increases?|decreases?)\b)"
    r"|(?<=[^\s*])(\*)(?![\w*])"
    # an accent on a letter: Schr\"odinger, Fr\'{e}chet, na\"ive (725 in the conference corpus and three arXiv files)
    r"|\\(['\"`^~=.])\s*(?:\{([A-Za-z])\}|([A-Za-z]))"
)
ACCENTS = {"'": "\u0301", "`": "\u0300", "^": "\u0302", '"': "\u0308", "~": "\u0303", "=": "\u0304", ".": "\u0307"}


@dataclass(frozen=True, slots=True)
class CleanText:
    """Cleaned text with, for each character, the [start, end) span it came from."""

    text: str
    starts: tuple[int, ...]
    ends: tuple[int, ...]
    emphasis: tuple[tuple[int, int], ...] = ()

    def original_span(self, start: int, end: int) -> tuple[int, int]:
        """Map a [start, end) span of the cleaned text to the original text."""
        if not self.text:
            return 0, 0
        start = min(max(start, 0), len(self.text) - 1)
        end = min(max(end, start + 1), len(self.text))
        return self.starts[start], self.ends[end - 1]


# typographic ligatures that PDF-extracted abstracts carry ("ﬁne-tuning", "signiﬁcantly"): the words are read
# with their letters, each letter mapped back to the ligature it came from
LIGATURES = {"\ufb00": "ff", "\ufb01": "fi", "\ufb02": "fl", "\ufb03": "ffi", "\ufb04": "ffl", "\ufb05": "st",
             "\ufb06": "st"}
LIGATURE = re.compile("[\ufb00-\ufb06]")


def _unligature(cleaned: CleanText) -> CleanText:
    """`cleaned` with its ligatures spelled out; offsets and emphasised spans follow."""
    if not LIGATURE.search(cleaned.text):
        return cleaned
    out: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    at = [0]  # at[i]: where the i-th character of `cleaned` begins in the result (and at[-1] its length)
    for ch, start, end in zip(cleaned.text, cleaned.starts, cleaned.ends):
        letters = LIGATURES.get(ch, ch)
        out.append(letters)
        starts.extend([start] * len(letters))
        ends.extend([end] * len(letters))
        at.append(at[-1] + len(letters))
    emphasis = tuple((at[s], at[e]) for s, e in cleaned.emphasis)
    return CleanText("".join(out), tuple(starts), tuple(ends), emphasis)


def _skip_group(text: str, i: int) -> int:
    depth = 1
    while i < len(text) and depth:
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        i += 1
    return i


def clean(text: str) -> CleanText:
    """Drop LaTeX and Markdown markup, keep its content, map symbols to Unicode, spell out ligatures.

    >>> clean(r"up to \\textbf{21}$\\times$ fewer, 11\\%").text
    'up to 21× fewer, 11%'
    """
    if not MARKUP.search(text):
        return _unligature(CleanText(text, tuple(range(len(text))), tuple(range(1, len(text) + 1))))
    out: list[str] = []  # pieces; len(starts) is the length of the cleaned text so far
    starts: list[int] = []
    ends: list[int] = []
    groups: list[int | None] = []  # for each open brace: where its emphasis began, or None
    markdown: dict[str, int] = {}
    emphasis: list[tuple[int, int]] = []
    pos = 0
    for m in TOKEN.finditer(text):
        if m.start() < pos:
            continue
        out.append(text[pos:m.start()])
        starts.extend(range(pos, m.start()))
        ends.extend(range(pos + 1, m.start() + 1))
        pos = m.end()
        cmd, brace, escaped = m.group(1), m.group(2), m.group(3)
        star = m.group(4) or m.group(5) or m.group(6) or m.group(7) or m.group(8)
        if m.group(9):  # an accented letter: one character where Unicode composes it ("é"), else letter and mark
            piece = unicodedata.normalize("NFC", (m.group(10) or m.group(11)) + ACCENTS[m.group(9)])
            out.append(piece)
            starts.extend([m.start()] * len(piece))
            ends.extend([m.end()] * len(piece))
        elif escaped:
            out.append(escaped)
            starts.append(m.start())
            ends.append(m.end())
        elif m.group(7) and "*" not in markdown:
            out.append("×")
            starts.append(m.start())
            ends.append(m.end())
        elif star:
            if star in markdown:
                emphasis.append((markdown.pop(star), len(starts)))
            else:
                markdown[star] = len(starts)
        elif cmd:
            if cmd in DROPPED_WITH_ARGUMENT and brace:
                pos = _skip_group(text, m.end())
            elif cmd in SYMBOLS:
                out.append(SYMBOLS[cmd])
                starts.append(m.start())
                ends.append(m.end() - 1 if brace else m.end())
                if brace:
                    pos = m.end() - 1
            elif brace:
                groups.append(len(starts) if cmd in EMPHASIS else None)
        elif m.group(0) == "{":
            groups.append(None)
        elif m.group(0) == "}" and groups:
            begun = groups.pop()
            if begun is not None and begun < len(starts):
                emphasis.append((begun, len(starts)))
        # `$`, unmatched braces and other commands vanish, leaving their content
    out.append(text[pos:])
    starts.extend(range(pos, len(text)))
    ends.extend(range(pos + 1, len(text) + 1))
    return _unligature(CleanText("".join(out), tuple(starts), tuple(ends), tuple(sorted(emphasis))))


def plain(text: str) -> str:
    """Text to read: LaTeX and Markdown rendered as plain Unicode, whitespace collapsed (for display
    only; offsets always point into the text as written).

    >>> plain(r"\\textit{e.g.} 4.5$\\times$ faster, 95.0\\% at \\url{https://x.org}")
    'e.g. 4.5× faster, 95.0% at https://x.org'
    """
    return " ".join(clean(text).text.split()) if text else text
