"""Extraction: the spaCy pipeline (rules and lexicons on `spacy.blank("en")`) and `extract()`.

>>> nlp = load_pipeline()
>>> nlp.pipe_names[:2]
['sentencizer', 'kg_abbreviations']
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import spacy
from spacy.util import load_config

from ..errors import PipelineConfigError
from ..records import Document, Extraction
from . import factories  # noqa: F401  (registers the kg_* factories)
from .convert import doc_to_extraction
from ..latex import clean

DEFAULT_CONFIG = Path(__file__).parent / "config.cfg"
LEXICON_DIR = Path(__file__).parent / "lexicons"

__all__ = ["PipelineSpec", "load_pipeline", "extract"]


@dataclass(frozen=True)
class PipelineSpec:
    """Which pipeline extracts, as one value that travels to worker processes and Ray tasks: a spaCy
    `config` (None: the packaged `config.cfg`) and extra `lexicons` (TSV files)."""

    config: str | None = None
    lexicons: tuple[str, ...] = ()

    def __post_init__(self):
        object.__setattr__(self, "config", str(self.config) if self.config else None)
        object.__setattr__(self, "lexicons", tuple(str(p) for p in self.lexicons or ()))

    def load(self) -> spacy.Language:
        return load_pipeline(self.config, self.lexicons)


def load_pipeline(config: str | Path | None = None, lexicons: Iterable[str | Path] = ()) -> spacy.Language:
    """Build the pipeline from a spaCy config (the packaged `config.cfg` by default).

    Args:
        config: a spaCy config file; its `[nlp]` and `[components]` sections are used.
        lexicons: extra lexicon TSV files (type, name, aliases) to match besides ours.
    """
    path = Path(config) if config else DEFAULT_CONFIG
    try:
        cfg = load_config(path)
    except Exception as exc:  # spaCy raises several types for a bad config
        reason = " ".join(str(exc).split())[:300]
        raise PipelineConfigError(f"{path}: not a valid spaCy config ({reason}); start from {DEFAULT_CONFIG}") from None
    lexicons = [str(p) for p in lexicons]
    for p in lexicons:
        if not Path(p).is_file():
            raise PipelineConfigError(f"{p}: lexicon file not found; pass a TSV of type, name, aliases")
    if lexicons and "kg_lexicon" in cfg["components"]:
        cfg["components"]["kg_lexicon"]["extra_lexicons"] = lexicons
    try:
        return _assemble(cfg)
    except PipelineConfigError:
        raise
    except Exception as exc:  # an unknown factory, a bad setting or an unreadable lexicon, as spaCy reports it
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise PipelineConfigError(f"{path}: the pipeline cannot be built ({first[:200]}); "
                                  f"check the config and lexicons, or start from {DEFAULT_CONFIG}") from None


# a full stop after a capital that follows a digit, a hyphen or a lower-case letter ends the word before it: spaCy's
# English suffixes split "." off after a digit, a lower-case letter or two capitals, so a name such as "GSM8K",
# "ImageNet-1K", "ROUGE-L", "TACoS" or "mIoU" at the end of a sentence stayed one token with its full stop ("GSM8K."):
# the lexicon missed it and the sentencizer ran the two sentences together (in about 1% of arXiv abstracts); so too
# after a times sign ("reduces latency by 8×.", from "8$\times$."), where a speed-up's evidence sentence ran on
NAME_STOP = r"(?<=[0-9a-z\-][A-Z])\.|(?<=×)\."


def _assemble(cfg) -> spacy.Language:
    nlp = spacy.blank(cfg["nlp"].get("lang", "en"))
    nlp.tokenizer.suffix_search = spacy.util.compile_suffix_regex([*nlp.Defaults.suffixes, NAME_STOP]).search
    for name in cfg["nlp"]["pipeline"]:
        comp = dict(cfg["components"].get(name, {}))
        factory = comp.pop("factory", name)
        nlp.add_pipe(factory, name=name, config=comp)
    return nlp


def extract(documents: Iterable[Document], nlp: spacy.Language, batch_size: int = 64) -> Iterator[Extraction]:
    """Run the pipeline over documents, in order, yielding one `Extraction` each."""
    def docs():
        for document in documents:
            cleaned = clean(document.text)
            doc = nlp.make_doc(cleaned.text)
            doc.user_data["kg_text"] = cleaned.text
            doc.user_data["kg_title"] = document.meta.get("title") or ""
            doc._.kg_emphasis = list(cleaned.emphasis)
            doc._.kg_mentions = []
            yield doc, (document, cleaned)

    for doc, (document, cleaned) in nlp.pipe(docs(), as_tuples=True, batch_size=batch_size):
        yield doc_to_extraction(doc, document, cleaned)
