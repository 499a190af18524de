"""The deck being built: the header fields its format reads (a roster's character), the
sections of its declared format with counts against their targets, and its card lines (with
grade and type once validated, and a mark on lines a problem names)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rich.text import Text
from textual import on
from textual.message import Message
from textual.widgets import Tree
from textual.widgets.tree import TreeNode

from deckbuilder.deck import ARCHIVE, ENTRY, LIBRARY, Deck, Entry
from deckbuilder.resolve import CardInfo
from deckbuilder.service import ValidationReport
from tui import deck_edit
from tui.keys import bindings
from tui.safe_text import plain
from tui.terms import field_label, section_label, term, type_name


@dataclass(frozen=True)
class Spot:
    """A place in the deck pane: a section, one line of it, or a header field (`field`)."""

    section: str
    index: int | None = None
    field: str | None = None


def _lookup(entry: Entry) -> tuple[str, str, str | None]:
    return entry.game, entry.name, entry.source_id


class DeckPane(Tree[Spot]):
    BINDINGS = bindings("deck")

    @dataclass
    class EntryAction(Message):
        """An action on a line: "remove", "delete_line", "more", "move", "move_all" or
        "show"; "field" on a field."""

        pane: DeckPane
        spot: Spot
        action: str

        @property
        def control(self) -> DeckPane:
            return self.pane

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("deck", id=id)
        self.show_root = False
        self.guide_depth = 2
        self.deck = deck_edit.new_deck()
        self.cards: dict[tuple[str, str, str | None], CardInfo] = {}
        self.flagged: set[tuple[str, str]] = set()
        self.lang = "en"
        self._marked: str | None = None

    def show_deck(self, deck: Deck) -> None:
        self.deck = deck
        self.rebuild()

    def show_report(self, report: ValidationReport) -> None:
        """Take the grades, types and problem marks of a (fresh) validation report."""
        for resolved in report.resolved.all():
            if resolved.card is not None:
                self.cards[_lookup(resolved.entry)] = resolved.card
        self.flagged = {
            (problem.section, card) for problem in report.violations for card in problem.cards
        }
        self.rebuild()

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.rebuild()

    @property
    def spot(self) -> Spot | None:
        node = self.cursor_node
        return node.data if node is not None else None

    def rebuild(self) -> None:
        """Redraw every section, keeping the cursor on the same place when it still exists."""
        keep = self.spot
        self.clear()
        for name in deck_edit.format_fields(self.deck):
            self.root.add_leaf(self._field_label(name), data=Spot("", field=name))
        for key in deck_edit.layout(self.deck):
            section = self.root.add(self._section_label(key), data=Spot(key), expand=True)
            for index, entry in enumerate(self.deck.section(key)):
                section.add_leaf(self._entry_label(key, entry), data=Spot(key, index))
        if keep is not None:
            self.go_to(keep)

    def go_to(self, spot: Spot) -> None:
        """Put the cursor on `spot`, or the nearest line of its section, or the section."""
        head = Spot(spot.section, field=spot.field)
        section = next((n for n in self.root.children if n.data == head), None)
        if section is None:
            return
        target: TreeNode[Spot] = section
        if spot.index is not None and section.children:
            target = section.children[min(spot.index, len(section.children) - 1)]
        # Nodes added since the last redraw have no line number yet; asking for the last
        # line lays the tree out, so the cursor lands on `target` now, not on a stale line.
        if self.last_line >= 0:
            self.move_cursor(target)

    def lines_named(self, section: str, labels: Iterable[str]) -> list[Spot]:
        """The lines whose "game name" label is among `labels`, in `section` (a half deck's
        key, "entry" for library + archive) or anywhere when the section names none."""
        wanted = set(labels)
        sections = (LIBRARY, ARCHIVE) if section == ENTRY else (section,)
        found = [
            Spot(key, index)
            for key, entries in self.deck.ordered_sections()
            for index, entry in enumerate(entries)
            if entry.label in wanted
        ]
        inside = [spot for spot in found if spot.section in sections]
        return inside or found

    def _field_label(self, name: str) -> Text:
        value = self.deck.fields.get(name)
        label = Text(f"{field_label(name, self.lang)}: ", style="bold")
        if value is None:
            return label.append(term("field_unset", self.lang), style="dim")
        return label.append(value, style="cyan")

    def _section_label(self, key: str) -> Text:
        n, goal = deck_edit.count(self.deck, key), deck_edit.target_text(self.deck, key)
        fits = deck_edit.on_target(self.deck, key)
        if n == 0 and deck_edit.is_optional(self.deck, key):
            style = "dim"
        elif fits is None:
            style = "bold"
        else:
            style = "bold green" if fits else "bold red"
        label = Text(section_label(key, self.lang), style="bold")
        label.append(f"  {n}/{goal}" if goal else f"  {n}", style=style)
        if key == self.f_target:  # where the card list's `f` adds
            label.append("  ◂ f", style="bold magenta")
        return label

    @property
    def f_target(self) -> str | None:
        spot = self.spot
        return deck_edit.final_target(self.deck, spot.section if spot else None)

    @on(Tree.NodeHighlighted)
    def _moved(self, event: Tree.NodeHighlighted[Spot]) -> None:
        """The `f` mark follows the cursor into another final or half."""
        target = self.f_target
        if target == self._marked:
            return
        self._marked = target
        for node in self.root.children:
            if node.data is not None and node.data.field is None:
                node.set_label(self._section_label(node.data.section))

    def _entry_label(self, key: str, entry: Entry) -> Text:
        """ "✗ 2× Shock  mtg  01 Charge Effect" ("✗ 2× ショック Shock  mtg  01 チャージ・
        エフェクト" in Japanese: its Japanese name first): the mark of a problem first, so that
        no width ever hides it."""
        card = self.cards.get(_lookup(entry))
        flagged = {(key, entry.label), (_half(key), entry.label), ("deck", entry.label)}
        text = Text("✗ " if flagged & self.flagged else "  ", style="bold red")
        text.append(f"{entry.qty}× ", style="bold")
        if card is not None and card.name_ja and card.name_ja != entry.name and self.lang == "ja":
            text.append(plain(card.name_ja))  # in Japanese, the Japanese name first
            text.append(plain(f" {entry.name}"), style="dim")
        else:
            text.append(plain(entry.name))
        text.append(f"  {entry.game}", style="dim")
        if card is not None:
            grade = f"{card.grade:02d}" if card.grade is not None else "—"
            text.append(f"  {grade} {type_name(card.card_type, self.lang)}", style="cyan")
        return text

    def _act(self, action: str) -> None:
        spot = self.spot
        if spot is not None and spot.field is not None and action == "show":
            self.post_message(self.EntryAction(self, spot, "field"))
        elif spot is not None and spot.index is not None:
            self.post_message(self.EntryAction(self, spot, action))

    def action_remove(self) -> None:
        self._act("remove")

    def action_more(self) -> None:
        self._act("more")

    def action_move(self) -> None:
        self._act("move")

    def action_move_all(self) -> None:
        self._act("move_all")

    def action_delete_line(self) -> None:
        self._act("delete_line")

    def action_show(self) -> None:
        self._act("show")

    @on(Tree.NodeSelected)
    def _selected(self, event: Tree.NodeSelected[Spot]) -> None:
        event.stop()
        self._act("show")


def _half(section: str) -> str:
    """The half deck a section belongs to, as the rules name it ("entry" for its two parts)."""
    return ENTRY if section in (LIBRARY, ARCHIVE) else section
