"""What a learned player reads and answers: the action table and the observation planes.

Below the bots and above the table (see ``docs/layers.md``): :mod:`.actions`
(one index per kind of decision of a ruleset) and :mod:`.encoding` (one
seat's :class:`~mahjongg.table.Observation` as a ``(46, kinds)`` NumPy
array). The RL envs (:mod:`mahjongg.rl`) and the ``learned`` bot
(:mod:`mahjongg.bots.learned`) both read them; ``docs/rl.md`` documents both.
:mod:`.encoding` needs NumPy; this package imports neither module itself.
"""
