"""Plugins as installed packages would add them: entry points added to the installed ones."""

from __future__ import annotations

from importlib.metadata import EntryPoint

import pytest

from converters import plugins


def with_entry_points(monkeypatch: pytest.MonkeyPatch, group: str, **extra: str) -> None:
    """Entry points of `group` added to the installed ones: name → "module:attribute"."""
    installed = plugins.entry_points_of
    added = {name: EntryPoint(name=name, value=value, group=group) for name, value in extra.items()}

    def with_extra(asked: str) -> dict[str, EntryPoint]:
        found = installed(asked)
        return {**found, **added} if asked == group else found

    monkeypatch.setattr(plugins, "entry_points_of", with_extra)
