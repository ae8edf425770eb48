"""Evo 2e in OpenSpiel: its own Python game, registered with pyspiel under the short name ``python_evo``.

``import evo_lab.interop.openspiel`` registers it with every other kit game, as does importing this module (both
need the ``open_spiel`` wheel: ``pip install 'evo-lab[openspiel]'``); then ``pyspiel.load_game("python_evo",
{"players": 2})`` works like any other game.

* Sequential, explicit stochastic (every chance node lists its outcomes with the engine's exact
  probabilities, as floats), imperfect information (hidden: others' event cards, the excluded unique genes,
  a climate token seen by someone else's sixth sense; all decided by the game's observer), general sum, terminal reward.
* Returns: ``"mp"`` (default) the final MP of each player; ``"rank"`` ``(n - place) / (n - 1)`` (1 for a
  sole winner, 0 for last; tied players share the better place). Zero before the end.
* Actions: the dense codes of :class:`~evo_lab.games.evo2e.codec.ActionCodec` for this board.
* Strings: ``information_state_string(p)`` is the history as ``p`` saw it (hidden outcomes masked) plus the
  current observation, ``observation_string(p)`` the current observation only; both are maintained
  incrementally. ``observation_tensor(p)`` is :class:`~evo_lab.games.evo2e.codec.ObservationEncoder`'s vector.
* Parameters: ``players`` (2..5, default 2), ``seed`` (the engine game's seed, default 0), ``returns``.

>>> import pyspiel, evo_lab.interop.openspiel
>>> game = pyspiel.load_game("python_evo", {"players": 2})
>>> game.num_players(), game.get_type().short_name
(2, 'python_evo')
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ...interop.errors import missing_dependency

try:
    import pyspiel
except ImportError as e:  # pragma: no cover - depends on the installation
    raise missing_dependency(
        f"the OpenSpiel adapter needs the open_spiel wheel ({e}); pip install 'evo-lab[openspiel]'"
    ) from e

from ...interop.openspiel import BoxedState
from .actions import Action
from .codec import ActionCodec, ObservationEncoder
from .game import Game as EvoGame
from .kit import max_game_length
from .state import State

SHORT_NAME = "python_evo"
MIN_PLAYERS, MAX_PLAYERS = 2, 5
_DEFAULTS = {"players": 2, "seed": 0, "returns": "mp"}

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Evo (Second Edition), evo-lab engine",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS,
    min_num_players=MIN_PLAYERS,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=dict(_DEFAULTS),
)


class EvoGameSpiel(pyspiel.Game):
    """The pyspiel game; ``self.evo`` is the engine's :class:`~evo_lab.Game`."""

    def __init__(self, params: dict[str, Any] | None = None):
        p: dict[str, Any] = dict(_DEFAULTS)
        p.update(params or {})
        players = int(p["players"])
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"python_evo is for {MIN_PLAYERS}..{MAX_PLAYERS} players, got {players}")
        if p["returns"] not in ("mp", "rank"):
            raise ValueError(f"returns must be 'mp' or 'rank', got {p['returns']!r}")
        evo = EvoGame(players=players, seed=int(p["seed"]))
        codec = ActionCodec(evo)
        s = evo.data.setup
        top = s["starting_mp"] + s["mp_per_dinosaur"] * evo.max_dinos * (evo.pile_length + 1)
        info = pyspiel.GameInfo(
            num_distinct_actions=codec.num_distinct_actions,
            max_chance_outcomes=codec.max_chance_outcomes,
            num_players=players,
            min_utility=0.0,
            max_utility=float(top) if p["returns"] == "mp" else 1.0,
            utility_sum=None,
            max_game_length=max_game_length(evo),
        )
        super().__init__(
            GAME_TYPE, info, {"players": players, "seed": int(p["seed"]), "returns": p["returns"]}
        )
        self.evo = evo
        self.returns_mode = p["returns"]
        self.codec = codec
        self.encoder = ObservationEncoder(evo)
        self.ctx = _Context(codec, self.encoder, self.returns_mode)

    def new_initial_state(self) -> EvoStateSpiel:
        return EvoStateSpiel(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, object] | None = None
    ) -> EvoObserver:
        return EvoObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class _Box:
    """Holds the engine state and the masked histories; deep copies clone the engine state cheaply."""

    __slots__ = ("ctx", "s", "seen")

    def __init__(self, s: State, seen: list[list[str]], ctx: _Context):
        self.s = s
        self.seen = seen
        self.ctx = ctx  # shared, never copied: codec, encoder, returns mode

    def __deepcopy__(self, memo: dict[int, object]) -> _Box:
        return _Box(self.s.clone(), [list(h) for h in self.seen], self.ctx)


class _Context:
    __slots__ = ("codec", "encoder", "returns_mode")

    def __init__(self, codec: ActionCodec, encoder: ObservationEncoder, returns_mode: str):
        self.codec, self.encoder, self.returns_mode = codec, encoder, returns_mode


class EvoStateSpiel(BoxedState, pyspiel.State):
    """A pyspiel state wrapping an engine :class:`~evo_lab.State` (``self.evo_state``)."""

    _box: _Box  # type: ignore[assignment]  # Evo 2e's own box (its context carries the returns mode)

    def __init__(self, game: EvoGameSpiel):
        super().__init__(game)
        self._box = _Box(game.evo.new_initial_state(), [[] for _ in range(game.evo.players)], game.ctx)

    @property
    def evo_state(self) -> State:
        return self._box.s

    def _decode(self, code: int) -> Action:
        s = self._box.s
        return (
            self._box.ctx.codec.decode_chance(code)
            if s.is_chance_node()
            else self._box.ctx.codec.decode(code)
        )

    def _apply_action(self, code: int) -> None:
        s = self._box.s
        a = self._decode(code)
        mask = s.game.observer.mask_action  # one visibility rule: the game's observer
        for p, h in enumerate(self._box.seen):
            h.append(mask(s, a, p))
        s.apply_action(a)

    def _action_to_string(self, player: int, code: int) -> str:
        s = self._box.s
        if player == pyspiel.PlayerId.CHANCE or s.is_chance_node():
            a = self._box.ctx.codec.decode_chance(code)
            return s.action_to_string(a) if a in s.legal_actions() else f"{a.kind} {a.a}"
        a = self._box.ctx.codec.decode(code)
        try:
            return s.action_to_string(a)
        except Exception:  # noqa: BLE001 - a code that is not legal here still gets a readable name
            return f"{a.kind} {a.a} {a.b}"

    def is_terminal(self) -> bool:
        return self._box.s.is_terminal()

    def returns(self) -> list[float]:
        s = self._box.s
        n = s.game.players
        if not s.is_terminal():
            return [0.0] * n
        if self._box.ctx.returns_mode == "rank":
            return [(n - r) / (n - 1) for r in s.ranking()]
        return [float(x) for x in s.returns()]

    def information_state_string_for(self, player: int) -> str:
        return "|".join(self._box.seen[player]) + "#" + self._box.s.observation_string(player)

    def __str__(self) -> str:
        return str(self._box.s)


class EvoObserver:
    """PyObserver: strings (information state with perfect recall, else the observation) and a tensor."""

    def __init__(
        self, game: EvoGameSpiel, iig_obs_type: pyspiel.IIGObservationType, params: dict[str, object] | None
    ):
        if params:
            raise ValueError(f"python_evo observers take no parameters, got {params}")
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.encoder = game.encoder
        self.tensor = np.zeros(0 if self.perfect_recall else game.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: EvoStateSpiel, player: int) -> None:
        if not self.perfect_recall:
            self.tensor[:] = self.encoder.encode(state.evo_state, player)

    def string_from(self, state: EvoStateSpiel, player: int) -> str:
        if self.perfect_recall:
            return state.information_state_string_for(player)
        return state.evo_state.observation_string(player)


pyspiel.register_game(GAME_TYPE, EvoGameSpiel)


def load(players: int = 2, seed: int = 0, returns: str = "mp") -> EvoGameSpiel:
    """``pyspiel.load_game("python_evo", {...})`` with keyword arguments."""
    game: EvoGameSpiel = pyspiel.load_game(SHORT_NAME, {"players": players, "seed": seed, "returns": returns})
    return game


def from_engine_state(game: EvoGameSpiel, state: State) -> EvoStateSpiel:
    """A pyspiel state replaying ``state``'s history (which must start at the initial state of a game with
    the same players)."""
    st = game.new_initial_state()
    codec = game.codec
    for a in state.history():
        st.apply_action(codec.encode_chance(a) if a.is_chance() else codec.encode(a))
    return st
