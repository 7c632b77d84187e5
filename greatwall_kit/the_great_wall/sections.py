"""Wall Sections: wall tile values, Barricades and the Defense value.

A Wall Section is a plain dict in the game state::

    {"wall": 1, "barricades": 2, "rows": [...Horde cards, first row first...], "archers": [0, 1]}

``wall`` is the level of the wall tile (0 = unbuilt), ``archers`` the owners of the
Archers standing in its Firing spots.
"""

__all__ = ["defense_value", "new_section", "wall_at_max"]


def defense_value(wall_value, barricades):
    """Defense of a Wall Section: the wall tile value plus 2 for each Barricade (TGW-38).

    Examples
    --------
    >>> [defense_value(4, b) for b in range(4)]
    [4, 6, 8, 10]
    """
    return wall_value + 2 * barricades


def new_section(barricades):
    """A fresh Wall Section at wall level 0 with ``barricades`` Barricades and no Horde.

    >>> new_section(3)
    {'wall': 0, 'barricades': 3, 'rows': [], 'archers': []}
    """
    return {"wall": 0, "barricades": barricades, "rows": [], "archers": []}


def wall_at_max(sections, max_level):
    """Whether every Wall Section is built to the maximum level (an end condition, TGW-47).

    >>> wall_at_max([{"wall": 3}, {"wall": 3}], 3), wall_at_max([{"wall": 3}, {"wall": 2}], 3)
    (True, False)
    """
    for s in sections:  # (a loop, not all() over a generator: checked at every End Game check)
        if s["wall"] < max_level:
            return False
    return True
