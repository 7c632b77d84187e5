"""A mistake in a game's own code is named where it is made, with the fix (issue 41, item 3).

Declared mistakes (a game class without ``Options``, a move field the notation cannot read, a registration whose
module cannot be imported) are refused as they are declared; run mistakes (a job or decision with no method, an
event recorded with the wrong values, a decision asked while another waits) in the engine's debug mode, which the
suite runs in (``tests/conftest.py``) and a playout does without.
"""

import os
import subprocess
import sys
import typing
from dataclasses import dataclass
from pathlib import Path

import pytest

from greatwall_kit.engine import AgendaGame, DefinitionError, EventKind, Move, Notation, SetupError, checks
from greatwall_kit.engine.registry import Registry

ROOT = Path(__file__).resolve().parents[2]
SAID = EventKind("said", None, "{who} says {word}.", ("word",), ("who",))


@dataclass(frozen=True)
class Options:
    pass


@dataclass(frozen=True, slots=True)
class Say(Move):
    verb = "say"
    word: str


class Talk(AgendaGame):
    """A game whose set-up runs the jobs it is given (``Talk.start``), so each test writes one mistake."""

    name, title, notation, Options = "talk", "Talk", Notation([Say]), Options
    start: tuple = (("turn",),)

    def _setup(self):
        self._begin(*self.start)

    def _job_turn(self):
        self._ask("say", 0)

    def _job_twice(self):
        self._ask("say", 0)
        self._ask("say", 1)

    def _job_unasked(self):
        self._ask("shout", 0)

    def _job_record(self, *values):
        self._events.append((SAID, *values))
        self._ask("say", 0)

    def _job_bare(self):
        self._events.append(SAID)

    def _job_secret(self):
        self._record_private((SAID, "hi", "Red"), 0)

    def _moves_say(self, actor, context):
        return [Say("hello")]

    def _on_say(self, actor, context, move):
        self._events.append((SAID, move.word, self.player_names[actor]))

    _snapshot = _scores = lambda self: []

    def _view(self, player):
        return {}, {}


def _talk(*jobs):
    checks.enable()  # (on already in the suite: this test does not depend on it)
    return type("Talk", (Talk,), {"start": jobs})()


@pytest.mark.parametrize("jobs, message", [
    ((("riad",),), "Talk has no method _job_riad for the job ('riad',) pushed here: define it, or push one of "
                   "Talk's jobs (bare, record, secret, turn, twice, unasked)"),
    (("turn",), "Talk pushed 'turn': a job is a tuple of its name and its arguments, such as ('turn', 0)"),
    ((("turn", 3),), "Talk._job_turn cannot take the job ('turn', 3)'s arguments: too many positional arguments"),
    ((("unasked",),), "Talk has no methods _moves_shout and _on_shout for the 'shout' decision asked here: define "
                      "them, or ask for one of Talk's decisions (say)"),
    ((("twice",),), "Talk asks for a 'say' decision of player 1 while the 'say' decision of player 0 waits for its "
                    "move: a job or a move asks for one decision, as its last act"),
    ((("record", "hi"),), "event kind 'said' takes 2 values (word, who, its fields then its words), not 1: ('hi',)"),
    ((("bare",),), "Talk recorded the event kind 'said' alone: the log takes one tuple, an EventKind declared in "
                   "the game's events module then its values: self._events.append((KIND, a, b))"),
    ((("secret",),), "Talk recorded 'said' private to 0: private_to is a tuple of the seats that may see it"),
])
def test_a_job_decision_or_event_mistaken_in_a_game_is_refused_where_it_is_made(jobs, message):
    with pytest.raises(DefinitionError) as err:
        _talk(*jobs)
    assert str(err.value).startswith(message)
    # raised by the engine's check, called from the line that made the mistake (not later in the agenda's loop)
    maker = next(entry for entry in reversed(err.traceback)
                 if Path(entry.path).name != "checks.py" and entry.name != "_record_private")
    assert maker.name in ("_begin", "_job_twice", "_job_unasked", "_job_record", "_job_bare", "_job_secret"), maker


def test_a_sound_game_runs_with_the_checks_and_an_event_with_its_values_is_recorded():
    game = _talk(("record", "hi", "Red"))
    game.play("say hello")
    assert [e.sentence for e in game.log] == ["Red says hi.", "Red says hello."]


def test_the_checks_are_off_unless_asked_for_so_a_playout_pays_nothing_for_them():
    env = {k: v for k, v in os.environ.items() if k != checks.ENVIRONMENT}
    code = ("from greatwall_kit.engine import checks, protocol, AgendaGame\n"
            "print(checks.enabled(), AgendaGame._push is checks._PUSH, protocol._log_list is checks._LOG_LIST)")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env, cwd=ROOT)
    assert run.stdout.split() == ["False", "True", "True"]
    assert checks.enabled()  # and on in the suite


def test_a_game_class_without_options_is_refused_as_it_is_declared():
    with pytest.raises(DefinitionError, match=r"Bare.Options is missing: a game declares its options as a frozen "
                                              r"dataclass .* @dataclass\(frozen=True\) class Options: pass"):
        type("Bare", (AgendaGame,), {"name": "bare", "title": "Bare"})
    with pytest.raises(DefinitionError, match="not a frozen dataclass"):
        type("Loose", (AgendaGame,), {"name": "loose", "title": "Loose", "Options": dataclass(type("O", (), {}))})


# typing.Optional[X] is another object than X | None at run time: the notation must read both spellings
@pytest.mark.parametrize("hint", [float, int | str, bool, typing.Optional[float], list[int]])  # noqa: UP045
def test_a_move_field_the_notation_cannot_read_is_refused_as_the_notation_is_declared(hint):
    cls = dataclass(frozen=True)(type("Step", (Move,), {"verb": "step", "__annotations__": {"length": hint}}))
    with pytest.raises(DefinitionError, match=r"^Step.length is declared .*: a move's field is an int, a str \(one "
                                              r"word\), or either or None"):
        Notation([cls])


@pytest.mark.parametrize("hint, word, value", [(int | None, "-", None), (typing.Optional[int], "7", 7),  # noqa: UP045
                                               (str, "seven", "seven")])
def test_the_field_types_the_notation_reads_are_read(hint, word, value):
    cls = dataclass(frozen=True)(type("Step", (Move,), {"verb": "step", "__annotations__": {"length": hint}}))
    assert Notation([cls]).parse(f"step {word}").length == value


@pytest.mark.parametrize("module, why", [("tests.conformance.exmaple_game", "no such module"),
                                         ("tests.conformanse.example_game", "ModuleNotFoundError: No module named "
                                                                            "'tests.conformanse'")])
def test_a_registration_whose_module_cannot_be_imported_is_refused_as_it_is_made(module, why):
    registry = Registry()
    with pytest.raises(SetupError) as err:
        registry.register("tiny_wall", "Tiny Wall", module)
    assert str(err.value) == (f"game 'tiny_wall': module {module!r} cannot be imported ({why}); give the path "
                              "`import` takes, with its folder on sys.path (in the lab's worker processes too), such "
                              "as 'my_games.tiny_wall'")
    assert "tiny_wall" not in registry
    registry.register("tiny_wall", "Tiny Wall", "tests.conformance.example_game")
    assert registry.game_class("tiny_wall").title == "Tiny Wall"
