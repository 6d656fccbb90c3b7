"""Extraction: helpers on character spans shared by the components."""
from __future__ import annotations


def longest_first(spans):
    """Of overlapping spans (tuples starting with start, end), keep the longest, leftmost first.

    >>> longest_first([(0, 5), (2, 4), (6, 8), (7, 12)])
    [(0, 5), (6, 8)]
    """
    out = []
    for span in sorted(spans, key=lambda x: (x[0], -(x[1] - x[0]))):
        if out and span[0] < out[-1][1]:
            continue
        out.append(span)
    return out
