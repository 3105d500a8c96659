"""Season and league statistics from the ledger: standings, profiles, head to
head, ratings, charts and the season workbook (docs/guide/season.md)."""

from cardscore_frames.season.calibration import (
    MODELS,
    Calibration,
    calibration,
    compare_models,
    plot_calibration,
)
from cardscore_frames.season.charts import (
    plot_distribution,
    plot_progress,
    plot_ratings,
    save,
)
from cardscore_frames.season.club_rules import POINTS_PRESETS, WHIST_CAPS
from cardscore_frames.season.criteria import (
    CRITERIA,
    PLACE_POINTS,
    RANKINGS,
    Ranking,
    default_ranking,
)
from cardscore_frames.season.expected import (
    ExpectedModel,
    above_expected,
    expected,
    expected_model,
    plot_expected,
)
from cardscore_frames.season.h2h import H2H_COLUMNS, TEAM_COLUMNS, head_to_head
from cardscore_frames.season.luck import luck
from cardscore_frames.season.odds import title_odds
from cardscore_frames.season.par import Par, par
from cardscore_frames.season.partners import Partnerships, partnerships
from cardscore_frames.season.periods import FREQUENCIES, medals, periods
from cardscore_frames.season.profile import profile
from cardscore_frames.season.ratings import Ratings, rating_model, ratings
from cardscore_frames.season.records import RECORDS, improvement, records, streaks
from cardscore_frames.season.standings import standings
from cardscore_frames.season.style import style
from cardscore_frames.season.workbook import to_excel

__all__ = [
    "standings",
    "head_to_head",
    "profile",
    "style",
    "to_excel",
    "plot_progress",
    "plot_ratings",
    "plot_distribution",
    "save",
    "ratings",
    "rating_model",
    "Ratings",
    "H2H_COLUMNS",
    "TEAM_COLUMNS",
    "CRITERIA",
    "RANKINGS",
    "default_ranking",
    "PLACE_POINTS",
    "Ranking",
    "luck",
    "title_odds",
    "records",
    "streaks",
    "improvement",
    "RECORDS",
    "periods",
    "medals",
    "FREQUENCIES",
    "partnerships",
    "Partnerships",
    "expected",
    "expected_model",
    "ExpectedModel",
    "above_expected",
    "plot_expected",
    "calibration",
    "Calibration",
    "compare_models",
    "plot_calibration",
    "MODELS",
    "par",
    "Par",
    "POINTS_PRESETS",
    "WHIST_CAPS",
]
