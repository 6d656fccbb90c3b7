"""Sinks: the resolved graph written out — files (JSON, JSONL), RDF, Neo4j."""
from .atomic import atomic_write
from .files import write_extractions, write_graph_json
from .rdf import to_rdf, write_rdf

__all__ = ["atomic_write", "write_extractions", "write_graph_json", "to_rdf", "write_rdf"]
