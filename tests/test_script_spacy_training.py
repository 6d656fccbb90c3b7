"""scripts/spacy_training.py: the typer trained with several seeds ships as one model whose weights are the
seeds' mean, so its logits are the mean of theirs."""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import spacy
from spacy.training import Example

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from spacy_training import average  # noqa: E402

LABELS = ("MODELS", "NONE")


def _textcat(seed: int, path: Path) -> Path:
    """A unigram TextCatBOW textcat like the typer's, trained a few steps from `seed` and saved at `path`."""
    spacy.util.fix_random_seed(seed)
    nlp = spacy.blank("en")
    nlp.add_pipe("textcat", config={"model": {"@architectures": "spacy.TextCatBOW.v3", "exclusive_classes": True,
                                             "ngram_size": 1, "no_output_layer": False, "length": 1024}})
    data = [("f_models w_bert", "MODELS"), ("f_none w_little", "NONE"), ("f_models w_gpt", "MODELS")]
    examples = [Example.from_dict(nlp.make_doc(t), {"cats": {lab: float(lab == y) for lab in LABELS}}) for t, y in data]
    optimizer = nlp.initialize(lambda: examples)
    for _ in range(3 + seed):
        nlp.update(examples, sgd=optimizer, drop=0.5)
    nlp.to_disk(path)
    return path


def _linear(nlp):
    return next(layer for layer in nlp.get_pipe("textcat").model.walk() if layer.name == "sparse_linear")


def test_script_spacy_training_average_is_the_mean_of_the_weights(tmp_path):
    models = [_textcat(seed, tmp_path / f"seed{seed}") for seed in (0, 1, 2)]
    average(models, tmp_path / "out" / "averaged")
    loaded = [spacy.load(m) for m in models]
    averaged = spacy.load(tmp_path / "out" / "averaged")
    weights = [_linear(nlp).get_param("W") for nlp in loaded]
    assert not np.allclose(weights[0], weights[1])  # the seeds differ, so the mean says something
    assert np.allclose(_linear(averaged).get_param("W"), np.mean(weights, axis=0))
    assert np.allclose(_linear(averaged).get_param("b"), np.mean([_linear(nlp).get_param("b") for nlp in loaded], axis=0))
    # the averaged model scores as a softmax of the mean logits
    doc = averaged.make_doc("f_models w_bert")
    logits = [np.log(np.array([nlp(doc.text).cats[lab] for lab in LABELS])) for nlp in loaded]
    mean = np.mean([lg - lg.mean() for lg in logits], axis=0)
    expected = np.exp(mean) / np.exp(mean).sum()
    assert np.allclose([averaged(doc.text).cats[lab] for lab in LABELS], expected, atol=1e-5)
