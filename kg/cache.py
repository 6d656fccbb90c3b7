"""Build cache: extractions kept in the output directory, keyed by content hash and pipeline version,
so a rebuild re-extracts only new or changed abstracts.

The file `DIR/.kg-cache/extractions-<version>.jsonl` holds one `key<TAB>json` line per abstract; the
version hashes the extraction code, its config and every lexicon (ours and the user's), so changing
any of them starts a new cache. Only line offsets are held in memory.
"""
from __future__ import annotations

import hashlib
import json
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from .records import Document, Extraction, extraction_from_json, extraction_to_json

CACHE_DIR = ".kg-cache"


def pipeline_version(config=None, lexicons=()) -> str:
    """A hash of everything that decides what extraction returns."""
    from .extract import DEFAULT_CONFIG
    h = hashlib.sha256()
    here = Path(__file__).resolve().parent / "extract"
    for path in sorted(here.rglob("*")):
        if path.is_file() and path.suffix in (".py", ".cfg", ".tsv"):
            h.update(str(path.relative_to(here)).encode())
            h.update(path.read_bytes())
    h.update(Path(config or DEFAULT_CONFIG).read_bytes())
    for lex in lexicons:
        h.update(Path(lex).read_bytes())
    return h.hexdigest()[:16]


def document_key(doc: Document) -> str:
    return hashlib.sha256(json.dumps([doc.text, doc.meta], sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:32]


class ExtractionCache:
    """Read side: the previous build's extractions; misses go to the extractor."""

    def __init__(self, out_dir: str | Path, version: str):
        self.path = Path(out_dir) / CACHE_DIR / f"extractions-{version}.jsonl"
        self.offsets: dict[str, int] = {}
        self.reused = 0
        if self.path.is_file():
            with open(self.path, "rb") as fh:
                pos = 0
                for line in fh:
                    key, _, _ = line.partition(b"\t")
                    self.offsets[key.decode()] = pos
                    pos += len(line)
        self._fh = open(self.path, "rb") if self.offsets else None

    def get(self, doc: Document) -> Extraction | None:
        pos = self.offsets.get(document_key(doc))
        if pos is None or self._fh is None:
            return None
        self._fh.seek(pos)
        data = json.loads(self._fh.readline().partition(b"\t")[2])
        data.update(source=doc.source, index=doc.index, text=doc.text, meta=doc.meta)
        self.reused += 1
        return extraction_from_json(data)

    def close(self) -> None:
        if self._fh:
            self._fh.close()

    def extract(self, documents: Iterable[Document],
                extractor: Callable[[Iterable[Document]], Iterator[Extraction]]) -> Iterator[Extraction]:
        """Every document's extraction, in input order: from the cache when it has it, else from `extractor`."""
        pending: deque = deque()

        def misses():
            for doc in documents:
                hit = self.get(doc)
                pending.append(hit if hit is not None else doc)
                if hit is None:
                    yield doc

        for ext in extractor(misses()):
            while pending and isinstance(pending[0], Extraction):
                yield pending.popleft()
            pending.popleft()  # the miss this result answers
            yield ext
        while pending:
            item = pending.popleft()
            assert isinstance(item, Extraction)
            yield item


def cache_line(ext: Extraction) -> str:
    """One cache line: the content key, a tab, the whole extraction (its document included)."""
    return f"{document_key(ext.document)}\t{json.dumps(extraction_to_json(ext), ensure_ascii=False)}\n"
