"""*Dschingis Khan: Bewegung an der Großen Mauer* (Leo Colovini): villages, scouts and a living Great Wall.

The graph is the game: towers are the vertices of a planar lattice, wall pieces stand on
its edges, villages are its faces. The Great Wall is a simple path of wall pieces from the
west side of the board to the east side; it splits the villages into Mongolia and China.
Loops and new ends are resolved as :class:`~greatwall_kit.dschingis_khan.walls.Resolution`
evidence objects.

>>> from greatwall_kit.dschingis_khan import new_game
>>> game = new_game(players=3, seed=7)
>>> len(game.board.villages), game.supply
(38, 19)
"""

from . import rules
from .game import DschingisKhan, new_game
from .lattice import Lattice, load_layout, rectangle, standard
from .moves import Climb, Discard, Enter, Gate, Lay, Pass, Retreat, Scout, Start, Take, Track, Wall
from .rules import Options
from .walls import Resolution, WallNetwork

__all__ = ["DschingisKhan", "Options", "new_game", "VARIANTS", "Lattice", "load_layout", "rectangle", "standard",
           "Resolution", "WallNetwork", "Start", "Scout", "Enter", "Take", "Wall", "Track", "Gate", "Climb", "Lay",
           "Discard", "Retreat", "Pass", "rules"]

#: Named option sets the conformance suite runs.
VARIANTS = {
    "branch walls do not block tracks": {"branch_walls_block_tracks": False},
    "small rectangle": {"layout": "rectangle:6x4"},
}
