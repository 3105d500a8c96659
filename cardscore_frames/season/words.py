"""The words people read in the season workbook and charts, declared once: each
figure's header and each label in English, French and Russian.

The analyst's frames keep their identifiers (``mean_per_game``); the workbook
shows ``Moyenne par partie``. A game's blocks speak the game's language
(``Game.language``: tarot French, belot and preferans Russian) unless a
language is chosen; sheets shared by several games speak the language most of
them share.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from cardscore_frames.contract import get_game
from cardscore_frames.errors import RulesError

__all__ = [
    "LANGUAGES",
    "WORDS",
    "word",
    "header",
    "game_language",
    "book_language",
    "game_title",
    "criterion",
    "ranked_by",
]

LANGUAGES = ("en", "fr", "ru")

#: identifier or label -> (English, French, Russian)
WORDS: dict[str, tuple[str, str, str]] = {
    # standings
    "game": ("Game", "Jeu", "Игра"),
    "league": ("League", "Club", "Клуб"),
    "season": ("Season", "Saison", "Сезон"),
    "rank": ("Rank", "Place", "Место"),
    "player": ("Player", "Joueur", "Игрок"),
    "games": ("Games", "Parties", "Партии"),
    "deals": ("Deals", "Donnes", "Сдачи"),
    "total": ("Total", "Total", "Итого"),
    "mean_per_game": ("Mean per game", "Moyenne par partie", "В среднем за партию"),
    "mean_per_deal": ("Mean per deal", "Moyenne par donne", "В среднем за сдачу"),
    "wins": ("Wins", "Victoires", "Победы"),
    "wins_shared": (
        "Wins (shared split)",
        "Victoires (ex æquo partagés)",
        "Победы (с дележом)",
    ),
    "losses": ("Losses", "Défaites", "Поражения"),
    "win_rate": ("Win rate", "% de victoires", "% побед"),
    "average_place": ("Average place", "Place moyenne", "Среднее место"),
    "best": ("Best game", "Meilleure partie", "Лучшая партия"),
    "worst": ("Worst game", "Pire partie", "Худшая партия"),
    "longest_streak": ("Longest winning run", "Plus longue série", "Лучшая серия"),
    "positive": ("Games in the plus", "Parties positives", "Партии в плюсе"),
    "points_for": ("Points for", "Points pour", "Набрано"),
    "points_against": ("Points against", "Points contre", "Пропущено"),
    "difference": ("Difference", "Différence", "Разница"),
    "unfinished": ("Unfinished", "Inachevées", "Не доиграны"),
    "place_points": ("Place points", "Points de place", "Очки за места"),
    "money": ("Money", "Argent", "Деньги"),
    "points": ("Club points", "Points du club", "Очки клуба"),
    "cut": ("Cut by the caps", "Écrêté", "Срезано"),
    "evenings": ("Evenings", "Soirées", "Вечера"),
    "evenings_counted": ("Evenings counted", "Soirées comptées", "Зачётные вечера"),
    "below_min_games": ("Too few games", "Trop peu de parties", "Мало партий"),
    "yes": ("yes", "oui", "да"),
    # criteria of a ranking (tie-break headers and the ranking in words)
    "score": ("Score", "Score", "Очки"),
    "mean": ("Mean per game", "Moyenne par partie", "В среднем за партию"),
    "direct": ("Direct encounter", "Confrontation directe", "Личные встречи"),
    "places": ("{k} places", "{k}es places", "{k}-е места"),
    "per_game": ("{x} per game", "{x} par partie", "{x} за партию"),
    "then": (", then ", ", puis ", ", затем "),
    "ranked_by": ("Ranked by:", "Classement par :", "Порядок мест:"),
    # head to head
    "opponent": ("Opponent", "Adversaire", "Соперник"),
    "net": ("Net result", "Solde", "Итог"),
    "games_met": ("Games met", "Parties ensemble", "Встреч"),
    "draws": ("Draws", "Nuls", "Ничьи"),
    "team": ("Pair", "Équipe", "Пара"),
    "pair": ("Pair", "Équipe", "Пара"),
    "matches": ("Matches", "Matchs", "Матчи"),
    "h2h_note": (
        "Each cell: what the row's player won from the column's player ({unit}).",
        "Chaque case : ce que le joueur de la ligne a gagné contre celui de la "
        "colonne ({unit}).",
        "В клетке: сколько игрок строки выиграл у игрока столбца ({unit}).",
    ),
    "games_met_note": (
        "Games the two played at the same table.",
        "Parties jouées à la même table.",
        "Партии, сыгранные за одним столом.",
    ),
    # ratings
    "ordinal": ("Rating", "Cote", "Рейтинг"),
    "mu": ("Skill (μ)", "Niveau (μ)", "Сила (μ)"),
    "sigma": ("Uncertainty (σ)", "Incertitude (σ)", "Неточность (σ)"),
    "last_date": ("Last game", "Dernière partie", "Последняя партия"),
    "rating_note": (
        "Rating = μ − 3σ (openskill {model}): a cautious estimate of skill.",
        "Cote = μ − 3σ (openskill {model}) : une estimation prudente du niveau.",
        "Рейтинг = μ − 3σ (openskill {model}): осторожная оценка силы.",
    ),
    "rating_chart": (
        "{game}: rating after each game",
        "{game} : cote",
        "{game}: рейтинг",
    ),
    # player pages
    "date": ("Date", "Date", "Дата"),
    "table": ("Table", "Table", "Стол"),
    "game_id": ("Game no.", "Partie n°", "Партия №"),
    "players": ("Players", "Joueurs", "Игроков"),
    "place": ("Place", "Place", "Место"),
    "running": ("Running total", "Cumul", "Нарастающий итог"),
    "n": ("No.", "N°", "№"),
    "opponents": ("Opponents", "Adversaires", "Соперники"),
    "games_of": ("Games: {game}", "Parties : {game}", "Партии: {game}"),
    "running_of": ("{player}: running total", "{player} : cumul", "{player}: итог"),
    # profiles
    "role": ("Role", "Rôle", "Роль"),
    "won": ("Won", "Gagnées", "Выиграно"),
    "mean_score": ("Mean score", "Score moyen", "Средний счёт"),
    "contract": ("Contract", "Contrat", "Контракт"),
    "takes": ("Takes", "Prises", "Взятия"),
    "made": ("Made", "Réussies", "Сыграно"),
    "success_rate": ("Success rate", "% de réussite", "% успеха"),
    "mean_margin": ("Mean margin", "Écart moyen", "Средний перебор"),
    "alone": ("Alone", "Seul", "Один"),
    "petit_au_bout_for": ("Petit au bout for", "Petits au bout pour", "Пти в конце за"),
    "petit_au_bout_against": (
        "Petit au bout against",
        "Petits au bout contre",
        "Пти в конце против",
    ),
    "poignees_for": ("Handfuls for", "Poignées pour", "Пуаньи за"),
    "poignees_against": ("Handfuls against", "Poignées contre", "Пуаньи против"),
    "chelems_made": ("Slams made", "Chelems réussis", "Шлемы сыграны"),
    "chelems_failed": ("Slams failed", "Chelems chutés", "Шлемы провалены"),
    "chelems_conceded": ("Slams conceded", "Chelems subis", "Шлемы против"),
    "declared": ("Declared", "Annoncés", "Заказано"),
    "made_rate": ("Made (%)", "Réussis (%)", "Сыграно (%)"),
    "capo_declared": ("Capo declared", "Capot annoncés", "Капо заказано"),
    "capo_made": ("Capo made", "Capot réussis", "Капо сыграно"),
    "contra_declared": ("Contra declared", "Contres annoncés", "Контра заказана"),
    "contra_made": ("Contra made", "Contres réussis", "Контра сыграна"),
    "contra_defended": ("Contra defended", "Contres défendus", "Контра отбита"),
    "contra_beaten": ("Contra beaten", "Contres subis", "Контра проиграна"),
    "recontra_declared": (
        "Recontra declared",
        "Surcontres annoncés",
        "Реконтра заказана",
    ),
    "recontra_made": ("Recontra made", "Surcontres réussis", "Реконтра сыграна"),
    "recontra_defended": (
        "Recontra defended",
        "Surcontres défendus",
        "Реконтра отбита",
    ),
    "recontra_beaten": ("Recontra beaten", "Surcontres subis", "Реконтра проиграна"),
    "bait_taken": ("Bait taken", "Baït pris", "Байт получен"),
    "bait_given": ("Bait given", "Baït donnés", "Байт дан"),
    "mean_bid": ("Mean bid", "Enchère moyenne", "Средний заказ"),
    "mean_points": ("Mean points", "Points moyens", "Средние очки"),
    "misere_declared": ("Misère declared", "Misères annoncées", "Мизеров заказано"),
    "misere_made": ("Misère made", "Misères réussies", "Мизеров сыграно"),
    "whisted": ("Whisted", "Whists", "Вистовал"),
    "whists_won": ("Whists won", "Whists gagnés", "Висты получены"),
    "whists_paid": ("Whists paid", "Whists payés", "Висты отданы"),
    "pool": ("Pool", "Pool", "Пуля"),
    "mountain": ("Mountain", "Montagne", "Гора"),
    "mountain_per_game": ("Mountain per game", "Montagne par partie", "Гора за пулю"),
    "all_pass_deals": ("All-pass deals", "Donnes passées", "Распасы"),
    "all_pass_mountain": (
        "All-pass mountain",
        "Montagne des passes",
        "Гора на распасах",
    ),
    "all_pass_clean": ("All-pass clean", "Passes sans pli", "Распасы чисто"),
    "level": ("Level", "Niveau", "Уровень"),
    "undertricks": ("Undertricks", "Levées de chute", "Недобор"),
    # profile titles
    "roles": ("by role", "par rôle", "по ролям"),
    "contracts": ("by contract", "par contrat", "по контрактам"),
    "bonuses": ("bonuses", "primes", "премии"),
    "declarer": ("as declarer", "en preneur", "заказы"),
    "partnerships": ("partnerships", "équipes", "пары"),
    # sheets and titles
    "standings": ("Standings", "Classement", "Таблица"),
    "full_figures": ("All figures", "Tous les chiffres", "Все показатели"),
    "head_to_head": ("Head to head", "Face-à-face", "Личные встречи"),
    "ratings": ("Ratings", "Cotes", "Рейтинг"),
    "chart_data": ("Chart data", "Données des graphiques", "Данные графиков"),
    "game_no": ("Game", "Partie", "Партия"),
    "deal_no": ("Deal", "Donne", "Сдача"),
    # the page "What the numbers say"
    "numbers": (
        "What the numbers say",
        "Ce que disent les chiffres",
        "Что говорят цифры",
    ),
    "numbers_sheet": ("The numbers", "Les chiffres", "Цифры"),
    "skill_luck": ("Skill or luck?", "Talent ou chance ?", "Мастерство или удача?"),
    "skill_share": ("Skill share", "Part du talent", "Мастерство"),
    "skill_share_low": ("at least", "au moins", "не меньше"),
    "skill_share_high": ("at most", "au plus", "не больше"),
    "games_to_even": ("Games to even", "Parties pour égaler", "Партий до равенства"),
    "p_luck": ("Luck alone", "Hasard seul", "Одна удача"),
    "luck_words": (
        "After {games} games, about {share} of the differences between players "
        "are skill (somewhere between {low} and {high}). {even} Luck alone "
        "spreads a table this much {p} times in 100.",
        "Après {games} parties, environ {share} des écarts entre joueurs "
        "viennent du talent (quelque part entre {low} et {high}). {even} Le "
        "hasard seul écarte autant un classement {p} fois sur 100.",
        "После {games} партий около {share} разницы между игроками — "
        "мастерство (где-то от {low} до {high}). {even} Одна удача даёт "
        "такой разброс {p} раз из 100.",
    ),
    "even_after": (
        "Skill weighs as much as a game's luck after {n} games.",
        "Le talent pèse autant que la chance d'une partie après {n} parties.",
        "Мастерство весит столько же, сколько удача, после {n} партий.",
    ),
    "even_never": (
        "No skill shows yet: the table is luck so far.",
        "Aucun talent ne se voit encore : le classement est de la chance.",
        "Мастерства пока не видно: таблица — это удача.",
    ),
    "beat_cards": (
        "Who beat his cards?",
        "Qui a battu ses cartes ?",
        "Кто обыграл свои карты?",
    ),
    "above_words": (
        "Each player's result less what deals like his (as the log shows them: "
        "{features}) give on average in this league. The log cannot see the "
        "hand itself.",
        "Le résultat de chacun moins ce que rapportent en moyenne dans ce club "
        "des donnes comme les siennes (telles que la feuille les montre : "
        "{features}). La feuille ne voit pas la main elle-même.",
        "Результат игрока минус то, что в среднем дают в клубе такие же сдачи "
        "(как их видно по записи: {features}). Сами карты запись не видит.",
    ),
    "above_expected": ("Above expected", "Au-dessus de l'attendu", "Выше ожидания"),
    "above_per_deal": ("Per deal", "Par donne", "За сдачу"),
    "expected": ("Expected", "Attendu", "Ожидание"),
    "above_chart": (
        "Above expected, running",
        "Au-dessus de l'attendu, cumulé",
        "Выше ожидания, нарастающим итогом",
    ),
    "forecasts": (
        "Do the ratings know?",
        "Les cotes savent-elles ?",
        "Знает ли рейтинг?",
    ),
    "forecast_better": (
        "Before each game the ratings gave each side a chance of winning. Over "
        "{sides} forecasts they did better than giving every side the same "
        "chance: Brier score {brier} against {uniform} (0 is perfect).",
        "Avant chaque partie, les cotes donnent à chacun une chance de gagner. "
        "Sur {sides} pronostics, elles ont fait mieux que donner à tous la même "
        "chance : score de Brier {brier} contre {uniform} (0 est parfait).",
        "Перед каждой партией рейтинг даёт каждому шанс на победу. На {sides} "
        "прогнозах он угадал лучше, чем равные шансы для всех: Брайер {brier} "
        "против {uniform} (0 — идеально).",
    ),
    "forecast_worse": (
        "Before each game the ratings gave each side a chance of winning. Over "
        "{sides} forecasts they did no better than giving every side the same "
        "chance: Brier score {brier} against {uniform} (0 is perfect). Do not "
        "lean on them here.",
        "Avant chaque partie, les cotes donnent à chacun une chance de gagner. "
        "Sur {sides} pronostics, elles n'ont pas fait mieux que donner à tous "
        "la même chance : score de Brier {brier} contre {uniform} (0 est "
        "parfait). Ne vous y fiez pas ici.",
        "Перед каждой партией рейтинг даёт каждому шанс на победу. На {sides} "
        "прогнозах он угадал не лучше, чем равные шансы для всех: Брайер "
        "{brier} против {uniform} (0 — идеально). Здесь на него не опирайтесь.",
    ),
    "bin": ("Chance given", "Chance donnée", "Данный шанс"),
    "sides": ("Forecasts", "Pronostics", "Прогнозы"),
    "predicted": ("Predicted", "Prévu", "Прогноз"),
    "observed": ("Won", "Gagné", "Выиграно"),
    "calibration_chart": (
        "Chance given and how often it came true",
        "Chance donnée et réalisée",
        "Прогноз и как часто он сбывался",
    ),
    "par_title": ("Above par", "Au-dessus du par", "Выше пара"),
    "par_words": (
        "Par: what the ratings of everyone at his tables promised him. "
        "{provisional}: few games, or a rating still uncertain.",
        "Par : ce que promettaient les cotes de tous ses adversaires. "
        "« {provisional} » : peu de parties, ou une cote encore incertaine.",
        "Пар: что обещали рейтинги всех за его столами. «{provisional}»: мало "
        "партий или рейтинг ещё не устоялся.",
    ),
    "par_score": ("Par", "Par", "Пар"),
    "above_par": ("Above par", "Au-dessus du par", "Выше пара"),
    "above_par_per_game": ("Per game", "Par partie", "За партию"),
    "expected_wins": ("Expected wins", "Victoires attendues", "Ждали побед"),
    "provisional": ("Provisional", "Provisoire", "Рейтинг неточен"),
    "records": ("Records", "Records", "Рекорды"),
    "record": ("Record", "Record", "Рекорд"),
    "value": ("Value", "Valeur", "Значение"),
    "best deal": ("Best deal", "Meilleure donne", "Лучшая сдача"),
    "worst deal": ("Worst deal", "Pire donne", "Худшая сдача"),
    "best game": ("Best game", "Meilleure partie", "Лучшая партия"),
    "worst game": ("Worst game", "Pire partie", "Худшая партия"),
    "best evening": ("Best evening", "Meilleure soirée", "Лучший вечер"),
    "worst evening": ("Worst evening", "Pire soirée", "Худший вечер"),
    "longest winning streak": (
        "Longest winning run",
        "Série de victoires",
        "Побед подряд",
    ),
    "longest losing streak": (
        "Longest winless run",
        "Série sans victoire",
        "Партий без побед",
    ),
    "current winning streak": (
        "Winning run now",
        "Série en cours",
        "Побед подряд сейчас",
    ),
    "current": ("Now", "En cours", "Сейчас"),
    "improved": ("Most improved", "Meilleure progression", "Больше всех вырос"),
    "change": ("Change", "Écart", "Изменение"),
    "change_shrunk": ("Change (prudent)", "Écart (prudent)", "С поправкой"),
    # what the log shows of a deal (Game.deal_features)
    "feature_oudlers": ("oudlers", "bouts", "удлеры"),
    "feature_alone": ("taker alone", "preneur seul", "один против всех"),
    "feature_players": ("table size", "joueurs à la table", "игроков за столом"),
    "feature_contract": ("contract", "contrat", "контракт"),
    "feature_poignee_attack": (
        "attack's handful",
        "poignée de l'attaque",
        "пуаньи атаки",
    ),
    "feature_poignee_defence": (
        "defence's handful",
        "poignée de la défense",
        "пуаньи защиты",
    ),
    "feature_bid": ("bid", "enchère", "заказ"),
    "feature_capo": ("capo", "capot", "капо"),
    "feature_doubling": ("contra", "contre", "контра"),
    "feature_declarer_declarations": (
        "declarer's declarations",
        "annonces du preneur",
        "объявления заказавших",
    ),
    "feature_defender_declarations": (
        "defence's declarations",
        "annonces de la défense",
        "объявления защиты",
    ),
    "feature_whisters": ("whist calls", "whists", "висты"),
    "games_before": ("Games before", "Parties avant", "Партий до"),
    "games_after": ("Games after", "Parties après", "Партий после"),
    "months": ("Month by month", "Mois par mois", "По месяцам"),
    "gold": ("1st", "1er", "1-е"),
    "silver": ("2nd", "2e", "2-е"),
    "bronze": ("3rd", "3e", "3-е"),
    "periods": ("Months", "Mois", "Месяцы"),
    "pairs_title": ("Partnerships", "Associations", "Пары"),
    "partners": ("Partners", "Partenaires", "Партнёры"),
    "margin": ("Margin", "Écart", "Перевес"),
    "synergy": ("Synergy", "Entente", "Бонус пары"),
    "odds_title": ("Title odds", "Chances de titre", "Шансы на титул"),
    "odds_words": (
        "After {n} more evenings like the past ones (simulated).",
        "Après {n} soirées de plus comme les précédentes (simulées).",
        "Ещё {n} вечеров, как прошедшие (моделирование).",
    ),
    "p_first": ("First", "Premier", "Первое место"),
    "p_top3": ("Top three", "Podium", "Тройка"),
    "current_value": ("Now", "Actuel", "Сейчас"),
    "no_numbers": (
        "Not enough games for these figures yet.",
        "Pas encore assez de parties pour ces chiffres.",
        "Пока мало партий для этих цифр.",
    ),
}


def word(key: str, language: str, **values: object) -> str:
    """``key`` in ``language``, with ``{}`` fields filled from ``values``."""
    if language not in LANGUAGES:
        raise RulesError(
            f"language must be one of {', '.join(LANGUAGES)}; got {language!r}"
        )
    text = WORDS[key][LANGUAGES.index(language)]
    return text.format(**values) if values else text


def header(column: str, language: str) -> str:
    """A column's header for people: its word, else the identifier made
    readable (a column a newer version added and this table misses)."""
    if column in WORDS:
        return word(column, language)
    if column.startswith("places_") and column[7:].isdigit():
        return word("places", language, k=column[7:])
    return column.replace("_", " ").capitalize()


def game_language(game: str, language: str | None) -> str:
    """The language of a game's blocks: the chosen one, else the game's."""
    chosen = language or getattr(get_game(game), "language", "en")
    return chosen if chosen in LANGUAGES else "en"


def book_language(games: Iterable[str], language: str | None) -> str:
    """The language of sheets shared by ``games``: the chosen one, else the
    language most of them speak (ties: the first game's)."""
    if language is not None:
        word("game", language)  # checks it
        return language
    spoken = [game_language(g, None) for g in games]
    return Counter(spoken).most_common(1)[0][0] if spoken else "en"


def game_title(game: str, language: str) -> str:
    """The game's name: in its own language when the book speaks it."""
    entry = get_game(game)
    own = getattr(entry, "local_title", None)
    return own if own and language == getattr(entry, "language", "en") else entry.title


def criterion(name: str, language: str, *, mean: bool = False) -> str:
    """One criterion of a ranking as a header (``mean``: its per-game form)."""
    if name.startswith("places_"):
        text = word("places", language, k=name[7:])
    else:
        text = header(name, language)
    if mean and name not in ("mean", "best", "direct"):
        text = word("per_game", language, x=text)
    return text


def ranked_by(criteria: list[str], language: str, *, mean: bool = False) -> str:
    """The ranking in words: ``Classement par : points de place, puis total``
    (French puts a space before the colon)."""
    names = [criterion(c, language, mean=mean) for c in criteria]
    joined = word("then", language).join(n[:1].lower() + n[1:] for n in names)
    return f"{word('ranked_by', language)} {joined}"
