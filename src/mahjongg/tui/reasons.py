"""What the table's keys do, and why a claim key does nothing now.

:data:`KEYS` lists every key of the terminal game (``?`` shows it);
:func:`why_not` words why ``m``, ``p``, ``c`` or ``k`` is not possible at
this moment ("no kong: you hold no four of a kind"), from what the human's
seat may see (its observation) and its legal actions.
"""

from __future__ import annotations

from collections import Counter

from ..decomposition import is_complete
from ..table.actions import ActionKind
from ..table.describe import ACTION_WORDS
from ..table.phase import Phase
from ..tiles import Wind

__all__ = ["KEYS", "why_not"]

KEYS: tuple[tuple[str, str], ...] = (
    ("← →", "choose a tile of your hand (or click it)"),
    ("Enter, d", "discard the chosen tile (or click it again)"),
    ("1-8", "the numbered choice shown: a claim, a kong, a bonus tile ..."),
    ("m", "Mah-Jongg: on your draw, or on a discard"),
    ("p", "pung the discard (two of it in your hand)"),
    ("c", "chow the discard (the next player only)"),
    ("k", "kong: a discard, four of a kind held, or a fourth tile on a pung"),
    ("x, space", "pass: let the discard go"),
    ("w", "wash the tiles (where the ruleset has washing)"),
    ("o", "declare Original Call, discarding the chosen tile (dmjl, bmja: first discard only)"),
    ("h", "hint: the best discards, or whether to claim (mahjongg advise's advice), and how far from ready"),
    ("g", "tile glyphs on or off"),
    ("?", "these keys"),
    ("q", "save and quit (mahjongg play --resume goes on)"),
    ("↑↓ PgUp PgDn", "on the score screen: scroll"),
    ("Enter, n", "on the score screen: the next hand"),
)
"""Every key of the terminal game and what it does."""

_NAMES = {w: w.name.capitalize() for w in Wind}


def why_not(kind: str, session) -> str:
    """Why the human cannot ``kind`` (``"mahjongg"``, ``"pung"``, ``"chow"``,
    ``"kong"``, ``"wash"``, ``"original_call"``) now, in one line for the prompt."""
    word = ACTION_WORDS[ActionKind(kind.replace("_", "-"))].noun  # the one table of the actions in words
    game = session.game
    if session.human is None:
        return "you are watching: the bots play every seat"
    if game.is_over:
        return "the hand is over"
    if kind == "wash":
        rules = session.match.ruleset
        if not rules.washes_tiles:
            return f"no washing: {rules.title} has no washing of the tiles"
        return "no washing now: it is offered only before East's first discard, to an original hand the rules let wash"
    if kind == "original_call":
        rules = session.match.ruleset
        if not rules.may_declare_original_call(False):
            return f"no Original Call: {rules.title} has no such declaration"
    legal = session.human_legal()
    if not legal:
        who = ", ".join(_NAMES[w] for w in game.to_act())
        return f"no {word} now: it is not your turn" + (f" (waiting for {who})" if who else "")
    obs = session.observation()
    if kind == "original_call":
        return _no_original_call(obs)
    held = Counter(obs.concealed)
    if obs.phase == Phase.CLAIMS:
        return _on_a_discard(kind, word, obs, held)
    if kind in ("pung", "chow"):
        return f"no {word} now: a {word} claims another player's discard; on your turn you discard (Enter)"
    if kind == "kong":
        if any(n == 4 for n in held.values()):
            return "no kong now: the rules allow none at this point of the hand"
        pungs = [m for m in obs.melds[obs.seat] if m.is_pung_or_kong and len(m.tiles) == 3 and m.exposed]
        more = " and no fourth tile for an exposed pung" if pungs else ""
        return f"no kong: you hold no four of a kind{more}"
    counts = [0] * 34
    for t, n in held.items():
        if int(t) < 34:
            counts[int(t)] = n
    sets = 4 - len(obs.melds[obs.seat])
    if is_complete(counts):
        return f"no Mah-Jongg: your hand is complete, but {session.match.ruleset.name} does not let it be declared (too few faan?)"
    # what the concealed tiles still have to make, not what they are (issue 28)
    return f"no Mah-Jongg: your concealed tiles do not yet make the {sets} set{'s' * (sets != 1)} and a pair a win needs"


def _no_original_call(obs) -> str:
    """Why a seat to act may not declare Original Call (a ruleset that has it)."""
    if obs.seat in obs.original_call:
        return "you have declared Original Call: discard the tile you draw, or go Mah-Jongg with it"
    if obs.phase == Phase.CLAIMS:
        return "no Original Call now: it is declared on your turn, with your first discard"
    if any(who == obs.seat for who, _, _ in obs.discard_history):
        return "no Original Call now: it is declared with your first discard only"
    return "no Original Call: no discard leaves your hand one tile from Mah-Jongg"  # fits 80 columns


def _on_a_discard(kind: str, word: str, obs, held: Counter) -> str:
    tile, frm = obs.last_discard, obs.last_discarder
    if tile is None or frm is None:
        return f"no {word} now: the original hands may wash the tiles (w) or pass (x)"
    n = held.get(tile, 0)
    if kind == "pung":
        return f"no pung of {tile}: you hold {n} of it, a pung takes two" if n < 2 else f"no pung of {tile} now"
    if kind == "kong":
        return f"no kong of {tile}: you hold {n} of it, a kong on a discard takes three" if n < 3 else f"no kong of {tile} now"
    if kind == "chow":
        nxt = Wind((int(frm) + 1) % 4)
        if obs.seat != nxt:
            return f"no chow: only the next player ({_NAMES[nxt]}) may chow {_NAMES[frm]}'s discard"
        if int(tile) >= 27:
            return f"no chow of {tile}: winds and dragons make no chow"
        return f"no chow of {tile}: you hold no two tiles that run with it"
    return f"no Mah-Jongg on {tile}: it does not complete your hand"
