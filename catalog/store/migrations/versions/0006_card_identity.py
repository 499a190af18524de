"""One card is one card: starter rows are marked (`card.starter`), the other ids and the
language-independent links of a card are stored (`card_alias`), and every card's identity is
read again from its stored record (catalog/store/identity_upgrade.py).

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "card", sa.Column("starter", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    op.create_table(
        "card_alias",
        sa.Column("kind", sa.String(8), primary_key=True),
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("value", sa.String(), primary_key=True),
        sa.Column(
            "card_id",
            sa.Integer(),
            sa.ForeignKey("card.id", ondelete="CASCADE"),
            primary_key=True,
        ),
    )
    op.create_index("ix_card_alias_card", "card_alias", ["card_id"])
    from catalog.store.identity_upgrade import upgrade_identities  # converters load only when run

    upgrade_identities(op.get_bind())


def downgrade() -> None:
    op.drop_index("ix_card_alias_card", table_name="card_alias")
    op.drop_table("card_alias")
    with op.batch_alter_table("card") as batch:
        batch.drop_column("starter")
