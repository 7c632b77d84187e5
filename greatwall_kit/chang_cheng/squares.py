"""Where a piece, a card or a peek may go now (CC-06..13, CC-16, CC-41, CC-47): functions of a game's kept lists.

The game keeps, besides the wall itself: ``empty`` (the empty squares in wall order), ``single_moves`` (the
Single moves onto them, item for item), ``reserved_at`` (the squares with a reservation), ``uncompleted`` (the
provinces not completed, in number order), ``card_rows`` (per card kind, its Card moves into the uncompleted
provinces), ``near_tower`` (the squares next to a tower), ``double_spots`` and ``tower_spots`` (``{square: move}``
in wall order, reservations aside: where a double may start, its right-hand neighbour empty too, and where a tower
may stand, empty and not next to a tower). :func:`index_squares` builds them; the placements
(:mod:`.placements`) keep them up to date, so no Python loop runs over the whole wall per decision (random
playouts list the legal moves at every turn). Each pass over a list costs, even in C (map, filter):
reservations are few, so the lists without the held squares are copies with a few squares removed. The lists
answered may be the kept ones: callers read them, never change them. The tests check these answers against
the wall graph and against an independent reading of the rules.

>>> from greatwall_kit.chang_cheng import new_game
>>> game = new_game(players=2, seed=1)
>>> available(game, 0)[:3], binding_reservation(game, 0)
([0, 1, 2], -1)
"""

from collections.abc import Sequence

from .board import TOWER
from .cards import CARD_AT
from .moves import DOUBLE_AT, NEUTRAL_AT, NONEUTRAL, NOPEEK, PEEK_AT, RESERVE_AT, SINGLE_AT, TOWER_AT, Single

__all__ = ["index_squares", "available", "binding_reservation", "free", "first_moves", "second_moves",
           "reserve_moves", "peek_moves", "neutral_moves", "neutral_squares"]


def index_squares(game):
    """Rebuild the kept lists from ``occ``, ``reserved``, ``completed`` and ``piece`` (a new board, a set-up
    position)."""
    occ, res, piece, left, right = game.occ, game.reserved, game.piece, game.wall.left, game.wall.right
    # (every game's set-up rebuilds them on a bare wall: what a bare wall answers is taken without a comprehension)
    bare = occ.count(-1) == len(occ)
    empty = game.empty = list(game.wall.order) if bare else [s for s in game.wall.order if occ[s] < 0]
    game.single_moves = list(map(SINGLE_AT.__getitem__, empty))
    game.reserved_at = [s for s in empty if res[s] >= 0] if res.count(-1) < len(res) else []
    game.uncompleted = [pr for pr, done in enumerate(game.completed) if not done]
    game.card_rows = {kind: list(map(row.__getitem__, game.uncompleted)) for kind, row in CARD_AT.items()}
    # a new board at an end gives the tower there a new neighbour
    near = game.near_tower = {q for s, what in enumerate(piece) if what == TOWER for q in (left[s], right[s])} \
        if TOWER in piece else set()
    # (dicts: one is kept up to date by a pop per square, and keeps the wall order its moves are listed in)
    starts = empty[:-1] if bare else [s for s in empty if right[s] >= 0 and occ[right[s]] < 0]
    game.double_spots = dict(zip(starts, map(DOUBLE_AT.__getitem__, starts), strict=True))
    spots = empty if not near else [s for s in empty if s not in near]
    game.tower_spots = dict(zip(spots, map(TOWER_AT.__getitem__, spots), strict=True))


def available(game, p):
    """Empty squares where player ``p`` may put a single block (reservations respected, CC-13)."""
    held = _held(game, p) if game.reserved_at else ()
    return _empty_but(game, held) if held else game.empty


def binding_reservation(game, square):
    """The player a square is reserved for, or -1 (none, or lapsed: its owner has no single left, CC-13)."""
    r = game.reserved[square]
    return r if r >= 0 and game.singles[r] else -1


def free(game):
    """Empty squares that take a double, a tower or a neutral block (not reserved, or the reservation lapsed)."""
    held = _held(game, -1) if game.reserved_at else ()
    return _empty_but(game, held) if held else game.empty


def first_moves(game, p):
    """The legal first placements of an action: any that starts a full action, if one exists (CC-41)."""
    singles = game.singles[p]
    uncompleted = game.uncompleted
    held = _held(game, p) if singles and game.reserved_at else ()
    single_moves: Sequence[Single]
    provs: Sequence[int]
    if not singles:
        single_moves = provs = ()
    elif held:
        single_moves = _single_moves_but(game, held)
        # every uncompleted province has an empty square: p is kept out of one only where all are held
        pof, empty_in = game.wall.province_of, game.empty_in
        inside = []
        for s in held:  # (one or two squares: loops cost less than comprehensions, each a function call)
            inside.append(pof[s])
        provs = uncompleted
        for pr in inside:
            if inside.count(pr) == empty_in[pr]:
                provs = [q for q in provs if q != pr]
    else:
        single_moves, provs = game.single_moves, uncompleted
    hand = game.hand[p]
    doubles = towers = _NONE
    if game.doubles[p] or game.towers[p]:
        blocked = _held(game, -1) if game.reserved_at else ()  # (as free(game) leaves them out)
        if game.doubles[p]:
            doubles = game.double_spots
            if blocked:  # a double may neither start on a held square nor end on one
                left = game.wall.left
                doubles = _spots_but(doubles, [*blocked, *[left[h] for h in blocked]])
        if game.towers[p]:
            towers = _spots_but(game.tower_spots, blocked) if blocked else game.tower_spots
    two_singles = singles >= 2 and len(provs) >= 2 and game.options.actions == "five"
    two_cards = len(hand) >= 2 and len(uncompleted) >= 2
    card_single = bool(hand) and bool(provs)
    if two_singles or two_cards or card_single or doubles or towers:
        moves = list(single_moves) if two_singles else []
        card_provinces = uncompleted if two_cards else (provs if card_single else ())
    else:
        moves = list(single_moves)
        card_provinces = uncompleted
    if card_provinces is uncompleted:  # the usual case: the kept rows
        rows = game.card_rows
        for k in hand:
            moves += rows[k]
    else:
        for k in hand:
            moves += map(CARD_AT[k].__getitem__, card_provinces)
    moves += doubles.values()
    moves += towers.values()
    return moves


def second_moves(game, p):
    """The legal second placements of the action under way: after a single a single in another province, after
    a card a card elsewhere or a single in its province (CC-05, CC-08)."""
    kind, province = game.placed[0]
    moves = []
    singles = game.singles[p]
    held = _held(game, p) if singles and game.reserved_at else ()
    occ = game.occ
    if kind == "single":
        if singles:
            # the province's empty squares, in wall order, are a run of ``empty`` (a province lies together in the
            # wall): from its first empty square, as many as it has
            i = 0
            for s in game.wall.province_squares[province]:
                if occ[s] < 0:
                    i = game.empty.index(s)
                    break
            moves = _single_moves_but(game, held, (i, i + game.empty_in[province]))
    elif kind == "card":
        i = game.uncompleted.index(province)  # the first card's: cards go only into uncompleted provinces
        rows = game.card_rows
        for k in game.hand[p]:
            moves += rows[k][:i]
            moves += rows[k][i + 1:]
        if singles:
            moves += [SINGLE_AT[s] for s in game.wall.province_squares[province] if occ[s] < 0 and s not in held]
    return moves


def reserve_moves(game, tower):
    """The squares a new tower may reserve: its empty, unreserved neighbours (CC-13)."""
    occ, reserved = game.occ, game.reserved
    return [RESERVE_AT[s] for s in game.wall.neighbours(tower) if occ[s] < 0 and reserved[s] < 0]


def peek_moves(game, p, squares):
    """No peek, or a peek at a region the blocks just placed on ``squares`` border whose counter ``p`` does not
    know (CC-16)."""
    region_of, threat, revealed, known = game.wall.region_of, game.threat, game.revealed, game.known[p]
    moves = [NOPEEK]
    for s in squares:
        r = region_of[s]
        if threat[r] is not None and not revealed[r] and r not in known:
            peek = PEEK_AT[r]
            if peek is not moves[-1]:  # a double's two squares may share their region: offered once
                moves.append(peek)
    return moves


def neutral_moves(game):
    """No neutral block, or one where it may go after this action (CC-47)."""
    return [NONEUTRAL] + [NEUTRAL_AT[s] for s in neutral_squares(game)]


def neutral_squares(game):
    """Where the neutral block may go after this action (CC-47)."""
    pof = game.wall.province_of
    kinds = [k for k, _ in game.placed]
    provinces = [pr for _, pr in game.placed]
    if len(game.placed) == 2 and kinds[0] == kinds[1] and kinds[0] in ("single", "card"):
        allowed = lambda pr: pr in provinces  # noqa: E731
    else:
        allowed = lambda pr: pr not in provinces  # noqa: E731
    return [s for s in free(game) if allowed(pof[s])]


_NONE: dict = {}  # no spot: first_moves's doubles and towers when the player has none left


def _held(game, p):
    """Empty squares a binding reservation (CC-13) keeps for a player other than ``p`` (-1: for anyone)."""
    res, singles = game.reserved, game.singles
    held = []
    for s in game.reserved_at:  # one or two squares: a loop costs less than a comprehension
        r = res[s]
        if r != p and singles[r]:
            held.append(s)
    return held


def _spots_but(spots, squares):
    """A copy of ``spots`` (``{square: move}``) without the (few) ``squares``."""
    spots = spots.copy()
    for s in squares:
        spots.pop(s, None)
    return spots


def _empty_but(game, held):
    """The empty squares in wall order, but the (few) squares ``held``."""
    squares = game.empty.copy()
    for s in held:
        squares.remove(s)
    return squares


def _single_moves_but(game, held, run=(0, 0)):
    """The Single moves onto the empty squares, in wall order, but onto the (few) squares ``held`` and onto
    ``empty[i:j]`` for ``run`` = (i, j): the kept list with those cut out."""
    i, j = run
    cut = sorted(map(game.empty.index, held), reverse=True)  # from the right: the indices left stay right
    moves = game.single_moves.copy()
    for h in cut:
        if h >= j:
            del moves[h]
    del moves[i:j]
    for h in cut:
        if h < i:
            del moves[h]
    return moves
