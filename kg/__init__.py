"""kg: a knowledge graph of ML research from paper abstracts.

sources → spaCy extraction → records → resolution → graph → sinks (files, RDF, Neo4j) → queries.
"""
__version__ = "0.1.0"
