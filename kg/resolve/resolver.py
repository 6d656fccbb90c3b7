"""Resolution: mentions from all papers → one entity per (label, canonical name), with aliases.

Two passes, so the result does not depend on the order of papers: the first collects the
long forms papers define for names and acronyms; the second assigns each mention to an entity.
The identity rules (kg/resolve/normalize.py) decide which definitions count:

- an acronym defined in a paper ("graph neural networks (GNNs)") is that paper's long form
  (extraction names the mention by it), and becomes its alias only if its letters fit it;
- a bare acronym elsewhere joins a long form only when that sense is dominant: at least two
  thirds of the papers that define it agree; otherwise it stays its own node;
- a definition or lexicon alias never joins two versions, sizes or variants ("GPT-4V" → "GPT-4"),
  nor a phrase to a hub it refines ("video-language models" → "vision-language models");
- variants are linked to their family afterwards (`variant_links`, `VARIANT_OF`).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from ..ontology import FIELD_LABEL, NodeLabel
from .normalize import acronym_fits, family, more_specific, name_key, node_id, same_identity


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

    The definitions are counted ((label, name key) → long form key → papers' definitions), so a
    build can also take back what a removed paper defined (`define(..., -1)`).
    """

    def __init__(self, long_of: dict | None = None) -> None:
        self._long_of: dict[tuple[str, str], dict[str, int]] = {} if long_of is None else long_of
        self.entities: dict[str, Entity] = {}
        self.journal: list | None = None

    def observe(self, label: NodeLabel, name: str, long_form: str | None = None, short: str | None = None) -> None:
        """Record one mention's name, with its paper's long form or acronym when it has one."""
        for key, long_key in _definitions(name, long_form, short):
            self.define(label.value, key, long_key)

    def observe_extraction(self, ext) -> None:
        for label, key, long_key in definitions(ext):
            self.define(label, key, long_key)

    def define(self, label: str, key: str, long_key: str, n: int = 1) -> None:
        """Count one definition as `definitions()` gives it (n = -1 takes one back)."""
        longs = self._long_of.setdefault((label, key), {})
        count = longs.get(long_key, 0) + n
        if count > 0:
            longs[long_key] = count
        else:
            longs.pop(long_key, None)
            if not longs:
                del self._long_of[(label, key)]

    def defined(self) -> list[tuple[str, str]]:
        """Every (label, name key) some paper or lexicon gives a long form or canonical name for."""
        return list(self._long_of)

    def _sense(self, label: str, key: str) -> str:
        """One step: the long form of a name's dominant sense (two thirds or more of the papers
        that define it), else the name itself."""
        longs = self._long_of.get((label, key))
        if not longs:
            return key
        if len(longs) == 1:
            return next(iter(longs))
        best = min(longs, key=lambda k: (-longs[k], k))
        return best if 3 * longs[best] >= 2 * sum(longs.values()) else key

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

    def resolve(self, label: NodeLabel, name: str, short: str | None = None) -> Entity | None:
        """The entity for a mention; created on first use. With a `journal` list set, every call
        is logged to it as (label, name key, entity, surface form, acronym)."""
        name = surface(name)
        key = name_key(name)
        if not key:
            return None
        eid = f"{label.value.lower()}:{self.canonical(label, key)}"
        ent = self.entities.get(eid)
        if ent is None:
            ent = self.entities[eid] = Entity(eid, label, name)
        ent.forms[name] += 1
        if short and not _fits(short, name):
            short = None
        if short:
            ent.aliases.add(short)
        if self.journal is not None:
            self.journal.append((label, key, ent.id, name, short))
        return ent

    def finish(self) -> None:
        """Choose each entity's display name: its most frequent form, ties broken by the longest, then alphabetically."""
        for ent in self.entities.values():
            ent.name = display_name(ent.forms)
            ent.aliases = {f for f in (set(ent.forms) | ent.aliases) if f != ent.name}


def surface(name: str) -> str:
    """A surface form without the stray marks extraction leaves at its end ("F1-", "Transformer~",
    "models'").

    >>> surface("F1-"), surface("large language models'"), surface("C++")
    ('F1', 'large language models', 'C++')
    """
    return name.rstrip("-–—~'’ ") or name


def display_name(forms: dict[str, int]) -> str:
    """The most frequent surface form, ties broken by the longest, then alphabetically.

    >>> display_name({"GNN": 2, "graph neural network": 2, "GNNs": 1})
    'graph neural network'
    """
    if len(forms) == 1:
        return next(iter(forms))
    return min(forms, key=lambda f: (-forms[f], -len(f), f))


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


def _definitions(name: str, long_form: str | None, short: str | None) -> Iterator[tuple[str, str]]:
    name = surface(name)
    key = name_key(name)
    if not key:
        return
    if short and name_key(short) and name_key(short) != key and _fits(short, name):
        yield name_key(short), key
    if long_form and name_key(long_form) and name_key(long_form) != key and is_synonym(name, long_form):
        yield key, name_key(long_form)


def definitions(ext) -> list[tuple[str, str, str]]:
    """(label, name key, long form key) for every definition a paper makes: an acronym and its long
    form, as `Resolver.observe` records them."""
    shorts = {v: k for k, v in ext.abbreviations.items()}
    return [(FIELD_LABEL[m.field].value, key, long_key) for m in ext.mentions
            for key, long_key in _definitions(m.text, m.long_form, shorts.get(m.text))]


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
