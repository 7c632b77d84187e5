"""The state machine of *The Great Wall*: Years, Seasons, steps and decisions.

The game is an :class:`~greatwall_kit.engine.agenda.AgendaGame`: its agenda (``self.agenda``) is a
stack of small jobs such as ``("fall_round", 1)`` or ``("effect", "quarry", 0, 2, 0)``, done until one
asks a player for a decision (``self.prompt = (kind, player, context)``, the context ``None`` or a
dict such as ``{"left": 2}``). A move answers the prompt and may push more jobs. The agenda is
plain JSON-able data, so a position is fully described by the state and the agenda.

The jobs and decisions live by Season in three mixins: :mod:`.seasons` (set-up choices, the Year,
Spring, Summer), :mod:`.fall` (Command cards, Clerks, Soldiers, Locations) and
:mod:`.winter` (Shame, Defeat, Firing, Assault, the End Game check).
"""

from ..engine.agenda import AgendaGame
from ..engine.log import later
from ..engine.shuffling import shuffle
from . import figures, hidden, scoring
from .catalog import CLANS, SOLDIERS, load_catalog
from .changes import apply_change
from .economy import DONATABLE
from .events import (
    ADVISOR_TRACK,
    BARRICADES_SETUP,
    CLAN_SUPPLY,
    DATA_SET,
    DEALT,
    HORDE_ARRIVES,
    HORDE_EMPTY,
    HORDE_EMPTY_SETUP,
    HORDE_SETUP,
    RAID,
    SHAME_POOL,
)
from .fall import FallSteps
from .graph import graph
from .legality import PROMPTS, describe, label, refusal
from .moves import NOTATION
from .picture import move_element, picture
from .position import setup_position, snapshot
from .procedure import resolutions
from .rules import Options
from .seasons import SeasonSteps
from .sections import new_section
from .sites import EMPTY
from .state import copy_clans, copy_sections, copy_track
from .views import private_lines, view
from .winter import WinterSteps

__all__ = ["TheGreatWall"]


class TheGreatWall(SeasonSteps, FallSteps, WinterSteps, AgendaGame):
    """*The Great Wall* (Awaken Realms) from its reference sheet, with the kit's sample cards.

    Examples
    --------
    >>> from greatwall_kit.the_great_wall import new_game
    >>> g = new_game(players=2, seed=1)
    >>> g.season, g.to_act, [str(m) for m in g.legal_moves()]
    ('setup', 0, ['general g4', 'general g2'])
    """

    name = "the_great_wall"
    title = "The Great Wall"
    player_counts = range(1, 5)
    notation = NOTATION
    Options = Options
    player_names = CLANS
    file_options = ("data",)
    # the Fall's masks of its Locations (see fall.py): slots, as the game's dict holds 28 names of the 29 CPython 3.11
    # keeps inline (see Game._slotted_state)
    __slots__ = ("_clerked", "_full", "_spots_written")
    # the nested state copied in one step each (see .state); the agenda holds tuples of values, the decks card IDs
    # and the Tea order seats (tests/engine/test_cloning.py checks that the lists list.copy copies hold only values)
    _copied_state = {"clans": copy_clans, "sections": copy_sections, "track": copy_track,  # noqa: RUF012 - a ClassVar Game declares
                     **dict.fromkeys(("agenda", "tea", "horde_deck", "horde_discard", "advisor_deck", "advisor_track",
                                      "advisor_discard", "tactic_deck", "tactic_discard", "artifacts"), list.copy)}

    #: MCTSBot's settings, measured best with ``benchmarks/bot_strength.py`` (two players, against GreedyBot, 100 or
    #: 200 seat-rotated games per candidate; win rates of MCTS, the best first): 30 whole playouts 92.5 % (200
    #: games); 100 of 4: 86.5 % (200 games); 50 of 8: 88 %; 50 of 4: 80 %; 20 of 4: 79 %.
    mcts_settings = {"playouts": 30, "rollout": None, "expand": "one", "exploration": 0.7}  # noqa: RUF012 - a ClassVar Game declares, read only
    #: A Resource or ready Soldier is worth about half an Honor.
    material_worth = 0.5

    # -- what bots and the simulation lab read (the contract's optional hooks) ----------------------------

    def determinize(self, seat, rng):
        hidden.determinize(self, seat, rng)

    def standing(self):
        return figures.standing(self)

    def material(self):
        return figures.material(self)

    def stats(self):
        return figures.stats(self)

    # -- set-up -------------------------------------------------------------------------------

    def _saved_options(self):
        options = super()._saved_options()
        if not (isinstance(options["data"], str) and options["data"].isidentifier()):
            options["data"] = self.cat.raw  # a file path would not travel with the save
        return options

    def _init_state(self):
        o = self.options  # types and ranges checked against schemas/options.schema.json by the engine
        cat = self.cat = load_catalog(o.data)
        n = self.players
        # what every new game of this data set, player count and number of Fall rounds starts from, made once:
        # every playout sets up a game, and copying a container costs a fraction of building it (a clan's 22-entry
        # dict written out cost twice its copy)
        blank = _BLANKS.get((id(cat), n, o.fall_rounds))
        if blank is None or blank[0] is not cat:
            blank = _blank(cat, n, o.fall_rounds)
        _, self.time, self.shame_pool, count, barricades, slots, rounds, clan, soldiers, hand, locations = blank
        self.year = 0
        self.season = "setup"
        self.shame_out = 0
        # loops rather than generators: a generator is a function call per item
        self.sections, self.track, self.clans = sections, track, clans = [], [], []
        for _ in range(count):
            sections.append(new_section(barricades))
        self.locations = locations.copy()
        self._clerked = self._full = 0  # no Clerk at any Location (fall.py keeps these masks)
        self._spots_written = False  # no Vital spot covered (see WinterSteps._job_defeat_check)
        self.warehouse = _NO_RESOURCES.copy()
        for _ in rounds:
            track.append([None] * slots)
        self.round = 0
        self.tea = list(range(n))
        for _ in range(n):  # each clan a copy of the blank one, with containers of its own
            new = clan.copy()
            new["reserve"] = soldiers.copy()
            new["barracks"] = _NO_SOLDIERS.copy()
            new["rest"] = _NO_SOLDIERS.copy()
            new["disabled"] = []
            new["hand"] = hand.copy()
            new["discard"] = []
            new["dealt"] = []
            new["dealt_advisors"] = []
            new["active"] = []
            new["support"] = []
            new["tactics"] = []
            new["trophies"] = []
            new["artifacts"] = []
            clans.append(new)
        ids = cat.ids
        self.horde_deck, self.horde_discard = list(ids["horde"]), []
        self.advisor_deck, self.advisor_track, self.advisor_discard = list(ids["advisors"]), [], []
        self.tactic_deck, self.tactic_discard = list(ids["tactics"]), []
        self.artifacts = list(ids["artifacts"])
        self.combat = None  # a Defeat or Breach under way: its frozen evidence, completed by the owners' Saves
        self.results, self.final = [], None
        self.revealed = False

    def _setup(self):
        self._init_state()
        cat, rng, n = self.cat, self.rng, self.players
        self._events.append((DATA_SET, cat.name, cat.notice))
        clan = cat.raw["clan"]
        self._events.append((SHAME_POOL, self.shame_pool, clan["shame_per_player"]))
        self._events.append((CLAN_SUPPLY, clan["command_cards"], clan["clerks"], sum(clan["soldiers"].values()),
                             later(_army, clan["soldiers"])))
        shuffle(rng, self.artifacts)
        self.artifacts = self.artifacts[:3]  # the rest are boxed
        shuffle(rng, self.horde_deck)
        for s in range(len(self.sections)):
            self._place_horde_card(s, setup=True)
        if n == 4:
            for s in cat.raw["board"]["invasion_indicators"].get("4", []):
                if s < len(self.sections):
                    self._place_horde_card(s, setup=True)
        sections = self.sections  # (every section starts with as many Barricades)
        self._events.append((BARRICADES_SETUP, len(sections) * sections[0]["barricades"]))
        shuffle(rng, self.tactic_deck)
        generals = list(cat.ids["generals"])
        shuffle(rng, generals)
        shuffle(rng, self.advisor_deck)
        for p, clan in enumerate(self.clans):
            clan["dealt"] = generals[2 * p: 2 * p + 2]
            clan["dealt_advisors"] = [self.advisor_deck.pop(), self.advisor_deck.pop()]
            self._record_private((DEALT, clan["dealt"], clan["dealt_advisors"], CLANS[p], cat.names(clan["dealt"]),
                                  cat.names(clan["dealt_advisors"])), (p,))
        self._refill_advisors()
        track = list(self.advisor_track)
        self._events.append((ADVISOR_TRACK, track, cat.names(track)))
        self._begin(("choose_general", 0))  # (each clan's choice asks the next clan's: SeasonSteps._on_advisor)

    def _place_horde_card(self, s, setup=False):
        """Put the top Horde card into section ``s`` (a Raid if the section is full): at set-up (TGW-05) or in
        Spring (TGW-12)."""
        deck = self.horde_deck
        if not deck:
            self._events.append((HORDE_EMPTY_SETUP if setup else HORDE_EMPTY,))
            return
        card = deck.pop()
        rows = self.sections[s]["rows"]
        row = len(rows)
        cat = self.cat
        info = cat.horde[card]
        if row >= cat.max_rows:
            self.horde_discard.append(card)
            gone = min(self.players, self.shame_pool)
            self.shame_pool -= gone
            self.shame_out += gone
            self._events.append((RAID, card, s, gone, info["name"], self.shame_pool))
            return
        rows.append({"card": card, "spots": [None] * len(info["spots"])})
        self._events.append((HORDE_SETUP if setup else HORDE_ARRIVES, card, s, row, info["name"], info["power"]))

    def _refill_advisors(self):
        track, deck = self.advisor_track, self.advisor_deck
        take = 4 - len(track)
        if take > 0:  # the top cards, one by one (the deck's last first), in one step
            drawn = deck[-take:]
            drawn.reverse()
            track += drawn
            del deck[-take:]

    def _setup_position(self, doc):
        self._init_state()
        self._begin(*setup_position(self, doc))

    # -- the contract's hooks, each in its room ---------------------------------------------------

    def _explain(self, move):
        return refusal(self, move)

    def _describe(self, move):
        return (*describe(self, move), label(self, move))

    def _question(self):
        assert self.prompt is not None  # question() asks only while a player is to act
        kind, _, context = self.prompt
        if kind == "effect":  # (the Location that activated, by name)
            return f"take or decline the effect of {self.cat.place[context['location']]}"
        return PROMPTS[kind][2]

    def _scores(self):
        return scoring.scores(self)

    def winners(self):
        """The winner: the most Honor; a tie goes to the higher Tea position (TGW-49)."""
        return scoring.winners(self)

    def _end_reason(self):
        return getattr(self, "end_reason", "the game is over")

    def resolutions(self):
        """Every Firing phase, Defeat and Assault resolved so far (and each clan's final Honor once the game is
        over), in history order, as
        :class:`~greatwall_kit.engine.steps.Resolved` records whose ``steps`` follow the rulebook, each with the
        position after it (``step.after``; see :mod:`.procedure`).

        Defeats and Assaults are the evidence the game keeps in ``results``, with what the log adds (where each
        Shame token went); a Firing phase is read back from the log.

        Examples
        --------
        >>> game = TheGreatWall.from_position({"players": 2, "season": "winter", "time": 3, "clans": [{}, {}],
        ...     "sections": [{"wall": 0, "barricades": 1, "horde": [{"card": "h01"}]},
        ...                  {"wall": 0, "barricades": 3, "horde": []}, {"wall": 0, "barricades": 3, "horde": []}]})
        >>> print(game.resolutions()[0])
        Assault on section 0: the wall holds
          1. Offensive Power of section 0: Wolf Riders (h01) 4 = 4. [TGW-22]
          2. Defense = wall tile 2 (level 0) + 2 x 1 Barricade = 4. [TGW-38]
          3. 4 <= 4: the wall holds. [TGW-22]
          4. After its Assault section 0's 1 Barricade is discarded. [TGW-22]
        >>> assault = game.resolutions()[0]
        >>> assault.before.sections[0]["barricades"], assault.after(-1).sections[0]["barricades"]
        (1, 0)
        """
        return resolutions(self)

    def _apply_step(self, change):
        """Make a rule step's change on this looking-only copy (see :mod:`.changes`)."""
        apply_change(self, change)

    @property
    def lethality(self):
        """The Lethality shown on the Time track now."""
        return self._lethality()

    def defense(self, section):
        """The Defense value of a section now (TGW-38)."""
        return self._defense(section)

    def _snapshot(self):
        return snapshot(self)

    def _view(self, player):
        return view(self, player)

    def private_lines(self, player):
        """What only ``player`` knows, one line per card with its name and what it does (the board's panel)."""
        return private_lines(self, player)

    def graph(self):
        return graph(self)

    def picture(self, *, targets=None, highlight=(), hide=()):
        """The board as SVG: public information only (see :mod:`.graph` for element keys, and :mod:`.picture` for
        what each part of ``hide`` leaves out)."""
        return picture(self, targets, highlight, hide)

    def move_element(self, move):
        """The board element ``move`` is played on (a Vital spot, Location, track slot...), or ``None``."""
        return move_element(self, move)


_NO_SOLDIERS = dict.fromkeys(SOLDIERS, 0)  # (copied, never changed)
_NO_RESOURCES = dict.fromkeys(DONATABLE, 0)
_BLANKS: dict[tuple, tuple] = {}  # (id(catalog), players, Fall rounds) -> _blank(...), which holds the catalog


def _blank(cat, n, fall_rounds):
    """What a new game of the data set ``cat`` for ``n`` players and ``fall_rounds`` Fall rounds starts from, as
    ``_init_state`` copies it: the catalog itself, the Time token's slot, the Shame pool, the number of Wall Sections
    and their Barricades, the Command track's slots per round, the rounds, a clan (its containers are replaced in
    each copy), its Soldiers in reserve, its hand and the Locations nobody stands at (nothing in it ever changes).

    >>> from greatwall_kit.the_great_wall.catalog import load_catalog
    >>> blank = _blank(load_catalog(), 2, 2)
    >>> blank[1:7], blank[7]["clerks"], blank[8], blank[9][:2], len(blank[10])
    ((2, 20, 3, 3, 2, range(0, 2)), 3, {'spearman': 10, 'archer': 4, 'horseman': 2}, ['muster', 'levy'], 9)
    """
    b, clan = cat.raw["board"], cat.raw["clan"]
    blank = _BLANKS[id(cat), n, fall_rounds] = (
        cat, cat.time_start(n), clan["shame_per_player"] * n, cat.sections(n), b["barricade_slots"],
        b["command_track_slots"][str(n)], range(fall_rounds),
        {"honor": 0, "wood": 0, "stone": 0, "gold": 0, "chi": 0,
         "reserve": None, "barracks": None, "rest": None, "disabled": None, "hand": None, "discard": None,
         "chosen": None, "clerks": clan["starting_clerks"], "clerk_supply": clan["clerks"] - clan["starting_clerks"],
         "general": None, "dealt": None, "dealt_advisors": None, "active": None, "support": None,
         "tactics": None, "trophies": None, "artifacts": None},
        clan["soldiers"], list(cat.ids["command_cards"]), dict.fromkeys(cat.locations, EMPTY))
    if len(_BLANKS) > 64:  # (data sets given as documents: a new catalog each game)
        _BLANKS.clear()
        _BLANKS[id(cat), n, fall_rounds] = blank
    return blank


def _army(soldiers):
    """A clan's Soldiers in words: ``5 Spearmen, 3 Archers, 2 Horsemen``."""
    plural = {"spearman": "Spearmen", "archer": "Archers", "horseman": "Horsemen"}
    return ", ".join(f"{v} {plural[k]}" for k, v in soldiers.items())
