"""Find converters through the `twgp.converters` entry-point group.

Ours are registered in pyproject.toml exactly like a third party's. Listing ids imports
nothing; loading one imports only that plugin; a broken plugin is skipped with a warning."""

from __future__ import annotations

import logging
from functools import cache
from importlib.metadata import EntryPoint, entry_points

from converters.base import Converter
from converters.errors import UnknownGameError

GROUP = "twgp.converters"

log = logging.getLogger(__name__)


def _entry_points() -> dict[str, EntryPoint]:
    return {ep.name: ep for ep in entry_points(group=GROUP)}


def converter_ids() -> list[str]:
    """Installed game ids, sorted; imports no plugin."""
    return sorted(_entry_points())


def load_converter(game_id: str) -> Converter:
    """The converter registered under `game_id`. Unknown ids raise UnknownGameError naming
    the installed ones; a plugin that fails to import raises it too, with the cause."""
    return _load(game_id)


@cache
def _load(game_id: str) -> Converter:
    found = _entry_points().get(game_id)
    if found is None:
        installed = ", ".join(converter_ids()) or "none"
        raise UnknownGameError(
            f"unknown game {game_id!r}; installed converters: {installed}",
            hint="`twgp games` lists them",
        )
    try:
        factory = found.load()
        converter = factory()
    except Exception as exc:  # a third-party plugin may fail in any way
        raise UnknownGameError(
            f"the converter for {game_id!r} ({found.value}) could not be loaded: {exc}"
        ) from exc
    if not isinstance(converter, Converter):
        raise UnknownGameError(
            f"the plugin {found.value} registered as {game_id!r} is not a twgp Converter"
        )
    return converter


def load_all() -> dict[str, Converter]:
    """Every converter that loads; broken plugins are logged and skipped, not fatal."""
    loaded: dict[str, Converter] = {}
    for game_id in converter_ids():
        try:
            loaded[game_id] = _load(game_id)
        except UnknownGameError as exc:
            log.warning("skipping converter plugin: %s", exc.message)
    return loaded
