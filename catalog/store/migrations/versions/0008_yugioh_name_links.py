"""A Yu-Gi-Oh! name denotes one card: every stored Yu-Gi-Oh! card gets its name as a link
(`card_alias`), so records of one name with no passcode in common (an alternate art's record
naming only its own passcode beside the card's) become one identity, and a starter record that
such a real record replaces is retired (catalog/store/identity_upgrade.py). No schema change.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-01
"""

from __future__ import annotations

from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    from catalog.store.identity_upgrade import refresh_links  # converters load only when run

    refresh_links(op.get_bind(), "yugioh")


def downgrade() -> None:
    """Nothing to undo: name links are valid at 0007 too (identities stay joined)."""
