"""Why a rebuild writes papers again: the names that resolve to another entity once the new
inputs' definitions are counted, and the chunks and papers that use them.

    python bench/rebuild_why.py OUT INPUT... [--top 30]

Runs `kg build INPUT... -o OUT` in this process (OUT holds the last build; it is updated as any
rebuild would update it) and, before the graph is written, prints: how many definitions (acronym ↔
long form), spellings and label votes were added or taken back, and over how many names; how many names now resolve to another
entity, and why (their own definitions changed, or only a sense they point to); for each such name
(most used first) its definitions before and after, and the reused chunks and papers that resolved
it (read from each chunk's detail, no rendering). Then the build's own counts.
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import kg.incremental as inc  # noqa: E402
from kg.build import build  # noqa: E402
from kg.resolve.resolver import Resolver  # noqa: E402


def explain(planned, previous, top: int) -> None:
    state = previous.state
    current = {entry.sig for entry in planned}
    removed = [previous.detail(sig) for sig in previous.chunks if sig not in current]
    counts = {name: dict(longs) for name, longs in state.longs.items()}
    resolver = Resolver(counts, {name: dict(longs) for name, longs in state.lexicon.items()},
                        {name: {long: dict(forms) for long, forms in longs.items()} for name, longs in state.spellings.items()},
                        dict(state.votes))
    deltas = [(d, -1) for detail in removed for d in detail.notes()]
    deltas += [(d, 1) for e in planned if e.detail for d in e.detail.notes()]
    direct = {(d.label, d.key) for d, _ in deltas}
    names = direct | resolver.names()
    before = {name: resolver.signature(*name) for name in names}
    defs_before = {name: dict(counts.get(name, {})) for name in names}
    for d, n in deltas:
        resolver.note(d, n=n)
    changed = {name for name in names if resolver.signature(*name) != before[name]}
    print(f"definitions added or taken back: {len(deltas)}, over {len(direct)} names; names with a definition: "
          f"{len(names)}; names resolving to another entity now: {len(changed)}")
    why = Counter("its own definitions changed" if name in direct else "a sense it points to changed" for name in changed)
    print("why: " + ", ".join(f"{n} {reason}" for reason, n in why.most_common()))
    chunks, papers = Counter(), Counter()
    deps = {f"{label}\t{key}": (label, key) for label, key in changed}
    reused = [entry for entry in planned if entry.reuse is not None]
    hit_chunks, hit_papers = 0, set()
    for entry in reused:
        detail = previous.detail(entry.reuse.sig)
        found = [dep for dep in deps if dep in detail.deps]
        hit_chunks += bool(found)
        for dep in found:
            chunks[deps[dep]] += 1
            papers[deps[dep]] += len(detail.deps[dep])
            hit_papers.update((entry.sig, i) for i in detail.deps[dep])
    total = sum(entry.size for entry in reused)
    print(f"reused chunks: {len(reused)}, of which {hit_chunks} use a name that resolves anew; papers in reused chunks: "
          f"{total:,}, of which {len(hit_papers):,} ({len(hit_papers) / max(total, 1):.2%}) resolve such a name")
    print(f"\n| name | resolved to (key, spellings, voted label) | now | definitions before | after | chunks | papers |\n|---|---|---|---|---|---:|---:|")
    for name in sorted(changed, key=lambda n: (-papers[n], n))[:top]:
        after = dict(counts.get(name, {}))
        print(f"| {name[0]} {name[1]} | {before[name]} | {resolver.signature(*name)} | {defs_before[name] or '–'} | "
              f"{after or '–'} | {chunks[name]} | {papers[name]} |")
    print()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("inputs", nargs="+")
    ap.add_argument("--top", type=int, default=30)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    write_graph = inc._write_graph

    def explained(planned, previous, *rest, **kw):
        if previous is not None:
            explain(planned, previous, args.top)
        return write_graph(planned, previous, *rest, **kw)

    inc._write_graph = explained
    stats = build(args.inputs, args.out, workers=args.workers)
    print(f"build: {stats.papers:,} papers, extracted {stats.papers - stats.reused:,}; chunks {stats.chunks}, copied "
          f"{stats.copied}, patched {stats.patched} ({stats.rewritten} papers written again)")


if __name__ == "__main__":
    main()
