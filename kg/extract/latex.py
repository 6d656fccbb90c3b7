"""Extraction: LaTeX and markup cleaning with an offset map back to the text as written.

Abstracts carry `\\textbf{S}upport`, `4.5$\\times$`, `11\\%`. The rules run on a cleaned
copy; every cleaned character remembers the span of the original it came from, so each
evidence offset points into the abstract exactly as the user gave it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

SYMBOLS = {
    "times": "×", "sim": "∼", "approx": "≈", "pm": "±", "le": "≤", "leq": "≤", "ge": "≥",
    "geq": "≥", "cdot": "·", "mid": "|", "to": "→", "rightarrow": "→", "infty": "∞",
    "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "lambda": "λ",
    "mu": "μ", "sigma": "σ", "tau": "τ", "theta": "θ", "ell": "ℓ", "ldots": "…", "dots": "…",
}
DROPPED_WITH_ARGUMENT = {"cite", "citep", "citet", "ref", "eqref", "label", "footnote"}
TOKEN = re.compile(r"\\([A-Za-z]+)\s*(\{)?|\\([%&_#$ ])|\$|\{|\}")


@dataclass(frozen=True, slots=True)
class CleanText:
    """Cleaned text with, for each character, the [start, end) span it came from."""

    text: str
    starts: tuple[int, ...]
    ends: tuple[int, ...]

    def original_span(self, start: int, end: int) -> tuple[int, int]:
        """Map a [start, end) span of the cleaned text to the original text."""
        if not self.text:
            return 0, 0
        start = min(max(start, 0), len(self.text) - 1)
        end = min(max(end, start + 1), len(self.text))
        return self.starts[start], self.ends[end - 1]


def _skip_group(text: str, i: int) -> int:
    depth = 1
    while i < len(text) and depth:
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        i += 1
    return i


def clean(text: str) -> CleanText:
    """Drop LaTeX markup, keep its content, map symbols to Unicode.

    >>> clean(r"up to \\textbf{21}$\\times$ fewer, 11\\%").text
    'up to 21× fewer, 11%'
    """
    if "\\" not in text and "$" not in text and "{" not in text and "}" not in text:
        idx = tuple(range(len(text)))
        return CleanText(text, idx, tuple(i + 1 for i in idx))
    out: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    pos = 0
    for m in TOKEN.finditer(text):
        if m.start() < pos:
            continue
        for i in range(pos, m.start()):
            out.append(text[i]); starts.append(i); ends.append(i + 1)
        pos = m.end()
        cmd, brace, escaped = m.group(1), m.group(2), m.group(3)
        if escaped:
            out.append(escaped); starts.append(m.start()); ends.append(m.end())
        elif cmd:
            if cmd in DROPPED_WITH_ARGUMENT and brace:
                pos = _skip_group(text, m.end())
            elif cmd in SYMBOLS:
                out.append(SYMBOLS[cmd]); starts.append(m.start()); ends.append(m.end() if not brace else m.end() - 1)
                if brace:
                    pos = m.end() - 1
        # `$`, `{`, `}` and other commands vanish, leaving their content
    for i in range(pos, len(text)):
        out.append(text[i]); starts.append(i); ends.append(i + 1)
    return CleanText("".join(out), tuple(starts), tuple(ends))
