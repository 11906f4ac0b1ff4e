"""The web server's messages, parsed and formatted in one place (web/protocol.py, issue 43 §2).

The wire format is the browser's (web/static/table.js sends ``{"type": "act", "kind", "tile",
"chow", "v"}`` and the rest, and reads ``state`` and ``error``) and the other server
processes' (a JSON head, a newline, the text it carries): each kind formatted here is read
back as the same value, and a client message that cannot be read is answered in one line.
"""

from __future__ import annotations

import json

import pytest

from mahjongg.table.actions import Action, ActionKind
from mahjongg.tiles import Tile, Wind
from mahjongg.web import protocol as p


@pytest.mark.parametrize(
    "message, text",
    [
        (p.Deliver("c1"), '{"type":"state"}'),
        (p.Kick("c1", "this table moved", 4503), None),
        (p.Kick("c1", "this table moved", 4503, "proc"), None),  # the owner that kicks (issue 42)
        (p.Reply("r1", {"player": None}), None),
        (p.SayHello("ABCDEF", "c1", p.Hello("tok"), "proc", "r1"), None),
        (p.SayHello("ABCDEF", "c1", p.Watch(), "proc", "r1"), None),
        (p.Forward("c1", "proc"), '{"type":"sync"}'),
        (p.Bye("c1", "proc"), None),
        (p.Call("ABCDEF", "info", {}, "proc", "r1"), None),
        (p.Call("ABCDEF", "join", {"name": "Bob"}, "proc", "r1"), None),
    ],
)
def test_every_process_message_reads_back_as_itself(message, text):
    raw = p.format_post(message, text)
    head = json.loads(raw.partition("\n")[0])
    assert head["op"] == message.op
    assert p.parse_post(raw.encode()) == (message, text or "")


@pytest.mark.parametrize("answer", [p.Seated(2), p.Seated(None), p.Value({"code": "ABCDEF"}), p.Refused("no", code=4401),
                                    p.Refused("gone", code=4503, status=503)])
def test_every_answer_reads_back_as_itself(answer):
    assert p.parse_answer(json.loads(json.dumps(p.format_answer(answer)))) == answer


def test_what_the_browser_sends_is_read():
    # the messages web/static/table.js sends, as it sends them
    assert p.parse_hello('{"type":"hello","token":"abc"}') == p.Hello("abc")
    assert p.parse_hello('{"type":"watch"}') == p.Watch()
    act = p.parse_client(p.decode('{"type":"act","kind":"chow","tile":"5d","chow":"4d","v":7}'))
    assert act == p.Act("chow", "5d", "4d", 7)
    assert act.action(Wind.SOUTH) == Action(ActionKind.CHOW, Wind.SOUTH, Tile.parse("5d"), Tile.parse("4d"))
    assert p.parse_client({"type": "auto_pass", "on": False}) == p.AutoPass(False)
    assert p.parse_client({"type": "hint", "on": True}) == p.Hint(True)
    assert p.parse_client({"type": "hint", "on": "yes"}) == p.Hint(False)  # on only for true
    for kind, cls in (("start", p.Start), ("ready", p.Ready), ("back", p.Back), ("sync", p.Sync)):
        assert p.parse_client({"type": kind}) == cls()


@pytest.mark.parametrize(
    "read, wrong, line",
    [
        (p.decode, "[1]", "a message is a JSON object with a type"),
        (p.decode, "{", "that is not JSON"),
        (p.decode, "[" * 100000, "that is not JSON"),
        (lambda t: p.parse_client(p.decode(t)), '{"type":"fly"}', "unknown message type 'fly'"),
        (lambda t: p.parse_client(p.decode(t)), '{"type":"auto_pass","on":1}', "auto_pass takes on: true or false"),
        (lambda t: p.parse_watcher(p.decode(t)), '{"type":"act"}', "a spectator watches: only sync may be sent"),
        (lambda t: p.Act.of(p.decode(t)).action(Wind.EAST), '{"kind":"steal"}', "unknown action 'steal'"),
        (lambda t: p.Act.of(p.decode(t)).action(Wind.EAST), '{"kind":"discard","tile":"11z"}', "not a tile"),
    ],
)
def test_a_message_that_cannot_be_read_is_answered_in_one_line(read, wrong, line):
    with pytest.raises(p.ProtocolError) as err:
        read(wrong)
    assert str(err.value).startswith(line) and "\n" not in str(err.value)


def test_a_first_message_that_is_no_hello_is_none():
    for text in (None, "x" * (p.MAX_MESSAGE + 1), "{", "[]", '{"type":"act"}'):
        assert p.parse_hello(text) is None


def test_errors_and_views_are_json_the_browser_reads():
    assert json.loads(p.error_text("slow down")) == {"type": "error", "message": "slow down"}
    assert json.loads(p.error_text("bye", closed=True)) == {"type": "error", "message": "bye", "closed": True}
    lobby = json.loads(p.state_text(3, None, '"you":0', '"code":"ABCDEF"', None))
    assert lobby == {"type": "state", "v": 3, "deadline": None, "you": 0, "code": "ABCDEF"}
    game = json.loads(p.state_text(4, 12.5, '"you":1', '"code":"ABCDEF","game":{"phase":"turn"', '"seat":"S"'))
    assert game["deadline"] == 12.5 and game["game"] == {"phase": "turn", "seat": "S"}
