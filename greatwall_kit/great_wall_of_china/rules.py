"""The kit's summaries of the Great Wall of China rules (Reiner Knizia's card game), keyed by checklist ID, and
the readings of the rulebook the kit can play (:class:`Options`; the defaults are the kit's reading).

>>> print(BOOK["GW-10"].citation)
Great Wall of China Rulebook, “First Action: Scoring Check”
>>> Options().cavalry, Options(cavalry="group").cavalry
('one_card', 'group')
"""

from dataclasses import dataclass

from greatwall_kit.engine import RuleBook
from greatwall_kit.engine.options import check, choice

__all__ = ["BOOK", "Options"]

BOOK = RuleBook("great_wall_of_china", "Great Wall of China Rulebook")

BOOK.add("GW-01", "Wall Cards",
         "Every colour has the same 20 cards: 7 Walls worth 1, 3 Gates worth 2, 1 Watchtower worth 3, "
         "5 Infantry, 2 Cavalry worth 2, 1 Noble worth 1 and 1 Dragon worth 1.")
BOOK.add("GW-02", "Setup",
         "Two to five people play, each with one colour's deck; the decks of the other colours are not used.")
BOOK.add("GW-03", "Setup",
         "Everyone shuffles their own deck face down and draws five cards as a starting hand.")
BOOK.add("GW-04", "Components",
         "The 36 tokens (two 1s, six 2s, seven 3s, seven 4s, eight 5s, four 7s, two 8s) are shuffled face "
         "down into a pool.")
BOOK.add("GW-05", "Setup",
         "Pairs of tokens are turned face up in the middle, one per wall section: 2 pairs for two players, "
         "3 for three, 4 for four or five.",
         interpretation="The first player is Red (the reviews say the youngest player starts); "
                        "sections are numbered 1, 2, ... from the top.")
BOOK.add("GW-06", "Setup",
         "In a two-player game a pair of two equal values goes back to the box and another pair is drawn; "
         "this also holds for every later pair.",
         interpretation="The boxed tokens stay out of the game for good (they are counted in the box).")
BOOK.add("GW-07", "Turn Structure",
         "A turn is three actions in order: the scoring check in every section, then the second action, "
         "then the third.",
         interpretation="The scoring check visits the sections in order 1, 2, ...; a claim that needs a "
                        "choice is a decision of the player to act, the others resolve by themselves.")
BOOK.add("GW-08", "Second Action: Play Cards or Draw a Card",
         "The second and the third action each either lay one card, or several cards of the same kind, "
         "beside one section, or draw one card from the own deck.",
         interpretation="A group may be any number of the identical cards held. A player who can neither "
                        "play (no cards but Cavalry) nor draw (empty deck) skips the action.")
BOOK.add("GW-09", "Cavalry",
         "Laying a Cavalry card costs no action: it is one free extra play, before or after the second "
         "action, never after the third.",
         interpretation="Cavalry can only be played as this free play, once per turn, one card; option "
                        "cavalry='group' lets the free play lay both Cavalry cards together. A player whose "
                        "deck is empty and who holds nothing but Cavalry must make the free play (declining "
                        "it could stall the game for ever).",
         variant="cavalry")
BOOK.add("GW-10", "First Action: Scoring Check",
         "At the start of a turn, in each section where the player to act has strictly more points than "
         "every other player with cards there, they must claim a token; on equal points no one claims.",
         interpretation="Only the player whose turn it is claims, and only in sections where they have a "
                        "card; players with no card in a section do not compete there. A section gives at "
                        "most one claim per scoring check.")
BOOK.add("GW-11", "First Action: Scoring Check",
         "If both tokens are still there, the claimant chooses one and lays it face up on one of their own "
         "cards in that section.",
         interpretation="The move names the token by its value and the card by its position (1 = leftmost); "
                        "it must be an uncovered card of the claimant.")
BOOK.add("GW-12", "First Action: Scoring Check",
         "If only one token is left, the claimant takes it face down; the owner of the other token takes it "
         "from their card face down; all cards of the section are discarded, and a new pair is laid if the "
         "pool still has tokens.")
BOOK.add("GW-13", "First Action: Scoring Check",
         "The same player may win both tokens of a section.")
BOOK.add("GW-14", "First Action: Scoring Check",
         "Once a player has claimed the first token of a section, its value is taken off their total there.")
BOOK.add("GW-15", "First Action: Scoring Check",
         "If no one else has laid a card in a section where a player holds the first token, that player "
         "claims the second token on a later turn even with zero or negative points.")
BOOK.add("GW-16", "Infantry",
         "Infantry grows in value: the first counts 1, the second 2, the third 3 and so on (1, 3, 6, 10, 15 "
         "for one to five); they need not lie next to each other.",
         interpretation="The count is per player: a player's n-th Infantry in the section is worth n, "
                        "whoever else has Infantry there (the totals 1-3-6-10-15 stop at one player's five "
                        "Infantry). Option infantry='per_section' counts everyone's Infantry in one sequence. "
                        "An Infantry under a Dragon drops out of the count (see GW-18).",
         variant="infantry")
BOOK.add("GW-17", "Noble",
         "Once a Noble lies in a section, every card there is worth 1 point.",
         interpretation="It flattens the cards laid before the Noble as well as those after; a Noble under a "
                        "Dragon flattens nothing.")
BOOK.add("GW-18", "Dragon",
         "A Dragon is laid as an ordinary card or on top of any card without a token in any section; the "
         "covered card scores nothing and loses its ability.",
         interpretation="The Dragon may cover any player's card, its owner's too. The covered card still "
                        "shows that its owner takes part in the section. A Dragon lying on a card can itself "
                        "be covered; the cards beneath stay cancelled. A covered Infantry drops out of the "
                        "Infantry count, so its owner's later Infantry move up (1, 2 instead of 2, 3); option "
                        "covered_infantry='still_counted' keeps its place in the count (it scores nothing, "
                        "the later ones keep their values).",
         variant="covered_infantry")
BOOK.add("GW-19", "Second Action: Play Cards or Draw a Card",
         "New cards go to the right of the cards already beside a section; their order matters.")
BOOK.add("GW-20", "Winning the Game",
         "A player who has no card left in deck or hand announces the last round; every other player then "
         "takes one more turn.",
         interpretation="The announcement happens the moment the last card is played.")
BOOK.add("GW-21", "Winning the Game",
         "When the turn comes back to the announcer no more cards are played, but scoring checks go on.",
         interpretation="From the announcer on, players take turns of scoring checks only, in the usual "
                        "order, until a whole round of such turns (every player once) makes no claim; then "
                        "the game ends (the rulebook goes on 'since players may still claim tokens', and after "
                        "a round without a claim no claim can ever come). Option final_scoring='one_round' gives "
                        "every player exactly one scoring-only turn, starting with the announcer.",
         variant="final_scoring")
BOOK.add("GW-22", "Winning the Game",
         "When the token pool runs out, the game ends at once with no further scoring.",
         interpretation="The pool has run out when a completed section needs a new pair and none can be "
                        "drawn (a new pair is laid only 'if tokens remain', so play goes on after the last "
                        "pair is drawn); the claim that emptied the section counts, the rest of that scoring "
                        "check does not happen. Option "
                        "pool_runs_out='last_pair_drawn' ends the game as soon as a new pair leaves the "
                        "pool empty.",
         variant="pool_runs_out")
BOOK.add("GW-23", "Winning the Game",
         "Only the face-down tokens in front of a player count; tokens still on cards count for no one. "
         "The highest total wins.",
         interpretation="Players tied on the highest total share the win.")


@dataclass(frozen=True)
class Options:
    """The readings of the rulebook the kit can play (defaults: the kit's reading of the rulebook).

    Each option is declared once here: its values, the rule it reads, what it changes and the named variant the
    other value makes (``engine.options``). The options schema, the README's table, ``VARIANTS`` and
    ``docs/formats.md`` are written from these declarations; the mechanics are handed this value.

    >>> Options(cavalry="both")
    Traceback (most recent call last):
    ...
    greatwall_kit.engine.errors.SetupError: option cavalry must be "one_card" or "group" (GW-09), not 'both'
    """

    infantry: str = choice("per_player", "per_section", rule="GW-16", variant="infantry per section",
                           about="a player's n-th Infantry in a section is worth n, or the n-th Infantry of anyone")
    covered_infantry: str = choice("not_counted", "still_counted", rule="GW-18",
                                   variant="covered infantry keeps its place",
                                   about="an Infantry under a Dragon drops out of the Infantry count (the later ones "
                                         "move up), or scores nothing but keeps its place")
    cavalry: str = choice("one_card", "group", rule="GW-09", variant="cavalry group",
                          about="the free Cavalry play lays one card, or one or both")
    final_scoring: str = choice("until_quiet", "one_round", rule="GW-21", variant="one final round",
                                about="scoring-only turns go on until a round without a claim, or one each")
    pool_runs_out: str = choice("no_new_pair", "last_pair_drawn", rule="GW-22", variant="last pair drawn",
                                about="the game ends when a won section gets no new pair, or as soon as a new pair "
                                      "leaves the pool empty")

    def __post_init__(self):
        check(self)
