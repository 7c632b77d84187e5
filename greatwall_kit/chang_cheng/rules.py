"""The kit's summaries of every Chang Cheng rule (checklist IDs CC-01..CC-54, CC-V1..CC-V6).

Sections are those of the Chang Cheng Rulebook; the variants come from a Dutch review
(Sacha Husken's "Spelbeschrijving"). Summaries are in the kit's own words.

>>> print(BOOK["CC-22"].text)
The player or players with the most counted blocks (virtual blocks from cards included) each score the province's full value.
"""  # noqa: E501 - doctest output is compared as printed

from dataclasses import dataclass

from ..engine.errors import SetupError
from ..engine.options import check, choice, setting
from ..engine.rules import RuleBook

__all__ = ["BOOK", "Options", "EVENTS"]

BOOK = RuleBook("chang_cheng", "Chang Cheng Rulebook")
REVIEW = "Chang Cheng review (Dutch, S. Husken)"
add = BOOK.add

add("CC-01", "Setup", "The game starts with two boards joined along their short sides.",
    interpretation="The two boards, and the side each shows, are drawn with the game's seed; the faces' "
    "geometry is the kit's own (13 squares, 3 provinces, 3 staggered regions per face; data/standard.json).")
add("CC-02", "Setup", "Six random threat counters lie face down on the six Mongol regions and six random "
    "reputation counters face up on the six provinces.",
    interpretation="The counters' distribution is not published: the kit uses three each of reputation 0-4 "
    "and five each of threat -2, -3, -4.")
add("CC-03", "Setup", "Each player has 14 single blocks, 1 double block, 1 tower and the 6 action cards "
    "(Warrior, Traitor, Flood, Builder, Master Builder, Mandarin), and starts on 0 points.")
add("CC-04", "Setup", "Two to four players; the first player starts and play goes clockwise.",
    interpretation="Player 0 (Red) is the first player; clockwise is increasing player number.")
add("CC-05", "Game Turn", "A turn is exactly one of the five actions: two singles, two cards, a card and a "
    "single, the double, or the tower.",
    interpretation="Each placement is its own decision; the first placement fixes the action.")
add("CC-06", "Description of the Actions", "Two single blocks go on empty squares of two different provinces.",
    variant="actions")
add("CC-07", "Description of the Actions", "Two action cards go face down into two different uncompleted "
    "provinces.")
add("CC-08", "Description of the Actions", "A card and a single block go into the same uncompleted province, "
    "the card first.")
add("CC-09", "Description of the Actions", "The double covers two contiguous empty squares, which may belong "
    "to two provinces.",
    interpretation="'double <s>' covers square s and its right-hand neighbour in the wall; boards' joins are "
    "contiguous too. A reserved square takes only its owner's single block, so no double covers it.")
add("CC-10", "Description of the Actions", "Placing the double scores 1 point at once for each different "
    "province and each different Mongol region it touches.")
add("CC-11", "Description of the Actions", "At scoring the double counts as two blocks; it cannot be broken "
    "or swapped.",
    interpretation="Each half counts in the province (and region) of its square: a double across two "
    "provinces counts 1 in each.")
add("CC-12", "Description of the Actions", "A tower goes on any empty square that is not next to another "
    "tower.",
    interpretation="A reserved square takes only its owner's single block, so no tower goes there.")
add("CC-13", "Description of the Actions", "A tower with one or two empty neighbours reserves one of them "
    "(its owner chooses) for the owner's single block.",
    interpretation="Only empty, unreserved neighbours can be reserved; a single candidate is reserved "
    "without a decision. A reservation lapses (anyone may fill the square) once its owner has no single "
    "block left, and none is made if the owner has none left; otherwise the wall could never be completed.")
add("CC-14", "Description of the Actions", "At scoring the tower counts as one block; it cannot be broken or "
    "swapped.")
add("CC-15", "Description of the Actions", "A tower protects its owner from the threat of its Mongol region.")
add("CC-16", "Description of the Actions", "After placing any block, its player may secretly look at the "
    "threat counter of the bordering Mongol region.",
    interpretation="A decision 'peek <region>' or 'nopeek', offered only while there is an unknown counter "
    "to look at; a double across two regions lets its player look at one of them. A neutral block counts "
    "as a block its player placed.")
add("CC-17", "Game Turn", "On the very first turn the first player places only one single block.",
    variant="first_turn")
add("CC-18", "Completed and Uncompleted Provinces", "A province is completed when every wall square in it "
    "is occupied.")
add("CC-19", "Completing a Province", "Completion halts play at once, even between the two placements of one "
    "action; the action continues after scoring.",
    interpretation="A double completing two provinces scores them left to right.")
add("CC-20", "Completing a Province", "Scoring order: reveal the province's cards, resolve them, then score "
    "the majority.")
add("CC-21", "Value of a Chinese Province", "The value is the counted blocks (a double 2, a tower 1, broken "
    "walls 0) plus the cards' modifiers plus the reputation counter.",
    interpretation="Virtual blocks from cards count for the majority only, not for the value (as in the "
    "rulebook's example: value 9 = 4 walls + 2 + 3). A value below zero scores 0.")
add("CC-22", "Completing a Province", "The player or players with the most counted blocks (virtual blocks "
    "from cards included) each score the province's full value.",
    interpretation="Nobody scores when the most is 0 (all blocks broken) or when the neutral colour alone "
    "holds the majority; players tied with the neutral colour score.")
add("CC-23", "Completing a Province", "An Emperor card is placed on the completed province; its reputation "
    "counter stays face up.")
add("CC-24", "Action Cards", "Revealed cards of the same priority cancel each other and are discarded "
    "without effect.", variant="same_priority")
add("CC-25", "Action Cards", "The remaining cards resolve in ascending priority.")
add("CC-26", "Action Cards", "A card with two effects: its owner chooses when it is revealed.",
    interpretation="The owner decides (to_act is the owner) as the card resolves, after the lower-priority "
    "cards' effects, which they can see; a choice with only one possibility is applied without a decision.")
add("CC-27", "Action Cards", "Used cards are removed from the game after scoring.")
add("CC-28", "Action Cards", "A player may check which cards they placed where (their private view).")
add("CC-29", "Action Cards", "Warrior (1): removes another card of the same province from the game, even "
    "its owner's; it must remove one if there is one.", variant="warrior")
add("CC-30", "Action Cards", "Traitor (2): either breaks one single block of the province, or removes the "
    "threat counter of a Mongol region bordering the province.",
    interpretation="Neutral single blocks can be broken too.")
add("CC-31", "Action Cards", "Broken walls count neither for majority nor for value; doubles and towers "
    "cannot be broken.",
    interpretation="A broken wall still occupies its square; it counts for nothing anywhere (provinces, "
    "Mongol regions, Diplomacy, Dominance).")
add("CC-32", "Action Cards", "Flood (3): the province is worth +2 or -2, as its owner chooses.")
add("CC-33", "Action Cards", "Builder (4): +2 to the province's value, or one virtual block for its owner "
    "in the majority.")
add("CC-34", "Action Cards", "Master Builder (5): two virtual blocks for its owner in the majority.")
add("CC-35", "Action Cards", "Mandarin (6): swaps a single block of this province with any other single "
    "block in play (not doubles, towers or broken walls); a province already scored is not scored again.",
    interpretation="The swap is compulsory when one exists; swapping two blocks of one colour (no effect) "
    "is allowed; neutral single blocks are single blocks in play and can be swapped.", variant="mandarin")
add("CC-36", "Expansion of the Map", "The player who places the third Emperor card adds a board during "
    "their turn, at the left or right end of the wall (their choice).",
    interpretation="The board is added at the end of the action (after a neutral block), as the turn "
    "order of the rulebook lists it; the new face and side shown are drawn with the game's seed.")
add("CC-37", "Expansion of the Map", "The three Emperor cards are then set aside.")
add("CC-38", "Expansion of the Map", "With 2 or 3 players only one board is ever added; with 4 players a "
    "fourth follows after three more Emperor cards.")
add("CC-39", "Expansion of the Map", "A new board's squares become playable and its counters are laid out "
    "(threats face down, reputations face up).")
add("CC-40", "End of Game", "The game ends at the end of the turn in which every square of every board is "
    "occupied.",
    interpretation="It also ends when no player can act (a full round of passes): 2 players without the "
    "neutral blocks cannot fill a 3-board wall (34 < 39 squares).")
add("CC-41", "End of Game", "A player who cannot do a full action does as much of one as they can; one who "
    "can do nothing passes.",
    interpretation="While any full action is possible, a first placement must start one; the pass is "
    "automatic (no decision).")
add("CC-42", "Mongol Regions and Final Scoring", "Mongol attack: each region's counter is revealed; "
    "whoever has the most blocks in the region loses its value; ties all lose.",
    interpretation="Regions are attacked in wall order; broken walls do not count; a majority held by the "
    "neutral colour alone costs nobody anything. Scores may go below zero.")
add("CC-43", "Mongol Regions and Final Scoring", "A tower's owner loses nothing in the tower's region.",
    interpretation="The tower still counts for the majority, so it can shield its owner without passing "
    "the loss to anyone else.")
add("CC-44", "Mongol Regions and Final Scoring", "A region whose counter was removed costs nothing.")
add("CC-45", "End of Game", "The highest total wins; tied players all win.")
add("CC-46", "Optional Rules for 2 Players", "With 2 players, 12 neutral single blocks; after their action "
    "a player may place one neutral block.",
    interpretation="Option neutral_blocks=True; 3 or 4 players refuse it. A skipped turn has no action, so "
    "no neutral block either.")
add("CC-47", "Optional Rules for 2 Players", "After two cards or two singles the neutral block goes into one "
    "of those two provinces; after a card and a block, not into that province; after a tower or a double, "
    "not into its province.",
    interpretation="After a partial action of one piece the neutral block may not go into that piece's "
    "province.")
add("CC-48", "Optional Rules for 2 Players", "No neutral block on the very first turn.",
    interpretation="With first_turn='full_action' (CC-V2) the first turn is an ordinary turn, neutral block "
    "included.")
add("CC-49", "Event Cards", "Up to two event cards, chosen or drawn, lie face up.",
    interpretation="Option events: a comma-separated list of diplomacy, dominance, imperial_reward, "
    "observers; or 'random' to draw two with the game's seed.")
add("CC-50", "Event Cards", "Diplomacy: whoever has at least one block in the most provinces gains 4; ties all gain.",
    interpretation="Broken walls do not count; a double across two provinces counts in both.")
add("CC-51", "Event Cards", "Dominance: each player gains 1 point per square of their own longest "
    "uninterrupted run of blocks; broken walls interrupt a run.",
    interpretation="The rulebook counts towers and doubles 'as 2 single wall-blocks': a double's two squares "
    "give 2, and a tower gives 2 as well (option dominance_tower=1 counts it as its one square). Another "
    "colour's block or an empty square interrupts the run.", variant="dominance_tower")
add("CC-52", "Event Cards", "Imperial Reward: 2 points per action card a player never played.")
add("CC-53", "Event Cards", "Observers: whenever a square is occupied, the threat counter of its Mongol region "
    "is revealed for the rest of the game.")
add("CC-54", "Event Cards", "Event cards other than Observers apply at the end, after the Mongol attack.")

add("CC-V1", "Een spelbeurt", "The review's four actions: there is no 'two single blocks' action.",
    variant="actions='four'", source=REVIEW,
    interpretation="A lone single is still possible as a partial action (CC-41).")
add("CC-V2", "Een spelbeurt", "The review's first turn: the first player takes a normal action.",
    variant="first_turn='full_action'", source=REVIEW)
add("CC-V3", "Actiekaarten", "The review's Warrior: removes a face-down card from another province.",
    variant="warrior='other_province'", source=REVIEW,
    interpretation="The Warrior's owner names a province and a colour; if that colour has several cards "
    "there, one is drawn at random (the cards are face down).")
add("CC-V4", "Actiekaarten", "The review's Mandarin: swaps any two single blocks anywhere.",
    variant="mandarin='any_two'", source=REVIEW)
add("CC-V5", "Variant", "The review's Dominance: only the owner of the longest run scores it; ties all score.",
    variant="dominance='longest_only'", source=REVIEW)
add("CC-V6", "Actiekaarten", "The review's resolution: cards of the same priority do not cancel; they resolve "
    "in seat order from the player whose turn it is.", variant="same_priority='resolve_all'", source=REVIEW)


# -- the rules' variants ----------------------------------------------------------------------------------

EVENTS = ("diplomacy", "dominance", "imperial_reward", "observers")

@dataclass(frozen=True)
class Options:
    """Chang Cheng's named options; the defaults are the rulebook's.

    Attributes
    ----------
    actions : {"five", "four"}
        CC-05, or the review's four actions without "two single blocks" (CC-V1).
    first_turn : {"one_single", "full_action"}
        CC-17, or the review's normal first turn (CC-V2).
    warrior : {"same_province", "other_province"}
        CC-29, or the review's Warrior hitting another province (CC-V3).
    mandarin : {"this_province", "any_two"}
        CC-35, or the review's swap of any two single blocks (CC-V4).
    dominance : {"each_player", "longest_only"}
        CC-51, or the review's Dominance for the longest run only (CC-V5).
    same_priority : {"cancel", "resolve_all"}
        CC-24, or the review where same-priority cards all resolve (CC-V6).
    dominance_tower : {2, 1}
        How many blocks a tower counts for in a Dominance run (CC-51's reading).
    neutral_blocks : bool
        The optional 2-player rule with 12 neutral blocks (CC-46..48).
    events : str
        Event cards in play: comma-separated names among diplomacy, dominance, imperial_reward,
        observers (at most two), or ``"random"`` to draw two (CC-49).
    layout : str or dict
        The board layout: a file name in the package's ``data/``, a path to a JSON layout, or a layout
        document. A save carries a custom layout's content, never its path.

    Examples
    --------
    >>> Options(events=" Observers, diplomacy ").events
    'diplomacy,observers'
    >>> Options(warrior="elsewhere")
    Traceback (most recent call last):
    ...
    greatwall_kit.engine.errors.SetupError: option warrior must be "same_province" (CC-29) or "other_province" (CC-V3), not 'elsewhere'
    """  # noqa: E501 - doctest output is compared as printed

    actions: str = choice("five", "four", rule=("CC-05", "CC-V1"),
                          about="five kinds of action, or the review's four (no two single blocks)")
    first_turn: str = choice("one_single", "full_action", rule=("CC-17", "CC-V2"),
                             about="the first turn is one single block, or the review's ordinary turn")
    warrior: str = choice("same_province", "other_province", rule=("CC-29", "CC-V3"),
                          about="the Warrior breaks a block in its own province, or the review's another province")
    mandarin: str = choice("this_province", "any_two", rule=("CC-35", "CC-V4"),
                           about="the Mandarin swaps two blocks of its province, or the review's any two single blocks")
    dominance: str = choice("each_player", "longest_only", rule=("CC-51", "CC-V5"),
                            about="Dominance scores each player's longest run, or the review's longest run only")
    same_priority: str = choice("cancel", "resolve_all", rule=("CC-24", "CC-V6"),
                                about="cards of equal priority cancel each other, or the review's all resolve")
    dominance_tower: int = setting(2, {"type": "integer", "enum": [1, 2]},
                                   "1 or 2: the blocks a tower counts for in a Dominance run", rule="CC-51",
                                   about="the blocks a tower counts for in a Dominance run")
    neutral_blocks: bool = setting(False, {"type": "boolean"}, "true or false: the 2-player neutral blocks (CC-46)",
                                   rule="CC-46", about="the optional 2-player rule with 12 neutral blocks")
    events: str = setting("", {"type": "string", "maxLength": 200},
                          "a text: comma-separated event names (diplomacy, dominance, imperial_reward, observers), "
                          'or "random"', rule="CC-49",
                          about="the event cards in play (at most two), or two drawn with the seed")
    layout: str = setting("standard", {"anyOf": [{"type": "string", "minLength": 1, "maxLength": 1000},
                                                 {"type": "object"}]},
                          'a layout\'s name shipped with the kit ("standard"), a path to a JSON layout file, or a '
                          "layout document", rule="CC-01", about="the board layout (a save carries its content)")

    def __post_init__(self):
        check(self)
        if self.dominance_tower not in (1, 2) or isinstance(self.dominance_tower, bool):
            raise SetupError(f"option dominance_tower={self.dominance_tower!r} must be 1 or 2")
        if not isinstance(self.neutral_blocks, bool):
            raise SetupError(f"option neutral_blocks={self.neutral_blocks!r} must be True or False")
        if not isinstance(self.layout, (str, dict)):
            raise SetupError(f"option layout={self.layout!r} must be a layout's name, path or document")
        object.__setattr__(self, "events", _normalise_events(self.events))


def _normalise_events(text):
    if not isinstance(text, str):
        raise SetupError(f"option events={text!r} must be a comma-separated string of event names")
    names = [w.strip().lower().replace("-", "_").replace(" ", "_") for w in text.split(",") if w.strip()]
    if names == ["random"]:
        return "random"
    unknown = [n for n in names if n not in EVENTS]
    if unknown:
        raise SetupError(f"unknown event card(s) {', '.join(map(repr, unknown))} in events={text!r}; "
                         f"known: {', '.join(EVENTS)}, or 'random'")
    chosen = [e for e in EVENTS if e in names]
    if len(chosen) > 2:
        raise SetupError(f"events={text!r} names {len(chosen)} event cards; at most 2 are used (CC-49)")
    return ",".join(chosen)
