"""scripts/neo4j, and the tests' own guard around it: a server of its own home keeps its databases across
stop and start, advertises the Bolt port it listens on (Neo4j Browser offers the right address) and opens
Browser signed in from its one-time link (nothing typed, on default and custom ports alike),
says what to install without Java or Maven, and the test run refuses every database it did not create.

These tests start private servers (a temporary home, free ports), never the developer's or the run's."""
import os
from pathlib import Path
import shutil
import socket
import subprocess
import sys

import pytest

from conftest import (EXAMPLES, ROOT, TEST_NEO4J_HOME, exports, neo4j_script, neo4j_script_env, server_process)

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run",
        "--disable-component-update", "--disable-sync"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def port_taken(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


class Private:
    """A scripts/neo4j server on a home and ports of its own."""

    def __init__(self, home: Path, bolt: int, http: int):
        self.home, self.bolt, self.http = home, bolt, http
        built = TEST_NEO4J_HOME / "launcher"
        if built.is_dir() and not (home / "launcher").exists():  # the launcher the run already built
            home.mkdir(parents=True, exist_ok=True)
            (home / "launcher").symlink_to(built)

    def run(self, *args) -> subprocess.CompletedProcess:
        return neo4j_script(*args, home=self.home, bolt=self.bolt, http=self.http)

    def start(self) -> dict:
        proc = self.run("start")
        if proc.returncode != 0:
            pytest.skip(f"scripts/neo4j start failed: {proc.stderr.strip().splitlines()[-1:]}")
        return exports(proc.stdout)

    def driver(self, env: dict):
        from neo4j import GraphDatabase
        return GraphDatabase.driver(env["NEO4J_URI"], auth=(env["NEO4J_USERNAME"], env["NEO4J_PASSWORD"]))


def snapshot(driver):
    nodes = driver.execute_query("MATCH (n) RETURN n.id AS id, labels(n) AS l, properties(n) AS p ORDER BY id").records
    rels = driver.execute_query("MATCH (a)-[r]->(b) RETURN a.id AS a, type(r) AS t, b.id AS b, properties(r) AS p "
                                "ORDER BY a, t, b, p.start").records
    return [tuple(r.values()) for r in nodes], [tuple(r.values()) for r in rels]


@pytest.fixture(scope="module")
def private(tmp_path_factory):
    """A populated database the tests' guard did not create: a server of a temporary home on free ports,
    loaded with the example graph by `kg build --neo4j`."""
    server = Private(tmp_path_factory.mktemp("neo4j-private") / "home", free_port(), free_port())
    env = server.start()
    out = tmp_path_factory.mktemp("private-out")
    proc = subprocess.run([sys.executable, "-m", "kg", "build", EXAMPLES / "abstracts.txt", "-o", out, "--neo4j"],
                          capture_output=True, text=True, env={**os.environ, **env}, timeout=300)
    assert proc.returncode == 0, proc.stderr
    yield server, env
    server.run("stop")


def test_script_neo4j_without_java_or_maven_says_what_to_install(tmp_path):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for d in ("/usr/bin", "/bin"):
        for f in Path(d).iterdir():
            if f.name not in ("java", "javac", "mvn") and not os.path.lexists(bin_dir / f.name):
                (bin_dir / f.name).symlink_to(f)
    env = {**neo4j_script_env(tmp_path / "home", free_port(), free_port()), "PATH": str(bin_dir)}
    proc = subprocess.run(["bash", str(ROOT / "scripts" / "neo4j"), "start"], capture_output=True, text=True, env=env,
                          timeout=60)
    lines = proc.stderr.strip().splitlines()
    assert proc.returncode == 1 and proc.stdout == "" and len(lines) == 1, proc.stderr
    assert "JDK 17" in lines[0] and "Maven" in lines[0] and "apt-get install" in lines[0]
    assert not (tmp_path / "home" / "data").exists()


@pytest.mark.neo4j
@pytest.mark.slow
def test_script_neo4j_tests_refuse_a_database_they_did_not_create(private, tmp_path):
    """The Neo4j tests pointed at a populated database they did not create refuse in one line and leave it
    exactly as it was: by NEO4J_URI, and by a test home that holds databases without the tests' mark."""
    server, env = private
    with server.driver(env) as driver:
        before = snapshot(driver)
        assert len(before[0]) > 40 and len(before[1]) > 40
        pointed = {"NEO4J_URI": env["NEO4J_URI"], "NEO4J_PASSWORD": env["NEO4J_PASSWORD"]}
        as_test_home = {"KG_TEST_NEO4J_HOME": str(server.home), "KG_TEST_NEO4J_BOLT_PORT": str(server.bolt),
                        "KG_TEST_NEO4J_HTTP_PORT": str(server.http)}
        base = {k: v for k, v in os.environ.items() if not k.startswith("NEO4J_")}
        for extra in (pointed, as_test_home):
            proc = subprocess.run([sys.executable, "-m", "pytest", "tests/test_sink_neo4j.py", "-q", "-p", "no:cacheprovider"],
                                  capture_output=True, text=True, cwd=ROOT, env={**base, **extra}, timeout=300)
            refusals = [line for line in (proc.stdout + proc.stderr).splitlines() if "refusing" in line]
            assert proc.returncode == 4 and len(refusals) == 1, proc.stdout + proc.stderr
            assert "passed" not in proc.stdout
            assert snapshot(driver) == before
    assert not (server.home / "kg-test-home").exists()


@pytest.mark.neo4j
@pytest.mark.slow
def test_script_neo4j_kill_guard_knows_the_server_by_more_than_its_pidfile(private, tmp_path):
    server, _ = private
    found = server_process(server.home, server.bolt, server.http)
    assert found is not None
    pid = found[0]
    # the same pid in another home's pidfile, or this home with other ports: not that home's server
    other = tmp_path / "other"
    other.mkdir()
    (other / "neo4j.pid").write_text(str(pid))
    assert server_process(other, server.bolt, server.http) is None
    assert server_process(server.home, server.bolt + 1, server.http) is None
    # a live process that is no server at all (this test's own)
    (other / "neo4j.pid").write_text(str(os.getpid()))
    assert server_process(other, server.bolt, server.http) is None


@pytest.mark.neo4j
@pytest.mark.slow
def test_script_neo4j_graph_survives_stop_and_start(private):
    server, env = private
    with server.driver(env) as driver:
        before = snapshot(driver)
    assert server.run("stop").returncode == 0
    assert server_process(server.home, server.bolt, server.http) is None
    assert server.start() == env
    with server.driver(env) as driver:
        assert snapshot(driver) == before


def connect_in_browser(server: Private, env: dict, shot: Path) -> tuple[str, str]:
    """Open Neo4j Browser on the HTTP port in a new profile and return the Bolt address its connect form
    offers; then open, in another new profile, the link `scripts/neo4j browser` prints and return what
    Browser shows for a node count once its startup connection is made (nothing typed in the form)."""
    playwright = pytest.importorskip("playwright.sync_api", reason="pip install playwright (in the test extra)")
    if not os.path.exists(CHROMIUM):
        pytest.skip("needs Debian's chromium (apt-get install chromium); CI installs it")
    proc = server.run("browser")
    assert proc.returncode == 0 and env["NEO4J_PASSWORD"] not in proc.stdout + proc.stderr, proc.stderr
    link = proc.stdout.strip()
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context().new_page()
        page.goto(f"http://127.0.0.1:{server.http}/browser/")
        page.wait_for_selector('input[data-testid="username"]', timeout=60000)
        offered = page.locator('input[data-testid="boltaddress"]').input_value()
        page = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
        page.goto(link)
        page.wait_for_selector("text=You are connected as user neo4j", timeout=60000)
        assert page.url == f"http://127.0.0.1:{server.http}/browser/"
        page.locator('[data-testid="activeEditor"]').first.click()
        page.keyboard.type("MATCH (n) RETURN 'kg-count:' + count(n) AS c")
        page.keyboard.press("Control+Enter")
        page.wait_for_selector("text=Started streaming 1 records", timeout=30000)
        cell = page.locator('[data-testid="frame"]').first.inner_text()
        page.screenshot(path=str(shot))
        browser.close()
    return offered, cell


@pytest.mark.neo4j
@pytest.mark.slow
@pytest.mark.browser
def test_script_neo4j_browser_connects_to_the_advertised_bolt_port(private, tmp_path):
    server, env = private
    with server.driver(env) as driver:
        n = driver.execute_query("MATCH (n) RETURN count(n) AS c").records[0]["c"]
    offered, cell = connect_in_browser(server, env, tmp_path / "browser-connect.png")
    assert offered.endswith(f"127.0.0.1:{server.bolt}")
    assert f"kg-count:{n}" in cell  # connected to this server, not to another on 7687


@pytest.mark.neo4j
@pytest.mark.slow
@pytest.mark.browser
def test_script_neo4j_browser_connects_on_the_default_ports(tmp_path):
    if port_taken(7687) or port_taken(7474):
        pytest.skip("ports 7687/7474 are in use on this machine")
    server = Private(tmp_path / "home", 7687, 7474)
    env = server.start()
    try:
        with server.driver(env) as driver:
            driver.execute_query("UNWIND range(1, 3) AS i CREATE (:Probe {i: i})")
        offered, cell = connect_in_browser(server, env, tmp_path / "browser-connect-default.png")
    finally:
        server.run("stop")
    assert offered.endswith("127.0.0.1:7687") and "kg-count:3" in cell


@pytest.mark.neo4j
@pytest.mark.slow
def test_script_neo4j_reset_empties_the_store_on_purpose(private):
    server, env = private
    proc = server.run("reset")
    assert proc.returncode == 0 and "emptied" in proc.stderr, proc.stderr
    assert exports(proc.stdout) == env  # it ran, so it runs again
    with server.driver(env) as driver:
        assert driver.execute_query("MATCH (n) RETURN count(n) AS c").records[0]["c"] == 0
