"""The shared words of every catalog room: its errors, the input limits, the matching keys of
names and text, and output that cannot act (spreadsheet formulas, terminal controls).

Imports: the converters only — nothing else of the catalog.
"""
