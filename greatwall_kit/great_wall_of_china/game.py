"""The game of Great Wall of China: its state, its set-up and its agenda of jobs and decisions.

A turn (GW-07) runs as:

1. the scoring check, section by section (job ``check``); a first claim (GW-11) asks the player which token
   and which of their cards (decision ``claim``: a :class:`~.moves.Claim`); a second claim (GW-12) resolves by
   itself;
2. the second action and 3. the third (decision ``act``): :class:`~.moves.Play`, :class:`~.moves.Dragon` or
   :class:`~.moves.Draw` (GW-08), with one free Cavalry :class:`~.moves.Play` before or after the second (GW-09);
   in the last round no action, the scoring check alone (GW-21).

The game is an :class:`~greatwall_kit.engine.agenda.AgendaGame`. Every other hook is answered by its room: refusals
by :mod:`.legality`, the snapshot and teaching positions by :mod:`.position`, views by :mod:`.views`, the graph by
:mod:`.graph`, the SVG by :mod:`.picture`, resolutions by :mod:`.evidence`, rule-step positions by :mod:`.changes`,
bots' samples by :mod:`.hidden`, the lab's figures by :mod:`.figures`.
"""

from greatwall_kit.engine.agenda import AgendaGame

from . import (
    changes,
    evidence,
    figures,
    graph,
    hidden,
    legality,
    picture,
    position,
    procedure,  # noqa: F401  (attaches the steps to the evidence of resolutions())
    views,
)
from .cards import A_NAME, DECK, KINDS, NAME, TOKENS
from .events import (
    CARD_DRAWN,
    CARDS_LAID,
    CAVALRY_LAID,
    DECKS_GIVEN,
    DRAGON_LAID,
    DRAW_SEEN,
    END_REASON,
    ENDED_BY_LAST_ROUND,
    ENDED_BY_POOL,
    FIRST_CLAIM,
    GROUP,
    HAND_DRAWN,
    LAST_ROUND_ANNOUNCED,
    NO_PAIR_LEFT,
    PAIR_BOXED,
    PAIR_LAID,
    POOL_SHUFFLED,
    SCORING_ONLY,
    SECOND_CLAIM,
    STARTING_HAND,
    TURN_BEGINS,
    hand_text,
)
from .moves import CLAIM, DRAW, NOTATION, ORDINARY, Dragon, Play, dragons, plays
from .rules import Options
from .sections import SECTIONS, Section

__all__ = ["GreatWallOfChina"]


class GreatWallOfChina(AgendaGame):
    """Reiner Knizia's card game Great Wall of China: majorities in wall sections win token pairs.

    Examples
    --------
    >>> game = GreatWallOfChina(players=3, seed=1)
    >>> len(game.sections), [len(s.pair) for s in game.sections]
    (3, [2, 2, 2])
    >>> game.to_act, game.phase, len(game.legal_moves()) > 0
    (0, 'act', True)
    >>> game.play("draw")
    Draw()
    >>> sum(game.hands[0].values())
    6
    """

    name = "great_wall_of_china"
    title = "Great Wall of China"
    player_counts = range(2, 6)
    notation = NOTATION
    Options = Options
    player_names = ("Red", "Yellow", "Green", "Blue", "Black")
    #: What a position after an end step shows of the results, ``(players whose tokens are face up, winners)``;
    #: ``None`` (every game's own): everything once the game is over (see :mod:`.changes`).
    _turned_up = None
    _constant_state = ("_plays", "_cavalry")  # built at set-up and never changed: copies share them

    #: MCTSBot's settings, measured best with ``benchmarks/bot_strength.py`` (two players, against GreedyBot, 100 or
    #: 200 seat-rotated games per candidate; win rates of MCTS, the best first): 100 playouts, rollout 0, expand
    #: "all", exploration 0.3: 80 %; the same with 200: 74 %, with 50: 63 %; 100 playouts of 4 decisions: 54 %.
    mcts_settings = {"playouts": 100, "rollout": 0, "expand": "all", "exploration": 0.3}  # noqa: RUF012 - a ClassVar Game declares, read only
    #: A card in hand is worth about one point of a section's total (what it takes to win a token).
    material_worth = 1.0

    # the state (set by ``_blank`` and ``_setup``, or a position's document); seats 0..n-1, sections from 1
    decks: list[list[str]]  # by seat: the kinds of the cards still to draw, the next last
    hands: list[dict[str, int]]  # by seat: cards held, by kind
    discarded: list[dict[str, int]]
    tokens: list[list[int]]  # by seat: the values of the tokens won
    pool: list[int]  # the tokens still to lay, the next last
    box: list[int]
    sections: list[Section]
    turn: int
    turn_number: int
    actions: int
    cavalry_used: bool
    claimed: bool
    declarer: int | None  # who ended the game by taking the last pair, if anyone has
    final: bool
    final_turns: int
    quiet: int
    end_reason: str | None  # once the game is over: why (a key of END_REASON)
    _plays: dict[str, list[list[Play]]]  # see .moves.plays
    _cavalry: list[list[Play]]

    # -- set-up ------------------------------------------------------------------------------

    def _setup(self):
        n = self.players
        self._blank()
        names = self.player_names
        for _ in range(n):
            deck = [kind for kind in KINDS for _ in range(DECK[kind])]
            self.rng.shuffle(deck)
            self.decks.append(deck)
        self._events.append((DECKS_GIVEN, list(names[:n]), n))
        for p in range(n):
            for _ in range(5):
                self.hands[p][self.decks[p].pop()] += 1
            self._events.append((HAND_DRAWN, names[p]))
            self._record_private((STARTING_HAND, dict(self.hands[p]), names[p], hand_text(self.hands[p])), (p,))
        self.pool = [value for value, count in TOKENS.items() for _ in range(count)]
        self.rng.shuffle(self.pool)
        self._events.append((POOL_SHUFFLED,))
        for i in range(SECTIONS[n]):
            section = Section(i + 1, n, [], options=self.options)
            self.sections.append(section)
            self._lay_pair(section)
        self._begin(("turn", 0))

    def _blank(self):
        """The state of an empty table: no cards, no tokens, no turn yet (a set-up fills it in)."""
        n = self.players
        self.decks, self.hands = [], [dict.fromkeys(KINDS, 0) for _ in range(n)]
        self.tokens = [[] for _ in range(n)]
        self.discarded = [dict.fromkeys(KINDS, 0) for _ in range(n)]
        self.pool, self.box, self.sections = [], [], []
        self.turn = 0
        self.turn_number = 0
        self.actions = 0
        self.cavalry_used = False
        self.claimed = False
        self.declarer = None
        self.final = False
        self.final_turns = 0
        self.quiet = 0
        self.end_reason = None
        # the Play moves of this many sections, per kind and count held: legal moves are lists joined
        self._plays, self._cavalry = plays(SECTIONS[n], 2 if self.options.cavalry == "group" else 1)

    # -- what the position is ------------------------------------------------------------------

    def _to_act(self):
        # the player whose turn it is makes every decision of the game, and stays the one to act part-way through
        # a decision (a position at an event shows them to act), until the game is over
        return None if self.end_reason else self.turn

    # the agenda's slot, read at every decision of a playout: its asks and its end write it, and a turn's start
    # (the turn's player acts from then on, part-way through a decision too), as _to_act answers
    to_act = AgendaGame.to_act

    @property
    def phase(self):
        """The part of the turn: ``"claim"`` or ``"act"`` (the decision asked for), ``"over"``; part-way through a
        decision, ``"check"`` while the scoring check runs, ``"act"`` once the turn's actions have begun."""
        prompt = self.asked
        if prompt is not None:
            return prompt[0]
        if self.end_reason:
            return "over"
        return "act" if self.actions or self.cavalry_used else "check"

    @property
    def pending(self):
        """The section (0-based) of the first claim asked for, while it is; else ``None``."""
        prompt = self.asked
        return prompt[2] if prompt is not None and prompt[0] == "claim" else None

    # -- the agenda: a turn (GW-07) ----------------------------------------------------------------------

    # A step that always follows another is called directly, not scheduled: a turn goes on into its scoring check,
    # the check into the actions, the second action into the next turn; the agenda holds what waits for a decision
    # (the rest of a check after a first claim) and the turns that follow a turn without a decision.

    def _job_turn(self, player):
        """A turn begins: 1. the scoring check, section by section, then 2. and 3. the actions; in the last
        round, the scoring check alone (GW-21)."""
        self.turn = self.to_act = player
        self.turn_number += 1
        self.actions = 0
        self.cavalry_used = False
        self.claimed = False
        if self.declarer == player and not self.final:
            self.final = True
            self._events.append((SCORING_ONLY, self.player_names[player]))
        self._events.append((TURN_BEGINS, player, self.turn_number, self.player_names[player]))
        self._job_check(0)

    def _job_check(self, s):
        """The scoring check from section ``s`` (0-based) on: a first claim asks the player which token and card,
        and the check goes on after it (GW-11); a second claim resolves by itself (GW-12). Then the actions, or in
        the last round the end of a scoring-only turn."""
        sections, player = self.sections, self.turn
        while s < len(sections):
            due = sections[s].claim_due(player)
            s += 1
            if due == "first":
                self._push(("check", s))
                self._ask("claim", player, s - 1)
                return
            if due == "second":
                self._win_second(sections[s - 1])
                if self.end_reason:  # the pool ran out
                    return
        if self.final:
            self._scoring_only_turn_over()
        else:
            self._next_action()

    def _moves_claim(self, player, s):
        section = self.sections[s]
        number = section.number
        return [CLAIM[number, v, i + 1] for v in sorted(set(section.pair))
                for i, card in enumerate(section.cards) if card.owner == player]

    def _on_claim(self, player, s, move):
        section = self.sections[s]
        card = section.cards[move.card - 1]
        before = section.totals()[player]
        section.place_token(move.token, move.card - 1)
        self.claimed = True
        self._events.append((FIRST_CLAIM, section.number, player, move.token, move.card, list(section.totals()),
                             _cards(section), self.player_names[player], before, card.kind, before - move.token,
                             NAME[card.kind]))

    def _next_action(self):
        """2. and 3.: an action, while the player has one to take; someone with nothing to play or draw passes
        the turn on (GW-08)."""
        player = self.turn
        moves = self._moves_act(player, None)
        if moves:
            self._ask("act", player, None, moves)
        else:
            self._push(("turn", (player + 1) % self.players))

    def _moves_act(self, player, context):
        hand, by_kind = self.hands[player], self._plays
        moves = []
        for kind in ORDINARY:
            held = hand[kind]
            if held:
                moves += by_kind[kind][held]
        if hand["dragon"]:
            for section in self.sections:
                moves += dragons(section.number, section.cards)
        if self.decks[player]:
            moves.append(DRAW)
        if not self.cavalry_used and hand["cavalry"]:
            moves += self._cavalry[hand["cavalry"]]
        return moves

    def _on_act(self, player, context, move):
        names = self.player_names
        name = names[player]
        hand = self.hands[player]
        cls = type(move)
        if cls is Play:
            section = self.sections[move.section - 1]
            hand[move.kind] -= move.count
            section.add(player, move.kind, move.count)
            if move.kind == "cavalry":
                self.cavalry_used = True
                self._events.append((CAVALRY_LAID, section.number, move.kind, move.count, name,
                                     " (the free Cavalry play)",
                                     GROUP[move.kind][move.count]))
            else:
                self.actions += 1
                self._events.append((CARDS_LAID, section.number, move.kind, move.count, name, "",
                                     GROUP[move.kind][move.count]))
        elif cls is Dragon:
            section = self.sections[move.section - 1]
            hand["dragon"] -= 1
            below = section.cover(move.card - 1, player)
            self.actions += 1
            self._events.append((DRAGON_LAID, section.number, move.card, below.kind, name, names[below.owner],
                                 NAME[below.kind]))
        else:  # Draw
            kind = self.decks[player].pop()
            hand[kind] += 1
            self.actions += 1
            self._events.append((CARD_DRAWN, name))
            self._record_private((DRAW_SEEN, kind, name, A_NAME[kind]), (player,))
        if self.declarer is None and not self.decks[player] and not any(hand.values()):
            self.declarer = player
            self._events.append((LAST_ROUND_ANNOUNCED, player, name))
        if self.actions >= 2:
            self._job_turn((player + 1) % self.players)
        else:
            self._next_action()

    def _scoring_only_turn_over(self):
        """The last round is over for the cards: a turn is its scoring check alone, until a whole round without a
        claim or one round for each player (GW-21)."""
        self.final_turns += 1
        self.quiet = 0 if self.claimed else self.quiet + 1
        if self.options.final_scoring == "one_round":
            done = self.final_turns >= self.players
        else:
            done = self.quiet >= self.players
        if done:
            self._finish("last_round")
        else:
            self._push(("turn", (self.turn + 1) % self.players))

    def _finish(self, reason):
        """The game ends (GW-22, GW-23): no job is left, no decision asked for."""
        self.end_reason = reason
        self._end()
        scores = self._scores()
        text = ", ".join(f"{self.player_names[p]} {scores[p]}" for p in range(self.players))
        self._events.append((ENDED_BY_POOL if reason == "pool" else ENDED_BY_LAST_ROUND, list(scores), text))

    # -- what happens to tokens ----------------------------------------------------------------

    def _lay_pair(self, section):
        """Lay a new face-up pair beside ``section`` (GW-05, GW-06); end the game if the pool has run out."""
        pool = self.pool
        while len(pool) >= 2:
            a, b = pool.pop(), pool.pop()
            if self.players == 2 and a == b:
                self.box += [a, b]
                self._events.append((PAIR_BOXED, section.number, [a, b]))
                continue
            section.clear([a, b])
            self._events.append((PAIR_LAID, section.number, [a, b]))
            if not pool and self.options.pool_runs_out == "last_pair_drawn":
                self._finish("pool")
            return
        section.clear([])
        self._events.append((NO_PAIR_LEFT, section.number))
        self._finish("pool")

    def _win_second(self, section):
        """The second claim of a section (GW-12, GW-13): both tokens go face down, the cards are discarded."""
        player, names = self.turn, self.player_names
        value = section.pair[0]
        at = section.token_card()
        other = section.cards[at]
        self.tokens[player].append(value)
        self.tokens[other.owner].append(other.token)
        for card in section.cards:
            self.discarded[card.owner][card.kind] += 1
            for owner, kind in card.beneath:
                self.discarded[owner][kind] += 1
        both = " (both tokens of the section)" if other.owner == player else ""
        count = sum(1 + len(card.beneath) for card in section.cards)  # covered cards go too
        discarded = "card is" if count == 1 else f"{count} cards are"
        self._events.append((SECOND_CLAIM, section.number, player, value, other.owner, other.token,
                             list(section.totals()),
                             _cards(section), names[player], both, names[other.owner], discarded, NAME[other.kind]))
        self.claimed = True
        self._lay_pair(section)

    def _scores(self):
        return [sum(t) for t in self.tokens]

    # -- every other hook: its room ---------------------------------------------------------------

    def _is_legal(self, move):
        return legality.refusal(self, move) is None

    def _explain(self, move):
        return legality.refusal(self, move)

    def _describe(self, move):
        return legality.describe(self, move)

    def _question(self):
        assert self.prompt is not None  # question() asks only while a player is to act
        return legality.DECISIONS.get(self.prompt[0])

    def _snapshot(self):
        return position.snapshot(self)

    def _setup_position(self, doc):
        position.set_up(self, doc)

    def _view(self, player):
        return views.view(self, player)

    def graph(self):
        return graph.graph(self)

    def picture(self, *, targets=None, highlight=(), hide=()):
        return picture.picture(self, targets, highlight, hide)

    def move_element(self, move):
        return picture.move_element(self, move)

    def resolutions(self):
        return evidence.resolutions(self)

    def _apply_step(self, change):
        changes.apply_change(self, change)

    def _end_reason(self):
        return END_REASON[self.end_reason]  # type: ignore[index]  # (asked only once the game is over)

    def determinize(self, seat, rng):
        hidden.determinize(self, seat, rng)

    def standing(self):
        return figures.standing(self)

    def material(self):
        return figures.material(self)

    def stats(self):
        return figures.stats(self)


def _cards(section):
    """The section's cards as ``(owner, kind, beneath, token)`` for a claim's event (the evidence of its steps;
    tuples, the cheapest JSON-able copy: a random game claims once every five decisions)."""
    return [(c.owner, c.kind, c.beneath, c.token) for c in section.cards]
