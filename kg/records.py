"""Records: the plain data that flows between stages (documents in, mentions and claims out)."""
from __future__ import annotations

from dataclasses import dataclass, field, fields


@dataclass(frozen=True, slots=True)
class Document:
    """One abstract as read from a source file.

    `source` is the file's path relative to the folder holding all the inputs (see
    `kg.sources.source_names`), `index` the 0-based position of the record in that file
    (header lines not counted); neither is the paper's identity (kg/resolve/papers.py). `meta` holds what the input gave besides
    the text: id, title, authors, year, venue, url, doi.
    """

    source: str
    index: int
    text: str
    meta: dict = field(default_factory=dict, hash=False, compare=False)

    @property
    def key(self) -> str:
        return f"{self.source}#{self.index}"


@dataclass(frozen=True, slots=True)
class Evidence:
    """Where a fact was read: the sentence, the character span, the rule. `part` is the part of the paper
    the sentence is from: the abstract (the offsets are into `Document.text`) or its "title" (the offsets are
    into the title as the input gives it). `confidence`, for a named entity, is the mention typer's probability
    that the words at the span name an entity of the mention's field (`kg.extract.spans.confidence`), or None
    where the typer scored no words there."""

    sentence: str
    start: int
    end: int
    rule: str
    part: str = "abstract"
    confidence: float | None = None


@dataclass(frozen=True, slots=True)
class Mention:
    """A named entity found in one abstract. `field` is a gold field (proposed, models, ...)."""

    field: str
    text: str
    evidence: Evidence
    long_form: str | None = None


@dataclass(frozen=True, slots=True)
class Claim:
    """A quantitative efficiency claim (speed-up or reduction), normalised."""

    text: str
    value: float | None
    value_max: float | None
    unit: str | None
    kind: str
    quantity: str | None
    baseline: str | None
    qualifier: str | None
    factor: float | None
    factor_max: float | None
    evidence: Evidence
    method: str | None = None


@dataclass(frozen=True, slots=True)
class Result:
    """A reported numeric outcome: a metric with a value, and dataset and method if given.

    `kind` is "score" for an absolute value ("82.3 mIoU on Cityscapes") and "gain" for a
    difference over a baseline ("+1.3% mIoU over the source-only model"), whose `baseline`
    is kept as written when the sentence gives it; "ratio" for a share of another value
    ("92% of the teacher's mIoU"). Leaderboards rank scores only.
    """

    text: str
    metric: str | None
    value: float
    dataset: str | None
    method: str | None
    evidence: Evidence
    kind: str = "score"
    baseline: str | None = None


@dataclass(slots=True)
class Extraction:
    """Everything the extractor found in one document."""

    document: Document
    mentions: list[Mention] = field(default_factory=list)
    claims: list[Claim] = field(default_factory=list)
    results: list[Result] = field(default_factory=list)
    code: list[tuple[str, Evidence]] = field(default_factory=list)
    abbreviations: dict[str, str] = field(default_factory=dict)


ENTITY_FIELDS = ("proposed", "models", "techniques", "datasets", "metrics", "tasks")


def _num(x: float | None) -> float | int | None:
    if x is None:
        return None
    return int(x) if float(x).is_integer() else x


def extraction_record(ext: Extraction) -> dict:
    """The `kg extract` record of GUIDELINES.md: flat name lists, claim and result objects, code URLs; and
    `confidence`, for each entity field the mention typer's confidence in each of its names, where the typer
    read the words (a name only the title writes has none)."""
    doc = ext.document
    rec: dict = {"source": doc.source, "index": doc.index}
    for key in ("id", "title"):
        if doc.meta.get(key):
            rec[key] = doc.meta[key]
    sure: dict[str, dict[str, float]] = {}
    for fld in ENTITY_FIELDS:
        rec[fld], sure[fld] = [], {}
    for m in ext.mentions:  # one pass: each field's names, and the typer's confidence in those it read
        if m.field in sure:
            rec[m.field].append(m.text)
            if m.evidence.confidence is not None:
                sure[m.field][m.text] = m.evidence.confidence
    rec["speedups"] = [
        {"text": c.text, "value": _num(c.value), "value_max": _num(c.value_max), "unit": c.unit, "kind": c.kind,
         "quantity": c.quantity, "baseline": c.baseline, "qualifier": c.qualifier,
         "factor": c.factor, "factor_max": c.factor_max, "method": c.method}
        for c in ext.claims
    ]
    rec["results"] = [
        {"text": r.text, "metric": r.metric, "value": _num(r.value), "dataset": r.dataset, "method": r.method,
         "kind": r.kind, "baseline": r.baseline}
        for r in ext.results
    ]
    rec["code"] = [url for url, _ in ext.code]
    rec["confidence"] = sure
    return rec


def _plain(record) -> dict:
    """A record as a dict keyed by its field names (its `Evidence` likewise)."""
    return {f.name: _plain(v) if isinstance(v := getattr(record, f.name), Evidence) else v for f in fields(record)}


def _typed(cls, data: dict):
    """Inverse of `_plain`: the record of type `cls`."""
    return cls(**{k: Evidence(**v) if k == "evidence" else v for k, v in data.items()})


def extraction_to_json(ext: Extraction) -> dict:
    """Everything an `Extraction` holds, evidence included, as JSON-ready data keyed by the records'
    field names (the build cache format)."""
    return {
        "document": {"source": ext.document.source, "index": ext.document.index, "text": ext.document.text,
                     "meta": ext.document.meta},
        "mentions": [_plain(m) for m in ext.mentions],
        "claims": [_plain(c) for c in ext.claims],
        "results": [_plain(r) for r in ext.results],
        "code": [{"url": url, "evidence": _plain(ev)} for url, ev in ext.code],
        "abbreviations": ext.abbreviations,
    }


def extraction_from_json(data: dict) -> Extraction:
    """Inverse of `extraction_to_json`."""
    return Extraction(
        document=Document(**data["document"]),
        mentions=[_typed(Mention, m) for m in data["mentions"]],
        claims=[_typed(Claim, c) for c in data["claims"]],
        results=[_typed(Result, r) for r in data["results"]],
        code=[(c["url"], Evidence(**c["evidence"])) for c in data["code"]],
        abbreviations=data.get("abbreviations", {}),
    )
