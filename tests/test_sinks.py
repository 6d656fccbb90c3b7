"""Sinks: deterministic JSON, Turtle that parses back and validates against the SHACL shapes."""
import json

import pytest
import rdflib
from rdflib.compare import isomorphic

from kg.build import graph_of
from kg.sinks.atomic import atomic_write
from kg.sinks.files import graph_data, read_graph_json, write_graph_json
from kg.sinks.rdf import iri, to_rdf, write_rdf

from conftest import ROOT, extract_text


def shacl_conforms(data_graph):
    """Validate the Turtle as a user would: the serialised file, parsed back, against schema/shapes.ttl."""
    import pyshacl
    shapes = rdflib.Graph().parse(ROOT / "schema" / "shapes.ttl")
    turtle = rdflib.Graph().parse(data=data_graph.serialize(format="ox-turtle"), format="turtle")
    conforms, _, text = pyshacl.validate(turtle, shacl_graph=shapes, inference="none")
    return conforms, text


def test_sink_graph_json_round_trip(tmp_path, example_extractions):
    G = graph_of(example_extractions)
    write_graph_json(G, tmp_path / "g.json")
    H = read_graph_json(tmp_path / "g.json")
    assert sorted(G.nodes) == sorted(H.nodes) and G.number_of_edges() == H.number_of_edges()
    data = json.loads((tmp_path / "g.json").read_text())
    assert [n["id"] for n in data["nodes"]] == sorted(n["id"] for n in data["nodes"])


def test_sink_turtle_parses_back_to_the_same_triples(tmp_path, example_extractions):
    G = graph_of(example_extractions)
    write_rdf(G, tmp_path / "g.ttl")
    back = rdflib.Graph().parse(tmp_path / "g.ttl", format="turtle")
    assert isomorphic(back, rdflib.Graph().parse(data=to_rdf(G).serialize(format="ox-ntriples"), format="nt"))


@pytest.mark.parametrize("fmt,parser", [("json-ld", "json-ld"), ("nt", "nt")])
def test_sink_other_rdf_formats(tmp_path, example_extractions, fmt, parser):
    G = graph_of(example_extractions)
    write_rdf(G, tmp_path / "g.out", fmt)
    assert len(rdflib.Graph().parse(tmp_path / "g.out", format=parser)) == len(to_rdf(G))


def test_sink_turtle_validates_against_shapes(example_extractions):
    conforms, text = shacl_conforms(to_rdf(graph_of(example_extractions)))
    assert conforms, text


@pytest.mark.shared
def test_sink_seed_turtle_validates_against_shapes(seed_extractions):
    conforms, text = shacl_conforms(to_rdf(graph_of(seed_extractions)))
    assert conforms, text


def test_sink_hostile_names_survive_into_turtle(nlp, tmp_path):
    text = 'We propose Foo"Net\\X {a} //b, which runs 2× faster than Bar\'s-Model.'
    ext = extract_text(nlp, text, 'we"ird {name}.txt', {"id": 'x"y {z}#0 <a>'})
    G = graph_of([ext])
    write_rdf(G, tmp_path / "g.ttl")
    back = rdflib.Graph().parse(tmp_path / "g.ttl", format="turtle")
    abstracts = {str(o) for o in back.objects(None, rdflib.URIRef("https://schema.org/abstract"))}
    assert abstracts == {text}
    assert rdflib.URIRef(iri('paper:id/x"y {z}#0 <a>').value) in set(back.subjects())
    assert {str(o) for o in back.objects(None, rdflib.URIRef("https://w3id.org/mlkg/ontology#sources"))} == {'we"ird {name}.txt'}


def test_sink_atomic_write_leaves_old_file_on_failure(tmp_path):
    p = tmp_path / "f.txt"
    p.write_text("old")
    with pytest.raises(RuntimeError):
        with atomic_write(p) as fh:
            fh.write("new, half")
            raise RuntimeError("disk full")
    assert p.read_text() == "old" and list(tmp_path.iterdir()) == [p]


def test_sink_graph_data_is_deterministic(example_extractions):
    assert graph_data(graph_of(example_extractions)) == graph_data(graph_of(list(example_extractions)))
