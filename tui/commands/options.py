"""Options shared by several commands: the encoding of the files they read, the language
they speak."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import typer

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
