"""Scoring as pure functions returning evidence (:mod:`.evidence`): provinces, the Mongol attack, the event cards.

Block counts are tuples indexed by colour: the players ``0..n-1``, then the neutral colour at
index ``n`` (always present, 0 when the neutral blocks are not in use).

Examples
--------
The rulebook's first example: Red 2, Blue 1, Violet 1 blocks (4 players, neutral last), a
reputation counter of 2:

>>> s = score_province(3, blocks=(2, 0, 1, 1, 0), virtual=(0, 0, 0, 0, 0), modifier=0, reputation=2)
>>> s.counted, s.value, s.winners, s.points
(4, 6, (0,), 6)
"""

from operator import add

from .evidence import EventScoring, ProvinceScoring, RegionAttack
from .rules import Options

#: The players' colours, in seat order (the neutral colour comes after the players).
PLAYER_NAMES = ("Red", "Green", "Blue", "Violet")

__all__ = ["PLAYER_NAMES", "score_province", "mongol_attack", "diplomacy", "dominance", "imperial_reward",
           "longest_runs"]

_KIT = Options()  # the rulebook's readings
_record = tuple.__new__  # a named tuple from all its values: ``_make`` without its Python call


def score_province(province, *, blocks, virtual, modifier, reputation, reveal=None, effects=()):
    """Score a completed province: its value, and who holds the majority.

    Parameters
    ----------
    blocks : tuple of int
        Counted (unbroken) blocks per colour, the neutral colour last.
    virtual : tuple of int
        Extra blocks from Builder / Master Builder cards, per colour.
    modifier : int
        The sum of the cards' value changes (Flood +2/-2, Builder +2).
    reputation : int
        The province's reputation counter.
    reveal : Reveal, optional
        The province's revealed cards (:func:`.cards.reveal`), kept as evidence.
    effects : sequence of tuple, optional
        What each card did, ``(owner, kind, effect, target)``, kept as evidence.

    Notes
    -----
    Kit's readings: the value never goes below zero (a province cannot cost points); a majority of
    zero blocks scores nobody; a majority held by the neutral colour alone scores nobody, and players
    tied with it score.

    Examples
    --------
    The rulebook's second example: Red 1 real + 1 virtual, Green 2, Blue 1, Flood +2, counter 3:

    >>> s = score_province(5, blocks=(1, 2, 1, 0, 0), virtual=(1, 0, 0, 0, 0), modifier=2, reputation=3)
    >>> s.value, s.winners
    (9, (0, 1))
    >>> score_province(0, blocks=(0, 0, 0), virtual=(0, 0, 0), modifier=-2, reputation=0).points
    0
    """
    totals = tuple(map(add, blocks, virtual))
    counted = sum(blocks)
    value = counted + modifier + reputation
    best = max(totals)
    majority = _holders(totals, best) if best > 0 else ()
    # the neutral colour comes last: the players of the majority are all of it but a neutral at its end
    winners = majority[:-1] if majority and majority[-1] == len(blocks) - 1 else majority
    cards = ((), (), ()) if reveal is None else (reveal.cards, reveal.cancelled, reveal.order)
    return _record(ProvinceScoring, (province, tuple(blocks), tuple(virtual), totals, counted, modifier, reputation,
                                     value, majority, winners, max(value, 0), *cards, tuple(effects)))


def mongol_attack(region, *, threat, blocks, towers, face_up=False):
    """The Mongol attack on one region: the majority loses the threat's value, a tower's owner is spared.

    Parameters
    ----------
    threat : int or None
        The counter's value (-2..-4), or ``None`` if a Traitor removed it.
    blocks : tuple of int
        Counted blocks per colour in the region, the neutral colour last.
    towers : tuple of int
        The owners of towers standing in the region.
    face_up : bool
        Whether the counter was already face up before the attack (Observers, CC-53).

    Examples
    --------
    The rulebook's three regions (players Red, Green, Blue, Violet; neutral last):

    >>> mongol_attack(0, threat=-2, blocks=(0, 1, 1, 2, 0), towers=()).losers
    (3,)
    >>> a = mongol_attack(1, threat=-4, blocks=(0, 1, 3, 0, 0), towers=(2,))
    >>> a.majority, a.protected, a.losers
    ((2,), (2,), ())
    >>> mongol_attack(2, threat=-3, blocks=(2, 2, 1, 0, 0), towers=()).losers
    (0, 1)
    """
    players = len(blocks) - 1
    best = max(blocks)
    majority = _holders(blocks, best) if best > 0 else ()
    if threat is None:
        return _record(RegionAttack, (region, None, tuple(blocks), majority, (), (), 0, face_up))
    if towers:
        protected = tuple([c for c in majority if c in towers])
        losers = tuple([c for c in majority if c < players and c not in towers])
    else:
        protected, losers = (), majority[:-1] if majority and majority[-1] == players else majority
    return _record(RegionAttack, (region, threat, tuple(blocks), majority, protected, losers, threat, face_up))


def _holders(counts, best):
    """The colours whose count is ``best``, in colour order."""
    if counts.count(best) == 1:  # (most often one holds the majority: found in C, no comprehension called)
        return (counts.index(best),)
    # (a list built and made a tuple: tuple() over a generator resumes it through a new interpreter loop per item)
    return tuple([c for c, n in enumerate(counts) if n == best])


def diplomacy(provinces_with_blocks):
    """Diplomacy (CC-50): the player(s) with at least one block in the most provinces gain 4.

    >>> diplomacy((3, 5, 5)).gains
    (0, 4, 4)
    """
    best = max(provinces_with_blocks)
    gains = tuple(4 if n == best and best > 0 else 0 for n in provinces_with_blocks)
    return EventScoring("diplomacy", tuple(provinces_with_blocks), gains)


def dominance(run_points, *, options=_KIT):
    """Dominance (CC-51): each player gains their longest run's points; CC-V5 (``options.dominance``): only the
    longest run's owner(s).

    >>> dominance((4, 6, 6)).gains, dominance((4, 6, 6), options=Options(dominance="longest_only")).gains
    ((4, 6, 6), (0, 6, 6))
    """
    best = max(run_points)
    longest_only = options.dominance == "longest_only"
    if longest_only:
        gains = tuple(n if n == best else 0 for n in run_points)
    else:
        gains = tuple(run_points)
    return EventScoring("dominance", tuple(run_points), gains, "longest_only" if longest_only else "")


def imperial_reward(unplayed):
    """Imperial Reward (CC-52): 2 points per action card a player never played.

    >>> imperial_reward((0, 2)).gains
    (0, 4)
    """
    return EventScoring("imperial_reward", tuple(unplayed), tuple(2 * n for n in unplayed))


def longest_runs(graph, players, *, options=_KIT):
    """Each player's longest uninterrupted run of own unbroken blocks along the wall, on the wall graph.

    The run is a connected component of the wall path restricted to the player's unbroken squares
    (a networkx question). Its points: one per square, a tower counting ``options.dominance_tower`` (the
    rulebook: "Towers and Double Walls as 2 single wall-blocks"; a double's two squares give 2).

    Returns
    -------
    list of (points, squares)
        Per player, the best run's points and its squares in wall order.

    Examples
    --------
    >>> from greatwall_kit.chang_cheng import ChangCheng
    >>> doc = {"players": 2, "faces": ["1A", "2A"], "reputation": [0, 1, 2, 3, 4, 0],
    ...        "threat": [-2, -3, -4, -2, -3, -4], "wall": "R RT R G G" + " ." * 21}
    >>> longest_runs(ChangCheng.from_position(doc).graph(), 2)
    [(4, (0, 1, 2)), (2, (3, 4))]
    >>> longest_runs(ChangCheng.from_position(doc).graph(), 2, options=Options(dominance_tower=1))[0]
    (3, (0, 1, 2))
    """
    import networkx as nx

    out, tower_counts = [], options.dominance_tower
    wall = graph.subgraph(n for n, d in graph.nodes(data=True) if d.get("kind") == "square")
    for p in range(players):
        mine = [n for n, d in wall.nodes(data=True) if d["owner"] == p and not d["broken"]]
        best: tuple[int, tuple] = (0, ())
        for component in nx.connected_components(wall.subgraph(mine)):
            squares = tuple(sorted(component, key=lambda n: wall.nodes[n]["position"]))
            points = sum(tower_counts if wall.nodes[n]["piece"] == "tower" else 1 for n in squares)
            if (points, len(squares)) > (best[0], len(best[1])):
                best = (points, squares)
        out.append((best[0], tuple(wall.nodes[n]["square"] for n in best[1])))
    return out
