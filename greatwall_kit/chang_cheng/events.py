"""Every kind of event Chang Cheng's rules record, declared once: its rule, its sentence and its data.

The rules record an event as ``game._events.append((KIND, *values))``: the values of the kind's fields (its data, in
order), then of its words (names the sentence uses that are not data, such as a player's name). Whatever reads
the log (``resolutions()``, the lab's statistics) finds events by kind: ``event.kind is PROVINCE_WORTH``.

>>> PASSED.event(1, "Green").sentence
'Green can do nothing and passes.'
"""

from ..engine.log import EventKind

__all__ = [
    "GAME_STARTED", "TURN_ORDER", "FIRST_TURN_FULL_ACTION", "POSITION_SET_UP", "PIECES_TAKEN", "EVENT_CARDS_SHOWN",
    "BOARD_LAID", "BOARD_ADDED",
    "FIRST_TURN_ONE_BLOCK", "PASSED", "SINGLE_PLACED", "SINGLE_PLACED_SECOND", "CARD_PLACED",
    "CARD_PLACED_PRIVATE", "DOUBLE_PLACED", "DOUBLE_SCORED", "TOWER_PLACED", "SQUARE_RESERVED", "PEEKED", "NOT_PEEKED",
    "PEEK_SEEN", "OBSERVED", "NEUTRAL_PLACED", "NO_NEUTRAL", "NO_NEUTRAL_FIRST_TURN", "THIRD_EMPEROR_CARD",
    "EMPEROR_CARDS_ASIDE", "NO_BOARD_LEFT",
    "PROVINCE_COMPLETED",
    "CARDS_REVEALED", "CARDS_CANCEL", "CARDS_IN_ORDER", "WARRIOR_CANCELS", "WARRIOR_DISCARDS", "WARRIOR_IDLE",
    "TRAITOR_BREAKS", "TRAITOR_REMOVES_THREAT", "TRAITOR_IDLE", "FLOOD_PLAYED", "BUILDER_VALUE", "BUILDER_BLOCK",
    "MASTER_BUILDER", "MANDARIN_SWAPS", "MANDARIN_SWAPS_ANY", "MANDARIN_IDLE", "PROVINCE_WORTH", "MAJORITY_SCORES",
    "MAJORITY_NOBODY", "USED_CARDS_LEAVE", "EMPEROR_CARD_PLACED", "GAME_ENDS", "REGION_HAS_NO_THREAT",
    "TOWER_PROTECTS", "ATTACK_LOSSES", "ATTACK_LOSSES_LEFT", "ATTACK_NOBODY", "DIPLOMACY_SCORED", "DOMINANCE_SCORED",
    "DOMINANCE_LONGEST_SCORED", "IMPERIAL_REWARD_SCORED", "FINAL_SCORES", "MONGOL_ATTACKS", "PROVINCE_SCORINGS",
    "REGION_ATTACKED", "EVENT_CARDS_SCORED", "AFTER_A_TOWER",
]

# -- set-up (CC-01..04, CC-49, CC-V2) -----------------------------------------------------------------
GAME_STARTED = EventKind("game_started", "CC-01", "The game starts with boards {faces[0]} and {faces[1]}.", ("faces",))
TURN_ORDER = EventKind("turn_order", "CC-04", "{players} players: {first} plays first, then play goes clockwise "
                       "({order}).", ("players",), ("first", "order"))
FIRST_TURN_FULL_ACTION = EventKind("first_turn_full_action", "CC-V2", "The review's rules: {who}'s very first turn "
                                   "is a full action, like every other turn.", (), ("who",))
POSITION_SET_UP = EventKind("position_set_up", "CC-01",
                            "A position is set up: {count} boards ({names}), {who} to move.", ("faces",),
                            ("count", "names", "who"))
PIECES_TAKEN = EventKind("pieces_taken", "CC-03",
                         "Each player takes 14 single blocks, a double, a tower and the six action cards.")
EVENT_CARDS_SHOWN = EventKind("event_cards_shown", "CC-49", "Event cards face up: {names}.", ("events",), ("names",))
_BOARD = ("Board {face} lies at the {side} end: provinces {first_province}-{last_province} get reputation counters "
          "{counters} face up; regions {first_region}-{last_region} get threat counters face down.")
_BOARD_WORDS = ("first_province", "last_province", "counters", "first_region", "last_region")
BOARD_LAID = EventKind("board_laid", "CC-02", _BOARD, ("face", "side", "reputation"), _BOARD_WORDS)

# -- an action: placing pieces and cards (CC-06..13, CC-17, CC-28, CC-41) ------------------------------
FIRST_TURN_ONE_BLOCK = EventKind("first_turn_one_block", "CC-17",
                                 "On the very first turn {who} places only this one block.", (), ("who",))
PASSED = EventKind("passed", "CC-41", "{who} can do nothing and passes.", ("player",), ("who",))
_SINGLE = "{who} places a single block on square {square} (province {province})."
SINGLE_PLACED = EventKind("single_placed", "CC-06", _SINGLE, ("player", "square", "who", "province"))
SINGLE_PLACED_SECOND = EventKind("single_placed_second", "CC-08", _SINGLE, ("player", "square", "who", "province"))
_CARD = "{who} places an action card face down in province {province}."
CARD_PLACED = EventKind("card_placed", "CC-07", _CARD, ("player", "province", "who"))
CARD_PLACED_PRIVATE = EventKind("card_placed_private", "CC-28", "You placed your {kind} in province {province}.",
                                ("kind", "province"))
DOUBLE_PLACED = EventKind("double_placed", "CC-09", "{who} places the double block on squares {squares[0]} and "
                          "{squares[1]}.", ("player", "squares"), ("who",))
DOUBLE_SCORED = EventKind("double_scored", "CC-10", "It touches {provinces:province|provinces} and "
                          "{regions:Mongol region|Mongol regions}: {who} scores {points} at once.",
                          ("player", "points"), ("provinces", "regions", "who"))
TOWER_PLACED = EventKind("tower_placed", "CC-12", "{who} places the tower on square {square}.", ("player", "square"),
                         ("who",))
SQUARE_RESERVED = EventKind("square_reserved", "CC-13", "Square {square}, next to {who}'s tower, is reserved for "
                            "{who}'s single block.", ("player", "square", "who"))

# -- after each block: the peek (CC-16), Observers (CC-53), the neutral block (CC-46) ---------------------
PEEKED = EventKind("peeked", "CC-16", "{who} looks at the threat counter of region {region}.",
                   ("player", "region", "who"))
NOT_PEEKED = EventKind("not_peeked", "CC-16", "{who} looks at no threat counter.", ("player",), ("who",))
PEEK_SEEN = EventKind("peek_seen", "CC-16", "You see threat {threat} in region {region}.", ("region", "threat"))
OBSERVED = EventKind("observed", "CC-53", "Observers: square {square} is occupied, so the threat counter of region "
                     "{region} is turned face up: {threat}.", ("region", "threat"), ("square",))
NO_NEUTRAL = EventKind("no_neutral", "CC-46", "{who} places no neutral block this turn.", ("player",), ("who",))
NO_NEUTRAL_FIRST_TURN = EventKind("no_neutral_first_turn", "CC-48", "On the very first turn {who} places no neutral "
                                  "block.", ("player",), ("who",))
NEUTRAL_PLACED = EventKind("neutral_placed", "CC-46", "{who} places a neutral block on square {square} ({left} "
                           "left).", ("player", "square"), ("who", "left"))

# -- a new board (CC-36 to CC-39) -------------------------------------------------------------------
THIRD_EMPEROR_CARD = EventKind("third_emperor_card", "CC-36", "{who} placed the third Emperor card and adds board "
                               "{face} on the {side}.", ("player", "side", "face"), ("who",))
EMPEROR_CARDS_ASIDE = EventKind("emperor_cards_aside", "CC-37", "The three Emperor cards are set aside.")
BOARD_ADDED = EventKind("board_added", "CC-39", _BOARD, ("face", "side", "reputation"), _BOARD_WORDS)
NO_BOARD_LEFT = EventKind("no_board_left", "CC-38", "Three Emperor cards lie on the board, but no board is left to "
                          "add: with {players} players the wall has at most {boards} boards.", (),
                          ("players", "boards"))

# -- a province's scoring: its cards (CC-19..20, CC-24..25, CC-29..35, CC-V3, CC-V4) ----------------------
PROVINCE_COMPLETED = EventKind("province_completed", "CC-19", "Province {province} is completed (squares "
                               "{first_square}-{last_square} all occupied): play halts to score it.",
                               ("province", "first_square", "last_square"))
CARDS_REVEALED = EventKind("cards_revealed", "CC-20", "Its cards are revealed: {listed}.", ("cards",), ("listed",))
CARDS_CANCEL = EventKind("cards_cancel", "CC-24", "Cards of the same priority cancel each other: {listed}.",
                         ("cancelled",), ("listed",))
CARDS_IN_ORDER = EventKind("cards_in_order", "CC-25", "{which} resolve by priority: {listed}.", (),
                           ("which", "listed"))
WARRIOR_CANCELS = EventKind("warrior_cancels", "CC-29", "{who}'s Warrior removes {victim}'s {card} from the game.",
                            ("player", "target"), ("who", "victim", "card"))
WARRIOR_DISCARDS = EventKind("warrior_discards", "CC-V3", "{who}'s Warrior removes one of {victim}'s face-down cards "
                             "from province {province}.", ("player", "province"), ("who", "victim"))
WARRIOR_IDLE = EventKind("warrior_idle", "CC-29", "{who}'s Warrior finds nothing to act on and has no effect.",
                         ("player",), ("who",), why=True)
TRAITOR_BREAKS = EventKind("traitor_breaks", "CC-31", "{who}'s Traitor breaks {victim}'s block on square {square}: "
                           "it no longer counts.", ("player", "square"), ("who", "victim"))
TRAITOR_REMOVES_THREAT = EventKind("traitor_removes_threat", "CC-30", "{who}'s Traitor removes the threat counter of "
                                   "region {region} from the game.", ("player", "region"), ("who",))
TRAITOR_IDLE = EventKind("traitor_idle", "CC-30", "{who}'s Traitor finds nothing to act on and has no effect.",
                         ("player",), ("who",), why=True)
FLOOD_PLAYED = EventKind("flood_played", "CC-32", "{who}'s Flood: the province is worth {delta:+d}.",
                         ("player", "delta"), ("who",))
BUILDER_VALUE = EventKind("builder_value", "CC-33", "{who}'s Builder: the province is worth +2.", ("player",),
                          ("who",))
BUILDER_BLOCK = EventKind("builder_block", "CC-33", "{who}'s Builder counts as an extra block for {who}.",
                          ("player",), ("who",))
MASTER_BUILDER = EventKind("master_builder", "CC-34", "{who}'s Master Builder gives {who} two extra blocks for the "
                           "majority.", ("player",), ("who",))
_SWAP = "{who}'s Mandarin swaps {first}'s block on square {squares[0]} with {second}'s on square {squares[1]}.{note}"
MANDARIN_SWAPS = EventKind("mandarin_swaps", "CC-35", _SWAP, ("player", "squares"), ("who", "first", "second", "note"))
MANDARIN_SWAPS_ANY = EventKind("mandarin_swaps_any", "CC-V4", _SWAP, ("player", "squares"),
                               ("who", "first", "second", "note"))
MANDARIN_IDLE = EventKind("mandarin_idle", "CC-35", "{who}'s Mandarin finds nothing to act on and has no effect.",
                          ("player",), ("who",), why=True)

# -- a province's scoring: the count (CC-21..23, CC-27) ------------------------------------------------------
PROVINCE_WORTH = EventKind("province_worth", "CC-21", "Province {province} is worth {value}: {counted} counted blocks "
                           "{modifier:+d} from cards + reputation {reputation}.",
                           ("province", "value", "counted", "modifier", "reputation"))
_MAJORITY = ("province", "winners", "points", "totals")
MAJORITY_SCORES = EventKind("majority_scores", "CC-22", "Blocks counted for the majority: {counts}. {names} {score} "
                            "{points}.", _MAJORITY, ("counts", "names", "score"))
MAJORITY_NOBODY = EventKind("majority_nobody", "CC-22", "Blocks counted for the majority: {counts}. Nobody scores.",
                            _MAJORITY, ("counts",))
USED_CARDS_LEAVE = EventKind("used_cards_leave", "CC-27", "The used cards leave the game.", ("province",))
EMPEROR_CARD_PLACED = EventKind("emperor_card_placed", "CC-23", "An Emperor card goes on province {province} "
                                "({emperor_cards} on the board).", ("province", "emperor_cards"))

# -- the end: the Mongol attack (CC-40, CC-42..44), the event cards (CC-50..52, CC-V5), the winners (CC-45) --
GAME_ENDS = EventKind("game_ends", "CC-40", "The game ends: {reason}.", (), ("reason",))
REGION_HAS_NO_THREAT = EventKind("region_has_no_threat", "CC-44", "Region {region} has no threat counter left: it "
                                 "costs nothing.", ("region",))
TOWER_PROTECTS = EventKind("tower_protects", "CC-43", "Region {region} attacks with {threat}. {names}'s tower "
                           "protects {names}.", ("region", "protected"), ("threat", "names"))
ATTACK_LOSSES = EventKind("attack_losses", "CC-42", "Region {region} attacks with {threat}. Majority: {names}, who "
                          "{loses}.", ("region", "threat", "losers"), ("names", "loses"))
#: the losses told after a tower's protection: a tied player without a tower still loses
ATTACK_LOSSES_LEFT = EventKind("attack_losses_left", "CC-42", "Still in the majority there: {names}, who {loses}.",
                               ("region", "threat", "losers"), ("names", "loses"))
ATTACK_NOBODY = EventKind("attack_nobody", "CC-42", "Region {region} attacks with {threat}. Nobody holds a majority "
                          "to lose it.", ("region", "threat", "losers"))
_EVENT_CARD = "Event card {event} (after the Mongol attack): {listed}."
DIPLOMACY_SCORED = EventKind("diplomacy_scored", "CC-50", _EVENT_CARD, ("event", "gains"), ("listed",))
DOMINANCE_SCORED = EventKind("dominance_scored", "CC-51", _EVENT_CARD, ("event", "gains"), ("listed",))
DOMINANCE_LONGEST_SCORED = EventKind("dominance_longest_scored", "CC-V5", _EVENT_CARD, ("event", "gains"),
                                     ("listed",))
IMPERIAL_REWARD_SCORED = EventKind("imperial_reward_scored", "CC-52", _EVENT_CARD, ("event", "gains"), ("listed",))
FINAL_SCORES = EventKind("final_scores", "CC-45", "Final scores: {listed}. {winners} {win}.", ("scores",),
                         ("listed", "winners", "win"))

# -- kinds read together ---------------------------------------------------------------------------------------
#: the attacks that cost a majority its points, or found none to cost (the lab counts them, CC-42)
MONGOL_ATTACKS = (ATTACK_LOSSES, ATTACK_LOSSES_LEFT, ATTACK_NOBODY)
#: the majority's result of each province scored (CC-22)
PROVINCE_SCORINGS = (MAJORITY_SCORES, MAJORITY_NOBODY)
#: what a region's Mongol attack may tell (CC-42..44): a tower's protection comes first, then the losses
REGION_ATTACKED = (REGION_HAS_NO_THREAT, TOWER_PROTECTS, *MONGOL_ATTACKS)
#: an event card's points at the end (CC-50..52, CC-V5)
EVENT_CARDS_SCORED = (DIPLOMACY_SCORED, DOMINANCE_SCORED, DOMINANCE_LONGEST_SCORED, IMPERIAL_REWARD_SCORED)
#: what ends the look for a tower's reservation: the next placement, peek or scoring (CC-09, CC-12, CC-16, CC-19)
AFTER_A_TOWER = (TOWER_PLACED, DOUBLE_PLACED, PEEKED, PEEK_SEEN, PROVINCE_COMPLETED)
