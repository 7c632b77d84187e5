"""Where each rule of Dschingis Khan: Bewegung an der Großen Mauer fires.

The moments ``greatwall_kit.rules.example`` shows, written by ``python tools/find_rule_examples.py``; the form
of an entry is described in ``greatwall_kit/rules.py``.
"""

EXAMPLES = {'DK-01': ('setup', 2, '', 0, 0, None),
 'DK-02': ('step', 2, '', 8, 9, 'wall (7,3)-(8,3)'),
 'DK-03': ('setup', 2, '', 0, 0, None),
 'DK-04': ('setup', 2, '', 0, 0, None),
 'DK-05': ('event', 2, '', 0, 5, 'scout 17'),
 'DK-06': ('event', 2, '', 1, 9, 'wall (2,3)-(2,4)'),
 'DK-07': ('event', 2, '', 0, 6, 'take tile'),
 'DK-08': ('refusal', 2, '', 1, 15, 'take tile'),
 'DK-09': ('event', 2, '', 10, 120, 'lay chinese'),
 'DK-10': ('event', 2, '', 4, 68, 'enter 28'),
 'DK-11': ('event', 2, '', 0, 9, 'lay mongol'),
 'DK-12': ('event', 2, '', 19, 8, 'track 9'),
 'DK-13': ('event', 2, '', 13, 16, 'gate (4,2)-(5,2)'),
 'DK-14': ('event', 2, '', 0, 8, 'climb (1,3)-(2,3) (5,2)-(6,2) 20'),
 'DK-15': ('step', 2, '', 2, 123, 'gate (1,2)-(1,3)'),
 'DK-16': ('event', 2, '', 18, 133, 'discard'),
 'DK-17': ('event', 2, '', 15, 11, 'lay farmer'),
 'DK-18': ('event', 2, '', 0, 9, 'lay mongol'),
 'DK-19': ('event', 2, '', 4, 64, 'retreat'),
 'DK-20': ('event', 2, '', 1, 8, 'wall (4,3)-(5,3)'),
 'DK-21': ('refusal', 2, '', 1, 9, 'pass'),
 'DK-22': ('event', 2, '', 10, 48, 'wall (2,2)-(3,2)'),
 'DK-23': ('event', 2, '', 9, 12, 'wall (4,3)-(5,3)'),
 'DK-24': ('event', 2, '', 1, 21, 'wall (6,2)-(6,3)'),
 'DK-25': ('event', 2, '', 17, 75, 'wall (0,3)-(1,3)'),
 'DK-26': ('refusal', 2, '', 3, 21, 'wall (3,1)-(3,2)'),
 'DK-27': ('event', 2, '', 8, 9, 'wall (7,3)-(8,3)'),
 'DK-28': ('event', 2, '', 6, 110, 'take wall'),
 'DK-29': ('event', 2, '', 13, 138, 'wall (6,2)-(7,2)'),
 'DK-30': ('event', 2, '', 2, 82, 'take wall'),
 'DK-31': ('event', 2, '', 6, 126, 'wall (2,1)-(3,1)'),
 'DK-32': ('event', 2, '', 6, 126, 'wall (2,1)-(3,1)'),
 'DK-33': ('event', 2, '', 6, 126, 'wall (2,1)-(3,1)'),
 'DK-34': ('event', 2, '', 6, 126, 'wall (2,1)-(3,1)'),
 'DK-35': ('event', 3, 'small rectangle', 17, 176, 'discard'),
 'DK-36': ('event', 2, '', 6, 126, 'wall (2,1)-(3,1)')}

READINGS = {'DK-12': ('event', 2, 'branch walls do not block tracks', 19, 8, 'track 9')}
