"""Build a converter from the command line's `--option key=value` and `--kinds FILE`: the
one place that reads the kind-table file, so converters stay free of I/O."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from catalog.base.limits import MAX_TEXT_CHARS
from catalog.ingest.textfiles import open_text
from converters.base import Converter
from converters.errors import ConverterError
from converters.generic import parse_kind_table
from converters.registry import load_converter


def parse_options(pairs: Sequence[str]) -> dict[str, str]:
    """`["digits=thousands", "kind.spell=charge_effect"]` → a dict; a pair without `=` is an
    error naming it."""
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise ConverterError(f"--option {pair!r}: expected key=value")
        options[key.strip()] = value.strip()
    return options


def configured_converter(
    game: str,
    options: Sequence[str] = (),
    kinds_file: Path | None = None,
    *,
    encoding: str | None = None,
) -> Converter:
    """The converter for `game`, configured when options or a kind table are given."""
    converter = load_converter(game)
    if not options and kinds_file is None:
        return converter
    kinds = None
    if kinds_file is not None:
        with open_text(kinds_file, encoding=encoding) as file:
            try:
                kinds = parse_kind_table(file.read(MAX_TEXT_CHARS))
            except ConverterError as exc:
                raise ConverterError(f"{kinds_file}: {exc.message}", hint=exc.hint) from exc
    return type(converter).configured(parse_options(options), kinds)
