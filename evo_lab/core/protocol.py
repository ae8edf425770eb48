"""The state protocol every game in evo-lab follows (in the manner of OpenSpiel's Python games).

>>> import numpy as np, evo_lab
>>> s = evo_lab.Game(players=2).new_initial_state()
>>> s.is_chance_node()
True
>>> apply_random_chance(s, np.random.default_rng(0))
>>> s.is_chance_node()
False
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from typing import Any, Protocol, runtime_checkable

from .draw import draw

CHANCE = -1
TERMINAL = -4


@runtime_checkable
class GameState(Protocol):
    """What the history tree, the samplers, the bots and the adapters need from a state (the short form of
    :class:`State`, kept for the code that only plays)."""

    def current_player(self) -> int: ...
    def legal_actions(self) -> list[Hashable]: ...
    def apply_action(self, action: Any) -> None: ...
    def is_chance_node(self) -> bool: ...
    def chance_outcomes(self) -> list[tuple[Hashable, Fraction]]: ...
    def is_terminal(self) -> bool: ...
    def returns(self) -> list[float]: ...
    def clone(self) -> GameState: ...
    def action_to_string(self, action: Any) -> str: ...
    def parse_action(self, text: str) -> Hashable: ...


@runtime_checkable
class Event(Protocol):
    """One thing the rules did (a ``NamedTuple`` of the game's ``events.py``): it says itself in words
    (``text(game)``) and as the lines of a game's story (``story(before, after)``: the states before and after
    the action that caused it)."""

    def text(self, game: Any = None) -> str: ...
    def story(self, before: Any, after: Any) -> list[str]: ...


@runtime_checkable
class State(Protocol):
    """The contract every game's state keeps (:class:`evo_lab.core.game.StateBase` gives most of it; the game
    writes its flow, notation, observer and position body). ``tests/core/test_template.py`` checks each
    registered game's state against it."""

    game: Any

    # ----- the OpenSpiel-style protocol
    def current_player(self) -> int: ...
    def is_chance_node(self) -> bool: ...
    def is_terminal(self) -> bool: ...
    def legal_actions(self, player: int | None = None) -> list[Any]: ...
    def chance_outcomes(self) -> list[tuple[Any, Fraction]]: ...
    def chance_weights(self) -> tuple[list[Any], list[int]]: ...
    def apply_action(self, action: Any) -> None: ...
    def apply_unchecked(self, action: Any) -> None: ...
    def returns(self) -> Sequence[float]: ...
    def winners(self) -> list[int]: ...
    def clone(self) -> Any: ...
    # ----- where the game is and what happened
    def node_name(self) -> str: ...
    def phase_name(self) -> str: ...
    def events(self, last: bool = False) -> list[Any]: ...
    def history(self) -> list[Any]: ...
    def explain_illegal(self, action: Any) -> tuple[str, str]: ...
    # ----- words
    def action_to_string(self, action: Any) -> str: ...
    def parse_action(self, text: str) -> Any: ...
    def describe_action(self, action: Any) -> str: ...
    # ----- what each player may see (the game's observer)
    def observation(self, player: int | None = None) -> dict[str, Any]: ...
    def observation_string(self, player: int | None = None) -> str: ...
    def information_state_string(self, player: int) -> str: ...
    def determinize(self, player: int, rng: Any) -> Any: ...
    # ----- positions and records
    def to_dict(self) -> dict[str, Any]: ...
    def to_json(self, indent: int | None = None) -> str: ...
    def to_record(self) -> dict[str, Any]: ...
    def check_invariants(self) -> None: ...
    def to_svg(self, *args: Any, **kwargs: Any) -> str: ...


@runtime_checkable
class Game(Protocol):
    """The contract every game keeps: its registry id (``name``), a title, the players, a seeded generator,
    its observer and options, the root of its tree, and its configuration as JSON-able data."""

    name: str
    title: str
    version: int
    players: int
    seed: int | None
    rng: Any
    observer: Any
    options: Any

    def new_initial_state(self) -> Any: ...
    def new_initial_state_dealt(self, rng: Any = None) -> Any: ...
    def num_players(self) -> int: ...
    def to_dict(self) -> dict[str, Any]: ...


@runtime_checkable
class ViewPlugin(Protocol):
    """What the Explorer asks of a game's view plugin (:class:`evo_lab.views.games.base.GameView` gives
    defaults for all of it)."""

    name: str
    round_word: str

    def title(self, game: Any) -> str: ...
    def action_words(self, state: Any, action: Any, viewer: int | None = None) -> str: ...
    def board_svg(self, state: Any, viewer: int | None = None) -> str: ...
    def status_html(self, state: Any, tree: Any) -> str: ...
    def scores(self, state: Any) -> list[Any]: ...
    def bots(self, game: Any) -> dict[str, Any]: ...
    def make_board(self, session: Any) -> Any: ...
    def extra_panels(self, session: Any, board: Any) -> list[tuple[str, str, Any]]: ...
    def scenarios(self) -> list[tuple[str, str]]: ...


@runtime_checkable
class KitModule(Protocol):
    """What a game's kit module (``games/<id>/kit.py``) offers the bots, tournaments, adapters and the demo:
    the game id it plays (``GAME``), its own bots (``BOTS``), the tournament columns (``COLUMNS``, ``TABLE``,
    ``LENGTH``), ``results(state)`` per seat, the search hooks of the ISMCTS bot and the demo story."""

    GAME: str
    BOTS: dict[str, Any]
    COLUMNS: tuple[str, ...]
    TABLE: tuple[tuple[str, str, int], ...]
    LENGTH: str

    def results(self, state: Any) -> list[dict[str, Any]]: ...
    def search_hooks(self, **options: Any) -> Any: ...
    def tell(self, game: Any, seed: int | None, bots: list[Any] | None, echo: Any) -> tuple[Any, list[str]]: ...


def sample_chance(state: Any, rng: Any) -> Hashable:
    """Draw one outcome of a chance node with ``rng`` (a ``numpy.random.Generator``), exact weights.

    Games may offer a fast path ``chance_weights()`` returning ``(outcomes, integer_weights)``; the draw itself
    is :func:`evo_lab.core.draw.draw`, the one weighted draw of evo-lab.
    """
    fast = getattr(state, "chance_weights", None)
    if fast is not None:
        outcomes, weights = fast()
        drawn: Hashable = outcomes[draw(weights, rng)]
        return drawn
    outs: list[tuple[Hashable, Fraction]] = state.chance_outcomes()
    r = Fraction(rng.random())
    acc = Fraction(0)
    for o, p in outs:
        acc += p
        if r < acc:
            return o
    return outs[-1][0]


def apply_random_chance(state: Any, rng: Any) -> None:
    """Resolve chance nodes with ``rng`` until a decision node or the end of the game."""
    while not state.is_terminal() and state.is_chance_node():
        state.apply_action(sample_chance(state, rng))


def play_out(state: Any, policy: Callable[[Any], Hashable], rng: Any, *, max_actions: int | None = None,
             stop: Callable[[Any], bool] | None = None) -> int:
    """Play ``state`` forward in place: chance by ``rng``, decisions by ``policy(state)``.

    Stops at the end of the game, when ``stop(state)`` is true, or after ``max_actions`` actions.
    Returns the number of actions applied.
    """
    n = 0
    while not state.is_terminal():
        if stop is not None and stop(state):
            break
        if max_actions is not None and n >= max_actions:
            break
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(policy(state))
        n += 1
    return n


def uniform_random_policy(rng: Any) -> Callable[[Any], Hashable]:
    """A policy that picks uniformly among the legal actions."""

    def policy(state: Any) -> Hashable:
        acts: Sequence[Hashable] = state.legal_actions()
        return acts[int(rng.random() * len(acts))]

    return policy
