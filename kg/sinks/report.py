"""Sink: report.html, one self-contained page that shows the shape of a built graph at a glance.

It reads graph.json as a stream (one node or edge per line, as `kg build` writes it; memory holds
counters and a few names, not the graph) and writes one HTML file with everything inline: the data,
the styles and Chart.js (vendored, MIT: vendor/). It opens from disk and makes no request. Every
number comes with the query that reproduces it, in Cypher and, where the query pack has one, as a
`kg query` command; the page holds nothing that changes between two builds of the same input.
"""
from __future__ import annotations

import heapq
import html
import json
from collections import Counter, defaultdict
from pathlib import Path

from .atomic import atomic_write
from .files import GraphFile

VENDOR = Path(__file__).parent / "vendor"
TOP = 20
TOP_CLAIMS = 15
#: upper bounds of the speed-up factor bins (the last is open)
BINS = [1.25, 1.5, 2, 3, 5, 10, 100]
BIN_LABELS = ["<1.25×", "1.25–1.5×", "1.5–2×", "2–3×", "3–5×", "5–10×", "10–100×", "≥100×"]
#: (title, relationship types from a paper, label of the target, the query pack's twin or None)
TOPS = [
    ("datasets", ("EVALUATED_ON",), "Dataset", "top_datasets"),
    ("methods", ("PROPOSES", "USES", "COMPARES_WITH"), "Method", None),
    ("metrics", ("MEASURED_BY",), "Metric", "top_metrics"),
    ("tasks", ("ADDRESSES",), "Task", None),
]
_KIND_OF_TYPE = {t: title for title, types, _, _ in TOPS for t in types}
_NAMED = {"Method", "Dataset", "Metric", "Task"}


def _field(line: str, key: str) -> str | None:
    """The string value of `key` in one graph.json line without parsing it (keys are unique and every
    quote inside a value is escaped, so `"key": "` occurs once)."""
    i = line.find(f'"{key}": "')
    if i < 0:
        return None
    i += len(key) + 5
    return line[i:line.index('"', i)]


class Summary:
    """What the page shows, gathered in one pass over graph.json."""

    def __init__(self):
        self.nodes: Counter = Counter()
        self.rels: Counter = Counter()
        self.papers_of = {title: Counter() for title, *_ in TOPS}  # entity id -> distinct papers
        self.names: dict[str, str] = {}
        self.over: dict[str, str] = {}    # speedup id -> baseline method id
        self.about: dict[str, str] = {}   # speedup id -> method id
        self.claiming: set[str] = set()   # papers with a speed-up claim (their titles are kept)
        self.titles: dict[str, str] = {}
        self.bins: dict[str, list[int]] = defaultdict(lambda: [0] * len(BIN_LABELS))
        self.no_factor = 0
        self.top_claims: list = []        # heap of (factor, id, node)
        self.result_of: dict[str, list] = defaultdict(lambda: [None, None])  # result id -> [dataset id, metric id]
        self.pairs: dict[tuple, list] = {}  # (dataset id, metric id) -> [results, min, max]
        self.venue_year: Counter = Counter()

    # -- edges --------------------------------------------------------------------------------
    def read_edges(self, lines) -> None:
        current, seen, done, again = None, set(), set(), set()
        for line in lines:
            rel, source, target = _field(line, "type"), _field(line, "source"), _field(line, "target")
            self.rels[rel] += 1
            if source != current:
                done.add(current)
                current, seen = source, set()
            title = _KIND_OF_TYPE.get(rel)
            if title and (title != "methods" or target.startswith("method:")):
                key = (title, target)
                if source in done:  # a paper whose edges are not contiguous: count each pair once all the same
                    key = (source, title, target)
                    if key in again:
                        continue
                    again.add(key)
                elif key in seen:
                    continue
                seen.add(key)
                self.papers_of[title][target] += 1
            elif rel == "OVER":
                self.over[source] = target
            elif rel == "ABOUT":
                self.about[source] = target
            elif rel == "CLAIMS":
                self.claiming.add(source)
            elif rel == "ON_DATASET":
                self.result_of[source][0] = target
            elif rel == "OF_METRIC":
                self.result_of[source][1] = target

    # -- nodes --------------------------------------------------------------------------------
    def read_nodes(self, lines) -> None:
        for line in lines:
            label = _field(line, "label")
            self.nodes[label] += 1
            if label in _NAMED:
                self.names[_field(line, "id")] = json.loads(line)["name"]
            elif label == "Paper":
                node = json.loads(line)
                self.venue_year[(node.get("venue") or "(none)", node.get("year"))] += 1
                if node["id"] in self.claiming:
                    self.titles[node["id"]] = node.get("title") or _first_words(node.get("abstract") or "")
            elif label == "Speedup":
                self._speedup(json.loads(line))
            elif label == "Result":
                node = json.loads(line)
                ds, met = self.result_of.pop(node["id"], (None, None))
                if ds and met and isinstance(node.get("value"), (int, float)):
                    entry = self.pairs.setdefault((ds, met), [0, node["value"], node["value"]])
                    entry[0] += 1
                    entry[1], entry[2] = min(entry[1], node["value"]), max(entry[2], node["value"])

    def _speedup(self, node: dict) -> None:
        factor = node.get("factor")
        if factor is None:
            self.no_factor += 1
            return
        self.bins[node.get("kind") or "(none)"][sum(factor >= b for b in BINS)] += 1
        keep = {k: node.get(k) for k in ("id", "factor", "text", "kind", "quantity", "baseline_text", "sentence")}
        item = (factor, _claim_order(node["id"]), keep)
        if len(self.top_claims) < TOP_CLAIMS:
            heapq.heappush(self.top_claims, item)
        elif item[:2] > self.top_claims[0][:2]:
            heapq.heapreplace(self.top_claims, item)


def _first_words(text: str, n: int = 8) -> str:
    words = text.split()
    return " ".join(words[:n]) + ("…" if len(words) > n else "")


def _claim_order(sid: str) -> tuple:
    """Ties between equal factors go to the smaller id (the heap keeps the larger key)."""
    return tuple(-ord(c) for c in sid)


def summarize(graph_json: str | Path) -> Summary:
    """One pass over a streamable graph.json; any other node-link file is read whole."""
    s = Summary()
    path = Path(graph_json)
    if not GraphFile(path).streams:
        gf = GraphFile(path)
        s.read_edges(json.dumps(e, sort_keys=True, ensure_ascii=False) for e in gf.edges())
        s.read_nodes(json.dumps(n, sort_keys=True, ensure_ascii=False) for n in gf.nodes())
        return s
    with open(path, encoding="utf-8") as fh:
        fh.readline()  # EDGES_OPEN

        def section():  # up to the line that closes it (NODES_OPEN after the edges, "]}" after the nodes)
            for line in fh:
                if line.startswith("]"):
                    return
                if line.strip():
                    yield line.rstrip(",\n")

        s.read_edges(section())
        s.read_nodes(section())
    return s


# -- the page ---------------------------------------------------------------------------------

def _cypher_top(types: tuple, label: str, alias: str) -> str:
    return (f"MATCH (p:Paper)-[:{'|'.join(types)}]->(x:{label})\n"
            f"RETURN x.name AS {alias}, count(DISTINCT p) AS papers\nORDER BY papers DESC, {alias} LIMIT {TOP}")


def _bin_case() -> str:
    cases = " ".join(f"WHEN s.factor < {b} THEN '{label}'" for b, label in zip(BINS, BIN_LABELS))
    return f"CASE {cases} ELSE '{BIN_LABELS[-1]}' END"


def _esc(value) -> str:
    return html.escape("" if value is None else str(value))


def _num(value) -> str:
    if isinstance(value, float):
        return f"{value:,.4g}" if abs(value) < 1e6 else f"{value:,.0f}"
    return f"{value:,}" if isinstance(value, int) else _esc(value)


def _table(headers: list[str], rows: list[list], numeric: set[int] = frozenset()) -> str:
    head = "".join(f'<th class="n">{_esc(h)}</th>' if i in numeric else f"<th>{_esc(h)}</th>" for i, h in enumerate(headers))
    body = "".join("<tr>" + "".join(f'<td class="n">{_num(v)}</td>' if i in numeric else f"<td>{_esc(v)}</td>"
                                    for i, v in enumerate(row)) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _query(cypher: str, command: str | None = None) -> str:
    cmd = f"<pre>{_esc(command)}</pre>" if command else ""
    return f'<details class="q"><summary>query that reproduces these numbers</summary>{cmd}<pre>{_esc(cypher)}</pre></details>'


def _chart(cid: str, spec: dict, height: int = 320) -> str:
    return (f'<div class="chart" style="height:{height}px"><canvas id="{cid}" role="img"></canvas></div>'
            f'<script type="application/json" data-chart="{cid}">{_json(spec)}</script>')


def _json(data) -> str:
    return json.dumps(data, ensure_ascii=False, sort_keys=True).replace("</", "<\\/")


PALETTE = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"]


def _bar(labels: list, datasets: list[dict], horizontal: bool = False, stacked: bool = False, log: bool = False) -> dict:
    for i, d in enumerate(datasets):
        d.setdefault("backgroundColor", PALETTE[i % len(PALETTE)])
    scales = {"x": {"stacked": stacked}, "y": {"stacked": stacked}}
    if log:
        scales["x" if horizontal else "y"]["type"] = "logarithmic"
    return {"type": "bar", "data": {"labels": labels, "datasets": datasets},
            "options": {"indexAxis": "y" if horizontal else "x", "scales": scales,
                        "plugins": {"legend": {"display": len(datasets) > 1}}}}


def render(s: Summary, db_hint: str = "DIR") -> str:
    name = lambda eid: s.names.get(eid, eid.split(":", 1)[-1])  # noqa: E731
    papers = s.nodes.get("Paper", 0)
    sections = []

    # counts per label and relationship type
    labels = sorted(s.nodes)
    rels = sorted(s.rels)
    sections.append(
        "<section><h2>Nodes and relationships</h2><div class=\"two\"><div>"
        + _chart("labels", _bar(labels, [{"label": "nodes", "data": [s.nodes[k] for k in labels]}], horizontal=True, log=True),
                 max(160, 26 * len(labels)))
        + _table(["label", "nodes"], [[k, s.nodes[k]] for k in labels] + [["total", sum(s.nodes.values())]], {1})
        + "</div><div>"
        + _chart("rels", _bar(rels, [{"label": "relationships", "data": [s.rels[k] for k in rels]}], horizontal=True, log=True),
                 max(160, 26 * len(rels)))
        + _table(["relationship", "count"], [[k, s.rels[k]] for k in rels] + [["total", sum(s.rels.values())]], {1})
        + "</div></div>"
        + _query("MATCH (n) UNWIND labels(n) AS label RETURN label, count(*) AS nodes ORDER BY label;\n"
                 "MATCH ()-[r]->() RETURN type(r) AS relationship, count(*) AS count ORDER BY relationship",
                 f"kg query graph_overview --db {db_hint}")
        + "</section>")

    # top datasets, methods, metrics, tasks
    tops = []
    for title, types, label, twin in TOPS:
        counts = s.papers_of[title]
        best = sorted(counts.items(), key=lambda kv: (-kv[1], name(kv[0])))[:TOP]
        rows = [[name(eid), n] for eid, n in best]
        alias = label.lower()
        tops.append(
            f"<div><h3>Top {title}</h3>"
            + (_chart(f"top-{title}", _bar([r[0] for r in rows], [{"label": "papers", "data": [r[1] for r in rows]}],
                                            horizontal=True), max(160, 22 * len(rows))) if rows else "<p>none</p>")
            + _table([alias, "papers"], rows, {1})
            + _query(_cypher_top(types, label, alias), f"kg query {twin} --param limit={TOP} --db {db_hint}" if twin else None)
            + "</div>")
    sections.append(f"<section><h2>Most used, by number of papers</h2><div class=\"two\">{''.join(tops)}</div></section>")

    # speed-up claims
    kinds = sorted(s.bins)
    claims = sorted(s.top_claims, key=lambda t: (-t[0], t[2]["id"]))
    claim_rows = []
    for factor, _, c in claims:
        pid = "paper:" + c["id"].split(":", 1)[1].rsplit("#", 1)[0]
        baseline = name(s.over[c["id"]]) if c["id"] in s.over else c.get("baseline_text")
        method = name(s.about[c["id"]]) if c["id"] in s.about else None
        claim_rows.append([factor, c["text"], c.get("kind"), c.get("quantity"), method, baseline,
                           s.titles.get(pid) or pid, c.get("sentence")])
    sections.append(
        f"<section><h2>Speed-up claims</h2><p>{sum(map(sum, s.bins.values())):,} claims with a normalised factor"
        f" ({s.no_factor:,} without one, such as “orders of magnitude”), by factor and kind:</p>"
        + (_chart("speedups", _bar(BIN_LABELS, [{"label": k, "data": s.bins[k]} for k in kinds], stacked=True))
           if kinds else "<p>none</p>")
        + _table(["kind"] + BIN_LABELS, [[k] + s.bins[k] for k in kinds], set(range(1, len(BIN_LABELS) + 1)))
        + _query(f"MATCH (s:Speedup) WHERE s.factor IS NOT NULL\nRETURN s.kind AS kind, {_bin_case()} AS bin, "
                 "count(*) AS claims\nORDER BY kind, bin")
        + f"<h3>The {len(claim_rows)} largest claims</h3>"
        + _table(["factor", "claim", "kind", "quantity", "method", "baseline", "paper", "sentence"], claim_rows, {0})
        + _query("MATCH (p:Paper)-[:CLAIMS]->(s:Speedup) WHERE s.factor IS NOT NULL\n"
                 "OPTIONAL MATCH (s)-[:ABOUT]->(m:Method) OPTIONAL MATCH (s)-[:OVER]->(b:Method)\n"
                 "RETURN s.factor AS factor, s.text AS claim, s.kind AS kind, s.quantity AS quantity, m.name AS method,\n"
                 "       coalesce(b.name, s.baseline_text) AS baseline, coalesce(p.title, p.id) AS paper, s.sentence AS sentence\n"
                 f"ORDER BY factor DESC, s.id LIMIT {TOP_CLAIMS}", f"kg query top_speedups --param limit={TOP_CLAIMS} --db {db_hint}")
        + "</section>")

    # results per dataset and metric
    pairs = sorted(s.pairs.items(), key=lambda kv: (-kv[1][0], name(kv[0][0]), name(kv[0][1])))[:TOP]
    rows = [[name(d), name(m), n, lo, hi, f"kg query leaderboard -p dataset={json.dumps(name(d))} -p metric={json.dumps(name(m))} --db {db_hint}"]
            for (d, m), (n, lo, hi) in pairs]
    sections.append(
        "<section><h2>Results per dataset and metric</h2>"
        + (_chart("results", _bar([f"{r[0]} · {r[1]}" for r in rows], [{"label": "results", "data": [r[2] for r in rows]}],
                                  horizontal=True), max(160, 22 * len(rows))) if rows else "<p>none</p>")
        + _table(["dataset", "metric", "results", "lowest", "highest", "the results, best first"], rows, {2, 3, 4})
        + _query("MATCH (r:Result)-[:ON_DATASET]->(d:Dataset), (r)-[:OF_METRIC]->(m:Metric)\n"
                 "RETURN d.name AS dataset, m.name AS metric, count(r) AS results, min(r.value) AS lowest, max(r.value) AS highest\n"
                 f"ORDER BY results DESC, dataset, metric LIMIT {TOP}")
        + "</section>")

    # papers per venue and year
    venues = Counter()
    for (venue, _), n in s.venue_year.items():
        venues[venue] += n
    shown = [v for v, _ in sorted(venues.items(), key=lambda kv: (-kv[1], kv[0]))[:8]]
    years = sorted({y for _, y in s.venue_year}, key=lambda y: (y is None, y or 0))
    ylabels = [str(y) if y is not None else "(no year)" for y in years]
    series = [{"label": v, "data": [s.venue_year.get((v, y), 0) for y in years]} for v in shown]
    if len(venues) > len(shown):
        series.append({"label": "other venues", "data": [sum(n for (v, yy), n in s.venue_year.items() if yy == y and v not in shown)
                                                        for y in years]})
    vy_rows = [[v, str(y) if y is not None else "", n]
               for (v, y), n in sorted(s.venue_year.items(), key=lambda kv: (-kv[1], kv[0][0], str(kv[0][1])))[:40]]
    sections.append(
        "<section><h2>Papers per venue and year</h2>"
        + (_chart("venues", _bar(ylabels, series, stacked=True)) if years else "<p>none</p>")
        + _table(["venue", "year", "papers"], vy_rows, {2})
        + _query("MATCH (p:Paper)\nRETURN coalesce(p.venue, '(none)') AS venue, p.year AS year, count(*) AS papers\n"
                 "ORDER BY papers DESC, venue, year LIMIT 40")
        + "</section>")

    chart_js = (VENDOR / "chart.umd.min.js").read_text(encoding="utf-8")
    chart_js = "\n".join(line for line in chart_js.splitlines() if not line.startswith("//# sourceMappingURL"))
    return PAGE.format(
        papers=f"{papers:,}", nodes=f"{sum(s.nodes.values()):,}", rels=f"{sum(s.rels.values()):,}",
        sections="\n".join(sections), chart_js=chart_js, style=STYLE, boot=BOOT, db=_esc(db_hint))


STYLE = """
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0 auto;max-width:1200px;padding:0 20px 40px;color:#222}
h1{font-size:24px;margin:24px 0 4px}h2{font-size:19px;border-bottom:1px solid #ddd;padding-bottom:4px;margin-top:36px}
h3{font-size:15px;margin:18px 0 6px}.sub{color:#555;margin:0 0 12px}
.two{display:grid;grid-template-columns:1fr 1fr;gap:24px}@media(max-width:900px){.two{grid-template-columns:1fr}}
.chart{position:relative;width:100%}
table{border-collapse:collapse;margin:8px 0;font-size:13px;width:100%}th,td{border-bottom:1px solid #eee;padding:3px 6px;text-align:left;vertical-align:top}
th{background:#f6f6f6}th.n,td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
details.q{margin:6px 0 12px;color:#444}details.q summary{cursor:pointer;font-size:12px;color:#2a5db0}
pre{background:#f6f8fa;padding:8px;overflow-x:auto;font-size:12px;white-space:pre-wrap}
"""

BOOT = """
Chart.defaults.animation = false;
Chart.defaults.maintainAspectRatio = false;
const powersOfTen = (v) => (Math.abs(Math.log10(v) % 1) < 1e-9 ? Number(v).toLocaleString('en') : '');
for (const spec of document.querySelectorAll('script[data-chart]')) {
  const canvas = document.getElementById(spec.dataset.chart);
  const config = JSON.parse(spec.textContent);
  for (const scale of Object.values(config.options.scales || {})) {
    if (scale.type === 'logarithmic') scale.ticks = {callback: powersOfTen};
  }
  new Chart(canvas, config);
}
"""

PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>kg report: {papers} papers</title>
<style>{style}</style></head><body>
<h1>Knowledge graph report</h1>
<p class="sub">{papers} papers, {nodes} nodes, {rels} relationships. Each section ends with the query that reproduces
its numbers: Cypher for Neo4j (after <code>kg load {db}</code>) and, where the query pack has it, a <code>kg query</code>
command that answers without a server ({db}: the directory that holds this report).</p>
{sections}
<script>{chart_js}</script>
<script>{boot}</script>
</body></html>
"""


def write_report(graph_json: str | Path, dest: str | Path, atomic: bool = True) -> Summary:
    """Write report.html for the graph in `graph_json` (replaced atomically unless `atomic` is false:
    `kg build` writes it to a staged path it commits with the other outputs); returns the summary."""
    s = summarize(graph_json)
    with (atomic_write(dest) if atomic else open(dest, "w", encoding="utf-8")) as fh:
        fh.write(render(s))
    return s
