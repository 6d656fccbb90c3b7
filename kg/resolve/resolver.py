"""Resolution: mentions from all papers → one entity per (label, canonical name), with aliases.

Two passes, so the result does not depend on the order of papers: the first collects the
long forms papers define for names and acronyms; the second assigns each mention to an entity.
The identity rules (kg/resolve/normalize.py) decide which definitions count:

- an acronym defined in a paper ("graph neural networks (GNNs)") is that paper's long form
  (extraction names the mention by it; a proposed name written as the acronym is resolved by the
  paper's definition, `own_definitions`), and becomes its alias only if its letters fit it;
- a bare acronym elsewhere joins a long form only when the corpus makes that sense dominant: at
  least two thirds of the definitions agree on it, and either two or more papers define it so or a
  lexicon entry names it so (`Resolver._sense`). One paper's definition decides for that paper alone
  (a bare "US" in a hundred papers does not become the "unseen sentences" one paper defines);
  otherwise the bare acronym stays its own node;
- a definition or lexicon alias never joins two versions, sizes or variants ("GPT-4V" → "GPT-4"),
  nor a phrase to a hub it refines ("video-language models" → "vision-language models");
- a bare mixed-case name takes its acronym's sense only as some definition of it spells it
  ("LoRa", the radio protocol, is not the papers' "LoRA"; `Resolver.spelled`);
- a name extracted under several entity labels joins the node of the label the shipped lexicons
  give it, when they give it one and a third of its papers or more name it so (`lexicon_labels`:
  ViT a Method, WER a Metric, KV cache a Technique); else of the label three quarters or more of
  its papers give it, five or more (the corpus label vote, `Resolver.voted`). A paper's own
  proposed names keep their label, and so do bare acronyms in capitals the lexicons do not label
  and write so ("MAE", a metric and a model; "CORA", not the lexicons' "Cora");
- variants are linked to their family afterwards (`variant_links`, `VARIANT_OF`).
"""
from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from ..ontology import ENTITY_LABELS, FIELD_LABEL, NodeLabel, label_of
from ..text import normalise
from .normalize import acronym_fits, family, more_specific, name_key, node_id, same_identity


#: the corpus label vote (`Resolver.voted`): the winning label must have this many papers, and this
#: share (numerator, denominator) of the papers naming the entity key under any entity label
VOTE_PAPERS = 5
VOTE_SHARE = (3, 4)
#: the lexicons' label (`lexicon_labels`) decides the vote when it has this share of the papers (a
#: tie-breaker, not an override: 3D Gaussian Splatting, a Method in models.tsv, is a Technique in
#: 306 papers of 325, as the annotation guidelines have it)
LEXICON_SHARE = (1, 3)
#: the lexicons shipped with extraction: their labels decide a label vote (`lexicon_labels`)
LEXICON_DIR = Path(__file__).resolve().parent.parent / "extract" / "lexicons"
#: lexicons whose labels the label vote does not take (`lexicon_labels`)
LEXICONS_UNLABELLED = ("pwc_tasks.tsv",)


class Listed(NamedTuple):
    """What the lexicons say of a name key (`lexicon_labels`): its one entity label, and how they
    write it (`casing`: "WER", "CoLA", "accuracy")."""

    label: str
    spellings: frozenset[str]


@functools.cache
def lexicon_labels(directory: Path = LEXICON_DIR) -> dict[str, Listed]:
    """Name key → the one entity label the lexicons in `directory` give it (every name and alias of
    a row), with their spellings of it: the curated files' label, else the generated
    Papers-with-Code dataset and metric lists' (`pwc_datasets.tsv`, `pwc_metrics.tsv`). Not the
    PwC task catalogue's: it lists methods as tasks ("dynamic time warping", "bilevel
    optimization", "visual prompt tuning"). A key two labels share in the curated files ("domain
    adaptation", a task and a technique; "MAE", a metric and a model) has none. The label vote
    defers to it (`Resolver.voted`).

    >>> labels = lexicon_labels()
    >>> labels["visiontransformer"].label, labels["wer"].label, labels["kvcache"].label, "mae" in labels
    ('Method', 'Metric', 'Technique', False)
    >>> sorted(labels["cola"].spellings)
    ['CoLA']
    """
    from ..extract.lexicon import Lexicon  # the lexicons' own reader (spaCy is loaded only when asked)

    tiers: tuple[dict[str, tuple[set, set]], dict[str, tuple[set, set]]] = ({}, {})
    for path in sorted(directory.glob("*.tsv")):
        if path.name in LEXICONS_UNLABELLED:
            continue
        lexicon = Lexicon()
        lexicon.read(path)
        for fld, form in lexicon.entries:
            if key := name_key(surface(form)):
                labels, spellings = tiers[path.name.startswith("pwc_")].setdefault(key, (set(), set()))
                labels.add(FIELD_LABEL[fld].value)
                spellings.add(casing(form))
    curated, generated = tiers
    return {key: Listed(next(iter(labels)), frozenset(spellings))
            for key, (labels, spellings) in {**generated, **curated}.items() if len(labels) == 1}


def _count(counts: dict, key, n: int) -> bool:
    """Add n to counts[key], dropping the key at zero; whether `counts` is left empty."""
    count = counts.get(key, 0) + n
    if count > 0:
        counts[key] = count
    else:
        counts.pop(key, None)
    return not counts


class Definition(NamedTuple):
    """A long form one paper gives a name: the entity label, the name's key, the long form's key, and
    whether it is a lexicon's canonical name for it (`lexicon`: the paper wrote a lexicon alias) rather
    than an acronym the paper defines; the resolver counts them (`Resolver.define`)."""

    label: str
    key: str
    long_key: str
    lexicon: bool = False


class Spelling(NamedTuple):
    """How one paper writes a name it defines (`definitions()`): the entity label, the name's key,
    the long form's key and the name's casing as written (`casing`: "LoRA", "GNN"), so that a bare
    name written in another casing ("LoRa") joins that long form only if the definitions spell it so
    (`Resolver.spelled`)."""

    label: str
    key: str
    long_key: str
    form: str


class Vote(NamedTuple):
    """One paper names `key` (after its own acronyms, `own_definitions`) under entity `label` in its
    fields (`votes()`); the resolver counts papers by label for the corpus label vote
    (`Resolver.voted`)."""

    label: str
    key: str


@dataclass(frozen=True, slots=True)
class Resolution:
    """One mention resolved: its label, the key it resolves by (its name's; for an acronym its paper
    defines, the long form's, `own_definitions`), the id of the entity it joins, the surface form as
    written and the acronym its paper defines for it (only if its letters fit)."""

    label: NodeLabel
    key: str
    entity: str
    form: str
    short: str | None = None
    how: str = ""

    @property
    def node_label(self) -> NodeLabel:
        """The label of the node it joins: the mention's, or the corpus vote's (`Resolver.voted`)."""
        return label_of(self.entity)


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a name towards its entity: the name key `source` is taken as `target`, by `rule`
    ("definition": every definition agrees, two or more papers' or a lexicon's; "dominant sense":
    `votes` of the `total` definitions agree, two thirds or more). In an "undecided" `Merge`, the
    senses that did not decide: "single definition, not dominant" (one paper's only) or "no dominant
    sense" (definitions disagree)."""

    source: str
    target: str
    rule: str
    votes: int = 0
    total: int = 0


@dataclass(frozen=True, slots=True)
class Merge:
    """Why one surface form (or acronym) is a name of an entity: `rule` is "name" (it is the display
    name), "same key" (it differs from another form only in case, plural, spacing or hyphens),
    "definition" (its key leads to the entity's by `steps`), "acronym" (a paper defines it for one of
    the entity's forms and its letters fit) or "undecided" (no sense of the name is dominant: one
    paper's definition only, or papers that disagree, listed in `steps`: it stays its own node).
    `count`: the mentions written so."""

    entity: str
    label: str
    name: str
    form: str
    count: int
    key: str
    rule: str
    steps: tuple[Step, ...] = ()

    def as_json(self) -> dict:
        data = {"entity": self.entity, "label": self.label, "name": self.name, "form": self.form,
                "count": self.count, "key": self.key, "rule": self.rule}
        if self.steps:
            data["steps"] = [{"from": s.source, "to": s.target, "rule": s.rule, "votes": s.votes, "of": s.total}
                             for s in self.steps]
        return data


@dataclass
class Entity:
    """A resolved node: stable id, label, display name and every surface form seen."""

    id: str
    label: NodeLabel
    name: str
    aliases: set[str] = field(default_factory=set)
    forms: Counter = field(default_factory=Counter)


class Resolver:
    """Collect the long forms papers define (`observe`), then map each mention to its entity (`resolve`).

    The definitions are counted ((label, name key) → long form key → papers' definitions; those a
    lexicon gives also in `lexicon_of`), so a build can also take back what a removed paper defined
    (`define(..., -1)`).
    """

    def __init__(self, long_of: dict | None = None, lexicon_of: dict | None = None, spell_of: dict | None = None,
                 votes: dict | None = None, labels: dict[str, Listed] | None = None) -> None:
        self._long_of: dict[tuple[str, str], dict[str, int]] = {} if long_of is None else long_of
        self._lexicon_of: dict[tuple[str, str], dict[str, int]] = {} if lexicon_of is None else lexicon_of
        # (label, name key) → long form key → casing as written → papers (`Spelling`)
        self._spell_of: dict[tuple[str, str], dict[str, dict[str, int]]] = {} if spell_of is None else spell_of
        # (label, name key) → papers naming it so in their fields (`Vote`)
        self._votes: dict[tuple[str, str], int] = {} if votes is None else votes
        self._tally: dict[str, dict[str, int]] | None = None  # entity key → label → papers, from `_votes`
        # entity key → the label the lexicons give it, which decides its label vote (`lexicon_labels`)
        self._labels: dict[str, Listed] = lexicon_labels() if labels is None else labels
        self.entities: dict[str, Entity] = {}

    def observe(self, label: NodeLabel, name: str, long_form: str | None = None, short: str | None = None) -> None:
        """Record one mention's name, with its paper's long form or acronym when it has one."""
        for key, long_key, lexicon, form in _definitions(name, long_form, short):
            self.define(label.value, key, long_key, lexicon=lexicon)
            self.spell(label.value, key, long_key, form)

    def observe_extraction(self, ext) -> None:
        """Count what one paper tells the corpus: its definitions, how it spells them, its labels."""
        for record in notes(ext):
            self.note(record)

    def note(self, record: Definition | Spelling | Vote, n: int = 1) -> None:
        """Count one record of `notes()` (n = -1 takes it back)."""
        if isinstance(record, Spelling):
            self.spell(*record, n=n)
        elif isinstance(record, Vote):
            self.vote(*record, n=n)
        else:
            self.define(*record, n=n)

    def spell(self, label: str, key: str, long_key: str, form: str, n: int = 1) -> None:
        """Count one paper's spelling of a name it defines (`Spelling`)."""
        longs = self._spell_of.setdefault((label, key), {})
        if _count(longs.setdefault(long_key, {}), form, n):
            del longs[long_key]
            if not longs:
                del self._spell_of[(label, key)]

    def vote(self, label: str, key: str, n: int = 1) -> None:
        """Count one paper naming `key` under `label` (`Vote`)."""
        _count(self._votes, (label, key), n)
        self._tally = None

    def define(self, label: str, key: str, long_key: str, lexicon: bool = False, n: int = 1) -> None:
        """Count one definition as `definitions()` gives it (n = -1 takes one back)."""
        for table in (self._long_of, self._lexicon_of) if lexicon else (self._long_of,):
            if _count(table.setdefault((label, key), {}), long_key, n):
                del table[(label, key)]
        self._tally = None

    def defined(self) -> list[tuple[str, str]]:
        """Every (label, name key) some paper or lexicon gives a long form or canonical name for."""
        return list(self._long_of)

    def names(self) -> set[tuple[str, str]]:
        """Every (label, name key) whose resolution the corpus decides: defined or voted on."""
        return set(self._long_of) | set(self._votes)

    def signature(self, label: str, key: str) -> tuple:
        """All that decides where a name goes (a rebuild writes again the papers of the names whose
        signature changed): its canonical key, the spellings of its first step and the label vote."""
        target = self.canonical(label, key)
        spellings = ()
        if target != key:
            spellings = tuple(sorted(self._spell_of.get((label, key), {}).get(self._sense(label, key), {})))
        return target, spellings, self.voted(label, target)

    def spelled(self, label: str, key: str, form: str) -> bool:
        """Whether a bare form may take its name's first step (a definition or lexicon sense): its
        casing is no distinct spelling (all capitals "LORA", all lower case "lora", capitalised
        "Lora": how one writes any acronym), or some definition of that sense writes it so. A
        mixed-case form the definitions never write ("LoRa", the radio protocol, against every
        paper's "LoRA", low-rank adaptation) is another name: it stays its own node. The case of the
        first letter does not count ("MIoU" at the start of a sentence is "mIoU"), unless the rest is
        capitals: "vLLM" (the serving engine) and "mAP" are no sentence-initial "VLLM" (vision LLM) or
        "MAP" (maximum a posteriori). Nor does the casing of a name of several words ("F1-Score",
        "Gaussian Process"): the rule is for single words."""
        cased = casing(form)
        if not distinct_casing(cased) or _SEVERAL_WORDS.search(surface(form)):
            return True
        sense = self._sense(label, key)
        written = self._spell_of.get((label, key), {}).get(sense, ())
        if _lower_then_capitals(cased):
            return cased in written
        return cased in written or any(_first_letter_aside(cased) == _first_letter_aside(w) for w in written)

    def tally(self) -> dict[str, dict[str, int]]:
        """Entity key → label → papers whose field mentions of that label resolve to it."""
        if self._tally is None:
            tally: dict[str, dict[str, int]] = {}
            for (label, key), n in sorted(self._votes.items()):
                target = tally.setdefault(self.canonical(label, key), {})
                target[label] = target.get(label, 0) + n
            self._tally = tally
        return self._tally

    def voted(self, label: str, key: str, capitals: str | None = None) -> str | None:
        """The label the corpus votes for an entity key named under `label`, when it is another.
        The label the lexicons give the key (`lexicon_labels`), if a third or more of the papers
        name it so (`LEXICON_SHARE`): the lexicons are curated, the papers' labels are extraction's
        guesses, and where they disagree (ViT a Method in 1,097 edges, a Technique in 1,212) the
        lexicons decide. Otherwise one label holds three quarters or more of the papers that name
        the key under any entity label, and five or more papers (`VOTE_SHARE`, `VOTE_PAPERS`).
        Otherwise None: the mention keeps its label (so does a label no paper names the key under).
        `capitals`: a bare acronym in capitals, as written; only the lexicons move it, and only if
        they write it so ("CORA", the reachability tool, is not the lexicons' "Cora")."""
        counts = self.tally().get(key)
        if not counts or len(counts) < 2 or label not in counts:
            return None
        listed = self._labels.get(key)
        part, whole = LEXICON_SHARE
        if (listed and listed.label in counts and whole * counts[listed.label] >= part * sum(counts.values())
                and (capitals is None or casing(capitals) in listed.spellings)):
            return None if listed.label == label else listed.label
        if capitals is not None:
            return None
        best = min(counts, key=lambda k: (-counts[k], k))
        share, of = VOTE_SHARE
        if best == label or counts[best] < VOTE_PAPERS or of * counts[best] < share * sum(counts.values()):
            return None
        return best

    def entity_for(self, label: NodeLabel | str, key: str, form: str, how: str = "") -> str:
        """The entity id of a mention resolved by key `key` (after its paper's own acronyms): its
        canonical key, unless its casing keeps it apart ("c" in `how`: a bare form, no acronym of
        its own, `spelled`); under the label the corpus votes ("v" in `how`: a field mention that
        is not its paper's proposed name), else its own. A bare all-capitals acronym that stands for
        itself ("MAE" the metric, "MAE" the masked autoencoder; "CD", "NIH") keeps its label, the
        label is what tells its senses apart, unless the lexicons give it one and write it so ("WER",
        a Metric)."""
        label = getattr(label, "value", label)
        target = self.canonical(label, key)
        if target != key and "c" in how and not self.spelled(label, key, form):
            return f"{label.lower()}:{key}"
        if "v" in how:
            label = self.voted(label, target, form if target == key and all_capitals(form) else None) or label
        return f"{label.lower()}:{target}"

    def _sense(self, label: str, key: str) -> str:
        """One step: the long form of a name's dominant sense, else the name itself. A sense is
        dominant when it has two thirds or more of the definitions and the corpus vouches for it:
        two or more papers define it so, or a lexicon names it so (a lexicon is curated: one paper
        writing its alias suffices). A single paper's acronym decides for that paper only (its own
        mentions go to its long form: extraction names them by it, `own_definitions` a proposed
        name written as the acronym), not for the bare uses of other papers."""
        longs = self._long_of.get((label, key))
        if not longs:
            return key
        best = min(longs, key=lambda k: (-longs[k], k)) if len(longs) > 1 else next(iter(longs))
        if 3 * longs[best] < 2 * sum(longs.values()):
            return key
        return best if longs[best] >= 2 or best in self._lexicon_of.get((label, key), ()) else key

    def _rule(self, label: str, key: str, long_key: str) -> str:
        """The rule by which a sense decided (`_sense` chose it)."""
        longs = self._long_of[(label, key)]
        if longs[long_key] < 2:
            return "lexicon"
        return "definition" if len(longs) == 1 else "dominant sense"

    def canonical(self, label: NodeLabel | str, key: str) -> str:
        """The key a name resolves to: its dominant sense, followed while that has one in turn (a
        lexicon's "peak signal-to-noise ratio" → "PSNR" and the papers' "PSNR" → "peak
        signal-to-noise ratio" make a cycle, whose smallest key stands for all)."""
        label = getattr(label, "value", label)
        seen = [key]
        for _ in range(4):
            nxt = self._sense(label, seen[-1])
            if nxt == seen[-1]:
                break
            if nxt in seen:
                return min(seen[seen.index(nxt):])
            seen.append(nxt)
        return seen[-1]

    def steps(self, label: NodeLabel | str, key: str) -> list[Step]:
        """How a name key reaches the key it resolves to (`canonical`), step by step, with the
        definitions that decided each; no steps when it stands for itself. In a cycle, the steps end
        at its smallest key, as `canonical` does."""
        label = getattr(label, "value", label)
        seen = [key]
        steps: list[Step] = []
        for _ in range(4):
            nxt = self._sense(label, seen[-1])
            if nxt == seen[-1]:
                break
            longs = self._long_of[(label, seen[-1])]
            steps.append(Step(seen[-1], nxt, self._rule(label, seen[-1], nxt), longs[nxt], sum(longs.values())))
            if nxt in seen:
                return steps[:seen.index(min(seen[seen.index(nxt):]))]
            seen.append(nxt)
        return steps

    def undecided(self, label: NodeLabel | str, key: str) -> dict[str, int]:
        """The long forms papers give a name none of which is dominant (it stays its own node): one
        paper's definition only, or definitions that disagree."""
        longs = self._long_of.get((getattr(label, "value", label), key)) or {}
        return dict(longs) if longs and self._sense(getattr(label, "value", label), key) == key else {}

    def resolution(self, label: NodeLabel, name: str, short: str | None = None,
                   own: dict[str, str] | None = None, vote: bool = False) -> Resolution | None:
        """Where a mention goes (nothing is counted): None for a name with no letters or digits.
        `own`: the acronyms the mention's paper defines (`own_definitions`); such an acronym goes
        where its long form goes, whatever other papers make of it. Otherwise a bare form goes
        where its name's senses lead only if its casing allows (`spelled`). `vote`: a field
        mention, which joins the node of the label the corpus votes for its entity (`voted`)."""
        name = surface(name)
        key = name_key(name)
        if not key:
            return None
        if short and not _fits(short, name):
            short = None
        how = "" if short or (own and key in own) else "c"
        if own:
            key = own.get(key, key)
        if vote:
            how += "v"
        return Resolution(label, key, self.entity_for(label, key, name, how), name, short, how)

    def add(self, res: Resolution) -> Entity:
        """Count a resolved mention in its entity (created on first use)."""
        ent = self.entities.get(res.entity)
        if ent is None:
            ent = self.entities[res.entity] = Entity(res.entity, res.node_label, res.form)
        ent.forms[res.form] += 1
        if res.short:
            ent.aliases.add(res.short)
        return ent

    def resolve(self, label: NodeLabel, name: str, short: str | None = None) -> Entity | None:
        """The entity for a mention, counted in it; created on first use."""
        res = self.resolution(label, name, short)
        return None if res is None else self.add(res)

    def explain_name(self, name: str, lookup: Callable[[str], tuple[dict[str, int], dict[str, int]] | None]) -> list[Merge]:
        """The resolution log of every entity a name resolves to, under any entity label: `lookup`
        gives an entity id's (surface form counts, acronym counts), None if the graph has no such
        entity. A name some papers define in senses none dominates has its own "undecided" row; a
        name the label vote moves, a "label vote" row; a form its casing keeps apart, a "casing" row."""
        key = name_key(surface(name))
        merges: list[Merge] = []
        explained: set[str] = set()
        for label in ENTITY_LABELS:
            if not key:
                break
            eid = self.entity_for(label, key, surface(name), "cv")
            found = lookup(eid)
            if found is None:
                continue
            shown = display_name(found[0], label)
            if eid.partition(":")[2] == key and self.canonical(label, key) != key:
                merges.append(self._casing(eid, label.value, shown, surface(name), 0, key))
            elif (voted := label_of(eid).value) != label.value:
                merges.append(Merge(eid, voted, shown, name, 0, key, "label vote",
                                    (self._vote_step(label.value, self.canonical(label, key)),) + tuple(self.steps(label, key))))
            else:
                steps = tuple(self.steps(label, key))
                if steps and surface(name) not in found[0]:  # how the name asked for reaches the entity
                    merges.append(Merge(eid, label.value, shown, name, 0, key, "definition", steps))
            if eid not in explained:
                explained.add(eid)
                merges += self.explain(eid, label_of(eid), *found)
            senses = self.undecided(label, key)
            if senses:
                total = sum(senses.values())
                why = "single definition, not dominant" if len(senses) == 1 else "no dominant sense"
                merges.append(Merge(eid, label.value, shown, name, 0, key, "undecided",
                                    tuple(Step(key, long, why, n, total) for long, n in sorted(senses.items()))))
        return merges

    def _vote_step(self, label: str, target: str) -> Step:
        """The label vote that moved an entity key named under `label`, as a step: label → label, papers;
        its rule "lexicon label" when the lexicons' label decided it, else "label vote"."""
        counts = self.tally().get(target, {})
        voted = self.voted(label, target) or label
        listed = self._labels.get(target)
        rule = "lexicon label" if listed and listed.label == voted else "label vote"
        return Step(label, voted, rule, counts.get(voted, 0), sum(counts.values()))

    def _casing(self, eid: str, label: str, name: str, form: str, count: int, key: str) -> Merge:
        """The log row of a form its casing keeps apart from its name's sense (`spelled`)."""
        sense = self._sense(label, key)
        longs = self._long_of.get((label, key), {})
        written = sorted(self._spell_of.get((label, key), {}).get(sense, {}))
        step = Step(key, sense, f"definitions write {', '.join(map(repr, written)) or 'no spelling'}, not "
                               f"{casing(form)!r}:", longs.get(sense, 0), sum(longs.values()))
        return Merge(eid, label, name, form, count, key, "casing", (step,))

    def explain(self, eid: str, label: NodeLabel | str, forms: dict[str, int], shorts: dict[str, int]) -> list[Merge]:
        """Why each surface form and acronym of an entity is one of its names (its resolution log)."""
        label = getattr(label, "value", label)
        name = display_name(forms, label)
        merges = []
        for form in sorted(forms, key=lambda f: (-forms[f], f)):
            key = name_key(form)
            steps = tuple(self.steps(label, key))
            if form == name:
                merges.append(Merge(eid, label, name, form, forms[form], key, "name", steps))
            elif self.entity_for(label, key, form, "c") == eid:
                rule = "definition" if steps else "same key"
                merges.append(Merge(eid, label, name, form, forms[form], key, rule, steps))
            elif steps and eid == f"{label.lower()}:{key}" and not self.spelled(label, key, form):
                merges.append(self._casing(eid, label, name, form, forms[form], key))
            else:
                other = next((lab.value for lab in ENTITY_LABELS if lab.value != label
                              and self.entity_for(lab, key, form, "cv") == eid), None)
                if other is not None:
                    merges.append(Merge(eid, label, name, form, forms[form], key, "label vote",
                                        (self._vote_step(other, self.canonical(other, key)),) + tuple(self.steps(other, key))))
                else:
                    merges.append(Merge(eid, label, name, form, forms[form], key, "acronym", steps))
        for short in sorted(set(shorts) - set(forms)):
            merges.append(Merge(eid, label, name, short, shorts[short], name_key(short), "acronym"))
        return merges

    def finish(self) -> None:
        """Choose each entity's display name (`display_name`): its most frequent form, ties broken by the longest, then
        alphabetically; a named method's singular over its plural."""
        for ent in self.entities.values():
            ent.name = display_name(ent.forms, ent.label)
            ent.aliases = {f for f in (set(ent.forms) | ent.aliases) if f != ent.name}


def surface(name: str) -> str:
    """A surface form without the stray marks extraction leaves at its end ("F1-", "Transformer~",
    "models'").

    >>> surface("F1-"), surface("large language models'"), surface("C++")
    ('F1', 'large language models', 'C++')
    """
    return name.rstrip("-–—~'’ ") or name


def display_name(forms: dict[str, int], label: str | None = None) -> str:
    """The most frequent surface form, ties broken by the longest, then alphabetically; a named method's plural gives
    way to its singular where papers write that too: a model is named in the singular ("Decision Transformer",
    "Vision Transformer"), and its plural reads as the family (a technique).

    >>> display_name({"GNN": 2, "graph neural network": 2, "GNNs": 1})
    'graph neural network'
    >>> display_name({"Vision Transformers": 5, "Vision Transformer": 4}, "Method")
    'Vision Transformer'
    """
    if len(forms) == 1:
        return next(iter(forms))
    name = min(forms, key=lambda f: (-forms[f], -len(f), f))
    if label == NodeLabel.METHOD and name.endswith("s") and name[:-1] in forms:
        return name[:-1]
    return name


def _fits(short: str, long: str) -> bool:
    """Whether an acronym may be an alias of a name: its letters fit it and the numbers agree."""
    return name_key(short) == name_key(long) or (acronym_fits(short, long) and same_identity(short, long, words=False))


def _acronym(name: str) -> bool:
    return " " not in name.strip() and sum(ch.isupper() for ch in name) >= 2


def is_synonym(name: str, other: str) -> bool:
    """Whether a lexicon or paper may give `other` as the canonical name of `name`: not another
    version or variant, not a phrase it refines or a sibling phrase, and an acronym's letters fit.

    >>> is_synonym("SGD", "stochastic gradient descent"), is_synonym("GPT-4V", "GPT-4"), is_synonym("Llama 3", "Llama-3")
    (True, False, True)
    """
    if name_key(name) == name_key(other):
        return True
    if _acronym(name) and " " in other.strip():
        return _fits(name, other)
    if _acronym(other) and " " in name.strip():
        return _fits(other, name)
    if " " not in name.strip() and " " not in other.strip() and (name_key(name) in name_key(other) or name_key(other) in name_key(name)):
        return False  # one name inside another: "mT5" / "T5", "RoBERTa" / "BERT"
    return same_identity(name, other) and not more_specific(name, other) and not more_specific(other, name)


def _definitions(name: str, long_form: str | None, short: str | None) -> Iterator[tuple[str, str, bool, str]]:
    """(name key, long form key, from a lexicon, the name's casing as written) of a mention: the
    acronym its paper defines for it, and the lexicon's canonical name (a mention's `long_form` is
    only ever a lexicon's)."""
    name = surface(name)
    key = name_key(name)
    if not key:
        return
    if short and name_key(short) and name_key(short) != key and _fits(short, name):
        yield name_key(short), key, False, casing(short)
    if long_form and name_key(long_form) and name_key(long_form) != key and is_synonym(name, long_form):
        yield key, name_key(long_form), True, casing(name)


def definitions(ext) -> list[Definition]:
    """Every definition a paper makes (an acronym and its long form, a lexicon alias and its
    canonical name), each once, as `Resolver.observe` records them: the resolver counts papers."""
    shorts = {v: k for k, v in ext.abbreviations.items()}
    return list(dict.fromkeys(Definition(FIELD_LABEL[m.field].value, *d[:3]) for m in ext.mentions
                              for d in _definitions(m.text, m.long_form, shorts.get(m.text))))


def spellings(ext) -> list[Spelling]:
    """How a paper writes each name it defines (`Spelling`), each once."""
    shorts = {v: k for k, v in ext.abbreviations.items()}
    return list(dict.fromkeys(Spelling(FIELD_LABEL[m.field].value, d[0], d[1], d[3]) for m in ext.mentions
                              for d in _definitions(m.text, m.long_form, shorts.get(m.text))))


def field_labels(ext) -> list[tuple[object, NodeLabel]]:
    """Every field mention of a paper with the label of its node: its field's, but a proposed name
    the paper also gives as a dataset is a Dataset (a benchmark it introduces), and one it also gives as
    a metric a Metric (a measure it introduces)."""
    datasets = {normalise(m.text) for m in ext.mentions if m.field == "datasets"}
    metrics = {normalise(m.text) for m in ext.mentions if m.field == "metrics"}
    for short, long in ext.abbreviations.items():  # "TRank (Trajectory Ranker), a … metric": both name the Metric
        for named in (datasets, metrics):
            if normalise(long) in named:
                named.add(normalise(short))

    def label(m) -> NodeLabel:
        if m.field == "proposed":
            key = normalise(m.text)
            if key in datasets:
                return NodeLabel.DATASET
            if key in metrics:
                return NodeLabel.METRIC
        return FIELD_LABEL[m.field]

    return [(m, label(m)) for m in ext.mentions]


def votes(ext) -> list[Vote]:
    """The (label, name key) of every field mention of a paper, each once: its votes in the corpus
    label vote (`Resolver.voted`). The key is the one the mention resolves by: a name the paper
    defines as its own acronym counts as its long form."""
    own = own_definitions(ext)
    found = []
    for m, label in field_labels(ext):
        key = name_key(surface(m.text))
        if key:
            found.append(Vote(label.value, own.get(key, key)))
    return list(dict.fromkeys(found))


def notes(ext) -> list[Definition | Spelling | Vote]:
    """All a paper tells the resolver about the corpus: its definitions, their spellings, its votes."""
    return [*definitions(ext), *spellings(ext), *votes(ext)]


def casing(form: str) -> str:
    """A name's letters and digits as written, an acronym's plural "s" dropped: what a spelling is
    compared by (`Resolver.spelled`).

    >>> casing("LoRAs"), casing("Res-Nets"), casing("GPT-4o"), casing("Bert")
    ('LoRA', 'ResNet', 'GPT4o', 'Bert')
    """
    s = "".join(ch for ch in surface(form) if ch.isalnum())
    if len(s) > 2 and s.endswith("s") and not s[:-1].islower():
        s = s[:-1]
    return s


def all_capitals(form: str) -> bool:
    """Whether a form is an acronym in capitals (an acronym's plural "s" aside): "MAE", "GNNs", "3DGS".

    >>> all_capitals("MAEs"), all_capitals("LoRA"), all_capitals("Human3.6M"), all_capitals("X")
    (True, False, False, False)
    """
    letters = [ch for ch in casing(form) if ch.isalpha()]
    return len(letters) >= 2 and all(ch.isupper() for ch in letters)


#: a space or a dash: a name of several words, whose casing is no spelling of an acronym
_SEVERAL_WORDS = re.compile(r"[\s\-‐‑–—]")


def _lower_then_capitals(cased: str) -> bool:
    """A lower-case letter, then capitals only: "vLLM", "mAP", "xLSTM" (no sentence starts so)."""
    letters = [ch for ch in cased if ch.isalpha()]
    return len(letters) >= 3 and letters[0].islower() and all(ch.isupper() for ch in letters[1:])


def _first_letter_aside(cased: str) -> str:
    return cased[:1].lower() + cased[1:]


def distinct_casing(cased: str) -> bool:
    """Whether a casing tells a name apart: capitals and lower case mixed past the first letter
    ("LoRA", "LoRa", "GPT4o", "mT5"); all capitals, all lower case or only a capital first letter
    ("LORA", "lora", "Lora", "Bert") is how one may write any name.

    >>> [distinct_casing(c) for c in ("LoRa", "LoRA", "mT5", "BERT", "Bert", "lora", "GNN")]
    [True, True, True, False, False, False, False]
    """
    letters = [ch for ch in cased if ch.isalpha()]
    return any(ch.islower() for ch in letters) and any(ch.isupper() for ch in letters[1:])


def own_definitions(ext) -> dict[str, str]:
    """The acronyms a paper defines whose letters fit their long forms: acronym key → long form key.
    Extraction names most such mentions by the long form already; a proposed method's acronym
    ("we propose ASRD (Anchor Supervised Revocable Decoding)") keeps its own name."""
    own = {}
    for short, long in ext.abbreviations.items():
        key, long_key = name_key(surface(short)), name_key(surface(long))
        if key and long_key and key != long_key and _fits(short, long):
            own[key] = long_key
    return own


def variant_links(entities: Iterable[tuple[str, str, str]]) -> list[tuple[str, str]]:
    """(variant id, family id) for every entity whose family is an entity of the same label: the
    nearest one up its name's family (`family()`: "Llama-3.1-8B" → "Llama-3.1" → "Llama-3" → …).
    `entities` gives (id, label, display name)."""
    ids = set()
    rows = []
    for eid, label, name in entities:
        ids.add(eid)
        rows.append((eid, label, name))
    links = []
    for eid, label, name in sorted(rows):
        up = family(name)
        while up is not None:
            fid = node_id(label, up)
            if fid != eid and fid in ids:
                links.append((eid, fid))
                break
            up = family(up)
    return links
