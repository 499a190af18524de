"""`2chtcg`: a deck of the community TCG of seed 001 is DECK_SIZE_2CH cards
(deckbuilder/rule_facts.py; the code DECK_SIZE_2CH).

Provisional: the seed only says "現時点では40枚説が有力" (40 is the likely size); it sets no
limit on copies, so none is checked. A deck file has one section, `[main]`."""

from __future__ import annotations

from collections.abc import Sequence

from deckbuilder.codes import FormatCode, violation
from deckbuilder.deck import DECK
from deckbuilder.play_formats.base import GameFormat, Problems, copies
from deckbuilder.resolve import ResolvedDeck
from deckbuilder.rule_facts import DECK_SIZE_2CH

MAIN = "main"


class TwoChDeck(GameFormat):
    format_id = "2chtcg"
    display_name = "2ch TCG deck"
    display_name_ja = "2ちゃんねるTCG デッキ"
    summary = "exactly {{DECK_2CH}} cards (provisional: the rules say 40 is the likely size)"
    games = ("2chtcg",)
    sections = (MAIN,)

    def validate(self, decks: Sequence[ResolvedDeck]) -> Problems:
        (deck,) = decks
        _, problems = self.card_lines(deck)
        count = copies(deck.all())
        if count != DECK_SIZE_2CH:
            problems.append(violation(FormatCode.DECK_SIZE_2CH, DECK, count=count))
        return problems, []
