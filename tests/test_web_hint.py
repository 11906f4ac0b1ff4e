"""The browser's hint (h): a seat's view in its turn carries the discard advisor's line, from its own observation."""

from __future__ import annotations

from mahjongg.bots.advisor import advice_line
from mahjongg.table.actions import ActionKind

from test_web_table import human_to_act, table


def test_the_view_in_ones_turn_carries_the_advisors_best_discards():
    t, clock, conns = table(humans=1)
    for _ in range(200):
        g = t.game
        p, s = human_to_act(t)
        if p is not None and any(a.kind is ActionKind.DISCARD for a in g.legal_actions(s)):
            break
        if p is not None:  # a claim to answer: pass
            t.act(p, {"kind": "pass", "tile": str(g.legal_actions(s)[0].tile), "chow": None})
    assert "hint" not in t.view(p)  # worked out only for a player who asks for it (h)
    t.handle(p, {"type": "hint", "on": True})
    view = conns[p].got[-1]  # sent at once
    assert {k: x for k, x in view.items() if k != "deadline"} == {k: x for k, x in t.view(p).items() if k != "deadline"}
    # the same line mahjongg play's h shows, from this seat's observation only
    assert view["hint"] == advice_line(g.observation(s))
    assert view["hint"].startswith("best discards: ")
    first = view["hint"].split(": ", 1)[1].split(" ", 1)[0]
    assert {"tile": first} in [{"tile": x["tile"]} for x in view["legal"] if x["kind"] == "discard"]
