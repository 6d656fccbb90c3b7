"""Extraction: code and project URLs, exactly as written."""
from __future__ import annotations

import re

from spacy.tokens import Doc

from .spans import text_of

URL = re.compile(r"https?://[^\s<>\"'()\[\]{}]+|(?<![\w/])(?:www\.|github\.com/|gitlab\.com/|huggingface\.co/)[^\s<>\"'()\[\]{}]+")
TRAILING = ".,;:!?*"


def find_urls(text: str) -> list[tuple[int, int]]:
    """URL spans, without trailing punctuation, each distinct URL once.

    >>> t = "Code: [https://github.com/a/b](https://github.com/a/b)."
    >>> [t[s:e] for s, e in find_urls(t)]
    ['https://github.com/a/b']
    """
    seen: set[str] = set()
    out = []
    for m in URL.finditer(text):
        s, e = m.span()
        while e > s and text[e - 1] in TRAILING:
            e -= 1
        url = text[s:e]
        if url not in seen and "." in url:
            seen.add(url)
            out.append((s, e))
    return out


class LinkFinder:
    """spaCy component: code URLs → `doc._.kg_code`."""

    def __init__(self, name: str = "kg_links"):
        self.name = name

    def __call__(self, doc: Doc) -> Doc:
        doc._.kg_code = find_urls(text_of(doc))
        return doc
