"""The keys of the search query language: each key's operators and how its value is read.
A value that cannot be read raises ValueError with a message for the user."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from converters.base import CardType
from converters.effects import parse_effect
from converters.game_names import game_id, unknown_game_text
from converters.registry import converter_ids

EQUALITY = (":", "=", "!=")
COMPARISON = (":", "=", "!=", ">", ">=", "<", "<=")
NONE_WORDS = frozenset({"none", "null", "-"})
SORTS = ("name", "name_ja", "grade", "game", "type", "set", "owned")


@dataclass(frozen=True)
class Key:
    name: str
    ops: tuple[str, ...]
    parse: Callable[[str], object]
    help: str


def _grade(value: str) -> int | None:
    if value.casefold() in NONE_WORDS:
        return None
    if not re.fullmatch(r"[0-9]{1,2}", value):
        raise ValueError(f"{value!r} is not a grade (00–99, or none)")
    return int(value)


def _count(value: str) -> int:
    if not re.fullmatch(r"[0-9]{1,9}", value):
        raise ValueError(f"{value!r} is not a number of copies")
    return int(value)


#: games seen installed: listing the installed converters reads every package's metadata
#: (milliseconds), too slow for each keystroke of a search; a new game is looked up again
_known_games: set[str] = set()


def _game(value: str) -> str:
    """`game:mtg`, or any name the game goes by (`game:magic`, `game:ygo`)."""
    game = value.casefold()
    if game in _known_games:
        return game
    games = converter_ids()
    _known_games.update(games)
    found = game_id(value, games)
    if found is None:
        raise ValueError(unknown_game_text(value, games))
    return found


def _type(value: str) -> CardType | None:
    if value.casefold() in NONE_WORDS:
        return None
    return CardType.parse(value)


def _text(value: str) -> str:
    if not value:
        raise ValueError("empty text")
    return value


def _choice(*choices: str) -> Callable[[str], str]:
    def parse(value: str) -> str:
        if value.casefold() not in choices:
            raise ValueError(f"{value!r} is not one of {', '.join(choices)}")
        return value.casefold()

    return parse


_KEYS = (
    Key("game", EQUALITY, _game, "game id: game:mtg"),
    Key("grade", COMPARISON, _grade, "effective grade: grade:04, grade>=6, grade:none"),
    Key("type", EQUALITY, _type, "TWGP type, English or Japanese: type:weapon, type:ユニット"),
    Key("effect", EQUALITY, parse_effect, "a §3 effect: effect:hazard"),
    Key("text", (":",), _text, 'rules text contains: text:"draw a card"'),
    Key("name", (":", "=", "!="), _text, 'name contains (name:), or is exactly (name="…")'),
    Key("set", EQUALITY, _text, "set code: set:lea"),
    Key("lang", EQUALITY, _text, "printing language: lang:ja"),
    Key("owned", COMPARISON, _count, "copies owned (all printings): owned>0"),
    Key("sort", (":",), _choice(*SORTS), f"sort:grade ({', '.join(SORTS)})"),
    Key("order", (":",), _choice("asc", "desc"), "order:desc"),
)
_ALIASES = {"g": "game", "t": "type", "e": "effect", "o": "text", "n": "name", "s": "set"}
#: Scryfall's well-known keys where they do not clash with ours (docs/app.md, "Browsing",
#: lists the clashes): mana value is an MTG card's grade, oracle text its text
_ALIASES |= {"mv": "grade", "cmc": "grade", "manavalue": "grade", "oracle": "text"}

KEYS: dict[str, Key] = {key.name: key for key in _KEYS}
KEYS.update({alias: KEYS[name] for alias, name in _ALIASES.items()})
