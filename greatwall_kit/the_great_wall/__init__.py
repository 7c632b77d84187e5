"""*The Great Wall* (Awaken Realms), from its reference sheet, with the kit's invented sample cards.

The published card data is not available: ``data/sample.json`` is the kit's own invention
(its first field says so) and ``new_game(..., data="path/to/cards.json")`` plays with other cards.

>>> from greatwall_kit.the_great_wall import new_game
>>> g = new_game(players=3, seed=2)
>>> len(g.sections), g.shame_pool, g.player_names[:3]
(2, 30, ('Crane', 'Tiger', 'Dragon'))
"""

from . import rules  # noqa: F401  (registers the rule summaries)
from .catalog import CLANS, Catalog, load_catalog
from .combat import assess_breach, assess_defeat
from .evidence import Breach, Defeat, FinalScore
from .game import TheGreatWall
from .moves import (
    Activate,
    Advisor,
    Archer,
    Build,
    Buy,
    Clerk,
    Command,
    Decline,
    Donate,
    Done,
    Fire,
    General,
    Horseman,
    Reclaim,
    Recruit,
    Save,
    Shame,
    Slot,
    Spearman,
    Tactic,
    Take,
    TakeHonor,
    Unshame,
    Upgrade,
)
from .rules import Options
from .scoring import final_score
from .sections import defense_value

__all__ = ["new_game", "TheGreatWall", "Options", "VARIANTS", "CLANS", "Defeat", "Breach", "assess_defeat",
           "assess_breach", "defense_value", "final_score", "FinalScore", "Catalog", "load_catalog",
           "Activate", "Advisor", "Archer", "Build", "Buy", "Clerk", "Command", "Decline", "Donate", "Done", "Fire",
           "General", "Horseman", "Reclaim", "Recruit", "Save", "Shame", "Slot", "Spearman", "Tactic", "Take",
           "TakeHonor", "Unshame", "Upgrade"]

#: Named option sets the conformance suite also runs.
VARIANTS = {
    "other readings": {"defeat_tie": "no_claim", "breach_shame": "per_section"},
    "three Fall rounds": {"fall_rounds": 3},
}


def new_game(players=2, seed=0, **options):
    """A new game of *The Great Wall* for 1 to 4 players (options: see :class:`Options`).

    >>> new_game(players=5)
    Traceback (most recent call last):
    ...
    greatwall_kit.engine.errors.SetupError: The Great Wall is for 1 to 4 players, not 5
    """
    return TheGreatWall(players, seed, **options)
