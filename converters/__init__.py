"""Converter plugins: one per source game, pure functions of a source record."""
