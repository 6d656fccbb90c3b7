"""The Browser guide: an index, a slide per query that explains it, links on the port it is served on;
the server gives exactly the guide and the style, to localhost only, and no wildcard CORS."""
import http.client
import re

import pytest

from kg.guide import GUIDE_NAME, STYLE_NAME, guide_html, inline, serve, write_guide
from kg.queries import list_queries

QUERIES = list_queries()


@pytest.fixture
def server(tmp_path):
    (tmp_path / "secret.env").write_text("TOKEN=do-not-serve\n")
    s = serve(0, background=True)
    write_guide(tmp_path, s.server_address[1])
    yield s, s.server_address[1]
    s.shutdown()


def request(port, path, method="GET", headers=None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request(method, path, headers={"Host": f"localhost:{port}", **(headers or {})})
    response = conn.getresponse()
    body = response.read()
    conn.close()
    return response.status, dict(response.getheaders()), body


def test_guide_index_links_every_query_by_its_question_on_the_served_port():
    page = guide_html("http://localhost:38001")
    slides = page.split("<slide")[1:]
    assert len(slides) == len(QUERIES) + 1
    index = slides[0]
    for q in QUERIES.values():
        assert q.question.replace('"', "&quot;") in index
    links = re.findall(r'exec-topic="guide ([^"#]+)#slide-(\d+)"', page)
    assert {url for url, _ in links} == {f"http://localhost:38001/{GUIDE_NAME}"}
    assert {int(n) for _, n in links} == set(range(len(QUERIES) + 1))  # index and every slide reachable
    assert f":style http://localhost:38001/{STYLE_NAME}" in index and "8001/" not in page.replace("38001/", "")


def test_guide_slides_explain_columns_show_an_example_and_need_no_params():
    page = guide_html()
    assert ":params" not in page and ":param " not in page
    for q in QUERIES.values():
        slide = next(s for s in page.split("<slide")[1:] if f"<code>{q.name}</code>" in s)
        header = [c.strip() for c in q.example[0].split(" | ")]
        for column in header:
            assert re.search(rf"<dt><code>{column}</code></dt><dd>[^<]+</dd>", slide), (q.name, column)
        assert "<table" in slide and all(f">{c}</th>" in slide for c in header)
        body = inline(q, {k: (v["example"] if isinstance(v, dict) else v) for k, v in q.params.items()})
        assert "$" not in body.replace("$$", ""), q.name  # every parameter written in


def test_guide_parameters_written_in_are_cypher_literals():
    q = QUERIES["claims_over_baseline"]
    text = inline(q, {"baseline": "it's \\ odd"})
    assert "toLower('it\\'s \\\\ odd')" in text and "$baseline" not in text
    assert "LIMIT 7" in inline(QUERIES["top_speedups"], {"limit": 7})


def test_guide_serves_exactly_the_guide_and_the_style(server, tmp_path):
    s, port = server
    status, headers, body = request(port, f"/{GUIDE_NAME}")
    assert status == 200 and headers["Content-Type"].startswith("text/html") and f"localhost:{port}/" in body.decode()
    assert (tmp_path / GUIDE_NAME).read_bytes() == body  # the written file is the served one, with its port
    status, _, body = request(port, f"/{STYLE_NAME}?x=1")
    assert status == 200 and b"node.Paper" in body
    (tmp_path / "link.grass").symlink_to(tmp_path / "secret.env")
    for path in ("/", "/secret.env", "/link.grass", "/../secret.env", "//etc/passwd", f"/{GUIDE_NAME}/", "/%2e%2e/secret.env"):
        status, _, body = request(port, path)
        assert status == 404 and b"do-not-serve" not in body, path


def test_guide_answers_localhost_only_and_no_wildcard_cors(server):
    s, port = server
    status, _, body = request(port, f"/{GUIDE_NAME}", headers={"Host": "evil.example:80"})
    assert status == 421 and b"<slide" not in body  # DNS rebinding: another name for 127.0.0.1
    status, headers, _ = request(port, f"/{GUIDE_NAME}", headers={"Origin": "http://localhost:7474"})
    assert headers.get("Access-Control-Allow-Origin") == "http://localhost:7474"  # Neo4j Browser
    status, headers, _ = request(port, f"/{GUIDE_NAME}", headers={"Origin": "https://evil.example"})
    assert status == 200 and "Access-Control-Allow-Origin" not in headers
    status, headers, _ = request(port, f"/{GUIDE_NAME}", method="OPTIONS", headers={
        "Origin": "http://127.0.0.1:7474", "Access-Control-Request-Headers": "pragma, cache-control"})
    assert status == 204 and headers["Access-Control-Allow-Origin"] == "http://127.0.0.1:7474"
    assert "pragma" in headers["Access-Control-Allow-Headers"]
    for origin in ("http://localhost:7474", "null", "http://evil.example"):
        assert "*" not in request(port, f"/{STYLE_NAME}", headers={"Origin": origin})[1].values()


def test_guide_cli_writes_files_and_refuses_a_busy_port(run_kg, tmp_path, server):
    _, busy = server
    code, _, err = run_kg("guide", "--no-serve", "--port", "38123", "-o", tmp_path / "g")
    assert code == 0, err
    assert "http://localhost:38123/kg.grass" in (tmp_path / "g" / GUIDE_NAME).read_text()
    for port, says in ((busy, f"cannot serve on port {busy}"), (70000, "--port 70000: not a port")):
        code, _, err = run_kg("guide", "--port", port, "-o", tmp_path / "h")
        assert code == 1 and says in err and len(err.strip().splitlines()) == 1
        assert not (tmp_path / "h").exists()


def test_guide_style_captions_every_label_readably():
    from kg.guide import style_text
    from kg.ontology import NodeLabel
    rules = dict(re.findall(r"^node\.(\w+) \{(.*)\}$", style_text(), re.M))
    assert set(rules) == {label.value for label in NodeLabel}
    caption = {label: re.search(r'caption: "([^"]*)"', rule).group(1) for label, rule in rules.items()}
    assert caption["Paper"] == "{caption}" and caption["Repository"] == "{caption}"  # title or first words; owner/repo
    assert "{factor}" in caption["Speedup"] and "{quantity}" in caption["Speedup"]
    size = {label: int(re.search(r"diameter: (\d+)px", rule).group(1)) for label, rule in rules.items()}
    assert size["Paper"] == max(size.values()) and size["Method"] > size["Technique"] > size["Venue"]
