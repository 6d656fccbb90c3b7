"""Neo4j Browser in headless Chromium: the one-time link of `scripts/neo4j browser` opens it signed in with
nothing typed; the guide plays from its index through every slide, each query runs from its slide and
answers readably. Screenshots go to test-artifacts/browser/ and test-artifacts/browser-login/ (ignored by
git, kept by CI)."""
import os
import re
import secrets
import shutil
import stat

import pytest

from conftest import ROOT, TEST_NEO4J_BOLT_PORT, TEST_NEO4J_HOME, TEST_NEO4J_HTTP_PORT, neo4j_script
from kg.build import graph_of
from kg.guide import GUIDE_NAME, guide_values, inline, ordered, serve
from kg.queries import list_queries
from kg.sinks.neo4j import load_graph

pytestmark = [pytest.mark.neo4j, pytest.mark.browser]
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run",
        "--disable-component-update", "--disable-sync"]
ARTIFACTS = ROOT / "test-artifacts" / "browser"
LATEX = re.compile(r"\\[A-Za-z]+|\\[%&_#$]|\$[^$\s][^$]*\$|\*\*\S")
DRAWER = '[data-testid="guidesDrawer"]'


def flat(text: str) -> str:
    return " ".join(text.split())


def login_link() -> str:
    """A new one-time link from `scripts/neo4j browser` for the run's own server (its custom ports)."""
    proc = neo4j_script("browser")
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.strip()


def open_signed_in(page, link: str) -> None:
    """Open Browser through the login link and wait until its startup connection says it is connected."""
    page.goto(link)
    page.wait_for_selector("text=You are connected as user neo4j", timeout=60000)


def test_browser_opens_signed_in_from_the_login_link_with_no_typing(neo4j_driver, neo4j_settings):
    playwright = pytest.importorskip("playwright.sync_api", reason="pip install playwright (in the test extra)")
    if not os.path.exists(CHROMIUM):
        pytest.skip("needs Debian's chromium (apt-get install chromium); CI installs it")
    probe = secrets.token_hex(8)  # only this server holds it: Browser reached this server, not another one
    neo4j_driver.execute_query("CREATE (:Probe {kg: $probe})", probe=probe, database_=neo4j_settings.database)
    proc = neo4j_script("browser")
    assert proc.returncode == 0, proc.stderr
    link = proc.stdout.strip()
    page_file, token_file = TEST_NEO4J_HOME / "browser.html", TEST_NEO4J_HOME / "browser-token"
    assert link == page_file.as_uri()
    # the password is printed nowhere and is in neither file; both are the owner's alone
    password = neo4j_settings.password
    assert password not in proc.stdout + proc.stderr
    assert password not in page_file.read_text() and password not in token_file.read_text()
    assert stat.S_IMODE(page_file.stat().st_mode) == 0o600 and stat.S_IMODE(token_file.stat().st_mode) == 0o600
    shots = ROOT / "test-artifacts" / "browser-login"
    shutil.rmtree(shots, ignore_errors=True)
    shots.mkdir(parents=True)
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = browser.new_context(viewport={"width": 1400, "height": 900})  # a new profile: nothing stored
        page = context.new_page()
        open_signed_in(page, link)
        assert page.url == f"http://127.0.0.1:{TEST_NEO4J_HTTP_PORT}/browser/"
        status = page.locator('[data-testid="frame"]', has_text="You are connected as user neo4j").first.inner_text()
        assert f"127.0.0.1:{TEST_NEO4J_BOLT_PORT}" in status
        assert page.locator('input[data-testid="password"]').count() == 0  # the connect form never showed
        page.locator('[data-testid="activeEditor"]').first.click()
        page.keyboard.type("MATCH (p:Probe) RETURN 'kg-probe:' + p.kg AS c")
        page.keyboard.press("Control+Enter")
        page.wait_for_selector("text=Started streaming 1 records", timeout=30000)
        assert f"kg-probe:{probe}" in page.locator('[data-testid="frame"]').first.inner_text()
        page.screenshot(path=str(shots / "signed-in.png"))
        # Browser keeps the connection as it keeps typed credentials: its own address connects again
        page.goto(f"http://127.0.0.1:{TEST_NEO4J_HTTP_PORT}/browser/")
        page.wait_for_selector("text=You are connected as user neo4j", timeout=60000)
        context.close()
        # the link works once: opened again, in another new profile, it signs nobody in
        assert not token_file.exists()
        context = browser.new_context(viewport={"width": 1400, "height": 900})
        page = context.new_page()
        page.goto(link)
        page.wait_for_selector("text=already used", timeout=30000)
        assert page.url.endswith("/kg-login/") and password not in page.content()
        page.screenshot(path=str(shots / "used-again.png"))
        browser.close()


@pytest.mark.shared
def test_browser_plays_the_whole_guide(neo4j_driver, neo4j_settings, seed_extractions):
    playwright = pytest.importorskip("playwright.sync_api", reason="pip install playwright (in the test extra)")
    if not os.path.exists(CHROMIUM):
        pytest.skip("needs Debian's chromium (apt-get install chromium); CI installs it")
    http = os.environ.get("KG_NEO4J_HTTP") or f"http://localhost:{os.environ.get('KG_NEO4J_HTTP_PORT', '7474')}"
    G = graph_of(seed_extractions)
    ids = set(G.nodes)
    load_graph(neo4j_driver, G, neo4j_settings.database)
    shutil.rmtree(ARTIFACTS, ignore_errors=True)
    ARTIFACTS.mkdir(parents=True)
    server = serve(0, background=True)  # any free port: every link of the guide must follow it
    port = server.server_address[1]
    queries = ordered(list_queries())
    problems: list[str] = []
    try:
        with playwright.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            open_signed_in(page, login_link())
            assert page.url == f"{http}/browser/"
            editor = page.locator('[data-testid="activeEditor"]').first
            editor.click()
            page.keyboard.type(f":guide http://localhost:{port}/{GUIDE_NAME}")
            page.keyboard.press("Control+Enter")
            drawer = page.locator(DRAWER)
            drawer.get_by_text("questions to ask the ML research graph").wait_for(timeout=30000)
            # the style block of the index slide loads from the port the guide is served on
            drawer.locator("pre.runnable", has_text=":style").locator("i").first.click()
            page.locator('[data-testid="frame"]').first.get_by_text("node.Paper").wait_for(timeout=30000)
            page.screenshot(path=str(ARTIFACTS / "00-index.png"))
            drawer.locator("a[exec-topic]", has_text=queries[0].question).click()
            for i, q in enumerate(queries, 1):
                drawer.get_by_text(f"{i}. {q.question}").wait_for(timeout=30000)
                block = drawer.locator("pre.runnable").first
                expected = flat(inline(q, guide_values(q)))
                assert flat(block.inner_text()) == expected, q.name
                block.locator("i").first.click()  # ▶: run it in a new frame
                frame = page.locator('[data-testid="frame"]').first
                page.wait_for_function(
                    "q => { const c = document.querySelector('[data-testid=\"frame\"] [data-testid=\"frameCommand\"]');"
                    " return c && c.innerText.split(/\\s+/).join(' ').includes(q) }", arg=expected[-60:], timeout=30000)
                page.wait_for_function(
                    "() => { const s = document.querySelector('[data-testid=\"frame\"] [data-testid=\"frameStatusbar\"]');"
                    " return s && /records|completed|error/i.test(s.innerText) }", timeout=60000)
                if frame.locator('[data-testid="cypherFrameErrorMessage"]').count() or "ERROR" in frame.inner_text():
                    problems.append(f"{q.name}: error frame: {frame.inner_text()[:300]}")
                headers = [h.strip() for h in frame.locator("th").all_inner_texts()][1:]  # the first is the row number
                rows = frame.locator("tbody tr")
                for r in range(rows.count()):
                    cells = rows.nth(r).locator("td").all_inner_texts()[1:]
                    for column, text in zip(headers, cells):
                        if not column.endswith("_id") and any(i_ in text for i_ in ids):
                            problems.append(f"{q.name}: an id in column {column}: {text[:120]}")
                        if column.startswith("evidence") and LATEX.search(text):
                            problems.append(f"{q.name}: LaTeX in {column}: {text[:120]}")
                if q.name != "conflicting_results" and not rows.count():
                    problems.append(f"{q.name}: no rows in Browser")
                page.screenshot(path=str(ARTIFACTS / f"{i:02d}-{q.name}.png"))
                if i < len(queries):
                    drawer.locator("a[exec-topic]", has_text=f"next: {queries[i].name}").click()
            # the guide is in the sidebar, untouched by the frame cap: still on screen, on its last slide
            assert drawer.get_by_text(f"{len(queries)}. {queries[-1].question}").is_visible()
            # the style captions nodes readably: papers by their first words, repositories as owner/repo
            editor.click()
            page.keyboard.type("MATCH (p:Paper)-[r:HAS_CODE]->(c:Repository) RETURN p, r, c ORDER BY c.url LIMIT 3")
            page.keyboard.press("Control+Enter")
            page.locator('[data-testid="frame"]').first.locator("svg g.node").first.wait_for(timeout=30000)
            page.wait_for_timeout(1500)
            captions = " ".join(page.locator('[data-testid="frame"]').first.locator("svg g.node text").all_text_contents())
            repositories = sorted((d["caption"] for _, d in G.nodes(data=True) if d["label"] == "Repository"),
                                  key=lambda c: [d["url"] for _, d in G.nodes(data=True) if d.get("caption") == c][0])
            if not any(r in captions for r in repositories[:3]) or "https://" in captions:
                problems.append(f"graph view captions: {captions[:300]}")
            page.screenshot(path=str(ARTIFACTS / "98-graph.png"))
            page.screenshot(path=str(ARTIFACTS / "99-end.png"))
            browser.close()
    finally:
        server.shutdown()
    assert not problems, "\n".join(problems)
    shots = sorted(ARTIFACTS.glob("*.png"))
    assert len(shots) == len(queries) + 3 and all(s.stat().st_size > 10000 for s in shots)
