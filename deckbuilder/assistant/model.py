"""The deck assistant's CP-SAT model (OR-Tools): a legal TWGP deck built from candidate cards.

Every rule `twgp deck validate` checks is a constraint; the constants are those of
deckbuilder/rules.py and deckbuilder/summon.py, never restated. Variables: `x[c, h]` (card c
in half deck h, a 0/1) and `y[c]` (card c in the life set).

Constraint                                         Rule it encodes (validator code)
-------------------------------------------------  -------------------------------------------
x[c, h] only for typed cards not in LIFE_TYPES     DECK_CARD_TYPE, UNCONVERTED, UNKNOWN_CARD
y[c] only for cards of LIFE_TYPES                  LIFE_CARD_TYPE
Σ_c x[c, h] = HALF_DECK_SIZE for every half h      HALF_SIZE
x is 0/1 per identity and half                     DUPLICATE_IN_HALF (one identity per half)
entry = LIBRARY_SIZE + ARCHIVE_SIZE, split after   ENTRY_SPLIT (any 15 + 5 split is legal;
  solving (kept lines keep their section)            kept lines beyond 15 / 5 are infeasible)
Σ_c y[c] = LIFE_SIZES[format] (fewest; trial: 8,   LIFE_SIZE
  or the kept life cards when there are more)
y is 0/1 per identity                              DUPLICATE_IN_LIFE
halves: half = entry; full = entry + F finals      FINAL_COUNT (1 ≤ F ≤ MAX_FINALS; the
  (F tried from MAX_FINALS down to 1);               assistant brings as many as it can);
  trial = entry + half.2 … (MIN_TRIAL_HALVES)        TRIAL_HALVES
no [pool] is written                               POOL (a pool stands in for halves; none
                                                     is needed when the halves are written)
Σ_c∈free units x[c, entry] ≥ 1                     NO_FREE_SUMMON (warning, kept as a rule)
Σ_h x[c, h] ≤ free copies of c                     NOT_OWNED, and the ledger: copies committed
  (--from catalog: acquire[c] ≥ Σ_h x[c, h] − free)  to other saved decks are not free
reach, up front (necessary conditions, per half h UNSUMMONABLE (deckbuilder/summon.py
  and grade g ≥ 06 of a unit in h, on h's play      stays the judge: these conditions only
  path): two units below g in play (each meeting     prune; every solution found is checked
  these conditions itself when ≥ 06) with ≤ 3        with `reach_for`, and a deck it refuses
  weapons each reach g; the free units' grades       is cut off, then the model is solved
  and the weapons in play reach g                    again)
reach at every threshold (top[h, t] = a unit of    UNSUMMONABLE, by the summon tree below
  grade ≥ t ≥ 06 is on in h; top[h, t] ≤ the units   (every row is necessary for the exact
  of grade ≥ t in h): free units' grades + weapons   reach; only a judge over its search
  in play ≥ Σ_t (t − t⁻) · top[h, t] (the top       budget, which then reads a bound that
  grade, telescoped); leaves: 5·S_<t + W ≥ t − 10    counts no leaves, could accept a deck
  and 11·S_<t ≥ t − 16 (S_<t: summoned units below   they refuse)
  t in play, W: weapons in play); spine: a unit in
  play in [⌈t/2⌉, t − 1] or W ≥ 1 (t ≥ 11), a unit
  in [⌈t/2⌉ − 3, t − 1] (t > 16); cap: no unit on
  above `tree_cap` of the path's cards. Decks of
  several halves only: a half deck reads the leaf
  rows at each grade on alone (its proof measured
  faster so) and keeps the cap
reach cuts (lazy): grade g found unreachable in h  UNSUMMONABLE; reach depends only on the
  with material counts n_k in play on h's path      copies per material class and only grows
  (units per grade below g, weapons not curse-      with them, so the cut removes no legal
  like), each count first raised as far as          deck; "optimal" is claimed only when a
  `reach_for` still refuses: a unit of grade g      round's optimum passes the judge
  in h ⇒ some class count > n_k
--include: Σ_h x[c, h] + y[c] ≥ 1                  the user's pins
--exclude: c is not a candidate
--complete: every kept line fixed in its section

The summon tree. A unit of grade G ≥ 06 the analysis summons has a plan: a binary tree whose
leaves are free units (grade ≤ 05, with their weapons), whose inner nodes are summoned units
(the root is G), each inner node's two child stacks worth at least its grade (a stack: the
unit's grade + its weapons, ≤ 3), every card once. Some plan has every unit outranking the
units under it (summon.py, point 3: a unit summoned onto a stack of a grade ≥ its own is left
out, that stack taking its place). In such a plan, for a threshold t ≤ G: going down from the
root through children of grade ≥ t ends at a node u ≥ t whose children are below t, so
everything under u is below t. (leaves) u's stack is worth at most its k leaves' grades and the
weapons under it (a summon never adds strength): 5k + W ≥ t, and u has k − 2 summoned units
under it, all below t: 5·S_<t + W ≥ t − 10; with ≤ 3 weapons a stack, 8k + 3(k − 2) ≥ t.
(spine) u's stronger child stack is worth ≥ t/2, more than a leaf's 8 when t > 16: a summoned
unit in [⌈t/2⌉ − 3, t − 1]; and below ⌈t/2⌉ it carries a weapon (t ≥ 11: a leaf's 5 is short
of t/2 too). (cap) the tree holds k leaves, k − 1 summoned units and its weapons, all cards of
the path: `tree_cap`. A top grade G holds each row at every t ≤ G, so the rows are read at
`top[h, t]`, which is 1 exactly for t up to the highest grade on in h (the rows at t = G are
the per-grade ones; the lower t add the chain of summoned units a high unit needs). The
material row at the top grade is written once per half, telescoped over the steps of `top`:
a relaxation spreading a half over several top grades pays for the mix. Summoned-unit and
weapon counts are integers per half and grade (`n`, `w`), so the rows read a few of them.

Dominance (symmetry) rules, each removing only decks another legal deck of the same score
replaces:

* interchangeable cards (one class of the pre-filter, same acquirable flag, not pinned),
  ordered by free copies: the first is used in no fewer halves than the next. Swapping two such
  cards' places in every half keeps every rule (same class), keeps the budget (the busier card
  takes the larger free count) and never adds acquisitions (max(0, used − free) is convex, so
  the larger use against the larger budget costs no more). Life cards: y[first] ≥ y[next].
* final halves (not kept by --complete) are interchangeable (same rules, same path shape):
  each one's top grade on is no higher than the one before's (top[f, t] ≥ top[f + 1, t]);
  with no unit of grade ≥ 06 among the candidates, each is worth no more than the one before.
* a half deck (one half; goals strongest and effects; owned copies): a free unit (not pinned)
  with at least 20 owned free units of the same effects and a higher grade is left out
  (`outranked`). A half holds 20 cards, so one of those 20 is not in it; putting it in the
  place of the lower unit keeps every rule (a free unit still; a higher stack and as many
  weapon slots or more serve every summon the lower one did, so the reach only grows), scores
  more by grade (same effects) and uses one free copy.

Search start: for the strongest goal (no pins, owned copies) the ladder deck — per half, some
free units and weapons, then while the best pair (summon.py) grows the highest unit it
reaches, then the highest values it covers — is judged by the model with every variable fixed
and, when legal, is the first incumbent and the solver's hint (every variable hinted, so the
search starts from it). It changes no bound.

Bound: for a deck of several halves (not `fewest`), the linear relaxation of this model, solved
by GLOP (deckbuilder/assistant/relax.py), is read before the search: every legal deck, or one of
the same score the dominance rules keep, is a solution of the model and so of its relaxation,
whose optimum rounded down is then an upper limit on every legal deck's score. It is read over
cases (`case_bound`): each `top[h, t]` is 0 or 1 in every solution, so the solutions with it at
0 and those with it at 1 are all of them, and the higher of the two cases' relaxation optima
bounds every legal deck; cases are split best first on the highest grade's `top` at a fraction
(a grade-87 unit spread a third into each final pays the entry's shared materials once; whole
in one final, or in none, it pays them in full), then on a unit count `n[h, g]` at a fraction
(n ≤ k or n ≥ k + 1, for every integer k; each solution is in one), until the best open case is
no higher than the ladder deck, nothing of `split` is at a fraction in it, or its share of the
time is up — the bound is the best open case's optimum (`split` gives the order). The reach
cuts only remove decks the judge refuses, so it holds through every round; the solver's own
bound replaces it when lower, and a deck found at the bound is optimal.

Pre-filtering (exact): two cards of the same role, type, grade, curse and effects are
interchangeable for every constraint and goal, so of each such class only the members with the
most free copies are kept, enough to fill every slot of the class (at least 20 identities and
Σ min(free, halves) ≥ 20 · halves; life: as many as the life set takes). Pinned cards stay.

Goals (docs/deck-assistant.md gives the formulas): `strongest` maximises Σ value(c) · x[c, h]
+ Σ value(c) · y[c] with value = grade (units) + WEAPON_VALUE (weapons that are not
curse-like) + EFFECT_VALUE · |effects|; `curve` minimises Σ_h Σ_b |units of bucket b in h −
target_b| over the grade buckets of deckbuilder/stats.py; `effects` maximises the effects
covered (of converters.effects.EFFECT_NAMES) · (1 + strength bound) + strength. With
`--from catalog` the objective is goal · (1 + slots) − copies to acquire: the best deck
first, then the fewest acquisitions.
"""

from __future__ import annotations

import itertools
import time
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from ortools.sat.python import cp_model

from converters.base import CardType
from converters.effects import EFFECT_NAMES
from deckbuilder.assistant.progress import Hooks
from deckbuilder.assistant.relax import case_bound, ceiling
from deckbuilder.deck import ARCHIVE, ENTRY, FINAL_PREFIX, HALF_PREFIX, LIBRARY, LIFE, DeckFormat
from deckbuilder.resolve import CardInfo
from deckbuilder.rule_facts import (
    ARCHIVE_SIZE,
    FREE_SUMMON_MAX,
    HALF_DECK_SIZE,
    LIBRARY_SIZE,
    LIFE_SIZES,
    LIFE_TYPES,
    MAX_FINALS,
    MAX_WEAPONS,
    MIN_TRIAL_HALVES,
)
from deckbuilder.stats import bucket
from deckbuilder.summon import reach_for, weapon_slots

WEAPON_VALUE = 2
EFFECT_VALUE = 1
#: the default curve of one half deck: units per grade bucket (15 units, 5 other cards)
DEFAULT_CURVE: dict[str, int] = {
    "01": 2, "02": 3, "03": 3, "04": 2, "05": 2, "06": 1, "07": 1, "08": 1,
}  # fmt: skip
#: reach cuts added before the assistant gives up on a request (each is one more solve)
MAX_ROUNDS = 60
#: the share of the time left a round may take (a round ends early when proven optimal)
ROUND_SHARE = 0.7
#: the share of the time the linear relaxation's bound may take (decks of several halves)
LP_SHARE = 0.25


class Goal(StrEnum):
    STRONGEST = "strongest"
    CURVE = "curve"
    EFFECTS = "effects"


class Rule(StrEnum):
    """The groups of constraints an infeasible request is explained by."""

    LIFE = "life"
    HALVES = "halves"
    FREE_SUMMON = "free_summon"
    REACH = "reach"
    INCLUDE = "include"
    COMPLETE = "complete"


@dataclass(frozen=True)
class Candidate:
    """A card the deck may use: its facts, the copies free for it and whether more may be
    acquired (--from catalog)."""

    card: CardInfo
    free: int
    acquirable: bool = False

    @property
    def identity(self) -> str:
        return self.card.identity

    @property
    def is_life(self) -> bool:
        return self.card.card_type in LIFE_TYPES

    @property
    def unit_grade(self) -> int | None:
        return self.card.grade if self.card.card_type is CardType.UNIT else None

    @property
    def is_free_unit(self) -> bool:
        grade = self.unit_grade
        return grade is not None and grade <= FREE_SUMMON_MAX

    @property
    def helps(self) -> bool:
        """A weapon that can raise a stack (not curse-like): material for the reach."""
        return self.card.card_type is CardType.WEAPON and not self.card.curse


def usable(card: CardInfo) -> bool:
    """A card the rules can place: typed (UNCONVERTED otherwise)."""
    return card.card_type is not None


def value(candidate: Candidate) -> int:
    """The `strongest` value of one copy (module docstring)."""
    grade = candidate.unit_grade or 0
    return grade + (WEAPON_VALUE if candidate.helps else 0) + EFFECT_VALUE * len(
        candidate.card.effects
    )


@dataclass(frozen=True)
class Pins:
    """The user's pins: identities to include, and the kept lines of --complete (section →
    identities; library and archive lines are kept where they are)."""

    include: frozenset[str] = frozenset()
    kept: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def pinned(self) -> set[str]:
        return set(self.include) | {i for ids in self.kept.values() for i in ids}


@dataclass(frozen=True)
class Request:
    format: DeckFormat
    goal: Goal = Goal.STRONGEST
    time_limit: float = 10.0
    seed: int = 0
    curve: Mapping[str, int] = field(default_factory=lambda: dict(DEFAULT_CURVE))
    pins: Pins = field(default_factory=Pins)
    catalog: bool = False  # --from catalog: copies beyond the free ones may be acquired
    fewest: bool = False  # only the fewest acquisitions count (an infeasible request's answer)
    workers: int = 2


@dataclass(frozen=True)
class Solution:
    """Halves (key → candidates), life, the objective and its bound, acquisitions."""

    halves: dict[str, list[Candidate]]
    life: list[Candidate]
    objective: float
    bound: float
    optimal: bool
    acquire: dict[str, int]
    candidates: int
    rounds: int
    cuts: int

    @property
    def gap(self) -> float:
        """The relative gap to the bound (0 when optimal)."""
        if self.optimal:
            return 0.0
        return abs(self.bound - self.objective) / max(1.0, abs(self.bound))


@dataclass(frozen=True)
class Infeasible:
    """No legal deck: the rule groups that cannot be met together."""

    rules: tuple[Rule, ...]
    candidates: int


def half_keys(fmt: DeckFormat, finals: int) -> list[str]:
    """The halves of a deck of `fmt` (with `finals` final halves when full)."""
    if fmt is DeckFormat.HALF:
        return [ENTRY]
    if fmt is DeckFormat.FULL:
        return [ENTRY, *(f"{FINAL_PREFIX}{n}" for n in range(1, finals + 1))]
    return [ENTRY, *(f"{HALF_PREFIX}{n}" for n in range(2, MIN_TRIAL_HALVES + 1))]


def life_size(fmt: DeckFormat, kept: int) -> int:
    fewest, most = LIFE_SIZES[fmt]
    wanted = max(fewest, kept)
    return wanted if most is None else min(wanted, most)


Klass = tuple[bool, CardType | None, int | None, bool, tuple[str, ...]]


def class_of(c: Candidate) -> Klass:
    """The class of interchangeable cards `c` belongs to (same role, type, grade, curse and
    effects: the same for every constraint and goal)."""
    return (c.is_life, c.card.card_type, c.unit_grade, c.helps, tuple(sorted(c.card.effects)))


def prefilter(candidates: Sequence[Candidate], halves: int, life: int,
              pinned: set[str]) -> list[Candidate]:  # fmt: skip
    """The exact reduction of the module docstring."""
    classes: dict[Klass, list[Candidate]] = defaultdict(list)
    kept: list[Candidate] = []
    for c in candidates:
        if not usable(c.card):
            continue
        if c.identity in pinned:
            kept.append(c)
            continue
        classes[class_of(c)].append(c)
    for klass, members in classes.items():
        members.sort(key=lambda c: (not c.acquirable and c.free <= 0, -c.free, c.identity))
        is_life = klass[0]
        need_count = life if is_life else HALF_DECK_SIZE
        need_copies = life if is_life else HALF_DECK_SIZE * halves
        per_card = 1 if is_life else halves
        count = copies = 0
        for c in members:
            if count >= need_count and copies >= need_copies:
                break
            room = per_card if c.acquirable else min(c.free, per_card)
            if room <= 0:
                continue
            kept.append(c)
            count += 1
            copies += room
    return kept


def outranked(candidates: Sequence[Candidate], pinned: set[str]) -> list[Candidate]:
    """The free units a half deck never needs (module docstring, dominance): those with at
    least HALF_DECK_SIZE owned free units of the same effects and a higher grade beside them."""
    higher: dict[tuple[str, ...], list[int]] = defaultdict(list)
    for c in candidates:
        if c.is_free_unit and c.free > 0 and c.identity not in pinned and not c.acquirable:
            higher[tuple(sorted(c.card.effects))].append(c.unit_grade or 0)
    def needed(c: Candidate) -> bool:
        if not c.is_free_unit or c.identity in pinned:
            return True
        grades = higher.get(tuple(sorted(c.card.effects)), [])
        return sum(1 for g in grades if g > (c.unit_grade or 0)) < HALF_DECK_SIZE
    return [c for c in candidates if needed(c)]


class DeckModel:
    """One CP-SAT model of a request with a fixed number of halves."""

    def __init__(self, request: Request, candidates: Sequence[Candidate], keys: list[str],
                 life: int, *, objective: bool = True) -> None:  # fmt: skip
        self.request, self.keys, self.life_count = request, keys, life
        self.deck_cards = [c for c in candidates if not c.is_life]
        self.life_cards = [c for c in candidates if c.is_life]
        m = self.model = cp_model.CpModel()
        self.assume = {rule: m.new_bool_var(f"rule_{rule.value}") for rule in Rule}
        self.x: dict[tuple[int, str], cp_model.IntVar] = {}
        for i, _c in enumerate(self.deck_cards):
            for h in keys:
                self.x[i, h] = m.new_bool_var(f"x{i}_{h}")
        self.y = [m.new_bool_var(f"y{i}") for i in range(len(self.life_cards))]
        self.reach_ok: dict[tuple[str, int], cp_model.IntVar] = {}
        self.reach_on: dict[tuple[str, int], cp_model.IntVar] = {}
        self.tops: dict[str, dict[int, cp_model.IntVar]] = {}
        self.units: dict[tuple[str, int], cp_model.IntVar] = {}
        self._cuts: set[tuple[object, ...]] = set()
        self._room: dict[tuple[str, ...], dict[int | None, int]] = {}
        self._rules()
        self._pins()
        self.acquired = self._copies()
        self.minimizing = request.fewest
        self.cut_args: list[tuple[int, str, Sequence[str], Counter[int | None]]] = []
        if objective:
            self._objective()

    def _in_half(self, h: str) -> list[cp_model.IntVar]:
        return [self.x[i, h] for i in range(len(self.deck_cards))]

    def _rules(self) -> None:
        m, a = self.model, self.assume
        for h in self.keys:
            m.add(sum(self._in_half(h)) == HALF_DECK_SIZE).only_enforce_if(a[Rule.HALVES])
        m.add(sum(self.y) == self.life_count).only_enforce_if(a[Rule.LIFE])
        free_units = [self.x[i, ENTRY] for i, c in enumerate(self.deck_cards) if c.is_free_unit]
        m.add(sum(free_units) >= 1).only_enforce_if(a[Rule.FREE_SUMMON])
        self.reach_rows()
        self._symmetry()

    def _symmetry(self) -> None:
        """Final halves are interchangeable (same constraints, same path shape): unless the
        deck being completed keeps lines in them, each one's top grade on is no higher than
        the one before's (`top`, module docstring); with no unit to summon, each is worth no
        more than the one before."""
        self.order_classes()
        finals = [h for h in self.keys if h.startswith(FINAL_PREFIX)]
        if any(h in self.request.pins.kept for h in finals):
            return
        for first, second in itertools.pairwise(finals):
            if self.tops[first]:
                for grade, var in self.tops[first].items():
                    self.model.add(var >= self.tops[second][grade])
                continue
            worth = [(i, value(c) + 1) for i, c in enumerate(self.deck_cards)]
            self.model.add(sum(w * self.x[i, first] for i, w in worth)
                           >= sum(w * self.x[i, second] for i, w in worth))

    def order_classes(self) -> None:
        """Interchangeable cards (the pre-filter's classes; pinned cards apart): of two
        members, the one with more free copies is used in no fewer halves. Dominance: swapping
        the two cards' places in every half keeps every rule (same class) and the free copies
        (the busier card gets the larger budget), and never adds acquisitions (max(0, used −
        free) is convex, so the larger use against the larger budget costs no more)."""
        pinned = self.request.pins.pinned()
        groups: dict[tuple[Klass, bool], list[int]] = defaultdict(list)
        for i, c in enumerate(self.deck_cards):
            if c.identity not in pinned:
                groups[class_of(c), c.acquirable].append(i)
        for members in groups.values():
            members.sort(key=lambda i: -self.deck_cards[i].free)
            for first, second in itertools.pairwise(members):
                self.model.add(sum(self.x[first, h] for h in self.keys)
                               >= sum(self.x[second, h] for h in self.keys))
        life: dict[tuple[Klass, bool], list[int]] = defaultdict(list)
        for j, c in enumerate(self.life_cards):
            if c.identity not in pinned:
                life[class_of(c), c.acquirable].append(j)
        for members in life.values():
            members.sort(key=lambda j: -self.life_cards[j].free)
            for first, second in itertools.pairwise(members):
                self.model.add(self.y[first] >= self.y[second])

    def reach_rows(self) -> None:
        """Necessary conditions of the reach, up front (the cuts then settle the rest):

        * summons never add strength, so two stacks never show more than the free units'
          grades and the weapons in play;
        * the two stacks are topped by two units in play below the grade (free units, or
          units summoned before, which these conditions hold for in turn), each with at most
          3 weapons (none under a 00 unit): some two of them, a + b + weapons ≥ g."""
        m, a = self.model, self.assume[Rule.REACH]
        cards = self.deck_cards
        by_grade: dict[int, list[int]] = defaultdict(list)
        for i, c in enumerate(cards):
            if (grade := c.unit_grade) is not None:
                by_grade[grade].append(i)
        high = sorted(g for g in by_grade if g > FREE_SUMMON_MAX)
        weapons = [i for i, c in enumerate(cards) if c.helps]
        # material counts per half (one integer each: the rows below read sums of them)
        units = self.units = {(h, g): self._count(f"n_{h}_{g}", [self.x[i, h] for i in ids])
                              for h in self.keys for g, ids in by_grade.items()}  # fmt: skip
        armed_in = {h: self._count(f"w_{h}", [self.x[i, h] for i in weapons]) for h in self.keys}
        for half, path in paths(self.keys).items():
            in_play = [g * units[h, g] for g in by_grade if 0 < g <= FREE_SUMMON_MAX
                       for h in path] + [armed_in[h] for h in path]  # fmt: skip
            armed_all = sum(armed_in[h] for h in path)
            cap = self._tree_cap(len(path))
            for grade in high:
                ok = self.reach_ok[half, grade] = m.new_bool_var(f"reach_{half}_{grade}")
                for i in by_grade[grade]:
                    m.add(self.x[i, half] <= ok)
                # `on`: the conditions hold (the unit is allowed and the reach rule is on);
                # written as linear rows over `on` (not reified), tight for the LP relaxation
                on = self.reach_on[half, grade] = m.new_bool_var(f"on_{half}_{grade}")
                m.add(on >= ok + a - 1)
                m.add(sum(in_play) >= grade * on)
                if grade > cap:  # no summon tree fits in the path's cards
                    m.add(on == 0)
            # one half deck: its rows read at each grade on alone (measured: the threshold
            # rows slow its proof down); several: at every threshold up to the top grade
            lifted = len(self.keys) > 1
            top = self.tops[half] = self._tops(half, high) if lifted else {}
            for grade in top:  # the top grade on is a unit's of the half (docstring)
                m.add(top[grade] <= sum(units[half, g] for g in high if g >= grade))
            for grade in high:
                on = self.reach_on[half, grade]
                level = top[grade] if lifted else on
                summoned = sum(units[h, low] for low in high if low < grade for h in path)
                # the leaf rows at every threshold g up to the top grade on (`top[g]`): the
                # lowest unit ≥ g on the summon tree's spine has k free units under it and
                # k − 2 summoned units below g
                m.add(FREE_SUMMON_MAX * summoned + armed_all
                      >= (grade - 2 * FREE_SUMMON_MAX) * level)  # fmt: skip
                m.add((FREE_SUMMON_MAX + 2 * MAX_WEAPONS) * summoned
                      >= (grade - 2 * FREE_SUMMON_MAX - 2 * MAX_WEAPONS) * level)  # fmt: skip
                chosen = []
                for low in (g for g in by_grade if g < grade):
                    take = m.new_int_var(0, 2, f"pair_{half}_{grade}_{low}")
                    m.add(take <= sum(units[h, low] for h in path))
                    if low > FREE_SUMMON_MAX:  # a summoned stack was reachable itself
                        m.add(take <= 2 * self.reach_ok[half, low])
                    chosen.append((low, take))
                armed = m.new_int_var(0, 2 * MAX_WEAPONS, f"armed_{half}_{grade}")
                m.add(armed <= armed_all)
                for low, take in chosen:
                    if weapon_slots(low) == 0:
                        m.add(armed <= MAX_WEAPONS * (2 - take))
                m.add(sum(t for _, t in chosen) >= 2 * on)
                m.add(sum(t for _, t in chosen) <= 2)
                m.add(sum(low * t for low, t in chosen) + armed >= grade * on)
            if not lifted:
                continue
            self._spine(path, top, units, armed_all)
            # the material row at the half's top grade, telescoped over the `top` steps: a
            # relaxation spreading a half over several top grades pays for their mix
            steps = [(g - before) * top[g] for before, g in itertools.pairwise([0, *high])]
            if steps:
                m.add(sum(in_play) >= sum(steps))

    def _count(self, name: str, members: list[cp_model.IntVar]) -> cp_model.IntVar:
        """An integer equal to the number of `members` set."""
        count = self.model.new_int_var(0, min(len(members), HALF_DECK_SIZE), name)
        self.model.add(count == sum(members))
        return count

    def _tree_cap(self, halves: int) -> int:
        """`tree_cap` for a path of `halves` halves of these candidates (one copy of an
        identity a half)."""
        room = {c: halves if c.acquirable else min(max(c.free, 0), halves)
                for c in self.deck_cards}  # fmt: skip
        free = [g for c, n in room.items() if c.is_free_unit and (g := c.unit_grade)
                for _ in range(n)]  # fmt: skip
        weapons = sum(n for c, n in room.items() if c.helps)
        return tree_cap(free, weapons, HALF_DECK_SIZE * halves)

    def _spine(self, path: Sequence[str], top: Mapping[int, cp_model.IntVar],
               units: Mapping[tuple[str, int], cp_model.IntVar],
               armed_all: cp_model.LinearExprT) -> None:  # fmt: skip
        """The spine rows: for every threshold t up to the top grade on, some summoned unit in
        play lies just below t — in [⌈t/2⌉, t − 1], or a weapon is in play (t ≥ 11), and in
        [⌈t/2⌉ − 3, t − 1] (t > 16). Module docstring: the spine of the summon tree."""
        m, high = self.model, sorted(top)
        grades = sorted({g for _, g in units})
        seen: set[tuple[int, tuple[int, ...], bool]] = set()
        for t in range(2 * FREE_SUMMON_MAX + 1, high[-1] + 1 if high else 0):
            above = next(g for g in high if g >= t)
            half_t = -(-t // 2)
            plain = tuple(g for g in grades if max(half_t, FREE_SUMMON_MAX + 1) <= g < t)
            armed = tuple(g for g in grades
                          if max(half_t - MAX_WEAPONS, FREE_SUMMON_MAX + 1) <= g < t)  # fmt: skip
            rows = [(plain, True)]
            if t > 2 * (FREE_SUMMON_MAX + MAX_WEAPONS):
                rows.append((armed, False))
            for window, with_weapons in rows:
                if (above, window, with_weapons) in seen:
                    continue
                seen.add((above, window, with_weapons))
                terms: list[cp_model.LinearExprT] = [units[h, g] for g in window for h in path]
                if with_weapons:
                    terms.append(armed_all)
                m.add(cp_model.LinearExpr.sum(terms) >= top[above])

    def _tops(self, half: str, high: list[int]) -> dict[int, cp_model.IntVar]:
        """`top[g]`: some grade ≥ g is on in `half` (≥ each `on` at or above g, monotone)."""
        m = self.model
        top = {g: m.new_bool_var(f"top_{half}_{g}") for g in high}
        for g in high:
            m.add(top[g] >= self.reach_on[half, g])
        for lower, higher in itertools.pairwise(high):
            m.add(top[lower] >= top[higher])
        return top

    def split(self) -> list[int]:
        """The variables the relaxation's bound is split into cases on (relax.py): every
        half's `top`, the highest grade first (a high unit spread over the finals is what the
        relaxation pays least for), then the units per half and grade (`n`), likewise."""
        order = {h: n for n, h in enumerate(self.keys)}
        tops = [(grade, order[h], var.index) for h in self.keys
                for grade, var in self.tops.get(h, {}).items()]  # fmt: skip
        counts = [(grade, order[h], var.index) for (h, grade), var in self.units.items()]
        return [index for group in (tops, counts)
                for _, _, index in sorted(group, key=lambda t: (-t[0], t[1]))]  # fmt: skip

    def _pins(self) -> None:
        m, a, pins = self.model, self.assume, self.request.pins
        index = {c.identity: i for i, c in enumerate(self.deck_cards)}
        life_index = {c.identity: i for i, c in enumerate(self.life_cards)}
        for identity in pins.include:
            terms = [self.x[index[identity], h] for h in self.keys] if identity in index else []
            if identity in life_index:
                terms.append(self.y[life_index[identity]])
            m.add(sum(terms) >= 1).only_enforce_if(a[Rule.INCLUDE])
        for section, identities in pins.kept.items():
            for identity in identities:
                if section == LIFE and identity in life_index:
                    m.add(self.y[life_index[identity]] == 1).only_enforce_if(a[Rule.COMPLETE])
                elif section in (LIBRARY, ARCHIVE) and identity in index:
                    m.add(self.x[index[identity], ENTRY] == 1).only_enforce_if(a[Rule.COMPLETE])
                elif section in self.keys and identity in index:
                    m.add(self.x[index[identity], section] == 1).only_enforce_if(
                        a[Rule.COMPLETE])
                else:  # a kept line the rules cannot place here
                    m.add_bool_or([a[Rule.COMPLETE].Not()])

    def _copies(self) -> list[tuple[int, cp_model.IntVar]]:
        """Free copies are a hard budget; acquisitions (--from catalog) are counted."""
        m = self.model
        acquired: list[tuple[int, cp_model.IntVar]] = []
        for i, c in enumerate(self.deck_cards):
            used = sum(self.x[i, h] for h in self.keys)
            if c.acquirable:
                if c.free < len(self.keys):
                    extra = m.new_int_var(0, len(self.keys), f"acq{i}")
                    m.add(extra >= used - c.free)
                    acquired.append((i, extra))
            else:
                m.add(used <= max(0, c.free))
        for j, c in enumerate(self.life_cards):
            if c.acquirable:
                if c.free < 1:
                    acquired.append((-1 - j, self.y[j]))
            elif c.free <= 0:
                m.add(self.y[j] == 0)
        return acquired

    def _strength(self) -> cp_model.LinearExpr:
        terms = [value(c) * self.x[i, h] for (i, h), _ in self.x.items()
                 for c in [self.deck_cards[i]]]  # fmt: skip
        terms += [value(c) * y for c, y in zip(self.life_cards, self.y, strict=True)]
        return cp_model.LinearExpr.sum(terms)

    def _strength_bound(self) -> int:
        deck = sorted((value(c) for c in self.deck_cards), reverse=True)
        life = sorted((value(c) for c in self.life_cards), reverse=True)
        return len(self.keys) * sum(deck[:HALF_DECK_SIZE]) + sum(life[: self.life_count])

    def _objective(self) -> None:
        m, goal = self.model, self.request.goal
        objective: cp_model.LinearExprT
        if self.request.fewest:
            m.minimize(cp_model.LinearExpr.sum([v for _, v in self.acquired]))
            return
        if goal is Goal.CURVE:
            deviations = []
            for h in self.keys:
                units: dict[str, list[cp_model.IntVar]] = defaultdict(list)
                for i, c in enumerate(self.deck_cards):
                    if (grade := c.unit_grade) is not None:
                        units[bucket(grade)].append(self.x[i, h])
                for label in set(units) | set(self.request.curve):
                    target = self.request.curve.get(label, 0)
                    dev = m.new_int_var(0, HALF_DECK_SIZE + target, f"dev_{h}_{label}")
                    m.add(dev >= sum(units[label]) - target)
                    m.add(dev >= target - sum(units[label]))
                    deviations.append(dev)
            objective = -cp_model.LinearExpr.sum(deviations)
        elif goal is Goal.EFFECTS:
            covered = []
            for effect in EFFECT_NAMES:
                having = [self.x[i, h] for i, c in enumerate(self.deck_cards)
                          if effect in c.card.effects for h in self.keys]  # fmt: skip
                having += [y for c, y in zip(self.life_cards, self.y, strict=True)
                           if effect in c.card.effects]  # fmt: skip
                if having:
                    flag = m.new_bool_var(f"effect_{effect}")
                    m.add(flag <= sum(having))
                    covered.append(flag)
            objective = (1 + self._strength_bound()) * cp_model.LinearExpr.sum(covered) \
                + self._strength()
        else:
            objective = self._strength()
        if self.acquired:
            slots = HALF_DECK_SIZE * len(self.keys) + self.life_count
            objective = (1 + slots) * objective - cp_model.LinearExpr.sum(
                [v for _, v in self.acquired])
        m.maximize(objective)

    def cut(self, grade: int, half: str, path: Sequence[str], counts: Counter[int | None],
            ) -> int:  # fmt: skip
        """No unit of `grade` in `half` is reachable with the materials now in play on `path`
        (`counts`: copies per material grade, None for weapons that are not curse-like): the
        reach depends only on those counts and only grows with them, so one count must grow,
        or no unit of that grade goes in that half (module docstring)."""
        key = (grade, half, tuple(sorted(counts.items(), key=str)))
        if key in self._cuts:
            return 0
        self._cuts.add(key)
        self.cut_args.append((grade, half, path, counts))
        m = self.model
        grows = []
        classes: dict[int | None, list[cp_model.IntVar]] = defaultdict(list)
        for i, c in enumerate(self.deck_cards):
            low = c.unit_grade
            if c.helps:
                classes[None] += [self.x[i, h] for h in path]
            elif low is not None and low < grade:
                classes[low] += [self.x[i, h] for h in path]
        for kind, members in classes.items():
            if len(members) > counts.get(kind, 0):
                more = m.new_bool_var("")
                m.add(sum(members) >= (counts.get(kind, 0) + 1) * more)
                grows.append(more)
        m.add(sum(grows) >= self.reach_on[half, grade])
        return 1

    def room(self, path: Sequence[str]) -> dict[int | None, int]:
        """The most copies of each material class (units per grade, weapons that are not
        curse-like) the halves of `path` can hold."""
        key = tuple(path)
        if key not in self._room:
            room: Counter[int | None] = Counter()
            for c in self.deck_cards:
                kind = None if c.helps else c.unit_grade
                if c.helps or kind is not None:
                    room[kind] += len(path) if c.acquirable else min(c.free, len(path))
            cap = HALF_DECK_SIZE * len(path)
            self._room[key] = {k: min(n, cap) for k, n in room.items()}
        return self._room[key]

    def solver(self, seconds: float) -> cp_model.CpSolver:
        solver = cp_model.CpSolver()
        solver.parameters.max_time_in_seconds = max(0.05, seconds)
        solver.parameters.random_seed = self.request.seed
        solver.parameters.num_workers = self.request.workers
        return solver


def tree_cap(free: Sequence[int], weapons: int, cards: int) -> int:
    """The highest grade a summon tree can reach within `cards` cards, with these free units'
    grades and weapons to pick from: k free units (the best k) under k − 1 summoned units (the
    top one included), and weapons in the cards left, never show more than the k grades and
    those weapons (summons never add strength)."""
    best = worth = 0
    for k, grade in enumerate(sorted(free, reverse=True), start=1):
        worth += grade
        if 2 * k - 1 > cards:
            break
        if k >= 2:
            best = max(best, worth + min(weapons, cards - (2 * k - 1)))
    return best


def paths(keys: Sequence[str]) -> dict[str, list[str]]:
    """Each half's play path, as deckbuilder.rules.play_paths reads a deck: entry alone; entry
    + one final; entry + half.2 … half.N."""
    found: dict[str, list[str]] = {ENTRY: [ENTRY]}
    so_far = [ENTRY]
    for key in keys[1:]:
        if key.startswith(FINAL_PREFIX):
            found[key] = [ENTRY, key]
        else:
            so_far = [*so_far, key]
            found[key] = list(so_far)
    return found


def unreachable(model: DeckModel, chosen: dict[str, list[int]]
                 ) -> list[tuple[int, str, list[str], Counter[int | None]]]:  # fmt: skip
    """(grade, half, path, material counts) of the units of grade ≥ 06 the reach analysis
    (deckbuilder/summon.py) cannot bring out."""
    cards = model.deck_cards
    found = []
    for half, path in paths(model.keys).items():
        high = {g for i in chosen[half]
                if (g := cards[i].unit_grade) is not None and g > FREE_SUMMON_MAX}  # fmt: skip
        if not high:
            continue
        in_play = [i for h in path for i in chosen[h]]
        grades = tuple(sorted(g for i in in_play if (g := cards[i].unit_grade) is not None))
        weapons = sum(1 for i in in_play if cards[i].helps)
        reach = reach_for(grades, weapons, frozenset(high))
        for grade in sorted(high):
            if not reach.summonable(grade):
                counts: Counter[int | None] = Counter(
                    None if cards[i].helps else cards[i].unit_grade for i in in_play
                    if cards[i].helps or ((g := cards[i].unit_grade) is not None and g < grade))
                found.append((grade, half, path, counts))
    return found


def _unreachable_with(grade: int, counts: Counter[int | None]) -> bool:
    grades = tuple(sorted(g for g, n in counts.items() if g is not None for _ in range(n)))
    return not reach_for(grades, counts.get(None, 0), frozenset({grade})).summonable(grade)


def _lift(grade: int, counts: Counter[int | None], room: Mapping[int | None, int],
          deadline: float) -> Counter[int | None]:  # fmt: skip
    """The material counts raised, class by class, as far as the unit stays unreachable (the
    reach analysis judges each step): the cut then removes every deck with no more than these
    — far more than the decks with no more than the counts in play."""
    lifted = Counter(counts)
    for kind in sorted(room, key=lambda k: (k is not None, -(k or 0))):
        low, high = lifted.get(kind, 0), room[kind]
        if high <= low:
            continue
        if time.monotonic() >= deadline:
            break  # what is lifted so far was judged unreachable: the cut holds
        lifted[kind] = high
        if _unreachable_with(grade, lifted):
            continue
        while high - low > 1 and time.monotonic() < deadline:  # the most that keep it so
            middle = (low + high) // 2
            lifted[kind] = middle
            if _unreachable_with(grade, lifted):
                low = middle
            else:
                high = middle
        lifted[kind] = low
    return lifted


def _explain(infeasible: DeckModel, candidates: Sequence[Candidate],
             deadline: float) -> tuple[Rule, ...]:  # fmt: skip
    """The rule groups that cannot be met together: the same model without its objective and
    with each group behind an assumption, its infeasible core made minimal."""
    model = DeckModel(infeasible.request, candidates, infeasible.keys, infeasible.life_count,
                   objective=False)
    for args in infeasible.cut_args:
        model.cut(*args)
    model.model.add_assumptions(list(model.assume.values()))
    solver = model.solver(max(0.5, deadline - time.monotonic()))
    if solver.solve(model.model) != cp_model.INFEASIBLE:
        return tuple(Rule)  # not settled in the time left: every group may take part
    core = solver.sufficient_assumptions_for_infeasibility()
    names = {v.index: rule for rule, v in model.assume.items()}
    rules = [names[i] for i in core if i in names] or list(Rule)
    return _minimal(model, rules, deadline)


#: the order rules are tried out of an infeasible core: the user's pins and the summons are
#: named only when the card counts alone do not explain it
_DROP_FIRST = (Rule.REACH, Rule.FREE_SUMMON, Rule.INCLUDE, Rule.COMPLETE, Rule.HALVES, Rule.LIFE)


def _minimal(model: DeckModel, rules: list[Rule], deadline: float) -> tuple[Rule, ...]:
    """A minimal set of the rule groups that cannot be met together: each rule of the core is
    left out in turn and kept out when the others are still infeasible."""
    core = sorted(rules, key=_DROP_FIRST.index)
    for rule in list(core):
        if len(core) == 1:
            break
        trial = [r for r in core if r is not rule]
        model.model.clear_assumptions()
        model.model.add_assumptions([model.assume[r] for r in trial])
        solver = model.solver(min(2.0, deadline - time.monotonic()))
        solver.parameters.stop_after_first_solution = True
        if solver.solve(model.model) == cp_model.INFEASIBLE:
            core = trial
    return tuple(r for r in Rule if r in core)


@dataclass
class _Found:
    """A solution the reach analysis accepted."""

    objective: float
    chosen: dict[str, list[int]]
    life: list[int]
    acquire: dict[str, int]
    #: the value of every variable of the model when it was found (the solver's next hint)
    values: tuple[int, ...] = ()


class _Watch(cp_model.CpSolverSolutionCallback):
    """Judges every solution the solver finds with the reach analysis while it runs: keeps the
    best one every unit of which is reachable, and the problems of the others (more cuts)."""

    def __init__(self, model: DeckModel, best: _Found | None, hooks: Hooks | None = None,
                 bound: float | None = None, rounds: int = 0) -> None:  # fmt: skip
        super().__init__()
        self.model, self.best = model, best
        self.hooks, self.bound, self.rounds = hooks, bound, rounds
        self.problems: list[tuple[int, str, list[str], Counter[int | None]]] = []
        self.last_valid = False

    def on_solution_callback(self) -> None:
        model = self.model
        n = len(model.deck_cards)
        chosen = {h: [i for i in range(n) if self.boolean_value(model.x[i, h])]
                  for h in model.keys}  # fmt: skip
        problems = unreachable(model, chosen)
        self.last_valid = not problems
        if problems:
            self.problems += problems
        else:
            self._keep(chosen)
        if self.hooks is not None:
            found = self.best_objective_bound
            bound = self.bound if self.bound is not None and (
                self.bound < found if not model.minimizing else self.bound > found) else found
            self.hooks.report(self.best.objective if self.best else None, bound, self.rounds)

    def _keep(self, chosen: dict[str, list[int]]) -> None:
        model = self.model
        objective = self.objective_value
        better = self.best is None or (objective < self.best.objective if model.minimizing
                                       else objective > self.best.objective)  # fmt: skip
        if better:
            life = [j for j, y in enumerate(model.y) if self.boolean_value(y)]
            acquire: dict[str, int] = {}
            for i, var in model.acquired:
                if (count := self.value(var)) > 0:
                    card = model.deck_cards[i] if i >= 0 else model.life_cards[-1 - i]
                    acquire[card.identity] = count
            self.best = _Found(objective, chosen, life, acquire,
                               tuple(self.response_proto.solution))


def _safe(model: DeckModel, deadline: float) -> _Found | None:
    """A deck with no unit to grade-summon (none of grade ≥ 06: nothing for the reach to
    refuse): a start for the next rounds when the first did not settle the question."""
    high = [var for (i, _), var in model.x.items()
            if (g := model.deck_cards[i].unit_grade) is not None and g > FREE_SUMMON_MAX]
    if not high:
        return None
    safe = model.model.clone()
    for var in high:
        safe.add(var == 0)
    watch = _Watch(model, None)
    solver = model.solver(min(1.0, max(0.1, (deadline - time.monotonic()) / 4)))
    solver.solve(safe, watch)
    return watch.best


def _best_pair(grades: list[int], weapons: int) -> int:
    """The best total two stacks can show with these units and weapons (the reach analysis)."""
    pair = reach_for(tuple(sorted(grades)), weapons, frozenset({_EVERY_GRADE})).best_below(
        _EVERY_GRADE)
    return -1 if pair is None else pair.total


_EVERY_GRADE = 1 << 20


def _ladder_half(cards: Sequence[Candidate], left: dict[int, int], grades: list[int],
                 weapons: int, free_units: int, armed: int) -> list[int] | None:  # fmt: skip
    """One half by the ladder: `free_units` free units and `armed` weapons of the highest
    value, then while the best pair grows, the highest unit it reaches (summoned on the
    stacks so far), then the cards of the highest value the best pair still covers."""
    chosen: list[int] = []
    grades, weapons = list(grades), weapons

    def take(i: int) -> None:
        chosen.append(i)
        c = cards[i]
        if (g := c.unit_grade) is not None:
            grades.append(g)
        elif c.helps:
            nonlocal weapons
            weapons += 1

    order = sorted((i for i, n in left.items() if n > 0), key=lambda i: -value(cards[i]))
    for i in [i for i in order if cards[i].is_free_unit][:free_units]:
        take(i)
    for i in [i for i in order if cards[i].helps][:armed]:
        take(i)
    best = _best_pair(grades, weapons)
    while len(chosen) < HALF_DECK_SIZE:  # climb: the highest unit the best pair reaches
        reachable = [i for i in order if i not in chosen and (g := cards[i].unit_grade)
                     is not None and FREE_SUMMON_MAX < g <= best]  # fmt: skip
        if not reachable:
            break
        top = max(reachable, key=lambda i: (cards[i].unit_grade, value(cards[i])))
        higher = _best_pair([*grades, cards[top].unit_grade or 0], weapons)
        if higher <= best:
            break
        take(top)
        best = higher
    for i in order:  # fill: the highest value the best pair covers
        if len(chosen) == HALF_DECK_SIZE:
            break
        g = cards[i].unit_grade
        if i not in chosen and (g is None or g <= FREE_SUMMON_MAX or g <= best):
            take(i)
    return chosen if len(chosen) == HALF_DECK_SIZE else None


def ladder_start(model: DeckModel) -> _Found | None:
    """A start for the strongest goal (no pins, owned copies only): each half by
    `_ladder_half` on the materials already in play on its path, the best of a few numbers of
    free units and weapons; the life set of the highest values. Judged by the model itself
    (every variable fixed), so what is returned is a legal deck with its exact objective."""
    request = model.request
    if request.goal is not Goal.STRONGEST or request.catalog or request.pins.pinned():
        return None
    cards = model.deck_cards
    left = {i: min(max(c.free, 0), len(model.keys)) for i, c in enumerate(cards)}
    chosen: dict[str, list[int]] = {}
    for half, path in paths(model.keys).items():
        in_play = [i for h in path if h != half for i in chosen[h]]
        grades = [g for i in in_play if (g := cards[i].unit_grade) is not None]
        weapons = sum(1 for i in in_play if cards[i].helps)
        options = [_ladder_half(cards, left, grades, weapons, k, w)
                   for k in range(0, 13) for w in (0, 3, 6)]  # fmt: skip
        ranked = [o for o in options if o is not None]
        if not ranked:
            return None
        pick = max(ranked, key=lambda o: sum(value(cards[i]) for i in o))
        chosen[half] = pick
        for i in pick:
            left[i] -= 1
    fixed = model.model.clone()
    for (i, h), var in model.x.items():
        fixed.add(var == int(i in chosen[h]))
    life = sorted((j for j, c in enumerate(model.life_cards) if c.free > 0),
                  key=lambda j: -value(model.life_cards[j]))[: model.life_count]
    for j, var in enumerate(model.y):
        fixed.add(var == int(j in life))
    watch = _Watch(model, None)
    model.solver(1.0).solve(fixed, watch)
    return watch.best


def solve_halves(request: Request, candidates: Sequence[Candidate], keys: list[str], life: int,
                 deadline: float, hooks: Hooks | None = None) -> Solution | Infeasible:  # fmt: skip
    """Solve, judge the reach of every solution found, cut, solve again — until a round's
    optimum is reachable or the time is up (then the best reachable deck found, with the
    tightest bound: every round's bound holds, since the cuts remove no legal deck). The
    ladder deck (`ladder_start`), when legal, is the first incumbent and the solver's hint."""
    model = DeckModel(request, candidates, keys, life)
    for rule in model.assume.values():  # every rule holds (assumptions slow the search down)
        model.model.add_bool_or([rule])
    best: _Found | None = ladder_start(model)
    if best is not None:
        _hint(model, best)
    bound: float | None = None
    if len(keys) > 1 and not model.minimizing:  # the relaxation's bound, read at once
        bound = case_bound(model.model, model.split(), best.objective if best else None,
                           LP_SHARE * (deadline - time.monotonic()))
        if bound is not None and best is not None and best.objective >= bound:
            return _solution(model, best, bound, True, 0, 0)
    cuts = rounds = 0
    last = False
    while rounds < MAX_ROUNDS and not (hooks is not None and hooks.cancelled):
        rounds += 1
        left = deadline - time.monotonic()
        watch = _Watch(model, best, hooks, bound, rounds)
        solver = model.solver(left if last else max(0.3, ROUND_SHARE * left))
        if hooks is not None:
            hooks.running(solver)
        try:
            status = solver.solve(model.model, watch)
        finally:
            if hooks is not None:
                hooks.running(None)
        best = watch.best
        if status == cp_model.INFEASIBLE:
            return Infeasible(_explain(model, candidates, deadline), len(candidates))
        if rounds == 1 and status != cp_model.OPTIMAL:
            safe = _safe(model, deadline)
            if safe is not None and (best is None
                                     or _better(model, safe.objective, best.objective)):
                best = safe
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            found = solver.best_objective_bound
            if bound is None or _better(model, bound, found):  # the tighter bound
                bound = found
        if status == cp_model.OPTIMAL and watch.last_valid and best is not None:
            return _solution(model, best, best.objective, True, rounds, cuts)
        if best is not None and bound is not None and best.objective == bound:
            return _solution(model, best, bound, True, rounds, cuts)
        new = _cut_unreachable(model, watch, deadline)
        cuts += new
        if time.monotonic() >= deadline - 0.05 or last:
            break
        last = new == 0 and status != cp_model.OPTIMAL  # nothing to cut: the rest of the time
        if hooks is not None:
            hooks.report(best.objective if best else None, bound, rounds)
        if best is not None:
            _hint(model, best)
    if best is None:
        return Infeasible((), len(candidates))  # no reachable deck within the time limit
    if bound is None:  # no round settled a bound: the plainest one, never the deck's own
        bound = ceiling(model.model)
    if bound is None:  # minimising (the fewest acquisitions): no bound to show
        return _solution(model, best, best.objective, False, rounds, cuts)
    return _solution(model, best, bound, not model.minimizing and best.objective >= bound,
                     rounds, cuts)


def _better(model: DeckModel, one: float, other: float) -> bool:
    """Whether objective `one` is better than `other` (higher, or lower when minimising)."""
    return one < other if model.minimizing else one > other


def _cut_unreachable(model: DeckModel, watch: _Watch, deadline: float) -> int:
    """Cut off each distinct unreachable combination the round's solutions showed (lifted
    while there is time); the number of cuts added."""
    new = 0
    seen: set[tuple[object, ...]] = set()
    for grade, half, path, counts in watch.problems:
        raw = (grade, half, tuple(sorted(counts.items(), key=str)))
        if raw in seen:
            continue
        seen.add(raw)
        if time.monotonic() < deadline - 0.5:  # lifting is worth its time, not needed
            counts = _lift(grade, counts, model.room(path), deadline - 0.5)
        new += model.cut(grade, half, path, counts)
    return new


def _hint(model: DeckModel, found: _Found) -> None:
    """Every variable the deck found had a value for is hinted (a complete hint lets the
    solver start from that deck; variables added since, by cuts, are left to it)."""
    model.model.clear_hints()  # type: ignore[no-untyped-call]
    if not found.values:
        for (i, h), var in model.x.items():
            model.model.add_hint(var, i in found.chosen[h])
        return
    for index, number in enumerate(found.values):
        model.model.add_hint(model.model.get_int_var_from_proto_index(index), number)


def _solution(model: DeckModel, found: _Found, bound: float, optimal: bool, rounds: int,
              cuts: int) -> Solution:  # fmt: skip
    return Solution(
        {h: [model.deck_cards[i] for i in found.chosen[h]] for h in model.keys},
        [model.life_cards[j] for j in found.life], found.objective, bound, optimal,
        found.acquire, len(model.deck_cards) + len(model.life_cards), rounds, cuts,
    )


def _enough(candidates: Sequence[Candidate], halves: int) -> bool:
    """Whether the deck cards could fill `halves` halves by counting alone: 20 different
    cards, and 20 copies a half with each card at most once a half."""
    deck = [c for c in candidates if not c.is_life]
    room = sum(halves if c.acquirable else min(max(c.free, 0), halves) for c in deck)
    return len(deck) >= HALF_DECK_SIZE and room >= HALF_DECK_SIZE * halves


def solve(request: Request, candidates: Sequence[Candidate],
          hooks: Hooks | None = None) -> Solution | Infeasible:  # fmt: skip
    """The best legal deck of `request` from `candidates` (after the exact pre-filter), or the
    rules that cannot be met together. Full decks take as many finals as can be built.
    `hooks` (deckbuilder/assistant/progress.py) watch the search and may stop it: the best
    deck found so far is then the answer."""
    deadline = time.monotonic() + request.time_limit
    kept_life = len(request.pins.kept.get(LIFE, ()))
    life = life_size(request.format, kept_life)
    kept_library = len(request.pins.kept.get(LIBRARY, ()))
    kept_archive = len(request.pins.kept.get(ARCHIVE, ()))
    if kept_library > LIBRARY_SIZE or kept_archive > ARCHIVE_SIZE:
        return Infeasible((Rule.COMPLETE,), 0)
    if request.format is DeckFormat.FULL:
        kept_finals = [k for k in request.pins.kept if k.startswith(FINAL_PREFIX)]
        least = max([int(k.split(".")[1]) for k in kept_finals], default=1)
        counts = list(range(MAX_FINALS, least - 1, -1))
    else:
        counts = [0]
    answer: Solution | Infeasible = Infeasible((Rule.HALVES,), 0)
    for finals in counts:
        keys = half_keys(request.format, finals)
        kept = prefilter(candidates, len(keys), life, request.pins.pinned())
        if len(keys) == 1 and request.goal is not Goal.CURVE and not request.catalog:
            kept = outranked(kept, request.pins.pinned())
        if finals != counts[-1] and not _enough(kept, len(keys)):
            continue  # fewer finals: counting alone says these halves cannot be filled
        answer = solve_halves(request, kept, keys, life, deadline, hooks)
        if isinstance(answer, Solution):
            return answer
        stopped = hooks is not None and hooks.cancelled
        if Rule.HALVES not in answer.rules or time.monotonic() >= deadline or stopped:
            break
    return answer
