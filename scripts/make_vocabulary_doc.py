"""Write docs/vocabulary.md: every word each game's logs and sheets read, from the
games' own declarations (each game's vocabulary.py, through its schemas).
Run from the repository root:

    python scripts/make_vocabulary_doc.py

tests/test_vocabulary.py fails when the page and the declarations disagree.
"""

from __future__ import annotations

from pathlib import Path

from cardscore_frames.checking.schema import Field, normalise_value
from cardscore_frames.contract import game_names, get_game

PAGE = Path(__file__).resolve().parents[1] / "docs" / "vocabulary.md"

INTRO = """\
# Words the logs and sheets read

Each choice column of a game's log holds one of a few values (`garde_sans`,
`no_trump`, `7s`). Every reader (CSV, Parquet, JSON lines, Excel, a DataFrame)
also reads the code the game's paper sheet writes for a value (`GS`, `БК`,
`7♠`) and the words clubs write for it, in the game's languages: French and English for
tarot; Russian for preferans; Russian, Latin and Armenian for Bazar-Belot
(`Խաչ`, `ԲՈՅ`, `Քուանշ`, as Armenian Bazar-Blot clubs and programs name a suit,
no-trump and contra). A typed frame always holds the value itself.

Case, accents, spaces, hyphens, underscores, dots and commas do not matter:
`Garde-Sans`, `garde sans` and `GARDE_SANS` are one word, `défense` is
`defense`, and `ё` reads as `е` (`й` stays `й`). In a column that holds several
values (tarot poignées), join them with `+`: `S+D`.

A problem in a CSV (or any log) names the values; a problem in a paper sheet's
cell names the sheet's codes (`contract must be one of passe, P, G, GS, GC`).

Each column is also read under the headings clubs give it (`Donne`, `Appelé`,
`Игрок`, `Гора`): the tables "Column headings" below list them, by game and
log. Headings compare as words do (case, accents, spaces, dots aside:
`N° donne`, `Poignée att.`). A column the log does not know is kept as it is,
unless its heading nearly names a column the log lacks (`Apelé` beside no
partner column): that is a problem with "did you mean", since the deals would
otherwise be read without what it holds. `read_log(..., columns={"Roi": "partner"})`
names a heading no table lists.

This page is written by `scripts/make_vocabulary_doc.py` from each game's
declarations; a test fails when they disagree.
"""

#: Log kinds in the order the page shows them, and what it calls them.
KINDS = {
    "deals": "deal log",
    "points": "points log",
    "sheet": "end-of-game sheet",
    "results": "evening results",
}


def _words(words: list[str]) -> str:
    return ", ".join(f"`{w}`" for w in words) or ""


def _column(field: Field, names: list[str]) -> list[str]:
    """The table of columns that read alike: value, the sheet's code, the other
    words read."""
    codes = field.codes
    lines = [
        ", ".join(f"**`{n}`**" for n in names)
        + (" (several joined by `+`)" if field.multi else ""),
        "",
        "| value | sheet code | also read |",
        "|---|---|---|",
    ]
    for value in field.choices:
        code = codes.get(value)
        shown = "(none)" if code is None else "(blank)" if code == "" else f"`{code}`"
        vocabulary = field.vocabulary
        accepted = vocabulary.accepted(value) if vocabulary is not None else ()
        others = [w for w in accepted if w != code]
        others += sorted(
            k
            for k, v in field.value_aliases.items()
            if v == value and k and k not in _normalised(value, accepted)
        )
        lines.append(f"| `{value}` | {shown} | {_words(others)} |")
    return [*lines, ""]


def _normalised(value: str, words: tuple[str, ...]) -> set[str]:
    return {normalise_value(w) for w in (value, *words)}


def _headings(game) -> list[str]:
    """The table of every column of the game's logs and the headings it reads."""
    lines = [
        "### Column headings",
        "",
        "| column | logs | what it holds | also headed |",
        "|---|---|---|---|",
    ]
    seen: dict[str, list[str]] = {}
    fields: dict[str, Field] = {}
    for kind in KINDS:
        if kind in game.logs:
            for f in game.schema(kind).fields:
                seen.setdefault(f.name, []).append(KINDS[kind])
                fields.setdefault(f.name, f)
    for name, f in fields.items():
        others = [h for h in dict.fromkeys(f.aliases) if h != name]
        held = (f.doc or f.allowed()).replace("|", "/")
        lines.append(
            f"| `{name}` | {', '.join(seen[name])} | {held} | {_words(others)} |"
        )
    return [*lines, ""]


def render() -> str:
    """The page, from the declarations."""
    out = [INTRO]
    for name in game_names():
        game = get_game(name)
        sections = _headings(game)
        for kind in KINDS:
            if kind not in game.logs:
                continue
            fields = [f for f in game.schema(kind).fields if f.kind == "choice"]
            if not fields:
                continue
            sections += [f"### {KINDS[kind].capitalize()}", ""]
            alike: dict[tuple, list[Field]] = {}
            for f in fields:  # columns of one vocabulary share a table
                key = (id(f.vocabulary), f.choices, f.multi, tuple(f.value_aliases))
                alike.setdefault(key, []).append(f)
            for group in alike.values():
                sections += _column(group[0], [f.name for f in group])
        if sections:
            out += [f"## {name.capitalize()}", "", *sections]
    return "\n".join(out).rstrip() + "\n"


if __name__ == "__main__":
    PAGE.write_text(render(), encoding="utf-8")
    print(f"wrote {PAGE}")
