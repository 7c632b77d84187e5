"""Firing, Defeat, Breach and Shame as pure functions returning evidence.

:func:`assess_defeat` and :func:`assess_breach` read a position and return immutable
:class:`~.evidence.Defeat` / :class:`~.evidence.Breach` records that show every step (power, defense,
Barricades, who is shamed, who dies); :meth:`Defeat.with_saves` / :meth:`Breach.with_saves`
add the owners' decisions to Save Soldiers for 2 Chi each. The game applies a record;
the log, the notebook and the tests read it.

Victims are chosen the same way everywhere (the kit's reading): the cheapest Soldiers die
first (Spearmen, then Archers, then Horsemen); a Save rescues the most valuable victims first.
"""

from .evidence import Breach, Defeat
from .horde import covers, soldiers_on
from .rules import Options

__all__ = ["assess_defeat", "assess_breach", "claimant"]

_record = tuple.__new__  # a named tuple from all its values: ``_make`` without its Python call (one per Assault)
_KIT = Options()  # the kit's readings
VALUE = {"spearman": 0, "archer": 1, "horseman": 2}  # cheapest first


def claimant(cov, tea, options=_KIT):
    """Who claims a Defeated card: most covered spots; ties by Tea order (or no claim: ``options.defeat_tie``).

    Returns ``(claimant or None, tied players)``.

    >>> claimant((2, 2, 1), tea=[1, 0, 2])
    (1, (0, 1))
    >>> claimant((2, 2, 1), tea=[1, 0, 2], options=Options(defeat_tie="no_claim"))
    (None, (0, 1))
    >>> claimant((0, 0), tea=[0, 1])
    (None, ())
    """
    best = max(cov)
    if best == 0:
        return None, ()
    tied = tuple(p for p, c in enumerate(cov) if c == best)
    if len(tied) > 1 and options.defeat_tie == "no_claim":
        return None, tied
    return min(tied, key=tea.index), tied


def assess_defeat(section, row, card, spots, archers, lethality, tea, players, options=_KIT):
    """Resolve the Defeat of a fully covered Horde card (before Saves).

    Parameters
    ----------
    card : dict
        The Horde card's data (``id``, ``name``).
    spots : list
        Its Vital spots (see :mod:`.horde`).
    archers : list
        Owners of the Archers in the section's Firing spots.
    options : Options
        The game's readings: ``defeat_tie`` decides a tied claim (TGW-34).

    Examples
    --------
    >>> d = assess_defeat(0, 0, {"id": "h01", "name": "Wolf Riders"}, ["S0", "H1", "H1", "W"],
    ...                   archers=[0, 0], lethality=1, tea=[0, 1], players=2)
    >>> d.claimant, d.covers, d.soldier_honor, d.archer_honor
    (1, (1, 2), (2, 2), (4, 0))
    >>> d.victims
    ((('spearman', 0),), (('horseman', 1),))
    """
    cov = covers(spots, players)
    who, tied = claimant(cov, tea, options)
    arch = tuple([archers.count(p) for p in range(players)])
    victims = []
    for p in range(players):
        mine = soldiers_on(spots, p)[:lethality]  # cheapest first: Spearmen, then Horsemen
        victims.append(tuple(sorted(mine, key=lambda v: -VALUE[v[0]])))
    return _record(Defeat, (section, row, card["id"], card["name"], tuple(spots), cov, spots.count("W"), who, tied,
                            tuple(2 if c else 0 for c in cov), arch, tuple(2 * a for a in arch), lethality,
                            tuple(victims), (0,) * players))


def assess_breach(section, rows, catalog, wall_level, barricades, archers, lethality, barracks, players,
                  options=_KIT):
    """Compare Offensive Power with Defense and, on a Breach, list the Shame and the victims (before Saves).

    Lethality kills per breaching card, all at once: first the player's Soldiers on that card,
    then Soldiers from the Barracks; the Rest Zone is never touched. Every Archer in the
    section's Firing spots is killed as well.

    Parameters
    ----------
    rows : list
        The section's Horde cards in play, first row first.
    barracks : list of dict
        Each player's ready Soldiers by kind.
    options : Options
        The game's readings: ``breach_shame`` counts the Shame per card or per section (TGW-39).

    Examples
    --------
    >>> from greatwall_kit.the_great_wall.catalog import load_catalog
    >>> cat = load_catalog()
    >>> rows = [{"card": "h01", "spots": ["S0", None]}]
    >>> b = assess_breach(0, rows, cat, wall_level=0, barricades=0, archers=[1], lethality=1,
    ...                   barracks=[{"spearman": 0}, {"spearman": 2}], players=2)
    >>> b.power, b.defense, b.breached, b.shamed
    (4, 2, True, ((1, 'h01'),))
    >>> b.victims, b.archers_killed
    (((('spearman', 0, 0),), (('spearman', -1, -1),)), (0, 1))
    """
    card_power = catalog.card_power
    card_powers: list | tuple
    card_powers, power = [], 0
    for c in rows:
        pair = card_power[c["card"]]
        card_powers.append(pair)
        power += pair[1]
    card_powers = tuple(card_powers)
    wall_value = catalog.wall_values[wall_level]
    defense = wall_value + 2 * barricades  # defense_value, written in: every section's Assault reads it
    if power <= defense:  # the wall holds (the common case, kept cheap): nothing else happens
        none = (0,) * players
        return _record(Breach, (section, card_powers, power, wall_level, wall_value, barricades, defense, False, (),
                                lethality, ((),) * players, none, none))
    seats = range(players)
    # per card, each player's Soldiers on it (None: a card with no Soldier, as most breaching cards are); per card,
    # the players with none there
    on: list[list | None] = []
    shamed: list[tuple] = []
    soldiers = False  # a Soldier of anyone's on any of the cards
    for c in rows:
        spots, card = c["spots"], c["card"]
        if spots.count(None) + spots.count("W") == len(spots):
            on.append(None)
            for p in seats:
                shamed.append((p, card))
            continue
        mine = []
        for p in seats:
            here = soldiers_on(spots, p)
            mine.append(here)
            if not here:
                shamed.append((p, card))
        on.append(mine)
        soldiers = True
    if options.breach_shame == "per_section":  # one token per player with no Soldier on any breaching card
        shamed = [(p, rows[0]["card"]) for p in seats
                  if not any(mine[p] for mine in on if mine is not None)]
    victims: list[tuple] = []
    for p in seats:
        have = barracks[p]
        if not soldiers and not any(have.values()):  # no Soldier on the cards and none in the Barracks: no victim
            victims.append(())  # (most Breaches: by Winter most Barracks are empty)
            continue
        ready = None  # the Barracks as victims, cheapest first (VALUE's order), listed when first needed
        lost = []
        for r, on_card in enumerate(on):
            if on_card is None:
                missing = lethality  # taken from the Barracks
            else:
                here = on_card[p][:lethality]
                for kind, spot in here:
                    lost.append((kind, r, spot))
                missing = lethality - len(here)
            if missing:
                if ready is None:
                    ready = []
                    for kind in _CHEAPEST:
                        n = have.get(kind, 0)
                        if n:  # (a loop: adding three lists, most of them empty, cost more)
                            ready += _FROM_BARRACKS[kind] * n
                if ready:
                    lost += ready[:missing]
                    del ready[:missing]
        if len(lost) > 1:
            lost.sort(key=_value, reverse=True)  # stable: most valuable first
        victims.append(tuple(lost))
    arch = tuple([archers.count(p) for p in seats]) if archers else (0,) * players
    return _record(Breach, (section, card_powers, power, wall_level, wall_value, barricades, defense, True,
                            tuple(shamed), lethality, tuple(victims), (0,) * players, arch))


_FROM_BARRACKS = {k: [(k, -1, -1)] for k in VALUE}  # a victim from the Barracks (no row, no spot)
_CHEAPEST = tuple(VALUE)  # the kinds of Soldier, cheapest first


def _value(victim):
    return VALUE[victim[0]]
