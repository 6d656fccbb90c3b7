"""Sources: plain abstract lists: optional header line(s), then abstracts separated by blank lines."""
from __future__ import annotations

import re
from collections.abc import Iterator

from ..errors import SourceError
from ..records import Document

# "ICML 2026 Papers", "ICML 2026 论文列表", "NeurIPS 2025 accepted papers"
VENUE_YEAR = re.compile(r"\b([A-Z][A-Za-z&\-]{1,20})\s*['’]?((?:19|20)\d\d)\b")
BLOCK_SPLIT = re.compile(r"\n[ \t\r]*\n")
MAX_HEADER_WORDS = 12


def is_header(block: str) -> bool:
    """A first block is a header when it is short and reads as a title, not as prose."""
    words = block.split()
    return 0 < len(words) <= MAX_HEADER_WORDS and not block.rstrip().endswith((".", "?", "!"))


def parse_header(block: str) -> dict:
    """Venue and year from a header line, when it names them."""
    m = VENUE_YEAR.search(block)
    return {"venue": m.group(1), "year": int(m.group(2))} if m else {}


def read_abstracts(text: str, source: str, path=None) -> Iterator[Document]:
    """Yield one `Document` per blank-line-separated abstract.

    >>> [d.text for d in read_abstracts("ICML 2026 Papers\\n\\nOne.\\n\\nTwo\\nlines.", "x.txt")]
    ['One.', 'Two lines.']
    """
    text = text.replace("\r\n", "\n").replace("\r", "\n")  # Windows and old Mac line ends
    blocks = [b.strip() for b in BLOCK_SPLIT.split(text)]
    blocks = [b for b in blocks if b]
    meta = {}
    while blocks and is_header(blocks[0]) and len(blocks) > 1:
        meta = meta or parse_header(blocks[0])
        blocks.pop(0)
    if len(blocks) == 1 and is_header(blocks[0]) and parse_header(blocks[0]):
        raise SourceError(path or source, f"has a header ({blocks[0]!r}) and no abstract; add the abstracts "
                          "after it, separated by blank lines")
    for index, block in enumerate(blocks):
        yield Document(source, index, " ".join(line.strip() for line in block.splitlines()), dict(meta))
