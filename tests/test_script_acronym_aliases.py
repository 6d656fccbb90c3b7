"""scripts/acronym_aliases.py: an acronym is proposed for a curated row only when the corpus defines it mostly as
that row's name, its initials spelling it, and no lexicon writes it already."""
from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from acronym_aliases import definitions, proposals  # noqa: E402


def test_script_acronym_aliases_counts_definitions_once_per_abstract():
    defs = definitions(["We use active learning (AL). Then active learning (AL) again.",
                        "Active learning (AL) picks samples; an adversarial loss (AL) too.",
                        "A (AL) alone defines nothing."])
    assert defs["AL"] == Counter({"active learning": 2, "adversarial loss": 1})


def test_script_acronym_aliases_proposes_only_a_dominant_spelled_long_form():
    mostly = Counter({"active learning": 18, "adversarial loss": 2})
    assert proposals({"AL": mostly}, 15, 0.7) == [(20, 0.9, "AL", "techniques", "active learning")]
    assert proposals({"AL": Counter({"active learning": 10, "adversarial loss": 10})}, 15, 0.7) == []  # no majority
    assert proposals({"AL": Counter({"active learning": 5})}, 15, 0.7) == []  # too few abstracts
    assert proposals({"ACL": Counter({"active learning": 40})}, 15, 0.7) == []  # the initials spell no "ACL"
    assert proposals({"RL": Counter({"reinforcement learning": 40})}, 15, 0.7) == []  # the lexicon holds "RL" now


def test_script_acronym_aliases_refuses_missing_data(tmp_path):
    proc = subprocess.run([sys.executable, str(ROOT / "scripts" / "acronym_aliases.py"), "--data", str(tmp_path)],
                          capture_output=True, text=True)
    assert proc.returncode == 1 and "pass --data" in proc.stderr and "Traceback" not in proc.stderr
