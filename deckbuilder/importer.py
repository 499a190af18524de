"""`twgp deck import`: read another game's decklist, find its cards in the catalog (the same
resolver as collection imports: source id, then set + number, then every accepted name form)
and draft a `.twgp` deck the user then arranges.

The draft puts the life cards (Life Traps, Life Counters) in [life] and every other card, of
every zone (main, extra, side), in [pool], quantities summed per card; a line keeps its
[SOURCE_ID] when the file identified the printing (a `.ydk` passcode, a set and number) —
the passcode as the file wrote it, an alternate art's too — or when the name alone would not
find exactly that card."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from sqlalchemy import Engine
from sqlmodel import Session

from catalog.cards.views import CardView
from catalog.collections.lookup import Fetcher, Unlooked, look_up
from catalog.collections.resolve import EXACT, Resolution, Resolver
from catalog.collections.rows import CollectionRow
from catalog.store.db import session_scope
from deckbuilder.catalog_resolver import CatalogResolver
from deckbuilder.deck import LIFE, POOL, Deck, DeckFormat, Entry
from deckbuilder.decklists import DEFAULT_GAME, MAIN, ForeignDeck, ForeignLine, parser
from deckbuilder.decklists.detect import UNMISTAKABLE, detect, refuse_wrong_format
from deckbuilder.decklists.limits import REPORTED_LINES, check_deck, check_text
from deckbuilder.decklists.mtgtext import names_no_card
from deckbuilder.errors import DecklistFormatError
from deckbuilder.import_notes import left_out_note, other_game
from deckbuilder.resolve import choose, no_counterpart
from deckbuilder.twgp_format import dump


@dataclass(frozen=True)
class ImportedLine:
    """A foreign line and its catalog card, or why it has none (with the closest names)."""

    line: ForeignLine
    card: CardView | None
    reason: str = ""
    closest: tuple[str, ...] = ()
    by_id: bool = False  # found by the line's own source id
    elsewhere: tuple[str, ...] = ()  # games whose cards bear the name, when the deck's does not


@dataclass
class DeckImport:
    foreign: ForeignDeck
    game: str
    lines: list[ImportedLine] = field(default_factory=list)
    deck: Deck = field(default_factory=Deck)
    #: advice on the whole list (another game's cards, an online look-up that failed)
    hints: list[str] = field(default_factory=list)
    #: the cards with no TWGP type left out of the draft: (name, copies, basic land)
    left_out: list[tuple[str, int, bool]] = field(default_factory=list)

    @property
    def unresolved(self) -> list[ImportedLine]:
        return [line for line in self.lines if line.card is None]

    @property
    def copies(self) -> int:
        return sum(line.line.qty for line in self.lines if line.card is not None)


def read_foreign(text: str, format_id: str, *, source: str = "") -> ForeignDeck:
    """Parse a foreign decklist within the limits of limits.py (DecklistFormatError for text
    past them, unreadable XML or ydke, or a quantity that is not a count).

    `auto` tells the format from the text; so does `plain` for a list that is unmistakably
    another format (an XMage or Forge `.dck`, a `.ydk`, a PTCGL list, XML), noted."""
    check_text(text, source=source)
    text = text.removeprefix("\ufeff")  # a BOM decoded as text (pasted, or read as UTF-8)
    fits = detect(text)  # the format the text is written in, told once
    asked, format_id = format_id, _format_of(fits, format_id)
    try:
        deck = _parsed(text, format_id, source)
    except DecklistFormatError:
        if asked != "auto" and fits != "plain":  # a specific format fits the text
            refuse_wrong_format(text, format_id, fits, source)
        raise
    if asked != "auto" and (not deck.lines or fits in UNMISTAKABLE):
        refuse_wrong_format(text, format_id, fits, source)
    if asked == "plain" and format_id != "plain":
        deck.notes.insert(0, f"read as {format_id}: the list is written in that format")
    check_deck(deck, source=source)
    return deck


def require_card_lines(deck: ForeignDeck, *, source: str = "") -> None:
    """A file with no card line in it (empty, only comments or headers, another kind of file)
    holds no decklist: a DecklistFormatError, not an empty draft."""
    if not deck.lines:
        raise DecklistFormatError(
            f"no decklist: not one card line found (read as {deck.format_id})",
            source=source,
            hint="a decklist has lines such as `4 Lightning Bolt`; check that this is the file "
            "you meant",
        )


def _format_of(fits: str, format_id: str) -> str:
    """The format to read with, `fits` being the one the text is written in: that one for
    `auto`, and for `plain` when it is more specific (not Arena's, which plain reads too)."""
    if format_id == "auto" or (format_id == "plain" and fits not in ("plain", "mtga")):
        return fits
    return format_id


def _parsed(text: str, format_id: str, source: str) -> ForeignDeck:
    try:
        deck = parser(format_id)(text, source)
    except DecklistFormatError as exc:
        if exc.source or not source:
            raise
        raise DecklistFormatError(exc.bare_message, line=exc.line, source=source,
                                  hint=exc.hint) from exc  # fmt: skip
    return deck


def import_decklist(
    engine: Engine,
    foreign: ForeignDeck,
    *,
    game: str | None = None,
    name: str = "",
    fetch: Fetcher | None = None,
    full_report: bool = False,
) -> DeckImport:
    """Resolve every line in the catalog (after an online look-up of the missing ones when
    `fetch` is given) and build the draft deck. The closest names are looked up for the first
    REPORTED_LINES unresolved lines, or for every one with `full_report` (`--json`)."""
    given, game = game, game or foreign.game or DEFAULT_GAME[foreign.format_id]
    if game != "mtg" and foreign.blank_sideboard:
        foreign.lines = [replace(line, zone=MAIN) for line in foreign.lines]
        foreign.notes.append(f"a blank line does not start a sideboard in {game} lists: every "
                             "card was read as the deck")  # fmt: skip
    rows = [_row(line, game) for line in foreign.lines]
    suggestions = None if full_report else REPORTED_LINES
    with session_scope(engine) as session:
        resolutions = Resolver(session, suggestions=suggestions).resolve_all(rows)
    asked = [row for line, row, r in zip(foreign.lines, rows, resolutions, strict=True)
             if r.card is None and _worth_fetching(line)]  # fmt: skip
    result = DeckImport(foreign, game)
    if fetch is not None and asked:
        unlooked = Unlooked()
        look_up(fetch, engine, asked, unlooked)
        if (failure := unlooked.message("line")) is not None:
            result.hints.append(failure)
        with session_scope(engine) as session:
            resolutions = Resolver(session, suggestions=suggestions).resolve_all(rows)
    for line, resolution in zip(foreign.lines, resolutions, strict=True):
        if line.bare and resolution.card is None:
            near = resolution.candidates
            closest = f" (closest: {', '.join(near)})" if near else ""
            foreign.notes.append(f"line {line.line}: {line.text!r} names no card: read as a "
                                 f"heading{closest}")  # fmt: skip
        else:
            result.lines.append(_imported(line, resolution))
    elsewhere = [line.elsewhere for line in result.lines]
    if given is None and (other := other_game(elsewhere)) is not None:
        result.hints.append(other)
    with session_scope(engine) as session:
        result.deck = draft_deck(session, result, name or foreign.name)
    if (left_out := left_out_note(result.left_out)) is not None:
        foreign.notes.append(left_out)
    return result


def _worth_fetching(line: ForeignLine) -> bool:
    """Whether an online source may be asked for the line's card: never for a line without a
    quantity among counted ones (as often a heading, `Burn Spells`, as a card) nor for a
    heading's text; a line of a set and number or an id is always worth asking."""
    if line.source_id or (line.set_code and line.number):
        return True
    return bool(line.name) and not line.bare and not names_no_card(line.name)


def _row(line: ForeignLine, game: str) -> CollectionRow:
    return CollectionRow(
        line=line.line, quantity=line.qty, name=line.name, game=game, source_id=line.source_id,
        set_code=line.set_code, collector_number=line.number, alt_names=line.alt_names,
        alt_printings=line.alt_printings,
    )


def _imported(line: ForeignLine, resolution: Resolution) -> ImportedLine:
    if resolution.card is not None:
        return ImportedLine(line, resolution.card, by_id=resolution.status == EXACT)
    if not line.name and line.source_id:
        return ImportedLine(line, None, f"id {line.source_id} is not in the catalog")
    return ImportedLine(line, None, resolution.reason, resolution.candidates,
                        elsewhere=resolution.elsewhere)


def draft_deck(session: Session, result: DeckImport, name: str) -> Deck:
    """Life cards to [life], the rest to [pool]; one entry per card with the copies summed."""
    resolver = CatalogResolver(session, track_owned=False)
    counts: dict[tuple[str, str], int] = {}
    cards: dict[tuple[str, str], CardView] = {}
    printings: dict[tuple[str, str], str] = {}
    untyped: dict[str, tuple[str, int, bool]] = {}
    for imported in result.lines:
        card = imported.card
        if card is not None and card.card_type is None:  # a land: left out, noted once
            _, copies, basic = untyped.get(card.identity, (card.name, 0, False))
            untyped[card.identity] = (card.name, copies + imported.line.qty,
                                      basic or no_counterpart(card.game, card.stats))
        elif card is not None:
            key = (LIFE if card.card_type is not None and card.card_type.is_life_card else POOL,
                   card.identity)
            counts[key] = counts.get(key, 0) + imported.line.qty
            cards.setdefault(key, card)
            printing = _identified_printing(imported, card)
            if printing is not None:
                printings.setdefault(key, printing)
    sections: dict[str, list[Entry]] = {}
    for key, qty in counts.items():
        card = cards[key]
        source_id = printings.get(key)
        if source_id is None:
            by_name, _ = choose(resolver.resolve(card.game, card.name, None), card.name)
            same = by_name is not None and by_name.identity == card.identity
            source_id = None if same else card.source_id
        try:
            entry = Entry(qty, card.game, card.name, source_id)
        except ValueError as exc:  # a catalog name a decklist line cannot hold
            result.foreign.notes.append(f"{card.name}: {exc} (left out)")
            continue
        sections.setdefault(key[0], []).append(entry)
    result.left_out = list(untyped.values())
    title = " ".join(name.split()) if name else ""
    return Deck(title, DeckFormat.FULL, {k: tuple(v) for k, v in sections.items()})


def unresolved_report(result: DeckImport) -> list[str]:
    """One line per unresolved line (with the closest names), summarised past REPORTED_LINES."""
    lines = []
    for imported in result.unresolved:
        closest = f" (closest: {', '.join(imported.closest)})" if imported.closest else ""
        lines.append(f"unresolved line {imported.line.line}: {imported.line.text}{closest}")
    return summarised(lines, "unresolved lines")


def summarised(lines: list[str], what: str) -> list[str]:
    """The first REPORTED_LINES lines, then one line saying how many more there are."""
    if len(lines) <= REPORTED_LINES:
        return lines
    more = len(lines) - REPORTED_LINES
    return [*lines[:REPORTED_LINES], f"… and {more:,} more {what} (not listed)"]


def _identified_printing(imported: ImportedLine, card: CardView) -> str | None:
    """The source id of the printing the file named: its own id (a passcode) when that is
    how the card was found, or the card's when the file gave the set and number."""
    line = imported.line
    if imported.by_id and line.source_id:
        return line.source_id
    if line.set_code and line.number:
        return card.source_id
    return None


def draft_text(result: DeckImport) -> str:
    """The draft's `.twgp` text, headed by comments saying what to do and what was left out."""
    head = [
        f"# imported from a {result.foreign.format_id} list: "
        f"{result.copies} cards resolved, {len(result.unresolved)} lines unresolved",
        "# arrange [pool] into [entry.library] (15), [entry.archive] (5) and [final.1] (20)",
    ]
    head += [f"# {hint}" for hint in result.hints]
    head += [f"# note: {note}" for note in summarised(result.foreign.notes, "notes")]
    head += [f"# {line}" for line in unresolved_report(result)]
    return "\n".join(" ".join(line.splitlines()) for line in head) + "\n" + dump(result.deck)
