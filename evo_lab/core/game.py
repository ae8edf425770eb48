"""Base classes for the games: what every evo-lab game offers besides its rules.

A game is a ``Game`` (static configuration: players, data, options, seed) and a ``State`` (one node of the game
tree, OpenSpiel's contract: ``current_player``, ``legal_actions``, ``apply_action``, ``chance_outcomes``,
``clone``, ``returns``, ...). :class:`GameBase` and :class:`StateBase` give every game the same plumbing on top of
a small set of methods the game writes itself:

=========================  ==========================================================================
the game writes            ``_legal_actions()``, ``_chance_weights()`` (outcomes and integer weights),
                           ``_apply(action)`` (no checks: ``apply_action`` checked it), ``explain_illegal``
                           (why an action is illegal: ``(message, reason)``), ``current_player``,
                           ``is_terminal``, ``is_chance_node``, ``returns``, ``clone``, ``action_to_string``,
                           ``parse_action``, ``state_dict`` / ``load_state`` (the position body) and an
                           :class:`~evo_lab.core.observer.Observer`
the base gives             ``legal_actions``, ``chance_outcomes`` (exact ``Fraction``), ``apply_action``
                           (strings too; typed errors; the state is untouched on error), ``history``,
                           ``history_str``, ``replay``, observations, information-state strings, masked
                           actions and determinization through the observer, positions and records in the
                           shared envelope (:mod:`evo_lab.core.records`)
=========================  ==========================================================================
"""

from __future__ import annotations

import copy
import json
from collections.abc import Hashable, Iterator, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Generic, Self, TypeAlias, TypeVar, cast

import numpy as np

from .errors import EvoLabError, FormatError, IllegalActionError, cut, excerpt
from .protocol import Event, Game, GameState, apply_random_chance
from .records import POSITION, RECORD, Envelope, envelope, game_from_config, open_envelope, read_json

if TYPE_CHECKING:
    import numpy.typing as npt

    from .observer import Observer
    from .options import RuleOptionsBase

__all__ = ["ActionChain", "EventChain", "GameBase", "StateBase", "check_loaded"]

#: The history of a state: a linked list ``(previous, action)``, ``None`` at its start (sharing the past
#: between a state and its clones costs nothing); the actions are the game's own (``Any`` here).
ActionChain: TypeAlias = "tuple[ActionChain, Any] | None"
#: The event log of a state, linked the same way: ``(previous, event)``, the game's own events.
EventChain: TypeAlias = "tuple[EventChain, Any] | None"


def check_loaded(s: GameState) -> None:
    """Run the game's own invariant checker (``s.check_invariants()``) on a state a loader just built; a
    broken invariant, or a state that cannot even be asked what comes next, is a :class:`FormatError` (field
    ``state``), never a state that breaks later."""
    try:
        f = getattr(s, "check_loaded_invariants", None) or getattr(s, "check_invariants", None)
        if f is not None:
            f()
        if not s.is_terminal():
            s.legal_actions()
    except (AssertionError, EvoLabError) as e:
        raise FormatError(f"inconsistent position: {cut(str(e), 300)}", "state") from None
    except Exception as e:  # noqa: BLE001 - whatever a corrupt state raises, the loader's answer is typed
        raise FormatError(
            f"inconsistent position ({type(e).__name__}: {cut(str(e), 200)})", "state"
        ) from None


# The type parameters of the bases: a game names its own types once (``class State(StateBase["Game", Action,
# Event])``, ``class Game(GameBase["State", RuleOptions])``); a base left bare gets ``Any`` for them (PEP 696
# defaults: the type checker's only, typing.TypeVar has none in Python 3.11).
if TYPE_CHECKING:
    from typing_extensions import TypeVar as TypeVarWithDefault

    #: the game of a state (``state.game``)
    GameT = TypeVarWithDefault("GameT", bound=Game, default=Any)
    #: the actions and chance outcomes of a state (its NamedTuples)
    ActionT = TypeVarWithDefault("ActionT", bound=Hashable, default=Any)
    #: the events of a state (``state.events()``)
    EventT = TypeVarWithDefault("EventT", bound=Event, default=Any)
    #: the state class of a game (``game.new_initial_state()``)
    StateBaseT = TypeVarWithDefault("StateBaseT", bound="StateBase", default=Any)
    #: the rule options of a game (its :class:`~evo_lab.core.options.RuleOptionsBase` subclass)
    OptionsT = TypeVarWithDefault("OptionsT", bound="RuleOptionsBase", default=Any)
else:
    GameT = TypeVar("GameT", bound=Game)
    ActionT = TypeVar("ActionT", bound=Hashable)
    EventT = TypeVar("EventT", bound=Event)
    StateBaseT = TypeVar("StateBaseT", bound="StateBase")
    OptionsT = TypeVar("OptionsT", bound="RuleOptionsBase")


def _start_of(cls: type[StateBaseT], start: object, game: Game) -> StateBaseT:
    try:  # the record's nesting was checked as a whole
        return cls.from_envelope(open_envelope(start, POSITION), game)
    except FormatError as e:
        raise FormatError(e.message, f"start.{e.field}" if e.field != "<root>" else "start") from None


class GameBase(Generic[StateBaseT, OptionsT]):
    """Static configuration of one game. Subclasses set ``name`` (the registry id), ``version`` (the format
    version of their positions), ``state_class`` and ``observer``, and write ``to_dict`` / ``from_dict``; the
    title is the registration's (:class:`~evo_lab.core.registry.GameInfo`)."""

    name: str = ""
    version: int = 1
    #: older ``game_version``s of positions and records this game still reads (``from_dict(config, version=v)``
    #: and ``state_class.load_state(game, body, version=v)`` are then called with that version)
    read_versions: tuple[int, ...] = ()
    #: the game's state class (set by the game, as a class attribute, an instance attribute or a property)
    state_class: type[StateBaseT]
    players: int
    seed: int | None
    rng: np.random.Generator
    observer: Observer[StateBaseT, Any]  # Any: this game (a class cannot name its own subclass here)
    options: OptionsT

    @property
    def title(self) -> str:
        """The game's title, as registered (``evo_lab.game_info(game.name).title``)."""
        from .registry import game_info

        return game_info(self.name).title

    def new_initial_state(self) -> StateBaseT:
        """The root of the game tree (before the setup's chance nodes)."""
        return self.state_class(self)

    def new_initial_state_dealt(self, rng: np.random.Generator | None = None) -> StateBaseT:
        """A state past the opening chance nodes, resolved by ``rng`` (default ``game.rng``)."""
        s = self.new_initial_state()
        apply_random_chance(s, rng if rng is not None else self.rng)
        return s

    def num_players(self) -> int:
        return self.players

    def to_dict(self) -> Mapping[str, object]:  # pragma: no cover - abstract
        raise NotImplementedError

    @classmethod
    def from_dict(cls, d: object) -> GameBase[StateBaseT, OptionsT]:  # pragma: no cover - abstract
        raise NotImplementedError


class StateBase(Generic[GameT, ActionT, EventT]):
    """Shared plumbing of the games' states (see the module docstring). Subclasses keep ``game``, ``_hist``
    (a linked list ``(previous, action)`` or ``None``), ``_origin`` (the position dict a loaded state started
    from, or ``None``), ``_legal`` (cached legal actions or ``None``), and the event log: ``_ev`` (a linked list
    ``(previous, event)`` of what the rules did, or ``None``) and ``_ev_mark`` (``_ev`` when the last action began).
    """

    if not TYPE_CHECKING:  # the games' own __slots__ name the fields below
        __slots__ = ()

    game: GameT
    _hist: ActionChain
    _origin: dict[str, object] | None
    _legal: Any  # the cached legal actions (a list of ActionT) or None; the games read it on their hot paths
    _ev: EventChain
    _ev_mark: EventChain

    if TYPE_CHECKING:  # the rest of the contract (protocol.State), written by each game

        def __init__(self, game: Game, /) -> None: ...
        def current_player(self) -> int: ...
        def is_terminal(self) -> bool: ...
        def is_chance_node(self) -> bool: ...
        def returns(self) -> Sequence[float]: ...
        def winners(self) -> Sequence[int]: ...
        def clone(self) -> Self: ...
        def node_name(self) -> str: ...
        def phase_name(self) -> str: ...
        def action_to_string(self, action: ActionT) -> str: ...
        def parse_action(self, text: str) -> ActionT: ...
        def describe_action(self, action: ActionT) -> str: ...
        def check_invariants(self) -> None: ...
        def to_svg(self) -> str: ...

    # ----- to be written by the game
    def _legal_actions(self) -> list[ActionT]:  # pragma: no cover - abstract
        raise NotImplementedError

    def _chance_weights(self) -> tuple[list[ActionT], list[int]]:  # pragma: no cover - abstract
        raise NotImplementedError

    def _apply(self, action: ActionT) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    # Any below: what a caller hands in (an action, its string, junk), narrowed by each game to its types
    def explain_illegal(self, action: Any) -> tuple[str, str]:
        """Why ``action`` is not legal here: ``(message, reason code)``. Games override with their reasons."""
        return f"{excerpt(action)} is not a legal action here", "not_legal"

    def coerce_action(self, action: Any) -> object:
        """Turn user input into an action (strings are parsed); raise :class:`IllegalActionError` otherwise."""
        if isinstance(action, str):
            return self.parse_action(action)
        return action

    # ----- the contract
    def legal_actions(self, player: int | None = None) -> list[ActionT]:
        """The legal actions (the outcomes at a chance node; ``[]`` at the end). With ``player``: ``[]`` unless
        that player is to act."""
        if player is not None and player != self.current_player():
            return []
        if self._legal is None:
            if self.is_terminal():
                self._legal = []
            elif self.is_chance_node():
                self._legal = list(self._chance_weights()[0])
            else:
                self._legal = self._legal_actions()
        return list(self._legal)

    def chance_weights(self) -> tuple[list[ActionT], list[int]]:
        """The outcomes of this chance node and their integer weights (the probabilities are the weights over
        their sum): the exact, fast form samplers and searches use. The lists may be shared: do not modify them."""
        if not self.is_chance_node():
            raise IllegalActionError("not a chance node", "not_chance")
        return self._chance_weights()

    def chance_outcomes(self) -> list[tuple[ActionT, Fraction]]:
        """The outcomes of this chance node with exact probabilities that sum to exactly 1."""
        if not self.is_chance_node():
            raise IllegalActionError("not a chance node", "not_chance")
        outs, w = self._chance_weights()
        total = sum(w)
        return [(o, Fraction(x, total)) for o, x in zip(outs, w)]

    def apply_action(self, action: Any) -> None:
        """Apply a decision or a chance outcome (an action or its string). Illegal input raises
        :class:`IllegalActionError` (or :class:`FormatError` for an unreadable string) saying why, and the state
        is left exactly as it was."""
        action = self.coerce_action(action)
        if self.is_terminal():
            raise IllegalActionError("the game is over", "game_over", action)
        try:
            legal = action in self.legal_actions()
        except TypeError:  # unhashable junk
            legal = False
        if not legal:
            try:
                msg, reason = self.explain_illegal(action)
            except Exception:  # noqa: BLE001 - junk arguments must still give a typed error
                msg, reason = f"not a legal action here: {excerpt(action)}", "not_legal"
            raise IllegalActionError(msg, reason, action)
        self._push(action)

    def _push(self, action: Any) -> None:  # Any: apply_action checked it is one of legal_actions()
        self._hist = (self._hist, action)
        self._legal = None
        self._ev_mark = self._ev
        self._apply(action)

    def apply_unchecked(self, action: ActionT) -> None:
        """Apply an action known to be legal here (one of ``legal_actions()``) without checking it: for search
        and look-ahead code that only applies actions it just listed. Anything else corrupts the state."""
        self._push(action)

    # ----- what happened
    def emit(self, event: EventT) -> None:
        """Record an event (a ``NamedTuple`` of the game's ``events.py``): the rules call this as things happen."""
        self._ev = (self._ev, event)

    def events(self, last: bool = False) -> list[EventT]:
        """What the rules did, oldest first: every event since the start (or since the loaded position), or with
        ``last`` only those of the last action applied. Each event says itself: ``event.text(game)`` and
        ``event.story(before, after)`` (the lines of a told game)."""
        out: list[EventT] = []
        h, stop = self._ev, (self._ev_mark if last else None)
        while h is not None and h is not stop:
            h, e = h
            out.append(e)
        return out[::-1]

    # ----- history
    def history(self) -> list[ActionT]:
        """Every action and chance outcome applied since the start (or since the loaded position)."""
        out: list[ActionT] = []
        h = self._hist
        while h is not None:
            h, a = h
            out.append(a)
        return out[::-1]

    def start(self) -> Self:
        """A fresh copy of the position this state's history starts from."""
        if self._origin is None:
            return cast(Self, self.game.new_initial_state())
        return type(self).from_dict(
            copy.deepcopy(self._origin), self.game
        )  # a loader may keep the body's lists

    def replay(self) -> Iterator[tuple[Self, ActionT]]:
        """``(state before, action)`` for each item of the history; the state object is reused, so read it
        before asking for the next item."""
        st = self.start()
        for a in self.history():
            yield st, a
            st.apply_unchecked(a)

    def history_str(self) -> list[str]:
        """The history as action strings (each readable back with ``parse_action`` at its position)."""
        return [st.action_to_string(a) for st, a in self.replay()]

    # ----- what each player may see (all through the game's observer)
    def observation(self, player: int | None = None) -> dict[str, Any]:
        """What ``player`` may know (``None``: the omniscient teacher), JSON-able."""
        return self.game.observer.observation(self, player)

    def observation_string(self, player: int | None = None) -> str:
        return self.game.observer.string(self, player)

    def observation_tensor(self, player: int | None = None) -> npt.NDArray[np.generic]:
        return self.game.observer.tensor(self, player)

    def information_state_string(self, player: int) -> str:
        return self.game.observer.information_state_string(self, player)

    def masked_action_string(self, action: ActionT, player: int | None) -> str:
        """``action`` (applied at this state) as ``player`` sees it."""
        return self.game.observer.mask_action(self, action, player)

    def determinize(self, player: int, rng: np.random.Generator) -> Self:
        """A copy with everything ``player`` may not see redrawn from its exact distribution."""
        drawn: Self = self.game.observer.determinize(self, player, rng)
        return drawn

    # ----- positions and records in the shared envelope
    def state_dict(self) -> Mapping[str, object]:  # pragma: no cover - abstract
        raise NotImplementedError

    @classmethod
    def load_state(cls, game: GameT, body: object) -> Self:  # pragma: no cover - abstract
        """The state of position body ``body``; a game with ``read_versions`` also takes ``version=`` (an older
        ``game_version`` it still reads)."""
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:
        """The position (not its history) as JSON-able data, with the game's configuration."""
        g = self.game
        return envelope(POSITION, g.name, g.version, g.to_dict(), state=self.state_dict())

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent, separators=None if indent else (",", ":"))

    @classmethod
    def from_dict(cls, data: object, game: GameT | None = None) -> Self:
        """Read a position (a dict, JSON text or a path); a bad one raises :class:`FormatError` naming the
        field."""
        return cls.from_envelope(open_envelope(read_json(data), POSITION), game)

    @classmethod
    def from_envelope(cls, env: Envelope, game: GameT | None = None) -> Self:
        """Read the position of an opened envelope (:func:`~evo_lab.core.records.open_envelope`) whose nesting
        was checked (:func:`~evo_lab.core.records.read_json`)."""
        gcls = getattr(cls, "game_class", None)
        given: Game | None = game
        if given is None:
            if gcls is None:
                raise FormatError("no game class to build the configuration", "config")
            given = game_from_config(gcls, env)
        if env.game != given.name:
            raise FormatError(
                f"this position is of game {excerpt(env.game)}, not {excerpt(given.name)}", "game"
            )
        own = cast("GameT", given)  # this state's game: its name was checked
        if env.game_version == given.version:
            s = cls.load_state(own, env.data.get("state"))
        elif env.game_version in getattr(given, "read_versions", ()):
            s = cls.load_state(own, env.data.get("state"), version=env.game_version)  # type: ignore[call-arg]
        else:
            known = ", ".join(str(v) for v in (*getattr(given, "read_versions", ()), given.version))
            raise FormatError(
                f"unsupported {given.name} position version {excerpt(env.game_version)} "
                f"(this evo-lab reads {known})",
                "game_version",
            )
        check_loaded(s)
        s._origin = None
        s._origin = s.to_dict()
        return s

    @classmethod
    def from_json(cls, text: str | bytes, game: GameT | None = None) -> Self:
        return cls.from_dict(read_json(text), game)

    def to_record(self) -> dict[str, Any]:
        """The game record: configuration, start position (if not the initial one) and every action."""
        g = self.game
        rec = envelope(RECORD, g.name, g.version, g.to_dict(), actions=self.history_str())
        if self._origin is not None:
            rec["start"] = self._origin
        return rec

    def record_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_record(), indent=indent)

    @classmethod
    def from_record(cls, data: object) -> Self:
        """Replay a record (dict or JSON text); raises :class:`FormatError` naming the bad entry."""
        env = open_envelope(read_json(data), RECORD)
        gcls = getattr(cls, "game_class", None)
        if gcls is None:
            raise FormatError("no game class to build the configuration", "config")
        known = (getattr(gcls, "version", env.game_version), *getattr(gcls, "read_versions", ()))
        if env.game_version not in known:
            raise FormatError(
                f"unsupported record version {excerpt(env.game_version)} (this evo-lab reads "
                f"{', '.join(map(str, sorted(known)))})",
                "game_version",
            )
        game = game_from_config(gcls, env)
        d = env.data
        s = _start_of(cls, d["start"], game) if "start" in d else cast(Self, game.new_initial_state())
        acts = d.get("actions")
        if not isinstance(acts, list):
            raise FormatError("must be a list of action strings", "actions")
        for i, t in enumerate(acts):
            if not isinstance(t, str):
                raise FormatError(f"must be an action string, got {excerpt(t)}", f"actions[{i}]")
            try:
                s.apply_action(t)
            except (FormatError, IllegalActionError) as e:
                raise FormatError(f"cannot replay {excerpt(t)}: {e}", f"actions[{i}]") from None
        return s

    # ----- conveniences
    def __copy__(self) -> Self:
        return self.clone()

    def _repr_svg_(self) -> str:
        return self.to_svg()
