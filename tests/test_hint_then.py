"""The claim hint's "then discard X" is what the master will discard on that turn, so the next
turn's hint (the same advisor, on the hand after the claim) names X first.

Before, the claim hint took X from the master's ranking of the discards by value while its turn
may build a high hand instead (a rule that overrides the ranking far from waiting): four masters
playing pung-chow at deal seeds 0-29 showed 14 of 151 such claims whose next turn's hint named
another discard (the first at seed 1: "then discard N", next turn "best discards: 6b ... building a
high hand"). Seeds 1, 2 and 12 held such claims."""

import re

from mahjongg.bots import make_bot
from mahjongg.bots.advisor import hint_line
from mahjongg.rules import get_ruleset
from mahjongg.table import Game
from mahjongg.table.actions import ActionKind


def test_the_claim_hint_names_the_discard_of_the_next_turn():
    checked = 0
    for seed in (1, 2, 12):
        g = Game(get_ruleset("pung-chow"), seed=seed)
        bots = {s: make_bot("master", seed) for s in g.seats}
        pending = {}  # seat -> (the claim hint's discard, the seat's melds before the claim)
        while not g.is_over:
            seat = next(s for s in g.seats if g.legal_actions(s))
            legal = g.legal_actions(seat)
            o = g.observation(seat)
            if seat in pending and o.phase == "turn" and o.turn == seat:
                then, melds = pending.pop(seat)
                if len(o.melds[seat]) == melds + 1 and o.drawn is None:  # the turn right after the claim
                    assert re.match(r"best discards: (\S+)", hint_line(o, legal)).group(1) == then, (seed, o.concealed)
                    checked += 1
            if o.phase == "claims" and len(legal) > 1:
                m = re.match(r"best: (?:pung|chow) .*?then discard (\S+)", hint_line(o, legal))
                if m:
                    pending[seat] = (m.group(1), len(o.melds[seat]))
            g.apply(bots[seat].act(o, legal))
    assert checked >= 6
