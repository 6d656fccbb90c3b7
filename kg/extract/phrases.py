"""Extraction: techniques, tasks and metrics as noun phrases around their head nouns.

"diffusion models" from the lexicon grows to "video diffusion models" and
"text-to-image diffusion models" by its modifiers; unseen terms are found by head
nouns typical of each type: "… generation", "… forecasting" are tasks, "… attention",
"… decomposition" techniques, "… error", "… accuracy", "… latency", "… rates", "… time" metrics. A task's head counts
where the text says what the paper does ("for X", "X tasks", "enables X", an item of a list after
"supports" or "applications:"); elsewhere its phrase is only a candidate, which the mention typer keeps
where it finds it an entity ("… and person detection aimed at …"). A capitalised name before "method",
"theory", "transform", … ("the Lagrange method", "Hadamard transform") is a technique.
"""
from __future__ import annotations

import re

from spacy.tokens import Doc

from .spans import SpanMention, text_of

# ("locomotion" and "QA" read on train.jsonl: "bipedal locomotion", "cross-lingual QA" are annotated tasks in 11 of the
# 15 phrases they end)
TASK_HEADS = (
    "generation synthesis forecasting prediction classification segmentation detection recognition reasoning inpainting "
    "denoising completion regression translation summarization retrieval recommendation navigation planning editing "
    "grounding understanding unlearning purification attribution reconstruction tracking captioning answering discovery "
    "imputation restoration super-resolution localization estimation optimization protection removal generalization "
    "generalisation modeling modelling verification design control matching inference compression repair "
    "acceleration identification screening diagnosis prognosis monitoring scheduling routing allocation parsing "
    "extraction labeling labelling annotation adaptation correction assessment "
    "attacks reenactment counting transcription diarization analysis inspection manipulation coding decision-making animation "
    "tagging locomotion QA"
).split()
# (the last line read on train.jsonl: "random crop augmentations", "deformable convolution", "forward kinematics",
# "impedance controller", "motion energy filters", "adversarial losses" are annotated techniques in 33 of the 67 phrases
# such a head ends; the typer keeps or drops each)
TECHNIQUE_HEADS = (
    "networks network learning attention decoding sampler samplers regularization regularisation normalization "
    "normalisation decomposition matching flows transformers transformer autoencoders autoencoder descent search distillation "
    "guidance inversion masking fine-tuning finetuning pruning quantization encoding alignment sampling diffusion "
    "augmentation augmentations convolution convolutions kinematics controller controllers filter filters losses"
).split()
METRIC_HEADS = "error errors accuracy score scores distance perplexity similarity divergence rate rates loss latency throughput usage consumption time times".split()
# "scores" as a verb: a number or a degree right after it ("GPT-4o scores 61.2%", "scores only 20.1 points")
SCORES_VERB = re.compile(r"\s+(?:[-+]?\d|only\b|highest\b|lowest\b|best\b|worst\b|about\b|around\b|nearly\b|just\b|"
                         r"up to\b|well\b|poorly\b)", re.I)
# what "… time" names when it is no measure: a complexity ("polynomial time"), a setting ("at test time") or a kind of
# process ("discrete time"): read on train.jsonl, none of these is an annotated metric
NOT_DURATION = frozenset("test polynomial linear constant quadratic logarithmic exponential sublinear deterministic "
                         "discrete continuous periodic invariant artificial equal real".split())
AT_TIME = re.compile(r"\b(?:at|during)\s+$")  # "optimization at inference time": when, not how long
# modifiers that name a measure when the head is a metric ("final loss", "test error")
METRIC_MODIFIERS = {"final", "training", "test", "validation", "average", "mean", "top-1", "top-5"}
# Terms too vague to be a node on their own (GUIDELINES: "Not vague words"): read on train.jsonl, a bare
# "neural network", "language models", "attention" or "fidelity" is almost never what a careful reader
# records (0–6% of the abstracts that say it), while "graph neural networks", "large language models" or
# "sparse attention" are. They stay in the lexicons, so they still grow into the specific terms. "attention
# mechanism(s)" is not one of them: 9 of the 17 train abstracts that write it annotate it (9 of 11 where it is not
# grown into a longer term), against 5 of 54 for a bare "attention". Nor is a model by its size or its training alone:
# "pre-trained models" (0 of 14), "large models" (0 of 9), "deep learning models" (1 of 6).
VAGUE_TERMS = frozenset({
    "neural network", "neural networks", "language model", "language models", "attention", "guidance", "machine learning",
    "pre-trained model", "pre-trained models", "pretrained model", "pretrained models", "large model", "large models",
    "deep learning model", "deep learning models",
})  # vague metric words ("fidelity", "preference") are settled in convert.py: metrics only beside a number
# and tasks: train.jsonl annotates the kinds ("clinical decision-making", "sequential decision-making") and never a bare
# "decision making" (0 of the 30 abstracts that write it)
VAGUE_TASKS = frozenset({"decision making", "decision-making"})
# a training step the paper says it does without is none it uses ("without fine-tuning", "without any further
# fine-tuning", "eliminating the need for large-scale quantization fine-tuning"): held out on train.jsonl, none of the
# 7 such mentions is annotated
WITHOUT = re.compile(r"\b(?:without|(?:eliminat|remov|avoid|obviat|bypass)\w*\s+the\s+need\s+(?:for|of)|no\s+need\s+(?:for|of))"
                     r"\s+(?:[\w-]+\s+){0,3}$", re.I)
WITHOUT_STEPS = frozenset({"fine-tuning", "finetuning", "fine tuning", "retraining", "re-training"})
# heads that only make a technique when the modifier is specific (never on their own)
WEAK_TECHNIQUE_HEADS = {"learning", "sampling", "search", "diffusion", "alignment", "network", "networks"}
STOP = set("""
a an the this that these those our their its his her my your we they it them one two three four five first second
some any each every all both either neither no not such same other another more most less least many much few several
various different existing novel new standard recent current prior previous popular modern conventional traditional
typical pretrained pre-trained state-of-the-art sota powerful efficient effective simple general generic vanilla classical
classic underlying proposed original single multiple robust accurate scalable high-quality high low better best faster
improved superior competitive strong key main important challenging difficult complex large small fast slow good reliable
principled unified practical real downstream final overall whole full entire specific particular certain given resulting
corresponding respective additional further extensive comprehensive significant substantial lightweight flexible diverse
of in on for with to from by as at and or but via into onto over under than then also thus while when where how whether
which who whose what is are was were be been being has have had do does did can could may might must shall should will
would use uses using used propose proposes proposed introduce introduces present presents improve improves improving
enable enables enabling achieve achieves achieving make makes allow allows require requires perform performs show shows
demonstrate demonstrates leverage leverages leveraging apply applies applying based learned trained designed
task tasks problem problems method methods approach approaches framework frameworks technique techniques paradigm
setting settings scenario scenarios work works study studies paper results result performance quality efficiency
fundamental critical crucial central open emerging promising widely commonly increasingly highly
expensive rich implicit explicit deep sequential stable fine-grained uncontrollable average general-purpose task-specific
contemporary approximate ideal composite auxiliary per-step first-order second-order theoretical empirical practical
high-fidelity high-resolution low-resolution long short short-term long-term global local joint separate independent
its their such via without within across between among toward towards through during after before about against
employ generalize generalise predict analyze analyse accelerate build capture combine integrate exploit enhance achieve
learn train solve tackle address handle explore investigate consider adopt utilize utilise incorporate perform outperform
surpass yield provide support ensure guarantee reduce increase improve boost preserve maintain mitigate alleviate generate
produce estimate compute evaluate measure quantify construct design develop extend bridge unify rely facilitate promote
encourage prevent avoid suffer struggle fail remain become include including whereas unlike despite although because since
even yet still only just namely e.g. i.e. etc via per like unlike toward enables allowing without versus vs
however moreover furthermore additionally specifically finally notably importantly meanwhile consequently therefore
hence instead beyond here today recently nowadays currently traditionally typically generally
""".split())
ING_MODIFIERS = set("""
denoising matching modeling modelling reasoning decoding encoding scoring ranking clustering
computing processing planning forecasting editing rendering tracking streaming embedding pooling pretraining finetuning
fine-tuning boosting hashing labeling labelling masking routing scaling tuning warping parsing mapping filtering
""".split())
ED_MODIFIERS = set("""
conditioned supervised unsupervised self-supervised semi-supervised guided informed structured masked constrained distributed
federated weighted augmented regularized regularised quantized normalized randomized parameterized shared stacked gated
dilated nested coupled mixed fixed biased unbiased labeled labelled unlabeled generalized localized amortized annealed
tempered truncated compressed centralized decentralized discretized
""".split())
S_MODIFIERS = set("physics dynamics statistics genomics robotics graphics mathematics economics analysis bias gaussians".split())


NAME_PIECE = re.compile(r"[^-]*(?:\d|[A-Z][^-]*[A-Z])")  # a word with a digit or two capitals: "R2", "GRPO", "DeepSeek"


def _verb_like(word: str) -> bool:
    """Without a tagger, inflected forms are the surest sign of a verb: "combines", "exploiting", "revolutionized"."""
    lw = word.lower()
    if "-" in lw:
        return False
    if lw.endswith("ing"):
        return lw not in ING_MODIFIERS
    if lw.endswith("ed"):
        return lw not in ED_MODIFIERS
    if lw.endswith("s") and not lw.endswith(("ss", "us", "is")) and word.islower():
        return lw not in S_MODIFIERS
    return False


_WORD_CHARS = frozenset("-–×'_")
_ASCII_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
_ASCII_ALNUM = _ASCII_LETTERS | frozenset("0123456789")
_NUMBER = re.compile(r"[\d.,]+[x×%]?", re.I)  # "3", "1.5", "10x", "40%": numbers and factors are no modifiers


def word_before(text: str, pos: int, window: int = 60) -> tuple[int, str] | None:
    r"""The word that ends just before the whitespace ending at `pos` (within `window` characters):
    a run of word characters, `-`, `–`, `×` or `'`, from its first ASCII letter or digit; what
    `re.search(r"([A-Za-z0-9][\w\-–×']*)\s+$", text[pos - window:pos])` finds, without a regex
    scan of the window.

    >>> word_before("video diffusion models", 16)
    (6, 'diffusion')
    >>> word_before("a (x)", 4) is None
    True
    """
    lo = max(0, pos - window)
    end = pos
    while end > lo and text[end - 1].isspace():
        end -= 1
    if end == pos or end == lo:
        return None
    start = end
    while start > lo and (text[start - 1].isalnum() or text[start - 1] in _WORD_CHARS):
        start -= 1
    while start < end and text[start] not in _ASCII_ALNUM:
        start += 1
    return (start, text[start:end]) if start < end else None


def _modifiers(text: str, start: int, limit: int = 2, allowed: frozenset[str] = frozenset(),
               kinds: tuple[str, ...] = ()) -> int:
    """Extend `start` left over up to `limit` modifier words; return the new start. A word ending with one of `kinds`
    is a modifier, though it would pad a term of another field."""
    new_start = start
    pos = start
    taken = 0
    while taken < limit:
        found = word_before(text, pos)
        if found is None:
            break
        w_start, word = found
        lw = word.lower()
        if lw not in allowed and (lw in STOP or lw.endswith("ly") or _verb_like(word) or _NUMBER.fullmatch(word)
                                  or len(word) < 2 or lw in COMPARATIVES or _padding(word) and not lw.endswith(kinds)
                                  or word.endswith(("'", "'s", "’", "’s"))):
            break  # (a possessive is the owner, not a modifier: "LLMs' inference", "Izzo's adaptation")
        if word[0].isupper() and not _proper_modifier(text, w_start, word) and lw in STOP:
            # a function word the field allows ("Final", "Average") stops the phrase where it only opens the sentence;
            # any other sentence-opening word passed the check above and is a modifier ("Breast cancer screening …")
            break
        before = word_before(text, w_start)
        if before is not None and (before[1].lower() in VERB_SUBJECTS or before[1].lower().endswith("ly")):
            break  # "we select knowledge graph …": a verb; "partially relevant video retrieval": a graded adjective
        if before is not None and before[1].lower() == "not" and (aux := word_before(text, before[0])) is not None \
                and aux[1].lower() in AUXILIARIES:
            break  # "does not claim clinical severity assessment": a verb
        new_start = w_start
        pos = w_start
        taken += 1
    return new_start


# words after which the next word is a verb, not a modifier ("we select …", "to enhance …")
VERB_SUBJECTS = frozenset("we they it which who to can could will would may might must should also then first cannot often"
                          .split())
# and after these with "not" ("does not claim …", "do not compromise …")
AUXILIARIES = frozenset("do does did can could will would may might must should".split())


# Modifiers that describe a use of a term instead of naming a kind of it ("deep-learning-based",
# "hardware-specific", "instructor-tuned", "three-stage", "high-throughput", "open-source"): read on
# train.jsonl, phrases padded by them are wrong and the bare term right.
PADDING_SUFFIXES = ("-specific", "-driven", "-aware", "-tuned", "-oriented", "-centric", "-level", "-scale",
                    "-stage", "-phase", "-type", "-style", "-source", "-capacity", "-throughput", "-latency", "-context",
                    "-pretrained", "-sized", "-board", "-par", "-play")
# but a task's scope or condition is a kind of the task: "document-level translation", "long-context modeling",
# "context-aware anomaly detection" (read on train.jsonl: where such a word stands before a task head, the gold records
# the longer phrase 27 times and the bare task never)
TASK_KIND_SUFFIXES = ("-level", "-aware", "-context")
PADDING_PREFIXES = ("ultra-", "small-", "large-", "well-", "open-", "closed-")
NUMBER_WORDS = frozenset("one two three four five six seven eight nine ten".split())
PADDING_WORDS = frozenset("""
six seven eight nine ten dozen dozens hundreds thousands millions
mainstream subsequent successful standalone realistic highest lowest basic compact resilient monolithic shallow
capable marginal frontier flagship representative notable leading prominent
acceptable considerable excessive reasonable unaffordable negligible prohibitive remarkable comparable minimal
baseline percent hz khz mhz ghz ms fps gb mb kb tb db kwh flops gflops tflops seconds minutes hours
suggest automate formulate reformulate degrade benefit revisit rethink
""".split())


def _padding(word: str) -> bool:
    """A modifier that pads a term rather than naming a kind of it."""
    lw = word.lower()
    if lw in PADDING_WORDS or lw.endswith(PADDING_SUFFIXES) or lw.startswith(PADDING_PREFIXES):
        return True
    head, dash, _ = lw.partition("-")
    return bool(dash) and (head[:1].isdigit() or head in NUMBER_WORDS)


COMPARATIVES = {"faster", "better", "higher", "lower", "larger", "smaller", "stronger", "greater", "fewer", "longer",
                "shorter", "easier", "harder", "cheaper", "deeper", "wider", "best", "largest", "fastest", "latest",
                # and words that compare without the suffix ("similar inference time", "comparable accuracy": train.jsonl
                # records the bare measure or nothing, never the longer phrase)
                "similar", "comparable", "equivalent", "acceptable", "reasonable", "lowest", "highest", "worst"}


def _proper_modifier(text: str, start: int, word: str) -> bool:
    """Capitalised modifiers count when they are not just sentence-initial ("Riemannian", "Bayesian", "CP")."""
    sentence_initial = start == 0 or re.search(r"[.!?:]\s*$", text[max(0, start - 3):start]) is not None
    if word.isupper() or any(c.isupper() for c in word[1:]):
        return True
    return not sentence_initial and word.lower() not in STOP


def word_alternation(words: list[str]) -> str:
    """A regex matching any of `words` (lower case), written as a trie: `re` tries a long flat
    alternation word by word at every word boundary; a trie shares the prefixes.

    >>> word_alternation(["network", "networks", "net"])
    'net(?:work(?:s)?)?'
    """
    root: dict = {}
    for word in words:
        node = root
        for ch in word.lower():
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node: dict) -> str:
        alts = [re.escape(ch) + emit(child) for ch, child in sorted(node.items()) if ch]
        if not alts:
            return ""
        body = alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
        return f"(?:{body})?" if "" in node else body

    return emit(root)


HEAD_RE = {
    fld: re.compile(r"\b(?:" + word_alternation(heads) + r")\b", re.I)
    for fld, heads in (("tasks", TASK_HEADS), ("techniques", TECHNIQUE_HEADS), ("metrics", METRIC_HEADS))
}
# the same, for a lower-cased text: a case-blind scan costs twice as much (and these are a twentieth of the extraction)
HEAD_LOWER = {
    fld: re.compile(r"\b(?:" + word_alternation([h.lower() for h in heads]) + r")\b")
    for fld, heads in (("tasks", TASK_HEADS), ("techniques", TECHNIQUE_HEADS), ("metrics", METRIC_HEADS))
}


# A method, theory or object named after its author, or by a capitalised proper term: "the Lagrange method",
# "Mean Field theory", "Hadamard transform", "Euler-Lagrange equations", "Hamilton's principle", "Kuhn-Tucker
# conditions". Read on train.jsonl: 11 of 17 such runs outside a sentence's first word are annotated
# techniques, and the rule found none of them. One or two capitalised words (no run of capitals: "PD+ method"
# is a name's), not a word that opens a phrase ("Our method", "This theory").
EPONYM_HEAD = re.compile(r"(?<=[a-z']) (?:method|theory|principle|conditions|transform|transformation|filters?|process|"
                         r"processes|equations|inequality|inequalities|approximation|expansion|decomposition)(?![\w-])")
# after two names joined by a hyphen, or a name's possessive, more heads name a technique ("the Cramer-Rao lower bound",
# "the Cellular-Potts model", "a Bradley-Terry model", "a Kullback-Leibler loss"): after one name they are a model's
# ("the Transformer model"), and after a model's size a model's ("the Swin-Base model")
PAIR_HEAD = re.compile(r"(?<=[a-z']) (?:models?|(?:lower |upper )?bounds?|loss)(?![\w-])")
PAIR_NAME = re.compile(r"[-\u2013](?!(?:Base|Large|Small|Tiny|Huge|Giant|Medium|Mini|Nano|Lite|Pro|Plus|Token|Instruct|Chat)\b)[A-Z]|'s")
EPONYM_NAME = re.compile(
    r"(?<![\w\-.])(?!(?:Our|One|The|This|These|That|Each|A|An|Any|Such|Its|Their|We|In|Both|New|Novel|Proposed|"
    r"Existing|Previous|Standard|Classical|Classic|Traditional|Conventional|Same|Second|First|Final|Main|Key)\b)"
    r"[A-Z][a-z]+(?:[-\u2013][A-Z][a-z]+)?(?:'s)?(?: [A-Z][a-z]+(?:[-\u2013][A-Z][a-z]+)?(?:'s)?)?$")
SENTENCE_OPENING = re.compile(r"(?:^|[.!?:;]\s*|\n\s*)$")
CAPITAL_BEFORE = re.compile(r"(?<![\w-])(?!(?:The|A|An|Our|This|These|We|In|On|For|With|By|And|Or|Of|To|From)\s)[A-Z][\w-]*\s$")  # "… Entropy | Policy Search method": cut from a longer name

# the items of a list written before a term: "pedestrian detection, face detection, edge detection and …"; an
# item's words are content words ("for text-to-image generation, but their layered and cross-modal generation
# process" lists nothing)
LIST_WORD = r"(?!(?:but|their|its|our|his|her|the|a|an|this|that|these|those|which|while|whereas|to|of|in|on|with|by|" \
            r"is|are|was|were|be|been|purely|only|also|not|both|either|such|as)\b)[\w-]*\w"
LIST_ITEM = rf"(?:{LIST_WORD}\s+){{0,3}}{LIST_WORD}"
LIST_BEFORE = rf"(?:{LIST_ITEM},\s+)*(?:{LIST_ITEM},?\s+(?:and|or)\s+)?"
TASK_FRAME_BEFORE = re.compile(
    r"(?:\b(?:for|in|to|on|of|tackle|tackles|tackling|address|addresses|addressing|study|studies|solve|solves|solving|"
    r"enable|enables|enabling|support|supports|supporting|evaluating|perform|performs|performing|boost|boosts|"
    r"problem\s+of|task\s+of|tasks\s+of|applications?\s+(?:in|to|such\s+as|including)|such\s+as|including|like|"
    r"advances?\s+in|progress\s+in|approach\s+to|benchmark\s+for)\s+(?:the\s+|a\s+|an\s+)?" + LIST_BEFORE +
    r"|(?:tasks?|applications?|problems?|benchmarks?)\s*:\s+" + LIST_BEFORE +
    r"|^\s*|[.!?]\s+)$",
    re.I,
)
TASK_FRAME_AFTER = re.compile(r"^\s*(?:tasks?|problems?|benchmarks?|applications?|settings?|challenges?)\b|^\s*(?:is|are|has|have|remains?)\b", re.I)


# what the words right before a term must be for TASK_FRAME_BEFORE to hold (a frame word, an article, a list's comma or
# conjunction, a colon or a sentence's start): checked first, it spares the long pattern at most terms
TASK_FRAME_LAST = re.compile(
    r"(?:[,:]|\b(?:and|or|the|a|an|for|in|to|on|of|as|like|including|tackle|tackles|tackling|address|addresses|addressing|"
    r"study|studies|solve|solves|solving|enable|enables|enabling|support|supports|supporting|evaluating|perform|performs|"
    r"performing|boost|boosts))\s+$|^\s*$|[.!?]\s+$", re.I)


def _task_frame(text: str, start: int, end: int) -> bool:
    """Tasks are named where a paper says what it does: "for X", "X task", "the problem of X",
    "address X", an item of a list after such words, or as the subject that opens a sentence ("Symbolic
    regression is …")."""
    if TASK_FRAME_AFTER.match(text[end:end + 30]):
        return True
    return TASK_FRAME_LAST.search(text, max(0, start - 20), start) is not None \
        and TASK_FRAME_BEFORE.search(text[max(0, start - 120):start]) is not None


# words of STOP that name a kind of a known term before it: "pre-trained language models", "small language models",
# "full fine-tuning", "approximate Bayesian inference", "fine-grained semantic segmentation", "task distillation". Read on
# train.jsonl, where one of them stands before a lexicon technique or task, the gold records the longer term 20 times and
# the bare term twice ("pretrained", unhyphenated, 2 against 3, is left out).
KIND_MODIFIERS = frozenset("pre-trained small full approximate fine-grained task".split())


# how a process runs, not what it makes: "parallel generation", "few-step synthesis", "end-to-end modeling" are no
# tasks (read on train.jsonl: none of the 15 abstracts that write such a pair annotates it as one)
MANNERS = frozenset("""parallel autoregressive auto-regressive non-autoregressive few-step one-step single-step multi-step
mini-batch minibatch stochastic end-to-end iterative sequential""".split())
PROCESS_HEADS = frozenset("generation synthesis modeling modelling inference decoding".split())


def manner_only(words: list[str]) -> bool:
    """Whether a phrase's words are a manner and a process and nothing else ("parallel generation")."""
    return len(words) == 2 and words[0].lower() in MANNERS and words[1].lower() in PROCESS_HEADS


ING_HEAD = re.compile(r"(?<![\w-])[A-Za-z][\w'-]{2,}ing(?![\w-])")  # "-ing" words of six letters or more
ING_END = re.compile(r"ing(?![\w-])")
# (not "training": "diffusion model training" is how a model is made, and the term is the model's)
ING_NOT_HEADS = frozenset(h for h in TASK_HEADS + TECHNIQUE_HEADS + METRIC_HEADS if h.endswith("ing")) | {"training"}
WORD_AFTER = re.compile(r" ([\w-]+)")  # the next word, when only a space stands before it
# a phrase the text calls a task or problem, whose last word is no task head ("spoken dialogue tasks", "max-min
# fairness problems"): a candidate the typer keeps or drops. Held out on train.jsonl, 10 of the 18 it adds to the
# output are annotated tasks (tasks 0.565 -> 0.569); a lone word before "tasks" is not ("reasoning tasks": 21 of 423)
TASK_NOUN = re.compile(r"(?<=[A-Za-z0-9]) (?:tasks?|problems?)(?![\w-])", re.I)
TASK_NOUN_LOWER = re.compile(r"(?<=[a-z0-9]) (?:tasks?|problems?)(?![\w-])")
PLAIN_WORD = re.compile(r"[A-Za-z][\w'-]*")


def ing_words(text: str):
    """The spans ING_HEAD finds, found from their ends: a scan for "ing" and a step back over the word is a quarter of
    the pattern's cost, which tries every position of the text."""
    last = None  # the pattern's match from a start is the longest: of two "-ing" ends after one start, the second
    for m in ING_END.finditer(text):
        start = m.start()
        while start > 0 and (text[start - 1].isalnum() or text[start - 1] in "_'-"):
            start -= 1
        while start < m.start() and not (text[start] in _ASCII_LETTERS and (start == 0 or not (
                text[start - 1].isalnum() or text[start - 1] in "_-"))):
            start += 1
        if m.end() - start >= 6:
            if last is not None and last[0] != start:
                yield last
            last = (start, m.end())
    if last is not None:
        yield last


# the rule of a task head's phrase outside a task frame ("… and person detection aimed at …"): read on train.jsonl,
# about half such phrases are annotated entities (a third tasks), so the typer decides (a `drop_rules` prefix)
UNFRAMED_TASK = "phrase.task_head_unframed"


class PhraseFinder:
    """spaCy component: grows lexicon terms by their modifiers and finds unseen terms by head noun."""

    def __init__(self, name: str = "kg_phrases"):
        self.name = name

    def __call__(self, doc: Doc) -> Doc:
        text = text_of(doc)
        found = doc._.kg_mentions
        for fld, s, e, rule, canonical in list(found):
            if fld in ("techniques", "tasks") and rule == "lexicon":
                if text[e:e + 1] == "-" and text[e + 1:e + 2].isalpha():
                    continue  # "VLM" in "VLM-generated": part of a compound, nothing to grow
                if s > 1 and text[s - 1] == "-" and text[s - 2].isalnum():
                    # "video generation" in "image-to-video generation": the term is the whole compound's
                    c = s - 1
                    while c > 0 and (text[c - 1].isalnum() or text[c - 1] == "-"):
                        c -= 1
                    if not _padding(text[c:s - 1] + "-") and not text[c:s].lower().endswith(("-based-", "-like-")) \
                            and not (text[c].isupper() and not SENTENCE_OPENING.search(text, max(0, c - 3), c)) \
                            and not NAME_PIECE.search(text, c, s - 1):
                        # not "Fast-dLLM", "CF-VLM": a capital inside a sentence makes the compound a name, the name rules';
                        # so does a piece with a digit or a second capital, first word of a sentence too ("R2-KG achieves")
                        found.append(SpanMention(fld, c, e, "phrase.extended", None))
                    continue
                new_s = _modifiers(text, s, allowed=KIND_MODIFIERS, kinds=TASK_KIND_SUFFIXES if fld == "tasks" else ())
                if new_s < s:
                    found.append(SpanMention(fld, new_s, e, "phrase.extended", None))
        low = text.lower()
        aligned = len(low) == len(text)  # lower() lengthens a few characters ("İ")
        for fld, head_re in (HEAD_LOWER if aligned else HEAD_RE).items():
            for m in head_re.finditer(low if aligned else text):
                if m.end() < len(text) and (text[m.end()].isalnum() or text[m.end()] == "-"):
                    continue
                head = m.group(0).lower()
                # up to three modifiers for tasks and measures ("unit test success rates"), two for techniques (a third
                # mostly pads one: "adaptive search space pruning"; read held out on train.jsonl)
                start = _modifiers(text, m.start(), 3 if fld in ("tasks", "metrics") else 2,
                                   frozenset(METRIC_MODIFIERS) if fld == "metrics" else frozenset(),
                                   TASK_KIND_SUFFIXES if fld == "tasks" else ())
                if start == m.start():
                    continue
                words = text[start:m.end()].split()
                if fld == "techniques" and head in WEAK_TECHNIQUE_HEADS and not re.search(r"[-–]|[A-Z]", text[start:m.start()]):
                    if len(words) < 3:
                        continue
                if fld == "tasks" and manner_only(words):
                    continue  # "parallel generation", "few-step synthesis", "end-to-end modeling": how, not what
                if fld == "tasks" and not _task_frame(text, start, m.end()):
                    # no frame says the paper does it: a candidate the typer keeps only where it finds it a task
                    found.append(SpanMention(fld, start, m.end(), UNFRAMED_TASK, None))
                    continue
                if fld == "metrics" and head in ("time", "times") and (
                        words[-2].lower() in NOT_DURATION or AT_TIME.search(text, max(0, start - 8), start)):
                    continue  # "polynomial time", "at test time", "optimization at inference time": no measure
                if fld == "metrics" and head == "loss" and any(c.isupper() for c in text[start:m.start()]):
                    continue  # "DDPM loss" is an objective, not a measure
                if fld == "metrics" and head == "scores" and SCORES_VERB.match(text, m.end()):
                    continue  # "GPT-4o scores 61.2%", "Qwen2.5-VL scores highest": the verb, after a model's name
                if fld == "metrics" and head in ("score", "scores") and any(
                        f == "metrics" and r == "lexicon" and (a, b) == (start, m.start() - 1) for f, a, b, r, *_ in found):
                    continue  # "temporal consistency scores": the known measure before "scores" is the metric
                if fld == "metrics" and head in ("score", "scores") and any(c.isupper() for c in text[start:m.start()]):
                    # "Valid-Unique-Novelty scores": the name is the metric
                    found.append(SpanMention(fld, start, m.start() - 1, "phrase.metric_name", None))
                    continue
                found.append(SpanMention(fld, start, m.end(), f"phrase.{fld[:-1]}_head", None))
        for m_start, m_end in ing_words(text):
            # a nominal "-ing" word that ends its phrase, where a frame says the paper does it: "for precision
            # livestock farming", "address prostate cancer Gleason grading" (read held out on train.jsonl: the typer
            # keeps 40 such phrases, 20 of them annotated tasks; outside a frame they lose)
            lw = text[m_start:m_end].lower()
            if lw in ING_MODIFIERS or lw in STOP or lw in ING_NOT_HEADS:
                continue
            after = WORD_AFTER.match(text, m_end)
            if after and after.group(1).lower() not in STOP:
                continue  # the phrase goes on ("crawling strategies")
            start = _modifiers(text, m_start, 3, kinds=TASK_KIND_SUFFIXES)
            if start == m_start or manner_only(text[start:m_end].split()) or not _task_frame(text, start, m_end):
                continue
            found.append(SpanMention("tasks", start, m_end, "phrase.task_head", None))
        for m in (TASK_NOUN_LOWER.finditer(low) if aligned else TASK_NOUN.finditer(text)):
            before = word_before(text, m.start() + 1)
            if before is None or not PLAIN_WORD.fullmatch(before[1]):
                continue
            w_start, word = before
            lw = word.lower()
            if lw in STOP or HEAD_RE["tasks"].fullmatch(lw) or _verb_like(lw) and not lw.endswith("ing"):
                continue  # a task head's phrase is found by its head
            start, end = _modifiers(text, w_start, 3, kinds=TASK_KIND_SUFFIXES), m.start()
            if start < w_start and not manner_only(text[start:end].split()) \
                    and not any(f == "tasks" and a == start and b == end for f, a, b, *_ in found):
                found.append(SpanMention("tasks", start, end, "phrase.task_head", None))
        heads = [(h, False) for h in EPONYM_HEAD.finditer(text)] + [(h, True) for h in PAIR_HEAD.finditer(text)]
        for head, pair in heads:  # the head first: rare, where a name before it is not
            name = EPONYM_NAME.search(text, max(0, head.start() - 40), head.start())
            if name and not SENTENCE_OPENING.search(text, max(0, name.start() - 3), name.start()) \
                    and not CAPITAL_BEFORE.search(text, max(0, name.start() - 30), name.start()) \
                    and (not pair or PAIR_NAME.search(name.group())):
                found.append(SpanMention("techniques", name.start(), head.end(), "phrase.eponym", None))
        doc._.kg_mentions = [m for m in found if not _no_term(text, m)]
        return doc


def _no_term(text: str, m) -> bool:
    """A mention that names no term of its field: a vague one, or a training step the paper does without."""
    if m[0] not in ("techniques", "tasks"):
        return False
    words = text[m[1]:m[2]].lower()
    if m[0] == "tasks":
        return words in VAGUE_TASKS
    return words in VAGUE_TERMS or words in WITHOUT_STEPS and WITHOUT.search(text, max(0, m[1] - 60), m[1]) is not None
