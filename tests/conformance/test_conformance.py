"""One suite, run over every game: the protocol's promises, checked by random play."""

import io
import json
import random
import re
import sys
import xml.etree.ElementTree as ET

import networkx as nx
import numpy
import pytest

import greatwall_kit
from greatwall_kit.engine import (
    GreatWallError,
    IllegalMoveError,
    NotationError,
    SaveFileError,
    SetupError,
    protocol,
)
from greatwall_kit.engine.graphs import element_keys, exportable
from greatwall_kit.engine.log import EventLog
from greatwall_kit.engine.playout import play_randomly
from greatwall_kit.engine.rules import lookup
from greatwall_kit.engine.steps import QUIZ_PARTS

from .conftest import CONFIGS

load = greatwall_kit.load  # (by the registry, Tiny Wall's save too: the suite registers it while it runs)


def walk(module, players, options, seed, each):
    """Play a random game, calling ``each(game, rng)`` before every decision and at the end."""
    game = module.new_game(players=players, seed=seed, **options)
    rng = random.Random(seed)
    while game.to_act is not None:
        each(game, rng)
        game.play(rng.choice(game.legal_moves()))
        assert len(game.history) < 20_000, "game does not end"
    each(game, rng)
    return game


@pytest.mark.parametrize("module,players,options", CONFIGS)
def test_random_playouts_end_with_consistent_results(module, players, options):
    for seed in range(8):
        game = module.new_game(players=players, seed=seed, **options)
        made = play_randomly(game, seed)
        assert game.is_over and game.to_act is None and made == len(game.history)
        assert len(game.legal_moves()) == 0
        scores = game.scores()
        assert len(scores) == players and all(isinstance(s, int) for s in scores)
        assert game.winners() and set(game.winners()) <= set(range(players))
        assert game.result.winners == game.winners() and game.result.scores == scores
        with pytest.raises(IllegalMoveError) as err:
            game.play(game.history[-1])
        assert err.value.rule == "KIT-01"


@pytest.mark.parametrize("module,players,options", CONFIGS)
def test_save_round_trips_after_every_decision(module, players, options):
    def check(game, rng):
        again = load(game.to_json())
        assert again.snapshot() == game.snapshot()
        assert again.history == game.history

    walk(module, players, options, 11, check)


@pytest.mark.parametrize("module,players,options", CONFIGS)
def test_undo_restores_the_previous_state_exactly(module, players, options):
    def check(game, rng):
        if game.to_act is None:
            return
        before, log_before = game.snapshot(), list(game.log)
        move = rng.choice(game.legal_moves())
        game.play(move)
        game.undo()
        assert game.snapshot() == before and game.log == log_before

    walk(module, players, options, 12, check)


@pytest.mark.parametrize("module,players,options", CONFIGS)
def test_replaying_the_moves_reproduces_the_log(module, players, options):
    game = module.new_game(players=players, seed=13, **options)
    play_randomly(game, 13)
    again = module.new_game(players=players, seed=13, **options).replay(str(m) for m in game.history)
    assert again.log == game.log and again.snapshot() == game.snapshot()


@pytest.mark.parametrize("module,players,options", CONFIGS)
def test_illegal_moves_are_refused_with_their_rule_and_change_nothing(module, players, options):
    seen = []

    def check(game, rng):
        legal = set(game.legal_moves())
        seen.extend(legal)
        candidates = [m for m in seen[-400:] if m not in legal]
        before, history = game.snapshot(), game.history
        for move in rng.sample(candidates, min(3, len(candidates))):
            assert move not in game.legal_moves() and str(move) not in game.legal_moves()
            with pytest.raises(IllegalMoveError) as err:
                game.play(move)
            assert lookup(err.value.rule).id == err.value.rule
            assert repr(str(move)) in str(err.value) and err.value.rule in str(err.value)
            assert game.snapshot() == before and game.history == history
        with pytest.raises(NotationError):
            game.play("xyzzy 1 2 3")
        assert game.snapshot() == before

    walk(module, players, options, 14, check)


@pytest.mark.parametrize("module,players,options", CONFIGS)
def test_views_share_the_public_part_and_are_json(module, players, options):
    def check(game, rng):
        spectator = game.view(None)
        assert spectator["private"] == {}
        json.dumps(spectator)
        for p in range(game.players):
            v = game.view(p)
            json.dumps(v)
            assert v["public"] == spectator["public"], "a player's view differs in the public part"
            assert set(spectator["log"]) <= set(v["log"])
        # what a player learns privately never reaches the others' logs
        for e in game.log:
            if e.private_to is not None:
                for q in set(range(game.players)) - set(e.private_to):
                    assert not e.visible_to(q)

    walk(module, players, options, 15, check)


@pytest.mark.parametrize("module,players,options", CONFIGS)
def test_move_texts_and_reprs_parse_back(module, players, options):
    namespace = vars(sys.modules[type(module.new_game()).__module__]) | vars(module)

    def check(game, rng):
        for move in game.legal_moves():
            assert game.parse_move(str(move)) == move
            assert eval(repr(move), dict(namespace)) == move

    walk(module, players, options, 16, check)


@pytest.mark.parametrize("module,players,options", CONFIGS)
def test_move_texts_are_read_ignoring_case(module, players, options):
    # "PLAY 1 WALL 1" was refused as an illegal move (the kind 'WALL' is no card), which misleads a student
    def check(game, rng):
        for move in game.legal_moves():
            for text in (str(move).upper(), str(move).title()):
                assert game.parse_move(text) == move and text in game.legal_moves()

    game = walk(module, players, options, 16, check)
    again = module.new_game(players=players, seed=16, **options).replay(str(m).upper() for m in game.history)
    assert again.snapshot() == game.snapshot() and str(again.history[-1]) == str(game.history[-1])


def a_move_with_a_number(module):
    """A game after a few random decisions, and a legal move of it whose text has a number."""
    game = module.new_game(seed=3)
    rng = random.Random(3)
    while not any(word.isdigit() for move in game.legal_moves() for word in str(move).split()):
        game.play(rng.choice(game.legal_moves()))
    return game, next(m for m in game.legal_moves() if any(word.isdigit() for word in str(m).split()))


def test_numbers_in_move_texts_are_written_with_the_digits_0_to_9(game_module):
    # int() read Arabic-Indic and full-width digits, so "place ٣" was played as "place 3"
    game, move = a_move_with_a_number(game_module)
    before = game.snapshot()
    for digits in ("٠١٢٣٤٥٦٧٨٩", "０１２３４５６７８９"):
        text = str(move).translate(str.maketrans("0123456789", digits))
        assert text not in game.legal_moves()
        with pytest.raises(NotationError, match="is not a whole number written with the digits 0-9"):
            game.play(text)
    assert game.snapshot() == before


def test_a_number_too_long_to_read_is_a_notation_error_in_a_short_message(game_module):
    # over 4,300 digits int() raised its own plain ValueError ("Exceeds the limit ..."), quoting nothing
    game, move = a_move_with_a_number(game_module)
    before = game.snapshot()
    text = " ".join("9" * 5000 if word.isdigit() else word for word in str(move).split())
    assert text not in game.legal_moves()
    with pytest.raises(NotationError, match="has 5,000 digits; a whole number has at most 100 digits") as err:
        game.play(text)
    assert len(str(err.value)) < 300 and game.snapshot() == before


@pytest.mark.parametrize("module,players,options", CONFIGS)
def test_events_cite_registered_rules(module, players, options):
    game = module.new_game(players=players, seed=17, **options)
    play_randomly(game, 17)
    for event in game.log:
        assert event.sentence
        if event.rule is not None:
            assert lookup(event.rule).text


@pytest.mark.parametrize("module,players,options", CONFIGS)
def test_event_sentences_read_as_they_did_when_recorded(module, players, options, monkeypatch):
    """An event recorded by kind writes its sentence when read: nothing it names may change after it is recorded;
    and every event of the kit's games is recorded by a declared kind."""
    written, log_list = [], protocol._log_list

    class WritingNow(list):  # (a log that writes each event's sentence as it is appended)
        __slots__ = ()

        def append(self, entry):
            super().append(entry)
            written.append((len(self) - 1, EventLog(self)[-1].sentence))

    monkeypatch.setattr(protocol, "_log_list", lambda game, events: WritingNow(log_list(game, events)))
    game = module.new_game(players=players, seed=18, **options)
    play_randomly(game, 18)
    assert len(written) == len(game.log) > 5  # (every entry, each written as it was recorded)
    assert [(i, game.log[i].sentence) for i, _ in written] == written
    assert [e.sentence for e in game.log if e.kind is None] == [], "events of no declared kind"


def test_graph_exports_to_node_link_json_and_graphml(game_module):
    game = game_module.new_game(seed=3)
    for _stage in range(2):
        g = game.graph()
        assert isinstance(g, nx.Graph) and g.number_of_nodes() > 0
        json.dumps(nx.node_link_data(g, edges="edges"))
        nx.write_graphml(exportable(g), io.BytesIO())
        play_randomly(game, 3)


def test_state_renders_as_svg(game_module):
    game = game_module.new_game(seed=4)
    for _stage in range(2):
        root = ET.fromstring(game._repr_svg_())
        assert root.tag.endswith("svg")
        play_randomly(game, 4)


def test_bad_setups_are_refused(game_module):
    cls = type(game_module.new_game())
    with pytest.raises(SetupError, match="players"):
        game_module.new_game(players=cls.player_counts.stop)
    with pytest.raises(SetupError, match="no such option"):
        game_module.new_game(no_such_option=1)
    with pytest.raises(SetupError, match="seed"):
        game_module.new_game(seed="7")


def test_odd_arguments_to_the_protocol_are_the_kits_error_and_change_nothing(game_module):
    # view(1.0) raised TypeError deep in the game and view(True) showed viewer True; undo("1") and undo(None)
    # raised TypeError; the rest were plain ValueErrors
    game = game_module.new_game(seed=2)
    game.play(game.legal_moves()[0])
    before = game.snapshot()
    calls = [lambda: game.view(1.0), lambda: game.view(True), lambda: game.view("0"), lambda: game.view(-1),
             lambda: game.undo("1"), lambda: game.undo(None), lambda: game.undo(1.5), lambda: game.undo(-1),
             lambda: game.undo(2), lambda: game.position_at(-1), lambda: game.position_at("0"),
             lambda: game.position_at(), lambda: game.position_at(event=1.0), lambda: game.position_at(event=-1)]
    for call in calls:
        with pytest.raises(GreatWallError):
            call()
    assert game.snapshot() == before
    # a whole number from a pandas table (numpy.int64) is a whole number
    seat = numpy.int64(0)
    assert game.view(seat) == game.view(0) and game.position_at(numpy.int64(1)).history == game.history
    assert game.position_at(event=numpy.int64(len(game.log) - 1)).history == game.history
    game.undo(numpy.int64(1))
    assert game.history == ()
    # a list (unhashable) or None is no legal move, and no board element (Chang Cheng raised AttributeError)
    assert [] not in game.legal_moves() and {} not in game.legal_moves() and None not in game.legal_moves()
    for odd in (None, "no move"):
        try:
            assert game.move_element(odd) is None
        except GreatWallError:  # a game may read a text as a move, and refuse what is none
            pass
    with pytest.raises(SetupError, match="unknown game"):
        greatwall_kit.new_game(["chang_cheng"])


def test_every_seed_a_game_takes_can_be_saved_and_loaded(game_module):
    # a seed of 10**100 made a game whose save load() refused (saves hold seeds up to 10**24)
    for seed in (-10**24, 10**24):
        game = game_module.new_game(seed=seed)
        assert load(game.to_json()).snapshot() == game.snapshot()
    for seed in (10**24 + 1, -10**100):
        with pytest.raises(SetupError, match="seed must be a whole number from -10\\*\\*24 to 10\\*\\*24"):
            game_module.new_game(seed=seed)
    # a number too long for Python to read (over 4,300 digits) raised a plain ValueError
    with pytest.raises(SaveFileError, match="not a JSON document"):
        load(game.to_json().replace('"seed": ', '"seed": ' + "9" * 5000 + ", \"x\": "))


def test_tampered_and_broken_saves_are_refused(game_module):
    game = game_module.new_game(seed=5)
    rng = random.Random(5)
    for _ in range(6):
        if game.to_act is None:
            break
        game.play(rng.choice(game.legal_moves()))
    doc = json.loads(game.to_json())
    assert load(json.dumps(doc)).snapshot() == game.snapshot()
    cases = {
        "not JSON": "{",
        "version": json.dumps({**doc, "version": 99}),
        "unknown game": json.dumps({**doc, "game": "go"}),
        "moves": json.dumps({**doc, "moves": ["xyzzy"], "decisions": 1}),
        "fingerprint": json.dumps({**doc, "fingerprint": "0" * 64}),
        "seed": json.dumps({**doc, "seed": doc["seed"] + 1}),
        "decisions": json.dumps({**doc, "decisions": doc["decisions"] + 1}),
        "players": json.dumps({**doc, "players": "two"}),
    }
    for _label, text in cases.items():
        with pytest.raises(SaveFileError):
            load(text)


def test_set_up_events_before_the_last_have_no_position_and_say_so(game_module):
    game = game_module.new_game(seed=2)
    play_randomly(game, 2, stop_after=3)
    setup = [i for i, e in enumerate(game.log) if e.decision == 0]
    for i in setup[:-1]:  # part-way through a new game's set-up the state is not yet whole
        with pytest.raises(GreatWallError, match=f"event {i} is part of the set-up"):
            game.position_at(event=i)
    assert game.position_at(event=setup[-1]).snapshot() == game.position_at(0).snapshot()


def test_every_picture_reads_targets_and_highlights_alike(game_module):
    game = game_module.new_game(seed=4)
    key = next(iter(sorted(game.graph().nodes)))
    assert game.picture(highlight=key) == game.picture(highlight=[key]) == game.picture(highlight={key: "focus"})
    # each raised TypeError in two or three of the games
    for kwargs, words in (({"targets": 5}, "targets is a mapping"), ({"highlight": 5}, "highlight is a key"),
                          ({"highlight": [[key]]}, "highlight is a key"), ({"highlight": {key: "glow"}}, "unknown")):
        with pytest.raises(GreatWallError, match=words):
            game.picture(**kwargs)
    # a key that names no board element: two games refused it, two drew nothing for it and said nothing
    keys = element_keys(game.graph())
    for kwargs, what in (({"highlight": "no-such-element"}, "highlight"),
                         ({"highlight": {key: "focus", "v99999": "removed"}}, "highlight"),
                         ({"targets": {"no-such-element": "x"}}, "draw as a target")):
        with pytest.raises(GreatWallError, match=f"no board element '[^']+' to {what} .*e\\.g\\. '") as err:
            game.picture(**kwargs)
        examples = re.findall(r"'([^']+)'", str(err.value).split("e.g.")[1])
        assert examples and set(examples) <= keys, "the examples must be keys the game knows"
    # the quiz form: every part of QUIZ_PARTS may be hidden (the game draws what it has of them), nothing else
    assert game.picture(hide=()) == game.picture()
    assert game.picture(hide=tuple(QUIZ_PARTS)).startswith("<svg")
    with pytest.raises(GreatWallError, match=r"a picture can hide .*not 'answers'"):
        game.picture(hide=["answers"])
