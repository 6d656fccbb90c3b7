"""Resolution: one node per (label, canonical name) across all papers."""
from .normalize import normalise, node_id

__all__ = ["normalise", "node_id"]
