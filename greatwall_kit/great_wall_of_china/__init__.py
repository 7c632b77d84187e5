"""Reiner Knizia's card game *Great Wall of China*: win token pairs with majorities in wall sections.

>>> from greatwall_kit.great_wall_of_china import new_game
>>> game = new_game(players=4, seed=2)
>>> len(game.sections), game.player_names[:4]
(4, ('Red', 'Yellow', 'Green', 'Blue'))

Rooms (the same in every game of the kit): :mod:`.game` (the state, the set-up, the turn as an agenda of jobs and
decisions), :mod:`.rules` (the rule summaries and :class:`Options`), :mod:`.moves` (move values, notation, the
shared move tables), :mod:`.events` (every kind of event), :mod:`.legality` (why a move is refused),
:mod:`.position` (the snapshot and teaching positions), :mod:`.views` (what a player sees), :mod:`.graph` (the
networkx model), :mod:`.picture` (SVG), :mod:`.evidence` (what ``resolutions()`` lists: claims and the end),
:mod:`.procedure` (their steps), :mod:`.changes` (the position after each step), :mod:`.hidden` (bots' samples),
:mod:`.figures` (standing, material, the lab's statistics); the mechanics: :mod:`.cards` (kinds, decks, tokens,
:func:`.cards.tally`) and :mod:`.sections` (a section and its scoring :class:`.sections.Check`).
"""

from ..engine.options import named_variants
from . import rules
from .cards import DECK, KINDS, TOKENS, VALUE, Card, Tally, tally, triangle
from .game import GreatWallOfChina
from .moves import Claim, Dragon, Draw, Play
from .rules import Options
from .sections import SECTIONS, Check, Section

__all__ = ["new_game", "GreatWallOfChina", "Options", "VARIANTS", "Claim", "Play", "Dragon", "Draw",
           "Card", "Tally", "tally", "triangle", "Section", "Check", "KINDS", "VALUE", "DECK", "TOKENS",
           "SECTIONS", "rules"]

#: Named option sets the conformance suite also runs: each other reading :class:`Options` declares, then all at once.
VARIANTS = named_variants(Options, together="other readings")


def new_game(players=2, seed=0, **options):
    """A new game of Great Wall of China for 2 to 5 players; see :class:`Options` for the variants.

    Examples
    --------
    >>> game = new_game(players=3, seed=4, infantry="per_section")
    >>> game.options.infantry, len(game.sections), game.to_act
    ('per_section', 3, 0)
    >>> new_game(players=2, cavalry="both")
    Traceback (most recent call last):
    ...
    greatwall_kit.engine.errors.SetupError: Great Wall of China options: cavalry must be "one_card" or "group" (GW-09), not 'both'
    """  # noqa: E501 - doctest output is compared as printed
    return GreatWallOfChina(players, seed, **options)
