"""Extraction: the trained entity model ships small, loads offline, is deterministic, and helps on new text."""
import json
from pathlib import Path

import pytest

from conftest import extract_text
from kg.extract.model import MODEL_DIR, EntityModel

WITH_MODEL = MODEL_DIR.parent / "with_model.cfg"

ABSTRACT = (
    "We introduce a retrieval-augmented planner for household robots. Across 1,200 episodes on the "
    "ALFRED and TEACh benchmarks it raises the success rate by 9 points over ReAct, and cuts the number "
    "of environment steps in half. We further study instruction following and long-horizon task planning."
)


def test_extract_model_ships_small_with_its_config():
    size = sum(p.stat().st_size for p in MODEL_DIR.rglob("*") if p.is_file())
    assert 0 < size < 50 * 2**20
    meta = json.loads((MODEL_DIR / "meta.json").read_text())
    assert meta["pipeline"] == ["tok2vec", "ner"]
    assert set(meta["labels"]["ner"]) == {"PROPOSED", "MODEL", "TECHNIQUE", "DATASET", "METRIC", "TASK"}


def test_extract_model_missing_is_one_clear_error(tmp_path):
    from kg.errors import PipelineConfigError
    with pytest.raises(PipelineConfigError, match="train_entities.py"):
        EntityModel(path=tmp_path)


@pytest.fixture(scope="module")
def nlp_model():
    from kg.extract import load_pipeline
    return load_pipeline(WITH_MODEL)


def test_extract_model_is_deterministic_and_independent_of_neighbours(nlp_model):
    nlp = nlp_model
    from kg.extract import extract
    from kg.records import Document
    alone = extract_text(nlp, ABSTRACT).mentions
    others = [Document("t.txt", i, f"We train GPT-2 on WikiText-103 and report perplexity {i}.") for i in range(5)]
    batch = list(extract([*others, Document("t.txt", 9, ABSTRACT)], nlp, batch_size=3))
    assert batch[-1].mentions == alone
    assert extract_text(nlp, ABSTRACT).mentions == alone


SUBJECT = ("Robotic guitar playing remains out of reach. We enable imitation learning for robotic guitar "
           "playing at scale.")


def test_extract_model_adds_to_the_rules_and_never_removes(nlp, nlp_model):
    from kg.text import normalise

    by_rules = extract_text(nlp, SUBJECT).mentions
    rules = {(m.field, normalise(m.text)) for m in by_rules}
    ext = extract_text(nlp_model, SUBJECT)
    both = {(m.field, normalise(m.text)) for m in ext.mentions}
    assert rules <= both  # the same entities, whichever of their spellings comes first
    added = [m for m in ext.mentions if m.evidence.rule == "model.ner"]
    assert added
    taken = [(m.evidence.start, m.evidence.end) for m in by_rules]
    assert all(m.evidence.end <= s or e <= m.evidence.start for m in added for s, e in taken)  # only where no rule found one
    assert ("tasks", "roboticguitarplaying") in both  # a lower-case subject, written twice


def test_extract_model_rebuild_command_is_documented():
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    assert "python scripts/train_entities.py" in readme


def test_extract_model_config_is_the_default_with_the_model():
    """with_model.cfg is config.cfg with kg_model before the claims: the rules and the typer's settings are the
    default pipeline's (they had drifted: an old typer's thresholds ran beside the model)."""
    from spacy import util

    from kg.extract import DEFAULT_CONFIG

    default = util.load_config(DEFAULT_CONFIG, interpolate=False)
    with_model = util.load_config(WITH_MODEL, interpolate=False)
    pipeline = list(default["nlp"]["pipeline"])
    pipeline.insert(pipeline.index("kg_claims"), "kg_model")
    assert list(with_model["nlp"]["pipeline"]) == pipeline
    assert with_model["components"]["kg_model"]["factory"] == "kg_model"
    assert {k: v for k, v in with_model["components"].items() if k != "kg_model"} == dict(default["components"])
    assert {k: v for k, v in with_model["nlp"].items() if k != "pipeline"} == \
        {k: v for k, v in default["nlp"].items() if k != "pipeline"}
