"""Monte Carlo what-ifs from any position: play it on to the end of the round or the game many times.

Each sample gets its own ``numpy.random.SeedSequence`` child of ``seed`` (``evo_lab.parallel.child_seeds``),
so results do not depend on how the samples are split over workers (``executor=``).

>>> from evo_lab import Game
>>> s = Game(players=2, seed=1).new_initial_state_dealt()
>>> r = monte_carlo(s, n=8, seed=3, until="round", progress=False)
>>> r.n, len(r.seeds), round(sum(r.win_probability), 6)
(8, 8, 1.0)
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from ....core.protocol import play_out, uniform_random_policy
from .. import State
from ....parallel import SERIAL_THRESHOLD, child_seeds, map_chunks, seed_int
from ....stats import mean_interval, wilson_interval
from .combat import OddsError

if TYPE_CHECKING:
    from concurrent.futures import Executor

    import pandas as pd

#: A policy as the simulation calls it: ``policy(state, player) -> action``.
Policy = Callable[[State, int], Hashable]
#: What a caller may give for one player: ``None`` (uniform random), a bot name, ``policy(state)`` or
#: ``bot(state, player)``.
PolicySpec = str | Callable[..., Hashable] | None
#: One spec for everyone, or one per player.
Policies = PolicySpec | Sequence[PolicySpec]
#: One sample's work: (position or its JSON, specs, seed sequence, until, viewer, action limit).
_Item = tuple[State | str, list[PolicySpec], np.random.SeedSequence, str, int | None, int | None]
#: One sample's result: (seed, final MP, win shares, dinosaurs, rounds played or None).
_Row = tuple[int, list[int], list[float], list[int], int | None]

UNTIL = ("game", "round")


@dataclass
class MonteCarloResult:
    """``final_mp[i][p]``: MP of player ``p`` at the end of sample ``i``; ``win_share[i][p]``: 1 for a sole
    winner, 1/k when k players share first place; ``lengths[i]``: rounds the game lasted (None if the
    sample stopped at the end of a round before the game ended); ``seeds[i]``: the integer seed of sample
    ``i`` (replay with ``replay(i)``)."""

    n: int
    seed: int | None
    until: str
    players: int
    seeds: list[int]
    final_mp: np.ndarray
    win_share: np.ndarray
    dinosaurs: np.ndarray
    lengths: list[int | None]
    start_round: int
    notes: list[str] = field(default_factory=list)

    @property
    def win_probability(self) -> list[float]:
        return [float(x) for x in self.win_share.mean(axis=0)]

    @property
    def win_interval(self) -> list[tuple[float, float]]:
        """Wilson 95% interval per player (shared wins count as fractions)."""
        return [wilson_interval(float(self.win_share[:, p].sum()), self.n) for p in range(self.players)]

    def mp_distribution(self, player: int) -> dict[int, int]:
        vals, counts = np.unique(self.final_mp[:, player], return_counts=True)
        return {int(v): int(c) for v, c in zip(vals, counts)}

    def mean_mp(self, player: int) -> tuple[float, float, float]:
        """(mean, low, high) of the final MP of ``player``."""
        return mean_interval([float(x) for x in self.final_mp[:, player]])

    @property
    def game_length(self) -> dict[int, int]:
        out: dict[int, int] = {}
        for x in self.lengths:
            if x is not None:
                out[x] = out.get(x, 0) + 1
        return dict(sorted(out.items()))

    def length_interval(self, length: int) -> tuple[float, float]:
        done = sum(1 for x in self.lengths if x is not None)
        return wilson_interval(self.game_length.get(length, 0), done)

    def summary(self) -> list[dict[str, object]]:
        rows: list[dict[str, object]] = []
        for p in range(self.players):
            lo, hi = self.win_interval[p]
            m, mlo, mhi = self.mean_mp(p)
            rows.append(
                {
                    "player": p,
                    "win": self.win_probability[p],
                    "win_low": lo,
                    "win_high": hi,
                    "mean_mp": m,
                    "mp_low": mlo,
                    "mp_high": mhi,
                }
            )
        return rows

    def to_dict(self) -> dict[str, object]:
        return {
            "n": self.n,
            "seed": self.seed,
            "until": self.until,
            "seeds": self.seeds,
            "summary": self.summary(),
            "game_length": {str(k): v for k, v in self.game_length.items()},
            "final_mp": self.final_mp.tolist(),
            "notes": self.notes,
        }

    def to_pandas(self) -> pd.DataFrame:
        import pandas as pd

        rows = []
        for i in range(self.n):
            for p in range(self.players):
                rows.append(
                    {
                        "sample": i,
                        "seed": self.seeds[i],
                        "player": p,
                        "mp": int(self.final_mp[i, p]),
                        "win_share": float(self.win_share[i, p]),
                        "dinosaurs": int(self.dinosaurs[i, p]),
                        "length": self.lengths[i],
                    }
                )
        return pd.DataFrame(rows)


def _arity(fn: Callable[..., object]) -> int:
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return 2
    req = [
        p
        for p in sig.parameters.values()
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.default is p.empty
    ]
    if any(p.kind == p.VAR_POSITIONAL for p in sig.parameters.values()):
        return 2
    return len(req)


def _make(spec: PolicySpec, seed: int, rng: np.random.Generator) -> Policy:
    if spec is None or spec == "uniform":
        pol = uniform_random_policy(rng)
        return lambda s, p: pol(s)
    if isinstance(spec, str):
        try:
            from ....bots import make_bot
        except ImportError:
            raise OddsError(f"bot {spec!r} needs evo_lab.bots, which is not available") from None
        bot = make_bot(spec, seed=seed)
        return lambda s, p: bot(s, p)
    if not callable(spec):
        raise OddsError(f"a policy must be a callable, a bot name or None, got {spec!r}")
    if hasattr(spec, "reset"):
        spec.reset(seed)
    if _arity(spec) == 1:
        return lambda s, p: spec(s)
    policy: Policy = spec
    return policy


def _check_policies(policies: Policies, players: int) -> list[PolicySpec]:
    if policies is None or isinstance(policies, str) or callable(policies):
        specs = [policies] * players
    elif isinstance(policies, Sequence):
        specs = list(policies)
        if len(specs) != players:
            raise OddsError(f"give one policy per player ({players}), got {len(specs)}")
    else:
        raise OddsError(f"policies must be None, a callable, a bot name or a list of them, got {policies!r}")
    for sp in specs:
        if not (sp is None or isinstance(sp, str) or callable(sp)):
            raise OddsError(f"a policy must be a callable, a bot name or None, got {sp!r}")
    return specs


def _play(
    s: State, pols: list[Policy], rng: np.random.Generator, until: str, max_actions: int | None
) -> None:
    r0 = max(1, s.round)
    stop = (lambda st: st.round > r0) if until == "round" else None
    play_out(
        s,
        lambda st: pols[st.current_player()](st, st.current_player()),
        rng,
        max_actions=max_actions,
        stop=stop,
    )


def _run_chunk(items: list[_Item]) -> list[_Row]:
    out: list[_Row] = []
    cache: dict[str, State] = {}
    for pos, specs, ss, until, viewer, max_actions in items:
        if isinstance(pos, State):
            start = pos
        else:
            start = cache.get(pos) or cache.setdefault(pos, State.from_json(pos))
        rng = np.random.default_rng(ss)
        si = seed_int(ss)
        s = start.determinize(viewer, rng) if viewer is not None else start.clone()
        _play(s, [_make(sp, si + k, rng) for k, sp in enumerate(specs)], rng, until, max_actions)
        length = s.round - 1 if s.is_terminal() else None
        winners = s.winners()
        share = [1.0 / len(winners) if p in winners else 0.0 for p in range(s.players)]
        out.append((si, list(s.mp), share, list(s.count), length))
    return out


def monte_carlo(
    state: State,
    policies: Policies = None,
    n: int = 1000,
    seed: int | None = 0,
    until: str = "game",
    *,
    executor: str | Executor | None = None,
    workers: int | None = None,
    progress: bool = True,
    viewer: int | None = None,
    max_actions: int | None = None,
) -> MonteCarloResult:
    """Simulate ``n`` continuations of ``state`` until the end of the ``"round"`` or the ``"game"``.

    ``policies``: ``None`` (uniform random), one policy for everyone, or one per player; a policy is a
    callable ``policy(state) -> action``, a bot ``bot(state, player) -> action`` or a bot name for
    ``evo_lab.bots.make_bot``. ``viewer``: redraw the hidden information ``viewer`` cannot see in every
    sample (``state.determinize``); ``None`` continues the exact position. ``executor``: see
    :func:`evo_lab.parallel.map_chunks` (process pools need picklable policies: names or module-level).
    """
    if not isinstance(state, State):
        raise OddsError(f"expected an evo_lab State, got {type(state).__name__}")
    if isinstance(n, bool) or not isinstance(n, int) or n <= 0:
        raise OddsError(f"n must be a positive integer, got {n!r}")
    if until not in UNTIL:
        raise OddsError(f"until must be 'game' or 'round', got {until!r}")
    if state.is_terminal():
        raise OddsError("the game is over: nothing to simulate")
    g = state.game
    if viewer is not None and (
        isinstance(viewer, bool) or not isinstance(viewer, int) or not 0 <= viewer < g.players
    ):
        raise OddsError(f"viewer must be a player 0..{g.players - 1} or None, got {viewer!r}")
    specs = _check_policies(policies, g.players)
    if seed is None:  # draw the entropy now and keep it, so that replay() can rebuild every sample
        entropy = np.random.SeedSequence().entropy
        assert isinstance(entropy, int)  # a fresh SeedSequence draws an int
        seed = entropy
    seeds = child_seeds(seed, n)
    serial = executor == "serial" or (executor is None and n < SERIAL_THRESHOLD)
    pos: State | str = state if serial else state.to_json()
    items = [(pos, specs, ss, until, viewer, max_actions) for ss in seeds]
    res = map_chunks(
        _run_chunk,
        items,
        executor=executor,
        workers=workers,
        progress=progress,
        desc=f"Monte Carlo ({until})",
    )
    return MonteCarloResult(
        n,
        seed,
        until,
        g.players,
        [r[0] for r in res],
        np.array([r[1] for r in res], dtype=int),
        np.array([r[2] for r in res]),
        np.array([r[3] for r in res], dtype=int),
        [r[4] for r in res],
        state.round,
        [] if viewer is None else [f"hidden information redrawn for P{viewer + 1}"],
    )


def replay(
    state: State, result: MonteCarloResult, i: int, policies: Policies = None, viewer: int | None = None
) -> State:
    """Play sample ``i`` of ``result`` again (same seed) and return its final state."""
    if not 0 <= i < result.n:
        raise OddsError(f"sample index must be 0..{result.n - 1}, got {i}")
    ss = child_seeds(result.seed, result.n)[i]
    specs = _check_policies(policies, state.game.players)
    rng = np.random.default_rng(ss)
    si = seed_int(ss)
    s = state.determinize(viewer, rng) if viewer is not None else state.clone()
    _play(s, [_make(sp, si, rng) for sp in specs], rng, result.until, None)
    return s
