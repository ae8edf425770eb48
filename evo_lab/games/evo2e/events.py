"""The log of an Evo 2e game: one ``NamedTuple`` per kind of event.

After each ``apply_action`` the state keeps what the rules did (``state.log``, oldest first; ``state.last`` is
the newest). Every event is a tuple whose first field is its ``kind``, so positions store it as a plain JSON
list and old code that reads ``event[0]`` still works; new code reads fields by name:

>>> ev = Fight("fight", 3, 4, "win", "plus")
>>> ev.kind, ev.src, ev.result
('fight', 3, 'win')
>>> from_json(["fight", 3, 4, "win", "plus"]) == ev
True
>>> text(Bid("bid", 0, 2, 3))
'P1 bids 3 on lot 2'

:func:`text` says an event in words (``game`` gives space labels and names); the story of a game
(:mod:`evo_lab.story`) is built from it.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ...core.errors import FormatError

__all__ = ["EVENTS", "from_json", "text", "Round", "Token", "Wheel", "Peek", "GeneDrawn", "Bid", "Outbid",
           "Auction", "CardDrawn", "Initiative", "Move", "Wings", "Flippers", "Fight", "Escape", "Play", "Birth",
           "KillerBaby", "Starved", "Scored", "End"]


class Round(NamedTuple):
    kind: str  # "round"
    round: int


class Token(NamedTuple):
    kind: str  # "token"
    token: int  # token kind index (the meteorite is the last index)


class Wheel(NamedTuple):
    kind: str  # "wheel"
    old: int
    new: int
    shift: int
    prescience: bool  # the shift came from a Prescience card, not from the token


class Peek(NamedTuple):
    kind: str  # "peek": sixth sense shows its holder the next token (a secret: observers mask it)
    token: int | None


class GeneDrawn(NamedTuple):
    kind: str  # "gene"
    lot: int
    gene: int


class Bid(NamedTuple):
    kind: str  # "bid"
    player: int
    lot: int
    value: int


class Outbid(NamedTuple):
    kind: str  # "outbid"
    loser: int
    lot: int
    player: int
    value: int


class Auction(NamedTuple):
    kind: str  # "auction"
    bids: tuple  # ((player, bid), ...) per lot


class CardDrawn(NamedTuple):
    kind: str  # "card"
    player: int


class Initiative(NamedTuple):
    kind: str  # "initiative"
    order: tuple
    rushed: int = -1  # the player who chose a place with adrenaline rush (-1: none)


class Move(NamedTuple):
    kind: str  # "move"
    src: int
    dst: int


class Wings(NamedTuple):
    kind: str  # "wings"
    src: int
    dst: int


class Flippers(NamedTuple):
    kind: str  # "flippers"
    src: int
    dst: int


class Fight(NamedTuple):
    kind: str  # "fight"
    src: int
    dst: int
    result: str  # "win" | "lose"
    face: str  # die symbol


class Escape(NamedTuple):
    kind: str  # "escape" (chameleon skin)
    src: int
    dst: int
    to: int


class Play(NamedTuple):
    kind: str  # "play"
    player: int
    card: str  # card id
    detail: tuple = ()  # what the card needs to tell: the wheel shift, (victim, space) of an egg thief, ...


class Birth(NamedTuple):
    kind: str  # "birth"
    player: int
    space: int


class KillerBaby(NamedTuple):
    kind: str  # "killer_baby"
    player: int
    space: int
    result: str  # "enemy_dies" | "baby_dies"
    face: str


class Starved(NamedTuple):
    kind: str  # "starved": one dinosaur the climate killed
    player: int
    space: int


class Scored(NamedTuple):
    kind: str  # "scored"
    counts: tuple


class End(NamedTuple):
    kind: str  # "end"
    mp: tuple
    ranking: tuple


EVENTS: dict[str, type] = {c.__name__.lower(): c for c in (Round, Token, Wheel, Peek, Bid, Outbid, Auction, Initiative,
                                                            Move, Wings, Flippers, Fight, Escape, Play, Birth,
                                                            Starved, Scored, End)}
EVENTS.update({"gene": GeneDrawn, "card": CardDrawn, "killer_baby": KillerBaby})


def _tupled(v: Any) -> Any:
    return tuple(_tupled(x) for x in v) if isinstance(v, (list, tuple)) else v


def from_json(v: Any, field: str = "state.last") -> tuple:
    """An event from its JSON list (``()`` for an empty one). Version-1 lists of other lengths are read too."""
    if not isinstance(v, (list, tuple)):
        raise FormatError("must be a list", field)
    if not v:
        return ()
    cls = EVENTS.get(v[0]) if isinstance(v[0], str) else None
    if cls is None:
        raise FormatError(f"unknown event {v[0]!r}", field)
    items = [_tupled(x) for x in v]
    if cls is Play and len(items) > 3 and not isinstance(items[3], tuple):  # version 1: detail inline
        items = items[:3] + [tuple(items[3:])]
    if cls is Starved and len(items) > 3:  # version 1: several spaces in one event; keep the last
        items = items[:2] + [items[-1]]
    try:
        return cls(*items)
    except TypeError:
        raise FormatError(f"malformed {v[0]!r} event: {v!r}", field) from None


def log_from_json(v: Any, field: str = "state.log") -> tuple:
    """The log: a list of events (version-1 ``starved`` events with several spaces become one per space)."""
    if not isinstance(v, (list, tuple)):
        raise FormatError("must be a list", field)
    out: list = []
    for i, e in enumerate(v):
        if isinstance(e, (list, tuple)) and e and e[0] == "starved" and len(e) > 3:
            out.extend(Starved("starved", e[1], x) for x in e[2:])
        else:
            out.append(from_json(e, f"{field}[{i}]"))
    return tuple(out)


def _p(p: int) -> str:
    return f"P{p + 1}"


def _label(game: Any, space: int) -> str:
    return game.labels[space] if game is not None else str(space)


def text(ev: tuple, game: Any = None) -> str:
    """The event in words (``game``: an Evo :class:`~evo_lab.games.evo2e.game.Game` for labels and names)."""
    k = ev[0]
    L = (lambda x: _label(game, x))
    if k == "round":
        return f"Round {ev.round}"
    if k == "token":
        if game is None:
            return f"climate token {ev.token}"
        return ("the meteorite falls: the game ends at once" if ev.token == game.meteorite
                else f"climate token {game.token_ids[ev.token]} ({game.token_shifts[ev.token]:+d})")
    if k == "wheel":
        return f"the wheel turns {ev.shift:+d}{' (Prescience)' if ev.prescience else ''} to section {ev.new}"
    if k == "peek":
        return "sixth sense: the next climate token is known to its holder"
    if k == "gene":
        return f"lot {ev.lot} offers {game.gene_names[ev.gene] if game else ev.gene}"
    if k == "bid":
        return f"{_p(ev.player)} bids {ev.value} on lot {ev.lot}"
    if k == "outbid":
        return f"{_p(ev.player)} bids {ev.value} on lot {ev.lot}, displacing {_p(ev.loser)}"
    if k == "auction":
        return "auction over: lots paid and genes taken"
    if k == "card":
        return f"{_p(ev.player)} draws an event card"
    if k == "initiative":
        rushed = f" ({_p(ev.rushed)} used adrenaline rush)" if ev.rushed >= 0 else ""
        return "initiative: " + " ".join(_p(p) for p in ev.order) + rushed
    if k in ("move", "wings", "flippers"):
        how = {"move": "moves", "wings": "flies", "flippers": "swims"}[k]
        return f"{how} {L(ev.src)} -> {L(ev.dst)}"
    if k == "fight":
        return f"{L(ev.src)} attacks {L(ev.dst)}: rolls {ev.face} and {'wins' if ev.result == 'win' else 'fails'}"
    if k == "escape":
        return f"the beaten dinosaur on {L(ev.dst)} escapes to {L(ev.to)} (chameleon skin)"
    if k == "play":
        from .cards import play_text

        return play_text(ev, game)
    if k == "birth":
        return f"{_p(ev.player)} lays a dinosaur on {L(ev.space)}"
    if k == "killer_baby":
        res = "the enemy dies" if ev.result == "enemy_dies" else "the baby dies"
        return f"{_p(ev.player)} drops a killer baby on {L(ev.space)}: rolls {ev.face}, {res}"
    if k == "starved":
        return f"{_p(ev.player)} loses the dinosaur on {L(ev.space)} to the climate"
    if k == "scored":
        return "scoring: " + ", ".join(f"{_p(p)} +{c}" for p, c in enumerate(ev.counts))
    if k == "end":
        return "game over: " + ", ".join(f"{_p(p)} {mp} MP" for p, mp in enumerate(ev.mp))
    return " ".join(str(x) for x in ev)  # pragma: no cover - every kind is above
