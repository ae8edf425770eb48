"""Lesson 06's learner: REINFORCE with a linear softmax policy over *action features*, in the PettingZoo environment.

A policy over Evo's 3,496 action codes with one weight row per code (and a 200-number observation) has about 700,000
weights and learns nothing in a few thousand games. This one describes every legal action by a handful of public
features instead, :data:`FEATURES` (what kind of action it is, how much it bids, and the climate of the spaces a move
or a birth leaves and reaches), and scores it ``z_a = theta · phi(a)``; the policy is
``pi(a) = exp(z_a) / sum_b exp(z_b)`` over the legal actions. It generalises across positions, and its ``theta`` can
be read.

**REINFORCE** (Williams 1992): after an episode with return ``G`` (the learner's final MP),
``theta += lr * (G - baseline) * mean_t grad log pi(a_t)``, where ``grad log pi(a) = phi(a) - sum_b pi(b) phi(b)``,
and the baseline is a running mean of the returns (it lowers the variance, not the expected update). At
``theta = 0`` the policy is uniformly random over the legal actions: exactly the random baseline.

Everything is seeded: :func:`train` returns the same :class:`LearningCurve` for the same arguments.
``scripts/lesson06_data.py`` runs the full training and ships it in ``evo_lab/data/lessons/lesson06.json``.

>>> curve = train(episodes=20, eval_every=10, eval_games=4, seed=3)
>>> [p.episodes for p in curve.points]
[0, 10, 20]
>>> len(curve.theta) == len(FEATURES)
True
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from ..stats import mean_interval, wilson_interval

__all__ = ["FEATURES", "ActionFeatures", "EvalPoint", "LearningCurve", "evaluate", "play_episode", "train"]

KINDS = (
    "bid",
    "initiative",
    "move",
    "attack",
    "wings",
    "flippers",
    "end",
    "play",
    "pass",
    "birth",
    "escape",
    "remove",
)
CLIMATES = ("ideal", "hot", "cold", "deadly")
#: The features of an action, in order (names a person reads).
_AN = {"ideal": "an ideal"}
FEATURES = (
    tuple(f"kind: {k}" for k in KINDS)
    + ("bid amount (0 to 1)", "bid on the event card")
    + tuple(f"to {_AN.get(c, 'a ' + c)} space" for c in CLIMATES)
    + tuple(f"from {_AN.get(c, 'a ' + c)} space" for c in CLIMATES)
)


class ActionFeatures:
    """``phi(state, codes)``: one row of :data:`FEATURES` per legal action code of an environment's codec. The kind
    and bid features are fixed per code (a table); the climate features read ``state.terrain_states()`` (public)."""

    def __init__(self, env: Any) -> None:
        codec, game = env.codec, env.game
        n, nk = codec.num_distinct_actions, len(KINDS)
        top = max(1, game.data.setup["bid_max"])
        self.static = np.zeros((n, nk + 2), np.float32)
        self.to = np.full(n, -1)
        self.fro = np.full(n, -1)
        for code in range(n):
            a = codec.decode(code)
            self.static[code, KINDS.index(a.kind)] = 1.0
            if a.kind == "bid":
                self.static[code, nk] = a.b / top
                self.static[code, nk + 1] = float(a.a == 0)
            elif a.kind in ("move", "wings", "flippers"):
                self.fro[code], self.to[code] = a.a, a.b
            elif a.kind == "birth":
                self.to[code] = a.a
        self.terrain = list(game.board.terrain)

    def __call__(self, state: Any, codes: np.ndarray) -> np.ndarray:
        climate = state.terrain_states()
        per_space = np.array(
            [CLIMATES.index(climate[t]) if t in climate else -1 for t in self.terrain] + [-1]
        )
        out = np.zeros((len(codes), len(FEATURES)), np.float32)
        base = self.static.shape[1]
        out[:, :base] = self.static[codes]
        rows = np.arange(len(codes))
        for offset, spaces in ((base, self.to[codes]), (base + len(CLIMATES), self.fro[codes])):
            c = per_space[spaces]  # -1 (no space, or the index -1 -> the padding) stays out
            ok = c >= 0
            out[rows[ok], offset + c[ok]] = 1.0
        return out


def play_episode(
    env: Any, features: ActionFeatures, theta: np.ndarray, rng: np.random.Generator, seed: int, seat: int
) -> tuple[float, np.ndarray, int]:
    """One game of the learner (``seat``) against a uniformly random opponent (the same ``rng``): ``(final MP of
    the learner, mean of grad log pi over its decisions, number of its decisions)``."""
    env.reset(seed=seed)
    me = f"player_{seat}"
    grads: list[np.ndarray] = []
    for agent in env.agent_iter():
        obs, _reward, term, trunc, _info = env.last()
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        if agent != me:
            env.step(int(legal[int(rng.integers(len(legal)))]))
            continue
        phi = features(env.engine_state, legal)
        z = phi @ theta
        p = np.exp(z - z.max())
        p /= p.sum()
        k = int(rng.choice(len(legal), p=p))
        grads.append(phi[k] - p @ phi)
        env.step(int(legal[k]))
    ret = float(env.engine_state.returns()[seat])
    return ret, (np.mean(grads, axis=0) if grads else np.zeros_like(theta)), len(grads)


@dataclass(frozen=True)
class EvalPoint:
    """The policy after ``episodes`` training episodes, against a uniformly random opponent over ``games`` fixed
    seeded games (seats alternating): the learner's final MP (``mp``: mean, low, high, 95%), its outright wins and
    ties (whole counts) with the Wilson interval of the outright-win rate."""

    episodes: int
    games: int
    mp: tuple[float, float, float]
    wins: int
    ties: int
    win_interval: tuple[float, float]


def evaluate(
    theta: np.ndarray,
    *,
    games: int = 100,
    seed: int = 50_000,
    episodes: int = 0,
    env: Any = None,
    features: ActionFeatures | None = None,
) -> EvalPoint:
    """Play ``games`` games (seeds ``seed``, ``seed + 1``, ...; the learner in seat ``g % 2``; its own and the
    opponent's choices from ``default_rng([seed, g])``) with ``theta`` frozen."""
    from ..interop.pettingzoo import env as make_env

    env = env or make_env(players=2)
    features = features or ActionFeatures(env)
    mps, wins, ties = [], 0, 0
    for g in range(games):
        rng = np.random.default_rng([seed, g])
        ret, _grad, _n = play_episode(env, features, theta, rng, seed + g, g % 2)
        other = float(env.engine_state.returns()[1 - g % 2])
        mps.append(ret)
        wins += ret > other
        ties += ret == other
    return EvalPoint(episodes, games, mean_interval(mps), wins, ties, wilson_interval(wins, games))


@dataclass
class LearningCurve:
    """:func:`train`'s result: the settings, the evaluation ``points`` and the final ``theta``."""

    episodes: int
    lr: float
    seed: int
    eval_games: int
    eval_seed: int
    points: list[EvalPoint] = field(default_factory=list)
    theta: list[float] = field(default_factory=list)

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict) -> LearningCurve:
        pts = [
            EvalPoint(
                p["episodes"], p["games"], tuple(p["mp"]), p["wins"], p["ties"], tuple(p["win_interval"])
            )
            for p in d["points"]
        ]
        return cls(d["episodes"], d["lr"], d["seed"], d["eval_games"], d["eval_seed"], pts, list(d["theta"]))


def train(
    episodes: int = 3000,
    lr: float = 0.1,
    seed: int = 1,
    eval_every: int = 250,
    eval_games: int = 100,
    eval_seed: int = 50_000,
    baseline_rate: float = 0.05,
) -> LearningCurve:
    """REINFORCE from ``theta = 0`` (the uniformly random policy) for ``episodes`` games against a random opponent
    (training seeds ``0, 1, ...``, seats alternating, choices from ``default_rng(seed)``), evaluated with
    :func:`evaluate` at 0 and every ``eval_every`` episodes."""
    from ..interop.pettingzoo import env as make_env

    env = make_env(players=2)
    features = ActionFeatures(env)
    theta = np.zeros(len(FEATURES))
    rng = np.random.default_rng(seed)
    curve = LearningCurve(episodes, lr, seed, eval_games, eval_seed)
    judge = make_env(players=2)

    def checkpoint(done: int) -> None:
        curve.points.append(
            evaluate(theta, games=eval_games, seed=eval_seed, episodes=done, env=judge, features=features)
        )

    checkpoint(0)
    baseline = 0.0
    for ep in range(episodes):
        ret, grad, _n = play_episode(env, features, theta, rng, ep, ep % 2)
        theta += lr * (ret - baseline) * grad
        baseline += baseline_rate * (ret - baseline)
        if (ep + 1) % eval_every == 0:
            checkpoint(ep + 1)
    curve.theta = [float(x) for x in theta]
    return curve
