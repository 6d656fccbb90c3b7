"""Settings: the Neo4j connection, from options or the Neo4j environment variables.

The password is read from NEO4J_PASSWORD or asked for; it is never a default, never an
option value shown in `ps`, and never printed.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Neo4jSettings:
    uri: str
    user: str = "neo4j"
    database: str = "neo4j"
    password: str = field(default="", repr=False)

    @classmethod
    def from_env(cls, uri: str | None = None, user: str | None = None, database: str | None = None,
                 password: str | None = None) -> "Neo4jSettings":
        return cls(
            uri=uri or os.environ.get("NEO4J_URI", "bolt://127.0.0.1:7687"),
            user=user or os.environ.get("NEO4J_USERNAME", "neo4j"),
            database=database or os.environ.get("NEO4J_DATABASE", "neo4j"),
            password=password if password is not None else os.environ.get("NEO4J_PASSWORD", ""),
        )

    @staticmethod
    def configured() -> bool:
        return bool(os.environ.get("NEO4J_URI", "").strip())
