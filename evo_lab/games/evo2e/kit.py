"""Evo 2e in the kit: its bots, its tournament columns, its OpenSpiel / PettingZoo specification, its demo story.

Every game's kit module (named by ``its ``GameInfo(kit=...)````, read by
:func:`evo_lab.core.registry.kit_module`) offers the same names:

=====================  ==================================================================================
``GAME``               the ``name`` of the game's states' game
``BOTS``               the game's own bots ``{name: Bot subclass or policy factory(rng, **options)}``
``search_hooks``       ``search_hooks(**options) -> SearchHooks`` for the generic ``ismcts`` bot
``COLUMNS``            the per-seat tournament columns after ``game, seed, player, entrant, bot``
                       (``won`` is filled by the tournament; the first column is the score)
``TABLE``, ``LENGTH``  the summary table's columns ``(column, header, width)`` and the game-length column
``results(state)``     one dict per seat of a finished game with every column but ``won``
``adapter_spec()``     the :class:`~evo_lab.interop.spec.AdapterSpec` of the OpenSpiel / PettingZoo adapters
``tell(game, seed,     the demo: play a seeded game between ``bots`` and tell it (``echo`` each line);
bots, echo)``          returns ``(final state, lines)``
=====================  ==================================================================================

>>> import evo_lab
>>> from evo_lab.sim import play_game
>>> s = play_game(["greedy", "random"], seed=3)
>>> row = results(s)[0]
>>> sorted(row) == sorted(c for c in COLUMNS if c != "won"), row["mp"] == s.mp[0]
(True, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from collections.abc import Callable

from .bots import GreedyBot, ISMCTSBot, LivelyBot, search_hooks

if TYPE_CHECKING:
    from ...interop.spec import AdapterSpec
    from .actions import Action
    from .game import Game
    from .state import State

__all__ = ["GAME", "BOTS", "search_hooks", "COLUMNS", "TABLE", "LENGTH", "results", "adapter_spec", "tell"]

GAME = "evo2e"
#: pyspiel game parameters (``players``, ``seed``, ``returns``; their values as pyspiel passes them).
Params = dict[str, Any]
BOTS = {"greedy": GreedyBot, "ismcts": ISMCTSBot, "lively": LivelyBot}

COLUMNS = ("mp", "dinosaurs", "place", "won", "rounds")
TABLE = (("mp", "mean MP", 8), ("dinosaurs", "dinos", 6), ("place", "place", 6))
LENGTH = "rounds"


def results(state: State) -> list[dict[str, int]]:
    """Per seat: final MP, dinosaurs on the board, place (MP, then dinosaurs), rounds played."""
    ranks = state.ranking()
    return [
        {"mp": state.mp[q], "dinosaurs": state.count[q], "place": ranks[q], "rounds": state.round - 1}
        for q in range(state.game.players)
    ]


def max_game_length(g: Game) -> int:
    """A safe upper bound on the number of actions (decisions and chance outcomes) in a game."""
    P, s = g.players, g.data.setup
    every_unique = (1 << g.n_unique) - 1  # movement points with every gene of the game (the genes' effects)
    max_moves = g.ustats[every_unique].movement + sum(g.bag0[i] * m for i, m in g.slot_effects[0])
    eggs = s["starting_eggs"] + g.bag0[2]
    per_round = (
        2
        + P
        + P
        + 1
        + P * (s["bid_max"] + 1)
        + P
        + 1
        + P * (3 * max_moves + 3)
        + P
        + P * eggs * (3 + P)
        + P
        + P * g.max_dinos
    )
    rounds = g.pile_length + 1
    return g.excluded_count + P + rounds * per_round


def _check(p: Params) -> None:
    if p["returns"] not in ("mp", "rank"):
        raise ValueError(f"returns must be 'mp' or 'rank', got {p['returns']!r}")


def _build(p: Params) -> Game:
    from .game import Game  # noqa: F811 - at run time (the annotation's is for the checker)

    return Game(players=int(p["players"]), seed=p.get("seed"), board=p.get("board"))


def _returns(state: State, p: Params) -> list[float]:
    n = state.game.players
    if p["returns"] == "rank":
        return [(n - r) / (n - 1) for r in state.ranking()]
    return [float(x) for x in state.returns()]


def _utility(game: Game, p: Params) -> tuple[float, float, float | None]:
    s = game.data.setup
    top = s["starting_mp"] + s["mp_per_dinosaur"] * game.max_dinos * (game.pile_length + 1)
    return 0.0, float(top) if p["returns"] == "mp" else 1.0, None


def adapter_spec() -> AdapterSpec:
    """``python_evo`` and the ``evo_v0`` AEC environment: returns ``"mp"`` (final MP) or ``"rank"``
    (``(n - place) / (n - 1)``), general sum; the codec and the tensor of :mod:`evo_lab.games.evo2e.codec`."""
    from ...core.registry import game_info
    from .codec import ActionCodec
    from ...interop.spec import AdapterSpec  # noqa: F811

    info = game_info(GAME)
    return AdapterSpec(
        game=GAME,
        short_name="python_evo",
        long_name=f"{info.title}, evo-lab engine",
        env_name="evo_v0",
        players=(info.min_players, info.max_players),
        parameters={"players": 2, "seed": 0, "returns": "mp"},
        build=_build,
        codec=ActionCodec,
        returns=_returns,
        utility=_utility,
        max_game_length=lambda game, codec: max_game_length(game),
        check=_check,
        tensor_high=lambda game: game.observer.layout().high(),
    )


def tell(
    game: Game,
    seed: int | None,
    bots: list[Callable[[State, int], Action]] | None,
    echo: Callable[[str], None] | None,
) -> tuple[State, list[str]]:
    """The demo story of :func:`evo_lab.games.evo2e.story.play_story` (climate, auction, fights with odds, births,
    deaths)."""
    from .story import play_story

    return play_story(game, seed=seed, bots=bots, echo=echo)
