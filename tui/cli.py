"""The `twgp` command line. Every command lives in tui/commands/ and calls the services of
converters/, catalog/ and deckbuilder/; our errors reach the user here, on stderr."""

from __future__ import annotations

import logging
from typing import Annotated, Any

import typer
from rich.console import Console
from typer.core import TyperGroup

from converters.errors import TwgpError
from tui.commands import catalog_cmds, collection, convert, deck, fetch, search_cmds, tui_cmd


class TwgpGroup(TyperGroup):
    """Turns a TwgpError raised by any command into a message on stderr and its exit code,
    for the console script and for CliRunner alike; anything else is a bug and raises."""

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except TwgpError as exc:
            report_error(exc)
            ctx.exit(exc.exit_code)


def report_error(exc: TwgpError) -> None:
    err = Console(stderr=True, highlight=False, soft_wrap=True)
    err.print(f"error: {exc.message}", markup=False)
    if exc.hint:
        err.print(f"  hint: {exc.hint}", markup=False)


app = typer.Typer(
    name="twgp",
    cls=TwgpGroup,
    help="Convert cards of many trading card games to TWGP and build legal TWGP decks.",
    pretty_exceptions_show_locals=False,  # locals may hold API keys
    add_completion=False,
)

COMMAND_MODULES = [convert, catalog_cmds, search_cmds, collection, deck, tui_cmd, fetch]
for _module in COMMAND_MODULES:
    _module.register(app)


@app.callback(invoke_without_command=True)
def _root(
    ctx: typer.Context,
    db: Annotated[
        str | None,
        typer.Option("--db", help="Catalog path or SQLAlchemy URL for the app (and `tui`)."),
    ] = None,
) -> None:
    """With no command, twgp opens the terminal app."""
    ctx.obj = {"db": db}
    if ctx.invoked_subcommand is None:
        tui_cmd.run_app(db)


def main() -> None:
    """Console-script entry point."""
    logging.basicConfig(level=logging.WARNING, format="twgp: %(message)s")
    app(prog_name="twgp")


if __name__ == "__main__":
    main()
