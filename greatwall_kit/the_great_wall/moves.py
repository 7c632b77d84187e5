"""The decisions of *The Great Wall*: one small frozen value per kind of choice.

Every move's text is its verb and its fields: ``spearman 0 2`` puts a Spearman on
Vital spot 2 of the first-row Horde card of section 0.

The rules offer interned moves (:class:`~greatwall_kit.engine.moves.Interned`): ``SPEARMAN[0, 2]`` is
``Spearman(0, 2)``, made once and the same object at every later decision.

>>> SPEARMAN[0, 2], SPEARMAN[0, 2] is SPEARMAN[0, 2], SLOT[1]
(Spearman(section=0, spot=2), True, Slot(slot=1))
"""

from dataclasses import dataclass

from ..engine import Move, Notation
from ..engine.moves import Interned

__all__ = ["General", "Advisor", "Command", "Slot", "Clerk", "Spearman", "Horseman", "Archer", "Tactic",
           "Activate", "Take", "Decline", "Recruit", "Build", "Upgrade", "Donate", "Buy", "Done", "Fire", "Save",
           "Shame", "Unshame", "Reclaim", "TakeHonor", "NOTATION", "MOVES"]


@dataclass(frozen=True, slots=True)
class General(Move):
    """Set-up: keep this General of the two dealt (hidden until all have chosen)."""
    verb = "general"
    card: str


@dataclass(frozen=True, slots=True)
class Advisor(Move):
    """Set-up: make this dealt Advisor Active; the other becomes the face-down Supporting Advisor."""
    verb = "advisor"
    card: str


@dataclass(frozen=True, slots=True)
class Command(Move):
    """Fall: secretly choose the Command card to play this round."""
    verb = "command"
    card: str


@dataclass(frozen=True, slots=True)
class Slot(Move):
    """Fall: put the revealed Command card on this Command track slot."""
    verb = "slot"
    slot: int


@dataclass(frozen=True, slots=True)
class Clerk(Move):
    """Command step: place a Clerk at this Location."""
    verb = "clerk"
    location: str


@dataclass(frozen=True, slots=True)
class Spearman(Move):
    """Command step: a Spearman from the Barracks onto an open spot of the section's first-row card."""
    verb = "spearman"
    section: int
    spot: int


@dataclass(frozen=True, slots=True)
class Horseman(Move):
    """Command step: a Horseman onto spots ``spot`` and ``spot + 1`` of the card in ``row``."""
    verb = "horseman"
    section: int
    row: int
    spot: int


@dataclass(frozen=True, slots=True)
class Archer(Move):
    """Command step: an Archer to a Firing spot of ``section``, wounding spot ``spot`` of the card in ``row``."""
    verb = "archer"
    section: int
    row: int
    spot: int


@dataclass(frozen=True, slots=True)
class Tactic(Move):
    """Command step: play this Tactic card."""
    verb = "tactic"
    card: str


@dataclass(frozen=True, slots=True)
class Activate(Move):
    """Advanced Activation: activate this Location though its Clerk slots are not full."""
    verb = "activate"
    location: str


@dataclass(frozen=True, slots=True)
class Take(Move):
    """Receive the effect of the Location that activated."""
    verb = "take"


@dataclass(frozen=True, slots=True)
class Decline(Move):
    """Refuse the effect of the Location that activated (its Shame icon too)."""
    verb = "decline"


@dataclass(frozen=True, slots=True)
class Recruit(Move):
    """Recruit one Soldier of this kind from the reserve into the Barracks, paying its cost."""
    verb = "recruit"
    kind: str


@dataclass(frozen=True, slots=True)
class Build(Move):
    """Build a ``wall`` level or a ``barricade`` on a section (Warehouse Resources paid first)."""
    verb = "build"
    what: str
    section: int


@dataclass(frozen=True, slots=True)
class Upgrade(Move):
    """After gathering: place an Overseer (an Upgrade) at the Production Location, paying the next slot's cost."""
    verb = "upgrade"


@dataclass(frozen=True, slots=True)
class Donate(Move):
    """After gathering: 1 Resource (never Chi) to the Warehouse for 2 Honor."""
    verb = "donate"
    resource: str


@dataclass(frozen=True, slots=True)
class Buy(Move):
    """At the Bazaar: buy this face-up Artifact."""
    verb = "buy"
    artifact: str


@dataclass(frozen=True, slots=True)
class Done(Move):
    """Stop doing an optional thing (placing Clerks, deploying, recruiting, building...)."""
    verb = "done"


@dataclass(frozen=True, slots=True)
class Fire(Move):
    """Firing phase: this Archer wounds spot ``spot`` of the card in ``row`` of its section."""
    verb = "fire"
    row: int
    spot: int


@dataclass(frozen=True, slots=True)
class Save(Move):
    """Save this many of your Soldiers about to be Killed, 2 Chi each (most valuable first)."""
    verb = "save"
    count: int


@dataclass(frozen=True, slots=True)
class Shame(Move):
    """Place a Shame token you received: under a ``soldier``, or on the slot of a claimed Horde card (its ID)."""
    verb = "shame"
    target: str


@dataclass(frozen=True, slots=True)
class Unshame(Move):
    """Summer: discard this many Shame tokens from under your Soldiers, 2 Chi each."""
    verb = "unshame"
    count: int


@dataclass(frozen=True, slots=True)
class Reclaim(Move):
    """Summer: take your discarded Command cards back into your hand."""
    verb = "reclaim"


@dataclass(frozen=True, slots=True)
class TakeHonor(Move):
    """Summer: leave the Command cards in the discard and gain 2 Honor per card there."""
    verb = "honor"


MOVES = (General, Advisor, Command, Slot, Clerk, Spearman, Horseman, Archer, Tactic, Activate, Take, Decline,
         Recruit, Build, Upgrade, Donate, Buy, Done, Fire, Save, Shame, Unshame, Reclaim, TakeHonor)
NOTATION = Notation(MOVES)


# -- the interned moves: one object per move, so the legal-move lists of every decision reuse them -------------

GENERAL, ADVISOR, COMMAND, CLERK, TACTIC, ACTIVATE, BUY = map(Interned, (General, Advisor, Command, Clerk, Tactic,
                                                                       Activate, Buy))
SLOT, RECRUIT, DONATE, SAVE, SHAME, UNSHAME = map(Interned, (Slot, Recruit, Donate, Save, Shame, Unshame))
SPEARMAN = Interned(lambda key: Spearman(*key))  # (section, spot)
HORSEMAN = Interned(lambda key: Horseman(*key))  # (section, row, spot)
ARCHER = Interned(lambda key: Archer(*key))  # (section, row, spot)
BUILD = Interned(lambda key: Build(*key))  # (what, section)
FIRE = Interned(lambda key: Fire(*key))  # (row, spot)
DONE, UPGRADE = Done(), Upgrade()
TAKE_OR_DECLINE, RECLAIM_OR_HONOR = (Take(), Decline()), (Reclaim(), TakeHonor())


#: A hand of Command cards (a tuple of their IDs) -> its Command moves in the hand's order, made once per hand (see
#: :func:`command_moves`): a clan's Command decision is asked at every Fall round, and listing its moves card by card
#: (``list(map(COMMAND.__getitem__, hand))``) cost about 1,000 machine instructions a card.
COMMANDS: dict[tuple[str, ...], tuple[Command, ...]] = {}


def command_moves(hand):
    """The Command moves of ``hand`` (a tuple of card IDs), made once; read as ``COMMANDS.get(hand) or
    command_moves(hand)``.

    >>> command_moves(("levy", "attack")) == (COMMAND["levy"], COMMAND["attack"]), COMMANDS[("levy", "attack")][1]
    (True, Command(card='attack'))
    """
    moves = COMMANDS[hand] = tuple(map(COMMAND.__getitem__, hand))
    return moves
