"""Queries in Neo4j Browser: an HTML Browser guide made from the query pack, and the graph style.

Neo4j Browser plays HTML guides (`<slide>` elements) from hosts on its allow-list, which is
`guides.neo4j.com,localhost` by default, fetched with CORS. `kg guide` writes the guide and
`kg.grass` and serves exactly these two files on localhost, so in Browser one command,
`:guide http://localhost:8001/kg-guide.html`, brings the whole pack as runnable blocks in the
sidebar (it stays there while queries run; `:play` shows the same guide in a frame).

The guide opens on an index slide that links every query by its question. Each query's slide
explains its columns and shows an example answer (the query header's example, from the seeds
graph). Parameters are written into the query as values, so no `:params` frame is needed: the
values are the graph's own defaults when the guide is made with a graph at hand, else the values
of the header's example. Every link uses the address the guide is served on.
"""
from __future__ import annotations

import html
import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

from .queries import Query, data_dir, list_queries
from .sinks.atomic import atomic_write

GUIDE_NAME = "kg-guide.html"
LOG_REQUESTS = False
STYLE_NAME = "kg.grass"
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")

#: The order of the slides: first the shape of the graph, then its top lists, then the questions.
ORDER = ["graph_overview", "top_methods", "top_datasets", "top_metrics", "top_baselines", "top_speedups",
         "top_leaderboards", "leaderboard", "claims_over_baseline", "claims_without_baseline", "method_profile",
         "methods_on_dataset", "methods_sharing_datasets", "path_between_methods", "edge_evidence",
         "papers_with_code", "metrics_per_task", "techniques_by_venue_year", "conflicting_results"]

#: What a column means, for columns of the same name across queries (a header's `@column` wins).
COLUMNS = {
    "paper": "the paper: its title, or the first words of its abstract when it has none",
    "paper_id": "the paper's id in the graph (to look it up: MATCH (p:Paper {id: …}))",
    "example_paper": "one paper of the row (its title or first words)",
    "example_paper_id": "that paper's id in the graph",
    "paper_a": "the first paper (title or first words)", "paper_b": "the second paper",
    "paper_a_id": "the first paper's id", "paper_b_id": "the second paper's id",
    "evidence": "the sentence of the abstract that says it, as plain text (LaTeX and Markdown rendered)",
    "evidence_a": "the sentence of the first paper", "evidence_b": "the sentence of the second paper",
    "factor": "the claim as a multiplicative factor (4.5× → 4.5; “reduces X by 40%” → 1.67)",
    "claim": "the words of the claim", "kind": "speedup, reduction, …: how the claim is phrased",
    "quantity": "what was measured (wall-clock time, GD steps, …)", "method": "a method, by its name",
    "baseline": "the method the claim compares with (or a generic baseline, as written)",
    "generic_baseline": "a baseline that names no method (“vanilla dLLMs”), as written",
    "dataset": "a dataset or benchmark, by its name", "metric": "an evaluation metric, by its name",
    "task": "a task, by its name", "technique": "a technique, by its name", "venue": "the venue",
    "year": "the year", "value": "the reported value", "value_a": "the first paper's value",
    "value_b": "the second paper's value", "papers": "how many papers", "claims": "how many claims",
    "results": "how many reported results", "best_value": "the highest value reported",
    "example_claim": "one claim of the row", "example_dataset": "one shared dataset",
    "shared_datasets": "how many datasets both are evaluated on",
    "connections": "how many relationships the method has in the graph",
    "relation": "PROPOSES or USES", "relationship": "the relationship type", "rule": "the rule that found it",
    "direction": "out: from the named node; in: towards it", "start": "where the evidence begins (a character offset in the abstract as written, or in the title where part says so)",
    "part": "the part of the paper the evidence is from: abstract, or title",
    "end": "where it ends", "node": "the node asked about", "other": "the node at the other end (name, title or claim)",
    "other_id": "its id in the graph", "fact": "how the item relates to the method (PROPOSES, USES, EVALUATED_ON, CLAIM_ABOUT, …)",
    "item": "the paper, dataset, metric, code or claim", "code": "the repository, as owner/repo", "url": "the repository's address",
    "proposed": "what the paper proposes", "name": "a label or relationship type", "count": "how many",
    "from": "the first method", "to": "the second method", "hops": "the length of the shortest paths",
    "shortest_paths": "how many shortest paths there are",
    "example_path": "one of them: names, and relationship types with their direction (-TYPE-> or <-TYPE-)",
    "confidence": "the mention typer's probability that the words name an entity of this kind (empty where it never read them)",
    "entity": "an entity of the label asked for, by its name",
    "sure_papers": "how many papers name it with a confidence at or above the bar",
    "best_confidence": "the highest confidence of its mentions: how sure the typer is of its surest one",
}


def cypher_literal(value) -> str:
    """A value as Cypher text.

    >>> cypher_literal("it's"), cypher_literal(10)
    ("'it\\\\'s'", '10')
    """
    if isinstance(value, str):
        return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'"
    return json.dumps(value)


def inline(q: Query, values: dict) -> str:
    """The query with its parameters written in as values (Browser then needs no `:params`)."""
    text = q.cypher
    for key, value in values.items():
        if isinstance(value, int):
            text = text.replace(f"toInteger(${key})", str(value))
        text = re.sub(rf"\${key}\b", lambda _m, v=value: cypher_literal(v), text)
    return text


def guide_values(q: Query, run=None) -> dict:
    """The values a slide writes into its query: the graph's defaults (with `run`), else the header's."""
    if run is not None:
        try:
            return q.bind({}, run)
        except Exception:  # noqa: BLE001 -- a graph without candidates falls back to the header's values
            pass
    return {k: (v.get("example") if isinstance(v, dict) else v) for k, v in q.params.items()}


def example_table(q: Query) -> str:
    """The header's example (`a | b` lines) as an HTML table."""
    rows = [[c.strip() for c in line.strip().split(" | ")] for line in q.example if line.strip()]
    if not rows:
        return ""
    pad = ' style="padding: 2px 8px 2px 0; vertical-align: top"'
    head = "".join(f"<th{pad}>{html.escape(c)}</th>" for c in rows[0])
    body = "".join("<tr>" + "".join(f"<td{pad}>{html.escape(c)}</td>" for c in r) + "</tr>" for r in rows[1:])
    return f'<table class="table table-condensed"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def columns_of(q: Query) -> list[str]:
    rows = [line.strip() for line in q.example if line.strip()]
    return [c.strip() for c in rows[0].split(" | ")] if rows else []


def ordered(queries: dict[str, Query]) -> list[Query]:
    rank = {n: i for i, n in enumerate(ORDER)}
    return sorted(queries.values(), key=lambda q: (rank.get(q.name, len(ORDER)), q.name))


def guide_html(base: str = "http://localhost:8001", run=None) -> str:
    """The guide served at `base` (e.g. http://localhost:8001): an index slide, then one slide per query."""
    queries = ordered(list_queries())
    url = f"{base}/{GUIDE_NAME}"
    number = {q.name: i + 1 for i, q in enumerate(queries)}

    def link(slide: int, text: str) -> str:
        return f'<a exec-topic="guide {html.escape(url)}#slide-{slide}">{html.escape(text)}</a>'

    items = "\n".join(f"<li>{link(number[q.name], q.question)}</li>" for q in queries)
    slides = [f"""<slide class="row-fluid">
  <div class="col-sm-12">
  <h3>kg: questions to ask the ML research graph</h3>
  <p class="lead">Each slide is one prewritten query of <code>kg query</code>. Click a block to put it in the editor
  (or its ▶ to run it); the parameters are already written in. Results name papers by their title (or first words),
  with the ids in the last column.</p>
  <p>Graph style (colours and captions): <pre class="pre-scrollable code runnable">:style {html.escape(base)}/{STYLE_NAME}</pre></p>
  <ol>
{items}
  </ol>
  </div>
</slide>"""]
    for q in queries:
        values = guide_values(q, run)
        params = ""
        if values:
            shown = ", ".join(f"<code>{html.escape(k)}</code> = <code>{html.escape(cypher_literal(v))}</code>"
                              + (f" (from {link(number[q.params[k]['from']], q.params[k]['from'])})"
                                 if isinstance(q.params[k], dict) and q.params[k]["from"] in number else "")
                              for k, v in values.items())
            params = f"<p>Written in: {shown}. Change a value in the editor to ask about another.</p>"
        cols = "".join(f"<dt><code>{html.escape(c)}</code></dt><dd>{html.escape(q.columns.get(c) or COLUMNS.get(c, ''))}</dd>"
                       for c in columns_of(q))
        i = number[q.name]
        nav = [link(0, "↑ index")]
        if i < len(queries):
            nav.append(link(i + 1, f"next: {queries[i].name} →"))
        slides.append(f"""<slide class="row-fluid">
  <div class="col-sm-12">
  <h3>{i}. {html.escape(q.question)}</h3>
  <p><code>{html.escape(q.name)}</code> · <code>kg query {html.escape(q.name)}</code> answers the same without Browser.</p>
  {params}
  <pre class="pre-scrollable code runnable">{html.escape(inline(q, values))}</pre>
  <h4>Columns</h4>
  <dl class="dl-horizontal">{cols}</dl>
  <h4>Example answer (seeds graph)</h4>
  {example_table(q)}
  <p>{" · ".join(nav)}</p>
  </div>
</slide>""")
    return ('<title>kg query pack</title>\n<article class="guide">\n<carousel class="deck container-fluid">\n'
            + "\n".join(slides) + "\n</carousel>\n</article>\n")


def style_text() -> str:
    return (data_dir("cypher") / STYLE_NAME).read_text(encoding="utf-8")


def write_guide(directory: str | Path, port: int = 8001, run=None) -> list[Path]:
    out = Path(directory)
    with atomic_write(out / GUIDE_NAME) as fh:
        fh.write(guide_html(f"http://localhost:{port}", run))
    with atomic_write(out / STYLE_NAME) as fh:
        fh.write(style_text())
    return [out / GUIDE_NAME, out / STYLE_NAME]


def _loopback_host(value: str | None) -> str | None:
    """The host name of a `Host` header or an origin's netloc, if it is a loopback name."""
    if not value:
        return None
    try:
        name = urlsplit("//" + value).hostname
    except ValueError:
        return None
    return name if name in LOOPBACK_NAMES else None


class GuideHandler(BaseHTTPRequestHandler):
    """Serves exactly the guide and the style, from memory: no listing, no other file, loopback
    `Host` only (against DNS rebinding), CORS for loopback origins only (Browser's), never `*`."""

    files: dict[str, tuple[bytes, str]] = {}
    server_version = "kg-guide"
    sys_version = ""

    def _origin(self) -> str | None:
        origin = self.headers.get("Origin")
        if not origin:
            return None
        parts = urlsplit(origin)
        return origin if parts.scheme in ("http", "https") and _loopback_host(parts.netloc) else None

    def _refuse(self, code: int, message: str) -> None:
        body = (message + "\n").encode()
        self.send_response(code)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _headers(self) -> None:
        origin = self._origin()
        if origin:
            self.send_header("Access-Control-Allow-Origin", origin)
            self.send_header("Access-Control-Allow-Methods", "GET, OPTIONS")
            # Browser sends cache-control and pragma, and sometimes tracing headers: any request header
            # may come (none carries data to this server); only the origin is restricted
            asked = re.sub(r"[^A-Za-z0-9, -]", "", self.headers.get("Access-Control-Request-Headers", ""))
            self.send_header("Access-Control-Allow-Headers", asked or "cache-control, pragma")
        self.send_header("Vary", "Origin")
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")

    def _checked(self) -> tuple[bytes, str] | None:
        if _loopback_host(self.headers.get("Host")) is None:
            self._refuse(421, "kg guide answers requests for localhost only")
            return None
        found = self.files.get(urlsplit(self.path).path)
        if found is None:
            self._refuse(404, f"kg guide serves /{GUIDE_NAME} and /{STYLE_NAME} only")
        return found

    def do_GET(self) -> None:
        found = self._checked()
        if found is None:
            return
        body, ctype = found
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self._headers()
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    do_HEAD = do_GET

    def do_OPTIONS(self) -> None:  # CORS preflight (Browser sends cache-control and pragma headers)
        if self._checked() is None:
            return
        self.send_response(204)
        self._headers()
        self.end_headers()

    def log_message(self, fmt, *args) -> None:
        if LOG_REQUESTS:
            super().log_message(fmt, *args)


def serve(port: int = 8001, background: bool = False, run=None) -> ThreadingHTTPServer:
    """Serve the guide and the style on 127.0.0.1:`port` (0: any free port; `server.server_address`
    says which). Links in the guide use the port really bound."""
    server = ThreadingHTTPServer(("127.0.0.1", port), GuideHandler)
    bound = server.server_address[1]
    files = {f"/{GUIDE_NAME}": (guide_html(f"http://localhost:{bound}", run).encode(), "text/html; charset=utf-8"),
             f"/{STYLE_NAME}": (style_text().encode(), "text/plain; charset=utf-8")}
    server.RequestHandlerClass = type("BoundGuideHandler", (GuideHandler,), {"files": files})
    if background:
        threading.Thread(target=server.serve_forever, daemon=True).start()
    else:
        server.serve_forever()
    return server
