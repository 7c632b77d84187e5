"""The position document: the whole truth of a position (:func:`snapshot`), and teaching positions, a readable
document that sets up any moment of a game of Chang Cheng (:func:`setup_position`).

The document (every key but ``faces``, ``reputation``, ``threat`` and ``wall`` is optional)::

    {"players": 4,                        # 2 to 4
     "options": {},                       # named options, as for new_game
     "faces": ["1A", "2B"],               # faces in wall order; squares are numbered along them
     "reserve": ["3A", "4B"],             # faces still to come (default: drawn with the seed)
     "reputation": [2, 0, 1, 3, 4, 2],    # one counter per province, in square order
     "threat": [-2, -3, None, ...],       # one per region; None = removed by a Traitor
     "wall": "R R G . | RD RD .r RT ...", # one token per square ('|' and spaces separate)
     "cards": {"3": ["green traitor", "blue flood"]},  # face-down cards per province
     "used_cards": {"red": ["warrior"]},  # cards already played and gone
     "points": [0, 0, 0, 0],
     "to_move": "red",                    # whose turn it is
     "first_turn": False,                 # True: the rulebook's one-single first turn is still to come
     "emperor_cards": 0,                  # default: completed provinces not yet set aside (under 3
                                          # while a board is still to come and squares are empty)
     "revealed": [4],                     # threat counters face up (Observers)
     "known": {"red": [0]}}               # counters a player has peeked at

Wall tokens: ``.`` an empty square, ``.r`` empty and reserved for Red's single block; ``R`` a
single block of Red (``G``, ``B``, ``V``; ``N`` neutral), ``R!`` a broken one; ``RD`` half of Red's
double (two halves side by side); ``RT`` Red's tower.

Examples
--------
>>> from greatwall_kit.chang_cheng import ChangCheng
>>> doc = {"players": 2, "faces": ["1A", "2A"], "reputation": [2, 0, 1, 3, 4, 2],
...        "threat": [-2, -3, -4, -2, -3, -4],
...        "wall": "R G R . . . . . . . . . . | . . . . . . . . . . . . ."}
>>> game = ChangCheng.from_position(doc)
>>> game.to_act, game.occ[:4], game.singles
(0, [0, 1, 0, -1], [12, 13])
>>> game.play("single 3"), game.play("nopeek")
(Single(square=3), NoPeek())
>>> game.evidence[-1].winners, game.evidence[-1].value
((0,), 6)
>>> ChangCheng.from_position({**doc, "wall": "RT RT" + " ." * 24})
Traceback (most recent call last):
...
greatwall_kit.engine.errors.PositionError: Red has 2 towers on the wall; each player has one [CC-03]
"""

from typing import Any

from ..engine.digits import read_whole
from ..engine.errors import PositionError
from .board import DOUBLE, SINGLE, TOWER
from .cards import KINDS
from .events import POSITION_SET_UP
from .legality import offered

__all__ = ["setup_position", "snapshot"]

_INITIALS = "RGBV"
_KEYS = {"players", "options", "faces", "reserve", "reputation", "threat", "wall", "cards", "used_cards", "points",
         "to_move", "first_turn", "emperor_cards", "revealed", "known"}


def setup_position(game, doc):
    """Fill ``game`` (fresh from ``_init_common``) from a position document; :class:`PositionError` if unsound."""
    unknown = sorted(set(doc) - _KEYS)
    if unknown:
        raise PositionError(f"unknown key(s) {unknown} in the position; known: {sorted(_KEYS)}")
    for key in ("faces", "reputation", "threat", "wall"):
        if key not in doc:
            raise PositionError(f"the position needs {key!r}")
    n = game.players
    layout = game.layout
    faces = _faces(game, doc["faces"], "faces")
    if not 2 <= len(faces) <= game.max_boards:
        raise PositionError(f"{len(faces)} faces in play; {n} players use 2 to {game.max_boards}", rule="CC-38")
    if "reserve" in doc:
        reserve = _faces(game, doc["reserve"], "reserve")
    else:
        used = {f.board for f in faces}
        rest = [b for b in layout.boards if b[0].board not in used]
        game.rng.shuffle(rest)
        reserve = [b[game.rng.randrange(2)] for b in rest]
    reserve = reserve[: game.max_boards - len(faces)]
    boards = [f.board for f in faces + reserve]
    if len(set(boards)) != len(boards):
        raise PositionError(f"a board is used twice in faces + reserve: {[f.name for f in faces + reserve]}",
                            rule="CC-01")
    game.reserve_faces = reserve
    provinces = 3 * len(faces)
    regions = sum(len(f.regions) for f in faces)
    reputation = _ints(doc["reputation"], provinces, "reputation", 0, 4, rule="CC-02")
    threat = _ints(doc["threat"], regions, "threat", -4, -2, rule="CC-02", none=True)
    game.rep_pool = _pool(layout.reputation_counters, reputation, "reputation")
    game.threat_pool = _pool(layout.threat_counters, [t for t in threat if t is not None], "threat")
    game.rng.shuffle(game.rep_pool)
    game.rng.shuffle(game.threat_pool)
    game._choose_events()
    p0 = r0 = 0
    for face in faces:
        k = len(face.provinces)
        game._add_face(face, "right", setup=True, reputation=reputation[p0:p0 + k],
                       threat=threat[r0:r0 + len(face.regions)])
        p0, r0 = p0 + k, r0 + len(face.regions)
    _wall(game, doc["wall"])
    _cards(game, doc.get("cards", {}), doc.get("used_cards", {}))
    points = doc.get("points", [0] * n)
    if not isinstance(points, list) or len(points) != n or not all(type(x) is int for x in points):
        raise PositionError(f"'points' must be a list of {n} whole numbers, not {points!r}")
    game.points = list(points)
    game.current = _colour(game, doc.get("to_move", 0), "to_move", neutral=False)
    game.first_turn = bool(doc.get("first_turn", False)) and game.options.first_turn == "one_single"
    completed = sum(game.completed)
    game.emperor = doc.get("emperor_cards", max(0, completed - 3 * (len(faces) - 2)))
    if type(game.emperor) is not int or not 0 <= game.emperor <= completed:
        raise PositionError(f"'emperor_cards' must be a whole number from 0 to the {completed} completed "
                            f"province(s), not {game.emperor!r}", rule="CC-23")
    if game.emperor >= 3 and game.reserve_faces and game.n_empty:
        raise PositionError(f"{game.emperor} Emperor cards lie on the wall: the player who placed the third "
                            "one has already added a board; set 'emperor_cards' below 3 or add the face to "
                            "'faces'", rule="CC-36")
    game.emperor_on = [pr for pr in range(provinces) if game.completed[pr]][completed - game.emperor:]
    game.scored = list(game.completed)  # a position's completed provinces have been scored
    for r in doc.get("revealed", []):
        _region(game, r)
        game.revealed[r] = True
    if "observers" in game.events:
        for s in game.wall.order:
            r = game.wall.region_of[s]
            if game.occ[s] >= 0 and game.threat[r] is not None:
                game.revealed[r] = True
    known = doc.get("known", {})
    if not isinstance(known, dict):
        raise PositionError(f"'known' maps colours to region lists, not {known!r}")
    for colour, regions_known in known.items():
        p = _colour(game, colour, "known", neutral=False)
        for r in regions_known:
            game.known[p].add(_region(game, r))
    game._events.append((POSITION_SET_UP, [f.name for f in faces], len(faces), ", ".join(f.name for f in faces),
                         game.player_names[game.current]))
    if game.n_empty == 0:
        game.current = (game.current - 1) % n  # the game then ends the (previous) turn that filled the wall


def snapshot(game):
    """The whole truth of the position, hidden parts included, as a JSON-able dict."""
    return {
        "faces": list(game.wall.faces), "boards": list(game.wall.face_of_board),
        "reserve_faces": [f.name for f in game.reserve_faces],
        "rep_pool": list(game.rep_pool), "threat_pool": list(game.threat_pool),
        "occ": list(game.occ), "piece": list(game.piece), "broken": list(game.broken),
        "reserved": list(game.reserved), "reputation": list(game.reputation),
        "completed": list(game.completed), "cards_in": [[list(c) for c in cs] for cs in game.cards_in],
        "threat": list(game.threat), "revealed": list(game.revealed),
        "known": [sorted(k) for k in game.known], "points": list(game.points),
        "singles": list(game.singles), "doubles": list(game.doubles), "towers": list(game.towers),
        "neutral_left": game.neutral_left, "hand": [list(h) for h in game.hand],
        "emperor": game.emperor, "emperor_on": list(game.emperor_on), "current": game.current,
        # the flow under the names saves have always used: the decision asked for, its moves, and the agenda's jobs
        "passes": game.passes, "first_turn": game.first_turn, "over": bool(game.reason),
        "decision": game.decision, "actor": game.to_act, "moves": [str(m) for m in offered(game)],
        "stack": [list(map(str, job)) for job in game.agenda], "placed": [list(p) for p in game.placed],
        "res": None if game.res is None else {
            "province": game.res["province"], "queue": [list(c) for c in game.res["queue"]],
            "virtual": list(game.res["virtual"]), "modifier": game.res["modifier"]},
        "events": list(game.events), "options": game._saved_options(),  # a layout file by its content, as a save has it
    }


def _faces(game, names, key):
    if not isinstance(names, list) or not all(isinstance(x, str) for x in names):
        raise PositionError(f"{key!r} must be a list of face names, not {names!r}")
    try:
        return [game.layout.face(name) for name in names]
    except ValueError as exc:
        raise PositionError(str(exc), rule="CC-01") from None


def _ints(values, count, key, low, high, rule, none=False):
    if not isinstance(values, list) or len(values) != count:
        raise PositionError(f"{key!r} needs {count} values (one per {'region' if none else 'province'}), "
                            f"not {values!r}", rule=rule)
    for v in values:
        if not (v is None and none) and not (type(v) is int and low <= v <= high):
            raise PositionError(f"{key!r} value {v!r} is not a counter from {low} to {high}", rule=rule)
    return list(values)


def _pool(counters, used, key):
    pool = list(counters)
    for v in used:
        if v not in pool:
            raise PositionError(f"there are not enough {key} counters of value {v} in the box", rule="CC-02")
        pool.remove(v)
    return pool


def _colour(game, value, key, neutral=True):
    n = game.players
    if type(value) is int and 0 <= value < n:
        return value
    if isinstance(value, str) and value.lower() in game.colours[: n + (1 if neutral else 0)]:
        return game.colours.index(value.lower())
    raise PositionError(f"{key!r}: {value!r} is not a player of this {n}-player game "
                        f"({', '.join(game.colours[:n])})")


def _region(game, r):
    if type(r) is not int or not 0 <= r < game.wall.regions:
        raise PositionError(f"there is no region {r!r} in play")
    return r


def _wall(game, text):
    tokens = text.replace("|", " ").split() if isinstance(text, str) else text
    n = game.players
    size = len(game.occ)
    if not isinstance(tokens, list) or len(tokens) != size:
        raise PositionError(f"'wall' needs {size} tokens, one per square; got {len(tokens)}")
    initials = _INITIALS[:n] + ("N" if game.options.neutral_blocks else "")
    towers: dict[int, Any]
    doubles: dict[int, Any]
    towers, doubles = {}, {}
    for s, token in enumerate(tokens):
        if not isinstance(token, str) or not token:
            raise PositionError(f"square {s}: {token!r} is not a wall token")
        if token[0] == ".":
            if token == ".":
                continue
            c = _INITIALS[:n].find(token[1:].upper())
            if len(token) != 2 or c < 0:
                raise PositionError(f"square {s}: {token!r} is not '.' or '.<colour initial>'")
            game.reserved[s] = c
            continue
        c = initials.find(token[0])
        if c < 0:
            raise PositionError(f"square {s}: {token!r} names no colour of this game (colours: {initials})",
                                rule="CC-46" if token[0] == "N" else "CC-04")
        colour = c if token[0] != "N" else n
        rest = token[1:]
        if rest in ("", "!"):
            game.piece[s], game.broken[s] = SINGLE, rest == "!"
        elif rest == "D":
            game.piece[s] = DOUBLE
            doubles.setdefault(colour, []).append(s)
        elif rest == "T":
            game.piece[s] = TOWER
            towers.setdefault(colour, []).append(s)
        elif rest in ("D!", "T!"):
            raise PositionError(f"square {s}: {token!r}: doubles and towers cannot be broken", rule="CC-31")
        else:
            raise PositionError(f"square {s}: {token!r} is not a wall token")
        game.occ[s] = colour
        game.n_empty -= 1
        pr = game.wall.province_of[s]
        game.empty_in[pr] -= 1
    for pr, left in enumerate(game.empty_in):
        game.completed[pr] = left == 0
    for s in range(size):
        if game.broken[s] and not game.completed[game.wall.province_of[s]]:
            # only a Traitor breaks a block, when the completed province it lies in is scored
            raise PositionError(f"square {s}: a broken block in a province that is not completed", rule="CC-30")
    for c, squares in towers.items():
        if len(squares) > 1:
            raise PositionError(f"{game.player_names[c]} has {len(squares)} towers on the wall; each player has "
                                "one", rule="CC-03")
        for q in game.wall.neighbours(squares[0]):
            if game.piece[q] == TOWER:
                raise PositionError(f"towers on squares {squares[0]} and {q} stand side by side", rule="CC-12")
        game.towers[c] = 0
    for c, squares in doubles.items():
        if len(squares) != 2 or game.wall.right[squares[0]] != squares[1]:
            raise PositionError(f"{game.player_names[c]}'s double must cover two contiguous squares, not "
                                f"{squares}", rule="CC-09")
        game.doubles[c] = 0
    for s, c in enumerate(game.reserved):
        if c >= 0 and not any(game.piece[q] == TOWER and game.occ[q] == c for q in game.wall.neighbours(s)):
            raise PositionError(f"square {s} is reserved for {game.player_names[c]} but is not next to their tower",
                                rule="CC-13")
    for c in range(n):
        used = sum(1 for s in range(size) if game.occ[s] == c and game.piece[s] == SINGLE)
        if used > 14:
            raise PositionError(f"{game.player_names[c]} has {used} single blocks on the wall; each player has 14",
                                rule="CC-03")
        game.singles[c] = 14 - used
    neutral = sum(1 for s in range(size) if game.occ[s] == n)
    if neutral > 12:
        raise PositionError(f"{neutral} neutral blocks on the wall; there are 12", rule="CC-46")
    game.neutral_left = 12 - neutral if game.options.neutral_blocks else 0


def _cards(game, cards, used):
    seen: set[Any] = set()
    if not isinstance(cards, dict) or not isinstance(used, dict):
        raise PositionError("'cards' maps provinces to card lists and 'used_cards' colours to kinds")
    for province, names in cards.items():
        try:  # a key is a text (a whole-number key of a Python dict is read as its digits; int() took "٣")
            pr = read_whole(province)
        except ValueError:
            raise PositionError(f"'cards': {province!r:.80} is not a province number") from None
        if not 0 <= pr < game.wall.provinces:
            raise PositionError(f"'cards': there is no province {pr} in play")
        if game.completed[pr]:
            raise PositionError(f"province {pr} is completed; it holds no face-down cards", rule="CC-07")
        for name in names:
            words = str(name).lower().split()
            if len(words) != 2 or words[1] not in KINDS:
                raise PositionError(f"'cards': {name!r} is not '<colour> <kind>' (kinds: {', '.join(KINDS)})")
            p = _colour(game, words[0], "cards", neutral=False)
            _take(game, seen, p, words[1])
            game.cards_in[pr].append((p, words[1]))
            game.card_at[p, words[1]] = pr
    for colour, kinds in used.items():
        p = _colour(game, colour, "used_cards", neutral=False)
        for kind in kinds:
            if kind not in KINDS:
                raise PositionError(f"'used_cards': {kind!r} is not a card (kinds: {', '.join(KINDS)})")
            _take(game, seen, p, kind)


def _take(game, seen, p, kind):
    if (p, kind) in seen:
        raise PositionError(f"{game.player_names[p]}'s {kind} appears twice; each player has one of each card",
                            rule="CC-03")
    seen.add((p, kind))
    game.hand[p].remove(kind)
