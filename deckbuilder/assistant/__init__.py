"""The deck assistant (`twgp deck build`, `deck missing`, `collection available`): legal TWGP
decks built and completed from the cards you own, with OR-Tools CP-SAT.

model.py holds the model (its docstring states each constraint beside the rule it encodes);
ledger.py the owned / committed / free copies; build.py the service; explain.py the words;
sources.py reads candidates and the ledger from the catalog; wants.py the wants lists."""
