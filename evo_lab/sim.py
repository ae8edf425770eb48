"""Tournaments: seeded games between bots on any executor (serial, a local process pool, Dask).

``simulate(players=4, games=100, bots=("greedy", "random", "random", "random"), seed=0)`` plays ``games``
games and returns a :class:`SimulationResult`: a tidy table (one row per game and seat) and a summary per
bot (win rate with a Wilson interval, mean MP, mean dinosaurs, mean game length).

Reproducibility: game ``i`` gets its own seed, ``seed_int(child_seeds(seed, games)[i])``; inside a game that
seed alone drives the chance outcomes and every bot's seed (:func:`play_game` replays one game from it), so
the results are identical whatever the executor, the worker count or the chunking.

Seating rotation: game ``i`` seats the lineup rotated by ``i mod players``: entrant ``j`` of ``bots`` sits in
seat ``(j + i) % players``. Over any multiple of ``players`` games every entrant has sat in every seat equally
often (the turn order itself is drawn at random in setup, as the rules say).

>>> r = simulate(players=2, games=4, bots=("greedy", "random"), seed=1, progress=False)
>>> [row["bot"] for row in r.rows[:4]]
['greedy', 'random', 'random', 'greedy']
>>> r.summary[0]["bot"], r.summary[0]["seats"]
('greedy', 4)
>>> r == simulate(players=2, games=4, bots=("greedy", "random"), seed=1, progress=False)
True
"""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import gc
import csv
import functools
import io
import json
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .board import Board
from .bots.base import BotError, bot_name, checked_action, make_bot
from .core.errors import EvoLabError
from .core.protocol import sample_chance
from .games.evo2e import Game
from .parallel import child_seeds, default_workers, map_chunks, seed_int
from .stats import mean_interval, wilson_interval

SIM_FORMAT = "evo-lab-simulation"
COLUMNS = ("game", "seed", "player", "entrant", "bot", "mp", "dinosaurs", "place", "won", "rounds")


class SimulationError(EvoLabError, ValueError):
    """A tournament that cannot run as asked (bad lineup, games, players, executor...)."""


# ---------------------------------------------------------------------------------------------- one game
def _bot_spec(spec: Any) -> tuple[str, str | Any, dict]:
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
    if isinstance(spec, tuple) and len(spec) == 2 and isinstance(spec[0], str) and isinstance(spec[1], Mapping):
        return spec[0], spec[0], dict(spec[1])
    if callable(spec):
        return bot_name(spec), spec, {}
    raise SimulationError(f"a bot is a name, (name, options), a dict with 'bot', or a callable; got {spec!r}")


def _build(spec: Any, seed: int) -> Any:
    _, name, opts = _bot_spec(spec)
    if isinstance(name, str):
        return make_bot(name, seed=seed, **opts)
    bot = name
    if hasattr(bot, "reset"):
        bot.reset(seed)
    return bot


def play_game(bots: Sequence[Any], seed: int, *, players: int | None = None, board: Board | None = None,
              options: Any = None, game_index: int | None = None, max_actions: int = 100_000) -> Any:
    """Play one game with ``bots`` in seat order (names, specs or callables), everything seeded by the
    integer ``seed``; returns the final state. This is how a tournament game is replayed from its seed
    (the seat order of game ``i`` is the lineup rotated by ``i mod players``: see the module docstring).

    >>> s = play_game(["random", "greedy"], seed=11)
    >>> s.is_terminal(), play_game(["random", "greedy"], seed=11).returns() == s.returns()
    (True, True)
    """
    players = players or len(bots)
    if len(bots) != players:
        raise SimulationError(f"{players} players need {players} bots, got {len(bots)}")
    ss = np.random.SeedSequence(int(seed))
    kids = ss.spawn(players + 1)
    game = Game(players=players, seed=int(seed), board=board, options=options)
    rng = np.random.default_rng(kids[0])
    seated = [_build(b, seed_int(kids[1 + q])) for q, b in enumerate(bots)]
    s = game.new_initial_state()
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


def _game_rows(i: int, ss: np.random.SeedSequence, lineup: Sequence[Any], labels: Sequence[str], players: int,
               board: Board | None, options: Any) -> list[dict]:
    gs = seed_int(ss)
    rot = i % players
    seat_entrant = [(q - rot) % players for q in range(players)]  # entrant j sits in seat (j + rot) % players
    state = play_game([lineup[j] for j in seat_entrant], gs, players=players, board=board, options=options,
                      game_index=i)
    ranks = state.ranking()
    winners = [q for q in range(players) if ranks[q] == 1]
    return [{"game": i, "seed": gs, "player": q, "entrant": seat_entrant[q], "bot": labels[seat_entrant[q]],
             "mp": state.mp[q], "dinosaurs": state.count[q], "place": ranks[q],
             "won": (1.0 / len(winners)) if q in winners else 0.0, "rounds": state.round - 1}
            for q in range(players)]


def _run_chunk(items: list, lineup: Sequence[Any], labels: Sequence[str], players: int, board: Board | None,
               options: Any) -> list[list[dict]]:
    """Worker: play a chunk of ``(index, SeedSequence)`` games; returns the small per-game rows.

    The worker's long-lived objects (a Dask worker holds many) are frozen out of the cyclic garbage
    collector's scans while the chunk runs: the engine allocates many short-lived objects, and each full
    collection would otherwise walk the whole worker heap. Results do not depend on it."""
    gc.freeze()
    try:
        return [_game_rows(i, ss, lineup, labels, players, board, options) for i, ss in items]
    finally:
        gc.unfreeze()


# ---------------------------------------------------------------------------------------------- results
@dataclass
class SimulationResult:
    """Rows (one per game and seat), a per-bot summary, the configuration and (apart) the timing."""

    rows: list[dict]
    summary: list[dict]
    config: dict
    timing: dict = field(default_factory=dict, compare=False)

    def to_dict(self, timing: bool = True) -> dict:
        d = {"format": SIM_FORMAT, "version": 1, "config": self.config, "summary": self.summary, "games": self.rows}
        if timing:
            d["timing"] = self.timing
        return d

    def to_json(self, indent: int | None = None, timing: bool = True) -> str:
        """JSON with ``config``, ``summary`` and ``games`` (the rows); wall-clock figures sit under
        ``"timing"`` so two runs with the same seed give equal JSON apart from it."""
        return json.dumps(self.to_dict(timing), indent=indent)

    def to_csv(self, path: str | None = None) -> str:
        """The rows as CSV (written to ``path`` if given); returns the text."""
        buf = io.StringIO()
        w = csv.DictWriter(buf, fieldnames=list(COLUMNS), lineterminator="\n")
        w.writeheader()
        w.writerows(self.rows)
        text = buf.getvalue()
        if path is not None:
            with open(path, "w", encoding="utf-8", newline="") as f:
                f.write(text)
        return text

    def to_pandas(self) -> Any:
        """The rows as a ``pandas.DataFrame`` (needs pandas: ``pip install 'evo-lab[test]'`` or pandas)."""
        try:
            import pandas as pd
        except ImportError:  # pragma: no cover - pandas is in the test extra
            raise SimulationError("to_pandas() needs pandas; pip install pandas") from None
        return pd.DataFrame(self.rows, columns=list(COLUMNS))

    def summary_table(self) -> str:
        """The summary as aligned text (what ``evo-lab simulate`` prints)."""
        head = f"{'bot':<12} {'seats':>6} {'win rate':>9} {'95% interval':>16} {'mean MP':>8} {'dinos':>6} {'place':>6}"
        lines = [head, "-" * len(head)]
        for r in self.summary:
            lines.append(f"{r['bot']:<12} {r['seats']:>6} {r['win_rate']:>9.3f} "
                         f"{'[' + format(r['win_low'], '.3f') + ', ' + format(r['win_high'], '.3f') + ']':>16} "
                         f"{r['mean_mp']:>8.2f} {r['mean_dinosaurs']:>6.2f} {r['mean_place']:>6.2f}")
        c = self.config
        lines.append(f"{c['games']} games, {c['players']} players, seed {c['seed']}; mean game length "
                     f"{self.summary[0]['mean_rounds']:.2f} rounds; baseline win rate {1 / c['players']:.3f}"
                     if self.summary else "no games")
        return "\n".join(lines)

    @classmethod
    def from_json(cls, text: str) -> SimulationResult:
        d = json.loads(text)
        if not isinstance(d, dict) or d.get("format") != SIM_FORMAT:
            raise SimulationError(f"not an {SIM_FORMAT} file")
        return cls(rows=d["games"], summary=d["summary"], config=d["config"], timing=d.get("timing", {}))


def summarize(rows: Sequence[dict], labels: Sequence[str]) -> list[dict]:
    """Per bot label: seats played, win rate (shared wins count 1/k) with its Wilson interval, mean MP,
    dinosaurs, place and game length (with a normal interval for MP)."""
    out = []
    for lab in dict.fromkeys(labels):
        rs = [r for r in rows if r["bot"] == lab]
        if not rs:
            continue
        n = len(rs)
        wins = sum(r["won"] for r in rs)
        lo, hi = wilson_interval(wins, n)
        mp = [float(r["mp"]) for r in rs]
        m, mlo, mhi = mean_interval(mp)
        out.append({"bot": lab, "seats": n, "games": len({r["game"] for r in rs}), "wins": wins,
                    "win_rate": wins / n, "win_low": lo, "win_high": hi,
                    "mean_mp": m, "mp_low": mlo, "mp_high": mhi,
                    "mean_dinosaurs": sum(r["dinosaurs"] for r in rs) / n,
                    "mean_place": sum(r["place"] for r in rs) / n,
                    "mean_rounds": sum(r["rounds"] for r in rs) / n})
    return out


# ---------------------------------------------------------------------------------------------- executors
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
        raise SimulationError("the Dask executor needs dask[distributed]: pip install 'evo-lab[scale]'") from None
    cluster = None
    if scheduler:
        client = Client(scheduler)
    else:
        import dask

        with dask.config.set(LOCAL_DASK_CONFIG):
            cluster = LocalCluster(n_workers=workers or default_workers(), threads_per_worker=1, processes=True,
                                   dashboard_address=None)
        client = Client(cluster)
    try:
        yield client.get_executor()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def simulate(players: int = 4, games: int = 100, bots: Sequence[Any] = ("greedy", "random", "random", "random"),
             seed: int = 0, board: Board | None = None, executor: cf.Executor | str | None = None,
             workers: int | None = None, progress: bool = True, chunk_size: int | None = None,
             options: Any = None, scheduler: str | None = None) -> SimulationResult:
    """Play ``games`` seeded games among ``bots`` (one entrant per seat: names, ``(name, options)``,
    ``{"bot": name, "label": ..., **options}`` or picklable callables) and summarise them.

    ``executor``: ``None`` (serial for small runs, else a local process pool of ``workers`` that is shut
    down afterwards), ``"serial"``, ``"process"``, ``"dask"`` (a local Dask cluster of ``workers``, or the
    cluster at ``scheduler``), or any ``concurrent.futures.Executor`` such as ``client.get_executor()``.
    The results do not depend on the executor, the worker count or ``chunk_size``.
    """
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 5:
        raise SimulationError(f"players must be 2..5, got {players!r}")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise SimulationError(f"games must be a positive integer, got {games!r}")
    if isinstance(bots, str):
        bots = [b for b in bots.split(",") if b.strip()]
    lineup = list(bots)
    if len(lineup) != players:
        raise SimulationError(f"{players} players need {players} bots (one per seat), got {len(lineup)}: {lineup!r}")
    labels = [_bot_spec(b)[0] for b in lineup]
    for b in lineup:  # fail fast on unknown names or options
        _build(b, 0)
    if board is not None and not isinstance(board, Board):
        raise SimulationError(f"board must be a Board or None, got {type(board).__name__}")
    Game(players=players, board=board, options=options)  # checks the board and options
    items = list(enumerate(child_seeds(seed, games)))
    fn = functools.partial(_run_chunk, lineup=lineup, labels=labels, players=players, board=board, options=options)
    t0 = time.perf_counter()
    ex_name = executor if isinstance(executor, str) or executor is None else type(executor).__name__
    if executor == "dask":
        with dask_executor(workers, scheduler) as ex:
            t0 = time.perf_counter()
            per_game = map_chunks(fn, items, executor=ex, workers=workers, chunk_size=chunk_size, progress=progress,
                                  desc="games")
    else:
        per_game = map_chunks(fn, items, executor=executor, workers=workers, chunk_size=chunk_size,
                              progress=progress, desc="games")
    secs = time.perf_counter() - t0
    rows = [r for g in per_game for r in g]
    config = {"players": players, "games": games, "seed": seed if isinstance(seed, int) else str(seed),
              "bots": labels, "board": None if board is None else board.name,
              "options": None if options is None else dict(options) if isinstance(options, Mapping) else str(options),
              "seating": "entrant j sits in seat (j + game) % players"}
    timing = {"seconds": secs, "games_per_second": games / secs if secs > 0 else None,
              "executor": str(ex_name or "auto"), "workers": workers or default_workers()}
    return SimulationResult(rows=rows, summary=summarize(rows, labels), config=config, timing=timing)


__all__ = [
    "COLUMNS",
    "BotError",
    "SimulationError",
    "SimulationResult",
    "dask_executor",
    "play_game",
    "simulate",
    "summarize",
]
