"""Extraction: the mention typer ships small, is bounded and deterministic, and re-types by context."""
import json

import pytest

from conftest import extract_text
from kg.extract.typer import TYPER_DIR, MentionTyper, features


def test_extract_typer_ships_small_with_its_labels():
    size = sum(p.stat().st_size for p in TYPER_DIR.rglob("*") if p.is_file())
    assert 0 < size < 50 * 2**20
    meta = json.loads((TYPER_DIR / "meta.json").read_text())
    assert set(meta["labels"]["textcat"]) == {"PROPOSED", "MODELS", "TECHNIQUES", "DATASETS", "METRICS", "TASKS", "NONE"}


def test_extract_typer_features_are_bounded_tokens():
    line = features("We evaluate on the AIME24 and MATH-500 benchmarks.", "models", 19, 25, "name.shape")
    tokens = line.split(" ")
    assert "f_models" in tokens and "r_nameQshape" in tokens and "dig_True" in tokens
    words = [t for t in tokens if t.startswith(("w_", "l1_", "r1_"))]
    assert words and all(0 <= int(t.split("_", 1)[1]) < 2**15 for t in words)
    assert features("We evaluate on the AIME24 and MATH-500 benchmarks.", "models", 19, 25, "name.shape") == line


def test_extract_typer_missing_is_one_clear_error(tmp_path):
    from kg.errors import PipelineConfigError
    with pytest.raises(PipelineConfigError, match="train_typer.py"):
        MentionTyper(path=tmp_path)


@pytest.fixture(scope="module")
def rules_only(tmp_path_factory):
    from kg.extract import DEFAULT_CONFIG, load_pipeline
    cfg = tmp_path_factory.mktemp("cfg") / "rules.cfg"
    cfg.write_text(DEFAULT_CONFIG.read_text().replace('"kg_typer",', ""))
    return load_pipeline(cfg)


@pytest.mark.parametrize("text,name", [
    ("We cast route planning as a Markov Decision Process (MDP) and solve it with value iteration.", "Markov Decision Process"),
])
def test_extract_typer_moves_a_family_out_of_models(nlp, rules_only, text, name):
    assert ("models", name) in {(m.field, m.text) for m in extract_text(rules_only, text).mentions}
    assert ("techniques", name) in {(m.field, m.text) for m in extract_text(nlp, text).mentions}
