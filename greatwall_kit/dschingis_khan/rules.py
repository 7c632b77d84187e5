"""The kit's summaries of the rules of *Dschingis Khan: Bewegung an der Großen Mauer*, keyed by checklist ID, and
the rules' variants (:class:`Options`).

>>> from greatwall_kit.dschingis_khan.rules import BOOK
>>> len(BOOK), BOOK["DK-23"].section
(36, 'Loops and New Ends')
"""

from dataclasses import dataclass

from ..engine.options import check, choice, setting
from ..engine.rules import RuleBook

__all__ = ["BOOK", "Options"]


@dataclass(frozen=True)
class Options:
    """The named variants of Dschingis Khan (defaults: the rulebook as the kit reads it).

    layout : str
        ``"standard"`` (the kit's 38-village board) or ``"rectangle:CxR"`` (a plain lattice).
    branch_walls_block_tracks : bool
        Whether a branch wall standing across a track between two villages of the same side blocks
        it (True: only its open gate lets a scout through, closing it) or not (False: the scout may
        also walk the track under it, leaving the piece as it is) (DK-12).
    """

    layout: str = setting("standard", {"anyOf": [{"type": "string",
                                                  "pattern": "^(standard|rectangle:[0-9]{1,2}x[0-9]{1,2})$"},
                                                 {"type": "object"}]},
                          '"standard", "rectangle:CxR" (C columns and R rows, each 2 to 40) or a layout document',
                          rule="DK-01", about="the board: the kit's, a plain lattice of C columns and R rows, or "
                                              "a layout document")
    branch_walls_block_tracks: bool = choice(True, False, rule="DK-12",
                                             about="a branch wall across a track between two villages of one side "
                                                   "blocks it, or lets a scout walk under it")

    def __post_init__(self):
        check(self)


BOOK = RuleBook("dschingis_khan", "Dschingis Khan: Bewegung an der Großen Mauer Rulebook")
_add = BOOK.add

_add("DK-01", "Contents", "The board shows 38 villages; the Great Wall starts along the marked middle line between "
     "the two red towers on the west and east sides; all its pieces start open.",
     interpretation="The real geometry is not published, so the kit ships its own board (data/standard.json): "
     "8 x 5 fields without the north-east and south-west corner fields, the wall along the middle with one step, "
     "19 villages on each side, all neighbours joined by tracks (a layout may leave tracks out). Other lattices come "
     "from lattice.rectangle() or option layout='rectangle:CxR'.")
_add("DK-02", "Contents", "There are 28 wall pieces; the ones not on the board make up the common supply.")
_add("DK-03", "Contents", "Every player gets 17 tiles of their colour (5 Chinese warriors, 5 Mongol horsemen, "
     "5 farmers, a plague and a ginseng), shuffled face down, and a scout.")
_add("DK-04", "Preparation", "In turn, each player draws 2 tiles, looks at them, lays them face down on 2 neighbouring "
     "villages on the same side of the wall and stands the scout on one of them.",
     interpretation="Both villages must be empty, joined by a track, and on the same side; the player chooses "
     "which tile goes where (one decision per tile) and then the scout's village.")
_add("DK-05", "Preparation", "Then every player takes 2 walls and 2 more tiles as an active supply; the remaining "
     "tiles are the player's passive supply.")
_add("DK-06", "Playing the Game", "A turn has two steps: take new supplies, then place pieces.",
     interpretation="Red (player 0) begins, in the set-up and in play (the source's 'narrowest eyes' is no rule a "
     "program can apply); play goes Red, Green, Blue, Orange.")
_add("DK-07", "1. Take New Supplies", "Take 2 pieces: 2 walls from the common supply, 2 tiles from the passive "
     "supply, or one of each; a tile is drawn at random and seen before the second piece is chosen.",
     interpretation="Each piece taken is its own decision ('take wall', 'take tile').")
_add("DK-08", "1. Take New Supplies", "The active supply never holds more than 4 walls or more than 4 tiles, "
     "counting the pieces just taken.")
_add("DK-09", "2. Place Pieces", "Then place all pieces of one type: all the walls or all the tiles.",
     interpretation="The first placement commits the turn to its type. Walls that cannot be placed anywhere legal "
     "stay in the active supply.")
_add("DK-10", "Taking the Scout Off the Board", "A scout that is off the board comes back at the start of its "
     "owner's next turn: onto one of the owner's villages, or, if the owner has none from which it could move, "
     "onto any empty village.",
     interpretation="Re-entry is the first decision of the turn, before taking supplies. 'Own village' means "
     "controlled (own tile on top) with no other scout; if no empty village is left either, any village without "
     "a scout.")
_add("DK-11", "... Placing Tiles", "To place tiles the scout walks village to village; in every village it enters "
     "one tile goes face down on top of the stack, until all tiles are placed.",
     interpretation="Moving the scout one village and choosing which tile to lay there are two decisions.")
_add("DK-12", "... Placing Tiles", "A scout may walk along a track to a neighbouring village on the same side.",
     interpretation="A wall piece standing across a track blocks it (only its open gate lets the scout through, "
     "closing it), even when both villages are on the same side; option branch_walls_block_tracks=False lets "
     "scouts also walk the track under a branch wall (its open gate stays a second way through, which closes it).",
     variant="branch_walls_block_tracks")
_add("DK-13", "... Placing Tiles", "A scout may pass through an open wall piece to the village across it; the "
     "piece is then turned over and closed.")
_add("DK-14", "... Placing Tiles", "A scout in a village next to an open piece may climb onto the wall, walk along "
     "any pieces, open or closed, and come down beside another open piece into a village; both pieces used close.",
     interpretation="Any piece of the wall network counts (branches too), since all of it is joined to the Great "
     "Wall; the way up and the way down are two different pieces.")
_add("DK-15", "... Placing Tiles", "A scout never enters a village where another scout stands, never enters the same "
     "village twice in a turn, and never returns to the village where its turn began.")
_add("DK-16", "... Placing Tiles", "If the scout cannot move on while tiles remain, the turn ends and the unplaced "
     "tiles leave the game.",
     interpretation="A player whose scout cannot move at all may still choose tiles ('discard'), losing them all.")
_add("DK-17", "... Placing Tiles", "The scout stays in the last village it entered.")
_add("DK-18", "... Placing Tiles", "The owner of a stack's top tile controls that village and may look at all its "
     "tiles.")
_add("DK-19", "Taking the Scout Off the Board", "A player whose scout is blocked may spend the whole turn taking it "
     "off the board instead of placing pieces.",
     interpretation="Supplies are still taken first; 'blocked' means no legal scout step exists. A player with "
     "nothing to place and a blocked scout may also just end the turn ('pass'), so that taking the scout off stays "
     "a choice.")
_add("DK-20", "Placing Walls", "Walls go on the lines between towers, each connected to the wall that is joined to "
     "the Great Wall, and are placed open.",
     interpretation="Only lines with a village on both sides take walls; pieces are placed one at a time and each "
     "must touch a tower that already has a wall.")
_add("DK-21", "Placing Walls", "When placing walls, all walls of the active supply are placed.")
_add("DK-22", "Loops and New Ends", "When a branch joins the Great Wall again, the loop is resolved at once: of the "
     "Great Wall's section between the two junctions and the new route, the shorter goes back to the common supply.")
_add("DK-23", "Loops and New Ends",
     "When both routes of a loop are equally long, the newly completed route is removed.",
     interpretation="The same tie rule is used for a new end of equal length.")
_add("DK-24", "Loops and New Ends", "Wall pieces that a removal leaves without connection to the Great Wall are "
     "removed too.")
_add("DK-25", "Loops and New Ends", "A wall reaching another tower on the side of the board gives the Great Wall a "
     "possible new end: the longer of the old end section and the new one stays, the shorter is removed.",
     interpretation="Ends are the towers of the west and east sides; a branch reaching the north or south edge is "
     "an ordinary branch.")
_add("DK-26", "Loops and New Ends", "A loop that lies on one side and is not part of the Great Wall may not be "
     "closed.",
     interpretation="Refused whenever the loop would share no piece with the Great Wall (also when it touches it "
     "at a single tower).")
_add("DK-27", "Loops and New Ends", "The land enclosed between the two routes, with its villages, changes side when "
     "the Great Wall moves.",
     interpretation="Mongolia is the land between the Great Wall and the northern part of the board's outline, China "
     "the land south of it; where the wall runs through a notch of the outline, a pocket of land cut off by the wall "
     "keeps the side it lies on. Only the enclosed villages are recomputed.")
_add("DK-28", "End of the Game and Scoring", "When two supplies are empty at once (the common walls and one colour's "
     "tiles, or two colours' tiles), the player who emptied the second finishes the turn; one more full round "
     "follows, the triggering player playing last.",
     interpretation="Checked whenever a piece is taken; the trigger happens once.")
_add("DK-29", "End of the Game and Scoring", "Walls removed from the board during the final round do not go back to "
     "the supply.",
     interpretation="The final round begins when the end is announced (the trigger), so it includes the rest of "
     "the triggering turn.")
_add("DK-30", "End of the Game and Scoring", "A player who cannot take 2 pieces takes what is there.",
     interpretation="Applies in every turn: if nothing can be taken, the take step ends at once.")
_add("DK-31", "Scoring", "Each village scores for the player controlling it, whoever owns the tiles in the stack.")
_add("DK-32", "Scoring", "With no plague and no ginseng: a Chinese warrior in China or a Mongol horseman in Mongolia "
     "scores 3, on the wrong side -3; every farmer scores 3.")
_add("DK-33", "Scoring", "With plague but no ginseng: every Chinese, Mongol and farmer scores -3; the plague 0.")
_add("DK-34", "Scoring", "With ginseng but no plague: every Chinese and Mongol scores 3, every farmer 1; the "
     "ginseng 0.")
_add("DK-35", "Scoring", "With both plague and ginseng, however many, the village scores as if it had neither.")
_add("DK-36", "Scoring", "The player with the most points wins.",
     interpretation="Tied players all win (the source names no tie-break).")
