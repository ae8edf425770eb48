"""Reading a position body back (the ``state`` of the shared envelope); a bad one raises
:class:`~evo_lab.core.errors.FormatError` naming the field."""

from __future__ import annotations

from typing import Any

from ...core.errors import FormatError
from .model import Player
from .flow import FLOW, PHASES, settle

__all__ = ["load_body"]


def _int(d: Any, k: str, lo: int | None = None) -> int:
    v = d.get(k) if isinstance(d, dict) else None
    if isinstance(v, bool) or not isinstance(v, int) or (lo is not None and v < lo):
        raise FormatError(f"must be an integer{f' >= {lo}' if lo is not None else ''}, got {v!r}", f"state.{k}")
    return v


def _counts(d: Any, k: str, n: int) -> list[int]:
    v = d.get(k)
    if not isinstance(v, list) or len(v) != n or not all(isinstance(x, int) and x >= 0 for x in v):
        raise FormatError(f"must be a list of {n} counts", f"state.{k}")
    return list(v)


def load_body(s: Any, d: Any) -> Any:
    g = s.game
    if not isinstance(d, dict):
        raise FormatError("must be an object", "state")
    try:
        s.players = [Player.from_list(p) for p in d["players"]]
    except (KeyError, TypeError, ValueError) as e:
        raise FormatError(f"unreadable players: {e}", "state.players") from None
    if len(s.players) != g.players:
        raise FormatError(f"expected {g.players} players", "state.players")
    s.watering_hole, s.first = _int(d, "wh", 0), _int(d, "first", 0)
    s.round, s.final = _int(d, "round", 1), _int(d, "final", 0)
    s.turn, s.left, s.end_deck, s.out = _int(d, "turn", -1), _int(d, "left", 0), _int(d, "end_deck", 0), \
        _int(d, "out", 0)
    if d.get("phase") not in PHASES:
        raise FormatError(f"must be one of {PHASES}", "state.phase")
    s.phase = d["phase"]
    s.gone = _int(d, "gone", 0)
    s.seek = bool(d.get("seek"))
    s.intel = tuple(d["intel"]) if d.get("intel") else None
    s.asking = d.get("asking", -1)
    if isinstance(s.asking, bool) or not isinstance(s.asking, int) or s.asking < -2:
        raise FormatError(f"must be a species index, -2 or -1, got {s.asking!r}", "state.asking")
    nk = len(g.deck.cards)
    s.pool, s.discards = _counts(d, "pool", nk), _counts(d, "discards", nk)
    pend = d.get("pending")
    if not isinstance(pend, list) or not all(isinstance(x, list) and len(x) == 2 for x in pend):
        raise FormatError("must be a list of [player, cards]", "state.pending")
    s.pending = [list(x) for x in pend]
    c = d.get("climate")
    if g.options.climate:
        if not isinstance(c, dict):
            raise FormatError("missing climate", "state.climate")
        s.climate_pos, s.event_pool = c["pos"], list(c["pool"])
        s.events_in_play, s.event_used, s.pending_events = dict(c["in_play"]), c["used"], list(c["pending"])
    else:
        s.climate_pos, s.event_pool, s.events_in_play, s.event_used, s.pending_events = 0, [], {}, "", []
    return s


def from_boards(game: Any, boards: list, hands: list | None = None, watering_hole: int = 0, phase: str = "feed",
                turn: int = 0, first: int = 0, bags: list | None = None) -> Any:
    """A consistent position for lessons and tests: ``boards[p]`` lists player ``p``'s species as
    ``(body, pop, food, fat, [trait names])`` or :class:`~.model.Species`; ``hands[p]`` lists card labels
    (``"horns+2"``) or trait names (any card of that trait). Cards come out of the unseen pool, so every card
    is still somewhere. ``phase="feed"`` starts a feeding turn of ``turn``.

    >>> import evo_lab
    >>> g = evo_lab.make_game("evolution", players=2)
    >>> s = from_boards(g, [[(3, 2, 0, 0, ["carnivore"])], [(1, 2, 0, 0, [])]], watering_hole=2)
    >>> s.legal_actions()
    [('attack', 0, 1, 0)]
    """
    from .model import Species
    from .state import State

    s = State(game)
    s.pending.clear()
    s.pending_events.clear()
    s.pool = [c.count for c in game.deck.cards]
    s.left = sum(s.pool)

    def take_card(name: str) -> int:
        k = game.label_kind.get(name)
        if k is None:
            k = next((i for i, c in enumerate(game.deck.cards) if c.trait == name and s.pool[i] > 0), -1)
        if k < 0 or s.pool[k] <= 0:
            raise ValueError(f"no card {name!r} left in the deck")
        s.pool[k] -= 1
        s.left -= 1
        return k

    for p, row in enumerate(boards):
        pl = s.players[p]
        pl.species = []
        for b in row:
            sp = b if isinstance(b, Species) else Species(b[0], b[1], b[2], b[3], list(b[4]))
            sp.cards = [take_card(_name(t)) for t in sp.traits]
            pl.species.append(sp)
        pl.hand = sorted(take_card(h) for h in (hands[p] if hands else []))
        pl.bag = bags[p] if bags else 0
    s.watering_hole, s.first, s.phase = watering_hole, first, phase
    s.turn, s.seek, s.out = turn, False, 0
    if phase == "feed":
        from .phases.feeding import has_option

        if not has_option(s, turn):
            s.turn, s.seek = (turn - 1) % len(s.players), True
    settle(s)
    FLOW.run(s)
    return s


def _name(tid: int) -> str:
    from .traits import TRAIT_IDS

    return TRAIT_IDS[tid]
