"""Resolution: mentions from all papers → one entity per (label, canonical name), with aliases.

Two passes, so the result does not depend on the order of papers: the first collects the
long forms papers define for names and acronyms; the second assigns each mention to an entity.
An acronym defined in a paper ("graph neural networks (GNNs)") joins its long form there; a bare
acronym elsewhere joins that long form only if every paper that defines it agrees.
"""
from __future__ import annotations

from collections import Counter, defaultdict
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

    def observe(self, label: NodeLabel, name: str, long_form: str | None = None, short: str | None = None) -> None:
        """Record one mention's name, with its paper's long form or acronym when it has one."""
        key = normalise(name)
        if not key:
            return
        if short:
            self._long_of[(label, normalise(short))].add(key)
        if long_form:
            self._long_of[(label, key)].add(normalise(long_form))

    def observe_extraction(self, ext) -> None:
        shorts = {v: k for k, v in ext.abbreviations.items()}
        for m in ext.mentions:
            self.observe(FIELD_LABEL[m.field], m.text, long_form=m.long_form, short=shorts.get(m.text))

    def _canonical_key(self, label: NodeLabel, key: str) -> str:
        longs = self._long_of.get((label, key))
        if longs and len(longs) == 1:
            return next(iter(longs))
        return key

    def resolve(self, label: NodeLabel, name: str, short: str | None = None) -> Entity | None:
        """The entity for a mention; created on first use."""
        key = normalise(name)
        if not key:
            return None
        key = self._canonical_key(label, key)
        eid = node_id(label.value, key) if key else None
        ent = self.entities.get(eid)
        if ent is None:
            ent = Entity(eid, label, name)
            self.entities[eid] = ent
        ent.forms[name] += 1
        if short:
            ent.aliases.add(short)
        return ent

    def finish(self) -> None:
        """Choose each entity's display name: its most frequent form, ties broken by the longest, then alphabetically."""
        for ent in self.entities.values():
            forms = ent.forms
            ent.name = sorted(forms, key=lambda f: (-forms[f], -len(f), f))[0]
            ent.aliases = {f for f in (set(forms) | ent.aliases) if f != ent.name}

