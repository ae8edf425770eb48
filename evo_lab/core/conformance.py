"""The conformance suite every registered game passes (``tests/core/test_conformance.py`` runs it for each game).

Each check takes a game (or a factory of games) and plays seeded random games, checking at every node:

* :func:`check_random_play` - no exception; ``state.check_invariants()`` (the game's own invariants) holds; the
  player to act, the legal actions and the terminal flag agree;
* :func:`check_json_round_trip` - ``from_json(to_json())`` gives the same position and the same legal actions;
* :func:`check_clone_independence` - a clone changed does not change the original;
* :func:`check_chance_exact` - chance outcomes are ``Fraction``s, positive, distinct, summing to exactly 1;
* :func:`check_typed_errors` - illegal input raises a typed evo-lab error and leaves the state untouched;
* :func:`check_observer_hides_hands` - what a player observes does not change when everything they may not see
  is redrawn (``determinize``), and the omniscient view equals the real state's.

>>> import evo_lab
>>> report = run_all(lambda seed: evo_lab.make_game("evo2e", players=2, seed=seed), games=1, max_actions=150)
>>> sorted(report)
['chance', 'clone', 'errors', 'json', 'observer', 'random_play']
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from fractions import Fraction
from typing import TYPE_CHECKING, cast

import numpy as np

if TYPE_CHECKING:
    import numpy.typing as npt

from .errors import EvoLabError, FormatError, IllegalActionError
from .protocol import Game, State, sample_chance

__all__ = [
    "walk",
    "check_random_play",
    "check_json_round_trip",
    "check_clone_independence",
    "check_chance_exact",
    "check_typed_errors",
    "check_observer_hides_hands",
    "run_all",
    "ConformanceError",
]


class ConformanceError(AssertionError):
    """A game broke the shared contract; the message names the check, the seed and the node."""


#: What the checks play: a factory of seeded games (``make(seed)``).
MakeGame = Callable[[int], Game]


def _fail(check: str, seed: int, i: int, state: State, problem: str) -> ConformanceError:
    node = getattr(state, "node_name", lambda: "?")()
    return ConformanceError(f"[{check}] seed {seed}, action {i} (node {node}): {problem}")


def walk(
    make: MakeGame, seed: int, max_actions: int | None = None
) -> Iterator[tuple[int, State, Hashable | None]]:
    """Play one seeded random game of ``make(seed)``; yields ``(i, state, action about to be applied)``; the
    state is the live one (clone it to keep it)."""
    game = make(seed)
    rng = np.random.default_rng(seed)
    s = game.new_initial_state()
    i = 0
    while not s.is_terminal() and (max_actions is None or i < max_actions):
        if s.is_chance_node():
            a = sample_chance(s, rng)
        else:
            acts = s.legal_actions()
            a = acts[int(rng.random() * len(acts))]
        yield i, s, a
        s.apply_action(a)
        i += 1
    yield i, s, None


def _invariants(s: State) -> None:
    f = getattr(s, "check_invariants", None)
    if f is not None:
        f()


def check_random_play(make: MakeGame, seeds: range, max_actions: int | None = None) -> int:
    """Random play with invariants at every node; returns the number of actions played."""
    total = 0
    for seed in seeds:
        for i, s, a in walk(make, seed, max_actions):
            try:
                _invariants(s)
            except AssertionError as e:
                raise _fail("random_play", seed, i, s, f"invariant broken: {e}") from None
            cp = s.current_player()
            if s.is_terminal():
                if cp >= 0 or s.legal_actions():
                    raise _fail("random_play", seed, i, s, "a terminal state has a player to act or actions")
                if len(s.returns()) != s.game.players:
                    raise _fail("random_play", seed, i, s, "returns() must give one value per player")
            elif s.is_chance_node():
                if cp >= 0:
                    raise _fail("random_play", seed, i, s, "a chance node names a player to act")
            else:
                if not 0 <= cp < s.game.players:
                    raise _fail("random_play", seed, i, s, f"current_player {cp} out of range")
                if not s.legal_actions():
                    raise _fail("random_play", seed, i, s, "a decision node without legal actions")
                if s.legal_actions(cp + 1 if cp + 1 < s.game.players else cp - 1) and s.game.players > 1:
                    raise _fail("random_play", seed, i, s, "legal_actions(other player) must be []")
            total += 1
    return total


def _same_position(a: State, b: State) -> bool:
    return a.to_dict() == b.to_dict()


def check_json_round_trip(
    make: MakeGame, seeds: range, every: int = 1, max_actions: int | None = None
) -> int:
    """Every ``every``-th state survives ``to_json`` / ``from_json`` unchanged, legal actions included."""
    n = 0
    for seed in seeds:
        for i, s, _ in walk(make, seed, max_actions):
            if i % every:
                continue
            back = type(s).from_json(s.to_json(), s.game)
            if back.to_dict() != s.to_dict():
                raise _fail("json", seed, i, s, "the position changed in a JSON round trip")
            if back.legal_actions() != s.legal_actions():
                raise _fail("json", seed, i, s, "legal actions changed in a JSON round trip")
            if back.current_player() != s.current_player():
                raise _fail("json", seed, i, s, "the player to act changed in a JSON round trip")
            n += 1
    return n


def check_clone_independence(make: MakeGame, seeds: range, max_actions: int | None = None) -> int:
    """Applying an action to a clone leaves the original as it was."""
    n = 0
    for seed in seeds:
        for i, s, a in walk(make, seed, max_actions):
            if a is None:
                continue
            before = s.to_dict()
            legal = s.legal_actions()
            c = s.clone()
            c.apply_action(a)
            if s.to_dict() != before or s.legal_actions() != legal:
                raise _fail("clone", seed, i, s, "changing a clone changed the original")
            n += 1
    return n


def check_chance_exact(make: MakeGame, seeds: range, max_actions: int | None = None) -> int:
    """Chance outcomes: distinct, positive ``Fraction``s summing to exactly 1, equal to ``legal_actions``."""
    n = 0
    for seed in seeds:
        for i, s, _ in walk(make, seed, max_actions):
            if not s.is_chance_node() or s.is_terminal():
                continue
            outs = s.chance_outcomes()
            probs = [p for _, p in outs]
            if not all(isinstance(p, Fraction) and p > 0 for p in probs):
                raise _fail("chance", seed, i, s, "probabilities must be positive Fractions")
            if sum(probs) != 1:
                raise _fail("chance", seed, i, s, f"probabilities sum to {sum(probs)}, not 1")
            acts = [o for o, _ in outs]
            if len(set(acts)) != len(acts) or sorted(map(repr, acts)) != sorted(map(repr, s.legal_actions())):
                raise _fail("chance", seed, i, s, "outcomes must be distinct and equal to legal_actions()")
            n += 1
    return n


_JUNK = ("", "   ", "fly to the moon", "\x00", "bid bid bid")


def check_typed_errors(make: MakeGame, seeds: range, max_actions: int | None = None, every: int = 7) -> int:
    """At every ``every``-th node: junk strings, a chance outcome at a decision node (or a decision at a chance
    node), an action of another node, ``None`` and a tuple of junk all raise a typed evo-lab error, and the
    state is untouched."""
    n = 0
    for seed in seeds:
        foreign: list[Hashable] = []
        for i, s, a in walk(make, seed, max_actions):
            if a is not None and len(foreign) < 50:
                foreign.append(a)
            if i % every:
                continue
            before = s.to_dict()
            legal = s.legal_actions()
            bad: list[object] = [*_JUNK, None, ("nope", "x"), 12345]
            bad += [x for x in foreign[-20:] if x not in legal][:5]
            for b in bad:
                try:
                    s.apply_action(b)
                except (IllegalActionError, FormatError) as e:
                    if not str(e):
                        raise _fail("errors", seed, i, s, f"{b!r}: an error without a message") from None
                except EvoLabError:
                    pass
                except Exception as e:  # noqa: BLE001
                    raise _fail("errors", seed, i, s, f"{b!r} raised {type(e).__name__}: {e}") from None
                else:
                    raise _fail("errors", seed, i, s, f"{b!r} was accepted")
                if s.to_dict() != before or s.legal_actions() != legal:
                    raise _fail("errors", seed, i, s, f"{b!r} changed the state")
                n += 1
    return n


def check_observer_hides_hands(
    make: MakeGame, seeds: range, max_actions: int | None = None, every: int = 5
) -> int:
    """Each player's view is unchanged by ``determinize`` for that player (what they may not see is redrawn,
    what they see is kept): the observation, its string and its tensor at every checked node, and the
    information-state string (the history as the player saw it) at every ``3 * every``-th action; the teacher's
    view of a state equals the state (JSON-able dict)."""
    n = 0
    for seed in seeds:
        rng = np.random.default_rng(10_000 + seed)
        for i, s, _ in walk(make, seed, max_actions):
            if i % every or s.is_terminal():
                continue
            s.observation(None)
            for p in range(s.game.players):
                view = _view(s, p, i % (3 * every) == 0)
                for _ in range(2):
                    d = s.determinize(p, rng)
                    for what, a, b in zip(
                        (
                            "observation",
                            "observation string",
                            "observation tensor",
                            "information-state string",
                        ),
                        view,
                        _view(d, p, len(view) > 3),
                    ):
                        if not _same(a, b):
                            raise _fail(
                                "observer",
                                seed,
                                i,
                                s,
                                f"P{p + 1}'s {what} changes when what P{p + 1} "
                                "may not see is redrawn: it leaks hidden information",
                            )
                    if d.current_player() != s.current_player():
                        raise _fail("observer", seed, i, s, "determinize changed who is to act")
                n += 1
    return n


def _view(s: State, p: int, history: bool) -> tuple[object, ...]:
    """What ``p`` sees of ``s``: observation, its string, its tensor (and the information-state string)."""
    v = (s.observation(p), s.observation_string(p), np.asarray(s.observation_tensor(p)))
    return v + (s.information_state_string(p),) if history else v


def _same(a: object, b: object) -> bool:
    if isinstance(a, np.ndarray):
        other = cast("npt.ArrayLike", b)  # the same view of another state: an array too
        return a.shape == np.shape(other) and bool(np.array_equal(a, other))
    return a == b


def run_all(make: MakeGame, games: int = 3, max_actions: int | None = None, seed0: int = 0) -> dict[str, int]:
    """Every check over ``games`` seeded games; returns ``{check: number of checked items}``."""
    seeds = range(seed0, seed0 + games)
    return {
        "random_play": check_random_play(make, seeds, max_actions),
        "json": check_json_round_trip(make, seeds, every=3, max_actions=max_actions),
        "clone": check_clone_independence(make, seeds, max_actions),
        "chance": check_chance_exact(make, seeds, max_actions),
        "errors": check_typed_errors(make, seeds, max_actions),
        "observer": check_observer_hides_hands(make, seeds, max_actions),
    }
