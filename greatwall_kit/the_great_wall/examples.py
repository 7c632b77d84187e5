"""Where each rule of The Great Wall fires.

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

EXAMPLES = {'TGW-01': ('setup', 1, '', 0, 0, None),
 'TGW-02': ('event', 1, '', 0, 1, 'advisor a15'),
 'TGW-03': ('setup', 1, '', 0, 0, None),
 'TGW-04': ('setup', 1, '', 0, 0, None),
 'TGW-05': ('setup', 1, '', 0, 0, None),
 'TGW-06': ('setup', 1, '', 0, 0, None),
 'TGW-07': ('setup', 1, '', 0, 0, None),
 'TGW-08': ('setup', 1, '', 0, 0, None),
 'TGW-09': ('event', 1, '', 0, 1, 'advisor a15'),
 'TGW-10': ('event', 1, '', 0, 1, 'advisor a15'),
 'TGW-11': ('event', 1, '', 7, 18, 'save 0'),
 'TGW-12': ('event', 1, '', 7, 18, 'save 0'),
 'TGW-13': ('event', 1, '', 7, 18, 'save 0'),
 'TGW-14': ('event', 1, '', 17, 21, 'shame soldier'),
 'TGW-15': ('event', 1, '', 5, 10, 'unshame 1'),
 'TGW-16': ('event', 1, '', 5, 10, 'unshame 1'),
 'TGW-17': ('event', 1, '', 0, 9, 'honor'),
 'TGW-18': ('event', 1, '', 0, 2, 'command muster'),
 'TGW-19': ('event', 1, '', 0, 2, 'command muster'),
 'TGW-20': ('event', 1, '', 5, 5, 'done'),
 'TGW-21': ('event', 1, '', 19, 17, 'fire 0 2'),
 'TGW-22': ('event', 1, '', 19, 17, 'fire 0 2'),
 'TGW-23': ('event', 1, '', 7, 18, 'save 0'),
 'TGW-24': ('event', 1, '', 15, 6, 'upgrade'),
 'TGW-25': ('event', 1, '', 9, 38, 'build barricade 0'),
 'TGW-26': ('event', 1, '', 15, 7, 'donate wood'),
 'TGW-27': ('event', 1, '', 0, 3, 'clerk barracks'),
 'TGW-28': ('event', 1, '', 18, 6, 'take'),
 'TGW-29': ('event', 1, '', 15, 4, 'activate lumber_camp'),
 'TGW-30': ('event', 1, '', 3, 3, 'spearman 2 3'),
 'TGW-31': ('event', 1, '', 1, 4, 'horseman 1 0 2'),
 'TGW-32': ('event', 1, '', 1, 3, 'archer 0 0 0'),
 'TGW-33': ('step', 1, '', 6, 4, 'spearman 0 0'),
 'TGW-34': ('event', 1, '', 6, 4, 'spearman 0 0'),
 'TGW-35': ('event', 1, '', 6, 4, 'spearman 0 0'),
 'TGW-36': ('event', 1, '', 17, 8, 'tactic t16'),
 'TGW-37': ('event', 1, '', 6, 5, 'save 0'),
 'TGW-38': ('step', 1, '', 0, 8, 'done'),
 'TGW-39': ('event', 1, '', 2, 15, 'fire 0 1'),
 'TGW-40': ('event', 1, '', 1, 20, 'save 0'),
 'TGW-41': ('event', 1, '', 17, 18, 'shame soldier'),
 'TGW-43': ('event', 1, '', 1, 19, 'shame soldier'),
 'TGW-44': ('event', 1, '', 2, 16, 'shame h07'),
 'TGW-45': ('event', 1, '', 9, 39, 'fire 0 0'),
 'TGW-46': ('event', 1, '', 6, 31, 'save 0'),
 'TGW-47': ('event', 1, '', 7, 26, 'save 1'),
 'TGW-48': ('event', 1, '', 6, 29, 'buy art6'),
 'TGW-49': ('event', 1, '', 7, 26, 'save 1')}

READINGS = {'TGW-18': ('event', 2, 'three Fall rounds', 0, 4, 'command decree'),
 'TGW-34': ('event', 1, 'other readings', 6, 4, 'spearman 0 0'),
 'TGW-39': ('event', 1, 'other readings', 2, 15, 'fire 0 1')}
