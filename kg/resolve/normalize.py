"""Resolution: the normalisers and the identity rules of names.

Two keys, for two jobs:

- `normalise()` is the rule of the gold guidelines (`../shared/gold/score.py`): evaluation matches
  names with it, so it stays as the guidelines say (it drops every separator and a trailing "s").
- `name_key()` is the identity of an entity, the part of its node id after the label. It keeps
  what tells entities apart: the boundary between two numbers ("Llama-3-8B" → `llama3-8b`, never
  the `llama38b` of a "Llama-38B"), a version's dot (`gpt4.1`), and the letters of proper names: a
  plural "s" goes only from a common noun ("graph neural networks", "GNNs"), never from a name
  such as "NeurIPS", "nuScenes" or "ogbn-products".

The identity rules (README, "Identity"):

- `version_signature()`: two names with another version, size, year or variant ("GPT-4" /
  "GPT-4o" / "GPT-4.1", "Llama-3-8B" / "Llama-3-70B", "macro-F1" / "micro-F1") are two entities;
  no definition or lexicon alias joins them (`same_identity`). `family()` gives the name a variant
  belongs to ("Llama-3-8B" → "Llama-3" → "Llama"), for `VARIANT_OF`.
- `acronym_fits()`: an acronym stands for a long form only if its letters are that long form's
  initials (Schwartz & Hearst's test, stricter): "RoPE" is not "positional encoding", "RRL" is
  not "reinforcement learning".
- `more_specific()`: a phrase never joins a hub it refines ("large multimodal language models"
  is not "large language models").
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from ..text import normalise  # noqa: F401 (the gold guidelines' key lives below both extraction and resolution)


_DIGIT_GAP = re.compile(r"(?<=\d)([^\w+#]+)(?=\d)")
_DROP = re.compile(r"[^\w+#.\-]|_")


def _plural_word(word: str, words: int) -> bool:
    """Whether the last word of a name is a plural whose "s" goes: a common noun ("models",
    "Networks" in a phrase) or an acronym's plural ("GNNs", "ViTs"); never a name's letters."""
    parts = word.split("-")
    if len(parts) >= 3 or any(p.lower() in ("of", "the", "and", "to", "for") for p in parts[1:-1]):
        word = parts[-1]  # "mixture-of-experts", "vision-language-models" (never "ogbn-products")
    if len(word) < 3 or not word.endswith("s") or not word.isalpha():
        return False
    stem = word[:-1]
    if sum(ch.isupper() for ch in stem) >= 2 and stem[-1].isupper():
        return True  # GNNs, LLMs, ViTs, LoRAs
    if len(word) <= 3 or word.endswith(("ss", "us", "is")):
        return False
    if word.islower():
        return True
    return words > 1 and word[0].isupper() and word[1:].islower()


@lru_cache(maxsize=1 << 17)
def name_key(name: str, plural: bool = True) -> str:
    """The identity key of a name: NFKC, lower case, × as x, @ as "at", letters, digits, + and # kept;
    between two numbers a "." stays and any other separator becomes "-"; a plural "s" goes only
    from a common noun or an acronym's plural (`plural=False`: never, for venues).

    >>> [name_key(n) for n in ("Graph Neural Networks", "GNNs", "Llama-3-8B", "Llama 3 8B", "GPT-4.1")]
    ['graphneuralnetwork', 'gnn', 'llama3-8b', 'llama3-8b', 'gpt4.1']
    >>> [name_key(n) for n in ("NeurIPS", "nuScenes", "ogbn-products", "ImageNet-1K", "512×512")]
    ['neurips', 'nuscenes', 'ogbnproducts', 'imagenet1k', '512x512']
    >>> name_key("mixture-of-experts") == name_key("Mixture of Experts")
    True
    >>> [name_key(n) for n in ("R@2", "R^2", "pass@1")]
    ['rat2', 'r2', 'passat1']
    """
    s = unicodedata.normalize("NFKC", str(name)).replace("×", "x").strip()
    words = s.split()
    if plural and words and _plural_word(words[-1], len(words)):
        s = s[:-1]
    s = _DIGIT_GAP.sub(lambda m: "." if m.group(1).strip() == "." else "-", s.lower())
    s = s.replace("@", "at")  # a cut-off ("R@2", recall at 2) is not the number it cuts at ("R2", "R^2")
    s = _DROP.sub("", s)
    # "." and "-" survive only between two digits; elsewhere they are separators
    s = re.sub(r"(?<!\d)[.\-]|[.\-](?!\d)", "", s)
    return s


def node_id(label: str, name: str) -> str:
    """A stable node id: the label in lower case and the name's identity key.

    >>> node_id("Method", "Fast-dLLM"), node_id("Dataset", "ogbn-products")
    ('method:fastdllm', 'dataset:ogbnproducts')
    """
    return f"{label.lower()}:{name_key(name)}"


# --- versions, sizes, variants ------------------------------------------------------------------

#: words that make a name another variant of its family ("BERT-base", "GPT-4 Turbo", "macro-F1")
VARIANT_WORDS = frozenset(
    "macro micro weighted top base large small tiny mini nano medium huge giant xl xxl turbo instruct "
    "chat pro plus max lite flash ultra distilled uncased cased".split())
LEADING_VARIANTS = frozenset({"macro", "micro", "weighted", "top"})
_ROMAN = re.compile(r"x{0,3}(?:ix|iv|v?i{0,3})")
_TOKENS = re.compile(r"\d+(?:[.,]\d+)*|[^\W\d_]+")
_SIZE = frozenset("bmktx")


def _tokens(name: str) -> list[re.Match]:
    return list(_TOKENS.finditer(unicodedata.normalize("NFKC", str(name)).strip()))


def _glued(toks: list[re.Match], i: int) -> bool:
    """Whether token i follows token i-1 with nothing between."""
    return i > 0 and toks[i].start() == toks[i - 1].end()


def _suffix(toks: list[re.Match], i: int) -> re.Match | None:
    """The letter or two glued to number i ("4o", "8B", "1K"), if any."""
    if i + 1 < len(toks) and _glued(toks, i + 1) and not toks[i + 1].group()[0].isdigit() and len(toks[i + 1].group()) <= 2:
        return toks[i + 1]
    return None


def _size_letter(toks: list[re.Match], i: int) -> bool:
    """A model size written as one capital after a hyphen at the end: "ViT-B", "ViT-L", "SAM-H"."""
    m = toks[i]
    return (i > 0 and i == len(toks) - 1 and m.group() in ("S", "B", "L", "H", "G", "T", "M")
            and m.string[toks[i - 1].end():m.start()] == "-")


def _roman(toks: list[re.Match], i: int) -> bool:
    t = toks[i].group()
    return (i > 0 and not _glued(toks, i) and t.isupper() and _ROMAN.fullmatch(t.lower()) is not None and bool(t)
            and (len(t) >= 2 or i == len(toks) - 1))


@lru_cache(maxsize=1 << 16)
def version_signature(name: str, words: bool = True) -> tuple[str, ...]:
    """What makes a name one version, size, year or variant: its numbers with a letter glued to
    them ("4o", "8b", "1k"), a version letter ("v2"), roman numerals ("iii") and, with `words`,
    variant words ("macro", "base"). The names of one entity have one signature.

    >>> version_signature("GPT-4o"), version_signature("GPT4o"), version_signature("MobileNetV2")
    (('4o',), ('4o',), ('v2',))
    >>> version_signature("macro-F1"), version_signature("MIMIC-IV"), version_signature("graph neural networks")
    (('macro', '1'), ('iv',), ())
    """
    toks = _tokens(name)
    sig: list[str] = []
    skip = -1
    for i, m in enumerate(toks):
        if i == skip:
            continue
        tok = m.group().lower()
        if tok[0].isdigit():
            tok = tok.replace(",", "")
            suffix = _suffix(toks, i)
            if suffix is not None:
                tok += suffix.group().lower()
                skip = i + 1
            if _glued(toks, i) and toks[i - 1].group()[-1] in "vV":
                tok = "v" + tok  # MobileNetV2, YOLOv8, Inception-v3
            sig.append(tok)
        elif words and len(toks) > 1 and tok in VARIANT_WORDS and (i > 0 or tok in LEADING_VARIANTS):
            sig.append(tok)
        elif _roman(toks, i):
            sig.append(tok)
        elif _size_letter(toks, i):
            sig.append(tok)
    return tuple(sig)


def same_identity(a: str, b: str, words: bool = True) -> bool:
    """Whether two names may be one entity by the version rule: the same numbers, version letters,
    roman numerals and (`words`) variant words. An acronym and its long form (`words=False`) need
    only the same numbers ("3DGS" / "3D Gaussian Splatting").

    >>> same_identity("Llama 3", "Llama-3"), same_identity("GPT-4", "GPT-4V"), same_identity("MIMIC-III", "MIMIC")
    (True, False, False)
    >>> same_identity("3DGS", "3D Gaussian Splatting", words=False)
    True
    """
    if words:
        return version_signature(a) == version_signature(b)

    def numbers(name: str) -> list[str]:
        return [re.sub(r"[^\d.]", "", t) for t in version_signature(name, False) if any(c.isdigit() for c in t)]
    return numbers(a) == numbers(b)


_MAYBE_VARIANT = re.compile(r"\d|(?<![^\W\d_])(?:%s)(?![^\W\d_])|-[A-Z]$|(?<![^\W\d_])[IVX]{2,}(?![^\W\d_])"
                            % "|".join(sorted(VARIANT_WORDS)), re.I)


@lru_cache(maxsize=1 << 16)
def family(name: str) -> str | None:
    """The name one step up its family: a leading or trailing variant word, a size, a glued
    letter, a minor version, then the version goes; None when nothing is left to take.

    >>> [family(n) for n in ("Llama-3.1-8B", "Llama-3.1", "Llama-3", "GPT-4o", "MobileNetV2", "macro-F1", "MIMIC-IV")]
    ['Llama-3.1', 'Llama-3', 'Llama', 'GPT-4', 'MobileNet', 'F1', 'MIMIC']
    >>> family("ImageNet-21K"), family("Top-5 accuracy"), family("BERT"), family("F1"), family("3D Gaussian Splatting")
    ('ImageNet', 'accuracy', None, None, None)
    >>> family("ViT-B"), family("ViT-B/16"), family("Sa2VA"), family("PD-L1"), family("YOLOv8n")
    ('ViT', 'ViT-B', None, 'PD-L', 'YOLOv8')
    """
    s = unicodedata.normalize("NFKC", str(name)).strip()
    if not _MAYBE_VARIANT.search(s):
        return None
    toks = _tokens(s)
    if len(toks) < 2 and not (toks and re.search(r"[^\W\d_]{2,}[vV]?\d", s)):
        return None
    first, last = toks[0].group().lower(), toks[-1].group().lower()
    if first == "top" and len(toks) > 2 and toks[1].group().isdigit():
        return _tidy(s[toks[2].start():])
    if first in LEADING_VARIANTS:
        return _tidy(s[toks[1].start():])
    if last in VARIANT_WORDS or _size_letter(toks, len(toks) - 1):
        return _tidy(s[:toks[-1].start()])
    for i in range(len(toks) - 1, 0, -1):
        m = toks[i]
        t = m.group()
        if t[0].isdigit():
            if _glued(toks, i) and i + 1 < len(toks) and _glued(toks, i + 1) and len(toks[i + 1].group()) > 1:
                return None  # a number inside a name ("Sa2VA", "word2vec") is no version
            suffix = _suffix(toks, i)
            if suffix is not None:
                tail = s[suffix.end():]
                if suffix.group().lower() in _SIZE:  # 8B, 21K: the size goes
                    return _tidy(s[:m.start()] + tail)
                return _tidy(s[:m.end()] + tail)  # 4o → 4
            if "." in t:  # 3.1 → 3
                return _tidy(s[:m.start()] + t.split(".")[0] + s[m.end():])
            if i + 1 < len(toks) and _glued(toks, i + 1):
                return None  # a number inside a name ("word2vec", "seq2seq") is no version
            head = s[:m.start()]
            if _glued(toks, i) and head[-1:] in "vV":
                head = head[:-1]  # MobileNetV2 → MobileNet, Inception-v3 → Inception
            return _tidy(head + s[m.end():])
        if _roman(toks, i):
            return _tidy(s[:m.start()] + s[m.end():])
    return None


def _tidy(s: str) -> str | None:
    s = re.sub(r"[\s\-_/.]{2,}", lambda m: " " if " " in m.group() else m.group()[0], s).strip(" -_/.@:")
    key = name_key(s)
    return s if len(key) >= 3 or (len(key) == 2 and any(c.isdigit() for c in key)) else None


# --- acronyms and hubs --------------------------------------------------------------------------

_STOP = frozenset("of for the and a an in on with to from by via over under at as".split())


def acronym_fits(short: str, long: str) -> bool:
    """Whether an acronym can stand for a long form: its first letter is the long form's first
    initial; every capital is the initial of a word (or follows the letter before it in the same
    word: "3D", "NeRF"); small letters and digits may come from inside words.

    >>> [acronym_fits(s, l) for s, l in (("GNNs", "graph neural networks"), ("RoPE", "rotary position embedding"),
    ...  ("LoRA", "low-rank adaptation"), ("3DGS", "3D Gaussian Splatting"), ("MoE", "mixture of experts"))]
    [True, True, True, True, True]
    >>> [acronym_fits(s, l) for s, l in (("RoPE", "positional encoding"), ("RRL", "reinforcement learning"),
    ...  ("LS", "Logical Coherence"))]
    [False, False, False]
    """
    letters = [ch for ch in unicodedata.normalize("NFKC", short) if ch.isalnum()]
    if len(letters) > 1 and letters[-1] == "s" and any(ch.isupper() for ch in letters[:-1]):
        letters = letters[:-1]  # a plural
    words = [w for w in re.split(r"[\s\-/]+", unicodedata.normalize("NFKC", long).lower()) if w]
    words = [w for w in (re.sub(r"[^\w]", "", w) for w in words) if w]
    if not letters or not words:
        return False
    content = [i for i, w in enumerate(words) if w not in _STOP]
    if not content:
        return False

    @lru_cache(maxsize=None)
    def match(i: int, w: int, p: int) -> bool:
        # letters[i:] to be matched; the last match was words[w][p-1] (w = -1: none yet)
        if i == len(letters):
            return True
        ch = letters[i]
        c = ch.lower()
        # inside the current word: the very next letter always; further on only for a small letter or a digit
        if w >= 0:
            word = words[w]
            if p < len(word) and word[p] == c and match(i + 1, w, p + 1):
                return True
            if not ch.isupper():
                for q in range(p + 1, len(word)):
                    if word[q] == c and match(i + 1, w, q + 1):
                        return True
        # the initial of a later word (skipping words is allowed; the first letter takes the first content word)
        start = w + 1
        for v in range(start, len(words)):
            if i == 0 and v != content[0]:
                if v > content[0]:
                    break
                continue
            if words[v][0] == c and match(i + 1, v, 1):
                return True
        return False

    return match(0, -1, 0)


def _content_words(name: str) -> list[str]:
    words = re.split(r"[\s\-/–—]+", unicodedata.normalize("NFKC", name).lower())
    return [name_key(w) for w in words if w and w not in _STOP and name_key(w)]


#: head words that add nothing to a name ("attention mechanism" is attention, "F1 score" is F1)
LIGHT_WORDS = frozenset(
    "mechanism architecture model method framework approach technique score coefficient metric measure "
    "algorithm paradigm value index".split())
_LIGHT_STEMS = frozenset(w[:5] for w in LIGHT_WORDS)


def more_specific(a: str, b: str) -> bool:
    """Whether phrase `a` is not phrase `b` because it refines it (has every word of `b` and
    another that is not a light head word such as "mechanism" or "score"), or is a sibling of it
    (they share words and each has one the other lacks: "video-language models" / "vision-language
    models", "rotary position embedding" / "positional encoding"), unless the words that differ are
    a spelling, light words or an acronym of each other. Words compare by their first five letters.

    >>> more_specific("Large multimodal language models", "large language models"), more_specific("MS-SSIM", "SSIM")
    (True, True)
    >>> more_specific("knowledge distillation", "distillation"), more_specific("attention mechanism", "attention")
    (True, False)
    >>> more_specific("video-language models", "vision-language models"), more_specific("Graph Neural Networks", "GNN")
    (True, False)
    >>> more_specific("rotary position embedding", "positional encoding"), more_specific("deep RL", "deep reinforcement learning")
    (True, False)
    """
    wa, wb = _content_words(a), _content_words(b)
    if not wa or not wb:
        return False
    stem_a, stem_b = {w[:5]: w for w in wa}, {w[:5]: w for w in wb}
    sa, sb = set(stem_a), set(stem_b)
    if sa == sb:
        return False
    if sb < sa:
        return not (sa - sb) <= _LIGHT_STEMS
    if sa < sb or not sa & sb:
        return False
    only_a, only_b = sa - sb, sb - sa
    if only_a <= _LIGHT_STEMS and only_b <= _LIGHT_STEMS:
        return False
    if len(only_a) == len(only_b) == 1 and _spelling(stem_a[next(iter(only_a))], stem_b[next(iter(only_b))]):
        return False
    words_a = " ".join(w for w in wa if w[:5] in only_a)
    words_b = " ".join(w for w in wb if w[:5] in only_b)
    if "".join(words_a.split()) == "".join(words_b.split()):
        return False
    return not (acronym_fits(words_a, words_b) or acronym_fits(words_b, words_a))


def _spelling(x: str, y: str) -> bool:
    """Two spellings of one word ("modelling" / "modeling", "optimisation" / "optimization")."""
    if x.replace("s", "z") == y.replace("s", "z"):
        return True
    if abs(len(x) - len(y)) > 1:
        return False
    # one edit apart
    if len(x) == len(y):
        return sum(a != b for a, b in zip(x, y)) <= 1
    short, long_ = sorted((x, y), key=len)
    return any(long_[:i] + long_[i + 1:] == short for i in range(len(long_)))
