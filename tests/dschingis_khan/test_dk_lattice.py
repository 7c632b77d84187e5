"""Layouts: the standard board, the rectangle generator, validation, the graph and the picture (DK-01)."""

import io
import json
import xml.etree.ElementTree as ET

import networkx as nx
import pytest

from greatwall_kit.dschingis_khan import load_layout, new_game, rectangle, standard
from greatwall_kit.dschingis_khan.lattice import from_document
from greatwall_kit.dschingis_khan.sides import initial_sides, sides_by_networkx
from greatwall_kit.engine import LayoutError, PositionError, SetupError
from greatwall_kit.engine.graphs import exportable

from .dk_support import GREAT_WALL, game_at, standard_doc


def test_DK01_the_standard_board_is_a_planar_lattice_with_38_faces():
    board = standard()
    g = nx.Graph(board.lines)
    assert nx.check_planarity(g)[0]
    # Euler: V - E + F = 2 counting the outer face; the villages are the inner faces
    assert g.number_of_nodes() - g.number_of_edges() + len(board.villages) + 1 == 2
    assert len(board.west_side) == 3 and len(board.east_side) == 3
    assert initial_sides(board, board.start_wall) == sides_by_networkx(board, board.start_wall)


@pytest.mark.parametrize("columns,rows", [(2, 2), (5, 3), (10, 10), (7, 12)])
def test_DK01_rectangles_of_any_size(columns, rows):
    board = rectangle(columns, rows)
    assert len(board.villages) == columns * rows
    assert len(board.start_wall) == columns and board.walls == columns + 19
    assert len(board.west_side) == rows - 1
    sides = initial_sides(board, board.start_wall)
    assert sides.count(0) == columns * (rows // 2) and sides == sides_by_networkx(board, board.start_wall)


@pytest.mark.parametrize("change,message", [
    ({"columns": 1}, "columns and rows"),
    ({"missing_fields": [[3, 2]]}, "hole"),
    ({"missing_fields": [[9, 9]]}, "not a field"),
    ({"great_wall": [[0, 3], [1, 3]]}, "east side"),
    ({"great_wall": [[1, 3], [8, 2]]}, "west side"),
    ({"great_wall": [[0, 3], [1, 3], [2, 3], [2, 2], [2, 3], [8, 2]]}, "twice"),
    ({"great_wall": [[0, 3], [2, 3], [8, 2]]}, "not an inner line"),
    ({"walls": 3}, "walls"),
    ({"colour": "red"}, "unknown keys"),
    ({"missing_fields": [[0, 1], [1, 0]]}, "connected"),
    ({"missing_tracks": [[[0, 0], [5, 3]]]}, "not neighbours"),
])
def test_DK01_bad_layouts_are_refused_with_a_clear_error(change, message):
    doc = standard_doc()
    doc.update(change)
    with pytest.raises(LayoutError, match=message):
        from_document(doc)


def test_DK01_a_missing_track_is_not_walked():
    doc = {**standard_doc(), "name": "no track", "missing_tracks": [[[2, 2], [3, 2]]]}
    board = from_document(doc)
    line = board.line_between(board.tower_at[(3, 2)], board.tower_at[(3, 3)])
    assert board.inner[line] and not board.track[line]
    game = game_at(layout=doc, players=2, scouts={"Red": [2, 2], "Green": [6, 0]},
                   active={"Red": {"tiles": ["farmer"]}})
    assert "track 18" not in game.legal_moves() and "track 16" in game.legal_moves()


def test_DK01_unknown_layouts_and_bad_positions_are_refused():
    with pytest.raises(LayoutError, match="no layout"):
        load_layout("atlantis")
    with pytest.raises(SetupError, match="rectangle"):
        new_game(layout="rectangle:big")
    with pytest.raises(SetupError, match=r"layout must be .*'atlantis'"):
        new_game(layout="atlantis")
    with pytest.raises(SetupError, match="too small"):
        new_game(players=4, layout="rectangle:3x2")
    with pytest.raises(PositionError) as err:
        game_at(branches=[[[3, 3], [3, 2], [4, 2]]])         # closes a loop with the wall
    assert err.value.rule == "DK-26"
    with pytest.raises(PositionError) as err:
        game_at(walls=[GREAT_WALL[:-1]])                     # does not reach the east side
    assert err.value.rule == "DK-25"
    with pytest.raises(PositionError) as err:
        game_at(branches=[[[5, 5], [5, 4]]])                 # not connected
    assert err.value.rule == "DK-20"
    with pytest.raises(PositionError) as err:
        game_at(active={"Red": {"walls": 4}}, branches=[[[x, 3], [x, 4]] for x in range(1, 4)]
                + [[[x, 2], [x, 1]] for x in range(5, 8)] + [[[1, 3], [1, 2]]],
                layout={**standard_doc(), "walls": 16})
    assert err.value.rule == "DK-02"
    with pytest.raises(PositionError) as err:
        game_at(scouts={"Red": [1, 1], "Green": [1, 1]}, players=2)
    assert err.value.rule == "DK-15"


def test_DK01_the_graph_has_towers_walls_villages_tracks_and_sides():
    game = new_game(players=2, seed=2)
    g = game.graph()
    villages = [n for n, d in g.nodes(data=True) if d["kind"] == "village"]
    assert len(villages) == 38
    walls = [(a, b) for a, b, d in g.edges(data=True) if d["layer"] == "lattice" and d["wall"] != "none"]
    assert len(walls) == 9
    tracks = g.edge_subgraph((a, b) for a, b, d in g.edges(data=True)
                             if d["layer"] == "track" and not d["crosses_wall"])
    # with the Great Wall cut out, the tracks fall apart into the two sides
    assert nx.number_connected_components(tracks) == 2
    for comp in nx.connected_components(tracks):
        assert len({g.nodes[n]["side"] for n in comp}) == 1
    nx.write_graphml(exportable(g), io.BytesIO())
    json.dumps(nx.node_link_data(g, edges="edges"))


def test_DK01_the_picture_is_deterministic_svg():
    a, b = new_game(players=3, seed=4), new_game(players=3, seed=4)
    assert a._repr_svg_() == b._repr_svg_()
    root = ET.fromstring(a._repr_svg_())
    assert root.tag.endswith("svg") and len(root) > 38
