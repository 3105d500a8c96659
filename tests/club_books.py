"""Workbooks laid out as clubs lay them out, built with openpyxl (never by the
package), and the figures a plain computation gives for them.

``challenge(path)`` writes a tarot club's weekly challenge as its organiser keeps
it: one sheet per evening named by its date (``2 SEPTEMBRE``, ``14.11``,
``12 ноября``), a title in row 1, a check row of column sums in row 2, the
header in row 3 (``N°``, ``Nom``, ``Prénom``, ``Payé``, ``S1``, ``S2``, ``S3``,
``Total``, ``Classement``, ``POINTS``), one row per player, then placeholder rows
(a running number and nothing else), a template sheet and the members' list.
Each session's tables (of 4 or 5, drawn each session and not recorded) sum to
zero, so each session does over the room, except where a typing slip is made on
purpose. It returns the evenings as a long frame (date, session, player, score),
the slips, and the sheet names.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import numpy as np
import openpyxl
import pandas as pd

SEASON = "2025-26"
#: The evenings' dates and the names the organiser gave their sheets.
EVENINGS = [
    (dt.date(2025, 9, 2), "2 SEPTEMBRE"),
    (dt.date(2025, 9, 9), "9 SEPTEMBRE"),
    (dt.date(2025, 9, 16), "16 septembre"),
    (dt.date(2025, 10, 7), "7 OCTOBRE"),
    (dt.date(2025, 10, 14), "14.10"),
    (dt.date(2025, 11, 4), "4.11"),
    (dt.date(2025, 11, 12), "12 ноября"),
    (dt.date(2025, 12, 2), "2 DÉCEMBRE"),
    (dt.date(2026, 1, 13), "13 janvier"),
    (dt.date(2026, 2, 3), "3.02"),
]
#: Players at each evening (9 to 41).
SIZES = [9, 14, 22, 41, 17, 30, 12, 26, 19, 35]
FIRST = [
    "Anne", "Bruno", "Chloé", "Denis", "Élise", "Fabien", "Gaëlle", "Hugo",
    "Inès", "Julien", "Karine", "Louis", "Maëlle", "Nicolas", "Océane",
    "Pascal", "Quentin", "Rose", "Sylvain", "Thérèse", "Ugo", "Valérie",
    "William", "Xavier", "Yasmine", "Zoé", "Amélie", "Bastien", "Cécile",
    "Damien", "Estelle", "François", "Gilles", "Hélène", "Isabelle", "Jérôme",
    "Laure", "Marc", "Noémie", "Olivier", "Paul", "Régine", "Simon",
]  # fmt: skip
LAST = [
    "Martin", "Bernard", "Dubois", "Thomas", "Robert", "Richard", "Petit",
    "Durand", "Leroy", "Moreau", "Simon", "Laurent", "Lefebvre", "Michel",
    "Garcia", "David", "Bertrand", "Roux", "Vincent", "Fournier", "Morel",
    "Girard", "André", "Lefèvre", "Mercier", "Dupont", "Lambert", "Bonnet",
    "François", "Martinez", "Legrand", "Garnier", "Faure", "Rousseau", "Blanc",
    "Guerin", "Muller", "Henry", "Roussel", "Nicolas", "Perrin", "Morin",
    "Mathieu",
]  # fmt: skip
HEADER = ["N°", "Nom", "Prénom", "Payé", "S1", "S2", "S3", "Total", "Classement",
          "POINTS"]  # fmt: skip
#: (evening index, session, player index at the evening, amount added): the
#: typing slips, each leaving its session's sum off zero by the amount.
SLIPS = [(3, 2, 5, 10), (7, 3, 0, -4)]
#: The player whose family name was typed with a trailing space (evening 2).
TRAILING = (1, 3)


def _tables(n: int) -> list[int]:
    """Tables of 5 and 4 seating ``n`` players (n of 9 or more, or 8)."""
    fives = n % 4  # 4a + 5b = n with the fewest tables of 5
    return [5] * fives + [4] * ((n - 5 * fives) // 4)


def _session(rng: np.random.Generator, n: int) -> np.ndarray:
    """One session's scores: tables drawn, each summing to zero."""
    seats = rng.permutation(n)
    scores = np.zeros(n, dtype=np.int64)
    start = 0
    for size in _tables(n):
        part = rng.integers(-12, 13, size=size - 1) * 10
        who = seats[start : start + size]
        scores[who[:-1]] = part
        scores[who[-1]] = -part.sum()
        start += size
    return scores


def challenge(path: Path, seed: int = 7, slips: list = SLIPS) -> dict:
    """Write the challenge workbook (with ``slips``: none, as the organiser
    corrected it); return what it holds, computed plainly."""
    rng = np.random.default_rng(seed)
    book = openpyxl.Workbook()
    book.remove(book.active)
    rows = []
    for e, ((day, name), n) in enumerate(zip(EVENINGS, SIZES, strict=True)):
        who = rng.choice(len(FIRST), size=n, replace=False)
        scores = np.column_stack([_session(rng, n) for _ in range(3)])
        for evening, session, player, amount in slips:
            if evening == e:
                scores[player, session - 1] += amount
        sheet = book.create_sheet(name)
        for letter, width in zip("ABCDEFGHIJ", (5, 14, 12, 6, 7, 7, 7, 8, 11, 8)):
            sheet.column_dimensions[letter].width = width
        sheet["A1"] = f"CHALLENGE DU MARDI · {name} · Les Excusés"
        for j, letter in enumerate("EFGH"):
            sheet[f"{letter}2"] = int(scores[:, j].sum()) if j < 3 else 0
        for j, heading in enumerate(HEADER, start=1):
            sheet.cell(3, j, heading)
        total = scores.sum(axis=1)
        place = pd.Series(total).rank(method="min", ascending=False).astype(int)
        for i in range(n):
            first, last = FIRST[who[i]], LAST[who[i]]
            shown_last = last + " " if (e, i) == TRAILING else last
            values = [i + 1, shown_last.upper(), first, "oui", *scores[i],
                      int(total[i]), int(place[i]), int(n - place[i] + 1)]  # fmt: skip
            for j, value in enumerate(values, start=1):
                sheet.cell(4 + i, j, value if not isinstance(value, np.integer)
                           else int(value))  # fmt: skip
            for s in range(3):
                rows.append((day, s + 1, f"{first} {last.upper()}", scores[i, s]))
        for i in range(n, n + 6):  # placeholders: a number, nothing else
            sheet.cell(4 + i, 1, i + 1)
    template = book.create_sheet("Modèle")
    template["A1"] = "CHALLENGE DU MARDI · date"
    for j, heading in enumerate(HEADER, start=1):
        template.cell(3, j, heading)
    for i in range(40):
        template.cell(4 + i, 1, i + 1)
    members = book.create_sheet("Membres")
    members.append(["Nom", "Prénom", "Téléphone"])
    for first, last in zip(FIRST, LAST, strict=False):
        members.append([last.upper(), first, "06 00 00 00 00"])
    book.save(path)
    long = pd.DataFrame(rows, columns=["date", "session", "player", "score"])
    long["date"] = pd.to_datetime(long["date"]).astype("datetime64[ns]")
    return {
        "results": long,
        "slips": [
            (pd.Timestamp(EVENINGS[e][0]), s, EVENINGS[e][1], amount)
            for e, s, _, amount in slips
        ],
        "sheets": [name for _, name in EVENINGS],
    }


def place_points(results: pd.DataFrame, best: int) -> pd.DataFrame:
    """Plainly, the oracle of the challenge's table: each evening's totals
    ranked (1, 2, 2, 4), n - place + 1 points, each player's best evenings
    summed (more points, then more score, then the earlier first); by player,
    ``points``, ``total`` (of the evenings counted) and ``evenings`` (played)."""
    nights = results.groupby(["date", "player"])["score"].sum().reset_index()
    place = nights.groupby("date")["score"].rank(method="min", ascending=False)
    size = nights.groupby("date")["player"].transform("size")
    nights["points"] = size - place + 1
    nights = nights.sort_values(
        ["player", "points", "score", "date"], ascending=[True, False, False, True]
    )
    counted = nights.groupby("player").head(best)
    out = counted.groupby("player").agg(
        points=("points", "sum"), total=("score", "sum")
    )
    out["evenings"] = nights.groupby("player").size()
    return out
