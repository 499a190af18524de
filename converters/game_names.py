"""The names players give games, once: `magic`, `ygo`, `Pokémon`, `遊戯王` → our game ids.

Every place that reads a game name goes through here — a deck line (`1 magic Sol Ring`), a
command's GAME argument and `--game`, a collection file's game column, `game:` in a search —
so each accepts the same aliases and says the same thing about a name it cannot place
("unknown game 'magik' — did you mean mtg?")."""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable

#: each game's usual names (compared by `game_key`: case, width, spaces and marks ignored)
GAME_WORDS: dict[str, tuple[str, ...]] = {
    "mtg": ("mtg", "magic", "magicthegathering", "mtgarena", "マジック", "マジックザギャザリング"),
    "yugioh": ("yugioh", "yu-gi-oh!", "yugiohtcg", "yugiohocg", "ygo", "遊戯王", "遊☆戯☆王",
               "遊戯王ocg"),
    "pokemon": ("pokemon", "pokémon", "pokemontcg", "pokémontcg", "ptcg", "ポケモン",
                "ポケモンカード", "ポケモンカードゲーム"),
    "onepiece": ("onepiece", "onepiececardgame", "ワンピース", "ワンピースカードゲーム"),
    "ws": ("ws", "weissschwarz", "weiß schwarz", "ヴァイスシュヴァルツ"),
    "dm": ("dm", "duelmasters", "デュエルマスターズ", "デュエマ"),
    # TCGplayer's product lines (`Lorcana TCG`, `Digimon Card Game`, `Dragon Ball Super:
    # Fusion World`) and the games' own names
    "lorcana": ("lorcana", "lorcanatcg", "disneylorcana", "disneylorcanatcg", "ロルカナ",
                "ディズニーロルカナ"),
    "digimon": ("digimon", "digimoncardgame", "digimontcg", "デジモンカードゲーム", "デジモン"),
    "dbs-fusion-world": ("dragonballsuperfusionworld", "dragonballfusionworld", "fusionworld",
                         "dbsfusionworld", "dbsfw", "フュージョンワールド",
                         "ドラゴンボールスーパーカードゲームフュージョンワールド"),
}  # fmt: skip


def game_key(cell: str) -> str:
    """`Magic: The Gathering` → `magicthegathering`, `遊☆戯☆王` → `遊戯王`."""
    return re.sub(r"[\W_]", "", unicodedata.normalize("NFKC", cell).casefold())


GAME_OF = {game_key(word): game for game, words in GAME_WORDS.items() for word in words}


def parse_game(cell: str, known: Iterable[str] = ()) -> str | None:
    """A game name (`Magic`, `YuGiOh`, `Pokémon`, `遊戯王`, or one of the `known` ids) → our
    game id; None for a name we cannot place."""
    key = game_key(cell)
    if not key:
        return None
    if key in GAME_OF:
        return GAME_OF[key]
    return next((game for game in known if game_key(game) == key), None)


def closest_game(value: str, known: Iterable[str]) -> str | None:
    """The installed game a mistyped name most likely means (`magik` → mtg), or None."""
    installed = list(known)
    names = {key: game for key, game in GAME_OF.items() if game in installed}
    names.update({game_key(game): game for game in installed})
    found = difflib.get_close_matches(game_key(value), list(names), n=1, cutoff=0.6)
    return names[found[0]] if found else None


def unknown_game_text(value: str, known: Iterable[str]) -> str:
    """ "unknown game 'magik' — did you mean mtg?" (or the installed games, when nothing is
    close)."""
    installed = list(known)
    closest = closest_game(value, installed)
    if closest is not None:
        return f"unknown game {value!r} — did you mean {closest}?"
    return f"unknown game {value!r}; installed games: {', '.join(installed) or 'none'}"


def game_id(value: str, known: Iterable[str]) -> str | None:
    """An installed game's id from any of its names, or None."""
    installed = list(known)
    found = parse_game(value, installed)
    return found if found in installed else None
