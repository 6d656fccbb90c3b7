"""Extraction: the mention typer, a linear classifier trained here that re-types, filters and adds to
what the rules propose.

Rules propose mentions with a field; many are right, some carry the wrong field ("AIME24" as a
model) and some are no entity at all ("little attention"). The typer reads each proposed mention as
a bag of features (its field and rule, its words, shape and head, the parts of a name-shaped word, the
words around it, how often the abstract repeats it and where it first writes it, whether the paper's
title writes it (when the input has a title), how many arXiv abstracts define the phrase or write the
name: terms/) and a
spaCy `textcat` with a bag-of-words linear model (`TextCatBOW`, no vectors) gives the probability of
each field and of NONE. With the packaged config (config.cfg):
- a mention moves to another field when the model is at least `threshold` (0.5) sure of it, unless
  the sentence says what it is (`EVIDENT_RULES`); an acronym's long form, models only by default, moves to
  its likeliest field however sure (but to proposed only at `threshold`);
- a mention of a rule in `drop_rules` (head-noun phrases of techniques and tasks, "phrase.extended",
  methods named after their author "phrase.eponym", names by shape alone "name.shape", acronym long
  forms "name.abbreviation_long", capitalised words listed beside names "model.coordination"; not a
  measure's head-noun phrase, "phrase.metric_head") is dropped when NONE reaches `drop` (0.5), and with
  a long form the mentions inside it that it finds likelier none (`DOUBTFUL`);
- a mention of a rule in `drop_likeliest` (grown phrases and technique head-noun phrases, "phrase.extended",
  "phrase.technique_head"; the paper's own names by their cue, "proposed.cue"; a task head's phrase outside
  a task frame, "phrase.task_head_unframed") is dropped when NONE is its likeliest label, however unsure: held
  out on train, 8 of 54 such mentions were right (framed tasks' head-noun phrases are left out: read on arXiv
  abstracts, most of those it would drop are tasks);
- a mention of any other rule, the paper's own names too, is dropped when NONE reaches `drop_any`
  (0.7), with the mentions inside it that it also finds likelier none (`DOUBTFUL`), except
  lexicon terms, rules whose words say what the name is (`KEPT_RULES`) and a metric with a number
  beside it (`_measured`);
- a short form goes with the long form it dropped ("Radio Access Network (RAN)": "RAN" too), unless it
  is all but sure of the short form (`SURE_SHORT`);
- a generic measure word ("accuracy", "latency", "memory footprint") is a metric only where the text
  measures with it (a number close by, "in terms of"; convert._weak_metric), or where the typer finds
  it a metric at `sure_metric` (0.7), a quality word ("fidelity", "diversity") excepted: "improves
  accuracy and reduces latency" in an abstract about both;
- the words of a mention, of its head and its neighbours are also read as their clusters
  (terms/word_clusters.tsv: words the unlabelled arXiv abstracts use alike);
- the typer proposes terms no rule found: two- and three-word runs of lower-case content words
  ("breast cancer screening", rule "candidate.chunk", kept at `propose` 0.65 of being an entity, at
  `propose_sparse` 0.45 in a sparse abstract: one where the rules and the typer kept fewer than `sparse`
  (3) distinct names per 1,000 characters, as in most conference abstracts that write their methods and
  tasks in lower case; not the paper's own name nor a defined acronym's long form) and
  the corpus terms of terms/corpus_terms.tsv ("Gaussian mixture models", rule "candidate.term", at
  `propose_terms` 0.4), runs of capitalised words inside a sentence ("a Dual-Domain Density Refinement",
  and runs that mix them with acronyms: "IAPR TC-12", "Faster RCNN"; rule "candidate.titled", at
  `propose_titled` 0.65; not one cut from a longer name, `cut_from_longer`)
  and the long forms of the acronyms the abstract defines ("exponential moving average (EMA)", rule
  "candidate.defined", at `propose_defined` 0.65), the likeliest of overlapping ones, in the field it
  scores highest; a chunk or corpus term the words beside it call a means ("a token reduction technique",
  "using binary code embedding") is proposed as a technique at `propose_cued` (0.35), where techniques or tasks is
  its likeliest field (rule "candidate.cued"; held out on train.jsonl, techniques 0.630 → 0.637); a run or a long
  form may hold a rule's mention of a piece of it, which gives way to it where it is proposed
  ("Emotion-Filtering Module", not "Emotion-Filtering"; "Deep metric learning (DML)", not "metric learning");
- whether a mention is such a long form, a piece of one or a defined short form is one of its features;
- where nothing kept is a task, the mention or candidate the model finds likeliest a task is one, at `only_task`
  (0.35; rule "candidate.only_task"): nearly every abstract names the problem it addresses (held out on train.jsonl,
  tasks 0.561 → 0.565);
- a task mention right after "using", "via", "based on", "applying" or "through the lens of" is a technique
  (`USE_CUE`): what a paper works with is a means, not the problem it addresses.
The model is trained from `../shared/gold/train.jsonl` by `scripts/train_typer.py` and ships in
`typer/`; `SparseLinearScorer` computes its probabilities straight from its weights.
"""
from __future__ import annotations

import re
import zlib
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

import numpy as np
import spacy
from murmurhash.mrmr import hash_bytes
from spacy.attrs import ORTH
from spacy.strings import get_string_id
from spacy.tokens import Doc

from ..errors import PipelineConfigError
from .abbreviations import find_abbreviations
from .corpus import WORD, NO_CLUSTER, corpus_names, corpus_terms, term_bucket, word_clusters
from .names import prior_work
from .phrases import SENTENCE_OPENING, STOP, VAGUE_TASKS, VAGUE_TERMS, _verb_like, manner_only
from .spans import LONG_FORM_KNOWN, SURE_METRICS, TYPER_SCORES, SpanIndex, SpanMention, text_of

TYPER_DIR = Path(__file__).parent / "typer"
FIELDS = ("proposed", "models", "techniques", "datasets", "metrics", "tasks")
LABELS = tuple(f.upper() for f in FIELDS) + ("NONE",)
BUCKETS = 1 << 15
CONTEXT = 60  # characters either side in which the three neighbouring words are read
WINDOW = 5000  # characters either side in which repeats of a mention are counted (a whole abstract, usually)
FIXED = {"f", "r", "fr", "s", "n", "c", "cap", "dig", "t", "k"}  # families with few values, kept as written
SAFE = re.compile(r"[^\w]")  # one feature, one token: spaCy's tokenizer splits on punctuation


NAME_PART = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+")  # the parts of a name-shaped word
CHUNK_WORD = re.compile(r"[A-Za-z][\w\-/]*\w|[A-Za-z]|[^\sA-Za-z]")
CANDIDATE = "candidate.chunk"  # the rule name of a chunk the typer proposes itself
TERM_CANDIDATE = "candidate.term"  # the rule name of a corpus term (terms/corpus_terms.tsv) the typer proposes
TITLED_CANDIDATE = "candidate.titled"  # the rule name of a run of capitalised words the typer proposes
DEFINED_CANDIDATE = "candidate.defined"  # the rule name of an acronym's long form the typer proposes ("exponential moving average (EMA)")
MAX_DEFINED_WORDS = 8
MAX_CANDIDATE_WORDS = 3
ONLY_TASK = "candidate.only_task"  # the rule of the one task an abstract would otherwise lack (`only_task`)
CUED_CANDIDATE = "candidate.cued"  # the rule of a chunk proposed for the words beside it (`propose_cued`)
MEANS_AFTER = re.compile(r"\s+(?:techniques?|mechanisms?|approach(?:es)?|principles?)\b", re.I)
NOT_MEANS = re.compile(r"-(?:based|driven|guided|aware|like|free|style)$")  # "LLM-based": what it is built on, not a means


def _cued_means(text: str, s: int, e: int) -> bool:
    """Whether the words beside a span call it a means: a kind word after it ("the token reduction technique") or a
    use before it ("using binary code embedding", "via hypothesis testing")."""
    return not NOT_MEANS.search(text, s, e) and (MEANS_AFTER.match(text, e) is not None
                                                  or USE_CUE.search(text, max(0, s - 40), s) is not None)


# a few of English's commonest words: a text that writes none of them is in another language ("Nous proposons une méthode
# générale pour la classification des images"), where the typer proposes no chunk and no task of its own
ENGLISH = re.compile(r"\b(?:the|of|and|to|in|is|are|we|our|for|with|this|that|these|on|by|at|as|from|it|be|can|which|"
                     r"than|into|using)\b", re.I)  # (each of 40,000 corpus abstracts, arXiv and conference, writes one)
USE_CUE = re.compile(r"\b(?:using|uses|via|based\s+on|grounded\s+in|employ\w*|appl(?:y|ies|ying)|lens\s+of)\s+"
                     r"(?:the\s+|a\s+|an\s+)?$", re.I)  # the words before a means ("using X", "through the lens of X")
EVIDENT_RULES = frozenset({"model.apposition", "metric.named", LONG_FORM_KNOWN})  # the words say what it is ("X, a leading … model", "Wasserstein metrics", a known acronym's long form): not re-typed
def term_candidates(text: str, taken: bytearray) -> list[tuple[int, int]]:
    """Spans of `text` that are corpus terms ("Gaussian mixture models", "key-value cache") and touch no
    rule mention: the longest term at each word."""
    by_pair = corpus_terms()[1]
    starts, ends, lowered = _words_of(text)
    out = []
    for i, pair in enumerate(zip(lowered, lowered[1:])):
        for words in by_pair.get(pair, ()):
            k = len(words)
            if (k == 2 or tuple(lowered[i:i + k]) == words) and taken.find(1, starts[i], ends[i + k - 1]) < 0:
                out.append((starts[i], ends[i + k - 1]))
                break
    return out


_DEFINED: list = [None, None]


def defined_of(text: str, abbreviations=None) -> tuple[dict[tuple[int, int], None], dict[int, int], frozenset[str]]:
    """The acronyms `text` defines ("exponential moving average (EMA)"), computed once per text (from
    `abbreviations`, the doc's own, when given): the spans of their long forms, where each long form
    ends → where it starts, and the short forms."""
    if _DEFINED[0] is not text:
        found = find_abbreviations(text) if abbreviations is None else abbreviations
        longs = dict.fromkeys((a.long_start, a.long_end) for a in found)  # in the text's order, as candidates go
        _DEFINED[:] = [text, (longs, {e: s for s, e in longs}, frozenset(a.short for a in found))]
    return _DEFINED[1]


def defined_candidates(text: str, spans: list[tuple[int, int]] | SpanIndex) -> list[tuple[int, int]]:
    """Long forms of the acronyms the text defines, of two to `MAX_DEFINED_WORDS` words, that no rule
    mention crosses (one inside is allowed: "metric learning" in "deep metric learning (DML)") and none
    is: an author who abbreviates a phrase uses it as a term ("in-network computing (INC)", "key
    performance indicators (KPIs)"); read on train.jsonl, 84% of lower-case long forms are annotated."""
    index = spans if isinstance(spans, SpanIndex) else SpanIndex(spans)
    return [(s, e) for s, e in defined_of(text)[0] if 2 <= len(text[s:e].split()) <= MAX_DEFINED_WORDS
            and holds_only_pieces(s, e, index)]


def holds_only_pieces(s: int, e: int, index: SpanIndex) -> bool:
    """Whether every span that touches `s:e` lies inside it, none the span itself: a candidate may hold a
    rule's mention of a piece of it, never cut one."""
    return all(s <= ms and me <= e and (ms, me) != (s, e) for ms, me in index.touching(s, e))


def is_piece(s: int, e: int, m) -> bool:
    """Whether mention `m` is of a piece at the start or the end of `s:e` ("Emotion-Filtering" of
    "Emotion-Filtering Module", "metric learning" of "Deep metric learning"), which gives way to it; not one
    inside it ("MLLM" of "Efficient MLLM Fine-Tuning for Defect Inspection")."""
    return s <= m[1] and m[2] <= e and (m[1] == s or m[2] == e) and (m[1], m[2]) != (s, e)


def defined_feature(text: str, s: int, e: int) -> str | None:
    """How a span stands to the acronyms the text defines: the long form ("L"), the end of one cut at
    its start ("in": "metric learning" of "deep metric learning (DML)") or grown before it ("out"), or a
    short form ("S")."""
    longs, ends, shorts = defined_of(text)
    if (s, e) in longs:
        return "L"
    if e in ends:
        return "in" if s > ends[e] else "out"
    return "S" if text[s:e] in shorts else None


# a run of two to seven capitalised words inside a sentence, "of" or "for" allowed between them: "Answer-Informed
# Oracle", "Dual-Domain Density Refinement", "Mixture of Experts"
TITLED_WORD = r"[A-Z][a-z]+(?:-[A-Za-z][a-z]*)*"
TITLED_RUN = re.compile(rf"(?<![\w\-.])(?:{TITLED_WORD})(?:\s+(?:(?:of|for)\s+)?(?:{TITLED_WORD})){{1,6}}(?![\w\-])")
SENTENCE_START = SENTENCE_OPENING  # where any word is capitalised


# a word with a capital letter or a digit-and-capital right before or after a run of capitalised words: the run is cut
# from a longer name ("2D | Gaussian Splatting", "Structural | Causal Model", "Continuous Scale-Conditioned | Hyper-LoRA")
# unless the word is one that opens a sentence or a phrase ("A Spatial Prior Module", "Our Dual-Domain Refiner")
OPENING_WORDS = frozenset("""A An The Our This These That Its Their We In On For With To By And Or Of As At From Each Both
All Any Some Two Three Four Here Then Thus First Second Finally""".split())
NAME_BEFORE = re.compile(r"(?<![\w-])(?P<w>[\w-]*[A-Z][\w-]*)\s+$")
NAME_AFTER = re.compile(r"\s+[A-Z]")


def cut_from_longer(text: str, s: int, e: int) -> bool:
    """Whether the run of capitalised words at `s:e` has a capitalised word right before it (not an opening
    word) or right after it: a piece of a longer name the run's pattern could not take whole."""
    before = NAME_BEFORE.search(text, max(0, s - 40), s)
    return bool(before and before.group("w") not in OPENING_WORDS or NAME_AFTER.match(text, e))


# the word of kind a dataset's name is written with ("the Diabetes Health Indicators Dataset"): a run that ends on it,
# or comes before it, and holds a rule's mention is that name and the word (names.TITLED_DATASET), not a longer name
KIND_END = re.compile(r" (?:Dataset|Datasets|Benchmark|Benchmarks|Corpus)$")
KIND_AFTER = re.compile(r"\s+(?:dataset|datasets|benchmark|benchmarks|corpus|corpora)\b")  # "the Penn Treebank WSJ corpus"


# a run of two to five capitalised words, one at least an acronym, a word with a capital inside or a digit:
# "IAPR TC-12", "Faster RCNN", "GitHub Copilot", "Kimi K2.6", "INRIA Web Queries"
CAPITAL_WORD = r"(?:[A-Z][\w+]*(?:[.\-][\w+]+)*|\d\w*[A-Za-z]\w*(?:[.\-][\w+]+)*)"
MIXED_RUN = re.compile(rf"(?<![\w\-.])(?:{CAPITAL_WORD})(?:\s+(?:{CAPITAL_WORD})){{1,4}}(?![\w\-])")
CAPITAL = re.compile(CAPITAL_WORD)
TITLED = re.compile(TITLED_WORD)
SIZE = re.compile(r"\d+(?:\.\d+)?[KMBT](?:-[a-z]+)?")  # "70B", "128K-context": a size before the name
KINDS = re.compile(r"[A-Z]+s")  # "LLMs ChatGPT-4", "GPUs": a kind before the name
MODIFIER = re.compile(r"[\w+]*(?:[A-Z0-9][\w+]*)-[a-z]+(?:-[a-z]+)*")  # "LLM-based", "GPU-accelerated"


# a hardware maker's name first ("NVIDIA Jetson", "Qualcomm Snapdragon", "Apple Neural Engine", "Canon EOS R5"): a
# device, not a method (read on train.jsonl: none of the 9 such runs is annotated)
VENDOR_START = re.compile(r"(?:NVIDIA|Nvidia|AMD|Intel|Qualcomm|Apple|Canon|Nikon|Sony|Samsung|Xilinx|Raspberry|Arduino)\s")
# the last word of a place's name ("the Baltic Sea", "the Northwest Pacific", "Monterey Bay"): where, not what
PLACE_END = re.compile(r"\s(?:Sea|Ocean|Bay|Pacific|Atlantic|River|Mountains|Gulf|Coast|Valley|Islands?|Peninsula|"
                       r"Basin|Strait|Desert|Airport|County|Province|Prefecture)$")


def titled_candidates(text: str, spans: list[tuple[int, int]] | SpanIndex) -> list[tuple[int, int]]:
    """Runs of capitalised words that no rule mention crosses or is, though one may hold a piece of it
    ("Emotion-Filtering" of "Emotion-Filtering Module"), and that do not open a sentence (where any word
    is capitalised): what an abstract writes in title case is mostly a name, of the paper's own parts
    ("Dual-Domain Density Refinement"), of a method or of a dataset. So are runs that mix acronyms and
    capitalised words ("IAPR TC-12", "Faster RCNN"), less an opening word, a size or a kind before them
    ("The", "70B", "LLMs") and not when a word of them is a modifier ("LLM-based SR"). Not a place ("the Baltic
    Sea", `PLACE_END`) nor a device by its maker ("NVIDIA Jetson", `VENDOR_START`)."""
    index = spans if isinstance(spans, SpanIndex) else SpanIndex(spans)
    runs = [m.span() for m in TITLED_RUN.finditer(text)]
    for m in MIXED_RUN.finditer(text):
        words = list(CAPITAL.finditer(text, m.start(), m.end()))
        while words and (words[0].group() in OPENING_WORDS or SIZE.fullmatch(words[0].group())
                         or KINDS.fullmatch(words[0].group())):
            words.pop(0)
        if len(words) > 1 and not all(TITLED.fullmatch(w.group()) for w in words) \
                and not any(MODIFIER.fullmatch(w.group()) and not TITLED.match(w.group()) for w in words):
            runs.append((words[0].start(), m.end()))
    return [(s, e) for s, e in runs
            if holds_only_pieces(s, e, index)
            and not SENTENCE_START.search(text, max(0, s - 3), s)
            and not PLACE_END.search(text, s, e)
            and not VENDOR_START.match(text, s)
            and not ((KIND_END.search(text, s, e) or KIND_AFTER.match(text, e))
                     and any(s <= a and b <= e for a, b in index.touching(s, e)))]


VAGUE_CANDIDATES = VAGUE_TERMS - {"language model", "language models"} | VAGUE_TASKS


def proposals(text: str, mentions, chunks: bool = True, terms: bool = True, titled: bool = True,
              defined: bool = True) -> list[tuple[int, int, str]]:
    """The spans the typer scores for proposing, with their rule: chunks and corpus terms that touch no
    rule mention, title-case runs and defined long forms that no rule mention crosses (the component and
    scripts/train_typer.py both read them here)."""
    taken = bytearray(len(text))
    for _f, s, e, *_ in mentions:
        taken[s:e] = b"\x01" * (e - s)
    out = [(s, e, CANDIDATE) for s, e in chunk_candidates(text, taken)] if chunks else []
    spans = SpanIndex((m[1], m[2]) for m in mentions)
    if defined:
        out += [(s, e, DEFINED_CANDIDATE) for s, e in defined_candidates(text, spans)]
    if titled:
        out += [(s, e, TITLED_CANDIDATE) for s, e in titled_candidates(text, spans)]
    if terms:
        out += [(s, e, TERM_CANDIDATE) for s, e in term_candidates(text, taken)]
    # a vague term ("neural networks", "machine learning") is no node on its own, as with the lexicon (phrases.py);
    # but "language models" is where only that is written (GUIDELINES), and held out on train.jsonl half the
    # proposed ones are annotated, against none of 8 "neural network(s)"
    return [c for c in out if text[c[0]:c[1]].lower() not in VAGUE_CANDIDATES]


# words of phrases.STOP that terms are often made of ("deep networks", "multiple kernel learning", "image quality")
TERM_WORDS = frozenset("""deep average robust task approximate multiple local global design efficiency quality small full
fine-grained first-order second-order implicit explicit stable joint long-term short-term empirical sequential""".split())
LY_NOUNS = frozenset("anomaly assembly self-assembly family supply reply monopoly fly".split())  # not adverbs


def chunk_candidates(text: str, taken: bytearray) -> list[tuple[int, int]]:
    """Spans of two or three words inside runs of lower-case content words (or acronyms) that no rule
    mention touches: "… for breast cancer screening in …" proposes "breast cancer screening",
    "cancer screening" and "breast cancer"; the model keeps at most one of overlapping spans.
    Runs break at punctuation, numbers, function and stop words and adverbs, and end after an inflected
    word ("screening", "clinics": a head noun, or a verb the model learns to refuse).
    (Single words were measured too: they tripled the candidates for a third of a point.)"""
    out: list[tuple[int, int]] = []
    run: list[tuple[int, int]] = []

    def flush() -> None:
        n = len(run)
        for end in range(2, n + 1):
            for start in range(max(0, end - MAX_CANDIDATE_WORDS), end - 1):
                out.append((run[start][0], run[end - 1][1]))
        run.clear()

    for m in CHUNK_WORD.finditer(text):
        kind = _chunk_kind(m.group(0))
        s, e = m.span()
        if kind and taken.find(1, s, e) < 0:
            run.append((s, e))
            if kind == 2:  # "screening", "clinics", "reduces": a head noun or a verb, either way the run ends
                flush()
        elif run:
            flush()
    flush()
    return out


@lru_cache(maxsize=1 << 18)  # once per distinct word: words repeat across abstracts
def _chunk_kind(w: str) -> int:
    """0: a word that breaks a run of content words; 1: one inside a run; 2: one that ends it (inflected)."""
    lw = w.lower()
    if (w[0].isalpha() and (w.islower() or (len(w) > 1 and w.isupper())) and (lw not in STOP or lw in TERM_WORDS)
            and (not lw.endswith("ly") or lw in LY_NOUNS)):
        return 2 if _verb_like(w) else 1
    return 0


@lru_cache(maxsize=1 << 16)
def shape(word: str) -> str:
    """A short shape: "GeoFlow" → "XxXx", "ImageNet-1K" → "XxXx-dX", "flow" → "x"."""
    out = []
    for ch in word:
        c = "X" if ch.isupper() else "x" if ch.isalpha() else "d" if ch.isdigit() else ch
        if not out or out[-1] != c:
            out.append(c)
    return "".join(out)[:8]


def features(text: str, fld: str, s: int, e: int, rule: str, title: str = "") -> str:
    """The mention as a line of feature tokens for the bag-of-words model."""
    return " ".join(_bucket(x) for x in raw_features(text, fld, s, e, rule, title))


def raw_features(text: str, fld: str, s: int, e: int, rule: str, title: str = "") -> list[str]:
    """The mention's features before hashing ("w_imagenet", "l1_on", "f_datasets", …)."""
    of_name, rest = feature_parts(text, fld, s, e, rule, title)
    return [*rest, *of_name]


def in_title(name: str, title: str) -> bool:
    """Whether the paper's title writes `name` as whole words, case aside: a paper's title names what
    it is about ("… for Breast Cancer Screening")."""
    lowered, name = title.lower(), name.lower()
    at = lowered.find(name)
    while at >= 0:
        end = at + len(name)
        if not (at and lowered[at - 1].isalnum()) and not (end < len(lowered) and lowered[end].isalnum()):
            return True
        at = lowered.find(name, at + 1)
    return False


def feature_parts(text: str, fld: str, s: int, e: int, rule: str, title: str = "") -> tuple[tuple[str, ...], list[str]]:
    """The mention's features in two parts: those of its name alone (the same tuple for every mention of
    the name, so the scorer looks their weights up once) and the rest (field, rule, context, whether the
    title writes it: nothing when the input gives no title)."""
    name = text[s:e]
    head, of_name = _name_features(name)
    starts, ends, lowered = _words_of(text)
    i = bisect_right(ends, s)  # the first word that does not end before the mention
    left = lowered[bisect_left(starts, s - CONTEXT, max(0, i - 3), i):i]  # up to three, starting within CONTEXT
    j = bisect_left(starts, e)  # the first word that starts at or after its end
    right = lowered[j:bisect_right(ends, e + CONTEXT, j, min(len(starts), j + 3))]
    count = text.count(name, max(0, s - WINDOW), e + WINDOW)  # bounded: linear on a 1M-character "abstract"
    rest = [f"f_{fld}", f"r_{rule}", f"fr_{fld}_{rule}", f"hf_{head}_{fld}", f"c_{min(count, 3)}"]
    where = 5 * text.find(name, max(0, s - WINDOW), e) // max(len(text), 1)  # the fifth of the abstract that first writes it
    rest += [f"pos_{where}", f"rpos_{rule}_{where}"]
    if (ab := defined_feature(text, s, e)) is not None:
        rest += [f"ab_{ab}", f"rab_{rule}_{ab}"]
    if title:
        t = int(in_title(name, title))
        rest += [f"ti_{t}", f"rti_{rule}_{t}"]
    rest += [f"l{i}_{w}" for i, w in enumerate(reversed(left), 1)] + [f"lw_{w}" for w in left]
    rest += [f"r{i}_{w}" for i, w in enumerate(right, 1)] + [f"rw_{w}" for w in right]
    clusters = word_clusters()
    if left:
        near = clusters.get(left[-1], NO_CLUSTER)
        rest += [f"lc_{near[0]}", f"lcm_{near[1]}"]
    if right:
        near = clusters.get(right[0], NO_CLUSTER)
        rest += [f"rc_{near[0]}", f"rcm_{near[1]}"]
    return of_name, rest


@lru_cache(maxsize=1 << 16)
def _name_features(name: str) -> tuple[str, tuple[str, ...]]:
    """The features of a mention that depend on its name alone (its words, shape, head, whether the
    corpus defines it), with its head word; names repeat, so they are computed once."""
    words = WORD.findall(name.lower()) or ["_"]
    defined = corpus_terms()[0].get(tuple(words), 0) if len(words) > 1 else 0
    names = corpus_names()
    written = max((names.get(w, 0) for w in WORD.findall(name)), default=0)
    feats = (f"k_{term_bucket(written)}", f"h_{words[-1]}", f"b_{words[0]}", f"s_{shape(name.replace(' ', '_'))}", f"n_{min(len(words), 5)}",
             f"cap_{any(ch.isupper() for ch in name)}", f"dig_{any(ch.isdigit() for ch in name)}",
             f"t_{term_bucket(defined)}", *(f"w_{w}" for w in words[:6]))
    last = name.split()[-1] if name.split() else "_"
    parts = NAME_PART.findall(last)
    if len(parts) > 1:  # "iPlotBench" → "bench", "Aegis-Bench" → "bench", "SegDiff" → "diff"
        feats += (f"sx_{parts[-1].lower()}", f"px_{parts[0].lower()}")
    if len(words[-1]) > 5:  # "synthesizability" → "lity", "screening" → "ning"
        feats += (f"s4_{words[-1][-4:]}",)
    clusters = word_clusters()
    head, first = clusters.get(words[-1], NO_CLUSTER), clusters.get(words[0], NO_CLUSTER)
    feats += (f"hc_{head[0]}", f"hcm_{head[1]}", f"hcf_{head[2]}", f"bcm_{first[1]}", f"bcf_{first[2]}",
              *(f"wc_{clusters.get(w, NO_CLUSTER)[1]}" for w in words[:6]))
    return words[-1], feats


_WORDS_OF: list = [None, None]


def _words_of(text: str) -> tuple[list[int], list[int], list[str]]:
    """The words of `text` (starts, ends, lower-cased), computed once per text: every mention of an
    abstract reads its neighbours from them."""
    if _WORDS_OF[0] is not text:
        found = list(WORD.finditer(text))
        _WORDS_OF[:] = [text, ([m.start() for m in found], [m.end() for m in found], [m.group().lower() for m in found])]
    return _WORDS_OF[1]


@lru_cache(maxsize=1 << 16)
def _bucket(feature: str) -> str:
    """A word-valued feature as one of `BUCKETS` stable tokens, so the vocabulary of feature
    tokens stays bounded however many abstracts pass ("w_imagenet" → "w_20571")."""
    family, _, value = feature.partition("_")
    if family in FIXED:
        return SAFE.sub("Q", feature)
    return f"{family}_{zlib.crc32(value.encode('utf-8')) % BUCKETS}"


class SparseLinearScorer:
    """The trained textcat's own arithmetic, without building a spaCy `Doc` per mention.

    `TextCatBOW` (unigrams, exclusive classes) scores a line of feature tokens as softmax(b + Σ W[i₁(t)]
    + W[i₂(t)]) over its tokens t, where i₁, i₂ are two MurmurHash3 indices of the token's string id
    (thinc's `SparseLinear.v2`). Computed here with the model's own weights, so the probabilities are
    the model's (tests/test_extract_typer.py compares them with `textcat.predict`), at a fraction of the cost:
    most of the typer's time went to making a `Doc` and new lexemes for every feature line.
    """

    def __init__(self, textcat) -> None:
        layers = {layer.name: layer for layer in textcat.model.walk()}
        linear, ngrams = layers.get("sparse_linear"), layers.get("extract_ngrams")
        if (linear is None or ngrams is None or "softmax_activation" not in layers or linear.attrs.get("v1_indexing")
                or ngrams.attrs.get("ngram_size") != 1 or ngrams.attrs.get("attr") != ORTH):
            raise PipelineConfigError("kg_typer: the model is not the unigram TextCatBOW textcat this component reads; "
                                      "retrain it with `python scripts/train_typer.py`")
        n_out, self.length = linear.get_dim("nO"), linear.get_dim("length")
        self.weights = np.ascontiguousarray(linear.get_param("W").reshape(n_out, self.length).T)  # (length, classes)
        self.bias = linear.get_param("b").copy()
        # each feature seen, as its row of `_table`: the sum of its two weight rows (one gather per feature, not two)
        self._index: dict[str, int] = {}
        self._table = np.empty((1 << 12, n_out), dtype=self.weights.dtype)
        self._name_sums: dict[tuple[str, ...], np.ndarray] = {}
        self._zero = np.zeros(n_out, dtype=self.weights.dtype)

    def _rows_of(self, features: list[str], out: list[int], new: list[str]) -> None:
        """The `_table` rows of `features`, appended to `out`; features not seen before get the next free rows,
        in order, and go to `new` (for `_fill`)."""
        index = self._index
        for f in features:
            k = index.get(f)
            if k is None:
                k = index[f] = len(index)
                new.append(f)
            out.append(k)

    def _fill(self, new: list[str]) -> None:
        """The `_table` rows of features just indexed: each the sum of the feature's two weight rows."""
        if not new:
            return
        end = len(self._index)
        if end > len(self._table):
            grown = np.empty((max(end, 2 * len(self._table)), self._table.shape[1]), dtype=self._table.dtype)
            grown[:end - len(new)] = self._table[:end - len(new)]
            self._table = grown
        pairs = np.array([self.rows(f) for f in new], dtype=np.intp)
        self._table[end - len(new):end] = self.weights[pairs[:, 0]] + self.weights[pairs[:, 1]]

    def rows(self, feature: str) -> tuple[int, int]:
        """The two weight rows of one raw feature."""
        key = get_string_id(_bucket(feature)).to_bytes(8, "little")
        return (hash_bytes(key, 0) & 0xFFFFFFFF) % self.length, (hash_bytes(key, 1) & 0xFFFFFFFF) % self.length

    def _sums(self, rows: list[int], starts: list[int]) -> np.ndarray:
        """The sums of the `_table` rows of each stretch of `rows` from one of `starts` to the next."""
        return np.add.reduceat(self._table[np.asarray(rows, dtype=np.intp)], np.asarray(starts, dtype=np.intp), axis=0)

    def scores(self, lines: list[list[str]]) -> np.ndarray:
        """Class probabilities, one row per line of raw features (in the textcat's label order)."""
        return self.scores_of_parts([((), feats) for feats in lines])

    def scores_of_parts(self, lines: list[tuple[tuple[str, ...], list[str]]]) -> np.ndarray:
        """`scores` of lines given as `feature_parts`: the weights of a name's features are summed once per name
        (a name's features are half of a line's, and names repeat), the rest gathered per line."""
        if len(self._index) > 1 << 19:  # bounded: feature values are open-ended words
            self._index.clear()
            self._name_sums.clear()
        named = self._name_sums
        new_names = list(dict.fromkeys(of_name for of_name, _ in lines if of_name and of_name not in named))
        name_rows: list[int] = []
        name_starts = []
        new: list[str] = []
        for of_name in new_names:
            name_starts.append(len(name_rows))
            self._rows_of(of_name, name_rows, new)
        rows: list[int] = []
        starts = []
        for _, feats in lines:
            starts.append(len(rows))
            self._rows_of(feats, rows, new)  # (never empty: a line has its field and rule)
        self._fill(new)
        if new_names:  # the sums of new names, all at once (each name's the same whatever is summed beside it)
            for of_name, total in zip(new_names, self._sums(name_rows, name_starts)):
                named[of_name] = total
        logits = self._sums(rows, starts)
        logits += np.array([named[of_name] if of_name else self._zero for of_name, _ in lines])
        logits += self.bias
        logits -= logits.max(axis=1, keepdims=True)
        probs = np.exp(logits)
        return probs / probs.sum(axis=1, keepdims=True)


# not dropped by `drop_any`: names whose words say what they are ("X, a leading … model", "the planar and
# tree datasets", "the ASR metric"), and lexicon terms (read blind on arXiv-005, 20 of 32 lexicon mentions
# it would drop are right: "fine-tuning of agents", "ARC", "SUN360"), and a known family's model written in lower
# case ("o3-mini", "gpt-4o-mini": names.LOWER_MODEL)
KEPT_RULES = EVIDENT_RULES | {"lexicon", "dataset.pair", "dataset.context", "dataset.apposition", "metric.context",
                              "model.lower_case"}
DOUBTFUL = 0.5  # NONE from which a mention inside one `drop_any` drops (or a long form `drop` drops) goes with it
LONG_FORM_RULE = "name.abbreviation_long"
SURE_SHORT = 0.05  # NONE under which a short form stays though its long form goes (cross-validated: 0 to 0.05 alike, 0.1 and up lower)
MEASURED = 20  # characters either side of a metric in which a number measures with it ("74% preference")


def _measured(text: str, m) -> bool:
    """Whether a metric mention has a number right beside it, as a reported result needs ("74-83%
    preference", "FID 54.1"): the result's own words, which `drop_any` leaves in place."""
    if m[0] != "metrics":
        return False
    return any(ch.isdigit() for ch in text[max(0, m[1] - MEASURED):m[2] + MEASURED])


def _density(text: str, mentions) -> float:
    """Distinct names (lower-cased) among `mentions` per 1,000 characters of `text`."""
    return 1000 * len({text[m[1]:m[2]].lower() for m in mentions}) / max(len(text), 1)


class MentionTyper:
    """spaCy component: re-types the mentions in `doc._.kg_mentions` the model is sure about, drops
    those of `drop_rules` it is sure are none, and proposes chunks no rule found (see the module)."""

    def __init__(self, name: str = "kg_typer", path: str | Path | None = None, threshold: float = 0.5,
                 drop: float = 1.01, drop_rules: Sequence[str] = (), propose: float = 1.01,
                 propose_terms: float = 1.01, propose_titled: float = 1.01, prefer_inner: float = 1.01, drop_any: float = 1.01,
                 sure_metric: float = 1.01, drop_likeliest: Sequence[str] = (), propose_defined: float = 1.01,
                 propose_sparse: float = 1.01, sparse: float = 0.0, propose_cued: float = 1.01,
                 only_task: float = 1.01):
        self.name = name
        # a mention of these rules is also dropped when NONE is its likeliest label, however unsure
        self.drop_likeliest = tuple(drop_likeliest)
        # a generic measure word ("accuracy", "latency") with no number beside it stays a metric when METRICS
        # reaches this (above 1: never); the conversion drops the others (convert._weak_metric)
        self.sure_metric = sure_metric
        # a mention of any rule, the paper's own names too, is dropped when NONE reaches this (above 1:
        # never); not those of `KEPT_RULES`, nor a metric with a number beside it (`_measured`)
        self.drop_any = drop_any
        self.threshold = threshold
        self.drop = drop
        self.drop_rules = tuple(drop_rules)
        # each kind of candidate and the probability of being an entity it needs to be proposed (above 1: never)
        self.thresholds = {CANDIDATE: propose, TERM_CANDIDATE: propose_terms, TITLED_CANDIDATE: propose_titled,
                           DEFINED_CANDIDATE: propose_defined}
        # a chunk (CANDIDATE) is proposed at `propose_sparse` instead in an abstract where fewer than `sparse`
        # distinct names per 1,000 characters are kept before the proposals, but not as the paper's own name
        # nor where it is the long form of an acronym the abstract defines (that is `propose_defined`'s)
        self.propose_sparse = propose_sparse
        self.sparse = sparse
        # a chunk or corpus term the words beside call a means ("the token reduction technique", "using binary code
        # embedding") is proposed as a technique at this chance of being an entity, where techniques or tasks is its
        # likeliest field (above 1: never)
        self.propose_cued = propose_cued
        # where nothing it keeps is a task, the mention or candidate likeliest a task is one, at this chance of being
        # a task, TASKS its likeliest field (above 1: never): held out on train.jsonl, 182 of the 220 abstracts with no
        # task kept have one annotated
        self.only_task = only_task
        # a phrase is given up for a mention inside it that ends where it ends ("end-to-end localization" for
        # "localization") when the inner one is this much likelier to be an entity (above 1: never)
        self.prefer_inner = prefer_inner
        path = Path(path) if path else TYPER_DIR
        if not (path / "meta.json").is_file():
            raise PipelineConfigError(f"{path}: no trained mention typer here; run `python scripts/train_typer.py`")
        self.model = spacy.load(path)
        self.textcat = self.model.get_pipe("textcat")
        self.labels = list(self.textcat.labels)
        self.linear = SparseLinearScorer(self.textcat)

    def __call__(self, doc: Doc) -> Doc:
        mentions = doc._.kg_mentions or []
        text = text_of(doc)
        defined_of(text, doc._.kg_abbreviations)  # the doc's acronyms, for the features and the candidates
        on = [self.thresholds[rule] <= 1 for rule in (CANDIDATE, TERM_CANDIDATE, TITLED_CANDIDATE, DEFINED_CANDIDATE)]
        english = ENGLISH.search(text) is not None  # the typer proposes nothing of its own in another language
        candidates = proposals(text, mentions, *on) if any(on) and english else []
        if not mentions and not candidates:
            return doc
        title = doc.user_data.get("kg_title", "")
        lines = [feature_parts(text, f, s, e, r, title) for f, s, e, r, _ in mentions]
        lines += [feature_parts(text, "none", s, e, rule, title) for s, e, rule in candidates]
        scores = self.linear.scores_of_parts(lines).tolist()
        labels = self.labels
        by_span: dict[tuple[int, int], list] = {}  # every line it scored, by span: the mentions' confidence (spans.confidence)
        for (s, e), row in zip([(m[1], m[2]) for m in mentions] + [(s, e) for s, e, _ in candidates], scores):
            by_span.setdefault((s, e), []).append(row)
        doc.user_data[TYPER_SCORES] = {"labels": labels, "spans": by_span}
        none = labels.index("NONE")
        fields = [i for i in range(len(labels)) if i != none]
        kept = []
        if "METRICS" in labels:  # generic measure words it finds measured here, though no number is beside them
            metric = labels.index("METRICS")
            doc.user_data[SURE_METRICS] = {(m[1], m[2]) for m, row in zip(mentions, scores) if row[metric] >= self.sure_metric}
        evident = {(m[1], m[2]) for m in mentions if m[3] in EVIDENT_RULES}  # no mention of these spans is re-typed
        padded = self._padded(mentions, scores, none) if self.prefer_inner <= 1 else set()
        gone: list[tuple[int, int]] = []
        for k, (m, row) in enumerate(zip(mentions, scores)):
            if k in padded or (row[none] >= self.drop and self._droppable(m[3])) \
                    or (self.drop_likeliest and m[3].startswith(self.drop_likeliest) and row[none] == max(row)):
                if m[3] == LONG_FORM_RULE and k not in padded:
                    gone.append((m[1], m[2]))  # "Clustering" stays no technique of its own in "Amplitude Clustering Module"
                continue
            if row[none] >= self.drop_any and m[3] not in KEPT_RULES and not _measured(text, m):
                gone.append((m[1], m[2]))
                continue
            best = max(fields, key=lambda i: (row[i], labels[i]))
            # an acronym's long form is models by default, not by what the rule read: its likeliest field wins
            # (but the paper's own only at `threshold`: most long forms it would make so below are prior work)
            at = 0.0 if m[3] == LONG_FORM_RULE and m[0] == "models" and labels[best] != "PROPOSED" else self.threshold
            if row[best] >= at and labels[best] != m[0].upper() and (m[1], m[2]) not in evident \
                    and not (labels[best] == "PROPOSED" and prior_work(text, m[1], m[2])):
                m = m._replace(field=labels[best].lower())  # but "the previously proposed X" is not the paper's
            kept.append(m)
        if doc._.kg_abbreviations:  # an acronym goes with the long form it stands for: "Radio Access Network (RAN)"
            own = labels.index("PROPOSED") if "PROPOSED" in labels else None
            kept = self._with_long_forms(doc._.kg_abbreviations, mentions, scores, none, text, kept, own)
        if gone:  # and the mentions inside what it drops that it finds likelier none than not: "accuracy" would
            # take the place of "control accuracy"; but "comparable accuracy" gives way to "accuracy"
            doubtful = {(m[1], m[2]) for m, row in zip(mentions, scores) if row[none] >= DOUBTFUL}
            kept = [m for m in kept if (m[1], m[2]) not in doubtful
                    or not any(gs <= m[1] and m[2] <= ge and (gs, ge) != (m[1], m[2]) for gs, ge in gone)]
        proposed = []
        sparse = self.propose_sparse <= 1 and _density(text, kept) < self.sparse
        long_forms = {(a.long_start, a.long_end) for a in doc._.kg_abbreviations or ()} if sparse else set()
        for (s, e, rule), row in zip(candidates, scores[len(mentions):]):
            p, at = 1.0 - row[none], self.thresholds[rule]
            lowered = sparse and rule == CANDIDATE and (s, e) not in long_forms
            if p < (min(at, self.propose_sparse) if lowered else at):
                if p >= self.propose_cued and rule in (CANDIDATE, TERM_CANDIDATE) and _cued_means(text, s, e) \
                        and labels[max(fields, key=lambda i: (row[i], labels[i]))] in ("TECHNIQUES", "TASKS"):
                    proposed.append((p, s, e, "techniques", CUED_CANDIDATE))
                continue
            best = max(fields, key=lambda i: (row[i], labels[i]))
            if p < at and labels[best] == "PROPOSED":
                continue  # the lower bar of a sparse abstract is not for the paper's own name
            if labels[best] == "TASKS" and manner_only(text[s:e].split()):
                continue  # how a process runs is no task ("parallel generation"), though it may be a technique
            proposed.append((p, s, e, labels[best].lower(), rule))
        chosen: list[tuple[int, int]] = []
        for p, s, e, fld, rule in sorted(proposed, key=lambda x: (-x[0], x[1], x[2], x[4])):
            if rule == TITLED_CANDIDATE and cut_from_longer(text, s, e):
                continue
            if all(e <= cs or ce <= s for cs, ce in chosen):
                chosen.append((s, e))
                if rule in (DEFINED_CANDIDATE, TITLED_CANDIDATE):  # it takes the place of the pieces it holds
                    kept = [m for m in kept if not is_piece(s, e, m)]
                kept.append(SpanMention(fld, s, e, rule, None))
        if self.only_task <= 1 and english and not any(m[0] == "tasks" for m in kept):
            task = labels.index("TASKS")
            spans = [(m[1], m[2], m[3]) for m in mentions] + candidates
            best = max(((row[task], s, e, rule) for (s, e, rule), row in zip(spans, scores)
                        if row[task] >= self.only_task and row[task] == max(row[i] for i in fields)
                        and text[s:e].lower() not in VAGUE_CANDIDATES and not manner_only(text[s:e].split())
                        and all(e <= m[1] or m[2] <= s for m in kept)), default=None)
            if best:
                kept.append(SpanMention("tasks", best[1], best[2], ONLY_TASK, None))
        # what a paper works "using" or "via" is a means, not the problem it addresses: "via linear stability analysis",
        # "using Monte Carlo estimation" (held out on train.jsonl: of 13 such task mentions, 10 are annotated techniques)
        doc._.kg_mentions = [m._replace(field="techniques") if m[0] == "tasks" and USE_CUE.search(text, max(0, m[1] - 40), m[1])
                             else m for m in kept]
        return doc

    def _with_long_forms(self, abbreviations, mentions, scores, none: int, text: str, kept: list,
                         own: int | None = None) -> list:
        """`kept` without the droppable mentions of a short form whose long form the model drops (every
        mention of that span is none at `drop`): "RAN" goes where "Radio Access Network (RAN)" is no entity;
        but not a mention the model is all but sure of (NONE under `SURE_SHORT`: "the Amplitude Clustering Module
        (ACM)" of the paper's own), nor one it finds the paper's own name (PROPOSED, column `own`, its likeliest
        field, at `threshold`)."""
        fate: dict[tuple[int, int], bool] = {}  # a span's mentions → whether any of them stays
        for m, row in zip(mentions, scores):
            stays = not (self._droppable(m[3]) and row[none] >= self.drop)
            fate[(m[1], m[2])] = fate.get((m[1], m[2]), False) or stays
        gone = {a.short for a in abbreviations if fate.get((a.long_start, a.long_end)) is False}
        if not gone:
            return kept
        doubt = {(m[1], m[2]) for m, row in zip(mentions, scores)
                 if row[none] >= SURE_SHORT and not (own is not None and row[own] >= self.threshold and row[own] == max(row))}
        return [m for m in kept if not (text[m[1]:m[2]] in gone and self._droppable(m[3]) and (m[1], m[2]) in doubt)]

    def _droppable(self, rule: str) -> bool:
        """Whether the model may leave out a mention of this rule (all rules when `drop_rules` is empty)."""
        return not self.drop_rules or rule.startswith(self.drop_rules)

    def _padded(self, mentions, scores, none: int) -> set[int]:
        """Indices of the droppable mentions (`drop_rules`) that hold, at their end, a mention the model
        finds more likely an entity by `prefer_inner`: the modifiers are padding."""
        by_end: dict[int, list[int]] = {}
        for k, m in enumerate(mentions):
            by_end.setdefault(m[2], []).append(k)
        out = set()
        for k, m in enumerate(mentions):
            if not self._droppable(m[3]):
                continue
            p = 1.0 - scores[k][none]
            if any(mentions[j][1] > m[1] and 1.0 - scores[j][none] - p >= self.prefer_inner for j in by_end[m[2]]):
                out.add(k)
        return out
