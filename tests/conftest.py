"""The one conftest: shared fixtures, the ../shared locator and the Neo4j switch."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("KG_SHARED", ROOT.parent / "shared"))
EXAMPLES = ROOT / "examples"


def pytest_collection_modifyitems(config, items):
    skip_shared = pytest.mark.skip(reason=f"needs ../shared (not found at {SHARED}); CI always has it")
    for item in items:
        if "shared" in item.keywords and not (SHARED / "gold" / "seeds.jsonl").exists():
            item.add_marker(skip_shared)


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


def extract_text(nlp, text: str, source: str = "t.txt", meta: dict | None = None):
    """Extraction of one abstract (a helper for tests, not a fixture)."""
    from kg.extract import extract
    from kg.records import Document
    return next(extract([Document(source, 0, text, meta or {})], nlp))


NEO4J_HINT = ('needs a Neo4j server: run eval "$(scripts/neo4j start)" (or `docker compose up -d --wait` and '
              'export NEO4J_URI, NEO4J_PASSWORD); CI starts one')


@pytest.fixture(scope="session")
def neo4j_settings():
    from kg.settings import Neo4jSettings
    if not Neo4jSettings.configured() or not os.environ.get("NEO4J_PASSWORD"):
        pytest.skip(NEO4J_HINT)
    return Neo4jSettings.from_env()


@pytest.fixture
def neo4j_driver(neo4j_settings):
    """A driver to the test server, on an empty database (the driver's TESTING.md asks for one)."""
    from kg.sinks.neo4j import connect
    driver = connect(neo4j_settings)
    driver.execute_query("MATCH (n) DETACH DELETE n", database_=neo4j_settings.database)
    yield driver
    driver.close()
