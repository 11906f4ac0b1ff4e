"""``mahjongg play``: the terminal game (Textual), a human against three bots.

``faces`` draws tiles, ``widgets`` the table, ``scorecard`` the end-of-hand
account, ``hints`` shanten and waits, ``session`` drives the match and the
bots (no Textual), ``saving`` keeps the game in SQLite, ``app`` ties them
together.
"""
