"""Find converters through the `twgp.converters` entry-point group.

Ours are registered in pyproject.toml exactly like a third party's. Listing ids imports
nothing; loading one imports only that plugin; a broken plugin is skipped with a warning
(the shared mechanics are converters/plugins.py)."""

from __future__ import annotations

from functools import cache
from importlib.metadata import EntryPoint
from typing import Any

from converters import game_names, plugins
from converters.base import Converter
from converters.errors import UnknownGameError

GROUP = "twgp.converters"
KIND = plugins.PluginKind(
    noun="converter", id_noun="game", type_name="twgp Converter", error=UnknownGameError,
    hint="`twgp games` lists them",
)


def _entry_points() -> dict[str, EntryPoint]:
    return plugins.entry_points_of(GROUP)


def converter_ids() -> list[str]:
    """Installed game ids, sorted; imports no plugin."""
    return sorted(_entry_points())


def load_converter(game_id: str) -> Converter:
    """The converter registered under `game_id`, or under the game a usual name stands for
    (`magic` → mtg: converters/game_names.py). An unknown name raises UnknownGameError saying
    the closest installed game; a plugin that fails to import raises it too, with the cause."""
    return _load(installed_id(game_id))


@cache
def installed_id(name: str) -> str:
    """The installed game id `name` stands for (itself, or the game of an alias); cached
    like the converters themselves (listing the installed ids reads package metadata)."""
    installed = converter_ids()
    if name in installed:
        return name
    found = game_names.game_id(name, installed)
    if found is None:
        raise UnknownGameError(game_names.unknown_game_text(name, installed), hint=KIND.hint)
    return found


@cache
def _load(game_id: str) -> Converter:
    converter = plugins.instantiate(
        KIND, game_id, _entry_points().get(game_id), converter_ids(),
        lambda plugin: isinstance(plugin, Converter),
    )
    assert isinstance(converter, Converter)
    return converter


def load_all() -> dict[str, Converter]:
    """Every converter that loads; broken plugins are logged and skipped, not fatal."""
    return plugins.load_each(KIND, converter_ids(), _load)


def converter_json(game_id: str, converter: Converter) -> dict[str, Any]:
    """One installed converter as `twgp games --json` (and GET /v1/games) print it."""
    return {
        "id": game_id,
        "name": converter.display_name,
        "name_ja": converter.display_name_ja,
        "grade_rule": converter.grade_rule,
        "formats": list(converter.formats),
        "kinds": {kind: (t.value if t else None) for kind, t in converter.kinds.items()},
        "options": dict(converter.options),
    }


def forget_loaded() -> None:
    """Forget the converters loaded so far and the ids names stood for: the next look-up reads
    the installed plugins again (one installed or removed while the process runs)."""
    _load.cache_clear()
    installed_id.cache_clear()
