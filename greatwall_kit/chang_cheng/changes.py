"""What a rule step does to the position: the ``change`` of a Chang Cheng step, made on a looking-only copy.

:mod:`.procedure` writes each change from the engine's evidence; ``game._apply_step(change)`` calls
:func:`apply_change`, so ``step.after`` draws the position right after that step. A change is a dict of
operations with JSON-like values; it names board elements by their keys (``s<n>`` square, ``p<n>`` province,
``r<n>`` region) and players by name:

``{"place": {"player": "Red", "piece": "double", "squares": ["s8", "s9"]}}``
    a double block is placed (CC-09), or a tower (``"piece": "tower"``, one square, CC-12);
``{"reserve": {"player": "Red", "square": "s14"}}``
    an empty square next to the player's tower is reserved for their single block (CC-13);
``{"reveal": {"province": "p1", "cards": [["Green", "traitor"], ...], "cancelled": [...], "order": [...]}}``
    the province's face-down cards are revealed (CC-20): its scoring holds them, ``order`` to resolve (CC-24, CC-25);
``{"card": {"province": "p1", "owner": "Green", "kind": "traitor", "effect": "break", "target": "s4"}}``
    a revealed card resolves with its effect (CC-29 to CC-35): ``target`` is ``None`` (no effect), a card
    ``[owner, kind]`` a Warrior removes, ``{"province", "player", "index"}`` of a face-down card a Warrior
    discards (CC-V3), the square a Traitor breaks, the region whose counter it removes, a Flood's or Builder's
    change of value (``plus``, ``minus``, ``value``), the extra blocks of a Builder or Master Builder (``block``,
    ``blocks``), the two squares a Mandarin swaps (``swap``, ``swap any``);
``{"score": {"player": "Red", "points": 9}}``
    points scored, or lost when negative (CC-10, CC-22, CC-42, CC-50 to CC-52);
``{"used": "p1"}``
    the scoring's used cards leave the game (CC-27), with the value and extra blocks they gave;
``{"emperor": "p1"}``
    the province is scored and an Emperor card goes on it (CC-23);
``{"face_up": "r2"}``
    the region's threat counter turns face up (CC-42).

The whole change is checked against the position first: anything it names that this board does not have, or a
change this position cannot take, is the kit's error naming it, and nothing is changed.

Examples
--------
>>> from greatwall_kit.chang_cheng import ChangCheng
>>> game = ChangCheng(players=2, seed=1)
>>> apply_change(game, {"score": {"player": "Green", "points": 3}, "face_up": "r1"})
>>> game.points, game.public_threat(1) != "hidden"
([0, 3], True)
>>> apply_change(game, {"face_up": "r99"})
Traceback (most recent call last):
...
greatwall_kit.engine.errors.GreatWallError: the step's change names 'r99', and this board has regions r0 to r5
"""

from collections.abc import Mapping

from ..engine.errors import GreatWallError, quote
from .board import DOUBLE, SINGLE, TOWER
from .cards import KINDS, Reveal

__all__ = ["apply_change", "OPERATIONS"]

#: The operations of a change, in the order they are made.
OPERATIONS = ("place", "reserve", "reveal", "card", "used", "score", "emperor", "face_up")
_EFFECTS = {"warrior": ("nothing", "remove", "discard"), "traitor": ("nothing", "break", "threat"),
            "flood": ("plus", "minus"), "builder": ("value", "block"), "masterbuilder": ("blocks",),
            "mandarin": ("nothing", "swap", "swap any")}


def apply_change(game, change):
    """Make a step's ``change`` on ``game`` (a looking-only copy): checked whole first, then made."""
    if not isinstance(change, Mapping):
        raise GreatWallError(f"a step's change is a mapping of operations, not {quote(change)}")
    unknown = [key for key in change if key not in OPERATIONS]
    if unknown:
        raise GreatWallError(f"unknown operation(s) {', '.join(map(repr, unknown)):.80} in a step's change; "
                             f"the operations are {', '.join(OPERATIONS)}")
    makers = [_CHECKS[key](game, change[key]) for key in OPERATIONS if key in change]
    for make in makers:
        make()


# -- each operation: checked against the position, it returns the function that makes it ---------------------

def _place(game, value):
    _fields(value, ("player", "piece", "squares"), "place")
    p = _player(game, value["player"])
    piece = value["piece"]
    if piece not in ("double", "tower"):
        raise GreatWallError(f"a step places a double block or a tower, not {quote(piece)}")
    squares = _list(value["squares"], "place's squares")
    if len(squares) != (2 if piece == "double" else 1):
        raise GreatWallError(f"a {piece} covers {'two squares' if piece == 'double' else 'one square'}, "
                             f"not {quote(value['squares'])}")
    at = [_element(game, key, "s") for key in squares]
    if piece == "tower":
        s = at[0]
        if game.occ[s] >= 0 or not game.towers[p]:
            raise GreatWallError(f"{game.player_names[p]}'s tower cannot go on square {s} here: it needs an empty "
                                 "square and the player's tower in hand")

        def make():
            game.occ[s], game.piece[s] = p, TOWER
            game.towers[p] -= 1
            game.n_empty -= 1
        return make
    a, b = at
    if game.wall.right[a] != b or game.occ[a] >= 0 or game.occ[b] >= 0 or not game.doubles[p]:
        raise GreatWallError(f"{game.player_names[p]}'s double cannot go on squares {a} and {b} here: it needs "
                             "two empty squares side by side, and the player's double in hand")

    def make():  # type: ignore[no-redef]  # (the tower's make is the other branch's)
        for s in (a, b):
            game.occ[s], game.piece[s] = p, DOUBLE
        game.doubles[p] -= 1
        game.n_empty -= 2
    return make


def _reserve(game, value):
    _fields(value, ("player", "square"), "reserve")
    p = _player(game, value["player"])
    s = _element(game, value["square"], "s")
    beside = [q for q in game.wall.neighbours(s) if game.occ[q] == p and game.piece[q] == TOWER]
    if game.occ[s] >= 0 or game.reserved[s] >= 0 or not beside:
        raise GreatWallError(f"square {s} cannot be reserved for {game.player_names[p]}: it must be empty, "
                             "unreserved and next to their tower")

    def make():
        game.reserved[s] = p
        game.reserved_at.append(s)
    return make


def _reveal(game, value):
    _fields(value, ("province", "cards", "cancelled", "order"), "reveal")
    pr = _element(game, value["province"], "p")
    cards, cancelled, order = (tuple(_card(game, c) for c in _list(value[k], f"reveal's {k}"))
                               for k in ("cards", "cancelled", "order"))
    if game.res is not None or sorted(cards) != sorted(game.cards_in[pr]):
        raise GreatWallError(f"province {pr} cannot reveal {quote(value['cards'])}: it holds "
                             f"{len(game.cards_in[pr])} face-down card(s)"
                             + (f", and province {game.res['province']} is being scored" if game.res else ""))
    if sorted(cancelled + order) != sorted(cards):
        raise GreatWallError(f"the cards that cancel and those that resolve are the revealed cards, not "
                             f"{quote(value['cancelled'])} and {quote(value['order'])}")

    def make():
        for card in game.cards_in[pr]:
            del game.card_at[card]
        game.cards_in[pr] = []
        game.res = {"province": pr, "queue": list(order), "virtual": [0] * (game.players + 1), "modifier": 0,
                    "reveal": Reveal(pr, cards, cancelled, order), "effects": []}
    return make


def _card_effect(game, value):
    _fields(value, ("province", "owner", "kind", "effect", "target"), "card")
    pr = _element(game, value["province"], "p")
    owner, kind = _card(game, [value["owner"], value["kind"]])
    res = game.res
    waiting = game.prompt == ("card", owner, kind)
    if res is None or res["province"] != pr or not ((owner, kind) in res["queue"] or waiting):
        raise GreatWallError(f"{value['owner']}'s {kind} is not a card still to resolve in province {pr}")
    effect, target = value["effect"], value["target"]
    if effect not in _EFFECTS[kind]:
        raise GreatWallError(f"a {kind} has no effect {quote(effect)}; its effects are {', '.join(_EFFECTS[kind])}")
    do, engine_target = _effect(game, owner, kind, effect, target)

    def make():
        if (owner, kind) in res["queue"]:
            res["queue"].remove((owner, kind))
        else:
            game.prompt = game.to_act = None  # the waiting card of a halted scoring resolves
        res["effects"].append((owner, kind, effect, engine_target() if callable(engine_target) else engine_target))
        do()
    return make


def _effect(game, owner, kind, effect, target):
    """``(make, target as the engine's evidence records it)`` for one card's effect."""
    res = game.res
    if effect == "nothing":
        _none(target)
        return (lambda: None), None
    if effect == "remove":
        victim = _card(game, target)
        if victim not in res["queue"]:
            raise GreatWallError(f"the Warrior removes a card still to resolve, and {quote(target)} is not one")
        return (lambda: res["queue"].remove(victim)), victim
    if effect == "discard":
        _fields(target, ("province", "player", "index"), "discard")
        where, victim, index = _element(game, target["province"], "p"), _player(game, target["player"]), target["index"]
        cards = game.cards_in[where]
        if type(index) is not int or not 0 <= index < len(cards) or cards[index][0] != victim:
            raise GreatWallError(f"province {where} has no face-down card of {target['player']} at {quote(index)}")

        def discard():
            del game.card_at[cards[index]]
            del cards[index]
        return discard, (where, victim, index)
    if effect == "break":
        s = _element(game, target, "s")
        if game.occ[s] < 0 or game.piece[s] != SINGLE or game.broken[s]:
            raise GreatWallError(f"square {s} holds no unbroken single block for a Traitor to break")
        return (lambda: game.broken.__setitem__(s, True)), s
    if effect == "threat":
        r = _element(game, target, "r")
        if game.threat[r] is None:
            raise GreatWallError(f"region {r} has no threat counter left for a Traitor to remove")
        return (lambda: game.threat.__setitem__(r, None)), r
    if effect in ("plus", "minus", "value"):
        allowed = {"plus": 2, "minus": -2, "value": 2}[effect]
        if target != allowed or type(target) is not int:
            raise GreatWallError(f"a {kind}'s {effect} changes the value by {allowed:+d}, not {quote(target)}")

        def value():
            res["modifier"] += target
        return value, target
    if effect in ("block", "blocks"):
        allowed = 1 if effect == "block" else 2
        if target != allowed or type(target) is not int:
            raise GreatWallError(f"a {kind} gives {allowed} extra block(s), not {quote(target)}")

        def blocks():
            res["virtual"][owner] += target
        return blocks, target
    squares = _list(target, "a Mandarin's squares")
    if len(squares) != 2:
        raise GreatWallError(f"a Mandarin swaps two squares, not {quote(target)}")
    a, b = (_element(game, key, "s") for key in squares)
    for s in (a, b):
        if game.occ[s] < 0 or game.piece[s] != SINGLE or game.broken[s]:
            raise GreatWallError(f"square {s} holds no unbroken single block for a Mandarin to swap")
    occ = game.occ

    def swap():
        occ[a], occ[b] = occ[b], occ[a]
    return swap, (lambda: (a, b, occ[a], occ[b]))


def _used(game, value):
    pr = _element(game, value, "p")
    if game.res is None or game.res["province"] != pr:
        raise GreatWallError(f"province {pr} is not being scored: it has no used cards to leave the game")

    def make():
        game.res = None
    return make


def _score(game, value):
    _fields(value, ("player", "points"), "score")
    p = _player(game, value["player"])
    points = value["points"]
    if type(points) is not int:
        raise GreatWallError(f"points are a whole number, not {quote(points)}")

    def make():
        game.points[p] += points
    return make


def _emperor(game, value):
    pr = _element(game, value, "p")
    if game.scored[pr] or any(game.occ[s] < 0 for s in game.wall.province_squares[pr]):
        raise GreatWallError(f"province {pr} is {'already scored' if game.scored[pr] else 'not completed'}: no "
                             "Emperor card goes on it now")

    def make():
        if game.res is not None and game.res["province"] == pr:
            game.res = None
        game.scored[pr] = True
        game.emperor += 1
        game.emperor_on.append(pr)
    return make


def _face_up(game, value):
    r = _element(game, value, "r")
    if game.threat[r] is None or game.revealed[r]:
        raise GreatWallError(f"region {r}'s threat counter is {'gone' if game.threat[r] is None else 'face up'} "
                             "already: it cannot turn face up")

    def make():
        game.revealed[r] = True
    return make


_CHECKS = {"place": _place, "reserve": _reserve, "reveal": _reveal, "card": _card_effect, "used": _used,
           "score": _score, "emperor": _emperor, "face_up": _face_up}


# -- reading names -------------------------------------------------------------------------------------------

_WHAT = {"s": ("squares", lambda game: len(game.occ)), "p": ("provinces", lambda game: game.wall.provinces),
         "r": ("regions", lambda game: game.wall.regions)}


def _element(game, key, prefix):
    """The number of board element ``key`` (``s<n>``, ``p<n>`` or ``r<n>`` as ``prefix`` says)."""
    what, count = _WHAT[prefix]
    n = count(game)
    digits = key[1:] if isinstance(key, str) and key[:1] == prefix else ""
    if not (digits.isascii() and digits.isdigit() and int(digits) < n and str(int(digits)) == digits):
        raise GreatWallError(f"the step's change names {quote(key)}, and this board has {what} {prefix}0 to "
                             f"{prefix}{n - 1}")
    return int(digits)


def _player(game, name):
    names = game.player_names[:game.players]
    if name not in names:
        raise GreatWallError(f"the step's change names player {quote(name)}; the players are {', '.join(names)}")
    return names.index(name)


def _card(game, card):
    """``(owner, kind)`` of a card written ``[owner's name, kind]`` (the neutral colour owns no card)."""
    if not isinstance(card, (list, tuple)) or len(card) != 2 or card[1] not in KINDS:
        raise GreatWallError(f"a card is [player, kind] with a kind among {', '.join(KINDS)}, not {quote(card)}")
    return _player(game, card[0]), card[1]


def _fields(value, names, what):
    if not isinstance(value, Mapping) or set(value) != set(names):
        raise GreatWallError(f"{what} in a step's change is a mapping with {', '.join(names)}, not {quote(value)}")


def _list(value, what):
    if not isinstance(value, (list, tuple)):
        raise GreatWallError(f"{what} is a list, not {quote(value)}")
    return value


def _none(value):
    if value is not None:
        raise GreatWallError(f"a card with no effect has no target, not {quote(value)}")

