"""Every bot plays two, three and four players on every ruleset (issue 24, item 1).

``expert`` once raised a bare ``StopIteration`` at any table of two: it looked
for a third seat to compare "off my discard" with "off another's". Here each
bot of :data:`mahjongg.bots.BOTS` takes every seat of one short hand per
ruleset and player count, through the :class:`~mahjongg.play.session.Session`
that ``simulate``, ``play`` and the web table drive. What is checked holds for
any hand: it ends (a win or a draw), every seat is paid, and the payments sum
to zero (chips only change hands).
"""

import pytest

from mahjongg.bots import BOTS, BotError
from mahjongg.bots.learned import shipped_rulesets
from mahjongg.bots.expert import NOT_WON_OTHERWISE, discard_cost
from mahjongg.rules import RULESETS
from mahjongg.simulate import play_hand
from mahjongg.tiles import Wind


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("ruleset", sorted(RULESETS))
@pytest.mark.parametrize("bot", sorted(BOTS))
def test_bot_plays_every_table(bot, ruleset, players):
    if bot == "learned" and ruleset not in shipped_rulesets():
        # the learned bot plays the rulesets its weights were trained for; elsewhere it says so
        with pytest.raises(BotError, match=f"the learned bot has no weights for {ruleset}"):
            play_hand([bot] * players, seed=24_000 + players, index=1, ruleset=ruleset, run_seed=24)
        return
    # the hand's seed and index are arbitrary; index 1 puts the second player in East
    out = play_hand([bot] * players, seed=24_000 + players, index=1, ruleset=ruleset, run_seed=24)
    assert len(out.seats) == len(out.net) == players
    assert sum(out.net) == 0
    assert out.winner is None or 0 <= out.winner < players
    assert out.reason and out.actions > 0


def test_expert_discard_cost_at_a_table_of_two():
    """At a table of two the expert weighs a win off its discard against a
    self-drawn one, there being no third seat to discard. Worked by hand for a
    win of 40 by South, East losing (payments are per loser, and here there is
    one loser):

    - Pung Chow: East "must pay double stakes when he loses" (Harr, *Pung Chow*
      (1922), Part I, seed 000), however the hand is won: 80 and 80.
    - Hong Kong: "the player who discards the winning tile has to pay double";
      "if the player picks a winning tile from the Wall, every player has to pay
      double" (seed 003, "Basic scoring" b, c): 80 and 80.

    So the discard costs nothing over the self-drawn win, only the chance that
    South would not have won at all (neither book settles a drawn hand): that
    chance times 80.
    """
    for name in ("pung-chow", "hong-kong"):
        cost = discard_cost(RULESETS[name], Wind.EAST, Wind.SOUTH, (Wind.EAST, Wind.SOUTH), 40)
        assert cost == NOT_WON_OTHERWISE * 80, name
