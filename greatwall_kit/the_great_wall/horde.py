"""Horde cards on the board: Vital spots, who covers them, Offensive Power.

A Horde card in play is ``{"card": "h07", "spots": [...]}``; each Vital spot holds
``None`` (open), ``"W"`` (a Wound marker) or a Soldier written as its kind letter and
owner: ``"S0"`` is a Spearman of player 0, ``"H1"`` one of the two spots a Horseman of
player 1 covers (a Horseman always covers two adjacent spots).
"""

__all__ = ["is_defeated", "covers", "soldiers_on", "offensive_power", "KIND_LETTER", "LETTER_KIND"]

KIND_LETTER = {"spearman": "S", "horseman": "H", "archer": "A"}
LETTER_KIND = {v: k for k, v in KIND_LETTER.items()}
_TAGS = tuple((f"S{p}", f"H{p}") for p in range(4))  # a Spearman's and a Horseman's spot text per seat


def is_defeated(spots):
    """Whether every Vital spot is covered, by a Soldier or a Wound marker (TGW-33, TGW-34).

    >>> is_defeated(["S0", "W", "H1", "H1"]), is_defeated(["S0", None])
    (True, False)
    """
    return None not in spots


def covers(spots, players):
    """How many Vital spots each player's Soldiers cover (a Horseman counts 2; Wounds count for no one).

    >>> covers(["S0", "W", "H1", "H1"], 2)
    (1, 2)
    """
    out = [0] * players
    for s in spots:
        if s is not None and s != "W":
            out[int(s[1:])] += 1
    return tuple(out)


def soldiers_on(spots, player):
    """The Soldiers of ``player`` on a card as ``(kind, first_spot)`` pairs, Spearmen first.

    Horsemen are read as consecutive pairs of their spots, left to right.

    >>> soldiers_on(["H0", "H0", "S0", "H0", "H0", "S1"], 0)
    [('spearman', 2), ('horseman', 0), ('horseman', 3)]
    """
    tag_s, tag_h = _TAGS[player]
    if tag_s not in spots and tag_h not in spots:  # most cards, most players: skip the walk
        return []
    spear, horse = [], []
    i = 0
    while i < len(spots):
        if spots[i] == tag_s:
            spear.append(("spearman", i))
        elif spots[i] == tag_h:
            horse.append(("horseman", i))
            i += 1
        i += 1
    return spear + horse


def offensive_power(cards, catalog):
    """Offensive Power of a Wall Section: the printed power of all its Horde cards.

    >>> from greatwall_kit.the_great_wall.catalog import load_catalog
    >>> cat = load_catalog()
    >>> offensive_power([{"card": "h01", "spots": []}, {"card": "h02", "spots": []}], cat)
    10
    """
    return sum(catalog.horde[c["card"]]["power"] for c in cards)
