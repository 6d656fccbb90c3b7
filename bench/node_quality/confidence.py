"""Whether the typer's probability of a node's label tells right nodes from wrong ones, on every node ever judged.

    python bench/node_quality/confidence.py GRAPH.json ABSTRACTS.jsonl[.gz] [--bars 0.5,0.7,0.8]

Every verdict in the git history of bench/node_quality/verdicts.tsv (the newest per id, name and label) whose node the
build in GRAPH.json (`kg build ABSTRACTS -o DIR`) still holds, under the same name and label, is matched with the
mentions behind it: the abstracts of its papers are extracted again, and for each mention edge the mention typer's
class probabilities at that span are read (the largest over the rule mentions and candidates there). A node's
confidence is the largest probability of its label over its mentions (Method: models + proposed). Nodes with no typer
score (their mentions come from rules after the typer: results, claims, titles) are counted apart.

Prints, per sample (uniform, degree) and per bar, the share of judged nodes right at or above the bar and below it.
A reading of what the typer knows, not a change to the graph. About 90 seconds for arxiv-005 on one core.
"""
from __future__ import annotations

import argparse
import csv
import io
import json
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
LABEL_CLASSES = {"Method": ("MODELS", "PROPOSED"), "Technique": ("TECHNIQUES",), "Task": ("TASKS",),
                 "Dataset": ("DATASETS",), "Metric": ("METRICS",)}


def judged_verdicts() -> dict[tuple[str, str, str], dict]:
    """Every verdict of verdicts.tsv's history by (id, name, label), the newest winning."""
    path = "bench/node_quality/verdicts.tsv"
    revs = subprocess.run(["git", "-C", str(ROOT), "log", "--format=%H", "--", path],
                          capture_output=True, text=True, check=True).stdout.split()
    known = {}
    for rev in reversed(revs):
        text = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:{path}"], capture_output=True, text=True).stdout
        for row in csv.DictReader(io.StringIO(text), delimiter="\t"):
            if row.get("id"):
                known[(row["id"], row["name"], row["label"])] = row
    return known


def typer_scores(abstracts: Path, papers: set[str]) -> dict[str, tuple[dict, list[str]]]:
    """paper id → ({(start, end) in the abstract: [class probabilities, …]}, labels), from the pipeline's own typer."""
    from kg.extract import extract, load_pipeline
    from kg.extract import typer as T
    from kg.latex import clean
    from kg.resolve.papers import paper_identity
    from kg.sources import read_documents

    seen: dict = {}
    call, propose, score = T.MentionTyper.__call__, T.proposals, T.SparseLinearScorer.scores_of_parts

    # the typer's own call, observed: the rule mentions it is given, the candidates it proposes and the
    # probabilities it computes for both, in that order
    def observed_call(self, doc):
        seen["doc"] = ([(m[1], m[2]) for m in doc._.kg_mentions or []], [], [])
        return call(self, doc)

    def observed_proposals(*args, **kwargs):
        found = propose(*args, **kwargs)
        seen["doc"][1].extend((s, e) for s, e, _ in found)
        return found

    def observed_scores(self, lines):
        scores = score(self, lines)
        seen["doc"][2].extend(scores.tolist())
        return scores

    T.MentionTyper.__call__, T.proposals, T.SparseLinearScorer.scores_of_parts = observed_call, observed_proposals, observed_scores
    try:
        nlp = load_pipeline(None)
        out = {}
        for document in read_documents([abstracts]):
            pid = paper_identity(document.meta, document.text).id  # the graph's own paper id
            if pid not in papers:
                continue
            seen.clear()
            list(extract([document], nlp))
            if "doc" not in seen:
                continue
            mentions, candidates, scores = seen["doc"]
            spans, labels = mentions + candidates, nlp.get_pipe("kg_typer").labels
            if len(spans) != len(scores):
                sys.exit(f"{abstracts}: {pid}: the typer scored {len(scores)} lines for {len(spans)} spans; "
                         "its call no longer scores its mentions and candidates once, in order: update this script")
            cleaned = clean(document.text)
            by_span = defaultdict(list)
            for (s, e), row in zip(spans, scores):
                by_span[cleaned.original_span(s, e)].append(row)
            out[pid] = (dict(by_span), labels)
        return out
    finally:
        T.MentionTyper.__call__, T.proposals, T.SparseLinearScorer.scores_of_parts = call, propose, score


def share(rows: list) -> str:
    """The share of right nodes among `rows`, or a dash when there are none."""
    return f"{sum(r[2] for r in rows) / len(rows):.1%}" if rows else "–"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("graph", type=Path, help="graph.json of `kg build`")
    ap.add_argument("abstracts", type=Path, help="the input the graph was built from")
    ap.add_argument("--bars", default="0.5,0.7,0.8")
    args = ap.parse_args()
    graph = json.loads(args.graph.read_text(encoding="utf-8"))
    nodes = {n["id"]: n for n in graph["nodes"]}
    judged = {k: v for k, v in judged_verdicts().items()
              if k[0] in nodes and nodes[k[0]].get("name") == k[1] and nodes[k[0]].get("label") == k[2]}
    edges = defaultdict(list)
    wanted = {k[0] for k in judged}
    for e in graph["edges"]:
        if e["target"] in wanted and "start" in e:
            edges[e["target"]].append((e["source"], e["start"], e["end"]))
    scores = typer_scores(args.abstracts, {p for v in edges.values() for p, _, _ in v})
    rows = []
    for (nid, _name, label), verdict in judged.items():
        best = None
        for pid, s, e in edges.get(nid, []):
            if pid in scores:
                by_span, labels = scores[pid]
                idx = [labels.index(c) for c in LABEL_CLASSES.get(label, ()) if c in labels]
                for row in by_span.get((s, e), []):
                    p = sum(row[i] for i in idx)
                    best = p if best is None else max(best, p)
        ok = verdict["name_ok"] == "yes" and verdict["label_ok"] == "yes"
        rows.append((verdict.get("sample"), best, ok))
    print(f"{len(judged)} judged nodes still in {args.graph} under the same name and label")
    print("| sample | bar | right at or above | share | right below | share | no typer score |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for sample in ("uniform", "degree"):
        mine = [r for r in rows if r[0] == sample]
        unscored = [r for r in mine if r[1] is None]
        for bar in (float(b) for b in args.bars.split(",")):
            hi = [r for r in mine if r[1] is not None and r[1] >= bar]
            lo = [r for r in mine if r[1] is not None and r[1] < bar]
            print(f"| {sample} | {bar} | {sum(r[2] for r in hi)} / {len(hi)} | {share(hi)} | {sum(r[2] for r in lo)} / "
                  f"{len(lo)} | {share(lo)} | {sum(r[2] for r in unscored)} / {len(unscored)} |")


if __name__ == "__main__":
    main()
