"""Sources: arXiv API Atom feeds (`<feed><entry><title/><summary/>…`)."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

from ..errors import SourceError
from ..records import Document

ATOM = "{http://www.w3.org/2005/Atom}"
ARXIV = "{http://arxiv.org/schemas/atom}"
DTD = re.compile(r"<!DOCTYPE|<!ENTITY", re.I)


def read_atom(text: str, source: str, path) -> Iterator[Document]:
    """Yield a document per `<entry>`, its `<summary>` as the abstract.

    Documents with a DTD are refused: entity declarations are how XML pulls in local
    files or expands to gigabytes, and an arXiv feed never needs one.
    """
    if m := DTD.search(text):
        line = text.count("\n", 0, m.start()) + 1
        raise SourceError(path, "declares a DTD or entities, which kg never resolves; remove the <!DOCTYPE>", line)
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        raise SourceError(path, f"is not well-formed XML ({exc.msg if hasattr(exc, 'msg') else exc}); fix or re-download it",
                          exc.position[0]) from None
    for index, entry in enumerate(root.iter(f"{ATOM}entry")):
        summary = entry.findtext(f"{ATOM}summary")
        if summary is None:
            raise SourceError(path, f"entry {index} has no <summary>; is this an arXiv API feed?")
        meta = {}
        if (title := entry.findtext(f"{ATOM}title")):
            meta["title"] = " ".join(title.split())
        if (ident := entry.findtext(f"{ATOM}id")):
            meta["id"] = ident.strip().rsplit("/abs/", 1)[-1]
            meta["url"] = ident.strip()
        if (published := entry.findtext(f"{ATOM}published")) and published[:4].isdigit():
            meta["year"] = int(published[:4])
        if (doi := entry.findtext(f"{ARXIV}doi")):
            meta["doi"] = doi.strip()
        authors = [a.findtext(f"{ATOM}name", "").strip() for a in entry.iter(f"{ATOM}author")]
        if any(authors):
            meta["authors"] = [a for a in authors if a]
        yield Document(source, index, " ".join(summary.split()), meta)
