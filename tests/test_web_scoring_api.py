"""The scoring page's API (issue 18): ``POST /api/score`` answers exactly what
``mahjongg score --json`` prints for the same fields, ``POST /api/settle`` what
``mahjongg settle --json`` prints; a bad request is a 400 with the command's
one-line reason; ``GET /api/score/rulesets`` says what each ruleset can use."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from mahjongg.cli import app as cli  # noqa: E402
from mahjongg.scoring_requests import ScoreRequest, SettleRequest, in_fields  # noqa: E402
from mahjongg.web import create_app  # noqa: E402

FIELDS = {"score": ScoreRequest.FIELDS, "settle": SettleRequest.FIELDS}

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

runner = CliRunner()


@pytest.fixture
def client(tmp_path):
    # the rate limit is tested in test_web_open.py; here one client (the property
    # test below, 30 examples on one client) asks more than a person would
    with TestClient(create_app(tmp_path / "web.sqlite3", limits={"score_burst": 10_000})) as c:
        yield c


def cli_args(command: str, fields: dict) -> list[str]:
    """The command line of the same request: ``hand`` the argument, each other
    field its option (``last_tile`` -> ``--last-tile``; a flag only when true)."""
    args = [command]
    for name, value in fields.items():
        if name == "hand":
            args.insert(1, value)
        elif value is True:
            args.append("--" + name.replace("_", "-"))
        elif isinstance(value, dict):  # settle's scores as an object
            args += ["--" + name, ",".join(f"{k}={v}" for k, v in value.items())]
        elif isinstance(value, list):
            for v in value:
                args += ["--" + name.replace("_", "-"), v]
        else:
            args += ["--" + name.replace("_", "-"), str(value)]
    return args


def cli_json(command: str, fields: dict) -> dict:
    r = runner.invoke(cli, cli_args(command, fields) + ["--json"])
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def cli_error(command: str, fields: dict) -> str:
    r = runner.invoke(cli, cli_args(command, fields))
    assert r.exit_code == 2, r.output
    assert r.stderr.startswith("error: ") and r.stderr.count("\n") == 1, r.stderr
    return r.stderr[len("error: ") :].rstrip("\n")


def as_api_says(command: str, line: str) -> str:
    """The CLI's error line as the API words it: the request's JSON fields where the
    command names its options (``--winner`` -> ``"winner"``)."""
    return in_fields(line, FIELDS[command])


def api_error(r) -> str:
    """The API's error without the asterisks that mark a book's title (the terminal
    shows the title in italics instead)."""
    return r.json()["error"].replace("*", "")


SCORED = [
    # README, "Score a hand from a real table": seed 000 Example No. 8, South wins on a
    # discarded 8c; 46 points doubled twice for the dragons = 184.
    ("readme example 8", {"hand": "[WhWhWh] [444b] GGG 888c 55d", "win": "8c", "by": "discard", "seat": "S"}, 184),
    # A Hong Kong hand (tests/test_hong_kong_cli.py): dragon pung 1 + seat wind 1 + no
    # flowers 1 = 3 faan -> 8 points.
    ("hong kong", {"hand": "[RRR] SSS 123b 456c 55d", "ruleset": "hong-kong", "win": "5d", "seat": "S"}, 8),
    # Issue 19's mixed terminals hand: 7 faan -> 128 (tests/test_hong_kong_mixed_terminals.py).
    (
        "hong kong mixed terminals",
        {"hand": "111b 999c [EEE] RRR 99d", "ruleset": "hong-kong", "win": "9d", "by": "discard", "seat": "S", "round": "E"},
        128,
    ),
    # A Traditional hand with Seasons (tests/test_traditional_cli.py, seed 001): own
    # Season s2 and Flower f3, (32 + 8) x 16 = 640, capped at the limit of 300.
    ("traditional seasons", {"hand": "111b 666b 234b 78b 55b 9b s2 f3", "ruleset": "traditional", "win": "9b", "seat": "S"}, 300),
    # A Pung Chow limit hand (seed 000 Part II, Limit hands 1): thirteen single heads
    # and a pair scores the limit, 300.
    ("pung chow limit hand", {"hand": "19b 19c 19d ESWN R G WhWh", "ruleset": "pung-chow-limit", "win": "Wh", "seat": "S"}, 300),
    # A loser's hand (no win), with the flags of a loser: seed 001 North with the four
    # Seasons: 16 points, own s4 x 2, all four Seasons x 8 = 256.
    ("traditional loser", {"hand": "123b 456c 789d 99c 57d s1 s2 s3 s4", "ruleset": "traditional", "seat": "N"}, 256),
    # Self-drawn from the wall in the South round (hong-kong): the README example's
    # faan -- self-drawn 1 + no flowers 1 + two dragon pungs 2 + all pungs 3 = 7 -> 128.
    (
        "hong kong self-drawn",
        {"hand": "[WhWhWh] [444b] GGG 888c 55d", "ruleset": "hong-kong", "win": "8c", "by": "wall", "seat": "S", "round": "S"},
        128,
    ),
]


@pytest.mark.parametrize("case", SCORED, ids=[c[0] for c in SCORED])
def test_score_api_is_the_cli_json(client, case):
    _, fields, points = case
    r = client.post("/api/score", json=fields)
    assert r.status_code == 200, r.text
    assert r.json() == cli_json("score", fields)
    assert r.json()["score"] == points


def test_settle_api_is_the_cli_json(client):
    # Example No. 8's South 184 and three losers: East 8 (exposed pung of his own wind 4,
    # doubled), West 8 (exposed red dragons 4, doubled), North 4 (exposed pung of 9c).
    # Seed 000 settlement: S collects 184 from each, double from East (368); the losers
    # pay each other the differences, East double: N pays E (8 - 4) x 2 = 8, N pays W 4.
    fields = {"scores": {"E": 8, "S": 184, "W": 8, "N": 4}, "winner": "S"}
    r = client.post("/api/settle", json=fields)
    assert r.status_code == 200, r.text
    assert r.json() == cli_json("settle", fields)
    assert r.json()["net"] == {"E": -360, "S": 736, "W": -180, "N": -196}
    # the command's own text form of the scores is taken too
    again = client.post("/api/settle", json={"scores": "E=8,S=184,W=8,N=4", "winner": "S"})
    assert again.json() == r.json()
    # Hong Kong, the discarder pays double: 8 points, N discarded -> N 16, E 8, W 8.
    hk = {"scores": {"E": 0, "S": 8, "W": 0, "N": 0}, "winner": "S", "discarder": "N", "ruleset": "hong-kong"}
    r = client.post("/api/settle", json=hk)
    assert r.json() == cli_json("settle", hk) and r.json()["net"]["S"] == 32
    # a drawn hand the ruleset does not settle: nothing paid, and why
    drawn = {"scores": {"E": 8, "S": 4, "W": 0, "N": 2}}
    r = client.post("/api/settle", json=drawn)
    assert r.json() == cli_json("settle", drawn) and r.json()["settled"] is False
    dead = {"scores": {"E": 8, "S": 184, "W": 8, "N": 4}, "winner": "S", "dead": ["N"]}
    assert client.post("/api/settle", json=dead).json() == cli_json("settle", dead)


def test_settle_api_caps_a_hand_counted_above_the_limit(client):
    # Harr, Pung Chow (1922), Part II, "The limit hand" (tests/test_cli_settle.py): South's
    # 500 counted is settled as the 300 limit; East, 0, pays him double the limit, 600
    fields = {"scores": {"E": 0, "S": 500, "W": 0, "N": 20}, "winner": "N", "ruleset": "pung-chow-limit"}
    r = client.post("/api/settle", json=fields)
    assert r.status_code == 200, r.text
    assert r.json() == cli_json("settle", fields)
    assert r.json()["capped"] == {"S": 500} and r.json()["net"]["S"] == 880
    assert "Part II, The limit hand" in r.json()["capped_note"]


REFUSED = [
    # the winning tile inside an exposed meld: the hand cannot be played so
    ("score", {"hand": "[WhWhWh] [444b] [888c] GGG 55d", "win": "8c", "seat": "S"}),
    # robbing a kong where the ruleset has none, and a loose tile with no kong
    ("score", {"hand": "[WhWhWh] [444b] GGG 888c 55d", "win": "8c", "by": "robbed-kong", "seat": "S"}),
    ("score", {"hand": "[WhWhWh] [444b] GGG 888c 55d", "win": "8c", "by": "loose", "seat": "S"}),
    # East cannot win on his own first discard
    ("score", {"hand": "[WhWhWh] [444b] GGG 888c 55d", "win": "8c", "first_discard": True}),
    # a bad tile, a hand one tile short, an unknown ruleset
    ("score", {"hand": "[WhWhWh] [444b] GGG 888c 5x", "win": "8c"}),
    ("score", {"hand": "[WhWhWh] [444b] GGG 888c 5d", "win": "8c"}),
    ("score", {"hand": "123b 456c 789d EEE 55d", "win": "5d", "ruleset": "mahjong-3000"}),
    ("score", {"hand": "123b 456c 789d EEE 55d", "win": "5d", "seat": "X"}),
    ("score", {"hand": "123b 456c 789d EEE 55d", "win": "5d", "by": "air"}),
    # settle: the winner's hand dead, a seat twice, a discarder who won
    ("settle", {"scores": {"E": 8, "S": 184}, "winner": "S", "dead": ["S"]}),
    ("settle", {"scores": "E=8,E=9", "winner": "E"}),
    ("settle", {"scores": {"E": 8, "S": 184}, "winner": "S", "discarder": "S"}),
    ("settle", {"scores": {"E": 8, "S": 184}, "winner": "S", "ruleset": "hong-kong", "limit": 300}),
]


@pytest.mark.parametrize("case", REFUSED, ids=[f"{c[0]}-{i}" for i, c in enumerate(REFUSED)])
def test_bad_requests_get_the_cli_error_line(client, case):
    command, fields = case
    r = client.post(f"/api/{command}", json=fields)
    assert r.status_code == 400, r.text
    assert api_error(r) == as_api_says(command, cli_error(command, fields))


def test_requests_the_cli_cannot_make(client):
    r = client.post("/api/score", json={"win": "5d"})
    assert r.status_code == 400 and "missing hand" in r.json()["error"]
    r = client.post("/api/score", json={"hand": 5})  # a hand given, but not as notation
    assert r.status_code == 400 and r.json()["error"].startswith("the hand is written in notation, as a string") and "not 5" in r.json()["error"]
    r = client.post("/api/score", json={"hand": "123b 456c 789d EEE 55d", "wind": "S"})
    assert r.status_code == 400 and r.json()["error"].startswith("no such field: 'wind'")
    r = client.post("/api/score", json={"hand": "123b 456c 789d EEE 55d", "win": "5d", "last_tile": "yes"})
    assert r.status_code == 400 and r.json()["error"] == "\"last_tile\" takes true or false, not 'yes'"
    r = client.post("/api/score", content=b"not json", headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json() == {"error": "the request is not JSON"}
    r = client.post("/api/score", content=b"[1, 2]")
    assert r.status_code == 400 and r.json()["error"].startswith("the request must be a JSON object")
    big = {"hand": "1b " * 5000}
    r = client.post("/api/score", json=big)
    assert r.status_code == 400 and r.json()["error"].startswith("the request is too large")  # the app's body limit
    r = client.post("/api/settle", json={"scores": {"E": True, "S": 1}, "winner": "S"})
    assert r.status_code == 400 and "not a whole number of points" in r.json()["error"]


def test_rulesets_say_what_they_can_use(client):
    offers = {o["name"]: o for o in client.get("/api/score/rulesets").json()["rulesets"]}
    # Pung Chow (seed 000): no robbing a kong, no Flowers or Seasons; of the special
    # cases only the original hand scores (winning on the original hand, 3 doubles).
    pc = offers["pung-chow"]
    assert pc["by"] == ["wall", "discard", "loose"] and pc["bonus_tiles"] == [] and pc["flags"] == ["original"]
    assert pc["east_keeps_deal"] == {"E": True, "S": False, "W": False, "N": False, "draw": True}
    # Hong Kong: robbing a kong, Flowers and Seasons, last tile, heavenly/earthly hands.
    hk = offers["hong-kong"]
    assert "robbed-kong" in hk["by"] and hk["faan"] is True
    assert hk["bonus_tiles"] == ["f1", "f2", "f3", "f4", "s1", "s2", "s3", "s4"]
    assert set(hk["flags"]) == {"last_tile", "original", "first_discard", "after_flower"}
    # Traditional (seed 001): kong on a kong is one of its limit hands.
    assert "kong_on_kong" in offers["traditional"]["flags"]
    assert "Cat" in offers["traditional-special-tiles"]["bonus_tiles"]


def test_page_is_served_and_linked_from_the_lobby(client):
    page = client.get("/score")
    assert page.status_code == 200 and "score.js" in page.text
    assert 'href="/score"' in client.get("/").text
    for name in ("score.js", "score.css"):
        assert client.get(f"/static/{name}").status_code == 200


from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

SEATS = ["E", "S", "W", "N"]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    scores=st.lists(st.integers(0, 3000), min_size=4, max_size=4),
    winner=st.sampled_from([None, *SEATS]),
    discarder=st.sampled_from([None, *SEATS]),
    ruleset=st.sampled_from(["pung-chow", "pung-chow-limit", "traditional", "hong-kong"]),
    dead=st.lists(st.sampled_from(SEATS), max_size=2, unique=True),
)
def test_settle_api_matches_the_cli_and_sums_to_zero(client, scores, winner, discarder, ruleset, dead):
    fields = {"scores": dict(zip(SEATS, scores)), "ruleset": ruleset}
    if winner:
        fields["winner"] = winner
    if discarder:
        fields["discarder"] = discarder
    if dead:
        fields["dead"] = dead
    r = client.post("/api/settle", json=fields)
    cli_run = runner.invoke(cli, cli_args("settle", fields) + ["--json"])
    if cli_run.exit_code == 0:
        assert r.status_code == 200, r.text
        assert r.json() == json.loads(cli_run.stdout)
        assert sum(r.json()["net"].values()) == 0  # every chip paid is a chip received
    else:
        assert r.status_code == 400
        assert api_error(r) == as_api_says("settle", cli_run.stderr[len("error: ") :].rstrip("\n"))


def test_api_errors_name_the_requests_fields_not_the_commands_options(client):
    """The page sends JSON fields; its errors named the command's options ("give the
    winner with --winner"). The same reason, in the request's words."""
    r = client.post("/api/settle", json={"scores": {"E": 8, "S": 4}, "discarder": "S"})
    assert r.status_code == 400
    assert r.json()["error"] == '"discarder" S: a drawn hand has no winning tile; give the winner with "winner"'
    r = client.post("/api/score", json={"hand": "123b 456c 789d EEE 55d", "win": "5d", "kong_on_kong": True})
    assert r.status_code == 400 and r.json()["error"].startswith('"kong_on_kong" with "by" discard:'), r.json()
    assert "--" not in r.json()["error"]
