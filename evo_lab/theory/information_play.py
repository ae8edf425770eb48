"""The value of Sixth Sense's information in play and on the market, and surveys of real decisions.

* :func:`information_in_play`: paired seeded continuations of a real position, the Sixth Sense holder's bot
  seeing its peeks or :class:`Blindfold`-ed (only the holder's decisions can differ), with a 95% interval.
* :func:`sale_prices`: what bots pay for a gene in the first auction that offers it, over seeded games.
* :func:`evpi_survey`: the exact frozen-board EVPI (:func:`evo_lab.theory.information.frozen_board_decision`)
  of every birth (or move) decision of seeded uniformly random games.

>>> rows = evpi_survey(seeds=[0], nodes=("birth",))
>>> len(rows) > 0 and all(r.evpi >= 0 for r in rows)
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, cast

import numpy as np

from ..core.protocol import sample_chance
from ..games.evo2e import Action, State
from ..parallel import child_seeds, seed_int
from ..stats import mean_interval
from .information import InformationError, frozen_board_decision, sixth_sense_holder
from .playback import random_steps

__all__ = [
    "Blindfold",
    "InPlayValue",
    "information_in_play",
    "Sale",
    "auction_position",
    "sale_prices",
    "SurveyRow",
    "evpi_survey",
    "lesson_position",
]


class Blindfold:
    """A bot that decides as ``bot`` would if it had not seen the next climate token: it is shown the same
    position rebuilt without the peek (``state.position()`` with ``next_token=None``, through the position
    builder; everything else, its own Sixth Sense gene, the pile and the bag included, unchanged)."""

    def __init__(self, bot: Any):
        self.bot = bot
        self.name = f"blindfolded {getattr(bot, 'name', 'bot')}"

    def __call__(self, state: State, player: int | None = None) -> Any:
        if state.next_token is None:  # nothing peeked: nothing to hide
            return self.bot(state, state.current_player() if player is None else player)
        # the one fact a peek adds (ruling R15); legal actions do not depend on it
        hidden = dataclasses.replace(state.position(), next_token=None).build()
        return self.bot(hidden, state.current_player() if player is None else player)


@dataclass(frozen=True)
class InPlayValue:
    """Paired seeded continuations from one position: ``seeing[i]`` and ``blind[i]`` are the holder's final MP
    when its bot sees its peeks and when it is blindfolded (same chance and bot seeds); ``mean``/``low``/``high``
    the 95% interval of the paired difference (``evo_lab.stats.mean_interval``); ``changed`` how many samples
    differ at all."""

    holder: int
    seeing: tuple[int, ...]
    blind: tuple[int, ...]
    mean: float
    low: float
    high: float
    changed: int
    n: int
    seed: int
    bot: str


def _continue(state: State, bots: list[Callable[[State, int], Action]], seed: int) -> State:
    """``state`` (a copy) played to the end by ``bots`` (each action checked), chance drawn with
    ``default_rng([seed, 0])``."""
    from ..bots import as_policy

    policy = as_policy(bots)
    s = state.clone()
    rng = np.random.default_rng([seed, 0])
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(cast(Action, sample_chance(s, rng)))  # Evo 2e's chance outcomes are its Actions
        else:
            s.apply_action(policy(s))
    return s


def information_in_play(
    state: State, *, holder: int | None = None, n: int = 20, seed: int = 0, bot: str = "greedy"
) -> InPlayValue:
    """The value of Sixth Sense's peeks to ``holder`` (default: the gene's owner) when everyone plays ``bot``
    to the end: ``n`` paired samples, each played twice from ``state`` with the same seeds, once with the
    holder's bot seeing its peeks and once :class:`Blindfold`-ed. Only the holder's decisions can differ."""
    from ..bots import make_bot

    if not isinstance(state, State):
        raise InformationError(f"expected an evo_lab State, got {type(state).__name__}")
    if state.is_terminal():
        raise InformationError("the game is over")
    holder = sixth_sense_holder(state) if holder is None else holder
    if holder is None or not state.has(holder, "sixth_sense"):
        raise InformationError("nobody holds Sixth Sense at this position: there is no peek to hide")
    if isinstance(n, bool) or not isinstance(n, int) or n < 2:
        raise InformationError(f"n must be an integer >= 2, got {n!r}")
    seeing, blind = [], []
    for ss in child_seeds(seed, n):
        sd = seed_int(ss) % (2**31)
        runs = []
        for hide in (False, True):
            bots = [make_bot(bot, seed=sd + 7919 * q) for q in range(state.players)]
            if hide:
                bots[holder] = Blindfold(bots[holder])
            runs.append(_continue(state, bots, sd).returns()[holder])
        seeing.append(int(runs[0]))
        blind.append(int(runs[1]))
    diffs = [a - b for a, b in zip(seeing, blind)]
    m, lo, hi = mean_interval([float(x) for x in diffs])
    return InPlayValue(
        holder, tuple(seeing), tuple(blind), m, lo, hi, sum(1 for x in diffs if x), n, seed, bot
    )


# ---------------------------------------------------------------------------------------------- the market
@dataclass(frozen=True)
class Sale:
    """One auction of ``gene``: the game ``seed``, the ``round``, the ``winner``, the winning ``bid`` and the
    ``price`` paid (bid minus vials)."""

    seed: int
    round: int
    winner: int
    bid: int
    price: int


def auction_position(gene: str, seed: int, players: int = 3) -> State | None:
    """The first auction (start of the bidding) of the uniformly random game ``seed`` with ``gene`` on a lot,
    or None if the game ends first. Reached through ``apply_action`` only (:func:`~.playback.random_steps`)."""
    from .auction import lot_names

    for s, _a in random_steps(seed, players):
        if (
            s.node_name() == "bid"
            and all(x["holder"] is None for x in s.auction()["lots"])
            and gene in lot_names(s)
        ):
            return s.clone()
    return None


def sale_prices(
    gene: str = "sixth_sense", seeds: Sequence[int] = range(40), *, players: int = 3, bot: str = "greedy"
) -> list[Sale]:
    """What ``bot`` bidders pay for ``gene``: for each game seed, the first auction offering it
    (:func:`auction_position`) is bid out by one ``bot`` per seat (:func:`evo_lab.theory.bot_auction`)."""
    from .auction import lot_names
    from .outbid import bot_auction

    out = []
    for sd in seeds:
        s = auction_position(gene, int(sd), players)
        if s is None:
            continue
        lot = lot_names(s).index(gene)
        zeros = np.zeros((s.players, len(s.lots)))
        res = bot_auction(s, zeros, bots=bot, games=1, seed=int(sd))
        winner, bid, price = res["outcomes"][0]["allocation"][lot]
        out.append(Sale(int(sd), s.round, int(winner), int(bid), int(price)))
    return out


# ---------------------------------------------------------------------------------------------- surveys
@dataclass(frozen=True)
class SurveyRow:
    """One decision of a survey: game ``seed``, ``round``, ``node``, deciding ``player``, whether that player
    holds Sixth Sense, and the decision's exact ``evpi``, ``v0`` and ``v1`` (MP)."""

    seed: int
    round: int
    node: str
    player: int
    holder: bool
    evpi: Fraction
    v0: Fraction
    v1: Fraction


def _random_game_decisions(seed: int, players: int, nodes: tuple[str, ...]):
    """Yield every decision at ``nodes`` of the uniformly random game ``seed`` (positions by ``apply_action``)."""
    for s, _a in random_steps(seed, players):
        if not s.is_chance_node() and not s.is_terminal() and s.node_name() in nodes:
            yield s


def evpi_survey(
    seeds: Sequence[int] = range(10), *, players: int = 3, nodes: tuple[str, ...] = ("birth",)
) -> list[SurveyRow]:
    """The exact frozen-board EVPI of every decision at ``nodes`` ("birth" and/or "move") in the uniformly
    random games ``seeds``."""
    rows = []
    for sd in seeds:
        for s in _random_game_decisions(int(sd), players, nodes):
            pr = frozen_board_decision(s).problem
            p = s.current_player()
            rows.append(
                SurveyRow(
                    int(sd),
                    s.round,
                    s.node_name(),
                    p,
                    s.has(p, "sixth_sense"),
                    pr.evpi(),
                    pr.value_without(),
                    pr.value_with(),
                )
            )
    return rows


def lesson_position(seed: int = 536, players: int = 3) -> State:
    """Lesson 09's position: the first birth decision with a positive frozen-board EVPI in the uniformly random
    game ``seed`` (seed 536: round 8, the Sixth Sense holder P2 lays an egg). Raises if there is none.

    The seed was found by this function's own search over seeds 0-999 on the engine with ruling R18 (card windows
    ask every holder): the first game whose first positive-EVPI birth decision is the Sixth Sense holder's (seed
    12, the lesson's game before R18, no longer has a positive-EVPI birth decision)."""
    for s in _random_game_decisions(seed, players, ("birth",)):
        if frozen_board_decision(s).problem.evpi() > 0:
            return s.clone()
    raise InformationError(f"the random game {seed} has no birth decision with a positive EVPI")
