"""Every message of the web server, parsed and formatted in one place.

Three kinds, each a small frozen dataclass with its parse and format here (the
app, the table, the hosting and the cluster read and build no message
themselves):

* **client -> table** (a WebSocket's JSON text): the first message
  :class:`Hello` (a seat token) or :class:`Watch` (a spectator), then
  :class:`Act`, :class:`Start`, :class:`Ready`, :class:`Back`, :class:`AutoPass`,
  :class:`Hint`, :class:`Sync` -- :func:`decode` then :func:`parse_client`
  (:func:`parse_watcher` for a spectator, :func:`parse_hello` for the first).
  A message that cannot be read raises :class:`ProtocolError`, whose text is the
  one line the client is answered with.
* **table -> client**: ``state`` (a seat's whole view: :func:`state_text` puts the
  table's parts together, ``web/table.py`` builds them) and ``error``
  (:func:`error_text`).
* **process -> process** (a server of many processes on Redis, ``web/cluster.py``):
  a head (one of :data:`PROCESS_MESSAGES`) as JSON, then on the same Redis message
  after a newline the text it carries (a view, a client's message) --
  :func:`format_post`, :func:`parse_post`; an owner's answer to a hello or a call
  is :class:`Seated`, :class:`Value` or :class:`Refused` (:func:`format_answer`,
  :func:`parse_answer`).

The browser's side is ``web/static/table.js`` (it sends what :func:`parse_client`
reads and reads what :func:`state_text` and :func:`error_text` write).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from ..errors import MahjonggError
from ..table.actions import Action, ActionKind
from ..tiles import Tile, Wind

__all__ = [
    "MAX_MESSAGE", "CHANGES", "ProtocolError",
    "Hello", "Watch", "Act", "Start", "Ready", "Back", "AutoPass", "Hint", "Sync",
    "decode", "parse_hello", "parse_client", "parse_watcher", "text_refusal",
    "error_text", "state_text",
    "Deliver", "Kick", "Reply", "SayHello", "Forward", "Bye", "Call", "PROCESS_MESSAGES",
    "format_post", "parse_post", "Seated", "Value", "Refused", "format_answer", "parse_answer",
]

MAX_MESSAGE = 2048
"""Longest client message accepted (characters)."""


class ProtocolError(MahjonggError):
    """A message that cannot be read; its text is the one line the client is answered with."""


def _compact(d: dict) -> str:
    return json.dumps(d, separators=(",", ":"))


# --- client -> table -----------------------------------------------------------------------
@dataclass(frozen=True)
class Hello:
    """``{"type": "hello", "token": ...}``: the first message of a seat's socket (the token unchecked)."""

    token: Any = None
    type: ClassVar[str] = "hello"


@dataclass(frozen=True)
class Watch:
    """``{"type": "watch"}``: the first message of a spectator's socket."""

    type: ClassVar[str] = "watch"


@dataclass(frozen=True)
class Act:
    """``{"type": "act", "kind", "tile", "chow", "v"}``: an intention, its fields as sent
    (the table checks ``v`` against its views; :meth:`action` reads the rest)."""

    kind: Any = None
    tile: Any = None
    chow: Any = None
    v: Any = None
    type: ClassVar[str] = "act"

    @classmethod
    def of(cls, msg: dict) -> "Act":
        return cls(msg.get("kind"), msg.get("tile"), msg.get("chow"), msg.get("v"))

    @property
    def key(self) -> tuple:
        """What tells this act from another sent from another view (a double-click sends one twice)."""
        return (self.v, self.kind, self.tile, self.chow)

    def action(self, seat: Wind) -> Action:
        """The action ``seat`` means; :class:`ProtocolError` for an unknown kind or a bad tile."""
        try:
            kind = ActionKind(self.kind)
        except ValueError:
            raise ProtocolError(f"unknown action {self.kind!r}") from None
        try:
            tile = Tile.parse(self.tile) if self.tile is not None else None
            chow = Tile.parse(self.chow) if self.chow is not None else None
        except (ValueError, TypeError, AttributeError):
            raise ProtocolError("not a tile") from None
        return Action(kind, seat, tile, chow)


@dataclass(frozen=True)
class Start:
    """``{"type": "start"}``: the host starts the table."""

    type: ClassVar[str] = "start"


@dataclass(frozen=True)
class Ready:
    """``{"type": "ready"}``: ready for the next hand."""

    type: ClassVar[str] = "ready"


@dataclass(frozen=True)
class Back:
    """``{"type": "back"}``: an idle player is at the table again."""

    type: ClassVar[str] = "back"


@dataclass(frozen=True)
class AutoPass:
    """``{"type": "auto_pass", "on": true|false}``: pass at once where one cannot claim."""

    on: bool = True
    type: ClassVar[str] = "auto_pass"


@dataclass(frozen=True)
class Hint:
    """``{"type": "hint", "on": ...}``: the advisor's line in one's views (on only for ``true``)."""

    on: bool = False
    type: ClassVar[str] = "hint"


@dataclass(frozen=True)
class Sync:
    """``{"type": "sync"}``: send me my view again."""

    type: ClassVar[str] = "sync"


CHANGES = frozenset({"act", "start", "ready", "back", "auto_pass"})
"""The client messages that change a table (and write its journal): refused while the journal is away."""

_PLAIN = {m.type: m for m in (Start, Ready, Back, Sync)}


def text_refusal(text: str | None) -> str | None:
    """Why a client's socket message cannot be read, before it is parsed (binary, too long); ``None``: it may."""
    if text is None:
        return "send JSON text messages, not binary ones"
    if len(text) > MAX_MESSAGE:
        return f"message too long ({len(text)} characters; at most {MAX_MESSAGE})"
    return None


def decode(text: str | None) -> dict:
    """A client message's JSON object; :class:`ProtocolError` if it is not one."""
    if text is None:
        raise ProtocolError("send JSON text messages, not binary ones")
    try:
        msg = json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: nested too deep for the parser
        raise ProtocolError("that is not JSON") from None
    if not isinstance(msg, dict):
        raise ProtocolError("a message is a JSON object with a type")
    return msg


def parse_hello(text: str | None) -> Hello | Watch | None:
    """A socket's first message (its text): :class:`Hello` or :class:`Watch`, ``None`` for anything else."""
    if text is None or len(text) > MAX_MESSAGE:
        return None
    try:
        msg = decode(text)
    except ProtocolError:
        return None
    return hello_of(msg)


def hello_of(msg: dict) -> Hello | Watch | None:
    """:class:`Hello` or :class:`Watch` from a decoded first message, ``None`` for anything else."""
    kind = msg.get("type")
    if kind == "hello":
        return Hello(msg.get("token"))
    if kind == "watch":
        return Watch()
    return None


def format_hello(hello: Hello | Watch) -> dict:
    """A socket's first message as the owner of its table is told it (``{"type", "token"}``)."""
    return {"type": hello.type, "token": getattr(hello, "token", None)}


def parse_client(msg: dict):
    """A seat's decoded message as one of the client message kinds; :class:`ProtocolError`
    for an unknown type or a field that cannot be read (``auto_pass``'s ``on``)."""
    kind = msg.get("type")
    if kind == "act":
        return Act.of(msg)
    if kind == "auto_pass":
        if not isinstance(msg.get("on"), bool):
            raise ProtocolError("auto_pass takes on: true or false")
        return AutoPass(msg["on"])
    if kind == "hint":
        return Hint(msg.get("on") is True)
    if isinstance(kind, str) and kind in _PLAIN:
        return _PLAIN[kind]()
    raise ProtocolError(f"unknown message type {kind!r}; send act, start, ready, back, auto_pass, hint or sync")


def parse_watcher(msg: dict) -> Sync:
    """A spectator's decoded message: only :class:`Sync`; :class:`ProtocolError` for any other."""
    if msg.get("type") != "sync":
        raise ProtocolError("a spectator watches: only sync may be sent")
    return Sync()


# --- table -> client ----------------------------------------------------------------------
def error_text(message: str, closed: bool = False) -> str:
    """``{"type": "error", "message", "closed"?}``: what was refused and why (``closed``: the socket closes after it)."""
    return _compact({"type": "error", "message": message, **({"closed": True} if closed else {})})


def state_text(version: int, deadline: float | None, own: str, shared: str, own_game: str | None) -> str:
    """``{"type": "state", "v", "deadline", ...}``: a seat's whole view as JSON text, from the
    table's parts already encoded (``web/table.py``): ``own`` and ``shared``, top-level fields
    without braces; ``own_game``, the seat's own fields of ``game`` (``None``: no ``game``, the
    lobby), which ``shared`` leaves open."""
    text = '{"type":"state","v":%d,"deadline":%s,%s,%s' % (version, "null" if deadline is None else repr(deadline), own, shared)
    return text + ("," + own_game + "}}" if own_game is not None else "}")


# --- process -> process --------------------------------------------------------------------
@dataclass(frozen=True)
class Deliver:
    """``send``: to a socket's process, the text for socket ``cid`` (a view, an error)."""

    cid: str
    op: ClassVar[str] = "send"


@dataclass(frozen=True)
class Kick:
    """``kick``: to a socket's process, tell socket ``cid`` why and close it with ``code``;
    ``sender``: the owner that kicks (a socket whose table has moved to another owner since
    is not closed by it)."""

    cid: str
    message: str
    code: int
    sender: str | None = None
    op: ClassVar[str] = "kick"


@dataclass(frozen=True)
class Reply:
    """``reply``: the answer (:func:`format_answer`'s dict) to question ``id``."""

    id: str
    answer: dict
    op: ClassVar[str] = "reply"


@dataclass(frozen=True)
class SayHello:
    """``hello``: to a table's owner, socket ``cid`` of process ``sender`` says ``hello`` to table ``code``."""

    code: str
    cid: str
    hello: Hello | Watch
    sender: str | None = None
    id: str | None = None
    op: ClassVar[str] = "hello"


@dataclass(frozen=True)
class Forward:
    """``msg``: to a table's owner, a client message (the text) of socket ``cid`` of process ``sender``."""

    cid: str
    sender: str
    op: ClassVar[str] = "msg"


@dataclass(frozen=True)
class Bye:
    """``bye``: to a table's owner, socket ``cid`` of process ``sender`` closed."""

    cid: str
    sender: str
    op: ClassVar[str] = "bye"


@dataclass(frozen=True)
class Call:
    """``call``: to a table's owner, an HTTP request on table ``code``: ``method`` (``info``, ``join``) with ``args``."""

    code: str
    method: str
    args: dict = field(default_factory=dict)
    sender: str | None = None
    id: str | None = None
    op: ClassVar[str] = "call"


PROCESS_MESSAGES = {m.op: m for m in (Deliver, Kick, Reply, SayHello, Forward, Bye, Call)}
"""Each process message kind by its ``op``."""


def format_post(message, text: str | None = None) -> str:
    """A process message as one Redis message: its head's JSON, then the text it carries after a newline."""
    head: dict = {"op": message.op}
    for name in (f.name for f in fields(message)):
        value = getattr(message, name)
        if name == "hello":
            value = format_hello(value)
        elif name in ("sender", "id") and value is None:
            continue
        head["from" if name == "sender" else name] = value
    return json.dumps(head) + ("\n" + text if text is not None else "")


def parse_post(raw: str | bytes):
    """``(message, text)`` from one Redis message of :func:`format_post`; :class:`ProtocolError` if it is not one."""
    raw = raw.decode() if isinstance(raw, bytes) else raw
    head_text, _, text = raw.partition("\n")
    try:
        head = json.loads(head_text)
        kind = PROCESS_MESSAGES[head["op"]]
        values = {}
        for name in (f.name for f in fields(kind)):
            key = "from" if name == "sender" else name
            if key in head:
                values[name] = head[key]
        if kind is SayHello:
            values["hello"] = hello_of(values["hello"]) or Hello(None)
        if kind is Call:
            values["args"] = values.get("args") or {}
        return kind(**values), text
    except (ValueError, KeyError, TypeError, AttributeError) as e:
        raise ProtocolError(f"not a message of another server process: {head_text[:200]} ({type(e).__name__})") from None


@dataclass(frozen=True)
class Seated:
    """An owner's answer to a hello: the socket is on ``player``'s seat (``None``: a spectator)."""

    player: int | None


@dataclass(frozen=True)
class Value:
    """An owner's answer to a call: its JSON value (the HTTP response's body)."""

    value: Any


@dataclass(frozen=True)
class Refused:
    """An owner's refusal (or no answer): why, and the socket's close ``code`` or the HTTP ``status``."""

    error: str
    code: int | None = None
    status: int | None = None


def format_answer(answer: Seated | Value | Refused) -> dict:
    if isinstance(answer, Seated):
        return {"player": answer.player}
    if isinstance(answer, Value):
        return {"value": answer.value}
    return {"error": answer.error, **({"code": answer.code} if answer.code is not None else {}),
            **({"status": answer.status} if answer.status is not None else {})}


def parse_answer(d: dict) -> Seated | Value | Refused:
    if "error" in d:
        return Refused(d["error"], d.get("code"), d.get("status"))
    if "value" in d:
        return Value(d["value"])
    return Seated(d.get("player"))
