"""Graph: resolved entities and claims → a typed networkx MultiDiGraph (node key = id, edge key = type).

Every edge that comes from text carries its evidence: `sentence`, `start`, `end` (character
offsets in the paper's abstract as given) and the `rule` that found it; an edge to a named entity also its
`confidence`, the mention typer's probability that the words name an entity of that kind, where the typer
scored them.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

import networkx as nx

from .latex import plain
from .ontology import FIELD_REL, PATTERNS, NodeLabel, RelType
from .records import Evidence, Extraction
from .records import Document
from .resolve.normalize import name_key
from .resolve.papers import paper_identity
from .resolve.resolver import Resolution, Resolver, field_labels, own_definitions, variant_links
from .text import bare_name, is_generic_baseline, normalise

L, R = NodeLabel, RelType

#: the relationship from a paper to a field mention the corpus label vote gave another label
#: (`Resolver.voted`): the one of a mention of that label's field
LABEL_REL = {L.METHOD: R.USES, L.TECHNIQUE: R.USES, L.DATASET: R.EVALUATED_ON, L.METRIC: R.MEASURED_BY, L.TASK: R.ADDRESSES}


def paper_id(doc: Document) -> str:
    """The id of a paper: from its record's identifier, else a hash of its title and abstract
    (kg/resolve/papers.py), never from the file and line it was read from.

    >>> paper_id(Document("a.jsonl", 3, "…", {"id": "arxiv:2604.20737v1"}))
    'paper:arxiv/2604.20737'
    """
    return paper_identity(doc.meta, doc.text).id


def repository_id(url: str) -> str:
    """One node per repository, however the URL is written.

    >>> repository_id("https://github.com/ZheruiHuang/GeoFlow.git/")
    'repository:github.com/zheruihuang/geoflow'
    """
    u = re.sub(r"^[a-z]+://", "", url.strip().lower()).removeprefix("www.")
    u = re.sub(r"(?:\.git)?/*$", "", u)
    return f"repository:{u}"


def caption(title: str | None, abstract: str, words: int = 8) -> str:
    """What a reader calls a paper: its title, or the first words of its abstract, as plain text.

    >>> caption(None, "We propose **GeoFlow**, a flow on manifolds for fast sampling of proteins.")
    'We propose GeoFlow, a flow on manifolds for…'
    """
    if title and plain(str(title)).strip():
        return plain(str(title)).strip()
    first = plain(abstract).split()
    return " ".join(first[:words]).rstrip(",;:") + ("…" if len(first) > words else "")


def repository_caption(url: str) -> str:
    """`owner/repo` of a repository URL (the host is kept when it is not GitHub).

    >>> repository_caption("https://github.com/ZheruiHuang/GeoFlow.git"), repository_caption("https://gitlab.com/a/b")
    ('ZheruiHuang/GeoFlow', 'gitlab.com/a/b')
    """
    u = re.sub(r"^[a-zA-Z]+://", "", url.strip()).removeprefix("www.")
    u = re.sub(r"(?:\.git)?/*$", "", u)
    return u.removeprefix("github.com/")


def _evidence(ev: Evidence) -> dict:
    data = {"sentence": ev.sentence, "start": ev.start, "end": ev.end, "rule": ev.rule}
    if ev.confidence is not None:
        data["confidence"] = ev.confidence  # the typer's probability that the span names an entity of this kind
    if ev.part != "abstract":
        data["part"] = ev.part  # "title": the sentence is the paper's title, the offsets point into it
    shown = plain(ev.sentence)
    if shown != ev.sentence:
        data["sentence_plain"] = shown  # the sentence to read; `sentence` stays as written (offsets point into it)
    return data


def _clean(props: dict) -> dict:
    return {k: v for k, v in props.items() if v is not None and v != "" and v != []}


class GraphBuilder:
    """Adds papers one at a time to a MultiDiGraph, resolving names with a `Resolver` that has
    already observed every paper; `resolutions` lists, in order, where each name it met went."""

    def __init__(self, resolver: Resolver):
        self.resolver = resolver
        self.G = nx.MultiDiGraph()
        self.resolutions: list[Resolution] = []
        self._own: dict[str, str] = {}  # the acronyms the paper being added defines

    def node(self, nid: str, label: NodeLabel, **props) -> str:
        if nid in self.G:
            self.G.nodes[nid].update(_clean(props))
        else:
            self.G.add_node(nid, label=label.value, **_clean(props))
        return nid

    def edge(self, src: str, rel: RelType, dst: str, evidence: Evidence | None = None, **props) -> None:
        assert (L(self.G.nodes[src]["label"]), rel, L(self.G.nodes[dst]["label"])) in PATTERNS, (src, rel, dst)
        if self.G.has_edge(src, dst, key=rel.value):
            return  # the first evidence in reading order is kept; the edge exists once
        data = _evidence(evidence) if evidence else {}
        self.G.add_edge(src, dst, key=rel.value, type=rel.value, **data, **_clean(props))

    def entity(self, label: NodeLabel, name: str, short: str | None = None, vote: bool = False) -> str | None:
        """The node of a name, resolved (`vote`: a field mention, which the corpus label vote may move)."""
        res = self.resolver.resolution(label, name, short, self._own, vote)
        if res is None:
            return None
        self.resolutions.append(res)
        return self.node(res.entity, res.node_label)

    def add(self, ext: Extraction, sources: list[str] | None = None) -> None:
        """Add one paper; `sources` lists every input that holds it (default: its own)."""
        doc = ext.document
        meta = doc.meta
        identity = paper_identity(meta, doc.text)
        pid = self.node(identity.id, L.PAPER, sources=sources or [doc.source],
                        title=meta.get("title"), abstract=doc.text, year=meta.get("year"), venue=meta.get("venue"),
                        url=meta.get("url"), doi=meta.get("doi"), paper_id=meta.get("id"),
                        authors=meta.get("authors") if isinstance(meta.get("authors"), list) else None,
                        same_as=list(identity.same_as))
        self.G.nodes[pid]["caption"] = caption(meta.get("title"), doc.text)
        own = identity.id.removeprefix("paper:")
        if meta.get("venue"):
            vid = self.node(f"venue:{name_key(str(meta['venue']), plural=False)}", L.VENUE, name=str(meta["venue"]))
            self.edge(pid, R.PUBLISHED_IN, vid)
        shorts = {v: k for k, v in ext.abbreviations.items()}
        self._own = own_definitions(ext)
        method_ids: dict[str, str] = {}
        # a benchmark the paper introduces is proposed and a dataset: one Dataset node it PROPOSES (a measure it
        # introduces one Metric node)
        for m, label in field_labels(ext):
            # a field mention joins the node of the label the corpus votes for it, but a paper's
            # own proposed names keep theirs (PROPOSES a Method, a Dataset or a Metric)
            eid = self.entity(label, m.text, shorts.get(m.text), vote=m.field != "proposed")
            if eid is None:
                continue
            node_label = L(self.G.nodes[eid]["label"])
            if node_label is label:
                self.edge(pid, FIELD_REL[m.field], eid, m.evidence)
            else:  # the typer's confidence was of the mention's field, not of the label the corpus gave the name
                self.edge(pid, LABEL_REL[node_label], eid, replace(m.evidence, confidence=None))
            if node_label is L.METHOD:
                method_ids.setdefault(normalise(m.text), eid)
        for n, c in enumerate(ext.claims):
            sid = self.node(f"speedup:{own}#{n}", L.SPEEDUP, text=c.text, value=c.value,
                            value_max=c.value_max, unit=c.unit, kind=c.kind, quantity=c.quantity,
                            baseline_text=c.baseline, qualifier=c.qualifier, factor=c.factor, factor_max=c.factor_max,
                            **_evidence(c.evidence))
            self.edge(pid, R.CLAIMS, sid, c.evidence)
            if c.method:
                mid = method_ids.get(normalise(c.method)) or self.entity(L.METHOD, c.method)
                if mid:
                    self.edge(sid, R.ABOUT, mid, c.evidence)
            if c.baseline and not is_generic_baseline(c.baseline) and (baseline := bare_name(c.baseline)):
                bid = self.entity(L.METHOD, baseline)
                if bid:
                    self.edge(sid, R.OVER, bid, c.evidence)
                    self.edge(pid, R.COMPARES_WITH, bid, c.evidence)
        for n, r in enumerate(ext.results):
            rid = self.node(f"result:{own}#{n}", L.RESULT, text=r.text, metric_text=r.metric,
                            value=r.value, dataset_text=r.dataset, method_text=r.method, kind=r.kind,
                            baseline_text=r.baseline, **_evidence(r.evidence))
            self.edge(pid, R.REPORTS, rid, r.evidence)
            if r.metric:
                self.edge(rid, R.OF_METRIC, self.entity(L.METRIC, r.metric), r.evidence)
            if r.dataset:
                self.edge(rid, R.ON_DATASET, self.entity(L.DATASET, r.dataset), r.evidence)
            if r.method:
                mid = method_ids.get(normalise(r.method)) or self.entity(L.METHOD, r.method)
                self.edge(rid, R.BY_METHOD, mid, r.evidence)
        for url, ev in ext.code:
            cid = self.node(repository_id(url), L.REPOSITORY, url=url)
            self.G.nodes[cid].setdefault("caption", repository_caption(url))
            self.edge(pid, R.HAS_CODE, cid, ev)

    def finish(self) -> nx.MultiDiGraph:
        """Give entity nodes their final names and aliases, and link variants to their family."""
        for res in self.resolutions:
            self.resolver.add(res)
        self.resolver.finish()
        for ent in self.resolver.entities.values():
            if ent.id in self.G:
                self.G.nodes[ent.id]["name"] = ent.name
                self.G.nodes[ent.id]["aliases"] = sorted(ent.aliases)
        named = ((e.id, e.label.value, e.name) for e in self.resolver.entities.values() if e.id in self.G)
        for child, parent in variant_links(named):
            self.edge(child, R.VARIANT_OF, parent)
        return self.G


def paper_sources(documents: Iterable[Document]) -> dict[str, list[str]]:
    """Paper id → the sources that hold it, in input order, each once."""
    sources: dict[str, list[str]] = {}
    for doc in documents:
        have = sources.setdefault(paper_id(doc), [])
        if doc.source not in have:
            have.append(doc.source)
    return sources


def build_graph(extractions: Iterable[Extraction]) -> nx.MultiDiGraph:
    """The graph of a list of extractions (two passes over it). A paper given more than once
    (in two inputs, or twice in one) is one node, made from its first occurrence, listing every source.

    >>> build_graph([]).number_of_nodes()
    0
    """
    extractions = list(extractions)
    sources = paper_sources(ext.document for ext in extractions)
    firsts, seen = [], set()
    for ext in extractions:
        pid = paper_id(ext.document)
        if pid not in seen:
            seen.add(pid)
            firsts.append((ext, sources[pid]))
    resolver = Resolver()
    for ext in extractions:  # every occurrence's definitions count, as in the streamed build
        resolver.observe_extraction(ext)
    builder = GraphBuilder(resolver)
    for ext, srcs in firsts:
        builder.add(ext, srcs)
    return builder.finish()
