"""North Star's Evolution (and its Climate and course-2016 variants) in the kit: bots, tournament columns, the
OpenSpiel / PettingZoo specification and the demo story (the names every kit module offers:
:mod:`evo_lab.games.evo2e.kit`).

Bots: ``greedy`` (:func:`~.bots.greedy_policy`: one-step look-ahead on :func:`~.bots.evaluate_player`;
option ``card_value``), ``lively`` (:func:`~.lively.lively_policy`: plays like people new to the game, carnivores
that hunt; the demo's), ``course`` (:func:`~.bots.course_policy`: the course-2016 silly card choice and fixed
feeding strategy, legal in every variant), and the generic ``random`` and ``ismcts`` (with
:func:`~.bots.search_hooks`: options ``rounds``, ``rollout``).

>>> import evo_lab
>>> from evo_lab.sim import play_game
>>> s = play_game(["greedy", "random", "course"], seed=2, game="evolution")
>>> r = results(s)
>>> [x["score"] for x in r] == s.scores(), sorted(x["place"] for x in r)[0]
(True, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from .bots import course_policy, greedy_policy, search_hooks
from .lively import lively_policy

if TYPE_CHECKING:
    from ...interop.spec import AdapterSpec
    from .game import Game
    from .state import State
    from .story import Bot

__all__ = [
    "GAME",
    "BOTS",
    "DEMO_BOT",
    "search_hooks",
    "COLUMNS",
    "TABLE",
    "LENGTH",
    "results",
    "adapter_spec",
    "tell",
]

GAME = "evolution"
BOTS = {"greedy": greedy_policy, "course": course_policy, "lively": lively_policy}
#: The demo's bots (``evo-lab demo --game evolution``): carnivores that hunt, species that grow and go extinct.
DEMO_BOT = "lively"

COLUMNS = ("score", "species", "population", "place", "won", "rounds")
TABLE = (("score", "score", 7), ("species", "species", 7), ("population", "pop", 6), ("place", "place", 6))
LENGTH = "rounds"


def results(state: State) -> list[dict[str, int]]:
    """Per seat: the score (seed 003 lines 174-182: food in the bag, population and trait cards of surviving
    species; the course's rule in course2016), surviving species, their population, the place by the
    tie-break order (score, trait points, population points: seed 003 line 182; equal keys share a place)
    and the rounds played."""
    keys = state.tiebreaks()
    scores = state.scores()
    return [
        {
            "score": scores[q],
            "species": len(pl.species),
            "population": sum(x.pop for x in pl.species),
            "place": 1 + sum(1 for k in keys if k > keys[q]),
            "rounds": state.round,
        }
        for q, pl in enumerate(state.players)
    ]


def _build(p: dict[str, Any]) -> Game:
    from .game import Game

    return Game(players=p["players"], seed=p.get("seed"), variant=p["variant"])


def _check(p: dict[str, Any]) -> None:
    from .rules import variant_options

    variant_options(p["variant"])  # GameConfigError (a ValueError) for an unknown variant


def adapter_spec() -> AdapterSpec:
    """``python_evolution`` and the ``evolution_v0`` AEC environment: parameters ``players`` (2-6; 3-8 for
    ``variant="course2016"``), ``seed``, ``variant``; returns are win shares (``1/k`` to each of ``k``
    winners), so the game is constant-sum (1); the codec is :class:`~.codec.ActionCodec`."""
    from ...core.registry import game_info
    from ...interop.spec import AdapterSpec
    from .codec import ActionCodec

    info = game_info(GAME)
    ranges = [info.players] + [v.players for v in info.variants]  # the variants' ranges, as registered
    return AdapterSpec(
        game=GAME,
        short_name="python_evolution",
        long_name=f"{info.title}, evo-lab engine",
        env_name="evolution_v0",
        players=(min(r.start for r in ranges), max(r.stop - 1 for r in ranges)),
        parameters={"players": 2, "seed": 0, "variant": "official"},
        build=_build,
        codec=ActionCodec,
        returns=lambda s, p: [float(x) for x in s.returns()],
        utility=lambda game, p: (0.0, 1.0, 1.0),
        max_game_length=lambda game, codec: codec.max_game_length(),
        check=_check,
    )


def tell(
    game: Game, seed: int | None, bots: Sequence[Bot] | None, echo: Callable[[str], None] | None
) -> tuple[State, list[str]]:
    """The demo: a seeded game told action by action (:func:`evo_lab.games.evolution.story.play_story`)."""
    from .story import play_story

    return play_story(game, seed=seed, bots=bots, echo=echo)
