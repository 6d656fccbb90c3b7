"""Sources: every input format, and the errors a user sees for bad input."""
import gzip
import json

import pytest

from kg.errors import SourceError
from kg.sources import detect_format, expand_paths, read_documents

ABSTRACT_A = "We propose FooNet, a model for image classification. It beats ResNet-50 on ImageNet."
ABSTRACT_B = "Diffusion models are slow. We introduce BarSampler, which runs 3× faster than DDIM."


def write(path, text, mode="w"):
    path.parent.mkdir(parents=True, exist_ok=True)
    if mode == "wb":
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def test_sources_abstract_list_header_and_index(tmp_path):
    p = write(tmp_path / "icml.txt", f"ICML 2026 Papers\n\n{ABSTRACT_A}\n\n{ABSTRACT_B}\n")
    docs = list(read_documents([p]))
    assert [(d.source, d.index) for d in docs] == [("icml.txt", 0), ("icml.txt", 1)]
    assert docs[0].text == ABSTRACT_A
    assert docs[0].meta == {"venue": "ICML", "year": 2026}


def test_sources_abstract_list_chinese_header(tmp_path):
    p = write(tmp_path / "x.txt", f"ICML 2026 论文列表\n\n{ABSTRACT_A}\n")
    (doc,) = read_documents([p])
    assert doc.meta["year"] == 2026 and doc.index == 0


def test_sources_abstract_list_without_header_joins_wrapped_lines(tmp_path):
    p = write(tmp_path / "x.txt", "First abstract line one\nline two.\n\nSecond abstract.\n")
    docs = list(read_documents([p]))
    assert [d.text for d in docs] == ["First abstract line one line two.", "Second abstract."]
    assert docs[0].meta == {}


def test_sources_jsonl_gzip_with_metadata(tmp_path):
    recs = [{"id": "a1", "title": "FooNet", "abstract": ABSTRACT_A, "year": "2024", "venue": "NeurIPS",
             "authors": ["A. One", "B. Two"], "doi": "10.1/x"}, {"title": "Bar", "abstract": ABSTRACT_B}]
    p = tmp_path / "papers.jsonl.gz"
    p.write_bytes(gzip.compress("\n".join(json.dumps(r) for r in recs).encode()))
    docs = list(read_documents([p]))
    assert docs[0].source == "papers.jsonl" and docs[1].index == 1
    assert docs[0].meta["year"] == 2024 and docs[0].meta["authors"] == ["A. One", "B. Two"]
    assert docs[0].meta["id"] == "a1" and docs[1].meta == {"title": "Bar"}


def test_sources_json_array(tmp_path):
    p = write(tmp_path / "p.json", json.dumps([{"abstract": ABSTRACT_A}, {"abstract": ABSTRACT_B, "id": 7}]))
    docs = list(read_documents([p]))
    assert [d.meta.get("id") for d in docs] == [None, "7"]


@pytest.mark.parametrize("name,sep", [("p.csv", ","), ("p.tsv", "\t")])
def test_sources_csv_and_tsv(tmp_path, name, sep):
    body = f"title{sep}abstract{sep}year\nFoo{sep}\"{ABSTRACT_A}\"{sep}2023\nBar{sep}\"{ABSTRACT_B}\"{sep}2022\n"
    docs = list(read_documents([write(tmp_path / name, body)]))
    assert [d.meta["title"] for d in docs] == ["Foo", "Bar"] and docs[1].meta["year"] == 2022


def test_sources_csv_quoted_newline(tmp_path):
    p = write(tmp_path / "p.csv", 'title,abstract\nFoo,"line one\nline two"\n')
    (doc,) = read_documents([p])
    assert doc.text == "line one line two"


def test_sources_bibtex(tmp_path):
    bib = """@inproceedings{foo2024,
  title = {{FooNet}: Fast Nets},
  author = {One, A. and Two, B.},
  year = 2024,
  abstract = {We propose {FooNet}, which runs $3\\times$ faster than ResNet.}
}
@misc{noabs, title={No abstract}}
"""
    docs = list(read_documents([write(tmp_path / "refs.bib", bib)], skip_bad=True, bad=[]))
    assert docs[0].meta["title"] == "FooNet: Fast Nets"
    assert docs[0].meta["authors"] == ["One, A.", "Two, B."]
    assert "$3\\times$" in docs[0].text


def test_sources_arxiv_atom(tmp_path):
    atom = """<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:arxiv="http://arxiv.org/schemas/atom">
  <entry><id>http://arxiv.org/abs/2401.00001v1</id><published>2024-01-01T00:00:00Z</published>
    <title>FooNet</title><summary>  We propose FooNet.
    It is fast. </summary><author><name>A. One</name></author></entry>
</feed>"""
    (doc,) = read_documents([write(tmp_path / "feed.xml", atom)])
    assert doc.text == "We propose FooNet. It is fast."
    assert doc.meta["id"] == "2401.00001v1" and doc.meta["year"] == 2024 and doc.meta["authors"] == ["A. One"]


def test_sources_detect_format_by_content():
    assert detect_format("data", '{"abstract": "x"}') == "jsonl"
    assert detect_format("data", "@article{x,") == "bibtex"
    assert detect_format("data", "Plain text.") == "text"


def test_sources_directory_and_glob(tmp_path):
    write(tmp_path / "d" / "a.txt", ABSTRACT_A)
    write(tmp_path / "d" / "sub" / "b.jsonl", json.dumps({"abstract": ABSTRACT_B}))
    write(tmp_path / "d" / "notes.md", "# not input")
    assert [p.name for p in expand_paths([tmp_path / "d"])] == ["a.txt", "b.jsonl"]
    assert [p.name for p in expand_paths([str(tmp_path / "d" / "*.txt")])] == ["a.txt"]


@pytest.mark.parametrize("name,content,needle,line", [
    ("empty.txt", b"", "is empty", None),
    ("bad.txt", b"ok line\n\nsecond \xff\xfe line\n", "not valid UTF-8", 3),
    ("bad.jsonl", b'{"abstract": "a"}\n{"abstract": \n{"abstract": "c"}\n', "not valid JSON", 2),
    ("noabs.jsonl", b'{"title": "a"}\n', "no 'abstract' field", 1),
    ("nocol.csv", b"title,year\nA,2020\n", "no 'abstract' column", 1),
    ("obj.json", b'{"name": "x"}', "JSON object", None),
    ("dtd.xml", b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><feed>&e;</feed>', "DTD", 1),
    ("broken.xml", b"<feed><entry>", "not well-formed", 1),
    ("trunc.jsonl.gz", gzip.compress(b'{"abstract": "x"}\n' * 100)[:40], "truncated", None),
    ("bin.txt", b"\x00\x01\x02binary", "binary", None),
    ("unbalanced.bib", b"@article{x, abstract = {open {brace}\n", "unbalanced braces", 1),
])
def test_sources_bad_input_names_file_and_line(tmp_path, name, content, needle, line):
    p = write(tmp_path / name, content, "wb")
    with pytest.raises(SourceError) as info:
        list(read_documents([p]))
    msg = str(info.value)
    assert needle in msg and name in msg
    if line is not None:
        assert info.value.line == line


def test_sources_missing_path_and_empty_glob(tmp_path):
    with pytest.raises(SourceError, match="does not exist"):
        list(read_documents([tmp_path / "nope.txt"]))
    with pytest.raises(SourceError, match="matches no file"):
        list(read_documents([str(tmp_path / "*.jsonl")]))


def test_sources_skip_bad_records_counts_them(tmp_path):
    p = write(tmp_path / "p.jsonl", '{"abstract": "a"}\nnot json\n{"abstract": "c"}\n')
    bad = []
    docs = list(read_documents([p], skip_bad=True, bad=bad))
    assert [d.index for d in docs] == [0, 2] and bad == [f"{p}:2"]


def test_sources_utf16_with_bom(tmp_path):
    p = write(tmp_path / "u16.txt", ABSTRACT_A.encode("utf-16"), "wb")
    (doc,) = read_documents([p])
    assert doc.text == ABSTRACT_A


@pytest.mark.parametrize("fields,kept", [
    ({"year": 2021, "url": "https://x.org", "title": "  A   title "}, {"year": 2021, "url": "https://x.org", "title": "A title"}),
    ({"year": "2021-06-01", "id": 7, "authors": "A. One and B. Two"}, {"year": 2021, "id": "7", "authors": ["A. One", "B. Two"]}),
    ({"year": None, "title": "", "authors": []}, {}),
])
def test_sources_metadata_is_typed(tmp_path, fields, kept):
    p = write(tmp_path / "m.jsonl", json.dumps({"abstract": ABSTRACT_A, **fields}))
    assert next(read_documents([p])).meta == kept


@pytest.mark.parametrize("fields,needle", [
    ({"year": "n/a"}, "'year'"), ({"year": 1700}, "'year'"), ({"year": 2020.0}, "'year'"), ({"year": False}, "'year'"),
    ({"url": 12345}, "'url'"), ({"title": {"t": 1}}, "'title'"), ({"doi": ["a"]}, "'doi'"), ({"id": 1.5}, "'id'"),
    ({"authors": [1, 2]}, "'authors'"),
])
def test_sources_metadata_of_the_wrong_type_is_a_bad_record(tmp_path, fields, needle):
    p = write(tmp_path / "m.jsonl", json.dumps({"abstract": ABSTRACT_A, **fields}) + "\n" + json.dumps({"abstract": ABSTRACT_B}))
    with pytest.raises(SourceError, match=needle) as err:
        list(read_documents([p]))
    assert err.value.line == 1
    bad = []
    assert [d.text for d in read_documents([p], skip_bad=True, bad=bad)] == [ABSTRACT_B] and len(bad) == 1


def test_sources_lone_surrogate_becomes_replacement_character(tmp_path):
    p = write(tmp_path / "s.jsonl", '{"abstract": "Foo\\ud800Net is fast.", "title": "T\\udc00"}\n')
    doc = next(read_documents([p]))
    assert doc.text == "Foo\ufffdNet is fast." and doc.meta["title"] == "T\ufffd"


def test_sources_old_mac_line_ends_split_abstracts(tmp_path):
    p = write(tmp_path / "mac.txt", f"ICML 2026 Papers\r\r{ABSTRACT_A}\r\r{ABSTRACT_B}\r".encode(), "wb")
    assert [d.text for d in read_documents([p])] == [ABSTRACT_A, ABSTRACT_B]


def test_sources_header_without_abstract_is_an_error(tmp_path):
    p = write(tmp_path / "h.txt", "ICML 2026 Papers\n")
    with pytest.raises(SourceError, match="header"):
        list(read_documents([p]))


@pytest.mark.parametrize("name,content,needle", [
    ("paper.pdf", b"%PDF-1.4 plain ascii\n%%EOF", "PDF"), ("paper.txt", b"%PDF-1.4 plain ascii", "PDF"),
    ("a.txt", b"PK\x03\x04rest", "ZIP"), ("notes.docx", b"We propose FooNet.", "Word"),
])
def test_sources_documents_that_are_not_text_are_refused(tmp_path, name, content, needle):
    p = write(tmp_path / name, content, "wb")
    with pytest.raises(SourceError, match=needle):
        list(read_documents([p]))


def test_sources_directory_walk_skips_the_excluded_output_and_hidden_folders(tmp_path):
    write(tmp_path / "data" / "a.txt", ABSTRACT_A)
    write(tmp_path / "data" / "out" / "extractions.jsonl", json.dumps({"abstract": ABSTRACT_B}))
    write(tmp_path / "data" / ".hidden" / "b.txt", ABSTRACT_B)
    assert expand_paths([tmp_path / "data"], exclude=[tmp_path / "data" / "out"]) == [tmp_path / "data" / "a.txt"]
    with pytest.raises(SourceError, match="output directory"):
        expand_paths([tmp_path / "data" / "out" / "extractions.jsonl"], exclude=[tmp_path / "data" / "out"])


def test_sources_decompressed_size_is_capped(tmp_path, monkeypatch):
    p = write(tmp_path / "bomb.txt.gz", gzip.compress(b"word " * 400_000), "wb")
    monkeypatch.setenv("KG_MAX_INPUT_BYTES", "1000000")
    with pytest.raises(SourceError, match="once decompressed"):
        list(read_documents([p]))


def test_sources_devices_are_refused():
    with pytest.raises(SourceError, match="device"):
        list(read_documents(["/dev/zero"]))
