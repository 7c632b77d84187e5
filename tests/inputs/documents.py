"""Valid documents of every kind, the starting points of the regression and fuzz tests."""

import json

from greatwall_kit.dschingis_khan.scoring import KINDS, TILE_SET

CC = {"players": 2, "faces": ["1A", "2A"], "reputation": [2, 0, 1, 3, 4, 2], "threat": [-2, -3, -4, -2, -3, -4],
      "wall": "R G R . . . . . . . . . . | . . . . . . . . . . . . ."}
GWOC = {"players": 2, "sections": [{"pair": [5, 3], "cards": ["Red gate", "Yellow wall", "Red infantry"]},
                                   {"pair": [4, 7], "cards": []}],
        "hands": {"Red": ["wall", "cavalry"]}, "tokens": {"Yellow": [4, 5]}}
DK = {"players": 2, "walls": [[[0, 3], [1, 3], [2, 3], [3, 3], [4, 3], [4, 2], [5, 2], [6, 2], [7, 2], [8, 2]],
                              [[3, 3], [3, 2]]],
      "stacks": {"3,1": ["Red mongol"]}, "scouts": {"Red": [3, 1], "Green": [0, 0]},
      "active": {"Red": {"walls": 1}}, "turn": "Red", "phase": "place"}
TGW = {"players": 2, "season": "winter", "time": 3,
       "sections": [{"wall": 1, "barricades": 0, "horde": [{"card": "h02", "spots": ["S0", ".", "."]}]},
                    {"wall": 0, "barricades": 3, "horde": []}, {"wall": 0, "barricades": 3, "horde": []}],
       "clans": [{"chi": 2, "barracks": {"spearman": 2}, "shame": 1}, {"chi": 0}],
       "track": [[[0, "levy"], None], [None, None]]}

#: game name -> a valid position document
POSITIONS = {"chang_cheng": CC, "great_wall_of_china": GWOC, "dschingis_khan": DK, "the_great_wall": TGW}

#: game name -> a valid set of options (every option named)
OPTIONS = {
    "chang_cheng": {"actions": "four", "first_turn": "full_action", "warrior": "other_province",
                    "mandarin": "any_two", "dominance": "longest_only", "same_priority": "resolve_all",
                    "dominance_tower": 1, "neutral_blocks": True, "events": "observers", "layout": "standard"},
    "great_wall_of_china": {"infantry": "per_section", "covered_infantry": "still_counted", "cavalry": "group",
                            "final_scoring": "one_round", "pool_runs_out": "last_pair_drawn"},
    "dschingis_khan": {"layout": "rectangle:6x4", "branch_walls_block_tracks": False},
    "the_great_wall": {"data": "sample", "fall_rounds": 3, "defeat_tie": "no_claim", "breach_shame": "per_section"},
}


def tight_layout(walls=6):
    """A 6 x 6 Dschingis Khan board whose wall supply is empty from the start (``walls`` = the starting wall)."""
    return {"name": "tight", "columns": 6, "rows": 6, "great_wall": [[x, 3] for x in range(7)], "walls": walls}


def all_tiles_on_board(*colours):
    """Stacks holding every tile of each of ``colours`` (so their passive supplies are empty)."""
    tiles = [k for k in KINDS for _ in range(TILE_SET[k])]
    cells = [f"{c},{r}" for r in range(6) for c in range(6)]
    stacks = {}
    for offset, colour in enumerate(colours):
        for i, kind in enumerate(tiles):
            stacks.setdefault(cells[(i + 17 * offset) % 36], []).append(f"{colour} {kind}")
    return stacks


def played_save(game_name, moves=6, **options):
    """The save text of a game of ``game_name`` after a few first legal moves."""
    import greatwall_kit

    game = greatwall_kit.new_game(game_name, players=2, seed=5, **options)
    for _ in range(moves):
        if game.is_over:
            break
        game.play(game.legal_moves()[0])
    return json.loads(game.to_json())
