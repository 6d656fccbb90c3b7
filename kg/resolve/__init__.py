"""Resolution: one node per (label, canonical name) across all papers."""
from ..text import normalise
from .normalize import node_id

__all__ = ["normalise", "node_id"]
