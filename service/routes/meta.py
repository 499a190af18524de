"""Probes (`/healthz`, `/readyz`) and what is installed: games (converters with their grade rule
and kind table) and formats (deck formats, decklist formats read, export formats written)."""

from __future__ import annotations

from functools import cache
from typing import Any

from fastapi import APIRouter, Depends, Request
from sqlalchemy.exc import SQLAlchemyError

from catalog.base.errors import DatabaseError
from converters.registry import converter_json, load_all
from deckbuilder.decklists import FORMAT_IDS
from deckbuilder.export import EXPORT_FORMATS
from deckbuilder.play_formats.registry import format_json
from deckbuilder.play_formats.registry import load_all as load_formats
from service.deps import engines_of, read_access, run
from service.documents import Formats, Game, Health, Ready, documented
from service.problems import Problem

router = APIRouter()


@router.get("/healthz", tags=["probes"], response_model=None, responses=documented(Health))
async def healthz() -> dict[str, str]:
    """The process answers (no database involved)."""
    return {"status": "ok"}


@router.get("/readyz", tags=["probes"], response_model=None, responses=documented(Ready))
async def readyz(request: Request) -> dict[str, Any]:
    """The catalog is reachable and its schema is the one this twgp needs (503 otherwise)."""
    engines = engines_of(request)
    try:
        report = await run(request, engines.ready)
    except (SQLAlchemyError, DatabaseError) as exc:
        raise Problem(503, "NotReady", f"the catalog cannot be reached: {type(exc).__name__}",
                      headers={"Retry-After": "5"}) from exc  # fmt: skip
    stale = [role for role in ("read", "write")
             if f"{role}_revision" in report and report[f"{role}_revision"]
             != report["revision_expected"]]  # fmt: skip
    if stale:
        raise Problem(503, "NotReady", f"the {' and '.join(stale)} catalog is not at schema "
                      f"revision {report['revision_expected']}", headers={"Retry-After": "5"},
                      **report)  # fmt: skip
    return {"status": "ready", **report}


@router.get("/v1/games", tags=["catalog"], dependencies=[Depends(read_access)],
            response_model=None, responses=documented(list[Game]))  # fmt: skip
async def games() -> list[dict[str, Any]]:
    """The installed converters, as `twgp games --json` lists them."""
    return installed_games()


@router.get("/v1/formats", tags=["decks"], dependencies=[Depends(read_access)],
            response_model=None, responses=documented(Formats))  # fmt: skip
async def formats() -> dict[str, Any]:
    """`deck`: the deck formats validation knows (as `twgp deck formats --json`); `import`: the
    decklist formats /v1/decks/import reads; `export`: what /v1/decks/export writes."""
    return installed_formats()


# Plugins are found once per process (as the CLI finds them once per run).
@cache
def installed_games() -> list[dict[str, Any]]:
    return [converter_json(game_id, converter) for game_id, converter in load_all().items()]


@cache
def installed_formats() -> dict[str, Any]:
    return {
        "deck": [format_json(rules) for rules in load_formats().values()],
        "import": list(FORMAT_IDS),
        "export": list(EXPORT_FORMATS),
    }
