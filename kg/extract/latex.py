"""LaTeX and Markdown markup in abstracts: lives in kg/latex.py (below extraction and the graph alike)."""
from ..latex import CleanText, clean, plain

__all__ = ["CleanText", "clean", "plain"]
