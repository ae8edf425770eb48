"""Loading a bot from a Python file: for graded assignments (``scripts/grade_bot.py``) and tournaments.

A bot file defines **one** class (or names one with ``class_name``) that plays in either of two ways:

* the **observation protocol**, the simplest for a student: ``act(self, observation, legal_actions)`` returns one
  of ``legal_actions``; ``observation`` is ``state.observation(player)``, what that player may see (hidden cards
  stay hidden), and ``legal_actions`` is ``state.legal_actions()``. The loader wraps the class in an
  :class:`ObservationBot`, so it never sees the state itself;
* evo-lab's **Bot protocol**: a subclass of :class:`evo_lab.bots.Bot` with ``act(self, state, player)``
  (``docs/bots.md``); a bot that reads more than ``state.observation(player)`` must say so with
  ``omniscient = True``.

If the class's ``__init__`` takes a ``seed`` argument, the bot is built with the game's seed, and rebuilt at every
:meth:`~evo_lab.bots.Bot.reset`, so a seeded tournament replays exactly.

>>> import pathlib, tempfile
>>> src = "class First:\\n    def act(self, observation, legal_actions):\\n        return legal_actions[0]\\n"
>>> path = pathlib.Path(tempfile.mkdtemp()) / "first.py"
>>> _ = path.write_text(src)
>>> bot = load_bot(path)
>>> bot.name, bot.omniscient
('First', False)
"""

from __future__ import annotations

import importlib.util
import inspect
import sys
from pathlib import Path
from typing import Any

from ..core.errors import EvoLabError
from .base import Bot

__all__ = ["BotLoadError", "ObservationBot", "load_bot"]


class BotLoadError(EvoLabError, ValueError):
    """A bot file that cannot be loaded: missing, not Python, no bot class, several without a choice, a class that
    follows neither protocol. The message names the file."""


def _takes_seed(cls: type) -> bool:
    try:
        return "seed" in inspect.signature(cls).parameters
    except (TypeError, ValueError):
        return False


def _make(cls: type, seed: int | None) -> Any:
    return cls(seed=seed) if _takes_seed(cls) else cls()


class ObservationBot(Bot):
    """A class with ``act(observation, legal_actions)`` as an evo-lab bot: it is shown only
    ``state.observation(player)`` and the legal actions."""

    omniscient = False

    def __init__(self, cls: type, name: str | None = None, seed: int | None = None):
        super().__init__(seed)
        self.cls = cls
        self.name = name or cls.__name__
        self.inner = _make(cls, seed)

    def reset(self, seed: int | None = None) -> None:
        super().reset(seed)
        self.inner = _make(self.cls, seed)

    def act(self, state: Any, player: int) -> Any:
        return self.inner.act(state.observation(player), list(state.legal_actions()))

    def __repr__(self) -> str:
        return f"ObservationBot({self.name!r}, seed={self.seed})"


def _module(path: Path) -> Any:
    if not path.is_file():
        raise BotLoadError(f"{path}: no such bot file")
    if path.suffix != ".py":
        raise BotLoadError(f"{path}: a bot file is a Python file ending in .py")
    name = f"evo_lab_student_bot_{abs(hash(str(path.resolve())))}"
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


def load_bot(path: str | Path, *, class_name: str | None = None, name: str | None = None,
             seed: int | None = None) -> Bot:
    """The bot defined in the Python file ``path`` (see the module docstring), built with ``seed``; ``name``
    overrides its display name (default: the class name)."""
    path = Path(path)
    module = _module(path)
    classes = [c for c in vars(module).values()
               if inspect.isclass(c) and c.__module__ == module.__name__ and callable(getattr(c, "act", None))]
    if class_name is not None:
        classes = [c for c in classes if c.__name__ == class_name]
        if not classes:
            raise BotLoadError(f"{path}: no class {class_name!r} with an act method")
    if not classes:
        raise BotLoadError(f"{path}: no class with an act(observation, legal_actions) or act(state, player) method")
    if len(classes) > 1:
        raise BotLoadError(f"{path}: several bot classes ({', '.join(c.__name__ for c in classes)}); "
                           "choose one with class_name")
    cls = classes[0]
    if issubclass(cls, Bot):
        bot = _make(cls, seed)
        if name:
            bot.name = name
        elif getattr(bot, "name", "bot") == "bot":
            bot.name = cls.__name__
        return bot
    params = list(inspect.signature(cls.act).parameters)[1:]
    if len(params) != 2:
        raise BotLoadError(f"{path}: {cls.__name__}.act must take (observation, legal_actions), "
                           f"it takes {tuple(params)}")
    return ObservationBot(cls, name=name, seed=seed)
