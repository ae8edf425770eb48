"""The log of an Evo 2e game: one ``NamedTuple`` per kind of event.

After each ``apply_action`` the state keeps what the rules did (``state.log``, oldest first; ``state.last`` is
the newest). Every event is a tuple whose first field is its ``kind``, so positions store it as a plain JSON
list and old code that reads ``event[0]`` still works; new code reads fields by name:

>>> ev = Fight("fight", 3, 4, "win", "plus")
>>> ev.kind, ev.src, ev.result
('fight', 3, 'win')
>>> from_json(["fight", 3, 4, "win", "plus"]) == ev
True
>>> Bid("bid", 0, 2, 3).text()
'P1 bids 3 on the third lot'

Each event says itself: ``event.text(game)`` in words (``game`` gives space labels and names) and
``event.story(before, after)`` as the lines of the story of a game (:mod:`evo_lab.games.evo2e.story`), with the states
before and after the action that caused it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple, Protocol

from ...core.words import pct, plural
from .words import shift_words, token_words

if TYPE_CHECKING:
    from .game import Game
    from .state import State

__all__ = [
    "EVENTS",
    "from_json",
    "log_from_json",
    "text",
    "Round",
    "Token",
    "Wheel",
    "Peek",
    "GeneDrawn",
    "Bid",
    "Outbid",
    "Auction",
    "CardDrawn",
    "Initiative",
    "Move",
    "Wings",
    "Flippers",
    "Fight",
    "Escape",
    "Play",
    "Birth",
    "KillerBaby",
    "Starved",
    "Scored",
    "End",
]


def _p(p: int) -> str:
    return f"P{p + 1}"


def _labels(game: Game | None) -> _Labels:
    return game.labels if game is not None else _Ids()


def _face(game: Game | None, kind: str) -> str:
    """A die face by its printed name ("Claw with plus sign"), not its data id."""
    if game is None:
        return kind
    return getattr(game.data.die_symbols.get(kind), "name", kind)


class _Ids:
    def __getitem__(self, i: int) -> str:
        return str(i)


class _Tells(Protocol):
    def text(self, game: Game | None = None) -> str: ...


class _Labels(Protocol):
    def __getitem__(self, i: int, /) -> str: ...


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


def _ordinal(lot: int) -> str:
    """A lot of the biology lab by its line, counted from the first (the event card's): 0 -> "first"."""
    return _ORDINALS[lot] if 0 <= lot < len(_ORDINALS) else f"{lot + 1}th"


def _lot(state: State, lot: int) -> str:
    """A lot by what it holds ("the event card", "Fur layer"): :func:`.words.lot_words`."""
    from .words import lot_words

    return lot_words(state, lot)


def _story(event: _Tells, indent: int, after: State) -> list[str]:
    """The default story of an event: its text, as one line indented by ``indent`` spaces (its depth in the
    story: a round, its phases, their moves)."""
    text = event.text(after.game)
    return [" " * indent + text[0].upper() + text[1:] + "."]


class Round(NamedTuple):
    kind: str  # "round"
    round: int

    def text(self, game: Game | None = None) -> str:
        return f"Round {self.round}"

    def story(self, before: State, after: State) -> list[str]:
        return [self.text()]


class Token(NamedTuple):
    kind: str  # "token"
    token: int  # token kind index (the meteorite is the last index)

    def story(self, before: State, after: State) -> list[str]:
        return _story(self, 2, after)

    def text(self, game: Game | None = None) -> str:
        if game is None:
            return f"climate token {self.token}"
        if self.token == game.meteorite:
            return "climate: the meteorite falls. The game ends at once"
        return f"climate: token {token_words(game, self.token)}"


class Wheel(NamedTuple):
    kind: str  # "wheel"
    old: int
    new: int
    shift: int
    prescience: bool  # the shift came from a Prescience card, not from the token

    def text(self, game: Game | None = None) -> str:
        if self.shift == 0 or self.old == self.new:
            return f"the wheel stays at section {self.new}{' (Prescience)' if self.prescience else ''}"
        return f"the wheel turns {shift_words(self.shift)}{' (Prescience)' if self.prescience else ''} to section {self.new}"

    def story(self, before: State, after: State) -> list[str]:
        states = ", ".join(f"{t} {v}" for t, v in after.terrain_states(self.new).items())
        text = self.text(after.game)
        return [f"  {text[0].upper()}{text[1:]}: {states}."]


class Peek(NamedTuple):
    kind: str  # "peek": sixth sense shows its holder the next token (a secret: observers mask it)
    token: int | None

    def text(self, game: Game | None = None) -> str:
        return "sixth sense: the next climate token is known to its holder"

    def story(self, before: State, after: State) -> list[str]:
        holder = [p for p in range(after.game.players) if after.has(p, "sixth_sense")]
        return [f"  {', '.join(_p(p) for p in holder)} (sixth sense) sees the next token."]


class GeneDrawn(NamedTuple):
    kind: str  # "gene"
    lot: int
    gene: int

    def story(self, before: State, after: State) -> list[str]:
        return _story(self, 2, after)

    def text(self, game: Game | None = None) -> str:
        return f"mutation: {game.gene_names[self.gene] if game else self.gene} is drawn for the auction"


class Bid(NamedTuple):
    kind: str  # "bid"
    player: int
    lot: int
    value: int

    def story(self, before: State, after: State) -> list[str]:
        return [f"    {_p(self.player)} bids {self.value} for {_lot(after, self.lot)}."]

    def text(self, game: Game | None = None) -> str:
        return f"{_p(self.player)} bids {self.value} on the {_ordinal(self.lot)} lot"


class Outbid(NamedTuple):
    kind: str  # "outbid"
    loser: int
    lot: int
    player: int
    value: int

    def story(self, before: State, after: State) -> list[str]:
        return [
            f"    {_p(self.player)} bids {self.value} for {_lot(after, self.lot)}, displacing {_p(self.loser)}."
        ]

    def text(self, game: Game | None = None) -> str:
        return f"{_p(self.player)} bids {self.value} on the {_ordinal(self.lot)} lot, displacing {_p(self.loser)}"


class Auction(NamedTuple):
    kind: str  # "auction"
    bids: tuple[tuple[int, int], ...]  # ((player, bid), ...) per lot

    def text(self, game: Game | None = None) -> str:
        return "auction over: lots paid and genes taken"

    def story(self, before: State, after: State) -> list[str]:
        g = after.game
        out = []
        for lot, (p, v) in enumerate(self.bids):
            item = after.lots[lot] if lot < len(after.lots) else -1
            what = "the event card" if item == -2 else ("the empty lot" if item == -1 else g.gene_names[item])
            out.append(f"  {_p(p)} wins {what} for {after.paid[p]} MP (bid {v}).")
        return out


class CardDrawn(NamedTuple):
    kind: str  # "card"
    player: int

    def story(self, before: State, after: State) -> list[str]:
        return _story(self, 2, after)

    def text(self, game: Game | None = None) -> str:
        return f"{_p(self.player)} draws an event card"


class Initiative(NamedTuple):
    kind: str  # "initiative"
    order: tuple[int, ...]
    rushed: int = -1  # the player who chose a place with adrenaline rush (-1: none)

    def story(self, before: State, after: State) -> list[str]:
        return _story(self, 2, after)

    def text(self, game: Game | None = None) -> str:
        rushed = f" ({_p(self.rushed)} used adrenaline rush)" if self.rushed >= 0 else ""
        return "initiative: " + " ".join(_p(p) for p in self.order) + rushed


class Move(NamedTuple):
    kind: str  # "move", "wings" or "flippers" (the three classes below share this shape)
    src: int
    dst: int

    def text(self, game: Game | None = None) -> str:
        how = {"move": "moves", "wings": "flies", "flippers": "swims"}[self.kind]
        L = _labels(game)
        return f"{how} {L[self.src]} -> {L[self.dst]}"

    def story(self, before: State, after: State) -> list[str]:
        return [f"    {_p(after.occupants[self.dst])} {self.text(after.game)}."]


class Wings(Move):
    """A flight with Wings (kind ``"wings"``)."""


class Flippers(Move):
    """A swim with Flippers (kind ``"flippers"``)."""


class Fight(NamedTuple):
    kind: str  # "fight"
    src: int
    dst: int
    result: str  # "win" | "lose"
    face: str  # die symbol

    def text(self, game: Game | None = None) -> str:
        L = _labels(game)
        return (
            f"the dinosaur on {L[self.src]} attacks the one on {L[self.dst]}: it rolls {_face(game, self.face)} and "
            f"{'wins' if self.result == 'win' else 'fails'}"
        )

    def story(self, before: State, after: State) -> list[str]:
        L = after.game.labels
        att, dfd = before.occupants[self.src], before.occupants[self.dst]
        p = before.attack_probability(self.src, self.dst) if att >= 0 and dfd >= 0 else None
        odds = f" (it wins with probability {p}, {pct(p)})" if p is not None else ""
        verdict = "and wins" if self.result == "win" else "and fails"
        return [
            f"    {_p(att)}'s dinosaur on {L[self.src]} attacks {_p(dfd)}'s dinosaur on {L[self.dst]}{odds}: it "
            f"rolls {_face(after.game, self.face)} {verdict}."
        ]


class Escape(NamedTuple):
    kind: str  # "escape" (chameleon skin)
    src: int
    dst: int
    to: int

    def story(self, before: State, after: State) -> list[str]:
        return _story(self, 4, after)

    def text(self, game: Game | None = None) -> str:
        L = _labels(game)
        return f"the beaten dinosaur on {L[self.dst]} escapes to {L[self.to]} (chameleon skin)"


class Play(NamedTuple):
    kind: str  # "play"
    player: int
    card: str  # card id
    detail: tuple[
        int, ...
    ] = ()  # what the card needs to tell: the wheel shift, (victim, space) of an egg thief, ...

    def story(self, before: State, after: State) -> list[str]:
        return _story(self, 4, after)

    def text(self, game: Game | None = None) -> str:
        from .cards import play_text

        return play_text(self, game)


class Birth(NamedTuple):
    kind: str  # "birth"
    player: int
    space: int

    def story(self, before: State, after: State) -> list[str]:
        return _story(self, 4, after)

    def text(self, game: Game | None = None) -> str:
        return f"{_p(self.player)} lays an egg: a new dinosaur on {_labels(game)[self.space]}"


class KillerBaby(NamedTuple):
    kind: str  # "killer_baby"
    player: int
    space: int
    result: str  # "enemy_dies" | "baby_dies"
    face: str

    def story(self, before: State, after: State) -> list[str]:
        return _story(self, 4, after)

    def text(self, game: Game | None = None) -> str:
        res = "the enemy dies" if self.result == "enemy_dies" else "the baby dies"
        return f"{_p(self.player)} drops a killer baby on {_labels(game)[self.space]}: rolls {_face(game, self.face)}, {res}"


class Starved(NamedTuple):
    kind: str  # "starved": one dinosaur the climate killed
    player: int
    space: int

    def text(self, game: Game | None = None) -> str:
        return f"survival: {_p(self.player)} loses {_labels(game)[self.space]} to the climate"

    def story(self, before: State, after: State) -> list[str]:
        """One line per player for all of the player's losses in this step (told at the player's first event)."""
        mine = [e for e in after.log if isinstance(e, Starved) and e.player == self.player]
        if not mine or mine[0] is not self:
            return []
        L = after.game.labels
        return [
            f"    Survival: {_p(self.player)} loses {plural(len(mine), 'dinosaur')} to the climate: "
            + ", ".join(L[e.space] for e in mine)
            + "."
        ]


class Scored(NamedTuple):
    kind: str  # "scored"
    counts: tuple[int, ...]

    def text(self, game: Game | None = None) -> str:
        return "scoring: " + ", ".join(f"{_p(p)} +{c}" for p, c in enumerate(self.counts))

    def story(self, before: State, after: State) -> list[str]:
        return [
            "  Scoring: "
            + ", ".join(f"{_p(p)} +{c} = {after.mp[p]} MP" for p, c in enumerate(self.counts))
            + "."
        ]


class End(NamedTuple):
    kind: str  # "end"
    mp: tuple[int, ...]
    ranking: tuple[int, ...]

    def text(self, game: Game | None = None) -> str:
        return "game over: " + ", ".join(f"{_p(p)} {mp} MP" for p, mp in enumerate(self.mp))

    def story(self, before: State, after: State) -> list[str]:
        order = sorted(range(len(self.mp)), key=lambda p: self.ranking[p])
        return [
            "Final ranking: "
            + ", ".join(
                f"#{self.ranking[p]} {_p(p)} ({self.mp[p]} MP, {plural(after.count[p], 'dinosaur')})"
                for p in order
            )
        ]


#: An event of the log (each kind is its own named tuple).
Event = (
    Round
    | Token
    | Wheel
    | Peek
    | GeneDrawn
    | Bid
    | Outbid
    | Auction
    | CardDrawn
    | Initiative
    | Move
    | Fight
    | Escape
    | Play
    | Birth
    | KillerBaby
    | Starved
    | Scored
    | End
)

EVENTS: dict[str, Callable[..., Event]] = {
    c.__name__.lower(): c
    for c in (
        Round,
        Token,
        Wheel,
        Peek,
        Bid,
        Outbid,
        Auction,
        Initiative,
        Move,
        Wings,
        Flippers,
        Fight,
        Escape,
        Play,
        Birth,
        Starved,
        Scored,
        End,
    )
}
EVENTS.update({"gene": GeneDrawn, "card": CardDrawn, "killer_baby": KillerBaby})


def from_json(v: object, field: str = "state.last") -> Event | tuple[()]:
    """An event from its JSON list (``()`` for an empty one); version-1 lists of other lengths are read too
    (:func:`evo_lab.games.evo2e.event_json.event_from_json`)."""
    from .event_json import event_from_json

    return event_from_json(v, field)


def log_from_json(v: object, field: str = "state.log") -> tuple[Event, ...]:
    """The log: a list of events (version-1 ``starved`` events with several spaces become one per space)."""
    from .event_json import log_from_json as read_log

    return read_log(v, field)


def text(ev: Event, game: Game | None = None) -> str:
    """The event in words (``game``: an Evo :class:`~evo_lab.games.evo2e.game.Game` for labels and names)."""
    return ev.text(game)
