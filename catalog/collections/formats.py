"""The collection CSV formats we read (FORMATS.md §4), as data: which headers fill which role,
which game the file is about, and the fingerprint that detects it (FORMATS.md §6).

Columns are matched by header name, never by position: names compare after trimming, removing
the BOM, NFKC, case-folding and dropping spaces/underscores (`converters.base.header_key`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from catalog.collections.errors import CollectionFormatError
from converters.base import header_key

# Roles a column can fill. `list_type` says whether a row is owned copies, a deck or a wish
# list; `foil_quantity` is a second count of foil copies on the same row (EchoMTG preset);
# `rarity` only helps tell the game of a multi-game app's file.
ROLES = (
    "quantity",
    "foil_quantity",
    "name",
    "name_ja",
    "alt_name",
    "game",
    "source_id",
    "set_code",
    "collector_number",
    "lang",
    "finish",
    "condition",
    "location",
    "list_type",
    "rarity",
)


@dataclass(frozen=True)
class Headers:
    """A file's header row as keys, and whether Excel's `sep=` line came before it."""

    names: tuple[str, ...]
    sep_line: bool = False

    @property
    def keys(self) -> frozenset[str]:
        return frozenset(header_key(n) for n in self.names)

    def has(self, *names: str) -> bool:
        return all(header_key(n) in self.keys for n in names)

    def column(self, aliases: tuple[str, ...]) -> str | None:
        """The header (as written in the file) of the first alias present."""
        by_key = {header_key(n): n for n in reversed(self.names)}
        for alias in aliases:
            if header_key(alias) in by_key:
                return by_key[header_key(alias)]
        return None


@dataclass(frozen=True)
class CollectionFormat:
    """One app's collection CSV: its roles → header aliases, the game, how to detect it.

    `game` is the game of the app's files; an app that exports several games in one shape
    (Dragon Shield) lists them in `games`, and the rows tell which (games.py). `game` None:
    a file of any game (TCGplayer, generic), told by a column, `--game` or its rows."""

    id: str
    label: str
    game: str | None
    columns: Mapping[str, tuple[str, ...]]
    detect: Callable[[Headers], bool]
    required: tuple[str, ...] = ("quantity", "name")
    blank_lang: str | None = None  # what an empty language cell means, where documented
    family: str = ""  # `--format delver` covers both Delver Lens shapes
    games: tuple[str, ...] = ()  # the other games the app exports in this shape

    def __post_init__(self) -> None:
        unknown = set(self.columns) - set(ROLES)
        assert not unknown, f"{self.id}: unknown roles {unknown}"
        object.__setattr__(self, "family", self.family or self.id)

    def columns_in(self, headers: Headers) -> dict[str, str]:
        """role → the header of this file that fills it (roles without a column left out)."""
        found = {}
        for role, aliases in self.columns.items():
            column = headers.column(aliases)
            if column is not None:
                found[role] = column
        return found

    def check_columns(self, headers: Headers, file: str) -> dict[str, str]:
        """Like `columns_in`, raising CollectionFormatError naming a missing required column."""
        found = self.columns_in(headers)
        missing = [self.columns[role][0] for role in self.required if role not in found]
        if missing:
            names = ", ".join(repr(m) for m in missing)
            raise CollectionFormatError(
                f"{file}: {self.label} file without the column{'s' if len(missing) > 1 else ''} "
                f"{names} (headers found: {_shown(headers)})",
                hint="export the file again with that column, or pick another --format",
            )
        return found


# Generic headers, English and the natural Japanese words of hand-made and app CSVs
# (`カード名,枚数`): used by the generic format and, where they fit, by the apps' own.
NAME = ("Name", "Card Name", "Card", "cardname", "Product Name", "カード名", "名前", "名称",
        "カード")  # fmt: skip
QUANTITY = ("Quantity", "Count", "Qty", "Amount", "QuantityX", "Total Quantity", "枚数", "数量",
            "所持数", "所持枚数", "個数", "数")  # fmt: skip
SCRYFALL_ID = ("Scryfall ID",)
GENERIC_ID = (*SCRYFALL_ID, "source_id", "id", "カードID", "ID")
GENERIC_NUMBER = ("Collector Number", "Card Number", "Number", "CN", "カード番号", "番号",
                  "型番", "コレクター番号", "収録番号")  # fmt: skip
GENERIC_SET = ("Set", "Set Code", "Edition Code", "Edition", "セット", "セットコード",
               "エキスパンション", "収録弾", "弾")  # fmt: skip
GAME = ("game", "Game", "Product Line", "ゲーム", "タイトル")


def _fmt(
    id: str,
    label: str,
    game: str | None,
    detect: Callable[[Headers], bool],
    /,
    *,
    required: tuple[str, ...] = ("quantity", "name"),
    blank_lang: str | None = None,
    family: str = "",
    games: tuple[str, ...] = (),
    **columns: tuple[str, ...],
) -> CollectionFormat:
    return CollectionFormat(
        id=id,
        label=label,
        game=game,
        columns=columns,
        detect=detect,
        required=required,
        blank_lang=blank_lang,
        family=family,
        games=games,
    )


# The order is the detection order of FORMATS.md §6: first match wins.
FORMATS: tuple[CollectionFormat, ...] = (
    _fmt(
        "twgp",
        "twgp",
        None,
        lambda h: h.has("game", "source_id", "quantity"),
        game=("game",),
        source_id=("source_id",),
        name=("name",),
        name_ja=("name_ja",),
        set_code=("set",),
        collector_number=("collector_number",),
        lang=("lang",),
        finish=("finish",),
        condition=("condition",),
        quantity=("quantity",),
        location=("location",),
    ),
    _fmt(
        "sorted",
        "Sorted",
        "mtg",
        lambda h: h.has("List Type") and h.has("Card Name"),
        list_type=("List Type",),
        location=("List Name", "Collection"),
        quantity=("Quantity",),
        name=("Card Name",),
        set_code=("Set Code",),
        collector_number=("Card Number",),
        condition=("Condition",),
        finish=("Printing",),
        lang=("Language",),
    ),
    _fmt(
        "dragonshield",
        "Dragon Shield",
        "mtg",
        lambda h: (
            (h.sep_line and h.has("Card Name"))
            or h.has("Folder Name", "Card Name")
            or h.has("Trade Quantity", "Card Name")
        ),
        games=("yugioh", "pokemon"),
        rarity=("Rarity",),
        location=("Folder Name",),
        quantity=("Quantity",),
        name=("Card Name",),
        set_code=("Set Code",),
        collector_number=("Card Number",),
        condition=("Condition",),
        finish=("Printing",),
        lang=("Language",),
    ),
    _fmt(
        "manabox",
        "ManaBox",
        "mtg",
        lambda h: h.has("ManaBox ID"),
        location=("Binder Name",),
        list_type=("Binder Type",),
        name=("Name",),
        set_code=("Set code",),
        collector_number=("Collector number",),
        finish=("Foil",),
        quantity=("Quantity",),
        source_id=SCRYFALL_ID,
        condition=("Condition",),
        lang=("Language",),
    ),
    _fmt(
        "moxfield",
        "Moxfield",
        "mtg",
        lambda h: (
            h.has("Tradelist Count", "Collector Number", "Last Modified")
            or (h.has("Tradelist Count", "Edition") and not h.has("Card Number"))
        ),
        quantity=("Count",),
        name=("Name",),
        set_code=("Edition",),
        collector_number=("Collector Number",),
        condition=("Condition",),
        lang=("Language",),
        finish=("Foil",),
    ),
    _fmt(
        "deckbox",
        "Deckbox",
        "mtg",
        lambda h: h.has("Tradelist Count", "Card Number"),
        blank_lang="en",
        quantity=("Count",),
        name=("Name",),
        set_code=("Edition Code",),
        collector_number=("Card Number",),
        condition=("Condition",),
        lang=("Language",),
        finish=("Foil",),
        source_id=SCRYFALL_ID,
    ),
    _fmt(
        "tcgplayer",
        "TCGplayer app",
        None,
        lambda h: h.has("Simple Name") or h.has("Product ID", "SKU", "Printing"),
        game=("Product Line",),
        quantity=("Quantity",),
        name=("Name",),
        alt_name=("Simple Name",),
        set_code=("Set Code",),
        collector_number=("Card Number",),
        finish=("Printing",),
        condition=("Condition",),
        lang=("Language",),
    ),
    _fmt(
        "archidekt",
        "Archidekt",
        "mtg",
        lambda h: h.has("Edition Code", "Finish", "Multiverse Id"),
        quantity=("Quantity",),
        name=("Name",),
        finish=("Finish",),
        condition=("Condition",),
        lang=("Language",),
        set_code=("Edition Code",),
        source_id=SCRYFALL_ID,
        collector_number=("Collector Number",),
    ),
    _fmt(
        "delver",
        "Delver Lens",
        "mtg",
        lambda h: h.has("QuantityX") or h.has("Collector's number"),
        blank_lang="en",
        quantity=("QuantityX", "Quantity"),
        name=("Name",),
        set_code=("Edition code", "Set Code", "Edition"),
        collector_number=("Collector's number", "Collector Number", "Number"),
        finish=("Foil",),
        source_id=SCRYFALL_ID,
        lang=("Language",),
        condition=("Condition",),
    ),
    _fmt(
        "echomtg",
        "Delver Lens (EchoMTG preset)",
        "mtg",
        lambda h: h.has("Reg Qty", "Foil Qty"),
        family="delver",
        blank_lang="en",
        required=("name",),
        quantity=("Reg Qty",),
        foil_quantity=("Foil Qty",),
        name=("Name",),
        set_code=("Set Code", "Set"),
        collector_number=("Collector Number", "Number"),
        source_id=SCRYFALL_ID,
        lang=("Language",),
        condition=("Condition",),
    ),
    _fmt(
        "ygoprodeck",
        "YGOPRODeck",
        "yugioh",
        lambda h: h.has("cardq", "cardid"),
        name=("cardname",),
        quantity=("cardq",),
        source_id=("cardid",),
        collector_number=("cardcode",),
        condition=("cardcondition",),
    ),
    _fmt(
        "mtggoldfish",
        "MTGGoldfish",
        "mtg",
        lambda h: h.has("Card", "Set ID", "Set Name"),
        name=("Card",),
        set_code=("Set ID",),
        quantity=("Quantity",),
        finish=("Foil",),
        collector_number=("Collector Number",),
        source_id=SCRYFALL_ID,
    ),
    # FORMATS.md §6 fallback: generic header aliases; the game comes from --game or the catalog.
    _fmt(
        "generic",
        "generic CSV",
        None,
        lambda h: any(h.column(c) for c in (NAME, GENERIC_ID, GENERIC_NUMBER)),
        required=(),
        game=GAME,
        name=NAME,
        quantity=QUANTITY,
        name_ja=("name_ja", "Japanese Name", "日本語名", "カード名(日本語)"),
        set_code=GENERIC_SET,
        collector_number=GENERIC_NUMBER,
        source_id=GENERIC_ID,
        lang=("Language", "Lang", "言語"),
        finish=("Finish", "Foil", "Printing", "仕様", "加工"),
        condition=("Condition", "状態", "コンディション"),
        location=("Location", "Binder", "保管場所", "場所"),
    ),
)

FORMAT_IDS: tuple[str, ...] = tuple(dict.fromkeys(f.family for f in FORMATS))


def get_format(format_id: str) -> CollectionFormat:
    """The format with that id (or the first of that family); CollectionFormatError if none."""
    for fmt in FORMATS:
        if format_id in (fmt.id, fmt.family):
            return fmt
    raise CollectionFormatError(
        f"unknown collection format {format_id!r}", hint=f"known formats: {', '.join(FORMAT_IDS)}"
    )


def detect_format(headers: Headers, *, file: str = "", wanted: str = "auto") -> CollectionFormat:
    """The first format whose fingerprint matches (FORMATS.md §6), among `wanted`'s family.

    Raises CollectionFormatError naming the headers found when nothing matches, e.g. a file
    without a header row."""
    candidates = [f for f in FORMATS if wanted in ("auto", f.id, f.family)]
    if not candidates:
        get_format(wanted)  # raises: unknown format
    for fmt in candidates:
        if fmt.detect(headers):
            return fmt
    if wanted != "auto":
        return candidates[0]
    raise CollectionFormatError(
        f"{file}: cannot tell the collection format: no column names a card "
        f"(headers found: {_shown(headers)})",
        hint="the first line must be the header row (a `Name` or `Scryfall ID` column at least); "
        f"formats read: {', '.join(FORMAT_IDS)}",
    )


def _shown(headers: Headers, most: int = 20) -> str:
    """The headers for a message: at most `most`, each cut at 40 characters."""
    shown = [n if len(n) <= 40 else n[:39] + "…" for n in headers.names[:most]]
    more = len(headers.names) - most
    return (", ".join(shown) or "none") + (f" and {more} more" if more > 0 else "")
