"""The position after a rule step: a step's ``change`` made on a looking-only copy of the game.

Each change is one key, naming board elements by their keys (``"section <n>"``, a player's name), as the steps
of :mod:`.procedure` write them from the evidence:

- ``{"lay": {"section", "token", "card"}}``: the first-claimed token goes from the section's pair face up onto
  the claimant's card, and the scoring check goes on (GW-11);
- ``{"take": {"section", "token", "player"}}``: the pair's last token goes face down to the player (GW-12);
- ``{"lift": {"section", "card", "token", "player"}}``: the first-claimed token goes from its card face down to
  the card's owner (GW-12, GW-13);
- ``{"discard": {"section"}}``: the section's cards, and those under Dragons, go to their owners' discards (GW-12);
- ``{"box": {"section", "tokens"}}``: an equal pair drawn from the pool for the section goes to the box (GW-06);
- ``{"pair": {"section", "tokens"}}``: a pair drawn from the pool is laid face up at the section (GW-05);
- ``{"end": {"reason"}}``: the game ends (``"pool"``, GW-22, or ``"last_round"``, GW-21), nobody's tokens
  turned face up yet;
- ``{"reveal": {"player"}}``: the player's face-down tokens are turned face up (GW-23);
- ``{"winners": {"players"}}``: the players with the highest total are named the winners (GW-23).

The last three set what the picture shows of the results (``_turned_up``, a step copy's own attribute): an
ordinary game shows everyone's tokens and the winners once it is over. A change that does not fit the position
(an element this board does not have, a token that is not where the change takes it from) is refused with the
kit's error, naming it, and the position is left as it was.

Examples
--------
>>> from greatwall_kit.great_wall_of_china import GreatWallOfChina
>>> game = GreatWallOfChina.from_position({"players": 2, "sections": [
...     {"pair": [5, 3], "cards": ["Red gate", "Yellow wall"]}, {"pair": [4, 7], "cards": []}]})
>>> copy = game.copy()
>>> apply_change(copy, {"lay": {"section": "section 1", "token": 5, "card": 1}})
>>> copy.sections[0].pair, copy.sections[0].totals()
([3], (-3, 1))
>>> apply_change(copy, {"lay": {"section": "section 3", "token": 3, "card": 1}})
Traceback (most recent call last):
...
greatwall_kit.engine.errors.GreatWallError: no board element 'section 3' on this board (sections 1 to 2)
"""

from collections.abc import Mapping

from ..engine.errors import GreatWallError, quote

__all__ = ["apply_change"]

#: What each change names, by its key.
_FIELDS = {"lay": ("section", "token", "card"), "take": ("section", "token", "player"),
           "lift": ("section", "card", "token", "player"), "discard": ("section",), "box": ("section", "tokens"),
           "pair": ("section", "tokens"), "end": ("reason",), "reveal": ("player",), "winners": ("players",)}


def apply_change(game, change):
    """Make the step's ``change`` on ``game`` (a looking-only copy); see the module docstring."""
    if not isinstance(change, Mapping) or len(change) != 1:
        raise GreatWallError(f"a step's change is one of {sorted(_FIELDS)} with its data, not {quote(change)}")
    (what, data), = change.items()
    if what not in _FIELDS:
        raise GreatWallError(f"unknown change {quote(what)}; a Great Wall of China step changes one of "
                             f"{sorted(_FIELDS)}")
    if not isinstance(data, Mapping) or set(data) != set(_FIELDS[what]):
        raise GreatWallError(f"a {what!r} change names {', '.join(_FIELDS[what])}, not {quote(data)}")
    _CHANGES[what](game, data)


def _section(game, key):
    sections = game.sections
    number = key[8:] if isinstance(key, str) and key.startswith("section ") else ""
    if not number.isdigit() or not 1 <= int(number) <= len(sections):
        raise GreatWallError(f"no board element {quote(key)} on this board (sections 1 to {len(sections)})")
    return sections[int(number) - 1]


def _player(game, name):
    names = game.player_names[:game.players]
    if name not in names:
        raise GreatWallError(f"no board element {quote(name)} on this board (players {', '.join(names)})")
    return names.index(name)


def _card(section, number):
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(section.cards):
        raise GreatWallError(f"section {section.number} has {len(section.cards)} cards, no card {quote(number)}")
    return number - 1


def _in_pair(section, token):
    if token not in section.pair:
        raise GreatWallError(f"section {section.number}'s pair holds {section.pair}, no {quote(token)} token")


def _lay(game, data):
    section = _section(game, data["section"])
    at = _card(section, data["card"])
    _in_pair(section, data["token"])
    if section.cards[at].token is not None:
        raise GreatWallError(f"card {data['card']} of section {section.number} carries a token already")
    section.place_token(data["token"], at)
    game.prompt = None  # the claim is made: the scoring check goes on


def _take(game, data):
    section, player = _section(game, data["section"]), _player(game, data["player"])
    _in_pair(section, data["token"])
    section.pair.remove(data["token"])
    game.tokens[player].append(data["token"])


def _lift(game, data):
    section, player = _section(game, data["section"]), _player(game, data["player"])
    at = _card(section, data["card"])
    card = section.cards[at]
    if card.token != data["token"] or card.owner != player:
        raise GreatWallError(f"card {data['card']} of section {section.number} carries no {quote(data['token'])} "
                             f"token of {data['player']}'s")
    game.tokens[player].append(section.lift_token(at))


def _discard(game, data):
    section = _section(game, data["section"])
    for card in section.cards:
        game.discarded[card.owner][card.kind] += 1
        for owner, kind in card.beneath:
            game.discarded[owner][kind] += 1
    section.clear(section.pair)


def _drawn(game, section, tokens):
    """The two tokens ``tokens`` are the next two of the pool, which the rules draw for ``section``: draw them."""
    pool = game.pool
    if not isinstance(tokens, list) or len(tokens) != 2 or pool[-2:][::-1] != tokens:
        raise GreatWallError(f"the pool's next pair for section {section.number} is not {quote(tokens)}")
    del pool[-2:]


def _box(game, data):
    section = _section(game, data["section"])
    tokens = data["tokens"]
    if not isinstance(tokens, list) or len(tokens) != 2 or tokens[0] != tokens[1]:
        raise GreatWallError(f"only an equal pair goes back to the box, not {quote(tokens)}")
    _drawn(game, section, tokens)
    game.box += tokens


def _pair(game, data):
    section = _section(game, data["section"])
    if section.pair or section.cards:
        raise GreatWallError(f"section {section.number} still holds tokens or cards: no new pair is laid there")
    _drawn(game, section, data["tokens"])
    section.clear(data["tokens"])


def _end(game, data):
    if data["reason"] not in ("pool", "last_round"):
        raise GreatWallError(f"the game ends because the pool ran out ('pool') or the last round is over "
                             f"('last_round'), not {quote(data['reason'])}")
    if game.is_over:
        raise GreatWallError("the game is over already")
    game.end_reason = data["reason"]
    game._end()
    game._turned_up = ((), ())


def _results_shown(game, what):
    if not game.is_over:
        raise GreatWallError(f"tokens are turned face up and winners named once the game is over, not before "
                             f"({what})")
    return game._turned_up or ((), ())


def _reveal(game, data):
    player = _player(game, data["player"])
    shown, winners = _results_shown(game, f"reveal {data['player']}")
    game._turned_up = (tuple(sorted({*shown, player})), winners)


def _winners(game, data):
    names = data["players"]
    if not isinstance(names, list) or not names:
        raise GreatWallError(f"the winners are a list of player names, not {quote(names)}")
    players = tuple(_player(game, name) for name in names)
    shown, _ = _results_shown(game, "winners")
    game._turned_up = (shown, players)


_CHANGES = {"lay": _lay, "take": _take, "lift": _lift, "discard": _discard, "box": _box, "pair": _pair, "end": _end,
            "reveal": _reveal, "winners": _winners}
