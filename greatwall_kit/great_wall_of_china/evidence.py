"""The evidence of the game's resolutions, read back from the log on demand: each claim (:class:`SectionClaim`), a
first claim still to choose (:class:`ClaimToChoose`) and the end of the game (:class:`GameEnd`).

Nothing here is kept while a game is played: :func:`resolutions` reads the cards each claim's event recorded, and the
events that follow it (an equal pair boxed, the new pair laid or none left), when ``game.resolutions()`` is asked.
The steps of each kind of evidence are listed by :mod:`.procedure`, which attaches them to these types.

Examples
--------
Yellow's 1 beats Red's 2 - 5 = -3 at Yellow's check: Yellow takes the 3, Red the 5 from their Gate, a new pair is laid.

>>> from greatwall_kit.great_wall_of_china import GreatWallOfChina
>>> game = GreatWallOfChina.from_position({"players": 2, "to_act": "Yellow", "sections": [
...     {"pair": [3], "cards": ["Red gate [5]", "Yellow wall"]}, {"pair": [4, 7], "cards": []}]})
>>> claim = resolutions(game)[0].evidence
>>> claim.claim, claim.player, claim.token, len(claim.new_pair)
('second', 1, 3, 2)
"""

from dataclasses import dataclass

from ..engine.steps import Resolved, steps_of
from .events import FIRST_CLAIM, NO_PAIR_LEFT, PAIR_BOXED, PAIR_LAID, SECOND_CLAIM
from .rules import Options

__all__ = ["SectionClaim", "ClaimToChoose", "GameEnd", "game_end", "resolutions"]

_KIT = Options()  # the kit's readings


@dataclass(frozen=True)
class SectionClaim:
    """A scoring check that made a player claim a token in one section.

    Attributes
    ----------
    section, player, players : int
        The section (1-based), the player whose check it was, the player count.
    cards : tuple
        The section's cards at the check, left to right, as ``(owner, kind, beneath, token)``.
    claim : str
        ``"first"`` (GW-11) or ``"second"`` (GW-12).
    token : int
        The token claimed.
    card : int or None
        For a first claim, the 1-based card the token was laid on.
    options : Options
        The game's readings (the Infantry count reads GW-16 and GW-18 by them).
    boxed : tuple
        After a second claim: the equal pairs drawn for the section and put back in the box (2 players, GW-06),
        in the order drawn.
    new_pair : tuple
        After a second claim: the pair laid at the section (GW-05), empty if the pool had none (GW-22).
    """

    section: int
    player: int
    players: int
    cards: tuple
    claim: str
    token: int
    card: int | None = None
    options: Options = _KIT
    boxed: tuple = ()
    new_pair: tuple = ()

    def __str__(self):
        return _printed(self)


@dataclass(frozen=True)
class ClaimToChoose:
    """A scoring check that found a first claim due (GW-10, GW-11) while the player still chooses the token and
    the card: the section's steps up to the check, then the choice.

    ``check`` is the :class:`SectionClaim` of the check (its ``token`` and ``card`` not chosen yet); ``pair`` the
    two tokens; ``cards`` the (1-based) cards a token may be laid on; ``choices`` how many ``claim`` moves are open.
    """

    check: SectionClaim
    pair: tuple
    cards: tuple
    choices: int

    def __str__(self):
        return _printed(self)


@dataclass(frozen=True)
class GameEnd:
    """How a game ended and who won (GW-20 to GW-23), read from the finished game by :func:`game_end`.

    Attributes
    ----------
    reason : str
        ``"pool"`` (the token pool ran out, GW-22) or ``"last_round"`` (GW-20, GW-21).
    players : int
    declarer : int or None
        Who played their last card and announced the last round.
    final_turns : int
        How many scoring-only turns were taken after the turn came back to the declarer.
    options : Options
        The game's readings (how the last round ended reads GW-21 by them).
    no_pair_for : int or None
        The section that could get no new pair (GW-22), if that ended the game.
    pool, box : tuple
        The tokens left face down in the pool, and those put back in the box (2 players, GW-06).
    pairs : tuple
        ``(section, tokens)`` for tokens still lying face up beside a section.
    on_cards : tuple
        ``(player, token, section)`` for tokens lying face up on a player's card after a first claim.
    tokens : tuple
        Each player's face-down tokens, in the order won.
    winners : tuple
        The players with the highest total.
    turn : int
        The player whose turn it was when the game ended (the one to act until then).
    """

    reason: str
    players: int
    declarer: int | None
    final_turns: int
    options: Options
    no_pair_for: int | None
    pool: tuple
    box: tuple
    pairs: tuple
    on_cards: tuple
    tokens: tuple
    winners: tuple
    turn: int = 0

    def __str__(self):
        return _printed(self)


def _printed(evidence):
    return "\n".join(map(str, steps_of(evidence)))


def game_end(game):
    """The :class:`GameEnd` of a finished game, from its final position (nothing changes after the end)."""
    no_pair = next((e.data["section"] for e in reversed(game.log) if e.kind is NO_PAIR_LEFT), None)
    return GameEnd(game.end_reason, game.players, game.declarer, game.final_turns, game.options,
                   no_pair, tuple(game.pool), tuple(game.box),
                   tuple((s.number, tuple(s.pair)) for s in game.sections if s.pair),
                   tuple((c.owner, c.token, s.number) for s in game.sections for c in s.cards if c.token is not None),
                   tuple(tuple(t) for t in game.tokens), tuple(game.winners()), game.turn)


def resolutions(game):
    """Every token claimed so far in ``game``, as :class:`~greatwall_kit.engine.steps.Resolved` records whose
    :class:`SectionClaim` evidence steps through the section's totals, the scoring check and the claim; a first
    claim still to choose (:class:`ClaimToChoose`); once the game is over, last, its end (:class:`GameEnd`: why,
    every token, each player's tokens turned face up, the winner). ``game.resolutions()`` answers with it.

    The evidence is read back from the log; every step that moves a token or a card has the position after it
    (``step.after``). A first claim starts where the player was choosing and ends with its event (the token on the
    card). A second claim starts right before its event and ends with the event that laid the section's new pair
    (or found none), so its steps take both tokens, discard the cards and lay the pair. The end starts right before
    the last event, while the game still went on, and ends with it.

    Examples
    --------
    >>> from greatwall_kit.great_wall_of_china import GreatWallOfChina
    >>> game = GreatWallOfChina(players=2, seed=4)
    >>> while game.phase != "claim":
    ...     _ = game.play(game.legal_moves()[0])
    >>> _ = game.play(game.legal_moves()[0])
    >>> first = game.resolutions()[0]
    >>> print(first)
    Red claims the 3 token of section 1
      1. Section 1 holds 4 cards, left to right. [GW-19]
      2. Card 1, Red's Wall: 1. [GW-01]
      3. Card 2, Red's Gate: 2. [GW-01]
      4. Card 3, Yellow's Wall: 1. [GW-01]
      5. Card 4, Yellow's Wall: 1. [GW-01]
      6. Totals: Red 3, Yellow 2. [GW-10]
      7. Red's 3 is strictly more than everyone else's (Yellow 2): Red must claim a token. [GW-10]
      8. Both tokens lie here: Red lays the 3 token face up on their Wall (card 1) and counts 3 - 3 = 0 here now. [GW-11]
    >>> first.before.sections[0].pair, first.after(-1).sections[0].pair
    ([3, 4], [4])
    """  # noqa: E501 - doctest output is compared as printed
    out, log, options = [], game.log, game.options
    names = game.player_names
    for i, event in enumerate(log):
        first = event.kind is FIRST_CLAIM
        if not first and event.kind is not SECOND_CLAIM:
            continue
        data = event.data
        cards, end, boxed, new_pair = list(data["cards"]), i, [], ()
        if first:  # the check came before the token was laid on the card
            owner, kind, beneath, _ = cards[data["card"] - 1]
            cards[data["card"] - 1] = (owner, kind, beneath, None)
        else:  # the section's new pair: equal pairs boxed (GW-06), then a pair laid (GW-05) or none left (GW-22)
            for end in range(i + 1, len(log)):
                after = log[end]
                if after.kind is PAIR_BOXED:
                    boxed += after.data["pair"]
                elif after.kind is PAIR_LAID or after.kind is NO_PAIR_LEFT:
                    new_pair = tuple(after.data.get("pair", ()))
                    break
        claim = SectionClaim(data["section"], data["player"], game.players, tuple(cards),
                             "first" if first else "second", data["token"], data.get("card"),
                             options, tuple(boxed), new_pair)
        title = f"{names[data['player']]} claims the {data['token']} token of section {data['section']}"
        out.append(Resolved(title, i, event.decision, claim, i - 1, game=game, end=end))
    if game.pending is not None:  # the check found a first claim due; the player still chooses
        section, last = game.sections[game.pending], len(log) - 1
        check = SectionClaim(section.number, game.turn, game.players,
                             tuple((c.owner, c.kind, c.beneath, c.token) for c in section.cards), "first", 0, 1,
                             options)
        title = f"{names[game.turn]} must claim a token of section {section.number}"
        moves = game.legal_moves()
        out.append(Resolved(title, last, log[last].decision,
                            ClaimToChoose(check, tuple(section.pair), tuple(sorted({m.card for m in moves})),
                                          len(moves)), last, game=game))
    if game.is_over:  # the last event; the steps start from the moment before it, the game still going on
        end = len(log) - 1
        why = "the token pool ran out" if game.end_reason == "pool" else "the last round is over"
        out.append(Resolved(f"The game ends: {why}", end, log[end].decision, game_end(game), end - 1, game=game))
    return out
