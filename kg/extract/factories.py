"""Extraction: every spaCy factory of `kg`, registered in one place (as spaCy's own factories.py).

The names are advertised under `[project.entry-points.spacy_factories]` in pyproject.toml,
so a config that names them works without importing `kg` first.
"""
from __future__ import annotations

from spacy.language import Language
from spacy.tokens import Doc

from .spans import text_of

from .abbreviations import find_abbreviations
from .components import ClaimFinder
from .lexicon import LexiconMatcher
from .links import LinkFinder
from .model import EntityModel
from .names import NameFinder, spelled_words
from .phrases import PhraseFinder
from .typer import MentionTyper

EXTENSIONS = {
    "kg_mentions": None,        # list of SpanMention (field, start, end, rule, canonical or None)
    "kg_abbreviations": None,   # list of Abbreviation
    "kg_emphasis": None,        # list of (start_char, end_char) the author emphasised
    "kg_code": None,            # list of (start_char, end_char) URLs
    "kg_claims": None,          # list of (sentence_start, Claim with offsets in its sentence)
    "kg_results": None,         # list of (sentence_start, ResultMatch)
}
for _name in EXTENSIONS:
    if not Doc.has_extension(_name):
        Doc.set_extension(_name, default=None)


class AbbreviationDetector:
    """spaCy component: "long form (SF)" pairs → `doc._.kg_abbreviations`; starts `doc._.kg_mentions`."""

    def __init__(self, name: str = "kg_abbreviations"):
        self.name = name

    def __call__(self, doc: Doc) -> Doc:
        doc._.kg_abbreviations = find_abbreviations(text_of(doc))
        if doc._.kg_mentions is None:
            doc._.kg_mentions = []
        if doc._.kg_emphasis is None:
            doc._.kg_emphasis = []
        return doc


@Language.factory("kg_abbreviations", assigns=["doc._.kg_abbreviations", "doc._.kg_mentions"])
def make_abbreviations(nlp: Language, name: str) -> AbbreviationDetector:
    return AbbreviationDetector(name)


@Language.factory("kg_lexicon", assigns=["doc._.kg_mentions"], default_config={"extra_lexicons": []})
def make_lexicon(nlp: Language, name: str, extra_lexicons: list[str]) -> LexiconMatcher:
    return LexiconMatcher(nlp, name, extra_lexicons)


@Language.factory("kg_links", assigns=["doc._.kg_code"])
def make_links(nlp: Language, name: str) -> LinkFinder:
    return LinkFinder(name)


@Language.factory("kg_names", assigns=["doc._.kg_mentions"], requires=["doc.sents"])
def make_names(nlp: Language, name: str) -> NameFinder:
    terms, datasets = set(), set()
    spelled: dict[tuple[str, str], set[str]] = {}
    for _, pipe in nlp.pipeline:
        if isinstance(pipe, LexiconMatcher):
            terms |= {surface.lower() for (fld, surface) in pipe.lexicon.entries if fld in ("techniques", "tasks", "metrics")}
            datasets |= {surface for (fld, surface) in pipe.lexicon.entries if fld == "datasets"}
            for (fld, surface), canonical in pipe.lexicon.entries.items():
                if " " in surface or "-" in surface:
                    spelled.setdefault((fld, canonical), set()).update(spelled_words(surface))
    return NameFinder(name, frozenset(terms), frozenset(datasets), {k: frozenset(v) for k, v in spelled.items()})


@Language.factory("kg_phrases", assigns=["doc._.kg_mentions"])
def make_phrases(nlp: Language, name: str) -> PhraseFinder:
    return PhraseFinder(name)


@Language.factory("kg_model", assigns=["doc._.kg_mentions"], default_config={"path": None})
def make_model(nlp: Language, name: str, path: str | None) -> EntityModel:
    return EntityModel(name, path)


@Language.factory("kg_typer", assigns=["doc._.kg_mentions"], default_config={"path": None, "threshold": 0.5, "drop": 1.01,
                                                                            "drop_rules": [], "propose": 1.01,
                                                                            "propose_terms": 1.01, "propose_titled": 1.01, "prefer_inner": 1.01,
                                                                            "drop_any": 1.01, "sure_metric": 1.01,
                                                                            "drop_likeliest": [], "propose_defined": 1.01,
                                                                            "propose_sparse": 1.01, "sparse": 0.0,
                                                                            "propose_cued": 1.01, "only_task": 1.01})
def make_typer(nlp: Language, name: str, path: str | None, threshold: float, drop: float, drop_rules: list[str],
               propose: float, propose_terms: float, propose_titled: float, prefer_inner: float,
               drop_any: float, sure_metric: float, drop_likeliest: list[str], propose_defined: float,
               propose_sparse: float, sparse: float, propose_cued: float, only_task: float) -> MentionTyper:
    return MentionTyper(name, path, threshold, drop, drop_rules, propose, propose_terms, propose_titled,
                        prefer_inner, drop_any, sure_metric, drop_likeliest, propose_defined,
                        propose_sparse, sparse, propose_cued, only_task)


@Language.factory("kg_claims", assigns=["doc._.kg_claims", "doc._.kg_results"], requires=["doc.sents"])
def make_claims(nlp: Language, name: str) -> ClaimFinder:
    return ClaimFinder(name)
