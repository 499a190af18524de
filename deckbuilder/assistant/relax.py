"""A bound from the linear relaxation of the assistant's CP-SAT model, solved by GLOP (the
linear-programming solver of OR-Tools).

Why it holds: every legal deck is a solution of the model (deckbuilder/assistant/model.py:
each row is a rule or a necessary condition of one), hence a solution of the model's linear
relaxation — the same rows, each 0/1 or integer variable allowed every value between its
bounds, the rows this reading cannot express (none so far) left out, which only widens it.
So the relaxation's optimum is at least every legal deck's score; the score is an integer
(integer coefficients), so the optimum rounded down is too. A row enforced by literals is
kept only when each of them is fixed true (the model's rule switches, a `bool_or` of one
literal each); otherwise it is left out.

Why it is there: the CP-SAT search reaches the same relaxation's bound only after its presolve
and root cuts, which on a loaded host can take most of a full deck's time limit; GLOP reads
the rows as they are and answers in about a second of CPU at 5,000 copies. The search's own
bound replaces it whenever lower."""

from __future__ import annotations

import math

from ortools.linear_solver import pywraplp  # type: ignore[import-untyped]
from ortools.sat.python import cp_model

#: slack for the LP's floating-point tolerances before rounding down (objectives are integers)
TOLERANCE = 1e-6
#: a row's side beyond this is no limit (CP-SAT writes ±2⁶³ − 1 and near values for "none")
UNBOUNDED = 2**53


def lp_bound(model: cp_model.CpModel, seconds: float) -> int | None:
    """The relaxation's optimum, rounded down, of a maximising model; None when it is not
    settled in `seconds`, the model minimises, or the relaxation has no solution."""
    proto = model.proto
    if not proto.has_objective() or proto.objective.scaling_factor >= 0:
        return None  # minimising (or no objective): a lower limit is no use here
    solver = pywraplp.Solver.CreateSolver("GLOP")
    if solver is None:
        return None
    solver.SetTimeLimit(max(1, int(1000 * seconds)))
    # (the proto's repeated fields do not read index −1 as the last: lists first)
    domains = [list(v.domain) for v in proto.variables]
    columns = [solver.NumVar(float(d[0]), float(d[-1]), "") for d in domains]
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
            expr = solver.Sum([coeff * columns[i]
                               for i, coeff in zip(linear.vars, linear.coeffs, strict=True)])
            domain = list(linear.domain)
            low, high = domain[0], domain[-1]
            if low > -UNBOUNDED:
                solver.Add(expr >= low)
            if high < UNBOUNDED:
                solver.Add(expr <= high)
    objective = proto.objective
    terms = zip(objective.vars, objective.coeffs, strict=True)
    solver.Minimize(solver.Sum([coeff * columns[i] for i, coeff in terms]))
    if solver.Solve() != pywraplp.Solver.OPTIMAL:
        return None
    value = float(objective.scaling_factor * (solver.Objective().Value() + objective.offset))
    return math.floor(value + TOLERANCE * max(1.0, abs(value)))


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
