"""Entry-point plugins, shared by every kind twgp discovers (converters under `twgp.converters`,
deck formats under `twgp.formats`).

A registry lists ids from package metadata (no import), loads one id (only that plugin is
imported; an unknown id names the installed ones) and loads all of them, skipping a broken plugin
with a warning. Each registry keeps its own `_entry_points` and cached `_load`, so that tests can
replace or clear them."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from importlib.metadata import EntryPoint, entry_points
from typing import TypeVar

from converters.errors import TwgpError

T = TypeVar("T")

log = logging.getLogger(__name__)


def entry_points_of(group: str) -> dict[str, EntryPoint]:
    """The installed entry points of `group` by name (metadata only: nothing is imported)."""
    return {ep.name: ep for ep in entry_points(group=group)}


@dataclass(frozen=True)
class PluginKind:
    """How one kind of plugin is named in messages, and the error it raises.

    `noun` is the plugin ("converter"), `id_noun` what its id names ("game"), `type_name` the
    class it must be ("twgp Converter"), `hint` how to list the installed ones."""

    noun: str
    id_noun: str
    type_name: str
    error: type[TwgpError]
    hint: str = ""


def instantiate(
    kind: PluginKind,
    plugin_id: str,
    found: EntryPoint | None,
    installed: Iterable[str],
    is_plugin: Callable[[object], bool],
) -> object:
    """Load the entry point `found` registered as `plugin_id` and call it (a class or factory).

    Raises `kind.error` for an unknown id (naming the installed ones), a plugin that fails to
    import or build (with the cause) and an object `is_plugin` refuses."""
    if found is None:
        names = ", ".join(installed) or "none"
        raise kind.error(
            f"unknown {kind.id_noun} {plugin_id!r}; installed {kind.noun}s: {names}",
            hint=kind.hint,
        )
    try:
        plugin = found.load()()
    except Exception as exc:  # a third-party plugin may fail in any way
        raise kind.error(
            f"the {kind.noun} for {plugin_id!r} ({found.value}) could not be loaded: {exc}"
        ) from exc
    if not is_plugin(plugin):
        raise kind.error(
            f"the plugin {found.value} registered as {plugin_id!r} is not a {kind.type_name}"
        )
    return plugin


def load_each(
    kind: PluginKind, plugin_ids: Iterable[str], load: Callable[[str], T]
) -> dict[str, T]:
    """Every plugin that loads; a broken one is logged and skipped, not fatal."""
    loaded: dict[str, T] = {}
    for plugin_id in plugin_ids:
        try:
            loaded[plugin_id] = load(plugin_id)
        except kind.error as exc:
            log.warning("skipping %s plugin: %s", kind.noun, exc.message)
    return loaded
