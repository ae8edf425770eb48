"""One seeded tournament game: the entrants' specs, the seated bots, the game played out and its per-seat rows
(the part of :mod:`evo_lab.sim` that runs on the workers)."""

from __future__ import annotations

import gc
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from ..bots.base import bot_name, checked_action
from ..bots.registry import make_bot
from ..core.errors import EvoLabError
from ..core.protocol import Game, State, sample_chance
from ..core.registry import kit_module, make_game
from ..games.evo2e.board import Board
from ..parallel import seed_int

#: The columns every game's rows start with.
KEYS = ("game", "seed", "player", "entrant", "bot")
#: The columns of Evo 2e's rows (the default game); :func:`columns` gives any game's.
COLUMNS = ("game", "seed", "player", "entrant", "bot", "mp", "dinosaurs", "place", "won", "rounds")

#: A bot that plays: anything called as ``bot(state, player)`` that returns an action (the state is the game's
#: own state type, which a tournament of any game cannot name).
BotCallable = Callable[[Any, int], Any]
#: An entrant of a tournament: a bot name, ``(name, options)``, ``{"bot": name, "label": ..., **options}`` or a
#: callable bot.
BotSpec = str | tuple[str, Mapping[str, Any]] | Mapping[str, Any] | BotCallable
#: One row of a tournament: one game and seat (the columns of :func:`columns`).
Row = dict[str, Any]


class SimulationError(EvoLabError, ValueError):
    """A tournament that cannot run as asked (bad game, lineup, games, players, executor...)."""


def columns(game: str = "evo2e") -> tuple[str, ...]:
    """The row columns of ``game``'s tournaments."""
    return KEYS + tuple(kit_module(game).COLUMNS)


def bot_spec(spec: BotSpec) -> tuple[str, str | BotCallable, dict[str, Any]]:
    """(label, name or callable, options) from ``"greedy"``, ``("ismcts", {"iterations": 50})``,
    ``{"bot": "ismcts", "label": "ismcts-50", "iterations": 50}`` or a callable."""
    if isinstance(spec, str):
        return spec.strip().lower(), spec.strip().lower(), {}
    if isinstance(spec, Mapping):
        d = dict(spec)
        name = d.pop("bot", None)
        if not isinstance(name, str):
            raise SimulationError(f"a bot dict needs a 'bot' name, got {spec!r}")
        label = str(d.pop("label", name))
        return label, name, d
    if (
        isinstance(spec, tuple)
        and len(spec) == 2
        and isinstance(spec[0], str)
        and isinstance(spec[1], Mapping)
    ):
        return spec[0], spec[0], dict(spec[1])
    if callable(spec):
        return bot_name(spec), spec, {}
    raise SimulationError(f"a bot is a name, (name, options), a dict with 'bot', or a callable; got {spec!r}")


def build_bot(spec: BotSpec, seed: int, game: str = "evo2e") -> BotCallable:
    """The bot ``spec`` names, seeded with ``seed`` (a callable is reset with the seed when it can be)."""
    _, name, opts = bot_spec(spec)
    if isinstance(name, str):
        made: BotCallable = make_bot(name, seed=seed, game=game, **opts)
        return made
    reset = getattr(name, "reset", None)
    if reset is not None:
        reset(seed)
    return name


def make_tournament_game(
    game: str, players: int, seed: int | None, board: Board | None, options: object
) -> Game:
    """The engine game of a tournament: Evo 2e takes ``board``; every game takes ``options`` (its rule options)."""
    kw: dict[str, Any] = {"players": players, "seed": seed}
    if board is not None:
        kw["board"] = board
    if options is not None:
        kw["options"] = options
    if game == "evo2e":  # Evo's Game(players, seed, board, options), as before the registry
        kw.setdefault("board", None)
        kw.setdefault("options", None)
    made: Game = make_game(game, **kw)
    return made


def play_game(
    bots: Sequence[BotSpec],
    seed: int,
    *,
    players: int | None = None,
    board: Board | None = None,
    options: object = None,
    game_index: int | None = None,
    max_actions: int = 100_000,
    game: str = "evo2e",
) -> State:
    """Play one game of ``game`` with ``bots`` in seat order (names, specs or callables), everything seeded by
    the integer ``seed``; returns the final state. This is how a tournament game is replayed from its seed
    (the seat order of game ``i`` is the lineup rotated by ``i mod players``: see :mod:`evo_lab.sim`).

    >>> s = play_game(["random", "greedy"], seed=11)
    >>> s.is_terminal(), play_game(["random", "greedy"], seed=11).returns() == s.returns()
    (True, True)
    """
    players = players or len(bots)
    if len(bots) != players:
        raise SimulationError(f"{players} players need {players} bots, got {len(bots)}")
    ss = np.random.SeedSequence(int(seed))
    kids = ss.spawn(players + 1)
    g = make_tournament_game(game, players, int(seed), board, options)
    rng = np.random.default_rng(kids[0])
    seated = [build_bot(b, seed_int(kids[1 + q]), game) for q, b in enumerate(bots)]
    s: State = g.new_initial_state()
    n = 0
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(sample_chance(s, rng))
        else:
            p = s.current_player()
            s.apply_action(checked_action(seated[p], s, p, seed=int(seed), game=game_index))
        n += 1
        if n > max_actions:
            raise SimulationError(f"game {game_index} (seed {seed}) did not end within {max_actions} actions")
    return s


def game_rows(
    i: int,
    ss: np.random.SeedSequence,
    lineup: Sequence[BotSpec],
    labels: Sequence[str],
    players: int,
    board: Board | None,
    options: object,
    game: str = "evo2e",
) -> list[Row]:
    """Play tournament game ``i`` (seed sequence ``ss``, the lineup rotated by ``i mod players``) and return its
    rows, one per seat. ``won`` is the seat's share of first place: 1 for a sole winner, ``1/k`` for each of
    ``k`` tied winners, else 0."""
    gs = seed_int(ss)
    rot = i % players
    seat_entrant = [(q - rot) % players for q in range(players)]  # entrant j sits in seat (j + rot) % players
    state = play_game(
        [lineup[j] for j in seat_entrant],
        gs,
        players=players,
        board=board,
        options=options,
        game_index=i,
        game=game,
    )
    kit = kit_module(game)
    winners = state.winners()
    rows = []
    for q, res in enumerate(kit.results(state)):
        res["won"] = (1.0 / len(winners)) if q in winners else 0.0
        row: Row = {
            "game": i,
            "seed": gs,
            "player": q,
            "entrant": seat_entrant[q],
            "bot": labels[seat_entrant[q]],
        }
        row.update((c, res[c]) for c in kit.COLUMNS)
        rows.append(row)
    return rows


def run_chunk(
    items: list[tuple[int, np.random.SeedSequence]],
    lineup: Sequence[BotSpec],
    labels: Sequence[str],
    players: int,
    board: Board | None,
    options: object,
    game: str = "evo2e",
) -> list[list[Row]]:
    """Worker: play a chunk of ``(index, SeedSequence)`` games; returns the small per-game rows.

    The worker's long-lived objects (a Dask worker holds many) are frozen out of the cyclic garbage
    collector's scans while the chunk runs: the engine allocates many short-lived objects, and each full
    collection would otherwise walk the whole worker heap. Results do not depend on it."""
    gc.freeze()
    try:
        return [game_rows(i, ss, lineup, labels, players, board, options, game) for i, ss in items]
    finally:
        gc.unfreeze()
