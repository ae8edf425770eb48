"""Bots from Python files: :func:`load_bot`, for graded assignments (``scripts/grade_bot.py``) and tournaments.

A *bot spec* is a path: ``path/to/bot.py`` (the module's ``BOT``, else the one class defined in it with an ``act``
method, else a module-level function ``act``) or ``path/to/bot.py:Name`` (that class or function).

**The bot contract.** A bot is a class with ``act(observation, legal_actions)``: ``observation`` is what the
game's observer shows the bot's seat (``state.observation(seat)``: no other player's hidden cards),
``legal_actions`` the legal actions as strings in the game's notation (``state.action_to_string``); it returns
one of those strings or its index. Optional: a ``name`` (default: the file's name), a ``seed`` argument of the
constructor, and ``reset(seed)``, called before each game so that a seeded tournament replays exactly. A class
derived from :class:`evo_lab.bots.Bot` keeps evo-lab's own protocol, ``act(state, player)``, and must set
``omniscient = True`` if it reads more than its seat's observation. A bot is asked only when it has a choice.

>>> import pathlib, tempfile
>>> src = "class First:\\n    def act(self, observation, legal_actions):\\n        return legal_actions[0]\\n"
>>> path = pathlib.Path(tempfile.mkdtemp()) / "first.py"
>>> _ = path.write_text(src)
>>> bot = load_bot(str(path), "evolution", seed=1)
>>> bot.name, bot.omniscient
('first', False)
"""

from __future__ import annotations

import importlib.util
import inspect
import numbers
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..core.errors import EvoLabError
from .base import Bot, BotError

__all__ = ["BotLoadError", "ObservationBot", "load_bot", "resolve_action"]


class BotLoadError(EvoLabError, ValueError):
    """A bot file that cannot be loaded (missing, not Python, no bot, several without a choice, an error while
    importing or building it); the message names the file."""


def _module(path: Path) -> Any:
    if not path.is_file():
        raise BotLoadError(f"{path}: no such bot file")
    if path.suffix != ".py":
        raise BotLoadError(f"{path}: a bot file is a Python file ending in .py")
    name = f"evo_lab_bot_file_{abs(hash(str(path.resolve())))}"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:  # pragma: no cover - a .py file always has a spec
        raise BotLoadError(f"{path}: cannot be imported")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except Exception as e:
        sys.modules.pop(name, None)
        raise BotLoadError(f"{path}: importing it raised {type(e).__name__}: {e}") from e
    return module


def _pick(module: Any, path: Path, attr: str | None) -> Any:
    if attr is not None:
        obj = getattr(module, attr, None)
        if obj is None:
            raise BotLoadError(f"{path}: has no {attr!r}")
        return obj
    if getattr(module, "BOT", None) is not None:
        return module.BOT
    mine = [v for v in vars(module).values()
            if inspect.isclass(v) and v.__module__ == module.__name__ and callable(getattr(v, "act", None))]
    if len(mine) == 1:
        return mine[0]
    if len(mine) > 1:
        raise BotLoadError(f"{path}: defines several bot classes ({', '.join(c.__name__ for c in mine)}); "
                           f"name one: {path.name}:{mine[0].__name__}")
    if inspect.isfunction(getattr(module, "act", None)):
        return module.act
    raise BotLoadError(f"{path}: defines no bot: a class with act(observation, legal_actions), a module-level act "
                       "function, or BOT = ...")


def _build(cls: type, seed: int | None, path: Path) -> Any:
    try:
        params = inspect.signature(cls).parameters
    except (TypeError, ValueError):
        params = {}  # type: ignore[assignment]
    try:
        return cls(seed=seed) if "seed" in params else cls()
    except Exception as e:
        raise BotLoadError(f"{path}: {cls.__name__}() raised {type(e).__name__}: {e}") from e


class _FunctionBot:
    """A module-level ``act(observation, legal_actions)`` function as a bot object."""

    def __init__(self, fn: Callable[[dict, list[str]], Any]):
        self.act = fn


def load_bot(spec: str, game: str, *, seed: int | None = None, sandbox: Any = None) -> Bot:
    """The bot of a file spec (see the module docstring) for ``game``, as an evo-lab :class:`~evo_lab.bots.Bot`
    (``bot(state, player) -> action``), built with ``seed``. This loader runs the bot in this process (trusted
    code): ``sandbox`` must be ``None`` or ``False``."""
    from ..core.registry import game_entry

    game_entry(game)  # an unknown game raises its typed error here
    if sandbox:
        raise BotLoadError(f"{spec}: this loader runs bots in this process only (no sandbox)")
    text, _, attr = str(spec).partition(":") if not Path(str(spec)).exists() else (str(spec), "", "")
    path = Path(text)
    obj = _pick(_module(path), path, attr or None)
    name = str(getattr(obj, "name", None) or path.stem) if not inspect.isfunction(obj) else path.stem
    if inspect.isclass(obj) and issubclass(obj, Bot):
        bot = _build(obj, seed, path)
        if bot.name == Bot.name:
            bot.name = name
        return bot
    if inspect.isfunction(obj):
        return ObservationBot(_FunctionBot(obj), name, seed=seed)
    impl = _build(obj, seed, path) if inspect.isclass(obj) else obj
    if not callable(getattr(impl, "act", None)):
        raise BotLoadError(f"{path}: {name} has no act(observation, legal_actions) method")
    return ObservationBot(impl, name, seed=seed)


def resolve_action(state: Any, answer: Any, legal: list, texts: list[str]) -> Any:
    """The legal action a bot's answer names (one of ``texts``, or an index into ``legal``), or ``None``."""
    if isinstance(answer, bool):
        return None
    if isinstance(answer, numbers.Integral):
        i = int(answer)
        return legal[i] if 0 <= i < len(legal) else None
    if isinstance(answer, str) and answer in texts:
        return legal[texts.index(answer)]
    return None


class ObservationBot(Bot):
    """A bot that sees only ``(observation, legal action strings)`` (the contract above) as an evo-lab bot;
    :meth:`reset` passes the new seed to ``impl.reset`` when the bot has one."""

    omniscient = False

    def __init__(self, impl: Any, name: str, seed: int | None = None):
        super().__init__(seed)
        self.impl, self.name = impl, name

    def reset(self, seed: int | None = None) -> None:
        super().reset(seed)
        if callable(getattr(self.impl, "reset", None)):
            self.impl.reset(seed)

    def act(self, state: Any, player: int) -> Any:
        legal = state.legal_actions()
        texts = [state.action_to_string(a) for a in legal]
        answer = self.impl.act(state.observation(player), list(texts))
        action = resolve_action(state, answer, legal, texts)
        if action is None:
            raise BotError(f"bot {self.name!r} answered {answer!r}, which is not one of its {len(texts)} legal "
                           f"actions", bot=self.name, action=str(answer), player=player)
        return action
