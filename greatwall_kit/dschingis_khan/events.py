"""Every kind of event Dschingis Khan's rules record, declared once: its rule, sentence and data.

The rules record an event as its kind and values (``game._events.append((TURN, p, "Red"))``); whatever reads the log
finds events by kind (``event.kind is TURN``): :func:`~greatwall_kit.dschingis_khan.procedure.scout_paths`,
``resolutions()``, the lab's statistics (:mod:`.figures`). A sentence whose wording depends on the rule applied is
two kinds (a loop kept or removed, each scoring case); a part computed from the data (a list written out, a
count) is a word given at the call.

>>> print(WALL_PLACED.event(37, "Red", "(2,2)-(2,3)"))
Red places an open wall on (2,2)-(2,3). [DK-20]
>>> WALL_PLACED.event(37, "Red", "(2,2)-(2,3)").data
{'line': 37, 'who': 'Red', 'towers': '(2,2)-(2,3)'}
"""

from dataclasses import fields

from ..engine.log import EventKind
from .walls import Resolution

__all__ = ["WALL_STANDS", "SHUFFLED", "SETUP_DRAWN", "SETUP_SEEN", "SETUP_LAID", "SETUP_TILE", "SCOUT_PLACED",
           "SUPPLIED", "HOLDS", "SET_UP_FROM_POSITION", "ANNOUNCED_BEFORE",
           "TURN", "SCOUT_BACK", "TOOK_WALL", "TOOK_TILE", "DREW", "NOTHING_TO_TAKE", "TOOK_WHAT_THERE_IS",
           "END_ANNOUNCED", "NOTHING_TO_PLACE", "PASSED", "RETREATED",
           "WALL_PLACED", "NO_LINE_LEFT", "LOOP_CLOSED", "LOOP_EVEN", "NEW_END", "RESOLUTIONS", "ISOLATED_REMOVED",
           "SIDES_CHANGED", "LEAVE_THE_GAME",
           "TRACK_WALKED", "GATE_PASSED", "WALL_CLIMBED", "SCOUT_STEPS", "TILE_LAID", "LAID_TILE", "SCOUT_STAYS",
           "SCOUT_BLOCKED", "DISCARDED",
           "FINAL_ROUND_OVER", "SCORED_NEITHER", "SCORED_PLAGUE", "SCORED_GINSENG", "SCORED_BOTH", "VILLAGE_SCORED",
           "FINAL_SCORES"]

# -- set-up (DK-01 to DK-05) ------------------------------------------------------------------------------------

WALL_STANDS = EventKind("wall_stands", "DK-01", "The Great Wall stands open on {walls} lines between tower {west} "
                        "and tower {east}; {supply} walls form the common supply.", ("walls",),
                        ("west", "east", "supply"))
SHUFFLED = EventKind("shuffled", "DK-03", "Every player shuffles 17 tiles face down.")
SETUP_DRAWN = EventKind("setup_drawn", "DK-04", "{who} draws two tiles for the set-up.", (), ("who",))
#: (to the player who drew them)
SETUP_SEEN = EventKind("setup_seen", "DK-04", "{who} sees {tiles[0]} and {tiles[1]}.", ("tiles",), ("who",))
SETUP_LAID = EventKind("setup_laid", "DK-04", "{who} lays a set-up tile face down on village {village}.",
                       ("village",), ("who",))
#: (to the player who laid it)
SETUP_TILE = EventKind("setup_tile", "DK-04", "It is {tile}.", ("village", "tile"))
SCOUT_PLACED = EventKind("scout_placed", "DK-04", "{who} stands the scout on village {village}.", ("village",),
                         ("who",))
SUPPLIED = EventKind("supplied", "DK-05", "{who} takes 2 walls and 2 tiles as the active supply.", (), ("who",))
#: (to the player who holds them; ``held``: the tiles written out)
HOLDS = EventKind("holds", "DK-05", "{who} holds {held}.", ("tiles",), ("who", "held"))
#: A teaching position (:mod:`.position`): no rule made it.
SET_UP_FROM_POSITION = EventKind("set_up_from_position", None, "The game is set up from a position.")
#: A teaching position set up in the final round.
ANNOUNCED_BEFORE = EventKind("announced_before", "DK-28", "Two supplies are empty: {who} has announced the end; "
                             "the final round ends with their turn.", ("player",), ("who",))

# -- a turn: the scout back, taking supplies (DK-06 to DK-10, DK-19, DK-28, DK-30) --------------------------------

TURN = EventKind("turn", "DK-06", "{who}'s turn.", ("player",), ("who",))
SCOUT_BACK = EventKind("scout_back", "DK-10", "{who}'s scout comes back onto village {village}.", ("village",),
                       ("who",))
TOOK_WALL = EventKind("took_wall", "DK-07", "{who} takes a wall from the common supply.", ("piece",), ("who",))
TOOK_TILE = EventKind("took_tile", "DK-07", "{who} takes a tile.", ("piece",), ("who",))
#: (to the player who drew it)
DREW = EventKind("drew", "DK-07", "{who} draws {tile}.", ("tile",), ("who",))
NOTHING_TO_TAKE = EventKind("nothing_to_take", "DK-30", "{who} can take nothing.", (), ("who",))
TOOK_WHAT_THERE_IS = EventKind("took_what_there_is", "DK-30", "{who} cannot take a second piece and takes what "
                               "there is.", (), ("who",))
END_ANNOUNCED = EventKind("end_announced", "DK-28", "Two supplies are empty: {who} announces the end. After this "
                          "turn one more full round is played, ending with them.", ("player",), ("who",))
NOTHING_TO_PLACE = EventKind("nothing_to_place", "DK-09", "{who} has nothing to place.", (), ("who",))
PASSED = EventKind("passed", "DK-09", "{who} has nothing to place and ends the turn.", (), ("who",))
RETREATED = EventKind("retreated", "DK-19", "{who} takes the blocked scout off village {village}.", ("village",),
                      ("who",))

# -- walls: placing, loops and new ends (DK-20 to DK-29) -----------------------------------------------------------

WALL_PLACED = EventKind("wall_placed", "DK-20", "{who} places an open wall on {towers}.", ("line", "who", "towers"))
NO_LINE_LEFT = EventKind("no_line_left", "DK-21", "No line is left for {who}'s other walls; they stay in the active "
                         "supply.", (), ("who",))
# a resolution's data is its evidence (Resolution.to_dict); ``gone``: the route removed, "old" or "new"
_RESOLVED = tuple(f.name for f in fields(Resolution) if f.compare)
# ``old_route``: its length in words, "1 piece" or "3 pieces"
_ROUTES = ("old route {old_route}, new route {new_length}; {reason}, so the {gone} route is removed.")
LOOP_CLOSED = EventKind("loop_closed", "DK-22", "The wall closes a loop with the Great Wall: " + _ROUTES, _RESOLVED,
                        ("old_route", "gone"))
#: (both routes as long: the new one is removed)
LOOP_EVEN = EventKind("loop_even", "DK-23", "The wall closes a loop with the Great Wall: " + _ROUTES, _RESOLVED,
                      ("old_route", "gone"))
NEW_END = EventKind("new_end", "DK-25", "The wall closes a new end: " + _ROUTES, _RESOLVED, ("old_route", "gone"))
#: The kinds that record a :class:`~greatwall_kit.dschingis_khan.walls.Resolution`.
RESOLUTIONS = (LOOP_CLOSED, LOOP_EVEN, NEW_END)
#: ``pieces``: their number in words, "1 piece" or "3 pieces" (and so below)
ISOLATED_REMOVED = EventKind("isolated_removed", "DK-24", "{pieces} left without connection to the Great "
                             "Wall {are} removed.", ("lines",), ("pieces", "are"))
#: ``listed``: the villages and the verb, singular or plural ("Village 17 changes", "Villages 9 and 17 change")
SIDES_CHANGED = EventKind("sides_changed", "DK-27", "{listed} side to {side}.", ("villages",), ("listed", "side"))
LEAVE_THE_GAME = EventKind("leave_the_game", "DK-29", "In the final round the {pieces} removed {leave} the "
                           "game.", (), ("pieces", "leave"))

# -- the scout places tiles (DK-11 to DK-18) ---------------------------------------------------------------------

TRACK_WALKED = EventKind("track_walked", "DK-12", "{who}'s scout walks the track from village {start} to village "
                         "{village}.", ("village", "who", "start"))
GATE_PASSED = EventKind("gate_passed", "DK-13", "{who}'s scout passes the gate at {towers} from village {start} to "
                        "village {village}; the piece closes.", ("village", "line", "who", "start", "towers"))
WALL_CLIMBED = EventKind("wall_climbed", "DK-14", "{who}'s scout climbs the wall at {up_towers}, walks along it and "
                         "comes down at {down_towers} into village {village}; both pieces close.",
                         ("village", "up", "down", "who", "up_towers", "down_towers"))
#: The kinds of a scout's step into a village.
SCOUT_STEPS = (TRACK_WALKED, GATE_PASSED, WALL_CLIMBED)
TILE_LAID = EventKind("tile_laid", "DK-18", "{who} lays a tile face down on village {village} and now controls it.",
                      ("village", "height"), ("who",))
#: (to the player who laid it)
LAID_TILE = EventKind("laid_tile", "DK-11", "It is {tile}.", ("village", "tile"))
SCOUT_STAYS = EventKind("scout_stays", "DK-17", "{who}'s scout stays on village {village}.", ("village",), ("who",))
SCOUT_BLOCKED = EventKind("scout_blocked", "DK-16", "{who}'s scout is blocked on village {village}.", ("village",),
                          ("who",))
#: ``leave``: "leaves" or "leave", agreeing with the count
DISCARDED = EventKind("discarded", "DK-16", "{who}'s {count:unplaced tile|unplaced tiles} {leave} the game.",
                      ("count",), ("who", "leave"))

# -- the end: scoring (DK-31 to DK-36) ---------------------------------------------------------------------------

FINAL_ROUND_OVER = EventKind("final_round_over", "DK-31", "The final round is over: every village with tiles scores "
                             "for the player whose tile is on top.")
_SCORED = "Village {village} ({side}, {case}) scores {points} for {who}."
_SCORE = ("village", "points", "side", "case", "who")
SCORED_NEITHER = EventKind("scored_neither", "DK-32", _SCORED, _SCORE)
SCORED_PLAGUE = EventKind("scored_plague", "DK-33", _SCORED, _SCORE)
SCORED_GINSENG = EventKind("scored_ginseng", "DK-34", _SCORED, _SCORE)
SCORED_BOTH = EventKind("scored_both", "DK-35", _SCORED, _SCORE)
#: A village's scoring by its case (:attr:`~greatwall_kit.dschingis_khan.scoring.VillageScore.case`).
VILLAGE_SCORED = {"neither": SCORED_NEITHER, "plague": SCORED_PLAGUE, "ginseng": SCORED_GINSENG,
                  "both": SCORED_BOTH}
#: ``listed``: each player's name and total
FINAL_SCORES = EventKind("final_scores", "DK-36", "Final scores: {listed}.", ("scores",), ("listed",))
