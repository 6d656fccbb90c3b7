"""Sources: open a file as text, gzip or not, with errors that name the file and line."""
from __future__ import annotations

import codecs
import gzip
import zlib
from pathlib import Path

from ..errors import SourceError

GZIP_MAGIC = b"\x1f\x8b"


def read_bytes(path: Path) -> bytes:
    """Return the file's bytes, decompressed when it is gzip (by magic number, not by name)."""
    try:
        raw = path.read_bytes()
    except IsADirectoryError:
        raise SourceError(path, "is a directory; pass the files inside it or a glob") from None
    except OSError as exc:
        raise SourceError(path, f"cannot be read ({exc.strerror}); check the path and permissions") from None
    if raw[:2] == GZIP_MAGIC:
        try:
            return gzip.decompress(raw)
        except (OSError, EOFError, zlib.error):
            raise SourceError(path, "is a truncated or corrupt gzip file; download or compress it again") from None
    return raw


def decode(path: Path, data: bytes) -> str:
    """Decode UTF-8 (a UTF-8 BOM is dropped; UTF-16 with a BOM is accepted).

    Any other encoding is an error naming the line of the first bad byte, since guessing
    an encoding silently corrupts names.
    """
    if data.startswith(codecs.BOM_UTF16_LE) or data.startswith(codecs.BOM_UTF16_BE):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            raise SourceError(path, "starts with a UTF-16 byte-order mark but is not valid UTF-16; re-save it as UTF-8") from None
    if b"\x00" in data[:4096]:
        raise SourceError(path, "is a binary file, not text; pass abstracts as .txt, .jsonl, .json, .csv, .tsv, .bib or .xml")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise SourceError(path, "is not valid UTF-8; re-save it as UTF-8 (e.g. iconv -f latin1 -t utf-8)", line) from None
    return text.removeprefix("\ufeff")


def read_text(path: Path) -> str:
    """Return the decoded text of a plain or gzip-compressed file."""
    return decode(path, read_bytes(path))


def base_name(path: Path) -> str:
    """The `source` of a document: the file's base name, with a .gz suffix dropped."""
    name = path.name
    return name[:-3] if name.endswith(".gz") else name
