"""Neo4j Browser: the guide plays and a prewritten query shows its expected row, in headless Chromium."""
import os
import shutil
import socket

import pytest

from kg.build import graph_of
from kg.guide import serve, write_guide
from kg.queries import get_query
from kg.sinks.neo4j import load_graph

pytestmark = [pytest.mark.neo4j, pytest.mark.shared, pytest.mark.browser]
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run",
        "--disable-component-update", "--disable-sync"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_browser_guide_and_prewritten_query(neo4j_driver, neo4j_settings, seed_extractions, tmp_path):
    playwright = pytest.importorskip("playwright.sync_api", reason="pip install playwright (in the test extra)")
    if not os.path.exists(CHROMIUM):
        pytest.skip("needs Debian's chromium (apt-get install chromium); CI installs it")
    http = os.environ.get("KG_NEO4J_HTTP", "http://localhost:7474")
    load_graph(neo4j_driver, graph_of(seed_extractions), neo4j_settings.database)
    port = free_port()
    write_guide(tmp_path / "guide")
    server = serve(tmp_path / "guide", port, background=True)
    try:
        with playwright.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page(viewport={"width": 1400, "height": 1200})
            page.goto(f"{http}/browser/")
            page.wait_for_selector('input[data-testid="username"]', timeout=60000)
            page.fill('input[data-testid="username"]', neo4j_settings.user)
            page.fill('input[data-testid="password"]', neo4j_settings.password)
            page.click('button[data-testid="connect"]')
            page.wait_for_selector("text=Connected to Neo4j", timeout=30000)

            def run(command: str) -> None:
                page.locator('[data-testid="activeEditor"]').first.click()
                page.keyboard.type(command)
                page.keyboard.press("Control+Enter")

            run(f":play http://localhost:{port}/kg-guide.html")
            page.wait_for_selector("text=kg query pack", timeout=30000)
            run(":params {limit: 3}")
            page.wait_for_selector("text=Successfully set your parameters", timeout=30000)
            run(" ".join(get_query("top_speedups").cypher.split()))
            page.wait_for_selector("text=Started streaming 3 records", timeout=30000)
            frame = page.locator('[data-testid="frame"]').first.inner_text()
            page.screenshot(path=str(tmp_path / "browser-top_speedups.png"))
            browser.close()
    finally:
        server.shutdown()
    # the largest normalised factor in the seeds: the 32× reduction of transitions ("1024 to 32")
    assert "32.0" in frame and "1024 to 32" in frame and "number of transitions" in frame
    assert (tmp_path / "browser-top_speedups.png").stat().st_size > 10000
