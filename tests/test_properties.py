"""Properties: arbitrary Unicode through the readers, the extractor, the claim parser and the RDF sink."""
import json

import rdflib
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import extract_text
from kg.build import graph_of
from kg.errors import SourceError
from kg.extract.claims import find_claims
from kg.extract.latex import clean
from kg.sources.abstracts import read_abstracts
from kg.sources.records import read_jsonl
from kg.sinks.rdf import to_rdf

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
# text that looks like abstracts now and then: words, numbers, × and %, LaTeX, brackets, any Unicode
PIECES = st.sampled_from(["We propose ", "FooNet", "GPT-4", " 3.5× ", "faster than ", "by 40% ", "$\\times$",
                          "\\textbf{", "}", "(", ")", "CIFAR-10", ". ", "\n\n", "https://github.com/a/b", "**",
                          "reduces latency ", "from 2 to 8 ", "on ImageNet", "’s", "–", "\u200b", "\u202e"])
TEXT = st.lists(st.one_of(PIECES, st.text(max_size=12)), max_size=30).map("".join)


@SETTINGS
@given(TEXT)
def test_properties_abstract_reader_never_fails(text):
    docs = list(read_abstracts(text, "x.txt"))
    assert [d.index for d in docs] == list(range(len(docs)))
    assert all(d.text and "\n" not in d.text for d in docs)


@SETTINGS
@given(st.lists(st.one_of(st.text(max_size=40), st.builds(lambda t: json.dumps({"abstract": t}), st.text())), max_size=8))
def test_properties_jsonl_reader_reads_or_says_where(lines):
    try:
        docs = list(read_jsonl("\n".join(lines), "x.jsonl", "x.jsonl"))
    except SourceError as exc:
        assert exc.line is not None and exc.line >= 1
    else:
        assert all(isinstance(d.text, str) for d in docs)


@SETTINGS
@given(TEXT)
def test_properties_clean_maps_every_character_back(text):
    c = clean(text)
    assert len(c.starts) == len(c.ends) == len(c.text)
    for i in range(len(c.text)):
        assert 0 <= c.starts[i] < c.ends[i] <= len(text)


@SETTINGS
@given(TEXT)
def test_properties_claim_offsets_inside_sentence(text):
    for claim in find_claims(text):
        assert 0 <= claim.evidence.start < claim.evidence.end <= len(text)
        assert claim.text and text[claim.evidence.start:].startswith(claim.text)
        assert claim.factor is None or claim.factor > 0


@SETTINGS
@given(TEXT)
def test_properties_extraction_evidence_is_the_text_at_its_offsets(nlp, text):
    import re
    ext = extract_text(nlp, text)
    evidences = [m.evidence for m in ext.mentions] + [c.evidence for c in ext.claims] + \
        [r.evidence for r in ext.results] + [e for _, e in ext.code]
    for ev in evidences:
        assert 0 <= ev.start < ev.end <= len(text)
        starts = [m.start() for m in re.finditer(re.escape(ev.sentence), text)] if ev.sentence else []
        assert any(p <= ev.start and ev.end <= p + len(ev.sentence) for p in starts), ev
    longs = set(ext.abbreviations.values())
    for m in ext.mentions:
        at = " ".join(clean(text[m.evidence.start:m.evidence.end]).text.split())
        assert at == m.text or m.text in longs, (at, m)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(TEXT, st.text(min_size=1, max_size=20))
def test_properties_turtle_round_trips_with_valid_iris(nlp, text, source):
    ext = extract_text(nlp, text, source=source)
    g = to_rdf(graph_of([ext]))
    turtle = g.serialize(format="ox-turtle")
    back = rdflib.Graph().parse(data=turtle, format="turtle")
    ntriples = rdflib.Graph().parse(data=g.serialize(format="ox-ntriples"), format="nt")
    from rdflib.compare import isomorphic
    assert isomorphic(back, ntriples)
    for s, p, o in back:
        for term in (s, p, o):
            if isinstance(term, rdflib.URIRef):
                assert not any(ch in str(term) for ch in ' <>"{}|^`\\') and str(term).startswith(("http://", "https://"))


@SETTINGS
@given(st.lists(st.one_of(PIECES, st.sampled_from([" ", "  ", "\t", "_", "'", "-", "×", "é", "\u00a0", "x1"]),
                          st.text(max_size=6)), max_size=20).map("".join), st.integers(0, 400))
def test_properties_word_before_is_the_regex_it_replaces(text, pos):
    import re

    from kg.extract.phrases import word_before
    pos = min(pos, len(text))
    window = text[max(0, pos - 60):pos]
    m = re.search(r"([A-Za-z0-9][\w\-–×']*)\s+$", window)
    assert word_before(text, pos) == (None if m is None else (pos - len(window) + m.start(1), m.group(1)))


@SETTINGS
@given(st.lists(st.one_of(PIECES, st.sampled_from(["ing", "learning", "sing ", "-coding", "'", "_", "é", "9", " ", "ing-"]),
                          st.text(max_size=6)), max_size=25).map("".join))
def test_properties_ing_words_are_the_patterns_matches(text):
    from kg.extract.phrases import ING_HEAD, ing_words
    assert list(ing_words(text)) == [m.span() for m in ING_HEAD.finditer(text)]


@SETTINGS
@given(st.lists(st.one_of(PIECES, st.sampled_from(["network", "networks ", "fine-tuning", "re-generation", "scores",
                                                   "Super-Resolution", " error", "errors.", "flows", "x"]),
                          st.text(max_size=6)), max_size=25).map("".join))
def test_properties_head_regexes_match_the_plain_alternation(text):
    import re

    from kg.extract.phrases import HEAD_LOWER, HEAD_RE, METRIC_HEADS, TASK_HEADS, TECHNIQUE_HEADS
    for fld, heads in (("tasks", TASK_HEADS), ("techniques", TECHNIQUE_HEADS), ("metrics", METRIC_HEADS)):
        plain = re.compile(r"\b(?:" + "|".join(re.escape(h) for h in sorted(heads, key=len, reverse=True)) + r")\b", re.I)
        spans = [m.span() for m in plain.finditer(text)]
        assert [m.span() for m in HEAD_RE[fld].finditer(text)] == spans
        if len(text.lower()) == len(text):  # the scan of the lower-cased text the phrase finder uses
            assert [m.span() for m in HEAD_LOWER[fld].finditer(text.lower())] == spans


# names and texts where a word's edges and case matter: hyphens, underscores, digits, dotless and dotted i, long s,
# the Kelvin sign, a German sharp s, names that overlap themselves ("a-a" in "a-a-a")
WORDS = st.sampled_from(["HDR", "hdr", "HDR-REAL", "-", "_", "a", "A", "i", "s", "k", "İ", "ı", "ſ", "\u212a", "ß", "Net",
                         "x.y", " ", "é", "(", ")", "3", "Σ", ". "])


@settings(max_examples=600, deadline=None, derandomize=True)
@given(st.data())
def test_properties_word_search_finds_what_the_pattern_finds(data):
    """names.word_spans and search_word find a name as a word of its own by string search; the spans are the
    ones the pattern `as_word(name)` finds, case-sensitive and in any case (search_word where the text holds the
    name at all, case folded: its quick test first)."""
    import re

    from kg.extract.names import as_word, search_word, word_spans

    name = "".join(data.draw(st.lists(WORDS, min_size=1, max_size=3)))
    text = ""
    if data.draw(st.booleans()):  # or the cases re.IGNORECASE reads apart from lower-casing
        name, text = data.draw(st.sampled_from([("s", "a ſ s"), ("SIN", "ſin"), ("i", "ı"), ("I", "the İ i"),
                                                ("k", "\u212a"), ("ab", "İ ab"), ("a-a", "a-a-a a-a")]))
    # the text writes the name, in other cases too, among the pieces around it
    pieces = st.one_of(WORDS, st.just(name), st.just(name.upper()), st.just(name.lower()), st.text(max_size=3))
    text += "".join(data.draw(st.lists(pieces, max_size=12)))
    assert list(word_spans(name, text)) == [m.span() for m in re.finditer(as_word(name), text)]
    for ignore_case in (False, True):
        held = name.casefold() in text.casefold() if ignore_case else name in text
        m = re.search(as_word(name), text, re.I if ignore_case else 0) if held else None
        assert search_word(name, text, ignore_case) == (m.span() if m else None), (name, text, ignore_case)


TITLE_WORDS = st.sampled_from(["Graph", "graph", "Pre-", "training", "Multi-Label", "s", "ſ", "ı", "i", "İ", "K", "\u212a",
                               "Net", "3D", "x_y", "O'Neil"])
SEPARATORS = st.sampled_from([" ", "-", " - ", "\n", "", "--", "_", ".", "\u00a0"])


@settings(max_examples=600, deadline=None, derandomize=True)
@given(st.data())
def test_properties_title_phrase_search_finds_what_the_pattern_finds(data):
    """names._written finds title words written as a phrase of their own (any case, spaces or hyphens between)
    by string search; where the text holds the words together at all, the span is the one `as_phrase` finds."""
    import re

    from kg.extract.names import _written, as_phrase

    words = data.draw(st.lists(TITLE_WORDS, min_size=1, max_size=3))
    pieces = st.lists(st.one_of(TITLE_WORDS, SEPARATORS, st.text(max_size=2)), max_size=5).map("".join)
    # the words written with separators between them, in a case of their own, among other pieces
    cases = st.sampled_from([str, str.upper, str.lower, str.title])
    written = st.tuples(*(st.tuples(cases, SEPARATORS) for _ in words)).map(
        lambda how: "".join(case(w) + sep for w, (case, sep) in zip(words, how)))
    text = "".join(data.draw(st.lists(st.one_of(pieces, written), max_size=4)))
    if data.draw(st.booleans()):  # or cases the search could get wrong: no separator, "ſ" and "ı" in any case
        words, text = data.draw(st.sampled_from([(["s", "net"], "ſ net s net"), (["graph", "net"], "graphnet graph-net"),
                                                 (["i"], "ı i"), (["K"], "\u212a"), (["Pre-", "training"], "pre--Training"),
                                                 (["a", "b"], "a b-c a b")]))
    squash = lambda s: re.sub(r"[\s-]+", " ", s.casefold())  # noqa: E731
    m = re.search(as_phrase(words), text, re.I) if squash(" ".join(words)) in squash(text) else None
    assert _written(words, text) == (m.span() if m else None), (words, text)


CUE_PIECES = st.sampled_from(["we ", "We ", "WE ", "this paper ", "Here, ", "our work ", "propose", "PROPOSE", "propoſe", "İntroduce",
                              "ıntroduce", "introduces ", "called ", "dubbed ", "referred to as ", "which we call ", "put forward ",
                              "our method ", "adds ", "our approach adds ", "Our framework also proposes ", "builds ", "build on ", "\u212a", "name", "a ", ". ", ", ", "and then "])


@settings(max_examples=600, deadline=None, derandomize=True)
@given(st.lists(st.one_of(CUE_PIECES, st.text(max_size=3)), max_size=10).map("".join))
def test_properties_proposal_cue_prefilter_never_skips_a_match(text):
    """names.may_propose lets the proposal-cue pattern skip texts that write none of its words; it never turns away a
    text the pattern matches (re.IGNORECASE's "ſ", "ı" and "İ" included)."""
    from kg.extract.names import PROPOSAL_CUE, may_propose

    assert may_propose(text, text.lower()) or PROPOSAL_CUE.search(text) is None


SPAN = st.tuples(st.integers(0, 40), st.integers(0, 12)).map(lambda p: (p[0], p[0] + p[1]))


@settings(max_examples=600, deadline=None, derandomize=True)
@given(st.lists(SPAN, max_size=12), st.lists(SPAN, min_size=1, max_size=6), st.integers(0, 12))
def test_properties_span_indexes_find_what_a_scan_finds(spans, queries, grown):
    """The bisection indexes that keep the typer's candidates and the name rules linear in a long text give what
    reading every span gives: spans.SpanIndex.touching (the spans sharing a character with a range, empty ones and
    repeats included), names._SortedSoFar.inside (the mentions within a range, of a list that grows between
    questions) and names.listed_field's known names inside a list."""
    from kg.extract.names import _SortedSoFar
    from kg.extract.spans import SpanIndex
    from kg.extract.typer import holds_only_pieces

    index = SpanIndex(spans)
    mentions: list = []
    so_far = _SortedSoFar(mentions)
    for k, (s, e) in enumerate(queries):
        assert sorted(index.touching(s, e)) == sorted({(a, b) for a, b in spans if a < e and s < b}), (spans, s, e)
        scan = not any(a < e and s < b and not (s <= a and b <= e and (a, b) != (s, e)) for a, b in spans)
        assert holds_only_pieces(s, e, index) == scan, (spans, s, e)
        mentions.extend(("datasets", a, b, "rule", None) for a, b in spans[k * grown % 7:][:grown])
        inside = [m for m in mentions if s <= m[1] and m[2] <= e]
        assert sorted(so_far.inside(s, e)) == sorted(inside), (mentions, s, e)


def test_properties_listed_field_reads_known_names_inside_the_list_only():
    """listed_field finds the known names of a list by bisection of their sorted spans: one before the list, one
    after it and the name itself do not count; one inside does."""
    from kg.extract.names import list_span, listed_field

    text = "We test on MNIST. Results on CUB, Foo, and APK are shown. We also use SVHN."
    s = text.index("Foo")
    at = {w: (text.index(w), text.index(w) + len(w)) for w in ("MNIST", "CUB", "APK", "SVHN")}
    assert list_span(text, s, s + 3, 18, 57) == (at["CUB"][0], at["APK"][1])
    outside = {"models": [], "datasets": sorted([at["MNIST"], at["SVHN"], (s, s + 3)]), "metrics": []}
    assert listed_field(text, s, s + 3, 18, 57, outside) is None
    for first_or_last in ("CUB", "APK"):  # the list's first and last items count
        listed = {"models": [], "datasets": sorted([at["MNIST"], at[first_or_last], at["SVHN"]]), "metrics": []}
        assert listed_field(text, s, s + 3, 18, 57, listed) == "datasets"
    assert listed_field(text, s, s + 3, 18, 57, {**listed, "models": [at["CUB"]]}) is None
