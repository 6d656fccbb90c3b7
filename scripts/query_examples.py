"""Rewrite the `// example:` block of every query in cypher/ from the seeds graph.

    python scripts/query_examples.py [DIR]   # DIR: a `kg build ../shared/corpus/*.txt -o DIR` output

The example is the header row and the first rows of the query's answer on the seeds, cells cut to
a few words ("…", ids elided); a parameter whose default comes from the graph records the value the seeds gave
(`"example"`), which the Browser guide writes into the query when it is made without a graph.
`tests/test_queries.py` checks that every example is still true of the seeds graph.
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from kg.queries import EmbeddedStore, data_dir, list_queries  # noqa: E402

WIDTH = {"example_path": 200, "evidence": 60}  # characters kept per cell; others: 32
ROWS = 2


def cell(value, column: str) -> str:
    if column.endswith("_id"):
        return "…"  # ids are for machines (and change with the id scheme); the example elides them
    text = "null" if value is None else str(value).replace("|", "¦").replace("\n", " ")
    width = WIDTH.get(column, 32)
    return text if len(text) <= width else text[:width - 1].rstrip() + "…"


def main(directory: str) -> None:
    store = EmbeddedStore(directory)
    for q in list_queries().values():
        bound = q.bind({}, store.run)
        rows = store.run(q, bound)
        columns = list(rows[0]) if rows else [c.strip() for c in (q.example or [""])[0].split(" | ") if c.strip()]
        lines = [" | ".join(columns)] + [" | ".join(cell(r[c], c) for c in columns) for r in rows[:ROWS]]
        text = q.path.read_text(encoding="utf-8").splitlines()
        out, skipping = [], False
        for line in text:
            m = re.match(r"^// @param (\w+): (\{.*\})$", line)
            if m:
                spec = json.loads(m.group(2))
                spec["example"] = bound[m.group(1)]
                line = f"// @param {m.group(1)}: {json.dumps(spec, ensure_ascii=False)}"
            if line.startswith("// example:"):
                out.append(line)
                out += [f"//   {x}" for x in lines if columns]
                skipping = True
                continue
            if skipping and line.startswith("//   "):
                continue
            skipping = False
            out.append(line)
        q.path.write_text("\n".join(out) + "\n", encoding="utf-8")
        print(f"{q.name}: {len(rows)} rows", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "out")
