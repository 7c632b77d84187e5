"""Copies of the game's nested containers (clans, sections, Command track), each in one step.

Bots copy a game once per playout (:func:`greatwall_kit.engine.cloning.clone`). The cloner walks
plain lists and dicts member by member, one call per container; for the attributes a game names in
``_copied_state`` it calls the function given there instead. These functions know the containers'
shape (see ``TheGreatWall._init_state``), so they copy every nested list and dict with the built-in
``copy()`` methods: nothing in them is shared with the rest of the state, and the strings, numbers
and tuples inside are values.

The containers are plain lists, not list subclasses with a ``__deepcopy__``: CPython 3.11 indexes
a subclass of ``list`` through a generic slot that looks ``__getitem__`` up by name (``x[1]`` in a
loop measured about 380 machine instructions, against about 100 on a list), and specialises calls
of list methods only on lists themselves. A random game of The Great Wall indexes these lists about
seven times a decision.

>>> clans = [{"honor": 2, "hand": ["attack"], "reserve": {"archer": 1}, "trophies": [["h01", False]]}]
>>> twin = copy_clans(clans)
>>> twin == clans, twin[0]["hand"] is clans[0]["hand"], twin[0]["trophies"][0] is clans[0]["trophies"][0]
(True, False, False)
"""

__all__ = ["copy_clans", "copy_sections", "copy_track"]

_CONTAINERS = (list, dict)


def copy_clans(clans):
    """One dict per clan: numbers and names, flat dicts (Soldiers by kind), flat lists, and the
    trophies as ``[card, shamed]`` pairs."""
    out = []
    for clan in clans:
        new = clan.copy()
        for k, v in clan.items():  # (a loop, not a comprehension: a bot copies every playout)
            if type(v) in _CONTAINERS:
                new[k] = v.copy()
        trophies = new["trophies"] = []
        for t in clan["trophies"]:
            trophies.append(t.copy())
        out.append(new)
    return out


def copy_sections(sections):
    """One dict per Wall Section (see :mod:`.sections`): Horde rows with their Vital spots, and the Archers."""
    out = []
    for sec in sections:
        rows = []
        for row in sec["rows"]:
            rows.append({**row, "spots": row["spots"].copy()})
        out.append({**sec, "rows": rows, "archers": sec["archers"].copy()})
    return out


def copy_track(track):
    """The Command track: a row of slots per Fall round, each ``None`` or ``[player, card]``."""
    out = []
    for row in track:
        copied = row.copy()
        for i, e in enumerate(row):
            if e is not None:
                copied[i] = e.copy()
        out.append(copied)
    return out
