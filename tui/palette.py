"""The command palette (ctrl+p): every action of tui/keys.py by name, with its key, plus the
few actions that have no key of their own."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.widget import Widget

from tui.keys import KEYS, display_keys, key_help, key_label
from tui.terms import term

#: scope → the CSS selector of the widget that runs its actions (None: the screen)
TARGETS: dict[str, str | None] = {
    "screen": None,
    "cards": "CardTable",
    "deck": "DeckPane",
    "problems": "ProblemsPanel",
}
#: (title term, action, help term) of the actions with no key of their own
EXTRA: tuple[tuple[str, str, str], ...] = (
    ("save_as", "save_deck_as", "save_as_help"),
    ("reopen_last", "reopen_last", "reopen_last_help"),
)


@dataclass(frozen=True)
class Command:
    title: str
    help: str
    run: Callable[[], object]
    words: str = ""


class TwgpCommands(Provider):
    def commands(self) -> list[Command]:
        screen = self.screen
        lang = str(getattr(screen, "lang", "en"))
        found: list[Command] = []
        seen: set[tuple[str, str]] = set()
        for key in KEYS:
            selector = TARGETS[key.scope]
            if (key.scope, key.action) in seen or (selector and not screen.query(selector)):
                continue
            seen.add((key.scope, key.action))
            node: Widget = screen if selector is None else screen.query_one(selector)
            run = partial(_run, node, key.action)
            title = f"{key_label(key, lang)} ({display_keys(key)})"
            found.append(Command(title, key_help(key, lang), run, key.words))
        for title, action, text in EXTRA:
            found.append(
                Command(term(title, lang), term(text, lang), partial(_run, screen, action))
            )
        return found

    async def discover(self) -> Hits:
        for command in self.commands():
            yield DiscoveryHit(command.title, command.run, help=command.help)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for command in self.commands():
            score = max(matcher.match(text) for text in (command.title, *command.words.split()))
            if score > 0:
                yield Hit(score, matcher.highlight(command.title), command.run, help=command.help)


async def _run(node: Widget, action: str) -> None:
    await node.run_action(action)
