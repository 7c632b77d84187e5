"""The networkx model of a Great Wall of China table: sections and players, who contests which section with
what; and what the picture shares with it: the element keys (the node ids: the player names and
``"section <n>"``), the players' colours and standings, and how much of the results a position shows.

>>> from greatwall_kit.great_wall_of_china import new_game
>>> g = graph(new_game(players=3, seed=1))
>>> g.number_of_nodes(), g.nodes["Green"]["kind"], style("Green")
(6, 'player', ('#009E73', '#000000', 'G'))
"""

from greatwall_kit.engine.palette import PLAYER, player_style

__all__ = ["graph", "style", "standing_of", "results_shown"]


def graph(game):
    """Sections and players as a networkx graph: who contests which section, with what.

    Section nodes carry their token pair, cards and every player's total; player nodes
    their hand and deck sizes, face-down token count, ``standing`` as the picture shows it and ``winner``
    (and their ``score`` once their tokens are turned face up at the end); an edge links a player to each
    section where they have a card, with their total there. Every node has a ``pos`` laid out
    like :func:`.picture.picture` (players in a row above the sections, y up), a ``label`` and a
    ``colour`` (the player's; sections neutral grey); edges carry the player's ``colour`` and
    a ``width`` growing with their total there.

    Examples
    --------
    >>> from greatwall_kit.great_wall_of_china import new_game
    >>> g = new_game(players=2, seed=0).graph()
    >>> sorted(g.nodes)
    ['Red', 'Yellow', 'section 1', 'section 2']
    >>> g.nodes["section 1"]["kind"], g.nodes["Red"]["pos"], g.nodes["Yellow"]["colour"]
    ('section', (2.25, 0.0), '#F0E442')
    """
    import networkx as nx

    names, n = game.player_names, game.players
    g = nx.Graph(game=game.name, players=n)
    shown = results_shown(game)[0]
    for p in range(n):
        fill, _, letter = style(names[p])
        standing, _, winner = standing_of(game, p)
        score = {"score": sum(game.tokens[p])} if p in shown else {}
        g.add_node(names[p], kind="player", hand=sum(game.hands[p].values()), deck=len(game.decks[p]),
                   face_down_tokens=len(game.tokens[p]), to_act=game.to_act == p, standing=standing,
                   winner=winner, **score, pos=(9.0 * (p + 0.5) / n, 0.0), label=f"{letter} {names[p]}",
                   colour=fill)
    for section in game.sections:
        node = f"section {section.number}"
        totals, part = section.totals(), section.takes_part()
        pair = ",".join(map(str, section.pair))
        g.add_node(node, kind="section", pair=pair, cards=len(section.cards),
                   row=" ".join(f"{names[c.owner]}:{c.kind}" + (f"[{c.token}]" if c.token else "")
                                for c in section.cards),
                   **{f"total_{names[p]}": totals[p] for p in range(n)},
                   pos=(4.5, -1.5 * section.number), label=f"{node} ({pair or 'no tokens'})",
                   colour=PLAYER["neutral"])
        for p in range(n):
            if part[p]:
                g.add_edge(names[p], node, total=totals[p],
                           cards=sum(1 for c in section.cards if c.owner == p),
                           token=next((c.token for c in section.cards if c.owner == p and c.token), 0),
                           colour=style(names[p])[0], width=1.0 + min(max(totals[p], 0), 16) / 2)
    return g


def style(name):
    """``(fill, ink, letter)`` of a player of this game: the palette's, and Okabe–Ito black for Black.

    >>> style("Yellow"), style("Black")
    (('#F0E442', '#000000', 'Y'), ('#000000', '#FFFFFF', 'K'))
    """
    if name == "Black":  # the palette has no black; K as in CMYK, since B is Blue's
        return "#000000", "#FFFFFF", "K"
    return player_style(name)


def standing_of(game, player, hide=frozenset()):
    """``(standing, its long form, winner)`` of a player, as the public sees it: the count of their face-down
    tokens while their values are hidden, their score once turned face up (at the end), and whether they are
    named a winner. ``hide`` (quiz parts) leaves out the score (``scores``) or the count (``counts``).

    >>> from greatwall_kit.great_wall_of_china import new_game
    >>> standing_of(new_game(players=2, seed=0), 0)
    ('0 tokens face down', 'Red: 0 tokens face down; their values count at the end (GW-23)', False)
    >>> standing_of(new_game(players=2, seed=0), 0, {"counts"})[0]
    '? tokens face down'
    """
    shown, winners = results_shown(game)
    name, tokens = game.player_names[player], game.tokens[player]
    many = "s" if len(tokens) != 1 or "counts" in hide else ""
    count = f"{'?' if 'counts' in hide else len(tokens)} token{many}"
    if player not in shown:
        return f"{count} face down", f"{name}: {count} face down; their values count at the end (GW-23)", False
    score = "?" if "scores" in hide else sum(tokens)
    if "counts" in hide:  # the values listed would count the tokens
        added = f"score {score}"
    elif "scores" in hide:
        added = ", ".join(map(str, tokens)) + "; score ?"
    else:
        added = " + ".join(map(str, tokens)) + f" = {score}" if len(tokens) > 1 else str(score)
    return f"score {score} ({count})", f"{name}'s face-down tokens: {added}", player in winners


def results_shown(game):
    """``(players whose face-down tokens are shown face up, the winners named)``: everyone's and the winners once
    the game is over, nobody's before; a position after an end step shows them as far as its steps have gone
    (``_turned_up``, see :mod:`.changes`).

    >>> from greatwall_kit.great_wall_of_china import new_game
    >>> results_shown(new_game(players=2, seed=0))
    ((), ())
    """
    if game._turned_up is not None:
        return game._turned_up
    if game.is_over:
        return tuple(range(game.players)), game.winners()
    return (), ()
