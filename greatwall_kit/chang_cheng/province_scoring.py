"""The scoring of a completed province: play halts, its cards resolve, its majority scores (CC-18..35).

A phase of play of :class:`~.game.ChangCheng`: agenda methods (the jobs ``score``, ``card`` and ``tally``, the
decision ``card`` of a revealed card's owner). The arithmetic is :func:`.scoring.score_province`'s; which
cards cancel and in what order the rest resolve is :func:`.cards.reveal`'s.
"""

from typing import TYPE_CHECKING

from ..engine.log import later
from . import cards as cardlib
from . import scoring
from .cards import card_moves
from .events import (
    BUILDER_BLOCK,
    BUILDER_VALUE,
    CARDS_CANCEL,
    CARDS_IN_ORDER,
    CARDS_REVEALED,
    EMPEROR_CARD_PLACED,
    FLOOD_PLAYED,
    MAJORITY_NOBODY,
    MAJORITY_SCORES,
    MANDARIN_IDLE,
    MANDARIN_SWAPS,
    MANDARIN_SWAPS_ANY,
    MASTER_BUILDER,
    NO_BOARD_LEFT,
    PROVINCE_COMPLETED,
    PROVINCE_WORTH,
    TRAITOR_BREAKS,
    TRAITOR_IDLE,
    TRAITOR_REMOVES_THREAT,
    USED_CARDS_LEAVE,
    WARRIOR_CANCELS,
    WARRIOR_DISCARDS,
    WARRIOR_IDLE,
)
from .moves import Break, Builder, Cancel, Discard, Flood, Remove, Swap

if TYPE_CHECKING:
    from .attributes import ChangChengState as _State
else:
    _State = object  # the declarations are for the type checker only

__all__ = ["ProvinceScorings"]

#: the kind of event of a revealed card that finds nothing to act on (CC-29, CC-30, CC-35)
_IDLE = {"warrior": WARRIOR_IDLE, "traitor": TRAITOR_IDLE, "mandarin": MANDARIN_IDLE}


class ProvinceScorings(_State):
    """The agenda methods of a province's scoring; ``res`` holds the scoring under way."""

    def _job_score(self, province):
        # each event is recorded once the position shows it (``position_at(event=...)``, the rule steps): the cards
        # lie face down until they are revealed, and the scoring holds them from then on
        squares = self.wall.province_squares[province]
        self._events.append((PROVINCE_COMPLETED, province, squares[0], squares[-1]))
        cards = self.cards_in[province]
        self.cards_in[province] = []
        for owner, kind in cards:
            del self.card_at[owner, kind]
        reveal = cardlib.reveal(cards, players=self.players, first=self.current, province=province,
                                options=self.options)
        self.res = {"province": province, "queue": list(reveal.order), "virtual": [0] * (self.players + 1),
                    "modifier": 0, "reveal": reveal, "effects": []}
        if cards:
            self._events.append((CARDS_REVEALED, [list(c) for c in cards],
                                 later(_cards_text, self.player_names, cards)))
        if reveal.cancelled:
            self._events.append((CARDS_CANCEL, [list(c) for c in reveal.cancelled],
                                 later(_cards_text, self.player_names, reveal.cancelled)))
        if len(reveal.order) > 1:
            which = "The others" if reveal.cancelled else "They"
            self._events.append((CARDS_IN_ORDER, which, later(_cards_text, self.player_names, reveal.order)))
        self._push(("card",), ("tally", province))

    def _job_card(self):
        res = self.res
        if not res["queue"]:
            return
        owner, kind = res["queue"].pop(0)
        self._push(("card",))
        who = self.player_names[owner]
        if kind == "masterbuilder":
            res["virtual"][owner] += 2
            res["effects"].append((owner, kind, "blocks", 2))
            self._events.append((MASTER_BUILDER, owner, who))
            return
        moves = card_moves(self, owner, kind)
        if not moves:
            res["effects"].append((owner, kind, "nothing", None))
            self._events.append((_IDLE[kind], owner, who))
        elif len(moves) == 1:
            self._play_card(owner, kind, moves[0])
        else:
            self._ask("card", owner, kind, moves)

    def _moves_card(self, owner, kind):
        return card_moves(self, owner, kind)

    def _on_card(self, owner, kind, move):
        self._play_card(owner, kind, move)

    def _job_tally(self, province):
        res = self.res
        blocks = [0] * (self.players + 1)
        occ, broken = self.occ, self.broken
        for s in self.wall.province_squares[province]:
            if not broken[s]:
                blocks[occ[s]] += 1
        ev = scoring.score_province(province, blocks=tuple(blocks), virtual=tuple(res["virtual"]),
                                    modifier=res["modifier"], reputation=self.reputation[province],
                                    reveal=res["reveal"], effects=res["effects"])
        self.evidence.append(ev)
        self._events.append((PROVINCE_WORTH, province, ev.value, ev.counted, ev.modifier, ev.reputation))
        if ev.winners:
            for w in ev.winners:
                self.points[w] += ev.points
            self._events.append((MAJORITY_SCORES, province, list(ev.winners), ev.points, list(ev.totals),
                                 later(_counts, self.colours, ev.totals), later(_names, self.player_names, ev.winners),
                                 "scores" if len(ev.winners) == 1 else "score"))
        else:
            self._events.append((MAJORITY_NOBODY, province, [], 0, list(ev.totals),
                                 later(_counts, self.colours, ev.totals)))
        self.res = None  # the used cards leave the game with what they gave the province
        if res["reveal"].cards:
            self._events.append((USED_CARDS_LEAVE, province))
        self.scored[province] = True
        self.emperor += 1
        self.emperor_on.append(province)
        self._events.append((EMPEROR_CARD_PLACED, province, self.emperor))
        if self.emperor == 3 and not self.reserve_faces:  # every board is laid: no more is added (CC-38)
            self._events.append((NO_BOARD_LEFT, self.players, self.max_boards))

    def _play_card(self, owner, kind, move):
        """Apply the chosen effect ``move`` of ``owner``'s card ``kind`` and record it in the log."""
        res = self.res
        who = self.player_names[owner]
        if isinstance(move, Cancel):
            target = (self.colours.index(move.colour), move.kind)
            res["queue"].remove(target)
            res["effects"].append((owner, kind, "remove", target))
            self._events.append((WARRIOR_CANCELS, owner, list(target), who, move.colour.capitalize(), move.kind))
        elif isinstance(move, Discard):
            o = self.colours.index(move.colour)
            theirs = [c for c in self.cards_in[move.province] if c[0] == o]
            target = theirs[self.rng.randrange(len(theirs))] if len(theirs) > 1 else theirs[0]
            index = self.cards_in[move.province].index(target)  # which face-down card left: the rule steps show it
            del self.cards_in[move.province][index]
            del self.card_at[target]
            res["effects"].append((owner, kind, "discard", (move.province, o, index)))
            self._events.append((WARRIOR_DISCARDS, owner, move.province, who, move.colour.capitalize()))
        elif isinstance(move, Break):
            self.broken[move.square] = True
            res["effects"].append((owner, kind, "break", move.square))
            victim = self.colours[self.occ[move.square]].capitalize()
            self._events.append((TRAITOR_BREAKS, owner, move.square, who, victim))
        elif isinstance(move, Remove):
            self.threat[move.region] = None
            res["effects"].append((owner, kind, "threat", move.region))
            self._events.append((TRAITOR_REMOVES_THREAT, owner, move.region, who))
        elif isinstance(move, Flood):
            delta = 2 if move.effect == "plus" else -2
            res["modifier"] += delta
            res["effects"].append((owner, kind, move.effect, delta))
            self._events.append((FLOOD_PLAYED, owner, delta, who))
        elif isinstance(move, Builder):
            if move.effect == "value":
                res["modifier"] += 2
                res["effects"].append((owner, kind, "value", 2))
                self._events.append((BUILDER_VALUE, owner, who))
            else:
                res["virtual"][owner] += 1
                res["effects"].append((owner, kind, "block", 1))
                self._events.append((BUILDER_BLOCK, owner, who))
        elif isinstance(move, Swap):
            a, b = move.square, move.other
            res["effects"].append((owner, kind, "swap" if self.options.mandarin == "this_province" else "swap any",
                                   (a, b, self.occ[a], self.occ[b])))
            self.occ[a], self.occ[b] = self.occ[b], self.occ[a]
            ca, cb = self.colours[self.occ[b]].capitalize(), self.colours[self.occ[a]].capitalize()
            # a province completed by the same placement (a double over two) is still waiting on the
            # agenda to be scored: it will count the swapped blocks, so it is not "already scored"
            waiting = {job[1] for job in self.agenda if job[0] == "score"}
            scored = [pr for pr in dict.fromkeys((self.wall.province_of[a], self.wall.province_of[b]))
                      if self.completed[pr] and pr != res["province"] and pr not in waiting]
            note = f" Province {scored[0]} was already scored and is not scored again." if scored else ""
            self._events.append((MANDARIN_SWAPS if self.options.mandarin == "this_province" else MANDARIN_SWAPS_ANY,
                                 owner,
                                 [a, b], who, ca, cb, note))


def _counts(colours, totals):
    """The blocks counted for a majority, by colour: ``Red 3, Neutral 1`` (``none``: no block)."""
    return ", ".join(f"{colours[c].capitalize()} {t}" for c, t in enumerate(totals) if t) or "none"


def _names(names, players):
    """The players by name: ``Red and Green``."""
    return " and ".join(map(names.__getitem__, players))


def _cards_text(names, cards):
    """Cards by owner and kind: ``Red wall, Green tower``."""
    return ", ".join(f"{names[o]} {k}" for o, k in cards)
