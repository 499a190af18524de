"""The catalog-backed `CardResolver`: deck lines looked up with catalog.lookup.repository, each
look-up
once per resolver (so that validating many decks, or one deck many times, queries only once).

Ownership: when the collection is empty the user does not track one, so `owned` is None and
no NOT_OWNED warning is given; otherwise `owned` is the copies of the card identity."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from sqlalchemy import select
from sqlmodel import Session

from catalog.cards.views import CardView
from catalog.lookup import repository
from catalog.schema.models import CARD, COLLECTION_ROW
from deckbuilder.resolve import CardInfo

NAME_LOOKUP_LIMIT = 200  # printings of one name (basic lands have hundreds; identities matter)


def card_info(view: CardView, *, track_owned: bool = True) -> CardInfo:
    """The rules' view of a catalog card: effective grade and type, overrides flagged."""
    return CardInfo(
        game=view.game,
        source_id=view.source_id,
        name=view.name,
        name_ja=view.name_ja,
        identity=view.identity,
        grade=view.grade,
        card_type=view.card_type,
        grade_reason=view.grade_reason,
        type_reason=view.type_reason,
        effects=tuple(view.effects),
        effect_reasons=dict(view.effect_reasons),
        curse=view.curse,
        curse_reason=view.curse_reason,
        owned=view.owned if track_owned else None,
        overridden=view.override is not None,
        lang=view.lang,
        stats=dict(view.stats),
        set_code=view.set_code,
        collector_number=view.collector_number,
    )


def tracks_collection(session: Session) -> bool:
    """Whether the user keeps a collection at all (any owned copy recorded)."""
    return session.execute(select(COLLECTION_ROW.c.id).limit(1)).first() is not None


class CatalogResolver:
    """Resolves deck lines in one session. `track_owned` None asks the catalog."""

    def __init__(self, session: Session, *, track_owned: bool | None = None) -> None:
        self.session = session
        self.track_owned = tracks_collection(session) if track_owned is None else track_owned
        self._found: dict[tuple[str, str, str | None], list[CardInfo]] = {}
        self._closest: dict[tuple[str, str], list[str]] = {}
        self._names_ja: dict[str, str | None] = {}  # identity → its Japanese name, if any

    def resolve(self, game: str, name: str, source_id: str | None) -> Sequence[CardInfo]:
        key = (game, name, source_id)
        if key not in self._found:
            if source_id is not None:
                views = repository.find_cards(
                    session=self.session, game=game, source_id=source_id, limit=5
                )
            else:
                views = repository.find_cards(
                    session=self.session, game=game, name=name, limit=NAME_LOOKUP_LIMIT
                )
            found = [card_info(v, track_owned=self.track_owned) for v in views]
            self._found[key] = self._named_in_japanese(found)
        return self._found[key]

    def prefetch(self, lookups: Iterable[tuple[str, str, str | None]]) -> None:
        """Look up every line of a deck found by name at once (one statement per game, not
        one per line); `resolve` then answers them as it would have one by one."""
        by_game: dict[str, list[str]] = {}
        for game, name, source_id in lookups:
            if source_id is None and (game, name, None) not in self._found:
                by_game.setdefault(game, []).append(name)
        for game, names in by_game.items():
            views = repository.find_by_names(
                session=self.session, game=game, names=names, limit=NAME_LOOKUP_LIMIT
            )
            infos = {
                name: [card_info(v, track_owned=self.track_owned) for v in found]
                for name, found in views.items()
            }
            lacking: set[str] = set()
            for cards in infos.values():  # what each line's _named_in_japanese will ask
                lacking |= {c.identity for c in cards} - {c.identity for c in cards if c.name_ja}
            self._learn_names_ja(lacking)
            for name, cards in infos.items():
                self._found[(game, name, None)] = self._named_in_japanese(cards)

    def _named_in_japanese(self, cards: list[CardInfo]) -> list[CardInfo]:
        """Each card with its identity's Japanese name, even when only a printing the look-up
        did not find carries it (an English [SOURCE_ID] line of Lightning Bolt: 稲妻)."""
        names = {c.identity: c.name_ja for c in cards if c.name_ja}
        self._learn_names_ja({c.identity for c in cards} - names.keys())
        # an identity some printing found is named by is left to `choose` (resolve.py)
        return [
            replace(c, name_ja=self._names_ja[c.identity])
            if c.identity not in names and self._names_ja.get(c.identity)
            else c
            for c in cards
        ]

    def _learn_names_ja(self, identities: set[str]) -> None:
        """The Japanese name of each of `identities` not asked before (None: it has none)."""
        lacking = identities - self._names_ja.keys()
        if lacking:
            self._names_ja.update(dict.fromkeys(lacking))
            rows = self.session.execute(
                select(CARD.c.identity, CARD.c.name_ja)
                .where(CARD.c.identity.in_(lacking), CARD.c.name_ja.is_not(None))
                .order_by(CARD.c.id)
            )
            for identity, name_ja in rows:
                self._names_ja[identity] = self._names_ja[identity] or name_ja

    def suggest(self, game: str, name: str) -> Sequence[str]:
        key = (game, name)
        if key not in self._closest:
            self._closest[key] = repository.closest_names(
                session=self.session, name=name, game=game, limit=3
            )
        return self._closest[key]
