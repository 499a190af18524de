"""The notes a decklist import adds about the whole list: the game its cards look like when
it was read as another's, and the cards with no TWGP type the draft left out."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from converters.registry import load_converter

#: the share of a list's card lines that must be another game's cards to say so
OTHER_GAME_SHARE = 0.5


def other_game(elsewhere: Sequence[tuple[str, ...]]) -> str | None:
    """"these look like Yu-Gi-Oh! cards: --game yugioh" when most of the list's lines name
    cards of one other game (a headerless Yu-Gi-Oh! list read as the default, Magic).
    `elsewhere`: per card line, the games whose cards bear its name when the deck's does not."""
    votes = Counter(games[0] for games in elsewhere if len(games) == 1)
    if not votes:
        return None
    game, count = votes.most_common(1)[0]
    if count < OTHER_GAME_SHARE * len(elsewhere):
        return None
    shown = getattr(load_converter(game), "display_name", game)
    return f"these look like {shown} cards: --game {game}"


def left_out_note(left_out: Sequence[tuple[str, int, bool]]) -> str | None:
    """One note for every card the draft left out for having no TWGP type: "25 basic lands
    have no TWGP type and were left out" (and the other cards, named)."""
    if not left_out:
        return None
    basics = sum(copies for _, copies, basic in left_out if basic)
    others = [(name, copies) for name, copies, basic in left_out if not basic]
    parts = [f"{basics} basic land{'s' if basics != 1 else ''}"] if basics else []
    if others:
        copies = sum(c for _, c in others)
        names = ", ".join(name for name, _ in others)
        parts.append(f"{copies} {'other ' if basics else ''}card{'s' if copies != 1 else ''} "
                     f"({names})")  # fmt: skip
    one = basics + sum(c for _, c in others) == 1
    return (f"{' and '.join(parts)} {'has' if one else 'have'} no TWGP type and "
            f"{'was' if one else 'were'} left out")  # fmt: skip
