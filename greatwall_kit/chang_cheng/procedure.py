"""The rulebook's procedures as steps: a province scored (CC-18 to CC-35), the Mongol attack on a region
(CC-42 to CC-44), an event card at the end (CC-50 to CC-52, CC-V5).

Built on demand from the evidence objects of :mod:`.scoring`, never while a game is played. Board keys:
``s<n>`` squares, ``p<n>`` provinces, ``r<n>`` regions. A step that changes a player's points carries
``numbers["player"]`` and ``numbers["points"]`` (the change), so the steps add up to the scores.

Examples
--------
The rulebook's second example: Green's Traitor breaks Red's block, Blue's Flood adds 2, Red's Builder
gives Red an extra block:

>>> from greatwall_kit.chang_cheng.cards import reveal
>>> from greatwall_kit.chang_cheng.scoring import score_province
>>> cards = [(1, "traitor"), (2, "flood"), (0, "builder")]
>>> effects = [(1, "traitor", "break", 4), (2, "flood", "plus", 2), (0, "builder", "block", 1)]
>>> s = score_province(1, blocks=(1, 2, 1, 0), virtual=(1, 0, 0, 0), modifier=2, reputation=3,
...                    reveal=reveal(cards, players=3, first=0, province=1), effects=effects)
>>> for step in s.steps:
...     print(step)
Province 1 is completed: every square in it is occupied, and play halts to score it. [CC-19]
Its cards are revealed: Green Traitor (2), Blue Flood (3), Red Builder (4). [CC-20]
No two cards share a priority: none cancels. [CC-24]
They resolve in ascending priority: Green Traitor (2), Blue Flood (3), Red Builder (4). [CC-25]
Green's Traitor breaks the block on square 4: it counts no more. [CC-31]
Blue's Flood: the province is worth +2. [CC-32]
Red's Builder counts as one extra block for Red at the majority. [CC-33]
Value = 4 counted blocks + 2 from cards + reputation 3 = 9. [CC-21]
Blocks for the majority: Red 1 + 1 from cards, Green 2, Blue 1. Red and Green tie with 2: each scores. [CC-22]
Red scores 9. [CC-22]
Green scores 9. [CC-22]
An Emperor card goes on province 1. [CC-23]
"""

from dataclasses import dataclass

from ..engine.steps import Step
from .scoring import PLAYER_NAMES

__all__ = ["province_steps", "double_steps", "attack_steps", "event_steps", "ProvinceHalted"]

_CARD = {"warrior": "Warrior", "traitor": "Traitor", "flood": "Flood", "builder": "Builder",
         "masterbuilder": "Master Builder", "mandarin": "Mandarin"}
_NOTHING_RULE = {"warrior": "CC-29", "traitor": "CC-30", "mandarin": "CC-35", "flood": "CC-32",
                 "builder": "CC-33", "masterbuilder": "CC-34"}


def province_steps(s):
    """The steps of a :class:`~.scoring.ProvinceScoring`: reveal, cancel, resolve, value, majority, points."""
    from .cards import PRIORITY

    here = {f"p{s.province}": "focus"}
    players = len(s.blocks) - 1

    def cards(group):
        return ", ".join(f"{_name(o, players)} {_CARD[k]} ({PRIORITY[k]})" for o, k in group)

    steps = [Step(f"Province {s.province} is completed: every square in it is occupied, and play halts to score "
                  "it.", "CC-19", {"province": s.province}, here)]
    if s.cards:
        steps.append(Step(f"Its cards are revealed: {cards(s.cards)}.", "CC-20", {"cards": len(s.cards)}, here))
        if s.cancelled:
            steps.append(Step(f"Cards of the same priority cancel each other without effect: {cards(s.cancelled)}.",
                              "CC-24", {"cancelled": len(s.cancelled)}, here))
        elif len(s.cards) > 1:
            steps.append(Step("No two cards share a priority: none cancels.", "CC-24", {"cancelled": 0}, here))
        if s.order:
            which = "The others resolve" if s.cancelled else "They resolve" if len(s.order) > 1 else "It resolves"
            steps.append(Step(f"{which} in ascending priority: {cards(s.order)}.", "CC-25",
                              {"resolving": len(s.order)}, here))
    else:
        steps.append(Step("It holds no cards.", "CC-20", {"cards": 0}, here))
    steps += [_effect(owner, kind, effect, target, s.province, players) for owner, kind, effect, target in s.effects]
    steps.append(Step(f"Value = {s.counted} counted blocks {_signed(s.modifier)} from cards + reputation "
                      f"{s.reputation} = {s.value}" + (", which counts as 0." if s.value < 0 else "."), "CC-21",
                      {"counted": s.counted, "modifier": s.modifier, "reputation": s.reputation, "value": s.value},
                      here))
    counts = ", ".join(_name(c, players) + f" {b}" + (f" + {v} from cards" if v else "")
                       for c, (b, v) in enumerate(zip(s.blocks, s.virtual)) if b or v) or "none"
    best = max(s.totals)
    if not s.majority:
        verdict = "No block counts: nobody scores."
    elif not s.winners:
        verdict = f"Only the neutral blocks hold the majority with {best}: nobody scores."
    elif len(s.majority) == 1:
        verdict = f"{_name(s.winners[0], players)} holds the majority with {best}."
    else:
        verdict = (f"{' and '.join(_name(c, players) for c in s.majority)} tie with {best}: "
                   + ("each scores." if len(s.winners) == len(s.majority) else "each player among them scores."))
    steps.append(Step(f"Blocks for the majority: {counts}. {verdict}", "CC-22",
                      {"totals": s.totals, "majority": best}, here))
    steps += [Step(f"{_name(w, players)} scores {s.points}.", "CC-22", {"player": w, "points": s.points}, here)
              for w in s.winners]
    steps.append(Step(f"An Emperor card goes on province {s.province}.", "CC-23", {"province": s.province}, here))
    return tuple(steps)


@dataclass(frozen=True)
class ProvinceHalted:
    """A province scoring halted while a card's owner decides what it does (CC-19, CC-25).

    ``scoring`` is a provisional :class:`~.scoring.ProvinceScoring` (its cards and the effects so far; its value
    and majority are not final, so the steps stop before them); ``waiting`` is the card ``(owner, kind)``
    whose owner chooses among ``choices`` (move texts); ``left`` the cards that resolve after it.
    """

    scoring: object
    waiting: tuple
    choices: tuple
    left: tuple

    @property
    def steps(self):
        """The scoring's steps so far, then the card that waits and what is left (built when asked for)."""
        from .cards import PRIORITY

        s, players = self.scoring, len(self.scoring.blocks) - 1
        here = {f"p{s.province}": "focus"}
        done = province_steps(s)
        steps = list(done[:next(i for i, step in enumerate(done) if "value" in step.numbers)])
        owner, kind = self.waiting
        who = _name(owner, players)
        options = ", ".join(self.choices[:-1]) + f" or {self.choices[-1]}" if len(self.choices) > 1 else \
            "".join(self.choices)
        steps.append(Step(f"Play halts: {who}'s {_CARD[kind]} waits for {who} to choose: {options}.",
                          _NOTHING_RULE[kind], {"player": owner, "choices": len(self.choices)}, here))
        if self.left:
            steps.append(Step("Still to resolve after it: " + ", ".join(
                f"{_name(o, players)} {_CARD[k]} ({PRIORITY[k]})" for o, k in self.left) + ".", "CC-25",
                {"left": len(self.left)}, here))
        steps.append(Step("The value, the majority and the points follow once every card has resolved.", "CC-19",
                          {"province": s.province}, here))
        return tuple(steps)

    def __str__(self):
        return "\n".join(map(str, self.steps))


def double_steps(d):
    """The steps of a :class:`~.scoring.DoubleScoring`: the squares, the provinces and regions, the points.

    >>> from greatwall_kit.chang_cheng.scoring import DoubleScoring
    >>> for step in DoubleScoring(0, (8, 9), (1, 2), (2, 2)).steps:
    ...     print(step)
    Red places the double block on squares 8 and 9. [CC-09]
    They lie in 2 provinces (1 and 2): 2 points. [CC-10]
    They border 1 Mongol region (2): 1 point. [CC-10]
    Red scores 2 + 1 = 3 at once. [CC-10]
    """
    who = PLAYER_NAMES[d.player]
    a, b = d.squares
    provinces, regions = sorted(set(d.provinces)), sorted(set(d.regions))

    def listed(items):
        return " and ".join(map(str, items))

    return (
        Step(f"{who} places the double block on squares {a} and {b}.", "CC-09", {"squares": d.squares},
             {f"s{a}": "added", f"s{b}": "added"}),
        Step(f"They lie in {len(provinces)} province{'s' if len(provinces) > 1 else ''} ({listed(provinces)}): "
             f"{_points(len(provinces))}.", "CC-10", {"provinces": len(provinces)},
             {f"p{p}": "focus" for p in provinces}),
        Step(f"They border {len(regions)} Mongol region{'s' if len(regions) > 1 else ''} ({listed(regions)}): "
             f"{_points(len(regions))}.", "CC-10", {"regions": len(regions)}, {f"r{r}": "focus" for r in regions}),
        Step(f"{who} scores {len(provinces)} + {len(regions)} = {d.points} at once.", "CC-10",
             {"player": d.player, "points": d.points}),
    )


def attack_steps(a):
    """The steps of a :class:`~.scoring.RegionAttack`: counter, blocks, majority, towers, losses."""
    here = {f"r{a.region}": "focus"}
    players = len(a.blocks) - 1
    if a.threat is None:
        return (Step(f"Region {a.region} has no threat counter left (a Traitor removed it): it costs nothing.",
                     "CC-44", {"region": a.region}, here),)
    counts = ", ".join(f"{_name(c, players)} {b}" for c, b in enumerate(a.blocks) if b) or "none"
    best = max(a.blocks)
    steps = [
        Step(f"Region {a.region}'s threat counter is revealed: {a.threat}.", "CC-42", {"threat": a.threat},
             {f"r{a.region}": "changed"}),
    ]
    if not a.majority:
        steps.append(Step("Counted blocks in the region: none. Nobody holds a majority to lose it.", "CC-42",
                          {"blocks": a.blocks, "majority": 0}, here))
        return tuple(steps)
    named = [_name(c, players) for c in a.majority]
    names = named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]
    holds = f"{names} {'holds' if len(a.majority) == 1 else 'tie for'} the majority with {best}"
    steps.append(Step(f"Counted blocks in the region: {counts}. {holds}"
                      + ("." if len(a.majority) == 1 else ": each of them loses unless a tower protects them."),
                      "CC-42",
                      {"blocks": a.blocks, "majority": best}, here))
    steps += [Step(f"{_name(c, players)}'s tower stands in region {a.region}: {_name(c, players)} loses nothing.",
                   "CC-43", {"player": c, "points": 0}, here) for c in a.protected]
    if players in a.majority:
        steps.append(Step("The neutral blocks lose nothing.", "CC-42", {}, here))
    steps += [Step(f"{_name(c, players)} loses {-a.loss}.", "CC-42", {"player": c, "points": a.loss}, here)
              for c in a.losers]
    return tuple(steps)


def event_steps(e):
    """The steps of an :class:`~.scoring.EventScoring`: each player's measure, then the gains."""
    players = len(e.gains)
    if e.event == "diplomacy":
        rule, title = "CC-50", "Diplomacy: the player(s) with blocks in the most provinces score 4."
        measure = "provinces with a block"
    elif e.event == "dominance":
        longest = e.detail == "longest_only"
        rule = "CC-V5" if longest else "CC-51"
        title = ("Dominance: only the longest run's owner(s) score its squares." if longest else
                 "Dominance: each player scores their longest unbroken run of blocks.")
        measure = "longest run"
    else:
        rule, title = "CC-52", "Imperial Reward: 2 points per action card never played."
        measure = "cards never played"
    steps = [Step(title, rule, {"event": e.event}),
             Step(f"{measure.capitalize()}: " + ", ".join(f"{_name(p, players)} {m}" for p, m in enumerate(e.measure))
                  + ".", rule, {"measure": e.measure})]
    steps += [Step(f"{_name(p, players)} scores {g}.", rule, {"player": p, "points": g})
              for p, g in enumerate(e.gains) if g]
    if not any(e.gains):
        steps.append(Step("Nobody scores.", rule, {}))
    return tuple(steps)


def _effect(owner, kind, effect, target, province, players):
    who = f"{_name(owner, players)}'s {_CARD[kind]}"
    here = {f"p{province}": "focus"}
    if effect == "nothing":
        return Step(f"{who} finds nothing to act on and has no effect.", _NOTHING_RULE[kind], {}, here)
    if effect == "remove":
        return Step(f"{who} removes {_name(target[0], players)}'s {_CARD[target[1]]} from the game.", "CC-29",
                    {}, here)
    if effect == "discard":
        return Step(f"{who} removes a face-down card from province {target}.", "CC-V3", {"province": target},
                    {f"p{target}": "removed"})
    if effect == "break":
        return Step(f"{who} breaks the block on square {target}: it counts no more.", "CC-31", {"square": target},
                    {f"s{target}": "changed"})
    if effect == "threat":
        return Step(f"{who} removes the threat counter of region {target} from the game.", "CC-30",
                    {"region": target}, {f"r{target}": "removed"})
    if kind == "flood":
        return Step(f"{who}: the province is worth {target:+d}.", "CC-32", {"modifier": target}, here)
    if effect == "value":
        return Step(f"{who}: the province is worth +2.", "CC-33", {"modifier": 2}, here)
    if effect == "block":
        return Step(f"{who} counts as one extra block for {_name(owner, players)} at the majority.", "CC-33",
                    {"virtual": 1}, here)
    if effect == "blocks":
        return Step(f"{who} gives {_name(owner, players)} two extra blocks at the majority.", "CC-34",
                    {"virtual": 2}, here)
    a, b = target
    return Step(f"{who} swaps the blocks on squares {a} and {b}.", "CC-V4" if effect == "swap any" else "CC-35",
                {"squares": (a, b)},
                {f"s{a}": "changed", f"s{b}": "changed"})


def _points(n):
    return f"{n} point" + ("" if n == 1 else "s")


def _name(colour, players):
    return "Neutral" if colour == players else PLAYER_NAMES[colour]


def _signed(n):
    return f"+ {n}" if n >= 0 else f"- {-n}"
