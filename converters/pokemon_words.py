"""The Pokémon TCG's category words in every language its sources use, each mapped to one
English term: pokemontcg.io `supertype`/`subtypes` and TCGdex `category`/`trainerType`/
`energyType` (translated per language: en, fr, es, it, pt, de from TCGdex's own translation
tables; Japanese as printed on the cards). Words match case- and accent-insensitively."""

from __future__ import annotations

import re
import unicodedata

POKEMON = "Pokémon"
TRAINER = "Trainer"
ENERGY = "Energy"

CATEGORY_WORDS: dict[str, tuple[str, ...]] = {
    POKEMON: ("Pokémon", "Pokemon", "ポケモン"),
    TRAINER: (
        "Trainer", "Dresseur", "Entrenador", "Allenatore", "Treinador",
        "トレーナーズ", "トレーナー",
    ),
    ENERGY: ("Energy", "Énergie", "Energía", "Energia", "Energie", "エネルギー"),
}

ITEM = "Item"
SUPPORTER = "Supporter"
STADIUM = "Stadium"
TOOL = "Pokémon Tool"
TECHNICAL_MACHINE = "Technical Machine"
ROCKET_MACHINE = "Rocket's Secret Machine"
GAME_CORNER = "Goldenrod Game Corner"
ACE_SPEC = "ACE SPEC"

# Note the crossings: Italian "Oggetto" is a Tool and "Strumento" an Item, Spanish "Objeto"
# and French "Objet" are Items.
TRAINER_WORDS: dict[str, tuple[str, ...]] = {
    ITEM: ("Item", "Objet", "Objeto", "Strumento", "Itemkarte", "グッズ"),
    SUPPORTER: (
        "Supporter", "Partidario", "Aiuto", "Apoiador", "Unterstützerkarte", "Unterstützung",
        "サポート",
    ),
    STADIUM: (
        "Stadium", "Stade", "Estadio", "Stadio", "Estádio", "Stadionkarte", "Stadion", "スタジアム",
    ),
    TOOL: (
        "Tool", "Pokémon Tool", "Pokémon Tool F", "Outil", "Outil Pokémon", "Herramienta",
        "Oggetto", "Ferramenta", "Pokémon-Ausrüstung", "Ausrüstung", "ポケモンのどうぐ", "どうぐ",
    ),
    TECHNICAL_MACHINE: (
        "Technical Machine", "Machine Technique", "Máquina Técnica", "Macchinario Tecnico",
        "Technische Maschine", "ワザマシン",
    ),
    ROCKET_MACHINE: (
        "Rocket's Secret Machine", "Machine secrète des Rocket", "Máquina Secreta de Rocket",
        "Macchina Nascosta", "Rockets Geheime Maschine", "ロケット団のひみつマシーン",
    ),
    GAME_CORNER: (
        "Goldenrod Game Corner", "Salle de jeu de Doublonville", "Dukatias Spielhalle",
        "コガネのゲームコーナー",
    ),
    ACE_SPEC: ("ACE SPEC", "High-Tech", "As Táctico", "ASS-KLASSE", "エーススペック"),
}

BASIC = "Basic"
SPECIAL = "Special"

ENERGY_WORDS: dict[str, tuple[str, ...]] = {
    BASIC: ("Basic", "Normal", "De base", "Básico", "Base", "Basis", "基本", "基本エネルギー"),
    SPECIAL: ("Special", "Spécial", "Especial", "Speciale", "Spezial", "特殊", "特殊エネルギー"),
}

_KEEP_MARKS = "\u3099\u309a"  # Japanese voicing marks are part of the word (グ ≠ ク)


def word_key(word: str) -> str:
    """Compare words without case, accents, spaces, hyphens or apostrophes."""
    decomposed = unicodedata.normalize("NFKD", word.casefold())
    kept = "".join(c for c in decomposed if not unicodedata.combining(c) or c in _KEEP_MARKS)
    return re.sub(r"[\s'’\-_.・]", "", unicodedata.normalize("NFKC", kept))


def _index(table: dict[str, tuple[str, ...]]) -> dict[str, str]:
    return {word_key(word): term for term, words in table.items() for word in words}


_CATEGORIES = _index(CATEGORY_WORDS)
_TRAINER_TYPES = _index(TRAINER_WORDS)
_ENERGY_TYPES = _index(ENERGY_WORDS)


def category_term(word: str) -> str | None:
    """"Dresseur" → "Trainer"; None when the word is in no table."""
    return _CATEGORIES.get(word_key(word))


def trainer_term(word: str) -> str | None:
    """"Outil" → "Pokémon Tool"; None for words that are not a trainer kind ("Ancient")."""
    return _TRAINER_TYPES.get(word_key(word))


def energy_term(word: str) -> str | None:
    """"De base" → "Basic"; None for other words."""
    return _ENERGY_TYPES.get(word_key(word))
