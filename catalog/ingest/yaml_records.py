"""Records out of a YAML file (`.yml`, `.yaml`): the Lorcana data set's per-set files
(great-illuminary/lorcana-data `data/<set>.yml`, a list of cards) and any YAML holding a list
of records or an envelope the converter knows (`Converter.records`).

YAML is read as the JSON data model, since records are stored and shown as JSON: dates stay
text ("2023-08-18", not a date), keys become strings, and anything else is refused. Hostile
YAML is refused before it can grow: a file over MAX_YAML_BYTES, an alias (`*name`, which
re-uses a node: a few lines can stand for billions), nesting deeper than MAX_JSON_DEPTH."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from typing import Any, BinaryIO

import yaml

from catalog.base.limits import MAX_JSON_DEPTH, MAX_RECORD_BYTES, size_text
from catalog.ingest.json_records import SourceRecord
from converters.errors import InputFormatError

#: the largest YAML file read (whole, as YAML cannot be streamed into records)
MAX_YAML_BYTES = MAX_RECORD_BYTES
YAML_SUFFIXES = (".yml", ".yaml")
_TIMESTAMP = "tag:yaml.org,2002:timestamp"


class _RefusedError(Exception):
    pass


class _Loader(yaml.SafeLoader):
    """The safe loader without aliases, timestamps or deep nesting."""

    _depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()  # type: ignore[no-untyped-call]
            raise _RefusedError(f"line {event.start_mark.line + 1}: an alias (*{event.anchor}): "
                           "aliases are not read")  # fmt: skip
        self._depth += 1
        try:
            if self._depth > MAX_JSON_DEPTH:
                mark = self.peek_event().start_mark  # type: ignore[no-untyped-call]
                raise _RefusedError(f"line {mark.line + 1}: nested deeper than {MAX_JSON_DEPTH} "
                               "levels (the limit)")  # fmt: skip
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


_Loader.yaml_implicit_resolvers = {
    first: [(tag, pattern) for tag, pattern in resolvers if tag != _TIMESTAMP]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def is_yaml(name: str) -> bool:
    return name.casefold().endswith(YAML_SUFFIXES)


def yaml_records(
    stream: BinaryIO, name: str, records: Callable[[Any], Iterable[Any]]
) -> Iterator[SourceRecord]:
    """The records of a YAML document (`records` unwraps it, as the converter knows its
    source's envelopes); faults are InputFormatErrors naming the file and the line."""
    data = stream.read(MAX_YAML_BYTES + 1)
    if len(data) > MAX_YAML_BYTES:
        raise InputFormatError(
            f"{name}: a YAML file larger than {size_text(MAX_YAML_BYTES)} (the limit)",
            hint="give the data as JSON or JSON Lines, which are read as a stream",
        )
    try:
        document = yaml.load(data, Loader=_Loader)
        plain = json.loads(json.dumps(document, default=str))
    except _RefusedError as exc:
        raise InputFormatError(f"{name}: {exc}") from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f"line {mark.line + 1}: " if mark is not None else ""
        raise InputFormatError(f"{name}: {where}invalid YAML: {exc.problem or exc}") from exc
    except (yaml.YAMLError, ValueError, RecursionError) as exc:
        detail = " ".join(str(exc).split())[:200]
        raise InputFormatError(f"{name}: invalid YAML: {detail}") from exc
    if plain is None:
        raise InputFormatError(f"{name}: the file is empty")
    for index, record in enumerate(records(plain), start=1):
        yield SourceRecord(index, record)
