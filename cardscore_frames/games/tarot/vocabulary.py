"""The tarot vocabulary: for each choice column of the log, the values as stored,
the codes of the feuille de marque (docs/guide/excel.md, section 3.2) and the
words French and English clubs write. Every reader and the sheet take them from
here; docs/vocabulary.md lists them.
"""

from __future__ import annotations

from cardscore_frames.checking.schema import Vocabulary, numbered

__all__ = ["CONTRACT", "CAMP", "POIGNEE", "CHELEM", "VOCABULARY", "HEADINGS"]

#: Contrat: P (prise, petite), G, GS, GC; a passed donne says so.
CONTRACT = Vocabulary(
    codes={
        "pass": "passe",
        "petite": "P",
        "garde": "G",
        "garde_sans": "GS",
        "garde_contre": "GC",
    },
    words={
        "pass": ("passé", "passed", "tous passent", "annulée", "cancelled"),
        "petite": ("prise", "small"),
        "garde": ("guard",),
        "garde_sans": ("garde sans le chien", "guard without", "guard without kitty"),
        "garde_contre": (
            "garde contre le chien",
            "guard against",
            "guard against kitty",
        ),
    },
)
_NONE = ("aucun", "aucune", "non", "no", "")
#: Petit au bout: the camp that took it.
CAMP = Vocabulary(
    codes={"none": "", "attack": "A", "defence": "D"},
    words={
        "none": _NONE,
        "attack": ("attaque", "att", "attaquant"),
        "defence": ("défense", "def", "défenseur", "defense"),
    },
)
#: Poignée: S, D or T, in the column of the camp that showed it.
POIGNEE = Vocabulary(
    codes={"none": "", "simple": "S", "double": "D", "triple": "T"},
    words={
        "none": _NONE,
        "simple": ("simple poignée", "poignée simple", "single", "single handful"),
        "double": ("double poignée", "poignée double", "double handful"),
        "triple": ("triple poignée", "poignée triple", "triple handful"),
    },
)
#: Chelem, as sheets.md words it; the petit chelem of the house rule last.
CHELEM = Vocabulary(
    codes={
        "none": "",
        "announced_made": "annoncé réussi",
        "unannounced_made": "non annoncé",
        "announced_failed": "annoncé chuté",
        "defence": "défense",
        "announced_defence": "annoncé, défense",
        "petit_announced_made": "petit annoncé réussi",
        "petit_announced_failed": "petit annoncé chuté",
    },
    words={
        "none": ("aucun", "non", "no", "pas de chelem", ""),
        "announced_made": ("chelem annoncé réussi", "chelem annoncé", "announced"),
        "unannounced_made": ("chelem non annoncé", "unannounced"),
        "announced_failed": ("chelem annoncé chuté", "chelem chuté", "failed"),
        "defence": ("chelem de la défense", "chelem défense", "def", "defense"),
        "announced_defence": ("annoncé défense", "announced defence"),
        "petit_announced_made": ("petit chelem annoncé réussi",),
        "petit_announced_failed": ("petit chelem annoncé chuté", "petit chelem chuté"),
    },
)
#: The vocabulary of each choice column of the deal log.
VOCABULARY = {
    "contract": CONTRACT,
    "petit_au_bout": CAMP,
    "poignee_attack": POIGNEE,
    "poignee_defence": POIGNEE,
    "chelem": CHELEM,
}

#: The headings French and English clubs give each column of the tarot logs,
#: beside the column's own name (case, accents, spaces and dots do not matter:
#: ``Appelé``, ``appele`` and ``Appele`` are one heading); docs/vocabulary.md
#: lists them.
HEADINGS = {
    "game_id": ("Game", "Game ID", "Partie", "N° partie", "Game no", "Game number"),
    "deal": ("Deal no", "Donne", "N° donne", "N°", "No", "Deal number", "Numéro"),
    **numbered("player", 5, "Joueur", "Joueuse", "J", "Player"),
    "taker": ("Preneur", "Preneuse", "Attaquant", "Bidder"),
    "partner": (
        "Appelé",
        "Appelée",
        "Partenaire",
        "Roi appelé",
        "Joueur appelé",
        "Called",
        "Called player",
    ),
    "contract": ("Contrat", "Enchère", "Prise", "Bid"),
    "oudlers": ("Bouts", "Nb bouts", "Nombre de bouts", "Ends"),
    "card_points": (
        "Points",
        "Pts",
        "Points faits",
        "Points attaque",
        "Points de l'attaque",
        "Card points",
    ),
    "petit_au_bout": ("Petit au bout", "pab", "Petit"),
    "poignee_attack": ("Poignée att.", "Poignée attaque", "Poignée", "Handful"),
    "poignee_defence": (
        "poignee_defense",
        "Poignée déf.",
        "Poignée défense",
        "Handful defence",
    ),
    "chelem": ("Slam", "Grand chelem"),
    "sits_out": ("Mort", "Exempt", "Sitting out", "Sits out"),
    "misere": ("Misère",),
    **numbered("score", 5, "Points", "Pts", "Score"),
}
