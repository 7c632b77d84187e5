"""What the players see of a game: the snapshot (the whole truth), the views (public and private),
the networkx graph of who contests which section, and the SVG picture.

A mixin of :class:`~greatwall_kit.great_wall_of_china.game.GreatWallOfChina`; hands, decks, the
pool's order and the values of face-down tokens never reach the public part of a view.

>>> from greatwall_kit.great_wall_of_china import new_game
>>> view = new_game(players=2, seed=0).view(1)
>>> sorted(view["private"]), view["public"]["players"][0]["hand"]
(['hand', 'points', 'tokens'], 5)
"""

from .events import FIRST_CLAIM, SCORING_ONLY, TURN_BEGINS

__all__ = ["TableViews"]


def _claim_marks(game):
    """``{"pending": ..., "check_next": ...}`` as snapshots have always named them: the section (0-based) of the
    latest first claim asked for in the game (``None`` before any), and the section the scoring check goes on
    from after it, if that claim was asked in this turn (else 0). Read from the decision asked for and the log."""
    prompt = game.prompt
    if prompt is not None and prompt[0] == "claim":
        return {"pending": prompt[2], "check_next": prompt[2] + 1}
    this_turn = True
    for event in reversed(game.log):
        kind = event.kind
        if kind is FIRST_CLAIM:
            section = event.data["section"]
            return {"pending": section - 1, "check_next": section if this_turn else 0}
        if kind is TURN_BEGINS or kind is SCORING_ONLY:
            this_turn = False
    return {"pending": None, "check_next": 0}


class TableViews:
    """The snapshot, view, graph and picture hooks of the game."""

    def _snapshot(self):
        """The whole truth, hidden parts included, as JSON-able data."""
        return {
            "decks": [list(d) for d in self.decks],
            "hands": [dict(h) for h in self.hands],
            "tokens": [list(t) for t in self.tokens],
            "discarded": [dict(d) for d in self.discarded],
            "pool": list(self.pool),
            "box": list(self.box),
            "sections": [s.to_json() for s in self.sections],
            "turn": self.turn, "turn_number": self.turn_number, "phase": self.phase,
            **_claim_marks(self), "actions": self.actions,
            "cavalry_used": self.cavalry_used, "claimed": self.claimed, "declarer": self.declarer,
            "final": self.final, "final_turns": self.final_turns, "quiet": self.quiet,
            "end_reason": self.end_reason,
        }

    def _view(self, player):
        """``(public, private)``: the table as everyone sees it, and ``player``'s hand and face-down tokens."""
        names = self.player_names
        public = {
            "sections": [{"number": s.number, "pair": list(s.pair), "totals": list(s.totals()),
                          "cards": [{"owner": names[c.owner], "kind": c.kind, "token": c.token,
                                     "beneath": [f"{names[o]} {k}" for o, k in c.beneath]} for c in s.cards]}
                         for s in self.sections],
            "players": [{"name": names[p], "hand": sum(self.hands[p].values()), "deck": len(self.decks[p]),
                         "face_down_tokens": len(self.tokens[p])} for p in range(self.players)],
            "pool": len(self.pool),
            "box": list(self.box),
            "turn": names[self.turn], "phase": self.phase, "actions_taken": self.actions,
            "cavalry_used": self.cavalry_used,
            "claim_in_section": None if self.phase != "claim" else self.sections[self.pending].number,
            "last_round_by": None if self.declarer is None else names[self.declarer],
            "scoring_only": self.final,
        }
        if player is None:
            return public, {}
        private = {"hand": dict(self.hands[player]), "tokens": sorted(self.tokens[player]),
                   "points": sum(self.tokens[player])}
        return public, private

    def graph(self):
        """Sections and players as a networkx graph: who contests which section, with what.

        Section nodes carry their token pair, cards and every player's total; player nodes
        their hand and deck sizes, face-down token count, ``standing`` as the picture shows it and ``winner``
        (and their ``score`` once their tokens are turned face up at the end); an edge links a player to each
        section where they have a card, with their total there. Every node has a ``pos`` laid out
        like :meth:`picture` (players in a row above the sections, y up), a ``label`` and a
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

        from .picture import PLAYER, standing_of, style

        names, n = self.player_names, self.players
        g = nx.Graph(game=self.name, players=n)
        shown = self._results_shown()[0]
        for p in range(n):
            fill, _, letter = style(names[p])
            standing, _, winner = standing_of(self, p)
            score = {"score": sum(self.tokens[p])} if p in shown else {}
            g.add_node(names[p], kind="player", hand=sum(self.hands[p].values()), deck=len(self.decks[p]),
                       face_down_tokens=len(self.tokens[p]), to_act=self.to_act == p, standing=standing,
                       winner=winner, **score, pos=(9.0 * (p + 0.5) / n, 0.0), label=f"{letter} {names[p]}",
                       colour=fill)
        for section in self.sections:
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

    def picture(self, *, targets=None, highlight=(), hide=()):
        """The table as SVG: players, each section's tokens, cards and totals, and a legend.

        Hands and decks are drawn as counts only. Element keys: the player names and
        ``"section <n>"`` (the nodes of :meth:`graph`).

        Parameters
        ----------
        targets : dict, optional
            ``{element key: label}``: the elements drawn as clickable, with the label as accessible name.
        highlight : iterable of str or mapping
            Keys to mark "focus", or ``{key: mark}`` with a mark of ``greatwall_kit.engine.steps.MARKS``.
        hide : str or iterable of str
            The quiz form: parts of ``greatwall_kit.engine.steps.QUIZ_PARTS`` left out (totals, scores, status,
            verdicts, counts, marks); :mod:`~greatwall_kit.great_wall_of_china.picture` says what each one hides.

        Examples
        --------
        >>> from greatwall_kit.great_wall_of_china import new_game
        >>> game = new_game(players=2, seed=0)
        >>> 'data-element="section 2"' in game.picture(highlight={"section 2": "changed"})
        True
        >>> game.picture(highlight=["section 9"])
        Traceback (most recent call last):
        ...
        greatwall_kit.engine.errors.GreatWallError: no board element 'section 9' to highlight (see game.graph() for the keys, ...)
        >>> "to act" in game.picture(), "to act" in game.picture(hide="status")
        (True, False)
        """  # noqa: E501 - doctest output is compared as printed
        from .picture import picture

        return picture(self, targets, highlight, hide)

    def _results_shown(self):
        """``(players whose face-down tokens are shown face up, the winners named)``: everyone's and the winners
        once the game is over, nobody's before; a position after an end step shows them as far as its steps have
        gone (``_turned_up``, see :mod:`.changes`)."""
        if self._turned_up is not None:
            return self._turned_up
        if self.is_over:
            return tuple(range(self.players)), self.winners()
        return (), ()

    def move_element(self, move):
        """``"section <n>"`` for a move on a section (a play, a Dragon, a claim); ``None`` for a draw.

        >>> from greatwall_kit.great_wall_of_china import new_game
        >>> game = new_game(players=2, seed=0)
        >>> game.move_element(game.parse_move("play 2 wall 1")), game.move_element(game.parse_move("draw"))
        ('section 2', None)
        """
        section = getattr(move, "section", None)
        return None if section is None else f"section {section}"
