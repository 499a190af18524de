"""The Textual app and the Typer command line over the same services."""
