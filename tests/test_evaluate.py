"""Evaluation: `kg eval` agrees with the reference scorer; the seed and dev floors CI enforces."""
import json
import subprocess
import sys

import pytest

from kg.evaluate import at_bar, by_confidence, compare, load_gold

# F1 floors on the seeds (../shared/gold/seeds.jsonl), scored by ../shared/gold/score.py.
FLOORS = {
    "proposed": 0.90, "datasets": 0.90, "metrics": 0.85, "models": 0.80, "techniques": 0.65, "tasks": 0.55,
    "entities": 0.80, "code": 1.00, "speedups": 0.92, "speedup_baselines": 0.90, "results": 0.70,
}


# F1 floors on the dev set (../shared/gold/dev.jsonl: 200 arXiv abstracts never trained or tuned on), just under
# what the default pipeline scores today: they catch regressions on unseen text. Issue 13's targets are the floors
# (speedups 0.85, results 0.65; speedup_baselines 0.72, above its target of 0.70); issue 12's are met on dev for
# every field but entities (0.75), and its floors sit a little under them (below). A retrained typer moves a field
# of 200 abstracts by up to ±0.01 where cross-validation on train.jsonl does not move (metrics 0.584 → 0.577 on dev
# at CV 0.659 → 0.658, bench/RESULTS.md, twenty-seventh pass): the floors sit that far under today's figures. The
# typer is now the mean of three seeds, and two such means differ by 0.012 at most on a dev field (models 0.681 and
# 0.669, tasks 0.501 and 0.495, metrics 0.612 and 0.612; thirty-third pass). The thirty-fourth pass's measure heads
# raise metrics (0.612 → 0.631) and tasks (0.501 → 0.516). Raised in the forty-sixth pass, to about 0.015 under that
# pass's figures (proposed 0.802, models 0.711, techniques 0.637, datasets 0.818, metrics 0.659, tasks 0.556,
# entities 0.742, results 0.664), so a change that gives back what the lexicons of the last three passes added fails
# here.
DEV_FLOORS = {
    "proposed": 0.78, "models": 0.69, "techniques": 0.62, "datasets": 0.80, "metrics": 0.64, "tasks": 0.54,
    "entities": 0.725, "code": 0.95, "speedups": 0.85, "speedup_baselines": 0.72, "results": 0.65,
}


@pytest.fixture(scope="module")
def seed_records(run_kg_module, shared, tmp_path_factory):
    out = tmp_path_factory.mktemp("eval") / "seeds.jsonl"
    code, _, err = run_kg_module("extract", *sorted((shared / "corpus").glob("*.txt")), "-o", out)
    assert code == 0, err
    return out


@pytest.fixture(scope="module")
def run_kg_module():
    def run(*args):
        p = subprocess.run([sys.executable, "-m", "kg", *map(str, args)], capture_output=True, text=True, timeout=300)
        return p.returncode, p.stdout, p.stderr
    return run


@pytest.mark.shared
def test_evaluate_matches_reference_scorer(seed_records, shared):
    ref = subprocess.run([sys.executable, str(shared / "gold" / "score.py"), str(shared / "gold" / "seeds.jsonl"),
                          str(seed_records), "--json"], capture_output=True, text=True, check=True)
    reference = json.loads(ref.stdout)["fields"]
    ours, _ = compare(load_gold(shared / "gold" / "seeds.jsonl"), load_gold(seed_records))
    assert ours == reference


@pytest.mark.shared
def test_evaluate_seed_scores_above_floors(seed_records, shared):
    bounds = [f"--min={f}={v}" for f, v in FLOORS.items()]
    ref = subprocess.run([sys.executable, str(shared / "gold" / "score.py"), str(shared / "gold" / "seeds.jsonl"),
                          str(seed_records), *bounds], capture_output=True, text=True)
    print(ref.stdout)
    assert ref.returncode == 0, ref.stdout


@pytest.mark.shared
def test_evaluate_dev_scores_above_floors(run_kg_module, shared, tmp_path):
    out = tmp_path / "dev.jsonl"
    code, _, err = run_kg_module("extract", shared / "gold" / "dev_abstracts.jsonl", "-o", out)
    assert code == 0, err
    bounds = [f"--min={f}={v}" for f, v in DEV_FLOORS.items()]
    ref = subprocess.run([sys.executable, str(shared / "gold" / "score.py"), str(shared / "gold" / "dev.jsonl"),
                          str(out), *bounds], capture_output=True, text=True)
    print(ref.stdout)
    assert ref.returncode == 0, ref.stdout


@pytest.mark.shared
def test_evaluate_cli_prints_the_same_table(run_kg_module, shared, seed_records):
    code, out, err = run_kg_module("eval", shared / "gold" / "seeds.jsonl", *sorted((shared / "corpus").glob("*.txt")))
    assert code == 0, err
    ref = subprocess.run([sys.executable, str(shared / "gold" / "score.py"), str(shared / "gold" / "seeds.jsonl"),
                          str(seed_records)], capture_output=True, text=True, check=True)
    assert out.strip() == ref.stdout.strip()


def test_evaluate_counts_duplicates_of_a_found_entity_as_harmless():
    gold = {("a", 0): {"proposed": [["manifold feature distance", "MFD"]]}}
    system = {("a", 0): {"proposed": ["manifold feature distance", "MFD", "Other"]}}
    report, errors = compare(gold, system)
    assert report["proposed"]["tp"] == 1 and report["proposed"]["fp"] == 1
    assert errors[0]["false_positives"] == ["Other"]


def test_evaluate_by_confidence_leaves_out_the_names_under_each_bar():
    gold = {("a", 0): {"techniques": ["flow matching", "distillation"], "datasets": ["GSM8K"]},
            ("a", 1): {"tasks": ["image captioning"]}}
    system = {("a", 0): {"techniques": ["flow matching", "distillation", "high fidelity"], "datasets": ["GSM8K"],
                         "confidence": {"techniques": {"flow matching": 0.95, "distillation": 0.6, "high fidelity": 0.4}}},
              ("a", 1): {"tasks": ["image captioning"], "metrics": ["accuracy"],  # no confidence: the title named them
                         "confidence": {"tasks": {}, "metrics": {"accuracy": 0.2}}},
              ("b", 0): {"tasks": ["not in the gold"]}}
    assert at_bar(system[("a", 0)], 0.5)["techniques"] == ["flow matching", "distillation"]
    assert at_bar(system[("a", 0)], 0.5)["datasets"] == ["GSM8K"]  # no confidence given: kept
    rows = {row["bar"]: row for row in by_confidence(gold, system, bars=(0.3, 0.5, 0.7))}
    assert rows[None]["fields"]["techniques"] == round(2 / 3, 3) and rows[0.5]["fields"]["techniques"] == 1.0
    # every name: 4 of 4 gold entities found, "high fidelity" and "accuracy" extra
    assert (rows[None]["names"], rows[None]["tp"], rows[None]["fp"], rows[None]["fn"]) == (6, 4, 2, 0)
    assert (rows[0.3]["names"], rows[0.3]["tp"], rows[0.3]["fp"], rows[0.3]["fn"]) == (5, 4, 1, 0)
    assert (rows[0.5]["names"], rows[0.5]["tp"], rows[0.5]["fp"], rows[0.5]["fn"]) == (4, 4, 0, 0)
    assert (rows[0.7]["names"], rows[0.7]["tp"], rows[0.7]["fp"], rows[0.7]["fn"]) == (3, 3, 0, 1)
    assert rows[0.7]["recall"] == 0.75 and rows[0.5]["precision"] == 1.0


@pytest.mark.shared
def test_evaluate_cli_by_confidence_on_dev(run_kg_module, shared):
    """On dev, names at a higher bar are righter and fewer: the confidence ranks names, measured on text the
    typer never trained on."""
    code, out, err = run_kg_module("eval", shared / "gold" / "dev.jsonl", shared / "gold" / "dev_abstracts.jsonl",
                                   "--by-confidence")
    assert code == 0, err
    head, _, table = out.partition("entities by confidence")
    rows = [line.split() for line in table.splitlines()[2:] if line.strip()]
    assert rows[0][:2] == ["all", "names"] and [r[1] for r in rows[1:]] == ["0.3", "0.5", "0.7", "0.8", "0.9"]
    entities = next(line.split() for line in head.splitlines() if line.startswith("entities"))
    assert rows[0][3:6] == entities[1:4]  # no bar: the table's own entities row
    names = [int(r[2]) for r in rows]
    precision = [float(r[3]) for r in rows]
    assert names == sorted(names, reverse=True) and names[-1] < names[0] / 2
    assert precision == sorted(precision) and precision[3] >= 0.85  # at 0.7
    # each field's precision: with no bar, the table's own; at 0.7, higher than with no bar
    fields = ["proposed", "models", "techniques", "datasets", "metrics", "tasks"]
    assert table.splitlines()[1].split()[-6:] == [f[:6] for f in fields]
    main = {line.split()[0]: line.split()[1] for line in head.splitlines()[2:] if line.strip()}
    assert rows[0][-6:] == [main[f] for f in fields]
    assert all(float(a) > float(b) for a, b in zip(rows[3][-6:], rows[0][-6:]))
