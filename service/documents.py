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


class CatalogCard(Document):
    """A card as `twgp search --json` prints it."""

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


class Card(CatalogCard):
    """A card as `twgp search --json` prints it, with `labels` in the asked language."""

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
    object: str = Field(default="list", examples=["list"])
    total_cards: int = Field(description="how many cards match (exact, on every page)")
    has_more: bool
    next_page: str | None = Field(description="the next page's address (relative); null on "
                                  "the last page")  # fmt: skip


class Validation(Document):
    """`twgp deck validate --json`: the verdict, each violation and warning with its code."""

    legal: bool
    format: str = Field(examples=["half"])
    violations: list[dict[str, Any]]
    warnings: list[dict[str, Any]]
    stats: dict[str, Any]


class Tally(Document):
    converted: int
    skipped: int
    failed: int
    skip_reasons: dict[str, int]


class Conversion(Document):
    """`twgp convert --json`: the converted cards, the records skipped or failed, the tally."""

    cards: list[dict[str, Any]]
    problems: list[dict[str, Any]]
    tally: Tally


class Unresolved(Document):
    line: int
    text: str
    reason: str
    closest: list[str]


class DraftImport(Document):
    """`twgp deck import`: the `.twgp` draft of another game's list, and what matched nothing."""

    format: str = Field(examples=["mtga"])
    game: str | None
    draft: str
    copies: int
    unresolved: list[Unresolved]
    notes: list[str]
    hints: list[str]


class Built(Document):
    """`twgp deck build --json`, with `deck` (the .twgp text, null when none was built) and
    the seconds the solver was given."""

    built: bool
    status: str = Field(examples=["optimal", "feasible", "infeasible"])
    summary: str
    objective: float
    bound: float
    gap: float
    candidates: int
    cards: list[dict[str, Any]]
    problems: list[dict[str, Any]]
    acquire: list[dict[str, Any]]
    deck: str | None
    time_limit: float


class Missing(Document):
    """`twgp deck missing`: per card the copies needed, free and missing; the wants list."""

    cards: list[dict[str, Any]]
    copies: int
    to: str
    wants: str


class ClearedOverride(Card):
    removed: bool = Field(description="whether the card had an override")


class Ready(Document):
    status: str = Field(examples=["ready"])
    revision_expected: str


class OwnedEntry(Document):
    """A collection entry with its card (`twgp collection list --json`)."""

    quantity: int
    finish: str
    condition: str | None
    lang: str | None
    location: str | None
    source_file: str | None
    line: int | None
    card: CatalogCard


class CollectionImport(Document):
    """What `twgp collection import` reports: the file read, the counts, what matched nothing."""

    file: str
    format: str
    mode: str = Field(examples=["merge", "replace"])
    dry_run: bool
    written: bool
    rows_read: int
    resolved: int
    copies_before: int
    copies_after: int
    entries: dict[str, int] = Field(description="new, updated and unchanged entries")
    unresolved: list[dict[str, Any]]
    problems: list[dict[str, Any]]
    notes: list[dict[str, Any]]
    complete: bool
    hints: list[str]


class Game(Document):
    """An installed converter, as `twgp games --json` lists it."""

    id: str = Field(examples=["mtg"])
    name: str
    name_ja: str | None
    grade_rule: str
    formats: list[str]
    kinds: dict[str, str | None] = Field(description="each kind of card and its TWGP type")
    options: dict[str, Any]


class Formats(Document):
    """`deck`: the deck formats validation knows; `import`: the decklist formats read;
    `export`: the formats written."""

    deck: list[dict[str, Any]]
    import_: list[str] = Field(alias="import", examples=[["mtga", "ydk"]])
    export: list[str] = Field(examples=[["twgp", "csv"]])


class SectionStats(Document):
    """The stats of one section (or of the whole deck)."""

    cards: int
    types: dict[str, int]
    untyped: int
    unresolved: int
    grade_curve: dict[str, int]
    free_summon: int
    effects: dict[str, int]
    games: dict[str, int]
    needed: int
    owned: int


class Stats(Document):
    """`twgp deck stats --json`: per section, and `all`."""

    sections: dict[str, SectionStats]
    all: SectionStats


class BulkFile(Document):
    """One bulk file: gzip JSON Lines (`jsonl`) or CSV (`csv`) of one game's cards."""

    name: str = Field(examples=["mtg.jsonl.gz"])
    game: str = Field(examples=["mtg"])
    format: str = Field(examples=["jsonl", "csv"])
    compression: str = Field(examples=["gzip"])
    size: int = Field(description="bytes")
    sha256: str = Field(description="of the file as served (also its ETag)")
    card_count: int
    updated_at: str | None = Field(description="when its newest card or override changed "
                                   "(ISO 8601)")  # fmt: skip
    download_uri: str = Field(examples=["/v1/bulk/mtg.jsonl.gz"])


class BulkList(Document):
    """`GET /v1/bulk`: the bulk files of the catalog as it stands (`version`)."""

    object: str = Field(examples=["list"])
    version: str
    card_count: int
    data: list[BulkFile]


class Health(Document):
    status: str = Field(examples=["ok"])


def documented(model: Any, description: str = "Successful Response") -> Any:
    """The `responses=` of a route answering `model` (a model, or a list of one; built as a
    dict)."""
    return {200: {"model": model, "description": description}}
