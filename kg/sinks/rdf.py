"""Sinks: the graph as RDF (Turtle, JSON-LD, N-Triples) in the vocabulary of schema/mlkg.ttl.

Triples are generated node by node and edge by edge and serialised by pyoxigraph as a stream,
so a graph of any size is written in constant memory. Each relationship from text also becomes
an `mlkg:Evidence` statement (rdf:subject/predicate/object) with its sentence, offsets and rule.
`to_rdf()` gives the same triples as an rdflib Graph (over the Oxigraph store, which is many times
faster than rdflib's default store) for users of rdflib's API and for validation with pySHACL.
"""
from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from urllib.parse import quote

import networkx as nx
import pyoxigraph as ox
from rdflib import Graph

from ..ontology import EVIDENCE_PROPERTIES, MLKG, MLKG_ID, RDF_PROPERTY_NAMES, camel
from .atomic import atomic_write

RDF_NS = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
NS = {
    "mlkg": str(MLKG), "id": str(MLKG_ID), "rdf": RDF_NS, "rdfs": "http://www.w3.org/2000/01/rdf-schema#",
    "xsd": "http://www.w3.org/2001/XMLSchema#", "skos": "http://www.w3.org/2004/02/skos/core#",
    "dcterms": "http://purl.org/dc/terms/", "schema": "https://schema.org/", "owl": "http://www.w3.org/2002/07/owl#",
}
FORMATS = {"turtle": (ox.RdfFormat.TURTLE, "ttl"), "json-ld": (ox.RdfFormat.JSON_LD, "jsonld"),
           "nt": (ox.RdfFormat.N_TRIPLES, "nt")}
RDF_TYPE = ox.NamedNode(RDF_NS + "type")
SUBJECT, PREDICATE, OBJECT = (ox.NamedNode(RDF_NS + x) for x in ("subject", "predicate", "object"))
PREF_LABEL = ox.NamedNode(NS["skos"] + "prefLabel")
EVIDENCE = ox.NamedNode(str(MLKG) + "Evidence")
SAME_AS = (ox.NamedNode(NS["owl"] + "sameAs"), ox.NamedNode(NS["schema"] + "sameAs"))
ID = ox.NamedNode(str(MLKG) + "id")


def iri(node_id: str) -> ox.NamedNode:
    """The IRI of a node id: `label:rest` → `…/id/label/rest`, every character of `rest` outside
    the unreserved set, "/", ":" and "@" percent-encoded.

    >>> iri("paper:arxiv/2604.20737").value, iri("speedup:hash/ab12#3").value
    ('https://w3id.org/mlkg/id/paper/arxiv/2604.20737', 'https://w3id.org/mlkg/id/speedup/hash/ab12%233')
    """
    label, _, rest = node_id.partition(":")
    return ox.NamedNode(f"{MLKG_ID}{quote(label, safe='')}/{quote(rest, safe='/:@')}")


_PREDICATES: dict[str, ox.NamedNode] = {}


def _predicate(prop: str) -> ox.NamedNode:
    p = _PREDICATES.get(prop)
    if p is None:
        mapped = RDF_PROPERTY_NAMES.get(prop)
        if mapped:
            prefix, local = mapped.split(":")
            p = ox.NamedNode(NS[prefix] + local)
        else:
            p = ox.NamedNode(str(MLKG) + camel(prop))
        _PREDICATES[prop] = p
    return p


def _literal(value) -> ox.Literal:
    if isinstance(value, (bool, int, float)):
        return ox.Literal(value)
    return ox.Literal(_xml_safe(str(value)))


_UNSAFE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff]")


def _xml_safe(s: str) -> str:
    # RDF literals are Unicode strings, but serialisers and parsers choke on lone surrogates and C0 controls
    if not _UNSAFE.search(s):
        return s
    return "".join(ch for ch in s if ch in "\t\n\r" or (ord(ch) >= 0x20 and not 0xD800 <= ord(ch) <= 0xDFFF))


def node_triples(nid: str, data: dict) -> Iterator[ox.Triple]:
    s = iri(nid)
    yield ox.Triple(s, RDF_TYPE, ox.NamedNode(str(MLKG) + data["label"]))
    yield ox.Triple(s, ID, ox.Literal(nid))
    for key, value in data.items():
        if key == "label" or value is None:
            continue
        if key == "same_as":  # public IRIs of the same paper (arXiv, DOI, OpenReview)
            for v in value:
                for p in SAME_AS:
                    yield ox.Triple(s, p, ox.NamedNode(v))
            continue
        p = _predicate(key)
        for v in (value if isinstance(value, list) else [value]):
            yield ox.Triple(s, p, _literal(v))
    if data.get("name") is not None:
        yield ox.Triple(s, PREF_LABEL, _literal(data["name"]))


def edge_triples(src: str, dst: str, key: str, data: dict) -> Iterator[ox.Triple]:
    s, p, o = iri(src), ox.NamedNode(str(MLKG) + camel(key)), iri(dst)
    yield ox.Triple(s, p, o)
    if "sentence" in data:
        digest = hashlib.sha1(f"{src}\x00{key}\x00{dst}".encode()).hexdigest()[:20]
        e = ox.NamedNode(f"{MLKG_ID}evidence/{digest}")
        yield ox.Triple(e, RDF_TYPE, EVIDENCE)
        yield ox.Triple(e, SUBJECT, s)
        yield ox.Triple(e, PREDICATE, p)
        yield ox.Triple(e, OBJECT, o)
        for k in EVIDENCE_PROPERTIES:
            if data.get(k) is not None:
                yield ox.Triple(e, ox.NamedNode(str(MLKG) + camel(k)), _literal(data[k]))


def graph_triples(G: nx.MultiDiGraph) -> Iterator[ox.Triple]:
    """Every triple of a graph: nodes by id, then edges by (source, type, target)."""
    for nid, data in sorted(G.nodes(data=True)):
        yield from node_triples(nid, data)
    for src, dst, key, data in sorted(G.edges(keys=True, data=True), key=lambda e: (e[0], e[2], e[1])):
        yield from edge_triples(src, dst, key, data)


def serialize(triples: Iterable[ox.Triple], fh, fmt: str = "turtle") -> None:
    """Stream triples to a binary file object."""
    ox.serialize(triples, fh, FORMATS[fmt][0], prefixes=NS if fmt != "nt" else None)


def write_rdf(G: nx.MultiDiGraph, path: str | Path, fmt: str = "turtle", atomic: bool = True) -> None:
    """Serialise a whole graph to `path` in one of FORMATS."""
    with (atomic_write(path, "wb") if atomic else open(path, "wb")) as fh:
        serialize(graph_triples(G), fh, fmt)


def to_rdf(G: nx.MultiDiGraph) -> Graph:
    """The graph as an rdflib Graph (Oxigraph store), prefixes bound."""
    import io
    buf = io.BytesIO()
    ox.serialize(graph_triples(G), buf, ox.RdfFormat.N_TRIPLES)
    g = Graph(store="Oxigraph", bind_namespaces="none")
    for prefix, ns in NS.items():
        g.bind(prefix, ns)
    g.parse(data=buf.getvalue().decode("utf-8"), format="ox-ntriples")
    return g
