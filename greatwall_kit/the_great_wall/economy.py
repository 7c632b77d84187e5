"""Resources, costs and the Warehouse: paying, gathering, Donate, Overseer prices.

A clan's stock is a dict with ``wood``, ``stone``, ``gold`` and ``chi``; the Warehouse
holds donated ``wood``, ``stone`` and ``gold`` that builders spend first (TGW-25).
"""

__all__ = ["can_pay", "pay", "overseer_cost", "ability", "DONATABLE"]

DONATABLE = ("wood", "stone", "gold")  # Chi can never be donated (TGW-26)


def can_pay(cost, clan, warehouse=None):
    """Whether ``clan`` (with the Warehouse, if given) can pay ``cost``.

    >>> can_pay({"stone": 2}, {"stone": 1}, {"stone": 1}), can_pay({"stone": 2}, {"stone": 1})
    (True, False)
    """
    for res, n in cost.items():
        have = clan[res] + (warehouse.get(res, 0) if warehouse is not None else 0)
        if have < n:
            return False
    return True


def pay(cost, clan, warehouse=None):
    """Pay ``cost``, taking from the Warehouse first when one is given; returns what each paid.

    >>> clan, house = {"stone": 3, "wood": 1}, {"stone": 1, "wood": 0, "gold": 0}
    >>> pay({"stone": 2, "wood": 1}, clan, house)
    {'warehouse': {'stone': 1}, 'clan': {'stone': 1, 'wood': 1}}
    >>> clan, house
    ({'stone': 2, 'wood': 0}, {'stone': 0, 'wood': 0, 'gold': 0})
    """
    from_house, from_clan = {}, {}
    for res, n in cost.items():
        if warehouse is not None:
            w = min(n, warehouse.get(res, 0))
            if w:
                warehouse[res] -= w
                from_house[res] = w
                n -= w
        if n:
            clan[res] -= n
            from_clan[res] = n
    return {"warehouse": from_house, "clan": from_clan}


def overseer_cost(location, placed):
    """The cost printed on the next free Overseer slot, or ``None`` when all are taken (TGW-24).

    >>> overseer_cost({"overseer_costs": [{"gold": 1}, {"gold": 2}]}, 1)
    {'gold': 2}
    >>> overseer_cost({"overseer_costs": [{"gold": 1}]}, 1) is None
    True
    """
    costs = location["overseer_costs"]
    return costs[placed] if placed < len(costs) else None


def ability(clan, kind, catalog):
    """The strength of ability ``kind`` for a clan: its General (raised by Supporting Advisors) plus
    its Active Advisors with that ability.

    >>> from greatwall_kit.the_great_wall.catalog import load_catalog
    >>> cat = load_catalog()
    >>> ability({"general": "g1", "support": ["a05"], "active": ["a04"]}, "donate_honor", cat)
    3
    """
    total = 0
    g = clan.get("general")
    if g is not None and catalog.generals[g]["ability"] == kind:
        gen = catalog.generals[g]
        total += gen["base"] + gen["per_support"] * len(clan["support"])
    for a in clan["active"]:
        if catalog.advisors[a]["ability"] == kind:
            total += catalog.advisors[a]["value"]
    return total
