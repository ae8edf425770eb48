"""Run a tournament: :func:`run_tournament` pairs the entrants, plays the games serially, on a local process pool
or on a Dask cluster, and gathers a :class:`TournamentResult` (games, records, faults, leaderboard).

>>> r = run_tournament("origin", ["builtin:greedy", "builtin:random"], games=4, seed=1, progress=False,
...                    bootstrap=0)
>>> [row["bot"] for row in r.leaderboard()], len(r.records), r.faults
(['greedy', 'random'], 4, [])

**Results do not depend on the scheduler.** Each game is a pure function of its pairing (its seat list and its
seed) and of the bots' answers, and the results are gathered in game order, so ``serial``, ``processes`` and
Dask runs give the same records and the same leaderboard. Two things can still differ, by nature: a fault
due to a *timeout* depends on the machine's speed and load (set the time limit well above what the bots need:
the faults of the tests are deterministic, e.g. a bot that sleeps 10 s against a 0.5 s limit), and a bot that
keeps state *between* games (a module-level variable) sees a different sequence of games in each worker process
(a bot must start each game afresh from ``reset(seed)``/``start(info)``). A sandboxed bot's process lives for
one chunk of games in one worker (and is started again after a severe fault).
"""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import functools
import math
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..bots.loader import BotSpec, declared_name, parse_spec
from ..bots.registry import bot_names
from ..core.errors import EvoLabError
from ..core.registry import game_info, kit_module
from ..parallel import default_workers, map_chunks
from .pairings import FORMATS, Pairing, Swiss, round_robin
from .play import ON_FAULT, GameOutcome, play_game
from .remote import Player, PlayerFault, ProtocolPlayer, make_player
from .sandbox import Limits

__all__ = ["SCHEDULERS", "TournamentError", "TournamentResult", "entrant_labels", "run_tournament"]

SCHEDULERS = ("serial", "processes", "dask")


class TournamentError(EvoLabError, ValueError):
    """A tournament that cannot run as asked (unknown game, bot or scheduler, too few bots for a table...)."""


@dataclass(frozen=True)
class _Context:
    """What a worker needs to play games (picklable)."""

    game: str
    specs: tuple[str, ...]
    labels: tuple[str, ...]
    limits: Limits
    on_fault: str
    isolate: bool
    options: Any
    log_dir: str | None


def _play_chunk(pairings: list[Pairing], ctx: _Context) -> list[GameOutcome]:
    """Worker: play a chunk of games; each entrant's player is opened once for the chunk and closed after it."""
    players: dict[int, Player] = {}
    out = []
    try:
        for p in pairings:
            for e in p.table:
                if e not in players:
                    players[e] = make_player(
                        ctx.specs[e],
                        ctx.game,
                        ctx.limits,
                        isolate=ctx.isolate,
                        log_dir=ctx.log_dir,
                        name=ctx.labels[e],
                    )
            out.append(
                play_game(
                    p,
                    [players[e] for e in p.table],
                    [ctx.labels[e] for e in p.table],
                    ctx.game,
                    on_fault=ctx.on_fault,
                    options=ctx.options,
                )
            )
    finally:
        for pl in players.values():
            pl.close()
    return out


@dataclass
class TournamentResult:
    """A finished tournament: ``config``, ``entrants`` (``label``, ``spec``, ``kind``), ``games`` (each game's
    deterministic data, in game order), ``records`` (each game's JSON record), ``faults`` (the fault log) and,
    apart, ``timing``. :meth:`leaderboard` and :meth:`head_to_head` compute the tables;
    :func:`evo_lab.tournament.report.write_report` writes everything to a folder."""

    config: dict
    entrants: list[dict]
    games: list[dict]
    records: list[str]
    faults: list[dict]
    timing: dict = field(default_factory=dict, compare=False)
    _boards: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def labels(self) -> list[str]:
        return [e["label"] for e in self.entrants]

    def rankings(self) -> list[tuple[list[int], list[int]]]:
        """``(entrants by seat, places)`` of every game: the ratings' input."""
        return [(g["table"], g["places"]) for g in self.games]

    def leaderboard(self, bootstrap: int | None = None) -> list[dict]:
        """One row per entrant, best rating first: ``rank``, ``bot``, ``spec``, ``rating`` with its bootstrap
        interval (``rating_low``, ``rating_high``), ``games``, first places as whole counts (``wins`` outright
        with ``win_rate`` and its Wilson interval, ``firsts`` outright or shared with ``first_rate`` and its
        interval, ``share``: :func:`~evo_lab.tournament.ratings.win_rates`), ``mean_place``, ``faulted_games``, ``faults``, and OpenSkill's ``openskill_mu``, ``openskill_sigma``
        when the package is installed (:mod:`evo_lab.tournament.ratings`)."""
        from .ratings import openskill_ratings, pl_ratings, win_rates

        n = len(self.entrants)
        b = self.config.get("bootstrap", 200) if bootstrap is None else bootstrap
        if b in self._boards:  # the bootstrap is the slow part: computed once
            return [dict(r) for r in self._boards[b]]
        pl = pl_ratings(self.rankings(), n, seed=int(self.config["seed"]), bootstrap=b)
        wr = win_rates(self.games, n)
        os_ = openskill_ratings(self.rankings(), n)
        rows = []
        for i, e in enumerate(self.entrants):
            row = {
                "bot": e["label"],
                "spec": e["spec"],
                "rating": pl[i]["rating"],
                "rating_low": pl[i]["low"],
                "rating_high": pl[i]["high"],
                **wr[i],
                "faults": sum(1 for f in self.faults if f["entrant"] == i),
            }
            if os_ is not None:
                row["openskill_mu"], row["openskill_sigma"] = os_[i]["mu"], os_[i]["sigma"]
            rows.append(row)
        rows.sort(key=lambda r: (-r["rating"], r["bot"]))
        self._boards[b] = [{"rank": k + 1, **r} for k, r in enumerate(rows)]
        return [dict(r) for r in self._boards[b]]

    def head_to_head(self) -> list[list[dict]]:
        """:func:`evo_lab.tournament.ratings.head_to_head` of the games (entrants in :attr:`entrants` order)."""
        from .ratings import head_to_head

        return head_to_head(self.rankings(), len(self.entrants))

    def table(self) -> str:
        """The leaderboard as aligned text (what ``evo-lab tournament`` prints)."""
        rows = self.leaderboard()
        w = max([len(r["bot"]) for r in rows] + [3])
        head = (
            f"{'#':>2} {'bot':<{w}} {'rating':>7} {'95% interval':>15} {'games':>6} {'won alone':>9} "
            f"{'95% interval':>15} {'first':>6} {'place':>6} {'faults':>6}"
        )
        lines = [head, "-" * len(head)]
        for r in rows:
            ri = "" if math.isnan(r["rating_low"]) else f"[{r['rating_low']:.0f}, {r['rating_high']:.0f}]"
            lines.append(
                f"{r['rank']:>2} {r['bot']:<{w}} {r['rating']:>7.0f} {ri:>15} {r['games']:>6} "
                f"{r['win_rate']:>9.3f} {'[' + format(r['win_low'], '.3f') + ', ' + format(r['win_high'], '.3f') + ']':>15} "
                f"{r['first_rate']:>6.3f} {r['mean_place']:>6.2f} {r['faults']:>6}"
            )
        c = self.config
        lines.append(
            f"{c['games']} games of {c['game']} at {c['players']}-seat tables ({c['format']}), seed "
            f"{c['seed']}; {len(self.faults)} faults; a faulted bot {c['on_fault']}"
        )
        lines.append(
            "won alone: outright wins (95% Wilson interval); first: first places, outright or shared"
        )
        return "\n".join(lines)


def entrant_labels(specs: Sequence[BotSpec], game: str, limits: Limits) -> list[str]:
    """The leaderboard's names: a Python bot's declared name (read from its source, not run) or its file name,
    a builtin's name, a remote player's name from its hello (it is connected once for that); a name taken twice
    gets ``#2``, ``#3``, ..."""
    names = []
    for spec in specs:
        if spec.remote:
            player = make_player(spec, game, limits)
            try:
                assert isinstance(player, ProtocolPlayer)
                player.connect()
                names.append(player.declared or spec.default_name())
            except PlayerFault:
                names.append(spec.default_name())
            finally:
                player.close()
        else:
            names.append(declared_name(spec))
    seen: dict[str, int] = {}
    out = []
    for nm in names:
        seen[nm] = seen.get(nm, 0) + 1
        out.append(nm if seen[nm] == 1 else f"{nm} #{seen[nm]}")
    return out


@contextlib.contextmanager
def _executor(scheduler: Any, workers: int | None) -> Iterator[Any]:
    if not isinstance(scheduler, str):
        yield scheduler  # an Executor the caller owns
        return
    if scheduler == "serial":
        yield "serial"
    elif scheduler in ("processes", "process"):
        with cf.ProcessPoolExecutor(max_workers=workers or default_workers()) as ex:
            yield ex
    elif scheduler == "dask" or scheduler.startswith(("dask://", "tcp://")):
        from ..sim import dask_executor

        address = None if scheduler == "dask" else "tcp://" + scheduler.split("://", 1)[1]
        with dask_executor(workers, address) as ex:
            yield ex
    else:
        raise TournamentError(
            f"scheduler must be serial, processes, dask, dask://HOST:PORT or an Executor, got {scheduler!r}"
        )


def _check(game: str, specs: list[BotSpec], players: int | None, games: int, fmt: str, on_fault: str) -> int:
    info = game_info(game)
    lo, hi = info.min_players, info.max_players
    kit_module(game)
    k = players if players is not None else (2 if lo <= 2 <= hi else lo)
    if not lo <= k <= hi:
        raise TournamentError(f"players must be {lo}..{hi} for {game}, got {k}")
    if len(specs) < k:
        raise TournamentError(f"{k}-seat tables need at least {k} bots, got {len(specs)}")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise TournamentError(f"games must be a positive integer, got {games!r}")
    if fmt not in FORMATS:
        raise TournamentError(f"format must be one of {', '.join(FORMATS)}, got {fmt!r}")
    if on_fault not in ON_FAULT:
        raise TournamentError(f"on_fault must be one of {', '.join(ON_FAULT)}, got {on_fault!r}")
    for s in specs:
        if s.kind == "builtin" and s.target not in bot_names(game):
            raise TournamentError(
                f"{s.text}: unknown bot {s.target!r} for {game}; its bots are: {', '.join(bot_names(game))}"
            )
    return k


def run_tournament(
    game: str,
    bots: Sequence[str | BotSpec],
    *,
    games: int = 100,
    seed: int = 0,
    players: int | None = None,
    format: str = "round-robin",
    scheduler: Any = "serial",
    workers: int | None = None,
    limits: Limits | None = None,
    on_fault: str = "loses",
    isolate: bool = True,
    options: Any = None,
    progress: bool = True,
    log_dir: str | None = None,
    bootstrap: int = 200,
    chunk_size: int | None = None,
) -> TournamentResult:
    """Play a tournament of ``game`` (a registered id) among ``bots`` (bot specs: :func:`~evo_lab.bots.loader.parse_spec`).

    ``games`` games at ``players``-seat tables (default 2, or the game's minimum), paired by ``format``
    (``"round-robin"`` or ``"swiss"``: :mod:`~evo_lab.tournament.pairings`), everything seeded by ``seed``.
    ``scheduler``: ``"serial"``, ``"processes"`` (a local pool of ``workers``), ``"dask"`` (a local cluster),
    ``"dask://HOST:PORT"`` (a running scheduler: the workers need evo-lab and the bot files at the same paths) or
    any ``concurrent.futures.Executor``. ``limits``: the time and memory limits of sandboxed and remote bots
    (:class:`~evo_lab.tournament.sandbox.Limits`); ``isolate=False`` runs Python bot files in the worker itself
    (trusted code, no limits); ``on_fault``: ``"loses"`` or ``"random"`` (:mod:`~evo_lab.tournament.play`);
    ``options``: the game's rule options (``make_game(game, options=...)``); ``log_dir``: a folder for the bots' own output; ``bootstrap``: the
    rating intervals' resamples."""
    specs = [parse_spec(b) for b in bots]
    try:
        gid = game_info(game).name
        k = _check(gid, specs, players, games, format, on_fault)
    except EvoLabError as e:
        raise TournamentError(str(e)) from None
    limits = limits or Limits()
    labels = entrant_labels(specs, gid, limits)
    ctx = _Context(
        gid, tuple(s.canonical() for s in specs), tuple(labels), limits, on_fault, isolate, options, log_dir
    )
    fn = functools.partial(_play_chunk, ctx=ctx)
    t0 = time.perf_counter()
    bar: Any = _bar(games) if progress else False
    try:
        with _executor(scheduler, workers) as ex:
            pairing = (
                round_robin(len(specs), k, games, seed)
                if format == "round-robin"
                else Swiss(len(specs), k, games, seed)
            )
            outcomes = _play_games(fn, pairing, ex, workers, chunk_size, bar)
    finally:
        if bar:
            bar.close()
    secs = time.perf_counter() - t0
    return _result(
        gid,
        specs,
        labels,
        k,
        games,
        seed,
        format,
        on_fault,
        limits,
        options,
        bootstrap,
        outcomes,
        secs,
        scheduler,
        workers,
    )


def _play_games(
    fn: Callable[[list[Pairing]], list[GameOutcome]],
    pairing: list[Pairing] | Swiss,
    ex: Any,
    workers: int | None,
    chunk_size: int | None,
    bar: Any,
) -> list[GameOutcome]:
    """Play the games of ``pairing``: a round robin's list of tables at once, or a Swiss system's rounds one
    after the other (each round paired on the results before it)."""
    if not isinstance(pairing, Swiss):
        return map_chunks(fn, pairing, executor=ex, workers=workers, chunk_size=chunk_size, progress=bar)
    outcomes: list[GameOutcome] = []
    while batch := pairing.next_round():
        done = map_chunks(fn, batch, executor=ex, workers=workers, chunk_size=chunk_size, progress=bar)
        for o in done:
            pairing.record(o.data["table"], o.data["won"])
        outcomes.extend(done)
    return outcomes


def _bar(total: int) -> Any:
    from tqdm.auto import tqdm

    return tqdm(total=total, desc="games", unit="game")


def _result(
    gid: str,
    specs: list[BotSpec],
    labels: list[str],
    k: int,
    games: int,
    seed: int,
    fmt: str,
    on_fault: str,
    limits: Limits,
    options: Any,
    bootstrap: int,
    outcomes: list[GameOutcome],
    secs: float,
    scheduler: Any,
    workers: int | None,
) -> TournamentResult:
    outcomes = sorted(outcomes, key=lambda o: o.data["game"])
    n = len(specs)
    think = [[0, 0.0] for _ in range(n)]
    for o in outcomes:
        for q, e in enumerate(o.data["table"]):
            think[e][0] += o.timing["decisions"][q]
            think[e][1] += o.timing["seconds"][q]
    config = {
        "game": gid,
        "players": k,
        "games": games,
        "seed": seed,
        "format": fmt,
        "on_fault": on_fault,
        "bots": [s.text for s in specs],
        "labels": labels,
        "options": None if options is None else dict(options) if isinstance(options, dict) else str(options),
        "limits": {"time_limit": limits.time_limit, "memory_mb": limits.memory_mb},
        "bootstrap": bootstrap,
    }
    timing = {
        "seconds": secs,
        "scheduler": scheduler if isinstance(scheduler, str) else type(scheduler).__name__,
        "workers": workers or default_workers(),
        "per_bot": {
            labels[e]: {"decisions": d, "seconds": s, "ms_per_decision": 1e3 * s / d if d else None}
            for e, (d, s) in enumerate(think)
        },
    }
    entrants = [{"label": labels[i], "spec": s.text, "kind": s.kind} for i, s in enumerate(specs)]
    faults = [f for o in outcomes for f in o.faults]
    return TournamentResult(
        config, entrants, [o.data for o in outcomes], [o.record for o in outcomes], faults, timing
    )
