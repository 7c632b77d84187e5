"""Graph-lens exercises: answers agree with the engines' own state, wrong answers get feedback, bad input is refused."""

import pytest

from greatwall_kit import new_game
from greatwall_kit.engine.errors import GreatWallError
from greatwall_kit.engine.playout import play_randomly
from greatwall_kit.exercises import graphs


def played(name, players, seed, at):
    """A seeded random game looked back at decision ``at`` (a position with walls, cards or blocks on it)."""
    game = new_game(name, players=players, seed=seed)
    play_randomly(game, seed=seed)
    return game.position_at(at)


@pytest.fixture(scope="module", params=[0, 53, 120], ids=lambda d: f"decision{d}")
def dk(request):
    return played("dschingis_khan", 2, 3, request.param)


def right_and_wrong(ex, answer, wrong):
    assert ex.check(answer).correct and str(ex.solution()).startswith(f"Right: {answer}.")
    feedback = ex.check(wrong)
    assert not feedback.correct and ex.explain in str(feedback)


def test_DK25_great_wall_pieces_is_the_engines_great_wall(dk):
    pieces = len(dk.net.great_wall_lines())
    right_and_wrong(graphs.great_wall_pieces(dk), pieces, pieces + 1)


@pytest.mark.parametrize("layout,villages", [(None, 38), ("rectangle:6x4", 24)])
def test_DK01_lattice_faces_are_the_villages_and_the_outside(layout, villages):
    game = new_game("dschingis_khan", players=2, seed=1, **({"layout": layout} if layout else {}))
    assert len(game.board.villages) == villages
    right_and_wrong(graphs.lattice_faces(game), villages + 1, villages)


def test_DK20_tower_degree_counts_the_engines_lines_at_that_tower(dk):
    towers = {t: 0 for t in range(len(dk.board.towers))}
    for a, b in dk.board.lines:
        towers[a] += 1
        towers[b] += 1
    for t in (0, 10, 21):
        ex = graphs.tower_degree(dk, t)
        right_and_wrong(ex, towers[t], towers[t] + 1)
        assert dk.board.towers[t] == tuple(int(c) for c in ex.question.split("(")[1].split(")")[0].split(","))


@pytest.mark.parametrize("a,b", [(0, 23), (5, 18), (7, 7)])
def test_DK12_shortest_route_on_a_rectangle_is_the_manhattan_distance(a, b):
    game = new_game("dschingis_khan", players=2, seed=1, layout="rectangle:6x4")
    (xa, ya), (xb, yb) = game.board.villages[a], game.board.villages[b]
    distance = abs(xa - xb) + abs(ya - yb)
    right_and_wrong(graphs.village_route(game, a, b), distance, distance + 2)


def test_DK12_components_without_crossed_tracks_start_as_the_two_sides_and_split_further():
    start = graphs.village_components(new_game("dschingis_khan", players=2, seed=1))
    right_and_wrong(start, 2, 1)
    assert "exactly the two sides" in start.explain
    later = played("dschingis_khan", 2, 3, 120)
    ex = graphs.village_components(later)
    assert ex.check(2).correct is False and "pockets" in ex.explain  # branch walls cut the sides


def test_CC10_province_regions_agree_with_the_wall():
    game = played("chang_cheng", 2, 1, 30)
    for province in range(game.wall.provinces):
        regions = set(game.wall.province_regions[province])
        ex = graphs.province_regions(game, province)
        assert ex.check(", ".join(map(str, regions))).correct
        assert not ex.check(regions ^ {0}).correct


@pytest.mark.parametrize("at", [0, 40, 56])
def test_GW10_player_sections_are_where_the_player_has_cards(at):
    game = played("great_wall_of_china", 3, 2, at)
    for p, name in enumerate(game.player_names[:3]):
        mine = {s.number for s in game.sections if any(c.owner == p for c in s.cards)}
        ex = graphs.player_sections(game, name)
        assert ex.check(mine).correct and not ex.check(mine ^ {1}).correct


@pytest.mark.parametrize("build,args,match", [
    (graphs.great_wall_pieces, ("chang_cheng",), "needs a dschingis_khan game"),
    (graphs.province_regions, ("dschingis_khan", 0), "needs a chang_cheng game"),
    (graphs.player_sections, ("the_great_wall", "Red"), "needs a great_wall_of_china game"),
    (graphs.tower_degree, ("dschingis_khan", 999), "no tower 999"),
    (graphs.tower_degree, ("dschingis_khan", "(2,3)"), "no tower"),
    (graphs.village_route, ("dschingis_khan", 0, -1), "no village -1"),
    (graphs.province_regions, ("chang_cheng", 40), "no province 40"),
    (graphs.player_sections, ("great_wall_of_china", "Violet"), "no player 'Violet'"),
])
def test_bad_input_is_refused_naming_what_is_wrong(build, args, match):
    game = new_game(args[0], players=2, seed=1)
    with pytest.raises(GreatWallError, match=match.replace("(", r"\(")):
        build(game, *args[1:])


def test_something_that_is_not_a_game_is_refused():
    with pytest.raises(GreatWallError, match="needs a dschingis_khan game, not dict"):
        graphs.village_components({"walls": []})


# -- the position each Dschingis Khan exercise shows, in its quiz form ------------------------------------------

DK_BUILDERS = {
    "great_wall_pieces": lambda g: graphs.great_wall_pieces(g),
    "lattice_faces": lambda g: graphs.lattice_faces(g),
    "tower_degree": lambda g: graphs.tower_degree(g, 12),
    "village_route": lambda g: graphs.village_route(g, 3, 30),
    "village_components": lambda g: graphs.village_components(g),
}
#: what the board's status line and panels would tell a count question: the Great Wall's length (the answer of
#: great_wall_pieces), the villages per side (faces = villages + 1), the pieces in hand and in the supply
COUNTS = [r"Great Wall:? (of )?\d+ pieces", r"villages: \d+ Mongolia, \d+ China", r"\d+ villages in Mongolia",
          r"common supply: \d+", r"\d+ walls?, \d+ tiles?"]


def _seen(svg):
    import xml.etree.ElementTree as ET

    root = ET.fromstring(svg)
    return "\n".join([root.get("aria-label"), *("".join(el.itertext()) for el in root.iter()
                                                 if el.tag.rsplit("}", 1)[-1] in ("text", "title"))])


@pytest.mark.parametrize("name", DK_BUILDERS)
def test_a_dschingis_khan_graph_exercise_shows_its_board_without_the_counts(name, dk):
    import re

    ex = DK_BUILDERS[name](dk)
    assert ex.asks.kind == "count" and ex.rule is None   # a graph fact decides it, not a game rule
    assert ex.position is not dk and ex.position.history == dk.history
    full, quiz = _seen(dk.picture()), _seen(ex.picture())
    for field in COUNTS:
        assert re.search(field, full) and not re.search(field, quiz), field
    assert not re.search(r"\b(DK|CC|GW|TGW)-\d\d\b", " ".join(ex.hints)), "a hint cites a rule that does not decide it"


def test_DK25_the_great_walls_length_is_nowhere_on_its_quiz_board(dk):
    ex = graphs.great_wall_pieces(dk)
    pieces = len(dk.net.great_wall_lines())
    assert f"{pieces} pieces" in _seen(dk.picture()) and f"{pieces} pieces" not in _seen(ex.picture())
    assert set(ex.asks.about) == {f"l{i}" for i in dk.net.great_wall_lines()}


def test_the_other_games_graph_exercises_show_their_board_in_quiz_form():
    """The board a graph question is about, without the marks, verdicts and status line that would answer it."""
    cc, gw = played("chang_cheng", 2, 1, 30), played("great_wall_of_china", 3, 2, 40)
    for ex in (graphs.province_regions(cc, 1), graphs.player_sections(gw, "Red")):
        assert ex.position is not None and ex.hides >= {"status", "verdicts", "marks"}
        assert ex.picture() == ex.position.picture(hide=ex.hides)
