"""Hostile input: every bad file gets one clear line and exit 1 with nothing written or changed;
odd but readable files are read, and their output is valid."""
import gzip
import json

import pytest
import rdflib

from conftest import EXAMPLES

GOOD = "We propose FooNet, which runs 2× faster than ResNet-50 on ImageNet."


def _many(n):
    return "\n\n".join(f"We propose Net{i}, a model for image classification on CIFAR-10." for i in range(n))


# name, bytes (or None: the path does not exist; "DIR": an empty directory), expected exit, text the message must hold
CASES = [
    ("missing.txt", None, 1, "does not exist"),
    ("emptydir", "DIR", 1, "no readable input"),
    ("empty.txt", b"", 1, "is empty"),
    ("blank.txt", b"   \n\n\t \n", 1, "is empty"),
    ("binary.dat", bytes(range(256)) * 8, 1, "binary"),
    ("invalid.txt", b"Good line.\n\nBad \xc3\x28 byte.\n", 1, "invalid.txt:3"),
    ("latin1.txt", "R\xe9sum\xe9 of na\xefve models.\n".encode("latin-1"), 1, "not valid UTF-8"),
    ("broken.jsonl", b'{"abstract": "one"}\n{"abstract": "two"\n{"abstract": "three"}\n', 1, "broken.jsonl:2"),
    ("nonobject.jsonl", b'{"abstract": "one"}\n[1, 2]\n', 1, "nonobject.jsonl:2"),
    ("object.json", b'{"name": "not a list"}', 1, "JSON object"),
    ("noabstract.jsonl", b'{"title": "A"}\n{"title": "B"}\n', 1, "no 'abstract' field"),
    ("nocolumn.csv", b"title,year\nA,2020\n", 1, "no 'abstract' column"),
    ("unbalanced.bib", b"@article{k1, title={A}, abstract={We {propose} X.\n", 1, "unbalanced braces"),
    ("broken.xml", b"<feed xmlns='http://www.w3.org/2005/Atom'><entry><summary>x</entry>", 1, "not well-formed"),
    ("xxe.xml", b'<?xml version="1.0"?>\n<!DOCTYPE feed [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n'
                b'<feed xmlns="http://www.w3.org/2005/Atom"><entry><summary>&xxe;</summary></entry></feed>', 1, "DTD"),
    ("truncated.jsonl.gz", gzip.compress(json.dumps({"abstract": GOOD}).encode() * 200)[:60], 1, "truncated"),
    ("huge.txt", ("word " * 4_200_000).encode(), 1, "characters"),
    ("gzipbinary.txt.gz", gzip.compress(bytes(range(256)) * 8), 1, "binary"),
    ("utf16.txt", GOOD.encode("utf-16"), 0, None),
    ("crlf.txt", f"ICML 2024 Papers\r\n\r\n{GOOD}\r\n\r\n{GOOD}\r\n".encode(), 0, None),
    ("oneword.txt", b"Hello", 0, None),
    ("latex.txt", (r"We introduce \textbf{FooNet} \cite{x}, achieving $3.5\times$ speedup and 12\% lower "
                   r"latency than \emph{BarNet}~\citep{y} on $\mathcal{D}$.").encode(), 0, None),
    ("emoji.txt", "We propose 🚀FooNet\u200b, 2× faster 🔥 than ‏بيانات‏ BarNet on ImageNet\u202e.".encode(), 0, None),
    ("quotes.txt", ('We propose Foo"Net\\X {a} //b <c> and Bar\'s-Model; '
                    'it runs 2× faster than `Baz` on "Q\\A".').encode(), 0, None),
    ("control.txt", "We propose FooNet\x01\x02\x7f, 3× faster.\x0b\x0c Next.".encode(), 0, None),
    ("german.txt", "Wir schlagen ein neues Verfahren zur Bildklassifikation vor. Es ist deutlich schneller "
                   "als bisherige Methoden.".encode(), 0, None),
    ("semicolon.csv", f'title;abstract\nFoo;"{GOOD}"\n'.encode(), 0, None),
    ("quoted.csv", f'title,abstract\nFoo,"{GOOD}\nsecond line, with a comma"\n'.encode(), 0, None),
    ("nulls.jsonl", json.dumps({"abstract": GOOD, "title": None, "year": None, "authors": None}).encode(), 0, None),
    ("badyear.jsonl", json.dumps({"abstract": GOOD, "year": "n/a"}).encode(), 1, "'year'"),
    ("many.txt", _many(300).encode(), 0, None),
    ("bom.jsonl", b"\xef\xbb\xbf" + json.dumps({"abstract": GOOD}).encode(), 0, None),
]


def make_input(tmp_path, name, content):
    path = tmp_path / "in" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if content == "DIR":
        path.mkdir()
        (path / "notes.md").write_text("not an input")
    elif content is not None:
        path.write_bytes(content)
    return path


def snapshot(directory):
    """Every file under `directory` (the build cache included) with its bytes."""
    if not directory.exists():
        return None
    return {str(p.relative_to(directory)): p.read_bytes() for p in sorted(directory.rglob("*")) if p.is_file()}


def test_hostile_matrix_is_large_enough():
    assert len(CASES) >= 25


@pytest.mark.parametrize("name,content,code,needle", CASES, ids=[c[0] for c in CASES])
def test_hostile_build(run_kg, tmp_path, name, content, code, needle):
    src = make_input(tmp_path, name, content)
    out = tmp_path / "out"
    assert run_kg("build", EXAMPLES / "abstracts.txt", "-o", out)[0] == 0
    before = snapshot(out)
    rc, stdout, err = run_kg("build", src, "-o", out)
    assert rc == code, err
    assert "Traceback" not in err + stdout
    if code:
        lines = [line for line in err.splitlines() if line.strip()]
        assert len(lines) == 1 and needle in lines[0] and name in lines[0], err
        assert snapshot(out) == before
    else:
        rdflib.Graph().parse(out / "graph.ttl", format="turtle")
        assert not [p for p in out.rglob("*") if p.name.endswith(".part")]


@pytest.mark.parametrize("name,content,code,needle", CASES, ids=[c[0] for c in CASES])
def test_hostile_extract(run_kg, tmp_path, name, content, code, needle):
    src = make_input(tmp_path, name, content)
    out = tmp_path / "records.jsonl"
    out.write_text("previous\n")
    rc, stdout, err = run_kg("extract", src, "-o", out)
    assert rc == code, err
    assert "Traceback" not in err + stdout
    if code:
        lines = [line for line in err.splitlines() if line.strip()]
        assert len(lines) == 1 and needle in lines[0] and name in lines[0], err
        assert out.read_text() == "previous\n"
    else:
        records = [json.loads(line) for line in out.read_text().splitlines()]
        assert records and all({"proposed", "speedups"} <= set(r) for r in records)


def test_hostile_foreign_language_extracts_nothing(run_kg, tmp_path):
    src = make_input(tmp_path, "german.txt", dict((c[0], c[1]) for c in CASES)["german.txt"])
    rc, out, _ = run_kg("extract", src)
    rec = json.loads(out)
    assert rc == 0 and not any(rec[f] for f in ("proposed", "models", "techniques", "datasets", "metrics", "tasks", "speedups"))


def test_hostile_skip_bad_records_continues_and_counts(run_kg, tmp_path):
    src = make_input(tmp_path, "broken.jsonl", dict((c[0], c[1]) for c in CASES)["broken.jsonl"])
    rc, out, err = run_kg("extract", src, "--skip-bad-records")
    assert rc == 0 and [json.loads(line)["index"] for line in out.splitlines()] == [0, 2]
    assert "skipped 1 bad record (" in err and "broken.jsonl:2" in err


def test_hostile_xxe_is_never_resolved(run_kg, tmp_path):
    src = make_input(tmp_path, "xxe.xml", dict((c[0], c[1]) for c in CASES)["xxe.xml"])
    rc, out, err = run_kg("extract", src)
    assert rc == 1 and "root:" not in out + err
