"""A tiny game on the protocol, so the conformance suite is checked against a known-good game too.

*Tiny Wall*: a strip of squares; players in turn place a block on an empty square.
Each player holds a secret bonus (hidden information); a block beside one's own
block scores 1. The game ends when the strip is full.

It is also the worked example of ``docs/adding-a-game.md``: besides the required hooks it writes the
optional ones bots and the stepper use (``determinize``, ``resolutions`` and ``_apply_step``), and
``tests/test_fifth_game.py`` registers it and plays it with every shared layer of the kit.
"""

from dataclasses import dataclass

from greatwall_kit.engine import AgendaGame, EventKind, Move, Notation, RuleBook
from greatwall_kit.engine.steps import Resolved, Step, picture_marks, procedure, quiz_parts

RULES = RuleBook("tiny_wall", "Tiny Wall (a test game)")
RULES.add("TW-01", "Turn", "A block goes on an empty square.")
RULES.add("TW-02", "Scoring", "Each player scores their secret bonus plus 1 per pair of own adjacent blocks.")

# every kind of event the rules record, declared once: its rule, its sentence, its data's names
BONUS_DRAWN = EventKind("bonus_drawn", "TW-02", "{who} draws a secret bonus of {bonus}.", ("bonus",), ("who",))
PLACED = EventKind("placed", "TW-01", "{who} places a block on square {square}.", ("who", "square"))


@dataclass(frozen=True, slots=True)
class Place(Move):
    verb = "place"
    square: int


@dataclass(frozen=True, slots=True)
class Options:
    squares: int = 6


@dataclass(frozen=True)
class Pair:
    """Evidence of a pair scored: ``player``'s new block on ``square`` beside their own on ``beside`` (TW-02)."""

    player: int
    name: str
    square: int
    beside: tuple


@procedure(Pair)
def _pair_steps(pair):
    """The steps of a pair scored: the block placed, then each neighbour it pairs with."""
    placed = Step(f"{pair.name}'s block is placed on square {pair.square}.", "TW-01", {"square": pair.square},
                  {f"q{pair.square}": "added"}, {"square": pair.square, "player": pair.player})
    return [placed] + [Step(f"It pairs with {pair.name}'s block on square {b}: one point.", "TW-02", {"pairs": 1},
                            {f"q{pair.square}": "focus", f"q{b}": "focus"}) for b in pair.beside]


class TinyWall(AgendaGame):
    name = "tiny_wall"
    title = "Tiny Wall"
    player_counts = range(2, 4)
    notation = Notation([Place])
    Options = Options

    def _setup(self):
        self.strip = [None] * self.options.squares
        self.bonus = [self.rng.randint(1, 9) for _ in range(self.players)]
        self.turn = 0
        for p in range(self.players):
            self._record_private((BONUS_DRAWN, self.bonus[p], self.player_names[p]), (p,))
        self._begin(("turn",))

    # -- the agenda: one job and one kind of decision -----------------------------------------

    def _job_turn(self):
        if None in self.strip:  # a full strip asks nothing more: the game is over
            self._ask("place", self.turn % self.players)

    def _moves_place(self, actor, context):
        return [Place(i) for i, owner in enumerate(self.strip) if owner is None]

    def _on_place(self, actor, context, move):
        self.strip[move.square] = actor
        self.turn += 1
        self._events.append((PLACED, self.player_names[actor], move.square))
        self._push(("turn",))

    # -- the other hooks ------------------------------------------------------------------------

    def _explain(self, move):
        if 0 <= move.square < len(self.strip) and self.strip[move.square] is not None:
            return "TW-01", f"square {move.square} is already taken"
        return "TW-01", f"there is no square {move.square}"

    def _describe(self, move):
        return "TW-01", f"Place a block on square {move.square}."

    def determinize(self, seat, rng):
        # the other players' secret bonuses are all a seat cannot see
        self.bonus = [b if p == seat else rng.randint(1, 9) for p, b in enumerate(self.bonus)]

    def resolutions(self):
        out = []
        for i, event in enumerate(self.log):
            if event.kind is not PLACED:
                continue
            square, player = event.data["square"], self.player_names.index(event.data["who"])
            strip = self.position_at(event.decision).strip
            beside = tuple(b for b in (square - 1, square + 1) if 0 <= b < len(strip) and strip[b] == player)
            if beside:
                out.append(Resolved(f"{event.data['who']} scores a pair at square {square}", i, event.decision,
                                    Pair(player, event.data["who"], square, beside), i - 1, self))
        return out

    def _apply_step(self, change):
        self.strip[change["square"]] = change["player"]

    def _snapshot(self):
        return {"strip": list(self.strip), "bonus": list(self.bonus), "turn": self.turn}

    def _view(self, player):
        private = {"bonus": self.bonus[player]} if player is not None else {}
        return {"strip": list(self.strip)}, private

    def _scores(self):
        pairs = [0] * self.players
        for a, b in zip(self.strip, self.strip[1:], strict=False):
            if a is not None and a == b:
                pairs[a] += 1
        return [pairs[p] + self.bonus[p] for p in range(self.players)]

    def graph(self):
        import networkx as nx

        g = nx.relabel_nodes(nx.path_graph(len(self.strip)), lambda i: f"q{i}")
        for i, owner in enumerate(self.strip):
            g.nodes[f"q{i}"].update(occupant=-1 if owner is None else owner, pos=(float(i), 0.0), label=str(i),
                                    colour="#cccccc" if owner is None else "#D55E00")
        return g

    def move_element(self, move):
        return f"q{move.square}" if isinstance(move, Place) else None

    def picture(self, *, targets=None, highlight=(), hide=()):
        (targets, marks), out = picture_marks(targets, highlight, {f"q{i}" for i in range(len(self.strip))}), []
        if "marks" in quiz_parts(hide):  # (of the quiz form's parts, Tiny Wall draws only marks: no totals or scores)
            targets, marks = {}, {}
        for i, o in enumerate(self.strip):
            key = f"q{i}"
            extra = (f' class="gw-target" data-target="{key}" tabindex="0" role="button" aria-label="{targets[key]}"'
                     if key in targets else "")
            extra += f' data-mark="{marks[key]}"' if key in marks else ""
            out.append(f'<g data-element="{key}"{extra}><rect x="{40 * i}" y="0" width="36" height="36" '
                       f'fill="{"#cccccc" if o is None else "#D55E00"}" stroke="{"#000" if key in marks else "#555"}"/>'
                       f'<text x="{40 * i + 4}" y="24" font-size="14">{i}</text></g>')
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{40 * len(self.strip)}" height="40" '
                f'viewBox="0 0 {40 * len(self.strip)} 40">{"".join(out)}</svg>')


def new_game(players=2, seed=0, **options):
    return TinyWall(players, seed, **options)


VARIANTS = {"long strip": {"squares": 9}}
