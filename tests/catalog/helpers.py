"""Small builders for catalog tests: converted cards written by hand (real card facts)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine, func, insert, select, text
from sqlmodel import Session

from catalog.cards.card_rows import card_row
from catalog.cards.views import CardView
from catalog.ingest.importer import ImportReport, import_cards
from catalog.lookup import repository
from catalog.schema.models import CARD, CARD_NAME
from catalog.store.db import session_scope
from converters.base import CardType, ConvertedCard, Printing, Ruling
from converters.card_effects import card_effects
from converters.reading import twgp_reading


def card(
    source_id: str,
    name: str,
    grade: int | None,
    card_type: CardType | None,
    *,
    game: str = "mtg",
    name_ja: str | None = None,
    identity: str | None = None,
    text: str = "",
    set_code: str | None = None,
    lang: str | None = None,
) -> ConvertedCard:
    grade_reason = "test grade" if grade is None else f"value {grade} → {grade:02d}"
    return ConvertedCard(
        game=game,
        source_id=source_id,
        name=name,
        name_ja=name_ja,
        identity=identity or f"{game}:{name.casefold()}",
        grade=Ruling(grade, grade_reason),
        card_type=Ruling(card_type, f"test type {card_type}"),
        effects=tuple(reasons := card_effects(card_type, text, name=name)),
        effect_reasons=reasons,
        text=text,
        reading=twgp_reading(text, card_type),
        stats={"test": True},
        printing=Printing(set_code, "1", lang),
    )


#: a small mixed catalog: facts of real cards
CARDS = [
    card("bolt-lea", "Lightning Bolt", 1, CardType.CHARGE_EFFECT, set_code="lea",
         text="Lightning Bolt deals 3 damage to any target."),
    card("bolt-ja", "Lightning Bolt", 1, CardType.CHARGE_EFFECT, name_ja="稲妻", set_code="4ed",
         lang="ja", identity="mtg:lightning bolt", text="稲妻は任意の対象1つに3点のダメージを与える。"),
    card("bears", "Grizzly Bears", 2, CardType.UNIT, name_ja="灰色熊", set_code="lea"),
    card("fire-ice", "Fire // Ice", 4, CardType.CHARGE_EFFECT, set_code="apc",
         text="Fire deals 2 damage divided as you choose. // Tap target permanent."),
    card("bonesplitter", "Bonesplitter", 1, CardType.WEAPON, set_code="mrd",
         text="Equipped creature gets +2/+0. Equip {1}"),
    card("anthem", "Glorious Anthem", 3, CardType.LIFE_COUNTER, set_code="usg",
         text="Creatures you control get +1/+1."),
    card("base1-58", "Pikachu", 4, CardType.UNIT, game="pokemon", name_ja="ピカチュウ",
         text="Thundershock: Flip a coin. If heads, the Defending Pokémon is now Paralyzed."),
    card("89631139", "Blue-Eyes White Dragon", 8, CardType.UNIT, game="yugioh",
         name_ja="青眼の白龍"),
    card("44095762", "Mirror Force", None, CardType.CHARGE_TRAP, game="yugioh",
         name_ja="聖なるバリア －ミラーフォース－",
         text="When an opponent's monster declares an attack: Destroy all your opponent's "
         "Attack Position monsters."),
    card("97077563", "Call of the Haunted", None, CardType.LIFE_TRAP, game="yugioh",
         name_ja="リビングデッドの呼び声"),
]  # fmt: skip


def load(engine: Engine, cards: list[ConvertedCard] | None = None) -> ImportReport:
    return import_cards(engine, cards if cards is not None else CARDS, source="test")


def load_as_before(engine: Engine, cards: list[ConvertedCard], raws: list[Any] | None = None) -> None:
    """Write cards as an importer of schema 0001–0004 did (no starter mark, no aliases), into
    a catalog at such a revision."""
    now = datetime.now(UTC)
    with engine.begin() as connection:
        for index, converted in enumerate(cards):
            row = card_row(converted, raws[index] if raws else None, now=now)
            values = {k: v for k, v in row.values.items() if k != "starter"}
            values |= {"grade": values["source_grade"], "card_type": values["source_type"]}
            columns = ", ".join(values)
            marks = ", ".join(f":{column}" for column in values)
            connection.execute(text(f"INSERT INTO card ({columns}) VALUES ({marks})"), values)
            card_id = connection.execute(
                select(CARD.c.id).where(CARD.c.source_id == values["source_id"])
            ).scalar_one()
            for key in row.names:
                connection.execute(insert(CARD_NAME).values(key=key, card_id=card_id))


def count_rows(engine: Engine, table: str = "card") -> int:
    with engine.connect() as connection:
        return int(connection.execute(text(f"SELECT count(*) FROM {table}")).scalar_one())


def card_count(session: Session) -> int:
    return int(session.execute(select(func.count()).select_from(CARD)).scalar_one())


def card_view(engine: Engine, ref: str) -> CardView:
    """The card a reference (name, `game:source_id`, alias) names, as `twgp show` finds it."""
    with session_scope(engine) as session:
        return repository.get_card(session=session, card_ref=ref)
