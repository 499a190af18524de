"""Search: every `card_effect` row holds its card's name key and game, indexed after the effect
(`ix_card_effect_order`), so that a page of `effect:hazard` in name order is a range of that
index rather than every hazard card looked up and sorted (catalog/lookup/search_plan.py). The
columns are filled from the cards.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("card_effect") as batch:
        batch.add_column(sa.Column("name_key", sa.String(), nullable=False, server_default=""))
        batch.add_column(
            sa.Column("game", sa.String(length=40), nullable=False, server_default="")
        )
    op.execute(
        "UPDATE card_effect SET "
        "name_key = (SELECT card.name_key FROM card WHERE card.id = card_effect.card_id), "
        "game = (SELECT card.game FROM card WHERE card.id = card_effect.card_id)"
    )
    op.create_index(
        "ix_card_effect_order", "card_effect", ["effect", "name_key", "game", "card_id"]
    )


def downgrade() -> None:
    op.drop_index("ix_card_effect_order", table_name="card_effect")
    with op.batch_alter_table("card_effect") as batch:
        batch.drop_column("game")
        batch.drop_column("name_key")
