"""The graph model, once, in Python: node labels, relationship types and the allowed patterns.

`schema/mlkg.ttl`, `schema/shapes.ttl` and `schema/constraints.cypher` say the same thing for
RDF and Neo4j; `tests/test_ontology.py` fails when they drift apart.
"""
from __future__ import annotations

from enum import Enum

from rdflib import Namespace

MLKG = Namespace("https://w3id.org/mlkg/ontology#")
MLKG_ID = Namespace("https://w3id.org/mlkg/id/")


class NodeLabel(str, Enum):
    """Neo4j labels and RDF classes of the graph's nodes."""

    PAPER = "Paper"
    METHOD = "Method"
    TECHNIQUE = "Technique"
    DATASET = "Dataset"
    METRIC = "Metric"
    TASK = "Task"
    SPEEDUP = "Speedup"
    RESULT = "Result"
    REPOSITORY = "Repository"
    VENUE = "Venue"


_ID_PREFIXES = {label.value.lower(): label for label in NodeLabel}


def label_of(node_id: str) -> NodeLabel:
    """The label of a node from its id (ids start with the label in lower case).

    >>> label_of("method:fastdllm")
    <NodeLabel.METHOD: 'Method'>
    """
    return _ID_PREFIXES[node_id.partition(":")[0]]


class RelType(str, Enum):
    """Neo4j relationship types and RDF object properties."""

    PROPOSES = "PROPOSES"
    USES = "USES"
    COMPARES_WITH = "COMPARES_WITH"
    EVALUATED_ON = "EVALUATED_ON"
    MEASURED_BY = "MEASURED_BY"
    ADDRESSES = "ADDRESSES"
    CLAIMS = "CLAIMS"
    ABOUT = "ABOUT"
    OVER = "OVER"
    REPORTS = "REPORTS"
    ON_DATASET = "ON_DATASET"
    OF_METRIC = "OF_METRIC"
    BY_METHOD = "BY_METHOD"
    HAS_CODE = "HAS_CODE"
    PUBLISHED_IN = "PUBLISHED_IN"
    VARIANT_OF = "VARIANT_OF"


L, R = NodeLabel, RelType

#: (source label, relationship, target label): every edge the graph may hold.
PATTERNS: frozenset[tuple[NodeLabel, RelType, NodeLabel]] = frozenset(
    {
        (L.PAPER, R.PROPOSES, L.METHOD),
        (L.PAPER, R.PROPOSES, L.DATASET),
        (L.PAPER, R.PROPOSES, L.METRIC),
        (L.PAPER, R.USES, L.METHOD),
        (L.PAPER, R.USES, L.TECHNIQUE),
        (L.PAPER, R.COMPARES_WITH, L.METHOD),
        (L.PAPER, R.EVALUATED_ON, L.DATASET),
        (L.PAPER, R.MEASURED_BY, L.METRIC),
        (L.PAPER, R.ADDRESSES, L.TASK),
        (L.PAPER, R.CLAIMS, L.SPEEDUP),
        (L.SPEEDUP, R.ABOUT, L.METHOD),
        (L.SPEEDUP, R.OVER, L.METHOD),
        (L.PAPER, R.REPORTS, L.RESULT),
        (L.RESULT, R.ON_DATASET, L.DATASET),
        (L.RESULT, R.OF_METRIC, L.METRIC),
        (L.RESULT, R.BY_METHOD, L.METHOD),
        (L.PAPER, R.HAS_CODE, L.REPOSITORY),
        (L.PAPER, R.PUBLISHED_IN, L.VENUE),
        # a version, size or variant to its family (GPT-4o → GPT-4, Llama-3-8B → Llama-3, macro-F1 → F1)
        *((label, R.VARIANT_OF, label) for label in (L.METHOD, L.TECHNIQUE, L.DATASET, L.METRIC, L.TASK)),
    }
)

#: Which node label each entity field of an extraction record becomes.
FIELD_LABEL: dict[str, NodeLabel] = {
    "proposed": L.METHOD,
    "models": L.METHOD,
    "techniques": L.TECHNIQUE,
    "datasets": L.DATASET,
    "metrics": L.METRIC,
    "tasks": L.TASK,
}

#: The relationship from a paper to an entity of each field.
FIELD_REL: dict[str, RelType] = {
    "proposed": R.PROPOSES,
    "models": R.USES,
    "techniques": R.USES,
    "datasets": R.EVALUATED_ON,
    "metrics": R.MEASURED_BY,
    "tasks": R.ADDRESSES,
}

#: Scalar properties each label carries besides `id`, with their XSD/Python type.
NODE_PROPERTIES: dict[NodeLabel, dict[str, type]] = {
    L.PAPER: {"sources": list, "title": str, "abstract": str, "year": int, "venue": str, "url": str, "doi": str,
              "paper_id": str, "authors": list, "same_as": list, "caption": str},
    L.METHOD: {"name": str, "aliases": list},
    L.TECHNIQUE: {"name": str, "aliases": list},
    L.DATASET: {"name": str, "aliases": list},
    L.METRIC: {"name": str, "aliases": list},
    L.TASK: {"name": str, "aliases": list},
    L.SPEEDUP: {"text": str, "value": float, "value_max": float, "unit": str, "kind": str,
                "quantity": str, "baseline_text": str, "qualifier": str, "factor": float,
                "factor_max": float, "sentence": str, "start": int, "end": int, "rule": str,
                "sentence_plain": str},
    L.RESULT: {"text": str, "metric_text": str, "value": float, "dataset_text": str,
               "method_text": str, "kind": str, "baseline_text": str,
               "sentence": str, "start": int, "end": int, "rule": str, "sentence_plain": str},
    L.REPOSITORY: {"url": str, "caption": str},
    L.VENUE: {"name": str},
}

#: RDF property of each node property (what is not listed is `mlkg:<name in camelCase>`).
RDF_PROPERTY_NAMES: dict[str, str] = {
    "name": "rdfs:label", "aliases": "skos:altLabel", "title": "dcterms:title", "abstract": "schema:abstract",
    "url": "schema:url", "authors": "dcterms:creator", "paper_id": "dcterms:identifier", "same_as": "owl:sameAs",
}
#: Properties whose values are IRIs, not literals (also written as schema:sameAs).
IRI_PROPERTIES = frozenset({"same_as"})
#: Evidence properties carried by every relationship that comes from text.
#: `sentence_plain` is the sentence as plain Unicode (LaTeX, Markdown and ligatures rendered), only where it differs;
#: `part` is "title" where the sentence is the paper's title (absent: the abstract, as the offsets are).
EVIDENCE_PROPERTIES: dict[str, type] = {"sentence": str, "start": int, "end": int, "rule": str, "sentence_plain": str,
                                        "part": str, "confidence": float}


def camel(name: str) -> str:
    """The RDF local name of a relationship type or property.

    >>> camel("EVALUATED_ON"), camel("value_max")
    ('evaluatedOn', 'valueMax')
    """
    head, *rest = name.lower().split("_")
    return head + "".join(w.capitalize() for w in rest)


#: Labels whose nodes are named entities with `name` and `aliases`.
ENTITY_LABELS = (L.METHOD, L.TECHNIQUE, L.DATASET, L.METRIC, L.TASK)
