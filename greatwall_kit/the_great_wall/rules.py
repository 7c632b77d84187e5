"""The kit's summaries of *The Great Wall* reference sheet, one per checklist ID (TGW-01..TGW-49), and the
readings of the sheet a game may choose (:class:`Options`).

>>> from greatwall_kit.the_great_wall.rules import BOOK
>>> len(BOOK), BOOK["TGW-38"].section
(49, 'p.11 — Assault Phase')
>>> Options().defeat_tie
'tea_order'
"""

from dataclasses import dataclass

from ..engine.options import check, choice, setting
from ..engine.rules import RuleBook

__all__ = ["BOOK", "Options"]


@dataclass(frozen=True)
class Options:
    """The kit's readings of the reference sheet (defaults: the kit's main reading).

    Attributes
    ----------
    data : str or dict
        The card data set: a name in ``data/`` (``"sample"``, the kit's invented cards), a JSON file path
        (with a folder or a ``.json`` ending), or the data document. A save carries a data set of one's
        own, never its path.
    fall_rounds : int
        Command cards each player plays per Fall (TGW-18).
    defeat_tie : str
        ``"tea_order"``: a tied majority claims by Tea order; ``"no_claim"``: nobody claims (TGW-34).
    breach_shame : str
        ``"per_card"``: one Shame per breaching card without your Soldier; ``"per_section"``: at most one (TGW-39).
    """

    data: str = setting("sample", {"anyOf": [{"type": "string", "minLength": 1, "maxLength": 1000},
                                             {"type": "object"}]},
                        'a card data set: a name shipped with the kit ("sample"), a path to a JSON file (ending .json '
                        "or with a folder), or a data document",
                        about="the cards: the kit's invented sample, or a class's own (a save carries its content)")
    fall_rounds: int = setting(2, {"type": "integer", "minimum": 1, "maximum": 6},
                               "a whole number from 1 to 6: Command cards each player plays per Fall (TGW-18)",
                               rule="TGW-18", about="Command cards each player plays per Fall")
    defeat_tie: str = choice("tea_order", "no_claim", rule="TGW-34",
                             about="a tied majority claims a Defeated Horde card by Tea order, or nobody claims")
    breach_shame: str = choice("per_card", "per_section", rule="TGW-39",
                               about="one Shame per breaching card without your Soldier, or at most one per section")

    def __post_init__(self):
        check(self)


BOOK = RuleBook("the_great_wall", "The Great Wall reference sheet")
_ = BOOK.add

_("TGW-01", "p.3 — Game Overview", "The game takes one to four players; the box adds solo and co-op modes.",
  interpretation="Solo (1 player) plays the ordinary rules alone with the 1-player board side (3 sections, "
                 "10 Shame tokens): there is no automated opponent, the goal is the highest final Honor. "
                 "The co-op mode is not implemented. The four clans (Crane, Tiger, Dragon, Phoenix) are the kit's "
                 "own names.")
_("TGW-02", "p.5 — Setup", "A Year is Spring, Summer, Fall and Winter in that order; the first Year has only "
  "Fall and Winter.")
_("TGW-03", "p.5 — Setup", "The Shame pool starts with 10 tokens for each player.")
_("TGW-04", "p.5 — Setup", "Each clan starts with 6 Command cards, 8 Clerks, 16 Soldiers (10 Spearmen, 4 Archers, "
  "2 Horsemen), a Screen, and markers for Honor and Tea.",
  interpretation="Soldiers wait in the reserve and must be recruited into the Barracks before they fight; "
                 "the General's card gives a few starting Soldiers in the Barracks (sample data). The Screen "
                 "is modelled by hidden information (views).")
_("TGW-05", "p.5 — Setup", "Set-up puts one Horde card in the first row of each section; with 4 players each "
  "Invasion indicator adds one more.",
  interpretation="The 4-player side of the sample board shows Invasion indicators on the outer sections; the "
                 "extra card goes into the second row there.")
_("TGW-06", "p.5 — Setup", "Every Barricade slot starts with a Barricade: nine in all.",
  interpretation="3 Barricade slots per section: 9 Barricades with 3 sections, 6 on the 2-section board.")
_("TGW-07", "p.5 — Setup", "Each player is dealt 2 Generals and 2 Advisors, keeps one General, makes one Advisor "
  "Active (face up) and the other Supporting (face down, under the General).",
  interpretation="The choices are simultaneous: each is private until every player has chosen; Generals and "
                 "Active Advisors are then revealed, Supporting Advisors stay private. Each Supporting Advisor "
                 "raises the General's ability by its 'per_support' value.")
_("TGW-08", "p.5 — Setup", "The remaining Advisors form a deck; 4 are drawn to the Advisor track.")
_("TGW-09", "p.5 — Setup", "Every player starts with 3 Clerks in the Clerk space and takes the starting "
  "Resources and Tactic cards shown on their General.",
  interpretation="The other 5 Clerks stay in the clan's supply; the Court Location brings one more per Clerk.")
_("TGW-10", "p.5 — Setup", "Honor markers start at 0; the Tea stack is ordered from the highest Tea value down.",
  interpretation="The Tea value is printed on the General (sample data); the Tea order does not change during "
                 "the game.")
_("TGW-11", "p.10 — Spring", "In Spring the Time token moves one slot forward.",
  interpretation="The sample Time track has 7 slots; the token starts on slot 2 with 1-2 players and slot 1 with "
                 "3-4, so a game lasts at most 5 or 6 Years.")
_("TGW-12", "p.10 — Spring", "In Spring as many new Horde cards come as the Time track slot shows.",
  interpretation="A new card goes to the section named by its banner (banner modulo the number of sections), "
                 "into the first empty row.")
_("TGW-13", "p.10 — Spring", "In Spring the two leftmost Advisors of the track are discarded, the rest slide "
  "left and two new ones are drawn.")
_("TGW-14", "p.10 — Summer", "In Summer every Overseer brings its owner income.",
  interpretation="One unit of its Location's Resource per Overseer.")
_("TGW-15", "p.10 — Summer", "In Summer a player may discard Shame tokens for 2 Chi each.",
  interpretation="One decision per player (how many), for tokens under Soldiers; the token returns to the pool "
                 "and the Soldier to the reserve.")
_("TGW-16", "p.10 — Summer", "In Summer the Command cards on the Command track go to their owners' discard.")
_("TGW-17", "p.10 — Summer", "In Summer each player either takes the discarded Command cards back, or gains "
  "2 Honor for each card left in the discard.")
_("TGW-18", "p.10 — Fall", "In Fall every player picks a Command card in secret; all are revealed together.",
  interpretation="Each choice is one decision; it stays private until all have chosen. A Fall has "
                 "'fall_rounds' rounds (2 by default); a player with no card in hand sits a round out.",
  variant="fall_rounds")
_("TGW-19", "p.10 — Fall", "In Tea order the revealed cards go onto free Command track slots.",
  interpretation="The track has one row of slots per Fall round; when only one slot is left the card goes "
                 "there without a decision.")
_("TGW-20", "p.11 — Fall", "Cards resolve in track order: the Command step, then the Activation step, then a "
  "Horde Defeat check.",
  interpretation="Command step: the card's Clerks, then deployments, then a Tactic card. Activation step: every "
                 "Location whose Clerk slots are full activates (board order); then a card with Advanced "
                 "Activation lets its owner activate one more.")
_("TGW-21", "p.11 — Winter", "Winter begins with Firing: Archers in the Firing spots shoot, the leftmost section "
  "first, then Horde cards are checked for Defeat.",
  interpretation="Each Archer wounds one open Vital spot of its section (its owner chooses), Archers in the "
                 "order they were placed.")
_("TGW-22", "p.11 — Winter", "Then the Assault: each section's Offensive Power meets its Defense; more Power "
  "than Defense is a Breach. Afterwards all Barricades are discarded.",
  interpretation="Offensive Power is the sum of the printed power of all Horde cards in the section; each of "
                 "them is a breaching card. Each section's Barricades are discarded as soon as its own Assault "
                 "is over (nothing later in the Winter reads them).")
_("TGW-23", "p.11 — Winter", "Winter ends with the End Game check.",
  interpretation="If the game goes on, Soldiers in the Rest Zone return to the Barracks.")
_("TGW-24", "p.8 — Overseers", "Placing an Overseer is an Upgrade: it costs what the next free Overseer slot "
  "shows, and the very first Overseer counts as an Upgrade too.",
  interpretation="After gathering at a Production Location, its owner may Upgrade once: a Spearman from the "
                 "Barracks becomes the Overseer for good. Abilities that reward Upgrades reward the first one.")
_("TGW-25", "p.8 — Paying for Walls and Barricades", "Building Walls and Barricades takes Resources from the "
  "Warehouse before the builder's own.")
_("TGW-26", "p.8 — Donate", "After gathering at a Production Location a player may give 1 Resource (not Chi) to "
  "the Warehouse for 2 Honor.", interpretation="At most one Donate per gathering, from the player's own stock.")
_("TGW-27", "p.7 — Locations", "A player may have several Clerks at one Location; they are resolved together.",
  interpretation="The effect is multiplied by the player's Clerks there, in one decision.")
_("TGW-28", "p.7 — Locations", "A player may refuse the effect of an activated Location.",
  interpretation="Refusing also avoids the Location's Shame icon.")
_("TGW-29", "p.7 — Advanced Activation", "Advanced Activation triggers a Location although its Clerk slots are "
  "not full, and ignores its Shame icon.",
  interpretation="A normal activation gives each player who takes the effect of a Location with a Shame icon "
                 "one Shame token.")
_("TGW-30", "p.9 — Attack & Wounding", "A Spearman goes on an open Vital spot of a first-row Horde card and its "
  "owner gains the spot's reward; Spearmen never attack the second or third row.")
_("TGW-31", "p.10 — Attack & Wounding", "A Horseman covers two neighbouring open Vital spots of any Horde card "
  "of its section.", interpretation="Spots are in a line; neighbours are consecutive spots; no reward.")
_("TGW-32", "p.10 — Attack & Wounding", "An Archer takes a Firing spot of a section and wounds one Vital spot of "
  "any Horde card there, for no reward.",
  interpretation="Placement wounds at once; the Archer then also fires in each Winter's Firing phase.")
_("TGW-33", "p.10 — Attack & Wounding", "Wound markers, from Archers or left where a Soldier was removed, count "
  "as covered spots for Defeat.")
_("TGW-34", "p.10 — Defeating Hordes", "A Horde card whose Vital spots are all covered is Defeated and claimed by "
  "the player covering most spots with Soldiers.",
  interpretation="A tie goes to the tied player highest in Tea order; a card covered only by Wounds is "
                 "discarded unclaimed. The card leaves the wall once its Lethality is resolved (to its "
                 "claimant's trophies or the discard pile); cards behind it move up a row.", variant="defeat_tie")
_("TGW-35", "p.10 — Defeating Hordes", "On a Defeat every player with a Soldier on the card gains 2 Honor.")
_("TGW-36", "p.10 — Defeating Hordes", "On a Defeat every player gains 2 Honor for each of their Archers in that "
  "section's Firing spots.")
_("TGW-37", "p.10 — Defeating Hordes", "On a Defeat Lethality kills that many of each player's Soldiers; each "
  "can be Saved for 2 Chi and goes to the Rest Zone.",
  interpretation="Lethality is read from the Time track slot. The victims are the player's Soldiers on the "
                 "card, cheapest first; the owner decides how many to Save (most valuable first). Killed "
                 "Soldiers return to the reserve; survivors go back to the Barracks.")
_("TGW-38", "p.11 — Assault Phase", "A section's Defense is its wall tile value plus 2 per Barricade on it.")
_("TGW-39", "p.10 — Breach", "On a Breach, each player with no Soldier on a breaching Horde card takes a Shame "
  "token.", interpretation="One token per breaching card without the player's Soldier.", variant="breach_shame")
_("TGW-40", "p.10 — Breach", "On a Breach each breaching card kills Lethality Soldiers of every player, all "
  "kills at once; a Save costs 2 Chi.",
  interpretation="Victims are the player's Soldiers on that card, then Soldiers from the Barracks; a Wound "
                 "marker takes the place of a Soldier removed from a card.")
_("TGW-41", "p.10 — Breach", "On a Breach all Archers of the section are Killed; the Rest Zone is safe.",
  interpretation="Archers killed this way cannot be Saved.")
_("TGW-42", "p.11 — Firing Phase", "Soldiers in the Rest Zone take no part in the Firing phase.")
_("TGW-43", "p.11 — Final Honor Scoring", "Each Shame token under a Soldier costs 5 Honor at the end (never below "
  "0 Honor) and disables that Soldier.",
  interpretation="A Shame token goes under a Soldier from the reserve (else the Barracks), or on a claimed "
                 "Horde card: its owner chooses when both are possible. The floor of 0 applies after the Shame "
                 "is subtracted, before rewards are added.")
_("TGW-44", "p.6 — Shame Tokens", "A Shame token on a claimed Horde card costs no Honor (the card gives no "
  "reward instead).")
_("TGW-45", "p.6 — Shame Tokens", "If the Shame pool is empty, a player due a token loses 5 Honor at once; so "
  "does one who can place it nowhere (it leaves the game).",
  interpretation="Losing 5 Honor at once never takes Honor below 0.")
_("TGW-46", "p.9 — Raid", "A Horde card that finds its section full is a Raid: as many Shame tokens as there "
  "are players leave the pool.", interpretation="The card is discarded; the tokens leave the game.")
_("TGW-47", "p.11 — End Game Check", "The game ends after a Winter when all walls are at their top level (3 "
  "walls, 2 with 3 players), or the Shame pool is empty, or the Time token is on the last slot.")
_("TGW-48", "p.11 — Final Honor Scoring", "Final Honor: minus 5 per Shame token under Soldiers, plus the Honor of "
  "claimed Horde cards without Shame, plus each Artifact's bonus.",
  interpretation="Artifacts are bought at the Bazaar (a sample Location) for the cost printed on them; only the 3 "
                 "face-up ones ever come into play.")
_("TGW-49", "p.11 — End of the Game", "The most Honor wins; on a tie the player higher on the Tea track wins.",
  interpretation="winners() therefore always names one player.")
