"""The kit's own summaries of every rule of the four games, keyed by checklist ID.

    >>> from greatwall_kit import rules
    >>> rules.get("KIT-01").text
    'Once the game is over, no one decides anything more.'

Each game keeps its summaries in a :class:`~greatwall_kit.engine.rules.RuleBook` (the kit's games in their
``rules`` modules) that its module fills when imported; this module gathers them from the registered games.
"""

from .engine.registry import GAMES  # (the face registers the kit's games: importing this module imports it first)
from .engine.protocol import KIT_RULES
from .engine.rules import lookup, registered

__all__ = ["get", "for_game", "all_rules", "first_citations"]


def _load_books():
    for name in GAMES:
        GAMES.game_class(name)  # importing a game's module fills its rule book


def get(rule_id):
    """The :class:`~greatwall_kit.engine.rules.Rule` with this checklist ID (e.g. ``"CC-22"``)."""
    try:
        return lookup(rule_id)
    except KeyError:
        _load_books()
        try:
            return lookup(rule_id)
        except KeyError:
            raise KeyError(f"no rule {rule_id!r} in the kit") from None


def for_game(game):
    """The rules of one game (``"chang_cheng"``, ..., or ``"kit"`` for the protocol's own), in ID order."""
    if game == "kit":
        return list(KIT_RULES)
    if game not in GAMES:
        raise KeyError(f"unknown game {game!r}; known games: {', '.join(GAMES)}")
    GAMES.game_class(game)
    return [rule for rule in registered().values() if rule.game == game]


def all_rules():
    """Every rule of the kit, by ID."""
    _load_books()
    return registered()


def first_citations(events, known=()):
    """The first event that cites each rule, in the order the rules came up (the rules in ``known`` left out).

    ``events`` is a game's log, or what one player sees of it (``game.log_for(player)``): the rulebook, applied.

    >>> from greatwall_kit import new_game
    >>> game = new_game("great_wall_of_china", seed=1).replay(["draw", "draw"])
    >>> [event.rule for event in first_citations(game.log)] == list(dict.fromkeys(e.rule for e in game.log))
    True
    >>> any(event.rule == "GW-01" for event in first_citations(game.log, known={"GW-01"}))
    False
    """
    seen, first = set(known), []
    for event in events:
        if event.rule is not None and event.rule not in seen:
            seen.add(event.rule)
            first.append(event)
    return first
