"""The scoring page /score in headless Chromium at a phone's 390x844 (issue 18):
Example No. 8 entered by tapping tiles reads 184, the other three hands of the
deal are entered, the settlement read, the hand recorded; a reload finds the
evening's score sheet; every control lies inside the viewport; screenshots are
saved (MAHJONGG_SCREENSHOTS, else the test's tmp folder) for a person to look at.

The hands (scores from the CLI's scorer, worked out in tests/test_web_scoring_api.py):
South, Example No. 8 of seed 000, wins on a discarded 8c: 184. East holds an
exposed pung of his own wind: 4 doubled = 8; West an exposed pung of red
dragons: 4 doubled = 8; North an exposed pung of 9 characters: 4.
Settlement (seed 000): E -360, S +736, W -180, N -196.
"""

from __future__ import annotations

import csv
import io

import pytest

from browser_helpers import LiveServer  # noqa: E402
from test_web_replay_browser import SMALL_TARGETS  # noqa: E402
from test_web_browser import ARGS, CHROMIUM, SHOTS, pytestmark  # noqa: F401  (skips without chromium)

sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")

PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    """One server for the module's tests: /score keeps the evening in the browser
    (localStorage, each test's own context) and the server only scores, so no test
    sees another's."""
    srv = LiveServer(tmp_path_factory.mktemp("score") / "score.sqlite3")
    yield srv.base
    srv.stop()


def tap(page, into: str, tiles: list[str]) -> None:
    """Choose where tapped tiles go, then tap each tile of the palette."""
    page.click(f"#put [data-value={into}]")
    for t in tiles:
        page.click(f"#palette [data-tile='{t}']")


def card_score(page) -> str:
    page.wait_for_selector("#card-score")
    return page.text_content("#card-score strong")


def outside_viewport(page) -> list[str]:
    """The visible controls (buttons, inputs, selects, summaries) not wholly inside
    the viewport's width, and whether the page scrolls sideways."""
    return page.evaluate(
        """() => {
        const bad = [];
        const w = document.documentElement.clientWidth;
        if (document.documentElement.scrollWidth > w) bad.push('the page scrolls sideways: ' + document.documentElement.scrollWidth);
        for (const el of document.querySelectorAll('button, input, select, summary, a')) {
          const r = el.getBoundingClientRect();
          if (!r.width && !r.height) continue;  // hidden
          if (r.left < 0 || r.right > w + 0.5) bad.push((el.id || el.textContent.trim() || el.tagName) + ' ' + r.left + '..' + r.right);
        }
        return bad;
    }"""
    )


def test_score_a_deal_on_a_phone(live, tmp_path, browser):
    shots = SHOTS or tmp_path / "screenshots"
    shots.mkdir(parents=True, exist_ok=True)

    def shot(page, name):
        page.screenshot(path=str(shots / f"score-{name}.png"), full_page=True)

    context = browser.new_context(viewport=PHONE, accept_downloads=True)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    # from the lobby to the page
    page.goto(live + "/")
    page.click("#score-link")
    page.wait_for_selector("#palette .tile")
    assert outside_viewport(page) == []
    page.click("#players-box summary")
    for i, name in enumerate(["Ann", "Bob", "Cy", "Di"]):
        page.fill(f"#player-{i}", name)
    shot(page, "1-empty")

    # South: Example No. 8 by tapping tiles -- [WhWhWh] [444b] exposed, GGG
    # concealed, 888c (the pung the discarded 8c completes) and 55d
    page.click("#seats [data-seat=S]")
    page.check("#won")
    tap(page, "exposed", ["Wh"] * 3 + ["4b"] * 3)
    tap(page, "concealed", ["G"] * 3)
    tap(page, "rest", ["8c"] * 3 + ["5d"] * 2)
    page.click("#win-tiles [data-tile='8c']")
    page.click("#by [data-value=discard]")
    assert card_score(page) == "184"
    assert page.input_value("#notation") == "GGG 888c 55d [WhWhWh] [444b]"  # in step with the tiles
    assert outside_viewport(page) == []
    # every control a finger taps, the palette's tiles included, is at least 44 px on its smaller side (issue 30)
    bad = page.evaluate(SMALL_TARGETS, "button, select, input, summary")
    assert not bad, f"touch targets under 44 px on the scoring page: {bad}"
    shot(page, "2-example-8")

    # an impossible hand: the CLI's one-line reason next to the tiles
    page.fill("#notation", "[WhWhWh] [444b] [888c] GGG 55d")
    page.wait_for_function("() => document.getElementById('hand-error').textContent.includes('must be among the concealed')")
    assert page.locator("#groups .group.exposed").count() == 3  # the typed notation's groups
    assert page.text_content("#hand-error") == (
        "the winning tile 8c must be among the concealed tiles of 55d GGG [WhWhWh] [444b] [888c]"
        " (write it in the hand, not in a bracketed meld)"
    )
    shot(page, "3-impossible")
    page.click("#undo")  # back to the tapped hand
    assert card_score(page) == "184"

    # East: an exposed pung of his own wind; West: exposed red dragons (tapped);
    # North: typed
    page.click("#seats [data-seat=E]")
    tap(page, "exposed", ["E"] * 3)
    tap(page, "rest", "1b 2b 3b 4c 5c 6c 7d 8d 9d 9d".split())
    assert card_score(page) == "8"
    page.click("#seats [data-seat=W]")
    tap(page, "exposed", ["R"] * 3)
    tap(page, "rest", "2b 3b 4b 5c 6c 7c 1d 2d 3d 9d".split())
    assert card_score(page) == "8"
    page.click("#seats [data-seat=N]")
    page.fill("#notation", "[999c] 123b 456b 11d 34d")
    assert card_score(page) == "4"
    assert page.locator("#groups .group").count() == 4  # [999c], two chows, the rest

    page.click("#settle")
    page.wait_for_selector("#net")
    assert page.text_content("#net") == "net: E Ann -360, S Bob +736, W Cy -180, N Di -196"
    cells = page.locator("#payments tbody tr").all_inner_texts()
    assert [c.split() for c in cells] == [["E", "368", "0", "0"], ["S", "0", "0", "0"], ["W", "0", "184", "0"], ["N", "8", "184", "4"]]
    assert outside_viewport(page) == []
    shot(page, "4-settlement")

    # record it: South won, so the deal passes to Bob (seed 000: East keeps the
    # deal only when he wins)
    page.click("#record")
    assert "Hand 2 · East round · Bob deals" in page.text_content("#deal-title")

    # a reload finds the evening's sheet
    page.reload()
    page.wait_for_selector("#sheet td.num")
    row = page.locator("#sheet tbody tr").first
    assert row.locator("td").first.text_content() == "1 · East round · Ann deals"
    nets = [row.locator(f"td[data-player='{p}'] .net").text_content() for p in range(4)]
    assert nets == ["-360", "★ +736", "-180", "-196"]
    assert page.text_content("#seats [data-seat=E] .who") == "Bob"
    assert outside_viewport(page) == []
    shot(page, "5-sheet-after-reload")

    # the sheet as CSV
    with page.expect_download() as download:
        page.click("#csv")
    text = open(download.value.path(), encoding="utf-8").read()
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0][:8] == ["hand", "round", "ruleset", "East", "winner", "Ann score", "Ann net", "Ann total"]
    assert rows[1] == ["1", "East round", "pung-chow", "Ann", "Bob", "8", "-360", "-360", "184", "736", "736",
                       "8", "-180", "-180", "4", "-196", "-196"]
    assert errors == []


def test_hong_kong_offers_its_own_situation(live, tmp_path, browser):
    """Only what the ruleset can use: Hong Kong's Flowers and Seasons and robbing a
    kong appear, Pung Chow's do not; the issue-19 hand reads 128 (7 faan)."""
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(live + "/score")
    page.wait_for_selector("#palette .tile")
    page.check("#won")
    assert page.locator("#palette [data-tile='f1']").count() == 0
    assert page.locator("#by [data-value='robbed-kong']").count() == 0
    page.select_option("#ruleset", "hong-kong")
    page.wait_for_selector("#palette [data-tile='f1']")
    assert page.locator("#by [data-value='robbed-kong']").count() == 1
    page.click("#seats [data-seat=S]")
    page.check("#won")
    page.fill("#notation", "111b 999c [EEE] RRR 99d")
    page.click("#win-tiles [data-tile='9d']")
    assert card_score(page) == "128"
    assert "mixed terminals" in page.text_content("#card-items")
    tap(page, "rest", ["f2"])  # South's own Flower: no "no flowers", own flower 1 -> still 7
    assert page.input_value("#notation").endswith("f2")
    assert card_score(page) == "128"
    assert "own flower" in page.text_content("#card-items")
    assert outside_viewport(page) == []
    shots = SHOTS or tmp_path
    page.screenshot(path=str(shots / "score-6-hong-kong.png"), full_page=True)


def enter_scores(page, scores: dict, winner: str | None) -> None:
    """Type each seat's score (no tiles) and tick the winner."""
    for seat, value in scores.items():
        page.click(f"#seats [data-seat={seat}]")
        page.check("#score-only")
        page.fill("#manual-score", str(value))
        if seat == winner:
            page.check("#won")


def test_an_evening_rotates_east_and_the_rounds(live, browser):
    """East's rotation (seed 000 Part I, Procedure of play: East keeps the deal when he
    wins; a drawn hand is played again by the same East) and the round changing when
    the deal comes back to the first East; the others' scores typed, not tiled."""
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(live + "/score")
    page.wait_for_selector("#palette .tile")
    page.click("#players-box summary")
    for i, name in enumerate(["Ann", "Bob", "Cy", "Di"]):
        page.fill(f"#player-{i}", name)

    def settle_and_record(expected_net: str | None):
        page.click("#settle")
        if expected_net is None:
            page.wait_for_selector("#settle-why")
            assert page.text_content("#settle-why") == (
                "A drawn hand: nothing is paid (pung-chow: losers settle on a drawn hand: no)."
            )
        else:
            page.wait_for_selector("#net")
            assert page.text_content("#net") == expected_net
        page.click("#record")

    # hand 1, Ann deals, South (Bob) wins 20 with E 10, W 30, N 40 (seed 000): S
    # collects 20 from each, double from East: +80; the losers pay each other the
    # differences, East double: E pays W 40 and N 60, W pays N 10. E -40-40-60 = -140,
    # W -20+40-10 = +10, N -20+60+10 = +50.
    enter_scores(page, {"E": 10, "S": 20, "W": 30, "N": 40}, "S")
    settle_and_record("net: E Ann -140, S Bob +80, W Cy +10, N Di +50")
    assert page.text_content("#deal-title") == "Hand 2 · East round · Bob deals"
    # hand 2: East (now Bob) wins 50, the others 0: each pays him double, 100: +300;
    # he keeps the deal
    enter_scores(page, {"E": 50, "S": 0, "W": 0, "N": 0}, "E")
    settle_and_record("net: E Bob +300, S Cy -100, W Di -100, N Ann -100")
    assert page.text_content("#deal-title") == "Hand 3 · East round · Bob deals"
    # hand 3: nobody goes Mah-Jongg: Pung Chow settles nothing; the same East deals again
    enter_scores(page, {"E": 0, "S": 4, "W": 8, "N": 0}, None)
    settle_and_record(None)
    assert page.text_content("#deal-title") == "Hand 4 · East round · Bob deals"
    # hands 4-6: South wins each time, the deal passes Bob -> Cy -> Di -> Ann, back to
    # the first East: the South round begins
    for _ in range(3):
        enter_scores(page, {"E": 0, "S": 10, "W": 0, "N": 0}, "S")
        page.click("#settle")
        page.wait_for_selector("#net")
        page.click("#record")
    assert page.text_content("#deal-title") == "Hand 7 · South round · Ann deals"
    assert page.locator("#sheet tbody tr").count() == 6
    first = [page.locator("#sheet tbody tr").nth(i).locator("td").first.text_content() for i in (0, 2, 5)]
    assert first == ["1 · East round · Ann deals", "3 · East round · Bob deals · drawn", "6 · East round · Di deals"]
    # on a phone the sheet's rows are stacked without the head that names the columns:
    # each cell says whose it is (hand 1: Ann -140, Bob +80 and the win, Cy +10, Di +50)
    assert page.locator("#sheet thead").is_hidden()
    row = page.locator("#sheet tbody tr").first
    cells = [row.locator("td").nth(p + 1).inner_text() for p in range(4)]
    assert cells == ["Ann: -140\n= -140", "Bob: ★ +80\n= 80", "Cy: +10\n= 10", "Di: +50\n= 50"]
    for r in range(6):
        tds = page.locator("#sheet tbody tr").nth(r).locator("td")
        assert [tds.nth(p + 1).inner_text().split(":")[0] for p in range(4)] == ["Ann", "Bob", "Cy", "Di"]
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.locator("#sheet").scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / "phone-evening-sheet.png"))
    assert outside_viewport(page) == []


def test_hong_kong_losers_need_no_hand(live, browser):
    """Under a faan ruleset only the winner scores (seed 003 (12)): the losers' seats
    count 0 untouched; the discarder is asked for, since he pays double."""
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(live + "/score")
    page.wait_for_selector("#palette .tile")
    page.select_option("#ruleset", "hong-kong")
    page.click("#seats [data-seat=S]")
    page.check("#won")
    # [RRR] SSS 123b 456c 55d, South on a discarded 5d: dragon pung 1 + seat wind 1 +
    # no flowers 1 = 3 faan -> 8 points (tests/test_hong_kong_cli.py)
    page.fill("#notation", "[RRR] SSS 123b 456c 55d")
    page.click("#win-tiles [data-tile='5d']")
    assert card_score(page) == "8"
    assert page.is_disabled("#settle")
    assert "Who discarded the winning tile?" in page.text_content("#settle-status")
    page.select_option("#discarder", "N")
    # seed 003 (12b): the discarder pays double, 16; the others 8 each: +32
    page.click("#settle")
    page.wait_for_selector("#net")
    assert page.text_content("#net") == "net: E Player 1 -8, S Player 2 +32, W Player 3 -8, N Player 4 -16"


@pytest.mark.parametrize(
    "stored",
    [
        '{"entries": {}, "players": ["a"]}',  # passed the old check (entries and players present)
        '{"entries": 1, "players": 1}',
        '{"entries": {"E": {}}, "players": ["a", "b", "c", "d"], "sheet": 5}',
        '{"ruleset": "pung-chow", "players": ["A", "B", "C", "D"], "east": 0, "round"',  # cut off
    ],
)
def test_an_unreadable_stored_evening_starts_a_fresh_one(live, stored, browser):
    """An evening kept in the browser in another shape (an older page, an edited or
    cut-off value) broke every render ("Cannot read properties of undefined"): the
    page starts a fresh evening and keeps the old value aside, and scores as usual."""
    page = browser.new_context(viewport=PHONE).new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(live + "/score")
    page.wait_for_selector("#palette .tile")
    page.evaluate("(v) => localStorage.setItem('mahjongg:score:evening', v)", stored)
    page.reload()
    page.wait_for_selector("#palette .tile")
    assert "Hand 1 · East round · Player 1 deals" in page.text_content("#deal-title")
    assert page.evaluate("() => localStorage.getItem('mahjongg:score:evening:unreadable')") == stored
    # Example No. 8 of seed 000 Part I scores 184 on the fresh evening
    page.click("#seats [data-seat=S]")
    page.check("#won")
    page.fill("#notation", "[WhWhWh] [444b] GGG 888c 55d")
    page.click("#win-tiles [data-tile='8c']")
    assert card_score(page) == "184"
    assert errors == []


def test_a_score_typed_above_the_limit_is_settled_at_it_and_the_page_says_so(live, browser):
    """Issue 38: South's hand counted 500 under pung-chow-limit is settled as its 300
    limit (Harr, Pung Chow (1922), Part II, "The limit hand": non-winners "settle the
    difference in the score up to the limit ... up to double the limit if either is East
    Wind"): East, 0, pays South 600, West 300; North wins 20."""
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(live + "/score")
    page.wait_for_selector("#palette .tile")
    page.select_option("#ruleset", "pung-chow-limit")
    enter_scores(page, {"E": 0, "S": 500, "W": 0, "N": 20}, "N")
    page.click("#settle")
    page.wait_for_selector("#capped")
    assert page.text_content("#net").startswith("net: E ") and "+880" in page.text_content("#net")
    capped = page.text_content("#capped")
    assert capped.startswith("Capped: S counted 500, settled as 300 (the limit of pung-chow-limit): Harr, Pung Chow (1922), Part II")
    assert "settle the difference in the score up to the limit" in capped
    assert outside_viewport(page) == []


def test_a_claimed_kong_typed_is_scored_as_the_league_rules_read_it(live, browser):
    """docs/notation.md: <1111b> is a kong claimed from a discard onto a concealed pung.
    Kajongg's scoringtest case b1b1b1B1 RB2B3B4B5B6B7B8B8B2B2B2 fe fs fn fw LB3B2B3B4
    (DMJL): ConcealedTrueColorGame asks "x.isExposed and not x.isClaimedKong", so the
    hand, bamboo only, 3b drawn, is Concealed True Color Game, the limit: 500."""
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(live + "/score")
    page.wait_for_selector("#palette .tile")
    page.select_option("#ruleset", "dmjl")
    page.check("#won")
    page.fill("#notation", "<1111b> 22223456788b f1 f2 f3 f4")
    page.click("#win-tiles [data-tile='3b']")
    page.click("#by [data-value=wall]")
    page.wait_for_selector("#card-items :text('Concealed True Color Game')")
    assert card_score(page) == "500"
    assert "Concealed True Color Game" in page.text_content("#card-items")
    assert "claimed kong" in page.text_content("#groups")
    assert page.locator("#put [data-value=claimed]").count() == 0  # typed, not a palette choice
    assert outside_viewport(page) == []


def test_a_fifth_copy_is_named_as_the_command_line_names_it(live, browser):
    """Issue 39: typed 55555d, the page said only "5 tiles so far": a hand short of 13 is
    not sent. One with more copies of a tile than a set has is, and the page shows the
    server's words, the command line's (tests/test_cli_bad_input.py)."""
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(live + "/score")
    page.wait_for_selector("#palette .tile")
    page.fill("#notation", "55555d")
    page.wait_for_function("() => document.getElementById('hand-error').textContent.includes('copy 5')")
    assert page.text_content("#hand-error") == "5d at position 4: copy 5 of 5 dots, but a set has only 4"
    page.fill("#notation", "5555d")  # four copies: a hand still being typed, no error
    page.wait_for_function("() => document.getElementById('hand-error').textContent.includes('tiles so far')")
