"""Sinks: the graph as RDF (Turtle, JSON-LD, N-Triples) in the vocabulary of schema/mlkg.ttl.

rdflib's API over the Oxigraph store (oxrdflib): the default in-memory store is 50× slower to
write and parse graphs of a few hundred thousand triples. Each relationship from text also
becomes an `mlkg:Evidence` statement (rdf:subject/predicate/object) with its sentence,
offsets and rule.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from urllib.parse import quote

import networkx as nx
from rdflib import RDF, RDFS, XSD, Graph, Literal, Namespace, URIRef

from ..ontology import MLKG, MLKG_ID, RDF_PROPERTY_NAMES, camel
from .atomic import atomic_write

SKOS = Namespace("http://www.w3.org/2004/02/skos/core#")
DCTERMS = Namespace("http://purl.org/dc/terms/")
SCHEMA = Namespace("https://schema.org/")
PREFIXES = {"mlkg": MLKG, "id": MLKG_ID, "rdf": RDF, "rdfs": RDFS, "xsd": XSD, "skos": SKOS,
            "dcterms": DCTERMS, "schema": SCHEMA}
FORMATS = {"turtle": ("ox-turtle", "ttl"), "json-ld": ("json-ld", "jsonld"), "nt": ("ox-ntriples", "nt")}
_NS = {"rdfs": RDFS, "skos": SKOS, "dcterms": DCTERMS, "schema": SCHEMA}
EVIDENCE_KEYS = ("sentence", "start", "end", "rule")


def iri(node_id: str) -> URIRef:
    """The IRI of a node id; every character outside the unreserved set is percent-encoded.

    >>> str(iri("paper:a b.txt#3"))
    'https://w3id.org/mlkg/id/paper:a%20b.txt%233'
    """
    return URIRef(str(MLKG_ID) + quote(node_id, safe=":"))


def _predicate(prop: str) -> URIRef:
    mapped = RDF_PROPERTY_NAMES.get(prop)
    if mapped:
        prefix, local = mapped.split(":")
        return _NS[prefix][local]
    return MLKG[camel(prop)]


def _literal(value) -> Literal:
    if isinstance(value, bool):
        return Literal(value)
    if isinstance(value, int):
        return Literal(value, datatype=XSD.integer)
    if isinstance(value, float):
        return Literal(value, datatype=XSD.double)
    return Literal(_xml_safe(str(value)))


def _xml_safe(s: str) -> str:
    # RDF literals are Unicode strings, but some serialisers choke on lone surrogates and C0 controls
    return "".join(ch for ch in s if ch in "\t\n\r" or (ord(ch) >= 0x20 and not 0xD800 <= ord(ch) <= 0xDFFF))


def to_rdf(G: nx.MultiDiGraph) -> Graph:
    """An rdflib Graph (Oxigraph store) holding the whole property graph."""
    g = Graph(store="Oxigraph", bind_namespaces="none")
    for prefix, ns in PREFIXES.items():
        g.bind(prefix, ns)
    for nid, data in G.nodes(data=True):
        s = iri(nid)
        g.add((s, RDF.type, MLKG[data["label"]]))
        g.add((s, MLKG.id, Literal(nid)))
        for key, value in data.items():
            if key == "label" or value is None:
                continue
            p = _predicate(key)
            for v in (value if isinstance(value, list) else [value]):
                g.add((s, p, _literal(v)))
        if "name" in data:
            g.add((s, SKOS.prefLabel, _literal(data["name"])))
    for src, dst, key, data in G.edges(keys=True, data=True):
        s, p, o = iri(src), MLKG[camel(key)], iri(dst)
        g.add((s, p, o))
        if "sentence" in data:
            digest = hashlib.sha1(f"{src}\x00{key}\x00{dst}".encode()).hexdigest()[:20]
            e = URIRef(f"{MLKG_ID}evidence/{digest}")
            g.add((e, RDF.type, MLKG.Evidence))
            g.add((e, RDF.subject, s))
            g.add((e, RDF.predicate, p))
            g.add((e, RDF.object, o))
            for k in EVIDENCE_KEYS:
                g.add((e, MLKG[k], _literal(data[k])))
    return g


def write_rdf(G: nx.MultiDiGraph | Graph, path: str | Path, fmt: str = "turtle", atomic: bool = True) -> None:
    """Serialise to `path` atomically in one of FORMATS."""
    g = G if isinstance(G, Graph) else to_rdf(G)
    plugin, _ = FORMATS[fmt]
    if fmt == "json-ld":
        data = _sorted_jsonld(g.serialize(format="json-ld", context={k: str(v) for k, v in PREFIXES.items()}))
    else:
        data = g.serialize(format=plugin, encoding="utf-8")
    with (atomic_write(path, "wb") if atomic else open(path, "wb")) as fh:
        fh.write(data)


def _sorted_jsonld(text: str) -> bytes:
    """rdflib's JSON-LD writer follows set order, which changes between runs: sort nodes and values."""
    doc = json.loads(text)

    def key(v):
        return json.dumps(v, sort_keys=True, ensure_ascii=False)

    nodes = doc.get("@graph", [])
    for node in nodes:
        for k, v in node.items():
            if isinstance(v, list):
                node[k] = sorted(v, key=key)
    doc["@graph"] = sorted(nodes, key=lambda n: n.get("@id", ""))
    return (json.dumps(doc, sort_keys=True, indent=1, ensure_ascii=False) + "\n").encode("utf-8")
