"""Evaluation: extraction records against a gold JSONL, with the matching of shared/gold/score.py.

Entity fields are scored per paper as sets: a gold entity (a list of acceptable forms) is
found when an extracted name normalises to one of its forms; an extracted name that matches
an entity already found is a duplicate, not an error. Speed-ups match on value, value_max
and unit; `speedup_baselines` also on the normalised baseline; results on value and metric.
"""
from __future__ import annotations

import json
from pathlib import Path

from .errors import SourceError
from .records import ENTITY_FIELDS
from .text import normalise

ALL_FIELDS = [*ENTITY_FIELDS, "entities", "speedups", "speedup_baselines", "results", "code"]


def record_key(rec: dict) -> tuple:
    if "source" in rec and "index" in rec:
        return (rec["source"], int(rec["index"]))
    return ("id", str(rec.get("id")))


def load_gold(path: str | Path) -> dict[tuple, dict]:
    """Gold records by (source, index), or by id."""
    out = {}
    with open(path, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
            except json.JSONDecodeError as exc:
                raise SourceError(path, f"is not valid JSON ({exc.msg}); a gold file is JSON Lines", n) from None
            if not isinstance(rec, dict) or not (("source" in rec and "index" in rec) or "id" in rec):
                raise SourceError(path, "is not a gold record: each line is a JSON object with source and index "
                                        "(or id) and the fields of GUIDELINES.md", n)
            bad = next((f for f in (*ENTITY_FIELDS, "speedups", "results", "code")
                        if f in rec and not isinstance(rec[f], list)), None)
            if bad:
                raise SourceError(path, f"field {bad!r} is not a list; see GUIDELINES.md for the record's shape", n)
            try:
                out[record_key(rec)] = rec
            except (TypeError, ValueError):
                raise SourceError(path, "has an index that is not a number", n) from None
    return out


def _forms(entity) -> list[str]:
    return entity if isinstance(entity, list) else [entity]


def match_entities(gold_entities: list, names: list[str]):
    """(tp, false-positive names, missed gold entities) for one paper."""
    unused = list(dict.fromkeys(n for n in (normalise(x) for x in names) if n))
    by_norm = {}
    for x in names:
        by_norm.setdefault(normalise(x), x)
    missed = []
    tp = 0
    for ent in gold_entities:
        forms = {normalise(f) for f in _forms(ent)}
        hit = next((u for u in unused if u in forms), None)
        if hit is None:
            missed.append(_forms(ent)[0])
        else:
            unused.remove(hit)
            tp += 1
    all_forms = {normalise(f) for ent in gold_entities for f in _forms(ent)}
    false = [by_norm[u] for u in unused if u not in all_forms]
    return tp, false, missed


def _num(x):
    try:
        return None if x is None else round(float(x), 6)
    except (TypeError, ValueError):
        return None


def _claim_key(c: dict) -> tuple:
    unit = {"×": "x", "times": "x", "percent": "%"}.get(c.get("unit"), c.get("unit"))
    return (_num(c.get("value")), _num(c.get("value_max")), unit)


def match_claims(gold: list, system: list, with_baseline: bool = False):
    left = list(system)
    missed = []
    tp = 0
    for g in gold:
        for s in left:
            if _claim_key(s) != _claim_key(g):
                continue
            if with_baseline and normalise(s.get("baseline") or "") != normalise(g.get("baseline") or ""):
                continue
            left.remove(s)
            tp += 1
            break
        else:
            missed.append(g.get("text"))
    return tp, [s.get("text") for s in left], missed


def match_results(gold: list, system: list):
    left = list(system)
    missed = []
    tp = 0
    for g in gold:
        for s in left:
            if _num(s.get("value")) == _num(g.get("value")) and (
                    g.get("metric") is None or normalise(s.get("metric") or "") == normalise(g["metric"])):
                left.remove(s)
                tp += 1
                break
        else:
            missed.append(f"{g.get('metric')}={g.get('value')}: {g.get('text')}")
    return tp, [f"{s.get('metric')}={s.get('value')}: {s.get('text')}" for s in left], missed


def compare(gold: dict[tuple, dict], system: dict[tuple, dict]):
    """Per-field totals and, per paper and field, the false positives and misses."""
    totals = {f: [0, 0, 0] for f in ALL_FIELDS}
    errors = []
    for key, g in gold.items():
        s = system.get(key, {})
        parts = {f: match_entities(g.get(f, []), s.get(f, [])) for f in ENTITY_FIELDS}
        every_gold = list({frozenset(normalise(x) for x in _forms(e)): e
                           for f in ENTITY_FIELDS for e in g.get(f, [])}.values())
        parts["entities"] = match_entities(every_gold, [n for f in ENTITY_FIELDS for n in s.get(f, [])])
        parts["speedups"] = match_claims(g.get("speedups", []), s.get("speedups", []))
        parts["speedup_baselines"] = match_claims([c for c in g.get("speedups", []) if c.get("baseline")],
                                                  [c for c in s.get("speedups", []) if c.get("baseline")], True)
        parts["results"] = match_results(g.get("results", []), s.get("results", []))
        parts["code"] = match_entities([[u.rstrip("/.")] for u in g.get("code", [])],
                                       [u.rstrip("/.") for u in s.get("code", [])])
        for f, (tp, fps, fns) in parts.items():
            totals[f][0] += tp
            totals[f][1] += len(fps)
            totals[f][2] += len(fns)
            if f != "entities" and (fps or fns):
                errors.append({"source": key[0], "index": key[1], "field": f, "false_positives": fps, "missed": fns})
    report = {}
    for f, (tp, fp, fn) in totals.items():
        p = tp / (tp + fp) if tp + fp else 0.0
        r = tp / (tp + fn) if tp + fn else 0.0
        f1 = 2 * p * r / (p + r) if p + r else 0.0
        report[f] = {"tp": tp, "fp": fp, "fn": fn, "precision": round(p, 3), "recall": round(r, 3), "f1": round(f1, 3)}
    return report, errors


#: the confidence bars `by_confidence` scores at
BARS = (0.3, 0.5, 0.7, 0.8, 0.9)


def at_bar(record: dict, bar: float) -> dict:
    """A `kg extract` record without the names whose confidence (its `confidence` map) is under `bar`; a
    name with no confidence (the typer never read its words) stays."""
    sure = record.get("confidence") or {}
    kept = dict(record)
    for f in ENTITY_FIELDS:
        of = sure.get(f) or {}
        kept[f] = [n for n in record.get(f, []) if of.get(n) is None or of[n] >= bar]
    return kept


def by_confidence(gold: dict[tuple, dict], system: dict[tuple, dict], bars=BARS) -> list[dict]:
    """The entities' scores (`compare`'s "entities") with every name under each bar left out, the first
    row with none left out; each row also counts the names kept (of the gold's papers) and gives each
    entity field's precision (`fields`)."""
    rows = []
    for bar in (None, *bars):
        kept = {k: system[k] if bar is None else at_bar(system[k], bar) for k in gold if k in system}
        report, _ = compare(gold, kept)
        rows.append({"bar": bar, "names": sum(len(r.get(f, [])) for r in kept.values() for f in ENTITY_FIELDS),
                     **report["entities"], "fields": {f: report[f]["precision"] for f in ENTITY_FIELDS}})
    return rows


def format_bars(rows: list[dict]) -> str:
    lines = ["entities by confidence (names under the bar left out; names the typer never read kept), and each "
             "field's precision",
             f"{'bar':18} {'names':>6} {'P':>6} {'R':>6} {'F1':>6} {'tp':>5} {'fp':>5} {'fn':>5} "
             + " ".join(f"{f[:6]:>6}" for f in ENTITY_FIELDS)]
    for m in rows:
        bar = "all names" if m["bar"] is None else f">= {m['bar']}"
        lines.append(f"{bar:18} {m['names']:6} {m['precision']:6.3f} {m['recall']:6.3f} {m['f1']:6.3f} "
                     f"{m['tp']:5} {m['fp']:5} {m['fn']:5} " + " ".join(f"{m['fields'][f]:6.3f}" for f in ENTITY_FIELDS))
    return "\n".join(lines)


def format_report(report: dict, papers: int, missing: int) -> str:
    lines = [f"papers {papers}  missing from system output {missing}",
             f"{'field':18} {'P':>6} {'R':>6} {'F1':>6} {'tp':>5} {'fp':>5} {'fn':>5}"]
    for f, m in report.items():
        lines.append(f"{f:18} {m['precision']:6.3f} {m['recall']:6.3f} {m['f1']:6.3f} {m['tp']:5} {m['fp']:5} {m['fn']:5}")
    return "\n".join(lines)
