"""The evidence of *The Great Wall*'s resolutions: immutable records that show every number of a Firing phase,
a Defeat, an Assault and a clan's final Honor (:mod:`.combat` and :mod:`.scoring` compute them; :mod:`.procedure`
attaches their steps and reads back what the log adds).

>>> from greatwall_kit.the_great_wall.combat import assess_defeat
>>> d = assess_defeat(0, 0, {"id": "h01", "name": "Scouts", "power": 4, "spots": [None, "gold"]}, ["S0", "W"], [],
...                   lethality=1, tea=[0, 1], players=2)
>>> type(d).__name__, d.claimant, d.killed
('Defeat', 0, ((('spearman', 0),), ()))
"""

from collections import namedtuple
from dataclasses import dataclass
from typing import NamedTuple

from ..engine.log import counted
from ..engine.steps import steps_of
from .catalog import load_catalog, soldier_words

__all__ = ["Firing", "Defeat", "Breach", "FinalScore", "ShamedBreach", "ClaimedDefeat", "ClanFinal", "SAVE_COST"]

SAVE_COST = 2  # Chi per Saved Soldier (TGW-37, TGW-40)
_new = tuple.__new__  # a named tuple from all its values


class _Steps:
    """Evidence whose ``str`` prints its steps one a line (the procedure attaches them: :mod:`.procedure`)."""

    __slots__ = ()

    def __str__(self):
        return "\n".join(map(str, steps_of(self)))


@dataclass(frozen=True)
class Firing(_Steps):
    """A Winter's Firing phase (TGW-21, TGW-42): each Archer's shot, then the cards it Defeated.

    ``shots`` lists ``(player, section, card, spot)`` in firing order; ``defeated`` the Horde cards the
    Defeat check right after found fully covered. Rebuilt from the log (``game.resolutions()``).
    """

    shots: tuple
    defeated: tuple


class _Lethality(_Steps):
    """What a Defeat and a Breach share: Lethality victims per player, the first ``saved[p]`` of them Saved.

    Both are named tuples, not frozen dataclasses like the kit's other evidence: the rules build one at every
    Assault, and filling a dataclass's instance dict cost about six times building a tuple.
    """

    __slots__ = ()
    victims: tuple  # (the fields of both named tuples)
    saved: tuple

    def with_saves(self, saved):
        """The same record once each player decided how many victims to Save.

        (Built by the tuple's own constructor, as :mod:`.combat` builds it: a named tuple's ``_replace`` is two
        Python calls and a look-up per field, at every Save.)

        >>> from greatwall_kit.the_great_wall.combat import assess_defeat
        >>> d = assess_defeat(0, 0, {"id": "h01", "name": "Scouts"}, ["S0", "S1"], [], lethality=1, tea=[0, 1],
        ...                   players=2)
        >>> d.with_saves([1, 0]) == d._replace(saved=(1, 0)), type(d.with_saves([1, 0])).__name__
        (True, 'Defeat')
        """
        at = self._fields.index("saved")  # type: ignore[attr-defined]  # (a named tuple's field names)
        return _new(type(self), (*self[:at], tuple(saved), *self[at + 1:]))  # type: ignore[index,type-var]

    @property
    def killed(self):
        """Per player, the Lethality victims not Saved."""
        return tuple(v[s:] for v, s in zip(self.victims, self.saved, strict=True))


class _DefeatFields(NamedTuple):
    section: int
    row: int
    card: str
    card_name: str
    spots: tuple
    covers: tuple
    wounds: int
    claimant: int | None
    tied: tuple
    soldier_honor: tuple
    archers: tuple
    archer_honor: tuple
    lethality: int
    victims: tuple
    saved: tuple


class Defeat(_DefeatFields, _Lethality):
    """A Horde card whose Vital spots are all covered, resolved step by step (TGW-34 to TGW-37).

    ``victims[p]`` lists player ``p``'s Soldiers killed by Lethality as ``(kind, spot)``, most
    valuable first; ``saved[p]`` how many of them ``p`` paid to Save (the first ones).
    """

    __slots__ = ()

    def lines(self, names):
        """The calculation in readable lines (``names``: the players' names)."""
        out = [f"Defeat of {self.card_name} ({self.card}) in section {self.section}, row {self.row}: "
               f"spots {_spot_words(self.spots, names)}",
               "  covered spots by player: " + ", ".join(f"{names[p]} {c}" for p, c in enumerate(self.covers))
               + f"; wound markers {self.wounds}"]
        if self.claimant is None:
            out.append("  no Soldier covers a spot: nobody claims the card")
        else:
            tie = f" (tie between {', '.join(names[p] for p in self.tied)}: Tea order decides)" \
                if len(self.tied) > 1 else ""
            out.append(f"  majority: {names[self.claimant]} claims the card{tie}")
        for p in range(len(self.covers)):
            if self.soldier_honor[p] or self.archer_honor[p]:
                out.append(f"  {names[p]}: +{self.soldier_honor[p]} Honor for a Soldier on the card, "
                           f"+{self.archer_honor[p]} Honor for {counted(self.archers[p], 'Archer', 'Archers')} in "
                           "the Firing spots")
        out.append(f"  Lethality {self.lethality}: each player loses up to "
                   f"{counted(self.lethality, 'Soldier', 'Soldiers')} from the card")
        for p, v in enumerate(self.victims):
            if v:
                out.append(f"  {names[p]}: victims {soldier_words([k for k, _ in v])}, saves {self.saved[p]} "
                           f"(pays {SAVE_COST * self.saved[p]} Chi), killed "
                           f"{soldier_words([k for k, _ in self.killed[p]])}")
        return out


class _BreachFields(NamedTuple):
    section: int
    card_powers: tuple
    power: int
    wall_level: int
    wall_value: int
    barricades: int
    defense: int
    breached: bool
    shamed: tuple
    lethality: int
    victims: tuple
    saved: tuple
    archers_killed: tuple


class Breach(_BreachFields, _Lethality):
    """The Assault on one Wall Section, step by step (TGW-22, TGW-38 to TGW-41).

    ``breached`` is ``power > defense`` (equal holds). ``shamed`` lists ``(player, card)``
    for each player with no Soldier on a breaching card. ``victims[p]`` lists
    ``(kind, row, spot)`` (``row == -1``: a Soldier from the Barracks), most valuable first.
    The Archers in the section's Firing spots die apart from them: ``archers_killed[p]``
    counts player ``p``'s, and no Save rescues them.
    """

    __slots__ = ()

    def lines(self, names):
        """The calculation in readable lines (``names``: the players' names)."""
        # (the sample set's names: an Assault holds only its cards' IDs, as the rules read them)
        parts = " + ".join(f"{_named(c)} {pw}" for c, pw in self.card_powers) or "no Horde"
        out = [f"Assault on section {self.section}: Offensive Power = {parts} = {self.power}",
               f"  Defense = wall tile {self.wall_value} (level {self.wall_level}) + 2 x "
               f"{counted(self.barricades, 'Barricade', 'Barricades')} = {self.defense}"]
        if not self.breached:
            out.append(f"  {self.power} <= {self.defense}: the wall holds")
            return out
        out.append(f"  {self.power} > {self.defense}: BREACH")
        for p, card in self.shamed:
            out.append(f"  {names[p]} has no Soldier on {card}: 1 Shame token")
        out.append(f"  Lethality {self.lethality} per breaching card, all at once")
        for p, v in enumerate(self.victims):
            if v:
                where = ", ".join(f"{k} on {self.card_powers[r][0]}" if r >= 0 else f"{k} from the Barracks"
                                  for k, r, _ in v)
                out.append(f"  {names[p]}: victims {where}; saves {self.saved[p]} "
                           f"(pays {SAVE_COST * self.saved[p]} Chi), killed "
                           f"{soldier_words([k for k, _, _ in self.killed[p]])}")
        for p, n in enumerate(self.archers_killed):
            if n:
                out.append(f"  {names[p]}: {counted(n, 'Archer', 'Archers')} in the Firing spots killed")
        return out


class _FinalScoreFields(NamedTuple):
    honor: int
    shame: int
    shame_penalty: int
    after_shame: int
    horde: int
    artifacts: int
    total: int


class FinalScore(_FinalScoreFields):
    """One player's final Honor, step by step (a named tuple, built fast at every game's end like a Breach)."""

    __slots__ = ()

    def __str__(self):
        return "\n".join(map(str, steps_of(self)))


# -- the evidence as a game played it, read back from its log (by :mod:`.procedure`) ----------------------------

class ShamedBreach(namedtuple("_ShamedBreach", (*Breach._fields, "placements", "pending")), Breach):  # type: ignore[misc]  # fields made at run time
    """A :class:`Breach` (or a holding wall) as a game played it, read back from its log.

    ``placements`` lists ``(kind, player, sentence, data)`` of the events that placed its Shame tokens: under a
    Soldier (TGW-43), on the slot of a claimed Horde card (TGW-44), or lost as 5 Honor at once (TGW-45).
    ``pending`` is true while the owners' Saves are still to decide (the rest has not happened yet).
    """

    __slots__ = ()


class ClaimedDefeat(namedtuple("_ClaimedDefeat", (*Defeat._fields, "bonus", "behind", "power", "pending")), Defeat):  # type: ignore[misc]  # fields made at run time
    """A :class:`Defeat` as a game played it, read back from its log.

    ``bonus`` lists ``(player, honor)`` a clan's ability added for the claim (TGW-34); ``behind`` the cards that
    moved up a row when this one left the wall and ``power`` its Offensive Power (``None`` while ``pending``:
    the Saves are still to decide and the card has not left yet).
    """

    __slots__ = ()


class ClanFinal(namedtuple("_ClanFinal", (*FinalScore._fields, "player")), FinalScore):  # type: ignore[misc]  # fields made at run time
    """A :class:`FinalScore` with the clan it belongs to (its steps show that clan's final Honor)."""

    __slots__ = ()


def _spot_words(spots, names):
    """A Horde card's Vital spots in words: ``['S0', 'W', None]`` reads ``Crane Spearman, Wound, open``."""
    kinds = {"S": "Spearman", "H": "Horseman"}
    return ", ".join("open" if o is None else "Wound" if o == "W" else f"{names[int(o[1:])]} {kinds[o[0]]}"
                     for o in spots)


def _named(card):
    """A Horde card as the log writes it, ``Wolf Riders (h01)``, from the sample set (an ID it lacks stays bare)."""
    named = load_catalog().cards.get(card)
    return str(named) if named is not None else card
