"""CLI: help with examples, the main job on the example corpus, and one-line errors with nothing written."""
import gzip
import json

import pytest

from conftest import EXAMPLES, ROOT

COMMANDS = ["build", "extract", "eval", "load", "remove", "query", "guide", "export"]


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_cli_help_has_an_example(run_kg, command):
    code, out, _ = run_kg(*([command] if command else []), "--help")
    assert code == 0 and "Example" in out


def test_cli_commands_are_in_the_readme():
    readme = (ROOT / "README.md").read_text()
    for command in COMMANDS:
        assert f"kg {command}" in readme


def test_cli_build_writes_outputs_and_summary(run_kg, tmp_path):
    code, out, err = run_kg("build", EXAMPLES / "abstracts.txt", "-o", tmp_path / "out", "--format", "turtle", "--format", "json-ld")
    assert code == 0, err
    names = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert names == [".kg-cache", "extractions.jsonl", "graph.json", "graph.jsonld", "graph.ttl", "report.html"]
    assert "Paper" in err and "PROPOSES" in err and "4 papers" in err


def test_cli_build_is_byte_identical_across_runs(run_kg, tmp_path):
    for d in ("a", "b"):
        code, _, err = run_kg("build", EXAMPLES / "abstracts.txt", "-o", tmp_path / d)
        assert code == 0, err
    for name in ("graph.ttl", "graph.json", "extractions.jsonl", "report.html"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


def test_cli_extract_writes_gold_format(run_kg):
    code, out, err = run_kg("extract", EXAMPLES / "abstracts.txt")
    assert code == 0, err
    recs = [json.loads(line) for line in out.splitlines()]
    assert [r["index"] for r in recs] == [0, 1, 2, 3]
    assert set(recs[0]) >= {"source", "index", "proposed", "models", "techniques", "datasets", "metrics", "tasks",
                            "speedups", "results", "code"}
    assert recs[0]["proposed"] == ["LeapFlow"]
    # each field's names with the typer's confidence in them: a name of the field, a probability to 3 decimals
    for rec in recs:
        assert set(rec["confidence"]) == {"proposed", "models", "techniques", "datasets", "metrics", "tasks"}
        for fld, sure in rec["confidence"].items():
            assert set(sure) <= set(rec[fld]), (fld, sure)
            assert all(0 <= c <= 1 and round(c, 3) == c for c in sure.values()), sure
    assert "LeapFlow" in recs[0]["confidence"]["proposed"]


BAD = [
    ("missing.txt", None, "does not exist"),
    ("empty.txt", b"", "is empty"),
    ("latin1.txt", "Caf\xe9 abstracts.\n".encode("latin-1"), "not valid UTF-8"),
    ("broken.jsonl", b'{"abstract": "a"}\n{broken\n', "broken.jsonl:2"),
    ("nocol.csv", b"title\nx\n", "no 'abstract' column"),
    ("trunc.jsonl.gz", gzip.compress(b'{"abstract": "x"}\n' * 50)[:30], "truncated"),
]


@pytest.mark.parametrize("command", ["build", "extract"])
@pytest.mark.parametrize("name,content,needle", BAD)
def test_cli_bad_input_one_line_exit_1_nothing_written(run_kg, tmp_path, command, name, content, needle):
    src = tmp_path / name
    if content is not None:
        src.write_bytes(content)
    out = tmp_path / ("out" if command == "build" else "records.jsonl")
    code, stdout, err = run_kg(command, src, "-o", out)
    assert code == 1
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and needle in lines[0] and name in lines[0], err
    assert "Traceback" not in err
    assert not out.exists()


def test_cli_unknown_format_is_an_error(run_kg, tmp_path):
    code, _, err = run_kg("build", EXAMPLES / "abstracts.txt", "--format", "xml", "-o", tmp_path / "o")
    assert code == 1 and "unknown format" in err


def test_cli_build_explain_prints_the_resolution_log(run_kg, tmp_path):
    """`kg build --explain NAME`: the entity a name resolves to and why each form joined it; the
    same log from a build that reused its cache."""
    src = tmp_path / "gnn.txt"
    src.write_text("We propose FooNet, a graph neural network (GNN) for node classification on Cora.\n\n"
                   "We train graph neural networks (GNNs) on molecules.\n\nA GNN is evaluated on Citeseer.\n")
    logs = []
    for _ in range(2):
        code, out, err = run_kg("build", src, "-o", tmp_path / "out", "--explain", "GNN")
        assert code == 0, err
        logs.append(out)
    assert logs[0] == logs[1]
    lines = logs[0].splitlines()
    assert lines[0] == "technique:graphneuralnetwork (Technique) named 'graph neural networks'"
    assert "  'GNN' ×1: definition 'gnn' → 'graphneuralnetwork' (3 of 3 definitions)" in lines
    assert any(line.startswith("  'graph neural network' ×1: same key") for line in lines)
    code, out, _ = run_kg("build", src, "-o", tmp_path / "out", "--explain", "Transformer")
    assert code == 0 and out == "'Transformer': no entity of this build has this name\n"


def test_cli_build_explain_names_the_lexicon_label(run_kg, tmp_path):
    """Two papers make "Vision Transformer" a Technique, three a Method (under the three quarters a vote needs);
    models.tsv lists it (ViT): one Method node, and the log says the lexicons' label decided."""
    src = tmp_path / "vit.txt"
    src.write_text("Like CNNs, Vision Transformers learn local and global image features.\n\n"
                   "Unlike CNNs, Vision Transformers capture global token interactions.\n\n"
                   "We compare our network against Vision Transformer (ViT) and ResNet-50 on ImageNet.\n\n"
                   "Our backbone is a Vision Transformer (ViT) pretrained on ImageNet-21k.\n\n"
                   "We fine-tune a Vision Transformer on CIFAR-10 for image classification.\n")
    code, out, err = run_kg("build", src, "-o", tmp_path / "out", "--explain", "Vision Transformer")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "method:visiontransformer (Method) named 'Vision Transformer'"
    assert not any(line.startswith("technique:") for line in lines)
    assert ("  'Vision Transformer' asked: named under another label, the vote gives this one: "
            "lexicon label 'Technique' → 'Method' (3 of 5 papers)") in lines


def test_cli_an_interrupt_python_dropped_is_raised_again_after_the_hook(tmp_path, monkeypatch, capsys):
    """A Ctrl-C or SIGTERM that lands in a finaliser or weakref callback is dropped by Python; kg's
    hook prints nothing, notes it (a staged output is not committed after it) and raises Ctrl-C again
    once the hook has returned (raised inside the hook, Python would drop it again)."""
    import signal
    import time
    from types import SimpleNamespace

    from kg.cli import _interrupt_later
    from kg.sinks import atomic

    monkeypatch.setattr(atomic, "_dropped", [])
    got = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: got.append(signum))
    try:
        _interrupt_later(SimpleNamespace(exc_type=KeyboardInterrupt, exc_value=KeyboardInterrupt(), exc_traceback=None,
                                         err_msg=None, object=None))
        assert got == []
        deadline = time.monotonic() + 10
        while not got and time.monotonic() < deadline:
            time.sleep(0.01)
    finally:
        signal.signal(signal.SIGINT, previous)
    assert got == [signal.SIGINT]
    assert "Traceback" not in capsys.readouterr().err
    with atomic.Staged(tmp_path) as stage:
        stage.path("graph.json").write_text("{}")
        with pytest.raises(KeyboardInterrupt):
            stage.commit()
    assert list(tmp_path.iterdir()) == []
    assert atomic._dropped == []  # once refused, the next build of this process commits
