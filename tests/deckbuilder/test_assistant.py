"""The deck assistant (deckbuilder/assistant): every built deck validates and respects free
copies, pins are honoured, the solver's optimum agrees with an exhaustive search on small
collections, infeasible requests name the rule and the acquisitions fix them; Japanese."""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from converters.base import CardType
from deckbuilder.assistant.build import build, verify
from deckbuilder.assistant.ledger import Ledger, committed_elsewhere, with_decks
from deckbuilder.assistant.model import Candidate, Goal, Pins, Request, Rule, Solution, value
from deckbuilder.codes import Code
from deckbuilder.deck import ARCHIVE, LIBRARY, LIFE, Deck, DeckFormat, Entry
from deckbuilder.resolve import MemoryResolver, resolve_deck
from deckbuilder.rule_facts import FREE_SUMMON_MAX, MAX_WEAPONS
from deckbuilder.rules import check_free_summon, check_summonable
from deckbuilder.service import validate_resolved
from deckbuilder.summon import Reach
from tests.deckbuilder.sample_cards import sample_cards
from tests.helpers.decks import BY_ID, LIFE_IDS, assert_legal, candidates

CARDS = [c for c in sample_cards() if c.card_type is not None]
DECK_IDS = sorted(i for i in BY_ID if i not in LIFE_IDS)


owned_counts = st.fixed_dictionaries(
    {i: st.integers(0, 3) for i in DECK_IDS} | {i: st.sampled_from([0, 1, 1, 1]) for i in LIFE_IDS}
)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(owned=owned_counts, fmt=st.sampled_from(list(DeckFormat)),
       goal=st.sampled_from(list(Goal)), data=st.data())
def test_every_built_deck_validates_and_respects_free_copies_and_pins(
    owned: dict[str, int], fmt: DeckFormat, goal: Goal, data: st.DataObject
) -> None:
    cards = candidates(owned)
    have = sorted(i for i, n in owned.items() if n > 0)
    include = data.draw(st.sets(st.sampled_from(have), max_size=2) if have else st.just(set()))
    exclude = data.draw(st.sets(st.sampled_from(DECK_IDS), max_size=3)) - include
    pool = [c for c in cards if c.identity not in exclude]
    request = Request(fmt, goal, time_limit=1, pins=Pins(frozenset(include)))
    catalog = [c for c in candidates(dict.fromkeys(BY_ID, 0), acquirable=True)
               if c.identity not in exclude]
    result = build(request, pool, catalog=catalog)
    if not result.built:
        assert result.problems  # infeasible is an answer, with the rules named
        if result.acquire:  # the fewest cards to acquire make it feasible
            fixed = Counter(owned) + Counter({c.identity: n for c, n in result.acquire})
            pool = [c for c in candidates(dict(fixed)) if c.identity not in exclude]
            assert build(request, pool).built
        return
    used = assert_legal(result, cards)
    for identity, n in used.items():
        assert n <= owned[identity]
    assert include <= set(used)
    assert not exclude & set(used)
    assert result.deck is not None
    # completing a deck keeps its lines: half of the built deck's library and its life set
    by_source = {c.source_id: c.identity for c in CARDS}
    kept = {LIBRARY: tuple(by_source[e.source_id] for e in result.deck.section(LIBRARY)[::2]
                           if e.source_id),
            LIFE: tuple(by_source[e.source_id] for e in result.deck.section(LIFE) if e.source_id)}
    again = build(Request(fmt, goal, time_limit=1, pins=Pins(kept=kept)), cards)
    assert again.deck is not None
    assert_legal(again, cards)
    for section, ids in kept.items():
        assert set(ids) <= identities(again.deck, section)


def test_complete_keeps_the_lines_and_fills_the_rest() -> None:
    owned = dict.fromkeys(DECK_IDS, 2) | dict.fromkeys(LIFE_IDS, 1)
    cards = candidates(owned)
    kept = {LIBRARY: ("mtg:serra", "mtg:bolt"), ARCHIVE: (raichu := _identity("Raichu"),),
            LIFE: ("mtg:anthem",)}
    result = build(Request(DeckFormat.FULL, pins=Pins(kept=kept), time_limit=2), cards)
    assert result.deck is not None
    assert_legal(result, cards)
    assert {"mtg:serra", "mtg:bolt"} <= identities(result.deck, LIBRARY)
    assert raichu in identities(result.deck, ARCHIVE)
    assert "mtg:anthem" in identities(result.deck, LIFE)
    kept_rows = [p for p in result.placed if p.reason[0].startswith("kept from the deck")]
    assert len(kept_rows) == 4


def identities(deck: Deck, section: str) -> set[str]:
    by_source = {c.source_id: c.identity for c in CARDS}
    return {by_source[e.source_id] for e in deck.section(section) if e.source_id}


def _identity(name: str) -> str:
    return next(c.identity for c in CARDS if c.name == name)


# --- optimality against an exhaustive search ------------------------------------------------


def _legal_value(deck_ids: tuple[str, ...], life_ids: tuple[str, ...],
                 cards: list[Candidate]) -> int | None:
    """The `strongest` value of a half deck of these cards, None when illegal (judged by the
    validator itself, independently of the model)."""
    by_id = {c.identity: c for c in cards}
    ordered = sorted(deck_ids)
    deck = Deck(format=DeckFormat.HALF, sections={
        LIFE: tuple(Entry(1, BY_ID[i].game, BY_ID[i].name, BY_ID[i].source_id) for i in life_ids),
        LIBRARY: tuple(Entry(1, BY_ID[i].game, BY_ID[i].name, BY_ID[i].source_id)
                       for i in ordered[:15]),
        ARCHIVE: tuple(Entry(1, BY_ID[i].game, BY_ID[i].name, BY_ID[i].source_id)
                       for i in ordered[15:]),
    })
    rd = resolve_deck(deck, MemoryResolver(c.card for c in cards))
    if validate_resolved(rd).violations or check_summonable(rd) or check_free_summon(rd):
        return None
    return sum(value(by_id[i]) for i in (*deck_ids, *life_ids))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_optimum_agrees_with_an_exhaustive_search(seed: int) -> None:
    import random

    rng = random.Random(seed)
    deck_ids = rng.sample(DECK_IDS, 22)
    life_ids = rng.sample(LIFE_IDS, 4)
    cards = candidates(dict.fromkeys(deck_ids + life_ids, 1))
    best = None
    for life in itertools.combinations(sorted(life_ids), 3):
        for chosen in itertools.combinations(sorted(deck_ids), 20):
            found = _legal_value(chosen, life, cards)
            if found is not None and (best is None or found > best):
                best = found
    result = build(Request(DeckFormat.HALF, time_limit=10), cards)
    if best is None:
        assert not result.built
        return
    assert result.status == "optimal"
    assert result.objective == best
    assert_legal(result, cards)
    assert _relaxed(Request(DeckFormat.HALF), cards, 0) >= best


def _relaxed(request: Request, cards: list[Candidate], finals: int,
             cases: bool = False) -> int:  # fmt: skip
    """The linear relaxation's bound of the model of `request` (relax.py); with `cases`, the
    bound over the cases of the model's `top` variables, split until none is at a fraction
    (no deck found to stop at)."""
    from deckbuilder.assistant.model import DeckModel, half_keys, life_size, prefilter
    from deckbuilder.assistant.relax import case_bound, lp_bound

    keys = half_keys(request.format, finals)
    life = life_size(request.format, 0)
    model = DeckModel(request, prefilter(cards, len(keys), life, set()), keys, life)
    for rule in model.assume.values():
        model.model.add_bool_or([rule])
    if cases:
        bound = case_bound(model.model, model.split(), None, 60)
    else:
        bound = lp_bound(model.model, 30)
    assert bound is not None
    return bound


# --- infeasible requests --------------------------------------------------------------------


def test_too_few_life_cards_names_the_rule_and_the_acquisitions_fix_it() -> None:
    owned = dict.fromkeys(DECK_IDS, 4) | dict.fromkeys(LIFE_IDS[:2], 1)
    cards = candidates(owned)
    catalog = candidates(dict.fromkeys(BY_ID, 0), acquirable=True)
    request = Request(DeckFormat.FULL, time_limit=5)
    result = build(request, cards, catalog=catalog)
    assert not result.built
    assert [p.rule for p in result.problems] == [Rule.LIFE]
    assert "you have 2 free life cards" in result.problems[0].message[0]
    assert "a full deck needs exactly 5" in result.problems[0].message[0]
    assert sum(n for _, n in result.acquire) == 3
    assert all(c.is_life for c, _ in result.acquire)
    fixed = dict(owned)
    for c, n in result.acquire:
        fixed[c.identity] = fixed.get(c.identity, 0) + n
    again = build(request, candidates(fixed))
    assert again.built
    assert_legal(again, candidates(fixed))


def test_too_few_deck_cards_names_the_halves() -> None:
    owned = dict.fromkeys(DECK_IDS[:15], 1) | dict.fromkeys(LIFE_IDS, 1)
    catalog = candidates(dict.fromkeys(BY_ID, 0), acquirable=True)
    result = build(Request(DeckFormat.HALF, time_limit=5), candidates(owned), catalog=catalog)
    assert not result.built
    assert Rule.HALVES in {p.rule for p in result.problems}
    fixed = dict(owned)
    for c, n in result.acquire:
        fixed[c.identity] = fixed.get(c.identity, 0) + n
    assert sum(n for _, n in result.acquire) == 5
    assert build(Request(DeckFormat.HALF, time_limit=5), candidates(fixed)).built


def test_from_catalog_lists_what_to_acquire() -> None:
    catalog = candidates(dict.fromkeys(BY_ID, 0), acquirable=True)
    result = build(Request(DeckFormat.HALF, time_limit=5, catalog=True), catalog)
    assert result.built
    assert sum(n for _, n in result.acquire) == 23
    assert all(p.acquire == 1 for p in result.placed)


def test_japanese_output() -> None:
    owned = dict.fromkeys(DECK_IDS, 1) | dict.fromkeys(LIFE_IDS[:2], 1)
    result = build(Request(DeckFormat.HALF, time_limit=5), candidates(owned))
    data = result.to_json("ja")
    assert data["built"] is False
    assert data["summary"] == "正規のデッキは作れません"
    assert "空いているライフ・カード" in data["problems"][0]["message"]
    assert "ハーフのデッキにはちょうど3枚必要です" in data["problems"][0]["message"]
    built = build(Request(DeckFormat.HALF, time_limit=5),
                  candidates(dict.fromkeys(DECK_IDS, 1) | dict.fromkeys(LIFE_IDS, 1)))
    ja = built.to_json("ja")
    assert ja["summary"].startswith("最適")
    assert any("フリー召喚できるユニット" in row["why"] for row in ja["cards"])


def test_verify_refuses_a_deck_using_copies_that_are_not_free() -> None:
    owned = dict.fromkeys(DECK_IDS, 1) | dict.fromkeys(LIFE_IDS, 1)
    cards = candidates(owned)
    result = build(Request(DeckFormat.HALF, time_limit=5), cards)
    assert result.deck is not None
    verify(result.deck, cards, {})
    short = [replace(c, free=0) if c.identity == result.placed[-1].candidate.identity else c
             for c in cards]
    with pytest.raises(Exception, match="validator rejects"):
        verify(result.deck, short, {})


# --- the ledger ------------------------------------------------------------------------------


def test_the_ledger_counts_copies_committed_to_other_decks() -> None:
    resolver = MemoryResolver(CARDS)
    saved = Deck(name="Other", format=DeckFormat.HALF, sections={
        LIBRARY: (Entry(1, "mtg", "Serra Angel"), Entry(1, "mtg", "Lightning Bolt", "m10-bolt"))})
    ledger = with_decks({"mtg:serra": 2, "mtg:bolt": 1}, [("Other", resolve_deck(saved, resolver))])
    assert ledger.free("mtg:serra") == 1
    assert ledger.free("mtg:bolt") == 0
    assert ledger.free("mtg:bolt", share=True) == 1
    assert ledger.free("mtg:bolt", besides="Other") == 1
    assert ledger.missing({"mtg:serra": 2, "mtg:bolt": 1}) == {"mtg:serra": 1, "mtg:bolt": 1}
    mine = Deck(name="Mine", format=DeckFormat.HALF, sections={
        LIBRARY: (Entry(1, "mtg", "Serra Angel"), Entry(1, "mtg", "Grizzly Bears"))})
    warnings = committed_elsewhere(resolve_deck(mine, resolver), ledger)
    assert warnings == []  # one Serra Angel is free
    mine2 = Deck(name="Mine", format=DeckFormat.HALF, sections={
        LIBRARY: (Entry(1, "mtg", "Lightning Bolt", "m10-bolt"),)})
    (warning,) = committed_elsewhere(resolve_deck(mine2, resolver), ledger)
    assert warning.code is Code.COMMITTED_ELSEWHERE
    assert "only 0 are free — the others are in Other" in warning.message
    assert "Other で使われています" in warning.message_ja
    assert Ledger().free("x") == 0


# --- the model's dominance and reach rows ------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(free=st.lists(st.integers(0, FREE_SUMMON_MAX), max_size=8),
       high=st.lists(st.integers(FREE_SUMMON_MAX + 1, 40), max_size=6),
       weapons=st.integers(0, 8), grade=st.integers(FREE_SUMMON_MAX + 1, 60))
def test_the_leaf_rows_hold_whenever_the_reach_analysis_summons(
    free: list[int], high: list[int], weapons: int, grade: int
) -> None:
    """The model's leaf rows are necessary conditions of the reach (summon.py the judge):
    k free units under two stacks need k − 2 summoned units below the grade."""
    grades = tuple(sorted(free + high))
    if not Reach(grades, weapons, [grade]).summonable(grade):
        return
    summoned = sum(1 for g in high if g < grade)
    assert FREE_SUMMON_MAX * summoned + weapons >= grade - 2 * FREE_SUMMON_MAX
    assert (FREE_SUMMON_MAX + 2 * MAX_WEAPONS) * summoned >= (
        grade - 2 * FREE_SUMMON_MAX - 2 * MAX_WEAPONS)


@settings(max_examples=300, deadline=None)
@given(free=st.lists(st.integers(0, FREE_SUMMON_MAX), max_size=10),
       high=st.lists(st.integers(FREE_SUMMON_MAX + 1, 40), max_size=8),
       weapons=st.integers(0, 6))
def test_the_threshold_spine_and_cap_rows_hold_whenever_the_reach_analysis_summons(
    free: list[int], high: list[int], weapons: int
) -> None:
    """The rows read at every threshold t up to the top grade G summoned (model.py: `top`)
    are necessary conditions of the reach (summon.py the judge): the material row at G, the
    leaf rows at t, the spine rows (a unit in [⌈t/2⌉, t − 1] or a weapon; a unit in
    [⌈t/2⌉ − 3, t − 1] above 16) and the tree's cap on the cards in play."""
    from deckbuilder.assistant.model import tree_cap

    grades = tuple(sorted(free + high))
    reach = Reach(grades, weapons, sorted(set(high)))
    summoned = [g for g in high if reach.summonable(g)]
    if not summoned:
        return
    top = max(summoned)
    assert sum(free) + weapons >= top
    assert top <= tree_cap(free, weapons, len(free) + len(high) + weapons)
    for t in range(2 * FREE_SUMMON_MAX + 1, top + 1):
        below = [g for g in high if g < t]
        assert FREE_SUMMON_MAX * len(below) + weapons >= t - 2 * FREE_SUMMON_MAX
        assert (FREE_SUMMON_MAX + 2 * MAX_WEAPONS) * len(below) >= (
            t - 2 * FREE_SUMMON_MAX - 2 * MAX_WEAPONS)
        half = -(-t // 2)
        assert any(half <= g for g in below) or weapons >= 1
        if t > 2 * (FREE_SUMMON_MAX + MAX_WEAPONS):
            assert any(half - MAX_WEAPONS <= g for g in below)


def _clones(card_id: str, copies: list[int]) -> list[Candidate]:
    """Interchangeable cards: `card_id`'s facts under new identities, with these free copies."""
    card = BY_ID[card_id]
    return [Candidate(replace(card, identity=f"{card.identity}#{n}",
                              source_id=f"{card.source_id}-{n}", name=f"{card.name} {n}"), free)
            for n, free in enumerate(copies)]


@pytest.mark.parametrize("seed", [0, 1])
def test_ordering_interchangeable_cards_keeps_the_optimum(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The dominance rule (of two interchangeable cards the one with more free copies is used
    in no fewer halves) removes no better deck: a full deck's proven optimum is the same with
    and without it, on collections of interchangeable cards with uneven free copies."""
    import random

    from deckbuilder.assistant import model as model_module

    rng = random.Random(seed)
    cards = candidates({i: rng.choice([1, 2, 4]) for i in rng.sample(DECK_IDS, 24)}
                       | dict.fromkeys(LIFE_IDS, 1))
    for card_id in rng.sample(DECK_IDS, 4):
        cards += _clones(card_id, [rng.choice([0, 1, 2, 3]) for _ in range(3)])
    request = Request(DeckFormat.FULL, time_limit=20)
    with_rule = model_module.solve(request, cards)
    monkeypatch.setattr(model_module.DeckModel, "order_classes", lambda self: None)
    without = model_module.solve(request, cards)
    assert isinstance(with_rule, Solution)
    assert isinstance(without, Solution)
    assert with_rule.optimal
    assert without.optimal
    assert with_rule.objective == without.objective
    assert len(with_rule.halves) == len(without.halves)


def _bare_reach(self: Any) -> None:
    """The model's reach rows left out: only `reach_ok`/`reach_on` (for the cuts), so the
    reach is settled by the judge's cuts alone."""
    from deckbuilder.assistant.model import paths

    a = self.assume[Rule.REACH]
    high = sorted({g for c in self.deck_cards
                   if (g := c.unit_grade) is not None and g > FREE_SUMMON_MAX})  # fmt: skip
    for half in paths(self.keys):
        self.tops[half] = {}
        for grade in high:
            ok = self.reach_ok[half, grade] = self.model.new_bool_var("")
            on = self.reach_on[half, grade] = self.model.new_bool_var("")
            for i, c in enumerate(self.deck_cards):
                if c.unit_grade == grade:
                    self.model.add(self.x[i, half] <= ok)
            self.model.add(on >= ok + a - 1)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_reach_rows_and_the_relaxation_bound_keep_the_optimum(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The up-front reach rows (thresholds, spine, cap, top grade) and the finals ordered by
    top grade remove no legal deck that scores more: a full deck's proven optimum is the same
    when the reach is left to the judge's cuts alone (an independent search: summon.py judges
    every deck, the cuts only ever remove decks it refuses), and the linear relaxation's bound
    (relax.py), plain or over the cases of the `top` variables, is at least that optimum."""
    import random

    from deckbuilder.assistant import model as model_module

    rng = random.Random(seed)
    cards = candidates({i: rng.choice([1, 2, 3]) for i in rng.sample(DECK_IDS, 30)}
                       | dict.fromkeys(LIFE_IDS, 1))
    request = Request(DeckFormat.FULL, time_limit=30)
    with_rows = model_module.solve(request, cards)
    assert isinstance(with_rows, Solution)
    finals = len(with_rows.halves) - 1
    bound = _relaxed(request, cards, finals)
    split = _relaxed(request, cards, finals, cases=True)
    monkeypatch.setattr(model_module.DeckModel, "reach_rows", _bare_reach)
    judged = model_module.solve(request, cards)
    assert isinstance(judged, Solution)
    assert with_rows.optimal
    assert judged.optimal
    assert with_rows.objective == judged.objective
    assert len(with_rows.halves) == len(judged.halves)
    assert bound >= judged.objective
    assert bound >= split >= judged.objective


@pytest.mark.parametrize("fmt", [DeckFormat.HALF, DeckFormat.FULL, DeckFormat.TRIAL])
def test_the_ladder_start_is_a_legal_deck_with_its_exact_objective(fmt: DeckFormat) -> None:
    """The ladder deck (the solver's first incumbent and hint) passes the reach analysis and
    its objective is the model's for those cards."""
    from deckbuilder.assistant.model import (
        DeckModel,
        half_keys,
        ladder_start,
        life_size,
        prefilter,
        unreachable,
    )

    cards = candidates(dict.fromkeys(DECK_IDS, 4) | dict.fromkeys(LIFE_IDS, 1))
    keys = half_keys(fmt, 3)
    life = life_size(fmt, 0)
    model = DeckModel(Request(fmt), prefilter(cards, len(keys), life, set()), keys, life)
    found = ladder_start(model)
    assert found is not None
    assert unreachable(model, found.chosen) == []
    assert all(len(found.chosen[h]) == 20 for h in keys)
    worth = sum(value(model.deck_cards[i]) for ids in found.chosen.values() for i in ids)
    assert found.objective == worth + sum(value(model.life_cards[j]) for j in found.life)


def test_leaving_out_outranked_free_units_keeps_a_half_decks_optimum(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The half deck's dominance rule (a free unit with 20 owned free units of the same effects
    and a higher grade beside it is left out) removes no better deck: the proven optimum is the
    same without it, on a collection where it leaves units out."""
    from deckbuilder.assistant import model as model_module

    fives = [i for i in DECK_IDS if BY_ID[i].card_type is CardType.UNIT and BY_ID[i].grade == 5
             and not BY_ID[i].effects]  # fmt: skip
    lows = [i for i in DECK_IDS if BY_ID[i].card_type is CardType.UNIT
            and (BY_ID[i].grade or 0) < 5 and not BY_ID[i].effects]  # fmt: skip
    cards = candidates(dict.fromkeys(DECK_IDS, 1) | dict.fromkeys(LIFE_IDS, 1))
    cards += _clones(fives[0], [1] * 20) + _clones(lows[0], [2] * 3)
    left = model_module.outranked(cards, set())
    assert len(left) < len(cards)  # the rule does leave units out here
    request = Request(DeckFormat.HALF, time_limit=20)
    with_rule = model_module.solve(request, cards)
    monkeypatch.setattr(model_module, "outranked", lambda kept, pinned: list(kept))
    without = model_module.solve(request, cards)
    assert isinstance(with_rule, Solution)
    assert isinstance(without, Solution)
    assert with_rule.optimal
    assert without.optimal
    assert with_rule.objective == without.objective
