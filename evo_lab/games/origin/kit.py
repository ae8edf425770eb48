"""*Evolution: The Origin of Species* in the kit: bots, tournament columns, the OpenSpiel / PettingZoo
specification and the demo story (the names every kit module offers: :mod:`evo_lab.games.evo2e.kit`).

Bots: ``greedy`` (:func:`~.bots.greedy_policy`: one ply, chance averaged with its exact probabilities, on
:func:`~.bots.value`), ``lively`` (:func:`~.lively.lively_policy`: plays like a person new to the game; the demo's)
and the generic ``random`` and ``ismcts`` (with :func:`~.bots.search_hooks`: option
``turns``).

>>> from evo_lab.sim import play_game
>>> s = play_game(["greedy", "random"], seed=2, game="origin")
>>> r = results(s)
>>> [x["score"] for x in r] == s.current_scores(), [x["place"] for x in r] == s.ranking()
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from .bots import greedy_policy, search_hooks
from .lively import lively_policy
from .story import DEMO_BOT

if TYPE_CHECKING:
    from .game import OriginGame
    from ...interop.spec import AdapterSpec
    from .model import JSONObject
    from .state import OriginState

__all__ = [
    "BOTS",
    "COLUMNS",
    "DEMO_BOT",
    "GAME",
    "LENGTH",
    "TABLE",
    "adapter_spec",
    "results",
    "search_hooks",
    "tell",
]

GAME = "origin"
BOTS = {"greedy": greedy_policy, "lively": lively_policy}

COLUMNS = ("score", "animals", "traits", "place", "won", "turns")
TABLE = (("score", "score", 7), ("animals", "animals", 7), ("traits", "traits", 6), ("place", "place", 6))
LENGTH = "turns"


def results(state: OriginState) -> list[JSONObject]:
    """Per seat: the final points (2 per surviving animal, 1 + bonus per trait: the reference's scoring), the
    surviving animals and their trait cards (paired traits counted once, on the animal that holds the card), the
    place (points, then the discard pile; the roll-off winner first: ``state.ranking()``) and the turns played."""
    scores = state.current_scores()
    ranks = state.ranking()
    out: list[JSONObject] = []
    for q in range(state.game.players):
        animals = state.animals(q)
        traits = sum(len(a.traits) for a in animals) + sum(
            1 for L in state.links if state.animal_by_id[L.a].owner == q
        )
        out.append(
            {
                "score": scores[q],
                "animals": len(animals),
                "traits": traits,
                "place": ranks[q],
                "turns": state.turn,
            }
        )
    return out


def _build(p: JSONObject) -> OriginGame:
    from .game import OriginGame

    return OriginGame(players=p["players"], seed=p.get("seed"), sets=p["sets"] or None)


def _check(p: JSONObject) -> None:
    if isinstance(p["sets"], bool) or not isinstance(p["sets"], int) or not 0 <= p["sets"] <= 4:
        raise ValueError(f"sets must be 0 (the rulebook's default) or 1 to 4 base sets, got {p['sets']!r}")


def adapter_spec() -> AdapterSpec:
    """``python_origin`` and the ``origin_v0`` AEC environment: parameters ``players`` (2-8), ``seed``, ``sets``
    (0: one base set up to 4 players, two from 5, as the seed says); returns are win shares, so the game is
    constant-sum (1); the codec is :class:`~.codec.ActionCodec` (its ``max_game_length`` is a proven bound)."""
    from ...core.registry import game_info
    from ...interop.spec import AdapterSpec
    from .codec import ActionCodec

    info = game_info(GAME)
    return AdapterSpec(
        game=GAME,
        short_name="python_origin",
        long_name=f"{info.title}, evo-lab engine",
        env_name="origin_v0",
        players=(info.min_players, info.max_players),
        parameters={"players": 2, "seed": 0, "sets": 0},
        build=_build,
        codec=ActionCodec,
        returns=lambda s, p: [float(x) for x in s.returns()],
        utility=lambda game, p: (0.0, 1.0, 1.0),
        max_game_length=lambda game, codec: codec.max_game_length,
        check=_check,
    )


def tell(
    game: OriginGame,
    seed: int | None,
    bots: Sequence[Callable[[OriginState, int], object]] | None,
    echo: Callable[[str], None] | None,
) -> tuple[OriginState, list[str]]:
    """The demo: a seeded game told event by event (:func:`evo_lab.games.origin.story.play_story`)."""
    from .story import play_story

    return play_story(game, seed=seed, bots=bots, echo=echo)
