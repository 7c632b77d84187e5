"""The end of a game of Chang Cheng: the Mongol attack, the event cards, the winners (CC-40..45, CC-50..54).

A phase of play of :class:`~.game.ChangCheng` (its last job), and the evidence of each event card.
"""

from typing import TYPE_CHECKING

from . import scoring
from .board import TOWER
from .events import (
    ATTACK_LOSSES,
    ATTACK_LOSSES_LEFT,
    ATTACK_NOBODY,
    DIPLOMACY_SCORED,
    DOMINANCE_LONGEST_SCORED,
    DOMINANCE_SCORED,
    FINAL_SCORES,
    GAME_ENDS,
    IMPERIAL_REWARD_SCORED,
    REGION_HAS_NO_THREAT,
    TOWER_PROTECTS,
)

if TYPE_CHECKING:
    from .attributes import ChangChengState as _State
else:
    _State = object  # the declarations are for the type checker only

__all__ = ["Ending", "event_scoring"]

_SCORED = {"diplomacy": DIPLOMACY_SCORED, "dominance": DOMINANCE_SCORED, "imperial_reward": IMPERIAL_REWARD_SCORED}


class Ending(_State):
    """The agenda's last job, ``end``: run by a job that finds the game over (every square occupied, or no player
    able to act)."""

    def _job_end(self, reason):
        """End the game: the Mongol attack region by region (CC-42..44), then the event cards (CC-54)."""
        self._events.append((GAME_ENDS, reason))
        n = self.players
        occ, broken, piece, region_squares = self.occ, self.broken, self.piece, self.wall.region_squares
        for r in dict.fromkeys(map(self.wall.region_of.__getitem__, self.wall.order)):  # regions in wall order
            blocks = [0] * (n + 1)
            towers = []
            for s in region_squares[r]:
                c = occ[s]
                if c >= 0 and not broken[s]:
                    blocks[c] += 1
                if piece[s] == TOWER:
                    towers.append(c)
            threat = self.threat[r]
            ev = scoring.mongol_attack(r, threat=threat, blocks=tuple(blocks), towers=tuple(towers),
                                       face_up=self.revealed[r])
            self.evidence.append(ev)
            if threat is None:
                self._events.append((REGION_HAS_NO_THREAT, r))
                continue
            self.revealed[r] = True
            if ev.protected:
                names = " and ".join(map(self.player_names.__getitem__, ev.protected))
                self._events.append((TOWER_PROTECTS, r, list(ev.protected), threat, names))
            for c in ev.losers:
                self.points[c] += threat
            if ev.losers:
                names = " and ".join(map(self.player_names.__getitem__, ev.losers))
                loses = f"loses {-threat}" if len(ev.losers) == 1 else f"each lose {-threat}"
                # told after a tower's protection: a tied player without a tower still loses
                self._events.append((ATTACK_LOSSES_LEFT if ev.protected else ATTACK_LOSSES, r, threat, list(ev.losers),
                                     names,
                                     loses))
            elif not ev.protected:
                self._events.append((ATTACK_NOBODY, r, threat, []))
        for event in self.events:
            if event == "observers":
                continue
            ev = event_scoring(self, event)
            self.evidence.append(ev)
            for p, g in enumerate(ev.gains):
                self.points[p] += g
            gains = ", ".join(f"{self.player_names[p]} +{g}" for p, g in enumerate(ev.gains) if g) or "nobody"
            longest = event == "dominance" and self.options.dominance == "longest_only"
            self._events.append((DOMINANCE_LONGEST_SCORED if longest else _SCORED[event], event, list(ev.gains), gains))
        best = max(self.points)
        winners = [self.player_names[p] for p in range(n) if self.points[p] == best]
        listed = ", ".join(f"{self.player_names[p]} {self.points[p]}" for p in range(n))
        self._events.append((FINAL_SCORES, list(self.points), listed, " and ".join(winners),
                             "wins" if len(winners) == 1 else "win"))
        self.reason = reason  # (the game is over once its end is told: a copy part-way through it is not)
        self._end()


def event_scoring(game, event):
    """The evidence of one end-of-game event card (CC-50, CC-51/CC-V5, CC-52)."""
    n = game.players
    if event == "diplomacy":
        have: list[set[int]] = [set() for _ in range(n)]
        for s in game.wall.order:
            c = game.occ[s]
            if 0 <= c < n and not game.broken[s]:
                have[c].add(game.wall.province_of[s])
        return scoring.diplomacy(tuple(len(h) for h in have))
    if event == "dominance":
        runs = scoring.longest_runs(game.graph(), n, options=game.options)
        return scoring.dominance(tuple(points for points, _ in runs), options=game.options)
    return scoring.imperial_reward(tuple(len(h) for h in game.hand))
