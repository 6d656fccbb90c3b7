"""Extraction: the same work as Ray tasks over shards of the input, for a cluster (`kg build --engine ray`).

Each task extracts one shard of abstracts with the pipeline loaded once per Ray worker process
and returns plain `Extraction` data; results are consumed in input order, with a bounded number
of shards in flight, so the outputs equal those of the local engine. `ray.init()` connects to
the cluster named by RAY_ADDRESS, or starts a local one.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from itertools import islice

from ..errors import KGError
from ..records import Document, Extraction, extraction_from_json

SHARD = 256
IN_FLIGHT = 8


def extract_ray(documents: Iterable[Document], spec=None, shard_size: int = SHARD) -> Iterator[Extraction]:
    try:
        import ray
    except ImportError:
        raise KGError("--engine ray needs Ray: pip install 'kg[ray]'") from None
    if not ray.is_initialized():
        ray.init(ignore_reinit_error=True, log_to_driver=False, include_dashboard=False)
    from . import PipelineSpec
    spec = spec or PipelineSpec()

    @ray.remote
    def extract_shard(shard: list[tuple[str, int, str, dict]], spec) -> list[dict]:
        from kg.extract import extract
        from kg.records import Document, extraction_to_json
        global _kg_nlp
        try:
            nlp = _kg_nlp[spec]
        except (NameError, KeyError):
            _kg_nlp = {spec: spec.load()}
            nlp = _kg_nlp[spec]
        return [extraction_to_json(e) for e in extract((Document(*row) for row in shard), nlp)]

    docs = iter(documents)
    pending: deque = deque()
    while True:
        while len(pending) < IN_FLIGHT and (shard := [(d.source, d.index, d.text, d.meta) for d in islice(docs, shard_size)]):
            pending.append(extract_shard.remote(shard, spec))
        if not pending:
            break
        for data in ray.get(pending.popleft()):
            yield extraction_from_json(data)
