"""A generated archive: a federation's logs of one game, several leagues over
several seasons, in files of whole games, as an archive is kept (one file per
part of a season). For trying the Dask path, benchmarks and teaching.

Every deal is drawn by the game's own generator (``Game.generate``, seeded), so
that every file passes :func:`~cardscore_frames.read_log`. The same arguments
and seed give the same files, byte for byte.

- Seasons run from September to June (``2025-26``: 1 September 2025 to 30 June
  2026). The files are shared out among the seasons in order, each file
  holding a stretch of its season: ``tarot-2025-26-03.parquet`` is the third
  stretch of 2025-26. Games are dated evenly through their stretch, in
  ``game_id`` order; ``table`` numbers the games of one league on one day.
- Leagues are clubs of the game's language (``Club de tarot de Lyon``), of
  different sizes (the first plays the most); each has its own players.
  ``game_id`` counts from 1 in each (league, season) and is unique there.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
import pandas as pd

from cardscore_frames.atomic import write_frame
from cardscore_frames.contract import Game, get_game
from cardscore_frames.errors import RulesError

__all__ = ["generate_archive", "archive_problems", "FORMATS", "SEASONS"]

#: The formats an archive is written in, and their suffixes.
FORMATS = {"parquet": ".parquet", "csv": ".csv"}
#: The default seasons (fixed, so that an archive does not depend on the day).
SEASONS = ("2024-25", "2025-26")
#: A season as written: ``2025-26`` or ``2025-2026``.
_SEASON = re.compile(r"^(\d{4})[-/](\d{2}|\d{4})$")
#: Where each league plays, and what it is called, by the game's language.
CLUBS = {
    "fr": (
        "Club de {game} de {city}",
        ("Lyon", "Nantes", "Lille", "Toulouse", "Bordeaux", "Rennes", "Dijon"),
    ),
    "ru": (
        "{game}: клуб «{city}»",
        ("Москва", "Казань", "Сочи", "Самара", "Томск", "Пермь", "Тверь"),
    ),
    "en": ("{city} {game} club", ("York", "Leeds", "Bath", "Derby", "Ely", "Hull")),
}
#: Players' first names by language; each league's players are some of them,
#: with the initial of a family name.
FIRST_NAMES = {
    "fr": (
        "Amélie", "Bastien", "Chloé", "Élodie", "François", "Gaëlle", "Hugo",
        "Inès", "Jérôme", "Léa", "Maëlys", "Noël", "Océane", "Raphaël", "Zoé",
        "Sébastien", "Théo", "Ursule", "Victor", "Yasmine", "Agnès", "Benoît",
    ),
    "ru": (
        "Алексей", "Борис", "Вера", "Галина", "Дмитрий", "Елена", "Жанна",
        "Зоя", "Игорь", "Кира", "Лев", "Мария", "Никита", "Ольга", "Павел",
        "Роза", "Семён", "Татьяна", "Фёдор", "Юлия", "Яков", "Анна",
    ),
    "en": (
        "Alice", "Brian", "Clara", "David", "Emma", "Frank", "Grace", "Henry",
        "Isla", "Jack", "Kate", "Liam", "Mia", "Noah", "Olive", "Peter",
    ),
}  # fmt: skip
_INITIALS = {"fr": "BCDFGLMPRST", "ru": "БВГДКЛМНПРС", "en": "BCDFGHKLMPRST"}
#: Players of each league.
PLAYERS = 24


def archive_problems(
    *,
    game: str = "tarot",
    deals: int = 2_000_000,
    files: int = 8,
    format: str = "parquet",
    leagues: int = 3,
    seasons: Sequence[str] = SEASONS,
) -> list[str]:
    """Every problem with these arguments of :func:`generate_archive`, in words
    (empty: they are fine)."""
    found = []
    entry = get_game(game)
    if entry.generate is None:
        found.append(f"{entry.title} has no generator of deals")
    if format not in FORMATS:
        found.append(f"format must be {' or '.join(FORMATS)}; got {format!r}")
    cities = CLUBS.get(entry.language, CLUBS["en"])[1]
    if not 1 <= leagues <= len(cities):
        found.append(f"leagues must be from 1 to {len(cities)}; got {leagues}")
    bad = [s for s in seasons if _season_start(s) is None]
    if bad:
        found.append(
            f"{', '.join(map(repr, bad))} is not a season: a season is written "
            "like 2025-26 (September 2025 to June 2026)"
        )
    if not seasons or len(set(seasons)) < len(seasons):
        found.append("seasons must be one or more, each once")
    if files < max(1, len(seasons)):
        found.append(
            f"files must be at least the number of seasons ({len(seasons)}: a "
            f"file holds a stretch of one season); got {files}"
        )
    if deals < files * leagues:
        found.append(
            f"deals must be at least files x leagues ({files * leagues:,}: every "
            f"league plays in every file); got {deals:,}"
        )
    return found


def generate_archive(
    out: str | Path,
    *,
    game: str = "tarot",
    deals: int = 2_000_000,
    files: int = 8,
    format: str = "parquet",
    seed: int = 0,
    leagues: int = 3,
    seasons: Sequence[str] = SEASONS,
    overwrite: bool = False,
    progress: Callable[[dict], None] | None = None,
) -> pd.DataFrame:
    """Write a generated archive of one game: ``files`` files of whole games,
    ``leagues`` leagues over ``seasons``, about ``deals`` deals in all.

    Parameters
    ----------
    out : str or Path
        The folder to write to (made if absent). It must hold no log file
        already (reading the folder would mix them in), unless ``overwrite``.
    game : str
        A registered game with a generator (``"tarot"``, ``"belot"``,
        ``"preferans"``).
    deals : int
        Deals in all, shared out evenly among the files and, in each file,
        among the leagues (the first plays the most). Preferans games are whole
        to their end, so a few more deals are written.
    files : int
        How many files: at least one per season.
    format : {"parquet", "csv"}
        The files' format.
    seed : int
        The same seed (and arguments) gives the same files.
    leagues : int
        Leagues (clubs), each with its own players.
    seasons : sequence of str
        Seasons, written ``2025-26``; each runs from September to June.
    overwrite : bool
        Replace the log files of the folder (every one of them must be an
        archive's: ``<game>-<season>-<NN>.<format>``).
    progress : callable, optional
        Called with each file's row of the returned table once it is written.

    Returns
    -------
    pandas.DataFrame
        One row per file, in order: ``file`` (its path), ``season``,
        ``first_date`` and ``last_date`` (the stretch of the season it holds),
        ``leagues``, ``games`` and ``deals``.

    Raises
    ------
    RulesError
        Every problem with the arguments at once (see :func:`archive_problems`).

    Examples
    --------
    >>> import tempfile, cardscore_frames as csf
    >>> folder = tempfile.mkdtemp()
    >>> table = csf.generate_archive(folder, deals=2_000, files=4, format="csv")
    >>> table[["season", "first_date", "last_date", "deals"]]
        season  first_date   last_date  deals
    0  2024-25  2024-09-01  2025-01-29    500
    1  2024-25  2025-01-30  2025-06-30    500
    2  2025-26  2025-09-01  2026-01-29    500
    3  2025-26  2026-01-30  2026-06-30    500
    >>> log = csf.read_log(table["file"][0], game="tarot")
    >>> sorted(log["league"].unique())
    ['Club de tarot de Lille', 'Club de tarot de Lyon', 'Club de tarot de Nantes']
    """
    seasons = list(seasons)
    found = archive_problems(
        game=game,
        deals=deals,
        files=files,
        format=format,
        leagues=leagues,
        seasons=seasons,
    )
    if found:
        raise RulesError("; ".join(found))
    entry = get_game(game)
    folder = _folder(Path(out), entry.name, overwrite)
    clubs = _clubs(entry, leagues, seed)
    counted = {}  # games so far of each (league, season)
    rows = []
    for spec in _stretches(deals, files, seasons, len(clubs)):
        frame = _stretch(entry, spec, clubs, counted, seed)
        name = f"{entry.name}-{spec['season']}-{spec['part']:02d}{FORMATS[format]}"
        path = write_frame(frame, folder / name)
        row = {
            "file": str(path),
            "season": spec["season"],
            "first_date": spec["first"].isoformat(),
            "last_date": spec["last"].isoformat(),
            "leagues": len(clubs),
            "games": int(frame.groupby(["league", "game_id"]).ngroups),
            "deals": len(frame),
        }
        rows.append(row)
        if progress is not None:
            progress(row)
    return pd.DataFrame(rows)


def _season_start(season: str) -> int | None:
    """The year a season starts in, or None when it is not written as one."""
    found = _SEASON.match(str(season))
    if found is None:
        return None
    start, end = int(found[1]), found[2]
    ends = start + 1
    return start if end in (str(ends), f"{ends % 100:02d}") else None


def _folder(folder: Path, game: str, overwrite: bool) -> Path:
    """The folder, made; refused when it holds log files (replaced with
    ``overwrite`` when they are all an archive's)."""
    folder.mkdir(parents=True, exist_ok=True)
    logs = sorted(
        p for p in folder.iterdir() if p.is_file() and p.suffix in FORMATS.values()
    )
    ours = re.compile(rf"^{re.escape(game)}-\d{{4}}-\d{{2,4}}-\d{{2,}}\.(parquet|csv)$")
    theirs = [p.name for p in logs if not ours.match(p.name)]
    if logs and (not overwrite or theirs):
        shown = ", ".join((theirs or [p.name for p in logs])[:3])
        what = "other log files" if overwrite else f"{len(logs)} log files"
        raise RulesError(
            f"{folder} already holds {what} ({shown}...): reading the folder "
            "would mix them in. Write to an empty folder"
            + ("" if overwrite else ", or replace the archive there (overwrite=True)")
        )
    for path in logs:
        path.unlink()
    return folder


def _clubs(entry: Game, leagues: int, seed: int) -> list[tuple[str, list[str]]]:
    """Each league's name and players (distinct in the whole archive)."""
    pattern, cities = CLUBS.get(entry.language, CLUBS["en"])
    language = entry.language if entry.language in FIRST_NAMES else "en"
    firsts, initials = FIRST_NAMES[language], _INITIALS[language]
    every = np.array([f"{f} {i}." for i in initials for f in firsts], dtype=object)
    rng = np.random.default_rng(np.random.SeedSequence([seed, 1]))
    order = rng.permutation(len(every))
    title = entry.local_title or entry.title
    if language == "fr":  # "Club de tarot de Lyon": the game's name in lower case
        title = title.lower()
    return [
        (
            pattern.format(game=title, city=cities[k]),
            sorted(every[order[k * PLAYERS : (k + 1) * PLAYERS]]),
        )
        for k in range(leagues)
    ]


def _shares(total: int, weights: Sequence[float]) -> list[int]:
    """``total`` shared out in proportion to ``weights``, whole numbers that add
    up to it (largest remainders first)."""
    w = np.asarray(weights, dtype=float)
    exact = total * w / w.sum()
    whole = np.floor(exact).astype(int)
    rest = np.argsort(-(exact - whole), kind="stable")[: total - whole.sum()]
    whole[rest] += 1
    return whole.tolist()


def _stretches(deals: int, files: int, seasons: list[str], leagues: int):
    """Each file's season, stretch of it (first and last day), part number and
    deals per league."""
    per_season = _shares(files, [1] * len(seasons))
    per_file = _shares(deals, [1] * files)
    number = 0
    for season, parts in zip(seasons, per_season, strict=True):
        year = _season_start(season)
        start = pd.Timestamp(year=year, month=9, day=1)
        days = (pd.Timestamp(year=year + 1, month=6, day=30) - start).days + 1
        for part in range(parts):
            first, last = days * part // parts, days * (part + 1) // parts - 1
            yield {
                "number": number,
                "season": season,
                "part": part + 1,
                "first": (start + pd.Timedelta(days=first)).date(),
                "days": last - first + 1,
                "last": (start + pd.Timedelta(days=last)).date(),
                "deals": _shares(per_file[number], 1 / (1 + 0.5 * np.arange(leagues))),
            }
            number += 1


def _stretch(entry: Game, spec: dict, clubs: list, counted: dict, seed: int):
    """One file's deals: each league's games of the stretch, in date order."""
    parts = []
    for k, ((league, names), n) in enumerate(zip(clubs, spec["deals"], strict=True)):
        if n == 0:
            continue
        state = np.random.SeedSequence([seed, 2, spec["number"], k]).generate_state(1)
        log = entry.generate(n, seed=int(state[0]), names=names)
        codes, _ = pd.factorize(log["game_id"])  # games in order, from 0
        before = counted.get((league, spec["season"]), 0)
        games = int(codes.max()) + 1
        counted[(league, spec["season"])] = before + games
        day = np.arange(games) * spec["days"] // games
        table = pd.Series(day).groupby(day).cumcount().to_numpy() + 1
        dates = pd.Timestamp(spec["first"]) + pd.to_timedelta(day, unit="D")
        labels = {
            "league": league,
            "season": spec["season"],
            "date": dates.strftime("%Y-%m-%d").to_numpy(dtype=object)[codes],
            "table": table[codes].astype(str).astype(object),
        }
        log = log.drop(columns=[c for c in labels if c in log])
        log["game_id"] = codes + 1 + before
        parts.append(pd.concat([pd.DataFrame(labels, index=log.index), log], axis=1))
    frame = pd.concat(parts, ignore_index=True)
    order = np.argsort(frame["date"].to_numpy(dtype=str), kind="stable")
    return frame.take(order).reset_index(drop=True)
