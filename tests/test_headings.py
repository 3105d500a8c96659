"""Every heading a club gives a column reads as that column, through every
reader; a heading that nearly names a column the log lacks is a problem with
"did you mean", never an extra column kept beside a log read without it; a log
whose deals need a column it lacks is refused.

The expected values are the logs themselves: a log whose columns carry the
club's headings reads exactly as the same log under the columns' own names
(read through the same reader). The 5-player deal's scores are the rules
document's: taker +2S, partner +S, each defender -S; the taker alone +4S
(docs/games/tarot.md, "Scores"; S = (25 + 4) x 2 = 58 for a garde made by 4).
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from test_vocabulary import BELOT, BELOT_POINTS, TAROT, preferans

import cardscore_frames as csf
from cardscore_frames.checking.schema import normalise_heading
from cardscore_frames.contract import get_game

TAROT_FIVE = dict(
    TAROT,
    player5="Élise",
    partner="Chloé",
    sits_out=None,
    misere=None,
)
SHEET = [
    dict(game_id=1, seat=s, player=p, pool=20, mountain=m, pool_target=20)
    | {f"whists_on_{j}": w for j, w in enumerate(ws, start=1)}
    for s, p, m, ws in (
        (1, "Zoya", 4, (None, 34, 20)),
        (2, "Kira", 10, (32, None, 8)),
        (3, "Anna", 21, (30, 58, None)),
    )
]
CORRECTIONS = {
    f"{c}{i}": None for c in ("pool", "mountain", "whists") for i in range(1, 5)
} | {"whists_on": None, "all_pass_price": None}

#: (game, kind, the log's rows under the columns' own names, rules)
LOGS = {
    "tarot-deals": ("tarot", "deals", [TAROT_FIVE], None),
    "tarot-points": (
        "tarot",
        "points",
        [
            dict(game_id=1, deal=1, sits_out=None)
            | {f"player{i}": n for i, n in enumerate(("A", "B", "C", "D", None), 1)}
            | {f"score{i}": s for i, s in enumerate((120, -40, -40, -40, None), 1)}
        ],
        None,
    ),
    "belot-deals": ("belot", "deals", [BELOT], None),
    "belot-points": ("belot", "points", [BELOT_POINTS], None),
    "preferans-deals": (
        "preferans",
        "deals",
        [preferans("7s", "7s") | CORRECTIONS],
        None,
    ),
    "preferans-sheet": ("preferans", "sheet", SHEET, None),
    "preferans-points": (
        "preferans",
        "points",
        [
            dict(game_id=1, deal=1, player4=None, score4=None)
            | {f"player{i}": n for i, n in enumerate(("Zoya", "Kira", "Anna"), 1)}
            | {f"score{i}": s for i, s in enumerate((4.0, -2.5, -1.5), 1)}
        ],
        None,
    ),
}
READERS = ("dataframe", "csv", "excel", "parquet", "jsonl")


def _read(how: str, frame: pd.DataFrame, game: str, kind: str, folder: Path, **kw):
    if how == "dataframe":
        return csf.read_log(frame, game=game, kind=kind, **kw)
    path = folder / f"log.{ {'excel': 'xlsx'}.get(how, how) }"
    if how == "csv":
        frame.to_csv(path, index=False, encoding="utf-8")
    elif how == "excel":
        frame.to_excel(path, index=False, engine="openpyxl")
    elif how == "parquet":
        frame.to_parquet(path, index=False)
    else:
        frame.to_json(path, orient="records", lines=True, force_ascii=False)
    return csf.read_log(path, game=game, kind=kind, **kw)


def _headings(game: str, kind: str, column: str) -> list[str]:
    """Every heading the column reads, as declared (its name aside)."""
    field = get_game(game).schema(kind).field(column)
    return [h for h in dict.fromkeys(field.aliases) if h != column]


def _rounds(game: str, kind: str, columns: list[str]) -> list[dict[str, str]]:
    """Renamings that together give each column every one of its headings."""
    each = {c: _headings(game, kind, c) for c in columns}
    rounds = max(len(h) for h in each.values())
    return [{c: h[r % len(h)] for c, h in each.items() if h} for r in range(rounds)]


@pytest.mark.parametrize("how", READERS)
@pytest.mark.parametrize("log", LOGS)
def test_every_heading_reads_as_its_column(tmp_path, log, how):
    game, kind, rows, rules = LOGS[log]
    frame = pd.DataFrame(rows)
    columns = list(frame.columns)
    expected = _read(how, frame, game, kind, tmp_path, rules=rules)
    names = list(get_game(game).schema(kind).names)
    for renaming in _rounds(game, kind, columns):
        got = _read(how, frame.rename(columns=renaming), game, kind, tmp_path)
        pd.testing.assert_frame_equal(got[names], expected[names], obj=str(renaming))


def test_every_column_of_every_log_has_headings_beyond_its_name():
    # what the headings are declared for: no column is left to its English name
    bare = [
        (game, kind, f.name)
        for game in csf.game_names()
        for kind in get_game(game).logs
        for f in get_game(game).schema(kind).fields
        if not f.aliases and not f.name[-1:].isdigit() or f.name in ("a1", "b2")
    ]
    # the seat columns of belot pairs are named by their seat alone (a1, b2)
    assert {c for *_, c in bare} <= {"a1", "a2", "b1", "b2", "capo", "table"}


def test_a_heading_names_one_column_only():
    for game in csf.game_names():
        for kind in get_game(game).logs:
            schema = get_game(game).schema(kind)
            seen = {}
            for f in schema.fields:
                for h in (f.name, *f.aliases):
                    key = normalise_heading(h)
                    assert seen.setdefault(key, f.name) == f.name, (game, kind, h)


# --- the review's silent wrong score, and the ways out of it ---------------------

FIVE = pd.DataFrame(
    {
        "Partie": [1, 1],
        "Donne": [1, 2],
        **{
            f"Joueur {i}": [n, n]
            for i, n in enumerate(("Anne", "Bruno", "Chloé", "Denis", "Élise"), 1)
        },
        "Preneur": ["Anne", "Bruno"],
        "Appelé": ["Chloé", None],
        "Contrat": ["Garde", "Petite"],
        "Bouts": [2, 1],
        "Points": [45, 40],
    }
)


@pytest.mark.parametrize("how", READERS)
def test_the_called_partner_under_the_clubs_heading_scores_as_partner(tmp_path, how):
    deals = _read(how, FIVE, "tarot", "deals", tmp_path)
    scored = csf.tarot.to_ledger(csf.tarot.score(deals))
    first = scored[scored["deal"] == 1].set_index("player")["score"]
    # garde made by 4 (41 needed at 2 oudlers): S = (25 + 4) x 2 = 58, as the
    # review's deal 1 (taker +116, partner +58)
    assert first.to_dict() == {
        "Anne": 116,
        "Chloé": 58,
        "Bruno": -58,
        "Denis": -58,
        "Élise": -58,
    }
    # deal 2: Bruno alone (no partner named): petite lost by 11 (51 needed)
    second = scored[scored["deal"] == 2].set_index("player")["score"]
    assert second["Bruno"] == -4 * (25 + 11) and second["Anne"] == 25 + 11


@pytest.mark.parametrize("how", READERS)
def test_five_players_and_no_partner_column_is_refused(tmp_path, how):
    with pytest.raises(csf.LogValidationError) as caught:
        _read(how, FIVE.drop(columns="Appelé"), "tarot", "deals", tmp_path)
    fc = caught.value.failure_cases
    assert fc[["column", "reason"]].values.tolist() == [["partner", "missing_column"]]
    message = fc["message"].iat[0]
    assert "2 deals are played at 5" in message
    assert "Appelé" in message and "called_partner=False" in message


def test_the_taker_alone_at_five_is_said_by_the_rules():
    rules = csf.tarot.Rules(called_partner=False)
    deals = csf.read_log(FIVE.drop(columns="Appelé"), game="tarot", rules=rules)
    ledger = csf.tarot.to_ledger(csf.tarot.score(deals))
    first = ledger[ledger["deal"] == 1].set_index("player")["score"]
    assert first["Anne"] == 4 * 58 and first["Chloé"] == -58
    # the command line's preset says the same
    assert csf.tarot.Rules.preset("alone") == rules
    # and a partner named under that rule is a slip, not a score
    with pytest.raises(csf.LogValidationError) as caught:
        csf.read_log(FIVE, game="tarot", rules=rules)
    fc = caught.value.failure_cases
    assert fc[["deal", "column", "value"]].values.tolist() == [[1, "partner", "Chloé"]]


def test_four_players_need_no_partner_column():
    four = FIVE.drop(columns=["Appelé", "Joueur 5"])
    deals = csf.read_log(four, game="tarot")
    assert deals["partner"].isna().all()


# --- near misses: "did you mean", through every reader ----------------------------


def _slip(heading: str) -> str:
    """A typing slip in a heading: the letter nearest its middle doubled."""
    letters = [i for i, ch in enumerate(heading) if ch.isalpha()]
    at = min(letters, key=lambda i: abs(i - len(heading) // 2))
    return heading[:at] + heading[at] + heading[at:]


def _near_misses() -> list:
    cases = []
    for log, (game, kind, rows, _) in LOGS.items():
        schema = get_game(game).schema(kind)
        for column in rows[0]:
            for heading in (column, *_headings(game, kind, column)):
                if len(normalise_heading(heading)) >= 5:  # 'n', 'bt': no slip
                    cases.append(pytest.param(log, column, _slip(heading)))
                    assert schema.column_of(_slip(heading)) is None
    return cases


NEAR = _near_misses()


@pytest.mark.parametrize(("log", "column", "slip"), NEAR)
def test_a_near_miss_is_a_problem_with_did_you_mean(log, column, slip):
    game, kind, rows, _ = LOGS[log]
    frame = pd.DataFrame(rows).rename(columns={column: slip})
    with pytest.raises(csf.LogValidationError) as caught:
        csf.read_log(frame, game=game, kind=kind)
    fc = caught.value.failure_cases
    near = fc[fc["reason"] == "unknown_column"]
    assert near["column"].tolist() == [column]
    assert f"did you mean {column}" in near["message"].iat[0]
    assert f"columns={{{slip!r}: {column!r}}}" in near["message"].iat[0]


@pytest.mark.parametrize("how", READERS)
def test_a_near_miss_is_reported_by_every_reader(tmp_path, how):
    frame = FIVE.rename(columns={"Appelé": "Apelé"})
    with pytest.raises(csf.LogValidationError) as caught:
        _read(how, frame, "tarot", "deals", tmp_path)
    fc = caught.value.failure_cases
    assert fc[["column", "reason"]].values.tolist() == [["partner", "unknown_column"]]
    # and the caller may say what it is
    deals = _read(how, frame, "tarot", "deals", tmp_path, columns={"Apelé": "partner"})
    partners = deals["partner"].tolist()
    assert partners[0] == "Chloé" and pd.isna(partners[1])


def test_a_column_far_from_every_name_is_kept_as_an_extra():
    deals = csf.read_log(FIVE.assign(Commentaire=["belle donne", ""]), game="tarot")
    assert deals["Commentaire"].tolist() == ["belle donne", ""]


def test_a_missing_column_lists_the_columns_found():
    with pytest.raises(csf.LogValidationError) as caught:
        csf.read_log(FIVE.drop(columns="Contrat"), game="tarot")
    message = caught.value.failure_cases["message"].iat[0]
    assert message.startswith("column contract is missing")
    assert "'Partie', 'Donne', 'Joueur 1'" in message and "'Points'" in message


def test_columns_names_a_heading_and_a_column():
    with pytest.raises(csf.RulesError, match="'Nom'.*not a heading.*'x': 'contrat'"):
        csf.read_log(
            FIVE,
            game="tarot",
            columns={"Nom": "player1", "Bouts": "oudlers", "x": "contrat"},
        )


@pytest.mark.parametrize("how", READERS)
@pytest.mark.parametrize("log", LOGS)
def test_every_near_miss_is_reported_by_every_reader(tmp_path, log, how):
    # each round slips every column's heading at once: one "did you mean" each
    game, kind, rows, _ = LOGS[log]
    frame = pd.DataFrame(rows)
    long_enough = {
        c: [h for h in (c, *_headings(game, kind, c)) if len(normalise_heading(h)) >= 5]
        for c in frame.columns
    }
    for r in range(max(len(h) for h in long_enough.values())):
        slips = {c: _slip(h[r % len(h)]) for c, h in long_enough.items() if h}
        with pytest.raises(csf.LogValidationError) as caught:
            _read(how, frame.rename(columns=slips), game, kind, tmp_path)
        fc = caught.value.failure_cases
        near = fc[fc["reason"] == "unknown_column"]
        assert sorted(near["column"]) == sorted(slips), slips


# --- the other games: a column the deals need ------------------------------------


def test_four_at_a_pulka_and_no_dealer_column_is_refused_in_one_line():
    # sample_data's pools of 4: each deal's dealer sits it out
    log = pd.read_csv(Path(__file__).parents[1] / "sample_data/preferans_season.csv")
    four = log[log["player4"].notna()]
    with pytest.raises(csf.LogValidationError) as caught:
        csf.read_log(four.drop(columns="dealer"), game="preferans")
    fc = caught.value.failure_cases
    assert fc[["column", "reason"]].values.tolist() == [["dealer", "missing_column"]]
    assert f"{len(four)} deals are played at 4" in fc["message"].iat[0]
    # pools of 3 need none: the dealer plays
    three = log[log["player4"].isna()].drop(columns="dealer")
    assert len(csf.read_log(three, game="preferans")) == len(three)


def test_a_kept_bela_needs_the_bela_column():
    log = pd.read_csv(Path(__file__).parents[1] / "sample_data/belot_season.csv")
    rules = csf.belot.Rules(bela_kept=True)
    worth = (log["declarer_declarations"] >= 20) | (log["defender_declarations"] >= 20)
    with pytest.raises(csf.LogValidationError) as caught:
        csf.read_log(log.drop(columns="bela"), game="belot", rules=rules)
    fc = caught.value.failure_cases
    assert fc[["column", "reason"]].values.tolist() == [["bela", "missing_column"]]
    assert f"{int(worth.sum())} deals have declarations" in fc["message"].iat[0]
    # without the house rule the column is not read, so not needed
    assert len(csf.read_log(log.drop(columns="bela"), game="belot")) == len(log)
