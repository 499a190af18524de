"""The JSON documents the API answers, as OpenAPI schemas (routes build them as dicts, from
the same `to_json` as the CLI's `--json`; these models document them — `responses=` of the
route — and the schema tests check every answer against them). Objects may carry more fields
than listed (`extra="allow"`): clients must ignore what they do not know."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class Document(BaseModel):
    model_config = ConfigDict(extra="allow")


class Labels(Document):
    """The card's type, effects, reasons and reading in the asked language (`lang`)."""

    type: str | None
    effects: list[str]
    grade_reason: str
    type_reason: str
    reading: str


class Card(Document):
    """A card as `twgp search --json` prints it, with `labels`."""

    game: str = Field(examples=["mtg"])
    source_id: str = Field(examples=["m10-bolt"])
    name: str = Field(examples=["Lightning Bolt"])
    name_ja: str | None
    identity: str
    grade: str | None = Field(description="00–99, as text", examples=["01"])
    type: str | None = Field(examples=["charge_effect"])
    grade_reason: str
    type_reason: str
    effects: list[str]
    text: str
    reading: str
    set: str | None
    collector_number: str | None
    lang: str | None
    warnings: list[str]
    owned: int
    override: dict[str, Any] | None
    labels: Labels


class CardWithPrintings(Card):
    """One card (`twgp show`) with every printing of its identity, the preferred first."""

    printings: list[Card]


class CardPage(Document):
    """A page of a search: `next_cursor` is null on the last page."""

    query: str
    cards: list[Card]
    total: int | None = Field(description="null when not counted (beyond 1,000 matches, or a "
                              "middle page)")  # fmt: skip
    total_at_least: int | None = Field(default=None, description="when `total` is null on a "
                                       "first page: at least this many match")  # fmt: skip
    next_cursor: str | None


class Validation(Document):
    """`twgp deck validate --json`: the verdict, each violation and warning with its code."""

    legal: bool
    format: str = Field(examples=["half"])
    violations: list[dict[str, Any]]
    warnings: list[dict[str, Any]]
    stats: dict[str, Any]


class Health(Document):
    status: str = Field(examples=["ok"])


def documented(model: type[BaseModel], description: str = "Successful Response") -> Any:
    """The `responses=` of a route answering `model` (built as a dict)."""
    return {200: {"model": model, "description": description}}
