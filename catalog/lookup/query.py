"""The search query language: a tokenizer and a recursive-descent parser from text to a
small syntax tree (`Query`). Values are checked here (a grade is 00–99, a type is one of the
seven, an effect is one of §3), so every mistake is reported with its position.

    query   := or_expr
    or_expr := and_expr ("or" and_expr)*
    and_expr:= unary (["and"] unary)*
    unary   := "-" unary | primary
    primary := "(" or_expr ")" | key op value | word | "quoted words"
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from catalog.base.errors import QuerySyntaxError
from catalog.base.limits import MAX_QUERY_CHARS, MAX_QUERY_DEPTH
from catalog.lookup.query_keys import KEYS, Key
from catalog.lookup.query_tokens import Token, tokenize


@dataclass(frozen=True)
class Word:
    """Free text: matches card names (English or Japanese)."""

    text: str
    position: int


@dataclass(frozen=True)
class Filter:
    key: str  # the canonical key ("grade", "type", …)
    op: str  # ":", "=", "!=", ">", ">=", "<", "<="
    value: object  # already parsed: int, CardType, str, or None ("none")
    position: int


@dataclass(frozen=True)
class Not:
    operand: Node
    position: int


@dataclass(frozen=True)
class And:
    operands: tuple[Node, ...]


@dataclass(frozen=True)
class Or:
    operands: tuple[Node, ...]


Node = Word | Filter | Not | And | Or


@dataclass(frozen=True)
class Query:
    """A parsed query: the filter tree (None matches every card) and the sort order."""

    text: str
    root: Node | None
    sort: str | None = None
    descending: bool = False


DIRECTIVES = ("sort", "order")


def parse_query(text: str) -> Query:
    """Parse `text`; raises QuerySyntaxError pointing at the offending part. Queries longer
    than MAX_QUERY_CHARS or nested deeper than MAX_QUERY_DEPTH are refused before parsing."""
    if len(text) > MAX_QUERY_CHARS:
        raise QuerySyntaxError(
            f"the query is {len(text):,} characters long; the limit is {MAX_QUERY_CHARS:,}",
            query=text[:60] + "…",
            position=61,
        )
    parser = _Parser(text, tokenize(text))
    root = parser.parse()
    return _with_directives(text, root)


class _Parser:
    def __init__(self, text: str, tokens: list[Token]) -> None:
        self.text = text
        self.tokens = tokens
        self.index = 0
        self.depth = 0  # parentheses and `-` open around the current token

    def error(self, reason: str, position: int) -> QuerySyntaxError:
        return QuerySyntaxError(reason, query=self.text, position=position)

    def peek(self) -> Token | None:
        return self.tokens[self.index] if self.index < len(self.tokens) else None

    def parse(self) -> Node | None:
        if not self.tokens:
            return None
        node = self.or_expr()
        extra = self.peek()
        if extra is not None:  # only a stray ")" can be left over
            raise self.error("unmatched ')'", extra.position)
        return node

    def or_expr(self) -> Node:
        operands = [self.and_expr()]
        while (token := self.peek()) is not None and token.kind == "or":
            self.index += 1
            if self.peek() is None or self.peek_kind() in ("or", "rparen"):
                raise self.error("'or' needs something on both sides", token.position)
            operands.append(self.and_expr())
        return operands[0] if len(operands) == 1 else Or(tuple(operands))

    def peek_kind(self) -> str | None:
        token = self.peek()
        return token.kind if token else None

    def and_expr(self) -> Node:
        operands: list[Node] = []
        while (token := self.peek()) is not None and token.kind not in ("or", "rparen"):
            if token.kind == "and":
                if not operands or self.peek_kind_at(1) in (None, "or", "rparen", "and"):
                    raise self.error("'and' needs something on both sides", token.position)
                self.index += 1
                continue
            operands.append(self.unary())
        if not operands:
            token = self.peek()
            where = token.position if token else len(self.text)
            raise self.error("expected a search term", where)
        return operands[0] if len(operands) == 1 else And(tuple(operands))

    def peek_kind_at(self, ahead: int) -> str | None:
        at = self.index + ahead
        return self.tokens[at].kind if at < len(self.tokens) else None

    def unary(self) -> Node:
        token = self.tokens[self.index]
        if token.kind == "minus":
            self.index += 1
            if self.peek() is None or self.peek_kind() in ("or", "and", "rparen"):
                raise self.error("'-' must come right before a term", token.position)
            with self.nested(token):
                return Not(self.unary(), token.position)
        return self.primary()

    @contextmanager
    def nested(self, token: Token) -> Iterator[None]:
        """One level deeper (a parenthesis or a `-`); past MAX_QUERY_DEPTH, an error."""
        self.depth += 1
        if self.depth > MAX_QUERY_DEPTH:
            raise self.error(
                f"nested deeper than {MAX_QUERY_DEPTH} levels of parentheses and '-'",
                token.position,
            )
        yield
        self.depth -= 1

    def primary(self) -> Node:
        token = self.tokens[self.index]
        self.index += 1
        if token.kind == "lparen":
            if self.peek_kind() == "rparen":
                raise self.error("empty parentheses", token.position)
            with self.nested(token):
                node = self.or_expr()
            if self.peek_kind() != "rparen":
                raise self.error("'(' is never closed", token.position)
            self.index += 1
            return node
        if token.kind == "rparen":
            raise self.error("unmatched ')'", token.position)
        if token.kind == "term":
            return self.filter(token)
        return Word(token.value, token.position)

    def filter(self, token: Token) -> Filter:
        key = KEYS.get(token.key.casefold())
        if key is None:
            known = ", ".join(sorted({k.name for k in KEYS.values()}))
            raise self.error(
                f"unknown key {token.key!r} (keys: {known}; quote words that contain ':')",
                token.position,
            )
        if token.op not in key.ops:
            ops = " ".join(key.ops)
            raise self.error(f"{key.name} takes {ops}, not {token.op!r}", token.op_position)
        return Filter(key.name, token.op, self.value(key, token), token.position)

    def value(self, key: Key, token: Token) -> object:
        if token.value == "" and not token.quoted:
            raise self.error(f"{key.name}{token.op} needs a value", token.value_position)
        try:
            value = key.parse(unicodedata.normalize("NFKC", token.value).strip())
        except ValueError as exc:
            reason = re.sub(r"\s+", " ", str(exc))
            raise self.error(f"{key.name}: {reason}", token.value_position) from None
        if value is None and token.op not in (":", "=", "!="):
            raise self.error(
                f"{key.name}:none cannot be compared with {token.op}", token.op_position
            )
        return value


def _with_directives(text: str, root: Node | None) -> Query:
    """Take `sort:` and `order:` out of the tree; they may only stand at the top level."""
    top = list(root.operands) if isinstance(root, And) else [root] if root else []
    sort: str | None = None
    descending = False
    rest: list[Node] = []
    for node in top:
        if isinstance(node, Filter) and node.key in DIRECTIVES:
            if node.key == "sort":
                sort = str(node.value)
            else:
                descending = node.value == "desc"
        else:
            _refuse_nested_directives(text, node)
            rest.append(node)
    new_root = None if not rest else rest[0] if len(rest) == 1 else And(tuple(rest))
    return Query(text, new_root, sort, descending)


def _refuse_nested_directives(text: str, node: Node) -> None:
    if isinstance(node, Filter) and node.key in DIRECTIVES:
        raise QuerySyntaxError(
            f"{node.key}: applies to the whole query; put it outside parentheses, 'or' and '-'",
            query=text,
            position=node.position,
        )
    if isinstance(node, Not):
        _refuse_nested_directives(text, node.operand)
    elif isinstance(node, And | Or):
        for operand in node.operands:
            _refuse_nested_directives(text, operand)
