"""Effects and readings of the current reader: every card's effects, their reasons, its
`effect:` search rows and its TWGP reading are written again from its stored text and record
for its effective type (catalog/cards/effects_refresh.py) — a catalog imported before held the older
reader's effects, effects on Unit and Weapon text, and readings for the converter's type even
under a type override. No schema change; the rows that come out the same are not touched.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01
"""

from __future__ import annotations

from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    from catalog.cards.effects_refresh import refresh_effects  # converters load only when run

    refresh_effects(op.get_bind(), ordered=False)  # 0012 adds and fills the order columns


def downgrade() -> None:
    """Nothing to undo: the effects of the current reader are valid at 0006 too."""
