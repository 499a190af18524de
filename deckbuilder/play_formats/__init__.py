"""Deck formats: TWGP's half/full/trial (built in) and the other games' own deck rules as
plugins under the `twgp.formats` entry-point group.

| id              | game         | rule                                                       |
|-----------------|--------------|------------------------------------------------------------|
| half/full/trial | any (TWGP)   | deckbuilder/rules.py                                       |
| ev-tag-b        | eternalvoice | team of 2 decks + sideboards: character ≤ 1, other ≤ 4     |
| darkside-roster | darkside     | ≤ 5 units, none special, unlendable only for their owner   |
| 2chtcg          | 2chtcg       | exactly 40 cards (provisional)                             |
"""
