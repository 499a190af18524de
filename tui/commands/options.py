"""Options shared by the commands that read card, collection and deck files."""

from __future__ import annotations

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
