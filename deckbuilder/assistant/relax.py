"""A bound from the linear relaxation of the assistant's CP-SAT model, solved by GLOP (the
linear-programming solver of OR-Tools), read over a few cases that split it.

Why it holds: every legal deck is a solution of the model (deckbuilder/assistant/model.py:
each row is a rule or a necessary condition of one), hence a solution of the model's linear
relaxation — the same rows, each 0/1 or integer variable allowed every value between its
bounds, the rows this reading cannot express (none so far) left out, which only widens it.
So the relaxation's optimum is at least every legal deck's score; the score is an integer
(integer coefficients), so the optimum rounded down is too. A row enforced by literals is
kept only when each of them is fixed true (the model's rule switches, a `bool_or` of one
literal each); otherwise it is left out.

The cases (`case_bound`): a 0/1 variable of the model is 0 or 1 in every solution, so the
model's solutions are those with it at 0 together with those with it at 1, and every legal
deck's score is at most the larger of the two cases' relaxation optima. Splitting again inside
a case keeps this: the cases left open always cover every solution, and the bound is the
highest of their optima (a case whose relaxation has no solution holds no deck). Cases are
split best first (the open case of the highest optimum), on the first variable of a given
order the case's optimum holds at a fraction, until that case's optimum is no higher than a
deck already found (then that deck is optimal) or the time is up. The split variables are the
model's `top` ones (module docstring there): an optimum spreading a grade-87 unit a third into
each final pays the entry's shared materials once; a case with the unit whole in one final (or
in none) pays them in full. An integer variable at a fraction v splits the same way into
v ≤ ⌊v⌋ and v ≥ ⌊v⌋ + 1 (the model's unit counts per half and grade come after the `top`s).

Why it is there: the CP-SAT search reaches the same relaxation's bound only after its presolve
and root cuts, which on a loaded host can take most of a full deck's time limit; GLOP reads
the rows as they are, and with its dual simplex and no presolve a case differing from the one
before by a bound or two is re-solved from the last basis in a few hundredths of a second of
CPU at 5,000 copies. The search's own bound replaces it whenever lower."""

from __future__ import annotations

import heapq
import itertools
import math
import time
from collections.abc import Mapping, Sequence

from ortools.linear_solver import pywraplp  # type: ignore[import-untyped]
from ortools.sat.python import cp_model

#: slack for the LP's floating-point tolerances before rounding down (objectives are integers)
TOLERANCE = 1e-6
#: a row's side beyond this is no limit (CP-SAT writes ±2⁶³ − 1 and near values for "none")
UNBOUNDED = 2**53
#: a split variable this close to 0 or 1 is whole in a case's optimum
WHOLE = 1e-6
#: GLOP: the dual simplex re-solves a case from the basis before (a presolve would discard it)
GLOP_PARAMETERS = "use_preprocessing: false, use_dual_simplex: true"


class Relaxation:
    """The linear relaxation of a maximising CP-SAT model, ready to be solved with some of its
    variables fixed (a case)."""

    def __init__(self, model: cp_model.CpModel) -> None:
        proto = model.proto
        self.objective = proto.objective
        solver = self.solver = pywraplp.Solver.CreateSolver("GLOP")
        solver.SetSolverSpecificParametersAsString(GLOP_PARAMETERS)
        # (the proto's repeated fields do not read index −1 as the last: lists first)
        self.domains = [list(v.domain) for v in proto.variables]
        columns = self.columns = [solver.NumVar(float(d[0]), float(d[-1]), "")
                                  for d in self.domains]  # fmt: skip
        fixed_true = {c.bool_or.literals[0] for c in proto.constraints
                      if c.has_bool_or() and len(c.bool_or.literals) == 1}  # fmt: skip

        def literal(index: int) -> object:
            return columns[index] if index >= 0 else 1 - columns[-index - 1]

        for c in proto.constraints:
            if c.has_bool_or():
                solver.Add(solver.Sum([literal(i) for i in c.bool_or.literals]) >= 1)
            elif (c.has_linear() and all(i in fixed_true for i in c.enforcement_literal)
                  and all(i >= 0 for i in c.linear.vars)):  # fmt: skip
                linear = c.linear
                expr = solver.Sum([coeff * columns[i] for i, coeff
                                   in zip(linear.vars, linear.coeffs, strict=True)])  # fmt: skip
                domain = list(linear.domain)
                low, high = domain[0], domain[-1]
                if low > -UNBOUNDED:
                    solver.Add(expr >= low)
                if high < UNBOUNDED:
                    solver.Add(expr <= high)
        terms = zip(self.objective.vars, self.objective.coeffs, strict=True)
        solver.Minimize(solver.Sum([coeff * columns[i] for i, coeff in terms]))

    def solve(self, bounds: Mapping[int, tuple[int, int]], seconds: float,
              read: Sequence[int] = ()) -> tuple[float, list[float]] | None:  # fmt: skip
        """The relaxation's optimum (the model's objective scale) with the variables of
        `bounds` (proto index → lowest, highest) held between those, and the values of the
        variables `read` in it; an optimum of −∞ when it has no solution (no deck in the case),
        None when not settled in `seconds`."""
        for index, (low, high) in bounds.items():
            self.columns[index].SetBounds(float(low), float(high))
        self.solver.SetTimeLimit(max(1, int(1000 * seconds)))
        try:
            status = self.solver.Solve()
            if status == pywraplp.Solver.INFEASIBLE:
                return -math.inf, []
            if status != pywraplp.Solver.OPTIMAL:
                return None
            objective = self.objective
            optimum = float(objective.scaling_factor
                            * (self.solver.Objective().Value() + objective.offset))  # fmt: skip
            return optimum, [float(self.columns[i].solution_value()) for i in read]
        finally:
            for index in bounds:
                low, high = self.range(index)
                self.columns[index].SetBounds(float(low), float(high))

    def range(self, index: int) -> tuple[int, int]:
        """A variable's lowest and highest value in the model."""
        domain = self.domains[index]
        return int(domain[0]), int(domain[-1])


def rounded(value: float) -> int:
    """An LP optimum rounded down to the integer objective it bounds (with the tolerance)."""
    return math.floor(value + TOLERANCE * max(1.0, abs(value)))


def maximising(model: cp_model.CpModel) -> bool:
    proto = model.proto
    return proto.has_objective() and proto.objective.scaling_factor < 0


def lp_bound(model: cp_model.CpModel, seconds: float) -> int | None:
    """The relaxation's optimum, rounded down, of a maximising model; None when it is not
    settled in `seconds`, the model minimises, or the relaxation has no solution."""
    if not maximising(model):
        return None  # minimising (or no objective): a lower limit is no use here
    found = Relaxation(model).solve({}, seconds)
    return None if found is None or found[0] == -math.inf else rounded(found[0])


def case_bound(model: cp_model.CpModel, split: Sequence[int], found: float | None,
               seconds: float) -> int | None:  # fmt: skip
    """The highest relaxation optimum, rounded down, over cases of the integer variables
    `split` (proto indices, in the order they are split on), split best first until the best
    open case is no higher than `found` (a legal deck's score), no variable of `split` is at a
    fraction in it, or `seconds` are up (module docstring). None as `lp_bound`."""
    deadline = time.monotonic() + seconds
    if not maximising(model):
        return None
    relaxation = Relaxation(model)
    counter = itertools.count()

    def case(bounds: dict[int, tuple[int, int]]) -> _Case | None:
        """A case's optimum (negated: the heap's first is the highest), a tie-breaker, its
        variables' ranges and the variable to split it on with its value; None when it holds
        no solution."""
        left = deadline - time.monotonic()
        solved = relaxation.solve(bounds, left, split) if left > 0 else None
        if solved is None:
            raise _UnsettledError
        optimum, values = solved
        if optimum == -math.inf:
            return None
        fraction = next(((i, v) for i, v in zip(split, values, strict=True)
                         if WHOLE < v - math.floor(v) < 1 - WHOLE), None)  # fmt: skip
        return (-optimum, next(counter), bounds, fraction)

    try:
        root = case({})
    except _UnsettledError:
        return None
    heap = [] if root is None else [root]
    while heap:
        best, _, bounds, fraction = heap[0]
        if fraction is None or (found is not None and rounded(-best) <= found):
            return rounded(-best)
        heapq.heappop(heap)
        index, number = fraction
        low, high = bounds.get(index) or relaxation.range(index)
        below = math.floor(number)  # every solution of the case: ≤ below, or ≥ below + 1
        try:
            children = [case({**bounds, index: (below + 1, high)}),
                        case({**bounds, index: (low, below)})]  # fmt: skip
        except _UnsettledError:  # not settled in time: the case split bounds both of its cases
            return rounded(-best)
        for child in children:
            if child is not None:
                heapq.heappush(heap, child)
    return None  # no case holds a solution: the model has none


_Case = tuple[float, int, dict[int, tuple[int, int]], tuple[int, float] | None]


class _UnsettledError(Exception):
    """A case's relaxation was not solved in the time left."""


def ceiling(model: cp_model.CpModel) -> int | None:
    """The plainest bound of a maximising model: each objective term at its best end (the
    answer's bound when nothing better was settled in the time limit)."""
    proto = model.proto
    if not proto.has_objective() or proto.objective.scaling_factor >= 0:
        return None
    objective = proto.objective
    lowest = 0
    for index, coeff in zip(objective.vars, objective.coeffs, strict=True):
        domain = list(proto.variables[index].domain)
        lowest += min(coeff * domain[0], coeff * domain[-1])
    return math.floor(objective.scaling_factor * (lowest + objective.offset))
