"""CLI: a thin layer over the library. Parse, call, print a summary; `KGError` → one line, exit 1."""
from __future__ import annotations

import contextlib
import json
import math
import sys
import threading
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn
from rich.table import Table

from . import __version__
from .errors import KGError

try:  # typer ≥ 0.20 carries its own copy of click
    from typer._click import exceptions as click_errors
except ImportError:  # pragma: no cover
    from click import exceptions as click_errors

class _Command(typer.core.TyperCommand):
    """Help that shows names, not Python types: an argument as its metavar (`INPUT...`, not typer's
    `{inputs}...` and `<list[str]>`), an option as its metavar or else its name (`--port PORT`).
    Numbers given to `--param` and `--port` are checked against their range before the command runs."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for param in self.params:
            if isinstance(param, typer.core.TyperArgument):
                param.metavar = param.metavar or param.name.upper()
                param.display_type_rich = lambda ctx: None
                param.get_usage_pieces = lambda ctx, p=param: [
                    (p.metavar + ("..." if p.nargs != 1 and not p.metavar.endswith("...") else "")) if p.required
                    else f"[{p.metavar}]"]
            elif isinstance(param, typer.core.TyperOption) and not param.is_flag and not param.metavar:
                param.metavar = param.name.upper().rstrip("_")

    def invoke(self, ctx):
        for item in ctx.params.get("param") or []:
            key, _, value = item.partition("=")
            try:
                number = float(value)
            except ValueError:
                continue
            if not (math.isfinite(number) and 0 <= number <= 1_000_000_000):
                fail(KGError(f"--param {item}: out of range; give a number from 0 to 1,000,000,000"))
        port = ctx.params.get("port")
        if port is not None and not 0 <= port <= 65535:
            fail(KGError(f"--port {port}: not a port; give one from 1 to 65535 (0: any free one)"))
        return super().invoke(ctx)


class _Group(typer.core.TyperGroup):
    """Click's own failures (a mistyped option or command, a value out of range) as one line on
    stderr with exit code 1, like every other failure; help is still help."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click_errors.NoArgsIsHelpError as exc:
            exc.show()
            sys.exit(exc.exit_code)
        except click_errors.ClickException as exc:
            where = exc.ctx.command_path if isinstance(exc, click_errors.UsageError) and exc.ctx else "kg"
            message = " ".join(part.strip() for part in exc.format_message().splitlines() if part.strip()).rstrip(".")
            print(f"kg: error: {message}; see `{where} --help`", file=sys.stderr)
            sys.exit(1)
        except typer.Exit as exc:
            sys.exit(exc.exit_code)
        except typer.Abort:
            print("Aborted!", file=sys.stderr)
            sys.exit(1)
        if not standalone_mode:
            return code
        sys.exit(code if isinstance(code, int) else 0)


app = typer.Typer(
    cls=_Group, no_args_is_help=True, add_completion=False, rich_markup_mode=None,
    help="kg: build a knowledge graph of ML research from paper abstracts.\n\n"
         "Example:\n\n  kg build examples/abstracts.txt -o out/\n\n  kg extract examples/abstracts.txt | head -1",
)
err = Console(stderr=True)

Inputs = Annotated[list[str], typer.Argument(metavar="INPUT...", help="Files, directories or globs: .txt abstract lists, .jsonl, .json, .csv, .tsv, .bib, arXiv Atom .xml; optionally .gz. - reads standard input.", show_default=False)]
Lexicon = Annotated[Optional[list[Path]], typer.Option("--lexicon", metavar="FILE", help="Extra lexicon TSV (type, name, aliases), e.g. ../shared/data/gazetteers/ml_entity_gazetteer.tsv. Repeatable.")]
Config = Annotated[Optional[Path], typer.Option("--config", metavar="FILE", help="A spaCy config for the pipeline (default: the packaged kg/extract/config.cfg).")]
Neo4jUri = Annotated[Optional[str], typer.Option("--uri", metavar="URI", help="Neo4j URI (default: $NEO4J_URI, else bolt://127.0.0.1:7687). The password is read from $NEO4J_PASSWORD only.")]
Neo4jUser = Annotated[Optional[str], typer.Option("--user", metavar="NAME", help="Neo4j user (default: $NEO4J_USERNAME, else neo4j).")]
Neo4jDb = Annotated[Optional[str], typer.Option("--database", metavar="NAME", help="Neo4j database (default: $NEO4J_DATABASE, else neo4j).")]
SkipBad = Annotated[bool, typer.Option("--skip-bad-records", help="Skip records that cannot be read (broken JSON lines, records without an abstract) and count them, instead of stopping.")]


Workers = Annotated[int, typer.Option("--workers", "-w", metavar="N", min=0, help="Extraction processes (default 0: one per core; never more than the cores; inputs under 500 abstracts use one).")]


def fail(exc: KGError) -> None:
    message = " ".join(part.strip() for part in str(exc).splitlines() if part.strip())  # always one line
    err.print(f"kg: error: {message}", markup=False, highlight=False, soft_wrap=True)
    raise typer.Exit(1)


def _plural(n: int, word: str) -> str:
    return f"{n:,} {word}" + ("" if n == 1 else "s")


def _describe(exc: BaseException) -> str:
    """One line for an exception no layer of kg turned into a `KGError`."""
    if isinstance(exc, OSError) and exc.strerror:
        return f"{exc.filename}: {exc.strerror}" if exc.filename else exc.strerror
    if isinstance(exc, RecursionError):
        return "an input is nested too deeply"
    text = " ".join(str(exc).split()) or type(exc).__name__
    return f"{text[:300]} ({type(exc).__name__})"


def guarded(command):
    """Every command's last line of defence: an exception a library raised on bad input (csv
    limits, RecursionError, ValueError, UnicodeError, OSError, EOFError, a driver error) becomes one
    line naming the command and what to check, exit 1; the command's outputs were not committed."""
    import functools

    @functools.wraps(command)
    def run(*args, **kwargs):
        try:
            return command(*args, **kwargs)
        except (typer.Exit, typer.Abort, click_errors.ClickException, KeyboardInterrupt):
            raise
        except KGError as exc:
            fail(exc)
        except BrokenPipeError:  # the reader of stdout stopped (`kg extract … | head`): nothing to say
            import os
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            raise typer.Exit(1) from None
        except MemoryError:
            fail(KGError(f"{command.__name__}: out of memory; split the input or lower KG_MAX_INPUT_BYTES"))
        except Exception as exc:  # noqa: BLE001 (the one catch-all; every known failure has its own message)
            name = command.__name__.rstrip("_").replace("evaluate", "eval")
            fail(KGError(f"{_describe(exc)}; check the inputs and options of `kg {name}` (kg {name} --help)"))
    return run


def _progress() -> Progress:
    return Progress(SpinnerColumn(), TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TimeElapsedColumn(), console=err, transient=True, disable=not err.is_terminal)


def version_callback(value: bool) -> None:
    if value:
        typer.echo(f"kg {__version__}")
        raise typer.Exit()


def _terminate(signum, frame):
    # SIGTERM takes the same path as Ctrl-C: temporaries are removed, committed outputs stay whole
    raise KeyboardInterrupt


def _interrupt_later(unraisable) -> None:
    """An interruption that lands where Python cannot raise it (a weakref callback, a finaliser) is
    not printed as "Exception ignored … Traceback" and lost. It is noted, so that no output is
    committed after it (the finaliser stopped half done), and Ctrl-C is raised again in the main
    thread, from another, once the hook has returned: it stops the command as any other does.
    (Raised inside the hook, Python would only drop it a second time.)"""
    if isinstance(unraisable.exc_value, KeyboardInterrupt):
        import _thread

        from .sinks.atomic import interruption_dropped
        interruption_dropped(unraisable.exc_value)
        # where SIGINT is ignored (nohup) this does nothing, and the commit is what refuses
        again = threading.Timer(0.01, _thread.interrupt_main)
        again.daemon = True
        with contextlib.suppress(RuntimeError):  # no new thread at interpreter shutdown: nothing is left to stop
            again.start()
        return
    sys.__unraisablehook__(unraisable)


def _quiet_signals() -> None:
    # the command is done and its outputs committed: a late signal just ends the process, instead of
    # raising inside the interpreter's shutdown (where Python prints "Exception ignored" tracebacks)
    import signal
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@app.callback()
def main(ctx: typer.Context,
         version: Annotated[bool, typer.Option("--version", callback=version_callback, is_eager=True, help="Print the version and exit.")] = False) -> None:
    import signal
    signal.signal(signal.SIGTERM, _terminate)
    sys.unraisablehook = _interrupt_later
    ctx.call_on_close(_quiet_signals)


@app.command(cls=_Command)
@guarded
def build(
    inputs: Inputs,
    out: Annotated[Path, typer.Option("-o", "--out", metavar="DIR", help="Output directory (never read as input).")] = Path("out"),
    formats: Annotated[list[str], typer.Option("--format", metavar="FORMAT", help="RDF formats to write: turtle, json-ld, nt. Repeatable.")] = ["turtle"],
    workers: Workers = 0,
    lexicon: Lexicon = None,
    config: Config = None,
    skip_bad_records: SkipBad = False,
    no_cache: Annotated[bool, typer.Option("--no-cache", help="Extract every abstract again instead of reusing DIR/.kg-cache.")] = False,
    engine: Annotated[str, typer.Option("--engine", metavar="ENGINE", help="local (processes on this machine) or ray (Ray tasks; RAY_ADDRESS names a cluster; pip install 'kg[ray]').")] = "local",
    explain: Annotated[Optional[str], typer.Option("--explain", metavar="NAME", help="Print the resolution log of NAME: the entity it resolves to, and which surface forms and acronyms it merged, by which rule.")] = None,
    neo4j: Annotated[bool, typer.Option("--neo4j", help="Also load the graph into Neo4j (connection from NEO4J_URI, NEO4J_USERNAME, NEO4J_PASSWORD, NEO4J_DATABASE).")] = False,
    uri: Neo4jUri = None,
    user: Neo4jUser = None,
    database: Neo4jDb = None,
) -> None:
    """Build the graph: read abstracts, extract, resolve, write graph.ttl, graph.json and extractions.jsonl.

    Example:

      kg build examples/abstracts.txt -o out/

      kg build papers.jsonl.gz --format turtle --format json-ld -o out/

      NEO4J_PASSWORD=... kg build examples/abstracts.txt -o out/ --neo4j
    """
    from .build import BuildOptions, build as run_build, default_workers
    from .sinks.rdf import FORMATS

    for f in formats:
        if f not in FORMATS:
            fail(KGError(f"unknown format '{f}'; use one of {', '.join(FORMATS)}"))
    if engine not in ("local", "ray"):
        fail(KGError(f"unknown engine '{engine}'; use local or ray"))
    driver = _driver(uri, user, database) if neo4j else None
    try:
        with _progress() as progress:
            task = progress.add_task("extracting", total=None)
            options = BuildOptions(formats=formats, workers=workers or default_workers(), config=config,
                                   lexicons=lexicon or (), engine=engine, skip_bad=skip_bad_records, cache=not no_cache,
                                   explain=explain, on_document=lambda n: progress.update(task, completed=n))
            stats = run_build(inputs, out, options)
    except KGError as exc:
        fail(exc)
    err.print(f"kg build: {_plural(stats.papers, 'paper')} in {stats.seconds:.1f} s → {out}", markup=False, highlight=False, soft_wrap=True)
    table = Table()
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
        err.print(f"skipped {_plural(len(stats.bad_records), 'bad record')} (first: {stats.bad_records[0]})", markup=False, highlight=False, soft_wrap=True)
    for warning in stats.warnings:
        err.print(f"kg: warning: {warning}", markup=False, highlight=False, soft_wrap=True)
    if stats.reused:
        err.print(f"reused {stats.reused} of {stats.papers} extractions from {out}/.kg-cache "
                  f"(extracted {stats.papers - stats.reused}); copied {stats.copied} of {stats.chunks} chunks of the graph"
                  + (f", {stats.patched} more but for {stats.rewritten} papers written again" if stats.patched else ""),
                  markup=False, highlight=False, soft_wrap=True)
    if explain is not None:
        _print_explained(explain, stats.explained)
    if driver is not None:
        _load(driver, _graph_json(out), database)


def _print_explained(name: str, merges) -> None:
    """The resolution log of `kg build --explain NAME`, on stdout: per entity, each surface form and
    acronym it merged, how often it was written so, and by which rule."""
    if not merges:
        typer.echo(f"{name!r}: no entity of this build has this name")
        return
    entity = None
    for m in merges:
        if m.entity != entity:
            entity = m.entity
            typer.echo(f"{m.entity} ({m.label}) named {m.name!r}")
        steps = "; ".join(f"{s.rule} {s.source!r} → {s.target!r} ({s.votes} of {s.total} "
                          f"{'papers' if s.rule in ('label vote', 'lexicon label') else 'definitions'})" for s in m.steps)
        why = {"name": "the name (its most frequent form; a method's singular)",
               "same key": f"same key {m.key!r} (differs in case, plural, spacing or hyphens)",
               "acronym": "an acronym its papers define for this entity (its letters fit)",
               "definition": steps,
               "undecided": f"stays its own node, no sense is dominant: {steps}",
               "label vote": f"named under another label, the vote gives this one: {steps}",
               "casing": f"stays its own node, its casing is not its sense's: {steps}"}.get(m.rule, m.rule)
        count = f"×{m.count}" if m.count else "asked"
        typer.echo(f"  {m.form!r} {count}: {why}")


def _driver(uri, user, database):
    from .settings import Neo4jSettings
    from .sinks.neo4j import connect
    try:
        return connect(Neo4jSettings.from_env(uri, user, database))
    except KGError as exc:
        fail(exc)


def _load(driver, graph_json: Path, database) -> None:
    from .settings import Neo4jSettings
    from .sinks.files import GraphFile
    from .sinks.neo4j import load_graph_file
    db = Neo4jSettings.from_env(database=database).database
    try:
        with driver, _progress() as progress:
            task = progress.add_task("loading into Neo4j", total=GraphFile(graph_json).size())
            stats = load_graph_file(driver, graph_json, db, progress=lambda n: progress.update(task, completed=n))
    except KGError as exc:
        fail(exc)
    err.print(f"kg: loaded {stats.nodes} nodes and {stats.relationships} relationships into Neo4j "
              f"(database {db}, {stats.batches} batches)", markup=False, highlight=False, soft_wrap=True)


@app.command(cls=_Command)
@guarded
def load(
    directory: Annotated[Path, typer.Argument(metavar="DIR", help="A directory written by `kg build` (its graph.json is loaded).", show_default=False)],
    uri: Neo4jUri = None,
    user: Neo4jUser = None,
    database: Neo4jDb = None,
) -> None:
    """Load a built graph into Neo4j: constraints, then nodes and relationships in batches. Idempotent.

    Example:

      eval "$(scripts/neo4j start)"; kg load out/
    """
    path = _graph_json(directory)
    _load(_driver(uri, user, database), path, database)


def _graph_json(directory: Path) -> Path:
    """The graph.json a `kg build -o DIR` wrote, or the one line saying how to get it."""
    path = directory / "graph.json"
    if not path.is_file():
        fail(KGError(f"{path}: not found; run `kg build INPUT -o {directory}` first"))
    return path


@app.command(cls=_Command)
@guarded
def remove(
    source: Annotated[str, typer.Argument(metavar="SOURCE", help="The source (input file base name) whose papers to delete.", show_default=False)],
    uri: Neo4jUri = None,
    user: Neo4jUser = None,
    database: Neo4jDb = None,
) -> None:
    """Delete from Neo4j the papers of one source and every node and relationship only they supported.

    Example:

      kg remove abstracts.txt
    """
    from .settings import Neo4jSettings
    from .sinks.neo4j import remove_source
    db = Neo4jSettings.from_env(database=database).database
    with _driver(uri, user, database) as driver:
        result = remove_source(driver, source, db)
    if result["papers"] == 0:
        fail(KGError(f"no papers with source {source!r} in Neo4j; sources are input file base names, e.g. abstracts.txt"))
    err.print(f"kg: removed {result['papers']} papers of {source} and {result['orphans']} nodes only they supported", markup=False, highlight=False, soft_wrap=True)


@app.command(cls=_Command)
@guarded
def extract(
    inputs: Inputs,
    output: Annotated[Optional[Path], typer.Option("-o", "--output", metavar="FILE", help="Write the records here instead of stdout (- is stdout). A FIFO or device is written through.")] = None,
    workers: Workers = 0,
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
    from .extract import PipelineSpec
    from .records import extraction_record
    from .sinks.files import write_extractions

    from .sources import BadRecords

    bad = BadRecords(skip_bad_records)
    try:
        records = extract_documents(read_inputs(inputs, bad), workers or default_workers(), PipelineSpec(config, lexicon or ()))
        if output is not None and str(output) != "-":
            n = write_extractions(records, output)
            err.print(f"kg extract: {_plural(n, 'record')} → {output}", markup=False, highlight=False, soft_wrap=True)
        else:
            # stdout streams; a failure part-way still exits 1 with the error line
            for ext in records:
                sys.stdout.write(json.dumps(extraction_record(ext), ensure_ascii=False) + "\n")
    except KGError as exc:
        fail(exc)
    if bad.found:
        err.print(f"skipped {_plural(len(bad.found), 'bad record')} (first: {bad.found[0]})", markup=False, highlight=False, soft_wrap=True)


@app.command("eval", cls=_Command)
@guarded
def evaluate(
    gold: Annotated[Path, typer.Argument(metavar="GOLD", help="Gold JSONL (the format of GUIDELINES.md).", show_default=False)],
    inputs: Inputs,
    errors: Annotated[bool, typer.Option("--errors", help="List false positives and misses per paper and field, with the sentence.")] = False,
    by_confidence: Annotated[bool, typer.Option("--by-confidence", help="Also score the entities with the names under a confidence bar left out, for bars from 0.3 to 0.9.")] = False,
    minimum: Annotated[Optional[list[str]], typer.Option("--min", metavar="FIELD=F1", help="FIELD=F1: exit 1 when a field scores below it. Repeatable.")] = None,
    lexicon: Lexicon = None,
    config: Config = None,
) -> None:
    """Extract INPUT and print precision, recall and F1 per field against GOLD.

    Example:

      kg eval ../shared/gold/seeds.jsonl ../shared/corpus/*.txt --min proposed=0.8

      kg eval ../shared/gold/dev.jsonl ../shared/gold/dev_abstracts.jsonl --by-confidence
    """
    from .build import extract_documents, read_inputs
    from .extract import PipelineSpec
    from .evaluate import by_confidence as scored_by_confidence
    from .evaluate import compare, format_bars, format_report, load_gold, record_key
    from .records import extraction_record

    bounds = []
    for bound in minimum or []:
        fld, _, value = bound.partition("=")
        try:
            f1 = float(value)
        except ValueError:
            f1 = math.nan
        if not 0 <= f1 <= 1:
            fail(KGError(f"--min {bound!r}: give FIELD=F1 with F1 a number from 0 to 1, e.g. proposed=0.8"))
        bounds.append((fld, f1, value))
    try:
        gold_records = load_gold(gold)
        exts = list(extract_documents(read_inputs(inputs), 1, PipelineSpec(config, lexicon or ())))
    except KGError as exc:
        fail(exc)
    system = {record_key(r): r for r in map(extraction_record, exts)}
    report, errs = compare(gold_records, system)
    missing = sum(1 for k in gold_records if k not in system)
    typer.echo(format_report(report, len(gold_records), missing))
    if by_confidence:
        typer.echo("\n" + format_bars(scored_by_confidence(gold_records, system)))
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
    for fld, f1, value in bounds:
        if fld not in report:
            fail(KGError(f"unknown field '{fld}' in --min; use one of {', '.join(report)}"))
        if report[fld]["f1"] < f1:
            failed.append(f"{fld} F1 {report[fld]['f1']} < {value}")
    if failed:
        typer.echo("below bound: " + "; ".join(failed))
        raise typer.Exit(1)


@app.command(cls=_Command)
@guarded
def query(
    name: Annotated[Optional[str], typer.Argument(help="The query to run (see --list).", show_default=False)] = None,
    param: Annotated[Optional[list[str]], typer.Option("--param", "-p", help="k=v: a parameter value; a name matches case-insensitively and through aliases. Left out: the header's default, or for a name the graph's first candidate (said on stderr). Repeatable.")] = None,
    fmt: Annotated[str, typer.Option("--format", "-f", help="table, json or csv.")] = "table",
    db: Annotated[Optional[Path], typer.Option("--db", help="A `kg build` output directory to query without a server. Wins over NEO4J_URI; --uri wins over both. With neither, NEO4J_URI if set, else ./out/.")] = None,
    list_: Annotated[bool, typer.Option("--list", help="List the queries and the questions they answer.")] = False,
    uri: Neo4jUri = None,
    user: Neo4jUser = None,
    database: Neo4jDb = None,
) -> None:
    """Run a prewritten query (cypher/NAME.cypher) against Neo4j, or without a server against `kg build` output.

    Which graph answers: --uri if given; else --db DIR if given; else Neo4j at NEO4J_URI if set; else
    ./out/. The backend that answered is said on stderr.

    Example:

      kg query --list

      kg query top_speedups --param limit=5 --db out/

      kg query claims_over_baseline -p baseline=Fast-dLLM --format json
    """
    from .queries import EmbeddedStore, get_query, list_queries, run_neo4j
    from .settings import Neo4jSettings

    try:
        if list_ or name is None:
            for q in list_queries().values():
                params = ", ".join(f"{k}={json.dumps(v) if not isinstance(v, dict) else 'from ' + v['from']}"
                                   for k, v in q.params.items())
                typer.echo(f"{q.name:26} {q.question}" + (f"  [{params}]" if params else ""))
            return
        if fmt not in ("table", "json", "csv"):
            raise KGError(f"unknown format '{fmt}'; use table, json or csv")
        q = get_query(name)
        given = {}
        for item in param or []:
            k, sep, v = item.partition("=")
            if not sep:
                raise KGError(f"--param takes k=v, not {item!r}")
            given[k] = v
        notes: list[str] = []  # said once the answer is there: a failure stays one line
        q.check(given)  # unknown parameters fail before connecting
        with contextlib.ExitStack() as stack:
            if Neo4jSettings.configured() and db is None or uri:
                settings = Neo4jSettings.from_env(uri, user, database)
                driver = stack.enter_context(_driver(uri, user, database))
                run = lambda query, params: run_neo4j(driver, query, params, settings.database)  # noqa: E731
                notes.append(f"kg query: answered by Neo4j at {settings.uri} (database {settings.database})")
            else:
                run = EmbeddedStore(db or Path("out")).run
                notes.append(f"kg query: answered from {db or Path('out')}/ (no server)")
            bound = q.bind(given, run)
            for k in q.graph_params:
                if k not in given:
                    notes.append(f"kg query: {k} = {bound[k]!r}, taken from the graph (`kg query {q.params[k]['from']}`; "
                                 f"choose with -p {k}=NAME)")
            rows = run(q, bound)
            if not rows and any(k in given for k in q.graph_params):
                for k in (k for k in q.graph_params if k in given):
                    names = ", ".join(map(str, q.candidates(k, given, run)))
                    notes.append(f"kg query: no rows for {k} = {given[k]!r}; the graph's first candidates: {names}")
    except KGError as exc:
        fail(exc)
    for note in notes:
        typer.echo(note, err=True)
    _print_rows(rows, fmt)


def _print_rows(rows: list[dict], fmt: str) -> None:
    import csv
    if fmt == "json":
        typer.echo(json.dumps(rows, ensure_ascii=False, indent=1, default=str, allow_nan=False))
        return
    columns = list(rows[0]) if rows else []
    if fmt == "csv":
        writer = csv.writer(sys.stdout)
        writer.writerow(columns)
        for r in rows:
            writer.writerow(["" if r[c] is None else r[c] for c in columns])
        return
    table = Table(show_lines=False)
    for c in columns:
        table.add_column(c, overflow="fold")
    for r in rows:
        table.add_row(*("" if r[c] is None else str(r[c]) for c in columns))
    Console().print(table)
    err.print(f"{len(rows)} rows", markup=False, highlight=False, soft_wrap=True)


@app.command(cls=_Command)
@guarded
def guide(
    out: Annotated[Path, typer.Option("-o", "--out", help="Where to write kg-guide.html and kg.grass.")] = Path("out/browser"),
    port: Annotated[int, typer.Option("--port", help="Port to serve them on (localhost; 0 picks a free one).")] = 8001,
    db: Annotated[Optional[Path], typer.Option("--db", help="A `kg build` output directory whose names become the guide's parameter values (default: the header examples).")] = None,
    no_serve: Annotated[bool, typer.Option("--no-serve", help="Only write the files.")] = False,
) -> None:
    """Write the query pack as a Neo4j Browser guide (and the graph style), and serve exactly these two files on localhost.

    Then, in Neo4j Browser (http://localhost:7474):  :guide http://localhost:8001/kg-guide.html

    Example:

      kg guide --port 8001 --db out/
    """
    from .guide import GUIDE_NAME, STYLE_NAME, serve, write_guide
    from .queries import EmbeddedStore
    try:
        run = EmbeddedStore(db).run if db is not None else None
        if no_serve:
            paths = write_guide(out, port, run)
            err.print(f"kg: wrote {', '.join(str(p) for p in paths)}", markup=False)
            return
        try:
            server = serve(port, background=True, run=run)
        except (OSError, OverflowError) as exc:
            reason = getattr(exc, "strerror", None) or "a port is 0 to 65535"
            raise KGError(f"cannot serve on port {port} ({reason}); choose another with --port") from None
        bound = server.server_address[1]
        try:
            write_guide(out, bound, run)
        except OSError as exc:
            server.shutdown()
            raise KGError(f"{out}: cannot write the guide there ({exc.strerror}); choose another with -o") from None
    except KGError as exc:
        fail(exc)
    typer.echo(f"kg: wrote {out / GUIDE_NAME}, {out / STYLE_NAME}; serving them on http://localhost:{bound}/ (Ctrl-C to stop)\n"
               f"in Neo4j Browser run:  :guide http://localhost:{bound}/{GUIDE_NAME}", err=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        server.shutdown()


@app.command(cls=_Command)
@guarded
def export(
    directory: Annotated[Path, typer.Argument(metavar="DIR", help="A directory written by `kg build` (its graph.json is exported).", show_default=False)],
    fmt: Annotated[str, typer.Option("--format", metavar="FORMAT", help="neo4j-import: CSV files for `neo4j-admin database import full`.")] = "neo4j-import",
    out: Annotated[Optional[Path], typer.Option("-o", "--out", metavar="DIR", help="Where to write them (default: DIR/neo4j-import).")] = None,
    database: Neo4jDb = None,
) -> None:
    """Export a built graph for Neo4j's bulk importer (a stopped database, much faster than loading).

    Example:

      kg export out/ --format neo4j-import

      cd out/neo4j-import && neo4j-admin database import full neo4j --nodes=nodes_Paper.csv …   (the full command is printed)
    """
    from .settings import Neo4jSettings
    from .sinks.neo4j_import import shell_command, write_import_csv
    if fmt != "neo4j-import":
        fail(KGError(f"unknown export format '{fmt}'; use neo4j-import"))
    from .sinks.files import GraphFile
    graph = GraphFile(_graph_json(directory))
    target = out or directory / "neo4j-import"
    try:
        files = write_import_csv(graph, target, Neo4jSettings.from_env(database=database).database)
    except OSError as exc:
        fail(KGError(f"{target}: cannot write the CSV files ({exc.strerror})"))
    err.print(f"kg: wrote {len(files)} CSV files to {target}; import them into a stopped database with:", markup=False, highlight=False, soft_wrap=True)
    typer.echo(f"cd {shlex_quote(str(target))} && {shell_command(files, Neo4jSettings.from_env(database=database).database)}")
    err.print(f"(or, with the local server of this repository: scripts/neo4j import {target})", markup=False, highlight=False, soft_wrap=True)


def shlex_quote(s: str) -> str:
    import shlex
    return shlex.quote(s)
