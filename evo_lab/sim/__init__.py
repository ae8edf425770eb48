"""Tournaments: seeded games between bots, for every registered game, on any executor (serial, a local process
pool, Dask).

``simulate(players=4, games=100, bots=("greedy", "random", "random", "random"), seed=0)`` plays ``games``
games of Evo 2e (``game="origin"``, ``"evolution"``, ...: any registered game with a kit module) and returns a
:class:`SimulationResult`: a tidy table (one row per game and seat) and a summary per bot (win rate with a
Wilson interval, the mean score with its interval, the means of the game's other columns, the game length).
The columns after ``game, seed, player, entrant, bot`` are the game's (its kit's ``COLUMNS``: Evo 2e
``mp, dinosaurs, place, won, rounds``; Evolution ``score, species, population, place, won, rounds``; Origin
``score, animals, traits, place, won, turns``).

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
>>> o = simulate(game="origin", players=3, games=3, bots=["greedy", "random", ("ismcts", {"iterations": 5})], seed=7,
...              progress=False)
>>> columns("origin"), o.summary[0]["bot"], o.config["game"]
(('game', 'seed', 'player', 'entrant', 'bot', 'score', 'animals', 'traits', 'place', 'won', 'turns'), 'greedy', 'origin')
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

from .games.evo2e.board import Board
from .bots.base import BotError, bot_name, checked_action
from .bots.registry import bot_names, make_bot
from .core.errors import EvoLabError
from .core.protocol import sample_chance
from .core.registry import game_info, kit_module, make_game
from .parallel import child_seeds, default_workers, map_chunks, seed_int
from .stats import mean_interval, wilson_interval

SIM_FORMAT = "evo-lab-simulation"
#: The columns every game's rows start with.
KEYS = ("game", "seed", "player", "entrant", "bot")
#: The columns of Evo 2e's rows (the default game); :func:`columns` gives any game's.
COLUMNS = ("game", "seed", "player", "entrant", "bot", "mp", "dinosaurs", "place", "won", "rounds")


class SimulationError(EvoLabError, ValueError):
    """A tournament that cannot run as asked (bad game, lineup, games, players, executor...)."""


def columns(game: str = "evo2e") -> tuple[str, ...]:
    """The row columns of ``game``'s tournaments."""
    return KEYS + tuple(kit_module(game).COLUMNS)


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


def _build(spec: Any, seed: int, game: str = "evo2e") -> Any:
    _, name, opts = _bot_spec(spec)
    if isinstance(name, str):
        return make_bot(name, seed=seed, game=game, **opts)
    bot = name
    if hasattr(bot, "reset"):
        bot.reset(seed)
    return bot


def _make(game: str, players: int, seed: int | None, board: Board | None, options: Any) -> Any:
    """The engine game of a tournament: Evo 2e takes ``board``; every game takes ``options`` (its rule options)."""
    kw: dict = {"players": players, "seed": seed}
    if board is not None:
        kw["board"] = board
    if options is not None:
        kw["options"] = options
    if game == "evo2e":  # Evo's Game(players, seed, board, options), as before the registry
        kw.setdefault("board", None)
        kw.setdefault("options", None)
    return make_game(game, **kw)


def play_game(bots: Sequence[Any], seed: int, *, players: int | None = None, board: Board | None = None,
              options: Any = None, game_index: int | None = None, max_actions: int = 100_000,
              game: str = "evo2e") -> Any:
    """Play one game of ``game`` with ``bots`` in seat order (names, specs or callables), everything seeded by
    the integer ``seed``; returns the final state. This is how a tournament game is replayed from its seed
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
    g = _make(game, players, int(seed), board, options)
    rng = np.random.default_rng(kids[0])
    seated = [_build(b, seed_int(kids[1 + q]), game) for q, b in enumerate(bots)]
    s = g.new_initial_state()
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
               board: Board | None, options: Any, game: str = "evo2e") -> list[dict]:
    gs = seed_int(ss)
    rot = i % players
    seat_entrant = [(q - rot) % players for q in range(players)]  # entrant j sits in seat (j + rot) % players
    state = play_game([lineup[j] for j in seat_entrant], gs, players=players, board=board, options=options,
                      game_index=i, game=game)
    kit = kit_module(game)
    winners = state.winners()
    rows = []
    for q, res in enumerate(kit.results(state)):
        res["won"] = (1.0 / len(winners)) if q in winners else 0.0
        row = {"game": i, "seed": gs, "player": q, "entrant": seat_entrant[q], "bot": labels[seat_entrant[q]]}
        row.update((c, res[c]) for c in kit.COLUMNS)
        rows.append(row)
    return rows


def _run_chunk(items: list, lineup: Sequence[Any], labels: Sequence[str], players: int, board: Board | None,
               options: Any, game: str = "evo2e") -> list[list[dict]]:
    """Worker: play a chunk of ``(index, SeedSequence)`` games; returns the small per-game rows.

    The worker's long-lived objects (a Dask worker holds many) are frozen out of the cyclic garbage
    collector's scans while the chunk runs: the engine allocates many short-lived objects, and each full
    collection would otherwise walk the whole worker heap. Results do not depend on it."""
    gc.freeze()
    try:
        return [_game_rows(i, ss, lineup, labels, players, board, options, game) for i, ss in items]
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

    @property
    def game(self) -> str:
        """The game id of the tournament (``"evo2e"`` for files written before there were other games)."""
        return str(self.config.get("game", "evo2e"))

    def columns(self) -> tuple[str, ...]:
        """The row columns (:func:`columns` of the game)."""
        return columns(self.game)

    def to_csv(self, path: str | None = None) -> str:
        """The rows as CSV (written to ``path`` if given); returns the text."""
        buf = io.StringIO()
        w = csv.DictWriter(buf, fieldnames=list(self.columns()), lineterminator="\n")
        w.writeheader()
        w.writerows(self.rows)
        text = buf.getvalue()
        if path is not None:
            from .core.atomic import atomic_write_text

            atomic_write_text(path, text)
        return text

    def to_pandas(self) -> Any:
        """The rows as a ``pandas.DataFrame`` (needs pandas: ``pip install 'evo-lab[test]'`` or pandas)."""
        try:
            import pandas as pd
        except ImportError:  # pragma: no cover - pandas is in the test extra
            raise SimulationError("to_pandas() needs pandas; pip install pandas") from None
        return pd.DataFrame(self.rows, columns=list(self.columns()))

    def summary_table(self) -> str:
        """The summary as aligned text (what ``evo-lab simulate`` prints): the win rate with its interval, then
        the means of the game's columns (its kit's ``TABLE``)."""
        kit = kit_module(self.game)
        head = f"{'bot':<12} {'seats':>6} {'win rate':>9} {'95% interval':>16} " + \
            " ".join(f"{h:>{w}}" for _, h, w in kit.TABLE)
        lines = [head, "-" * len(head)]
        for r in self.summary:
            lines.append(f"{r['bot']:<12} {r['seats']:>6} {r['win_rate']:>9.3f} "
                         f"{'[' + format(r['win_low'], '.3f') + ', ' + format(r['win_high'], '.3f') + ']':>16} "
                         + " ".join(f"{r['mean_' + c]:>{w}.2f}" for c, _, w in kit.TABLE))
        c = self.config
        length = kit.LENGTH
        lines.append(f"{c['games']} games, {c['players']} players, seed {c['seed']}; mean game length "
                     f"{self.summary[0]['mean_' + length]:.2f} {length}; baseline win rate {1 / c['players']:.3f}"
                     if self.summary else "no games")
        return "\n".join(lines)

    @classmethod
    def from_json(cls, text: str | bytes) -> SimulationResult:
        """Read :meth:`to_json`'s text (size and nesting checked before parsing; a bad file is a
        :class:`SimulationError` or a :class:`~evo_lab.core.errors.FormatError`)."""
        from .core.jsonio import loads

        d = loads(text, "simulation")
        if not isinstance(d, dict) or d.get("format") != SIM_FORMAT:
            raise SimulationError(f"not an {SIM_FORMAT} file")
        parts = {k: d.get(k) for k in ("games", "summary", "config")}
        if not isinstance(parts["games"], list) or not isinstance(parts["summary"], list) \
                or not isinstance(parts["config"], dict) or not isinstance(d.get("timing", {}), dict):
            raise SimulationError(f"an {SIM_FORMAT} file holds the lists games and summary and the object config")
        return cls(rows=parts["games"], summary=parts["summary"], config=parts["config"], timing=d.get("timing", {}))


def summarize(rows: Sequence[dict], labels: Sequence[str], game: str = "evo2e") -> list[dict]:
    """Per bot label: seats played, win rate (shared wins count 1/k) with its Wilson interval, the mean of the
    game's first column (the score: Evo's MP) with a normal interval (``mean_mp, mp_low, mp_high``), and the
    mean of each other column (``mean_dinosaurs, mean_place, mean_rounds``; ``won`` is the win rate)."""
    cols = [c for c in kit_module(game).COLUMNS if c != "won"]
    score, rest = cols[0], cols[1:]
    out = []
    for lab in dict.fromkeys(labels):
        rs = [r for r in rows if r["bot"] == lab]
        if not rs:
            continue
        n = len(rs)
        wins = sum(r["won"] for r in rs)
        lo, hi = wilson_interval(wins, n)
        m, mlo, mhi = mean_interval([float(r[score]) for r in rs])
        row = {"bot": lab, "seats": n, "games": len({r["game"] for r in rs}), "wins": wins,
               "win_rate": wins / n, "win_low": lo, "win_high": hi,
               f"mean_{score}": m, f"{score}_low": mlo, f"{score}_high": mhi}
        row.update((f"mean_{c}", sum(r[c] for r in rs) / n) for c in rest)
        out.append(row)
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
             options: Any = None, scheduler: str | None = None, game: str = "evo2e") -> SimulationResult:
    """Play ``games`` seeded games of ``game`` (a registered id: ``"evo2e"``, ``"evolution"``,
    ``"evolution-climate"``, ``"evolution-course2016"``, ``"origin"``) among ``bots`` (one entrant per seat: the
    game's bot names, ``(name, options)``, ``{"bot": name, "label": ..., **options}`` or picklable callables)
    and summarise them. ``options`` are the game's rule options; ``board`` is Evo 2e's.

    ``executor``: ``None`` (serial for small runs, else a local process pool of ``workers`` that is shut
    down afterwards), ``"serial"``, ``"process"``, ``"dask"`` (a local Dask cluster of ``workers``, or the
    cluster at ``scheduler``), or any ``concurrent.futures.Executor`` such as ``client.get_executor()``.
    The results do not depend on the executor, the worker count or ``chunk_size``.
    """
    game, (lo, hi) = _check_game(game, board)
    if isinstance(players, bool) or not isinstance(players, int) or not lo <= players <= hi:
        raise SimulationError(f"players must be {lo}..{hi} for {game}, got {players!r}")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise SimulationError(f"games must be a positive integer, got {games!r}")
    if isinstance(bots, str):
        bots = [b for b in bots.split(",") if b.strip()]
    lineup = list(bots)
    if len(lineup) != players:
        raise SimulationError(f"{players} players need {players} bots (one per seat), got {len(lineup)}: {lineup!r}")
    labels = [_bot_spec(b)[0] for b in lineup]
    for b in lineup:  # fail fast on unknown names or options
        _build(b, 0, game)
    _make(game, players, None, board, options)  # checks the board and options
    items = list(enumerate(child_seeds(seed, games)))
    fn = functools.partial(_run_chunk, lineup=lineup, labels=labels, players=players, board=board, options=options,
                           game=game)
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
    config = {"game": game, "players": players, "games": games, "seed": seed if isinstance(seed, int) else str(seed),
              "bots": labels, "board": None if board is None else board.name,
              "options": None if options is None else dict(options) if isinstance(options, Mapping) else str(options),
              "seating": "entrant j sits in seat (j + game) % players"}
    timing = {"seconds": secs, "games_per_second": games / secs if secs > 0 else None,
              "executor": str(ex_name or "auto"), "workers": workers or default_workers()}
    return SimulationResult(rows=rows, summary=summarize(rows, labels, game), config=config, timing=timing)


def _check_game(game: Any, board: Any) -> tuple[str, tuple[int, int]]:
    """The game id (it must have a kit module) and its player range; ``board`` only for Evo 2e."""
    from .core.registry import UnknownGameError

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
    return entry.id, (entry.min_players, entry.max_players)


__all__ = [
    "COLUMNS",
    "KEYS",
    "bot_names",
    "columns",
    "BotError",
    "SimulationError",
    "SimulationResult",
    "dask_executor",
    "play_game",
    "simulate",
    "summarize",
]
