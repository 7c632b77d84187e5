"""Where each rule of Great Wall of China fires.

The moments ``greatwall_kit.rules.example`` shows, written by ``python tools/find_rule_examples.py``; the form
of an entry is described in ``greatwall_kit/rules.py``.
"""

EXAMPLES = {'GW-01': ('step', 2, '', 1, 8, 'claim 1 8 5'),
 'GW-02': ('setup', 2, '', 0, 0, None),
 'GW-03': ('setup', 2, '', 0, 0, None),
 'GW-04': ('setup', 2, '', 0, 0, None),
 'GW-05': ('setup', 2, '', 0, 0, None),
 'GW-06': ('setup', 2, '', 3, 0, None),
 'GW-07': ('setup', 2, '', 0, 0, None),
 'GW-08': ('event', 2, '', 0, 0, 'play 1 infantry 3'),
 'GW-09': ('event', 2, '', 5, 0, 'play 1 cavalry 1'),
 'GW-10': ('step', 2, '', 15, 4, 'claim 1 4 3'),
 'GW-11': ('event', 2, '', 0, 4, 'claim 1 5 2'),
 'GW-12': ('event', 2, '', 16, 9, 'claim 1 5 3'),
 'GW-13': ('step', 2, '', 2, 10, 'draw'),
 'GW-14': ('step', 2, '', 15, 6, 'draw'),
 'GW-15': ('step', 2, '', 2, 4, 'claim 1 1 2'),
 'GW-16': ('step', 2, '', 9, 22, 'claim 2 1 3'),
 'GW-17': ('step', 2, '', 15, 4, 'claim 1 4 3'),
 'GW-18': ('event', 2, '', 13, 2, 'dragon 1 1'),
 'GW-19': ('step', 2, '', 15, 4, 'claim 1 4 3'),
 'GW-20': ('event', 2, '', 9, 67, 'play 2 wall 1'),
 'GW-21': ('event', 2, '', 15, 73, 'draw'),
 'GW-22': ('event', 5, 'infantry per section', 1, 184, 'claim 1 1 3'),
 'GW-23': ('event', 2, '', 9, 69, 'play 2 wall 1')}

READINGS = {'GW-09': ('event', 2, 'cavalry group', 5, 0, 'play 1 cavalry 1'),
 'GW-16': ('step', 2, 'infantry per section', 0, 3, 'play 1 watchtower 1'),
 'GW-18': ('event', 2, 'covered infantry keeps its place', 13, 2, 'dragon 1 1'),
 'GW-21': ('event', 2, 'one final round', 15, 73, 'draw'),
 'GW-22': ('event', 3, 'last pair drawn', 15, 109, 'claim 1 5 2')}
