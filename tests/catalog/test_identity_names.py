"""A Yu-Gi-Oh! name denotes one card, whatever passcodes its records carry: a real record of an
alternate art that lists only its own passcode (Red-Eyes Black Dragon 74677427, as a set's
capture of YGOPRODeck gives it) is the starter's Red-Eyes Black Dragon 74677422 — on import,
and when a catalog written before is upgraded (migration 0008). Our own records, the cards'
facts."""

from __future__ import annotations

import json
from pathlib import Path

from sqlalchemy import Engine, create_engine, select, text

from catalog.cards.views import CardView
from catalog.collections.owned import set_owned
from catalog.ingest.importer import import_files
from catalog.ingest.starter import STARTER_DIR
from catalog.lookup import repository
from catalog.schema.dialects import configure_engine
from catalog.schema.models import CARD
from catalog.store.db import open_engine, session_scope
from catalog.store.migrate import upgrade
from converters.registry import load_converter
from tests.catalog.helpers import card_view, load_as_before

STARTER_RED_EYES = "74677422"
RED_EYES_ALTERNATE = {
    "id": 74677427, "name": "Red-Eyes Black Dragon", "type": "Normal Monster",
    "frameType": "normal", "desc": "''A ferocious dragon with a deadly attack.''", "atk": 2400,
    "def": 2000, "level": 7, "race": "Dragon", "attribute": "DARK",
    "card_sets": [{"set_name": "2022 Tin of the Pharaoh's Gods", "set_code": "MP22-EN267"}],
    "card_images": [{"id": 74677427}],
}  # fmt: skip
RED_EYES_DARK_DRAGOON = {
    "id": 37818794, "name": "Red-Eyes Dark Dragoon", "type": "Fusion Monster",
    "frameType": "fusion", "desc": "\"Dark Magician\" + \"Red-Eyes Black Dragon\"...",
    "atk": 3000, "def": 2500, "level": 8, "race": "Spellcaster", "attribute": "DARK",
    "card_images": [{"id": 37818794}],
}  # fmt: skip




def write(tmp_path: Path, *records: object) -> Path:
    path = tmp_path / "ygoprodeck.json"
    path.write_text(json.dumps({"data": list(records)}), "utf-8")
    return path


def red_eyes(engine: Engine) -> list[CardView]:
    with session_scope(engine) as session:
        return repository.find_cards(session=session, game="yugioh", name="Red-Eyes Black Dragon")


def test_an_alternate_arts_record_of_a_starter_card_is_that_card(
    fresh: Engine, tmp_path: Path
) -> None:
    starter = card_view(fresh, f"yugioh:{STARTER_RED_EYES}")
    with session_scope(fresh) as session:
        set_owned(session=session, card_id=starter.id, quantity=3)
        repository.set_override(session=session, card_ref=starter.ref, grade=9)
    path = write(tmp_path, RED_EYES_ALTERNATE, RED_EYES_DARK_DRAGOON)
    assert import_files(fresh, load_converter("yugioh"), [path]).failed == 0

    shown = card_view(fresh, "Red-Eyes Black Dragon")  # one card: no "names 2 different cards"
    assert (shown.source_id, shown.identity) == ("74677427", starter.identity)
    assert (shown.owned, shown.grade, shown.name_ja) == (3, 9, "真紅眼の黒竜")
    assert card_view(fresh, f"yugioh:{STARTER_RED_EYES}").id == shown.id  # the starter's id still
    assert [c.source_id for c in red_eyes(fresh)] == ["74677427"]  # the starter record gave way
    assert card_view(fresh, "Red-Eyes Dark Dragoon").identity != shown.identity  # another name


def test_records_of_one_name_are_one_card_in_either_order(engine: Engine, tmp_path: Path) -> None:
    main = dict(RED_EYES_ALTERNATE, id=74677422, card_images=[{"id": 74677422}])
    for record in (RED_EYES_ALTERNATE, main):
        import_files(engine, load_converter("yugioh"), [write(tmp_path, record)])
    found = red_eyes(engine)
    assert sorted(c.source_id for c in found) == ["74677422", "74677427"]
    assert len({c.identity for c in found}) == 1


def test_upgrading_to_0008_joins_records_of_one_name(db_url: str) -> None:
    """A catalog of 0007 holding the starter's Red-Eyes Black Dragon and a real alternate-art
    record of it as two cards: the upgrade makes them one and retires the starter record."""
    records = json.loads((STARTER_DIR / "yugioh.json").read_text("utf-8"))["data"]
    records.append(RED_EYES_ALTERNATE)
    yugioh = load_converter("yugioh")
    old = create_engine(db_url)
    configure_engine(old)
    with old.begin() as connection:
        upgrade(connection, "0007")
    load_as_before(old, [yugioh.convert(r) for r in records], records)
    with old.begin() as connection:
        connection.execute(
            text("UPDATE card SET starter = :yes WHERE source_id <> '74677427'"), {"yes": True}
        )
    old.dispose()

    engine = open_engine(db_url, load_starter=False)
    assert [c.source_id for c in red_eyes(engine)] == ["74677427"]
    assert card_view(engine, f"yugioh:{STARTER_RED_EYES}").source_id == "74677427"
    assert card_view(engine, "真紅眼の黒竜").source_id == "74677427"
    with engine.connect() as connection:
        starters = connection.execute(select(CARD.c.id).where(CARD.c.starter)).all()
    assert len(starters) == len(records) - 2  # only Red-Eyes gave way
    engine.dispose()
