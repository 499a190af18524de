"""A third-party converter package is discovered through real package metadata.

Installing with pip needs the network or a build backend, so the tests do what an install
leaves behind: a `*.dist-info` folder with `entry_points.txt` on a sys.path entry. The entry
points are read from tests/plugin_example/pyproject.toml, so the sample package's own
registration is what gets checked."""

from __future__ import annotations

import logging
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from converters import registry
from converters.base import CardType, Converter
from converters.errors import SkipRecord, UnknownGameError

PLUGIN = Path(__file__).resolve().parents[1] / "plugin_example"
PLUGIN_MODULES = ("twgp_example_plugin", "twgp_broken_plugin")


def entry_points_txt(pyproject: Path) -> str:
    """entry_points.txt as pip writes it, from a pyproject's `twgp.converters` table."""
    project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    lines = [f"{name} = {value}" for name, value in project["entry-points"][registry.GROUP].items()]
    return f"[{registry.GROUP}]\n" + "\n".join(lines) + "\n"


def install_metadata(site: Path, name: str, entry_points: str) -> None:
    info = site / f"{name.replace('-', '_')}-0.1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.1.0\n")
    (info / "entry_points.txt").write_text(entry_points)


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty site-packages on sys.path; plugins and caches are gone afterwards."""
    monkeypatch.syspath_prepend(str(tmp_path))
    registry.forget_loaded()
    yield tmp_path
    registry.forget_loaded()
    for module in PLUGIN_MODULES:
        sys.modules.pop(module, None)


@pytest.fixture
def example_installed(site: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.syspath_prepend(str(PLUGIN))  # the package's code, as an editable install has
    install_metadata(site, "twgp-example-plugin", entry_points_txt(PLUGIN / "pyproject.toml"))
    return site


@pytest.fixture
def broken_installed(site: Path) -> Path:
    (site / "twgp_broken_plugin.py").write_text('raise ImportError("needs libfoo 2.0")\n')
    install_metadata(
        site, "twgp-broken-plugin", f"[{registry.GROUP}]\nbroken = twgp_broken_plugin:Conv\n"
    )
    return site


def test_the_example_plugin_is_discovered_and_loads(example_installed: Path) -> None:
    assert "example" in registry.converter_ids()
    converter = registry.load_converter("example")
    assert isinstance(converter, Converter)
    assert converter.display_name == "Example TCG"
    assert "example" in registry.load_all()


def test_the_example_plugin_converts_its_cards(example_installed: Path) -> None:
    converter = registry.load_converter("example")
    card = converter.convert({"no": "EX-001", "name": "Brave Hero", "class": "hero", "level": 3})
    assert (card.grade_text, card.card_type.value, card.identity) == (
        "03", CardType.UNIT, "example:EX-001")
    with pytest.raises(SkipRecord):
        converter.convert({"no": "EX-T1", "name": "Spark", "class": "token"})


def test_without_its_metadata_the_plugin_is_not_there(site: Path) -> None:
    assert "example" not in registry.converter_ids()
    with pytest.raises(UnknownGameError, match="unknown game 'example'"):
        registry.load_converter("example")


def test_a_plugin_that_fails_to_import_is_skipped_with_a_warning(
    broken_installed: Path, caplog: pytest.LogCaptureFixture
) -> None:
    assert "broken" in registry.converter_ids()
    with caplog.at_level(logging.WARNING, logger=registry.__name__):
        loaded = registry.load_all()
    assert "broken" not in loaded
    assert "mtg" in loaded
    assert "needs libfoo 2.0" in caplog.text


def test_loading_the_broken_plugin_by_id_says_why(broken_installed: Path) -> None:
    with pytest.raises(UnknownGameError) as info:
        registry.load_converter("broken")
    assert "twgp_broken_plugin:Conv" in info.value.message
    assert "needs libfoo 2.0" in info.value.message
