"""The one step both model scripts share: `spacy train` a config on DocBins, install the best model;
and, for the mention typer, the average of models trained with several seeds."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path


def train(config: Path, work: Path, out: Path, overrides: tuple[str, ...] = (), quiet: bool = False) -> Path:
    """`spacy train` `config` on work/train.spacy (spaCy's report on work/held.spacy) into `out`; the
    path of its best model. `overrides` are spaCy's command-line settings ("--system.seed", "1");
    `quiet` keeps spaCy's log to itself."""
    cmd = [sys.executable, "-m", "spacy", "train", str(config), "--output", str(out),
           "--paths.train", str(work / "train.spacy"), "--paths.dev", str(work / "held.spacy"), *overrides]
    print("+", " ".join(cmd), file=sys.stderr)
    subprocess.run(cmd, check=True, capture_output=quiet)
    return out / "model-best"


def average(models: list[Path], target: Path, held: Path | None = None) -> None:
    """Write to `target` the first of `models` with every parameter of its `textcat` replaced by the
    mean over `models` (the same config trained with other seeds). For a linear textcat the mean of
    the weights is the mean of the logits: one model, scored as fast as each, whose probabilities move
    less with the seed than any one run's. With `held` (a DocBin), meta.json reports the mean model on it."""
    import numpy as np
    import spacy

    nlps = [spacy.load(m) for m in models]
    nodes = [list(nlp.get_pipe("textcat").model.walk()) for nlp in nlps]
    for parts in zip(*nodes):
        for name in parts[0].param_names:
            if parts[0].has_param(name):
                parts[0].set_param(name, np.mean([p.get_param(name) for p in parts], axis=0))
    if held is not None:  # spaCy's report in meta.json, of the averaged model, not of the first seed's
        from spacy.training import Corpus
        scores = nlps[0].evaluate(list(Corpus(held)(nlps[0])))
        nlps[0].meta["performance"] = {k: scores.get(k, v) for k, v in nlps[0].meta.get("performance", {}).items()}
    shutil.rmtree(target, ignore_errors=True)
    target.parent.mkdir(parents=True, exist_ok=True)
    nlps[0].to_disk(target)


def trained(config: Path, work: Path, seeds: int = 1, overrides: tuple[str, ...] = (), quiet: bool = False) -> Path:
    """`train` `config` in `work` with seeds 0 … `seeds`-1, averaged (`average`) when there are several;
    the path of the model (work/model/model-best either way)."""
    if seeds == 1:
        return train(config, work, work / "model", overrides, quiet)
    best = work / "model" / "model-best"
    average([train(config, work, work / f"model-seed{s}", overrides + ("--system.seed", str(s)), quiet)
             for s in range(seeds)], best, work / "held.spacy")
    return best


def train_and_install(config: Path, work: Path, target: Path, what: str, seeds: int = 1) -> None:
    """Train `config` on work/train.spacy (model selection on work/held.spacy), with `seeds` seeds averaged
    (`trained`), and copy the model to `target` (replacing it)."""
    best = trained(config, work, seeds)
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(best, target)
    size = sum(p.stat().st_size for p in target.rglob("*") if p.is_file())
    print(f"{what} → {target} ({size / 1e6:.1f} MB)", file=sys.stderr)
