"""report.html: one self-contained page of the graph's shape that `kg build` writes beside graph.json."""
from collections import Counter
import html
import os
import re
import shutil

import pytest

from conftest import EXAMPLES
from kg.build import build, graph_of
from kg.sinks.report import summarize

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("report") / "out"
    build([EXAMPLES / "abstracts.txt"], out)
    return out


def test_sink_report_counts_are_those_of_the_graph(built, example_extractions):
    G = graph_of(example_extractions)
    s = summarize(built / "graph.json")
    assert s.nodes == Counter(d["label"] for _, d in G.nodes(data=True))
    assert s.rels == Counter(k for _, _, k in G.edges(keys=True))
    pairs = {(u, v) for u, v, k in G.edges(keys=True) if k == "EVALUATED_ON"}
    datasets = Counter(G.nodes[v]["name"] for _, v in pairs)
    assert {s.names[i]: n for i, n in s.papers_of["datasets"].items()} == datasets
    factors = sorted((d["factor"] for _, d in G.nodes(data=True) if d["label"] == "Speedup" and d.get("factor") is not None),
                     reverse=True)
    assert sorted((f for f, *_ in s.top_claims), reverse=True) == factors[:len(s.top_claims)]
    assert sum(map(sum, s.bins.values())) == len(factors)
    page = (built / "report.html").read_text(encoding="utf-8")
    for label, n in s.nodes.items():
        assert f"<td>{label}</td><td class=\"n\">{n}</td>" in page
    assert "kg query top_datasets" in page and "MATCH (p:Paper)-[:EVALUATED_ON]->(x:Dataset)" in html.unescape(page)
    # the paper of a claim is named by its title, or its first words when it has none (the examples have none)
    assert "paper:abstracts.txt#" not in page.split("largest claims")[1].split("</table>")[0]


def test_sink_report_is_self_contained_and_the_same_for_the_same_input(built, tmp_path):
    page = (built / "report.html").read_text(encoding="utf-8")
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)
    assert "<link" not in page and "@import" not in page and "sourceMappingURL" not in page
    assert "Content-Security-Policy" in page and "default-src 'none'" in page
    build([EXAMPLES / "abstracts.txt"], tmp_path / "elsewhere")
    assert (tmp_path / "elsewhere" / "report.html").read_bytes() == (built / "report.html").read_bytes()


@pytest.mark.browser
def test_sink_report_renders_its_charts_offline_in_chromium(built, tmp_path):
    playwright = pytest.importorskip("playwright.sync_api", reason="pip install playwright (in the test extra)")
    if not os.path.exists(CHROMIUM):
        pytest.skip("needs Debian's chromium (apt-get install chromium); CI installs it")
    url = (built / "report.html").as_uri()
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": 1300, "height": 900})
        requests, errors = [], []
        page.on("request", lambda r: requests.append(r.url))
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("console", lambda m: m.type == "error" and errors.append(m.text))
        page.goto(url)
        page.wait_for_load_state("load")
        canvases = page.locator("canvas").count()
        charts = page.evaluate("Object.keys(Chart.instances).length")
        # pixels drawn on each canvas (not transparent)
        drawn = page.evaluate("""() => [...document.querySelectorAll('canvas')].map(c => {
            const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
            let n = 0; for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++; return n; })""")
        page.screenshot(path=str(tmp_path / "report.png"), full_page=True)
        browser.close()
    assert requests == [url] and errors == []
    assert canvases >= 8 and charts == canvases and min(drawn) > 1000
    assert (tmp_path / "report.png").stat().st_size > 50000
    print(f"screenshot: {tmp_path / 'report.png'}")
