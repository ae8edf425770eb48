"""The bot protocol, the bot classes' shared behaviour and the errors bots raise.

A *bot* is anything that maps ``(state, player)`` to a legal action at a decision node where ``player`` is to
act. The classes here add a ``name``, an ``omniscient`` flag (``False``: the bot uses only what
``state.observation(player)`` shows, e.g. it searches over ``state.determinize(player, rng)``), the game it plays
(``game_id``; ``None``: any game) and ``reset(seed)``. :class:`PolicyBot` turns a game's policy factory
(``factory(rng, **options) -> policy(state)``) into a bot. The registry of which bots each game has, and
:func:`~evo_lab.bots.registry.make_bot`, are in :mod:`evo_lab.bots.registry`.

>>> import evo_lab
>>> from evo_lab.bots import make_bot, as_policy
>>> s = evo_lab.Game(players=2, seed=1).new_initial_state_dealt()
>>> bot = make_bot("random", seed=3)
>>> a = bot(s, s.current_player())
>>> a in s.legal_actions()
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from ..core.errors import EvoLabError


class BotError(EvoLabError, ValueError):
    """A bot that returned an illegal action or raised. Names the bot, the action and (inside a tournament)
    the game seed, so that the game can be replayed with :func:`evo_lab.sim.play_game`."""

    def __init__(
        self,
        message: str,
        bot: str | None = None,
        action: str | None = None,
        player: int | None = None,
        seed: int | None = None,
        game: int | None = None,
        reason: str = "illegal_action",
    ):
        super().__init__(message)
        self.bot = bot
        self.action = action
        self.player = player
        self.seed = seed
        self.game = game
        self.reason = reason

    def __reduce__(self):  # picklable across process pools and Dask workers
        return (
            type(self),
            (str(self), self.bot, self.action, self.player, self.seed, self.game, self.reason),
        )


class UnknownBotError(EvoLabError, ValueError):
    """A bot name that is not in a game's registry (or bad options for a bot); the message names the game and
    its bots."""


class Bot:
    """Base class of evo-lab's bots: ``bot(state, player) -> action``.

    Subclasses implement :meth:`act`. Calling the bot checks that it is ``player``'s turn and returns
    the only legal action at once when there is no choice. ``game_id`` is the game the class plays (``None``:
    any game). A bot made by name without a game (``make_bot("greedy")``: Evo 2e's, for backwards
    compatibility) that is called on another game's state plays that game's bot of the same name, built once
    with the same seed and options: the state's game decides.
    """

    name = "bot"
    omniscient = False
    game_id: str | None = None
    _auto: tuple | None = None  # (name, options) when made without a game: other games' states use their bot
    _others: dict | None = None

    def __init__(self, seed: int | None = None):
        self.seed = seed
        self.rng = np.random.default_rng(seed)

    @classmethod
    def create(cls, seed: int | None = None, game: str | None = None, **options: Any) -> Bot:
        """How the registry builds the bot for ``game`` (a registry id); ``TypeError`` for bad options."""
        return cls(seed=seed, **options)

    def reset(self, seed: int | None = None) -> None:
        """Start afresh (a new game), reseeding the bot's random generator."""
        self.seed = seed
        self.rng = np.random.default_rng(seed)
        self._others = None

    def __call__(self, state: Any, player: int | None = None) -> Any:
        if self.game_id is not None:
            gid = getattr(getattr(state, "game", None), "name", self.game_id)
            if gid != self.game_id:
                return self._other_game(gid)(state, player)
        if player is None:
            player = state.current_player()
        if state.current_player() != player:
            raise BotError(
                f"bot {self.name!r} asked to act for P{player + 1}, but it is not P{player + 1}'s turn "
                f"({state.node_name()})",
                bot=self.name,
                player=player,
                reason="not_your_turn",
            )
        acts = state.legal_actions()
        if len(acts) == 1:
            return acts[0]
        return self.act(state, player)

    def _other_game(self, gid: str) -> Any:
        if self._auto is None:
            raise BotError(
                f"bot {self.name!r} plays {self.game_id}, not {gid}; make it with "
                f"make_bot({self.name!r}, game={gid!r})",
                bot=self.name,
                reason="wrong_game",
            )
        if self._others is None:
            self._others = {}
        bot = self._others.get(gid)
        if bot is None:
            from .registry import make_bot

            name, options = self._auto
            bot = self._others[gid] = make_bot(name, seed=self.seed, game=gid, **options)
        return bot

    def act(self, state: Any, player: int) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


class PolicyBot(Bot):
    """A game's policy factory as a bot: ``factory(rng, **options)`` must return ``policy(state) -> action``;
    the policy is rebuilt on :meth:`reset` (with the new seed), so a bot replays exactly from its seed.

    >>> import evo_lab
    >>> from evo_lab.games.origin.bots import greedy_policy
    >>> bot = PolicyBot(greedy_policy, "greedy", "origin", seed=1)
    >>> s = evo_lab.make_game("origin", players=2, seed=3).new_initial_state_dealt()
    >>> bot(s) in s.legal_actions(), bot
    (True, PolicyBot('greedy', game='origin', seed=1))
    """

    def __init__(
        self,
        factory: Callable[..., Callable[[Any], Any]],
        name: str,
        game: str,
        seed: int | None = None,
        **options: Any,
    ):
        super().__init__(seed)
        self.factory, self.name, self.game_id, self.options = factory, name, game, dict(options)
        self._policy = factory(self.rng, **self.options)

    def reset(self, seed: int | None = None) -> None:
        super().reset(seed)
        self._policy = self.factory(self.rng, **self.options)

    def act(self, state: Any, player: int) -> Any:
        return self._policy(state)

    def __getstate__(self) -> dict:  # the policy is a closure: rebuilt from the factory on the unpickled rng
        d = dict(self.__dict__)
        d.pop("_policy", None)
        return d

    def __setstate__(self, d: dict) -> None:
        self.__dict__.update(d)
        self._policy = self.factory(self.rng, **self.options)

    def __repr__(self) -> str:
        return f"PolicyBot({self.name!r}, game={self.game_id!r}, seed={self.seed})"


def bot_name(bot: Any) -> str:
    """A bot's display name: ``.name`` if it has one, else the callable's ``__name__``."""
    return str(getattr(bot, "name", None) or getattr(bot, "__name__", None) or type(bot).__name__)


def checked_action(
    bot: Any, state: Any, player: int, *, seed: int | None = None, game: int | None = None
) -> Any:
    """Ask ``bot`` for ``player``'s action and check it is legal; the state is never touched.

    Raises :class:`BotError` naming the bot, the action and ``seed`` when the bot returns an illegal action
    or raises an exception (``KeyboardInterrupt`` and ``SystemExit`` pass through).
    """
    name = bot_name(bot)
    where = (
        "" if seed is None else f" in game {game} (seed {seed})" if game is not None else f" (seed {seed})"
    )
    try:
        action = bot(state, player)
    except BotError as e:
        if e.seed is None and seed is not None:
            raise BotError(
                f"{e}{where}",
                bot=e.bot or name,
                action=e.action,
                player=player,
                seed=seed,
                game=game,
                reason=e.reason,
            ) from None
        raise
    except Exception as e:
        raise BotError(
            f"bot {name!r} (P{player + 1}) raised {type(e).__name__}: {e}{where} at {_at(state)}",
            bot=name,
            player=player,
            seed=seed,
            game=game,
            reason="bot_raised",
        ) from e
    legal = state.legal_actions()
    parsed = _as_legal(state, action, legal)
    if parsed is None:
        try:
            text = state.action_to_string(action) if not isinstance(action, str) else action
        except Exception:  # noqa: BLE001
            text = repr(action)
        raise BotError(
            f"bot {name!r} (P{player + 1}) chose the illegal action {text!r}{where} at "
            f"{_at(state)}; legal: "
            f"{', '.join(state.action_to_string(a) for a in legal[:8])}"
            f"{', ...' if len(legal) > 8 else ''}",
            bot=name,
            action=text,
            player=player,
            seed=seed,
            game=game,
        )
    return parsed


def _at(state: Any) -> str:
    """Where a game is, for messages: ``"round 3, move"`` (``round`` only for games that count rounds)."""
    r = getattr(state, "round", None)
    return f"round {r}, {state.node_name()}" if isinstance(r, int) else state.node_name()


def _as_legal(state: Any, action: Any, legal: list) -> Any:
    """``action`` as the legal action it names (a string is parsed; a short plain tuple such as Evo's ``("end",)``
    fills the defaults of the game's action ``NamedTuple``), or ``None`` when it names none."""
    if isinstance(action, str):
        try:
            action = state.parse_action(action)
        except ValueError:
            return None
    try:
        return legal[legal.index(action)]
    except (ValueError, TypeError):
        pass
    kind = type(legal[0]) if legal else None
    if (
        kind is not None
        and hasattr(kind, "_fields")
        and isinstance(action, tuple)
        and not isinstance(action, kind)
        and action
        and isinstance(action[0], str)
    ):
        try:
            action = kind(*action)
        except TypeError:
            return None
        return action if action in legal else None
    return None


def as_policy(bots: Sequence[Any] | Mapping[int, Any]) -> Callable[[Any], Any]:
    """A ``policy(state) -> action`` (for :func:`evo_lab.play_out`) from one bot per seat; each action is
    checked with :func:`checked_action`.

    >>> import numpy as np, evo_lab
    >>> from evo_lab.bots import make_bot
    >>> s = evo_lab.Game(players=2, seed=4).new_initial_state()
    >>> pol = as_policy([make_bot("random", seed=1), make_bot("greedy")])
    >>> _ = evo_lab.play_out(s, pol, np.random.default_rng(4))
    >>> s.is_terminal()
    True
    """
    table = dict(bots) if isinstance(bots, Mapping) else dict(enumerate(bots))

    def policy(state: Any) -> Any:
        p = state.current_player()
        if p not in table:
            raise BotError(f"no bot for P{p + 1}", player=p, reason="no_bot")
        return checked_action(table[p], state, p)

    return policy
