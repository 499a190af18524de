"""Issue 21: the getting-started deck stays legal after the reader imports real Pokémon data,
which holds other cards named Pikachu, Charmander, Squirtle… — the printing you own wins."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

from tests.conftest import REALDATA, requires_shared
from tests.docs.walkthrough import PAGE, reader_env, reader_folder, run_page


def _pokemon(card_id: str, name: str, hp: str, attacks: list[tuple[str, str, str]],
             *, number: str, stage: str = "Basic") -> dict[str, Any]:  # fmt: skip
    """A Pokémon as pokemontcg.io v2 writes it (no `set` object, as in a set file)."""
    return {
        "id": card_id, "name": name, "supertype": "Pokémon", "subtypes": [stage], "hp": hp,
        "types": ["Lightning" if name == "Pikachu" else "Colorless"],
        "attacks": [{"name": attack, "cost": ["Colorless"], "convertedEnergyCost": 1,
                     "damage": damage, "text": text} for attack, damage, text in attacks],
        "retreatCost": ["Colorless"], "convertedRetreatCost": 1, "number": number,
        "artist": "Illustrator", "rarity": "Common", "nationalPokedexNumbers": [25],
        "legalities": {"unlimited": "Legal"},
    }  # fmt: skip


#: later cards of the names the getting-started deck uses (card facts; ids illustrative)
LATER_PRINTS = [
    _pokemon("xy1-42", "Pikachu", "60", [
        ("Nuzzle", "", "Flip a coin. If heads, your opponent's Active Pokémon is now Paralyzed."),
        ("Quick Attack", "10+", "Flip a coin. If heads, this attack does 20 more damage."),
    ], number="42"),
    _pokemon("swsh12pt5-49", "Pikachu", "70", [
        ("Tail Whap", "30", ""),
    ], number="49"),
    _pokemon("xy1-11", "Charmander", "60", [
        ("Draw In", "", "Attach up to 2 Fire Energy cards from your discard pile to this "
         "Pokémon."),
        ("Fire Claws", "20", ""),
    ], number="11"),
    _pokemon("sv6pt5-7", "Squirtle", "70", [
        ("Bubble Beam", "20", "Flip a coin. If heads, your opponent's Active Pokémon is now "
         "Paralyzed."),
    ], number="7"),
    {
        "id": "swsh12pt5-145", "name": "Potion", "supertype": "Trainer", "subtypes": ["Item"],
        "rules": ["Heal 30 damage from 1 of your Pokémon.",
                  "You may play any number of Item cards during your turn."],
        "number": "145", "artist": "Illustrator", "rarity": "Common",
        "legalities": {"unlimited": "Legal"},
    },
]  # fmt: skip


def _legal_after_importing(tmp_path: Path, files: list[str]) -> dict[str, Any]:
    work, env = reader_folder(tmp_path), reader_env(tmp_path)
    run_page(PAGE.read_text(encoding="utf-8"), work, env, skip=1)
    subprocess.run(["twgp", "import", "pokemon", *files], cwd=work, env=env, check=True,
                   capture_output=True)  # fmt: skip
    done = subprocess.run(["twgp", "deck", "validate", "my-deck.twgp", "--json"], cwd=work,
                          env=env, capture_output=True, text=True, check=False)  # fmt: skip
    report: dict[str, Any] = json.loads(done.stdout)
    return report


def test_the_deck_stays_legal_after_importing_same_named_cards(tmp_path: Path) -> None:
    data = tmp_path / "later-prints.json"
    data.write_text(json.dumps(LATER_PRINTS, ensure_ascii=False), encoding="utf-8")
    report = _legal_after_importing(tmp_path, [str(data)])
    assert report["violations"] == []
    assert report["legal"] is True


@requires_shared
def test_the_deck_stays_legal_after_importing_the_real_pokemon_data(tmp_path: Path) -> None:
    files = sorted(str(path) for path in (REALDATA / "pokemon" / "cards" / "en").glob("*.json"))
    report = _legal_after_importing(tmp_path, files)
    assert report["violations"] == []
    assert report["legal"] is True
