"""Final Honor scoring (TGW-43, TGW-44, TGW-48) as evidence, one record per player."""

from typing import NamedTuple

from ..engine.steps import steps_of

__all__ = ["FinalScore", "final_score", "final_scores"]


class _FinalScoreFields(NamedTuple):
    honor: int
    shame: int
    shame_penalty: int
    after_shame: int
    horde: int
    artifacts: int
    total: int


class FinalScore(_FinalScoreFields):
    """One player's final Honor, step by step (a named tuple, built fast at every game's end like a Breach)."""

    __slots__ = ()

    def __str__(self):
        return "\n".join(map(str, steps_of(self)))


def final_score(honor, shame, horde_rewards, artifact_bonuses):
    """Final Honor: subtract 5 per Shame token under a Soldier (never below 0), then add the rewards of
    claimed Horde cards without Shame and the Artifact bonuses.

    Examples
    --------
    >>> final_score(7, 2, [4, 3], [2])
    FinalScore(honor=7, shame=2, shame_penalty=10, after_shame=0, horde=7, artifacts=2, total=9)
    """
    penalty = 5 * shame
    after = max(0, honor - penalty)
    h, a = sum(horde_rewards), sum(artifact_bonuses)
    return FinalScore._make((honor, shame, penalty, after, h, a, after + h + a))


def final_scores(game):
    """Every player's :class:`FinalScore` in a finished game (Shame on Horde card slots costs nothing)."""
    cat = game.cat
    return [final_score(c["honor"], len(c["disabled"]),
                        [cat.horde[card]["honor"] for card, shamed in c["trophies"] if not shamed],
                        [cat.artifacts[a]["honor"] for a in c["artifacts"]]) for c in game.clans]
