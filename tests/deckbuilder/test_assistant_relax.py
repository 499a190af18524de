"""The relaxation's bounds (deckbuilder/assistant/relax.py) against brute force on small
random integer models (0/1 or 0–3 variables): the bound over cases is at least the true
optimum, never above the plain relaxation's, and, split on every variable with time enough,
is the optimum itself."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st
from ortools.sat.python import cp_model

from deckbuilder.assistant.relax import case_bound, lp_bound

Row = tuple[list[int], int]  # coefficients, right-hand side: Σ a_i x_i ≤ b
VARIABLES = 6


def _model(values: list[int], rows: list[Row],
           top: int = 1) -> tuple[cp_model.CpModel, list[int]]:  # fmt: skip
    model = cp_model.CpModel()
    xs = [model.new_int_var(0, top, f"x{i}") for i in range(len(values))]
    for coeffs, rhs in rows:
        model.add(sum(a * x for a, x in zip(coeffs, xs, strict=True)) <= rhs)
    model.maximize(sum(v * x for v, x in zip(values, xs, strict=True)))
    return model, [x.index for x in xs]


def _optimum(values: list[int], rows: list[Row], top: int = 1) -> int | None:
    best = None
    for point in itertools.product(range(top + 1), repeat=len(values)):
        if all(sum(a * p for a, p in zip(c, point, strict=True)) <= b for c, b in rows):
            score = sum(v * p for v, p in zip(values, point, strict=True))
            best = score if best is None else max(best, score)
    return best


rows_of = st.lists(st.tuples(st.lists(st.integers(-3, 9), min_size=VARIABLES,
                                      max_size=VARIABLES), st.integers(-2, 15)),
                   min_size=1, max_size=4)  # fmt: skip
values_of = st.lists(st.integers(-2, 20), min_size=VARIABLES, max_size=VARIABLES)


@settings(max_examples=150, deadline=None)
@given(values=values_of, rows=rows_of, top=st.sampled_from([1, 3]),
       found=st.none() | st.integers(-5, 100))  # fmt: skip
def test_the_bound_over_cases_holds_and_is_exact_when_split_to_the_end(
    values: list[int], rows: list[Row], top: int, found: int | None
) -> None:
    model, xs = _model(values, rows, top)
    optimum = _optimum(values, rows, top)
    plain = lp_bound(model, 10)
    cases = case_bound(model, xs, found, 10)
    if optimum is None:  # no solution: no case holds one, or the relaxation still bounds
        return
    assert plain is not None
    assert cases is not None
    assert cases >= optimum  # valid: the cases cover every solution
    assert cases <= plain  # never looser than the plain relaxation
    if found is None or found < optimum:  # every case split to whole values, or closed
        assert cases == optimum
    else:  # stopped once the best open case is no higher than the deck found
        assert cases <= found


def test_an_infeasible_model_has_no_bound() -> None:
    model, xs = _model([1, 1], [([1, 1], -1)])
    assert case_bound(model, xs, None, 10) is None


def test_a_split_tightens_a_fractional_relaxation() -> None:
    """Three items of weight 2 in a knapsack of 3: the relaxation takes one and a half (15),
    the cases on the items show only one fits (10)."""
    model, xs = _model([10, 10, 10], [([2, 2, 2], 3)])
    assert lp_bound(model, 10) == 15
    assert case_bound(model, [], None, 10) == 15
    assert case_bound(model, xs, None, 10) == 10
