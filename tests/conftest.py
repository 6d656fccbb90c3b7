"""The one conftest: shared fixtures, the ../shared locator and the Neo4j switch."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("KG_SHARED", ROOT.parent / "shared"))
EXAMPLES = ROOT / "examples"


@pytest.fixture(scope="session")
def nlp():
    from kg.extract import load_pipeline
    return load_pipeline()


@pytest.fixture(scope="session")
def shared() -> Path:
    return SHARED


@pytest.fixture(scope="session")
def example_corpus() -> Path:
    return EXAMPLES / "abstracts.txt"


@pytest.fixture(scope="session")
def seed_extractions(nlp):
    from kg.extract import extract
    from kg.sources import read_documents
    return list(extract(read_documents(sorted((SHARED / "corpus").glob("*.txt"))), nlp))


@pytest.fixture(scope="session")
def example_extractions(nlp):
    from kg.extract import extract
    from kg.sources import read_documents
    return list(extract(read_documents([EXAMPLES / "abstracts.txt"]), nlp))


@pytest.fixture
def run_kg(tmp_path):
    """Run the CLI as a user would: a subprocess, returning (exit code, stdout, stderr)."""
    def run(*args, cwd=None, env=None):
        proc = subprocess.run([sys.executable, "-m", "kg", *map(str, args)], capture_output=True, text=True,
                              cwd=cwd or tmp_path, env={**os.environ, **(env or {})}, timeout=300)
        return proc.returncode, proc.stdout, proc.stderr
    return run


def spans_of(sentence: str, names: list[str]) -> list[tuple[int, int]]:
    """The [start, end) offsets of each name's first occurrence in a sentence (dataset spans for the
    claim and result finders)."""
    return [(sentence.index(n), sentence.index(n) + len(n)) for n in names]


def extract_text(nlp, text: str, source: str = "t.txt", meta: dict | None = None):
    """Extraction of one abstract (a helper for tests, not a fixture)."""
    from kg.extract import extract
    from kg.records import Document
    return next(extract([Document(source, 0, text, meta or {})], nlp))


# ---- Neo4j: the tests touch only a server the test run started itself --------------------------------
# The run starts its own server with scripts/neo4j in a home of its own (KG_TEST_NEO4J_HOME, default
# ~/.cache/kg-neo4j-test, marked by the file kg-test-home) on its own ports (KG_TEST_NEO4J_BOLT_PORT 7688,
# KG_TEST_NEO4J_HTTP_PORT 7475), and stops it at the end. Any NEO4J_URI of the caller's environment that
# is not that server is refused before a test runs; the NEO4J_* variables of the caller never reach the
# tests' subprocesses. Kill tests kill only that server's process, checked by its command line, its start
# time and its listening port, not by the pidfile alone.
TEST_NEO4J_HOME = Path(os.environ.get("KG_TEST_NEO4J_HOME", Path.home() / ".cache" / "kg-neo4j-test")).resolve()
TEST_NEO4J_BOLT_PORT = int(os.environ.get("KG_TEST_NEO4J_BOLT_PORT", "7688"))
TEST_NEO4J_HTTP_PORT = int(os.environ.get("KG_TEST_NEO4J_HTTP_PORT", "7475"))
TEST_NEO4J_MARK = "kg-test-home"
CALLER_NEO4J_URI = os.environ.get("NEO4J_URI", "").strip()
for _name in ("NEO4J_URI", "NEO4J_USERNAME", "NEO4J_PASSWORD", "NEO4J_DATABASE", "KG_NEO4J_HTTP"):
    os.environ.pop(_name, None)  # no test or subprocess reaches the caller's own server


def neo4j_script_env(home: Path, bolt: int, http: int) -> dict:
    """The environment for scripts/neo4j on a given home and ports (the caller's password left out)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NEO4J_", "KG_NEO4J_"))}
    return {**env, "KG_NEO4J_HOME": str(home), "KG_NEO4J_BOLT_PORT": str(bolt), "KG_NEO4J_HTTP_PORT": str(http)}


def neo4j_script(*args, home: Path = TEST_NEO4J_HOME, bolt: int = TEST_NEO4J_BOLT_PORT, http: int = TEST_NEO4J_HTTP_PORT,
                 timeout: int = 600) -> subprocess.CompletedProcess:
    return subprocess.run([str(ROOT / "scripts" / "neo4j"), *map(str, args)], capture_output=True, text=True,
                          env=neo4j_script_env(home, bolt, http), timeout=timeout)


def exports(stdout: str) -> dict:
    """The `export NAME=value` lines scripts/neo4j start prints, as a dict."""
    return dict(line[len("export "):].split("=", 1) for line in stdout.splitlines() if line.startswith("export "))


def _listening_inodes(port: int) -> set[str]:
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            f = line.split()
            if f[3] == "0A" and int(f[1].rsplit(":", 1)[1], 16) == port:  # state LISTEN on that local port
                inodes.add(f[9])
    return inodes


def _open_files(pid: int) -> set[str]:
    """What the descriptors of a live process point at; one closed between the listing and the read is
    skipped (a busy server opens and closes files all the time), not taken for a dead process."""
    out = set()
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            out.add(os.readlink(f"/proc/{pid}/fd/{fd}"))
        except FileNotFoundError:
            continue
    return out


def _start_time(pid: int) -> str:
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[19]  # field 22: start time in ticks


def server_process(home: Path, bolt: int, http: int) -> tuple[int, str] | None:
    """(pid, start time) of the scripts/neo4j server of `home` when the pid in its pidfile is alive, runs
    kg.Launcher with that home and ports, and itself holds the listening socket of the Bolt port; else None."""
    try:
        pid = int((home / "neo4j.pid").read_text().strip())
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        fds = _open_files(pid)
        started = _start_time(pid)
    except (OSError, ValueError):
        return None
    if b"kg.Launcher" not in cmdline or cmdline[cmdline.index(b"kg.Launcher") + 1:][:3] != \
            [str(bolt).encode(), str(http).encode(), str(home).encode()]:
        return None
    if not {f"socket:[{inode}]" for inode in _listening_inodes(bolt)} & fds:
        return None
    return pid, started


class OwnServer:
    """The run's own server: started (or, when already running in the marked test home, taken) once."""
    settings = None
    process: tuple[int, str] | None = None
    started_here = False

    @classmethod
    def refusal(cls) -> str | None:
        uri = f"bolt://127.0.0.1:{TEST_NEO4J_BOLT_PORT}"
        if CALLER_NEO4J_URI and CALLER_NEO4J_URI.rstrip("/") not in (uri, f"neo4j://127.0.0.1:{TEST_NEO4J_BOLT_PORT}"):
            return (f"refusing to run the Neo4j tests against NEO4J_URI={CALLER_NEO4J_URI}: the tests wipe their database, "
                    f"so they use only the server they start ({uri}, home {TEST_NEO4J_HOME}); unset NEO4J_URI, "
                    "or deselect them with -m 'not neo4j'")
        if (TEST_NEO4J_HOME / "data").exists() and not (TEST_NEO4J_HOME / TEST_NEO4J_MARK).exists():
            return (f"refusing to run the Neo4j tests in {TEST_NEO4J_HOME}: it holds databases the tests did not create "
                    "(no kg-test-home mark); point KG_TEST_NEO4J_HOME at a new directory")
        return None

    @classmethod
    def start(cls):
        if cls.settings is not None:
            return cls.settings
        TEST_NEO4J_HOME.mkdir(parents=True, exist_ok=True)
        (TEST_NEO4J_HOME / TEST_NEO4J_MARK).write_text("databases here are created and wiped by kg's test run\n")
        already = server_process(TEST_NEO4J_HOME, TEST_NEO4J_BOLT_PORT, TEST_NEO4J_HTTP_PORT)
        proc = neo4j_script("start")
        if proc.returncode == 0 and "older launcher" in proc.stderr:
            # the test home's own server, left running by an earlier run of an older launcher (no Browser
            # login link): start it again with this checkout's launcher
            proc = neo4j_script("restart")
            already = None
        if proc.returncode != 0:
            lines = [line for line in proc.stderr.splitlines() if line.strip()]
            pytest.skip(f"no test Neo4j server: {lines[-1] if lines else 'scripts/neo4j start failed'}")
        env = exports(proc.stdout)
        from kg.settings import Neo4jSettings
        cls.settings = Neo4jSettings(env["NEO4J_URI"], env["NEO4J_USERNAME"], env["NEO4J_DATABASE"], env["NEO4J_PASSWORD"])
        cls.process = server_process(TEST_NEO4J_HOME, TEST_NEO4J_BOLT_PORT, TEST_NEO4J_HTTP_PORT)
        cls.started_here = already is None
        os.environ.update(env)  # the tests' subprocesses (kg load, kg build --neo4j) reach this server only
        return cls.settings

    @classmethod
    def kill(cls) -> None:
        """SIGKILL the run's server: only the process the run started or took, checked again first."""
        now = server_process(TEST_NEO4J_HOME, TEST_NEO4J_BOLT_PORT, TEST_NEO4J_HTTP_PORT)
        if now is None or now != cls.process:
            pytest.fail(f"not killing: the process in {TEST_NEO4J_HOME / 'neo4j.pid'} is not the server this run started "
                        f"(command line, start time and Bolt port {TEST_NEO4J_BOLT_PORT} checked)", pytrace=False)
        os.kill(now[0], signal.SIGKILL)

    @classmethod
    def restart(cls, *args) -> None:
        """Start the run's server again after a kill (the store is the same), or run another command of
        scripts/neo4j that restarts it (`import DIR`)."""
        proc = neo4j_script(*(args or ("start",)))
        assert proc.returncode == 0, proc.stderr
        cls.process = server_process(TEST_NEO4J_HOME, TEST_NEO4J_BOLT_PORT, TEST_NEO4J_HTTP_PORT)

    @classmethod
    def stop(cls) -> None:
        if cls.started_here and server_process(TEST_NEO4J_HOME, TEST_NEO4J_BOLT_PORT, TEST_NEO4J_HTTP_PORT) is not None:
            neo4j_script("stop")


@pytest.hookimpl(trylast=True)  # after -m and -k deselected what will not run
def pytest_collection_modifyitems(config, items):
    skip_shared = pytest.mark.skip(reason=f"needs ../shared (not found at {SHARED}); CI always has it")
    for item in items:
        if "shared" in item.keywords and not (SHARED / "gold" / "seeds.jsonl").exists():
            item.add_marker(skip_shared)
    if any("neo4j" in item.keywords for item in items):
        refusal = OwnServer.refusal()
        if refusal:
            pytest.exit(refusal, returncode=4)


def pytest_sessionfinish(session, exitstatus):
    OwnServer.stop()


@pytest.fixture(scope="session")
def neo4j_settings():
    """The connection to the run's own server (started on first use)."""
    return OwnServer.start()


@pytest.fixture
def neo4j_driver(neo4j_settings):
    """A driver to the run's own server, on an empty database (the driver's TESTING.md asks for one)."""
    from kg.sinks.neo4j import connect
    driver = connect(neo4j_settings)
    driver.execute_query("MATCH (n) DETACH DELETE n", database_=neo4j_settings.database)
    yield driver
    driver.close()
