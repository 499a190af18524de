"""The former name of deckbuilder.play_formats (TWGP-side deck formats), kept only for the
documented plugin API: `deckbuilder.deck_formats.base` still gives `DeckFormatRules` and
`GameFormat` to plugins written against it. New code imports deckbuilder.play_formats.base."""
