"""The bundled games, the one list of them.

Each game is one folder with the same files for the same roles:

- ``__init__.py``: its :class:`~cardscore_frames.contract.Game` (``GAME``) and
  its public names;
- ``rules.py``: its ``Rules`` with named presets, and the rule tables;
- ``vocabulary.py``: every word a choice column reads (canonical values, the
  paper sheet's codes, the words clubs write), declared once for the logs,
  the sheets and the templates;
- ``schema.py``: the deal log's columns, its seats and every check; where
  they would make one long module the checks sit beside it (tarot's
  ``seats.py``, ``checks.py`` and ``card_checks.py``; preferans's
  ``checks.py`` and ``trick_checks.py``);
- ``scoring.py``: ``score``, the deal arithmetic as columns;
- ``ledger.py``: ``to_ledger``, what each player won on each deal;
- ``results.py``: ``results`` and ``report``;
- ``points_log.py``: the points-only log (what :mod:`.points_logs` shares);
- ``profile.py``: ``profile``; ``generate.py``: random logs;
- ``paper/``: its paper score sheet in Excel: ``export.py``, ``template.py``
  (belot's with its formulas in ``template_formulas.py`` and its rules sheet
  in ``rules_sheet.py``), the layout and drawing modules, and
  ``points_log.py``, the sheet of the points-only log (a module of ``paper/``
  draws what its namesake holds).

Game-only extras sit in named subfolders: preferans's ``settlement/`` (the
end-of-game sheet: its schema, the sheet summed from scored deals, settling)
and ``formats/`` (other programs' files). Two names differ from the obvious
ones, each for a reason:

- the score sheet's folder is ``paper/``, not ``sheet/``: in preferans
  ``sheet`` is already the public function that sums a game's deals into its
  end-of-game sheet (and the log kind it returns), which a ``sheet`` package
  would shadow, and one name in every game keeps one shape;
- where the log's checks run the scoring arithmetic themselves, so that the
  check and the scorer cannot disagree (belot: deals after a match was
  decided; preferans: the walk through each game's pools, deals after its
  end), that arithmetic sits below ``schema.py`` in ``arithmetic`` (belot's
  module ``arithmetic.py``; preferans's many parts in the folder
  ``arithmetic/``) and ``scoring.py`` frames it: in ``scoring.py`` it would
  make the schema and the scorer import each other.

Its package builds a :class:`~cardscore_frames.contract.Game`; the line below
registers it. A game of your own is registered the same way
(:func:`cardscore_frames.contract.register`), with no change to the package.
"""

from cardscore_frames.contract import register
from cardscore_frames.games import belot, preferans, tarot

for _game in (tarot.GAME, belot.GAME, preferans.GAME):
    register(_game)

__all__ = ["tarot", "belot", "preferans"]
