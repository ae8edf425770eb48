"""Running a tournament: the checks before the first game, the executors (serial, a process pool, Dask) and
:func:`simulate`, which plays the games and summarises them."""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import functools
import time
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from ..core.registry import UnknownGameError, game_info, kit_module
from ..games.evo2e.board import Board
from ..parallel import child_seeds, default_workers, map_chunks
from .play import BotSpec, Row, SimulationError, bot_spec, build_bot, make_tournament_game, run_chunk
from .result import SimulationResult, summarize

#: Dask settings for the local clusters evo-lab starts: the workers' statistical profiler samples every
#: thread's stack every 10 ms, which costs pure-Python game code about a third of its speed (20,000 games:
#: 1.6x instead of 2x on two cores). Set the same on a remote cluster's workers with the environment variable
#: ``DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED=False``.
LOCAL_DASK_CONFIG = {
    "distributed.worker.profile.enabled": False,  # the statistical profiler costs a quarter of the speed
    "distributed.admin.tick.interval": "500ms",  # fewer event-loop wake-ups competing for the GIL
    "distributed.admin.system-monitor.interval": "2s",
    "distributed.worker.memory.monitor-interval": "1s",
}


@contextlib.contextmanager
def dask_executor(workers: int | None = None, scheduler: str | None = None) -> Iterator[cf.Executor]:
    """A ``concurrent.futures`` executor on Dask: connect to ``scheduler`` (an address such as
    ``tcp://10.0.0.5:8786``), or start a ``LocalCluster(n_workers=workers, threads_per_worker=1,
    processes=True)`` (worker profiler off: :data:`LOCAL_DASK_CONFIG`) that is closed on exit. Needs the
    ``scale`` extra (``dask[distributed]``)."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:  # pragma: no cover - the scale extra
        raise SimulationError(
            "the Dask executor needs dask[distributed]: pip install 'evo-lab[scale]'"
        ) from None
    cluster = None
    if scheduler:
        client = Client(scheduler)
    else:
        import dask

        with dask.config.set(LOCAL_DASK_CONFIG):
            cluster = LocalCluster(
                n_workers=workers or default_workers(),
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
            )
        client = Client(cluster)
    try:
        yield client.get_executor()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def simulate(
    players: int = 4,
    games: int = 100,
    bots: Sequence[BotSpec] | str = ("greedy", "random", "random", "random"),
    seed: int = 0,
    board: Board | None = None,
    executor: cf.Executor | str | None = None,
    workers: int | None = None,
    progress: bool = True,
    chunk_size: int | None = None,
    options: object = None,
    scheduler: str | None = None,
    game: str = "evo2e",
) -> SimulationResult:
    """Play ``games`` seeded games of ``game`` (a registered id: ``"evo2e"``, ``"evolution"``,
    ``"evolution-climate"``, ``"evolution-course2016"``, ``"origin"``) among ``bots`` (one entrant per seat: the
    game's bot names, ``(name, options)``, ``{"bot": name, "label": ..., **options}`` or picklable callables)
    and summarise them. ``options`` are the game's rule options; ``board`` is Evo 2e's.

    ``executor``: ``None`` (serial for small runs, else a local process pool of ``workers`` that is shut
    down afterwards), ``"serial"``, ``"process"``, ``"dask"`` (a local Dask cluster of ``workers``, or the
    cluster at ``scheduler``), or any ``concurrent.futures.Executor`` such as ``client.get_executor()``.
    The results do not depend on the executor, the worker count or ``chunk_size``.
    """
    game = check_tournament(game, players, games, board)
    lineup = check_lineup(bots, players, game, board, options)
    labels = [bot_spec(b)[0] for b in lineup]
    items = list(enumerate(child_seeds(seed, games)))
    fn = functools.partial(
        run_chunk, lineup=lineup, labels=labels, players=players, board=board, options=options, game=game
    )
    per_game, secs = _play_all(fn, items, executor, workers, chunk_size, progress, scheduler)
    rows = [r for g in per_game for r in g]
    config = {
        "game": game,
        "players": players,
        "games": games,
        "seed": seed if isinstance(seed, int) else str(seed),
        "bots": labels,
        "board": None if board is None else board.name,
        "options": None
        if options is None
        else dict(options)
        if isinstance(options, Mapping)
        else str(options),
        "seating": "entrant j sits in seat (j + game) % players",
    }
    ex_name = executor if isinstance(executor, str) or executor is None else type(executor).__name__
    timing = {
        "seconds": secs,
        "games_per_second": games / secs if secs > 0 else None,
        "executor": str(ex_name or "auto"),
        "workers": workers or default_workers(),
    }
    return SimulationResult(rows=rows, summary=summarize(rows, labels, game), config=config, timing=timing)


def check_tournament(game: str, players: int, games: int, board: Board | None) -> str:
    """The game id of a tournament (it must have a kit module), once its player count, number of games and
    ``board`` (only for Evo 2e) are checked."""
    try:
        entry = game_info(game)
        kit_module(game)
    except UnknownGameError as e:
        raise SimulationError(str(e)) from None
    if board is not None:
        if entry.id != "evo2e":
            raise SimulationError(f"board= is Evo 2e's; {entry.id} has no board")
        if not isinstance(board, Board):
            raise SimulationError(f"board must be a Board or None, got {type(board).__name__}")
    lo, hi = entry.min_players, entry.max_players
    if isinstance(players, bool) or not isinstance(players, int) or not lo <= players <= hi:
        raise SimulationError(f"players must be {lo}..{hi} for {entry.id}, got {players!r}")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise SimulationError(f"games must be a positive integer, got {games!r}")
    return entry.id


def check_lineup(
    bots: Sequence[BotSpec] | str, players: int, game: str, board: Board | None, options: object
) -> list[BotSpec]:
    """The entrants, one per seat (``"greedy,random"`` is split at the commas), each made once so that an
    unknown name or option fails before the first game; the board and rule options are checked too."""
    if isinstance(bots, str):
        bots = [b for b in bots.split(",") if b.strip()]
    lineup = list(bots)
    if len(lineup) != players:
        raise SimulationError(
            f"{players} players need {players} bots (one per seat), got {len(lineup)}: {lineup!r}"
        )
    for b in lineup:
        build_bot(b, 0, game)
    make_tournament_game(game, players, None, board, options)
    return lineup


def _play_all(
    fn: functools.partial[list[list[Row]]],
    items: list[Any],
    executor: cf.Executor | str | None,
    workers: int | None,
    chunk_size: int | None,
    progress: bool,
    scheduler: str | None,
) -> tuple[list[list[Row]], float]:
    """The rows of every game (``fn`` plays a chunk of them) and the seconds the games took (a Dask cluster's
    start-up not counted)."""
    if executor == "dask":
        with dask_executor(workers, scheduler) as ex:
            t0 = time.perf_counter()
            per_game = map_chunks(
                fn,
                items,
                executor=ex,
                workers=workers,
                chunk_size=chunk_size,
                progress=progress,
                desc="games",
            )
    else:
        t0 = time.perf_counter()
        per_game = map_chunks(
            fn,
            items,
            executor=executor,
            workers=workers,
            chunk_size=chunk_size,
            progress=progress,
            desc="games",
        )
    return per_game, time.perf_counter() - t0
