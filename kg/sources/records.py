"""Sources: structured records (JSON Lines, JSON arrays, CSV/TSV) with title, abstract and metadata."""
from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator

from ..errors import SourceError
from ..records import Document

META_FIELDS = ("id", "title", "authors", "year", "venue", "url", "doi")
ABSTRACT_FIELDS = ("abstract", "summary", "text")


def record_to_document(rec: dict, source: str, index: int, path, line=None) -> Document:
    """Turn one parsed record into a `Document`, or raise naming the file and line."""
    if not isinstance(rec, dict):
        raise SourceError(path, f"record is a {type(rec).__name__}, expected an object with an 'abstract'", line)
    text = next((rec[f] for f in ABSTRACT_FIELDS if isinstance(rec.get(f), str)), None)
    if text is None:
        raise SourceError(path, "record has no 'abstract' field; each record needs one "
                          "(use --skip-bad-records to skip such records)", line)
    meta = {f: rec[f] for f in META_FIELDS if rec.get(f) not in (None, "", [])}
    if "year" in meta:
        try:
            meta["year"] = int(str(meta["year"])[:4])
        except ValueError:
            del meta["year"]
    if "id" in meta:
        meta["id"] = str(meta["id"])
    if isinstance(meta.get("authors"), str):
        meta["authors"] = [a.strip() for a in meta["authors"].replace(" and ", ";").split(";") if a.strip()]
    return Document(source, index, " ".join(text.split()), meta)


def read_jsonl(text: str, source: str, path, skip_bad: bool = False, bad: list | None = None) -> Iterator[Document]:
    """One JSON object per line; blank lines are ignored."""
    index = 0
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
            doc = record_to_document(rec, source, index, path, n)
        except (json.JSONDecodeError, SourceError) as exc:
            if not skip_bad:
                if isinstance(exc, SourceError):
                    raise
                raise SourceError(path, f"is not valid JSON ({exc.msg}); fix the line or pass --skip-bad-records", n) from None
            if bad is not None:
                bad.append(f"{path}:{n}")
            index += 1
            continue
        yield doc
        index += 1


def read_json(text: str, source: str, path, skip_bad: bool = False, bad: list | None = None) -> Iterator[Document]:
    """A JSON array of records (or JSON Lines that happen to be named .json)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        if text.lstrip().startswith("{") and exc.msg == "Extra data":
            yield from read_jsonl(text, source, path, skip_bad, bad)
            return
        raise SourceError(path, f"is not valid JSON ({exc.msg}); check the file", exc.lineno) from None
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
            if not skip_bad:
                raise
            if bad is not None:
                bad.append(f"{path}[{index}]")


def read_csv(text: str, source: str, path, delimiter: str | None = None,
             skip_bad: bool = False, bad: list | None = None) -> Iterator[Document]:
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
    for index, row in enumerate(reader):
        if None in row:
            msg = "has more fields than the header; quote fields that hold the delimiter"
            if not skip_bad:
                raise SourceError(path, msg, reader.line_num)
            if bad is not None:
                bad.append(f"{path}:{reader.line_num}")
            continue
        try:
            yield record_to_document(row, source, index, path, reader.line_num)
        except SourceError:
            if not skip_bad:
                raise
            if bad is not None:
                bad.append(f"{path}:{reader.line_num}")
