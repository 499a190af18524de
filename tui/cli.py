"""The `twgp` command line. Every command lives in tui/commands/ and calls the services of
converters/, catalog/ and deckbuilder/; our errors reach the user here, on stderr.

Start-up: the console script imports only the module of the command it runs (`twgp convert`
needs no SQLAlchemy), which saves about a second per run; `app` (what tests and `--help`
use) has every command."""

from __future__ import annotations

import importlib
import logging
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import Any

import typer
from rich.console import Console
from typer.core import TyperGroup
from typer.exceptions import TyperException

from converters.errors import TwgpError
from tui import arguments, cli_help, crash
from tui.commands import tui_cmd
from tui.commands.options import DbOption
from tui.docs_pages import ROOT_EPILOG, help_epilog
from tui.safe_text import SafeLines


class TwgpGroup(TyperGroup):
    """Turns a TwgpError raised by any command into a message on stderr and its exit code,
    for the console script and for CliRunner alike; anything else is a bug in twgp, told in
    one line with the path of a log file holding the traceback (tui/crash.py). Its help,
    and that of every command under it, is tidied for the terminal (`cli_help.tidy`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cli_help.tidy(self)

    def invoke(self, ctx: Any) -> Any:
        try:
            try:
                return super().invoke(ctx)
            finally:
                crash.flush_stdout()  # a full disk is told here, not at Python's exit
        except TwgpError as exc:
            report_error(exc)
            ctx.exit(exc.exit_code)
        except (typer.Exit, typer.Abort, TyperException):  # typer's own: usage errors, exits
            raise
        except BrokenPipeError:
            ctx.exit(crash.quiet_broken_pipe())
        except SystemExit as exc:  # Rich's answer to a closed pipe: SystemExit(1)
            if isinstance(exc.__context__, BrokenPipeError):
                ctx.exit(crash.quiet_broken_pipe())
            raise
        except OSError as exc:
            if not crash.is_output_fault(exc):
                ctx.exit(crash.report_unexpected(exc))
            ctx.exit(crash.report_output_fault(exc))
        except Exception as exc:  # the one place that catches every bug
            ctx.exit(crash.report_unexpected(exc))


def report_error(exc: TwgpError) -> None:
    err = SafeLines(Console(stderr=True, highlight=False, soft_wrap=True))
    err.print(f"error: {exc.message}")
    if exc.hint:
        err.print(f"  hint: {exc.hint}")


#: the modules of tui/commands, each with `register(app)`
COMMAND_MODULES = [
    "convert", "catalog_cmds", "search_cmds", "collection", "deck", "tui_cmd", "fetch", "serve",
    "maintenance", "docs", "bulk",
]  # fmt: skip
#: which module registers each top-level command (tests check this against `register`)
COMMANDS = {
    "games": "convert", "convert": "convert", "import": "catalog_cmds",
    "override": "catalog_cmds", "search": "search_cmds", "show": "search_cmds",
    "collection": "collection", "deck": "deck", "tui": "tui_cmd", "fetch": "fetch",
    "serve": "serve", "apikey": "serve", "docs": "docs",
    "doctor": "maintenance", "backup": "maintenance", "restore": "maintenance",
    "bulk": "bulk",
}  # fmt: skip
#: options of the root that take a value (skipped when looking for the command's name)
_ROOT_VALUE_OPTIONS = ("--db",)


def command_module(name: str) -> ModuleType:
    return importlib.import_module(f"tui.commands.{name}")


ROOT_HELP = "Convert cards of many trading card games to TWGP and build legal TWGP decks."


def build_app(modules: Sequence[str] = COMMAND_MODULES) -> typer.Typer:
    """The root app with the commands of `modules`."""
    built = typer.Typer(
        name="twgp",
        cls=TwgpGroup,
        help=ROOT_HELP,
        pretty_exceptions_show_locals=False,  # locals may hold API keys
        add_completion=False,
        epilog=ROOT_EPILOG,
        context_settings=cli_help.HELP_SETTINGS,  # every command inherits them
    )
    for module in modules:
        command_module(module).register(built)
    link_docs(built)
    built.callback(invoke_without_command=True)(_root)
    return built


def link_docs(app: typer.Typer) -> None:
    """End the help of each command and command group with the page that documents it."""
    for command in app.registered_commands:
        name = command.name or (command.callback.__name__ if command.callback else "")
        command.epilog = command.epilog or help_epilog(name)
    for group in app.registered_groups:
        epilog = help_epilog(group.name or "")
        group.epilog = group.epilog or epilog
        if group.typer_instance is not None:
            for command in group.typer_instance.registered_commands:
                command.epilog = command.epilog or epilog


def modules_for(argv: Sequence[str]) -> list[str]:
    """Just the module of the command `argv` runs; every module when that is not plain
    (no command, `--help`, an unknown name)."""
    every = list(COMMAND_MODULES)
    args = iter(argv)
    for arg in args:
        if arg in _ROOT_VALUE_OPTIONS:
            next(args, None)
        elif arg.startswith(tuple(f"{option}=" for option in _ROOT_VALUE_OPTIONS)):
            continue
        elif arg.startswith("-"):
            return every
        else:
            return [COMMANDS[arg]] if arg in COMMANDS else every
    return every


_full_app: typer.Typer | None = None


def __getattr__(name: str) -> typer.Typer:
    """`app`: every command, built on first use."""
    global _full_app
    if name != "app":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    if _full_app is None:
        _full_app = build_app()
    return _full_app


def _root(
    ctx: typer.Context,
    db: DbOption = None,
) -> None:
    """With no command, twgp opens the terminal app."""
    ctx.obj = {"db": db}
    if ctx.invoked_subcommand is None:
        tui_cmd.run_app(db)


def quick_help_app() -> typer.Typer:
    """The app `twgp --help` runs: the commands' summaries, none of them imported."""
    return cli_help.help_app(ROOT_HELP, TwgpGroup, _root)


def main() -> None:
    """Console-script entry point."""
    crash.tolerant_streams()
    try:
        logging.basicConfig(level=logging.WARNING, format="twgp: %(message)s")
        if cli_help.asks_root_help(sys.argv[1:]):  # the commands' summaries, none imported
            quick_help_app()(prog_name="twgp")
        command = typer.main.get_command(build_app(modules_for(sys.argv[1:])))
        arguments.decode_text_arguments(command)  # `twgp search 稲妻` under LC_ALL=C
        command(prog_name="twgp")
    except KeyboardInterrupt:  # Ctrl-C before a command began (a command's own exits 130 too)
        sys.exit(crash.INTERRUPTED_EXIT)
    except BrokenPipeError:
        sys.exit(crash.quiet_broken_pipe())
    except OSError as exc:
        if crash.is_output_fault(exc):
            sys.exit(crash.report_output_fault(exc))
        sys.exit(crash.report_unexpected(exc))
    except Exception as exc:  # a failure outside any command (start-up)
        sys.exit(crash.report_unexpected(exc))


if __name__ == "__main__":
    main()
