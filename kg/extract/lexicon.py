"""Extraction: curated lexicons (shipped in `lexicons/`, plus a user's own TSV files) matched with spaCy's PhraseMatcher.

A lexicon file is TSV: `type<TAB>name<TAB>aliases`, aliases separated by `|`. A header line
is allowed, and a `surface_forms` column separated by ` | ` (the shape of
`ml_entity_gazetteer.tsv`) is read as aliases.
"""
from __future__ import annotations

import csv
import re
from dataclasses import dataclass, field
from pathlib import Path

import spacy
from spacy.language import Language
from spacy.matcher import PhraseMatcher
from spacy.tokens import Doc

from ..errors import PipelineConfigError
from .spans import SMALL_WORDS, TITLE_TERMS, SpanMention

LEXICON_DIR = Path(__file__).parent / "lexicons"
#: lexicon type → extraction field
TYPE_FIELD = {
    "dataset": "datasets", "benchmark": "datasets", "benchmark_split": "datasets",
    "metric": "metrics", "task": "tasks", "technique": "techniques",
    "model": "models", "method": "models",
}
JUNK = re.compile(r"^[\W\d_]+$|^.{0,1}$")
HYPHENED = re.compile(r"(?<=[a-z]{2})-(?=[a-z]{2})")  # a hyphen between two words of letters ("self-attention"; not "k-means")


@dataclass
class Lexicon:
    """Surface form → (field, canonical name), read from TSV files."""

    entries: dict[tuple[str, str], str] = field(default_factory=dict)  # (field, surface) → canonical

    def add(self, fld: str, name: str, aliases: list[str] = ()) -> None:
        for surface in (name, *aliases):
            surface = " ".join(surface.split())
            if surface and not JUNK.match(surface) and len(surface.split()) <= 8:
                self.entries.setdefault((fld, surface), name)
                # the other number of a multiword term, also one with capitals before a lower-case last word ("Monte
                # Carlo simulations", "Gaussian processes"; not a metric's: "forward KL divergences" names no measure)
                last = surface.split()[-1]
                forms = [surface]
                if " " in surface and (fld in ("techniques", "tasks", "metrics") and surface.islower()
                                       or fld in ("techniques", "tasks") and last.isalpha() and last.islower()):
                    forms.append(surface[:-1] if surface.endswith("s") and not surface.endswith("ss") else surface + "s")
                    self.entries.setdefault((fld, forms[-1]), name)
                # a lower-case term joined by hyphens also written with spaces ("super resolution", "self attention",
                # "few shot learning", "retrieval augmented generation"): in train.jsonl 14 of the 16 such are annotated
                if fld in ("techniques", "tasks", "metrics") and surface.islower() and HYPHENED.search(surface):
                    spaced = [HYPHENED.sub(" ", form) for form in forms]
                    for form in spaced:
                        self.entries.setdefault((fld, form), name)
                    forms += spaced
                # the title-case form of a term that starts on a name ("Gaussian Splatting", "Markov Decision
                # Processes" for "Gaussian splatting", "Markov decision processes"): a lower-case term matches in any case
                # already, one with a capital only as written
                if fld in ("techniques", "tasks", "metrics"):
                    for titled in filter(None, map(_title_cased, forms)):
                        self.entries.setdefault((fld, titled), name)
                # a lower-case technique whose first two words are written joined by a hyphen ("flow-matching model",
                # "gradient-clipping baselines", "beam-search algorithm"): held out on train.jsonl, 21 of 28 such are
                # annotated; a task's hyphenated form mostly modifies the noun after it ("question-answering capabilities")
                words = surface.split()
                if fld == "techniques" and surface.islower() and len(words) in (2, 3) \
                        and words[0].isalpha() and words[1].isalpha():
                    for form in forms:
                        self.entries.setdefault((fld, form.replace(" ", "-", 1)), name)

    def read(self, path: Path, min_length: int = 2) -> None:
        """Add the entries of one TSV file."""
        try:
            with open(path, encoding="utf-8", newline="") as fh:
                rows = list(csv.reader(fh, delimiter="\t", quoting=csv.QUOTE_NONE))
        except (OSError, UnicodeDecodeError) as exc:
            raise PipelineConfigError(f"{path}: cannot read lexicon ({exc}); pass a UTF-8 TSV of type, name, aliases") from None
        header = [h.strip().lower() for h in rows[0]] if rows else []
        if header[:2] == ["type", "name"]:
            rows = rows[1:]
        for n, row in enumerate(rows, 2 if header[:2] == ["type", "name"] else 1):
            if not row or row[0].startswith("#"):
                continue
            if len(row) < 2:
                raise PipelineConfigError(f"{path}:{n}: a lexicon line needs at least type and name, tab-separated")
            fld = TYPE_FIELD.get(row[0].strip().lower())
            if fld is None:
                raise PipelineConfigError(f"{path}:{n}: unknown type '{row[0]}'; use one of {', '.join(sorted(TYPE_FIELD))}")
            aliases = re.split(r"\s*\|\s*", row[2]) if len(row) > 2 and row[2] else []
            if len(row[1]) >= min_length:
                self.add(fld, row[1].strip(), [a for a in aliases if len(a) >= min_length])

    @classmethod
    def load(cls, extra: list[str | Path] = ()) -> "Lexicon":
        lex = cls()
        for path in sorted(LEXICON_DIR.glob("*.tsv")):
            lex.read(path)
        for path in extra:
            lex.read(Path(path), min_length=3)
        return lex


def _title_cased(surface: str) -> str | None:
    """"Gaussian splatting" → "Gaussian Splatting", "extended Kalman filter" → "Extended Kalman Filter": a term of several
    words, one with a capital, with its lower-case words capitalised (not the small ones after the first: "Sum of
    squares" → "Sum of Squares"); None for a term with no capital or no lower-case word, or with a digit or a mark
    after its first word."""
    words = surface.split()
    if len(words) < 2 or not any(c.isupper() for c in surface) \
            or not all(re.fullmatch(r"[A-Za-z]+(?:-[A-Za-z]+)*", w) for w in words[1:]) \
            or not any(w.islower() and w not in SMALL_WORDS for w in words):
        return None
    return " ".join(w if (k and w in SMALL_WORDS) or not w.islower() else "-".join(p.capitalize() for p in w.split("-"))
                    for k, w in enumerate(words))


def case_sensitive(surface: str) -> bool:
    """Names with capitals ("MATH", "Adam", "ImageNet") match as written; lower-case terms match any case."""
    return any(c.isupper() for c in surface)


def _pattern_tokenizer(nlp: Language):
    """The pipeline's tokenizer on a vocab of its own, for the lexicon's phrases: tokenizing
    thousands of phrases in the pipeline's own vocab makes every later document tokenize about
    twice as slowly (measured on 2,000 abstracts); the matchers compare string hashes, which are
    the same in both vocabs."""
    other = spacy.blank(nlp.lang)
    other.tokenizer.from_bytes(nlp.tokenizer.to_bytes(exclude=["vocab"]), exclude=["vocab"])
    return other.make_doc


class LexiconMatcher:
    """spaCy component: adds a mention for every lexicon phrase found in the doc."""

    def __init__(self, nlp: Language, name: str = "kg_lexicon", extra_lexicons: list[str] = ()):
        self.name = name
        self.lexicon = Lexicon.load(list(extra_lexicons))
        self.exact = PhraseMatcher(nlp.vocab, attr="ORTH")
        self.lower = PhraseMatcher(nlp.vocab, attr="LOWER")
        self.keys: dict[int, tuple[str, str]] = {}
        self.make_doc = nlp.make_doc
        make_doc = _pattern_tokenizer(nlp)
        by_key: dict[tuple[str, str], list] = {}
        for (fld, surface), canonical in self.lexicon.entries.items():
            key = (fld, canonical)
            by_key.setdefault(key, []).append(surface)
        for (fld, canonical), surfaces in by_key.items():
            label = f"{fld}\t{canonical}"
            key_id = nlp.vocab.strings.add(label)
            self.keys[key_id] = (fld, canonical)
            exact = [make_doc(s) for s in surfaces if case_sensitive(s)]
            lower = [make_doc(s) for s in surfaces if not case_sensitive(s)]
            if exact:
                self.exact.add(label, exact)
            if lower:
                self.lower.add(label, lower)

    def __call__(self, doc: Doc) -> Doc:
        doc._.kg_mentions.extend(self.matches(doc))
        if title := doc.user_data.get("kg_title"):
            # the title's terms, where in the title they are: the abstract may never write them (convert.py)
            doc.user_data[TITLE_TERMS] = self.matches(self.make_doc(title))
        return doc

    def matches(self, doc: Doc) -> list[SpanMention]:
        """The lexicon's phrases in a doc, overlapping ones included (the caller settles overlaps)."""
        out = []
        for matcher in (self.exact, self.lower):
            for key_id, start, end in matcher(doc):
                fld, canonical = self.keys[key_id]
                span = doc[start:end]
                out.append(SpanMention(fld, span.start_char, span.end_char, "lexicon", canonical))
        return out
