"""Extraction: regular expressions built from parts, compiled once (claims and results share them).

The `re` module's own cache is shared and small; the claim and result rules build many patterns from
pieces at call time, so each distinct (pattern, flags) is compiled here once and kept.
"""
from __future__ import annotations

import re
from functools import lru_cache


@lru_cache(maxsize=None)
def rx(pattern: str, flags: int = 0) -> re.Pattern:
    return re.compile(pattern, flags)


def search(pattern, string, flags=0):
    return rx(pattern, flags).search(string)


def match(pattern, string, flags=0):
    return rx(pattern, flags).match(string)


def fullmatch(pattern, string, flags=0):
    return rx(pattern, flags).fullmatch(string)


def finditer(pattern, string, flags=0):
    return rx(pattern, flags).finditer(string)
