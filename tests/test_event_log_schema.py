"""Malformed event logs are the library's ReplayError, naming the event and the field (issue 24, item 5).

``Game.replay``, ``from_jsonl``, the journal's ``load`` and ``mahjongg replay``
raised ``AttributeError``, ``KeyError``, ``TypeError``, ``ValueError`` or
``JSONDecodeError`` on 807 of 3,000 mutated logs. A log is now held to its own
schema (:mod:`mahjongg.table.log_schema`) before it is replayed, and the
replay names the first event and field where it parts from the log. The
fuzzer at the end mutates real logs at random: a mutated log either replays
(the mutation changed nothing the replay reads and writes) or raises
ReplayError -- never anything else.
"""

import copy
import functools
import json
import sqlite3

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from mahjongg.cli import app
from mahjongg.play.journal import Journal
from mahjongg.rules import RULESETS
from mahjongg.simulate import play_hand
from mahjongg.table import Game, ReplayError, from_jsonl, to_jsonl
from mahjongg.table.events import LOG_VERSION, OPTIONS_SINCE
from mahjongg.table.log_schema import LOG_SCHEMA, check_log

runner = CliRunner()


@functools.cache
def log_of(ruleset: str = "pung-chow", players: int = 4, seed: int = 5) -> tuple:
    """The event log of one hand of bots (as JSON gives it back), frozen for the cache."""
    bots = ["random", "greedy", "cautious", "random"][:players]
    events = play_hand(bots, seed, ruleset=ruleset, keep_events=True).events
    return tuple(from_jsonl(to_jsonl(events)))


def fresh(ruleset: str = "pung-chow", players: int = 4, seed: int = 5) -> list[dict]:
    return copy.deepcopy(list(log_of(ruleset, players, seed)))


def first(events: list[dict], kind: str) -> int:
    return next(i for i, e in enumerate(events) if e["type"] == kind)


# --- the schema --------------------------------------------------------------------------------


def test_every_log_the_engine_writes_fits_the_schema_and_replays():
    """Every ruleset at every table size: the logs of a few hands pass check_log and replay.
    Between them they hold each of the common event types."""
    seen = set()
    for ruleset in sorted(RULESETS):
        for players in (2, 3, 4):
            for seed in (1, 2):
                events = fresh(ruleset, players, seed)
                check_log(events)
                assert Game.replay(events).is_over
                seen |= {e["type"] for e in events}
    assert {"setup", "deal", "draw", "action", "claim", "end"} <= seen <= set(LOG_SCHEMA)


@pytest.mark.parametrize(
    "mutate, message",
    [
        # the three: an action without its seat, setup.wall = 7, and (below) a value cut short
        (lambda ev: ev[first(ev, "action")].pop("seat"), r"^event 2 \(action\): field seat is missing$"),
        (lambda ev: ev[0].__setitem__("wall", 7), r"^event 0 \(setup\): field wall is 7, not the built wall \(a list of tiles\)$"),
        (lambda ev: ev[first(ev, "draw")].__setitem__("seat", 3), r"^event \d+ \(draw\): field seat is 3, not a seat \(E, S, W or N\)$"),
        (lambda ev: ev[first(ev, "action")].__setitem__("kind", "steal"), r"^event 2 \(action\): field kind is 'steal', not an action \(discard, "),
        (lambda ev: ev[first(ev, "action")].__setitem__("tile", "10c"), r"^event 2 \(action\): field tile is '10c', not a tile"),
        (lambda ev: ev[1].__setitem__("type", "deals"), r"^event 1: the type 'deals' is not an event's \(action, bonus, "),
        (lambda ev: ev[1].pop("type"), r"^event 1 has no type$"),
        (lambda ev: ev.__setitem__(3, ["draw"]), r"^event 3 is \['draw'\], not an event"),
        (lambda ev: ev[first(ev, "draw")].__setitem__("extra", 1), r"^event \d+ \(draw\): field 'extra' is not a field of a draw event$"),
        (lambda ev: ev.insert(0, ev.pop(1)), r"^event 0 \(deal\): an event log starts with a setup event$"),
        (lambda ev: ev.insert(5, ev[0]), r"^event 5 \(setup\): a log has one setup event, its first$"),
        (lambda ev: ev[0]["dice"].__setitem__("east", [7, 1]), r"^event 0 \(setup\): field dice is "),
        (lambda ev: ev[0].__setitem__("players", 5), r"^event 0 \(setup\): field players is 5, not the number of players"),
        (lambda ev: ev[0].__setitem__("ruleset", "chess"), r"^event 0 \(setup\): unknown ruleset 'chess'"),
    ],
)
def test_a_malformed_log_names_its_event_and_field(mutate, message):
    events = fresh()
    mutate(events)
    with pytest.raises(ReplayError, match=message):
        Game.replay(events)


def test_a_log_that_replays_otherwise_names_where_it_parts():
    # a drawn tile changed: the schema is content, the replay draws another tile
    events = fresh()
    i = first(events, "draw")
    drawn = events[i]["tile"]
    events[i]["tile"] = "Wh" if drawn != "Wh" else "R"
    with pytest.raises(ReplayError, match=rf'^event {i} \(draw\): field tile is "{events[i]["tile"]}" in the log, "{drawn}" on replay$'):
        Game.replay(events)
    # an action the engine refuses: named with the engine's reason
    events = fresh()
    i = first(events, "action")
    events[i]["seat"] = "W" if events[i]["seat"] != "W" else "S"
    with pytest.raises(ReplayError, match=rf"^event {i} \(action\): "):
        Game.replay(events)
    # the log cut after the deal: the replay goes on
    events = fresh()[:2]
    assert not Game.replay(events).is_over  # a hand in progress replays as far as it goes
    events = fresh()
    events.append(dict(events[-2]))
    with pytest.raises(ReplayError, match=r"^the replay ends after event \d+; the log goes on with a"):
        Game.replay(events)


def test_json_lines_cut_short_name_their_line():
    text = to_jsonl(fresh())
    end = text.index("\n", text.index("\n") + 1)  # the end of line 2 (the deal)
    cut = text[: end - 5] + text[end:]  # its last value cut short
    with pytest.raises(ReplayError, match=r"^line 2 of the event log is not JSON: "):
        from_jsonl(cut)
    with pytest.raises(ReplayError, match=r"^line 2 of the event log is not JSON"):
        Game.replay(cut)
    with pytest.raises(ReplayError, match="is text, not bytes"):
        from_jsonl(text.encode())
    with pytest.raises(ReplayError, match="a list of events, not int"):
        Game.replay(7)


# --- the journal and the command ----------------------------------------------------------------------


def stored(path, events) -> None:
    with Journal(path) as j:
        j.save_hand(events, bots=["random", "greedy", "cautious", "random"])


def edit(path, sql: str) -> None:
    con = sqlite3.connect(path)
    con.execute(sql)
    con.commit()
    con.close()


def test_the_journal_and_mahjongg_replay_name_an_edited_row(tmp_path, monkeypatch):
    """One edited row: load() and replay() raise ReplayError naming the game, the event and
    the field; ``mahjongg replay`` prints it in one line (it printed a traceback)."""
    monkeypatch.chdir(tmp_path)
    db = tmp_path / "g.sqlite3"
    stored(db, fresh())
    edit(db, "UPDATE events SET data = json_remove(data, '$.seat') WHERE game_id = 1 AND seq = 2")
    with Journal(db, create=False) as j:
        with pytest.raises(ReplayError, match=r"^game 1 in .*g\.sqlite3: event 2 \(action\): field seat is missing$"):
            j.load(1)
    r = runner.invoke(app, ["replay", "1", "--db", "g.sqlite3"])
    assert r.exit_code == 2 and r.stderr == "error: game 1 in g.sqlite3: event 2 (action): field seat is missing\n", r.output
    edit(db, "UPDATE events SET data = substr(data, 1, 15) WHERE game_id = 1 AND seq = 4")
    r = runner.invoke(app, ["replay", "1", "--db", "g.sqlite3"])
    assert r.exit_code == 2 and r.stderr.startswith("error: game 1 in g.sqlite3: event 4 (seq 4) is not JSON: ") and r.stderr.count("\n") == 1
    edit(db, "UPDATE games SET bots = '[x' WHERE id = 1")
    r = runner.invoke(app, ["replay", "1", "--db", "g.sqlite3"])
    assert r.exit_code == 2 and r.stderr == "error: game 1 in g.sqlite3 is damaged: its bots or net are not the JSON mahjongg writes\n"


# --- the fuzzer ------------------------------------------------------------------------------------

_json = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 200) | st.sampled_from(["", "E", "x", "5c", "Wh", "f1", "discard", "wall"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(["type", "seat", "tile", "a"]), inner, max_size=3),
    max_leaves=6,
)

_mutation = st.one_of(
    st.tuples(st.just("drop field"), st.integers(0, 10**6), st.integers(0, 20)),
    st.tuples(st.just("set field"), st.integers(0, 10**6), st.integers(0, 20), _json),
    st.tuples(st.just("drop event"), st.integers(0, 10**6)),
    st.tuples(st.just("swap events"), st.integers(0, 10**6), st.integers(0, 10**6)),
    st.tuples(st.just("replace event"), st.integers(0, 10**6), _json),
    st.tuples(st.just("cut text"), st.integers(0, 10**6)),
    st.tuples(st.just("flip text"), st.integers(0, 10**6), st.sampled_from(list('{}[]",:0 aE'))),
)


def _mutated(events: list[dict], m: tuple):
    """The log with mutation ``m`` applied: a list of events, or JSON-lines text."""
    kind, i = m[0], m[1] % len(events)
    if kind in ("drop field", "set field"):
        e = events[i]
        keys = sorted(e) + ["new"]
        k = keys[m[2] % len(keys)]
        if kind == "drop field":
            e.pop(k, None)
        else:
            e[k] = m[3]
    elif kind == "drop event":
        del events[i]
    elif kind == "swap events":
        j = m[2] % len(events)
        events[i], events[j] = events[j], events[i]
    elif kind == "replace event":
        events[i] = m[2]
    else:
        text = to_jsonl(events)
        at = m[1] % len(text)
        return text[:at] if kind == "cut text" else text[:at] + m[2] + text[at + 1 :]
    return events


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(m=_mutation, which=st.sampled_from([("pung-chow", 4, 5), ("hong-kong", 3, 2), ("traditional-special-tiles", 2, 1)]))
def test_fuzz_a_mutated_log_replays_or_is_a_replay_error(m, which):
    log = _mutated(fresh(*which), m)
    try:
        Game.replay(log)
    except ReplayError:
        pass


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(m=_mutation)
def test_fuzz_a_mutated_row_in_the_journal_is_a_replay_error(m):
    """The same mutations stored as a journal's rows (one row a line): load and replay
    raise ReplayError only."""
    log = _mutated(fresh(), m)
    lines = log.splitlines() if isinstance(log, str) else [json.dumps(e) for e in log]
    with Journal(":memory:") as j:
        j.save_hand(fresh(), bots=["random", "greedy", "cautious", "random"])
        j.conn.execute("DELETE FROM events")
        j.conn.executemany("INSERT INTO events (game_id, seq, type, data) VALUES (1, ?, 'x', ?)", list(enumerate(lines)))
        try:
            j.replay(1)
        except ReplayError:
            pass


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("bonus_tiles", [42, 4.3e49]),  # '43E48' in the text is a float: the fuzzer's find
        ("bonus_tiles", [42, True]),
        ("wall_stacks", 17.0),
        ("wall_stacks", False),
        ("roof_off", 1),
        ("max_chows", "1"),
    ],
)
def test_a_logged_option_not_of_its_type_is_a_replay_error(option, value):
    # every hand's setup event carries the ruleset's plain options; one of the wrong
    # JSON type must be refused naming it, not reach the engine (a TypeError there)
    events = fresh("traditional-special-tiles", 2, 1)
    events[0]["options"][option] = value
    with pytest.raises(ReplayError, match=rf"option {option} is "):
        Game.replay(events)


@pytest.mark.parametrize(
    ("option", "value", "what"),
    [
        # issue 43: these passed the type check and reached the engine -- faan -1 an
        # AttributeError when a hand was scored, bonus tile 99 an IndexError building the set
        ("faan", -1, r"null \(a faan table comes with the ruleset's name\)"),
        ("bonus_tiles", [99], r"a list of different bonus tiles \(tile numbers 34-49\)"),
        ("bonus_tiles", [5], "a list of different bonus tiles"),  # 5 is the 6 of bamboo
        ("bonus_tiles", [42, 42], "a list of different bonus tiles"),
        ("east_factor", 0, "a whole number above 0"),
        ("reserved_tiles", -1, "0 or more"),
        ("dice_count", 7, r"\(2 or 3\)"),
        ("loose_refill", "x", r"\(each, pair or end\)"),
        ("limit", -1, "a whole number above 0, or null"),
    ],
)
def test_a_logged_option_out_of_its_range_is_a_replay_error(option, value, what):
    events = fresh("traditional-special-tiles", 2, 1)
    events[0]["options"][option] = value
    with pytest.raises(ReplayError, match=rf"^event 0 \(setup\): option {option} is .*, not .*{what}"):
        Game.replay(events)


def test_mahjongg_replay_names_a_logged_option_out_of_its_range(tmp_path, monkeypatch):
    # the command prints the one line (it printed the engine's AttributeError)
    monkeypatch.chdir(tmp_path)
    events = fresh()
    events[0]["options"]["faan"] = -1
    stored(tmp_path / "g.sqlite3", events)
    r = runner.invoke(app, ["replay", "1", "--db", "g.sqlite3"])
    assert r.exit_code == 2 and r.stderr.startswith("error: game 1 in g.sqlite3: event 0 (setup): option faan is -1, not null")
    assert r.stderr.count("\n") == 1


# --- the log's version --------------------------------------------------------------------------


def _plain(v) -> bool:
    """Whether a ruleset option's value is logged (a faan table, ... comes with the ruleset's name)."""
    return v is None or isinstance(v, (bool, int, str)) or (isinstance(v, tuple) and all(isinstance(x, (int, str)) for x in v))


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_a_log_holds_its_version_and_every_option_and_a_version_1_log_replays_as_it_is(name):
    # the engine writes the current version and every plain option; a log of version 1 (no
    # version; an option of OPTIONS_SINCE only when not its default) gets the defaults of the
    # options it could not hold, and its replay writes it again as it is, version 1
    events = fresh(name, 4, 3)
    setup = events[0]
    assert setup["version"] == LOG_VERSION
    ruleset = RULESETS[name]
    fields = ruleset.__dataclass_fields__
    late = [k for k in OPTIONS_SINCE if k in fields and _plain(getattr(ruleset, k))]  # the ones a log holds
    assert late and all(k in setup["options"] for k in late)
    old = copy.deepcopy(events)
    del old[0]["version"]
    defaults = {k for k in late if setup["options"][k] == (list(d) if isinstance(d := fields[k].default, tuple) else d)}
    assert defaults  # every ruleset leaves some of them at their defaults: the old log lacks those
    old[0]["options"] = {k: v for k, v in setup["options"].items() if k not in defaults}
    again = Game.replay(old)  # checks that the replay writes the same events
    assert again.events[0] == old[0] and "version" not in again.events[0]
    assert again.ruleset == Game.replay(events).ruleset


def test_a_log_of_a_later_version_or_no_version_number_is_a_replay_error():
    for version in (LOG_VERSION + 1, 1, 0, "2", True):
        events = fresh()
        events[0]["version"] = version
        with pytest.raises(ReplayError, match=r"^event 0 \(setup\): field version is .*, not an event log's format version"):
            Game.replay(events)


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_every_ruleset_s_own_logged_options_replay(name):
    # the check of the options' types accepts what each ruleset itself logs
    events = fresh(name, 4, 3)
    assert Game.replay(events).snapshot() is not None
