"""Ontology: the Python model, schema/mlkg.ttl, schema/shapes.ttl and schema/constraints.cypher agree."""
import re

import rdflib
from rdflib import OWL, RDF, RDFS

from conftest import ROOT
from kg.ontology import EVIDENCE_PROPERTIES, MLKG, NODE_PROPERTIES, PATTERNS, RDF_PROPERTY_NAMES, NodeLabel, RelType, camel

ONTOLOGY = rdflib.Graph().parse(ROOT / "schema" / "mlkg.ttl")
SHAPES = rdflib.Graph().parse(ROOT / "schema" / "shapes.ttl")
CONSTRAINTS = (ROOT / "schema" / "constraints.cypher").read_text()
SH = rdflib.Namespace("http://www.w3.org/ns/shacl#")


def test_ontology_every_label_is_a_class_with_a_shape_and_a_constraint():
    classes = {str(c) for c in ONTOLOGY.subjects(RDF.type, OWL.Class) if str(c).startswith(str(MLKG))}
    targets = {str(c) for c in SHAPES.objects(None, SH.targetClass)}
    unique = set(re.findall(r"FOR \(n:(\w+)\) REQUIRE n\.id IS UNIQUE", CONSTRAINTS))
    for label in NodeLabel:
        assert str(MLKG[label.value]) in classes
        assert str(MLKG[label.value]) in targets
        assert label.value in unique
    assert {c.removeprefix(str(MLKG)) for c in classes} == {l.value for l in NodeLabel} | {"Evidence"}


def test_ontology_every_relationship_is_an_object_property_with_its_domain():
    props = {str(p) for p in ONTOLOGY.subjects(RDF.type, OWL.ObjectProperty)}
    assert props == {str(MLKG[camel(r.value)]) for r in RelType}
    for rel in RelType:
        domains = {s.value for s, r, _ in PATTERNS if r is rel}
        dom = ONTOLOGY.value(MLKG[camel(rel.value)], RDFS.domain)
        if len(domains) == 1:
            assert dom == MLKG[domains.pop()]


def test_ontology_every_property_is_declared():
    declared = {str(p) for p in ONTOLOGY.subjects(RDF.type, OWL.DatatypeProperty)}
    for props in (*NODE_PROPERTIES.values(), EVIDENCE_PROPERTIES):
        for name in props:
            if name not in RDF_PROPERTY_NAMES:
                assert str(MLKG[camel(name)]) in declared, name


def test_ontology_every_pattern_has_a_shape():
    paths = {str(p) for p in SHAPES.objects(None, SH.path)}
    for _, rel, _ in PATTERNS:
        assert str(MLKG[camel(rel.value)]) in paths


def test_ontology_schema_files_are_what_the_script_writes_from_the_model():
    import importlib.util
    spec = importlib.util.spec_from_file_location("schema_from_ontology", ROOT / "scripts" / "schema_from_ontology.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    stale = "the schema files disagree with kg/ontology.py: run `python scripts/schema_from_ontology.py`"
    assert (ROOT / "schema" / "mlkg.ttl").read_text(encoding="utf-8") == script.ontology(), stale
    assert (ROOT / "schema" / "shapes.ttl").read_text(encoding="utf-8") == script.shapes(), stale
    assert CONSTRAINTS == script.constraints(), stale
