"""A warm-up for long-running processes (the service's workers): one validation of a small
deck of a card the catalog holds, on start-up, so that the first real validation pays only
for its own look-ups. What it pays for instead: SQLAlchemy compiling the look-up statements
(cached per engine), the deck formats' plugin registry, the rules' first use. Nothing is
written; a failure is logged and ignored (the first request then pays, as without it)."""

from __future__ import annotations

import logging

from sqlalchemy import Engine, select
from sqlalchemy.exc import SQLAlchemyError

from catalog.schema.models import CARD
from catalog.store.db import session_scope
from converters.errors import TwgpError
from deckbuilder.catalog_resolver import CatalogResolver
from deckbuilder.service import validate_deck
from deckbuilder.twgp_format import parse

log = logging.getLogger(__name__)


def warm_up(engine: Engine) -> bool:
    """Validate a one-card deck of the catalog's first card by id (and a line no card
    matches). False when the catalog is empty or the validation failed."""
    try:
        with session_scope(engine) as session:
            first = session.execute(select(CARD.c.game, CARD.c.name).order_by(CARD.c.id).limit(1))
            row = first.first()
            if row is None:
                return False
            text = f"format: full\n[life]\n1 {row.game} {row.name}\n"
            validate_deck(parse(text, source="warm-up"), CatalogResolver(session))
            session.rollback()
    except (TwgpError, SQLAlchemyError) as exc:
        log.debug("the validation warm-up failed: %s", exc)
        return False
    return True
