"""The tokens of the search query language: words, `key:value` terms (with quoted values),
parentheses, `-`, `or` and `and`, each with its position in the query."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from catalog.base.errors import QuerySyntaxError

_TERM = re.compile(r"([A-Za-z_]+)(!=|>=|<=|:|=|>|<)")
_QUOTES = "\"'"
_STOP = "()"
#: characters no query needs (controls, lone surrogates, private use, unassigned)
_REFUSED_CATEGORIES = {"Cc", "Cs", "Co", "Cn"}


@dataclass(frozen=True)
class Token:
    kind: str  # "word", "term", "lparen", "rparen", "minus", "or", "and"
    value: str
    position: int
    key: str = ""
    op: str = ""
    op_position: int = 0
    value_position: int = 0
    quoted: bool = False


def tokenize(text: str) -> list[Token]:
    """Split a query into tokens; raises QuerySyntaxError for unterminated quotes, a `-`
    standing alone and characters that cannot be part of a query."""
    _check_characters(text)
    tokens: list[Token] = []
    index = 0
    while index < len(text):
        char = text[index]
        if char.isspace():
            index += 1
        elif char in _STOP:
            tokens.append(Token("lparen" if char == "(" else "rparen", char, index))
            index += 1
        elif char == "-":
            if index + 1 >= len(text) or text[index + 1].isspace() or text[index + 1] == ")":
                raise QuerySyntaxError(
                    "'-' must come right before a term", query=text, position=index
                )
            tokens.append(Token("minus", char, index))
            index += 1
        else:
            token, index = _word_or_term(text, index)
            tokens.append(token)
    return tokens


def _check_characters(text: str) -> None:
    for index, char in enumerate(text):
        if char in "\t\n\r":
            continue
        if unicodedata.category(char) in _REFUSED_CATEGORIES:
            raise QuerySyntaxError(
                f"character U+{ord(char):04X} cannot be part of a query", query=text, position=index
            )


def _word_or_term(text: str, start: int) -> tuple[Token, int]:
    match = _TERM.match(text, start)
    if match is None:
        value, end, quoted = _value(text, start)
        lowered = value.casefold()
        if not quoted and lowered in ("or", "and"):
            return Token(lowered, value, start), end
        return Token("word", value, start, quoted=quoted), end
    value_start = match.end()
    value, end, quoted = _value(text, value_start)
    token = Token(
        "term",
        value,
        start,
        key=match.group(1),
        op=match.group(2),
        op_position=match.start(2),
        value_position=value_start,
        quoted=quoted,
    )
    return token, end


def _value(text: str, start: int) -> tuple[str, int, bool]:
    """A quoted string (backslash escapes the quote and itself) or a bare run of characters
    up to whitespace or a parenthesis: (value, end index, quoted)."""
    if start < len(text) and text[start] in _QUOTES:
        return _quoted(text, start)
    end = start
    while end < len(text) and not text[end].isspace() and text[end] not in _STOP:
        end += 1
    return text[start:end], end, False


def _quoted(text: str, start: int) -> tuple[str, int, bool]:
    quote = text[start]
    chars: list[str] = []
    index = start + 1
    while index < len(text):
        char = text[index]
        if char == "\\" and index + 1 < len(text) and text[index + 1] in (quote, "\\"):
            chars.append(text[index + 1])
            index += 2
        elif char == quote:
            return "".join(chars), index + 1, True
        else:
            chars.append(char)
            index += 1
    raise QuerySyntaxError(f"the quote {quote} is never closed", query=text, position=start)
