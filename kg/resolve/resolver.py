"""Resolution: mentions from all papers → one entity per (label, canonical name), with aliases.

Two passes, so the result does not depend on the order of papers: the first collects the
long forms papers define for names and acronyms; the second assigns each mention to an entity.
An acronym defined in a paper ("graph neural networks (GNNs)") joins its long form there; a bare
acronym elsewhere joins that long form only if every paper that defines it agrees.
"""
from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field

from ..ontology import FIELD_LABEL, NodeLabel
from .normalize import node_id, normalise


@dataclass
class Entity:
    """A resolved node: stable id, label, display name and every surface form seen."""

    id: str
    label: NodeLabel
    name: str
    aliases: set[str] = field(default_factory=set)
    forms: Counter = field(default_factory=Counter)


class Resolver:
    """Collect the long forms papers define (`observe`), then map each mention to its entity (`resolve`)."""

    def __init__(self) -> None:
        self._long_of: dict[tuple[NodeLabel, str], set[str]] = defaultdict(set)  # (label, norm acronym) → norm long forms
        self.entities: dict[str, Entity] = {}
        self.journal: list | None = None

    def observe(self, label: NodeLabel, name: str, long_form: str | None = None, short: str | None = None) -> None:
        """Record one mention's name, with its paper's long form or acronym when it has one."""
        for key, long_key in _definitions(name, long_form, short):
            self._long_of[(label, key)].add(long_key)

    def observe_extraction(self, ext) -> None:
        for label, key, long_key in definitions(ext):
            self._long_of[(NodeLabel(label), key)].add(long_key)

    def define(self, label: NodeLabel, key: str, long_key: str) -> None:
        """Add one definition as `definitions()` gives it (a build index replays them)."""
        self._long_of[(label, key)].add(long_key)

    def long_forms(self) -> dict[tuple[NodeLabel, str], frozenset[str]]:
        return {k: frozenset(v) for k, v in self._long_of.items()}

    def _canonical_key(self, label: NodeLabel, key: str) -> str:
        longs = self._long_of.get((label, key))
        if longs and len(longs) == 1:
            return next(iter(longs))
        return key

    def resolve(self, label: NodeLabel, name: str, short: str | None = None) -> Entity | None:
        """The entity for a mention; created on first use. With a `journal` list set, every call
        is logged to it as (label, name key, entity, surface form, acronym)."""
        key = normalise(name)
        if not key:
            return None
        ent = self.use(label, self._canonical_key(label, key), name, short)
        if self.journal is not None:
            self.journal.append((label, key, ent.id, name, short))
        return ent

    def use(self, label: NodeLabel, canonical: str, name: str, short: str | None = None, count: int = 1) -> Entity:
        """Count one surface form (and acronym) of the entity of a canonical key."""
        eid = node_id(label.value, canonical)
        ent = self.entities.get(eid)
        if ent is None:
            ent = Entity(eid, label, name)
            self.entities[eid] = ent
        ent.forms[name] += count
        if short:
            ent.aliases.add(short)
        return ent

    def canonical(self, label: NodeLabel, key: str) -> str:
        return self._canonical_key(label, key)

    def finish(self) -> None:
        """Choose each entity's display name: its most frequent form, ties broken by the longest, then alphabetically."""
        for ent in self.entities.values():
            forms = ent.forms
            ent.name = sorted(forms, key=lambda f: (-forms[f], -len(f), f))[0]
            ent.aliases = {f for f in (set(forms) | ent.aliases) if f != ent.name}


def _definitions(name: str, long_form: str | None, short: str | None) -> Iterator[tuple[str, str]]:
    key = normalise(name)
    if not key:
        return
    if short and normalise(short):
        yield normalise(short), key
    if long_form and normalise(long_form):
        yield key, normalise(long_form)


def definitions(ext) -> list[tuple[str, str, str]]:
    """(label, name key, long form key) for every definition a paper makes: an acronym and its long
    form, as `Resolver.observe` records them."""
    shorts = {v: k for k, v in ext.abbreviations.items()}
    return [(FIELD_LABEL[m.field].value, key, long_key) for m in ext.mentions
            for key, long_key in _definitions(m.text, m.long_form, shorts.get(m.text))]
