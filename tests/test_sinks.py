"""Sinks: deterministic JSON, Turtle that parses back and validates against the SHACL shapes."""
import json

import pytest
import rdflib
from rdflib.compare import isomorphic

from kg.build import graph_of
from kg.ontology import MLKG
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


def test_sink_title_evidence_says_its_part_in_graph_and_turtle(nlp):
    title = "Task2Vec: Task Embedding for Meta-Learning"
    ext = extract_text(nlp, "We introduce a method that embeds tasks with ResNet-34 features, on 1,460 of them.",
                       meta={"title": title})
    G = graph_of([ext])
    parts = [d.get("part") for _, v, d in G.edges(data=True) if v == "method:task2vec"]
    assert parts == ["title"]
    titled = [d for _, _, d in G.edges(data=True) if "part" in d]
    # the title's own name and the technique only the title writes ("Meta-Learning") have the title as sentence
    assert {d["rule"] for d in titled} == {"proposed.title_only", "lexicon.title_only"}
    assert all(d["part"] == "title" and d["sentence"] == title for d in titled)
    abstract = [d for _, _, d in G.edges(data=True) if "part" not in d and d.get("sentence")]  # the abstract: no part
    assert abstract and all(d["sentence"] != title for d in abstract)
    rdf = to_rdf(G)
    conforms, text = shacl_conforms(rdf)
    assert conforms, text
    back = rdflib.Graph().parse(data=rdf.serialize(format="ox-turtle"), format="turtle")
    assert [str(o) for o in back.objects(None, MLKG.part)] == ["title"] * len(titled)


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


def test_sink_atomic_write_refuses_after_a_dropped_interruption(tmp_path, monkeypatch):
    """An interruption Python dropped in a finaliser stops the write at its rename: the old file stays,
    the temporary goes; the next write of the process is committed."""
    from kg.sinks import atomic

    monkeypatch.setattr(atomic, "_dropped", [])
    p = tmp_path / "f.txt"
    p.write_text("old")
    with pytest.raises(KeyboardInterrupt):
        with atomic_write(p) as fh:
            fh.write("new")
            atomic.interruption_dropped(KeyboardInterrupt())
    assert p.read_text() == "old" and list(tmp_path.iterdir()) == [p]
    with atomic_write(p) as fh:
        fh.write("new")
    assert p.read_text() == "new"


def test_sink_graph_data_is_deterministic(example_extractions):
    assert graph_data(graph_of(example_extractions)) == graph_data(graph_of(list(example_extractions)))


def test_sinks_atomic_write_goes_through_devices_and_fifos_never_over_them(tmp_path):
    import os
    import stat
    import threading
    from kg.errors import OutputError
    with atomic_write("/dev/null") as fh:
        fh.write("x\n")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_text()))
    reader.start()
    with atomic_write(fifo) as fh:
        fh.write("through\n")
    reader.join(10)
    assert got == ["through\n"] and stat.S_ISFIFO(os.lstat(fifo).st_mode)
    (tmp_path / "real.txt").write_text("old")
    (tmp_path / "link.txt").symlink_to("real.txt")
    with atomic_write(tmp_path / "link.txt") as fh:
        fh.write("new")
    assert (tmp_path / "link.txt").is_symlink() and (tmp_path / "real.txt").read_text() == "new"
    with pytest.raises(OutputError, match="is a directory"), atomic_write(tmp_path) as fh:
        fh.write("never")


def test_sinks_atomic_write_of_a_long_name(tmp_path):
    with atomic_write(tmp_path / ("n" * 250)) as fh:
        fh.write("ok")
    assert (tmp_path / ("n" * 250)).read_text() == "ok"


def test_sinks_graph_file_refuses_truncated_and_foreign_graphs(tmp_path):
    from kg.build import build
    from kg.errors import KGError
    from kg.sinks.files import GraphFile
    from conftest import EXAMPLES
    out = tmp_path / "out"
    build([EXAMPLES / "abstracts.txt"], out)
    data = (out / "graph.json").read_text(encoding="utf-8")
    (out / "graph.json").write_text(data[: len(data) // 2], encoding="utf-8")
    with pytest.raises(KGError, match="truncated"):
        list(GraphFile(out / "graph.json").nodes())
    (out / "graph.json").write_text(data.replace('"label": "Venue"', '"label": "Evil"'), encoding="utf-8")
    with pytest.raises(KGError, match="Evil"):
        list(GraphFile(out / "graph.json").nodes())
    with pytest.raises(KGError, match="Evil"):
        read_graph_json(out / "graph.json")


def test_sinks_workers_are_capped_by_cores_and_work():
    from kg.build import default_workers, worker_count
    assert worker_count(1000, 600) <= default_workers()
    assert worker_count(1000, 600) >= 1
    assert worker_count(8, 10) == 1  # one batch of work: one process
    assert worker_count(0, 10_000) == default_workers()


def test_sinks_chunk_writer_adds_and_copies_parts_with_their_ranges(tmp_path):
    """A file written part by part: empty parts take no separator, and a part copied from an older
    file is the same bytes at the range the writer returns."""
    from kg.sinks.chunks import ChunkWriter
    with open(tmp_path / "old", "wb") as fh:
        old = ChunkWriter(fh, b",\n")
        assert [old.add(b'{"a": 1}'), old.add(b""), old.add(b'{"b": 2}')] == [[0, 8], [8, 8], [10, 18]]
    assert (tmp_path / "old").read_bytes() == b'{"a": 1},\n{"b": 2}'
    with open(tmp_path / "old", "rb") as src, open(tmp_path / "new", "wb") as fh:
        new = ChunkWriter(fh, b",\n")
        assert new.copy(src, [10, 18]) == [0, 8]
        assert new.add(b'{"c": 3}') == [10, 18]
    assert (tmp_path / "new").read_bytes() == b'{"b": 2},\n{"c": 3}'


@pytest.mark.parametrize("how", ["staged", "atomic"])
def test_sinks_an_interrupt_as_a_temporary_is_made_leaves_no_stray_file(tmp_path, monkeypatch, how):
    """Ctrl-C that arrives right after a temporary is created waits until it is recorded, so the
    interrupted write removes it: no ".part" is left beside the outputs."""
    import signal

    from kg.sinks import atomic

    made = atomic._temp

    def temp_then_interrupt(final):
        fd, tmp = made(final)
        signal.raise_signal(signal.SIGINT)  # held until the temporary is recorded
        return fd, tmp

    monkeypatch.setattr(atomic, "_temp", temp_then_interrupt)
    with pytest.raises(KeyboardInterrupt):
        if how == "staged":
            with atomic.Staged(tmp_path) as stage:
                stage.path("graph.ttl").write_text("new")
                stage.commit()
        else:
            with atomic_write(tmp_path / "graph.ttl") as fh:
                fh.write("new")
    assert list(tmp_path.iterdir()) == []


def test_sink_confidence_is_a_double_in_turtle_and_the_shapes_bound_it(example_extractions):
    """Each mention edge's confidence is an xsd:double of its evidence statement; a value outside [0, 1] breaks the shapes."""
    G = graph_of(example_extractions)
    carried = [d["confidence"] for _, _, d in G.edges(data=True) if "confidence" in d]
    assert carried and all(0 <= c <= 1 for c in carried)
    rdf = to_rdf(G)
    values = list(rdf.objects(None, MLKG.confidence))
    assert len(values) == len(carried) and all(v.datatype == rdflib.XSD.double for v in values)
    u, v, k = next((u, v, k) for u, v, k, d in G.edges(keys=True, data=True) if "confidence" in d)
    G.edges[u, v, k]["confidence"] = 1.5
    conforms, text = shacl_conforms(to_rdf(G))
    assert not conforms and "confidence" in text
