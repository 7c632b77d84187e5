"""Where each rule of Chang Cheng fires.

The moments ``greatwall_kit.rules.example`` shows.

Written by ``python tools/find_rule_examples.py`` (a search run once, offline; rerun it when a rule changes). Each
entry is ``(how, players, variant, seed, decisions, move)``: a new game of ``players`` with the named ``variant``
(``""``: the rulebook's options; a dict: those options) and ``seed`` plays ``decisions`` random moves as
``greatwall_kit.engine.playout.play_randomly(game, seed)`` picks them; then ``move`` (its text) is the moment:
``how`` says whether the rule is cited by the move's events (``"event"``), by a step of what the move resolves
(``"step"``), by its refusal (``"refusal"``), or by the set-up (``"setup"``: no move). ``READINGS`` holds the
moment under the other reading of a rule a named variant changes (an entry, or the ID of the rule that is the other
reading).
"""

EXAMPLES = {'CC-01': ('setup', 2, '', 0, 0, None),
 'CC-02': ('setup', 2, '', 0, 0, None),
 'CC-03': ('setup', 2, '', 0, 0, None),
 'CC-05': ('refusal', 2, '', 1, 3, 'double 0'),
 'CC-06': ('event', 2, '', 0, 2, 'single 5'),
 'CC-07': ('event', 2, '', 1, 2, 'card traitor 1'),
 'CC-08': ('event', 2, '', 3, 3, 'single 20'),
 'CC-09': ('event', 2, '', 6, 2, 'double 1'),
 'CC-10': ('event', 2, '', 6, 2, 'double 1'),
 'CC-12': ('event', 2, '', 5, 2, 'tower 10'),
 'CC-13': ('event', 2, '', 5, 3, 'reserve 11'),
 'CC-16': ('event', 2, '', 0, 1, 'peek 2'),
 'CC-17': ('event', 2, '', 0, 0, 'single 12'),
 'CC-19': ('event', 2, '', 16, 29, 'single 19'),
 'CC-20': ('event', 2, '', 16, 29, 'single 19'),
 'CC-21': ('event', 2, '', 10, 29, 'peek 4'),
 'CC-22': ('event', 2, '', 10, 29, 'peek 4'),
 'CC-23': ('event', 2, '', 10, 29, 'peek 4'),
 'CC-24': ('event', 2, '', 9, 38, 'nopeek'),
 'CC-25': ('event', 2, '', 14, 30, 'nopeek'),
 'CC-26': ('refusal', 2, '', 1, 44, 'flood plus'),
 'CC-27': ('event', 2, '', 16, 30, 'swap 19 22'),
 'CC-28': ('event', 2, '', 1, 2, 'card traitor 1'),
 'CC-29': ('event', 2, '', 14, 31, 'cancel green mandarin'),
 'CC-30': ('event', 2, '', 18, 36, 'remove 3'),
 'CC-31': ('event', 2, '', 14, 42, 'break 6'),
 'CC-32': ('event', 2, '', 12, 33, 'flood plus'),
 'CC-33': ('event', 2, '', 8, 39, 'builder value'),
 'CC-34': ('event', 2, '', 19, 32, 'break 18'),
 'CC-35': ('event', 2, '', 16, 30, 'swap 19 22'),
 'CC-36': ('event', 2, '', 16, 39, 'board right'),
 'CC-37': ('event', 2, '', 16, 39, 'board right'),
 'CC-39': ('event', 2, '', 16, 39, 'board right'),
 'CC-40': ('event', 2, '', 2, 67, 'single 34'),
 'CC-41': ('event', 2, '', 2, 67, 'single 34'),
 'CC-42': ('event', 2, '', 2, 67, 'single 34'),
 'CC-43': ('event', 2, '', 2, 67, 'single 34'),
 'CC-44': ('event', 2, '', 12, 71, 'peek 6'),
 'CC-45': ('event', 2, '', 2, 67, 'single 34'),
 'CC-46': ('event', 2, 'neutral blocks', 1, 4, 'neutral 20'),
 'CC-47': ('refusal', 2, 'neutral blocks', 1, 4, 'neutral 8'),
 'CC-49': ('setup', 2, 'review rules', 0, 0, None),
 'CC-50': ('event', 2, 'events drawn', 7, 47, 'single 9'),
 'CC-51': ('event', 2, {'events': 'random'}, 0, 72, 'swap 14 20'),
 'CC-52': ('event', 2, 'events', 7, 47, 'single 9'),
 'CC-53': ('event', 2, 'events', 0, 1, 'tower 14'),
 'CC-V1': ('refusal', 2, 'review rules', 0, 0, 'single 22'),
 'CC-V3': ('event', 2, 'review rules', 15, 33, 'discard red 0'),
 'CC-V4': ('event', 3, 'review rules', 2, 43, 'swap 11 19'),
 'CC-V5': ('event', 2, 'review rules', 16, 73, 'nopeek')}

READINGS = {'CC-24': ('step', 2, 'review rules', 12, 41, 'builder value'),
 'CC-29': 'CC-V3',
 'CC-35': 'CC-V4',
 'CC-51': ('event', 2, 'events drawn', 14, 48, 'single 28')}
