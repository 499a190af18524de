"""Decklists written the way real exporters and players write them (issue 12 item 6), with
their quirks: BOMs, CRLF, headings without quantities, deck names, separators, `Commander:`
prefixes, localised PTCGL headers, `PH` markers, XML entities. Written for these tests; card
names are real, set codes and numbers are the cards' own or illustrative.

Each case: (id, format, text, expected) where `expected` maps a card name to its copies per
zone — the exact quantities a reader must find, with nothing else."""

from __future__ import annotations

from dataclasses import dataclass

BOM = "\ufeff"


@dataclass(frozen=True)
class Case:
    id: str
    format_id: str
    text: str
    #: name → (main copies, side copies); extra-deck copies count as main
    expected: dict[str, tuple[int, int]]
    deck_name: str = ""


def crlf(text: str) -> str:
    return text.replace("\n", "\r\n")


PLAIN_WITH_HEADINGS = Case(
    "plain: deck name, separator, headings in capitals, abbreviations",
    "plain",
    """Mono Red Burn
---
CREATURES
4 Goblin Guide
4 Monastery Swiftspear

INSTANTS and SORC.
4 Lightning Bolt
4 Lava Spike

LANDS
20 Mountain

Sideboard
2 Pyroblast
""",
    {"Goblin Guide": (4, 0), "Monastery Swiftspear": (4, 0), "Lightning Bolt": (4, 0),
     "Lava Spike": (4, 0), "Mountain": (20, 0), "Pyroblast": (0, 2)},
    "Mono Red Burn",
)

PLAIN_COMMANDER = Case(
    "plain: `Commander:` prefix and single type words as headings",
    "plain",
    crlf("""Commander: Dralnu, Lich Lord

Artifact
1 Sol Ring
Creature
1 Baleful Strix
Land
10 Island
10 Swamp
"""),
    {"Dralnu, Lich Lord": (1, 0), "Sol Ring": (1, 0), "Baleful Strix": (1, 0),
     "Island": (10, 0), "Swamp": (10, 0)},
)

PLAIN_COMMANDER_SECTION = Case(
    "plain: a commander without a quantity under its `Commander` header",
    "plain",
    "Commander\nDralnu, Lich Lord\n\nDeck\n1 Sol Ring\n10 Island\n",
    {"Dralnu, Lich Lord": (1, 0), "Sol Ring": (1, 0), "Island": (10, 0)},
)

PLAIN_COUNTED_GROUPS = Case(
    "plain: counted groups `Creatures (8)`, a bare card line among counted ones",
    "plain",
    """// Burn
Creatures (8)
4 Goblin Guide
4x Monastery Swiftspear

Spells (9)
4 Lightning Bolt
Fireblast
4 Lava Spike
=====
Lands: 20
20 Mountain
""",
    {"Goblin Guide": (4, 0), "Monastery Swiftspear": (4, 0), "Lightning Bolt": (4, 0),
     "Fireblast": (1, 0), "Lava Spike": (4, 0), "Mountain": (20, 0)},
)

PLAIN_NAMES_ONLY = Case(
    "plain: a list of names without quantities (one copy each), headings kept out",
    "plain",
    """Artifacts
Sol Ring
Creatures (1)
Baleful Strix
""",
    {"Sol Ring": (1, 0), "Baleful Strix": (1, 0)},
)

DECKSTATS = Case(
    "plain: deckstats `//Main` and `//Sideboard` with `SB:` prefixes",
    "plain",
    """//Main
4 Lightning Bolt
20 Mountain

//Sideboard
SB: 2 Pyroblast
""",
    {"Lightning Bolt": (4, 0), "Mountain": (20, 0), "Pyroblast": (0, 2)},
)

MTGO_TXT = Case(
    "mtgo: .txt with a BOM and CRLF, a blank line before the sideboard",
    "mtgo",
    BOM + crlf("4 Lightning Bolt\n20 Mountain\n4 Goblin Guide\n\n2 Pyroblast\n"),
    {"Lightning Bolt": (4, 0), "Mountain": (20, 0), "Goblin Guide": (4, 0),
     "Pyroblast": (0, 2)},
)

ARENA = Case(
    "mtga: About/Name, Commander, Deck, Sideboard; CRLF",
    "mtga",
    crlf("""About
Name Dralnu Control

Commander
1 Dralnu, Lich Lord (TSR) 242

Deck
1 Sol Ring (CMM) 400
10 Island (ANA) 64
10 Swamp (ANA) 66

Sideboard
2 Pyroblast (ICE) 212
"""),
    {"Dralnu, Lich Lord": (1, 0), "Sol Ring": (1, 0), "Island": (10, 0), "Swamp": (10, 0),
     "Pyroblast": (0, 2)},
    "Dralnu Control",
)

COD_SIDEBOARD_ZONE = Case(
    "cod: zones `main` and `sideboard`, entities in a name, BOM and CRLF",
    "cod",
    BOM + crlf("""<?xml version="1.0" encoding="UTF-8"?>
<cockatrice_deck version="1">
    <deckname>Kongming &amp; Friends</deckname>
    <comments></comments>
    <zone name="main">
        <card number="1" name="Kongming, &quot;Sleeping Dragon&quot;"/>
        <card number="4" name="Lightning Bolt" setShortName="M10" collectorNumber="146"/>
    </zone>
    <zone name="sideboard">
        <card number="2" name="Pyroblast"/>
    </zone>
    <zone name="tokens">
        <card number="1" name="Treasure"/>
    </zone>
</cockatrice_deck>
"""),
    {'Kongming, "Sleeping Dragon"': (1, 0), "Lightning Bolt": (4, 0), "Pyroblast": (0, 2)},
    "Kongming & Friends",
)

DEK = Case(
    "mtgo: .dek with a BOM, two CatIDs of one name, a sideboard",
    "mtgo",
    BOM + crlf("""<?xml version="1.0" encoding="utf-8"?>
<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <NetDeckID>0</NetDeckID>
  <PreconstructedDeckID>0</PreconstructedDeckID>
  <Cards CatID="31745" Quantity="3" Sideboard="false" Name="Lightning Bolt" Annotation="0" />
  <Cards CatID="55108" Quantity="1" Sideboard="false" Name="Lightning Bolt" Annotation="0" />
  <Cards CatID="40142" Quantity="20" Sideboard="false" Name="Mountain" Annotation="0" />
  <Cards CatID="11345" Quantity="2" Sideboard="true" Name="Pyroblast" Annotation="0" />
</Deck>
"""),
    {"Lightning Bolt": (4, 0), "Mountain": (20, 0), "Pyroblast": (0, 2)},
)

XMAGE = Case(
    "dck: XMage with NAME:, [SET:NUM] lines, SB:, a line without a name, LAYOUT lines",
    "dck",
    crlf("""NAME:Burn
4 [M10:146] Lightning Bolt
20 [M10:242] Mountain
1 [ICE:212]
SB: 2 [ICE:212] Pyroblast
LAYOUT MAIN:(1,3)(CMC,false,50)|([M10:146],[M10:146],[M10:146],[M10:146])|([M10:242])
LAYOUT SIDEBOARD:(1,1)(NONE,false,50)|([ICE:212],[ICE:212])
"""),
    {"Lightning Bolt": (4, 0), "Mountain": (20, 0), "": (1, 0), "Pyroblast": (0, 2)},
    "Burn",
)

FORGE = Case(
    "dck: Forge sections, `Name|SET|art` lines, a [Planes] section kept out",
    "dck",
    """[metadata]
Name=Dralnu Control
[Commander]
1 Dralnu, Lich Lord|TSR
[Main]
1 Sol Ring|CMM|1
10 Island|ANA
10 Swamp
[Sideboard]
2 Pyroblast|ICE|2
[Planes]
1 Tazeem|HOP
""",
    {"Dralnu, Lich Lord": (1, 0), "Sol Ring": (1, 0), "Island": (10, 0), "Swamp": (10, 0),
     "Pyroblast": (0, 2)},
    "Dralnu Control",
)

PTCGL_EN = Case(
    "ptcgl: English export with PH markers, SVALT, line-count headers",
    "ptcgl",
    """Pokémon: 3
2 Pidgey MEW 16
1 Mimikyu PAL 97 PH
1 Budew PRE 4 PH

Trainer: 3
3 Boss's Orders SWSHALT 32
1 Technical Machine: Devolution PAR 177
2 Air Balloon

Energy: 2
4 Basic {R} Energy SVE 2
3 Basic {R} Energy SVE 2 PH

Total Cards: 17
""",
    {"Pidgey": (2, 0), "Mimikyu": (1, 0), "Budew": (1, 0), "Boss's Orders": (3, 0),
     "Technical Machine: Devolution": (1, 0), "Air Balloon": (2, 0), "Fire Energy": (7, 0)},
)


def _ptcgl_localised(label: str, pokemon: str, trainer: str, energy: str, total: str) -> Case:
    text = (f"{pokemon}: 2\n2 Pidgey MEW 16\n1 Mimikyu PAL 97 PH\n\n{trainer}: 1\n"
            f"3 Boss's Orders PAL 172\n\n{energy}: 1\n4 Basic {{R}} Energy SVE 2\n\n"
            f"{total}: 10\n")  # fmt: skip
    return Case(
        f"ptcgl: {label} headers", "ptcgl", text,
        {"Pidgey": (2, 0), "Mimikyu": (1, 0), "Boss's Orders": (3, 0), "Fire Energy": (4, 0)},
    )


PTCGL_LOCALISED = [
    _ptcgl_localised("French", "Pokémon ", "Dresseur", "Énergie ", "Total de cartes "),
    _ptcgl_localised("German", "Pokémon", "Trainer", "Energie", "Karten insgesamt"),
    _ptcgl_localised("Spanish", "Pokémon", "Entrenador", "Energía", "Total de cartas"),
    _ptcgl_localised("Italian", "Pokémon", "Allenatore", "Energia", "Carte totali"),
    _ptcgl_localised("Portuguese", "Pokémon", "Treinador", "Energia", "Total de cartas"),
    _ptcgl_localised("Japanese", "ポケモン", "トレーナーズ", "エネルギー", "合計枚数"),
]

LIMITLESS = Case(
    "ptcgl: Limitless copy-count headers and the `Energy` pseudo-set",
    "ptcgl",
    crlf("""Pokémon: 3
2 Pidgey MEW 16
1 Mimikyu PAL 97

Trainer: 3
3 Boss's Orders PAL 172

Energy: 6
6 Basic {P} Energy Energy 13

Total Cards: 12
"""),
    {"Pidgey": (2, 0), "Mimikyu": (1, 0), "Boss's Orders": (3, 0), "Psychic Energy": (6, 0)},
)

YDK = Case(
    "ydk: a BOM, CRLF, `#created by`, trailing spaces, extra and side",
    "ydk",
    BOM + crlf("#created by ygopro\n#main\n89631139\n89631139 \n46986414\n\n#extra\n"
               "44508094\n!side\n05318639\n"),
    {"89631139": (2, 0), "46986414": (1, 0), "44508094": (1, 0), "5318639": (0, 1)},
)

TRAILING_COUNTS = Case(
    "plain: quantities after the name (`Lightning Bolt x4`, `(x2)`), tabs",
    "plain",
    "Lightning Bolt x4\nMountain\tx20\nPyroblast (x2)\n",
    {"Lightning Bolt": (4, 0), "Mountain": (20, 0), "Pyroblast": (2, 0)},
)

MWS = Case(
    "plain: Magic Workstation `[SET] Name` lines and `SB:` with two spaces",
    "plain",
    crlf("// Deck file for Magic Workstation\n// NAME : Burn\n        4 [M10] Lightning Bolt\n"
         "        20 [M10] Mountain\nSB:  2 [ICE] Pyroblast\n"),
    {"Lightning Bolt": (4, 0), "Mountain": (20, 0), "Pyroblast": (0, 2)},
)

ARENA_JAPANESE = Case(
    "mtga: a Japanese client's headers and Japanese names",
    "mtga",
    "デッキ\n4 稲妻 (M10) 146\n20 山 (M10) 242\n\nサイドボード\n2 紅蓮破 (ICE) 212\n",
    {"稲妻": (4, 0), "山": (20, 0), "紅蓮破": (0, 2)},
)

YDK_COMMENTS = Case(
    "ydk: passcodes followed by the card's name as a comment",
    "ydk",
    "#main\n89631139 -- Blue-Eyes White Dragon\n46986414 # Dark Magician\n!side\n5318639\n",
    {"89631139": (1, 0), "46986414": (1, 0), "5318639": (0, 1)},
)

CASES = [
    PLAIN_WITH_HEADINGS, PLAIN_COMMANDER, PLAIN_COMMANDER_SECTION, PLAIN_COUNTED_GROUPS, PLAIN_NAMES_ONLY, DECKSTATS,
    MTGO_TXT, ARENA, COD_SIDEBOARD_ZONE, DEK, XMAGE, FORGE, PTCGL_EN, *PTCGL_LOCALISED,
    LIMITLESS, YDK, TRAILING_COUNTS, MWS, ARENA_JAPANESE, YDK_COMMENTS,
]  # fmt: skip
