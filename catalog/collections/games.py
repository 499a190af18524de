"""Which game a collection file holds (issue 12 item 4): a file is one game unless its rows
say otherwise, and a row never silently lands on another game's card.

Policy, strongest first:
1. a row's own game column (twgp's `game`, TCGplayer's `Product Line`) — the row says;
2. `--game`, honoured for every format;
3. the app's game (Moxfield: MTG); for an app that exports several games in one shape
   (Dragon Shield), its rows tell which: Yu-Gi-Oh! print codes (`LOB-EN001`), Yu-Gi-Oh!
   rarities and editions; Pokémon numbers (`4/102`) — else the app's usual game;
4. a file of any game (TCGplayer, generic CSV): the game of most of its first rows' cards
   (`told_game`), as a *hint*: name-only matches stay in it; a source id, or a set and number
   that agree with the row's name, may still find a card of another game."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import replace

from catalog.collections.rows import CollectionRow
from catalog.collections.vocab import vocab_key
from converters.errors import InputFormatError
from converters.game_names import game_id, unknown_game_text
from converters.registry import converter_ids

#: Yu-Gi-Oh! print codes: set, optional region, number (`LOB-EN001`, `SDK-001`, `MP22-EN123`)
_YGO_PRINT_CODE = re.compile(r"^[A-Z0-9]{2,5}-(?:[A-Z]{1,2})?\d{2,3}[A-Z]?$")
#: rarities only Yu-Gi-Oh! prints (`Secret Rare`, `1st Edition` are Pokémon words too)
_YGO_WORDS = frozenset(
    vocab_key(w) for w in ("Ultimate Rare", "Ghost Rare", "Starlight Rare", "Gold Rare",
                           "Quarter Century Secret Rare", "Collector's Rare", "Premium Gold Rare",
                           "Prismatic Secret Rare", "Platinum Secret Rare", "Short Print",
                           "Super Short Print")
)  # fmt: skip
_POKEMON_NUMBER = re.compile(r"^[A-Z]{0,4}\d{1,3}/[A-Z]{0,4}\d{1,3}$")
#: how many of the first rows tell a file's game (sniffing and the catalog's vote)
SAMPLE_ROWS = 2000
_MAJORITY = 0.8


def installed_game(value: str) -> str:
    """`--game`: an installed game's id (or its usual name: `magic`, `yugioh`, `ポケモン`);
    InputFormatError naming the installed games otherwise."""
    known = converter_ids()
    found = game_id(value, known)
    if found is None:
        raise InputFormatError(f"--game: {unknown_game_text(value, known)}",
                               hint=f"installed games: {', '.join(known)}")  # fmt: skip
    return found


def sniffed_game(
    rows: Sequence[tuple[str, str, str]], games: Sequence[str], default: str
) -> str:
    """The game of a multi-game app's file from its first rows' (number, rarity, printing)
    cells: Yu-Gi-Oh! print codes or words, Pokémon `n/total` numbers; else `default`."""
    votes: Counter[str] = Counter()
    for number, *words in rows[:SAMPLE_ROWS]:
        number = number.strip().upper()
        if "yugioh" in games and _YGO_PRINT_CODE.match(number):
            votes["yugioh"] += 1
        elif "pokemon" in games and _POKEMON_NUMBER.match(number):
            votes["pokemon"] += 1
        elif "yugioh" in games and {vocab_key(w) for w in words} & _YGO_WORDS:
            votes["yugioh"] += 1
        elif number:
            votes[default] += 1
    if not votes:
        return default
    game, count = votes.most_common(1)[0]
    return game if count >= _MAJORITY * sum(votes.values()) else default


def told_game(cards_games: Iterable[str]) -> str | None:
    """The game of most resolved rows (at least 80 %), or None for a mixed file."""
    votes = Counter(cards_games)
    if not votes:
        return None
    game, count = votes.most_common(1)[0]
    return game if count >= _MAJORITY * sum(votes.values()) else None


def with_hint(row: CollectionRow, game: str | None) -> CollectionRow:
    """The row with the file's game as its hint (rows that name their game keep it)."""
    return row if row.game or not game else replace(row, game_hint=game)
