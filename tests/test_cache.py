"""Build cache and workers: a rebuild extracts only what changed, with byte-identical outputs;
N workers give the same records as one."""
from itertools import islice

import pytest

from conftest import EXAMPLES
from kg.build import build, extract_documents
from kg.records import extraction_to_json
from kg.sources import read_documents

EXTRA = "\n\nWe propose ExtraNet, which runs 2× faster than BERT on GLUE.\n"


def files(directory):
    return {str(p.relative_to(directory)): p.read_bytes() for p in sorted(directory.rglob("*")) if p.is_file()}


def test_cache_rebuild_reuses_and_outputs_are_identical(tmp_path):
    src = tmp_path / "abstracts.txt"
    src.write_text((EXAMPLES / "abstracts.txt").read_text())
    first = build([src], tmp_path / "out")
    assert first.reused == 0
    again = build([src], tmp_path / "out")
    assert again.reused == 4
    src.write_text(src.read_text() + EXTRA)
    grown = build([src], tmp_path / "out")
    assert grown.reused == 4 and grown.papers == 5
    build([src], tmp_path / "fresh", cache=False)
    cached, fresh = files(tmp_path / "out"), files(tmp_path / "fresh")
    assert {k: v for k, v in cached.items() if not k.startswith(".kg-cache")} == fresh


def test_cache_changed_abstract_is_extracted_again(tmp_path):
    src = tmp_path / "abstracts.txt"
    src.write_text((EXAMPLES / "abstracts.txt").read_text())
    build([src], tmp_path / "out")
    src.write_text(src.read_text().replace("LeapFlow", "JumpFlow"))
    stats = build([src], tmp_path / "out")
    assert stats.reused == 3
    assert b"JumpFlow" in (tmp_path / "out" / "graph.json").read_bytes()
    assert b"LeapFlow" not in (tmp_path / "out" / "graph.json").read_bytes()


def test_cache_is_invalidated_by_a_pipeline_change(tmp_path):
    lex = tmp_path / "mine.tsv"
    lex.write_text("dataset\tWombat Corpus\t\n")
    build([EXAMPLES / "abstracts.txt"], tmp_path / "out")
    stats = build([EXAMPLES / "abstracts.txt"], tmp_path / "out", lexicons=[lex])
    assert stats.reused == 0
    assert len(list((tmp_path / "out" / ".kg-cache").glob("extractions-*.jsonl"))) == 1


@pytest.mark.shared
@pytest.mark.slow
def test_cache_workers_give_identical_records(shared):
    docs = list(islice(read_documents(sorted((shared / "data" / "corpus_papercopilot").glob("*.jsonl.gz"))), 600))
    one = [extraction_to_json(e) for e in extract_documents(docs, workers=1)]
    two = [extraction_to_json(e) for e in extract_documents(docs, workers=2)]
    assert len(one) == 600 and one == two


def test_cache_streaming_build_equals_the_in_memory_graph(tmp_path, example_extractions):
    import rdflib
    from rdflib.compare import isomorphic

    from kg.build import graph_of
    from kg.sinks.files import read_graph_json
    from kg.sinks.rdf import to_rdf
    build([EXAMPLES / "abstracts.txt"], tmp_path / "out")
    streamed = read_graph_json(tmp_path / "out" / "graph.json")
    memory = graph_of(example_extractions)
    assert dict(streamed.nodes(data=True)) == dict(memory.nodes(data=True))
    assert sorted(streamed.edges(keys=True, data=True), key=str) == sorted(memory.edges(keys=True, data=True), key=str)
    turtle = rdflib.Graph().parse(tmp_path / "out" / "graph.ttl", format="turtle")
    assert isomorphic(turtle, rdflib.Graph().parse(data=to_rdf(memory).serialize(format="ox-ntriples"), format="nt"))


@pytest.mark.shared
@pytest.mark.slow
def test_cache_ray_engine_gives_the_local_outputs(shared, tmp_path):
    """`kg build --engine ray` on a local Ray instance: the same extractions.jsonl and graph as the local engine."""
    pytest.importorskip("ray", reason="pip install 'kg[ray]' (CI installs it)")
    import gzip
    import json
    src = tmp_path / "papers.jsonl.gz"
    docs = list(islice(read_documents(sorted((shared / "data" / "corpus_papercopilot").glob("*.jsonl.gz"))), 400))
    with gzip.open(src, "wt", encoding="utf-8") as fh:
        for d in docs:
            fh.write(json.dumps({"abstract": d.text, **d.meta}) + "\n")
    build([src], tmp_path / "local", workers=1, cache=False)
    build([src], tmp_path / "ray", engine="ray", cache=False)
    import ray
    ray.shutdown()
    assert files(tmp_path / "local") == files(tmp_path / "ray")


def test_cache_graph_json_is_sorted(tmp_path):
    import json
    build([EXAMPLES / "abstracts.txt"], tmp_path / "out")
    data = json.loads((tmp_path / "out" / "graph.json").read_text())
    ids = [n["id"] for n in data["nodes"]]
    keys = [(e["source"], e["key"], e["target"]) for e in data["edges"]]
    assert ids == sorted(ids) and keys == sorted(keys)
