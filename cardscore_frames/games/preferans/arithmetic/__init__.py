"""The arithmetic of preferans deals, every game at once (docs/games/preferans.md
"One deal"): the log's codes as arrays (:mod:`.seats`), what one deal writes
(:mod:`.outcome`), correction rows (:mod:`.corrections`), the pools' cap,
overflow and end (:mod:`.pools`), the walk through every game that frames them
(:mod:`.arrays`) and the check it makes possible, deals after a game's end
(:mod:`.ends`). It sits below the deal log's schema, whose checks run the same
walk that ``score`` then takes over, so the two cannot disagree.
"""
