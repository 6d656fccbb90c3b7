"""Build cache and workers: a rebuild extracts only what changed, with byte-identical outputs;
N workers give the same records as one."""
import json
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
    assert _same_as_a_fresh_build([src], tmp_path / "out")


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
    assert len(list((tmp_path / "out" / ".kg-cache").glob("chunks-*"))) == 1  # the old version's cache is gone


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


def test_cache_graph_json_streams_back_as_the_graph(tmp_path):
    from kg.sinks.files import GraphFile, graph_data, read_graph_json
    build([EXAMPLES / "abstracts.txt"], tmp_path / "out")
    path = tmp_path / "out" / "graph.json"
    whole = graph_data(read_graph_json(path))
    graph = GraphFile(path)
    assert graph.streams
    key = lambda item: json.dumps(item, sort_keys=True)  # noqa: E731
    assert sorted(map(key, graph.nodes())) == sorted(map(key, whole["nodes"]))
    assert sorted(map(key, graph.edges())) == sorted(map(key, whole["edges"]))
    assert graph.size() == len(whole["nodes"]) + len(whole["edges"])


def _outputs(directory):
    return {k: v for k, v in files(directory).items() if not k.startswith(".kg-cache")}


def _same_as_a_fresh_build(inputs, out):
    """Whether the outputs in `out` are byte for byte those of a build of `inputs` without the cache."""
    fresh = out.parent / "fresh"
    build(inputs, fresh, cache=False)
    return _outputs(out) == _outputs(fresh)


def _abstracts(n, first=0):
    """n distinct abstracts, written here, with names, acronyms, claims and code links."""
    return "\n\n".join(
        f"We propose Net{i}, a graph neural network (GNN) for node classification on Cora{i % 7}. "
        f"Net{i} runs {2 + i % 5}x faster than GraphSAGE and reaches 8{i % 10}.5% accuracy. "
        f"Code: https://github.com/lab/net{i}" for i in range(first, first + n)) + "\n"


def test_cache_rebuild_copies_unchanged_chunks_and_equals_a_fresh_build(tmp_path, monkeypatch):
    monkeypatch.setattr("kg.build.CHUNK", 3)
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text(_abstracts(10))
    first = build([a], tmp_path / "out")
    assert first.chunks == 4 and first.copied == 0
    b.write_text(_abstracts(2, first=10))
    second = build([a, b], tmp_path / "out")
    assert second.reused == 10 and second.papers == 12
    assert second.copied == 4 and second.chunks == 5
    assert _same_as_a_fresh_build([a, b], tmp_path / "out")


def test_cache_chunks_whose_names_resolve_anew_are_rewritten(tmp_path, monkeypatch):
    """New papers defining GNN differently, as often as the old ones do, make the bare "GNN" of the
    old papers ambiguous (no sense is dominant): the chunk that named it is written again, and the
    outputs still equal a fresh build's."""
    monkeypatch.setattr("kg.build.CHUNK", 2)
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text(_abstracts(4) + "\nWe train a GNN on Cora0 and it beats GraphSAGE.\n")
    build([a], tmp_path / "out")
    b.write_text("\n\n".join(f"We study gated neural networks (GNN) for speech recognition in language {i}."
                             for i in range(4)) + "\n")
    stats = build([a, b], tmp_path / "out")
    assert stats.chunks == 5 and stats.copied == 2  # the chunk of the bare GNN is written again
    assert stats.patched == 1 and stats.rewritten == 1  # its one paper, as a patch
    assert _same_as_a_fresh_build([a, b], tmp_path / "out")


def test_cache_index_is_not_trusted_over_edited_outputs(tmp_path, monkeypatch):
    monkeypatch.setattr("kg.build.CHUNK", 3)
    a = tmp_path / "a.txt"
    a.write_text(_abstracts(7))
    build([a], tmp_path / "out")
    graph = tmp_path / "out" / "graph.json"
    graph.write_bytes(graph.read_bytes().replace(b"Net1", b"Xyz1"))
    stats = build([a], tmp_path / "out")
    assert stats.copied == 0 and stats.reused == 7
    assert _same_as_a_fresh_build([a], tmp_path / "out")


def test_cache_removed_and_changed_abstracts_leave_the_graph(tmp_path, monkeypatch):
    monkeypatch.setattr("kg.build.CHUNK", 3)
    a = tmp_path / "a.txt"
    a.write_text(_abstracts(9))
    build([a], tmp_path / "out")
    a.write_text(_abstracts(5).replace("Net2", "Qux2"))
    build([a], tmp_path / "out")
    assert _same_as_a_fresh_build([a], tmp_path / "out")
    text = (tmp_path / "out" / "graph.json").read_text()
    assert "Qux2" in text and "method:net2" not in text and "method:net7" not in text


def test_cache_identical_files_of_one_name_count_twice(tmp_path, monkeypatch):
    """Two copies of a file under one base name (two folders) make identical chunks; each counts."""
    monkeypatch.setattr("kg.build.CHUNK", 3)
    (tmp_path / "x").mkdir()
    (tmp_path / "y").mkdir()
    a1, a2, b = tmp_path / "x" / "a.txt", tmp_path / "y" / "a.txt", tmp_path / "b.txt"
    a1.write_text(_abstracts(5))
    a2.write_text(_abstracts(5))
    b.write_text(_abstracts(2, first=20))
    build([a1, a2], tmp_path / "out")
    stats = build([a1, a2, b], tmp_path / "out")
    assert stats.copied == 4 and stats.chunks == 5
    assert _same_as_a_fresh_build([a1, a2, b], tmp_path / "out")
    build([a1], tmp_path / "out")
    assert _same_as_a_fresh_build([a1], tmp_path / "out")


def test_cache_new_papers_can_rename_an_entity(tmp_path, monkeypatch):
    """New papers that write a known name another way more often change its display name; the
    rebuild copies the old chunks yet writes the renamed node as a fresh build does."""
    monkeypatch.setattr("kg.build.CHUNK", 3)
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text(_abstracts(6))
    build([a], tmp_path / "out")
    b.write_text("\n\n".join(f"We compare Graph-SAGE and Graph-SAGE on Reddit{i}." for i in range(16)) + "\n")
    stats = build([a, b], tmp_path / "out")
    assert stats.copied == 2
    assert _same_as_a_fresh_build([a, b], tmp_path / "out")
    assert '"name": "Graph-SAGE"' in (tmp_path / "out" / "graph.json").read_text()


def test_cache_same_paper_in_two_folders_is_one_node_and_rebuilds_identically(tmp_path, monkeypatch):
    """2023/papers.jsonl and 2024/papers.jsonl: sources are the paths under their common folder;
    a paper in both is one node listing both; a rebuild after one file changes equals a fresh build."""
    monkeypatch.setattr("kg.build.CHUNK", 2)
    old, new = tmp_path / "data" / "2023" / "papers.jsonl", tmp_path / "data" / "2024" / "papers.jsonl"
    old.parent.mkdir(parents=True)
    new.parent.mkdir(parents=True)

    def rec(i, extra=""):
        return json.dumps({"id": f"arxiv:2401.{i:05d}", "abstract": f"We propose Net{i}, {2 + i}x faster than DDIM on CIFAR-10.{extra}"})

    old.write_text("\n".join(rec(i) for i in range(4)) + "\n")
    new.write_text("\n".join(rec(i) for i in (3, 4, 5)) + "\n")
    build([tmp_path / "data"], tmp_path / "out")
    papers = {}
    for line in (tmp_path / "out" / "graph.json").read_text().splitlines():
        if '"label": "Paper"' in line:
            node = json.loads(line.rstrip(","))
            papers[node["id"]] = node["sources"]
    assert papers["paper:arxiv/2401.00003"] == ["2023/papers.jsonl", "2024/papers.jsonl"]
    assert papers["paper:arxiv/2401.00000"] == ["2023/papers.jsonl"] and len(papers) == 6
    assert _same_as_a_fresh_build([tmp_path / "data"], tmp_path / "out")
    new.write_text("\n".join(rec(i) for i in (4, 5)) + "\n")  # the shared paper leaves 2024
    build([tmp_path / "data"], tmp_path / "out")
    assert _same_as_a_fresh_build([tmp_path / "data"], tmp_path / "out")
    assert '"sources": ["2023/papers.jsonl"]' in next(line for line in (tmp_path / "out" / "graph.json").read_text().splitlines()
                                                      if "paper:arxiv/2401.00003" in line and '"Paper"' in line)


def _targets(out, sentence):
    """The entity ids the edges of the paper whose abstract starts with `sentence` point to."""
    found = set()
    for line in (out / "graph.json").read_text().splitlines():
        if '"target": ' in line and f'"sentence": "{sentence}' in line:  # an edge's line (keys sorted)
            found.add(json.loads(line.rstrip(","))["target"])
    return found


def test_cache_new_papers_move_an_acronyms_dominant_sense(tmp_path, monkeypatch):
    """Papers defining "GNN" as gated neural networks first make the bare "GNN" of older papers
    undecided (its own node), then, once they are the dominant sense, a gated neural network.
    Each time the chunks that hold a bare GNN are patched (only those papers written again, the
    other papers of the chunk copied) and the outputs equal a fresh build's, byte for byte."""
    monkeypatch.setattr("kg.build.CHUNK", 3)
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    defining = _abstracts(4).strip().split("\n\n")
    bare = [f"We train a GNN on Cora{i} and it beats GraphSAGE by 3%." for i in range(3)]
    other = [f"We propose Foo{i}, a transformer for text classification on IMDB{i}." for i in range(6)]
    a.write_text("\n\n".join([defining[0], bare[0], other[0], other[1], defining[1], other[2], bare[1], defining[2],
                              defining[3], other[3], bare[2], other[4]]) + "\n")
    build([a], tmp_path / "out")
    assert _targets(tmp_path / "out", bare[0][:20]) >= {"technique:graphneuralnetwork"}
    gated = "\n\n".join(f"We study gated neural networks (GNN) for speech recognition in language {i}." for i in range(16))
    for before, n, sense in ((0, 6, "technique:gnn"), (6, 16, "technique:gatedneuralnetwork")):
        b.write_text("\n\n".join(gated.split("\n\n")[:n]) + "\n")
        stats = build([a, b], tmp_path / "out")
        # the 3 chunks of a.txt holding a bare GNN are patched: 1 paper each written again, 2 copied;
        # the other chunk of a.txt is copied, and so are the chunks of b.txt the last build wrote
        assert stats.patched == 3 and stats.copied == 1 + before // 3
        assert stats.rewritten == 3  # the papers of the bare GNNs
        for sentence in bare:
            assert sense in _targets(tmp_path / "out", sentence[:20])
        assert _same_as_a_fresh_build([a, b], tmp_path / "out")


def test_cache_build_state_is_typed_and_round_trips():
    """The build state is named records in memory and plain tuples on disk, converted in one place."""
    import marshal

    from kg.cache import BuildState, ChunkDetail, EntityTotals, FormCount, SharedNode
    from kg.resolve.resolver import Definition
    state = BuildState({("Task", "asr"): {"automaticspeechrecognition": 2}}, {},
                       {"task:automaticspeechrecognition": EntityTotals("Task", {"ASR": 3, "automatic speech recognition": 1},
                                                                         {"ASR": 2})},
                       [SharedNode("task:automaticspeechrecognition", 0, 120, 0, 300)])
    data = state.to_marshal()
    raw = marshal.loads(data)  # plain containers only
    assert raw[2]["task:automaticspeechrecognition"] == ("Task", ("ASR", 3, "automatic speech recognition", 1), ("ASR", 2))
    assert type(raw[3][0]) is tuple
    back = BuildState.from_marshal(data)
    assert back == state and back.shared[0].json_end == 120 and back.entities["task:automaticspeechrecognition"].shorts == {"ASR": 2}
    detail = ChunkDetail([Definition("Task", "asr", "automaticspeechrecognition")], {"Task\tasr": [0]},
                         [FormCount("task:asr", "Task", "ASR", 1, "asr")])
    assert ChunkDetail.from_marshal(detail.to_marshal()) == detail
