"""Resolution: the one normaliser, the rule of the gold guidelines, shared by ids and evaluation."""
from __future__ import annotations

import unicodedata
from functools import lru_cache


@lru_cache(maxsize=1 << 17)  # names recur across abstracts; normalising is pure
def normalise(name: str) -> str:
    """NFKC, lower case, × as x, keep only letters, digits, + and #, drop a trailing plural "s".

    >>> normalise("Graph Neural Networks"), normalise("ImageNet-1K"), normalise("HYPIR++")
    ('graphneuralnetwork', 'imagenet1k', 'hypir++')
    """
    s = unicodedata.normalize("NFKC", str(name)).lower().replace("×", "x")
    s = "".join(ch for ch in s if ch.isalnum() or ch in "+#")
    if len(s) > 3 and s.endswith("s") and not s.endswith("ss"):
        s = s[:-1]
    return s


def node_id(label: str, name: str) -> str:
    """A stable node id: the label in lower case and the normalised name.

    >>> node_id("Method", "Fast-dLLM")
    'method:fastdllm'
    """
    return f"{label.lower()}:{normalise(name)}"
