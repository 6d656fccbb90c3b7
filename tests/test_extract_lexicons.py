"""The shipped lexicons: the generated Papers-with-Code lists are clean, typed, attributed, loaded
and matched, and scripts/build_lexicons.py rebuilds them byte for byte from ../shared/data."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import extract_text
from kg.extract.lexicon import LEXICON_DIR, TYPE_FIELD, Lexicon

ROOT = Path(__file__).resolve().parent.parent
GENERATED = ("pwc_datasets.tsv", "pwc_tasks.tsv", "pwc_metrics.tsv")
SQLISH = re.compile(r"[;=<>{}\[\]\\`\"]|--|/\*|\b(?:select|union|sleep|insert|drop)\b|https?:", re.I)
SPLIT = re.compile(r"(?:^|\s)(?:test|val|dev|train|test-dev|test-std|minival|validation)(?:\s|$)|\d+x\d+|\d+-shot|[,%()]", re.I)


def rows(name: str) -> list[list[str]]:
    lines = (LEXICON_DIR / name).read_text(encoding="utf-8").splitlines()
    return [line.split("\t") for line in lines if line and not line.startswith("#")]


@pytest.mark.parametrize("name", GENERATED)
def test_extract_lexicons_generated_lists_hold_no_junk(name):
    table = rows(name)
    assert len(table) > 100
    for row in table:
        assert len(row) == 3, row
        assert row[0] in TYPE_FIELD, row
        for surface in [row[1], *filter(None, row[2].split("|"))]:
            assert surface == surface.strip() and len(surface) > 2, row
            assert re.search(r"[A-Za-z]", surface), row
            assert not SQLISH.search(surface), row
            assert not SPLIT.search(surface), row
            assert len(surface.split()) <= 6, row


def test_extract_lexicons_no_task_in_words_is_a_metric():
    # PwC names some metric columns after their task ("dense captioning"): the task list keeps them
    tasks = {row[1].lower() for row in rows("pwc_tasks.tsv")}
    assert [row[1] for row in rows("pwc_metrics.tsv") if " " in row[1] and row[1].lower() in tasks] == []


def test_extract_lexicons_tasks_are_lower_case_terms_of_two_words():
    for _type, name, _aliases in rows("pwc_tasks.tsv"):
        assert len(name.split()) >= 2, name
        assert not re.search(r"\b[A-Z][a-z]+\b", name), name  # ordinary words are lower case; acronyms may stay


def test_extract_lexicons_generated_lists_carry_licence_and_origin():
    for name in GENERATED:
        header = [line for line in (LEXICON_DIR / name).read_text(encoding="utf-8").splitlines() if line.startswith("#")]
        text = " ".join(header)
        assert "Licence" in text and "CC BY-SA 4.0" in text and "Origin" in text, name
    readme = (LEXICON_DIR / "README.md").read_text(encoding="utf-8")
    for needle in ("CC BY-SA 4.0", "Apache-2.0", "DataFinder", "NLP-TDMS", "Papers with Code", "scripts/build_lexicons.py"):
        assert needle in readme


def test_extract_lexicons_curated_lists_win_over_generated():
    curated = set()
    for name in ("datasets.tsv", "metrics.tsv", "models.tsv", "tasks.tsv", "techniques.tsv"):
        for row in rows(name):
            curated |= {s.lower() for s in [row[1], *filter(None, row[2].split("|") if len(row) > 2 else [])]}
    for name in GENERATED:
        for row in rows(name):
            assert row[1].lower() not in curated, row


def test_extract_lexicons_loader_matches_generated_entries(nlp):
    lex = Lexicon.load()
    assert lex.entries[("datasets", "Omniglot")] == "Omniglot"
    assert lex.entries[("tasks", "grammatical error corrections")] == "grammatical error correction"  # plural by the loader
    doc = nlp("We study Grammatical Error Correction and few-shot classification on Omniglot, reporting NMSE of 0.1.")
    found = {(fld, canonical) for fld, _s, _e, rule, canonical in doc._.kg_mentions if rule == "lexicon"}
    assert ("tasks", "grammatical error correction") in found
    assert ("datasets", "Omniglot") in found
    assert ("metrics", "NMSE") in found


@pytest.mark.shared
@pytest.mark.slow
def test_extract_lexicons_script_rebuilds_shipped_files(shared, tmp_path):
    proc = subprocess.run([sys.executable, str(ROOT / "scripts" / "build_lexicons.py"), "--data", str(shared / "data"),
                           "--out", str(tmp_path)], capture_output=True, text=True, timeout=1800)
    assert proc.returncode == 0, proc.stderr
    for name in GENERATED:
        assert (tmp_path / name).read_bytes() == (LEXICON_DIR / name).read_bytes(), name


def test_extract_lexicons_script_refuses_missing_data(tmp_path):
    proc = subprocess.run([sys.executable, str(ROOT / "scripts" / "build_lexicons.py"), "--data", str(tmp_path),
                           "--out", str(tmp_path)], capture_output=True, text=True)
    assert proc.returncode == 1
    assert "pass --data" in proc.stderr and "Traceback" not in proc.stderr
    assert not list(tmp_path.glob("*.tsv"))


def test_extract_lexicons_serving_and_time_measures_are_metrics(nlp):
    """Measured quantities written as such are metrics: pass@k at any k, runtime, time to first token,
    GPU memory; a generic one only where the text measures with it."""
    text = ("ZetaCode raises pass@16 by 5 points, cuts GPU memory by 40% and TTFT by 2x, and brings runtime "
            "down to 3 s. We discuss runtime considerations of LLM agents.")
    metrics = [m.text for m in extract_text(nlp, text).mentions if m.field == "metrics"]
    assert {"pass@16", "GPU memory", "TTFT", "runtime"} <= set(metrics)
    assert metrics.count("runtime") == 1  # "runtime considerations" measures nothing
    assert "LLM agents" in [m.text for m in extract_text(nlp, text).mentions if m.field == "techniques"]


@pytest.mark.parametrize("text,metric", [
    ("Our algorithm achieves an approximation ratio of 2 for monotone objectives.", "approximation ratio"),
    ("Our sampler reduces the query complexity from O(n^2) to O(n log n) on sparse graphs.", "query complexity"),
    ("The proposed test controls the Type I error and has decreased Type II error relative to uniform querying.",
     "Type II error"),
    ("In high dimension, the generalization error of the perceptron decays as 1/n.", "generalization error"),
])
def test_extract_lexicons_theory_and_error_measures_are_metrics(nlp, text, metric):
    """The measures of theory and statistics papers (conference abstracts of other venues) are metrics where the
    text measures with them (a generic one without a number or a cue stays out: convert._weak_metric)."""
    assert metric in [m.text for m in extract_text(nlp, text).mentions if m.field == "metrics"]


@pytest.mark.parametrize("text,model", [
    ("Adversarial examples were crafted with Foolbox against the three classifiers.", "Foolbox"),
    ("Labels were collected on Amazon Mechanical Turk from 300 workers.", "Amazon Mechanical Turk"),
    ("The controller runs in Gazebo before it is deployed on the robot.", "Gazebo"),
    ("We compare with Reptile and a U-net baseline on few-shot segmentation.", "U-net"),
    ("Page images were read with Tesseract before the parser ran.", "Tesseract"),
    ("Training used DP-SGD as implemented in Opacus with clipping norm 1.", "Opacus"),
    # the long form of SGD, as train.jsonl annotates it (4 of 4); no techniques row takes it
    ("Two-layer networks trained with stochastic gradient descent reach zero training loss.", "stochastic gradient descent"),
    # the Fourier neural operator, a named architecture train.jsonl annotates as a model (3 of 3)
    ("We compare with Fourier Neural Operators and UNets on the Navier-Stokes benchmark.", "Fourier Neural Operators"),
])
def test_extract_lexicons_software_and_classic_algorithms_are_models(nlp, text, model):
    """Software, services and classic named algorithms are models (GUIDELINES; in train.jsonl 26 of the 27 mentions
    of these rows are so annotated): written as one word with no inner capital, no rule finds them by shape."""
    assert model in [m.text for m in extract_text(nlp, text).mentions if m.field == "models"]


@pytest.mark.parametrize("text,field,name", [
    ("The rover localizes with an unscented Kalman filter fused with wheel odometry.", "techniques",
     "unscented Kalman filter"),
    ("The plan is refined with the cross entropy method over 200 sampled trajectories.", "techniques",
     "cross entropy method"),
    ("We employ branch-and-bound to search the 6D space of camera poses.", "techniques", "branch-and-bound"),
    ("We address the problem of a consistent estimator for SLAM in large outdoor scenes.", "tasks", "SLAM"),
    ("The braking surface is evaluated in a receding horizon manner at 50 Hz.", "techniques", "receding horizon"),
])
def test_extract_lexicons_classic_robotics_and_optimisation_terms(nlp, text, field, name):
    """The classic techniques of robotics, control and optimisation that conference abstracts of other venues name
    (and SLAM, a task: 3 of 3 in train.jsonl)."""
    assert name in [m.text for m in extract_text(nlp, text).mentions if m.field == field]


@pytest.mark.parametrize("text,name", [
    ("We fit a Bayesian neural network to the sensor data and report its calibration.", "Bayesian neural network"),
    ("The estimate is checked with Monte Carlo simulations of the swarm.", "Monte Carlo simulations"),
    ("Both stages are cast as Wasserstein gradient flow over particle measures.", "Wasserstein gradient flow"),
])
def test_extract_lexicons_term_with_capitals_matches_in_either_number(nlp, text, name):
    """A technique written with capitals before a lower-case last word matches singular and plural alike, as a
    lower-case one does (not a metric's row: "forward KL divergences" is no measure)."""
    assert name in [m.text for m in extract_text(nlp, text).mentions if m.field == "techniques"]


@pytest.mark.parametrize("text,name", [
    ("However, even the state-of-the-art NeRF model, Gaussian Splatting, requires minutes for training.",
     "Gaussian Splatting"),
    ("Each robot fuses the relative measurements with an Extended Kalman Filter.", "Extended Kalman Filter"),
])
def test_extract_lexicons_term_with_capitals_matches_in_title_case(nlp, text, name):
    """A term that starts on a name and goes on in lower case ("Gaussian splatting") matches in title case too, as a
    lower-case term matches in any case."""
    assert name in [m.text for m in extract_text(nlp, text).mentions if m.field == "techniques"]


def test_extract_lexicons_pde_benchmarks_are_datasets(nlp):
    """The PDE systems neural solvers are scored on are benchmarks (train.jsonl: 5 of 5 annotated datasets)."""
    text = "The operator beats FNO on Burgers' equation, Darcy flow and the Kuramoto-Sivashinsky equation."
    datasets = [m.text for m in extract_text(nlp, text).mentions if m.field == "datasets"]
    assert {"Burgers' equation", "Darcy flow", "Kuramoto-Sivashinsky equation"} <= set(datasets), datasets


@pytest.mark.parametrize("text,name", [
    ("We compare structured pruning of attention heads with quantization on three encoders.", "structured pruning"),
    ("Chain-of-thought prompting lifts the smaller model by eleven points on the math set.", "Chain-of-thought prompting"),
    ("Unlike full fine-tuning, the adapters train 2% of the weights.", "full fine-tuning"),
    ("We train a diffusion transformer on latent patches of the images.", "diffusion transformer"),
    ("A DiT of 600M parameters is distilled into four sampling steps.", "DiT"),
    ("Feature caching reuses the deep features of the previous denoising step.", "Feature caching"),
    ("Vision-language-action models map camera frames to robot actions.", "Vision-language-action models"),
    ("Model compression shrinks the detector to 3 MB without retraining.", "Model compression"),
    ("We cast the planner as a Markov decision process with sparse rewards.", "Markov decision process"),
])
def test_extract_lexicons_common_training_and_inference_techniques(nlp, text, name):
    """The techniques of training, pruning and inference that train.jsonl annotates each time its abstracts name them
    ("chain-of-thought prompting", not the bare "chain-of-thought" nor a task of "reasoning"); a diffusion
    transformer is a technique with its acronym, as train.jsonl annotates DiT (4 of 4)."""
    assert name in [m.text for m in extract_text(nlp, text).mentions if m.field == "techniques"]


def test_extract_lexicons_technique_written_with_a_hyphen_matches(nlp):
    """A lower-case technique of two words matches where its words are joined by a hyphen, as a modifier too."""
    text = "We replace the flow-matching objective with a beam-search decoder and compare gradient-clipping baselines."
    techniques = [m.text for m in extract_text(nlp, text).mentions if m.field == "techniques"]
    assert {"flow-matching", "beam-search", "gradient-clipping"} <= set(techniques), techniques


def test_extract_lexicons_one_field_for_terms_train_annotates_one_way():
    """Architectures and scene representations train.jsonl annotates as techniques (LSTM 4 of 4, 3D Gaussian Splatting
    5 of 5, neural radiance fields 5 of 6), dimensionality reduction, continual learning and density estimation
    techniques (4 of 4, 4 of 6, 2 of 2) and domain adaptation a task (4 of 5): each has one row, in that field."""
    from kg.extract.lexicon import Lexicon

    fields = {}
    for (fld, surface) in Lexicon.load().entries:
        fields.setdefault(surface, set()).add(fld)
    for surface in ("LSTM", "3DGS", "3D Gaussian Splatting", "NeRF", "dimensionality reduction", "continual learning",
                    "density estimation"):
        assert fields[surface] == {"techniques"}, surface
    assert fields["domain adaptation"] == {"tasks"}


def test_extract_lexicons_generic_steps_and_capabilities_are_no_tasks(nlp):
    """Phrases train.jsonl never annotates where abstracts write them: a step of a method or a capability ("response
    generation", "multimodal understanding"), or what a task acts on ("referring expression"). No lexicon lists
    them, so they grow into a task only inside a specific term."""
    from kg.extract.lexicon import Lexicon

    surfaces = {surface.lower() for _fld, surface in Lexicon.load().entries}
    generic = {"response generation", "action generation", "model optimization", "efficient exploration",
               "referring expression", "multimodal understanding", "language generation"}
    assert not generic & surfaces
    text = "The agent improves response generation and multimodal understanding in dialogue."
    assert not generic & {m.text.lower() for m in extract_text(nlp, text).mentions if m.field == "tasks"}


def test_extract_lexicons_vision_and_language_navigation_is_a_task(nlp):
    """The embodied task, with its acronym and the PwC list's spelling as aliases (read in a build of arxiv-005, where
    the typer made its long form a technique)."""
    text = ("Vision-and-Language Navigation (VLN) aims to enable an embodied agent to follow natural-language "
            "instructions and navigate to a target location in unseen 3D environments. We argue that adapting VLMs to "
            "VLN requires endowing them with two complementary capabilities.")
    title = "SpaAct: Spatially-Activated Transition Learning with Curriculum Adaptation for Vision-Language Navigation"
    found = [(m.field, m.text) for m in extract_text(nlp, text, meta={"title": title}).mentions]
    assert ("tasks", "Vision-and-Language Navigation") in found, found


def test_extract_lexicons_hyphenated_terms_match_written_with_spaces(nlp):
    lex = Lexicon()
    lex.add("techniques", "self-attention")
    lex.add("tasks", "few-shot learning")
    lex.add("techniques", "k-means clustering")
    lex.add("models", "Mask-RCNN")
    assert lex.entries[("techniques", "self attention")] == "self-attention"
    assert lex.entries[("tasks", "few shot learning")] == lex.entries[("tasks", "few shot learnings")] == "few-shot learning"
    assert ("techniques", "k means clustering") not in lex.entries  # a one-letter word is no word of its own
    assert ("models", "Mask RCNN") not in lex.entries  # names match as written
    found = {(m.field, m.text, m.evidence.rule) for m in
             extract_text(nlp, "We use self attention and evaluate image super resolution on DIV2K.").mentions}
    assert {("techniques", "self attention", "lexicon"), ("tasks", "image super resolution", "lexicon")} <= found, found
