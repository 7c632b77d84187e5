"""Helpers for Chang Cheng tests: positions from a few marked squares, playing with peeks skipped, refusals.

Faces used by default: 1A then 2A. 1A: provinces 0 = squares 0-3, 1 = 4-8, 2 = 9-12; regions
0 = 0-2, 1 = 3-7, 2 = 8-12. 2A: provinces 3 = 13-17, 4 = 18-21, 5 = 22-25; regions 3 = 13-16,
4 = 17-20, 5 = 21-25.
"""


from greatwall_kit.chang_cheng import ChangCheng


def position(players=2, marks=None, faces=("1A", "2A"), **extra):
    """A position document: empty wall but for ``marks`` ({square: token}); counters varied but legal."""
    size = 13 * len(faces)
    tokens = ["."] * size
    for square, token in (marks or {}).items():
        tokens[square] = token
    doc = {"players": players, "faces": list(faces),
           "reputation": [i % 5 for i in range(3 * len(faces))],
           "threat": [(-2, -3, -4)[i % 3] for i in range(3 * len(faces))],
           "wall": " ".join(tokens)}
    doc.update(extra)
    return doc


def game_at(players=2, marks=None, seed=0, **extra):
    return ChangCheng.from_position(position(players, marks, **extra), seed=seed)


def play(game, *moves):
    """Play the moves in order, answering 'nopeek' to every peek the list does not mention."""
    for move in moves:
        while game.decision == "peek" and not str(move).startswith(("peek", "nopeek")):
            game.play("nopeek")
        game.play(move)
    while game.decision == "peek":
        game.play("nopeek")
    return game
