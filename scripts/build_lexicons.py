#!/usr/bin/env python3
"""Build the Papers-with-Code lexicons in kg/extract/lexicons/ from the public lists in ../shared/data.

    python scripts/build_lexicons.py [--data ../shared/data] [--out kg/extract/lexicons]

Writes `pwc_datasets.tsv`, `pwc_tasks.tsv` and `pwc_metrics.tsv` (type, name, aliases separated
by `|`; see kg/extract/lexicon.py), each opening with comment lines that keep origin, licence and
attribution (also in lexicons/README.md). Deterministic: the same data gives the same bytes.

Sources (read only):
- datasets: pwc_datafinder/pwc_datasets_3327.jsonl.gz (DataFinder, Apache-2.0; PwC content CC BY-SA 4.0)
- tasks:    pwc_tasks/all_tasks.txt and *_tasks_detailed.csv (PwC, CC BY-SA 4.0)
- metrics:  pwc_tasks "SOTA Metrics" columns (PwC, CC BY-SA 4.0), tdmsci/NLP-TDMS/kb/evaMatrixKB.tsv
            (NLP-TDMS, Apache-2.0), pwc_sota_extractor/*.json metric columns (Apache-2.0)
- evidence: the unlabelled abstracts of corpus_arxiv/ and corpus_papercopilot/, only to count how
            a candidate is written in running text (nothing from them is copied into a lexicon).

Cleaning, by general rules only (no gold file is read):
- junk: digits or punctuation only, 2 characters or fewer, SQL-ish or markup characters, more
  than 6 words, leaderboard splits and settings ("CIFAR-100, 40% Symmetric Noise", "test-dev",
  "val", "64x64", "5-shot", anything with a comma, a percent sign or a parenthesis);
- words, not names: a dataset or metric name with capitals that running text writes mostly in
  lower case mid-sentence ("Flowers", "SEND", "Lost and Found") is an English word or phrase;
- acronyms that mean something else: a short all-capital dataset name that the corpus defines in
  parentheses ("self-supervised learning (SSL)") more often than it uses it as a dataset
  ("on X", "X dataset") is dropped;
- curated lexicons win: a surface already in datasets.tsv, models.tsv, techniques.tsv, tasks.tsv
  or metrics.tsv (any type, any case) is left out, so the hand-made typing is never overridden;
- tasks are lower-case terms of two words or more (acronyms keep their case); plural variants are
  added by the loader; metrics are lower-cased except their acronyms ("Mean IoU" → "mean IoU");
  single lower-case metric words ("average", "score") are dropped, and so are metric columns named
  after a task of the task list in words ("dense captioning", "activity recognition"; not "FAD");
- a stop list of generic phrases (STOP below) that PwC lists as tasks or metrics but that
  abstracts use as ordinary words or as techniques.
"""
from __future__ import annotations

import argparse
import csv
import gzip
import json
import re
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATA = ROOT.parent / "shared" / "data"
DEFAULT_OUT = ROOT / "kg" / "extract" / "lexicons"
CURATED = ("datasets.tsv", "metrics.tsv", "models.tsv", "tasks.tsv", "techniques.tsv")

TOKEN = re.compile(r"[A-Za-z0-9]+|[^\sA-Za-z0-9]")
BAD_CHARS = re.compile(r"[;=<>{}\[\]\\`\"'|*#$!?~^]|--|/\*|\bselect\b|\bunion\b|\bsleep\b|\bdrop\b|\binsert\b|https?:|www\.", re.I)
SPLIT_TOKEN = re.compile(
    r"^(?:test|tests|testing|val|valid|validation|dev|devtest|train|training|trainval|minival|split|splits|subset|"
    r"fold|folds|setting|protocol|seen|unseen|noise|noisy|labeled|labelled|unlabeled|shot|way|upscaling|"
    r"test[-_]\w+|val[-_]?\w*|dev[-_]\w+|train[-_]\w+|\w+-shot|\d+[-]?(?:way|fold|class|classes)|\d+x\d*|x\d+|\d+%|x|\u00d7)$",
    re.I,
)
MIN_USES = 3  # a task or metric must be written at least this often in the corpora
MIN_FREQUENT = 20  # names written this often are judged by how they are used
DATA_SHARE = 0.15  # … a dataset name must be used as data ("on X", "X dataset") at least this share of the time
WORD_DATA_SHARE = 0.2  # … and a single capitalised word at least this share, once written 5 times
NUM_SHARE = 0.15  # … a metric name with capitals must stand next to a number at least this share of the time
SENTENCE_END = {".", "?", "!", ":"}
DATASET_CUE_AFTER = {"dataset", "datasets", "benchmark", "benchmarks", "corpus", "corpora", "test", "split", "suite",
                     "leaderboard", "challenge", "collection", "database", "data"}
DATASET_CUE_BEFORE = {"on", "from", "using"}
#: generic phrases PwC lists as tasks or metrics that abstracts use as plain words or as techniques
STOP = {
    # tasks that name a method family or a setting rather than a problem
    "transfer learning", "representation learning", "reinforcement learning", "deep learning", "machine learning",
    "meta-learning", "meta learning", "self-supervised learning", "semi-supervised learning", "unsupervised learning",
    "supervised learning", "contrastive learning", "few-shot learning", "zero-shot learning", "active learning",
    "continual learning", "federated learning", "multi-task learning", "online learning", "metric learning",
    "imitation learning", "curriculum learning", "ensemble learning", "incremental learning", "domain adaptation",
    "domain generalization", "data augmentation", "knowledge distillation", "model compression", "quantization",
    "network pruning", "neural architecture search", "hyperparameter optimization", "language modelling",
    "language modeling", "decision making", "model selection", "feature selection", "data mining",
    "in-context learning", "instruction following", "mixture-of-experts", "text generation", "image generation",
    "style transfer", "denoising", "multi-agent reinforcement learning", "offline rl", "general classification",
    "general knowledge", "common sense", "open-ended question answering", "fairness", "interpretability",
    "explainability", "explainable artificial intelligence", "adversarial robustness", "adversarial attack",
    "adversarial defense", "out-of-distribution generalization", "benchmarking", "novel concepts", "attribute",
    "management", "specificity", "sensitivity", "memorization", "hallucination", "reasoning", "retrieval",
    "large language model", "language model", "vision-language model", "dimensionality reduction",
    "clustering", "classification", "regression", "segmentation", "detection", "translation", "generation",
    # read on train.jsonl, abstracts that write these never annotate them: a step of a method or a capability, not a
    # problem ("response generation", "model optimization"), or what a task acts on ("referring expression")
    "response generation", "action generation", "model optimization", "efficient exploration", "referring expression",
    # a model, not a measure (read on train.jsonl: Sentence-BERT is annotated a model in 2 of 2 abstracts)
    "sentence-bert",
    # metrics that are quantities, not measures
    "number of params", "number of parameters", "parameters", "params", "inference time", "training time",
    "model size", "model parameters", "inference speed", "visual quality", "semantic consistency", "memory", "time", "runtime", "speed", "average", "overall", "score", "return", "mean", "total",
}


#: platforms and organisations PwC lists as datasets that abstracts name as places or vendors
NOT_DATA = {"arXiv", "Google", "Linux", "GitHub", "Amazon", "YouTube",
            # venues
            "ICLR", "NeurIPS", "NIPS", "ICML", "CVPR", "ICCV", "ECCV", "ACL", "EMNLP", "NAACL", "AAAI", "IJCAI", "KDD",
            "SIGIR", "COLING", "ICASSP", "INTERSPEECH", "Interspeech", "MICCAI", "WACV", "BMVC", "CoRL", "ICRA", "IROS",
            "UAI", "AISTATS", "COLT", "SIGGRAPH", "LREC", "EACL", "TACL", "JMLR", "TPAMI"}


def tokens(text: str) -> list[str]:
    return TOKEN.findall(text)


def read_abstracts(data: Path, limit: int | None):
    """The abstracts of the unlabelled corpora, in file order."""
    n = 0
    for folder in ("corpus_arxiv", "corpus_papercopilot"):
        for path in sorted((data / folder).glob("*.jsonl.gz")):
            with gzip.open(path, "rt", encoding="utf-8") as fh:
                for line in fh:
                    if limit is not None and n >= limit:
                        return
                    text = json.loads(line).get("abstract") or ""
                    n += 1
                    yield text


class Usage:
    """How running text writes each candidate: exact case mid-sentence, lower case mid-sentence,
    defined in parentheses as an acronym, and next to a dataset cue."""

    def __init__(self, candidates: set[str]):
        self.cands: dict[tuple[str, ...], set[str]] = defaultdict(set)
        self.lengths: dict[str, set[int]] = defaultdict(set)
        for c in candidates:
            key = tuple(t.lower() for t in tokens(c))
            if key:
                self.cands[key].add(c)
                self.lengths[key[0]].add(len(key))
        self.exact: dict[str, int] = defaultdict(int)
        self.lower: dict[str, int] = defaultdict(int)
        self.defined: dict[str, int] = defaultdict(int)
        self.cue: dict[str, int] = defaultdict(int)
        self.num: dict[str, int] = defaultdict(int)
        self.forms: dict[str, dict[str, int]] = defaultdict(dict)  # other spellings in case, mid-sentence

    def count(self, text: str) -> None:
        toks = tokens(text)
        low = [t.lower() for t in toks]
        for i, first in enumerate(low):
            lengths = self.lengths.get(first)
            if not lengths:
                continue
            mid = i > 0 and toks[i - 1] not in SENTENCE_END
            for n in lengths:
                key = tuple(low[i:i + n])
                forms = self.cands.get(key)
                if not forms:
                    continue
                written = toks[i:i + n]
                after = low[i + n] if i + n < len(low) else ""
                before = low[i - 1] if i > 0 else ""
                for c in forms:
                    ctoks = tokens(c)
                    if written == ctoks:
                        if mid:
                            self.exact[c] += 1
                        if before == "(" and after == ")":
                            self.defined[c] += 1
                        if after in DATASET_CUE_AFTER or before in DATASET_CUE_BEFORE:
                            self.cue[c] += 1
                        if any(t[0].isdigit() for t in low[max(0, i - 2):i] + low[i + n:i + n + 4]):
                            self.num[c] += 1
                    elif mid and all(t == t.lower() for t in written):
                        self.lower[c] += 1
                    elif mid:
                        form = recase(c, written)
                        self.forms[c][form] = self.forms[c].get(form, 0) + 1

    def uses(self, c: str) -> int:
        """Mid-sentence uses written as the candidate (any case for a lower-case term)."""
        return self.exact[c]

    def spelling(self, c: str, aliases: list[str]) -> tuple[str, list[str]]:
        """A name as running text writes it: an all-lower-case name that authors capitalise
        ("personachat" → "PersonaChat") takes their spelling; other spellings in case written at
        least MIN_USES times and a tenth of the time become aliases ("SYNTHIA" → also "Synthia"), unless
        the spelling is a plain capitalised word more frequent than the name ("Agora" for "AGORA")."""
        forms = {f: n for f, n in self.forms.get(c, {}).items() if f != f.lower()}
        total = self.exact[c] + sum(forms.values())
        if c == c.lower() and forms:
            best = max(sorted(forms), key=forms.get)
            if forms[best] >= MIN_USES and forms[best] > self.exact[c] + self.lower[c]:
                self.exact[best], self.lower[best], self.cue[best] = forms[best], self.lower[c] + self.exact[c], self.cue[c]
                self.defined[best] = self.defined[c]
                c, total = best, total + self.lower[c]
        extra = [f for f in sorted(forms) if f != c and forms[f] >= MIN_USES and forms[f] >= 0.1 * total
                 and not (f.isupper() and not c.isupper())  # "COMET" (a metric) is not a spelling of "Comet"
                 and not (re.fullmatch(r"[A-Z][a-z]+", f) and forms[f] > self.exact[c])]  # "Agora": a word, not "AGORA"
        return c, [*aliases, *extra]

    def is_word(self, c: str) -> bool:
        """A name with capitals that running text mostly writes in lower case mid-sentence."""
        if c == c.lower():
            return False
        lower, exact = self.lower[c], self.exact[c]
        return lower >= 3 and lower > 0.25 * (lower + exact)

    def is_other_acronym(self, c: str) -> bool:
        """A short acronym that authors define for something else more than they use it as a dataset."""
        if not re.fullmatch(r"[A-Z][A-Z0-9]{1,5}s?", c):
            return False
        return self.defined[c] >= 2 and self.defined[c] > self.cue[c]

    def not_data(self, c: str) -> bool:
        """A name written often but hardly ever as data ("on X", "X dataset"): a company, a tool, a model;
        a single capitalised word ("Kaleidoscope", "Mafia") needs that evidence sooner."""
        if re.fullmatch(r"[A-Z][a-z]+", c) and self.exact[c] >= 5 and self.cue[c] < WORD_DATA_SHARE * self.exact[c]:
            return True
        return self.exact[c] >= MIN_FREQUENT and self.cue[c] < DATA_SHARE * self.exact[c]

    def not_measured(self, c: str) -> bool:
        """A metric name with capitals written often but hardly ever next to a number ("API", "NIST")."""
        return c != c.lower() and self.exact[c] >= MIN_FREQUENT and self.num[c] < NUM_SHARE * self.exact[c]


def recase(c: str, written: list[str]) -> str:
    """The candidate spelt with the case of its tokens as written ("SYNTHIA" as "Synthia")."""
    out, last = [], 0
    for m, w in zip(TOKEN.finditer(c), written):
        out.append(c[last:m.start()])
        out.append(w if len(w) == m.end() - m.start() else m.group())
        last = m.end()
    return "".join(out) + c[last:]


def junk(name: str) -> bool:
    if len(name) <= 2 or not re.search(r"[A-Za-z]", name) or re.fullmatch(r"[\W\d_]+", name):
        return True
    if BAD_CHARS.search(name) or any(c in name for c in ",%()") or " - " in name or " / " in name:
        return True
    if not name.isprintable() or len(name.split()) > 6 or len(name) > 60:
        return True
    if re.search(r"[^\x00-\x7f]", name) and not re.search(r"[A-Za-z]{3}", name):
        return True
    return False


def split(name: str) -> bool:
    """A leaderboard split or setting rather than a name: "test-dev", "val", "64x64", "5-shot"."""
    return bool(re.search(r"\d+x\d+", name)) or any(SPLIT_TOKEN.match(t) for t in name.split())


def clean_space(s: str) -> str:
    return " ".join(s.replace("\u00a0", " ").split()).strip(" .:")


def norm(s: str) -> str:
    return re.sub(r"[^a-z0-9]", "", s.lower())


def initials(s: str) -> str:
    return "".join(w[0] for w in re.split(r"[\s-]+", s) if w and w[0].isalnum()).upper()


def curated_surfaces(out: Path) -> set[str]:
    """Every surface of the hand-made lexicons, lower case."""
    seen = set()
    for name in CURATED:
        path = out / name
        if not path.exists():
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            cols = line.split("\t")
            if len(cols) < 2 or line.startswith("#"):
                continue
            for s in [cols[1], *(re.split(r"\s*\|\s*", cols[2]) if len(cols) > 2 and cols[2] else [])]:
                s = clean_space(s).lower()
                if s:
                    seen.add(s)
                    seen.add(s[:-1] if s.endswith("s") else s + "s")
    return seen


def term_case(name: str) -> str:
    """Lower-case the ordinary words of a term, keep its acronyms and mixed-case names:
    "Visual Question Answering" → "visual question answering", "Mean IoU" → "mean IoU"."""
    out = []
    for word in name.split(" "):
        parts = re.split(r"(-)", word)
        out.append("".join(p.lower() if re.fullmatch(r"[A-Z]?[a-z]+|[A-Z][a-z]+s?", p) else p for p in parts))
    return " ".join(out)


# ---------------------------------------------------------------- datasets

def dataset_candidates(data: Path) -> list[tuple[str, list[str]]]:
    """(name, [aliases]) per PwC dataset; variants that are not aliases become entries of their own."""
    out: list[tuple[str, list[str]]] = []
    with gzip.open(data / "pwc_datafinder" / "pwc_datasets_3327.jsonl.gz", "rt", encoding="utf-8") as fh:
        for line in fh:
            rec = json.loads(line)
            name = strip_dataset_word(clean_space(rec["id"]))
            aliases, own = [], []
            for v in rec.get("variants") or []:
                v = strip_dataset_word(clean_space(v))
                if not v or v == name:
                    continue
                if norm(v) == norm(name) or v == initials(name) or norm(name) in (norm(v),):
                    aliases.append(v)
                else:
                    own.append(v)
            out.append((name, aliases))
            out.extend((v, []) for v in own)
    for part in ("cv", "nlp", "audio", "other"):
        with open(data / "pwc_tasks" / f"{part}_tasks_detailed.csv", encoding="utf-8", newline="") as fh:
            for row in csv.DictReader(fh):
                for col in ("Common Datasets (Top 10)", "Benchmarks"):
                    for v in (row.get(col) or "").split(";"):
                        v = strip_dataset_word(clean_space(v))
                        if v:
                            out.append((v, []))
    return out


def strip_dataset_word(name: str) -> str:
    """"CO-SKEL dataset" → "CO-SKEL": the name is what precedes the generic word."""
    m = re.fullmatch(r"(?:the\s+)?(.+?)\s+(?:dataset|data\s?set|corpus|benchmark|database)", name, re.I)
    return m.group(1) if m and len(m.group(1)) > 2 else name


def keep_dataset(name: str) -> bool:
    if junk(name) or split(name) or name in NOT_DATA:
        return False
    if re.fullmatch(r"\d+D(?: [A-Za-z][a-z]+)+", name):
        return False  # "3D shapes": a description, not a name
    if re.search(r"\w-to-\w|\sto\s|^(?:a|an)\s", name, re.I):
        return False  # "SVHN-to-MNIST" (a transfer setting), "A Large Dataset of …" (a title)
    if name == name.lower() and not re.search(r"\d", name):
        return False  # an all-lower-case name matches any case: too generic to trust
    if re.fullmatch(r"[A-Z][a-z]+", name) and len(name) <= 4:
        return False
    return True


# ---------------------------------------------------------------- tasks

def task_candidates(data: Path) -> list[tuple[str, list[str]]]:
    names: list[str] = []
    with open(data / "pwc_tasks" / "all_tasks.txt", encoding="utf-8") as fh:
        for line in fh:
            names.append(line.strip().strip('"'))
    for part in ("cv", "nlp", "audio", "other"):
        path = data / "pwc_tasks" / f"{part}_tasks_detailed.csv"
        with open(path, encoding="utf-8", newline="") as fh:
            names.extend(row["Task Name"] for row in csv.DictReader(fh))
    out = []
    for raw in names:
        raw = clean_space(raw)
        aliases = []
        m = re.fullmatch(r"(.+?)\s*\(([A-Z][A-Za-z0-9-]{1,9})\)", raw)
        if m:
            raw, acro = m.group(1), m.group(2)
            if acro == initials(raw) and len(acro) >= 3:
                aliases.append(acro)
        out.append((term_case(raw), aliases))
    return out


TASK_HEAD = re.compile(
    r"(?:[a-z]+(?:tion|sion|sis|ing)|retrieval|search|answering|qa|discovery|understanding|prediction|recognition|"
    r"forecasting|tracking|matching|planning|navigation|manipulation|estimation|alignment|control|design|synthesis|"
    r"enhancement|assessment|avoidance|inference|correspondence)$")
NOT_TASK_HEAD = re.compile(r"(?:learning|computing|processing|modeling|modelling|training|embedding|engineering|"
                           r"thinking|pruning|sampling|encoding|pooling|teaming|finetuning|fine-tuning|ensembling|"
                           r"scaling|hashing|sensing)$")


def keep_task(name: str) -> bool:
    """A task is a problem named by an action noun ("… detection", "… answering"), not a topic
    ("point cloud", "time series"), an object ("autonomous vehicles") or a method family ("… learning")."""
    if junk(name) or len(name.split()) < 2 or name.lower() in STOP:
        return False
    head = name.split()[-1].split("-")[-1].lower()
    if not TASK_HEAD.search(head) or NOT_TASK_HEAD.search(head):
        return False
    if re.search(r"\d|\b[a-z]{3}-[a-z]{3}\b", name):
        return False  # "2-task classification", "translation ben-spa": settings and leaderboard pairs
    return bool(re.fullmatch(r"[a-z][A-Za-z -]+[a-z]", name))


# ---------------------------------------------------------------- metrics

def metric_candidates(data: Path) -> list[tuple[str, list[str]]]:
    raw: list[str] = []
    for part in ("cv", "nlp", "audio", "other"):
        with open(data / "pwc_tasks" / f"{part}_tasks_detailed.csv", encoding="utf-8", newline="") as fh:
            for row in csv.DictReader(fh):
                raw.extend((row.get("SOTA Metrics") or "").split(";"))
    with open(data / "tdmsci" / "NLP-TDMS" / "kb" / "evaMatrixKB.tsv", encoding="utf-8") as fh:
        raw.extend(line.split("\t")[1] for line in fh if "\t" in line)
    for path in sorted((data / "pwc_sota_extractor").glob("*.json")):
        raw.extend(sota_metrics(json.loads(path.read_text(encoding="utf-8"))))
    out = []
    for r in raw:
        r = clean_space(r)
        aliases = []
        m = re.fullmatch(r"(.+?)\s*\(([A-Za-z][A-Za-z0-9@-]{1,9})\)", r)
        if m and m.group(2).upper() == initials(m.group(1)):
            r = m.group(1)
            aliases.append(m.group(2))
        r = clean_space(re.sub(r"\s*\((?:%|% ?|M|dB|s|ms|sec|mm|cm|m|x|\u00d7)\)\s*$", "", r))
        out.append((term_case(r), aliases))
    return out


def sota_metrics(node) -> list[str]:
    found = []
    if isinstance(node, list):
        for x in node:
            found.extend(sota_metrics(x))
    elif isinstance(node, dict):
        for key, value in node.items():
            if key == "metrics" and isinstance(value, list):
                found.extend(v for v in value if isinstance(v, str))
            elif key == "metrics" and isinstance(value, dict):
                continue  # a row's values
            else:
                found.extend(sota_metrics(value))
    return found


def keep_metric(name: str) -> bool:
    if junk(name) or split(name) or name.lower() in STOP or re.match(r"\d", name):
        return False
    if name == name.lower() and " " not in name:
        return False  # single lower-case words ("score", "validity") are not names
    if re.search(r"\b(?:avg|average|mean|overall|total|test|val|eval|dev)\b", name, re.I) and len(name.split()) > 2:
        return False  # "Average F1 over tasks": a leaderboard column, not a metric
    return True


# ---------------------------------------------------------------- assembly

def assemble(cands: list[tuple[str, list[str]]], keep, usage: Usage | None, curated: set[str],
             kind: str) -> list[tuple[str, list[str]]]:
    by_name: dict[str, list[str]] = {}
    owner: dict[str, str] = {}  # surface (lower) → name it was given to
    for name, aliases in cands:
        if usage is not None and kind == "dataset":
            name, aliases = usage.spelling(name, aliases)
        if not keep(name) or name.lower() in curated:
            continue
        if usage is not None and (usage.is_word(name) or (kind == "dataset" and usage.is_other_acronym(name))):
            continue
        if usage is not None and kind == "dataset" and usage.not_data(name):
            continue
        if usage is not None and kind == "metric" and usage.not_measured(name):
            continue
        if usage is not None and kind != "dataset" and usage.uses(name) < MIN_USES:
            continue  # a task or metric that 231k abstracts hardly write is a leaderboard column, not a term
        key = name if kind == "dataset" else name.lower()
        if key.lower() in owner and owner[key.lower()] != name:
            continue  # the same surface in another case: first one wins
        owner.setdefault(key.lower(), name)
        entry = by_name.setdefault(name, [])
        for a in aliases:
            if a == name or a in entry or a.lower() in curated or owner.get(a.lower(), name) != name or junk(a):
                continue
            if usage is not None and (usage.is_word(a) or usage.is_other_acronym(a)):
                continue
            if kind == "dataset" and not keep(a):
                continue
            owner[a.lower()] = name
            entry.append(a)
    return sorted(((n, sorted(a)) for n, a in by_name.items()), key=lambda x: (x[0].lower(), x[0]))


HEADERS = {
    "dataset": (
        "pwc_datasets.tsv: Papers-with-Code dataset names and their aliases, cleaned by scripts/build_lexicons.py.",
        "Origin: DataFinder (Viswanathan et al., ACL 2023), github.com/viswavi/datafinder commit 18444c67611c1729af702faa79128a402a1643b2,",
        "anserini_search_collections/dataset_search_collection_description_title_only/documents.jsonl (fields id, variants).",
        "Licence: Apache-2.0 (DataFinder); the names derive from Papers with Code (paperswithcode.com), CC BY-SA 4.0.",
        "This file is a derived work shared under CC BY-SA 4.0; attribution: Papers with Code contributors, DataFinder authors.",
    ),
    "task": (
        "pwc_tasks.tsv: Papers-with-Code task names, lower-cased, cleaned by scripts/build_lexicons.py.",
        "Origin: archive of the Papers-with-Code task catalogue, github.com/World-Snapshot/papers-with-code",
        "commit c50b88eb13b179903ecf715bb941fef91bdb5414, data/all_tasks.txt and results/*/*_tasks_detailed.csv.",
        "Licence: Papers with Code content, CC BY-SA 4.0 (no licence file in the archive).",
        "This file is a derived work shared under CC BY-SA 4.0; attribution: Papers with Code contributors.",
    ),
    "metric": (
        "pwc_metrics.tsv: evaluation metric names, cleaned by scripts/build_lexicons.py.",
        "Origin: Papers-with-Code task catalogue \"SOTA Metrics\" columns (github.com/World-Snapshot/papers-with-code",
        "commit c50b88eb13b179903ecf715bb941fef91bdb5414; CC BY-SA 4.0), NLP-TDMS evaMatrixKB.tsv (Hou et al., ACL 2019;",
        "github.com/IBM/science-result-extractor commit 1c59ff337d09a6c3af313c65cf1c43a5b7f89c7a; Apache-2.0, (c) IBM 2019),",
        "paperswithcode/sota-extractor data/tasks/*.json metric columns (commit e6374da129cedab1736e97883bfbcddb7ddd2a72; Apache-2.0).",
        "Licence: Papers with Code content CC BY-SA 4.0; NLP-TDMS Apache-2.0; sota-extractor Apache-2.0.",
        "This file is a derived work shared under CC BY-SA 4.0; attribution: Papers with Code contributors, IBM, sota-extractor authors.",
    ),
}
FILES = {"dataset": "pwc_datasets.tsv", "task": "pwc_tasks.tsv", "metric": "pwc_metrics.tsv"}


def write(path: Path, kind: str, entries: list[tuple[str, list[str]]]) -> None:
    lines = [f"# {h}" for h in HEADERS[kind]]
    lines.append(f"# {len(entries)} entries; regenerate with: python scripts/build_lexicons.py")
    lines += [f"{kind}\t{name}\t{'|'.join(aliases)}" for name, aliases in entries]
    tmp = path.with_suffix(".tmp")
    tmp.write_text("\n".join(lines) + "\n", encoding="utf-8")
    tmp.replace(path)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA, help="the shared data folder (default: ../shared/data)")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT, help="the lexicon folder (default: kg/extract/lexicons)")
    ap.add_argument("--corpus-limit", type=int, default=None, help="read at most N corpus abstracts (default: all)")
    ap.add_argument("--counts", type=Path, help="keep the corpus counts in this JSON file and reuse them when it exists")
    ap.add_argument("--only", choices=sorted(FILES), action="append", help="build only these lists (repeatable)")
    args = ap.parse_args(argv)
    if not (args.data / "pwc_datafinder").is_dir():
        print(f"build_lexicons: {args.data}: no pwc_datafinder/ here; pass --data PATH/TO/shared/data", file=sys.stderr)
        return 1
    curated = curated_surfaces(DEFAULT_OUT)  # the hand-made lists shipped with the package
    kinds = args.only or sorted(FILES)
    cands = {
        "dataset": dataset_candidates(args.data),
        "task": task_candidates(args.data),
        "metric": metric_candidates(args.data),
    }
    surfaces = {s for k in kinds for n, a in cands[k] for s in (n, *a)}
    usage = Usage(surfaces)
    if args.counts and args.counts.exists():
        *counts, forms = json.loads(args.counts.read_text())
        usage.exact, usage.lower, usage.defined, usage.cue, usage.num = (defaultdict(int, d) for d in counts)
        usage.forms = defaultdict(dict, forms)
    else:
        for text in read_abstracts(args.data, args.corpus_limit):
            usage.count(text)
        if args.counts:
            args.counts.write_text(json.dumps([usage.exact, usage.lower, usage.defined, usage.cue, usage.num, usage.forms]))
    task_names = {n.lower() for n, _ in cands["task"]}

    def keep_measure(name: str) -> bool:
        """A metric, unless a column named after its task in words ("dense captioning"): that is the task."""
        return keep_metric(name) and not (" " in name and name.lower() in task_names)

    keep = {"dataset": keep_dataset, "task": keep_task, "metric": keep_measure}
    for kind in kinds:
        entries = assemble(cands[kind], keep[kind], usage, curated, kind)
        write(args.out / FILES[kind], kind, entries)
        print(f"build_lexicons: {FILES[kind]}: {len(entries)} entries", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
