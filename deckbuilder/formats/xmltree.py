"""A small XML reader for deck files (MTGO `.dek`, Cockatrice `.cod`) that keeps each
element's line number, so that reports can name lines. Built on expat, which refuses
external entities and guards against entity expansion."""

from __future__ import annotations

from dataclasses import dataclass, field
from xml.parsers import expat

from deckbuilder.errors import DecklistFormatError


@dataclass
class Element:
    tag: str
    attrs: dict[str, str]
    line: int
    children: list[Element] = field(default_factory=list)
    text: str = ""

    def find(self, tag: str) -> Element | None:
        return next((child for child in self.children if child.tag == tag), None)

    def findall(self, tag: str) -> list[Element]:
        return [child for child in self.children if child.tag == tag]


def parse_xml(text: str, *, source: str = "") -> Element:
    """The root element. Raises DecklistFormatError naming the line of malformed XML."""
    parser = expat.ParserCreate()
    stack: list[Element] = []
    roots: list[Element] = []

    def start(tag: str, attrs: dict[str, str]) -> None:
        element = Element(tag, dict(attrs), parser.CurrentLineNumber)
        (stack[-1].children if stack else roots).append(element)
        stack.append(element)

    def end(tag: str) -> None:
        element = stack.pop()
        element.text = element.text.strip()

    def data(chunk: str) -> None:
        if stack:
            stack[-1].text += chunk

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = data
    try:
        parser.Parse(text.removeprefix("\ufeff"), True)
    except expat.ExpatError as exc:
        raise DecklistFormatError(
            f"not well-formed XML: {expat.ErrorString(exc.code)}", line=exc.lineno, source=source
        ) from exc
    if not roots:
        raise DecklistFormatError("expected an XML document", source=source)
    return roots[0]
