"""A small catalog of real cards (facts written for these tests; set codes, numbers and ids are
illustrative), and where the collection files of these tests are."""

from __future__ import annotations

from pathlib import Path

from converters.base import ConvertedCard, Printing, Ruling

DATA = Path(__file__).parent / "data"


def uuid(n: int) -> str:
    return f"00000000-0000-4000-8000-{n:012d}"


def make_card(game: str, source_id: str, name: str, identity: str, *, name_ja: str | None = None,
          set_code: str | None = None, number: str | None = None, lang: str = "en",
          ) -> ConvertedCard:  # fmt: skip
    return ConvertedCard(
        game=game,
        source_id=source_id,
        name=name,
        name_ja=name_ja,
        identity=identity,
        grade=Ruling(None, "test card"),
        card_type=Ruling(None, "test card"),
        effects=(),
        text="",
        reading="",
        printing=Printing(set_code, number, lang),
    )


CARDS = (
    make_card("mtg", uuid(2), "Lightning Bolt", "o-bolt", set_code="m10", number="146"),
    make_card(
        "mtg",
        uuid(12),
        "Lightning Bolt",
        "o-bolt",
        name_ja="稲妻",
        set_code="sta",
        number="42",
        lang="ja",
    ),
    make_card(
        "mtg",
        uuid(1),
        "Ajani, Nacatl Pariah // Ajani, Nacatl Avenger",
        "o-ajani",
        set_code="mh3",
        number="237",
    ),
    make_card("mtg", uuid(3), "Fire // Ice", "o-fire-ice", set_code="mh2", number="290"),
    make_card(
        "mtg", uuid(4), 'Kongming, "Sleeping Dragon"', "o-kongming", set_code="ptk", number="8"
    ),
    make_card("mtg", uuid(5), "Zur's Weirding", "o-zur", set_code="5ed", number="128"),
    make_card(
        "mtg", uuid(6), "Chandra, Torch of Defiance", "o-chandra", set_code="kld", number="110"
    ),
    make_card("mtg", uuid(7), "Orcish Bowmasters", "o-bowmasters", set_code="ltr", number="103"),
    make_card("mtg", uuid(17), "Orcish Bowmasters", "o-bowmasters", set_code="ltr", number="433"),
    make_card(
        "mtg",
        uuid(8),
        "Counterspell",
        "o-counterspell",
        name_ja="対抗呪文",
        set_code="mh2",
        number="267",
    ),
    make_card(
        "mtg",
        uuid(9),
        "Delver of Secrets // Insectile Aberration",
        "o-delver",
        set_code="isd",
        number="51",
    ),
    make_card(
        "mtg", uuid(10), "Expansion // Explosion", "o-expansion", set_code="grn", number="224"
    ),
    make_card("mtg", uuid(11), "Plains", "o-plains", set_code="sld", number="741z"),
    make_card("mtg", uuid(13), "Arcane Signet", "o-signet", set_code="p30m", number="033"),
    make_card("mtg", uuid(14), "Recycle", "o-recycle", set_code="tmp", number="250"),
    make_card(
        "yugioh",
        "89631139",
        "Blue-Eyes White Dragon",
        "89631139",
        name_ja="青眼の白龍",
        number="LOB-EN001",
    ),
    make_card(
        "yugioh",
        "46986414",
        "Dark Magician",
        "46986414",
        name_ja="ブラック・マジシャン",
        number="LOB-EN005",
    ),
    make_card(
        "yugioh",
        "5318639",
        "Mystical Space Typhoon",
        "5318639",
        name_ja="サイクロン",
        number="MRL-047",
    ),
    make_card(
        "yugioh",
        "14558127",
        "Ash Blossom & Joyous Spring",
        "14558127",
        name_ja="灰流うらら",
        number="MACR-EN036",
    ),
    make_card(
        "pokemon",
        "base1-4",
        "Charizard",
        "pokemon:charizard:120",
        name_ja="リザードン",
        set_code="base1",
        number="4",
    ),
    make_card("pokemon", "fossil-61", "Recycle", "pokemon:recycle", set_code="fossil", number="61"),
    # Names two games share (issue 12): a row must land on its own file's game's card
    make_card("mtg", uuid(15), "Into the Void", "o-into-the-void", set_code="m19", number="61"),
    make_card("yugioh", "93671934", "Into the Void", "93671934", number="LOB-EN038"),
    make_card("yugioh", "37520316", "Mind Control", "37520316", number="SDP-041"),
    make_card("pokemon", "base1-93", "Gust of Wind", "pokemon:gust", set_code="base1", number="93"),
)
