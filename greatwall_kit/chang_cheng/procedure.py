"""The rulebook's procedures as steps: a double block scored (CC-09, CC-10), a province scored (CC-19 to CC-35),
the Mongol attack on a region (CC-42 to CC-44), an event card at the end (CC-50 to CC-52, CC-V5).

Built on demand from the evidence objects of :mod:`.scoring`, never while a game is played: this module attaches
each steps function to its evidence type (``engine.steps.procedure``), and the evidence knows nothing of it.

Every step names the board elements it touches by their keys (``s<n>`` square, ``p<n>`` province, ``r<n>``
region, a player's name for their panel), and a step that changes the board carries its ``change`` (see
:mod:`.changes`): a block placed, cards revealed, a card resolved with its effect (a broken block, a swapped
pair, a removed counter, a province's value, extra blocks), points scored or lost, a counter turned face up, an
Emperor card placed. A step that changes a player's points also carries ``numbers["player"]`` and
``numbers["points"]`` (the change), so the steps add up to the scores.

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
>>> for step in province_steps(s):
...     print(step)
Province 1 is completed: every square in it is occupied. [CC-18]
Play halts to score it. [CC-19]
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
The used cards leave the game. [CC-27]
An Emperor card goes on province 1. [CC-23]
>>> dict(province_steps(s)[5].change)
{'card': {'province': 'p1', 'owner': 'Green', 'kind': 'traitor', 'effect': 'break', 'target': 's4'}}

In a game, every step has the position right after it. Here Red completes province 0 and scores it; Red's panel
shows 0 points until the step that scores, and province 0 gets its Emperor card at the last step:

>>> from greatwall_kit.chang_cheng import ChangCheng
>>> game = ChangCheng.from_position({"players": 2, "faces": ["1A", "2A"], "reputation": [1, 0, 2, 3, 4, 0],
...     "threat": [-2, -3, -4, -2, -3, -4], "wall": "R G R" + " ." * 23}).replay(["single 3", "nopeek"])
>>> scoring = game.resolutions()[-1]
>>> [(str(step), step.after.points[0], step.after.scored[0]) for step in scoring.steps[-3:]]
[('Blocks for the majority: Red 3, Green 1. Red holds the majority with 3. [CC-22]', 0, False), \
('Red scores 5. [CC-22]', 5, False), ('An Emperor card goes on province 0. [CC-23]', 5, True)]
>>> scoring.before.points, dict(scoring.steps[-2].touches)
([0, 0], {'p0': 'focus', 'Red': 'changed'})
"""

from functools import partial

from ..engine.steps import Resolved, Step, procedure
from .cards import PRIORITY, card_moves
from .events import (
    AFTER_A_TOWER,
    DOUBLE_SCORED,
    EMPEROR_CARD_PLACED,
    EVENT_CARDS_SCORED,
    OBSERVED,
    PROVINCE_COMPLETED,
    PROVINCE_WORTH,
    REGION_ATTACKED,
    SQUARE_RESERVED,
    TOWER_PLACED,
)
from .evidence import DoubleScoring, EventScoring, ProvinceHalted, ProvinceScoring, RegionAttack, TowerPlacement
from .scoring import PLAYER_NAMES, score_province

__all__ = ["resolutions", "province_steps", "halted_steps", "double_steps", "tower_steps", "attack_steps",
           "event_steps"]

_CARD = {"warrior": "Warrior", "traitor": "Traitor", "flood": "Flood", "builder": "Builder",
         "masterbuilder": "Master Builder", "mandarin": "Mandarin"}
_NOTHING_RULE = {"warrior": "CC-29", "traitor": "CC-30", "mandarin": "CC-35", "flood": "CC-32",
                 "builder": "CC-33", "masterbuilder": "CC-34"}


# -- the resolutions of a game, read back from its log and its evidence ---------------------------------

def resolutions(game):
    """Every double block scored, tower placed (with the square it reserved) and province scored, then (once the
    game is over) each region's Mongol attack and each event card, in history order, as
    :class:`~greatwall_kit.engine.steps.Resolved` records whose ``steps`` follow the rulebook, each with the
    position right after it (``step.after``).

    A province scoring halted for a card's owner to choose is listed last, with its steps so far.

    Examples
    --------
    >>> from greatwall_kit.chang_cheng import ChangCheng
    >>> game = ChangCheng.from_position({"players": 2, "faces": ["1A", "2A"], "reputation": [1, 0, 2, 3, 4, 0],
    ...     "threat": [-2, -3, -4, -2, -3, -4], "wall": "R G R" + " ." * 23})
    >>> print(game.replay(["single 3", "nopeek"]).resolutions()[-1])
    Province 0 scored
      1. Province 0 is completed: every square in it is occupied. [CC-18]
      2. Play halts to score it. [CC-19]
      3. It holds no cards. [CC-20]
      4. Value = 4 counted blocks + 0 from cards + reputation 1 = 5. [CC-21]
      5. Blocks for the majority: Red 3, Green 1. Red holds the majority with 3. [CC-22]
      6. Red scores 5. [CC-22]
      7. An Emperor card goes on province 0. [CC-23]
    """
    out, log, i = [], game.log, 0
    wall = game.wall
    for k, event in enumerate(log):  # doubles: read back from the log, the wall's squares never move
        if event.kind is DOUBLE_SCORED:
            squares = tuple(log[k - 1].data["squares"])
            double = DoubleScoring(event.data["player"], squares,
                                           tuple(wall.province_of[s] for s in squares),
                                           tuple(wall.region_of[s] for s in squares))
            # from the decision before (the double is the first thing its decision places) to its points
            out.append(Resolved(f"Double block on squares {squares[0]} and {squares[1]}", k, event.decision,
                                double, k - 2, game=game))
    out += _towers(game)
    for ev in game.evidence:
        if isinstance(ev, ProvinceScoring):
            while not (log[i].kind is PROVINCE_WORTH and log[i].data["province"] == ev.province):
                i += 1
            start = i
            while not (log[start].kind is PROVINCE_COMPLETED and log[start].data["province"] == ev.province):
                start -= 1
            end = i
            while not (log[end].kind is EMPEROR_CARD_PLACED and log[end].data["province"] == ev.province):
                end += 1
            out.append(Resolved(f"Province {ev.province} scored", i, log[i].decision, ev, start, game=game,
                                end=end))
        elif isinstance(ev, RegionAttack):
            while log[i].kind not in REGION_ATTACKED or log[i].data["region"] != ev.region:
                i += 1
            end = i  # a tower's protection is told first, then the losses: the attack is done at its last event
            while end + 1 < len(log) and log[end + 1].kind in REGION_ATTACKED[1:] and \
                    log[end + 1].data["region"] == ev.region:
                end += 1
            out.append(Resolved(f"Mongol attack on region {ev.region}", i, log[i].decision, ev, i - 1, game=game,
                                end=end))
        else:
            while log[i].kind not in EVENT_CARDS_SCORED or log[i].data["event"] != ev.event:
                i += 1
            out.append(Resolved(f"Event card {ev.event}", i, log[i].decision, ev, i - 1, game=game))
        i += 1
    if game.res is not None and game.decision == "card":  # a scoring halted for a card's owner to choose
        out.append(_halted(game))
    return sorted(out, key=lambda r: r.event)

def _halted(game):
    """The province scoring waiting for a card decision, as a :class:`Resolved` (its steps so far, up to the
    position now)."""
    res, log = game.res, game.log
    province = res["province"]
    blocks = [0] * (game.players + 1)
    for s in game.wall.province_squares[province]:
        if not game.broken[s]:
            blocks[game.occ[s]] += 1
    provisional = score_province(province, blocks=tuple(blocks), virtual=tuple(res["virtual"]),
                                         modifier=res["modifier"], reputation=game.reputation[province],
                                         reveal=res["reveal"], effects=tuple(res["effects"]))
    _, owner, kind = game.prompt  # the card decision names its owner and the card's kind
    waiting = (owner, kind)
    halted = ProvinceHalted(provisional, waiting, tuple(str(m) for m in card_moves(game, owner, kind)),
                            tuple(tuple(c) for c in res["queue"]))
    start = max(k for k, e in enumerate(log) if e.kind is PROVINCE_COMPLETED and e.data["province"] == province)
    return Resolved(f"Province {province} scoring: {game.player_names[waiting[0]]} to choose", start,
                    log[start].decision, halted, start, game=game, end=len(log) - 1)

def _towers(game):
    """Every tower placed, with its reservation, read back from the log (CC-12, CC-13, CC-53)."""
    out, log, wall = [], game.log, game.wall
    for k, event in enumerate(log):
        if event.kind is not TOWER_PLACED:
            continue
        p, s = event.data["player"], event.data["square"]
        end, observed, threats, reserved = k, [], [], None
        for j in range(k + 1, len(log)):  # Observers' counters, then the reservation (pushed last, runs first)
            kind, data = log[j].kind, log[j].data
            if kind is OBSERVED and log[j].decision == event.decision:
                observed.append(data["region"]), threats.append(data["threat"])  # type: ignore[func-returns-value]
            elif kind is SQUARE_RESERVED and data["player"] == p and data["square"] in wall.neighbours(s):
                reserved, end = data["square"], j
                break
            elif log[j].decision > event.decision + 1 or kind in AFTER_A_TOWER:
                break
            else:
                continue
            end = j
        tower = TowerPlacement(p, s, reserved,
                                       reserved is not None and log[end].decision > event.decision,
                                       tuple(observed), tuple(threats), partial(game.position_at, event=k - 1))
        # from the event before the tower (a card may come first in its decision) to its reservation
        out.append(Resolved(f"Tower on square {s}", k, event.decision, tower, k - 1, game=game, end=end))
    return out


# -- the steps of each kind of evidence -------------------------------------------------------------------

def _province_summary(s):
    players = len(s.blocks) - 1
    return {"the province is worth {}": f"{s.points} points",
            "the points go to {}": _names(s.winners, players) or "nobody",
            "the cards: {}": "; ".join(_effect_words(e, players) for e in s.effects) or "no effect"}


@procedure(ProvinceScoring, summary=_province_summary)
def province_steps(s):
    """The steps of a :class:`~.scoring.ProvinceScoring`: reveal, cancel, resolve, value, majority, points, the
    used cards, the Emperor card."""
    return tuple(_province_steps(s))


def _province_steps(s, final=True):
    """The steps of a scoring; ``final=False`` stops before the value (a scoring halted for a card's owner)."""
    province = f"p{s.province}"
    here = {province: "focus"}
    players = len(s.blocks) - 1

    def cards(group):
        return ", ".join(f"{_name(o, players)} {_CARD[k]} ({PRIORITY[k]})" for o, k in group)

    steps = [Step(f"Province {s.province} is completed: every square in it is occupied.", "CC-18",
                  {"province": s.province}, here),
             Step("Play halts to score it.", "CC-19", {"province": s.province}, here)]
    if s.cards:
        steps.append(Step(f"Its cards are revealed: {cards(s.cards)}.", "CC-20", {"cards": len(s.cards)},
                          {province: "changed"},
                          {"reveal": {"province": province, "cards": _card_list(s.cards, players),
                                      "cancelled": _card_list(s.cancelled, players),
                                      "order": _card_list(s.order, players)}}))
        if s.cancelled:
            steps.append(Step(f"Cards of the same priority cancel each other without effect: {cards(s.cancelled)}.",
                              "CC-24", {"cancelled": len(s.cancelled)}, here))
        elif len({PRIORITY[k] for _, k in s.cards}) < len(s.cards):  # shared priorities, none cancelled
            shared = [c for c in s.cards if sum(PRIORITY[k] == PRIORITY[c[1]] for _, k in s.cards) > 1]
            steps.append(Step(f"Cards of the same priority do not cancel (the review's rules): {cards(shared)} "
                              "resolve in seat order from the player whose turn it is.", "CC-V6", {"cancelled": 0},
                              here))
        elif len(s.cards) > 1:
            steps.append(Step("No two cards share a priority: none cancels.", "CC-24", {"cancelled": 0}, here))
        if s.order:
            which = "The others resolve" if s.cancelled else "They resolve" if len(s.order) > 1 else "It resolves"
            steps.append(Step(f"{which} in ascending priority: {cards(s.order)}.", "CC-25",
                              {"resolving": len(s.order)}, here))
    else:
        steps.append(Step("It holds no cards.", "CC-20", {"cards": 0}, here))
    steps += [_effect(owner, kind, effect, target, s.province, players) for owner, kind, effect, target in s.effects]
    if not final:
        return steps
    steps.append(Step(f"Value = {s.counted} counted blocks {_signed(s.modifier)} from cards + reputation "
                      f"{s.reputation} = {s.value}" + (", which counts as 0." if s.value < 0 else "."), "CC-21",
                      {"counted": s.counted, "modifier": s.modifier, "reputation": s.reputation, "value": s.value},
                      here))
    counts = ", ".join(_name(c, players) + f" {b}" + (f" + {v} from cards" if v else "")
                       for c, (b, v) in enumerate(zip(s.blocks, s.virtual, strict=False)) if b or v) or "none"
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
    for w in s.winners:
        who = _name(w, players)
        if s.points:
            steps.append(Step(f"{who} scores {s.points}.", "CC-22", {"player": w, "points": s.points},
                              {**here, who: "changed"}, {"score": {"player": who, "points": s.points}}))
        else:  # a province worth nothing changes no score
            steps.append(Step(f"{who} scores nothing: the province is worth 0.", "CC-22", {"player": w, "points": 0},
                              here))
    if s.cards:  # the revealed cards leave the province, and the value and extra blocks they gave go with them
        steps.append(Step("The used cards leave the game.", "CC-27", {"province": s.province}, {province: "changed"},
                          {"used": province}))
    steps.append(Step(f"An Emperor card goes on province {s.province}.", "CC-23", {"province": s.province},
                      {province: "changed"}, {"emperor": province}))
    return steps


def _halted_summary(h):
    players = len(h.scoring.blocks) - 1
    owner, kind = h.waiting
    so_far = [_effect_words(e, players) for e in h.scoring.effects]
    return {"the province is worth {}": "not known yet",
            "the points go to {}": "not known yet",
            "the cards: {}": "; ".join([*so_far, f"{_name(owner, players)}'s {_CARD[kind]} still to choose"])}


@procedure(ProvinceHalted, summary=_halted_summary)
def halted_steps(h):
    """The steps of a :class:`~.scoring.ProvinceHalted`: the scoring's steps so far, then the card that waits and
    what is left."""
    s, players = h.scoring, len(h.scoring.blocks) - 1
    here = {f"p{s.province}": "focus"}
    steps = _province_steps(s, final=False)
    owner, kind = h.waiting
    who = _name(owner, players)
    options = ", ".join(h.choices[:-1]) + f" or {h.choices[-1]}" if len(h.choices) > 1 else "".join(h.choices)
    steps.append(Step(f"Play halts: {who}'s {_CARD[kind]} waits for {who} to choose: {options}.",
                      _NOTHING_RULE[kind], {"player": owner, "choices": len(h.choices)}, here))
    if h.left:
        steps.append(Step("Still to resolve after it: " + ", ".join(
            f"{_name(o, players)} {_CARD[k]} ({PRIORITY[k]})" for o, k in h.left) + ".", "CC-25",
            {"left": len(h.left)}, here))
    steps.append(Step("The value, the majority and the points follow once every card has resolved.", "CC-19",
                      {"province": s.province}, here))
    return tuple(steps)


def _double_summary(d):
    a, b = d.squares
    return {"the double lies on {}": f"squares {a} and {b}", "it scores {}": f"{d.points} points"}


@procedure(DoubleScoring, summary=_double_summary)
def double_steps(d):
    """The steps of a :class:`~.scoring.DoubleScoring`: the squares, the provinces and regions, the points.

    >>> from greatwall_kit.chang_cheng.evidence import DoubleScoring
    >>> for step in double_steps(DoubleScoring(0, (8, 9), (1, 2), (2, 2))):
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
        # the player's panel counts the double no more
        Step(f"{who} places the double block on squares {a} and {b}.", "CC-09", {"squares": d.squares},
             {f"s{a}": "added", f"s{b}": "added", who: "changed"},
             {"place": {"player": who, "piece": "double", "squares": [f"s{a}", f"s{b}"]}}),
        Step(f"They lie in {len(provinces)} province{'s' if len(provinces) > 1 else ''} ({listed(provinces)}): "
             f"{_points(len(provinces))}.", "CC-10", {"provinces": len(provinces)},
             {f"p{p}": "focus" for p in provinces}),
        Step(f"They border {len(regions)} Mongol region{'s' if len(regions) > 1 else ''} ({listed(regions)}): "
             f"{_points(len(regions))}.", "CC-10", {"regions": len(regions)}, {f"r{r}": "focus" for r in regions}),
        Step(f"{who} scores {len(provinces)} + {len(regions)} = {d.points} at once.", "CC-10",
             {"player": d.player, "points": d.points}, {who: "changed"},
             {"score": {"player": who, "points": d.points}}),
    )


def _tower_summary(t):
    return {"the tower stands on {}": f"square {t.square}",
            "{} is reserved": "no square" if t.reserved is None else f"square {t.reserved}"}


@procedure(TowerPlacement, summary=_tower_summary)
def tower_steps(t):
    """The steps of a :class:`~.scoring.TowerPlacement`: the tower, its neighbours, the reservation, its protection.

    >>> from greatwall_kit.chang_cheng.evidence import TowerPlacement
    >>> from greatwall_kit.chang_cheng import ChangCheng
    >>> for step in tower_steps(TowerPlacement(0, 13, 14, False, before=ChangCheng)):
    ...     print(step)
    Red places the tower on square 13. [CC-12]
    No tower stands next to it (squares 12 and 14), so it may go there. [CC-12]
    Square 14 is the only free square next to it: it is reserved for Red's single block. [CC-13]
    The tower stands in Mongol region 3: at the end, region 3's attack costs Red nothing. [CC-15]
    """
    who, s = PLAYER_NAMES[t.player], t.square
    beside = " and ".join(map(str, t.neighbours))
    steps = [
        # the player's panel counts the tower no more
        Step(f"{who} places the tower on square {s}.", "CC-12", {"square": s}, {f"s{s}": "added", who: "changed"},
             {"place": {"player": who, "piece": "tower", "squares": [f"s{s}"]}}),
        Step(f"No tower stands next to it (square{'s' if len(t.neighbours) > 1 else ''} {beside}), so it may go "
             "there.", "CC-12", {"neighbours": len(t.neighbours)}, {f"s{q}": "focus" for q in t.neighbours}),
    ]
    for r, threat in zip(t.observed, t.threats, strict=True):
        steps.append(Step(f"Observers: square {s} is occupied, so region {r}'s threat counter turns face up: {threat}.",
                          "CC-53", {"region": r, "threat": threat}, {f"r{r}": "changed"}, {"face_up": f"r{r}"}))
    if t.reserved is None:
        why = ("no square next to it is empty and unreserved" if not t.free
               else f"{who} has no single block left to reserve a square for")
        steps.append(Step(f"No square is reserved: {why}.", "CC-13", {"reserved": None}, {f"s{s}": "focus"}))
        return (*steps, _protects(t))
    which = (f"Squares {' and '.join(map(str, t.free))} next to it are empty and unreserved; {who} chooses square "
             f"{t.reserved}" if t.chosen else f"Square {t.reserved} is the only free square next to it")
    steps.append(Step(f"{which}: it is reserved for {who}'s single block.", "CC-13", {"reserved": t.reserved},
                      {f"s{t.reserved}": "changed"},
                      {"reserve": {"player": who, "square": f"s{t.reserved}"}}))
    return (*steps, _protects(t))


def _protects(t):
    """The step of a tower's protection (CC-15): what its region's Mongol attack will cost its owner at the end."""
    who, r = PLAYER_NAMES[t.player], t.region
    return Step(f"The tower stands in Mongol region {r}: at the end, region {r}'s attack costs {who} nothing.",
                "CC-15", {"region": r}, {f"r{r}": "focus"})


def _attack_summary(a):
    players = len(a.blocks) - 1
    return {"the threat is {}": "removed" if a.threat is None else str(a.threat),
            "the losers are {}": _names(a.losers, players) or "nobody"}


@procedure(RegionAttack, summary=_attack_summary)
def attack_steps(a):
    """The steps of a :class:`~.scoring.RegionAttack`: counter, blocks, majority, towers, losses."""
    region = f"r{a.region}"
    here = {region: "focus"}
    players = len(a.blocks) - 1
    if a.threat is None:
        return (Step(f"Region {a.region} has no threat counter left (a Traitor removed it): it costs nothing.",
                     "CC-44", {"region": a.region}, here),)
    if a.face_up:  # the Observers turned it face up during the game
        steps = [Step(f"Region {a.region}'s threat counter is already face up: {a.threat}.", "CC-42",
                      {"threat": a.threat}, here)]
    else:
        steps = [Step(f"Region {a.region}'s threat counter turns face up: {a.threat}.", "CC-42",
                      {"threat": a.threat}, {region: "changed"}, {"face_up": region})]
    counts = ", ".join(f"{_name(c, players)} {b}" for c, b in enumerate(a.blocks) if b) or "none"
    best = max(a.blocks)
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
                   "CC-43", {"player": c, "points": 0}, {**here, _name(c, players): "focus"}) for c in a.protected]
    if players in a.majority:
        steps.append(Step("The neutral blocks lose nothing.", "CC-42", {}, here))
    for c in a.losers:
        who = _name(c, players)
        steps.append(Step(f"{who} loses {-a.loss}.", "CC-42", {"player": c, "points": a.loss},
                          {**here, who: "changed"}, {"score": {"player": who, "points": a.loss}}))
    return tuple(steps)


def _event_summary(e):
    return {"the gains are {}": ", ".join(f"{_name(p, len(e.gains))} +{g}" for p, g in enumerate(e.gains) if g)
            or "none"}


@procedure(EventScoring, summary=_event_summary)
def event_steps(e):
    """The steps of an :class:`~.scoring.EventScoring`: after the Mongol attack (CC-54), each player's measure, then
    the gains."""
    players = len(e.gains)
    if e.event == "diplomacy":
        rule, title = "CC-50", "Diplomacy: whoever has blocks in the most provinces scores 4 (on a tie, each of them)."
        measure = "provinces with a block"
    elif e.event == "dominance":
        longest = e.detail == "longest_only"
        rule = "CC-V5" if longest else "CC-51"
        title = ("Dominance: only the owner of the longest run scores its squares (on a tie, each owner)."
                 if longest else "Dominance: each player scores their longest unbroken run of blocks.")
        measure = "longest run"
    else:
        rule, title = "CC-52", "Imperial Reward: 2 points per action card never played."
        measure = "cards never played"
    steps = [Step(f"The Mongol attack is over: now the event card {e.event.replace('_', ' ').title()} applies.",
                  "CC-54", {"event": e.event}),
             Step(title, rule, {"event": e.event}),
             Step(f"{measure.capitalize()}: " + ", ".join(f"{_name(p, players)} {m}" for p, m in enumerate(e.measure))
                  + ".", rule, {"measure": e.measure})]
    steps += [Step(f"{_name(p, players)} scores {g}.", rule, {"player": p, "points": g},
                   {_name(p, players): "changed"}, {"score": {"player": _name(p, players), "points": g}})
              for p, g in enumerate(e.gains) if g]
    if not any(e.gains):
        steps.append(Step("Nobody scores.", rule, {}))
    return tuple(steps)


def _effect(owner, kind, effect, target, province, players):
    """The step of one card's effect: the card leaves the cards still to resolve (the province changes) and does
    what it does."""
    who = f"{_name(owner, players)}'s {_CARD[kind]}"
    here = f"p{province}"
    touches = {here: "changed"}
    card = {"province": here, "owner": _name(owner, players), "kind": kind, "effect": effect}
    if effect == "nothing":
        return _card_step(f"{who} finds nothing to act on and has no effect.", _NOTHING_RULE[kind], {}, touches,
                          card, None)
    if effect == "remove":
        return _card_step(f"{who} removes {_name(target[0], players)}'s {_CARD[target[1]]} from the game.", "CC-29",
                          {}, touches, card, [_name(target[0], players), target[1]])
    if effect == "discard":
        where, victim, index = target
        return _card_step(f"{who} removes one of {_name(victim, players)}'s face-down cards from province {where}.",
                          "CC-V3", {"province": where}, {**touches, f"p{where}": "changed"}, card,
                          {"province": f"p{where}", "player": _name(victim, players), "index": index})
    if effect == "break":
        return _card_step(f"{who} breaks the block on square {target}: it counts no more.", "CC-31",
                          {"square": target}, {**touches, f"s{target}": "changed"}, card, f"s{target}")
    if effect == "threat":
        return _card_step(f"{who} removes the threat counter of region {target} from the game.", "CC-30",
                          {"region": target}, {**touches, f"r{target}": "changed"}, card, f"r{target}")
    if kind == "flood":
        return _card_step(f"{who}: the province is worth {target:+d}.", "CC-32", {"modifier": target}, touches,
                          card, target)
    if effect == "value":
        return _card_step(f"{who}: the province is worth +2.", "CC-33", {"modifier": 2}, touches, card, 2)
    if effect == "block":
        return _card_step(f"{who} counts as one extra block for {_name(owner, players)} at the majority.", "CC-33",
                          {"virtual": 1}, touches, card, 1)
    if effect == "blocks":
        return _card_step(f"{who} gives {_name(owner, players)} two extra blocks at the majority.", "CC-34",
                          {"virtual": 2}, touches, card, 2)
    a, b, on_a, on_b = target
    rule = "CC-V4" if effect == "swap any" else "CC-35"
    if on_a == on_b:  # two blocks of one colour: the wall looks the same
        return _card_step(f"{who} swaps the blocks on squares {a} and {b}, both {_name(on_a, players)}'s: the wall "
                          "does not change.", rule, {"squares": (a, b)}, touches, card, [f"s{a}", f"s{b}"])
    return _card_step(f"{who} swaps {_name(on_a, players)}'s block on square {a} with {_name(on_b, players)}'s on "
                      f"square {b}.", rule, {"squares": (a, b)},
                      {**touches, f"s{a}": "changed", f"s{b}": "changed"}, card, [f"s{a}", f"s{b}"])


def _card_step(sentence, rule, numbers, touches, card, target):
    return Step(sentence, rule, numbers, touches, {"card": {**card, "target": target}})


def _effect_words(effect, players):
    """An effect in a few words, for a summary: ``"Green's Traitor breaks square 4"``."""
    owner, kind, what, target = effect
    who = f"{_name(owner, players)}'s {_CARD[kind]}"
    words = {"nothing": "has no effect", "break": f"breaks square {target}", "threat": f"removes region {target}'s "
             "counter", "value": "+2", "block": "+1 block", "blocks": "+2 blocks"}
    if what in words:
        return f"{who} {words[what]}"
    if what == "remove":
        return f"{who} removes {_name(target[0], players)}'s {_CARD[target[1]]}"
    if what == "discard":
        return f"{who} removes a card from province {target[0]}"
    if kind == "flood":
        return f"{who} {target:+d}"
    return f"{who} swaps squares {target[0]} and {target[1]}"


def _card_list(cards, players):
    return [[_name(o, players), k] for o, k in cards]


def _names(colours, players):
    return " and ".join(_name(c, players) for c in colours)


def _points(n):
    return f"{n} point" + ("" if n == 1 else "s")


def _name(colour, players):
    return "Neutral" if colour == players else PLAYER_NAMES[colour]


def _signed(n):
    return f"+ {n}" if n >= 0 else f"- {-n}"
