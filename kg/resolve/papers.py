"""Resolution: the identity of a paper, from the identifier its record gives, never from where it was read.

A paper's id is, in this order: its arXiv id without version (`paper:arxiv/2604.20737`), its DOI
(`paper:doi/10.1145/3580305.3599256`, lower case as DOIs compare), its OpenReview id
(`paper:openreview/05T81ScPFb`), the record's own `id` (`paper:id/3dv2025:05T81ScPFb`; a bare
number is a row number, not an identifier), and for a record with none of these a hash of its normalised title and abstract (`paper:hash/…`). The same
paper read from two inputs, or from one input re-sorted, is one node. `same_as` gives the public
IRIs of the paper (https://arxiv.org/abs/…, https://doi.org/…, https://openreview.net/forum?id=…).
"""
from __future__ import annotations

import hashlib
import re
import unicodedata
from dataclasses import dataclass

_ARXIV_ID = r"(\d{4}\.\d{4,5}|[a-z][a-z\-]*(?:\.[A-Z]{2})?/\d{7})(?:v\d+)?"
_ARXIV = [re.compile(rf"^(?:arxiv:\s*)?{_ARXIV_ID}$", re.I),
          re.compile(rf"arxiv\.org/(?:abs|pdf)/{_ARXIV_ID}(?:\.pdf)?/?$", re.I),
          re.compile(rf"^10\.48550/arxiv\.{_ARXIV_ID}$", re.I)]
_DOI = [re.compile(r"^(?:doi:\s*)?(10\.\d{4,9}/\S+)$", re.I),
        re.compile(r"^https?://(?:dx\.)?doi\.org/(10\.\d{4,9}/\S+)$", re.I)]
_OPENREVIEW = [re.compile(r"^openreview:\s*([\w\-]+)$", re.I),
               re.compile(r"openreview\.net/(?:forum|pdf)\?(?:.*&)?id=([\w\-]+)", re.I)]


@dataclass(frozen=True)
class PaperIdentity:
    """A paper's node id and the public IRIs it is the same as."""

    id: str
    same_as: tuple[str, ...] = ()


def _first(patterns, value: str) -> str | None:
    for pattern in patterns:
        m = pattern.search(value)
        if m:
            return m.group(1)
    return None


def paper_identity(meta: dict, text: str) -> PaperIdentity:
    """The identity of a paper from its record's metadata (`id`, `doi`, `url`) and its abstract.

    >>> paper_identity({"id": "arxiv:2604.20737v2"}, "…")
    PaperIdentity(id='paper:arxiv/2604.20737', same_as=('https://arxiv.org/abs/2604.20737',))
    >>> paper_identity({"doi": "https://doi.org/10.1145/ABC.1"}, "…").id
    'paper:doi/10.1145/abc.1'
    >>> paper_identity({"id": "3dv2025:05T81ScPFb"}, "…").id
    'paper:id/3dv2025:05T81ScPFb'
    >>> paper_identity({"title": "A  Study"}, "Some text.") == paper_identity({"title": "a study"}, "Some  text.")
    True
    >>> paper_identity({"id": "17"}, "Some text.").id.startswith("paper:hash/")
    True
    """
    values = [str(meta[k]).strip() for k in ("id", "doi", "url") if isinstance(meta.get(k), (str, int)) and str(meta[k]).strip()]
    arxiv = doi = openreview = None
    for v in values:
        arxiv = arxiv or _first(_ARXIV, v)
        doi = doi or _first(_DOI, v)
        openreview = openreview or _first(_OPENREVIEW, v)
    if doi and _first(_ARXIV, doi):  # arXiv's own DOI
        arxiv, doi = arxiv or _first(_ARXIV, doi), None
    same_as = []
    if arxiv:
        same_as.append(f"https://arxiv.org/abs/{arxiv}")
    if doi:
        doi = doi.lower().rstrip(".")
        same_as.append(f"https://doi.org/{doi}")
    if openreview:
        same_as.append(f"https://openreview.net/forum?id={openreview}")
    if arxiv:
        return PaperIdentity(f"paper:arxiv/{arxiv}", tuple(same_as))
    if doi:
        return PaperIdentity(f"paper:doi/{doi}", tuple(same_as))
    if openreview:
        return PaperIdentity(f"paper:openreview/{openreview}", tuple(same_as))
    own = " ".join(str(meta.get("id") or "").split())
    if own and not own.isdigit():  # a bare number is a row number of its file, not an identifier
        return PaperIdentity(f"paper:id/{own}")
    return PaperIdentity(f"paper:hash/{content_hash(str(meta.get('title') or ''), text)}")


def _plain(s: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", s).casefold().split())


def content_hash(title: str, abstract: str) -> str:
    """A hash of the normalised title and abstract (NFKC, case-folded, whitespace collapsed)."""
    return hashlib.sha256(f"{_plain(title)}\n{_plain(abstract)}".encode()).hexdigest()[:20]
