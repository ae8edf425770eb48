"""Evo 2e, Evolution and Origin as PettingZoo AEC environments (``pip install 'evo-lab[rl]'``):
``env()`` is Evo's (``evo_v0``), ``env(game="evolution", ...)`` (``evolution_v0``) and ``env(game="origin", ...)``
(``origin_v0``) the others, all one class (:class:`KitAECEnv`) over the game's codec and observer.

Agents ``"player_0" .. "player_{n-1}"`` act in the engine's order; chance nodes (dice, climate tokens, gene
draws, cards) are resolved inside ``step`` with the environment's RNG, seeded by ``reset(seed=...)``.
Observations are dicts ``{"observation": float32 vector, "action_mask": int8 vector}`` (the vector is
:class:`~evo_lab.games.evo2e.codec.ObservationEncoder`'s, from that agent's point of view; the mask is all
zeros when it is not the agent's turn). Actions are ``Discrete(num_distinct_actions)`` over
:class:`~evo_lab.games.evo2e.codec.ActionCodec`. Rewards come at the end: the final MP (``returns="mp"``) or
``(n - place) / (n - 1)`` (``returns="rank"``).

>>> env = env(players=2)
>>> env.reset(seed=0)
>>> env.agent_selection in env.agents
True
>>> obs, reward, term, trunc, info = env.last()
>>> int(obs["action_mask"].sum()) > 0, reward, term
(True, 0, False)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .errors import missing_dependency

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ImportError as e:  # pragma: no cover - depends on the installation
    raise missing_dependency(
        f"the PettingZoo adapter needs pettingzoo and gymnasium ({e}); pip install 'evo-lab[rl]'"
    ) from e

from ..core.errors import IllegalActionError
from ..core.protocol import State, sample_chance
from ..games.evo2e import Game
from ..games.evo2e.codec import ActionCodec, ObservationEncoder


class KitAECEnv(AECEnv):
    """The AEC environment of any kit game: ``KitAECEnv(game="origin", players=2, render_mode=None, **params)``
    with the game's adapter parameters (Evolution: ``variant``; Origin: ``sets``; see
    :mod:`evo_lab.interop.spec`). Observations are the game observer's tensor (float32) and the action mask over
    the game's codec; rewards at the end are the spec's returns (win shares for Evolution and Origin).

    >>> e = KitAECEnv(game="origin", players=2)
    >>> e.metadata["name"], e.reset(seed=1), e.agent_selection in e.agents
    ('origin_v0', None, True)
    """

    metadata: dict[str, Any] = {
        "render_modes": ["human", "ansi"],
        "name": "kit_v0",
        "is_parallelizable": False,
    }  # noqa: RUF012

    def __init__(self, game: str = "origin", players: int = 2, render_mode: str | None = None, **params: Any):
        from .spec import adapter_spec, size_of

        spec = adapter_spec(game)
        p = spec.params({"players": players, **params})
        engine = spec.build(p)
        codec = spec.codec(engine)
        self.spec, self.params = spec, p
        size = int(np.asarray(engine.new_initial_state().observation_tensor(0)).size)
        high = spec.tensor_high(engine)
        self._setup(
            engine,
            codec,
            size_of(codec.num_distinct_actions),
            size,
            -np.inf if high is None else 0.0,
            np.inf if high is None else high,
            render_mode,
            spec.env_name,
        )

    def _setup(
        self,
        engine: Any,
        codec: Any,
        n_actions: int,
        size: int,
        low: float,
        high: Any,
        render_mode: str | None,
        name: str,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode must be one of {self.metadata['render_modes']}, got {render_mode!r}"
            )
        self.metadata = {**type(self).metadata, "name": name}
        self.game, self.codec, self.n_actions, self.render_mode = engine, codec, n_actions, render_mode
        self.possible_agents = [f"player_{i}" for i in range(engine.players)]
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(low, high, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (n_actions,), np.int8),
            }
        )
        self.observation_spaces = {
            a: obs_space if i == 0 else _copy_space(obs_space) for i, a in enumerate(self.possible_agents)
        }
        self.action_spaces = {a: spaces.Discrete(n_actions) for a in self.possible_agents}
        self.state_: State | None = None
        self.rng = np.random.default_rng()

    def _live(self) -> State:
        """The engine state of the episode (``reset`` starts one)."""
        if self.state_ is None:
            raise RuntimeError("the environment has no episode yet: call reset() first")
        return self.state_

    # ----- what the game decides (Evo's environment below overrides them)
    def _encode(self, s: Any, p: int) -> np.ndarray:
        return np.asarray(s.observation_tensor(p), np.float32).ravel()

    def _mask(self, s: Any) -> np.ndarray:
        m = np.zeros(self.n_actions, np.int8)
        m[[self.codec.encode(a) for a in s.legal_actions()]] = 1
        return m

    def _final(self, s: Any) -> list[float]:
        return [float(x) for x in self.spec.returns(s, self.params)]

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # ----- AEC API
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        self.rng = np.random.default_rng(seed)
        self.state_ = self.game.new_initial_state()
        s = self._resolve_chance()
        self.agents = list(self.possible_agents)
        self.rewards: dict[str, float] = {a: 0 for a in self.agents}
        self._cumulative_rewards: dict[str, float] = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[s.current_player()]

    def observe(self, agent: str) -> dict:
        p = self._index[agent]
        s = self._live()
        mask = (
            self._mask(s)
            if not s.is_terminal() and s.current_player() == p
            else np.zeros(self.n_actions, np.int8)
        )
        return {"observation": self._encode(s, p), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        s = self._live()
        if action is None:
            raise IllegalActionError(f"{agent} must act (got None)", "no_action")
        a = self.codec.decode(int(action))
        s.apply_action(a)  # raises IllegalActionError (a ValueError) for an illegal action
        self._clear_rewards()
        self._resolve_chance()
        self._cumulative_rewards[agent] = 0
        if s.is_terminal():
            final = self._final(s)
            for i, ag in enumerate(self.agents):
                self.rewards[ag] = final[i]
                self.terminations[ag] = True
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[s.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = str(self._live())
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    def _resolve_chance(self) -> State:
        s = self._live()
        while not s.is_terminal() and s.is_chance_node():
            s.apply_action(sample_chance(s, self.rng))
        return s

    @property
    def engine_state(self) -> State | None:
        """The engine state behind the environment."""
        return self.state_


class EvoAECEnv(KitAECEnv):
    """Evo 2e's environment. ``EvoAECEnv(players=2, returns="mp", render_mode=None, board=None)``."""

    metadata = {"render_modes": ["human", "ansi"], "name": "evo_v0", "is_parallelizable": False}  # noqa: RUF012

    def __init__(
        self, players: int = 2, returns: str = "mp", render_mode: str | None = None, board: Any = None
    ):
        if returns not in ("mp", "rank"):
            raise ValueError(f"returns must be 'mp' or 'rank', got {returns!r}")
        game = Game(players=players, board=board)
        codec = ActionCodec(game)
        self.encoder = ObservationEncoder(game)
        self.returns_mode = returns
        self._setup(
            game,
            codec,
            codec.num_distinct_actions,
            self.encoder.size,
            0.0,
            self.encoder.high(),
            render_mode,
            "evo_v0",
        )

    def _encode(self, s: Any, p: int) -> np.ndarray:
        return self.encoder.encode(s, p)

    def _mask(self, s: Any) -> np.ndarray:
        return self.codec.action_mask(s)

    def _final(self, s: Any) -> list[float]:
        n = self.game.players
        if self.returns_mode == "rank":
            return [(n - r) / (n - 1) for r in s.ranking()]
        return [float(x) for x in s.returns()]


def _copy_space(sp: spaces.Dict) -> spaces.Dict:
    """A copy of a dictionary of boxes (each agent gets its own space objects)."""
    boxes: dict[str, spaces.Box] = {k: v for k, v in sp.spaces.items() if isinstance(v, spaces.Box)}
    return spaces.Dict({k: spaces.Box(v.low, v.high, v.shape, v.dtype) for k, v in boxes.items()})


def env(game: str = "evo2e", **kwargs: Any) -> KitAECEnv:
    """The environment of ``game`` (PettingZoo's ``env()`` convention): Evo 2e's :class:`EvoAECEnv` by default,
    else :class:`KitAECEnv` (``env(game="evolution", players=3, variant="climate")``)."""
    if game == "evo2e":
        return EvoAECEnv(**kwargs)
    return KitAECEnv(game=game, **kwargs)


raw_env = EvoAECEnv
