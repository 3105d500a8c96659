"""Least squares on a deal's features, for every deal at once
(:func:`cardscore_frames.season.expected`).

Every feature is the deal's, so the fit runs on the distinct combinations of
feature values (a few hundred, however many deals): each fit's rows are counted
and summed per combination (``bincount``), and the weighted normal equations of
those sums give the same coefficients as least squares on every row. A column
that adds nothing to the ones before it (absent from a fit's rows, or a
combination of other columns) is left out, as R's ``lm`` leaves it NA.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

import numpy as np
import pandas as pd

__all__ = ["FEATURE_KINDS", "Design", "design_of", "fit"]

#: How a feature enters the model.
FEATURE_KINDS = ("category", "number")
#: A column dropped as collinear with the ones before it when this little of
#: its weighted variance is left once they are accounted for.
_COLLINEAR = 1e-9


class Design(NamedTuple):
    combo: np.ndarray  # each deal's combination of feature values
    x: np.ndarray  # (combinations, terms)
    terms: list[str]


def _feature_codes(values: pd.Series) -> tuple[np.ndarray, list[str]]:
    """Level codes (blank: a level of its own, last) and the levels' names."""
    if isinstance(values.dtype, pd.CategoricalDtype):
        codes = values.cat.codes.to_numpy().astype(np.int64)
        names = [str(c) for c in values.cat.categories]
    else:
        codes, uniques = pd.factorize(values, sort=True, use_na_sentinel=True)
        names = [str(u) for u in uniques]
    if (codes < 0).any():
        codes = np.where(codes < 0, len(names), codes)
        names.append("blank")
    return codes, names


def design_of(scored: pd.DataFrame, features: Mapping[str, str]) -> Design:
    """The deals' combinations of feature values and the design matrix of the
    distinct combinations (intercept first)."""
    combo = np.zeros(len(scored), dtype=np.int64)
    parts: list[tuple[str, str, np.ndarray, list[str]]] = []
    for column, kind in features.items():  # a handful of features
        if kind == "number":
            numbers = pd.to_numeric(scored[column], errors="coerce")
            values = numbers.to_numpy(dtype=np.float64, na_value=np.nan)
            codes, uniques = pd.factorize(values, use_na_sentinel=False)
            parts.append((column, kind, codes, list(uniques)))
        else:
            codes, names = _feature_codes(scored[column])
            parts.append((column, kind, codes, names))
        combo = pd.factorize(combo * (int(codes.max(initial=0)) + 1) + codes)[0]
    first = np.unique(combo, return_index=True)[1]
    columns, terms = [np.ones(len(first))], ["intercept"]
    for column, kind, codes, names in parts:
        at = codes[first]
        if kind == "number":
            values = np.asarray(names, dtype=np.float64)[at]
            blank = np.isnan(values)
            columns.append(np.where(blank, 0.0, values))
            terms.append(column)
            if blank.any():
                columns.append(blank.astype(np.float64))
                terms.append(f"{column}=blank")
            continue
        for level in range(1, len(names)):
            columns.append((at == level).astype(np.float64))
            terms.append(f"{column}={names[level]}")
    return Design(combo, np.column_stack(columns), terms)


def fit(design: Design, unit: np.ndarray, combo: np.ndarray, y: np.ndarray, n: int):
    """Least squares per fit, from each fit's count and sum of results per
    combination; (fits, terms) coefficients and standard errors."""
    k, p = design.x.shape
    cell = unit * k + combo
    w = np.bincount(cell, minlength=n * k).reshape(n, k).astype(np.float64)
    s = np.bincount(cell, weights=y, minlength=n * k).reshape(n, k)
    ss = np.bincount(unit, weights=y * y, minlength=n)
    betas = np.zeros((n, p))
    errors = np.full((n, p), np.nan)
    fitted = np.zeros((n, p), dtype=bool)
    for u in range(n):  # one small system per role (and by group)
        gram = design.x.T @ (w[u][:, None] * design.x)
        rhs = design.x.T @ s[u]
        kept = _independent(gram)
        inverse = np.linalg.inv(gram[np.ix_(kept, kept)])
        beta = inverse @ rhs[kept]
        betas[u, kept] = beta
        fitted[u, kept] = True
        rss = max(ss[u] - beta @ rhs[kept], 0.0)
        dof = w[u].sum() - len(kept)
        if dof > 0:
            errors[u, kept] = np.sqrt(np.diag(inverse) * rss / dof)
    return betas, errors, fitted


def _independent(gram: np.ndarray) -> list[int]:
    """Columns kept in order, each only if not (nearly) a combination of the
    ones kept before it (R's ``lm`` leaves such a term out, NA)."""
    kept: list[int] = []
    for j in range(len(gram)):  # a few dozen terms
        if gram[j, j] <= 0:
            continue
        if kept:
            g = gram[np.ix_(kept, kept)]
            c = gram[kept, j]
            left = gram[j, j] - c @ np.linalg.solve(g, c)
        else:
            left = gram[j, j]
        if left > _COLLINEAR * gram[j, j]:
            kept.append(j)
    return kept
