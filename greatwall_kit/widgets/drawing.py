"""What a view draws for one viewer, read from the game through the protocol: log sentences, the private panel,
the rule behind each move, and what changed on the board since a moment.

Nothing here decides a rule: a move's rule is the rule the engine cites when that move is played on a copy.
"""

import html
import re
import xml.etree.ElementTree as ET
from typing import Any

from ..engine.errors import GreatWallError
from ..engine.rules import lookup

__all__ = ["TEACHER", "SPECTATOR", "viewer_of", "log_entries", "private_panel", "move_notes", "rule_texts",
           "rule_citation", "changes", "drawn", "plain", "element_name", "status", "split_key"]

TEACHER, SPECTATOR = "teacher", "spectator"


def viewer_of(perspective):
    """The player a perspective sees as (``None`` for the teacher and a spectator)."""
    return perspective if isinstance(perspective, int) else None


def log_entries(game, perspective):
    """Every event ``perspective`` may read, oldest first, as ``[sentence, rule, decision, why]``; ``why``: the event
    says why something a player set up does not happen (its kind's :attr:`~greatwall_kit.engine.log.EventKind.why`).

    A player reads their own secret events as the rules wrote them ("You see threat -2 in region 5."); the
    teacher reads everyone's, each marked with whose it is and never addressed as "you".

    >>> from greatwall_kit import new_game
    >>> game = new_game("great_wall_of_china", seed=7)
    >>> [e[0] for e in log_entries(game, "teacher") if "starting hand" in e[0]][:1]
    ["(Red only) Red's starting hand: 3 Walls, 1 Watchtower, 1 Infantry."]
    >>> [e[0] for e in log_entries(game, 1) if "starting hand" in e[0]]
    ["Yellow's starting hand: 3 Walls, 1 Infantry, 1 Cavalry."]
    """
    viewer, names = viewer_of(perspective), game.player_names
    out = []
    for event in game.log:
        if perspective == TEACHER or event.visible_to(viewer):
            kind = event.kind
            out.append([for_viewer(event, viewer, names), event.rule, event.decision, kind is not None and kind.why])
    return out


def for_viewer(event, viewer, names):
    """An event's sentence as ``viewer`` reads it: a secret of other players is named as theirs.

    >>> from greatwall_kit.engine.log import Event
    >>> print(for_viewer(Event("You see threat -2 in region 5.", "CC-16", private_to=(1,)), None, ["Red", "Green"]))
    (Green only) Green sees threat -2 in region 5.
    >>> print(for_viewer(Event("You placed your flood in province 2.", "CC-28", private_to=(0,)), None, ["Red"]))
    (Red only) Red placed their flood in province 2.
    >>> print(for_viewer(Event("You see threat -2 in region 5.", "CC-16", private_to=(1,)), 1, ["Red", "Green"]))
    You see threat -2 in region 5.
    """
    sentence, owners = event.sentence, event.private_to
    if owners is None or (viewer is not None and viewer in owners):
        return sentence
    whose = " and ".join(names[p] for p in owners)
    if sentence.startswith("You "):  # the rules address a secret to its owner; anyone else reads it in the third person
        verb, _, rest = sentence[4:].partition(" ")
        sentence = f"{whose} {_third_person(verb)} {rest}".replace(" your ", " their ")
    return f"({whose} only) {sentence}"


def _third_person(verb):
    if verb.endswith("ed") or verb in ("saw", "drew", "took", "chose", "kept", "held", "laid", "had"):
        return verb
    return verb + ("es" if verb.endswith(("s", "sh", "ch", "x", "o")) else "s")


def private_panel(game, perspective):
    """What only the viewer knows (the teacher: every player's), as ``[{"player": name, "lines": [...]}]``."""
    if perspective == SPECTATOR:
        return []
    players = range(game.players) if perspective == TEACHER else [perspective]
    out = []
    for p in players:
        lines = game.private_lines(p)
        if lines is None:
            lines = [f"{key.replace('_', ' ')}: {plain(value)}" for key, value in game.view(p)["private"].items()]
        if lines:
            out.append({"player": game.player_names[p], "lines": lines})
    return out


def plain(value):
    """A view's value as short text: ``{0: -2, 4: -3}`` reads ``0: -2, 4: -3``.

    >>> plain({"wall": 2, "gate": 0}), plain([3, 5]), plain([]), plain(None)
    ('wall: 2, gate: 0', '3, 5', 'none', 'none')
    """
    if isinstance(value, dict):
        return ", ".join(f"{k}: {plain(v)}" for k, v in value.items()) or "none"
    if isinstance(value, (list, tuple)):
        return ", ".join(plain(v) for v in value) or "none"
    return "none" if value is None else str(value)


def move_notes(game, moves):
    """``{move text: (rule ID, what it does, its button's words)}`` for the buttons, targets and choices and their
    tooltips: the game's own :meth:`~greatwall_kit.engine.Game.describe` of each legal move (the view computes no
    rule and names no card).

    >>> from greatwall_kit import new_game
    >>> game = new_game("chang_cheng", seed=1)
    >>> move_notes(game, game.legal_moves()[:1])
    {'single 0': ('CC-06', 'Place a single block on square 0 (province 0).', 'single 0')}
    >>> move_notes(new_game("the_great_wall", seed=1), ["general g4"])["general g4"][2]
    'keep River Warden (g4)'
    """
    return {str(move): tuple(game.describe(move)) for move in moves}


def rule_texts(ids):
    """``{rule ID: the kit's one-line summary}`` for the IDs given (unknown IDs left out)."""
    out = {}
    for rule_id in ids:
        if rule_id and rule_id not in out:
            try:
                out[rule_id] = lookup(rule_id).text
            except KeyError:
                continue
    return out


def changes(before, after):
    """``{key: "added" or "changed"}`` for the elements ``after`` draws differently from ``before``.

    ``before`` and ``after`` are :func:`drawn` of two plain pictures; elements drawn only in ``before`` (gone
    now) cannot be marked on ``after`` and are left out.
    """
    return {key: "changed" if key in before else "added"
            for key, drawing in after.items() if before.get(key) != drawing}


def drawn(svg):
    """``{element key: what draws it}`` for a picture: equal for two pictures exactly where
    :func:`~greatwall_kit.engine.graphs.changed_elements` finds an element unchanged (a test holds them to it).

    The same comparison without writing each element back to text (about four times faster, and a board view
    compares two pictures at every click); ``{}`` if the picture cannot be read.

    >>> a = '<svg xmlns="http://www.w3.org/2000/svg"><g data-element="v1"><circle r="3"/></g></svg>'
    >>> drawn(a) == drawn(a), drawn(a) == drawn(a.replace('r="3"', 'r="4"'))
    (True, False)
    """
    try:
        root = ET.fromstring(svg)
    except ET.ParseError:
        return {}
    # every node's hash once, children first (a nested element is read once, not once per element around it)
    whole: dict[Any, int]
    whole, order, stack = {}, [], [root]
    while stack:
        node = stack.pop()
        order.append(node)
        stack.extend(node)
    for node in reversed(order):
        whole[node] = hash((node.tag, tuple(sorted(node.attrib.items())), node.text, node.tail,
                            tuple(whole[c] for c in node)))
    out: dict[str, list[int]] = {}
    for node in order:
        key = node.get("data-element")
        if key is not None:
            own = tuple(sorted((k, v) for k, v in node.attrib.items() if k != "data-element"))
            out.setdefault(key, []).append(hash((node.tag, own, node.text,
                                                 tuple(whole[c] for c in node if c.get("data-element") is None))))
    return {key: sorted(drawings) for key, drawings in out.items()}


def safe_picture(game, targets, highlight, known):
    """``game.picture(targets=..., highlight=...)``; marks on keys the picture refuses are dropped, not raised."""
    try:
        return game.picture(targets=targets, highlight=highlight)
    except GreatWallError:
        return game.picture(targets=targets, highlight={k: m for k, m in highlight.items() if k in known})


def element_name(game, key):
    """What the board calls element ``key``: its tooltip's words if the picture gives one, else its kind and number
    from the game's graph (``province 3``), else its label; the key follows in parentheses.

    >>> from greatwall_kit import new_game
    >>> element_name(new_game("chang_cheng", seed=1), "p3"), element_name(new_game("dschingis_khan", seed=1), "v0")
    ('province 3: reputation 3 (p3)', 'village 0 at (0, 0), Mongolia (v0)')
    >>> element_name(new_game("great_wall_of_china", seed=1), "Red")
    'Red: 0 tokens face down; their values count at the end (GW-23) (Red)'
    >>> element_name(new_game("the_great_wall"), "time:0")
    'Time track slot 0: 1 new Horde card each Spring, Lethality 1 (time:0)'
    """
    title = re.search(rf'data-element="{re.escape(html.escape(key))}"[^>]*><title>([^<]+)</title>', game.picture())
    if title:
        return f"{html.unescape(title.group(1))} ({key})"
    node = game.graph().nodes.get(key, {})
    kind, label, number = node.get("kind"), str(node.get("label", "")), split_key(key)[1]
    if kind and number is not None and kind not in label.lower():
        return f"{kind} {number} ({key})"
    if label and key not in label:
        return f"{label} ({key})"
    return f"{kind} {key}" if kind and kind not in key.lower() else repr(key)


def status(game, live):
    """A line saying where the game stands: ``decision 12; Red to act``, or who won."""
    when = f"decision {len(game.history)}" + ("" if live else " (looking back)")
    if game.is_over:
        winners = ", ".join(game.player_names[p] for p in game.winners())
        return f"{when}; game over ({game.result.reason}), won by {winners}"
    to_act = game.to_act
    return f"{when}; {game.player_names[to_act]} to act" if to_act is not None else when


def split_key(key):
    """``("s", 12)`` for ``"s12"``; ``(key, None)`` for a key without a number at its end."""
    head = key.rstrip("0123456789")
    tail = key[len(head):]
    return head, (int(tail) if tail else None)


def rule_citation(rule_id):
    """The kit's summary of a rule with its citation, or ``None`` for no rule or an unknown one."""
    if not rule_id:
        return None
    try:
        rule = lookup(rule_id)
    except (KeyError, ValueError):
        return None
    return f"{rule.text} ({rule.citation})"
