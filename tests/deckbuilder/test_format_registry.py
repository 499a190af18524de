"""Finding deck formats: TWGP's built in, the others through `twgp.formats` entry points, a
third party's format validated like ours (its own code and sentences), broken plugins skipped."""

from __future__ import annotations

import logging
from collections.abc import Iterator, Sequence
from enum import StrEnum
from importlib.metadata import EntryPoint

import pytest

from deckbuilder.codes import Violation, violation
from deckbuilder.errors import UnknownFormatError
from deckbuilder.play_formats import registry
from deckbuilder.play_formats.base import DeckFormatRules, GameFormat, Problems
from deckbuilder.play_formats.twgp import TwgpFormat
from deckbuilder.resolve import ResolvedDeck
from deckbuilder.service import validate_deck
from deckbuilder.twgp_format import parse
from tests.deckbuilder.format_samples import format_resolver
from tests.helpers.plugins import with_entry_points


class SingletonCode(StrEnum):
    SINGLETON = "SINGLETON"


SINGLETON_MESSAGES = {
    (SingletonCode.SINGLETON, ""): ("{cards} more than once", "{cards} が2枚以上あります"),
}


class Singleton(GameFormat):
    """A third party's format: any card of Dark side telling at most once."""

    format_id = "singleton"
    display_name = "Singleton"
    display_name_ja = "シングルトン"
    summary = "each card once"
    games = ("darkside",)
    sections = ("cards",)

    def validate(self, decks: Sequence[ResolvedDeck]) -> Problems:
        (deck,) = decks
        lines, problems = self.card_lines(deck)
        problems += [violation(SingletonCode.SINGLETON, r.section, [r.label],
                               messages=SINGLETON_MESSAGES) for r in lines if r.qty > 1]
        return problems, []


class Misnamed(Singleton):
    format_id = "something-else"


@pytest.fixture(autouse=True)
def _fresh_cache() -> Iterator[None]:
    registry.forget_loaded()
    yield
    registry.forget_loaded()


def test_ours_are_installed_and_listing_imports_none(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(self: EntryPoint) -> object:
        raise AssertionError("format_ids must not import plugins")

    monkeypatch.setattr(EntryPoint, "load", refuse)
    assert registry.format_ids() == [
        "half", "full", "trial", "2chtcg", "darkside-roster", "ev-tag-b"
    ]


def test_every_format_loads_and_keeps_the_contract() -> None:
    loaded = registry.load_all()
    assert list(loaded) == registry.format_ids()
    for format_id, rules in loaded.items():
        assert isinstance(rules, DeckFormatRules)
        assert rules.format_id == format_id
        assert rules.display_name
        assert rules.display_name_ja
        assert rules.summary
        assert rules.sections
        assert rules.max_decks >= 1
    assert loaded["ev-tag-b"].max_decks == 2
    assert loaded["darkside-roster"].fields == ("character",)
    assert isinstance(loaded["full"], TwgpFormat)


def test_ids_are_case_insensitive_and_unknown_ones_name_the_installed() -> None:
    assert registry.load_format(" EV-Tag-B ").format_id == "ev-tag-b"
    with pytest.raises(UnknownFormatError) as caught:
        registry.load_format("lorcana-core")
    assert caught.value.message == (
        "unknown deck format 'lorcana-core'; installed deck formats: half, full, trial, 2chtcg, "
        "darkside-roster, ev-tag-b"
    )
    assert caught.value.exit_code == 2


def test_a_broken_plugin_is_skipped_with_a_warning(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    with_entry_points(monkeypatch, registry.GROUP, broken="twgp_no_such_module:Format")
    assert "broken" in registry.format_ids()
    with caplog.at_level(logging.WARNING):
        loaded = registry.load_all()
    assert "broken" not in loaded
    assert "ev-tag-b" in loaded
    assert "skipping deck format plugin" in caplog.text
    assert "twgp_no_such_module" in caplog.text
    with pytest.raises(UnknownFormatError, match="could not be loaded"):
        registry.load_format("broken")


def test_plugins_that_are_no_format_or_misnamed_are_refused(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    here = __name__
    with_entry_points(monkeypatch, registry.GROUP, notone="collections:OrderedDict", misnamed=f"{here}:Misnamed")
    with pytest.raises(UnknownFormatError, match="is not a twgp deck format"):
        registry.load_format("notone")
    with pytest.raises(UnknownFormatError, match="is not a twgp deck format"):
        registry.load_format("misnamed")


def test_a_plugin_cannot_replace_a_twgp_format(monkeypatch: pytest.MonkeyPatch) -> None:
    with_entry_points(monkeypatch, registry.GROUP, full=f"{__name__}:Singleton")
    assert registry.format_ids().count("full") == 1
    assert isinstance(registry.load_format("full"), TwgpFormat)


def test_a_third_party_format_reads_and_validates_like_ours(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    with_entry_points(monkeypatch, registry.GROUP, singleton=f"{__name__}:Singleton")
    deck = parse("format: singleton\n[cards]\n2 darkside なわて\n1 darkside 花月\n")
    report = validate_deck(deck, format_resolver())
    assert report.format_id == "singleton"
    assert [(v.code.value, v.message, v.message_ja) for v in report.violations] == [
        ("SINGLETON", "darkside なわて more than once", "darkside なわて が2枚以上あります")
    ]
    assert report.to_json()["violations"][0]["code"] == "SINGLETON"
    assert isinstance(report.violations[0], Violation)
