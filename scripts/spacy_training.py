"""The one step both model scripts share: `spacy train` a config on DocBins, install the best model."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path


def train_and_install(config: Path, work: Path, target: Path, what: str) -> None:
    """Train `config` on work/train.spacy (model selection on work/held.spacy) and copy the best
    model to `target` (replacing it)."""
    out = work / "model"
    cmd = [sys.executable, "-m", "spacy", "train", str(config), "--output", str(out),
           "--paths.train", str(work / "train.spacy"), "--paths.dev", str(work / "held.spacy")]
    print("+", " ".join(cmd), file=sys.stderr)
    subprocess.run(cmd, check=True)
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(out / "model-best", target)
    size = sum(p.stat().st_size for p in target.rglob("*") if p.is_file())
    print(f"{what} → {target} ({size / 1e6:.1f} MB)", file=sys.stderr)
