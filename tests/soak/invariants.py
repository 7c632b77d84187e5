"""Invariants a game must keep after every decision, shared by the suite's soak and ``benchmarks/soak.py``.

What is checked, and how often (the soak plays 1,000 games of every configuration in the suite, so the
checks are chosen to cost little next to the play itself):

- every decision: no stall (a player to act with at least one legal move, or the game over with a reason);
  every new event cites a registered rule of this game (or KIT-); Chang Cheng's points equal the sum of
  its logged scoring events (it logs every gain and loss); the Dschingis Khan Great Wall is one simple
  path from a west-side tower to an east-side tower with Mongolia and China on its two sides (checked
  whenever the walls change);
- every ``count_every`` (20) decisions and at the end: pieces and tokens conserved (each game's inventory
  equals the rulebook's count where it gives one, and its count at the start); an illegal move (one legal
  earlier in the game) is refused with a reason and a rule of this game, and history, log and turn stay;
- every ``dear_every`` (1,000) decisions: hidden information is in no other player's view (hands, peeked
  counters, the decks' order, other clans' Tactics), the public part is the same for everyone, private
  events are seen only by their players, and the refused move leaves the save byte-equal;
- at the end of every game: the final scores equal those of the game's final scoring event.

Every registered game is soaked; the checks of one game (its inventory, views, watch and final scores) are
its fixture's (``tests/games.py``: the kit's games' are :data:`KIT_CHECKS`), the rest are every game's.
"""

import json
import random
import re
from collections import Counter

from greatwall_kit.engine import IllegalMoveError
from greatwall_kit.engine.rules import lookup
from tests.games import fixture

__all__ = ["Soaker", "soak_chunk", "configs", "InvariantError", "own_rule"]


def own_rule(rule, game):
    """Whether ``rule`` is a registered rule of the game called ``game`` (its rule book's) or of the kit's protocol."""
    try:
        return lookup(rule).game in (game, "kit")
    except KeyError:
        return False


def configs():
    """``(id, module, players, options)`` of every configuration of the registered games (every player count and
    named variant, as the conformance suite runs them)."""
    from tests import games

    return games.configs({name: games.module(name) for name in games.names()})


class InvariantError(AssertionError):
    """An invariant broken in a soaked game (the message names the game, seed and decision)."""


# -- conservation: each game's inventory of pieces and tokens ------------------------------------

def _cc_inventory(g):
    n = g.players
    on = Counter((g.occ[s], g.piece[s]) for s in range(len(g.occ)) if g.occ[s] >= 0)
    placed = Counter(o for cards in g.cards_in for o, _ in cards)
    out = {}
    for p in range(n):
        out[f"singles {p}"] = g.singles[p] + on[p, 1]
        out[f"doubles {p}"] = g.doubles[p] + on[p, 2] // 2
        out[f"towers {p}"] = g.towers[p] + on[p, 3]
        # used cards leave the game (CC-27): a card is in the hand, on the board, or gone, never twice
        out[f"cards {p} at most 6"] = len(g.hand[p]) + placed[p] <= 6 and len(set(g.hand[p])) == len(g.hand[p])
    out["neutral"] = g.neutral_left + sum(on[n, k] for k in (1, 2, 3))
    return out


def _gwoc_inventory(g):
    out = {}
    on_wall = Counter()
    tokens = len(g.pool) + len(g.box) + sum(len(t) for t in g.tokens)
    for s in g.sections:
        tokens += len(s.pair)
        for c in s.cards:
            on_wall[c.owner] += 1
            on_wall.update(o for o, _ in c.beneath)
            tokens += c.token is not None
    for p in range(g.players):
        out[f"cards {p}"] = len(g.decks[p]) + sum(g.hands[p].values()) + sum(g.discarded[p].values()) + on_wall[p]
    out["tokens"] = tokens
    return out


def _dk_inventory(g):
    mine = Counter(owner for stack in g.stacks for owner, _ in stack)
    # during set-up the tiles of the set-up hand are no one's yet
    tiles = len(g.setup_hand) + sum(len(g.active_tiles[p]) + len(g.passive[p]) + len(g.discarded[p]) + mine[p]
                                    for p in range(g.players))
    return {"walls": g.supply + g.out_of_game + len(g.net.state) + sum(g.active_walls), "tiles": tiles}


def _tgw_inventory(g):
    clans = g.clans
    on_trophies = sum(shamed for c in clans for _, shamed in c["trophies"])
    out = {"shame": g.shame_pool + g.shame_out + on_trophies + sum(len(c["disabled"]) for c in clans)}
    spots = Counter(spot for s in g.sections for row in s["rows"] for spot in row["spots"] if spot)
    archers = Counter(p for s in g.sections for p in s["archers"])
    overseers = Counter(p for place in g.locations.values() for p in place["overseers"])  # Spearmen (TGW-24)
    for p, c in enumerate(clans):
        kept = Counter(c["disabled"])
        for kind in ("reserve", "barracks", "rest"):
            kept.update(c[kind])
        out[f"soldiers {p}"] = (kept["spearman"] + spots[f"S{p}"] + overseers[p], kept["archer"] + archers[p],
                                kept["horseman"] + spots[f"H{p}"] // 2)  # a Horseman covers two spots
    # a claimed Horde card stays in its row until the Assault clears it, so rows and trophies may share one
    fought = {row["card"] for s in g.sections for row in s["rows"]} | {h for c in clans for h, _ in c["trophies"]}
    horde = [*g.horde_deck, *g.horde_discard, *fought]
    advisors = [*g.advisor_deck, *g.advisor_track, *g.advisor_discard,
                *(a for c in clans for a in (c["active"] + c["support"] or c["dealt_advisors"]))]
    tactics = [*g.tactic_deck, *g.tactic_discard, *(t for c in clans for t in c["tactics"])]
    for label, cards in (("horde", horde), ("advisors", advisors), ("tactics", tactics)):
        out[label] = len(cards)
        out[f"no {label} card twice"] = len(set(cards)) == len(cards)
    return out


# what the rulebook says each inventory holds, where it says so (the rest must only stay the same)

def _cc_expected(g):  # CC-03, CC-46
    return {"neutral": 12 if g.options.neutral_blocks else 0,
            **{f"{kind} {p}": count for p in range(g.players) for kind, count in
               (("singles", 14), ("doubles", 1), ("towers", 1))}}


def _dk_expected(g):  # DK-01: every wall piece of the layout
    return {"walls": g.board.walls}


def _tgw_expected(g):  # TGW-03, TGW-04
    return {"shame": 10 * g.players, **{f"soldiers {p}": (10, 4, 2) for p in range(g.players)}}


# -- scores and the scoring events ----------------------------------------------------------------

def _cc_add_points(points, events):
    """Add to ``points`` what Chang Cheng's scoring ``events`` give: every gain and loss is logged."""
    for e in events:
        rule, d = e.rule, e.data
        if rule == "CC-10":
            points[d["player"]] += d["points"]
        elif rule == "CC-22":
            for w in d["winners"]:
                points[w] += d["points"]
        elif rule == "CC-42":
            for c in d["losers"]:
                points[c] += d["threat"]
        elif "gains" in d:
            for p, gain in enumerate(d["gains"]):
                points[p] += gain


def _cc_watch(g):
    """Chang Cheng's points are the sum of its logged scoring events (checked after every decision)."""
    points = [0] * g.players

    def check(new):
        _cc_add_points(points, new)
        assert points == g.points, f"points {g.points}, logged {points}"
    return check


def _final_scores_of(rule):
    """The scores the game's last event citing ``rule`` (its final scoring) states."""
    def final_scores(g):
        finals = [e.data["scores"] for e in g.log if e.rule == rule]
        return finals[-1] if finals else None
    return final_scores


def _tgw_final_scores(g):
    return [e.data["total"] for e in g.log if e.rule == "TGW-48" and "total" in e.data] or None


# -- hidden information -----------------------------------------------------------------------------

_CARD_ID = re.compile(r'"([aht]\d\d)"')


def _secret_cards(g, viewer):
    """The Great Wall's card IDs ``viewer`` must not see: the decks' cards and the other clans' Tactics."""
    secret = set(g.horde_deck) | set(g.advisor_deck) | set(g.tactic_deck)
    for p, c in enumerate(g.clans):
        if p != viewer:
            secret.update(c["tactics"])
    return secret


def _cc_view(g, p, v):
    if p is not None:
        assert v["private"]["hand"] == list(g.hand[p])
        assert {int(r) for r in v["private"]["known_threats"]} <= g.known[p]
        for r, shown in enumerate(x["threat"] for x in v["public"]["regions"]):
            assert shown in ("hidden", "removed") or g.revealed[r], f"region {r}'s threat shown unrevealed"


def _gwoc_view(g, p, v):
    if p is not None:
        assert v["private"]["hand"] == dict(g.hands[p])
        assert all(isinstance(x["hand"], int) and isinstance(x["deck"], int) for x in v["public"]["players"])


def _dk_view(g, p, v):
    if p is not None:
        assert sorted(v["private"]["active_tiles"]) == sorted(g.active_tiles[p])
        assert all(isinstance(x, int) for x in v["public"]["active_tiles"] + v["public"]["passive"])


def _tgw_view(g, viewer, v):
    leaked = set(_CARD_ID.findall(json.dumps(v))) & _secret_cards(g, viewer)
    assert not leaked, f"player {viewer} sees hidden cards {sorted(leaked)}"
    if viewer is not None:
        assert v["private"]["tactics"] == list(g.clans[viewer]["tactics"])
        assert all(isinstance(c["hand"], int) for c in v["public"]["clans"])


def _check_views(g, check_view):
    """Every game: the public part is the same for everyone and private events are seen only by their players;
    the game's own ``check_view`` (its fixture's) for each viewer."""
    spectator = g.view(None)
    for viewer, v in [(None, spectator), *((p, g.view(p)) for p in range(g.players))]:
        if check_view is not None:
            check_view(g, viewer, v)
        assert v["public"] == spectator["public"], f"player {viewer}'s public part differs"
    for e in g.log:
        if e.private_to is not None:
            assert set(e.private_to) <= set(range(g.players)), f"{e} is private to {e.private_to}"
            assert not any(e.visible_to(q) for q in [None, *set(range(g.players)) - set(e.private_to)])


# -- the Dschingis Khan Great Wall ------------------------------------------------------------------

def _dk_watch(g):
    """The Dschingis Khan Great Wall, checked whenever the walls change."""
    walls = [-1]

    def check(new):
        if walls[0] != len(g.net.state):
            walls[0] = len(g.net.state)
            _check_great_wall(g)
    return check


def _check_great_wall(g):
    lat, net = g.board, g.net
    towers = net.great_wall()
    assert len(set(towers)) == len(towers), f"the Great Wall visits a tower twice: {towers}"
    assert towers[0] in lat.west_side and towers[-1] in lat.east_side, f"ends {towers[0]}, {towers[-1]}"
    lines = []
    for a, b in zip(towers, towers[1:], strict=False):
        line = lat.line_at.get((a, b), lat.line_at.get((b, a)))
        assert line is not None and line in net.state, f"no wall between towers {a} and {b}"
        lines.append(line)
    assert len(lines) == net.length
    wall = set(lines)
    # the Great Wall parts Mongolia from China: neighbours across it differ, all others agree
    for line, (u, v) in enumerate(lat.faces):
        if u >= 0 and v >= 0 and lat.inner[line]:
            assert (g.sides[u] != g.sides[v]) == (line in wall), f"villages {u}, {v} across line {line}"


# -- the soak ---------------------------------------------------------------------------------------

class Soaker:
    """Plays random games of one configuration and checks the invariants; counts what it saw.

    Parameters
    ----------
    module : module
        The game's package (``new_game``).
    players : int
    options : dict
    count_every : int
        Count pieces and tokens and try an illegal move every ``count_every`` decisions (and count at the end).
    dear_every : int
        Check the views and compare the save byte for byte around an illegal move every ``dear_every``
        decisions (a multiple of ``count_every``). Both count the soaker's decisions across games.
    """

    def __init__(self, module, players, options, count_every=20, dear_every=1000):
        self.module, self.players, self.options = module, players, options
        self.count_every, self.dear_every = count_every, dear_every
        self.games = self.decisions = self.illegal = 0
        self.refusals = Counter()
        self.cited = set()  # rule IDs already checked

    def play(self, seed):
        """Play one random game from ``seed``, checking every decision; raises :class:`InvariantError`."""
        game = self.module.new_game(players=self.players, seed=seed, **self.options)
        rng = random.Random(seed)
        try:
            self._game(game, rng)
        except AssertionError as exc:
            where = f"{game.name} {self.players}p {self.options} seed {seed} after {len(game.history)} decisions"
            raise InvariantError(f"{where}: {exc}") from exc
        self.games += 1
        return game

    def _game(self, game, rng):
        name = game.name
        checks = fixture(name)
        inventory = checks.inventory
        start = inventory(game) if inventory else None
        for key, count in (checks.expected_inventory(game) if checks.expected_inventory else {}).items():
            assert start[key] == count, f"{key}: {start[key]} at the start, the rules say {count}"
        watch = checks.watch(game) if checks.watch else None
        seen_events, seen_moves, step, clock = 0, [], 0, self.decisions
        cited = self.cited
        while True:
            # every decision: the new events' rules, the game's own watch (Chang Cheng's points, the Dschingis Khan
            # Great Wall's path), no stall
            new = game.log[seen_events:]
            seen_events = len(game.log)
            for e in new:
                if e.rule not in cited:
                    assert e.rule is None or own_rule(e.rule, name), \
                        f"{e.rule} cited in {name}: {e.sentence}"
                    cited.add(e.rule)
            if watch is not None:
                watch(new)
            actor = game.to_act
            legal = game._legal_list()  # the protocol's cached list: the soak must not slow the suite
            if actor is None:
                break
            assert legal and 0 <= actor < game.players, f"player {actor} is to act with {len(legal)} legal moves"
            clock += 1
            if clock % self.count_every == 0:
                if inventory:
                    assert inventory(game) == start, f"inventory {start} became {inventory(game)}"
                self._illegal(game, rng, legal, seen_moves, exact=clock % self.dear_every == 0)
            if clock % self.dear_every == 0:
                _check_views(game, checks.check_view)
            move = rng.choice(legal)
            if len(seen_moves) < 300:
                seen_moves.append(move)
            game.play(move)
            step += 1
            assert step < 20_000, "the game does not end"
        self.decisions += step
        assert game.result is not None and game.result.reason, "a finished game names why it ended"
        assert not game.legal_moves()
        if inventory:
            assert inventory(game) == start, f"inventory {start} became {inventory(game)}"
        final = checks.final_scores(game) if checks.final_scores else None
        assert final is None or list(game.scores()) == list(final), f"scores {game.scores()}, logged {final}"

    def _illegal(self, game, rng, legal, seen_moves, exact):
        """Try a move seen earlier in the game that is not legal now: refused with a rule of this game,
        a reason, and no change (the whole save byte for byte when ``exact``, else history, log and turn)."""
        move = rng.choice(seen_moves) if seen_moves else None
        if move is None or move in legal:
            return
        before = game.to_json() if exact else (len(game.history), len(game.log), game.to_act)
        try:
            game.play(move)
        except IllegalMoveError as err:
            self.illegal += 1
            self.refusals[err.rule] += 1
            assert own_rule(err.rule, game.name), f"refusal cites {err.rule}: {err}"
            assert lookup(err.rule).id == err.rule and err.reason, f"refusal of {move}: {err}"
        else:
            raise AssertionError(f"{move} was played though not among the legal moves")
        after = game.to_json() if exact else (len(game.history), len(game.log), game.to_act)
        assert after == before, f"refusing {move} changed the game"


#: The kit's games' own soak checks (their fixtures, ``tests/games.py``, take them from here).
KIT_CHECKS = {
    "chang_cheng": dict(inventory=_cc_inventory, expected_inventory=_cc_expected, watch=_cc_watch,
                        final_scores=_final_scores_of("CC-45"), check_view=_cc_view),
    "great_wall_of_china": dict(inventory=_gwoc_inventory, final_scores=_final_scores_of("GW-23"),
                                check_view=_gwoc_view),
    "dschingis_khan": dict(inventory=_dk_inventory, expected_inventory=_dk_expected, watch=_dk_watch,
                           final_scores=_final_scores_of("DK-36"), check_view=_dk_view),
    "the_great_wall": dict(inventory=_tgw_inventory, expected_inventory=_tgw_expected,
                           final_scores=_tgw_final_scores, check_view=_tgw_view),
}


def soak_chunk(config_id, seeds):
    """Soak ``seeds`` of the configuration ``config_id`` (for a worker process): returns
    ``(games, decisions, illegal moves tried, failures)``, a failure being the text of its error."""
    module, players, options = {c[0]: c[1:] for c in configs()}[config_id]
    soaker = Soaker(module, players, options)
    failures = []
    for seed in seeds:
        try:
            soaker.play(seed)
        except InvariantError as exc:
            failures.append(str(exc))
        except Exception as exc:  # a crash is a failure too: report it with its game and seed
            failures.append(f"{config_id} seed {seed}: {type(exc).__name__}: {exc}")
    return soaker.games, soaker.decisions, soaker.illegal, failures
