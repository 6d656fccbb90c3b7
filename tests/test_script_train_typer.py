"""scripts/train_typer.py: abstracts annotated beyond train.jsonl (bench/typer_extra/) become typer examples
the same way train.jsonl's do: each candidate labelled with the field of the entity it names, else NONE."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from train_typer import PRIORITY as FIELDS  # noqa: E402
from train_typer import extra_examples, training_split  # noqa: E402


@pytest.mark.shared
@pytest.mark.slow
def test_script_train_typer_extra_examples_label_the_annotated_entities(shared, tmp_path):
    record = json.loads((ROOT / "bench" / "typer_extra" / "round2.jsonl").read_text().splitlines()[0])
    annotated, bare = tmp_path / "annotated.jsonl", tmp_path / "bare.jsonl"
    annotated.write_text(json.dumps(record) + "\n")
    bare.write_text(json.dumps({"id": record["id"], **{f: [] for f in FIELDS}}) + "\n")
    (with_labels,), (without,) = list(extra_examples(shared, annotated)), list(extra_examples(shared, bare))
    assert [line for line, _ in with_labels] == [line for line, _ in without]  # the same candidates
    assert {label for _, label in without} == {"NONE"}
    found = {label for _, label in with_labels} - {"NONE"}
    assert found and found <= {f.upper() for f in FIELDS if record[f]}


@pytest.mark.shared
@pytest.mark.slow
def test_script_train_typer_extra_examples_refuse_an_unknown_id(shared, tmp_path):
    path = tmp_path / "extra.jsonl"
    path.write_text(json.dumps({"id": "arxiv:0000.00000", **{f: [] for f in FIELDS}}) + "\n")
    with pytest.raises(SystemExit, match=r"extra\.jsonl: no abstract of .* has the id arxiv:0000\.00000 \(1 such ids\)"):
        list(extra_examples(shared, path))


def test_script_train_typer_training_split_never_holds_out_an_extra_abstract():
    """`--extra` abstracts go to the training side only, and train.jsonl's held-out 100 stay the same with them."""
    train = [[(f"f_{i}", "NONE")] for i in range(800)]
    extra = [[(f"x_{i}", "TASKS")] for i in range(360)]
    alone, held = training_split(train)
    both, held_with = training_split(train, extra)
    assert alone == train and both == train + extra
    assert held == held_with and len(held) == 100 and max(held) < 800
