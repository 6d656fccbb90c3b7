"""Extraction: the one place that reads `doc._`: choose among overlapping mentions, map offsets
back to the abstract as written, and return an `Extraction` of plain records."""
from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import replace

from spacy.tokens import Doc

from ..records import Document, Evidence, Extraction, Mention, Result
from ..text import is_generic_baseline  # noqa: F401 (its old home)
from ..text import bare_name, name_start, normalise
from ..latex import CleanText
from .names import (describes_kind, in_dataset_list, kind_shaped, listed_field, names_nothing, title_mention,
                    title_only_name, title_only_tasks, title_only_terms, title_tasks, variant_of, venue_or_body,
                    with_acronyms, word_spans)
from .spans import LONG_FORM_KNOWN, PROPAGATED, SURE_METRICS, TITLE_TERMS, TYPER_SCORES, SpanMention, confidence, built_on, in_compound, sentence_at, sentence_bounds, text_of, version_after

FIELD_ORDER = ("proposed", "models", "techniques", "datasets", "metrics", "tasks")
NAME_FIELDS = {"proposed", "models", "datasets", "metrics"}
OWN_RULES = {"proposed": "proposed.", "models": "model.", "datasets": "dataset.", "metrics": "metric."}  # a field's own rules
RULE_PRIORITY = {"proposed": 0, "datasets": 1, "metrics": 2, "tasks": 3, "techniques": 3, "models": 4}
# a model's possessive before a measure's own words ("GPT-4o-mini's diagnostic accuracy", "VLLMs' accuracy")
OWNER = re.compile(r"[^\s']+(?:['’]s|s['’])\s+(?=[a-z])")
TRIM = " ,;:.’‘`'\"“”()[]"


#: the longest evidence sentence kept whole; a longer "sentence" (text without full stops) is cut
#: to the characters around the mention, so outputs stay linear in the abstract's length
MAX_SENTENCE = 2000


def _sentence_of(doc: Doc, pos: int) -> tuple[int, int]:
    return sentence_at(sentence_bounds(doc), pos)


def _outranks(fld: str, rule: str, best_fld: str, best_rule: str) -> bool:
    """For one span found by several rules: a name given as the long form of an acronym
    ("Masked Diffusion Language Models (MDLM)") is a name, not a technique; otherwise the more
    specific field wins, but a lexicon name's field wins over a head-noun phrase's ("stochastic gradient descent" a
    method by the lexicon, not a technique for its head "descent"); among equals the lexicon, then a rule of the
    field's own ("trust score" proposed by "called the trust score", not a measure's head re-typed as proposed)."""
    terms = ("techniques", "tasks")
    if rule == "name.abbreviation_long" and best_fld in terms:
        return True
    if best_rule == "name.abbreviation_long" and fld in terms:
        return False
    if rule == "lexicon" and best_rule.startswith("phrase.") or best_rule == "lexicon" and rule.startswith("phrase."):
        return rule == "lexicon"
    if RULE_PRIORITY[fld] != RULE_PRIORITY[best_fld]:
        return RULE_PRIORITY[fld] < RULE_PRIORITY[best_fld]
    if "lexicon" in (rule, best_rule):
        return best_rule != "lexicon"
    own = OWN_RULES.get(fld)
    return own is not None and rule.startswith(own) and not best_rule.startswith(own)


def _select(doc: Doc) -> list[tuple[str, int, int, str]]:
    """Mentions kept after overlaps are settled: per field the longest span wins; a name
    inside a longer name is dropped; the same span in two fields goes to the more specific one."""
    text = text_of(doc)
    urls = doc._.kg_code
    raw = []
    title = doc.user_data.get("kg_title", "")
    lead = title_mention(text, title)
    mentions = doc._.kg_mentions + ([lead] if lead else []) + title_tasks(text, title)
    own = {text[s:e] for f, s, e, *_ in mentions if f == "proposed" and e - s >= 3 and " " not in text[s:e]}
    was = doc.user_data.get(PROPAGATED) or {}
    if was:  # a name made proposed where the abstract proposes it elsewhere, when no proposal of it stays there
        stays = with_acronyms({text[s:e] for f, s, e, r, _ in mentions if f == "proposed" and r != "proposed.propagated"},
                              doc._.kg_abbreviations)
        mentions = [m._replace(field="models", rule=was[(m[1], m[2])])
                    if m[3] == "proposed.propagated" and m[0] == "proposed" and text[m[1]:m[2]] not in stays
                    and (m[1], m[2]) in was else m for m in mentions]
    known: dict[str, list[tuple[int, int]]] = {"datasets": [], "metrics": [], "models": []}  # the lexicons' names, by field
    for f, s, e, r, *_ in mentions:
        if r == "lexicon" and f in known:
            known[f].append((s, e))
    for spans in known.values():
        spans.sort()  # by start, for listed_field's bisection
    known_metrics = set(known["metrics"])
    for fld, s, e, rule, _canonical in _settle_model(text, mentions):
        if fld == "models" and own and variant_of(text[s:e], own):
            fld = "proposed"  # "SKALD-text", "Polyglot-Lion-1.7B": a variant of the paper's own "SKALD", "Polyglot-Lion"
        while s < e and text[s] in TRIM:
            s += 1
        while e > s and text[e - 1] in TRIM:
            e -= 1
        if fld == "metrics" and (owner := OWNER.match(text, s, e)):
            s = owner.end()  # "GPT-4o-mini's diagnostic accuracy": the measure is the accuracy, its owner a model
        if e - s < 2 or any(us <= s < ue for us, ue in urls) or not any(ch.isalpha() for ch in text[s:e]):
            continue
        if rule == "lexicon" and fld != "datasets" and in_compound(text, s, e) \
                and not (fld in ("models", "techniques") and built_on(text, s, e)):
            continue  # "ODE" in "PF-ODE", "precision" in "full-precision": part of a compound, not a mention (but a
            # method or technique before "-based", "-driven", …, is what the thing is built on: "a BERT-based
            # classifier", "a RAG-based pipeline", "CNN-based encoders")
        if fld == "datasets" and rule in ("dataset.titled", "dataset.context") and describes_kind(text, s, e):
            continue  # "three PDE benchmarks", "an entity-based QA dataset": a kind of data, not a dataset's name
        if fld == "models" and rule == "name.shape" and (e - s < 3 or e - s == 3 and not text[s:e].isupper()):
            # "area MT", "UI elements", "CP factors", "dNL": two characters, or three with a small letter, name no method
            # by their shape alone (held out on train.jsonl, none of 8 is annotated one; models P 0.737 -> 0.749)
            continue
        if fld == "models" and rule != "lexicon" and (kind := kind_shaped(text[s:e])) is not None:
            if not kind:
                continue  # "PIDs", "Stage-2": a kind of thing, not a method's name
            fld = kind  # "optical-to-SAR", "C++-to-CUDA": a direction names a task
        if fld == "models" and rule == "model.coordination" and in_dataset_list(text, s, e, *_sentence_of(doc, s)):
            fld, rule = "datasets", "dataset.list"  # "on AudioCaps, Clotho, and MMAU": a word listed with datasets
        elif fld == "models" and rule == "name.shape" \
                and (listed := listed_field(text, s, e, *_sentence_of(doc, s), known)):
            # "on PFPascal, APK, and CUB", "PESQ, ESTOI and SSNR": a word listed with known datasets or metrics
            fld, rule = listed, "dataset.list" if listed == "datasets" else "metric.list"
        if fld in ("models", "datasets") and rule != "lexicon" and VALUED.match(text, e):
            fld, rule = "metrics", "metric.valued"  # "UCCR=0.0000, PAU=1.0000": a name set equal to a score is a measure
        elif fld == "models" and rule != "lexicon" and VALUE_OF.match(text, e) and A_VALUE_OF.search(text[max(0, s - 40):s]):
            fld, rule = "metrics", "metric.valued"  # "an FNIR of 0.3%", "a mean AbsRel of 0.081": a measure's value
        if fld in ("proposed", "models", "datasets") and (s, e) not in known_metrics \
                and (v := version_after(text, s, e, dataset=fld == "datasets")):
            # "DeepSeek V3", "Gemini 1.5 Pro", "ML-Master 2.0", "MultiWOZ 2.4": another entity than the family (but a
            # known measure's number is its value: "reaches FID 2.1")
            e, _canonical = v, None
        raw.append(SpanMention(fld, s, e, rule, _canonical))
    # the same span in several fields: keep the most specific field
    by_span: dict[tuple[int, int], tuple[str, str]] = {}
    canonical_of: dict[tuple[str, int, int], str] = {}
    for fld, s, e, rule, canonical in raw:
        if canonical:
            canonical_of[(fld, s, e)] = canonical
        best = by_span.get((s, e))
        if best is None or _outranks(fld, rule, *best):
            by_span[(s, e)] = (fld, rule)
    sure = doc.user_data.get(SURE_METRICS, ())  # those the typer finds measured here (its `sure_metric`)
    weak = {(s, e) for (s, e), (f, r) in by_span.items() if _weak_metric(text, f, s, e, r, (s, e) in sure)}
    # a generic metric word counts where the abstract measures with a metric that contains it
    # ("bounds on perplexity" beside "the same generative perplexity" reached in 32 steps)
    strong = {text[s:e].lower() for (s, e), (f, r) in by_span.items() if f == "metrics" and (s, e) not in weak}
    contained = {w: any(w in name and w != name for name in strong) for w in {text[s:e].lower() for s, e in weak}}
    weak = {(s, e) for (s, e) in weak if not contained[text[s:e].lower()]}
    spans = sorted([(f, s, e, r) for (s, e), (f, r) in by_span.items() if (s, e) not in weak]
                   + [("techniques", s, e, "lexicon") for (s, e) in weak
                      if by_span[(s, e)][1] == "lexicon" and TOOL_MEASURE.search(text, s, e)],
                   key=lambda m: (m[1], -(m[2] - m[1])))
    doc.user_data["kg_canonical"] = canonical_of
    names = [(s, e) for f, s, e, r in spans if f in NAME_FIELDS and f != "metrics"]
    kept: list[tuple[str, int, int, str]] = []
    # spans come by start: only names and kept spans that end after this one starts can hold or
    # overlap it, so each is looked at while it is open (linear in the mentions, not quadratic)
    open_names: list[tuple[int, int]] = []
    open_kept: list[tuple[str, int, int, str]] = []
    next_name = 0
    for fld, s, e, rule in spans:
        while next_name < len(names) and names[next_name][0] <= s:
            open_names.append(names[next_name])
            next_name += 1
        open_names = [n for n in open_names if n[1] > s]
        open_kept = [k for k in open_kept if k[2] > s]
        named = fld in NAME_FIELDS  # a name gives way to names, a term to terms
        if not named and any(a <= s and e <= b for a, b in open_names):
            continue  # "Preference Optimization" inside the proposed name that contains it
        inside = [k for k in open_kept if k[1] <= s and e <= k[2] and (k[1], k[2]) != (s, e)]
        overlapping = [k for k in open_kept if s < k[2] and k[1] < e]
        base = fld in ("models", "techniques") and built_on(text, s, e)  # "RAG" of "RAG-based QA": what it is done with
        holding = [k for k in inside if (k[0] in NAME_FIELDS) == named]
        if holding and not (base and all(k[0] != fld for k in holding)):
            # "GRPO" inside "Graph-GRPO", "diffusion models" inside "video diffusion models"; and what a compound is built
            # on inside a term of its own field ("kNN" of "kNN-based density estimation": the term names it), though not
            # inside another field's ("RAG" of "RAG-based QA")
            continue
        if fld == "metrics" and any(k[0] in ("techniques", "tasks") for k in inside):
            continue  # "RMS" inside "RMS normalization": a word of a term, not a measure
        if any((k[0] in NAME_FIELDS) == named for k in overlapping) and not base:
            continue
        kept.append((fld, s, e, rule))
        open_kept.append((fld, s, e, rule))
    return _without_generic_steps(text, kept)


# a generic training step, a technique on its own ("fine-tuning on this data"), but not beside a kind of it the abstract
# names ("supervised fine-tuning", "parameter-efficient fine-tuning"): the reader records the kind. Held out on
# train.jsonl, 1 of 9 bare "fine-tuning" beside a kind is annotated (13 of 34 elsewhere), no "distillation" of 2.
GENERIC_STEPS = frozenset({"fine-tuning", "finetuning", "fine tuning", "distillation"})


def _without_generic_steps(text: str, kept: list[tuple[str, int, int, str]]) -> list[tuple[str, int, int, str]]:
    steps = {text[s:e].lower() for f, s, e, r in kept if f == "techniques" and text[s:e].lower() in GENERIC_STEPS}
    if not steps:
        return kept
    kinds = {step for f, s, e, r in kept if f == "techniques" for step in steps
             if text[s:e].lower().endswith(" " + step)}
    return [m for m in kept if not (m[0] == "techniques" and text[m[1]:m[2]].lower() in kinds)]


#: fields where the trained model may add a mention that no rule found (see README, "The entity model")
MODEL_FIELDS = frozenset({"datasets", "tasks", "models", "metrics"})


def _settle_model(text: str, mentions: list) -> list:
    """The trained model's mentions (rule "model.ner") only add to the rules': one that overlaps a
    rule's mention is dropped, and so is one outside `MODEL_FIELDS` or a lower-case phrase the
    abstract uses only once (a passing mention, not a subject)."""
    ruled = [(s, e) for f, s, e, r, c in mentions if r != "model.ner"]
    if len(ruled) == len(mentions):
        return mentions
    low = text.lower()

    def kept(fld: str, s: int, e: int) -> bool:
        name = text[s:e]
        if fld not in MODEL_FIELDS or any(a < e and s < b for a, b in ruled):
            return False
        return any(c.isupper() or c.isdigit() for c in name) or low.count(name.lower()) >= 2

    return [m for m in mentions if m[3] != "model.ner" or kept(*m[:3])]


# a proposed name that is a dataset or benchmark by its own words or by the apposition that follows it:
# "PlotQuizBench", "the Finnish Clinic dataset", "GeoMixEval, a new evaluation suite for …"
DATASET_NAME = re.compile(r"(?:Bench|Eval|[Dd]ataset|[Bb]enchmark|[Cc]orpus)(?:[-_ ]?[\w.+]{0,6})?$")
# words between an article and the kind of thing they describe ("a new large-scale, high-quality, and diverse
# dataset"), not a preposition or a verb that would make it something else's ("a model trained on a dataset")
DESCRIBING_WORDS = r"(?:(?!(?:on|in|for|with|by|from|to|using|trained|that|which)\b)[\w.+-]+,?\s+){0,8}?"
DATASET_KINDS = r"benchmark|dataset|data\s?set|corpus"
# after a proposed name, the words that make it a dataset: ", a benchmark …", ": a large-scale dataset …",
# " (Visually Rich … Answering), a benchmark", " dataset" ("the FRUIT-WIKI dataset", "the MhAIM Dataset")
DATASET_APPOSITION = re.compile(r"^\)?\s*(?:\([^()]{1,160}\)\s*)?(?:[,:]\s*(?:a|an|the|our)\s+" + DESCRIBING_WORDS +
                                r"(?:benchmark|dataset|data\s?set|corpus|evaluation\s+suite|test\s?bed|suite\s+of)\b"
                                r"|(?i:dataset|benchmark|corpus)\b)")
# … or before it: "a hand-labeled benchmark, called MoRiBo", "the pretraining dataset, which we call Zyda-2"
DATASET_CALLED = re.compile(r"\b(?:benchmark|dataset|data\s?set|corpus)s?,?\s+(?:(?:which|that)\s+we\s+)?(?:call(?:ed)?|named|dubbed|termed|namely)\s+$")
# … or the paper's "we introduce a new benchmark dataset for American Sign Language, ASL Minimal Translation Pairs
# (ASL-MTP)", "we construct a large-scale medical grounding dataset Med-GLIP-5M", "a new … benchmark, PediatricsMQA",
# "on our newly proposed dataset, SportsMoments": the name right after the thing the paper makes (with what it is
# for, a comma or colon, and the name's long form between)
INTRODUCED = (r"(?:\b(?:introduc|present|propos|construct|buil[dt]|releas|creat|curat|collect|develop|design|defin)\w*\s+"
              r"(?:a|an|the|our)\s+|\b(?:a|an)\s+(?:new|novel)\s+|\b(?:our|the)\s+(?:newly\s+)?"
              r"(?:proposed|introduced|constructed|collected|curated|released)\s+)" + DESCRIBING_WORDS +
              r"(?:%s)s?\b(?:(?:\s+(?:for|of|on|in|with|from|covering|spanning|comprising)\b[^.;:(),]{0,60})?"
              r"(?:\s*[,:]|\s+--))?\s+(?:namely\s+|called\s+|named\s+)?(?:[A-Z0-9][^,.;()]{0,80}\(\s*)?$")
DATASET_INTRODUCED = re.compile(INTRODUCED % DATASET_KINDS)
# … or its title: "TalkVid: A Large-Scale Diversified Dataset for …", "SurgWound-Bench: A Benchmark for …"
TITLE_DATASET = re.compile(r"\s*:\s*(?:an?\s+|the\s+)?" + DESCRIBING_WORDS + r"(?:%s)s?\b" % DATASET_KINDS, re.I)
# a size after a hyphen ("SciGenEdit-10K", "OpenVid-1.5K"): a number of samples, a dataset's
SAMPLE_SIZE = re.compile(r"-\d+(?:\.\d+)?[Kk]$")
# what a variant of a dataset the abstract names adds after a hyphen ("BrowseComp-Small", "MeViS-M"); not a
# model's kind ("FloraSyntropy-Net" of the FloraSyntropy archive, "MedVQA-TREE")
VARIANT = re.compile(r"\d[\w.]*|[A-Z]{1,2}|v\d+|Small|Mini|Lite|Hard|Easy|Plus|Pro|Full|Verified|Long|Short|Test|Val|Sub")


# a proposed name that is a metric by its head word or by the apposition that follows it: "Ensemble Pass Rate",
# "Intelligence Impact Quotient", "Vrank (VIST Ranker), a novel reference-free VIST metric", "PLD, a soft metric"
METRIC_NAME = re.compile(r"\b(?:Index|Rate|Factor|Score|Quotient|Ratio|Distance|Discrepancy|Divergence|Metric|Measure)$")
METRIC_APPOSITION = re.compile(r"^\s*(?:\([^()]{1,80}\)\s*(?:metric|score)\b(?!-)|(?:\([^()]{1,80}\)\s*)?[,:]\s*(?:a|an|the|our)\s+"
                               r"(?:[\w.+-]+,?\s+){0,4}?(?:evaluation\s+)?(?:metric|measure|score|index)\b(?!-))")
# … or before it: "a new metric, called Vrank", "an evaluation metric, which we term EPR"
METRIC_CALLED = re.compile(r"\b(?:metric|measure|score|index)s?,?\s+(?:(?:which|that)\s+we\s+)?(?:call(?:ed)?|named|dubbed|termed)\s+$")
METRIC_INTRODUCED = re.compile(INTRODUCED % r"(?:evaluation\s+)?(?:metric|measure)")  # "we propose a new metric, X"


CROSS_LISTED = ("dataset.proposed", "metric.proposed")  # the rules of `_proposed_also`


def _title_dataset(name: str, title: str) -> bool:
    """Whether the title leads with `name` and says it is a dataset ("TalkVid: A Large-Scale … Dataset for …")."""
    return title.startswith(name) and TITLE_DATASET.match(title, len(name)) is not None


def _proposed_also(text: str, selected: list[tuple[str, int, int, str]], title: str = "") -> list[tuple[str, int, int, str]]:
    """A benchmark or dataset the paper introduces is proposed and a dataset, a metric it introduces proposed
    and a metric (GUIDELINES): listed under both. A dataset by its name ("…Bench", "SciGenEdit-10K", a variant of
    a dataset the abstract names), the words after it (", a benchmark …") or before it ("a dataset, called X",
    "we introduce a new benchmark dataset for …, X"); a metric alike."""
    have = {(f, s, e) for f, s, e, r in selected}
    datasets = {text[s:e] for f, s, e, r in selected if f == "datasets"}
    extra = []
    for f, s, e, r in selected:
        if f != "proposed":
            continue
        name, after, before = text[s:e], text[e:e + 160], text[max(0, s - 60):s]
        lead_in = text[max(0, s - 240):s]  # the words before it: what the paper says it made
        if (DATASET_NAME.search(name) or DATASET_APPOSITION.match(after) or DATASET_CALLED.search(before)
                or SAMPLE_SIZE.search(name) or DATASET_INTRODUCED.search(lead_in)
                or any(name.startswith(d + "-") and VARIANT.fullmatch(name[len(d) + 1:]) for d in datasets)
                or _title_dataset(name, title)):
            extra.append(("datasets", s, e, CROSS_LISTED[0]))
        elif (METRIC_NAME.search(name) or METRIC_APPOSITION.match(after) or METRIC_CALLED.search(before)
              or METRIC_INTRODUCED.search(lead_in)):
            extra.append(("metrics", s, e, CROSS_LISTED[1]))
    extra = [m for m in extra if m[:3] not in have]
    return sorted(selected + extra, key=lambda m: (m[1], -(m[2] - m[1]), m[0] != "proposed")) if extra else selected


# words after which a measure word is measured with ("in terms of accuracy"), and so are the items of a list after them
# within the 60 characters `_weak_metric` reads ("in terms of accuracy, faithfulness and consistency")
METRIC_CUE = re.compile(r"\b(?:in\s+terms\s+of|measured\s+(?:by|with|in)|evaluat\w+\s+(?:by|with|using)|metrics?\s+(?:such\s+as|like|including)|"
                        r"(?:score|metric)s?\s*(?:of|:)|reports?|report(?:ing|ed))\s+(?:the\s+)?(?:[\w-]+(?:\s+|,\s+(?:and\s+|or\s+)?)){0,8}$"
                        r"|\b(?:lower|higher|better|smaller|reduced|improved|superior|comparable|competitive)\s+$", re.I)
# a measured quantity that the abstract says is changed or kept ("reducing token usage", "comparable accuracy", "a
# drastic reduction in memory usage", "faster inference times"); quality words ("fidelity", "diversity") are no
# metrics on such a cue alone
CHANGE_CUE = re.compile(r"\b(?:improv(?:e|es|ing)|reduc(?:e|es|ing)|boost(?:s|ing)?|increas(?:e|es|ing)|degrad(?:e|es|ing)|"
                        r"maintain(?:s|ing)?|sacrific(?:e|es|ing)|compromis(?:e|es|ing)|comparable|competitive|"
                        r"gains?\s+in|drops?\s+in|(?:reductions?|improvements?|increases?|decreases?|savings?)\s+(?:in|of)|"
                        r"faster|slower|cheaper)\s+(?:the\s+|its\s+|their\s+)?(?:[\w-]+\s+)?$", re.I)
# a measure named as one of two the method weighs, either one ("improves both accuracy and efficiency", "the
# trade-off between accuracy and latency"); held out on train.jsonl, 7 of the 8 measures this keeps are annotated
PAIRED_CUE = re.compile(r"\b(?:both|between)\s+(?:[\w-]+\s+(?:[\w-]+\s+)?and\s+)?$", re.I)
# the kind of a component a paper names, written after its name: part of the name
PART_KIND = re.compile(r" (?:Mechanism|Module|Block|Layer|Loss|Strategy|Head|Unit|Cell|Operator|Regularizer|"
                       r"module|block|layer|loss|mechanism)\b")
# what a speed-up claim measures is a metric when it is a measured quantity ("reduces training time by 40%",
# "2× the throughput"), read off the heads of the claim quantities annotated in train.jsonl
MEASURE_HEADS = frozenset({"time", "times", "latency", "latencies", "throughput", "cost", "costs", "memory", "usage",
                           "size", "flops", "overhead", "consumption", "speed", "runtime", "footprint", "bandwidth"})
QUALITY_WORDS = frozenset({"fidelity", "diversity", "quality", "realism", "robustness", "efficiency", "performance",
                           "preference", "top-1"})


# a distance or divergence ("Wasserstein distance", "KL divergence", "Chamfer distance") measures only where the text
# measures with it (`_weak_metric`); elsewhere it is a tool of the method, a technique: "computing the Chamfer distance
# between point clouds", "convergence rates in Wasserstein distance" (held out on train.jsonl, 6 of the 9 such
# metrics that are not annotated metrics are annotated techniques)
TOOL_MEASURE = re.compile(r"(?:distance|divergence)s?$", re.I)


# words of number formats: "precision" beside them is the format's ("mixed-precision quantization (INT8/FP16)", "quantized
# values of lower precision"); in train.jsonl none of the 13 such mentions is an annotated metric
NUMBER_FORMAT = re.compile(r"quantiz|\bbits?\b|\bfloat|\b(?:FP|INT|BF)\d|arithmetic", re.I)  # "\bbit" holds "4-bit"


# a score: a decimal or a percentage ("0.91", "31.2", "12%"), not a count ("50 layers")
SCORE = r"[-+]?(?:\d*\.\d+|\d+(?:\.\d+)?\s?%)"
# a score written as the name's value: "UCCR=0.0000", "AUC = 0.91", "PSNR=31.2"
VALUED = re.compile(r"\s?=\s?" + SCORE)
# or as "a(n) NAME of VALUE": "an FNIR of 0.3%", "an average AbsRel of 0.081" (read on arxiv-005: 8 of the 12 methods
# written so are measures, FPIR, BPCER, AvgAcc, F1-macro; train.jsonl writes 7 names so, all annotated metrics)
VALUE_OF = re.compile(r"\s+of\s+" + SCORE)
A_VALUE_OF = re.compile(r"\b(?:[Aa]n?|[Tt]he)\s+(?:(?:average|mean|overall|lowest|highest|best)\s+)?$")


def _weak_metric(text: str, fld: str, s: int, e: int, rule: str, sure: bool = False) -> bool:
    """Generic metric words ("accuracy", "fidelity", "… error") are metrics only where the text
    measures with them: a number close by, or a cue such as "in terms of", or where the typer finds
    them measured (`sure`, its `sure_metric`), the quality words excepted."""
    if fld != "metrics":
        return False
    name = text[s:e]
    if rule == "lexicon" and any(c.isupper() for c in name) and not TOOL_MEASURE.search(name):
        return False
    if rule not in ("lexicon", "phrase.metric_head"):
        return False
    if name.lower() == "precision" and NUMBER_FORMAT.search(text, max(0, s - 100), e + 100):
        return True  # "quantized to lower precision", "multiple precision arithmetic": a number format's, no measure
    # a number close by measures with it; the quality words ("fidelity", "preference") need it right beside them
    reach = 20 if name.lower() in QUALITY_WORDS else 45
    window = text[max(0, s - reach):min(len(text), e + reach)]
    if re.search(r"\d", window) and not re.fullmatch(r"[^\d]*(?:19|20)\d\d[^\d]*", window):
        return False
    left = text[max(0, s - 60):s]
    if METRIC_CUE.search(left):
        return False
    if name.lower().split()[-1] in QUALITY_WORDS and (len(name.split()) == 1 or not sure):
        return True  # "fidelity" alone only beside a number; "sample efficiency" also where the typer is sure of it
    return not sure and CHANGE_CUE.search(left) is None and PAIRED_CUE.search(left) is None


def doc_to_extraction(doc: Doc, document: Document, cleaned: CleanText) -> Extraction:
    """Turn a processed doc into an `Extraction` with offsets into `document.text`."""
    text = text_of(doc)
    original = document.text
    ext = Extraction(document)
    sentence_cache: dict[int, tuple[int, int]] = {}

    scores = doc.user_data.get(TYPER_SCORES)

    def evidence(s: int, e: int, rule: str, fld: str | None = None, scored: tuple[int, int] | None = None) -> Evidence:
        """The evidence of `s:e`; for a mention of field `fld`, with the typer's confidence at `scored` (default `s:e`)."""
        if s not in sentence_cache:
            sentence_cache[s] = _sentence_of(doc, s)
        ss, se = sentence_cache[s]
        os_, oe = cleaned.original_span(s, e)
        sent_s, _ = cleaned.original_span(ss, ss + 1)
        _, sent_e = cleaned.original_span(se - 1, se)
        if sent_e - sent_s > MAX_SENTENCE:  # no sentence end for pages: the words around the mention
            sent_s, sent_e = max(sent_s, os_ - MAX_SENTENCE // 2), min(sent_e, oe + MAX_SENTENCE // 2)
        sure = confidence(scores, fld, *(scored or (s, e))) if fld else None
        return Evidence(original[sent_s:sent_e].strip(), os_, oe, rule, confidence=sure)

    abbrevs = doc._.kg_abbreviations
    long_of = {a.short: a.long for a in abbrevs}
    long_of.update({a.short + "s": a.long for a in abbrevs if not a.short.endswith("s")})
    # and the singular of a plural acronym: "TGNN" after "Temporal Graph Neural Networks (TGNNs)"
    long_of.update({a.short[:-1]: a.long for a in abbrevs if len(a.short) > 2 and a.short.endswith("s")
                    and a.short[-2].isupper() and a.short[:-1] not in long_of})
    short_of = {a.long: a.short for a in abbrevs}
    ext.abbreviations = {a.short: a.long for a in abbrevs}

    title = document.meta.get("title") or ""
    selected = _proposed_also(text, _select(doc), title)
    field_of = {normalise(text[s:e]): f for f, s, e, r in selected}

    def found_as_other(long: str | None, fld: str) -> bool:
        """Whether an acronym's long form is found in another field than `fld`: "UKB" is the dataset "UK Biobank"."""
        return long is not None and field_of.get(normalise(long), fld) != fld

    # the paper's own names; not one that stands for a name found in another field ("an evaluation of ViTs", where
    # "Vision Transformer (ViT)" is a model): that mention goes (below), and the model stays
    proposed_norms = {normalise(text[s:e]) for f, s, e, r in selected if f == "proposed" and (
        r in CROSS_LISTED or not found_as_other(bare_name(long_of.get(" ".join(text[s:e].split()))), f))}
    for a in abbrevs:
        if normalise(a.long) in proposed_norms or normalise(a.short) in proposed_norms:
            proposed_norms |= {normalise(a.long), normalise(a.short)}
    seen: dict[str, set[str]] = {f: set() for f in FIELD_ORDER}
    known_longs = {text[s:e] for f, s, e, rule in selected if rule == LONG_FORM_KNOWN}
    for fld, s, e, rule in selected:
        at = (s, e)  # the span the typer scored, before the part's kind or a name's start moves it
        if rule == LONG_FORM_KNOWN:
            continue  # "Structural Similarity Index Measure (SSIM)": the known acronym names it, as people do
        if fld == "proposed" and (kind := PART_KIND.match(text, e)) and " " not in text[s:e].strip():
            e = kind.end()  # "Diversify-and-Absorb Mechanism", "GMamba block": the part's kind is part of its name
        if (begin := name_start(text, s, e)) is None:
            continue  # "a Chinese benchmark", "and Editable Prompt Learning": no name
        name = " ".join(text[begin:e].split())  # "its original size" → "original size"
        # "the CVPR 2026 challenge", "papers from ICLR": where and by whom, not a method; "TBD", "METHOD": nothing, in
        # whatever field the typer moved it to ("post-training with METHOD" as a technique)
        if (fld in ("models", "proposed") and venue_or_body(name) or names_nothing(name)) and name not in long_of:
            continue
        if fld in ("models", "metrics", "techniques", "tasks") and normalise(name) in proposed_norms \
                and rule not in CROSS_LISTED:
            continue  # the paper's own name is proposed (a dataset or metric it introduces also under datasets, metrics)
        long = bare_name(long_of.get(name))
        if found_as_other(long, fld) and rule not in CROSS_LISTED:
            continue  # "UKB" is the dataset "UK Biobank", found as such
        if long is not None and rule == "lexicon" and fld in ("models", "metrics", "datasets"):
            long = None  # a known acronym ("LPIPS") is the name people use
        if long is not None and fld != "proposed":
            # an acronym stands for its long form: one entity, named by the long form
            key = normalise(long)
        else:
            key = normalise(name)
        if not key or key in seen[fld]:
            continue
        seen[fld].add(key)
        if short_of.get(name):
            seen[fld].add(normalise(short_of[name]))
        shown = long if (long and fld != "proposed") else name
        canonical = doc.user_data["kg_canonical"].get((fld, s, e))
        ext.mentions.append(Mention(fld, shown, evidence(begin, e, rule, fld, at),
                                    long_form=canonical if canonical and canonical != shown else None))
    for url_s, url_e in doc._.kg_code:
        ext.code.append((text[url_s:url_e], evidence(url_s, url_e, "code.url")))

    if (lead := title_only_name(text, title)) and normalise(title[lead[0]:lead[1]]) not in seen["proposed"]:
        # the paper's own name that only its title writes: the title is the evidence,
        # and the claims and results the abstract gives without a name are its
        lead_name = title[lead[0]:lead[1]]
        ext.mentions.append(Mention("proposed", lead_name, Evidence(title, *lead, "proposed.title_only", "title")))
        if (DATASET_NAME.search(lead_name) or TITLE_DATASET.match(title, lead[1])) and normalise(lead_name) not in seen["datasets"]:
            ext.mentions.append(Mention("datasets", lead_name, Evidence(title, *lead, CROSS_LISTED[0], "title")))
    for s, e in _cued_measures(text):  # "metrics such as compilation success", "metrics including competence, …"
        if (key := normalise(text[s:e])) not in seen["metrics"] and key not in field_of:
            seen["metrics"].add(key)
            ext.mentions.append(Mention("metrics", text[s:e], evidence(s, e, "metric.cued_list", "metrics")))
    taken = set().union(*seen.values())
    runs = title_only_tasks(text, title)
    for s, e in runs:
        if (key := normalise(title[s:e])) not in taken:  # the problem the title says the method is for
            taken.add(key)
            ext.mentions.append(Mention("tasks", title[s:e], Evidence(title, s, e, "task.title_only", "title")))
    for m in title_only_terms(text, title, doc.user_data.get(TITLE_TERMS, [])):
        # a known technique or task only the title writes (inside such a problem's run, the run is the name)
        if (key := normalise(title[m.start:m.end])) not in taken and not any(s < m.end and m.start < e for s, e in runs):
            taken.add(key)
            ext.mentions.append(Mention(m.field, title[m.start:m.end],
                                        Evidence(title, m.start, m.end, "lexicon.title_only", "title")))
    proposed_names = [m.text for m in ext.mentions if m.field == "proposed"]
    said: dict[tuple, tuple[int, str | None, str | None]] = {}
    for s0, c in doc._.kg_claims:
        if not _finite(c.value, c.value_max, c.factor, c.factor_max):
            continue  # a 400-digit number is no claim, and outputs hold finite numbers only
        key = (c.value, c.value_max, c.unit, c.kind)
        if c.value is not None and key in said and said[key][0] != s0 and c.quantity in (None, said[key][1]) \
                and c.baseline in (None, said[key][2]):
            continue  # the claim of an earlier sentence restated ("up to 6× acceleration" … "achieving 6× acceleration")
        said.setdefault(key, (s0, c.quantity, c.baseline))
        # the claim as the rules give it, its evidence moved from its sentence into the abstract as written
        at = c.evidence
        method = _claim_method(proposed_names, at.sentence, c.baseline)
        ext.claims.append(replace(c, evidence=evidence(s0 + at.start, s0 + at.end, at.rule), method=method))
        q = bare_name(c.quantity)
        if q and q.split()[-1].lower() in MEASURE_HEADS and len(q.split()) <= 3 and normalise(q) not in field_of:
            at_q = text.find(q, s0, _sentence_of(doc, s0)[1])
            if at_q >= 0 and normalise(q) not in seen["metrics"]:
                seen["metrics"].add(normalise(q))
                ext.mentions.append(Mention("metrics", q, evidence(at_q, at_q + len(q), "metric.claim_quantity", "metrics")))
    # the methods a result can be of: what the paper proposes, less the benchmarks and metrics it
    # proposes ("We introduce MathBench … GPT-4o reaches 45%": the number is GPT-4o's, not MathBench's)
    not_methods = {normalise(m.text) for m in ext.mentions if m.field in ("datasets", "metrics")}
    methods = [p for p in proposed_names if normalise(p) not in not_methods]
    models = sorted({m.text for m in ext.mentions if m.field == "models"}, key=len, reverse=True)
    dataset_spans = [(s, e) for f, s, e, _ in selected if f == "datasets"]
    per_measure = Counter((s0, r.metric) for s0, r in doc._.kg_results)
    starts: dict[int, list[int]] = {}
    for s0, r in doc._.kg_results:
        starts.setdefault(s0, []).append(r.start)
    for s0, r in doc._.kg_results:
        if not _finite(r.value):
            continue
        s, e = s0 + r.start, s0 + r.end
        sentence = text[s0:_sentence_of(doc, s)[1]]
        method = next((p for p in methods if p in sentence), None) or _subject(sentence, r.start, models, starts[s0]) \
            or (methods[0] if methods else None)
        # several values of one measure in a sentence ("Dice scores of 86.1% and 92.6%, respectively") are
        # of several datasets or settings: the sentence's one dataset is not known to be theirs, unless the
        # sentence opens with it ("On PASCAL-5i, X attains mIoU of 78.4/77.5")
        dataset = r.dataset or _lead_dataset(dataset_spans, text, s0, s) or (
            None if per_measure[(s0, r.metric)] > 1 or "respectively" in sentence
            else _context_dataset(dataset_spans, text, s0, s0 + len(sentence)))
        m = bare_name(r.metric)
        m = short_of.get(m, m) if m in known_longs else m  # "… Measure (SSIM) above 0.99": SSIM, as the entity is named
        if m and len(m) == 1:
            m = None  # a symbol ("r = 0.62", "κ = 0.81") names no measure: the gold never lists one (a node of 136 edges)
        ext.results.append(Result(text[s:e], m, r.value, bare_name(dataset), method, evidence(s, e, r.rule), r.kind,
                                  r.baseline))
        # the measure is written in the result ("FID 54.1") or elsewhere in its sentence ("a PCK of 6.0", "achieves
        # 86.7% success"; one carried over from another sentence is not written here), and a name the rules took for a
        # model or a task by its shape ("mAP0.5", "HM") is a measure where a result gives its value; a proposed one is
        # also a metric (GUIDELINES). Held out on train.jsonl: 33 added, 29 of them annotated metrics.
        owner = field_of.get(normalise(m)) if m else None
        if (m and _metric_like(m) and normalise(m) not in seen["metrics"]
                and owner in (None, "models", "tasks", "proposed")
                and ((at_m := text.find(m, s, e)) >= 0 or not BASELINE_LED.match(m)
                     and (at_m := _written_at(text, m, s0, s0 + len(sentence), s)) >= 0)):
            if owner in ("models", "tasks"):
                ext.mentions = [x for x in ext.mentions if not (x.field == owner and normalise(x.text) == normalise(m))]
            seen["metrics"].add(normalise(m))
            ext.mentions.append(Mention("metrics", m, evidence(at_m, at_m + len(m), "metric.result", "metrics")))
    return ext


# what joins a model named before a number to it as its subject: "GPT-4o achieves only 45.3%",
# "Llama 3 (8B) reaches 21%", "Gemini, the strongest model, attains 80%", "with Claude Opus achieving $1.27 M";
# no clause break (";", ", while", "but") and no other name between them
SUBJECT_LINK = re.compile(
    r"\s*(?:\([^()]{0,40}\)\s*)?(?:,\s*(?:the|a|an|our)\b[^,;:()]{0,60},\s*)?"
    r"(?:(?:only|also|still|further|even|consistently|now|then|alone|again)\s+)?"
    r"(?:achiev|reach|attain|scor|obtain|record|deliver|yield|hit|get|show|demonstrat|exhibit|post|solv)\w*\b"
    r"(?![^;:]*\b(?:while|whereas|but|and\s+(?:the|a|an)\s+\w+\s+(?:achiev|reach|attain|scor|obtain))\b)[^;:]*$")


def _subject(sentence: str, at: int, models: list[str], values: list[int] = ()) -> str | None:
    """The model written as the subject of the number at `at` of `sentence` ("GPT-4o achieves only
    45.3% accuracy on X": "GPT-4o"), or None: the result of a system the paper studies, for a sentence
    that names no method the paper proposes. A list of subjects with "respectively" gives the i-th
    value (of the result starts `values`) to the i-th model ("A and B achieve 64.5% and 75.2%,
    respectively"), and None when the counts differ."""
    found: list[tuple[int, int, str]] = []
    for name in models:
        for s, e in word_spans(name, sentence[:at]):
            if not any(a <= s and e <= b for a, b, _ in found):
                found = [f for f in found if not (s <= f[0] and f[1] <= e)] + [(s, e, name)]
    if not found:
        return None
    found.sort()
    start, end, name = found[-1]
    if sentence[:start].rstrip().endswith(",") and sentence.startswith(",", end):
        end += 1  # an apposition: "The best model, ViT-B/16, reaches 91.2%"
    if not SUBJECT_LINK.match(sentence, end, at):
        return None
    # the models listed right before the subject: "Claude 3.7 Sonnet and GPT-4o achieve …"
    listed = [name]
    for a, b, other in reversed(found[:-1]):
        if not re.fullmatch(r"\s*(?:,\s*(?:and\s+)?|,?\s+and\s+)", sentence[b:start]):
            break
        listed.insert(0, other)
        start = a
    if len(listed) == 1 or not (resp := re.search(r"\brespectively\b", sentence[end:])):
        return name
    own = sorted(v for v in values if end <= v < end + resp.start())
    return listed[own.index(at)] if at in own and len(own) == len(listed) else None


# a sentence that opens with the dataset it reports on: "On PASCAL-5i (1-shot), …", "Evaluated on the X benchmark, …"
LEAD_DATASET = re.compile(r"\s*(?:(?:evaluated|tested|trained|experiments?|results?)\s+)?(?:on|in|across|for)\s+(?:the\s+)?$", re.I)


def _lead_dataset(spans: list[tuple[int, int]], text: str, start: int, at: int) -> str | None:
    """The dataset a sentence opens with, for a result after it with no other dataset between them
    ("On MedQA, GPT-5 reached 94.1% accuracy"), or None."""
    before = [(s, e) for s, e in spans if start <= s and e <= at]
    if not before:
        return None
    s, e = min(before)
    if not LEAD_DATASET.fullmatch(text, start, s) or any(s2 > e for s2, _ in before) \
            or re.match(r"(?:\s+(?:dataset|benchmark|test\s+set|split)s?)?\s*(?:\([^()]{0,40}\)\s*)?,?\s*(?:and|or|&|as\s+well\s+as)\b", text[e:at]):
        return None  # "On MedQA and PubMedQA, …": which of them a number is of is not said
    return " ".join(text[s:e].split())


def _context_dataset(spans: list[tuple[int, int]], text: str, start: int, end: int) -> str | None:
    """The dataset of a result whose own words name none: the only dataset its sentence names
    ("On KSDD2, with a 0.5 ms budget, SAEC attains 85.1% accuracy"). None when the sentence names
    several (which one the number is of is not said) or none: the abstract's only dataset elsewhere
    is a guess that was right only about half the time on train.jsonl."""
    names = {" ".join(text[s:e].split()) for s, e in spans if start <= s and e <= end}
    return names.pop() if len(names) == 1 else None


# a list of measures the text calls metrics or criteria: "key metrics like compilation success", "subjective metrics
# including competence, intelligence, and ease of use"; each item a run of at most four words (held out on
# train.jsonl: 5 added, all annotated metrics; bare "measures" is no cue: "security measures, including …")
MEASURES_CUE = re.compile(r"(?<= )(?:metrics?|criteria|(?:evaluation|performance|quality)\s+measures)\s*,?\s*"
                          r"(?:such\s+as|like|including|namely)\s+(?:the\s+)?", re.I)
_WORD = (r"(?!(?:and|or|on|in|for|with|across|over|than|while|which|that|by|to|from|at|of|as|is|are|were)\b)"
         r"[A-Za-z][\w@/'-]*")
ITEM = re.compile(_WORD + r"(?:\s+(?:of\s+)?" + _WORD + r"){0,3}")
ITEM_END = re.compile(r"\s*(?:,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+)")
# not an item: a determiner's phrase, or a benchmark (a dataset's: "quality metrics, including the GenEval benchmark")
NOT_ITEM = re.compile(r"^(?:a|an|the|this|these|those|it|its|their|our|other|several|various|many|all|each|both|etc)\b"
                      r"|\b(?:benchmarks?|datasets?|suites?|corpus|corpora)$", re.I)


def _cued_measures(text: str) -> list[tuple[int, int]]:
    """The items of a list after "metrics such as", "metrics like", "criteria including": the measures it names."""
    found = []
    for cue in MEASURES_CUE.finditer(text):
        at = cue.end()
        for _ in range(6):
            item = ITEM.match(text, at)
            if not item or NOT_ITEM.search(item.group(0)):
                break
            found.append((item.start(), item.end()))
            sep = ITEM_END.match(text, item.end())
            if not sep or sep.end() == item.end():
                break
            at = sep.end()
    return found


BASELINE_LED = re.compile(r"(?:the\s+)?baselines?\b", re.I)  # "baseline mirage rates range from 21.7%": the baseline's


def _written_at(text: str, name: str, start: int, end: int, near: int) -> int:
    """Where `name` is written as a word of its own in text[start:end], the occurrence nearest `near`; -1 if nowhere."""
    span = text[start:end]
    at = [s for s, _ in word_spans(name, span)]
    return min((start + a for a in at), key=lambda a: abs(a - near)) if at else -1


NOT_MEASURES = frozenset({"mark", "marks", "milestone", "progress", "level", "levels", "point", "points", "threshold"})


def _metric_like(name: str) -> bool:
    """A result's metric is a metric mention too, unless it is a vague quality word ("quality", "efficiency")
    or a word beside a number that measures nothing ("the 80% mark")."""
    head = name.split()[-1].lower()
    return head not in QUALITY_WORDS and head not in NOT_MEASURES


def _claim_method(proposed: list[str], sentence: str, baseline: str | None) -> str | None:
    """The proposed name a claim is about: the first written in its sentence as a word of its own ("ExpoCM",
    not "HDR" inside "HDR-REAL"), else the paper's first; never the claim's own baseline or its long form
    ("50% lower than BLT" is not about "Byte Latent Transformer")."""
    def initials(p: str) -> str:
        return "".join(w[0] for w in re.findall(r"[A-Za-z][\w-]*", p)).upper()

    def is_baseline(p: str) -> bool:
        if not baseline:
            return False
        return normalise(p) == normalise(baseline) or (baseline.isupper() and len(baseline) > 1 and initials(p) == baseline)

    def written(p: str) -> bool:  # the name, or the initials of a long name ("QCNN"), as a word of the sentence
        short = initials(p) if len(p.split()) >= 3 else None
        return any(next(word_spans(n, sentence), None) for n in (p, short) if n)
    names = [p for p in proposed if not is_baseline(p)]
    return next((p for p in names if written(p)), names[0] if names else None)


def _finite(*numbers) -> bool:
    return all(x is None or math.isfinite(x) for x in numbers)
