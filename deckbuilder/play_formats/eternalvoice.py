"""`ev-tag-b`: Eternal Voice TCG tag rule B (seed 002, 2.(2) デッキ), the deck rule across the
two teammates of a team:

* a same-name character card (Evolution cards excepted) at most EV_CHARACTER_LIMIT across both
  decks, sideboards included (the code EV_CHARACTER_LIMIT);
* any other same-name card at most EV_SAME_NAME_LIMIT across both decks, sideboards included
  (the code EV_SAME_NAME_LIMIT). The limits are deckbuilder/rule_facts.py's.

A deck file has `[main]` and `[side]` (the sideboard). "Same name" is one card identity (the
Eternal Voice converter keys a card by its printed name). Policies: an Evolution card is exempt
from the character limit but not from the same-name one; a line that found no card is held to
the same-name limit (every card is), counted by its name. One deck checked alone gets the same
limits plus the warning EV_TEAMMATE_MISSING. The game's ordinary deck rules are not in the
seed and not checked. In a team's report a problem of one deck names its section as the stats
do: `1/main`, `2/side`; the limits are `team` problems."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from converters.errors import InvalidRecordError
from converters.flags import read_flag
from deckbuilder.codes import FormatCode, Violation, violation
from deckbuilder.deck import DECK, TEAM
from deckbuilder.play_formats.base import GameFormat, Problems, deck_label, labels
from deckbuilder.resolve import CardInfo, ResolvedDeck, ResolvedEntry
from deckbuilder.rule_facts import EV_CHARACTER_LIMIT, EV_SAME_NAME_LIMIT

MAIN, SIDE = "main", "side"
SECTION_JA = {MAIN: "メイン", SIDE: "サイドボード"}


def flag(card_stats: Mapping[str, Any], key: str) -> bool:
    """A yes/no fact of a converted card; absent or unreadable is no."""
    try:
        return bool(read_flag(card_stats.get(key), key))
    except InvalidRecordError:
        return False


def limited_to_one(card: CardInfo | None) -> bool:
    """A character card that is not an Evolution card (the stats of the Eternal Voice
    converter: `character`, `evolution`)."""
    return card is not None and flag(card.stats, "character") and not flag(card.stats, "evolution")


def in_deck(problem: Violation, number: int) -> Violation:
    """A problem of one deck of a team, its section told apart as in the stats: `2/main`."""
    return replace(problem, section=f"{number}/{problem.section}")


class TagRuleB(GameFormat):
    format_id = "ev-tag-b"
    display_name = "Eternal Voice tag rule B"
    display_name_ja = "エターナルヴォイス タッグルールB"
    summary = (
        "a team's 2 decks with sideboards: a same-name character card (Evolution cards excepted) "
        "at most {{EV_CHARACTER}} across both, any other same-name card at most {{EV_SAME_NAME}} "
        "across both"
    )
    games = ("eternalvoice",)
    sections = (MAIN, SIDE)
    max_decks = 2

    def validate(self, decks: Sequence[ResolvedDeck]) -> Problems:
        problems: list[Violation] = []
        #: card key → [(deck label, line)] over the team
        found: dict[str, list[tuple[str, ResolvedEntry]]] = {}
        for number, deck in enumerate(decks, start=1):
            lines, wrong = self.card_lines(deck)
            problems += [in_deck(v, number) for v in wrong] if len(decks) > 1 else wrong
            for r in lines:
                found.setdefault(r.key, []).append((deck_label(deck, number), r))
        section = TEAM if len(decks) > 1 else DECK
        for group in found.values():
            problems += self.limit(group, section, several=len(decks) > 1)
        warnings = [] if len(decks) > 1 else [violation(FormatCode.EV_TEAMMATE_MISSING, DECK)]
        return problems, warnings

    def limit(
        self, group: list[tuple[str, ResolvedEntry]], section: str, *, several: bool
    ) -> list[Violation]:
        count = sum(r.qty for _, r in group)
        card = next((r.card for _, r in group if r.card is not None), None)
        code, most = (
            (FormatCode.EV_CHARACTER_LIMIT, EV_CHARACTER_LIMIT) if limited_to_one(card)
            else (FormatCode.EV_SAME_NAME_LIMIT, EV_SAME_NAME_LIMIT)
        )
        if count <= most:
            return []
        where, where_ja = self.where(group, several=several)
        cards = labels(r for _, r in group)
        return [violation(code, section, cards, count=count, where=where, where_ja=where_ja)]

    @staticmethod
    def where(group: list[tuple[str, ResolvedEntry]], *, several: bool) -> tuple[str, str]:
        """Copies per deck and section: ("deck 1 main 1, deck 2 side 1", "deck 1 メイン1枚、…")."""
        counts: dict[tuple[str, str], int] = {}
        for label, r in group:
            counts[(label, r.section)] = counts.get((label, r.section), 0) + r.qty
        english = ", ".join(
            f"{label + ' ' if several else ''}{key} {n}" for (label, key), n in counts.items()
        )
        japanese = "、".join(
            f"{label + ' ' if several else ''}{SECTION_JA.get(key, key)}{n}枚"
            for (label, key), n in counts.items()
        )
        return english, japanese
