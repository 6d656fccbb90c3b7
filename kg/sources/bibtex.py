"""Sources: BibTeX entries with an `abstract` field."""
from __future__ import annotations

import re
from collections.abc import Iterator

from ..errors import SourceError
from ..records import Document
from ._io import STOP, BadRecords
from .records import record_to_document

ENTRY_START = re.compile(r"@([A-Za-z]+)\s*([{(])")
FIELD_NAME = re.compile(r"\s*,?\s*([A-Za-z][\w\-:]*)\s*=\s*")
BARE_VALUE = re.compile(r"[^,}\s]*")
SKIPPED_TYPES = {"comment", "preamble", "string"}


def _balanced(text: str, start: int, path, open_ch: str = "{", close_ch: str = "}") -> int:
    """Return the index just past the brace that closes the one at `start`."""
    depth = 0
    i = start
    while i < len(text):
        ch = text[i]
        if ch == "\\":
            i += 2
            continue
        if ch == open_ch:
            depth += 1
        elif ch == close_ch:
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    line = text.count("\n", 0, start) + 1
    raise SourceError(path, "has unbalanced braces in the entry starting here; close every '{'", line)


def _value(body: str, pos: int, path) -> tuple[str, int]:
    if pos < len(body) and body[pos] == "{":
        end = _balanced(body, pos, path)
        return body[pos + 1:end - 1], end
    if pos < len(body) and body[pos] == '"':
        end = pos + 1
        while end < len(body) and (body[end] != '"' or body[end - 1] == "\\"):
            end += 1
        return body[pos + 1:end], end + 1
    m = BARE_VALUE.match(body, pos)
    return m.group(0), m.end()


def _clean(value: str) -> str:
    """Strip BibTeX grouping braces but keep LaTeX commands for the extractor."""
    value = re.sub(r"(?<!\\)[{}]", "", value)
    return " ".join(value.split())


def read_bibtex(text: str, source: str, path, bad: BadRecords = STOP) -> Iterator[Document]:
    """Yield a document per entry that has an abstract."""
    index = 0
    pos = 0
    line, counted = 1, 0  # the line of `counted`, advanced as entries are read (linear in the file)
    while (m := ENTRY_START.search(text, pos)) is not None:
        kind = m.group(1).lower()
        close = "}" if m.group(2) == "{" else ")"
        end = _balanced(text, m.end() - 1, path, m.group(2), close)
        pos = end
        if kind in SKIPPED_TYPES:
            continue
        body = text[m.end():end - 1]
        line += text.count("\n", counted, m.start())
        counted = m.start()
        key, _, rest = body.partition(",")
        rec = {"id": key.strip()}
        p = 0
        while (f := FIELD_NAME.match(rest, p)) is not None:
            value, p = _value(rest, f.end(), path)
            rec[f.group(1).lower()] = _clean(value)
        if "author" in rec:
            rec["authors"] = [a.strip() for a in rec.pop("author").split(" and ")]
        try:
            yield record_to_document(rec, source, index, path, line)
        except SourceError:
            if not bad.skip:
                raise
            bad.found.append(f"{path}:{line}")
        index += 1
