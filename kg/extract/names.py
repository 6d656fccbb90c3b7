"""Extraction: named methods, models, datasets and metrics by their shape and their context.

Names that no lexicon knows are still found: "GeoFlow", "HYPIR++", "Llama-3.2-1B",
"Wan 2.1-14B" by shape; "we propose X", "X, a framework for", "over X", "than X",
"X dataset", "on X benchmark", "measured by X" by context. A proposal cue turns a
name into a proposed one; acronyms defined for lower-case terms ("graph neural networks
(GNNs)") are terms, not names.
"""
from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterator
from functools import lru_cache

from spacy.tokens import Doc

from .corpus import WORD as TERM_WORD
from .corpus import corpus_names, corpus_terms, word_clusters
from .latex import clean
from .phrases import STOP, TASK_HEADS, VAGUE_TERMS
from .spans import (LONG_FORM_KNOWN, PROPAGATED, SMALL_WORDS, SpanIndex, SpanMention, longest_first, sentence_bounds,
                    text_of)

WORD = re.compile(r"[A-Za-z0-9][\w\-+.’'/×^]*[\w+]|[A-Za-z]")
VERSION = re.compile(r"v?\d+(?:\.\d+)*(?:-\d+(?:\.\d+)?[BMKbmk])?[BMK]?\b")
STOP_ACRONYMS = {
    w.lower() for w in """
    AI ML NLP CV GPU GPUs CPU CPUs TPU TPUs API APIs SOTA US UK EU USA II III IV VI OK PhD 2D 3D 4D 1D RGB RGBD HD
    ID IDs IO URL HTTP JSON XML PDF DNA RNA mRNA AUC CI IID OOD ODE ODEs SDE SDEs PDE PDEs KL QA FAQ TV CT MRI
    LLM LLMs VLM VLMs MLLM MLLMs LM LMs NN NNs DNN DNNs CNN CNNs RNN RNNs GNN GNNs GAN GANs VAE VAEs RL DRL MDP MDPs
    POMDP SGD-like BO GP GPs SVM SVMs MLP MLPs FFN FFNs MoE KV FLOPs GFLOPs TFLOPs FLOP NFE NFEs MSE MAE RMSE
    OT EM IS DP ERM PAC NP NP-hard NP-complete ReLU ReLUs GeLU GELU SiLU Softmax LayerNorm BatchNorm FP16 FP32 BF16 INT8
    INT4 CUDA C++ Python PyTorch SQL AR NAR CoT RAG ICL SFT PEFT DPO RLHF Q&A E2E IoT AR/VR VR XR UAV UAVs SLAM
    GT CDF PDF PMF KDE MLE MAP ELBO SNR ms TB GB MB KB Hz kHz fps FPS CoRR arXiv GitHub Code Appendix
    OpenAI NVIDIA Nvidia Google Microsoft Amazon IBM Intel AMD Qualcomm Huawei Baidu Alibaba Tencent ByteDance Anthropic
    DeepMind YouTube LiDAR GUI GUIs MIMO EOS IP LR SRAM DRAM HBM RTX ARM FPGA FPGAs ASIC ASICs human-AI Text-to-Image
    Top-K Top-k kNN
    """.split()
}
# where a paper appears and who made it, never a method it proposes or uses: conferences, publishers, companies,
# agencies, standards bodies and institutes written alone ("the CVPR 2026 challenge", "submissions to ICLR and
# NeurIPS", "models from OpenAI", "aligned with the W3C PROV standard", "supported by METI"); a name that holds one of them stays ("Google Gemini", "IEEE 14-bus"). Not for datasets: a
# challenge's data is often named after its venue ("ISBI 2012", "the SIGIR collection"); CoNLL and SemEval name
# shared tasks and their data, so they are not here
VENUES_AND_BODIES = frozenset(w.lower() for w in """
    CVPR ICCV ECCV WACV BMVC ACCV NeurIPS NIPS ICML ICLR AAAI IJCAI UAI AISTATS COLT ACL EMNLP NAACL EACL COLING
    AACL IJCNLP LREC KDD SIGKDD WWW SIGIR CIKM WSDM RecSys ICDM ICDE VLDB SIGMOD ICRA IROS CoRL RSS
    MICCAI ISBI MIDL ICASSP Interspeech SIGGRAPH CHI UIST ICSE FSE OSDI SOSP NSDI MLSys ISCA ASPLOS
    ICCAD HPCA TPAMI TNNLS JMLR TMLR IJCV IEEE ACM NASA DARPA NSF NIH OpenAI DeepMind Anthropic Google Microsoft Meta
    NVIDIA Nvidia Amazon Apple IBM Intel Baidu Alibaba Tencent Huawei ByteDance MIT CMU Stanford Berkeley
    NIST W3C IETF 3GPP ITU ETSI IEC ESA FDA NOAA METI INRIA CNRS OECD
    """.split())
YEAR_AFTER = re.compile(r"[\s'’-]*(?:19|20)?\d\d$")


# capitalised words that name nothing: answers and labels written in capitals ("predicts YES, NO, or TBD"), notes
# left in a text ("ToDO:") and anonymisation placeholders ("We introduce [METHOD NAME]", "post-training with METHOD")
NO_NAMES = frozenset("yes no tbd todo n/a method model name".split())


def venue_or_body(name: str) -> bool:
    """Whether a name is only a venue or a body, with or without a year: "CVPR", "NeurIPS 2024", "ICLR'25", "OpenAI"."""
    return YEAR_AFTER.sub("", name.strip()).lower() in VENUES_AND_BODIES


# a complexity class a problem is shown to be in: "NP-hard", "PSPACE-complete", "coNP-hardness"
COMPLEXITY_CLASS = re.compile(r"(?:co)?[A-Z]{2,}(?:\^\w+)?-(?:hard|complete)(?:ness)?")


def names_nothing(name: str) -> bool:
    """Whether a name is a capitalised word that names nothing (`NO_NAMES`): "TBD", "METHOD"; or a complexity
    class ("PSPACE-complete", "PPAD-hardness": 12 Method nodes of a 15,511-abstract arXiv build)."""
    return name.strip().lower() in NO_NAMES or COMPLEXITY_CLASS.fullmatch(name.strip()) is not None


PROPOSAL_CUE = re.compile(
    r"\b(?:we|this\s+(?:paper|work|study|article)|our\s+work|here)\b(?:\s*,?\s+(?:\w+\s+){0,2}?|[^.;:]{0,100}?\b(?:and|then|also|further|to)\s+)"
    r"(?:propose|proposes|introduce|introduces|present|presents|develop|develops|design|designs|call|dub|coin|"
    r"name|term|build(?!\s+(?:on|upon)\b)|create|construct|release|contribute|devise|formulate|establish|offer|describe|put\s+forward)\b"
    r"|\b(?:called|dubbed|named|termed|coined|referred\s+to\s+as|which\s+we\s+call|we\s+call\s+it)\b"
    r"|\bour\s+(?:method|approach|framework|model|work|system|algorithm)\s+(?:\w+\s+)?(?:introduces|proposes|presents|adds)\b",
    re.I,
)
# the words, lower-cased, one of which every match of PROPOSAL_CUE writes: a text with none of them is not scanned
CUE_WORDS = ("propose", "introduce", "present", "develop", "design", "call", "dub", "coin", "name", "term", "build", "create",
             "construct", "release", "contribute", "devise", "formulate", "establish", "offer", "describe", "forward",
             "referred", "adds")


def lowering_is_case_blind(text: str, lowered: str) -> bool:
    """Whether `lowered` (text.lower()) holds re.IGNORECASE's matches of ASCII words at the same offsets: not where
    the text writes "İ" (lower-casing lengthens it), "ı" or "ſ" (re.IGNORECASE reads them as "i" and "s")."""
    return len(lowered) == len(text) and "ı" not in text and "ſ" not in text


def may_propose(text: str, lowered: str) -> bool:
    """Whether PROPOSAL_CUE can match `text` (`lowered`: its lower case)."""
    return any(w in lowered for w in CUE_WORDS) or not lowering_is_case_blind(text, lowered)


# right after a proposal verb, without an article: "introduce Multimask Flows", "introduces inter-block speculation",
# "introduce mosaic (Multi-Object …)"; with an article it is a description ("a novel framework"), not a name
BARE_NAME = re.compile(
    r"\s*(?:(?P<title>[A-Z][\w\-]*(?:\s+(?:[A-Z][\w\-]*|of|for|and)){0,4}?)(?=\s*(?:[,;.(:]|$|\s+(?:which|that|to|for|as|with|in|on|by|and)\b))"
    r"|(?P<term>[a-z][a-z]*-[a-z][\w\-]*(?:\s+[a-z][\w\-]*){0,2}?)(?=\s*(?:[,;.]|$|\s+(?:which|that|to|for|as|with|in|on|by)\b))"
    r"|(?P<paren>[a-z][\w\-]+)(?=\s+\([A-Z]))"
)
# a cue that names what the paper brings ("we propose", "this paper introduces"), not "called" or "we build"
NAMING_VERB = re.compile(r"(?:propose|introduce|present)s?\s*$", re.I)
# a lower-case name right after "called", "dubbed", "termed": "a novel query scheme dubbed bimodal query is used",
# "a new score, called the trust score, which"; up to four words, to where the clause goes on
CALLED_CUE = re.compile(r"\b(?:called|dubbed|termed|coined|named)\s*$", re.I)
# … where the sentence says the thing is the paper's ("we propose a …", "a new score", "a novel scheme"), not
# "a form of sparse attention … called saccades"
OWN_BEFORE_CALLED = re.compile(r"\b(?:we|our|novel|new)\b", re.I)
# … and the thing is no problem or setting ("a practical domain adaptation task, called …": a task)
KIND_BEFORE_CALLED = re.compile(r"\b(?:task|problem|setting|scenario|form|game|question)s?\s*,?\s*$", re.I)
CALLED_NAME = re.compile(
    r"\s*(?:the\s+|an?\s+)?(?P<called>[a-z][\w\-]*(?:\s+[a-z][\w\-]*){0,3}?)"
    r"(?=\s*(?:[,.;:()]|$|\s+(?:is|are|was|were|which|that|to|for|as|with|in|on|over|by|from|where|whereby|due)\b))"
)
# a part or method a sentence introduces by a title-case name of two words or more, whoever the subject: "It then
# introduces a Normalized Facial Expression Block", "MAFIG contains a Perception Agent", "Our approach first employs
# a dedicated Keyframe Generator". Held out on train.jsonl, it adds 6 names to the output, all annotated as proposed
# (proposed 0.800 -> 0.804); on 6,000 abstracts of arXiv and conferences it finds 122.
INTRODUCED_NAME = re.compile(
    r"(?<= )(?:introduce|employ|contain|present|propose|develop|design|devise|incorporate|construct)s?"
    r"\s+(?:a|an|the)\s+(?:(?:novel|new|dedicated|lightweight|learnable|simple|unified)\s+)?"
    r"(?P<name>[A-Z][\w-]*(?:\s+(?:of\s+|for\s+|and\s+)?[A-Z][\w-]*){1,5})(?![\w-])"
    r"(?!\s+(?:(?:with|of|for|and|in|on|to|via)\s+)?[A-Z])"
)
# … where the name ends: at a mark or a function word, or at a kind ("… Composition strategy"); after its acronym, at a
# mark or a function word. Not "a Directed Graph embedding framework", "the Neutron Star data", "a Probabilistically
# Compact (PC) loss", "a Monte Carlo based method": the name's words modify the noun after them.
BUILT_WORDS = frozenset("based driven guided inspired aware".split())
DEFINED_AFTER = re.compile(r"\s*\([^()]{1,20}\)")
END_AFTER = re.compile(r"\s*(?:[,.;:]|$)|\s+([\w-]+)")


def _name_ends(text: str, end: int) -> bool:
    """Whether a title-case name that ends at `end` ends there as a name (`INTRODUCED_NAME`)."""
    defined = DEFINED_AFTER.match(text, end)
    after = END_AFTER.match(text, defined.end() if defined else end)
    word = after.group(1) if after else None
    return after is not None and (word is None or word.islower() and word not in BUILT_WORDS and (
        word in STOP or not defined and OWN_KIND_AFTER.match(text, end) is not None))


# "our method, X", "the proposed framework (X)": only a name right after the cue counts
OUR_CUE = re.compile(
    r"\b(?:our|the\s+proposed|a\s+novel|a\s+new)\s+(?:[\w-]+\s+){0,3}?(?:method|model|framework|approach|algorithm|"
    r"system|architecture|technique|pipeline|benchmark|dataset|loss|module|strategy|paradigm|scheme|metric|estimator|"
    r"sampler|policy|objective|regularizer|agent|optimizer)s?\s*(?:,|\(|called|named|dubbed|termed)?\s*",
    re.I,
)
# "previously proposed", "recently introduced": what follows is earlier work
PRIOR_VERB = r"\b(?:previously|originally|recently|earlier|formerly)\s+(?:proposed|introduced|presented|developed)"
SCOPE_END = re.compile(
    r",\s*which\b|\bthat\b|\bbased\s+on\b|\bbuilt\s+(?:up)?on\b|\busing\b|\bon\s+top\s+of\b|\bvia\b|\bover\b|\bthan\b|"
    r"\bcompared\s+(?:to|with)\b|\bagainst\b|\bfrom\b|\bextends?\b|\bleverag\w*\b|\binspired\s+by\b|;|\.\s|"
    r"\blike\b|\bsuch\s+as\b|\be\.g\.|\bincluding\b|\b(?:version|extension|variant|generali[sz]ation)\s+(?:of|to)\b|"
    + PRIOR_VERB + r"\b|"
    r"\bsuccessor\s+(?:to|of)\b|\binstead\s+of\b|\brather\s+than\b|\bunlike\b|\bbeyond\b|\bwhereas\b|"
    r"\b(?:scheme|recipe|method|strategy|procedure|technique|framework|approach)\s+for\b",
    re.I,
)
# after a name, the words that make it earlier work: "X has recently been proposed", "X (Smith, 2020) was introduced"
PRIOR_AFTER = re.compile(r"\s*(?:\([^()]{0,60}\)\s*)?(?:has|have|had|was|were)\s+(?:\w+ly\s+)?(?:been\s+)?"
                         r"(?:proposed|introduced|presented|developed|released)\b(?!\s+(?:here|in\s+this|herein))", re.I)
# before a name, the words that make it earlier work: "an extension to the previously proposed HCQA framework",
# "builds on X", "the recently introduced X"
PRIOR_BEFORE = re.compile(r"(?:" + PRIOR_VERB + "|"
                          r"\b(?:extensions?|successor|variants?|versions?)\s+(?:to|of)|\bextend(?:s|ed|ing)?|\bbuil(?:t|ds?|ding)\s+(?:up)?on|"
                          r"\bbased\s+on)\s+(?:(?:the|our|an?|its)\s+)?(?:(?:previously|recently)\s+(?:proposed|introduced)\s+)?$", re.I)


def prior_work(text: str, s: int, e: int) -> bool:
    """Whether the name at `s`:`e` of `text` is written as earlier work ("the previously proposed X",
    "an extension to X", "X has recently been proposed")."""
    return bool(PRIOR_BEFORE.search(text, max(0, s - 60), s) or PRIOR_AFTER.match(text, e))


PRIOR_WORDS = (r"(?:leading|popular|recent|state|widely|existing|well|prominent|standard|classic|representative|strong|"
               r"common|prior|previous|commercial|proprietary|open-source)\b")
KIND_WORDS = (r"(?:method|model|framework|approach|algorithm|system|architecture|technique|pipeline|benchmark|dataset|"
              r"loss|module|strategy|paradigm|scheme|metric|suite|library|toolkit|family|estimator|sampler|objective|"
              r"recipe|procedure|protocol)\b")
APPOSITION = re.compile(rf"^\s*,?\s*(?:a|an)\s+(?!{PRIOR_WORDS})(?:\w+[\s-]){{0,4}}?{KIND_WORDS}", re.I)
# "X-RAMDocs, a controlled Chinese-English benchmark derived from …": the name is a dataset's (stricter than
# convert.DATASET_APPOSITION, which reads after a proposed name: no function word before the noun, so "GPT-4o, a
# model trained on a large corpus" is no dataset)
BENCHMARK_APPOSITION = re.compile(r"^\s*,\s*(?:a|an|the)\s+(?:(?!(?:of|on|for|in|with|from|to|by|that|which|and|or)\b)[\w-]+\s+){0,4}?"
                                  r"(?:benchmark|dataset|data\s?set|corpus|test\s?bed)\b", re.I)
# "HYPNO, a leading restoration model, …": a name the abstract presents as existing work
PRIOR_APPOSITION = re.compile(rf"^\s*,\s*(?:a|an|the)\s+{PRIOR_WORDS}\s*(?:\w+[\s-]){{0,4}}?{KIND_WORDS}", re.I)
# "… combines MuSGD, a hybrid optimizer …; and STAL, a label assignment strategy that …", "our system comprises MRCE
# (Multi-dimensional Reasoning Complexity Estimator), a 0.6B Qwen model": a name set off as a kind of thing anywhere
# in a sentence that compares with nothing
ANY_APPOSITION = re.compile(rf"\s*(?:\([^()]{{1,80}}\)\s*)?,\s*(?:a|an)\s+(?!{PRIOR_WORDS})(?:[\w.]+[\s-]){{0,4}}?"
                            rf"(?:{KIND_WORDS}|optimi[sz]er|layer|block|encoder|decoder|adapter|agent|network|controller)", re.I)
COMPARING = re.compile(r"\b(?:compar\w*|than|against|versus|vs\.?|outperform\w*|baselines?|such\s+as|including|e\.g\.|like|"
                       r"previous|prior|existing|state-of-the-art|SOTA|based\s+on|buil(?:d|ds|ding|t)\s+(?:on|upon)|using|uses|use|with|evaluat\w*|benchmark\w*|test\w*)\b",
                       re.I)
# the marker of an enumerated item right before a name: "(1) WEST (Weight-Encoded Sparse Topology), which …; (2) FAST
# (…)", "(i) a Visual Resolution Compressor (VRC)"; in a sentence that proposes (`PROPOSAL_CUE`, `OUR_CUE`) or names
# parts of something (`PARTS`), the items are the paper's own parts
ENUMERATED = re.compile(r"(?:\(\s*(?:[1-9]|i{1,3}|iv|vi{0,3}|[a-e])\s*\)|(?<![\w(])(?:[1-9]|i{1,3}|iv|vi{0,3})\))\s*(?:an?\s+|the\s+)?$")
PARTS = re.compile(r"\b(?:two|three|four|five|several|key|main|core|novel|new)\s+(?:[\w-]+\s+){0,2}?(?:components|modules|"
                   r"techniques|innovations|contributions|stages|parts|mechanisms|strategies|designs|processes|elements)\b", re.I)
# "… and introduce Diversified-ThinkSolve (DTS), a novel structured approach that …": the paper's own, wherever written
NOVEL_APPOSITION = re.compile(r"\s*(?:\([^()]{1,80}\)\s*)?,\s*(?:a|an)\s+(?:novel|new)\b", re.I)
# "our X framework", "the proposed X architecture": the name between the cue and its kind
OUR_BEFORE = re.compile(r"\b(?:our|the\s+proposed|our\s+proposed|the\s+novel|our\s+novel)\s+$", re.I)
OWN_KIND_AFTER = re.compile(rf"\s+(?:{KIND_WORDS}|(?:block|network|layer|mechanism|agent)s?\b)", re.I)
DATASET_AFTER = re.compile(r"^\s*(?:dataset|datasets|benchmark|benchmarks|corpus|corpora|suite|challenge|split|test\s+set|leaderboard)\b", re.I)
# "the Speech Accessibility Project (SAP) dataset": one dataset (but "chest X-Ray (CXR) datasets" is a kind of data)
DEFINED_DATASET_AFTER = re.compile(r"^\s*\([^()]{1,20}\)\s*(?:dataset|benchmark|corpus)\b(?!-)")
# "the Edinburgh Pig dataset", "the Scene Flow benchmark": title-case words named as a dataset by the next word
TITLED_DATASET = re.compile(r"\b((?:[A-Z][\w\-+.']*\s+){0,3}[A-Z][\w\-+.']*)\s+(?:dataset|datasets|benchmark|"
                            r"benchmarks|corpus|Dataset|Benchmark|Corpus)\b")
# before a name and "dataset(s)"/"benchmark(s)": an indefinite article ("an entity-based QA dataset", "a large-scale
# UAV benchmark") or, before a plural, a count or a word of kind ("three PDE benchmarks", "existing LiDAR benchmarks",
# "standard NLP benchmarks"): the words say what kind of data, they name no dataset
KIND_BEFORE = re.compile(r"(?<![\w-])(?P<d>an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d+|several|"
                         r"multiple|many|various|diverse|different|numerous|existing|standard|popular|public|common|"
                         r"established|traditional|contemporary|related|other|these|such|some|mainstream|representative|"
                         r"typical|prior|previous)\s+(?:[a-z][\w-]*\s+){0,4}$", re.I)


# the shapes of words that name a kind of thing, not one method: a plural acronym ("PIDs", "DOFs") or a
# numbered part ("Stage-2"); a direction ("C++-to-CUDA", "optical-to-SAR") names a task
KIND_SHAPED = re.compile(r"[A-Z][A-Z\d]*[A-Z]s|(?:Stage|Step|Phase|Level|Part)-\d+")
DIRECTION = re.compile(r"[\w+#.]+(?:-[\w+#.]+)*-to-[\w+#.]+(?:-[\w+#.]+)*")


def kind_shaped(name: str) -> str | None:
    """What a name-shaped word the rules took for a method is by its shape: "tasks" for a direction
    ("optical-to-SAR"), "" for the plural or numbered part of a kind ("PIDs", "Stage-2"), None for a
    name. Read off train.jsonl, where none of the 12 such words the typer kept as methods is an annotated model."""
    if DIRECTION.fullmatch(name):
        return "tasks"
    return "" if KIND_SHAPED.fullmatch(name) else None


def variant_of(name: str, own: set[str]) -> bool:
    """Whether `name` is one of the paper's own names with a variant's suffix joined to it ("SKALD-text",
    "Polyglot-Lion-1.7B", "DeepSeek-VL2-Tiny" beside the proposed "SKALD", "Polyglot-Lion", "DeepSeek-VL2"):
    the paper's too. Under cross-validation on train.jsonl the 8 such names the typer kept as methods are all
    annotated proposed ("EDT-B", "EDT-XL" beside "EDT"; "LBM-Act" beside "LBM")."""
    return any(len(name) > len(p) + 1 and name.startswith(p) and name[len(p)] in "-_." and name[len(p) + 1].isalnum()
               for p in own)


def describes_kind(text: str, s: int, e: int) -> bool:
    """Whether a name before "dataset(s)"/"benchmark(s)" says what kind of data it is rather than naming a
    dataset: "an entity-based QA dataset", "seven WSI datasets", "the MRI benchmark" (a stop acronym);
    not "the Kermany dataset", "the ISPRS Vaihingen and Potsdam datasets"."""
    noun = DATASET_AFTER.match(text[e:e + 40])  # anchored with ^: matched on the slice, not at pos
    if noun is None:
        return False
    name = text[s:e]
    if name.lower() in STOP_ACRONYMS:
        return True
    if re.search(r"[a-z][A-Z]|\d", name):
        return False  # "four ViDoRe-v2 benchmarks", "the HealthCareMagic-100K dataset": a name's own shape
    kind = KIND_BEFORE.search(text, max(0, s - 60), s)
    return kind is not None and (noun.group(0).rstrip().endswith(("s", "corpora")) or kind.group("d").lower() in ("a", "an"))


# "SiWare: Contextual Understanding of …", "The XBC: a modern …": the name a title leads with, before its colon
TITLE_LEAD = re.compile(r"^\s*(?:The\s+)?(?P<name>[^:]{2,40}?)\s*(?:\([^()]{1,15}\))?(?:\s+Technical\s+Report)?\s*:\s")


def title_name(title: str) -> str | None:
    """The name a paper's title leads with ("SiWare" in "SiWare: Contextual Understanding of Industrial Data"),
    or None when the title leads with words, not a name ("Imputation for prediction: …"). Of the 218 such names
    that train.jsonl's abstracts write, the annotators list 216 as proposed."""
    m = TITLE_LEAD.match(clean(title).text)  # LaTeX as the abstract's text is cleaned: "$\texttt{ReDAct}$" → "ReDAct"
    if m is None:
        return None
    name = m.group("name").strip()
    if not name or (" " in name and not re.search(r"[A-Z].*[A-Z]|\d", name)):
        return None
    return name


# words that make a title a sentence or a phrase about something rather than a name ("Attention Via …",
# "Learning to …", "Is Attention Required")
TITLE_FUNCTION_WORDS = frozenset("""for with via using in on of to from by and or is are be do does can how why what
when towards toward beyond through under over without versus vs not all we you need meets matters among across
between against within modulo revisited""".split())
# the last word of a title about a problem or a topic, not a method ("Stochastic Market Games", "Kemeny Consensus
# Complexity", "Online Risk-Averse Submodular Maximization": titles of 3,000 conference abstracts read)
TITLE_TOPIC_HEADS = frozenset("""game games complexity committees rankings maximization minimization revision
configuration problem problems theory underwater""".split())


def title_whole_name(title: str) -> str | None:
    """A title that is nothing but a name, two to six capitalised words ("Distance Encoded Product Quantization",
    "Semi-Supervised Mean Fields", "Reconstruct & Crush Network"): the paper's own method. Not a title that opens
    with a word in -ing or ends on one ("Learning Compact Geometric Features", "… Diffusion Caching"), one with a
    function word ("Attention Via Convolutional Nearest Neighbors"), nor one that ends on a task's or a topic's head
    ("… Anomaly Detection", "Stochastic Market Games"). In train.jsonl 13 titles are such names; 10 are annotated
    proposed, the rest no entity or a task."""
    text = clean(title).text.strip() if title else ""
    if not text or re.search(r"[:?!,;.]\s|[:?!;]$", text):
        return None
    words = text.split()
    if words[0] in ("The", "A", "An"):
        words = words[1:]
    if not 2 <= len(words) <= 6 or not all(w[:1].isupper() or w[:1].isdigit() or w in ("&", "+") for w in words):
        return None
    lowered = [w.lower() for w in words]
    if any(w in TITLE_FUNCTION_WORDS for w in lowered) or lowered[0].endswith("ing") or lowered[-1].endswith("ing") \
            or lowered[-1] in TASK_HEAD_WORDS or lowered[-1] in TITLE_TOPIC_HEADS:
        return None
    return " ".join(words)


def as_word(name: str) -> str:
    """A pattern for `name` written as a word of its own ("HDR", not the "HDR" of "HDR-REAL")."""
    return r"(?<![\w-])" + re.escape(name) + r"(?![\w-])"


@lru_cache(maxsize=8)
def _folded(text: str) -> str:
    return text.casefold()


@lru_cache(maxsize=8)
def _squashed(text: str) -> str:
    return re.sub(r"[\s-]+", " ", text.casefold())


@lru_cache(maxsize=8)
def _lowered(text: str) -> str:
    return text.lower()


def _word_edge(ch: str) -> bool:
    """Whether `ch` joins a word, as `as_word` reads it (a `\\w` or a hyphen)."""
    return ch.isalnum() or ch == "_" or ch == "-"


def word_spans(name: str, text: str, hay: str | None = None) -> Iterator[tuple[int, int]]:
    """Where `text` writes `name` as a word of its own, left to right and not overlapping: the spans of
    `re.finditer(as_word(name), text)`, found by string search, without compiling a pattern (a pattern per name
    and abstract is compiled anew each time: Python's cache of patterns is small, and compiling took 2% of
    extraction). `hay`: the text to search instead, as long as `text` (its lower case, for `name` in lower case)."""
    if not name:  # (the pattern's empty matches; never asked)
        yield from (m.span() for m in re.finditer(as_word(name), text))
        return
    hay = text if hay is None else hay
    n, k = len(text), len(name)
    at = hay.find(name)
    while at >= 0:
        end = at + k
        if not (at and _word_edge(text[at - 1])) and not (end < n and _word_edge(text[end])):
            yield at, end
            at = hay.find(name, end)
        else:
            at = hay.find(name, at + 1)


def search_word(name: str, text: str, ignore_case: bool = False) -> tuple[int, int] | None:
    """Where `text` first writes `name` as a word of its own (`as_word`), as (start, end); in any case with
    `ignore_case` (re.IGNORECASE's matches: found in the lower-cased text, or by the pattern where lower-casing
    would not keep them and their offsets, for a name not in ASCII or an "İ", "ı" or "ſ" in the text)."""
    if not (name.casefold() in _folded(text) if ignore_case else name in text):
        return None
    if not ignore_case:
        return next(word_spans(name, text), None)
    hay = _lowered(text)
    if not name.isascii() or not lowering_is_case_blind(text, hay):
        m = re.search(as_word(name), text, re.I)
        return m.span() if m else None
    return next(word_spans(name.lower(), text, hay), None)


def title_mention(text: str, title: str) -> SpanMention | None:
    """The first place the abstract writes its title's lead name, as a proposed mention: the title says
    what the paper is about, and the abstract is where the evidence sentence comes from."""
    name = title_name(title) if title else None
    if name is None:
        whole = title_whole_name(title)
        m = search_word(whole, text, True) if whole else None
        return SpanMention("proposed", m[0], m[1], "proposed.title_whole", None) if m else None
    # as the title writes it, else in the abstract's own case ("Saddle-Free Guidance: …" over "we propose
    # saddle-free guidance"): in train.jsonl 8 of the 9 lead names written only so are annotated proposed
    m = search_word(name, text) or search_word(name, text, True)
    return SpanMention("proposed", m[0], m[1], "proposed.title", None) if m else None


def title_only_name(text: str, title: str) -> tuple[int, int] | None:
    """Where in the title (as given) its lead name is, when the abstract never writes it ("Task2Vec: Task
    Embedding for Meta-Learning", whose abstract says "we introduce a method"): the paper's own name, read off
    the title alone. One word only: a lead of several words is as often a phrase ("Beyond Code Pairs: …").
    In train.jsonl, 27 of the 31 such names are annotated proposed. A common word is no name ("Position: …",
    "Survey: …": a word the arXiv abstracts use often, terms/word_clusters.tsv)."""
    name = title_name(title) if title else None
    if name is None and (whole := title_whole_name(title)) and not search_word(whole, text, True):
        at = title.find(whole)
        return (at, at + len(whole)) if at >= 0 else None
    if name is None or re.search(r"\s", name) or search_word(name, text, True):
        return None
    if re.fullmatch(r"[A-Z][a-z]+", name) and name.lower() in word_clusters():
        return None
    at = title.find(name)
    return (at, at + len(name)) if at >= 0 else None


TITLE_WORD = re.compile(r"[\w][\w'-]*")
TASK_HEAD_WORDS = frozenset(TASK_HEADS)


def as_phrase(words: list[str]) -> str:
    """A pattern for these words written as a phrase of its own, a space or a hyphen between them."""
    return r"(?<![\w-])" + r"[\s-]+".join(map(re.escape, words)) + r"(?![\w-])"


def _written(words: list[str], text: str) -> tuple[int, int] | None:
    """Where the text first writes these title words (each starting with a letter or a digit) as a phrase of its
    own, in any case: the span of `as_phrase(words)` with re.IGNORECASE, found by string search as `search_word`
    finds a word (the pattern only where lower-casing would not keep re.IGNORECASE's matches)."""
    if re.sub(r"[\s-]+", " ", " ".join(words).casefold()) not in _squashed(text):
        return None  # (nothing to find unless the words stand together at all)
    hay = _lowered(text)
    if not all(w.isascii() for w in words) or not lowering_is_case_blind(text, hay):
        m = re.search(as_phrase(words), text, re.I)
        return m.span() if m else None
    first, rest = words[0].lower(), [w.lower() for w in words[1:]]
    n = len(text)
    at = hay.find(first)
    while at >= 0:
        end = at + len(first)
        if not (at and _word_edge(text[at - 1])):
            for w in rest:  # the run of spaces and hyphens before the next word, then the word
                k = end
                while k < n and (text[k].isspace() or text[k] == "-"):
                    k += 1
                if k == end or not hay.startswith(w, k):
                    break
                end = k + len(w)
            else:
                if not (end < n and _word_edge(text[end])):
                    return at, end
        at = hay.find(first, at + 1)
    return None


def title_tasks(text: str, title: str) -> list[SpanMention]:
    """The problems a paper's title names ("Graph Networks for Molecular Odor Prediction", "Mammography
    Classification with …"): for each word of the title that is a task's head, the longest run of two to four
    title words ending on it, with no stop word, that the abstract writes; the first place the abstract writes
    it, as a task. In train.jsonl, 201 of the 217 runs found are annotated entities, 184 of them tasks."""
    words = TITLE_WORD.findall(title) if title else []
    out: list[SpanMention] = []
    seen: set[str] = set()
    lowered = text.lower()
    for j, head in enumerate(words):
        if head.lower() not in TASK_HEAD_WORDS or (head.isascii() and head.lower() not in lowered):
            continue
        for i in range(max(0, j - 3), j):  # longest first
            run = words[i:j + 1]
            if any(w.lower() in STOP or (w.isascii() and w.lower() not in lowered) for w in run):
                continue  # a stop word, or a word the abstract never writes (checked before a pattern is built)
            found = _written(run, text)
            if found:
                start, end = found
                written = text[start:end]
                # "… we propose Adaptive Latent Agentic Reasoning": capitals inside a sentence write a name, no task
                named = sum(w[:1].isupper() for w in written.split()) >= 2 and \
                    re.search(r"[^.!?\s]\s*$", text[max(0, start - 4):start]) is not None
                if written.lower() not in seen and not named:
                    seen.add(written.lower())
                    out.append(SpanMention("tasks", start, end, "task.title", None))
                break
    return out


# words that praise the solution rather than name the problem ("for Enhanced Membership Inference Attacks",
# "for LLM-based ICD Coding", "for Parameter-Efficient Clinical Text Classification", "for Safe Underwater Navigation")
TITLE_TASK_LEAD = re.compile(r"enhanced|enhancing|advanced|advancing|accelerated|adaptive|safe|precise|exact|realistic|"
                             r"training-free|tuning-free|"
                             r"generali[sz]able|[\w-]+-(?:based|driven|guided|efficient|aware|world|"
                             r"deployable|enabled|oriented|friendly|centric|powered|assisted)", re.I)
TITLE_TOKEN = re.compile(TITLE_WORD.pattern + r"|[^\w\s]")  # a title's words and its marks


def title_only_tasks(text: str, title: str) -> list[tuple[int, int]]:
    """The problem a title says its method is for, when the abstract never writes it ("Transformation Pursuit
    for Image Classification", "Collaboration Based Multi-Label Propagation for Fraud Detection"): the run of two to
    four title words right after "for" that ends on a task's head, where the phrase ends (the title's end, a stop
    word or a mark), less the words in front that praise the solution. Where in the title (as given) each is. In
    train.jsonl, 41 of the 60 such runs are annotated tasks; runs after other words are not ("Graph Understanding",
    "Comparative Analysis")."""
    toks = [(m.group(0), m.start(), m.end()) for m in TITLE_TOKEN.finditer(title or "")]
    out: list[tuple[int, int]] = []
    for j, (head, _s, end) in enumerate(toks):
        if head.lower() not in TASK_HEAD_WORDS:
            continue
        if j + 1 < len(toks) and toks[j + 1][0][0].isalnum() and toks[j + 1][0].lower() not in STOP:
            continue  # the phrase goes on ("Inference Attacks", "Translation Models")
        k = j
        while k > 0 and toks[k - 1][0][0].isalnum() and toks[k - 1][0].lower() not in STOP:
            k -= 1
        if k == 0 or toks[k - 1][0].lower() != "for":
            continue
        while k < j and TITLE_TASK_LEAD.fullmatch(toks[k][0]):
            k += 1
        if not 1 <= j - k <= 3:
            continue
        run = [w for w, *_ in toks[k:j + 1]]
        if _written(run, text):
            continue  # the abstract writes it: found there (`title_tasks`)
        out.append((toks[k][1], end))
    return out


def title_only_terms(text: str, title: str, terms: list[SpanMention]) -> list[SpanMention]:
    """The lexicon's techniques and tasks that only the title writes ("Online Learning of Structured Predictors
    with Multiple Kernels", "… for Robot Security Anomaly Detection", "ReaGeo: … Geocoding with LLMs"). A technique
    must be a phrase of its own: the word before is a stop word or a mark, or none ("Reverse Forward Curriculum
    Learning", "Two-Stage GAN" are parts of the paper's own name). A task may follow a modifier ("Infinite Portrait
    Animation", "Causal Video Prediction", "Marathi Part-of-Speech Tagging Dataset"). Title offsets, longest first.
    In train.jsonl, 41 of 48 such techniques, 18 of 25 such tasks after a stop word or mark and 24 of 33 tasks after
    another word are annotated so (beside the problem runs after "for"); only 19 of 37 techniques after another word."""
    out: list[SpanMention] = []
    for m in sorted(terms, key=lambda m: (m.start, m.start - m.end)):
        if m.field not in ("techniques", "tasks") or any(o.start < m.end and m.start < o.end for o in out) \
                or title[m.start:m.end].lower() in VAGUE_TERMS:
            continue
        if m.start > 0 and not title[m.start - 1].isspace() and title[m.start - 1] not in "(\"'“‘":
            continue  # a piece of a hyphenated word: "Language Models" of "Vision-Language Models"
        before = title[:m.start].split()
        if m.field == "techniques" and before and before[-1][-1].isalnum() and before[-1].lower() not in STOP:
            continue
        if title[m.end:m.end + 1] == "-" or search_word(title[m.start:m.end], text, True):
            continue  # part of a compound ("LLM-based"), or the abstract writes it: found there
        out.append(m)
    return out


# the last word of a measure's long form ("Dice Similarity Coefficient", "Normalized Discounted Cumulative Gain")
MEASURE_LAST = re.compile(r"\b(?:Measure|Index|Coefficients?|Gain|Bound|Curve|Scores?|Distance|Error|Similarity|Ratio|Rate|"
                          r"Accuracy|Precision|Recall|Divergence|Metric|Likelihood|Correlation|Deviation)$", re.I)
# words a row's long form and a text's may share without naming the same thing ("Specific Small Models" is no SSM)
GENERIC_SPELLED = frozenset("model models network networks method methods learning based large deep neural system systems "
                            "the of and for a an in on with to by via".split())


def spelled_words(form: str) -> set[str]:
    """The content words of a long form, lower-case and singular ("Multi-Layer Perceptrons" → multi, layer, perceptron)."""
    words = {w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w
             for w in re.findall(r"[a-z0-9]+", form.lower())}
    return words - GENERIC_SPELLED


TITLED_NOT_NAMES = {"new", "large", "small", "public", "synthetic", "real", "standard", "popular", "novel", "multiple",
                    "several", "various", "diverse", "challenging", "existing", "our", "its", "their", "each", "all",
                    "both", "test", "training", "validation", "evaluation", "benchmark", "dataset", "data", "english",
                    "german", "french", "chinese", "spanish", "japanese", "arabic", "russian", "italian", "korean",
                    "hindi", "portuguese", "dutch", "multilingual", "monolingual", "parallel", "two", "three", "four"}
# capitalised names listed before "datasets", "benchmarks" or "corpora", with at most one kind word between: "the Port,
# Warehousing, and Deck scheduling datasets", "the Chatbot and Snips corpora", "BraTS 2021 and Figshare datasets"
# (train.jsonl: every one of the 44 items of such lists is an annotated dataset); rule `dataset.pair`, as the lower-case
# pairs ("the planar and tree datasets"), which the typer keeps
_LISTED = r"(?!(?:The|A|An|In|On|For|Both|Table|Figure|Section|Appendix)\b)[A-Z][\w+.-]*(?:\s[A-Z0-9][\w+.-]*){0,2}"
LIST_HEADS = ("datasets", "benchmarks", "corpora")
CAPITAL_LIST_DATASETS = re.compile(rf"(?P<items>(?:{_LISTED},\s+)*{_LISTED},?\s+(?:and|&)\s+{_LISTED})"
                                   rf"(?:\s+[a-z][\w-]*)?\s+(?:{'|'.join(LIST_HEADS)})\b")
LOWER_PAIR_DATASETS = re.compile(r"\bthe\s+(?P<a>[a-z][\w\-]*)\s+(?:and|&)\s+(?P<b>[a-z][\w\-]*)\s+(?:datasets|benchmarks|graphs)\b")
# a model's name by its shape alone: letters run into a version number ("Llama2", "BLIP-2", "InceptionResNet-v2")
# or a capital after a small letter ("DeiT", "HyperGCN")
MODEL_LIKE = re.compile(r"[A-Za-z]{2,}-?[vV]?\d|[a-z][A-Z]")
# The head of a defined long form says what it names when it is a common noun of a kind: "Markov Decision
# Process (MDP)", "Short-Time Fourier Transform (STFT)" are families of methods, "Optical Character
# Recognition (OCR)" a task, "Natural Language Processing (NLP)" or "Unmanned Aerial Vehicles (UAVs)" a
# field or a thing, no entity (None). Read on train.jsonl, where long forms with these heads were such
# in 30 of 31 cases; other long forms stay names (models) for the typer to settle.
LONG_FORM_HEADS = {
    **dict.fromkeys(("process", "processes", "transform", "transforms", "perceptron", "perceptrons"), "techniques"),
    **dict.fromkeys(("recognition", "detection", "segmentation", "classification", "translation", "summarization",
                     "captioning", "answering"), "tasks"),
    **dict.fromkeys(("intelligence", "processing", "vehicle", "vehicles", "regulation", "regulations", "cell", "cells"),
                    None),
    **dict.fromkeys(("problem", "problems"), "tasks"),
}
# "CLIP score", "BLEU scores of 30"; not the verb: "GPT-4o scores 61.2%", "X scores highest", "Y score well on"
_NOT_NOUN = r"only|just|(?:the\s+)?(?:highest|lowest|best|worst)|well|poorly|above|below|up\s+to|around|about|nearly|an?"
METRIC_AFTER = re.compile(rf"^\s*(?:(?:score|metric|metrics|measure)\b(?!\s+(?:{_NOT_NOUN})\b)"
                          rf"|scores\b(?!\s+(?:[-+−~≈]?\$?\d|(?:{_NOT_NOUN})\b)))", re.I)
METRIC_BEFORE = re.compile(r"\b(?:in\s+terms\s+of|measured\s+by|as\s+measured\s+by|evaluated\s+by|metrics?\s+(?:such\s+as|like|including))\s+$", re.I)
# the shape of a dataset's or benchmark's name; a year at its end is the edition of a dataset or shared task
# ("CoNLL-2014", "BraTS2019", "DUC2004"): in train.jsonl every name ending in a year is a dataset
DATASET_SHAPE = re.compile(r"(?:Bench|bench|Eval|QA|Arena|Suite|Gym|Dataset|Corpus|-\d+[KkMm]|\d+[Kk]|(?<=[A-Za-z]{2})[-_]?(?:19[89]|20[0-3])\d)$"
                           r"|^(?:[A-Z][a-z]+)?Bench|Eval")
WINDOW = 300  # characters before and after a name that its context rules read
EMPH_STOP = {"e.g.", "i.e.", "not", "all", "only", "common", "in silico", "et al."}
PER_MEASURE = re.compile(r"\b(?:tokens|samples|images|steps|frames|queries|words|bits|FLOPs)[-\s]per[-\s](?:step|second|token|sample|image|query|dimension|pixel|character)\b", re.I)
NAMED_METRIC = re.compile(r"(?<=\s)([A-Z][a-z]+(?:[-–][A-Z]?[a-z]+)?)\s+(?:metrics?|distances?|divergences?)\b")
EMPH_ROLE = re.compile(r"^\s*(?:module|component|loss|mechanism|strategy|method|framework|technique|regularization|"
                       r"regularizer|objective|term|block|layer|scheme|algorithm|procedure|stage)\b", re.I)


ADJECTIVAL = re.compile(
    r"-(?:specific|based|aware|like|style|level|wise|driven|guided|free|agnostic|conditioned|dependent|invariant|"
    r"equivariant|only|centric|oriented|scale|type|friendly|compatible|enabled|powered|generated|induced|augmented|"
    r"tuned|trained|related|inspired|informed|constrained|efficient|optimal|preserving|consistent|[a-z]+ed)$"
    r"|^(?:Multi|Cross|Self|Non|Pre|Post|Semi|Co|Sub|Inter|Intra|Re|Un|Mid|Over|Under|Anti|Bi|Tri|Single|Long|Short|"
    r"High|Low|Real|Fine|Coarse|Top|Bottom|Zero|Few)-[A-Z][a-z]+$",
    re.I,
)


# "8B", "x2", "512×512", "IV"; ranges of sizes "32K-256K", "0.5B-9B", "2D-3D"; counts of hardware "128-GPU"
NOT_A_NAME = re.compile(r"\d+(?:\.\d+)?[A-Za-z]{1,3}|[A-Za-z]{1,2}\d+|\d+[×x]\d+|[IVX]+"
                        r"|\d+(?:\.\d+)?[A-Za-z]{0,3}(?:[-–~]\d+(?:\.\d+)?[A-Za-z]{0,3})+|\d+[-–][GCNT]PUs?")
DASH = re.compile(r"[-–]")
SIZED_VERSION = re.compile(r"-|[BMK]$")
# a name with a patch size or a second size after a slash: "DiT-XL/2", "ViT-S/16", "Llama-3.1-8B/70B" (read on
# train.jsonl: all 5 such names are annotated models, as one name)
SLASH_SIZE = re.compile(r"([A-Za-z][\w\-.+]*)/(\d+(?:\.\d+)?[BMK]?)")
YEAR = re.compile(r"\d{4}")


COORDINATED = re.compile(r"(?:(?<=, )|(?<=and )|(?<=or ))([A-Z][a-z][\w\-]*)(?=,|\s+and\b|\s+or\b|\.(?!\w)|$|\s+(?:as|on|in|to)\b)")


LIST_SEP_END = re.compile(r"(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or|&)\s+)$")
LIST_ITEM_END = re.compile(r"(?:^|(?<=[\s(]))([A-Za-z0-9][\w\-.+/]*(?:\s+(?:19|20)\d\d)?(?:\s*\([^()]{0,60}\))?)$")
LIST_SEP_START = re.compile(r"^(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|&)\s+)")
LIST_ITEM_START = re.compile(r"^([A-Za-z0-9][\w\-.+/]*)(?:\s+(?:19|20)\d\d)?(?:\s*\([^()]{0,60}\))?")
LIST_TAIL = re.compile(r"^(?:\s+(?:19|20)\d\d)?(?:\s*\([^()]{0,60}\))?")
DATA_NOUN = r"(?:datasets?|data\s+sets?|benchmarks?|corpora|suites?|test\s+sets?)"
DATASET_BEFORE_LIST = re.compile(DATA_NOUN + r"\s*(?:,|:|\(|such\s+as|like|including|e\.g\.,?|namely)?\s*(?:the\s+)?$", re.I)
DATASET_AFTER_LIST = re.compile(r"^\s*(?:" + DATA_NOUN + r"|data\b|cohorts?\b|challenges?\b)", re.I)
MODEL_AFTER_LIST = re.compile(r"^\s*(?:[\w-]+\s+){0,2}?(?:models?|famil(?:y|ies)|LLMs?|backbones?|architectures?|variants?|series|checkpoints?|"
                              r"encoders?|decoders?|baselines?|agents?)\b", re.I)
EVAL_ON = re.compile(r"\b(?:on|across)\s+(?:the\s+|both\s+|several\s+|multiple\s+|standard\s+|popular\s+|public\s+)?$", re.I)
NOT_EVAL_ON = re.compile(r"\b(?:based|built|relies|rely|relying|depends?|focus(?:es|ing)?|conditioned|runs?|deployed|"
                         r"fine-tun\w*\s+\w+|applied|operat\w*|acting|act|draw\w*|improv\w*\s+\w+)\s+(?:on|across)\s+\S*\s*$", re.I)
EVAL_CUE = re.compile(r"\b(?:evaluat|experiment|result|perform|achiev|reach|attain|outperform|accura|state-of-the-art|SOTA|"
                      r"benchmark|score|gain|test|surpass|validat|demonstrat|show)", re.I)
SPEED_WORDS = re.compile(r"accelerat|speed-?ups?\b|faster|latency|throughput|×|\d\s?[xX]\b")
MODEL_SIZE = re.compile(r"\d(?:\.\d+)?[BMK]\b|\d\.\d|-(?:Pro|dev|alpha|beta|Instruct|Chat|Base|mini|Turbo|XL|Large|Small|Tiny)\b|^(?:GPT|Llama|LLaMA|Qwen|Mistral|Gemma|Claude|Gemini|DeepSeek|Phi|OPT|BERT|RoBERTa|T5|ViT|ResNet|CLIP)", re.I)


def _list_bounds(before: str, after: str) -> tuple[str, str]:
    """The text before and after the list of names that a name stands in ("A, B, and C")."""
    after = after[LIST_TAIL.match(after).end():]
    for _ in range(12):
        sep = LIST_SEP_END.search(before)
        item = LIST_ITEM_END.search(before[:sep.start()]) if sep else None
        if not item or not any(c.isupper() or c.isdigit() for c in item.group(1)):
            break
        before = before[:item.start(1)]
    for _ in range(12):
        sep = LIST_SEP_START.match(after)
        item = LIST_ITEM_START.match(after[sep.end():]) if sep else None
        if not item or not any(c.isupper() or c.isdigit() for c in item.group(1)):
            break
        after = after[sep.end() + item.end():]
    return before, after


def _evaluated_on(name: str, before: str, after: str, sentence: str) -> bool:
    """A name in a list that a dataset noun heads or closes, or that results are reported on."""
    if MODEL_SIZE.search(name):
        return False
    before, after = _list_bounds(before, after)
    if MODEL_AFTER_LIST.match(after):
        return False
    if DATASET_BEFORE_LIST.search(before) or DATASET_AFTER_LIST.match(after):
        return True
    return (bool(EVAL_ON.search(before)) and not NOT_EVAL_ON.search(before) and bool(EVAL_CUE.search(sentence))
            and not SPEED_WORDS.search(sentence))


def in_dataset_list(text: str, s: int, e: int, s0: int, s1: int) -> bool:
    """Whether the name at `s:e`, in the sentence `s0:s1`, is an item of a list of datasets (`_evaluated_on`):
    "Experiments on AudioCaps, Clotho, and MMAU", "three datasets: LAST-STRAW, Pheno4D, and Crops3D"; not a list
    that holds a model's name ("Across GPT-4o-mini and Sarvam, PAR improves accuracy")."""
    lo, hi = list_span(text, s, e, s0, s1)
    before, after = text[max(s0, s - WINDOW):s], text[e:min(s1, e + WINDOW)]
    return not _holds_size(text[lo:hi]) and _evaluated_on(text[s:e], before, after, text[s0:s1])


def _holds_size(names: str) -> bool:
    """Whether an item of a list of names has a model's size ("Llama-3-8B"): a list of models."""
    return any(MODEL_SIZE.search(item.strip()) for item in re.split(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+", names))


def listed_field(text: str, s: int, e: int, s0: int, s1: int, known: dict[str, list[tuple[int, int]]]) -> str | None:
    """The field ("datasets", then "metrics") of the known names (`known`: sorted spans of lexicon mentions by field) that
    the name at `s:e` is listed with, where no known model ("models") is in the list and no item has a model's size:
    "on PFPascal, APK, and CUB", "including Terminal-Bench, BrowseComp-Plus, and WebArena" (datasets), "PESQ, ESTOI
    and SSNR" (metrics); None otherwise."""
    lo, hi = list_span(text, s, e, s0, s1)
    if (lo, hi) == (s, e) or _holds_size(text[lo:hi]):
        return None

    def inside(spans) -> bool:  # those starting in [lo, hi], found by bisection
        return any(b <= hi and (a, b) != (s, e) for a, b in spans[bisect_left(spans, (lo,)):bisect_left(spans, (hi + 1,))])

    if inside(known["models"]):
        return None
    return next((f for f in ("datasets", "metrics") if inside(known[f])), None)


def list_span(text: str, s: int, e: int, s0: int, s1: int) -> tuple[int, int]:
    """Where the list of names that the name at `s:e` stands in ("A, B, and C") starts and ends, in the sentence `s0:s1`."""
    before, after = text[max(s0, s - WINDOW):s], text[e:min(s1, e + WINDOW)]
    rest_before, rest_after = _list_bounds(before, after)
    return s - len(before) + len(rest_before), e + len(after) - len(rest_after)


def strip_possessive(w: str) -> str:
    return w[:-2] if w.endswith(("'s", "’s")) else w


# the names of well-known model families written in lower case, as their makers' APIs write them, with a version: "o3-mini",
# "o1-preview", "gpt-4o-mini", "gpt-3.5-turbo-1106", "llama3.1-8b", "qwen2.5-7b-instruct", "claude-3.7-sonnet",
# "gemini-1.5-pro", "deepseek-r1", "mistral-7b" (no capital, so no name by shape); 460 of them in 75,000 arXiv abstracts
LOWER_MODEL = re.compile(r"(?<![\w\-.])(?:o[134]-(?:mini|preview|pro)(?:-\w+)?|(?:gpt|claude|gemini)-\d[\w.]*(?:-[\w.]+)*"
                         r"|(?:llama|qwen|phi|gemma)-?\d[\w.]*(?:-[\w.]+)*|(?:deepseek-(?:r|v)|mistral-)\d[\w.]*(?:-[\w.]+)*)"
                         r"(?<![.\-])(?![\w\-])")
# the literal start of each of LOWER_MODEL's alternatives ("phi", not "phi-": "phi3-mini"); checked first, it halves
# the cost (a pattern with the version's digit in it is three times slower)
LOWER_MODEL_HINT = re.compile(r"o[134]-|gpt-|claude-|gemini-|llama|qwen|phi|gemma|deepseek-|mistral-")


def is_name_shaped(word: str) -> bool:
    """A word that can only be a name: CamelCase, inner capitals, acronyms, letter-digit mixes.

    >>> [is_name_shaped(w) for w in ["GeoFlow", "HYPIR++", "Llama-3.2-1B", "dLLMs", "Diffusion", "GPU", "state-of-the-art"]]
    [True, True, True, True, False, False, False]
    >>> [is_name_shaped(w) for w in ["32K-256K", "0.5B-9B", "2D-3D", "128-GPU", "3D-GS", "Qwen2.5-7B"]]
    [False, False, False, False, True, True]
    """
    w = strip_possessive(word)
    if "-" in w and (ADJECTIVAL.search(w) or "--" in w):  # both need a hyphen
        return False  # "OD-specific", "GAN-based", "Fokker--Planck"
    letters = [c for c in w if c.isalpha()]
    if len(letters) < 2 or w.lower() in STOP_ACRONYMS or w.rstrip("s").lower() in STOP_ACRONYMS:
        return False
    if NOT_A_NAME.fullmatch(w):
        return False  # "8B", "10K", "x2", "512×512", roman numerals
    upper = sum(c.isupper() for c in letters)
    if upper >= 2:
        return True
    if upper >= 1 and any(c.isdigit() for c in w) and w[0].isalpha():
        return True
    parts = [p for p in DASH.split(w) if p]
    return len(parts) >= 2 and sum(p[0].isupper() for p in parts) >= 2 and not all(p.isupper() for p in parts)


def title_case(phrase: str) -> bool:
    """Most content words capitalised: "Score Anisotropy Directions", "Search Or AcceleRate"."""
    words = [w for w in re.split(r"[\s\-–]+", phrase) if w and w.lower() not in SMALL_WORDS]
    if not words:
        return False
    caps = sum(w[0].isupper() for w in words)
    if len(words) == 1:
        return any(c.isupper() for c in words[0][1:])
    return words[0][0].isupper() and caps >= max(2, (len(words) + 1) // 2) and len(words) <= 8


class NameFinder:
    """spaCy component: shape- and context-based names (proposed, models, datasets, metrics)."""

    def __init__(self, name: str = "kg_names", lexicon_terms: frozenset[str] = frozenset(),
                 dataset_names: frozenset[str] = frozenset(),
                 spelled: dict[tuple[str, str], frozenset[str]] | None = None):
        self.name = name
        self.lexicon_terms = lexicon_terms
        self.dataset_names = dataset_names
        self.spelled = spelled or {}  # (field, canonical) → the words of the lexicon row's forms of several words

    def _spells(self, fld: str, canonical: str | None, long: str) -> bool:
        """Whether `long` spells out the lexicon's acronym `canonical` of field `fld`: it shares a word with one of the
        row's long forms ("Area Under the Curve" for AUC, "area under the ROC curve"), or, where the row has none, it
        names a model or a measure ("Gated Recurrent Unit" for GRU, "Evidence Lower Bound" for ELBO). Not "Spatial
        Alignment Module" for SAM (Segment Anything), nor "National Institute of Standards and Technology" for NIST."""
        words = self.spelled.get((fld, canonical))
        if words:
            return bool(words & spelled_words(long))
        return fld == "models" or fld == "metrics" and MEASURE_LAST.search(long) is not None

    def _variant_of_dataset(self, name: str) -> bool:
        """Whether `name` is a known dataset's name with a suffix after a hyphen: "ImageNet-64" (ImageNet),
        "CIFAR-100-LT" (CIFAR-100, the longest known prefix tried first)."""
        parts = re.split(r"([-–])", name)
        return any("".join(parts[:k]) in self.dataset_names for k in range(len(parts) - 2, 0, -2))

    def __call__(self, doc: Doc) -> Doc:
        text = text_of(doc)
        found = doc._.kg_mentions
        abbrevs = doc._.kg_abbreviations
        lexicon_terms = self.lexicon_terms
        term_pairs = [a for a in abbrevs if not title_case(a.long) or a.long.lower() in lexicon_terms]
        term_shorts = {a.short for a in term_pairs} | {a.short + "s" for a in term_pairs} | {a.short[:-1] for a in term_pairs if a.short.endswith("s")}
        term_pair_ids = {id(a) for a in term_pairs}
        title_longs = [a for a in abbrevs if id(a) not in term_pair_ids]
        terms = SpanIndex((s, e) for f, s, e, *_ in found if f in ("techniques", "tasks"))
        # the lexicon's models, by start: a capitalised word listed with them is a name too (`_coordinated`)
        known_models = _Starts([(s, e, r) for f, s, e, r, *_ in found if f == "models" and r == "lexicon"], lambda m: m[0])
        # … and of its datasets, which a proposal cue's scope holds as earlier work ("we introduce a mechanism to
        # Transformer-XL", "we establish new benchmarks … on THUMOS14"), unless the abstract defines the acronym itself, as
        # something else ("coined Learning to Protect (L2P)": no Learning to Prompt) or with a long form it does not spell
        # out, or the cue names it right away (below: "we introduce InternVL 3.5", the original paper)
        long_of = {a.short: a.long for a in abbrevs}
        bracketed = set(re.findall(r"\(([^()]*)\)", text))  # what the text writes in parentheses, read once

        def in_parentheses(name: str) -> bool:  # f"({name})" in text, without a scan of the text per name
            return name in bracketed if "(" not in name and ")" not in name else f"({name})" in text

        earlier_names = {(s, e) for f, s, e, r, c in found if f in ("models", "datasets") and r == "lexicon"
                          and (self._spells(f, c, long_of[text[s:e]]) if text[s:e] in long_of
                               else not in_parentheses(text[s:e]))}
        phrase_end = {}  # where the grown phrases of techniques and tasks end, by start
        for f, s, e, r, *_ in found:
            if f in ("techniques", "tasks") and r.startswith("phrase."):
                phrase_end[s] = max(e, phrase_end.get(s, e))
        outside: dict[str, bool] = {}  # name → whether it also occurs outside every term
        emphasis = [(s, e) for s, e in doc._.kg_emphasis if self._emphasised_name(text[s:e])]
        # by where they start, so a sentence or a clause finds its own by bisection (linear, not quadratic)
        title_at, emphasis_at, abbrev_at = _Starts(title_longs, lambda a: a.long_start), _Starts(emphasis, lambda x: x[0]), \
            _Starts(abbrevs, lambda a: a.long_start)
        proposed_spans: list[tuple[int, int]] = _SpanList()
        so_far = _SortedSoFar(found)  # the mentions found so far, by start, for those inside a titled dataset's name
        # an acronym defined before the sentence that proposes: the background's term ("Existing
        # Vision-Language-Action (VLA) models …. We present CrossVLA, a study of VLA post-training")
        defined_at = {}
        for a in abbrevs:
            defined_at.setdefault(a.short, a.long_start)
        # the field of a defined acronym the lexicon knows, by its long form's span ("… (SSIM)": metrics)
        lexicon_at: dict[tuple[int, int], set[tuple[str, str | None]]] = {}
        for f, s, e, r, c in found if abbrevs else ():  # (only an abstract that defines acronyms needs them)
            if r == "lexicon":
                lexicon_at.setdefault((s, e), set()).add((f, c))
        known_short = {}
        for a in abbrevs:
            known = lexicon_at.get((a.short_start, a.short_start + len(a.short)), ())
            if len(known) == 1 and (a.long_start, a.long_end) not in lexicon_at:
                (fld, canonical), = known
                if self._spells(fld, canonical, a.long):
                    known_short[(a.long_start, a.long_end)] = (fld, a.short_start, a.short_start + len(a.short))
        lowered = text.lower()  # for cheap tests of whether a case-blind pattern can match at all
        aligned = len(lowered) == len(text)  # lower() lengthens a few characters ("İ")
        has_cue = may_propose(text, lowered) and PROPOSAL_CUE.search(text) is not None
        for s0, s1 in sentence_bounds(doc):
            sentence = text[s0:s1]
            low = lowered[s0:s1] if aligned else sentence.lower()
            candidates = self._candidates(sentence, s0, term_shorts)
            for a in title_at.between(s0, s1):
                if s0 <= a.long_start < s1:
                    candidates.append((a.long_start, a.long_end, "name.abbreviation_long"))
            for s, e in emphasis_at.between(s0, s1):
                if s0 <= s < s1:
                    name = text[s:e]
                    cut = name.find(" (")
                    candidates.append((s, s + cut if cut > 0 else e, "name.emphasis"))
            candidates = longest_first(candidates)
            candidate_at = _Starts(candidates, lambda c: c[0])
            stop = None  # the first scope end at or after the last cue, reused while cues come before it
            # proposal scope: names after a cue, up to where the clause turns to other work
            for cue in PROPOSAL_CUE.finditer(sentence) if may_propose(sentence, low) else ():
                if stop is None or (stop[1] is not None and stop[1] < cue.end()):
                    m = SCOPE_END.search(sentence, cue.end())
                    stop = (cue.end(), m.start() if m else None)
                scope_end = s0 + (stop[1] if stop[1] is not None else len(sentence))
                scope_start = s0 + cue.start()
                if re.search(r"(?:called|dubbed|named|termed|coined|call)\s*$", cue.group(0), re.I):
                    scope_end = min(scope_end, s0 + cue.end() + 80)
                # "we propose X", "a novel encoder, termed (as) X": a name right after these is the paper's own
                named_now = NAMING_VERB.search(cue.group(0)) is not None or (
                    CALLED_CUE.search(cue.group(0)) is not None and OWN_BEFORE_CALLED.search(sentence, 0, cue.start()) is not None)
                for s, e, rule in candidate_at.between(scope_start, scope_end):
                    # not "A framework named ASSIST has recently been proposed": earlier work, named
                    if scope_start <= s < scope_end and not terms.holds(s, e) \
                            and ((s, e) not in earlier_names
                                 or named_now and s >= s0 + cue.end() and text[s0 + cue.end():s].strip() in ("", "as")) \
                            and defined_at.get(text[s:e], s0) >= s0 \
                            and not PRIOR_AFTER.match(text, e):
                        proposed_spans.append((s, e))
                        found.append(SpanMention("proposed", s, e, "proposed.cue", None))
                bare = BARE_NAME.match(sentence, cue.end()) if re.search(r"(?:(?:propose|introduce|present|develop)s?|called|named|dubbed|termed)\s*$", cue.group(0), re.I) else None
                if bare and bare.group("title") and " " not in bare.group("title") and (
                        len(bare.group("title")) < 3 or bare.group("title").lower() in COMMON_CAPITALISED
                        or not (re.match(r"\s*[,:;(]", sentence[bare.end("title"):])
                                or re.search(r"(?:called|named|dubbed|termed)\s*$", cue.group(0), re.I))):
                    bare = None  # one capitalised word set off as a name ("Sprout, a …"), not "A", "The" or "User as Engram"
                if bare is None and CALLED_CUE.search(cue.group(0)) and not sentence.endswith("so-", 0, cue.start()) \
                        and OWN_BEFORE_CALLED.search(sentence, 0, cue.start()) \
                        and not KIND_BEFORE_CALLED.search(sentence, 0, cue.start()):
                    bare = CALLED_NAME.match(sentence, cue.end())
                    words = bare.group("called").split() if bare else []
                    # not "called for", "named entity recognition", "X based on", "X due to Ageev" (earlier work);
                    # "of" and "and" only inside ("chain of diagnosis")
                    stops = [k for k, w in enumerate(words)
                             if w in STOP and (w not in ("of", "and") or k in (0, len(words) - 1))]
                    if bare and (stops or words[0].startswith("entit")
                                 or re.match(r"\s+due\s+to\b", sentence[bare.end():])):
                        bare = None
                if bare:
                    g = next(k for k in bare.re.groupindex if bare.group(k))  # BARE_NAME's or CALLED_NAME's group
                    bs, be = s0 + bare.start(g), s0 + bare.end(g)
                    # a name of several capitalised words holds the name-shaped word inside it ("Decoupled MeanFlow")
                    whole = g == "title" and " " in bare.group(g) and all(
                        bs <= a and b <= be for a, b, _ in candidates if a < be and bs < b)
                    if (whole or not _overlaps(bs, be, [(a, b) for a, b, _ in candidates])) \
                            and bare.group(g).lower() not in lexicon_terms \
                            and not (g == "term" and bare.group(g).split()[0] in STOP):  # "state-of-the-art results"
                        proposed_spans.append((bs, be))
                        found.append(SpanMention("proposed", bs, be, "proposed.bare_name", None))
                for a in abbrev_at.between(scope_start, scope_end):
                    # a title-case long form anywhere in the clause names the contribution; a lower-case
                    # one only right after the verb ("we propose manifold feature distance (MFD)"),
                    # else it is a term the contribution uses ("… for multiple-input multiple-output (MIMO) …")
                    if (scope_start <= a.long_start < scope_end and (a.long_start, a.long_end) not in proposed_spans
                            and a.long.lower() not in lexicon_terms and (
                                re.fullmatch(r"\s*(?:the|a|an)?\s*", text[s0 + cue.end():a.long_start]) is not None
                                or title_case(a.long))):
                        proposed_spans.append((a.long_start, a.long_end))
                        found.append(SpanMention("proposed", a.long_start, a.long_end, "proposed.cue_abbreviation", None))
            for cue in (OUR_CUE.finditer(sentence) if ("our" in low or "propo" in low or "new" in low or "novel" in low) else ()):
                for s, e, rule in candidate_at.between(s0 + cue.end(), s0 + cue.end() + 3):
                    if 0 <= s - (s0 + cue.end()) <= 2:
                        proposed_spans.append((s, e))
                        found.append(SpanMention("proposed", s, e, "proposed.our", None))
            for m in INTRODUCED_NAME.finditer(sentence):
                s, e = s0 + m.start("name"), s0 + m.end("name")
                if m.group("name").lower() not in lexicon_terms and not terms.holds(s, e) \
                        and not _overlaps(s, e, proposed_spans) and _name_ends(text, e):
                    proposed_spans.append((s, e))
                    found.append(SpanMention("proposed", s, e, "proposed.introduced", None))
            # "X, a novel framework for …" at the start of a sentence, or anywhere when it says novel or new
            for s, e, rule in candidates:
                if s - s0 <= 2 and APPOSITION.match(text[e:min(s1, e + WINDOW)]) \
                        or (s, e) not in proposed_spans and (
                            NOVEL_APPOSITION.match(text, e, min(s1, e + WINDOW))
                            or ANY_APPOSITION.match(text, e, min(s1, e + WINDOW)) and not COMPARING.search(text, s0, s)
                            and text[s:e].lower() not in lexicon_terms):
                    proposed_spans.append((s, e))
                    found.append(SpanMention("proposed", s, e, "proposed.apposition", None))
                elif PRIOR_APPOSITION.match(text[e:min(s1, e + WINDOW)]):
                    found.append(SpanMention("models", s, e, "model.apposition", None))
                elif OUR_BEFORE.search(text, max(s0, s - 20), s) and OWN_KIND_AFTER.match(text, e):
                    # "our proposed PointFlowMatch approach", "the proposed X architecture" ("FT-based" is no
                    # candidate: ADJECTIVAL refuses the shape)
                    proposed_spans.append((s, e))
                    found.append(SpanMention("proposed", s, e, "proposed.our", None))
            if "(" in sentence or ")" in sentence:
                own = None  # whether the sentence proposes or names parts, read once it holds an enumerated name
                for s, e, rule in candidates:
                    if (s, e) not in proposed_spans and rule != "name.emphasis" and ENUMERATED.search(text, max(s0, s - 12), s) \
                            and text[s:e].lower() not in lexicon_terms:
                        if own is None:  # a cue, or a name the abstract already gave its own ("X decouples … via: (1) …")
                            own = bool(PROPOSAL_CUE.search(sentence) or OUR_CUE.search(sentence) or PARTS.search(sentence)
                                       or any(text[a:b] in sentence for a, b in proposed_spans))
                        if own:
                            proposed_spans.append((s, e))
                            found.append(SpanMention("proposed", s, e, "proposed.enumerated", None))
            for s, e, rule in candidates:
                if (s, e) in proposed_spans:
                    continue
                # the words around a name, as far as any rule looks (not the whole of a long sentence)
                after, before = text[e:min(s1, e + WINDOW)], text[max(s0, s - WINDOW):s]
                name = text[s:e]
                if self._variant_of_dataset(name):
                    # "ImageNet-64", "CIFAR-10-C", "CIFAR-100-LT": a variant of a known dataset
                    found.append(SpanMention("datasets", s, e, "dataset.variant", None))
                elif METRIC_AFTER.match(after) and not DATASET_SHAPE.search(name):
                    # "Valid-Unique-Novelty scores", "CLIP score": the name is the metric
                    found.append(SpanMention("metrics", s, e, "metric.context", None))
                elif BENCHMARK_APPOSITION.match(after) and not PROPOSAL_CUE.search(text, s0, s):
                    # (a benchmark the sentence introduces is the paper's own: proposed, and a dataset by convert)
                    found.append(SpanMention("datasets", s, e, "dataset.apposition", None))
                elif (context := DATASET_AFTER.match(after) or " " in name and DEFINED_DATASET_AFTER.match(after)) \
                        or DATASET_SHAPE.search(name):
                    # "the Kermany dataset", "the Speech Accessibility Project (SAP) dataset", "GSM8K"
                    found.append(SpanMention("datasets", s, e, "dataset.context" if context else "dataset.shape", None))
                elif rule != "name.abbreviation_long" and _evaluated_on(name, before, after, sentence):
                    # "on PFPascal, APK, and CUB", "three datasets: LAST-STRAW, Pheno4D, and Crops3D"
                    found.append(SpanMention("datasets", s, e, "dataset.list", None))
                elif METRIC_AFTER.match(after) or METRIC_BEFORE.search(before):
                    found.append(SpanMention("metrics", s, e, "metric.context", None))
                elif rule == "name.emphasis":
                    if has_cue and title_case(name) and " " in name.strip() and (
                            re.search(r"\b(?:a|an|our|novel|new)\s+$", before) or EMPH_ROLE.match(after)):
                        # authors emphasise the parts they contribute: "\emph{Calibrated Diffusion Estimation}"
                        proposed_spans.append((s, e))
                        found.append(SpanMention("proposed", s, e, "proposed.emphasis", None))
                elif rule == "name.abbreviation_long" and (known := known_short.get((s, e))) and not terms.holds(s, e):
                    # "Structural Similarity Index Measure (SSIM)": the long form of a known term is that term, unless it
                    # ends a longer term ("Discrete Diffusion Large Language Models (dLLMs)"). It names nothing of its
                    # own (the acronym names the entity, convert.py), and neither span is re-typed (typer.EVIDENT_RULES)
                    fld, short_s, short_e = known
                    found.append(SpanMention(fld, s, e, LONG_FORM_KNOWN, None))
                    found.append(SpanMention(fld, short_s, short_e, LONG_FORM_KNOWN, None))
                elif rule == "name.abbreviation_long" and (head := name.split()[-1].lower()) in LONG_FORM_HEADS:
                    if kind := LONG_FORM_HEADS[head]:
                        found.append(SpanMention(kind, s, e, "name.long_form_head", None))
                elif rule == "name.abbreviation_long" and _own_part(text, s, e, s0, s1):
                    proposed_spans.append((s, e))
                    found.append(SpanMention("proposed", s, e, "proposed.defined", None))
                elif not terms.holds(s, e) or _outside_anywhere(text, text[s:e], terms, outside) \
                        or (phrase_end.get(s, e) > e and MODEL_LIKE.search(name) and name.lower() not in lexicon_terms):
                    # a model's name that a grown phrase starts with is the model: "Llama2 LLM", "Mamba-3 Selective State Space Model"
                    found.append(SpanMention("models", s, e, rule, None))
            for m in LOWER_MODEL.finditer(sentence) if LOWER_MODEL_HINT.search(sentence) else ():
                # "o3-mini", "gpt-4o-mini", "llama3.1-8b": no capital, still a model
                if not ADJECTIVAL.search(m.group(0)):  # but not a compound built on one: "gpt-4o-driven"
                    found.append(SpanMention("models", s0 + m.start(), s0 + m.end(), "model.lower_case", None))
            for m in (PER_MEASURE.finditer(sentence) if "per" in low else ()):
                found.append(SpanMention("metrics", s0 + m.start(), s0 + m.end(), "metric.per_measure", None))
            named_measure = "metric" in sentence or "distance" in sentence or "divergence" in sentence
            for m in (NAMED_METRIC.finditer(sentence) if named_measure else ()):
                if s0 + m.start() > s0 and m.group(1).lower() not in COMMON_CAPITALISED:
                    found.append(SpanMention("metrics", s0 + m.start(), s0 + m.end(), "metric.named", None))
            for m in (TITLED_DATASET.finditer(sentence) if "ata" in low or "enchmark" in low or "orpus" in low else ()):
                words = m.group(1).split()
                while words and words[0].lower() in COMMON_CAPITALISED | TITLED_NOT_NAMES:
                    words = words[1:]
                if words and not (len(words) == 1 and m.start(1) == 0 and words[0] == m.group(1)):
                    ds, de = s0 + m.end(1) - len(" ".join(words)), s0 + m.end(1)
                    inside = [f for f in so_far.inside(ds, de) if (f[1], f[2]) != (ds, de)]
                    if len(inside) < 2 and not any(f[3] == "lexicon" for f in inside):
                        # not two names run together ("Penn Treebank WSJ corpus") nor a known one padded
                        found.append(SpanMention("datasets", ds, de, "dataset.titled", None))
            paired = "datasets" in sentence or "benchmarks" in sentence or "graphs" in sentence
            for m in (LOWER_PAIR_DATASETS.finditer(sentence) if paired else ()):
                for g in ("a", "b"):
                    if m.group(g) not in GENERIC_DATASET_WORDS:
                        found.append(SpanMention("datasets", s0 + m.start(g), s0 + m.end(g), "dataset.pair", None))
            listed = ("," in sentence or " and " in sentence) and any(w in sentence for w in LIST_HEADS)
            for m in CAPITAL_LIST_DATASETS.finditer(sentence) if listed else ():
                for item in re.finditer(_LISTED, m.group("items")):
                    if item.group(0).lower() not in STOP and item.group(0).lower() not in TITLED_NOT_NAMES:
                        at = s0 + m.start("items") + item.start()
                        found.append(SpanMention("datasets", at, at + len(item.group(0)), "dataset.pair", None))
            self._coordinated(sentence, s0, candidates + known_models.between(s0, s1), found)
        self._propagate(doc, proposed_spans, found)
        return doc

    @staticmethod
    def _emphasised_name(s: str) -> bool:
        words = s.split()
        return (0 < len(words) <= 7 and s.strip().lower() not in EMPH_STOP and any(c.isupper() for c in s)
                and len(s) > 2 and not re.fullmatch(r"[\d.,×x%]+", s))

    @staticmethod
    def _candidates(sentence: str, s0: int, term_shorts: set[str]) -> list[tuple[int, int, str]]:
        out = []
        for m in WORD.finditer(sentence):
            w = m.group(0)
            if w.islower() or w.isdigit():
                continue  # names have a capital: most words stop here
            if "/" in w and "://" not in sentence[m.start():m.end() + 3] and not (
                    (sized := SLASH_SIZE.fullmatch(w)) and is_name_shaped(sized.group(1))
                    and not HARDWARE.fullmatch(sized.group(1))):
                continue  # "INT8/FP16", "AR/VR", "FLOP/s", but "DiT-XL/2", "ViT-S/16", "Qwen-2.5-7B/72B" are one name
            if w.startswith(("http", "www")) or "github" in w.lower():
                continue
            core = strip_possessive(w)
            if core in term_shorts or core.rstrip("s") in term_shorts or HARDWARE.fullmatch(core):
                continue
            if sentence[m.end():m.end() + 1] == "(" or sentence[m.start() - 1:m.start()] in ("_", "^", "\\"):
                continue  # math: "SO(3)", "SPD(n)"
            if BIG_O.search(sentence, max(0, m.start() - 40), m.start()) or GLUED_ARTICLE.match(core):
                continue  # "O(LN + LG)" is a complexity; "theP2" the article run onto a name
            start, end = s0 + m.start(), s0 + m.start() + len(core)
            version = VERSION.match(sentence, m.end() + 1) if sentence[m.end():m.end() + 1] == " " else None
            if is_name_shaped(core):
                if version and SIZED_VERSION.search(version.group(0)):
                    end = s0 + version.end()
                out.append((start, end, "name.shape"))
            elif (core[:1].isupper() and version and SIZED_VERSION.search(version.group(0))
                  and m.start() > 0 and not YEAR.fullmatch(version.group(0))):
                out.append((start, s0 + version.end(), "name.version"))
        return out

    @staticmethod
    def _coordinated(sentence: str, s0: int, candidates, found) -> None:
        """Capitalised words listed with names ("Open-Sora, MVDIT, and Hunyuan"; "Whisper, Seamless, and Pyannote",
        beside the lexicon's "Whisper") are names too."""
        if not candidates:
            return  # a word is taken only beside a name
        names = sorted({(s - s0, e - s0) for s, e, _ in candidates})
        starts = [n[0] for n in names]
        for m in COORDINATED.finditer(sentence):
            s, e = m.span(1)
            window = sentence[max(0, s - 40):min(len(sentence), e + 40)]
            near = names[bisect_right(starts, s - 40):bisect_left(starts, s + 40)]
            neighbours = [n for n in near if abs(n[0] - s) < 40 and n != (s, e)]
            if neighbours and ("," in window) and m.group(1).lower() not in COMMON_CAPITALISED:
                found.append(SpanMention("models", s0 + s, s0 + e, "model.coordination", None))

    @staticmethod
    def _propagate(doc: Doc, proposed_spans, found) -> None:
        """A name proposed once is proposed everywhere in the abstract, with its acronym; the rule each
        mention had is kept in `doc.user_data[PROPAGATED]`, for convert to go back to where the proposal does
        not stay."""
        text = text_of(doc)
        names = with_acronyms({text[s:e] for s, e in proposed_spans}, doc._.kg_abbreviations)
        if not names:
            return
        was = doc.user_data.setdefault(PROPAGATED, {})
        for i, (fld, s, e, rule, canonical) in enumerate(found):
            if fld == "models" and text[s:e] in names:
                found[i] = SpanMention("proposed", s, e, "proposed.propagated", canonical)
                was.setdefault((s, e), rule)


def with_acronyms(names: set[str], abbreviations) -> set[str]:
    """`names` with the short form of each long form among them and the long form of each short form."""
    for a in abbreviations or ():
        if a.long in names or a.short in names:
            names |= {a.long, a.short}
    return names


GENERIC_DATASET_WORDS = {
    "synthetic", "real", "real-world", "public", "large", "small", "standard", "benchmark", "multiple", "several",
    "various", "diverse", "popular", "common", "different", "other", "existing", "new", "challenging", "image", "text",
    "video", "graph", "tabular", "molecular", "medical", "training", "test", "validation", "two", "three", "both", "all",
}
BIG_O = re.compile(r"\bO\([^()]*$")  # inside "O( … )": the symbols of a complexity
GLUED_ARTICLE = re.compile(r"(?:the|our|this|these|and)[A-Z]")  # "theP2 branch": a typo, not a name
# hardware and resources, not methods: "A100-80GB", "RTX 4090", "VRAM", "Jetson", "CPU-bound"
HARDWARE = re.compile(r"(?:(?:one|two|three|four|eight|single|dual|multi|\d+)-)?"  # "four-A100", "8-GPU"
                      r"(?:[ABHLV]\d{2,3}[A-Z]?(?:-\d+GB)?|RTX|GTX|TPUs?(?:v\d)?|[GCNT]PUs?|VRAM|[DS]RAM|DDR\d?|HBM\d?e?|PCs?|"
                      r"NX|FPGAs?|ASICs?|Jetson|DGX|[A-Z]\w*-(?:bound|intensive|heavy|hungry))")
COMMON_CAPITALISED = {
    "the", "a", "an", "we", "our", "this", "these", "it", "in", "on", "for", "and", "however", "moreover", "finally",
    "furthermore", "additionally", "specifically", "code", "experiments", "results", "extensive", "existing", "unlike",
    "while", "code", "github", "table", "section", "appendix", "figure", "english", "chinese",
}


# A sentence that presents the paper's own parts ("we integrate a Harmonic Modulated Feature Mapping
# (HMFM)", "a Weight Reallocation Scheme (WRS) is also designed", "(1) WEST (Weight-Encoded Sparse Topology)")
OWN_CUE = re.compile(r"\b(?:we|our|proposed|novel|design(?:ed|s)?|introduc\w*|compris\w*|consists?\s+of|core\s+of)\b"
                     r"|\(\s*(?:1|i|a)\s*\)", re.I)
# ... and one that names others' work: "such as Round Robin (RR)", "surpasses the … System (HRRRDAS)", "via a …"
OTHERS_BEFORE = re.compile(r"\b(?:popular|traditional|existing|standard|conventional|classical|classic|such\s+as|like|"
                           r"including|e\.g\.|surpass\w*|outperform\w*|than|over|compared|against|baselines?|prior|"
                           r"previous\w*|widely|commonly|open[- ]source|using|via|based\s+on|built\s+(?:up)?on|"
                           r"task\s+of|problem\s+of)\b", re.I)
OTHERS_AFTER = re.compile(r"\s*\([^()]*\)\s*(?:is|are|has\s+been|have\s+been)\s+(?:an?\s+|the\s+)?(?:\w+\s+)?"
                          r"(?:popular|widely|commonly|standard|classical|well-known|established|validated)\b", re.I)


def _own_part(text: str, s: int, e: int, s0: int, s1: int) -> bool:
    """A title-case long form defined with an acronym is one of the paper's own parts when the corpus
    knows neither (no other abstract defines the phrase, hardly any writes the acronym) and its
    sentence presents it as the paper's, not as others' work."""
    defined = re.match(r"\s*\(([^()]{1,20})\)", text[e:e + 24])
    if not defined or corpus_names().get(defined.group(1).strip(), 0) or corpus_terms()[0].get(
            tuple(TERM_WORD.findall(text[s:e].lower())), 0):
        return False
    sentence = text[s0:s1]
    return (OWN_CUE.search(sentence) is not None and OTHERS_BEFORE.search(text[s0:s]) is None
            and OTHERS_AFTER.match(text, e) is None)


class _Starts:
    """Items sorted by where they start: `between(a, b)` gives those starting in [a, b), in their first order."""

    def __init__(self, items, start):
        self.items = list(items)
        self.order = sorted(range(len(self.items)), key=lambda i: start(self.items[i]))
        self.starts = [start(self.items[i]) for i in self.order]

    def between(self, a: int, b: int) -> list:
        return [self.items[i] for i in sorted(self.order[bisect_left(self.starts, a):bisect_left(self.starts, b)])]


class _SortedSoFar:
    """The mentions of a list that grows, sorted by start as they are asked for: `inside(a, b)` gives those within
    [a, b] without reading them all (a titled dataset's name per sentence against every mention of a 1M-character
    "abstract" was quadratic)."""

    def __init__(self, mentions: list):
        self.mentions, self.read = mentions, 0
        self.starts: list[int] = []
        self.sorted: list = []

    def inside(self, a: int, b: int) -> list:
        for m in self.mentions[self.read:]:
            k = bisect_right(self.starts, m[1])
            self.starts.insert(k, m[1])
            self.sorted.insert(k, m)
        self.read = len(self.mentions)
        return [m for m in self.sorted[bisect_left(self.starts, a):bisect_right(self.starts, b)] if m[2] <= b]


class _SpanList(list):
    """A list of spans that also answers `in` from a set (it is asked once per candidate)."""

    def __init__(self):
        super().__init__()
        self.seen: set = set()

    def append(self, span) -> None:
        super().append(span)
        self.seen.add(span)

    def __contains__(self, span) -> bool:
        return span in self.seen


def _overlaps(s: int, e: int, spans) -> bool:
    return any(s < b and a < e for a, b in spans)


def _outside_anywhere(text: str, name: str, spans: SpanIndex, memo: dict[str, bool]) -> bool:
    """Whether `name` also occurs outside every span (a model named alone, not only inside a term)."""
    if name not in memo:
        memo[name] = any(not spans.holds(m.start(), m.end()) for m in re.finditer(re.escape(name), text))
    return memo[name]
