"""``mahjongg play``: the terminal game (Textual), a human against three bots.

``faces`` draws tiles, ``widgets`` the table, ``scorecard`` the end-of-hand
account, ``hints`` shanten and waits, ``app`` ties them together. The match
itself (the bots, the hands, saving as it goes) is the play layer's:
:class:`mahjongg.play.session.Session` on a :class:`mahjongg.play.journal.Journal`.
"""
