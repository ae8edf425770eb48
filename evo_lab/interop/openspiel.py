"""Every kit game in OpenSpiel: one pyspiel game class per :class:`~evo_lab.interop.spec.AdapterSpec`.

:func:`register` registers a spec's game with pyspiel under its ``short_name`` (``python_evolution``,
``python_origin``); importing this module does it for every game with a kit (:data:`KIT_GAMES`). Evo 2e keeps its
own classes (``python_evo``, unchanged: :mod:`evo_lab.games.evo2e.openspiel`, registered here too).

* Sequential, explicit stochastic (every chance node lists the engine's exact outcomes, probabilities as floats),
  imperfect information (what each player sees is the game observer's: ``mask_action`` for the history,
  ``string`` and ``tensor`` for the present), terminal reward; constant-sum when the spec's utility has a sum
  (win shares: Evolution and Origin), else general sum.
* Actions and chance outcomes: the dense codes of the game's codec (``encode``, ``decode``, ``encode_chance``,
  ``decode_chance``).
* ``information_state_string(p)``: the history as ``p`` saw it (kept incrementally) ``+ "#" +`` the current
  observation string: the same text as the engine's ``state.information_state_string(p)``.
* Parameters: the spec's (``players``, ``seed``, and the game's own such as ``variant`` or ``sets``).

>>> import pyspiel, evo_lab.interop.openspiel
>>> g = pyspiel.load_game("python_origin", {"players": 3})
>>> g.num_players(), g.get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM
(3, True)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .errors import missing_dependency
from .spec import AdapterSpec, size_of

try:
    import pyspiel
except ImportError as e:  # pragma: no cover - depends on the installation
    raise missing_dependency(
        f"the OpenSpiel adapter needs the open_spiel wheel ({e}); pip install 'evo-lab[openspiel]'"
    ) from e

__all__ = [
    "BoxedState",
    "KitGameSpiel",
    "KitStateSpiel",
    "KitObserver",
    "game_type",
    "register",
    "from_engine_state",
    "KIT_GAMES",
]


def game_type(spec: AdapterSpec, constant_sum: bool) -> Any:
    """The pyspiel ``GameType`` of ``spec``."""
    U = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=spec.short_name,
        long_name=spec.long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=U.CONSTANT_SUM if constant_sum else U.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.players[1],
        min_num_players=spec.players[0],
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(spec.parameters),
    )


class _Context:
    """What every state of one pyspiel game shares (never copied); pickles without the spec's functions (the
    spec is found again by its game id, the codec is rebuilt)."""

    __slots__ = ("game_id", "params", "engine", "codec", "tensor_size")

    def __init__(self, game_id: str, params: dict, engine: Any, codec: Any, tensor_size: int):
        self.game_id, self.params, self.engine, self.codec, self.tensor_size = (
            game_id,
            params,
            engine,
            codec,
            tensor_size,
        )

    @property
    def spec(self) -> AdapterSpec:
        return _SPECS[self.game_id]

    def __getstate__(self) -> tuple:  # a codec may hold closures: rebuilt from the engine game
        return (self.game_id, self.params, self.engine, self.tensor_size)

    def __setstate__(self, st: tuple) -> None:
        self.game_id, self.params, self.engine, self.tensor_size = st
        self.codec = self.spec.codec(self.engine)


class _Box:
    """The engine state and the masked histories; a deep copy clones the engine state cheaply."""

    __slots__ = ("ctx", "s", "seen")

    def __init__(self, s: Any, seen: list[list[str]], ctx: _Context):
        self.s, self.seen, self.ctx = s, seen, ctx

    def __deepcopy__(self, memo: dict) -> _Box:
        return _Box(self.s.clone(), [list(h) for h in self.seen], self.ctx)


class KitGameSpiel(pyspiel.Game):
    """The pyspiel game of one spec; ``self.engine`` is the engine game, ``self.codec`` its codec."""

    spec: AdapterSpec  # set on the subclass made by :func:`register`

    def __init__(self, params: dict | None = None):
        spec = self.spec
        p = spec.params(params)
        engine = spec.build(p)
        codec = spec.codec(engine)
        lo, hi, total = spec.utility(engine, p)
        tensor_size = int(np.asarray(engine.new_initial_state().observation_tensor(0)).size)
        info = pyspiel.GameInfo(
            num_distinct_actions=size_of(codec.num_distinct_actions),
            max_chance_outcomes=size_of(codec.max_chance_outcomes),
            num_players=p["players"],
            min_utility=float(lo),
            max_utility=float(hi),
            utility_sum=None if total is None else float(total),
            max_game_length=int(spec.max_game_length(engine, codec)),
        )
        super().__init__(type(self).GAME_TYPE, info, p)
        self.engine, self.codec, self.params = engine, codec, p
        self.ctx = _Context(spec.game, p, engine, codec, tensor_size)

    def new_initial_state(self) -> KitStateSpiel:
        return KitStateSpiel(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> KitObserver:
        return KitObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class BoxedState:
    """The pyspiel ``State`` methods every adapter's state shares, read from ``self._box`` (the engine state and the
    game's codec): who acts, the legal action codes, the exact chance outcomes. Mixed in before ``pyspiel.State``."""

    _box: _Box

    def current_player(self) -> int:
        s = self._box.s
        if s.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        if s.is_chance_node():
            return pyspiel.PlayerId.CHANCE
        return s.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        s = self._box.s
        if s.is_terminal() or s.is_chance_node() or player != s.current_player():
            return []
        return sorted(self._box.ctx.codec.encode(a) for a in s.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        enc = self._box.ctx.codec.encode_chance
        return sorted((enc(a), float(p)) for a, p in self._box.s.chance_outcomes())


class KitStateSpiel(BoxedState, pyspiel.State):
    """A pyspiel state around an engine state (``self.engine_state``)."""

    def __init__(self, game: KitGameSpiel):
        super().__init__(game)
        n = game.engine.players
        self._box = _Box(game.engine.new_initial_state(), [[] for _ in range(n)], game.ctx)

    @property
    def engine_state(self) -> Any:
        return self._box.s

    def _apply_action(self, code: int) -> None:
        s, codec = self._box.s, self._box.ctx.codec
        a = codec.decode_chance(code) if s.is_chance_node() else codec.decode(code)
        mask = s.game.observer.mask_action  # one visibility rule: the game's observer
        texts = [mask(s, a, p) for p in range(len(self._box.seen))]
        s.apply_action(a)  # a typed error (a ValueError) for an illegal code; nothing changed then
        for h, t in zip(self._box.seen, texts):
            h.append(t)

    def _action_to_string(self, player: int, code: int) -> str:
        s, codec = self._box.s, self._box.ctx.codec
        try:
            a = (
                codec.decode_chance(code)
                if player == pyspiel.PlayerId.CHANCE or s.is_chance_node()
                else codec.decode(code)
            )
        except ValueError:
            return f"code {code}"
        try:
            return s.action_to_string(a)
        except Exception:  # noqa: BLE001 - a code that is not legal here still gets a readable name
            return " ".join(map(str, a)) if isinstance(a, tuple) else str(a)

    def is_terminal(self) -> bool:
        return self._box.s.is_terminal()

    def returns(self) -> list[float]:
        s, ctx = self._box.s, self._box.ctx
        if not s.is_terminal():
            return [0.0] * s.game.players
        return [float(x) for x in ctx.spec.returns(s, ctx.params)]

    def information_state_string_for(self, player: int) -> str:
        return "|".join(self._box.seen[player]) + "#" + self._box.s.observation_string(player)

    def __str__(self) -> str:
        return str(self._box.s)


class KitObserver:
    """PyObserver: strings (information state with perfect recall, else the observation) and the observer's
    tensor."""

    def __init__(self, game: KitGameSpiel, iig_obs_type: Any, params: Any):
        if params:
            raise ValueError(f"{game.spec.short_name} observers take no parameters, got {params}")
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.tensor = np.zeros(0 if self.perfect_recall else game.ctx.tensor_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: KitStateSpiel, player: int) -> None:
        if not self.perfect_recall:
            self.tensor[:] = np.asarray(state.engine_state.observation_tensor(player), np.float32).ravel()

    def string_from(self, state: KitStateSpiel, player: int) -> str:
        if self.perfect_recall:
            return state.information_state_string_for(player)
        return state.engine_state.observation_string(player)


def register(spec: AdapterSpec) -> type[KitGameSpiel]:
    """Register ``spec``'s game with pyspiel (once) and return its game class."""
    if spec.short_name in _CLASSES:
        return _CLASSES[spec.short_name]
    probe = spec.params()
    total = spec.utility(spec.build(probe), probe)[2]
    gt = game_type(spec, total is not None)
    name = f"{spec.game.title().replace('-', '')}GameSpiel"
    cls = type(name, (KitGameSpiel,), {"spec": spec, "GAME_TYPE": gt, "__module__": __name__})
    globals()[name] = cls  # pickle finds the class by its module and name
    _SPECS[spec.game] = spec
    if spec.short_name not in pyspiel.registered_names():
        pyspiel.register_game(gt, cls)
    _CLASSES[spec.short_name] = cls
    return cls


_CLASSES: dict[str, type[KitGameSpiel]] = {}
_SPECS: dict[str, AdapterSpec] = {}


def from_engine_state(game: KitGameSpiel, state: Any) -> KitStateSpiel:
    """A pyspiel state replaying ``state``'s history (from the initial state of the same engine game)."""
    st = game.new_initial_state()
    for before, a in state.replay():
        st.apply_action(game.codec.encode_chance(a) if before.is_chance_node() else game.codec.encode(a))
    return st


def _register_kit_games() -> dict:
    """Every game with a kit gets its pyspiel game: Evo 2e its own classes (``python_evo``, registered by
    :mod:`evo_lab.games.evo2e.openspiel`), every other game the classes above (``python_evolution``,
    ``python_origin``)."""
    import importlib

    from .spec import adapter_specs

    importlib.import_module("evo_lab.games.evo2e.openspiel")
    return {gid: register(spec) for gid, spec in adapter_specs().items() if spec.short_name != "python_evo"}


#: ``{game id: its pyspiel game class}`` for the games registered by :func:`register` (every kit game but Evo 2e).
KIT_GAMES = _register_kit_games()
