"""The bot protocol, the bot registry and the errors bots raise.

A *bot* is anything that maps ``(state, player)`` to a legal action at a decision node where ``player`` is to
act. The classes here add a ``name``, an ``omniscient`` flag (``False``: the bot uses only what
``state.observation(player)`` shows, e.g. it searches over ``state.determinize(player, rng)``) and
``reset(seed)``.

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
from ..games.evo2e.actions import Action

#: name -> bot class; filled by the bot modules (``random``, ``greedy``, ``ismcts``).
BOTS: dict[str, type[Bot]] = {}


class BotError(EvoLabError, ValueError):
    """A bot that returned an illegal action or raised. Names the bot, the action and (inside a tournament)
    the game seed, so that the game can be replayed with :func:`evo_lab.sim.play_game`."""

    def __init__(self, message: str, bot: str | None = None, action: str | None = None, player: int | None = None,
                 seed: int | None = None, game: int | None = None, reason: str = "illegal_action"):
        super().__init__(message)
        self.bot = bot
        self.action = action
        self.player = player
        self.seed = seed
        self.game = game
        self.reason = reason

    def __reduce__(self):  # picklable across process pools and Dask workers
        return (type(self), (str(self), self.bot, self.action, self.player, self.seed, self.game, self.reason))


class UnknownBotError(EvoLabError, ValueError):
    """A bot name that is not in the registry (or bad options for a bot)."""


def register(cls: type[Bot]) -> type[Bot]:
    """Class decorator: add a bot class to :data:`BOTS` under ``cls.name``."""
    BOTS[cls.name] = cls
    return cls


class Bot:
    """Base class of evo-lab's bots: ``bot(state, player) -> Action``.

    Subclasses implement :meth:`act`. Calling the bot checks that it is ``player``'s turn and returns
    the only legal action at once when there is no choice.
    """

    name = "bot"
    omniscient = False

    def __init__(self, seed: int | None = None):
        self.seed = seed
        self.rng = np.random.default_rng(seed)

    def reset(self, seed: int | None = None) -> None:
        """Start afresh (a new game), reseeding the bot's random generator."""
        self.seed = seed
        self.rng = np.random.default_rng(seed)

    def __call__(self, state: Any, player: int | None = None) -> Any:
        if player is None:
            player = state.current_player()
        if state.current_player() != player:
            raise BotError(f"bot {self.name!r} asked to act for P{player + 1}, but it is not P{player + 1}'s turn "
                           f"({state.node_name()})", bot=self.name, player=player, reason="not_your_turn")
        acts = state.legal_actions()
        if len(acts) == 1:
            return acts[0]
        return self.act(state, player)

    def act(self, state: Any, player: int) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


def bot_name(bot: Any) -> str:
    """A bot's display name: ``.name`` if it has one, else the callable's ``__name__``."""
    return str(getattr(bot, "name", None) or getattr(bot, "__name__", None) or type(bot).__name__)


def make_bot(name: str | Any, seed: int | None = None, **kw: Any) -> Any:
    """A bot by registry name (``"random"``, ``"greedy"``, ``"ismcts"``) with options, e.g.
    ``make_bot("ismcts", seed=1, iterations=200)``. A callable is returned unchanged.

    >>> make_bot("greedy", seed=0).name
    'greedy'
    >>> make_bot("nonsense")
    Traceback (most recent call last):
    ...
    evo_lab.bots.base.UnknownBotError: unknown bot 'nonsense'; bots are: greedy, ismcts, lively, random
    """
    if callable(name) and not isinstance(name, str):
        return name
    if not isinstance(name, str):
        raise UnknownBotError(f"a bot is a registry name or a callable, got {name!r}")
    cls = BOTS.get(name.strip().lower())
    if cls is None:
        raise UnknownBotError(f"unknown bot {name!r}; bots are: {', '.join(sorted(BOTS))}")
    try:
        return cls(seed=seed, **kw)
    except TypeError as e:
        raise UnknownBotError(f"bad options for bot {name!r}: {e}") from None


def checked_action(bot: Any, state: Any, player: int, *, seed: int | None = None, game: int | None = None) -> Any:
    """Ask ``bot`` for ``player``'s action and check it is legal; the state is never touched.

    Raises :class:`BotError` naming the bot, the action and ``seed`` when the bot returns an illegal action
    or raises an exception (``KeyboardInterrupt`` and ``SystemExit`` pass through).
    """
    name = bot_name(bot)
    where = "" if seed is None else f" in game {game} (seed {seed})" if game is not None else f" (seed {seed})"
    try:
        action = bot(state, player)
    except BotError as e:
        if e.seed is None and seed is not None:
            raise BotError(f"{e}{where}", bot=e.bot or name, action=e.action, player=player, seed=seed, game=game,
                           reason=e.reason) from None
        raise
    except Exception as e:
        raise BotError(f"bot {name!r} (P{player + 1}) raised {type(e).__name__}: {e}{where} at "
                       f"round {state.round}, {state.node_name()}", bot=name, player=player, seed=seed, game=game,
                       reason="bot_raised") from e
    legal = state.legal_actions()
    if isinstance(action, str):
        try:
            parsed = state.parse_action(action)
        except ValueError:
            parsed = None
    elif isinstance(action, tuple) and not isinstance(action, Action) and action and isinstance(action[0], str):
        try:
            parsed = Action(*action)
        except TypeError:
            parsed = action
    else:
        parsed = action
    if parsed is None or parsed not in legal:
        try:
            text = state.action_to_string(action) if not isinstance(action, str) else action
        except Exception:  # noqa: BLE001
            text = repr(action)
        raise BotError(f"bot {name!r} (P{player + 1}) chose the illegal action {text!r}{where} at round "
                       f"{state.round}, {state.node_name()}; legal: "
                       f"{', '.join(state.action_to_string(a) for a in legal[:8])}"
                       f"{', ...' if len(legal) > 8 else ''}", bot=name, action=text, player=player, seed=seed,
                       game=game)
    return parsed


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
