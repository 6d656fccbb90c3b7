"""scripts/build_terms.py: the corpus terms the typer reads are found as Schwartz & Hearst do, names
are counted per abstract, and the script rebuilds the shipped lists byte for byte from ../shared/data."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from build_terms import defined_terms, long_form, name_shaped, written_names  # noqa: E402

from kg.extract.corpus import NAMES_FILE, TERMS_FILE  # noqa: E402


def test_script_build_terms_long_form_spells_the_acronym():
    assert long_form("we fit a Gaussian mixture model".split(), "GMM") == ["Gaussian", "mixture", "model"]
    assert long_form("boxes pass non-maximum suppression".split(), "NMS") == ["non-maximum", "suppression"]
    assert long_form("the results are good".split(), "GMM") is None
    assert long_form("a model".split(), "M") is None  # one letter is no acronym


def test_script_build_terms_counts_abstracts_and_skips_fragments():
    abstracts = ["We use a Gaussian mixture model (GMM). The GMM and Gaussian mixture model (GMM) again.",
                 "Gaussian mixture models (GMMs) are classic.",
                 "we propose the (SOTA) approach and of the art (OTA)."]
    docs = defined_terms(abstracts)
    assert docs["gaussian mixture model"] == 1 and docs["gaussian mixture models"] == 1  # per abstract
    assert not any(t.split()[0] in ("of", "the") for t in docs)


@pytest.mark.shared
@pytest.mark.slow
def test_script_build_terms_rebuilds_the_shipped_list(shared, tmp_path):
    proc = subprocess.run([sys.executable, str(ROOT / "scripts" / "build_terms.py"), "--data", str(shared / "data"),
                           "--out", str(tmp_path)], capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted((TERMS_FILE.name, NAMES_FILE.name))
    for shipped in (TERMS_FILE, NAMES_FILE):
        assert (tmp_path / shipped.name).read_bytes() == shipped.read_bytes(), shipped.name


def test_script_build_terms_refuses_missing_data(tmp_path):
    proc = subprocess.run([sys.executable, str(ROOT / "scripts" / "build_terms.py"), "--data", str(tmp_path),
                           "--out", str(tmp_path / "out")], capture_output=True, text=True)
    assert proc.returncode == 1 and "pass --data" in proc.stderr and "Traceback" not in proc.stderr
    assert not (tmp_path / "out").exists()


def test_script_build_terms_counts_name_shaped_words_once_per_abstract():
    assert all(map(name_shaped, ("GPT-4", "LLaMA", "ResNet-50", "ImageNet-1K")))
    assert not any(map(name_shaped, ("The", "model", "A", "2024")))
    docs = written_names(["GPT-4 beats LLaMA; GPT-4 again.", "We compare with GPT-4.", "The model"])
    assert docs == {"GPT-4": 2, "LLaMA": 1}
