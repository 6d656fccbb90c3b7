"""Errors: a small hierarchy whose messages say what happened, then what to do."""


class KGError(Exception):
    """Base class for every error `kg` reports to the user without a traceback."""


class SourceError(KGError):
    """An input file is missing, unreadable or not in a format `kg` reads."""

    def __init__(self, path, message, line=None):
        self.path = str(path)
        self.line = line
        where = f"{self.path}:{line}" if line is not None else self.path
        super().__init__(f"{where}: {message}")


class PipelineConfigError(KGError):
    """The spaCy pipeline config or a lexicon file is invalid."""


class Neo4jUnavailableError(KGError):
    """The Neo4j server cannot be reached or refused our credentials."""


class UnknownQueryError(KGError):
    """A query name or parameter is not in the query pack."""


class OutputError(KGError):
    """An output cannot be written (disk full, permissions); nothing was changed."""


class CacheError(KGError):
    """The build cache (DIR/.kg-cache) is damaged; the build starts it afresh."""
