"""`build`: the deck assistant's service (the CLI, the app and the HTTP service call it).

Candidates in, a `BuildResult` out: the deck (checked by the same validation `twgp deck
validate` runs before it is returned: an invalid deck is never returned), whether it is
optimal or the best found with its bound, why each card is there, what to acquire; or, when
no legal deck exists, the rules that cannot be met together and the fewest cards to acquire
from the catalog that make it feasible."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from deckbuilder.assistant.explain import Words, infeasible, why
from deckbuilder.assistant.model import Candidate, Request, Rule, Solution, solve
from deckbuilder.assistant.progress import Hooks
from deckbuilder.codes import Code
from deckbuilder.deck import ARCHIVE, ENTRY, LIBRARY, LIFE, Deck, Entry
from deckbuilder.errors import DeckError
from deckbuilder.resolve import MemoryResolver, resolve_deck
from deckbuilder.rule_facts import ARCHIVE_SIZE
from deckbuilder.rules import check_free_summon, check_summonable
from deckbuilder.service import validate_resolved


class AssistantError(DeckError):
    """The assistant produced a deck the validator rejects (a defect: never shown as a deck)."""


@dataclass(frozen=True)
class Placed:
    section: str
    candidate: Candidate
    reason: Words
    acquire: int = 0


@dataclass(frozen=True)
class Problem:
    rule: Rule | None
    message: Words


@dataclass(frozen=True)
class BuildResult:
    """`deck` is None when no legal deck exists (`problems` say why, `acquire` fixes it)."""

    deck: Deck | None
    status: str  # optimal | feasible | infeasible
    objective: float = 0.0
    bound: float = 0.0
    gap: float = 0.0
    placed: tuple[Placed, ...] = ()
    problems: tuple[Problem, ...] = ()
    acquire: tuple[tuple[Candidate, int], ...] = ()
    candidates: int = 0
    cuts: int = 0
    notes: tuple[Words, ...] = field(default_factory=tuple)

    @property
    def built(self) -> bool:
        return self.deck is not None

    def summary(self, lang: str = "en") -> str:
        """"optimal" or "best found … within 0.8 % of the best possible"."""
        ja = lang == "ja"
        if self.deck is None:
            return "正規のデッキは作れません" if ja else "no legal deck can be built"
        if self.status == "optimal":
            return "最適（これ以上よいデッキはありません）" if ja else "optimal (no better deck)"
        pct = f"{100 * self.gap:.1f}"
        if ja:
            return f"制限時間内の最良（最善の可能性から{pct}%以内、上限 {self.bound:g}）"
        return (f"best found in the time limit: within {pct} % of the best possible "
                f"(bound {self.bound:g})")  # fmt: skip

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        """The `twgp deck build --json` object (its field names are a contract)."""
        pick = 1 if lang == "ja" else 0
        return {
            "built": self.built,
            "status": self.status,
            "summary": self.summary(lang),
            "objective": self.objective,
            "bound": self.bound,
            "gap": round(self.gap, 6),
            "candidates": self.candidates,
            "cards": [{"section": p.section, "card": p.candidate.card.label,
                       "source_id": p.candidate.card.source_id, "acquire": p.acquire,
                       "why": p.reason[pick]} for p in self.placed],
            "problems": [{"rule": p.rule.value if p.rule else None, "message": p.message[pick]}
                         for p in self.problems],
            "acquire": [{"card": c.card.label, "source_id": c.card.source_id, "identity":
                         c.identity, "quantity": n} for c, n in self.acquire],
        }


def line(candidate: Candidate) -> Entry:
    card = candidate.card
    return Entry(1, card.game, card.name, card.source_id)


def writable(candidate: Candidate) -> bool:
    """Whether the card can be written as a deck line (a name with a comment mark cannot)."""
    try:
        line(candidate)
    except ValueError:
        return False
    return True


def _entry_split(entry: list[Candidate], request: Request) -> tuple[list[Candidate],
                                                                    list[Candidate]]:  # fmt: skip
    """Library and archive: kept lines keep their section; the archive takes the highest
    grade units after them (any 15 + 5 split is legal)."""
    kept_archive = set(request.pins.kept.get(ARCHIVE, ()))
    kept_library = set(request.pins.kept.get(LIBRARY, ()))
    archive = [c for c in entry if c.identity in kept_archive]
    rest = sorted((c for c in entry if c.identity not in kept_archive),
                  key=lambda c: (c.identity in kept_library, -(c.unit_grade or -1), c.identity))
    while len(archive) < ARCHIVE_SIZE and rest:
        archive.append(rest.pop(0))
    return sorted(rest, key=_order), sorted(archive, key=_order)


def _order(c: Candidate) -> tuple[int, str]:
    return (c.unit_grade if c.unit_grade is not None else 100, c.card.label)


def to_deck(solution: Solution, request: Request, name: str) -> tuple[Deck, list[tuple[str,
                                                                                 Candidate]]]:
    """The `.twgp` deck of a solution, and each card with its section."""
    sections: dict[str, tuple[Entry, ...]] = {}
    placed: list[tuple[str, Candidate]] = []
    life = sorted(solution.life, key=_order)
    sections[LIFE] = tuple(line(c) for c in life)
    placed += [(LIFE, c) for c in life]
    for key, cards in solution.halves.items():
        if key == ENTRY:
            library, archive = _entry_split(cards, request)
            sections[LIBRARY] = tuple(line(c) for c in library)
            sections[ARCHIVE] = tuple(line(c) for c in archive)
            placed += [(LIBRARY, c) for c in library] + [(ARCHIVE, c) for c in archive]
        else:
            ordered = sorted(cards, key=_order)
            sections[key] = tuple(line(c) for c in ordered)
            placed += [(key, c) for c in ordered]
    return Deck(name=name, format=request.format, sections=sections), placed


def verify(deck: Deck, candidates: Sequence[Candidate], acquire: dict[str, int]) -> None:
    """The deck passes the validation `twgp deck validate` runs — no violation, every unit
    reachable, a free-summon unit in the entry — and uses no copy that is not free (or to be
    acquired). AssistantError otherwise: never return an invalid deck."""
    resolved = resolve_deck(deck, MemoryResolver(c.card for c in candidates))
    report = validate_resolved(resolved)
    problems = [*report.violations, *check_summonable(resolved), *check_free_summon(resolved)]
    free = {c.identity: c.free for c in candidates}
    used: Counter[str] = Counter()
    for r in resolved.all():
        if r.card is not None:
            used[r.card.identity] += r.qty
    over = [i for i, n in used.items() if n > free.get(i, 0) + acquire.get(i, 0)]
    if problems or over:
        codes = ", ".join(str(p.code) for p in problems) or f"{Code.NOT_OWNED} {over}"
        raise AssistantError(f"the assistant built a deck the validator rejects ({codes})")


def build(request: Request, candidates: Sequence[Candidate], *, name: str = "Built deck",
          catalog: Sequence[Candidate] | Callable[[], Sequence[Candidate]] | None = None,
          hooks: Hooks | None = None) -> BuildResult:  # fmt: skip
    """Build the deck of `request` from `candidates`; when no legal deck exists, explain why
    and (given the `catalog`'s cards, or a function reading them only then) find the fewest to
    acquire. `hooks` watch the solver and may stop it (deckbuilder/assistant/progress.py)."""
    candidates = [c for c in candidates if writable(c)]
    answer = solve(request, candidates, hooks)
    if isinstance(answer, Solution):
        return _built(answer, request, candidates, name)
    problems = tuple(Problem(rule, (en, ja)) for rule, en, ja in
                     infeasible(answer.rules, request.format, candidates, request.time_limit))
    acquire: tuple[tuple[Candidate, int], ...] = ()
    if catalog is not None and answer.rules and not (hooks is not None and hooks.cancelled):
        if callable(catalog):
            catalog = catalog()
        fix = solve(replace(request, catalog=True, fewest=True), _merged(candidates, catalog))
        if isinstance(fix, Solution):
            by_identity = {c.identity: c for c in catalog}
            acquire = tuple((by_identity[i], n) for i, n in sorted(fix.acquire.items()))
        else:
            problems += (Problem(None, (
                "not even the catalog's cards (of the games asked for) make a legal deck",
                "カタログの（指定したゲームの）カードを入手しても正規のデッキは作れません")),)
    return BuildResult(None, "infeasible", problems=problems, acquire=acquire,
                       candidates=answer.candidates)


def _merged(owned: Sequence[Candidate], catalog: Sequence[Candidate]) -> list[Candidate]:
    """Every catalog card as acquirable, keeping the free copies of the owned ones."""
    free = {c.identity: c.free for c in owned}
    merged = {c.identity: replace(c, free=free.get(c.identity, 0), acquirable=True)
              for c in catalog if writable(c)}  # fmt: skip
    for c in owned:
        merged.setdefault(c.identity, replace(c, acquirable=True))
    return list(merged.values())


def _built(solution: Solution, request: Request, candidates: Sequence[Candidate],
           name: str) -> BuildResult:  # fmt: skip
    deck, placed = to_deck(solution, request, name)
    verify(deck, candidates, solution.acquire)
    pins = request.pins
    kept = {(section, identity) for section, ids in pins.kept.items() for identity in ids}
    left = dict(solution.acquire)
    rows = []
    for section, c in placed:
        acquire = min(1, left.get(c.identity, 0))
        if acquire:
            left[c.identity] -= 1
        reason = why(c, section, included=c.identity in pins.include,
                     kept=(section, c.identity) in kept, acquire=acquire)
        rows.append(Placed(section, c, reason, acquire))
    by_identity = {c.identity: c for c in candidates}
    acquire_list = tuple((by_identity[i], n) for i, n in sorted(solution.acquire.items()))
    return BuildResult(
        deck, "optimal" if solution.optimal else "feasible", solution.objective, solution.bound,
        solution.gap, tuple(rows), (), acquire_list, solution.candidates, solution.cuts,
    )
