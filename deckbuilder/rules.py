"""TWGP deck and life-set rules (docs/rules.md §3–§5) as pure functions of a resolved deck.

Each check returns every problem it finds as a `Violation`, so that the CLI and the TUI show
them all at once; nothing here touches a database.

Policies:
* Empty `final.N`, `half.N` and `pool` sections are template placeholders and count as absent.
* A non-empty `[pool]` is the variant rule (docs/rules.md §3): it stands in for *added* half
  decks. A half-duel deck adds none, so a pool there is a POOL violation. Each half formed from
  the pool takes HALF_DECK_SIZE different usable deck cards of it, so a pool supplies
  `pool_halves` halves (⌊P/HALF_DECK_SIZE⌋ for P different cards); a full deck may then have
  no `[final.N]` (the final is chosen from the pool), and a trial deck counts the pool's halves
  toward its MIN_TRIAL_HALVES. (The numbers are deckbuilder/rule_facts.py's.)
* Grade-summon reachability (UNSUMMONABLE) is judged per half deck with the cards in play by
  then: entry alone; entry + one final (full); entry + half.2 … half.N (trial); entry + pool.
  Materials are used up (deckbuilder/summon.py): each card once, two stacks become one on a
  grade summon, at most MAX_WEAPONS weapons a stack (+1 each, curse-like ones −1), none under a
  00 unit.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from converters.base import CardType
from converters.game_names import closest_game, unknown_game_text
from converters.registry import converter_ids
from deckbuilder import rule_facts as facts
from deckbuilder.codes import Code, Violation, violation
from deckbuilder.deck import (
    ARCHIVE,
    DECK,
    ENTRY,
    FINAL_PREFIX,
    HALF_PREFIX,
    LIBRARY,
    LIFE,
    POOL,
    DeckFormat,
)
from deckbuilder.resolve import Half, ResolvedDeck, ResolvedEntry, no_counterpart
from deckbuilder.rule_facts import LIFE_TYPES, life_need
from deckbuilder.section_names import section_name
from deckbuilder.summon import Pair, Reach, reach_for


def halves(deck: ResolvedDeck) -> tuple[Half, ...]:
    """The entry half, then the non-empty final and added halves, in order."""
    return deck.halves


def _copies(entries: Iterable[ResolvedEntry]) -> int:
    return sum(r.qty for r in entries)


def _duplicates(code: Code, section: str, entries: Sequence[ResolvedEntry]) -> list[Violation]:
    counts: dict[str, int] = {}
    for r in entries:
        counts[r.key] = counts.get(r.key, 0) + r.qty
    if all(count == 1 for count in counts.values()):
        return []
    labels: dict[str, list[str]] = {}
    for r in entries:
        labels.setdefault(r.key, []).append(r.label)
    return [
        violation(code, section, list(dict.fromkeys(labels[key])), count=count)
        for key, count in counts.items()
        if count > 1
    ]


def check_halves(deck: ResolvedDeck) -> list[Violation]:
    """HALF_SIZE, ENTRY_SPLIT, DUPLICATE_IN_HALF and DECK_CARD_TYPE for every half deck."""
    found: list[Violation] = []
    library, archive = _copies(deck.section(LIBRARY)), _copies(deck.section(ARCHIVE))
    for half in halves(deck):
        if half.size != facts.HALF_DECK_SIZE:
            found.append(violation(Code.HALF_SIZE, half.key, count=half.size))
        if half.key == ENTRY and (library, archive) != (facts.LIBRARY_SIZE, facts.ARCHIVE_SIZE):
            found.append(violation(Code.ENTRY_SPLIT, ENTRY, library=library, archive=archive))
        found += _duplicates(Code.DUPLICATE_IN_HALF, half.key, half.entries)
        for r in half.entries:
            if r.card_type in LIFE_TYPES:
                found.append(_typed(Code.DECK_CARD_TYPE, half.key, r))
    return found


def _typed(code: Code, section: str, r: ResolvedEntry) -> Violation:
    card_type = r.card_type
    assert card_type is not None
    return violation(code, section, [r.label], type=card_type.label, type_ja=card_type.label_ja)


def check_life(deck: ResolvedDeck) -> list[Violation]:
    """LIFE_SIZE, DUPLICATE_IN_LIFE and LIFE_CARD_TYPE."""
    life = deck.section(LIFE)
    fmt = deck.deck.format
    count = _copies(life)
    fewest, most = facts.LIFE_SIZES[fmt]
    found: list[Violation] = []
    if count < fewest or (most is not None and count > most):
        found.append(
            violation(Code.LIFE_SIZE, LIFE, count=count, format=fmt.value,
                      format_ja=fmt.label_ja, need=life_need(fmt), need_ja=life_need(fmt, "ja"))
        )
    found += _duplicates(Code.DUPLICATE_IN_LIFE, LIFE, life)
    for r in life:
        if r.card_type is not None and r.card_type not in LIFE_TYPES:
            found.append(_typed(Code.LIFE_CARD_TYPE, LIFE, r))
    return found


def _pool_copies(deck: ResolvedDeck) -> Counter[str]:
    """Copies of each resolved deck card (typed, not a life card) in the pool."""
    copies: Counter[str] = Counter()
    for r in deck.section(POOL):
        if r.card_type is not None and r.card_type not in LIFE_TYPES:
            copies[r.key] += r.qty
    return copies


def usable_pool_cards(deck: ResolvedDeck) -> int:
    """Different resolved deck cards (typed, not life cards) in the pool."""
    return len(_pool_copies(deck))


def pool_halves(deck: ResolvedDeck) -> int:
    """How many added half decks the pool can supply: each takes HALF_DECK_SIZE (H) different
    cards of it, each copy once, so the most k with Σ min(copies, k) ≥ H·k (⌊P/H⌋ for P
    different cards)."""
    copies = list(_pool_copies(deck).values())
    halves = 0
    while sum(min(c, halves + 1) for c in copies) >= facts.HALF_DECK_SIZE * (halves + 1):
        halves += 1
    return halves


def check_structure(deck: ResolvedDeck) -> list[Violation]:
    """FINAL_COUNT, TRIAL_HALVES and POOL: the halves a format needs and where they come from."""
    fmt = deck.deck.format
    finals = deck.deck.numbered(FINAL_PREFIX)
    added = deck.deck.numbered(HALF_PREFIX)
    pool = deck.section(POOL)
    supplied = pool_halves(deck) if pool else 0
    found: list[Violation] = []
    names: dict[str, Any] = {"format": fmt.value, "format_ja": fmt.label_ja}
    if fmt is DeckFormat.FULL:
        if len(finals) > facts.MAX_FINALS or (not finals and not pool):
            found.append(violation(Code.FINAL_COUNT, DECK, finals, count=len(finals)))
    elif finals:
        found.append(violation(Code.FINAL_COUNT, DECK, finals, variant="format", **names))
    if fmt is DeckFormat.TRIAL:
        if (halves := 1 + len(added) + supplied) < facts.MIN_TRIAL_HALVES:
            found.append(violation(Code.TRIAL_HALVES, DECK, added, variant="pool" if pool else "",
                                   count=halves, written=1 + len(added), supplied=supplied,
                                   pool=sum(_pool_copies(deck).values())))
    elif added:
        found.append(violation(Code.TRIAL_HALVES, DECK, added, variant="format", **names))
    if pool and fmt is DeckFormat.HALF:
        found.append(violation(Code.POOL, POOL, variant="half"))
    elif pool and supplied == 0:
        found.append(violation(Code.POOL, POOL, usable=usable_pool_cards(deck)))
    return found



@cache
def _installed_games() -> tuple[str, ...]:
    """The installed games, read once (a deck is checked again on every edit in the app)."""
    return tuple(converter_ids())


def unknown_card(r: ResolvedEntry) -> Violation | None:
    """UNKNOWN_CARD for a line that resolved to no card (with the closest names) or to several
    (with the candidates); None for a resolved line."""
    if r.card is not None:
        return None
    line, game, name = r.entry.line or "?", r.entry.game, r.entry.name
    installed = _installed_games()
    if game not in installed:  # "unknown game 'magik' — did you mean mtg?"
        closest = closest_game(game, installed)
        return violation(Code.UNKNOWN_CARD, r.section, [r.label], variant="game", line=line,
                         game=game, unknown=unknown_game_text(game, installed),
                         closest_ja=f"（{closest} のことですか？）" if closest else "")
    if r.candidates:
        shown = "; ".join(c.describe() for c in r.candidates[:5])
        return violation(Code.UNKNOWN_CARD, r.section, [r.label], variant="ambiguous",
                         line=line, game=game, name=name, count=len(r.candidates),
                         candidates=shown)
    closest = ", ".join(r.suggestions)
    return violation(Code.UNKNOWN_CARD, r.section, [r.label], line=line, game=game, name=name,
                     closest=f"; closest: {closest}" if closest else "",
                     closest_ja=f"（近い名前: {closest}）" if closest else "")


def check_cards(deck: ResolvedDeck) -> list[Violation]:
    """UNKNOWN_CARD (no card or several) and UNCONVERTED (a card with no TWGP type)."""
    found: list[Violation] = []
    for r in deck.all():
        if r.card_type is not None:
            continue
        if (unknown := unknown_card(r)) is not None:
            found.append(unknown)
        elif r.card is not None and r.card.card_type is None:
            reason = r.card.type_reason or "the converter could not place it"
            variant = "basic land" if no_counterpart(r.card.game, r.card.stats) else ""
            found.append(violation(Code.UNCONVERTED, r.section, [r.label], variant=variant,
                                   reason=reason))
    return found


def validate(deck: ResolvedDeck) -> list[Violation]:
    """Every violation of the deck, in a stable order (cards, life, halves, structure)."""
    return check_cards(deck) + check_life(deck) + check_halves(deck) + check_structure(deck)


# --- warnings -----------------------------------------------------------------------------------


def check_free_summon(deck: ResolvedDeck) -> list[Violation]:
    """NO_FREE_SUMMON: an entry deck with cards but no free-summon unit (grade ≤
    FREE_SUMMON_MAX)."""
    entry = halves(deck)[0].entries
    free = (r.unit_grade is not None and r.unit_grade <= facts.FREE_SUMMON_MAX for r in entry)
    if not entry or any(free):
        return []
    return [violation(Code.NO_FREE_SUMMON, ENTRY)]


@dataclass(frozen=True)
class PlayPath:
    """A half deck (or the pool) and every card in play by the time it is."""

    key: str
    own: tuple[ResolvedEntry, ...]
    in_play: tuple[ResolvedEntry, ...]


def play_paths(deck: ResolvedDeck) -> list[PlayPath]:
    """Entry alone; entry + one final (full); entry + half.2 … half.N (trial); and the pool
    with the entry (or, in a trial deck, every written half)."""
    found = halves(deck)
    entry = found[0].entries
    paths = [PlayPath(ENTRY, entry, entry)]
    so_far = entry
    for half in found[1:]:
        if half.key.startswith(FINAL_PREFIX):
            paths.append(PlayPath(half.key, half.entries, entry + half.entries))
        else:
            so_far = so_far + half.entries
            paths.append(PlayPath(half.key, half.entries, so_far))
    if pool := deck.section(POOL):
        base = so_far if deck.deck.format is DeckFormat.TRIAL else entry
        paths.append(PlayPath(POOL, pool, base + pool))
    return paths


def check_summonable(deck: ResolvedDeck) -> list[Violation]:
    """UNSUMMONABLE: grade-summoned units (above FREE_SUMMON_MAX) in a half that no two stacks
    in play can reach, their materials used up (deckbuilder/summon.py). A unit a later half
    brings out once it is in play (the entry's unit with a final's materials) is named with the
    halves that can and cannot, never "never"."""
    found: list[Violation] = []
    paths = play_paths(deck)
    for index, path in enumerate(paths):
        high = [r for r in path.own
                if r.unit_grade is not None and r.unit_grade > facts.FREE_SUMMON_MAX]
        if not high:
            continue
        units = [r for r in path.in_play if r.unit_grade is not None]
        reach = _reach(path, frozenset(r.unit_grade for r in high if r.unit_grade is not None))
        later = [p for p in paths[index + 1 :] if p.in_play[: len(path.in_play)] == path.in_play]
        for r in high:
            grade = r.unit_grade
            if grade is None or reach.summonable(grade):
                continue
            can = [p.key for p in later if _reach(p, frozenset({grade})).summonable(grade)]
            cannot = [p.key for p in later if p.key not in can]
            found.append(_unsummonable(path.key, r, grade, reach.best_below(grade),
                                       reach.exact(grade), units, can, cannot))
    return found


def _reach(path: PlayPath, limits: frozenset[int]) -> Reach:
    """What the units and helping weapons in play by `path` reach below each of `limits`."""
    grades = (g for r in path.in_play if r.unit_grade is not None for g in [r.unit_grade] * r.qty)
    weapons = sum(r.qty for r in path.in_play if _helps(r))
    return reach_for(tuple(sorted(grades)), weapons, limits)


def _helps(r: ResolvedEntry) -> bool:
    """A weapon that can raise a stack: not a curse-like one (which only lowers it)."""
    return r.card_type is CardType.WEAPON and not (r.card is not None and r.card.curse)


def _unsummonable(section: str, r: ResolvedEntry, grade: int, best: Pair | None, exact: bool,
                  units: Sequence[ResolvedEntry], can: Sequence[str] = (),
                  cannot: Sequence[str] = ()) -> Violation:
    """The warning for a unit `section` cannot bring out; `can` / `cannot`: the later halves
    that can and cannot once they are in play."""
    en, ja = _pair_names(best, units) if best is not None else ("", "")
    if can:
        if best is None:
            why = "fewer than two units can be on the field", "場に出せるユニットが2体未満"
        else:
            at = "only" if exact else "at most"
            why = (f"the best two stacks in play reach {at} {best.total:02d}: {en}",
                   f"2スタックの合計は{'最大' if exact else '多くても'}{best.total:02d}：{ja}")
        return violation(Code.UNSUMMONABLE, section, [r.label], variant="later",
                         grade=f"{grade:02d}", why=why[0], why_ja=why[1],
                         can=", ".join(can), can_ja="、".join(_ja(can)),
                         cannot=f"; {', '.join(cannot)} cannot" if cannot else "",
                         cannot_ja=(f"（{'、'.join(_ja(cannot))} では召喚できません）"
                                    if cannot else ""))
    later = (f"; nor can {', '.join(cannot)} bring it out" if cannot else "",
             f"。{'、'.join(_ja(cannot))} が場に出ても召喚できません" if cannot else "")
    if best is None:
        return violation(Code.UNSUMMONABLE, section, [r.label], variant="alone",
                         grade=f"{grade:02d}", later=later[0], later_ja=later[1])
    return violation(Code.UNSUMMONABLE, section, [r.label], variant="" if exact else "bound",
                     grade=f"{grade:02d}", best=f"{best.total:02d}", pair=en, pair_ja=ja,
                     later=later[0], later_ja=later[1])


def _ja(sections: Sequence[str]) -> list[str]:
    """Half keys (`final.1`) as the Japanese messages name them (ファイナル1)."""
    return [section_name(key, "ja") for key in sections]


def _pair_names(best: Pair, units: Sequence[ResolvedEntry]) -> tuple[str, str]:
    """The two units of the best pair, as written in the deck, and their weapons:
    "mtg Serra Angel 05 + pokemon Pikachu 04 + 1 weapon" (in Japanese, Japanese names where the
    catalog has them: "mtg セラの天使 05 ＋ pokemon Pikachu 04 ＋ ウェポン1枚")."""
    left = {id(r): r.qty for r in units}
    names: list[tuple[str, str]] = []
    for grade in best.grades:
        r = next(u for u in units if u.unit_grade == grade and left[id(u)] > 0)
        left[id(r)] -= 1
        label_ja = f"{r.entry.game} {r.card.name_ja}" if r.card and r.card.name_ja else r.label
        names.append((f"{r.label} {grade:02d}", f"{label_ja} {grade:02d}"))
    en = " + ".join(n for n, _ in names)
    ja = " ＋ ".join(n for _, n in names)
    if best.weapons:
        plural = "s" if best.weapons > 1 else ""
        en += f" + {best.weapons} weapon{plural}"
        ja += f" ＋ ウェポン{best.weapons}枚"
    return en, ja


def check_owned(deck: ResolvedDeck) -> list[Violation]:
    """NOT_OWNED: per card identity, the copies the whole deck needs against those owned."""
    needed: Counter[str] = Counter()
    owned: dict[str, int] = {}
    labels: dict[str, list[str]] = {}
    for r in deck.all():
        if r.card is None or r.card.owned is None:
            continue
        needed[r.key] += r.qty
        owned[r.key] = r.card.owned
        labels.setdefault(r.key, []).append(r.label)
    return [
        violation(Code.NOT_OWNED, DECK, list(dict.fromkeys(labels[key])), needed=count,
                  owned=owned[key], missing=count - owned[key])
        for key, count in needed.items()
        if owned[key] < count
    ]


def advise(deck: ResolvedDeck) -> list[Violation]:
    """Every warning (not illegal): NO_FREE_SUMMON, UNSUMMONABLE, NOT_OWNED."""
    return check_free_summon(deck) + check_summonable(deck) + check_owned(deck)
