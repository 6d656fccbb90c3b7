"""Queries in Neo4j Browser: an HTML Browser guide made from the query pack, and the graph style.

Neo4j Browser plays HTML guides (`<article class="guide">` with slides) from hosts on its
allow-list, which is `guides.neo4j.com,localhost` by default, fetched with CORS. `kg guide`
writes the guide and `kg.grass` and serves both on localhost, so in Browser one command,
`:play http://localhost:8001/kg-guide.html`, brings the whole pack as runnable blocks.
"""
from __future__ import annotations

import html
import json
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from .queries import data_dir, list_queries
from .sinks.atomic import atomic_write

GUIDE_NAME = "kg-guide.html"
LOG_REQUESTS = False
STYLE_NAME = "kg.grass"


def guide_html() -> str:
    """One slide per query: the question, a `:params` block with the defaults, the query."""
    slides = ["""<slide class="row-fluid">
  <div class="col-sm-3"><h3>kg query pack</h3><p class="lead">Questions to ask the ML research graph built by <code>kg build</code>.</p></div>
  <div class="col-sm-9"><p>Each slide is one prewritten query from <code>cypher/</code>. Click a block to put it in the editor,
  then run it. Set the parameters first with the <code>:params</code> block. Every row that states a fact carries its
  evidence sentence or its paper.</p>
  <p>Graph style: <pre class="pre-scrollable code runnable">:style http://localhost:8001/kg.grass</pre></p></div>
</slide>"""]
    for q in list_queries().values():
        params = ""
        if q.params:
            body = ", ".join(f"{k}: {json.dumps(v)}" for k, v in q.params.items())
            params = f'<pre class="pre-scrollable code runnable">:params {{{html.escape(body)}}}</pre>'
        slides.append(f"""<slide class="row-fluid">
  <div class="col-sm-3"><h3>{html.escape(q.name)}</h3><p class="lead">{html.escape(q.question)}</p></div>
  <div class="col-sm-9">{params}
  <pre class="pre-scrollable code runnable">{html.escape(q.cypher)}</pre></div>
</slide>""")
    return ('<article class="guide" ng-controller="AppCtrl">\n<carousel class="deck container-fluid">\n'
            + "\n".join(slides) + "\n</carousel>\n</article>\n")


def write_guide(directory: str | Path) -> list[Path]:
    out = Path(directory)
    with atomic_write(out / GUIDE_NAME) as fh:
        fh.write(guide_html())
    with atomic_write(out / STYLE_NAME) as fh:
        fh.write((data_dir("cypher") / STYLE_NAME).read_text(encoding="utf-8"))
    return [out / GUIDE_NAME, out / STYLE_NAME]


class _CORSHandler(SimpleHTTPRequestHandler):
    def end_headers(self) -> None:
        self.send_header("Access-Control-Allow-Origin", "*")
        self.send_header("Access-Control-Allow-Headers", "*")
        self.send_header("Access-Control-Allow-Methods", "GET, OPTIONS")
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def do_OPTIONS(self) -> None:  # CORS preflight
        self.send_response(204)
        self.end_headers()

    def log_message(self, fmt, *args) -> None:
        if LOG_REQUESTS:
            super().log_message(fmt, *args)


def serve(directory: str | Path, port: int = 8001, background: bool = False) -> ThreadingHTTPServer:
    """Serve `directory` on localhost with CORS (Browser fetches guides cross-origin)."""
    server = ThreadingHTTPServer(("127.0.0.1", port), partial(_CORSHandler, directory=str(directory)))
    if background:
        threading.Thread(target=server.serve_forever, daemon=True).start()
    else:
        server.serve_forever()
    return server
