"""Write schema/mlkg.ttl, schema/shapes.ttl and schema/constraints.cypher from kg/ontology.py.

Run after changing the model: `python scripts/schema_from_ontology.py`; tests/test_ontology.py
fails while the files and the model disagree.
"""
from pathlib import Path

from kg.ontology import EVIDENCE_PROPERTIES, IRI_PROPERTIES, NODE_PROPERTIES, PATTERNS, RDF_PROPERTY_NAMES, NodeLabel, RelType, camel

SCHEMA = Path(__file__).resolve().parent.parent / "schema"
XSD = {str: "xsd:string", int: "xsd:integer", float: "xsd:double", list: "xsd:string"}
SUPER = {"Paper": "schema:ScholarlyArticle", "Method": "prov:Entity", "Technique": "skos:Concept",
         "Dataset": "schema:Dataset", "Metric": "skos:Concept", "Task": "skos:Concept", "Speedup": "prov:Entity",
         "Result": "prov:Entity", "Repository": "schema:SoftwareSourceCode", "Venue": "schema:Periodical"}
COMMENT = {
    "Paper": "A paper, identified by its arXiv id, DOI, OpenReview id or record id, else by a hash of its title and abstract.",
    "Method": "A named method, model, system or algorithm: proposed by a paper or referred to by it.",
    "Technique": "A general family of methods (flow matching, graph neural networks).",
    "Dataset": "A named dataset or benchmark.",
    "Metric": "A named evaluation measure.",
    "Task": "A research problem or application.",
    "Speedup": "A quantitative efficiency claim (speed-up or reduction) with a normalised factor.",
    "Result": "A reported numeric outcome: a metric with a value; kind 'score' (absolute), 'gain' (over a baseline) or 'ratio' (a share of another value).",
    "Repository": "A code or project URL.",
    "Venue": "A conference or journal.",
}
PROPERTY_COMMENT = {
    "part": 'The part of the paper an evidence sentence is from, where it is not the abstract: \\"title\\" (its offsets then '
            'point into the title).',
    "confidence": "The mention typer's probability that the words at the evidence's offsets name an entity of the kind the "
                  "relationship gives them (a method: the paper's own or another's), to 3 decimals; absent where the typer "
                  "scored no words there. A model's score, not a checked fact: it ranks, it does not certify.",
}
REQUIRED = {"Paper": ["sources", "abstract"], "Speedup": ["text", "kind", "sentence", "start", "end", "rule"],
            "Result": ["text", "value", "sentence", "start", "end", "rule"], "Repository": ["url"], "Venue": ["name"]}
PREFIXES = """@prefix mlkg: <https://w3id.org/mlkg/ontology#> .
@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix dcterms: <http://purl.org/dc/terms/> .
@prefix schema: <https://schema.org/> .
@prefix prov: <http://www.w3.org/ns/prov#> .
@prefix sh: <http://www.w3.org/ns/shacl#> .
"""


def _union(names):
    names = sorted(names)
    return f"mlkg:{names[0]}" if len(names) == 1 else "[ a owl:Class ; owl:unionOf ( " + " ".join(f"mlkg:{n}" for n in names) + " ) ]"


def ontology() -> str:
    out = [PREFIXES, "# The kg ontology: classes, relationships and properties of the ML research knowledge graph.",
           "# Written by scripts/schema_from_ontology.py from kg/ontology.py; tests/test_ontology.py keeps them in step.", "",
           "<https://w3id.org/mlkg/ontology> a owl:Ontology ;", '    rdfs:label "kg: ML research knowledge graph ontology"@en ;',
           '    owl:versionInfo "1" .', ""]
    for label in NodeLabel:
        out += [f"mlkg:{label.value} a owl:Class ;", f"    rdfs:subClassOf {SUPER[label.value]} ;",
                f'    rdfs:label "{label.value}"@en ;', f'    rdfs:comment "{COMMENT[label.value]}"@en .', ""]
    out += ["mlkg:Evidence a owl:Class ;", "    rdfs:subClassOf rdf:Statement, prov:Entity ;", '    rdfs:label "Evidence"@en ;',
            '    rdfs:comment "A relationship as read from text: the statement (rdf:subject, rdf:predicate, rdf:object), '
            'the sentence, its character offsets in the abstract (in the title where mlkg:part says so) and the rule that found it."@en .', ""]
    for rel in RelType:
        out += [f"mlkg:{camel(rel.value)} a owl:ObjectProperty ;", f'    rdfs:label "{rel.value}"@en ;',
                f"    rdfs:domain {_union({s.value for s, r, _ in PATTERNS if r is rel})} ;",
                f"    rdfs:range {_union({t.value for _, r, t in PATTERNS if r is rel})} .", ""]
    props: dict[str, type] = {"id": str}
    for ps in (*NODE_PROPERTIES.values(), EVIDENCE_PROPERTIES):
        props.update(ps)
    for name, typ in sorted(props.items()):
        if name not in RDF_PROPERTY_NAMES:
            comment = [f'    rdfs:comment "{PROPERTY_COMMENT[name]}"@en ;'] if name in PROPERTY_COMMENT else []
            out += [f"mlkg:{camel(name)} a owl:DatatypeProperty ;", f'    rdfs:label "{name}"@en ;', *comment,
                    f"    rdfs:range {XSD[typ]} .", ""]
    return "\n".join(out)


def shapes() -> str:
    out = [PREFIXES, "# SHACL shapes for graph.ttl: what every node of each class must carry.",
           "# Written by scripts/schema_from_ontology.py from kg/ontology.py.", ""]
    for label in NodeLabel:
        props = ["    sh:property [ sh:path mlkg:id ; sh:datatype xsd:string ; sh:minCount 1 ; sh:maxCount 1 ]"]
        for name, typ in NODE_PROPERTIES[label].items():
            path = RDF_PROPERTY_NAMES.get(name, f"mlkg:{camel(name)}")
            cons = [f"sh:path {path}", "sh:nodeKind sh:IRI" if name in IRI_PROPERTIES else f"sh:datatype {XSD[typ]}"]
            if typ is not list:
                cons.append("sh:maxCount 1")
            if name in REQUIRED.get(label.value, []) or name == "name" and label.value != "Paper":
                cons.append("sh:minCount 1")
            if label is NodeLabel.SPEEDUP and name == "kind":
                cons.append('sh:in ( "speedup" "reduction" )')
            if label is NodeLabel.SPEEDUP and name == "unit":
                cons.append('sh:in ( "x" "%" )')
            if name in ("factor", "factor_max"):
                cons.append("sh:minExclusive 0")
            props.append("    sh:property [ " + " ; ".join(cons) + " ]")
        rels: dict[RelType, set[str]] = {}
        for s, r, t in PATTERNS:
            if s is label:
                rels.setdefault(r, set()).add(t.value)
        for rel, targets in sorted(rels.items(), key=lambda x: x[0].value):
            if len(targets) == 1:
                props.append(f"    sh:property [ sh:path mlkg:{camel(rel.value)} ; sh:class mlkg:{targets.pop()} ]")
            else:
                alts = " ".join(f"[ sh:class mlkg:{t} ]" for t in sorted(targets))
                props.append(f"    sh:property [ sh:path mlkg:{camel(rel.value)} ; sh:or ( {alts} ) ]")
        out += [f"mlkg:{label.value}Shape a sh:NodeShape ;", f"    sh:targetClass mlkg:{label.value} ;", " ;\n".join(props) + " .", ""]
    out += ["mlkg:EvidenceShape a sh:NodeShape ;", "    sh:targetClass mlkg:Evidence ;",
            "    sh:property [ sh:path rdf:subject ; sh:nodeKind sh:IRI ; sh:minCount 1 ; sh:maxCount 1 ] ;",
            "    sh:property [ sh:path rdf:predicate ; sh:nodeKind sh:IRI ; sh:minCount 1 ; sh:maxCount 1 ] ;",
            "    sh:property [ sh:path rdf:object ; sh:nodeKind sh:IRI ; sh:minCount 1 ; sh:maxCount 1 ] ;",
            "    sh:property [ sh:path mlkg:sentence ; sh:datatype xsd:string ; sh:minCount 1 ; sh:maxCount 1 ] ;",
            "    sh:property [ sh:path mlkg:start ; sh:datatype xsd:integer ; sh:minCount 1 ; sh:maxCount 1 ; sh:minInclusive 0 ] ;",
            "    sh:property [ sh:path mlkg:end ; sh:datatype xsd:integer ; sh:minCount 1 ; sh:maxCount 1 ; sh:minInclusive 0 ] ;",
            "    sh:property [ sh:path mlkg:rule ; sh:datatype xsd:string ; sh:minCount 1 ; sh:maxCount 1 ] ;",
            '    sh:property [ sh:path mlkg:part ; sh:datatype xsd:string ; sh:maxCount 1 ; sh:in ( "title" ) ] ;',
            "    sh:property [ sh:path mlkg:confidence ; sh:datatype xsd:double ; sh:maxCount 1 ; sh:minInclusive 0 ; "
            "sh:maxInclusive 1 ] .", ""]
    return "\n".join(out)


def constraints() -> str:
    out = ["// Constraints and indexes for the kg graph in Neo4j 5 Community, applied before any data by",
           "// `kg load` and `kg build --neo4j`, idempotently (IF NOT EXISTS). One statement per line.", ""]
    out += [f"CREATE CONSTRAINT {l.value.lower()}_id IF NOT EXISTS FOR (n:{l.value}) REQUIRE n.id IS UNIQUE;" for l in NodeLabel]
    out.append("")
    out += [f"CREATE INDEX {l.value.lower()}_name IF NOT EXISTS FOR (n:{l.value}) ON (n.name);"
            for l in NodeLabel if "name" in NODE_PROPERTIES[l]]
    out += ["CREATE INDEX speedup_factor IF NOT EXISTS FOR (n:Speedup) ON (n.factor);", ""]
    return "\n".join(out)


if __name__ == "__main__":
    (SCHEMA / "mlkg.ttl").write_text(ontology(), encoding="utf-8")
    (SCHEMA / "shapes.ttl").write_text(shapes(), encoding="utf-8")
    (SCHEMA / "constraints.cypher").write_text(constraints(), encoding="utf-8")
