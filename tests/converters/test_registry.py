"""Discovery of converters through the `twgp.converters` entry points."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from importlib.metadata import EntryPoint

import pytest

from converters import registry
from converters.errors import UnknownGameError
from tests.helpers.plugins import with_entry_points


@pytest.fixture(autouse=True)
def _fresh_cache() -> Iterator[None]:
    registry.forget_loaded()
    yield
    registry.forget_loaded()


def test_listing_ids_imports_no_plugin(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(self: EntryPoint) -> object:
        raise AssertionError("converter_ids must not import plugins")

    monkeypatch.setattr(EntryPoint, "load", refuse)
    assert "mtg" in registry.converter_ids()


def test_unknown_game_names_the_installed_ones() -> None:
    with pytest.raises(UnknownGameError) as info:
        registry.load_converter("netrunner")
    assert "mtg" in info.value.message
    assert "pokemon" in info.value.message
    assert info.value.exit_code == 2


def test_a_broken_plugin_is_skipped_with_a_warning(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    with_entry_points(monkeypatch, registry.GROUP, broken="twgp_no_such_module:Converter")
    with caplog.at_level(logging.WARNING):
        loaded = registry.load_all()
    assert "broken" not in loaded
    assert "mtg" in loaded
    assert "broken" in caplog.text


def test_loading_a_broken_plugin_by_id_explains_why(monkeypatch: pytest.MonkeyPatch) -> None:
    with_entry_points(monkeypatch, registry.GROUP, broken="twgp_no_such_module:Converter")
    with pytest.raises(UnknownGameError, match="could not be loaded"):
        registry.load_converter("broken")


def test_a_plugin_that_is_not_a_converter_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    with_entry_points(monkeypatch, registry.GROUP, notone="collections:OrderedDict")
    with pytest.raises(UnknownGameError, match="not a twgp Converter"):
        registry.load_converter("notone")
