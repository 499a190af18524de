"""The memoised text work of a conversion (effects and their phrases, a weapon's curse, the
TWGP reading, name and text keys, type lines) gives every record what it would get computed
afresh: a memo keyed on less than its function reads would hand one card another card's
result. Records that share their text under other names are converted with the memos kept
across records, and again with every memo emptied before each record; the cards and their
catalog rows must be equal."""

from __future__ import annotations

import copy
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.synthetic import scryfall_card
from catalog.base import keys
from catalog.cards.card_rows import card_row
from catalog.ingest.folders import card_files
from catalog.ingest.outcomes import Outcome, convert_record
from catalog.ingest.reading import SourceRecord, iter_records
from converters import base, card_effects, effects, reading
from converters.base import Converter
from converters.errors import InputFormatError
from converters.registry import converter_ids, load_converter
from tests.conftest import REALDATA, REPO, requires_shared
from tests.converters.test_effect_wordings import NEGATIVE, POSITIVE

EXAMPLES = REPO / "converters" / "examples"
NOW = datetime(2026, 12, 2, tzinfo=UTC)
#: records taken from each real-data folder (its first files, in order)
SAMPLE = 150

#: real-data folder → the converter that reads it
REAL_FOLDERS = {
    "mtg": "mtg", "pokemon": "pokemon", "pokemon-ja": "pokemon", "tcgdex": "pokemon",
    "duel-masters": "dm", "lorcana": "lorcana", "digimon": "digimon",
    "dbs-fusion-world": "dbs-fusion-world", "one-piece": "onepiece",
    "one-piece-punk-records": "onepiece", "yugioh": "yugioh", "weiss-schwarz": "ws",
}  # fmt: skip

_MEMO_TYPE = type(base.card_name_key)


def memos() -> list[Any]:
    """Every bounded memo of the converters and the catalog's keys (the one-value caches of
    compiled rule tables and the unbounded registries hold no per-card results)."""
    found: dict[int, Any] = {}
    for name, module in list(sys.modules.items()):
        if not name.startswith(("converters.", "catalog.base.", "catalog.cards.")):
            continue
        for value in vars(module).values():
            if isinstance(value, _MEMO_TYPE) and value.cache_parameters()["maxsize"] not in (1, None):
                found[id(value)] = value
    return list(found.values())


def clear_memos() -> None:
    for memo in memos():
        memo.cache_clear()


def test_the_memos_of_the_text_work_are_all_found() -> None:
    """The fresh run empties what this finds: it must find the text memos, or the test below
    would compare the memos with themselves."""
    found = {id(memo) for memo in memos()}
    text_memos = (effects._explained, card_effects._text_curse, reading._reading,
                  base.card_name_key, keys.text_key)  # fmt: skip
    assert {id(memo) for memo in text_memos} <= found


def results(outcome: Outcome) -> Any:
    """What an outcome says of its record, its catalog row (but the import time) included."""
    if outcome.card is None:
        return ("skipped", outcome.skipped, "failed", outcome.failed)
    row = card_row(outcome.card, outcome.record, now=NOW)
    return outcome.card, row.values, row.names, row.effects


def compare(records: list[tuple[Converter, Any]]) -> None:
    clear_memos()
    memoised = [results(convert_record(c, SourceRecord(i, r), "x")) for i, (c, r) in
                enumerate(records, start=1)]  # fmt: skip
    fresh = []
    for i, (converter, record) in enumerate(records, start=1):
        clear_memos()
        fresh.append(results(convert_record(converter, SourceRecord(i, record), "x")))
    assert len(memoised) == len(records)
    for index, (warm, cold) in enumerate(zip(memoised, fresh, strict=True)):
        assert warm == cold, f"record {index + 1} differs with the memos kept"


def file_records(path: Path, converter: Converter, limit: int) -> Iterator[Any]:
    taken = 0
    for file in card_files([path]):
        with suppress(InputFormatError):  # a folder's schema or index file: no records
            for source in iter_records(file, converter):
                yield source.record
                taken += 1
                if taken >= limit:
                    return


def example_records() -> list[tuple[Converter, Any]]:
    records: list[tuple[Converter, Any]] = []
    for game in converter_ids():
        files = sorted(EXAMPLES.glob(f"{game}.*"))
        converter = load_converter(game)
        for file in files:
            records.extend((converter, record) for record in file_records(file, converter, 10_000))
    return records


def renamed_mtg(count: int) -> list[tuple[Converter, Any]]:
    """The MTG examples again under new names, as the benchmark makes them: the same texts
    under names they do not mention, and split cards whose text names one face."""
    examples = json.loads((EXAMPLES / "mtg.json").read_text(encoding="utf-8"))["data"]
    converter = load_converter("mtg")
    return [(converter, scryfall_card(examples[n % len(examples)], n)) for n in range(count)]


def test_the_examples_convert_alike_with_and_without_the_memos() -> None:
    records = example_records()
    assert {converter.game_id for converter, _ in records} == set(converter_ids())
    compare(records + renamed_mtg(40) + records)


@requires_shared
@pytest.mark.parametrize("folder", sorted(REAL_FOLDERS))
def test_real_data_converts_alike_with_and_without_the_memos(folder: str) -> None:
    if not (REALDATA / folder).is_dir():
        pytest.skip(f"../shared/realdata/{folder} is absent")
    converter = load_converter(REAL_FOLDERS[folder])
    records = [(converter, record) for record in
               file_records(REALDATA / folder, converter, SAMPLE)]  # fmt: skip
    assert records
    compare(records + records[::-1])


_MTG = json.loads((EXAMPLES / "mtg.json").read_text(encoding="utf-8"))["data"]
#: texts whose reading depends on the card's own name (a name is not text), and others
_TEXTS: tuple[str, ...] = (
    *(str(param.values[0]) for param in POSITIVE + NEGATIVE),
    *(card.get("oracle_text") or "" for card in _MTG),
    *("\n//\n".join(face.get("oracle_text", "") for face in card.get("card_faces", []))
      for card in _MTG),
    "Equipped creature gets -2/-0.", "Equipped creature can't block.",
)  # fmt: skip
#: names the texts mention (whole, a face, a word), and names they do not
_NAMES = ("Lightning Bolt", "Fire", "Ice", "Fire // Ice", "Ice // Fire", "Sword of Fire and Ice",
          "Bolt", "target", "Equip", "Boros Charm", "Charm", "Pokémon", "Cursed Sword", "Bug",
          "Serra Angel", "Mindbreak Trap", "Emrakul", "Flying", "稲妻", "ＦＩＲＥ")  # fmt: skip


def _renamed(pick: tuple[int, str, str | None]) -> dict[str, Any]:
    """An example card under another name, its text (but a split card's) maybe replaced."""
    index, name, text = pick
    record: dict[str, Any] = copy.deepcopy(_MTG[index])
    record["name"] = name
    for face, part in zip(record.get("card_faces", []), name.split(" // "), strict=False):
        face["name"] = part
    if text is not None and "card_faces" not in record:
        record["oracle_text"] = text
    return record


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, len(_MTG) - 1), st.sampled_from(_NAMES),
                          st.none() | st.sampled_from(_TEXTS)),
                min_size=2, max_size=12))  # fmt: skip
def test_any_order_of_texts_and_names_converts_alike(
    picks: list[tuple[int, str, str | None]],
) -> None:
    converter = load_converter("mtg")
    compare([(converter, _renamed(pick)) for pick in picks])


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(_TEXTS), st.sampled_from(_NAMES), st.sampled_from(_NAMES))
def test_effects_and_curses_of_one_text_under_two_names(text: str, first: str, second: str) -> None:
    """The second name's reading with the first name's memo warm equals it read afresh."""
    read: list[Callable[[str, str], Any]] = [effects.explain_effects, card_effects.curse_reason]
    for function in read:
        clear_memos()
        function(text, first)
        warm = function(text, second)
        clear_memos()
        assert warm == function(text, second)


def test_the_texts_read_differently_under_some_names() -> None:
    """The pools above can tell a memo keyed on the text alone: some text reads otherwise
    under some name (a name is not text)."""
    assert any(
        effects.explain_effects(text, name) != effects.explain_effects(text, "")
        for text in _TEXTS
        for name in _NAMES
    )
