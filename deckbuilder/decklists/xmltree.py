"""A small XML reader for deck files (MTGO `.dek`, Cockatrice `.cod`) that keeps each
element's line number, so that reports can name lines.

Built on defusedxml's expat reader: entity declarations (billion laughs, quadratic blow-up)
and external references are refused before any expansion, so an 810-byte `.cod` cannot keep
the machine busy. Deck files declare no entities; the five predefined ones (`&amp;`…) work."""

from __future__ import annotations

import io
import xml.sax
from dataclasses import dataclass, field
from xml.sax.xmlreader import AttributesImpl, Locator

import defusedxml
import defusedxml.sax

from deckbuilder.decklists.base import quantity
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


class _TreeBuilder(xml.sax.ContentHandler):
    def __init__(self) -> None:
        super().__init__()
        self.stack: list[Element] = []
        self.roots: list[Element] = []
        self.locator: Locator | None = None

    def setDocumentLocator(self, locator: Locator) -> None:  # noqa: N802 - SAX's name
        self.locator = locator

    def startElement(self, name: str, attrs: AttributesImpl) -> None:  # noqa: N802
        line = (self.locator.getLineNumber() if self.locator is not None else None) or 0
        element = Element(name, dict(attrs.items()), line)
        (self.stack[-1].children if self.stack else self.roots).append(element)
        self.stack.append(element)

    def endElement(self, name: str) -> None:  # noqa: N802
        element = self.stack.pop()
        element.text = element.text.strip()

    def characters(self, content: str) -> None:
        if self.stack:
            self.stack[-1].text += content


def parse_xml(text: str, *, source: str = "") -> Element:
    """The root element. Raises DecklistFormatError naming the line of malformed XML, and for
    documents that declare entities or reference external ones."""
    builder = _TreeBuilder()
    source_text = xml.sax.InputSource()
    # Text, not bytes: the file is decoded already, whatever its declaration says.
    source_text.setCharacterStream(io.StringIO(text.removeprefix("\ufeff")))
    try:
        defusedxml.sax.parse(source_text, builder)
    except xml.sax.SAXParseException as exc:
        raise DecklistFormatError(
            f"not well-formed XML: {exc.getMessage()}", line=exc.getLineNumber(), source=source
        ) from exc
    except defusedxml.DefusedXmlException as exc:
        raise DecklistFormatError(
            f"XML that declares or references entities is not read ({type(exc).__name__})",
            source=source, hint="deck files need no entity declarations; remove the DOCTYPE",
        ) from exc
    if not builder.roots:
        raise DecklistFormatError("expected an XML document", source=source)
    return builder.roots[0]


def xml_quantity(value: str, line: int, attribute: str) -> int:
    """A quantity attribute (`Quantity="4"`, `number="4"`) → count, or DecklistFormatError."""
    if not value.isascii() or not value.isdigit():
        raise DecklistFormatError(
            f"{attribute}={value[:24]!r} is not a whole number of copies", line=line
        )
    return quantity(value, line)
