"""Build: the centre reads like the README's diagram (sources → extraction → resolution → graph → sinks)."""
import ast
from pathlib import Path

KG = Path(__file__).resolve().parent.parent / "kg"

#: a stage may import the plain records and text rules (stage 0), its own modules and the stage just
#: before it, whose output it takes; never a later stage, nor reach back past the one before it
STAGES = {"records": 0, "text": 0, "latex": 0, "ontology": 0, "errors": 0, "settings": 0,
          "sources": 1, "extract": 2, "resolve": 3, "graph": 4, "sinks": 5}


def _stage(module: str) -> int | None:
    parts = module.split(".")
    return STAGES.get(parts[1]) if len(parts) > 1 and parts[0] == "kg" else None


def _imports(path: Path) -> list[str]:
    parts = list(path.relative_to(KG.parent).with_suffix("").parts)
    package = parts if path.name == "__init__.py" else parts[:-1]
    package = [p for p in package if p != "__init__"]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            found.append(".".join(base + ([node.module] if node.module else [])))
        elif isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
    return [name for name in found if name.startswith("kg")]


def test_build_imports_follow_the_flow():
    against = []
    for path in sorted(KG.rglob("*.py")):
        module = ".".join(path.relative_to(KG.parent).with_suffix("").parts)
        own = _stage(module)
        if own is None:
            continue  # build, incremental, cache, cli and the commands sit above the flow and may import any stage
        against += [f"{module} → {name}" for name in _imports(path) if _stage(name) not in (0, own, own - 1)]
    assert against == []
