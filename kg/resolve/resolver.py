"""Resolution: mentions from all papers → one entity per (label, canonical name), with aliases.

Two passes, so the result does not depend on the order of papers: the first collects the
long forms papers define for names and acronyms; the second assigns each mention to an entity.
An acronym defined in a paper ("graph neural networks (GNNs)") joins its long form there; a bare
acronym elsewhere joins that long form only if every paper that defines it agrees.
"""
from __future__ import annotations

from collections import Counter
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

    def canonical(self, label: NodeLabel | str, key: str) -> str:
        """The key a name resolves to: the long form every paper that defines it agrees on, else itself."""
        longs = self._long_of.get((getattr(label, "value", label), key))
        if longs and len(longs) == 1:
            return next(iter(longs))
        return key

    def resolve(self, label: NodeLabel, name: str, short: str | None = None) -> Entity | None:
        """The entity for a mention; created on first use. With a `journal` list set, every call
        is logged to it as (label, name key, entity, surface form, acronym)."""
        key = normalise(name)
        if not key:
            return None
        eid = node_id(label.value, self.canonical(label, key))
        ent = self.entities.get(eid)
        if ent is None:
            ent = self.entities[eid] = Entity(eid, label, name)
        ent.forms[name] += 1
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


def display_name(forms: dict[str, int]) -> str:
    """The most frequent surface form, ties broken by the longest, then alphabetically.

    >>> display_name({"GNN": 2, "graph neural network": 2, "GNNs": 1})
    'graph neural network'
    """
    if len(forms) == 1:
        return next(iter(forms))
    return min(forms, key=lambda f: (-forms[f], -len(f), f))


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
