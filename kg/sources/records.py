"""Sources: structured records (JSON Lines, JSON arrays, CSV/TSV) with title, abstract and metadata."""
from __future__ import annotations

import csv
import io
import json
import re
import sys
from collections.abc import Iterator

from ..errors import SourceError
from ..records import Document
from ._io import STOP, BadRecords

META_FIELDS = ("id", "title", "authors", "year", "venue", "url", "doi")
ABSTRACT_FIELDS = ("abstract", "summary", "text")
TEXT_FIELDS = ("title", "venue", "url", "doi")
YEARS = range(1800, 2101)
LONE_SURROGATE = re.compile("[\ud800-\udfff]")
# a CSV field may be as long as an abstract may be, and more: read_file says when it is too long
csv.field_size_limit(min(sys.maxsize, 2**31 - 1))


class BadRecord(ValueError):
    """One record's value is not of its field's type."""


def _text(value: str) -> str:
    """A string with any lone surrogate (an escaped half of a pair, e.g. "\\ud800") made U+FFFD."""
    if LONE_SURROGATE.search(value):
        return value.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    return value


def _typed(field: str, value):
    """A metadata value checked against its field's type: text for title, venue, url and doi, an
    integer year in range, a list of names (or one string) for authors, text or an integer for id."""
    if isinstance(value, bool) or (field != "authors" and isinstance(value, (list, dict))):
        raise BadRecord(f"'{field}' is {json.dumps(value)[:40]}, expected {'a year' if field == 'year' else 'text'}")
    if field == "year":
        text = str(value).strip() if isinstance(value, (int, str)) else ""
        if isinstance(value, int) or (len(text) >= 4 and text[:4].isdigit() and not text[4:5].isdigit()):
            year = int(text[:4]) if not isinstance(value, int) else value
            if year in YEARS:
                return year
        raise BadRecord(f"'year' is {str(value)[:40]!r}, expected a year from {YEARS.start} to {YEARS.stop - 1}")
    if field == "id":
        if isinstance(value, (int, str)) and not isinstance(value, float):
            return _text(str(value))
        raise BadRecord(f"'id' is {value!r}, expected text or an integer")
    if field == "authors":
        if isinstance(value, str):
            return [_text(a.strip()) for a in value.replace(" and ", ";").split(";") if a.strip()]
        if isinstance(value, list) and all(isinstance(a, str) for a in value):
            return [_text(a) for a in value]
        raise BadRecord("'authors' must be a list of names or one string")
    if not isinstance(value, str):
        raise BadRecord(f"'{field}' is {value!r}, expected text")
    return _text(" ".join(value.split()) if field == "title" else value.strip())


def record_to_document(rec: dict, source: str, index: int, path, line=None) -> Document:
    """Turn one parsed record into a `Document`, or raise naming the file and line."""
    if not isinstance(rec, dict):
        raise SourceError(path, f"record is a {type(rec).__name__}, expected an object with an 'abstract'", line)
    text = next((rec[f] for f in ABSTRACT_FIELDS if isinstance(rec.get(f), str) and rec[f].strip()), None)
    if text is None:
        raise SourceError(path, "record has no 'abstract' field; each record needs one "
                          "(use --skip-bad-records to skip such records)", line)
    meta = {}
    for f in META_FIELDS:
        value = rec.get(f)
        if value is None or (isinstance(value, (str, list)) and not (value.strip() if isinstance(value, str) else value)):
            continue
        try:
            meta[f] = _typed(f, value)
        except BadRecord as exc:
            raise SourceError(path, f"{exc}; fix the record or pass --skip-bad-records", line) from None
    return Document(source, index, _text(" ".join(text.split())), meta)


def _not_a_number(name: str):
    raise ValueError(f"{name} is not a number kg accepts")


def _loads(text: str):
    """json.loads that refuses NaN and Infinity, and turns a too deep or too long value into ValueError."""
    try:
        return json.loads(text, parse_constant=_not_a_number)
    except RecursionError:
        raise ValueError("nested too deeply") from None


def read_jsonl(text: str, source: str, path, bad: BadRecords = STOP) -> Iterator[Document]:
    """One JSON object per line; blank lines are ignored."""
    index = 0
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            rec = _loads(line)
            doc = record_to_document(rec, source, index, path, n)
        except (ValueError, SourceError) as exc:
            if not bad.skip:
                if isinstance(exc, SourceError):
                    raise
                reason = exc.msg if isinstance(exc, json.JSONDecodeError) else str(exc)
                raise SourceError(path, f"is not valid JSON ({reason[:80]}); fix the line or pass --skip-bad-records", n) from None
            bad.found.append(f"{path}:{n}")
            index += 1
            continue
        yield doc
        index += 1


def read_json(text: str, source: str, path, bad: BadRecords = STOP) -> Iterator[Document]:
    """A JSON array of records (or JSON Lines that happen to be named .json)."""
    try:
        data = _loads(text)
    except json.JSONDecodeError as exc:
        if text.lstrip().startswith("{") and exc.msg == "Extra data":
            yield from read_jsonl(text, source, path, bad)
            return
        raise SourceError(path, f"is not valid JSON ({exc.msg}); check the file", exc.lineno) from None
    except ValueError as exc:
        raise SourceError(path, f"is not valid JSON ({str(exc)[:80]}); check the file") from None
    if isinstance(data, dict):
        for key in ("records", "papers", "data", "items"):
            if isinstance(data.get(key), list):
                data = data[key]
                break
        else:
            if any(f in data for f in ABSTRACT_FIELDS):
                data = [data]
            else:
                raise SourceError(path, "is a JSON object, expected a list of records with 'abstract' fields")
    if not isinstance(data, list):
        raise SourceError(path, "is JSON but not a list of records; expected [{\"abstract\": ...}, ...]")
    for index, rec in enumerate(data):
        try:
            yield record_to_document(rec, source, index, path)
        except SourceError:
            if not bad.skip:
                raise
            bad.found.append(f"{path}[{index}]")


def read_csv(text: str, source: str, path, delimiter: str | None = None,
             bad: BadRecords = STOP) -> Iterator[Document]:
    """CSV or TSV with a header row naming at least an `abstract` column."""
    if delimiter is None:
        first = text.split("\n", 1)[0]
        delimiter = max(",\t;|", key=first.count)
    reader = csv.DictReader(io.StringIO(text, newline=""), delimiter=delimiter)
    fields = [f.strip().lower() for f in (reader.fieldnames or [])]
    if not any(f in fields for f in ABSTRACT_FIELDS):
        raise SourceError(path, f"has no 'abstract' column (header: {', '.join(fields) or 'none'}); "
                          "name the column 'abstract'", 1)
    reader.fieldnames = fields
    index = 0
    while True:
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            if not bad.skip:
                raise SourceError(path, f"is not valid CSV ({exc}); fix the line or pass --skip-bad-records", reader.line_num) from None
            bad.found.append(f"{path}:{reader.line_num}")
            index += 1
            continue
        if None in row:
            msg = "has more fields than the header; quote fields that hold the delimiter"
            if not bad.skip:
                raise SourceError(path, msg, reader.line_num)
            bad.found.append(f"{path}:{reader.line_num}")
            index += 1
            continue
        try:
            yield record_to_document(row, source, index, path, reader.line_num)
        except SourceError:
            if not bad.skip:
                raise
            bad.found.append(f"{path}:{reader.line_num}")
        index += 1
