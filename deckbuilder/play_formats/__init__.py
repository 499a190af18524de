"""Deck formats: TWGP's half/full/trial (built in) and the other games' own deck rules as
plugins under the `twgp.formats` entry-point group.

| id              | game         | rule                                                       |
|-----------------|--------------|------------------------------------------------------------|
| half/full/trial | any (TWGP)   | deckbuilder/rules.py                                       |
| ev-tag-b        | eternalvoice | team of 2 decks + sideboards: EV_*_LIMIT (rule_facts.py)   |
| darkside-roster | darkside     | ≤ ROSTER_MAX_UNITS units, none special, unlendable: owner  |
| 2chtcg          | 2chtcg       | exactly DECK_SIZE_2CH cards (provisional)                  |
"""
