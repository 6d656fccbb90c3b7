"""Hostile input, round two: a table of adversarial cases, each run as a user would (a subprocess),
each named with the outcome it must have.

Every failure is one line on stderr that holds the case's needle, exit code 1 (usage errors that
click finds included), no traceback, and the outputs a previous run left are unchanged. Every success exits
0 with no traceback, and its `check` holds. Placeholders in the commands: {ex} the example abstracts,
{t} the case's directory.
"""
from __future__ import annotations

import gzip
import json
import os
import stat
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import pytest

from conftest import EXAMPLES

GOOD = "We propose FooNet, which runs 2× faster than ResNet-50 on ImageNet."
TWO = f"{GOOD}\n\nWe introduce BarFlow, reducing sampling steps by 40% on CIFAR-10."
ROOT = os.geteuid() == 0


def jl(**fields) -> bytes:
    return json.dumps({"abstract": GOOD, **fields}).encode()


def records(n: int) -> Callable:
    def check(t: Path, out: str, err: str) -> bool:
        return len([line for line in out.splitlines() if line.strip()]) == n and all(json.loads(line) for line in out.splitlines())
    return check


def file_records(path: str, n: int) -> Callable:
    def check(t: Path, out: str, err: str) -> bool:
        lines = (t / path).read_text(encoding="utf-8").splitlines()
        return len(lines) == n and all(json.loads(line) for line in lines)
    return check


def papers(n: int) -> Callable:
    def check(t: Path, out: str, err: str) -> bool:
        first = err.splitlines()[0]
        return first.startswith(f"kg build: {n} paper{'s' if n != 1 else ''} in ") and first == first.rstrip()
    return check


def all_of(*checks: Callable) -> Callable:
    return lambda t, out, err: all(c(t, out, err) for c in checks)


def stderr_has(text: str) -> Callable:
    return lambda t, out, err: text in err


def is_char_device(path: str) -> Callable:
    return lambda t, out, err: stat.S_ISCHR(os.stat(path).st_mode)


def strict_json_outputs(directory: str) -> Callable:
    def check(t: Path, out: str, err: str) -> bool:
        for name in ("graph.json", "extractions.jsonl"):
            text = (t / directory / name).read_text(encoding="utf-8")
            if "Infinity" in text or "NaN" in text:
                return False
        json.loads((t / directory / "graph.json").read_text(encoding="utf-8"), parse_constant=lambda c: 1 / 0)
        return True
    return check


def damage(path_glob: str, how: str) -> Callable:
    """A step between the first build and the case's command: damage a cache file."""
    def step(t: Path) -> None:
        for p in sorted(t.glob(path_glob))[:1]:
            data = p.read_bytes()
            p.write_bytes(data[: len(data) // 3] if how == "truncate" else b"\x00garbage{" + data[9:])
    return step


def replace_in(path: str, old: str, new: str) -> Callable:
    def step(t: Path) -> None:
        p = t / path
        p.write_text(p.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
    return step


def truncate(path: str, keep: int) -> Callable:
    def step(t: Path) -> None:
        p = t / path
        p.write_bytes(p.read_bytes()[:keep])
    return step


def add_abstract(path: str) -> Callable:
    def step(t: Path) -> None:
        with open(t / path, "a", encoding="utf-8") as fh:
            fh.write("\n\nWe propose QuuxNet, 3x faster than FooNet on MNIST.\n")
    return step


FIFO, DIR = "FIFO", "DIR"


@dataclass
class Case:
    id: str
    argv: list[str]
    expect: int = 0  # exit code
    needle: str | None = None  # what the one line of a failure says
    files: dict = field(default_factory=dict)  # path → bytes, FIFO, DIR or ("link", target)
    stdin: bytes | None = None
    env: dict = field(default_factory=dict)
    before: list[list[str]] = field(default_factory=list)  # kg commands run first
    between: Callable | None = None  # a step after `before`
    background: str | None = None  # a shell command run beside kg (a FIFO's writer or reader)
    check: Callable | None = None  # for successes: (dir, stdout, stderr) → bool
    root: bool | None = None  # True: needs root; False: needs a user that permissions apply to
    slow: bool = False


BUILD_EX = ["build", "{ex}", "-o", "{t}/out"]
CASES = [
    # ---- documents that are not text (issue 15): refused by content and by name ------------------
    Case("pdf_ascii_named_pdf_refused", ["extract", "{t}/paper.pdf"], 1, "PDF", {"paper.pdf": b"%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n"}),
    Case("pdf_named_txt_refused_by_content", ["extract", "{t}/paper.txt"], 1, "PDF", {"paper.txt": b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\nstream\n"}),
    Case("pdf_gzipped_refused", ["extract", "{t}/p.txt.gz"], 1, "PDF", {"p.txt.gz": gzip.compress(b"%PDF-1.5\nx\n")}),
    Case("docx_zip_refused", ["extract", "{t}/a.txt"], 1, "ZIP", {"a.txt": b"PK\x03\x04\x14\x00\x06\x00word/document.xml"}),
    Case("rtf_refused", ["extract", "{t}/a.txt"], 1, "RTF", {"a.txt": b"{\\rtf1\\ansi We propose FooNet.}"}),
    Case("png_refused", ["extract", "{t}/a.txt"], 1, "PNG", {"a.txt": b"\x89PNG\r\n\x1a\nIHDR"}),
    Case("html_named_refused", ["extract", "{t}/page.html"], 1, "HTML", {"page.html": f"<html><body>{GOOD}</body></html>".encode()}),
    Case("bzip2_refused", ["extract", "{t}/a.jsonl"], 1, "bzip2", {"a.jsonl": b"BZh91AY&SY"}),
    # ---- plain abstract lists ----------------------------------------------------------------------
    Case("header_only_is_error", ["extract", "{t}/h.txt"], 1, "header", {"h.txt": b"ICML 2026 Papers\n"}),
    Case("header_only_crlf_is_error", ["extract", "{t}/h.txt"], 1, "header", {"h.txt": b"NeurIPS 2025 accepted papers\r\n\r\n"}),
    Case("one_word_is_a_paper", ["extract", "{t}/w.txt"], 0, files={"w.txt": b"Hello"}, check=records(1)),
    Case("cr_only_line_ends_split", ["extract", "{t}/mac.txt"], 0, files={"mac.txt": TWO.replace("\n", "\r").encode()}, check=records(2)),
    Case("mixed_line_ends_split", ["extract", "{t}/mix.txt"], 0, files={"mix.txt": f"ICML 2024 Papers\r\n\r\n{GOOD}\r\r{GOOD}\n\n{GOOD}".encode()}, check=records(3)),
    Case("utf16_without_bom_refused", ["extract", "{t}/u.txt"], 1, "binary", {"u.txt": GOOD.encode("utf-16-le")}),
    # ---- standard input, pipes, FIFOs and devices ---------------------------------------------------
    Case("stdin_dash_extract", ["extract", "-"], 0, stdin=TWO.encode(), check=records(2)),
    Case("stdin_dash_build", ["build", "-", "-o", "{t}/out"], 0, stdin=TWO.encode(), check=papers(2)),
    Case("stdin_dash_empty", ["extract", "-"], 1, "is empty", stdin=b""),
    Case("dev_stdin_pipe_build", ["build", "/dev/stdin", "-o", "{t}/out"], 0, stdin=TWO.encode(), check=papers(2)),
    Case("stdin_gzip_extract", ["extract", "-"], 0, stdin=gzip.compress(TWO.encode()), check=records(2)),
    Case("fifo_input_build", ["build", "{t}/f.txt", "-o", "{t}/out"], 0, files={"f.txt": FIFO},
         background="cat {ex} > {t}/f.txt", check=papers(4)),
    Case("dev_zero_refused", ["extract", "/dev/zero"], 1, "device"),
    Case("dev_urandom_build_refused", ["build", "/dev/urandom", "-o", "{t}/out"], 1, "device"),
    Case("dev_null_input_refused", ["extract", "/dev/null"], 1, "device"),
    # ---- sizes ---------------------------------------------------------------------------------
    Case("gzip_bomb_capped", ["extract", "{t}/bomb.txt.gz"], 1, "once decompressed",
         {"bomb.txt.gz": gzip.compress(b"a" * 5_000_000)}, env={"KG_MAX_INPUT_BYTES": "1000000"}),
    Case("plain_file_over_cap", ["extract", "{t}/big.txt"], 1, "KG_MAX_INPUT_BYTES", {"big.txt": TWO.encode() * 50},
         env={"KG_MAX_INPUT_BYTES": "1000"}),
    Case("stdin_over_cap", ["extract", "-"], 1, "standard input", stdin=TWO.encode() * 50, env={"KG_MAX_INPUT_BYTES": "1000"}),
    Case("bad_max_bytes_env", ["extract", "{ex}"], 1, "KG_MAX_INPUT_BYTES", env={"KG_MAX_INPUT_BYTES": "lots"}),
    Case("csv_field_over_131072", ["extract", "{t}/long.csv"], 0,
         files={"long.csv": b"title,abstract\nT,\"" + (GOOD + " ").encode() * 3000 + b"\"\n"}, check=records(1)),
    Case("csv_field_over_abstract_limit_skipped", ["extract", "{t}/huge.csv", "--skip-bad-records"], 0,
         files={"huge.csv": b"abstract\n\"" + b"word " * 210_000 + b"\"\n\"" + GOOD.encode() + b"\"\n"},
         check=all_of(records(1), stderr_has("skipped 1 bad record ")), slow=True),
    Case("csv_nul_byte_late_read", ["extract", "{t}/nul.csv"], 0,
         files={"nul.csv": b"abstract\n\"" + b"word " * 1000 + b"\"\n\"x\x00y z\"\n"}, check=records(2)),
    # ---- JSON ----------------------------------------------------------------------------------
    Case("json_nested_100k_deep", ["extract", "{t}/deep.json"], 1, "nested too deeply", {"deep.json": b"[" * 100_000 + b"]" * 100_000}),
    Case("jsonl_nested_deep_line", ["extract", "{t}/deep.jsonl"], 1, "deep.jsonl:1", {"deep.jsonl": b'{"abstract": ' + b"[" * 50_000 + b"]" * 50_000 + b"}\n"}),
    Case("jsonl_5000_digit_integer", ["extract", "{t}/int.jsonl"], 1, "int.jsonl:1", {"int.jsonl": b'{"abstract": "x y", "year": ' + b"9" * 5000 + b"}\n"}),
    Case("jsonl_lone_surrogate_read", ["extract", "{t}/sur.jsonl"], 0, files={"sur.jsonl": b'{"abstract": "We propose Foo\\ud800Net, 2x faster than Bar.", "title": "A \\udfff"}\n'},
         check=records(1)),
    Case("jsonl_nan_year_bad_record", ["extract", "{t}/nan.jsonl"], 1, "NaN", {"nan.jsonl": b'{"abstract": "x y z", "year": NaN}\n'}),
    Case("jsonl_infinity_anywhere_bad_record", ["extract", "{t}/inf.jsonl"], 1, "Infinity", {"inf.jsonl": b'{"abstract": "x y z", "score": -Infinity}\n'}),
    Case("jsonl_url_number_bad_record", ["extract", "{t}/url.jsonl"], 1, "'url'", {"url.jsonl": jl(url=12345)}),
    Case("jsonl_title_list_bad_record", ["extract", "{t}/title.jsonl"], 1, "'title'", {"title.jsonl": jl(title=["a", "b"])}),
    Case("jsonl_year_3000_bad_record", ["extract", "{t}/y.jsonl"], 1, "'year'", {"y.jsonl": jl(year=3000)}),
    Case("jsonl_year_true_bad_record", ["extract", "{t}/y.jsonl"], 1, "'year'", {"y.jsonl": jl(year=True)}),
    Case("jsonl_year_float_bad_record", ["extract", "{t}/y.jsonl"], 1, "'year'", {"y.jsonl": jl(year=2020.5)}),
    Case("jsonl_authors_object_bad_record", ["extract", "{t}/a.jsonl"], 1, "'authors'", {"a.jsonl": jl(authors={"n": 1})}),
    Case("jsonl_year_date_string_read", ["build", "{t}/d.jsonl", "-o", "{t}/out"], 0, files={"d.jsonl": jl(year="2021-06-01", url="https://x.org")},
         check=all_of(papers(1), lambda t, o, e: '"year": 2021' in (t / "out/graph.json").read_text())),
    Case("jsonl_bad_types_skipped", ["extract", "{t}/m.jsonl", "--skip-bad-records"], 0,
         files={"m.jsonl": jl(url=1) + b"\n" + jl() + b"\n" + b'{"abstract": "a b", "year": NaN}\n'},
         check=all_of(records(1), stderr_has("skipped 2 bad records"))),
    Case("json_top_level_number", ["extract", "{t}/n.json"], 1, "not a list", {"n.json": b"42"}),
    Case("jsonl_empty_abstract", ["extract", "{t}/e.jsonl"], 1, "no 'abstract'", {"e.jsonl": b'{"abstract": "   "}\n'}),
    Case("tsv_header_only", ["extract", "{t}/h.tsv"], 1, "holds no abstracts", {"h.tsv": b"title\tabstract\n"}),
    Case("bib_comment_only", ["extract", "{t}/c.bib"], 1, "holds no abstracts", {"c.bib": b"@comment{nothing here}\n"}),
    Case("gzip_trailing_garbage", ["extract", "{t}/g.txt.gz"], 1, "gzip", {"g.txt.gz": gzip.compress(TWO.encode()) + b"garbage!"}),
    # ---- numbers in the text ---------------------------------------------------------------------
    Case("factor_400_digits_finite_outputs", ["build", "{t}/inf.txt", "-o", "{t}/out"], 0,
         files={"inf.txt": ("We propose FooNet, " + "9" * 400 + "x faster than BarNet, with accuracy " + "9" * 400 + " on ImageNet.").encode()},
         check=strict_json_outputs("out")),
    # ---- paths -----------------------------------------------------------------------------------
    Case("input_name_300_chars", ["extract", "{t}/" + "n" * 300 + ".txt"], 1, "File name too long"),
    Case("output_name_250_chars", ["extract", "{ex}", "-o", "{t}/" + "o" * 250], 0, check=file_records("o" * 250, 4)),
    Case("unicode_and_newline_file_name", ["build", "{t}/données\nnew é.txt", "-o", "{t}/out"], 0, files={"données\nnew é.txt": TWO.encode()}, check=papers(2)),
    Case("symlink_loop_input", ["extract", "{t}/loop.txt"], 1, "cannot be read", {"loop.txt": ("link", "loop2.txt"), "loop2.txt": ("link", "loop.txt")}),
    Case("dangling_symlink_input", ["extract", "{t}/gone.txt"], 1, "cannot be read", {"gone.txt": ("link", "nowhere.txt")}),
    Case("directory_named_txt", ["extract", "{t}/d.txt"], 1, "no readable input", {"d.txt": DIR}),
    Case("unsearchable_input_folder", ["extract", "{t}/in"], 1, "cannot be listed", {"in/sub/a.txt": TWO.encode()},
         between=lambda t: os.chmod(t / "in/sub", 0), root=False),
    # ---- outputs -------------------------------------------------------------------------------
    Case("extract_to_dev_null_keeps_device", ["extract", "{ex}", "-o", "/dev/null"], 0, check=is_char_device("/dev/null")),
    Case("extract_to_dash_is_stdout", ["extract", "{ex}", "-o", "-"], 0, check=records(4)),
    Case("extract_to_proc_self_fd_1", ["extract", "{ex}", "-o", "/proc/self/fd/1"], 0, check=records(4)),
    Case("extract_to_fifo_written_through", ["extract", "{ex}", "-o", "{t}/pipe"], 0, files={"pipe": FIFO},
         background="cat {t}/pipe > {t}/got.jsonl", check=lambda t, o, e: (time.sleep(0.5) or file_records("got.jsonl", 4)(t, o, e))),
    Case("extract_to_symlink_keeps_link", ["extract", "{ex}", "-o", "{t}/link.jsonl"], 0, files={"real.jsonl": b"old\n", "link.jsonl": ("link", "real.jsonl")},
         check=lambda t, o, e: (t / "link.jsonl").is_symlink() and file_records("real.jsonl", 4)(t, o, e)),
    Case("extract_to_directory", ["extract", "{ex}", "-o", "{t}"], 1, "is a directory"),
    Case("extract_under_proc", ["extract", "{ex}", "-o", "/proc/kg-test.jsonl"], 1, "cannot be written"),
    Case("extract_to_read_only_folder", ["extract", "{ex}", "-o", "{t}/ro/x.jsonl"], 1, "Permission denied", {"ro": DIR},
         between=lambda t: os.chmod(t / "ro", 0o555), root=False),
    Case("build_out_is_a_file", ["build", "{ex}", "-o", "{t}/file"], 1, "cannot", {"file": b"x"}),
    Case("build_over_fifo_output_refused", ["build", "{ex}", "-o", "{t}/out"], 1, "not a regular file", {"out/graph.json": FIFO}),
    Case("build_over_symlinked_output", ["build", "{ex}", "-o", "{t}/out"], 0, files={"elsewhere.json": b"{}", "out/graph.json": ("link", "../elsewhere.json")},
         check=lambda t, o, e: (t / "out/graph.json").is_symlink() and (t / "elsewhere.json").stat().st_size > 1000),
    # ---- a build's own directory and its cache ---------------------------------------------------
    Case("build_dir_into_itself_twice", ["build", "{t}/data", "-o", "{t}/data/out"], 0, files={"data/a.txt": TWO.encode()},
         before=[["build", "{t}/data", "-o", "{t}/data/out"]], check=papers(2)),
    Case("build_glob_skips_own_outputs", ["build", "{t}/data/**/*.jsonl", "-o", "{t}/data/out"], 0, files={"data/a.jsonl": jl()},
         before=[["build", "{t}/data/**/*.jsonl", "-o", "{t}/data/out"]], check=papers(1)),
    Case("build_input_inside_output_refused", ["build", "{t}/out/extractions.jsonl", "-o", "{t}/out"], 1, "output directory", before=[BUILD_EX]),
    Case("cache_chunk_detail_truncated", ["build", "{t}/a.txt", "-o", "{t}/out"], 0, files={"a.txt": TWO.encode()},
         before=[["build", "{t}/a.txt", "-o", "{t}/out"]],
         between=lambda t: (damage("out/.kg-cache/chunks-*/*.marshal", "truncate")(t), add_abstract("a.txt")(t)),
         check=all_of(papers(3), stderr_has("warning: the build cache was damaged"))),
    Case("cache_index_garbage", ["build", "{t}/a.txt", "-o", "{t}/out"], 0, files={"a.txt": TWO.encode()},
         before=[["build", "{t}/a.txt", "-o", "{t}/out"]], between=damage("out/.kg-cache/index-*.json", "garbage"),
         check=all_of(papers(2), stderr_has("warning: the build cache was damaged"))),
    Case("cache_extractions_garbage", ["build", "{t}/a.txt", "-o", "{t}/out"], 0, files={"a.txt": TWO.encode()},
         before=[["build", "{t}/a.txt", "-o", "{t}/out", "--format", "nt"]], between=damage("out/.kg-cache/chunks-*/*.jsonl", "garbage"),
         check=papers(2)),
    # ---- options ---------------------------------------------------------------------------------
    Case("workers_1000_capped", ["extract", "{ex}", "--workers", "1000"], 0, check=records(4)),
    Case("workers_negative_usage_error", ["extract", "{ex}", "--workers", "-1"], 1, "--workers"),
    Case("unknown_command_one_line", ["buil", "{ex}"], 1, "No such command 'buil'"),
    Case("unknown_option_one_line", ["extract", "{ex}", "--frobnicate"], 1, "--frobnicate"),
    Case("missing_input_one_line", ["build"], 1, "Missing argument"),
    Case("lexicon_missing_build", ["build", "{ex}", "-o", "{t}/out", "--lexicon", "{t}/none.tsv"], 1, "none.tsv"),
    Case("lexicon_directory_build", ["build", "{ex}", "-o", "{t}/out", "--lexicon", "{t}"], 1, "--lexicon"),
    Case("config_missing_build", ["build", "{ex}", "-o", "{t}/out", "--config", "{t}/none.cfg"], 1, "--config"),
    Case("config_unknown_factory_build", ["build", "{ex}", "-o", "{t}/out", "--config", "{t}/bad.cfg"], 1, "cannot be built",
         {"bad.cfg": b"[nlp]\nlang = \"en\"\npipeline = [\"no_such_thing\"]\n\n[components]\n"}),
    Case("config_garbage_extract", ["extract", "{ex}", "--config", "{t}/g.cfg"], 1, "g.cfg", {"g.cfg": b"\x00\x01 not a config ["}),
    Case("eval_min_not_a_number", ["eval", "{ex}", "{ex}", "--min", "proposed=abc"], 1, "--min"),
    Case("eval_gold_broken_json", ["eval", "{t}/g.jsonl", "{ex}"], 1, "g.jsonl:1", {"g.jsonl": b'{"source": "a"\n'}),
    Case("eval_gold_not_objects", ["eval", "{t}/g.jsonl", "{ex}"], 1, "g.jsonl:1", {"g.jsonl": b"[1, 2]\n"}),
    Case("eval_gold_index_not_a_number", ["eval", "{t}/g.jsonl", "{ex}"], 1, "g.jsonl:1",
         {"g.jsonl": b'{"source": "a", "index": "x"}\n'}),
    Case("eval_gold_field_not_a_list", ["eval", "{t}/g.jsonl", "{ex}"], 1, "'models' is not a list",
         {"g.jsonl": b'{"source": "a", "index": 0, "models": "x"}\n'}),
    Case("eval_min_nan", ["eval", "{ex}", "{ex}", "--min", "proposed=nan"], 1, "--min"),
    Case("query_limit_negative", ["query", "top_speedups", "-p", "limit=-1", "--db", "{t}/out"], 1, "out of range", before=[BUILD_EX]),
    Case("query_limit_huge", ["query", "top_speedups", "-p", "limit=99999999999999999999", "--db", "{t}/out"], 1, "out of range", before=[BUILD_EX]),
    Case("query_param_nan", ["query", "top_speedups", "-p", "limit=nan", "--db", "{t}/out"], 1, "limit", before=[BUILD_EX]),
    Case("query_json_format_is_strict", ["query", "top_speedups", "--db", "{t}/out", "--format", "json"], 0, before=[BUILD_EX],
         check=lambda t, o, e: json.loads(o, parse_constant=lambda c: 1 / 0) is not None),
    Case("guide_impossible_port", ["guide", "--port", "70000", "--no-serve", "-o", "{t}/g"], 1, "--port"),
    Case("load_http_uri", ["load", "{t}/out", "--uri", "http://127.0.0.1:9"], 1, "Bolt", before=[BUILD_EX], env={"NEO4J_PASSWORD": "x"}),
    Case("query_http_uri", ["query", "top_speedups", "--uri", "http://127.0.0.1:9"], 1, "Bolt", env={"NEO4J_PASSWORD": "x"}),
    Case("remove_without_password", ["remove", "a.txt", "--uri", "bolt://127.0.0.1:9"], 1, "NEO4J_PASSWORD", env={"NEO4J_PASSWORD": ""}),
    # ---- damaged outputs read by later commands ----------------------------------------------------
    Case("query_truncated_graph_ttl", ["query", "top_speedups", "--db", "{t}/out"], 1, "graph.ttl", before=[BUILD_EX], between=truncate("out/graph.ttl", 3000)),
    Case("export_truncated_graph_json", ["export", "{t}/out"], 1, "truncated", before=[BUILD_EX], between=truncate("out/graph.json", 3000)),
    Case("export_label_outside_ontology", ["export", "{t}/out"], 1, "Evil", before=[BUILD_EX],
         between=replace_in("out/graph.json", '"label": "Venue"', '"label": "Evil"')),
    Case("export_relationship_outside_ontology", ["export", "{t}/out"], 1, "DROP", before=[BUILD_EX],
         between=replace_in("out/graph.json", '"key": "PUBLISHED_IN"', '"key": "DROP"')),
    Case("query_graph_json_not_json", ["query", "path_between_methods", "--db", "{t}/out"], 1, "graph.json", before=[BUILD_EX],
         between=replace_in("out/graph.json", '"key": "PUBLISHED_IN"', '"key": NaN, "x": "PUBLISHED_IN"')),
    Case("load_missing_build", ["load", "{t}/nothing"], 1, "not found"),
    # ---- what the user sees ------------------------------------------------------------------------
    Case("summary_says_1_paper", ["build", "{t}/one.txt", "-o", "{t}/out"], 0, files={"one.txt": GOOD.encode()}, check=papers(1)),
    Case("summary_lines_without_trailing_spaces", ["build", "{ex}", "-o", "{t}/out"], 0, before=[BUILD_EX],
         check=lambda t, o, e: all(line == line.rstrip() for line in e.splitlines()) and "reused 4 of 4" in e),
    Case("help_shows_metavars_not_types", ["build", "--help"], 0,
         check=lambda t, o, e: "INPUT..." in o and "<list" not in o and "{inputs}" not in o),
]


def _fill(arg: str, t: Path) -> str:
    return arg.replace("{ex}", str(EXAMPLES / "abstracts.txt")).replace("{t}", str(t))


def _make(t: Path, files: dict) -> None:
    for name, content in files.items():
        p = t / name
        p.parent.mkdir(parents=True, exist_ok=True)
        if content == FIFO:
            os.mkfifo(p)
        elif content == DIR:
            p.mkdir()
        elif isinstance(content, tuple):
            os.symlink(content[1], p)
        else:
            p.write_bytes(content)


def _snapshot(t: Path) -> dict:
    """Every regular file under the case's directory with its bytes."""
    return {str(p.relative_to(t)): p.read_bytes() for p in sorted(t.rglob("*"))
            if p.is_file() and not p.is_symlink() and not stat.S_ISFIFO(p.lstat().st_mode)}


def kg(*args) -> list[str]:
    return [sys.executable, "-m", "kg", *args]


def test_adversarial_table_is_large_and_named():
    assert len(CASES) >= 60
    assert len({c.id for c in CASES}) == len(CASES)


@pytest.mark.parametrize("case", [pytest.param(c, id=c.id, marks=[pytest.mark.slow] if c.slow else []) for c in CASES])
def test_adversarial(case: Case, tmp_path: Path):
    if case.root is True and not ROOT or case.root is False and ROOT:
        pytest.skip("needs root" if case.root else "permissions do not apply to root")
    t = tmp_path
    _make(t, case.files)
    env = {**os.environ, **case.env}
    for cmd in case.before:
        subprocess.run(kg(*(_fill(a, t) for a in cmd)), check=True, capture_output=True, timeout=300, cwd=t)
    if case.between:
        case.between(t)
    before = _snapshot(t)
    helper = subprocess.Popen(["sh", "-c", _fill(case.background, t)]) if case.background else None
    start = time.perf_counter()
    proc = subprocess.run(kg(*(_fill(a, t) for a in case.argv)), input=case.stdin, capture_output=True, timeout=300,
                          env=env, cwd=t, stdin=None if case.stdin is not None else subprocess.DEVNULL)
    seconds = time.perf_counter() - start
    if helper:
        helper.wait(timeout=30)
    out, err = proc.stdout.decode("utf-8", "replace"), proc.stderr.decode("utf-8", "replace")
    for p in [t, *t.rglob("*")] if case.root is False else []:  # let pytest clean up
        if p.is_dir() and not p.is_symlink():
            os.chmod(p, 0o755)
    assert "Traceback" not in out + err, err
    assert proc.returncode == case.expect, f"{case.id}: exit {proc.returncode}\n{err}"
    if case.expect == 0:
        assert case.check is None or case.check(t, out, err), f"{case.id}: check failed\n{err[-2000:]}"
    else:
        lines = [line for line in err.splitlines() if line.strip()]
        if case.expect == 1:
            assert len(lines) == 1, f"{case.id}: {len(lines)} lines\n{err}"
        assert case.needle in err, f"{case.id}: {case.needle!r} not in\n{err}"
        assert _snapshot(t) == before, f"{case.id}: files changed by a failed command"
    print(f"{case.id}: exit {proc.returncode} in {seconds:.2f} s")


def test_adversarial_closed_pipe_is_quiet(tmp_path):
    """`kg extract … | head -1`: the reader stops early; kg ends without a word."""
    proc = subprocess.run(f"{sys.executable} -m kg extract {EXAMPLES / 'abstracts.txt'} {EXAMPLES / 'abstracts.txt'} | head -c 10",
                          shell=True, capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert proc.stdout == '{"source":' and proc.stderr == ""


def _seconds(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def _abstract(n: int) -> str:
    """n characters of abstracts written for this repository, joined into one."""
    unit = " ".join((EXAMPLES / "abstracts.txt").read_text(encoding="utf-8").split("\n\n")[1:]).replace("\n", " ")
    return ((unit + " ") * (n // len(unit) + 1))[:n]


@pytest.mark.slow
def test_adversarial_extraction_is_linear_in_abstract_length(nlp):
    """A 1M-character abstract costs about 4× a 250k one (it took 238 s when mentions were matched
    per sentence in O(mentions²))."""
    from kg.extract import extract
    from kg.records import Document
    times = {n: _seconds(lambda n=n: list(extract([Document("x", 0, _abstract(n), {})], nlp))) for n in (250_000, 1_000_000)}
    print(f"extraction: 250k characters {times[250_000]:.2f} s, 1M characters {times[1_000_000]:.2f} s")
    assert times[1_000_000] < 7 * times[250_000] + 1


@pytest.mark.slow
@pytest.mark.parametrize("fmt", ["bib", "jsonl", "csv", "txt"])
def test_adversarial_readers_are_linear_in_file_size(tmp_path, fmt):
    """Reading 4× the records costs about 4× the time (BibTeX was quadratic: 40k entries 27.7 s
    against 3.0 s for 10k)."""
    from kg.sources import read_documents

    def entry(i):
        text = f"We propose Net{i}, 2x faster than Base{i}."
        return {"bib": f"@article{{k{i}, title={{T{i}}}, year={{2020}}, abstract={{{text}}}}}\n",
                "jsonl": json.dumps({"abstract": text, "title": f"T{i}", "year": 2020}) + "\n",
                "csv": f'"T{i}","{text}"\n', "txt": text + "\n\n"}[fmt]

    times = {}
    for n in (10_000, 40_000):
        p = tmp_path / f"{n}.{fmt}"
        p.write_text(("title,abstract\n" if fmt == "csv" else "") + "".join(entry(i) for i in range(n)), encoding="utf-8")
        times[n] = min(_seconds(lambda p=p, n=n: sum(1 for _ in read_documents([p])) == n or pytest.fail("count"))
                       for _ in range(3))  # the best of three: the machine may be busy
    print(f"{fmt}: 10k records {times[10_000]:.2f} s, 40k records {times[40_000]:.2f} s")
    assert times[40_000] < 7 * times[10_000] + 1
