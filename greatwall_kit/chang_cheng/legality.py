"""Why a move is refused: the rule it breaks and a concrete reason (the game's ``_explain``, called only for
illegal moves).

>>> from greatwall_kit.chang_cheng import new_game
>>> from greatwall_kit.chang_cheng.moves import Tower
>>> refusal(new_game(players=2, seed=1), Tower(0))
('CC-17', 'on the very first turn the first player places only one single block')
"""

import dataclasses
import typing

from .board import DOUBLE, PIECE_NAMES, SINGLE, TOWER
from .moves import (
    Board,
    Break,
    Builder,
    Cancel,
    Card,
    Discard,
    Double,
    Flood,
    Neutral,
    NoNeutral,
    NoPeek,
    Peek,
    Remove,
    Reserve,
    Single,
    Swap,
    Tower,
)

__all__ = ["refusal", "describe", "bad_field", "offered", "DECISIONS"]

#: What the player to act decides, by decision (the picture's status line and the board's question line).
DECISIONS = {"first": "place a block or an action card", "second": "make the action's second placement",
             "reserve": "choose the square the tower reserves", "peek": "look at a threat counter or not",
             "neutral": "place a neutral block or not", "card": "resolve a revealed card",
             "board": "join the new board at the left or right end"}

_ASKS = {
    "first": "start an action (single, card, double or tower)",
    "second": "make the second placement of the action",
    "reserve": "choose the square the new tower reserves",
    "peek": "choose whether to look at a threat counter (peek <region> or nopeek)",
    "neutral": "place a neutral block or not (neutral <square> or noneutral)",
    "board": "choose the side for the new board (board left or board right)",
    "card": "choose the effect of their revealed card",
}
_PLACEMENTS = (Single, Card, Double, Tower)


def refusal(game, move):
    """``(rule_id, reason)`` for a move that is not legal now."""
    d = game.decision
    who = game.player_names[game.to_act]
    bad = bad_field(move)
    if bad:
        return "KIT-02", f"{bad}; the choices are {_list(game)}"
    if d in ("first", "second") and isinstance(move, _PLACEMENTS):
        return _placement(game, move)
    if d == "reserve" and isinstance(move, Reserve):
        return "CC-13", (f"square {move.square} is not an empty, unreserved neighbour of the tower on square "
                         f"{game.ctx}")
    if d == "peek" and isinstance(move, Peek):
        return "CC-16", (f"region {move.region} is not an unknown threat counter bordering the block just placed; "
                         f"the choices are {_list(game)}")
    if d == "neutral" and isinstance(move, Neutral):
        return _neutral(game, move)
    if d == "board" and isinstance(move, Board):
        return "CC-36", f"the new board goes on the 'left' or the 'right', not {move.side!r}"
    if d == "card" and isinstance(move, (Cancel, Discard, Break, Remove, Flood, Builder, Swap)):
        return _card(game, move)
    if d in ("first", "second") and isinstance(move, (Neutral, NoNeutral)):
        return "CC-46", "a neutral block comes only after the action, and only with the 2-player neutral rule"
    return "KIT-02", f"{who} must now {_ASKS.get(d, d)}; the choices are {_list(game)}"


#: the rule that says a piece can be neither broken nor swapped: the double (CC-11), the tower (CC-14)
_PIECE_RULE = {DOUBLE: "CC-11", TOWER: "CC-14"}
_CARD_RULES = {"warrior": "CC-29", "traitor": "CC-30", "flood": "CC-32", "builder": "CC-33", "mandarin": "CC-35"}


def describe(game, move):
    """``(rule_id, sentence)``: what the legal ``move`` does now and the rule it applies (the first rule its events
    cite; a test holds the two together).

    >>> from greatwall_kit.chang_cheng import new_game
    >>> from greatwall_kit.chang_cheng.moves import NoPeek, Single
    >>> describe(new_game(players=2, seed=1), Single(4))
    ('CC-06', 'Place a single block on square 4 (province 0).')
    >>> describe(new_game(players=2, seed=1), NoPeek())
    ('CC-16', 'Look at no threat counter: the game goes on.')
    """
    pof, placed = game.wall.province_of, game.placed
    cls = type(move)
    if cls is Single:
        after_card = game.decision == "second" and placed and placed[0][0] == "card"
        return ("CC-08" if after_card else "CC-06",
                f"Place a single block on square {move.square} (province {pof[move.square]})"
                + (", the province of the card you just placed." if after_card else "."))
    if cls is Card:
        second = game.decision == "second" and placed and placed[0] == ("card", move.province)
        return ("CC-08" if second else "CC-07",
                f"Place your {move.kind} card face down in province {move.province}: it is revealed and acts when "
                "the province is completed.")
    if cls is Double:
        t = game.wall.right[move.square]
        return "CC-09", f"Place your double block on squares {move.square} and {t}: it scores at once."
    if cls is Tower:
        return "CC-12", f"Place your tower on square {move.square}; it reserves an empty neighbour for your single."
    if cls is Reserve:
        return "CC-13", f"Reserve square {move.square}, next to your new tower, for your own single block."
    if cls is Peek:
        return "CC-16", f"Look secretly at the threat counter of Mongol region {move.region}."
    if cls is NoPeek:
        return "CC-16", "Look at no threat counter: the game goes on."
    if cls is Neutral:
        return "CC-46", f"Place a neutral single block on square {move.square}."
    if cls is NoNeutral:
        return "CC-46", "Place no neutral block this turn."
    if cls is Board:
        return "CC-36", f"Add the new board at the {move.side} end of the wall."
    if cls is Cancel:
        return "CC-29", f"Warrior: remove {move.colour}'s {move.kind} card of this province from the game."
    if cls is Discard:
        return "CC-V3", f"Warrior: remove one of {move.colour}'s face-down cards in province {move.province}."
    if cls is Break:
        return "CC-31", (f"Traitor: break the single block on square {move.square}; a broken wall counts neither for "
                         "majority nor for value.")
    if cls is Remove:
        return "CC-30", f"Traitor: remove the threat counter of Mongol region {move.region} from the game."
    if cls is Flood:
        return "CC-32", f"Flood: the province is worth {'+2' if move.effect == 'plus' else '-2'}."
    if cls is Builder:
        if move.effect == "value":
            return "CC-33", "Builder: +2 to the province's value."
        return "CC-33", "Builder: one extra (virtual) block for you in the province's majority."
    # Swap
    rule = "CC-V4" if game.options.mandarin == "any_two" else "CC-35"
    return rule, f"Mandarin: swap the single blocks on squares {move.square} and {move.other}."


def offered(game):
    """The moves of the decision asked for now (none once the game is over, or part-way through a decision)."""
    if game.asked is None:
        return []
    kind, actor, context = game.asked
    return game.MOVES[kind](game, actor, context)


def bad_field(move):
    """A description of a field of the wrong type (a move built by hand, not parsed), or ''."""
    if not dataclasses.is_dataclass(move):
        return f"{move!r} is not a Chang Cheng move"
    hints = typing.get_type_hints(type(move))
    for f in dataclasses.fields(move):
        value = getattr(move, f.name)
        if hints[f.name] is int and type(value) is not int:
            return f"{f.name} must be a whole number, not {value!r}"
        if hints[f.name] is str and not isinstance(value, str):
            return f"{f.name} must be a word, not {value!r}"
    return ""


def _list(game):
    moves = [str(m) for m in offered(game)]
    shown = ", ".join(moves[:6])
    return shown + (f" ... ({len(moves)} in all)" if len(moves) > 6 else "")


def _placement(game, move):
    p = game.to_act
    who = game.player_names[p]
    wall = game.wall
    n = len(wall.province_of)
    if game.first_turn and not isinstance(move, Single):
        return "CC-17", "on the very first turn the first player places only one single block"
    if isinstance(move, Card):
        if move.kind not in game.hand[p]:
            return "CC-03", f"{who} has no {move.kind} card left in hand (each card is played once)"
        if not 0 <= move.province < wall.provinces:
            return "CC-07", f"there is no province {move.province} in play"
        if game.completed[move.province]:
            return "CC-07", f"province {move.province} is already completed; cards go only to uncompleted provinces"
        if game.decision == "second":
            kind, province = game.placed[0]
            if kind == "single":
                return "CC-08", "after a single block only a second single can follow; a card comes before the block"
            if province == move.province:
                return "CC-07", f"the two cards of one action go into two different provinces, not both into {province}"
        return "CC-41", (f"a full action is possible, and a card in province {move.province} cannot be followed by "
                         "a second card elsewhere or a single block there")
    s = move.square
    if not 0 <= s < n:
        return ("CC-09" if isinstance(move, Double) else "CC-12" if isinstance(move, Tower) else "CC-06",
                f"there is no square {s} in play")
    occupied = game.occ[s] >= 0
    if isinstance(move, Single):
        if not game.singles[p]:
            return "CC-03", f"{who} has no single block left"
        if occupied:
            return "CC-06", f"square {s} is already occupied"
        r = game.reserved[s]
        if r >= 0 and r != p and game.singles[r]:
            return "CC-13", f"square {s} is reserved for {game.player_names[r]}'s single block (next to their tower)"
        if game.decision == "second":
            kind, province = game.placed[0]
            if kind == "single":
                return "CC-06", (f"the two singles go into two different provinces; square {s} is in province "
                                 f"{province} like the first")
            return "CC-08", f"the block goes into the card's province {province}, and square {s} is in province " \
                            f"{wall.province_of[s]}"
        if game.options.actions == "four":
            return "CC-V1", ("there is no 'two single blocks' action in the review's rules, and a full action "
                             "is possible")
        return "CC-41", (f"a full action is possible, and a single on square {s} cannot be followed by a second "
                         "single in another province")
    if game.decision == "second":
        return "CC-05", f"the action's second placement is a card or a single, not a {move.verb}"
    if isinstance(move, Double):
        if not game.doubles[p]:
            return "CC-03", f"{who} has already placed their double block"
        t = wall.right[s]
        if t < 0:
            return "CC-09", f"square {s} is at the right end of the wall; the double needs its right-hand neighbour"
        if occupied or game.occ[t] >= 0:
            return "CC-09", f"the double needs two empty contiguous squares; {s} or {t} is occupied"
        return "CC-13", f"square {s} or {t} is reserved for a single block next to a tower"
    if not game.towers[p]:
        return "CC-03", f"{who} has already placed their tower"
    if occupied:
        return "CC-12", f"square {s} is already occupied"
    for q in wall.neighbours(s):
        if game.piece[q] == TOWER:
            return "CC-12", f"square {s} is next to {game.player_names[game.occ[q]]}'s tower on square {q}"
    return "CC-13", f"square {s} is reserved for a single block next to a tower"


def _neutral(game, move):
    s = move.square
    if not 0 <= s < len(game.occ) or game.occ[s] >= 0:
        return "CC-46", f"square {s} is not an empty square in play"
    r = game.reserved[s]
    if r >= 0 and game.singles[r]:  # a reservation lapses once its owner has no single left
        return "CC-13", f"square {s} is reserved for {game.player_names[r]}'s single block"
    provinces = sorted({pr for _, pr in game.placed})
    return "CC-47", (f"after this action the neutral block may not go into province {game.wall.province_of[s]} "
                     f"(this action's provinces: {provinces})")


def _card(game, move):
    kind = game.ctx
    expected = {"warrior": (Cancel, Discard), "traitor": (Break, Remove), "flood": (Flood,),
                "builder": (Builder,), "mandarin": (Swap,)}[kind]
    rule = {"warrior": "CC-29", "traitor": "CC-30", "flood": "CC-32", "builder": "CC-33", "mandarin": "CC-35"}[kind]
    if not isinstance(move, expected):
        return "CC-26", f"the card being resolved is a {kind}; the choices are {_list(game)}"
    if isinstance(move, Cancel):
        if game.options.warrior == "other_province":
            return "CC-V3", ("in this game the Warrior removes a card from another province "
                             "('discard <colour> <province>')")
        return "CC-29", f"{move.colour} {move.kind} is not a card of this province still waiting to resolve"
    if isinstance(move, Discard):
        if game.options.warrior == "same_province":
            return "CC-29", "the Warrior removes a card of the same province ('cancel <colour> <kind>')"
        return "CC-V3", f"{move.colour} has no face-down card in another province {move.province}"
    if isinstance(move, Break):
        province = game.res["province"]
        why = _not_a_single(game, move.square)
        if why:
            return _piece_rule(game, move.square, "CC-31"), (f"{why}; the Traitor breaks single blocks only (doubles "
                                                             "and towers cannot be broken)")
        return "CC-30", (f"square {move.square} is in province {game.wall.province_of[move.square]}; the Traitor "
                         f"breaks a block of its own province {province}")
    if isinstance(move, Remove):
        return "CC-30", f"region {move.region} does not border province {game.res['province']} or has no counter left"
    if isinstance(move, Swap):
        rule = "CC-V4" if game.options.mandarin == "any_two" else "CC-35"
        province = game.res["province"]
        if move.square == move.other:
            return rule, f"square {move.square} cannot be swapped with itself"
        for s in (move.square, move.other):
            why = _not_a_single(game, s)
            if why:
                return _piece_rule(game, s, rule), f"{why}; the Mandarin swaps unbroken single blocks only"
        hint = f" (write 'swap {move.other} {move.square}')" if Swap(move.other, move.square) in offered(game) else ""
        return rule, (f"the first square must be in the Mandarin's province {province}, and square "
                      f"{move.square} is in province {game.wall.province_of[move.square]}{hint}")
    # (a Flood or a Builder: mypy does not narrow by the tuple of classes read from a dict)
    return rule, f"{move.effect!r} is not an effect of the {kind}; the choices are {_list(game)}"  # type: ignore[attr-defined]


def _piece_rule(game, s, rule):
    """The rule of the piece on square ``s`` if it is a double or a tower (neither is broken nor swapped), else
    ``rule``."""
    return _PIECE_RULE.get(game.piece[s], rule) if 0 <= s < len(game.piece) else rule


def _not_a_single(game, s):
    """Why square ``s`` holds no unbroken single block, or '' if it does."""
    if not 0 <= s < len(game.occ):
        return f"there is no square {s} in play"
    if game.occ[s] < 0:
        return f"square {s} is empty"
    if game.piece[s] != SINGLE:
        return f"square {s} holds a {PIECE_NAMES[game.piece[s]]}"
    if game.broken[s]:
        return f"square {s} holds a broken wall"
    return ""
