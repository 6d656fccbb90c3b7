"""Extraction: the mention typer, a linear classifier trained here that re-types what the rules propose.

Rules propose mentions with a field; many are right, some carry the wrong field ("AIME24" as a
model) and some are no entity at all ("OpenAI"). The typer reads each proposed mention as a bag of
features (its field and rule, its words, shape and head, the words around it, how often the
abstract repeats it) and a spaCy `textcat` with a bag-of-words linear model (`TextCatBOW`, no
vectors) gives the probability of each field and of NONE. A mention moves to another field only
when the model is sure (`threshold`, 0.7 in config.cfg); it is dropped only when NONE reaches `drop`,
which the packaged config leaves above 1 (never: dropping cost recall on train). The model is trained
from `../shared/gold/train.jsonl` by `scripts/train_typer.py` and ships in `typer/`.
"""
from __future__ import annotations

import re
import zlib
from functools import lru_cache
from pathlib import Path

import spacy
from spacy.tokens import Doc

from ..errors import PipelineConfigError
from .spans import text_of

TYPER_DIR = Path(__file__).parent / "typer"
FIELDS = ("proposed", "models", "techniques", "datasets", "metrics", "tasks")
LABELS = tuple(f.upper() for f in FIELDS) + ("NONE",)
WORD = re.compile(r"\w(?:[\w\-+.]*[\w+])?|\S")
BUCKETS = 1 << 15
WINDOW = 5000  # characters either side in which repeats of a mention are counted (a whole abstract, usually)
FIXED = {"f", "r", "fr", "s", "n", "c", "cap", "dig"}  # families with few values, kept as written
SAFE = re.compile(r"[^\w]")  # one feature, one token: spaCy's tokenizer splits on punctuation


def shape(word: str) -> str:
    """A short shape: "GeoFlow" → "XxXx", "ImageNet-1K" → "XxXx-dX", "flow" → "x"."""
    out = []
    for ch in word:
        c = "X" if ch.isupper() else "x" if ch.isalpha() else "d" if ch.isdigit() else ch
        if not out or out[-1] != c:
            out.append(c)
    return "".join(out)[:8]


def features(text: str, fld: str, s: int, e: int, rule: str) -> str:
    """The mention as a line of feature tokens for the bag-of-words model."""
    name = text[s:e]
    words = WORD.findall(name.lower()) or ["_"]
    left = WORD.findall(text[max(0, s - 60):s].lower())[-3:]
    right = WORD.findall(text[e:e + 60].lower())[:3]
    count = text.count(name, max(0, s - WINDOW), e + WINDOW)  # bounded: linear on a 1M-character "abstract"
    feats = [f"f_{fld}", f"r_{rule}", f"fr_{fld}_{rule}", f"h_{words[-1]}", f"b_{words[0]}", f"hf_{words[-1]}_{fld}",
             f"s_{shape(name.replace(' ', '_'))}", f"n_{min(len(words), 5)}", f"c_{min(count, 3)}",
             f"cap_{any(ch.isupper() for ch in name)}", f"dig_{any(ch.isdigit() for ch in name)}"]
    feats += [f"w_{w}" for w in words[:6]]
    feats += [f"l{i}_{w}" for i, w in enumerate(reversed(left), 1)] + [f"lw_{w}" for w in left]
    feats += [f"r{i}_{w}" for i, w in enumerate(right, 1)] + [f"rw_{w}" for w in right]
    return " ".join(_bucket(x) for x in feats)


@lru_cache(maxsize=1 << 16)
def _bucket(feature: str) -> str:
    """A word-valued feature as one of `BUCKETS` stable tokens, so the vocabulary of feature
    tokens stays bounded however many abstracts pass ("w_imagenet" → "w_20571")."""
    family, _, value = feature.partition("_")
    if family in FIXED:
        return SAFE.sub("Q", feature)
    return f"{family}_{zlib.crc32(value.encode('utf-8')) % BUCKETS}"


class MentionTyper:
    """spaCy component: re-types the mentions in `doc._.kg_mentions` the model is sure about (and drops
    those it is sure are none, when `drop` is at most 1)."""

    def __init__(self, name: str = "kg_typer", path: str | Path | None = None, threshold: float = 0.5,
                 drop: float = 1.01):
        self.name = name
        self.threshold = threshold
        self.drop = drop
        path = Path(path) if path else TYPER_DIR
        if not (path / "meta.json").is_file():
            raise PipelineConfigError(f"{path}: no trained mention typer here; run `python scripts/train_typer.py`")
        self.model = spacy.load(path)
        self.textcat = self.model.get_pipe("textcat")
        # the model reads only each token's text (ORTH): new feature tokens need none of the lexical
        # attributes (shape, like_num, …) a vocabulary computes for a new word, and those cost the most
        self.model.vocab.lex_attr_getters = {}

    def __call__(self, doc: Doc) -> Doc:
        mentions = doc._.kg_mentions
        if not mentions:
            return doc
        text = text_of(doc)
        vocab = self.model.vocab
        lines = [Doc(vocab, words=features(text, f, s, e, r).split(" ")) for f, s, e, r, _ in mentions]
        scores = self.textcat.model.ops.to_numpy(self.textcat.predict(lines))
        labels = list(self.textcat.labels)
        none = labels.index("NONE")
        kept = []
        for m, row in zip(mentions, scores.tolist()):
            if row[none] >= self.drop:
                continue
            best = max((i for i in range(len(labels)) if i != none), key=lambda i: (row[i], labels[i]))
            if row[best] >= self.threshold and labels[best] != m[0].upper():
                m = m._replace(field=labels[best].lower())
            kept.append(m)
        doc._.kg_mentions = kept
        return doc
