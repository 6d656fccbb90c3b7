"""Text: the plain-text rules both extraction and resolution use, below both in the flow.

- `normalise()`, the name key of the gold guidelines (evaluation matches names with it);
- `is_generic_baseline()`, whether a claim's baseline names a method (a node) or stays text;
- `name_start()` and `bare_name()`, where a name starts past the words before it ("its runtime"), or that
  it is none ("a Chinese benchmark").
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache


@lru_cache(maxsize=1 << 17)  # names recur across abstracts; normalising is pure
def normalise(name: str) -> str:
    """NFKC, lower case, × as x, keep only letters, digits, + and #, drop a trailing plural "s"
    (the gold guidelines' rule, for evaluation).

    >>> normalise("Graph Neural Networks"), normalise("ImageNet-1K"), normalise("HYPIR++")
    ('graphneuralnetwork', 'imagenet1k', 'hypir++')
    """
    s = unicodedata.normalize("NFKC", str(name)).lower().replace("×", "x")
    s = "".join(ch for ch in s if ch.isalnum() or ch in "+#")
    if len(s) > 3 and s.endswith("s") and not s.endswith("ss"):
        s = s[:-1]
    return s


GENERIC_BASELINE = re.compile(
    r"^(?:its|their|our)\b|"
    r"^(?:the\s+)?(?:vanilla|standard|existing|prior|previous|conventional|traditional|baseline|baselines|"
    r"state[\s-]of[\s-]the[\s-]art|sota|competing|competitive|strong|naive|original|full|default|dense|other|"
    r"current|recent|autoregressive|sequential|uniform|random|exact|all|several|many|most|both)\b|"
    r"\b(?:methods?|approaches|baselines?|models?|counterparts?|solvers?|samplers?|implementations?|techniques?)$",
    re.I,
)

NOT_A_METHOD = re.compile(
    r"\b(?:teachers?|students?|labels?|humans?|experts?|annotators?|configurations?|settings?|setups?|pipelines?|"
    r"systems?|counterparts?|backbones?|hardware|CPUs?|GPUs?|TPUs?|versions?|variants?|sizes?)$"
    r"|^(?:FP|BF|INT|TF|fp|bf|int)\d+$|^[\d$€£~<>≈]", re.I)


def is_generic_baseline(text: str | None) -> bool:
    """Baselines that name no method stay text, not nodes: generic words ("vanilla dLLMs", "existing
    methods", "the backbone"), the paper's own earlier systems ("its predecessor RVT", "our previous
    workflow"), descriptions in lower case ("fine-tuning", "always using the strongest model"), long
    phrases, hardware and number formats ("the CPU", "FP32"), amounts ("$1000/km").
    A baseline becomes a Method only when it is a name: at most four words, one written with a capital
    or a digit inside a word ("Fast-dLLM", "EAGLE-3", "Kd-tree").

    >>> is_generic_baseline("vanilla dLLMs"), is_generic_baseline("Fast-dLLM"), is_generic_baseline("fine-tuning")
    (True, False, True)
    """
    if not text:
        return False
    t = text.strip()
    return bool(GENERIC_BASELINE.search(t)) or len(t.split()) > 4 or not re.search(r"[A-Z]", t) \
        or bool(NOT_A_METHOD.search(t))


#: lower-case words no name opens with: an article or a pronoun starts a description ("a Chinese benchmark",
#: "this paper, we propose …"), a conjunction or a preposition a piece cut from a phrase ("and Commitment
#: Therapy", "on tool-selection", "than the performance")
NO_NAME_START = re.compile(r"(?:a|an|and|or|of|for|to|than|on|with|by|at|from|as|via|we|which|that|this|these|those|"
                           r"is|are)(?:\s|$)|(?:the|its|their|our|in)$")
#: lower-case words before a name that are no part of it: "its runtime", "in accuracy", "the RNN" (but "in situ", "in
#: vivo" are a term's words)
BEFORE_NAME = re.compile(r"(?:(?:the|its|their|our|in(?!\s+(?:situ|vitro|vivo|silico|context)\b))\s+)+")


def name_start(text: str, s: int, e: int) -> int | None:
    """Where the name in `text[s:e]` starts, past a possessive, article or "in" before it ("its runtime" →
    "runtime"), or None when its first word shows it is none ("a subset of ProcessBench", "for humans")."""
    if m := BEFORE_NAME.match(text, s, e):
        s = m.end()
    if s >= e or NO_NAME_START.match(text, s, e):
        return None
    return s


def bare_name(name: str | None) -> str | None:
    """`name` from where its name starts (`name_start`), or None.

    >>> [bare_name(n) for n in ("its runtime", "the RNN", "a Chinese benchmark", "The Pile", "the")]
    ['runtime', 'RNN', None, 'The Pile', None]
    >>> bare_name("in accuracy"), bare_name("in situ hybridization")
    ('accuracy', 'in situ hybridization')
    """
    if not name:
        return name
    s = name_start(name, 0, len(name))
    return None if s is None else name[s:]
