"""Extraction: the trained entity model (spaCy tok2vec + ner), run beside the rules.

The model is trained here from `../shared/gold/train.jsonl` by `scripts/train_entities.py` with
the config `entities.cfg`, and ships in `model/` (small, versioned with the pipeline; nothing is
downloaded). It proposes entity spans with a field; `convert.py` settles them with the rules'
mentions. Inference is deterministic: each abstract is tagged on its own (batches of one), so
its mentions never depend on the abstracts processed beside it.
"""
from __future__ import annotations

from pathlib import Path

import spacy
from spacy.tokens import Doc

from ..errors import PipelineConfigError
from .spans import SpanMention, text_of

MODEL_DIR = Path(__file__).parent / "model"
#: the model's entity labels → extraction fields
LABEL_FIELD = {"PROPOSED": "proposed", "MODEL": "models", "TECHNIQUE": "techniques",
               "DATASET": "datasets", "METRIC": "metrics", "TASK": "tasks"}
RULE = "model.ner"


class EntityModel:
    """spaCy component: the trained model's entities → `doc._.kg_mentions` (rule "model.ner")."""

    def __init__(self, name: str = "kg_model", path: str | Path | None = None):
        self.name = name
        path = Path(path) if path else MODEL_DIR
        if not (path / "meta.json").is_file():
            raise PipelineConfigError(f"{path}: no trained entity model here; run `python scripts/train_entities.py`")
        self.model = spacy.load(path)

    def _add(self, doc: Doc, tagged: Doc) -> Doc:
        found = doc._.kg_mentions
        for ent in tagged.ents:
            fld = LABEL_FIELD.get(ent.label_)
            if fld:
                found.append(SpanMention(fld, ent.start_char, ent.end_char, RULE, None))
        return doc

    def __call__(self, doc: Doc) -> Doc:
        return self._add(doc, self.model(text_of(doc)))
