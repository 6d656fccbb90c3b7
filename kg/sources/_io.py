"""Sources: open a file as text, gzip or not, with errors that name the file and line.

Every input is read once, in blocks, up to `max_input_bytes()` (after decompression): a regular
file, a pipe, a FIFO, `/dev/stdin` or `-` (standard input) alike. Devices are refused, since some
(`/dev/zero`, `/dev/urandom`) never end.
"""
from __future__ import annotations

import codecs
import gzip
import io
import os
import stat
import sys
import zlib
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import SourceError


@dataclass(frozen=True)
class BadRecords:
    """What the readers do with a record they cannot read: stop with an error naming it (`skip`
    off), or skip it and note where it was (`found`, e.g. "papers.jsonl:12") to count it."""

    skip: bool = False
    found: list[str] = field(default_factory=list)


STOP = BadRecords()  # the default: a bad record is an error

GZIP_MAGIC = b"\x1f\x8b"
STDIN = "-"
#: the most bytes one input may hold, decompressed (KG_MAX_INPUT_BYTES overrides it)
MAX_INPUT_BYTES = 512 * 1024 * 1024
BLOCK = 1 << 20

#: leading bytes of documents that are not text, and what to say about them
NOT_TEXT = [
    (b"%PDF-", "a PDF document"),
    (b"PK\x03\x04", "a ZIP archive (or a .docx/.xlsx/.odt/.epub document)"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "a Microsoft Office document"),
    (b"{\\rtf", "an RTF document"),
    (b"%!PS", "a PostScript document"),
    (b"\x89PNG", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF8", "a GIF image"),
    (b"BZh", "a bzip2 file"),
    (b"\xfd7zXZ\x00", "an xz file"),
    (b"(\xb5/\xfd", "a zstd file"),
    (b"7z\xbc\xaf'\x1c", "a 7-Zip archive"),
    (b"\x7fELF", "a program"),
    (b"SQLite format 3\x00", "an SQLite database"),
]
#: extensions of documents kg does not read, refused whatever they hold
NOT_TEXT_EXTENSIONS = {
    ".pdf": "a PDF document", ".doc": "a Word document", ".docx": "a Word document", ".odt": "an OpenDocument file",
    ".rtf": "an RTF document", ".ps": "a PostScript document", ".epub": "an EPUB book", ".xlsx": "a spreadsheet",
    ".xls": "a spreadsheet", ".ods": "a spreadsheet", ".pptx": "a presentation", ".zip": "a ZIP archive",
    ".tar": "a tar archive", ".tgz": "a tar archive", ".bz2": "a bzip2 file", ".xz": "an xz file",
    ".zst": "a zstd file", ".7z": "a 7-Zip archive", ".png": "an image", ".jpg": "an image", ".jpeg": "an image",
    ".gif": "an image", ".djvu": "a DjVu document", ".html": "an HTML page", ".htm": "an HTML page",
}
CONVERT = "kg reads text: extract the abstracts to .txt or .jsonl first (e.g. pdftotext for a PDF)"


def max_input_bytes() -> int:
    value = os.environ.get("KG_MAX_INPUT_BYTES")
    if not value:
        return MAX_INPUT_BYTES
    try:
        limit = int(value)
    except ValueError:
        limit = 0
    if limit <= 0:
        raise SourceError("KG_MAX_INPUT_BYTES", f"is {value!r}; set it to a positive number of bytes or unset it")
    return limit


def _too_big(path, limit: int, what: str = "") -> SourceError:
    return SourceError(path, f"holds more than {limit:,} bytes{what}, the most kg reads from one input; "
                       "split it, or raise KG_MAX_INPUT_BYTES")


def _read_bounded(path, fh, limit: int, what: str = "") -> bytes:
    buf = io.BytesIO()
    while block := fh.read(min(BLOCK, limit + 1 - buf.tell())):
        buf.write(block)
        if buf.tell() > limit:
            raise _too_big(path, limit, what)
    return buf.getvalue()


def _os_error(path, exc: OSError) -> SourceError:
    if isinstance(exc, IsADirectoryError):
        return SourceError(path, "is a directory; pass the files inside it or a glob")
    reason = exc.strerror or str(exc)
    return SourceError(path, f"cannot be read ({reason}); check the path and its permissions")


def kind_refused(path: Path) -> str | None:
    """Why an existing path is not an input (a device, a socket), or None."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "is a device, not a file (some never end); pass a file, a pipe or - for standard input"
    if stat.S_ISSOCK(mode):
        return "is a socket, not a file; pass a file, a pipe or - for standard input"
    return None


def is_regular(path: Path) -> bool:
    """A regular file (read twice at no risk); pipes, FIFOs and standard input are read once."""
    if str(path) == STDIN:
        return False
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return True  # the read says what is wrong


def read_raw(path: Path) -> bytes:
    """The bytes of an input as stored (gzip not undone), read once and bounded."""
    limit = max_input_bytes()
    if str(path) == STDIN:
        try:
            return _read_bounded("standard input", sys.stdin.buffer, limit)
        except OSError as exc:
            raise _os_error("standard input", exc) from None
    if (why := kind_refused(path)) is not None:
        raise SourceError(path, why)
    try:
        with open(path, "rb") as fh:
            return _read_bounded(path, fh, limit)
    except OSError as exc:
        raise _os_error(path, exc) from None


def decompress(path, raw: bytes) -> bytes:
    """Undo gzip (told by its magic number, not by the name), never past the input limit."""
    if raw[:2] != GZIP_MAGIC:
        return raw
    limit = max_input_bytes()
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(raw)) as fh:
            return _read_bounded(path, fh, limit, " once decompressed")
    except (OSError, EOFError, zlib.error):
        raise SourceError(path, "is a truncated or corrupt gzip file; download or compress it again") from None


def read_bytes(path: Path) -> bytes:
    """Return the file's bytes, decompressed when it is gzip."""
    return decompress(path, read_raw(path))


def refuse_documents(path, data: bytes) -> None:
    """A PDF, an office document, an image or an archive is refused by its content or its name."""
    name = str(path).lower().removesuffix(".gz")
    for ext, what in NOT_TEXT_EXTENSIONS.items():
        if name.endswith(ext):
            raise SourceError(path, f"is {what} (by its name); {CONVERT}")
    head = data[:64].lstrip(b"\xef\xbb\xbf \t\r\n")
    for magic, what in NOT_TEXT:
        if head.startswith(magic):
            raise SourceError(path, f"is {what}, not text; {CONVERT}")


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
    refuse_documents(path, data)
    if b"\x00" in data[:4096]:
        raise SourceError(path, "is a binary file, not text; pass abstracts as .txt, .jsonl, .json, .csv, .tsv, .bib or .xml")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise SourceError(path, "is not valid UTF-8; re-save it as UTF-8 (e.g. iconv -f latin1 -t utf-8)", line) from None
    return text.removeprefix("\ufeff")


def read_text(path: Path, data: bytes | None = None) -> str:
    """Return the decoded text of a plain or gzip-compressed file (of `data`, its bytes, if given)."""
    return decode(path, decompress(path, data) if data is not None else read_bytes(path))


def base_name(path: Path) -> str:
    """The `source` of a document: the file's base name, with a .gz suffix dropped."""
    if str(path) == STDIN:
        return "stdin"
    name = path.name
    return name[:-3] if name.endswith(".gz") else name
