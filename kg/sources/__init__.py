"""Sources: expand paths, globs and directories, pick each file's reader, yield `Document`s.

>>> from kg.sources import detect_format
>>> detect_format("papers.jsonl.gz", "")
'jsonl'
"""
from __future__ import annotations

import glob
import os
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path

from ..errors import SourceError
from ..records import Document
from ._io import STDIN, STOP, BadRecords, base_name, kind_refused, read_text
from .abstracts import read_abstracts
from .atom import read_atom
from .bibtex import read_bibtex
from .records import read_csv, read_json, read_jsonl

__all__ = ["BadRecords", "expand_paths", "detect_format", "read_documents", "read_file", "source_names"]

EXTENSIONS = {
    ".txt": "text", ".text": "text", ".abstracts": "text",
    ".jsonl": "jsonl", ".ndjson": "jsonl", ".json": "json",
    ".csv": "csv", ".tsv": "tsv", ".bib": "bibtex", ".bibtex": "bibtex",
    ".xml": "atom", ".atom": "atom",
}
FORMATS = sorted(set(EXTENSIONS.values()))
#: spaCy's own default limit; a longer "abstract" is a whole paper or a file without separators
MAX_ABSTRACT_CHARS = 1_000_000


def expand_paths(inputs: Iterable[str | Path], exclude: Iterable[str | Path] = ()) -> list[Path]:
    """Files named, matched by a glob, or found (recursively, readable formats only) in a directory;
    `-` is standard input. Hidden files and folders, and the folders in `exclude` (a build's own
    output directory), are never searched."""
    skip = [_real(p) for p in exclude]
    files: list[Path] = []
    for item in inputs:
        item = str(item)
        path = Path(item)
        if item == STDIN:
            files.append(path)
            continue
        try:
            if path.is_dir():
                found = _walk(path, skip)
                if not found:
                    raise SourceError(path, f"is a directory with no readable input (looked for {', '.join(sorted(EXTENSIONS))}, optionally .gz)")
                files.extend(found)
            elif path.exists() or path.is_symlink():
                if (why := kind_refused(path)) is not None:
                    raise SourceError(path, why)
                if _inside(_real(path), skip):
                    raise SourceError(path, "lies in the output directory of this build; kg never reads its own outputs")
                files.append(path)
            elif glob.has_magic(item):
                matched = sorted(Path(p) for p in glob.glob(item, recursive=True)
                                 if Path(p).is_file() and not _inside(_real(Path(p)), skip))
                if not matched:
                    raise SourceError(item, "matches no file; check the pattern")
                files.extend(matched)
            else:
                raise SourceError(item, "does not exist; check the path")
        except OSError as exc:
            raise SourceError(item, f"cannot be read ({exc.strerror or exc}); check the path and its permissions") from None
    return list(dict.fromkeys(files))


def _real(path: str | Path) -> Path:
    return Path(os.path.realpath(path))


def _inside(path: Path, dirs: list[Path]) -> bool:
    return any(path == d or d in path.parents for d in dirs)


def _walk(directory: Path, skip: list[Path]) -> list[Path]:
    """The readable inputs under a directory, sorted; hidden entries and `skip` are left out.
    A folder that cannot be listed is an error naming it."""
    found: list[Path] = []

    def fail(exc: OSError):
        raise SourceError(exc.filename or directory, f"cannot be listed ({exc.strerror}); check its permissions")

    for root, dirs, names in os.walk(directory, onerror=fail):
        here = Path(root)
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and not _inside(_real(here / d), skip))
        for name in names:
            p = here / name
            if not name.startswith(".") and suffix_format(p) and p.is_file():
                found.append(p)
    return sorted(found)


def source_names(paths: Iterable[Path]) -> dict[Path, str]:
    """The `source` of each input: its path relative to the folder that holds all the inputs
    (`2023/papers.jsonl` and `2024/papers.jsonl`, never two `papers.jsonl`), with a `.gz` suffix
    dropped unless that would make two sources one.

    >>> source_names([Path("data/2023/papers.jsonl"), Path("data/2024/papers.jsonl.gz")])
    {PosixPath('data/2023/papers.jsonl'): '2023/papers.jsonl', PosixPath('data/2024/papers.jsonl.gz'): '2024/papers.jsonl'}
    """
    paths = list(paths)
    absolute = [Path(os.path.abspath(p)) for p in paths]
    if not absolute:
        return {}
    root = Path(os.path.commonpath([str(a.parent) for a in absolute]))
    full = [a.relative_to(root).as_posix() for a in absolute]
    short = [name[:-3] if name.endswith(".gz") else name for name in full]
    taken = Counter(short)
    return {p: s if taken[s] == 1 else f for p, f, s in zip(paths, full, short)}


def suffix_format(path: Path) -> str | None:
    name = path.name.lower()
    if name.endswith(".gz"):
        name = name[:-3]
    return EXTENSIONS.get(Path(name).suffix)


def detect_format(path: str | Path, text: str) -> str:
    """The reader for a file: by its extension, else by its first non-blank characters."""
    fmt = suffix_format(Path(path))
    if fmt:
        return fmt
    head = text.lstrip()[:200]
    if head.startswith("{"):
        return "jsonl"
    if head.startswith("["):
        return "json"
    if head.startswith("<"):
        return "atom"
    if head.startswith("@"):
        return "bibtex"
    return "text"


def read_file(path: Path, bad: BadRecords = STOP, data: bytes | None = None, source: str | None = None) -> Iterator[Document]:
    """Yield the documents of one file (of `data`, its bytes as read, when the caller has them); their
    `source` is `source` (see `source_names`), by default the file's name."""
    text = read_text(path, data)
    if not text.strip():
        raise SourceError(path, "is empty; pass a file with at least one abstract")
    source = source or base_name(path)
    fmt = detect_format(path, text)
    if fmt == "text":
        docs = read_abstracts(text, source, path)
    elif fmt == "jsonl":
        docs = read_jsonl(text, source, path, bad)
    elif fmt == "json":
        docs = read_json(text, source, path, bad)
    elif fmt in ("csv", "tsv"):
        docs = read_csv(text, source, path, "\t" if fmt == "tsv" else None, bad)
    elif fmt == "bibtex":
        docs = read_bibtex(text, source, path, bad)
    else:
        docs = read_atom(text, source, path)
    count = 0
    for doc in docs:
        count += 1
        if len(doc.text) > MAX_ABSTRACT_CHARS:
            msg = (f"abstract {doc.index} has {len(doc.text):,} characters, over the {MAX_ABSTRACT_CHARS:,} kg reads; "
                   "is it a whole paper, or are abstracts not separated by blank lines?")
            if not bad.skip:
                raise SourceError(path, msg)
            bad.found.append(f"{path}[{doc.index}]")
            continue
        yield doc
    if count == 0 and not bad.found:
        raise SourceError(path, f"holds no abstracts (read as {fmt}); check the format")


def read_documents(inputs: Iterable[str | Path], skip_bad: bool = False, bad: list | None = None) -> Iterator[Document]:
    """Yield every document of every input, in order: files sorted within a directory or glob;
    with `skip_bad`, records that cannot be read are skipped and noted in `bad`."""
    paths = expand_paths(inputs)
    names = source_names(paths)
    records = BadRecords(skip_bad, [] if bad is None else bad)
    for path in paths:
        yield from read_file(path, records, source=names[path])
