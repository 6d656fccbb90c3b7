"""CLI: a thin layer over the library. Parse, call, print a summary; `KGError` → one line, exit 1."""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn
from rich.table import Table

from . import __version__
from .errors import KGError

app = typer.Typer(
    no_args_is_help=True, add_completion=False, rich_markup_mode=None,
    help="kg: build a knowledge graph of ML research from paper abstracts.\n\n"
         "Example:\n\n  kg build examples/abstracts.txt -o out/\n\n  kg extract examples/abstracts.txt | head -1",
)
err = Console(stderr=True)

Inputs = Annotated[list[str], typer.Argument(help="Files, directories or globs: .txt abstract lists, .jsonl, .json, .csv, .tsv, .bib, arXiv Atom .xml; optionally .gz.", show_default=False)]
Lexicon = Annotated[Optional[list[Path]], typer.Option("--lexicon", help="Extra lexicon TSV (type, name, aliases), e.g. ../shared/data/gazetteers/ml_entity_gazetteer.tsv. Repeatable.")]
Config = Annotated[Optional[Path], typer.Option("--config", help="A spaCy config for the pipeline (default: the packaged kg/extract/config.cfg).")]
SkipBad = Annotated[bool, typer.Option("--skip-bad-records", help="Skip records that cannot be read (broken JSON lines, records without an abstract) and count them, instead of stopping.")]


def fail(exc: KGError) -> None:
    err.print(f"kg: error: {exc}", markup=False, highlight=False, soft_wrap=True)
    raise typer.Exit(1)


def _progress() -> Progress:
    return Progress(SpinnerColumn(), TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TimeElapsedColumn(), console=err, transient=True, disable=not err.is_terminal)


def version_callback(value: bool) -> None:
    if value:
        typer.echo(f"kg {__version__}")
        raise typer.Exit()


@app.callback()
def main(version: Annotated[bool, typer.Option("--version", callback=version_callback, is_eager=True, help="Print the version and exit.")] = False) -> None:
    pass


@app.command()
def build(
    inputs: Inputs,
    out: Annotated[Path, typer.Option("-o", "--out", help="Output directory.")] = Path("out"),
    formats: Annotated[list[str], typer.Option("--format", help="RDF formats to write: turtle, json-ld, nt. Repeatable.")] = ["turtle"],
    workers: Annotated[int, typer.Option("--workers", "-w", help="Extraction processes (0: one per core).")] = 1,
    lexicon: Lexicon = None,
    config: Config = None,
    skip_bad_records: SkipBad = False,
) -> None:
    """Build the graph: read abstracts, extract, resolve, write graph.ttl, graph.json and extractions.jsonl.

    Example:

      kg build examples/abstracts.txt -o out/

      kg build papers.jsonl.gz --format turtle --format json-ld -o out/
    """
    from .build import build as run_build, default_workers
    from .sinks.rdf import FORMATS

    for f in formats:
        if f not in FORMATS:
            fail(KGError(f"unknown format '{f}'; use one of {', '.join(FORMATS)}"))
    try:
        with _progress() as progress:
            task = progress.add_task("extracting", total=None)
            G, stats = run_build(inputs, out, formats=formats, workers=workers or default_workers(),
                                 config=config, lexicons=lexicon or [], skip_bad=skip_bad_records,
                                 on_document=lambda n: progress.update(task, completed=n))
    except KGError as exc:
        fail(exc)
    table = Table(title=f"kg build: {stats.papers} papers in {stats.seconds:.1f} s → {out}", title_justify="left")
    table.add_column("nodes", style="bold")
    table.add_column("count", justify="right")
    table.add_column("relationships", style="bold")
    table.add_column("count", justify="right")
    nodes, rels = sorted(stats.nodes.items()), sorted(stats.relationships.items())
    for i in range(max(len(nodes), len(rels))):
        n = nodes[i] if i < len(nodes) else ("", "")
        r = rels[i] if i < len(rels) else ("", "")
        table.add_row(n[0], str(n[1]), r[0], str(r[1]))
    table.add_row("total", str(sum(stats.nodes.values())), "total", str(sum(stats.relationships.values())))
    err.print(table)
    if stats.bad_records:
        err.print(f"skipped {len(stats.bad_records)} bad records (first: {stats.bad_records[0]})", markup=False)


@app.command()
def extract(
    inputs: Inputs,
    output: Annotated[Optional[Path], typer.Option("-o", "--output", help="Write the records here instead of stdout.")] = None,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Extraction processes (0: one per core).")] = 1,
    lexicon: Lexicon = None,
    config: Config = None,
    skip_bad_records: SkipBad = False,
) -> None:
    """Extract one JSON record per paper (the gold format of GUIDELINES.md) to stdout or a file.

    Example:

      kg extract examples/abstracts.txt -o records.jsonl

      kg extract papers.jsonl | jq .proposed
    """
    from .build import default_workers, extract_documents, read_inputs
    from .records import extraction_record
    from .sinks.files import write_extractions

    bad: list[str] = []
    try:
        records = extract_documents(read_inputs(inputs, skip_bad_records, bad), workers or default_workers(), config, lexicon or [])
        if output is not None:
            n = write_extractions(records, output)
            err.print(f"kg extract: {n} records → {output}", markup=False)
        else:
            # stdout streams; a failure part-way still exits 1 with the error line
            for ext in records:
                sys.stdout.write(json.dumps(extraction_record(ext), ensure_ascii=False) + "\n")
    except KGError as exc:
        fail(exc)
    if bad:
        err.print(f"skipped {len(bad)} bad records (first: {bad[0]})", markup=False)


@app.command("eval")
def evaluate(
    gold: Annotated[Path, typer.Argument(help="Gold JSONL (the format of GUIDELINES.md).", show_default=False)],
    inputs: Inputs,
    errors: Annotated[bool, typer.Option("--errors", help="List false positives and misses per paper and field, with the sentence.")] = False,
    minimum: Annotated[Optional[list[str]], typer.Option("--min", help="FIELD=F1: exit 1 when a field scores below it. Repeatable.")] = None,
    lexicon: Lexicon = None,
    config: Config = None,
) -> None:
    """Extract INPUT and print precision, recall and F1 per field against GOLD.

    Example:

      kg eval ../shared/gold/seeds.jsonl ../shared/corpus/*.txt --min proposed=0.8
    """
    from .build import extract_documents, read_inputs
    from .evaluate import compare, format_report, load_gold, record_key
    from .records import extraction_record

    try:
        gold_records = load_gold(gold)
        exts = list(extract_documents(read_inputs(inputs), 1, config, lexicon or []))
    except KGError as exc:
        fail(exc)
    system = {record_key(r): r for r in map(extraction_record, exts)}
    report, errs = compare(gold_records, system)
    missing = sum(1 for k in gold_records if k not in system)
    typer.echo(format_report(report, len(gold_records), missing))
    if errors:
        sentences = {(e.document.source, e.document.index): e for e in exts}
        for e in errs:
            ext = sentences.get((e["source"], e["index"]))
            typer.echo(f"\n{e['source']}#{e['index']} {e['field']}")
            for name in e["false_positives"]:
                where = next((m.evidence for m in ext.mentions if m.text == name), None) if ext else None
                typer.echo(f"  FP {name!r}" + (f" [{where.rule}] {where.sentence}" if where else ""))
            for name in e["missed"]:
                typer.echo(f"  FN {name!r}")
    failed = []
    for bound in minimum or []:
        fld, _, value = bound.partition("=")
        if fld not in report:
            fail(KGError(f"unknown field '{fld}' in --min; use one of {', '.join(report)}"))
        if report[fld]["f1"] < float(value):
            failed.append(f"{fld} F1 {report[fld]['f1']} < {value}")
    if failed:
        typer.echo("below bound: " + "; ".join(failed))
        raise typer.Exit(1)
