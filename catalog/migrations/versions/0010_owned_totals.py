"""Owned copies per card identity are kept (`owned_total`, catalog/owned_totals.py) instead of
totalled from the collection at every search: the table, its index for `owned>=N`, and every
identity's total summed once from the collection rows.

Numbered 0010: 0009 is left to the deck-name migration being written beside this one. It
follows 0009 when this twgp has one, else 0008, so the chain has one head either way.

Revision ID: 0010
Revises: 0009 (or 0008)
Create Date: 2026-12-02
"""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009" if any(Path(__file__).parent.glob("0009_*.py")) else "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "owned_total",
        sa.Column("identity", sa.String(), primary_key=True),
        sa.Column("copies", sa.Integer(), nullable=False),
    )
    op.create_index("ix_owned_total_copies", "owned_total", ["copies", "identity"])
    from catalog.owned_totals import rebuild_owned

    rebuild_owned(op.get_bind())


def downgrade() -> None:
    op.drop_index("ix_owned_total_copies", table_name="owned_total")
    op.drop_table("owned_total")
