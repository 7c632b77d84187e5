"""Determinization (for bots): redeal what one player cannot see, keeping everything they can.

Hidden from ``seat``: the kinds of the face-down tiles in every village the seat does not
control (DK-11; a controlled stack's tiles are in the seat's private view), the other players'
active tiles, every passive supply and its order, the discarded tiles, and another player's
set-up draw (DK-04). Each player's hidden tiles are redealt among that player's hidden places:
tiles keep their owner, so every player still has one set of 17 (DK-03).
"""

__all__ = ["determinize"]


def determinize(game, seat, rng):
    """Redeal in place the parts of ``game`` that ``seat`` cannot see, drawing with ``rng``."""
    places: list[list[tuple]] = [[] for _ in range(game.players)]  # per owner: (container, index) of each hidden tile
    for stack in game.stacks:
        if stack and stack[-1][0] != seat:
            for i, (owner, _) in enumerate(stack):
                places[owner].append((stack, i))
    for q in range(game.players):
        if q != seat:
            places[q] += [(game.active_tiles[q], i) for i in range(len(game.active_tiles[q]))]
        places[q] += [(game.passive[q], i) for i in range(len(game.passive[q]))]
        places[q] += [(game.discarded[q], i) for i in range(len(game.discarded[q]))]
    if game.phase == "setup" and game.current != seat:
        places[game.current] += [(game.setup_hand, i) for i in range(len(game.setup_hand))]
    for q, where in enumerate(places):
        tiles = sorted(_kind(box, i) for box, i in where)
        rng.shuffle(tiles)
        for (box, i), tile in zip(where, tiles, strict=True):
            box[i] = (q, tile) if isinstance(box[i], tuple) else tile


def _kind(box, i):
    item = box[i]
    return item[1] if isinstance(item, tuple) else item
