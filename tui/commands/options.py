"""Options shared by several commands, declared once: the catalog they open, the encoding of
the files they read, the language they speak."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import typer

#: the catalog a command opens (a path or URL; None: TWGP_DATABASE_URL, then the default file)
DbOption = Annotated[
    str | None,
    typer.Option(
        "--db",
        help="Catalog path or SQLAlchemy URL (default: TWGP_DATABASE_URL, "
        "then the file under your user data folder).",
    ),
]

EncodingOption = Annotated[
    str | None,
    typer.Option(
        "--encoding",
        help="The text encoding of the input (utf-8, utf-16, cp932 = Shift_JIS, euc_jp, "
        "cp1252…); default: detected, and a file that cannot be told apart is refused.",
    ),
]


class Lang(StrEnum):
    """The languages twgp speaks."""

    en = "en"
    ja = "ja"


#: the language of a command's messages (English or Japanese)
LangOption = Annotated[Lang, typer.Option("--lang", help="Messages in en or ja.")]
