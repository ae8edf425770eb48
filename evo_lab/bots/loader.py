"""Bots from files, modules, the registry, other processes and other machines: :func:`load_bot`.

A *bot spec* is one string:

========================  ===========================================================================
``path/to/bot.py``        a Python file; its bot is the module's ``BOT``, else the one class defined in it
                          with an ``act`` method, else a module-level function ``act``
``path/to/bot.py:Name``   the class (or function) ``Name`` of that file
``package.module:Name``   the class ``Name`` of an importable module
``builtin:NAME``          a bot of the game's registry (``builtin:greedy``, ``builtin:ismcts:iterations=50``;
                          options ``key=value`` separated by commas); a bare registry name works too
``tcp:HOST:PORT``         a remote player listening on ``HOST:PORT`` (evo-lab connects; ``docs/remote.md``)
``cmd:COMMAND``           a program speaking the remote protocol on its standard input and output
                          (``cmd:node examples/remote_bot.js``; split like a shell line, no shell)
========================  ===========================================================================

**The bot contract** (``docs/tournaments.md``). A bot is a class with ``act(observation, legal_actions)``:
``observation`` is what the game's observer shows the bot's seat (a JSON-able dict: ``state.observation(seat)``),
``legal_actions`` the legal actions as strings in the game's notation (``state.action_to_string``); it returns one
of those strings or its index. Optional: a ``name`` (the leaderboard's name; default the file name), a ``seed``
argument of the constructor, ``reset(seed)`` and ``start(info)`` at the start of each game (``info``: ``game``,
``players``, ``seat``, ``seed``), ``end(result)`` at its end. A class derived from :class:`evo_lab.bots.Bot` keeps
evo-lab's own protocol, ``act(state, player)``: run in a sandbox it is handed a *determinization* of the position
(everything its seat may not see redrawn: ``state.determinize``), never the real state. A bot is asked only when
it has a choice (one legal action is played for it).

>>> import evo_lab
>>> spec = parse_spec("builtin:ismcts:iterations=5,c=0.5")
>>> spec.kind, spec.target, spec.options, spec.default_name()
('builtin', 'ismcts', (('iterations', 5), ('c', 0.5)), 'ismcts(iterations=5,c=0.5)')
>>> BotSpec("file", "/class/students/ann.py", attr="Careful").default_name(), parse_spec("tcp:localhost:9000").port
('ann', 9000)
>>> bot = load_bot("builtin:greedy", "origin", seed=1)
>>> s = evo_lab.make_game("origin", players=2, seed=3).new_initial_state_dealt()
>>> bot(s) in s.legal_actions()
True
"""

from __future__ import annotations

import ast
import hashlib
import importlib
import importlib.util
import inspect
import numbers
import shlex
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.errors import EvoLabError
from .base import Bot, BotError, bot_name
from .registry import bot_names, make_bot

__all__ = [
    "SPEC_KINDS",
    "BotLoadError",
    "BotSpec",
    "ObservationBot",
    "declared_name",
    "load_bot",
    "load_bot_object",
    "parse_spec",
    "resolve_action",
]

SPEC_KINDS = ("builtin", "file", "module", "tcp", "cmd")


class BotLoadError(EvoLabError, ValueError):
    """A bot spec that cannot be read or a bot that cannot be loaded; the message names the file or module and
    what was wrong (no bot class, several, a syntax error with its line, ...)."""


@dataclass(frozen=True)
class BotSpec:
    """A parsed bot spec (see the module docstring). ``target``: the registry name, the file's absolute path,
    the module, the host or the command line; ``attr``: the class or function name; ``options``: a builtin's
    options; ``port``: the TCP port; ``argv``: the command split into words; ``text``: the spec as written."""

    kind: str
    target: str
    attr: str | None = None
    options: tuple[tuple[str, Any], ...] = ()
    port: int | None = None
    argv: tuple[str, ...] = ()
    text: str = ""

    def default_name(self) -> str:
        """The name the leaderboard shows when the bot declares none: the file name without ``.py``, the
        class name of a module bot, the registry name (with its options), ``HOST:PORT``, the command's script."""
        if self.kind == "builtin":
            opts = ",".join(f"{k}={v}" for k, v in self.options)
            return f"{self.target}({opts})" if opts else self.target
        if self.kind == "file":
            return Path(self.target).stem
        if self.kind == "module":
            return self.attr or self.target.rsplit(".", 1)[-1]
        if self.kind == "tcp":
            return f"{self.target}:{self.port}"
        words = [w for w in self.argv[1:] if not w.startswith("-")] or list(self.argv[:1])
        return Path(words[0]).stem if words else "cmd"

    @property
    def python(self) -> bool:
        """A bot written in Python for evo-lab (a file or a module): loadable in this process or a sandbox."""
        return self.kind in ("file", "module")

    @property
    def remote(self) -> bool:
        """A bot that speaks the remote protocol (``tcp:`` or ``cmd:``)."""
        return self.kind in ("tcp", "cmd")

    def canonical(self) -> str:
        """The spec as a string another process can parse back (a file's path made absolute)."""
        if self.kind == "file":
            return self.target + (f":{self.attr}" if self.attr else "")
        return self.text


def _option_value(text: str) -> Any:
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    return {"true": True, "false": False, "none": None}.get(text.lower(), text)


def parse_spec(text: str | BotSpec) -> BotSpec:
    """Parse a bot spec (see the module docstring); raises :class:`BotLoadError` saying what is wrong. A file
    must exist (its path is made absolute); modules, hosts and commands are checked when the bot starts."""
    if isinstance(text, BotSpec):
        return text
    if not isinstance(text, str) or not text.strip():
        raise BotLoadError(f"a bot spec must be a non-empty string, got {text!r}")
    t = text.strip()
    head, _, rest = t.partition(":")
    if head == "builtin":
        name, _, opts = rest.partition(":")
        options = []
        for part in filter(None, (p.strip() for p in opts.split(","))):
            k, eq, v = part.partition("=")
            if not eq or not k.strip():
                raise BotLoadError(f"{t}: bot options are key=value separated by commas, got {part!r}")
            options.append((k.strip(), _option_value(v.strip())))
        if not name.strip():
            raise BotLoadError(f"{t}: builtin: needs a bot name, e.g. builtin:greedy")
        return BotSpec("builtin", name.strip().lower(), options=tuple(options), text=t)
    if head == "tcp":
        host, _, port = rest.rpartition(":")
        if not host or not port.isdigit() or not 0 < int(port) < 65536:
            raise BotLoadError(f"{t}: a TCP player is tcp:HOST:PORT, e.g. tcp:127.0.0.1:9000")
        return BotSpec("tcp", host, port=int(port), text=t)
    if head == "cmd":
        try:
            argv = tuple(shlex.split(rest))
        except ValueError as e:
            raise BotLoadError(f"{t}: cannot split the command: {e}") from None
        if not argv:
            raise BotLoadError(f"{t}: cmd: needs a command, e.g. cmd:node bot.js")
        return BotSpec("cmd", rest.strip(), argv=argv, text=t)
    return _parse_python(t)


def _parse_python(t: str) -> BotSpec:
    path, _, attr = t.partition(":") if not t.endswith(".py") else (t, "", "")
    if path.endswith(".py") or "/" in path or Path(path).suffix == ".py":
        p = Path(path).expanduser()
        if not p.is_file():
            raise BotLoadError(f"{path}: no such bot file")
        return BotSpec("file", str(p.resolve()), attr=attr or None, text=t)
    if attr:
        if not all(part.isidentifier() for part in path.split(".")) or not attr.isidentifier():
            raise BotLoadError(f"{t}: a module bot is package.module:ClassName")
        return BotSpec("module", path, attr=attr, text=t)
    if path.isidentifier():  # a bare registry name: builtin:NAME
        return BotSpec("builtin", path.lower(), text=t)
    raise BotLoadError(
        f"{t}: not a bot spec; use FILE.py, FILE.py:Class, module:Class, builtin:NAME, "
        f"tcp:HOST:PORT or cmd:COMMAND"
    )


# ---------------------------------------------------------------------------------------------- names
def _source_of(spec: BotSpec) -> tuple[str, str] | None:
    """(source text, file name) of a Python bot, read without running it."""
    if spec.kind == "file":
        return Path(spec.target).read_text(encoding="utf-8"), spec.target
    try:
        found = importlib.util.find_spec(spec.target)
    except (ImportError, ValueError):
        return None
    if found is None or not found.origin or not found.origin.endswith(".py"):
        return None
    return Path(found.origin).read_text(encoding="utf-8"), found.origin


def _string_assign(body: Sequence[ast.stmt], name: str) -> str | None:
    for node in body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if (
                any(isinstance(x, ast.Name) and x.id == name for x in targets)
                and isinstance(node.value, ast.Constant)
                and isinstance(node.value.value, str)
            ):
                return node.value.value
    return None


def declared_name(spec: str | BotSpec) -> str:
    """The name a Python bot declares (a string ``name = "..."`` in its class body, or at module level for a
    function bot), read from the source **without running it**; else :meth:`BotSpec.default_name`. Remote bots
    declare theirs in the protocol's ``hello`` (:mod:`evo_lab.tournament.remote`)."""
    spec = parse_spec(spec)
    if not spec.python:
        return spec.default_name()
    try:
        src = _source_of(spec)
        tree = ast.parse(src[0], filename=src[1]) if src else None
    except (OSError, SyntaxError, UnicodeDecodeError):
        tree = None
    if tree is None:
        return spec.default_name()
    classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
    target = spec.attr
    if target is None:
        bot_alias = [
            n
            for n in tree.body
            if isinstance(n, ast.Assign)
            and isinstance(n.value, ast.Name)
            and any(isinstance(x, ast.Name) and x.id == "BOT" for x in n.targets)
        ]
        acting = [
            c
            for c in classes.values()
            if any(isinstance(f, ast.FunctionDef) and f.name == "act" for f in c.body)
        ]
        if bot_alias:
            target = bot_alias[-1].value.id  # type: ignore[attr-defined]
        elif len(acting) == 1:
            target = acting[0].name
        elif not acting and len(classes) == 1:  # one class, its act inherited
            target = next(iter(classes))
    if target in classes:
        return _string_assign(classes[target].body, "name") or spec.default_name()
    return _string_assign(tree.body, "name") or spec.default_name()


# ---------------------------------------------------------------------------------------------- loading
def _module_of(spec: BotSpec) -> Any:
    if spec.kind == "module":
        try:
            return importlib.import_module(spec.target)
        except Exception as e:
            raise BotLoadError(f"{spec.target}: cannot import: {type(e).__name__}: {e}") from e
    path = Path(spec.target)
    digest = hashlib.sha1(str(path).encode()).hexdigest()[:10]
    modname = f"evo_lab_bot_{''.join(c if c.isalnum() else '_' for c in path.stem)}_{digest}"
    if modname in sys.modules:
        return sys.modules[modname]
    loader_spec = importlib.util.spec_from_file_location(modname, path)
    if loader_spec is None or loader_spec.loader is None:
        raise BotLoadError(f"{path}: not a Python file")
    module = importlib.util.module_from_spec(loader_spec)
    sys.modules[modname] = module
    folder = str(path.parent)
    sys.path.insert(0, folder)  # the bot's own helper modules next to it
    try:
        loader_spec.loader.exec_module(module)
    except SyntaxError as e:
        del sys.modules[modname]
        raise BotLoadError(f"{path}: syntax error at line {e.lineno}: {e.msg}") from None
    except Exception as e:
        del sys.modules[modname]
        raise BotLoadError(f"{path}: raised {type(e).__name__} while loading: {e}") from e
    finally:
        if sys.path and sys.path[0] == folder:
            sys.path.pop(0)
    return module


def _pick(module: Any, spec: BotSpec) -> Any:
    """The bot class (or function) of a loaded module."""
    where = spec.target
    if spec.attr:
        obj = getattr(module, spec.attr, None)
        if obj is None:
            raise BotLoadError(f"{where}: has no {spec.attr!r}")
        return obj
    if getattr(module, "BOT", None) is not None:
        return module.BOT
    mine = [
        v
        for v in vars(module).values()
        if inspect.isclass(v) and v.__module__ == module.__name__ and callable(getattr(v, "act", None))
    ]
    if len(mine) == 1:
        return mine[0]
    if len(mine) > 1:
        raise BotLoadError(
            f"{where}: defines several bot classes ({', '.join(c.__name__ for c in mine)}); "
            f"name one: {Path(where).name}:{mine[0].__name__}"
        )
    if inspect.isfunction(getattr(module, "act", None)):
        return module.act
    raise BotLoadError(
        f"{where}: defines no bot: a class with act(observation, legal_actions), a module-level "
        f"act function, or BOT = ..."
    )


def _instantiate(cls: type, seed: int | None, where: str) -> Any:
    try:
        params = inspect.signature(cls).parameters
    except (TypeError, ValueError):
        params = {}  # type: ignore[assignment]
    takes_seed = "seed" in params or any(p.kind is p.VAR_KEYWORD for p in params.values())
    try:
        return cls(seed=seed) if takes_seed else cls()
    except Exception as e:
        raise BotLoadError(f"{where}: {cls.__name__}() raised {type(e).__name__}: {e}") from e


class _FunctionBot:
    """A module-level ``act(observation, legal_actions)`` function as a bot object."""

    def __init__(self, fn: Callable[[dict, list[str]], Any], name: str | None):
        self.act = fn
        self.name = name


def load_bot_object(spec: str | BotSpec, game: str, seed: int | None = None) -> Bot:
    """Load a Python or builtin bot **in this process** (no sandbox): an evo-lab :class:`~evo_lab.bots.Bot`
    (a bot deriving from it as it is; an observation bot wrapped in :class:`ObservationBot`)."""
    spec = parse_spec(spec)
    if spec.kind == "builtin":
        return make_bot(spec.target, seed=seed, game=game, **dict(spec.options))
    if not spec.python:
        raise BotLoadError(f"{spec.text}: a remote player runs in its own process; use load_bot")
    obj = _pick(_module_of(spec), spec)
    name = declared_name(spec)
    where = spec.target
    if inspect.isclass(obj) and issubclass(obj, Bot):
        bot = _instantiate(obj, seed, where)
        if bot.name == Bot.name:
            bot.name = name
        return bot
    if isinstance(obj, Bot):
        obj.reset(seed)
        return obj
    if inspect.isfunction(obj):
        return ObservationBot(
            _FunctionBot(obj, getattr(sys.modules.get(obj.__module__), "name", None)), name, seed=seed
        )
    impl = _instantiate(obj, seed, where) if inspect.isclass(obj) else obj
    if not callable(getattr(impl, "act", None)):
        raise BotLoadError(f"{where}: {bot_name(impl)} has no act(observation, legal_actions) method")
    return ObservationBot(impl, str(getattr(impl, "name", None) or name), seed=seed)


def load_bot(spec: str | BotSpec, game: str, *, seed: int | None = None, sandbox: Any = None) -> Bot:
    """A bot from a spec (see the module docstring) for ``game`` (a registered id), as an evo-lab
    :class:`~evo_lab.bots.Bot`: ``bot(state, player) -> action``, usable with :func:`~evo_lab.bots.as_policy`,
    :func:`evo_lab.sim.play_game` and the tournaments.

    ``sandbox``: ``None`` or ``False`` loads a Python bot in this process (trusted code); ``True`` or a
    :class:`evo_lab.tournament.sandbox.Limits` runs it in its own process with a time limit per decision and a
    memory limit (:class:`evo_lab.tournament.remote.RemoteBot`; close it with ``close()`` or a ``with`` block).
    ``tcp:`` and ``cmd:`` bots always run apart. A builtin bot always runs in this process. A fault of a
    sandboxed or remote bot raises :class:`~evo_lab.bots.BotError` with ``reason`` the fault's kind
    (``timeout``, ``crashed``, ``protocol``, ``raised``, ``illegal``, ``memory``, ``load``).
    """
    from ..core.registry import game_info

    gid = game_info(game).name
    spec = parse_spec(spec)
    if spec.kind == "builtin" and spec.target not in bot_names(gid):
        raise BotLoadError(
            f"{spec.text}: unknown bot {spec.target!r} for {gid}; its bots are: {', '.join(bot_names(gid))}"
        )
    if spec.kind == "builtin" or (spec.python and not sandbox):
        return load_bot_object(spec, gid, seed)
    from ..tournament.remote import RemoteBot, make_player
    from ..tournament.sandbox import Limits

    limits = sandbox if isinstance(sandbox, Limits) else Limits()
    return RemoteBot(make_player(spec, gid, limits), seed=seed)


# ---------------------------------------------------------------------------------------------- observation bots
def resolve_action(state: Any, answer: Any, legal: list | None = None, texts: list[str] | None = None) -> Any:
    """The legal action a bot's answer names (a string of ``texts``, another spelling that
    ``state.parse_action`` reads, or an index into the legal actions), or ``None`` when it names none."""
    legal = state.legal_actions() if legal is None else legal
    texts = [state.action_to_string(a) for a in legal] if texts is None else texts
    if isinstance(answer, bool):
        return None
    if isinstance(answer, numbers.Integral):
        i = int(answer)
        return legal[i] if 0 <= i < len(legal) else None
    if isinstance(answer, str):
        if answer in texts:
            return legal[texts.index(answer)]
        try:
            parsed = state.parse_action(answer)
        except (ValueError, TypeError, KeyError, IndexError):
            return None
        try:
            return legal[legal.index(parsed)]
        except (ValueError, TypeError):
            return None
    return None


class ObservationBot(Bot):
    """A bot that sees only ``(observation, legal action strings)`` (the file-bot contract) as an evo-lab
    :class:`~evo_lab.bots.Bot`. At the first decision of each game it calls ``impl.start(info)`` if defined;
    ``reset(seed)`` calls ``impl.reset(seed)``; :meth:`end` passes the result on."""

    omniscient = False

    def __init__(self, impl: Any, name: str, seed: int | None = None):
        super().__init__(seed)
        self.impl, self.name = impl, name
        self._started = False

    def reset(self, seed: int | None = None) -> None:
        super().reset(seed)
        self._started = False
        if callable(getattr(self.impl, "reset", None)):
            self.impl.reset(seed)

    def start(self, info: dict) -> None:
        """A game starts: ``info`` has ``game``, ``players``, ``seat`` and ``seed``."""
        self._started = True
        if callable(getattr(self.impl, "start", None)):
            self.impl.start(dict(info))

    def end(self, result: dict) -> None:
        """The game ended (``result``: the protocol's ``end`` message)."""
        if callable(getattr(self.impl, "end", None)):
            self.impl.end(dict(result))

    def choose(self, observation: dict, texts: list[str]) -> Any:
        """The implementation's raw answer (a string or an index) for an observation and legal strings."""
        return self.impl.act(observation, list(texts))

    def act(self, state: Any, player: int) -> Any:
        if not self._started:
            self.start(
                {"game": state.game.name, "players": state.game.players, "seat": player, "seed": self.seed}
            )
        legal = state.legal_actions()
        texts = [state.action_to_string(a) for a in legal]
        answer = self.choose(state.observation(player), texts)
        action = resolve_action(state, answer, legal, texts)
        if action is None:
            raise BotError(
                f"bot {self.name!r} answered {answer!r}, which is not one of the {len(texts)} legal actions",
                bot=self.name,
                action=str(answer),
                player=player,
            )
        return action

    def __repr__(self) -> str:
        return f"ObservationBot({self.name!r}, seed={self.seed})"
