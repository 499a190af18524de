"""The deck endpoints answer as `twgp deck validate|stats|export|import`: same reports, same
codes, same drafts."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from tests.deckbuilder import foreign_samples as samples
from tests.deckbuilder.sample_cards import FINAL, LIFE5, full_deck
from tests.service.twins import cli, cli_json, write

TWGP = {"content-type": "text/plain; charset=utf-8"}
DECKS = {
    "legal": full_deck(),
    "short life": full_deck(life=LIFE5[:4]),
    "many problems": full_deck(life=[*LIFE5[:4], "yugioh Mirror Force"], final_1=FINAL[:19]),
}


@pytest.mark.parametrize("name", list(DECKS))
@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_validate_is_the_cli_report(
    client: httpx.AsyncClient, db: str, tmp_path: Path, name: str, lang: str
) -> None:
    text = DECKS[name]
    answer = await client.post("/v1/decks/validate", params={"lang": lang}, content=text,
                               headers=TWGP)
    assert answer.status_code == 200
    expected = cli_json("deck", "validate", write(tmp_path, text), "--json", "--lang", lang,
                        "--db", db)
    assert answer.json() == expected


async def test_violation_codes_of_an_illegal_deck(client: httpx.AsyncClient) -> None:
    answer = await client.post("/v1/decks/validate", content=DECKS["many problems"])
    report = answer.json()
    assert report["legal"] is False
    assert {"LIFE_CARD_TYPE", "HALF_SIZE"} <= {v["code"] for v in report["violations"]}


async def test_a_json_deck_validates_like_its_twgp_text(client: httpx.AsyncClient, db: str,
                                                        tmp_path: Path) -> None:
    exported = await client.post("/v1/decks/export", params={"to": "json"},
                                 content=DECKS["short life"])
    assert exported.status_code == 200
    answer = await client.post("/v1/decks/validate", content=exported.content,
                               headers={"content-type": "application/json"})
    assert answer.status_code == 200
    expected = cli_json("deck", "validate", write(tmp_path, DECKS["short life"]), "--json",
                        "--db", db)
    assert answer.json()["violations"] == expected["violations"]


async def test_an_unreadable_deck_names_its_line(client: httpx.AsyncClient) -> None:
    answer = await client.post("/v1/decks/validate", content="[life]\nthree cards\n")
    assert answer.status_code == 400
    problem = answer.json()
    assert problem["code"] == "DecklistFormatError"
    assert problem["detail"].startswith("body:line 2: expected a card line")
    assert problem["exit_code"] == 2


async def test_a_malformed_json_deck_is_400(client: httpx.AsyncClient) -> None:
    answer = await client.post("/v1/decks/validate", content=b'{"sections": [1, 2',
                               headers={"content-type": "application/json"})
    assert answer.status_code == 400
    assert answer.json()["code"] == "DecklistFormatError"


async def test_stats_are_the_cli_stats(client: httpx.AsyncClient, db: str, tmp_path: Path) -> None:
    answer = await client.post("/v1/decks/stats", content=DECKS["legal"])
    assert answer.status_code == 200
    expected = cli_json("deck", "stats", write(tmp_path, DECKS["legal"]), "--json", "--db", db)
    assert answer.json() == expected
    assert answer.json()["sections"]["entry"]["free_summon"] == 6


@pytest.mark.parametrize("to", ["twgp", "json", "csv", "md", "html"])
async def test_export_is_the_cli_export(
    client: httpx.AsyncClient, db: str, tmp_path: Path, to: str
) -> None:
    answer = await client.post("/v1/decks/export", params={"to": to}, content=DECKS["legal"])
    assert answer.status_code == 200
    code, out, err = cli("deck", "export", write(tmp_path, DECKS["legal"]), "--to", to,
                         "--db", db)
    assert code == 0, err
    assert answer.text == out
    assert answer.headers["content-disposition"].startswith("attachment; filename=")
    assert answer.headers["x-content-type-options"] == "nosniff"


async def test_export_to_an_unknown_format_is_400(client: httpx.AsyncClient) -> None:
    answer = await client.post("/v1/decks/export", params={"to": "pdf"}, content=DECKS["legal"])
    assert answer.status_code == 400
    assert "unknown export format 'pdf'" in answer.json()["detail"]


@pytest.mark.parametrize(("fmt", "text"), [
    ("mtga", samples.MTGA), ("ydk", samples.YDK), ("plain", samples.PLAIN),
    ("ptcgl", samples.PTCGO), ("cod", samples.COD),
])  # fmt: skip
async def test_import_drafts_as_the_cli_does(
    client: httpx.AsyncClient, db: str, tmp_path: Path, fmt: str, text: str
) -> None:
    answer = await client.post("/v1/decks/import", params={"from": fmt, "name": "list"},
                               content=text.encode("utf-8"), headers=TWGP)
    assert answer.status_code == 200, answer.text
    result = answer.json()
    source = tmp_path / "list.txt"
    source.write_bytes(text.encode("utf-8"))
    code, out, err = cli("deck", "import", str(source), "--from", fmt, "--db", db)
    assert code == 0, err
    assert result["draft"] == out
    assert len(result["unresolved"]) == err.count(": unresolved ")


async def test_import_lists_unresolved_lines_with_the_closest_names(
    client: httpx.AsyncClient,
) -> None:
    answer = await client.post("/v1/decks/import", params={"from": "mtga"}, content=samples.MTGA)
    result = answer.json()
    assert result["game"] == "mtg"
    assert {line["text"] for line in result["unresolved"]} == {
        "1 Jegantha, the Wellspring (IKO) 222"}
    assert result["draft"].startswith("# imported from a mtga list")


async def test_import_of_another_games_list_hints_at_its_game(client: httpx.AsyncClient) -> None:
    """Issue 21: a headerless Yu-Gi-Oh! list read as Magic says which game it looks like."""
    text = "3 Dark Magician\n1 Pot of Greed\n1 Mirror Force\n"
    answer = await client.post("/v1/decks/import", params={"from": "plain"}, content=text)
    assert answer.status_code == 200
    assert answer.json()["hints"] == ["these look like Yu-Gi-Oh! cards: --game yugioh"]
    assert answer.json()["copies"] == 0


async def test_import_a_ydke_url(client: httpx.AsyncClient) -> None:
    answer = await client.post("/v1/decks/import", params={"from": "ydke"},
                               content=samples.YDKE + "\n")
    assert answer.status_code == 200
    assert answer.json()["copies"] > 0


async def test_import_from_an_unknown_format_is_400(client: httpx.AsyncClient) -> None:
    answer = await client.post("/v1/decks/import", params={"from": "hearthstone"},
                               content="4 Fireball")
    assert answer.status_code == 400
    assert answer.json()["code"] == "DeckError"


@pytest.mark.parametrize(("fmt", "text"), [
    ("mtga", samples.MTGA), ("ydk", samples.YDK), ("ydke", samples.YDKE + "\n"),
    ("ptcgl", samples.PTCGO), ("cod", samples.COD), ("plain", samples.PLAIN),
])  # fmt: skip
@pytest.mark.parametrize("params", [{"from": "auto", "name": "body"}, {"name": "body"}])
async def test_import_tells_the_format_by_default(
    client: httpx.AsyncClient, db: str, tmp_path: Path, fmt: str, text: str,
    params: dict[str, str],
) -> None:
    """`from=auto`, and no `from` at all, read the list as its format does (`--from auto`)."""
    answer = await client.post("/v1/decks/import", params=params, content=text.encode("utf-8"),
                               headers=TWGP)
    assert answer.status_code == 200, answer.text
    told = await client.post("/v1/decks/import", params={"from": fmt, "name": "body"},
                             content=text.encode("utf-8"), headers=TWGP)
    assert answer.json()["format"] == fmt
    assert answer.json()["draft"] == told.json()["draft"]
    source = tmp_path / "body.txt"
    source.write_bytes(text.encode("utf-8"))
    code, out, err = cli("deck", "import", str(source), "--db", db)
    assert code == 0, err
    assert answer.json()["draft"] == out


async def test_a_shift_jis_body_is_read(client: httpx.AsyncClient) -> None:
    text = "[life]\n1 mtg 稲妻\n"
    answer = await client.post("/v1/decks/validate", content=text.encode("cp932"),
                               headers={"content-type": "text/plain"})
    assert answer.status_code == 200
    codes = {v["code"] for v in answer.json()["violations"]}
    assert "UNKNOWN_CARD" not in codes  # 稲妻 read as 稲妻, not as mojibake
    assert "LIFE_SIZE" in codes
