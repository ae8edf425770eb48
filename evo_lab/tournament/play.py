"""One tournament game: players at their seats, faults survived, the outcome as JSON-able data.

**Seeds.** ``kids = SeedSequence(seed).spawn(...)``: ``kids[0]`` drives the chance outcomes, ``kids[1 + q]``
seeds seat ``q``'s bot, ``kids[1 + k + q]`` seeds the stand-in of seat ``q``: a game between builtin bots is
exactly :func:`evo_lab.sim.play_game` with the same seed.

**Faults.** A player that faults (:data:`~evo_lab.tournament.remote.FAULT_KINDS`) is asked nothing more in that
game: a stand-in, the game's ``random`` bot seeded from the game's seed, plays its seat to the end, so every game
ends and its record replays. The fault is recorded with the bot's name, the game, the seat, the ply (the actions
played before it: the record's first ``ply`` actions reproduce the position), the bot's decision number and the
position itself. Scoring (``on_fault``):

* ``"loses"`` (the default): the faulted seats are placed last, tied, with no share of the win, whatever the
  stand-in did; the other seats keep the order of the game's own final ranking among themselves (a seat that
  finished third behind a faulted seat is second). The win is shared by the best-placed seats that did not fault;
  a game where every seat faulted has no winner.
* ``"random"``: the stand-in's result stands for the faulted bot (the game counts as if the bot had played
  randomly from the fault on); the fault is still recorded.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..bots.registry import make_bot
from ..core.protocol import sample_chance
from ..core.registry import kit_module, make_game
from ..parallel import seed_int
from .pairings import Pairing
from .protocol import end_message
from .remote import Player, PlayerFault

__all__ = ["ON_FAULT", "GameOutcome", "final_places", "play_game"]

ON_FAULT = ("loses", "random")
MAX_ACTIONS = 100_000


@dataclass
class GameOutcome:
    """A finished game: the deterministic ``data`` (JSON-able: everything but the record and the timing), the
    record (the game's JSON record text), the faults and the time each seat's player took."""

    data: dict
    record: str
    faults: list[dict]
    timing: dict = field(default_factory=dict, compare=False)


def final_places(
    places: Sequence[int], faulted: Sequence[bool], on_fault: str
) -> tuple[list[int], list[float]]:
    """The tournament's places and win shares from the game's places (see the module docstring).

    >>> final_places([2, 1, 3], [False, True, False], "loses")
    ([1, 3, 2], [1.0, 0.0, 0.0])
    >>> final_places([1, 1, 3], [False, False, False], "loses")
    ([1, 1, 3], [0.5, 0.5, 0.0])
    """
    n = len(places)
    if on_fault == "random":
        out = list(places)
    else:
        ok = [q for q in range(n) if not faulted[q]]
        last = len(ok) + 1
        out = [last if faulted[q] else 1 + sum(1 for r in ok if places[r] < places[q]) for q in range(n)]
    top = [q for q in range(n) if out[q] == 1 and (on_fault == "random" or not faulted[q])]
    won = [1.0 / len(top) if q in top else 0.0 for q in range(n)]
    return out, won


def _fault(
    f: PlayerFault, pairing: Pairing, label: str, seat: int, ply: int, decision: int, state: Any
) -> dict:
    return {
        "game": pairing.game,
        "round": pairing.round,
        "seed": pairing.seed,
        "bot": label,
        "entrant": pairing.table[seat],
        "seat": seat,
        "ply": ply,
        "decision": decision,
        "kind": f.kind,
        "message": f.message,
        "detail": f.detail,
        "position": state.to_dict(),
    }


@dataclass
class _Table:
    """The live seats of one game."""

    players: list[Player]
    labels: list[str]
    faulted: list[bool]
    standins: list[Any]
    faults: list[dict]
    decisions: list[int]
    seconds: list[float]


def _take_over(
    t: _Table, q: int, f: PlayerFault, pairing: Pairing, ply: int, state: Any, game: str, standin_seed: int
) -> None:
    t.faults.append(_fault(f, pairing, t.labels[q], q, ply, t.decisions[q], state))
    t.players[q].after_fault(f)
    t.faulted[q] = True
    t.standins[q] = make_bot("random", seed=standin_seed, game=game)


def play_game(
    pairing: Pairing,
    players: Sequence[Player],
    labels: Sequence[str],
    game: str,
    *,
    on_fault: str = "loses",
    options: Any = None,
) -> GameOutcome:
    """Play the game of ``pairing`` with ``players[q]`` in seat ``q`` (named ``labels[q]``); ``options``: the
    game's rule options (as :func:`evo_lab.sim.simulate` takes them)."""
    k = len(players)
    kids = np.random.SeedSequence(int(pairing.seed)).spawn(1 + 2 * k)
    g = make_game(
        game, players=k, seed=int(pairing.seed), **({} if options is None else {"options": options})
    )
    rng = np.random.default_rng(kids[0])
    seat_seeds = [seed_int(kids[1 + q]) for q in range(k)]
    t = _Table(list(players), list(labels), [False] * k, [None] * k, [], [0] * k, [0.0] * k)
    s = g.new_initial_state()
    for q in range(k):
        try:
            t.players[q].start({"game": g, "seat": q, "seed": seat_seeds[q], "game_number": pairing.game})
        except PlayerFault as f:
            _take_over(t, q, f, pairing, 0, s, game, seed_int(kids[1 + k + q]))
    ply = 0
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(sample_chance(s, rng))
        else:
            q = s.current_player()
            if t.standins[q] is not None:
                a = t.standins[q](s, q)
            elif len(s.legal_actions()) == 1:
                a = s.legal_actions()[0]
            else:
                t0 = time.perf_counter()
                try:
                    a = t.players[q].choose(s, q, ply)
                except PlayerFault as f:
                    _take_over(t, q, f, pairing, ply, s, game, seed_int(kids[1 + k + q]))
                    a = t.standins[q](s, q)
                t.seconds[q] += time.perf_counter() - t0
                t.decisions[q] += 1
            s.apply_action(a)
        ply += 1
        if ply > MAX_ACTIONS:  # pragma: no cover - every game's length is bounded
            raise RuntimeError(
                f"game {pairing.game} (seed {pairing.seed}) did not end within {MAX_ACTIONS} actions"
            )
    return _outcome(s, pairing, t, game, on_fault, ply)


def _outcome(s: Any, pairing: Pairing, t: _Table, game: str, on_fault: str, ply: int) -> GameOutcome:
    kit = kit_module(game)
    res = kit.results(s)
    score_col = kit.COLUMNS[0]
    scores = [float(r[score_col]) for r in res]
    game_places = [int(r["place"]) for r in res]
    places, won = final_places(game_places, t.faulted, on_fault)
    for q, p in enumerate(t.players):  # a player whose connection a fault closed gets nothing
        p.end(end_message(q, places, scores, won[q], t.faulted[q]))
    data = {
        "game": pairing.game,
        "round": pairing.round,
        "seed": pairing.seed,
        "table": list(pairing.table),
        "bots": list(t.labels),
        "scores": scores,
        "game_places": game_places,
        "places": places,
        "won": won,
        "faulted": list(t.faulted),
        "plies": ply,
        "faults": [{k: f[k] for k in ("seat", "kind", "ply")} for f in t.faults],
    }
    timing = {"decisions": list(t.decisions), "seconds": list(t.seconds)}
    return GameOutcome(data, s.record_json(), t.faults, timing)
