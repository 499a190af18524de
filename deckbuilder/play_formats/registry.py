"""Find deck formats: TWGP's half/full/trial are built in; every other format is a plugin under
the `twgp.formats` entry-point group (ours are registered in pyproject.toml exactly like a third
party's). Listing ids imports nothing; loading one imports only that plugin; a broken plugin is
skipped with a warning (the mechanics are converters/plugins.py, shared with the converters).
A plugin may not take a built-in id."""

from __future__ import annotations

from functools import cache
from importlib.metadata import EntryPoint
from typing import Any

from converters import plugins
from deckbuilder.errors import UnknownFormatError
from deckbuilder.play_formats.base import DeckFormatRules
from deckbuilder.play_formats.twgp import BUILT_IN
from deckbuilder.rule_facts import fill

GROUP = "twgp.formats"
KIND = plugins.PluginKind(
    noun="deck format", id_noun="deck format",
    type_name="twgp deck format (DeckFormatRules) of that id", error=UnknownFormatError,
    hint="`twgp deck formats` lists them",
)


def _entry_points() -> dict[str, EntryPoint]:
    return plugins.entry_points_of(GROUP)


def format_ids() -> list[str]:
    """TWGP's formats (half, full, trial), then the installed plugins' ids sorted; imports no
    plugin."""
    return [*BUILT_IN, *sorted(set(_entry_points()) - set(BUILT_IN))]


def load_format(format_id: str) -> DeckFormatRules:
    """The format registered under `format_id` (case-insensitive). Unknown ids raise
    UnknownFormatError naming the installed ones; so does a plugin that fails to load."""
    key = format_id.strip().casefold()
    return BUILT_IN[key] if key in BUILT_IN else _load(key)


def _is_format(plugin: object, format_id: str) -> bool:
    return isinstance(plugin, DeckFormatRules) and plugin.format_id == format_id


@cache
def _load(format_id: str) -> DeckFormatRules:
    found = plugins.instantiate(
        KIND, format_id, None if format_id in BUILT_IN else _entry_points().get(format_id),
        format_ids(),
        lambda plugin: _is_format(plugin, format_id),
    )
    assert isinstance(found, DeckFormatRules)
    return found


def load_all() -> dict[str, DeckFormatRules]:
    """Every format that loads, built-in first; broken plugins are logged and skipped."""
    return plugins.load_each(KIND, format_ids(), load_format)


def format_json(rules: DeckFormatRules) -> dict[str, Any]:
    """One deck format as `twgp deck formats --json` (and GET /v1/formats) print it."""
    return {
        "id": rules.format_id, "name": rules.display_name, "name_ja": rules.display_name_ja,
        "games": list(rules.games), "sections": list(rules.sections),
        "fields": list(rules.fields), "decks": rules.max_decks, "rule": fill(rules.summary),
    }  # fmt: skip


def forget_loaded() -> None:
    """Forget the formats loaded so far: the next look-up reads the installed plugins again
    (one installed or removed while the process runs)."""
    _load.cache_clear()
