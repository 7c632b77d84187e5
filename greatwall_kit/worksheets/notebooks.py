"""The exercises of each mechanic notebook, built with the same builders on the same positions as the notebook.

One function per notebook returns its exercises in the notebook's order. The positions are the notebook's own (the
dictionaries of its exercise cells, copied here as data); ``tests/worksheets`` checks that every answer and
explanation matches the one the stored solution notebook prints, so a notebook and its worksheet cannot drift apart
unnoticed.

Examples
--------
>>> [ex.question for ex in chang_cheng_double_and_tower()][:2]
["How many points does Red score at once for 'double 2'?", "Is 'double 6' legal now?"]
>>> sorted(SHEETS)[:3]
['11', '12', '13']
"""

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from ..chang_cheng import ChangCheng
from ..dschingis_khan import DschingisKhan
from ..dschingis_khan import new_game as new_dschingis_khan
from ..engine.playout import play_randomly
from ..exercises import chang_cheng as cc
from ..exercises import dschingis_khan as dk
from ..exercises import great_wall_of_china as gw
from ..exercises import the_great_wall as tgw
from ..great_wall_of_china import TOKENS, GreatWallOfChina
from ..the_great_wall import TheGreatWall

__all__ = ["Sheet", "SHEETS", "chang_cheng_province_scoring", "chang_cheng_double_and_tower",
           "chang_cheng_expansion_and_mongol_attack", "great_wall_of_china_majorities", "dschingis_khan_loops",
           "dschingis_khan_scouts", "dschingis_khan_village_scoring", "the_great_wall_breach",
           "the_great_wall_defeat_honor_shame"]


# -- Chang Cheng (notebooks 11-13) ---------------------------------------------------------------------------------

_CC = {"faces": ["1A", "2A"], "threat": [-2, -3, -4, -2, -3, -4]}


def chang_cheng_province_scoring():
    """Notebook 11: who scores a tied province, cancelled cards, a province's value, the order cards resolve in.

    >>> asked = chang_cheng_province_scoring()
    >>> len(asked), asked[0].rule
    (5, 'CC-22')
    """
    tie = {**_CC, "players": 3, "reputation": [0, 3, 2, 2, 4, 0],
           "wall": ". . . . . . . . . G B G . | . . . . . . . . . . . . .", "cards": {"2": ["blue builder"]}}
    floods = {**_CC, "players": 3, "reputation": [0, 3, 1, 2, 4, 0],
              "wall": ". . . . R G G B . . . . . | . . . . . . . . . . . . .",
              "cards": {"1": ["green flood", "blue flood"]}}
    three_cards = {**floods, "wall": ". . . . R G B B . . . . . | . . . . . . . . . . . . .",
                   "cards": {"1": ["green builder", "blue flood"]}}
    floods_moves = ["card builder 1", "single 8", "nopeek", "builder block"]
    three_moves = ["card traitor 1", "single 8", "nopeek", "break 6", "flood minus", "builder block"]
    return [cc.province_scorers(ChangCheng.from_position(tie), ["single 12", "nopeek", "builder block"]),
            cc.cancelled_cards(ChangCheng.from_position(floods), floods_moves),
            cc.province_value(ChangCheng.from_position(floods), floods_moves),
            cc.resolution_order(ChangCheng.from_position(three_cards), three_moves),
            cc.province_scorers(ChangCheng.from_position(three_cards), three_moves)]


def chang_cheng_double_and_tower():
    """Notebook 12: a double's points, a move's legality, the squares a tower may reserve.

    >>> asked = chang_cheng_double_and_tower()
    >>> len(asked), asked[0].rule
    (4, 'CC-10')
    """
    towers = {**_CC, "players": 2, "reputation": [1, 0, 2, 3, 4, 0],
              "wall": "R . . . . GT .g . . . . . . | . . . . . . . . . . . . ."}
    game = ChangCheng.from_position(towers)
    return [cc.double_points(game, 2), cc.is_legal(game, "double 6"), cc.reserve_choices(game, 12),
            cc.reserve_choices(game, 7)]


def chang_cheng_expansion_and_mongol_attack():
    """Notebook 13: whether a new board joins the wall; who loses what in the Mongol attacks at the end.

    >>> asked = chang_cheng_expansion_and_mongol_attack()
    >>> len(asked), asked[0].rule
    (5, 'CC-36')
    """
    growing = {**_CC, "players": 2, "reserve": ["3A"], "reputation": [1, 0, 2, 3, 4, 0],
               "wall": "R G R . . G R G R G R G R | . . . . . . . . . . . . .", "emperor_cards": 1}
    final = {**_CC, "players": 3, "reputation": [0, 1, 2, 3, 4, 0], "threat": [-2, -3, -4, -3, None, -2],
             "wall": "R G B  G G R! R B  BT B R R G | RD RD G B  G B R G  B B R G .", "points": [12, 12, 12],
             "emperor_cards": 0, "to_move": "blue",
             "used_cards": {"blue": ["warrior", "traitor", "flood", "builder", "masterbuilder", "mandarin"]}}
    game = ChangCheng.from_position(final).replay(["single 25", "nopeek"])
    return [cc.adds_board(ChangCheng.from_position(growing), ["double 3", "nopeek"]),
            cc.region_losers(game, 0), cc.region_loss(game, 1, 0), cc.region_losers(game, 2),
            cc.region_losers(game, 4)]


# -- Great Wall of China (notebook 21) -----------------------------------------------------------------------------

def great_wall_of_china_majorities():
    """Notebook 21: a section's total, a card's points, scoring checks and claims (the last turn's too).

    >>> asked = great_wall_of_china_majorities()
    >>> len(asked), asked[0].rule
    (6, 'GW-16')
    """
    position = {"players": 2, "to_act": "Red",
                "sections": [{"pair": [5, 3], "cards": ["Red watchtower", "Yellow infantry", "Red wall",
                                                        "Yellow infantry"]},
                             {"pair": [2, 8], "cards": ["Yellow noble", "Yellow wall", "Red gate", "Red gate"]}],
                "hands": {"Red": ["dragon", "infantry", "wall", "gate", "cavalry"],
                          "Yellow": ["watchtower", "gate", "wall", "infantry", "infantry"]}}
    game = GreatWallOfChina.from_position(position, seed=2)
    alone = GreatWallOfChina.from_position({
        "players": 2, "sections": [{"pair": [5, 3], "cards": ["Red wall"]}, {"pair": [2, 8], "cards": []}],
        "hands": {"Red": ["gate", "gate"], "Yellow": ["wall", "wall"]}, "pool": [5, 5, 4, 7],
        "box": sorted((Counter(TOKENS) - Counter([5, 3, 2, 8, 5, 5, 4, 7])).elements())})
    alone.play("claim 1 5 1")
    ending = GreatWallOfChina.from_position({
        "players": 2, "sections": [{"pair": [5, 3], "cards": ["Yellow gate"]},
                                   {"pair": [2, 8], "cards": ["Red wall", "Yellow wall"]}],
        "hands": {"Red": ["gate"], "Yellow": ["wall", "wall"]}, "decks": {"Red": []}}, seed=3)
    ending.replay(["play 2 gate 1", "claim 1 5 1", "play 2 wall 1", "draw"])
    return [gw.section_total(game, 1, "Yellow"), gw.card_points(game, 2, 4), gw.scoring_check(game, 2),
            gw.claims(game), gw.scoring_check(alone, 1, "Red"), gw.claims(ending, "Red")]


# -- Dschingis Khan (notebooks 31-33) ------------------------------------------------------------------------------

_GREAT_WALL = [[0, 3], [1, 3], [2, 3], [3, 3], [4, 3], [4, 2], [5, 2], [6, 2], [7, 2], [8, 2]]
_SCOUTS = {"Red": [0, 0], "Green": [1, 0], "Blue": [5, 0], "Orange": [6, 0]}


def dschingis_khan_loops():
    """Notebook 31: which route a loop removes, how many pieces go, which villages change side, a new end.

    >>> asked = dschingis_khan_loops()
    >>> len(asked), asked[0].rule
    (4, 'DK-23')
    """
    figure_7 = {"players": 4, "walls": [_GREAT_WALL, [[3, 3], [3, 2], [3, 1], [2, 1], [2, 2]]], "turn": "Orange",
                "phase": "place", "active": {"Orange": {"walls": 1}}, "scouts": _SCOUTS}
    figure_11 = {"players": 4, "walls": [_GREAT_WALL], "turn": "Red", "phase": "place",
                 "active": {"Red": {"walls": 3}}, "stacks": {"1,3": ["Red chinese", "Green chinese"]},
                 "scouts": _SCOUTS}
    figure_12 = {"players": 4, "walls": [_GREAT_WALL, [[6, 2], [6, 3], [6, 4]]], "turn": "Blue", "phase": "place",
                 "active": {"Blue": {"walls": 2}}, "stacks": {"6,3": ["Blue mongol"], "7,3": ["Blue mongol"]},
                 "scouts": _SCOUTS}
    enclosing = DschingisKhan.from_position(figure_11).replay(["wall (1,3)-(1,4)", "wall (1,4)-(2,4)"])
    new_end = DschingisKhan.from_position(figure_12).replay(["wall (6,4)-(7,4)"])
    return [dk.removed_route(DschingisKhan.from_position(figure_7), "wall (3,2)-(4,2)"),
            dk.pieces_removed(DschingisKhan.from_position(figure_7), "wall (3,2)-(4,2)"),
            dk.villages_changing_side(enclosing, "wall (2,4)-(2,3)", name_them=True),
            dk.removed_route(new_end, "wall (7,4)-(8,4)")]


def dschingis_khan_scouts():
    """Notebook 32: where a scout may go, what a step does, which rule refuses a step, back through a gate.

    >>> asked = dschingis_khan_scouts()
    >>> len(asked), asked[0].rule
    (5, None)
    """
    closed = [[a, b] for a, b in zip(_GREAT_WALL, _GREAT_WALL[1:], strict=False) if [a, b] != [[2, 3], [3, 3]]]
    scouting = {"players": 2, "walls": [_GREAT_WALL, [[3, 3], [3, 2], [3, 1]]], "closed": closed,
                "stacks": {"2,2": ["Red farmer"], "1,1": ["Green mongol"]}, "scouts": {"Red": [2, 2], "Green": [1, 1]},
                "active": {"Red": {"tiles": ["farmer", "mongol"]}}, "turn": "Red", "phase": "place"}
    game = DschingisKhan.from_position(scouting)
    after_gate = game.copy().replay(["gate (2,3)-(3,3)", "lay mongol"])
    return [dk.scout_destinations(game), dk.scout_step(game, "track 25"),
            dk.scout_step(game, "climb (3,2)-(3,3) (3,1)-(3,2) 10"), dk.step_refusal_rule(game, "track 8"),
            dk.scout_step(after_gate, "gate (2,3)-(3,3)")]


def dschingis_khan_village_scoring():
    """Notebook 33: villages' scores and scoring cases, and a village of a seeded game played to its end.

    >>> asked = dschingis_khan_village_scoring()
    >>> len(asked), asked[0].rule
    (5, 'DK-33')
    """
    game = DschingisKhan.from_position({
        "players": 2, "scouts": {"Red": [0, 0], "Green": [1, 0]},
        "stacks": {"1,3": ["Red chinese", "Green chinese"], "2,1": ["Red mongol", "Red plague", "Green farmer"],
                   "5,1": ["Green mongol", "Green ginseng", "Red farmer"],
                   "6,1": ["Red chinese", "Green plague", "Red ginseng"]}})
    finished = new_dschingis_khan(players=2, seed=3)
    play_randomly(finished, seed=3)
    titles = [resolved.title for resolved in finished.resolutions()]
    first = next(number for number, title in enumerate(titles) if title.startswith("Village"))
    return [dk.village_score(game, 9), dk.village_score(game, 12), dk.scoring_case(game, 13),
            dk.village_score(game, 13),
            dk.village_score(finished, finished.resolutions()[first + 1].evidence.village)]


# -- The Great Wall (notebooks 41-42) ------------------------------------------------------------------------------

_WINTER = {
    "players": 2, "season": "winter", "year": 2, "time": 4, "tea": [0, 1],
    "sections": [
        {"wall": 1, "barricades": 1, "archers": [0],
         "horde": [{"card": "h03", "spots": ["S0", "H1", "H1", "."]}, {"card": "h04", "spots": [".", "."]}]},
        {"wall": 0, "barricades": 0, "archers": [], "horde": [{"card": "h02", "spots": ["S1", ".", "W"]}]},
        {"wall": 2, "barricades": 2, "archers": [1], "horde": [{"card": "h01", "spots": [".", "."]}]}],
    "clans": [{"honor": 3, "chi": 4, "barracks": {"spearman": 2}, "trophies": ["h05"]},
              {"honor": 5, "chi": 2, "barracks": {"spearman": 1}}]}


def the_great_wall_breach():
    """Notebook 41: two sections' Defense, a Breach, who is shamed, a clan's losses.

    >>> asked = the_great_wall_breach()
    >>> len(asked), asked[0].rule
    (5, 'TGW-38')
    """
    game = TheGreatWall.from_position(_WINTER, seed=1)
    return [tgw.defense(game, 0), tgw.defense(game, 2), tgw.breach(game, 1), tgw.shamed(game, 1),
            tgw.losses(game, 1, "Tiger")]


def the_great_wall_defeat_honor_shame():
    """Notebook 42: who claims a defeated Horde card and its Honor; final Honor after Shame, twice.

    >>> asked = the_great_wall_defeat_honor_shame()
    >>> len(asked), asked[0].rule
    (4, 'TGW-34')
    """
    game = TheGreatWall.from_position(_WINTER, seed=1).replay(["fire 0 3", "fire 0 0"])
    before_defeat = game.resolutions()[1].before
    asked = [tgw.defeat_claimant(before_defeat, "h03"), tgw.defeat_honor(before_defeat, "h03", "Crane")]
    game.replay(["save 1", "save 0", "shame h05", "save 1", "save 0"])
    last = TheGreatWall.from_position({
        "players": 2, "season": "winter", "year": 4, "time": 6,
        "sections": [{"wall": 2, "barricades": 0, "horde": []}, {"wall": 1, "barricades": 0, "horde": []},
                     {"wall": 3, "barricades": 0, "horde": []}],
        "clans": [{"honor": 9, "shame": 1, "trophies": ["h05"]}, {"honor": 4, "shame": 2, "trophies": ["h09", "h02"]}]})
    return [*asked, tgw.final_honor(game, "Crane"), tgw.final_honor(last, "Tiger")]


@dataclass(frozen=True)
class Sheet:
    """One ready worksheet: the notebook it goes with, its title, the function that builds its exercises and a note
    for its first page."""

    notebook: str
    title: str
    build: Callable[[], list]  # returns the exercises
    note: str = ""


_SAMPLE = ("The Horde cards are the kit's own invented samples, not the published cards of The Great Wall "
           "(Awaken Realms).")


SHEETS = {sheet.notebook[:2]: sheet for sheet in [
    Sheet("11-chang-cheng-province-scoring", "Chang Cheng: province scoring", chang_cheng_province_scoring),
    Sheet("12-chang-cheng-double-and-tower", "Chang Cheng: the double and the tower", chang_cheng_double_and_tower),
    Sheet("13-chang-cheng-expansion-and-mongol-attack", "Chang Cheng: a new board and the Mongol attack",
          chang_cheng_expansion_and_mongol_attack),
    Sheet("21-great-wall-of-china-majorities", "Great Wall of China: majorities and scoring checks",
          great_wall_of_china_majorities),
    Sheet("31-dschingis-khan-loops", "Dschingis Khan: loops and new ends", dschingis_khan_loops),
    Sheet("32-dschingis-khan-scouts", "Dschingis Khan: scouts", dschingis_khan_scouts),
    Sheet("33-dschingis-khan-village-scoring", "Dschingis Khan: village scoring", dschingis_khan_village_scoring),
    Sheet("41-the-great-wall-breach", "The Great Wall: Defense and Breach", the_great_wall_breach, _SAMPLE),
    Sheet("42-the-great-wall-defeat-honor-shame", "The Great Wall: Defeat, Honor and Shame",
          the_great_wall_defeat_honor_shame, _SAMPLE)]}
