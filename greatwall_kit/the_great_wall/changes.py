"""What a rule step does to the position, made on a looking-only copy (``TheGreatWall._apply_step``).

A step's ``change`` (see :mod:`.procedure`) is data, read from the evidence and the log, never a rule run again.
Each key is optional:

==================  ======================================================================================
``spots``           ``[[card, spot, occupant], ...]``: Vital spots now ``None`` (open), ``"W"`` (a Wound
                    marker), ``"S<p>"`` or ``"H<p>"`` (a Soldier)
``clans``           ``{player: {field: delta}}``: ``honor`` and ``chi`` change by a number; ``reserve``,
                    ``barracks`` and ``rest`` by ``{kind: number}``; ``disabled`` gains the kinds listed
                    (Soldiers with a Shame token under them)
``leave``           ``{"card", "section", "to"}``: a Defeated card leaves the wall (the cards behind move up
                    a row) for clan ``to``'s trophies, or the discard pile when ``to`` is ``None``
``archers``         a section whose Firing spots are emptied (its Archers Killed)
``barricades``      a section whose Barricades are discarded
``shame_pool``      the change of the Shame pool (a token taken from it: ``-1``)
``shame_out``       the change of the Shame tokens out of the game (one that could be placed nowhere: ``1``)
``trophy_shamed``   ``[player, card]``: a Shame token on the slot of that clan's claimed card
``final``           ``{"player", "score"}``: the clan's final Honor (the fields of a FinalScore)
==================  ======================================================================================

Everything is checked before anything changes: a change that names no element of this position (a card not on
the wall, a player not in the game, a count below 0) is refused with the kit's error and changes nothing.

>>> from greatwall_kit.the_great_wall import new_game
>>> game = new_game(players=2, seed=1).copy()
>>> card = game.sections[0]["rows"][0]["card"]
>>> apply_change(game, {"spots": [[card, 0, "W"]], "clans": {1: {"honor": 2}}, "shame_pool": -1})
>>> game.sections[0]["rows"][0]["spots"][0], game.clans[1]["honor"], game.shame_pool
('W', 2, 19)
>>> apply_change(game, {"spots": [["h99", 0, "W"]], "clans": {1: {"honor": 2}}})
Traceback (most recent call last):
...
greatwall_kit.engine.errors.GreatWallError: a rule step's change names no Horde card 'h99' on the wall of this position
>>> game.clans[1]["honor"]
2
"""

from ..engine.errors import GreatWallError
from .catalog import SOLDIERS
from .evidence import FinalScore

__all__ = ["apply_change"]

_COUNTS = ("reserve", "barracks", "rest")


def apply_change(game, change):
    """Make ``change`` on ``game`` (a looking-only copy); see the module docstring for its keys."""
    if not hasattr(change, "items"):
        raise _refused(f"a change is a mapping, not {change!r:.60}")
    unknown = sorted(map(str, set(change) - set(_KEYS)))
    if unknown:
        raise _refused(f"a change has no key {unknown[0]!r}; its keys: {', '.join(sorted(_KEYS))}")
    todo = [_KEYS[key](game, value) for key, value in change.items()]  # every check first ...
    for do in todo:  # ... then every change, none of which can fail
        do()


def _refused(why):
    return GreatWallError(f"a rule step's change {why}")


def _card(game, card):
    """``(section, row, the card)`` of a Horde card on the wall."""
    for s, sec in enumerate(game.sections):
        for r, row in enumerate(sec["rows"]):
            if row["card"] == card:
                return s, r, row
    raise _refused(f"names no Horde card {card!r} on the wall of this position")


def _player(game, p):
    if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < game.players:
        raise _refused(f"names no player {p!r} of this {game.players}-player game")
    return p


def _section(game, s):
    if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < len(game.sections):
        raise _refused(f"names no section {s!r} of this board (sections 0 to {len(game.sections) - 1})")
    return s


def _spots(game, entries):
    planned = []
    for entry in entries:
        try:
            card, spot, occupant = entry
        except (TypeError, ValueError):
            raise _refused(f"sets a spot as [card, spot, occupant], not {entry!r:.60}") from None
        spots = _card(game, card)[2]["spots"]
        if isinstance(spot, bool) or not isinstance(spot, int) or not 0 <= spot < len(spots):
            raise _refused(f"names no Vital spot {spot!r} of {card} (spots 0 to {len(spots) - 1})")
        if occupant not in (None, "W") and not (isinstance(occupant, str) and len(occupant) == 2
                                                and occupant[0] in "SH" and occupant[1:].isdigit()
                                                and int(occupant[1:]) < game.players):
            raise _refused(f"puts {occupant!r} on spot {spot} of {card}: not None, 'W', 'S<p>' or 'H<p>'")
        planned.append((spots, spot, occupant))

    def do():
        for spots, spot, occupant in planned:
            spots[spot] = occupant
        game._spots_written = True  # (see WinterSteps._job_defeat_check)
    return do


def _clans(game, deltas):
    if not hasattr(deltas, "items"):
        raise _refused(f"changes clans as {{player: {{field: change}}}}, not {deltas!r:.60}")
    planned: list[tuple] = []
    for p, fields in deltas.items():
        clan = game.clans[_player(game, p)]
        for field, delta in fields.items():
            if field in ("honor", "chi"):
                if isinstance(delta, bool) or not isinstance(delta, int) or clan[field] + delta < 0:
                    raise _refused(f"takes {field} of {game.player_names[p]} from {clan[field]} by {delta!r}")
                planned.append((clan, field, delta))
            elif field in _COUNTS:
                for kind, n in delta.items():
                    if (kind not in SOLDIERS or isinstance(n, bool) or not isinstance(n, int)
                            or clan[field][kind] + n < 0):
                        raise _refused(f"changes {game.player_names[p]}'s {field} {kind} ({clan[field].get(kind)}) "
                                       f"by {n!r}")
                    planned.append((clan[field], kind, n))
            elif field == "disabled":
                if any(kind not in SOLDIERS for kind in delta):
                    raise _refused(f"disables {delta!r}: Soldiers are {', '.join(SOLDIERS)}")
                planned.append((clan, field, list(delta)))
            else:
                raise _refused(f"changes no clan field {field!r} (honor, chi, {', '.join(_COUNTS)}, disabled)")

    def do():
        for where, key, delta in planned:
            where[key] = where[key] + delta
    return do


def _leave(game, leave):
    try:
        card, s, to = leave["card"], leave["section"], leave["to"]
    except (KeyError, TypeError):
        raise _refused(f"moves a card off the wall as {{'card', 'section', 'to'}}, not {leave!r:.60}") from None
    found, _r, row = _card(game, card)
    if found != _section(game, s):
        raise _refused(f"takes {card} off section {s}, but it is in section {found}")
    if to is not None:
        _player(game, to)

    def do():
        game.sections[s]["rows"].remove(row)
        if to is None:
            game.horde_discard.append(card)
        else:
            game.clans[to]["trophies"].append([card, False])
    return do


def _archers(game, s):
    sec = game.sections[_section(game, s)]

    def do():
        sec["archers"] = []
    return do


def _barricades(game, s):
    sec = game.sections[_section(game, s)]

    def do():
        sec["barricades"] = 0
    return do


def _shame_pool(game, delta):
    if isinstance(delta, bool) or not isinstance(delta, int) or game.shame_pool + delta < 0:
        raise _refused(f"takes the Shame pool from {game.shame_pool} by {delta!r}")

    def do():
        game.shame_pool += delta
    return do


def _shame_out(game, delta):
    if isinstance(delta, bool) or not isinstance(delta, int) or game.shame_out + delta < 0:
        raise _refused(f"takes the Shame tokens out of the game from {game.shame_out} by {delta!r}")

    def do():
        game.shame_out += delta
    return do


def _trophy_shamed(game, entry):
    try:
        p, card = entry
    except (TypeError, ValueError):
        raise _refused(f"shames a trophy as [player, card], not {entry!r:.60}") from None
    trophy = next((t for t in game.clans[_player(game, p)]["trophies"] if t[0] == card and not t[1]), None)
    if trophy is None:
        raise _refused(f"names no claimed card {card!r} of {game.player_names[p]} without a Shame token")

    def do():
        trophy[1] = True
    return do


def _final(game, final):
    try:
        p, score = final["player"], FinalScore._make(final["score"])
    except (KeyError, TypeError):
        raise _refused("scores a clan as {'player', 'score'} with a FinalScore's fields, "
                       f"not {final!r:.80}") from None
    scored = len(game.final or ())
    if _player(game, p) != scored:
        raise _refused(f"scores {game.player_names[p]}, but the clans are scored in seat order and {scored} are")

    def do():
        game.season = "over"
        game.final = [*(game.final or ()), score]
    return do


_KEYS = {"spots": _spots, "clans": _clans, "leave": _leave, "archers": _archers, "barricades": _barricades,
         "shame_pool": _shame_pool, "shame_out": _shame_out, "trophy_shamed": _trophy_shamed, "final": _final}
