"""Final Honor scoring (TGW-43, TGW-44, TGW-48) as evidence, one record per player."""

from .evidence import FinalScore

__all__ = ["final_score", "final_scores", "scores", "winners"]

_new = tuple.__new__  # a named tuple from all its values: ``_make`` without its Python call


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
    return _new(FinalScore, (honor, shame, penalty, after, h, a, after + h + a))


def final_scores(game):
    """Every player's :class:`FinalScore` in a finished game (Shame on Horde card slots costs nothing)."""
    horde, artifacts = game.cat.horde, game.cat.artifacts
    out = []
    for c in game.clans:  # (loops, not comprehensions: a call each, at every game's end)
        rewards, bonuses = [], []
        for card, shamed in c["trophies"]:
            if not shamed:
                rewards.append(horde[card]["honor"])
        for a in c["artifacts"]:
            bonuses.append(artifacts[a]["honor"])
        out.append(final_score(c["honor"], len(c["disabled"]), rewards, bonuses))
    return out


def scores(game):
    """Each clan's Honor now; once every clan is scored at the end, its final Honor (TGW-48)."""
    if game.final is not None and len(game.final) == game.players:  # (scored one clan at a time)
        return [f.total for f in game.final]
    return [c["honor"] for c in game.clans]


def winners(game):
    """The winner once the game is over: the most Honor; a tie goes to the higher Tea position (TGW-49).

    >>> from greatwall_kit.the_great_wall import new_game
    >>> winners(new_game(players=2, seed=1))
    ()
    """
    if game.season != "over":  # (over from the final scoring on, part-way through it too)
        return ()
    honor = game.scores()
    best = max(honor)
    for p in game.tea:  # the first in Tea order (every seat is on it) of those with the most Honor
        if honor[p] == best:
            return (p,)
