"""The game's nested containers (clans, sections, Command track, agenda) as lists that copy themselves in one step.

Bots copy a game once per playout (:func:`greatwall_kit.engine.cloning.clone`). The cloner copies
plain lists and dicts member by member, one call per container; a class with its own
``__deepcopy__`` it hands to that method instead. These lists know their shape (see
``TheGreatWall._init_state``), so they copy every nested list and dict with the built-in
``copy()`` methods: nothing in them is shared with the rest of the state, and the strings,
numbers and tuples inside are values.

>>> import copy
>>> clans = Clans([{"honor": 2, "hand": ["attack"], "reserve": {"archer": 1}, "trophies": [["h01", False]]}])
>>> twin = copy.deepcopy(clans)
>>> twin == clans, twin[0]["hand"] is clans[0]["hand"], twin[0]["trophies"][0] is clans[0]["trophies"][0]
(True, False, False)
"""

__all__ = ["Clans", "Sections", "Track", "Agenda"]

_CONTAINERS = (list, dict)


class Clans(list):
    """One dict per clan: numbers and names, flat dicts (Soldiers by kind), flat lists, and the
    trophies as ``[card, shamed]`` pairs."""

    __slots__ = ()

    def __deepcopy__(self, memo):
        out = Clans()
        for clan in self:
            new = clan.copy()
            for k, v in clan.items():  # (a loop, not a comprehension: a bot copies every playout)
                if type(v) in _CONTAINERS:
                    new[k] = v.copy()
            trophies = new["trophies"] = []
            for t in clan["trophies"]:
                trophies.append(t.copy())
            out.append(new)
        return out


class Sections(list):
    """One dict per Wall Section (see :mod:`.sections`): Horde rows with their Vital spots, and the Archers."""

    __slots__ = ()

    def __deepcopy__(self, memo):
        out = Sections()
        for sec in self:
            rows = []
            for row in sec["rows"]:
                rows.append({**row, "spots": row["spots"].copy()})
            out.append({**sec, "rows": rows, "archers": sec["archers"].copy()})
        return out


class Track(list):
    """The Command track: a row of slots per Fall round, each ``None`` or ``[player, card]``."""

    __slots__ = ()

    def __deepcopy__(self, memo):
        out = Track()
        for row in self:
            copied = row.copy()
            for i, e in enumerate(row):
                if e is not None:
                    copied[i] = e.copy()
            out.append(copied)
        return out


class Agenda(list):
    """The steps still to run: tuples of a name and numbers or names (values, shared by copies)."""

    __slots__ = ()

    def __deepcopy__(self, memo):
        return Agenda(self)
