"""Owned copies per card identity are kept (`owned_total`, catalog/cards/owned_totals.py) instead of
totalled from the collection at every search: the table, its index for `owned>=N`, and every
identity's total summed once from the collection rows.

Numbered 0010 and following 0008: 0009 was kept for a deck-name migration that turned out
unneeded (deck names are normalised when read and saved, catalog/saved/decks.py).

Revision ID: 0010
Revises: 0008
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "owned_total",
        sa.Column("identity", sa.String(), primary_key=True),
        sa.Column("copies", sa.Integer(), nullable=False),
    )
    op.create_index("ix_owned_total_copies", "owned_total", ["copies", "identity"])
    from catalog.cards.owned_totals import rebuild_owned

    rebuild_owned(op.get_bind())


def downgrade() -> None:
    op.drop_index("ix_owned_total_copies", table_name="owned_total")
    op.drop_table("owned_total")
