"""What every game's exercise builders share."""

import inspect

import pytest

from greatwall_kit import new_game
from greatwall_kit.engine.errors import GreatWallError
from greatwall_kit.exercises import chang_cheng, dschingis_khan, great_wall_of_china, the_great_wall


@pytest.mark.parametrize("module,title,other", [(chang_cheng, "Chang Cheng", "great_wall_of_china"),
                                                (great_wall_of_china, "Great Wall of China", "chang_cheng"),
                                                (the_great_wall, "The Great Wall", "chang_cheng"),
                                                (dschingis_khan, "Dschingis Khan", "chang_cheng")])
def test_every_builder_refuses_another_game_with_the_kits_error(module, title, other):
    # a game of another kind met an AttributeError ("no attribute 'evidence'", "'sections'") deep inside the builder
    game = new_game(other, seed=1)
    for name in module.__all__:
        builder = getattr(module, name)
        params = inspect.signature(builder).parameters
        if "game" in params:
            needed = [p for p in params.values() if p.default is p.empty and p.kind is p.POSITIONAL_OR_KEYWORD]
            with pytest.raises(GreatWallError, match=f"these exercises need a game of {title}, not"):
                builder(game, *[1] * (len(needed) - 1))
