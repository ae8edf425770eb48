"""Survival risk: each dinosaur's and each player's chance of dying in the coming survival phase, and the
expected MP of the next scoring.

Assumptions (documented in ``docs/odds.md``):

* The board stays as it is until the survival phase (no more moves, births, attacks or event cards; a
  Geysers card already played this round counts).
* The climate of that survival phase is known once this round's token is revealed; before that it follows
  the next token's exact distribution for the viewer (:func:`~evo_lab.games.evo2e.odds.climate.climate_forecast`), and
  the meteorite may end the game first (no survival, no scoring).
* Which dinosaurs die is the owner's choice; the numbers per *player* do not depend on it. Per *dinosaur*
  we assume the owner removes, one at a time, a uniformly chosen dinosaur among those that may die (what the
  engine's uniform random policy does), so dinosaurs sharing a terrain state share the same risk.

>>> from evo_lab.games.evo2e.odds import demo_position
>>> s = demo_position()
>>> r = survival_risk(s)
>>> sum(r.deaths[0].values())
Fraction(1, 1)
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from .. import State, rules
from .climate import climate_forecast, climate_view
from .combat import OddsError


@dataclass(frozen=True)
class SurvivalRisk:
    """``sections``: the coming survival phase's wheel section distribution (given it happens);
    ``happens``: the chance it happens (the meteorite may end the game first); ``dinosaur[space]``: the
    chance that the dinosaur on ``space`` dies; ``deaths[p]``: distribution of player ``p``'s deaths;
    ``at_risk[p]``: chance that ``p`` loses at least one; ``expected_score[p]``: expected MP won at the next
    scoring; ``expected_mp[p]``: MP after it."""

    round: int
    sections: dict[int, Fraction]
    happens: Fraction
    dinosaur: dict[int, Fraction]
    deaths: dict[int, dict[int, Fraction]]
    at_risk: dict[int, Fraction]
    expected_deaths: dict[int, Fraction]
    expected_score: dict[int, Fraction]
    expected_mp: dict[int, Fraction]

    def to_dict(self) -> dict[str, object]:
        def fr(d: Mapping[int, Fraction | Mapping[int, Fraction]]) -> dict[str, object]:
            return {str(k): str(v) if isinstance(v, Fraction) else fr(v) for k, v in d.items()}

        return {
            "round": self.round,
            "sections": fr(self.sections),
            "happens": str(self.happens),
            "dinosaur": fr(self.dinosaur),
            "deaths": fr(self.deaths),
            "at_risk": fr(self.at_risk),
            "expected_deaths": fr(self.expected_deaths),
            "expected_score": fr(self.expected_score),
            "expected_mp": fr(self.expected_mp),
        }


def _groups(state: State, p: int, section: int) -> tuple[list[list[int]], list[int]]:
    groups, allow, _ = state.survival_groups(p, section)
    return groups, allow


@functools.lru_cache(maxsize=65536)
def _removal(
    sizes: tuple[int, ...], allow: tuple[int, ...], count: int, floor: int
) -> tuple[tuple[tuple[int, Fraction], ...], tuple[Fraction, ...]]:
    """(deaths distribution, expected deaths per group) when the owner removes a uniformly chosen
    candidate at a time, as the engine's ``survive`` node offers them."""
    excess = sum(max(0, s - a) for s, a in zip(sizes, allow))
    due = rules.deaths_allowed(count, excess, floor)
    zero = tuple(Fraction(0) for _ in sizes)
    if due <= 0:
        return ((0, Fraction(1)),), zero
    over = [i for i, (s, a) in enumerate(zip(sizes, allow)) if s > a]
    cands = sum(sizes[i] for i in over)
    if cands == due:  # every candidate dies
        return ((due, Fraction(1)),), tuple(
            Fraction(sizes[i]) if i in over else Fraction(0) for i in range(len(sizes))
        )
    dist: dict[int, Fraction] = {}
    exp = [Fraction(0)] * len(sizes)
    for i in over:
        pi = Fraction(sizes[i], cands)
        s2 = sizes[:i] + (sizes[i] - 1,) + sizes[i + 1 :]
        sub, sub_exp = _removal(s2, allow, count - 1, floor)
        for k, v in sub:
            dist[k + 1] = dist.get(k + 1, Fraction(0)) + pi * v
        for j in range(len(sizes)):
            exp[j] += pi * (sub_exp[j] + (1 if j == i else 0))
    return tuple(sorted(dist.items())), tuple(exp)


def survival_risk(state: State, player: int | None = None, viewer: int | None = None) -> SurvivalRisk:
    """Risk in the coming survival phase for ``player`` (or every player), from ``viewer``'s knowledge
    of the climate (``None``: omniscient). See the module docstring for the assumptions."""
    if not isinstance(state, State):
        raise OddsError(f"expected an evo_lab State, got {type(state).__name__}")
    g = state.game
    if player is not None and (
        isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < g.players
    ):
        raise OddsError(f"player must be 0..{g.players - 1} or None, got {player!r}")
    if state.is_terminal():
        raise OddsError("the game is over: there is no coming survival phase")
    v = climate_view(state, viewer)
    known = state.phase != 0 and v.next_round == state.round + 1
    if known:
        sections, happens, rnd = {v.section: Fraction(1)}, Fraction(1), state.round
    else:
        f = climate_forecast(state, 1, viewer)
        if not f.rounds:
            sections, happens, rnd = {}, Fraction(0), v.next_round
        else:
            sections, happens, rnd = f.sections[0], f.reached[0], f.rounds[0]
    players = range(g.players) if player is None else [player]
    per = g.data.setup["mp_per_dinosaur"]
    dino: dict[int, Fraction] = {}
    deaths: dict[int, dict[int, Fraction]] = {}
    for p in players:
        dist: dict[int, Fraction] = {}
        for sp in state.dinosaurs(p):
            dino[sp] = Fraction(0)
        for sec, ps in sections.items():
            groups, allow = _groups(state, p, sec)
            d, exp = _removal(tuple(len(x) for x in groups), tuple(allow), state.count[p], state.floor(p))
            for k, x in d:
                dist[k] = dist.get(k, Fraction(0)) + ps * x
            for gi, grp in enumerate(groups):
                for sp in grp:
                    dino[sp] += ps * exp[gi] / len(grp)
        deaths[p] = dict(sorted(dist.items())) if dist else {0: Fraction(1)}
    exp_deaths = {p: sum((k * x for k, x in deaths[p].items()), Fraction(0)) for p in players}
    at_risk = {p: happens * sum((x for k, x in deaths[p].items() if k > 0), Fraction(0)) for p in players}
    dino = {sp: happens * x for sp, x in dino.items()}
    score = {p: happens * per * (state.count[p] - exp_deaths[p]) for p in players}
    return SurvivalRisk(
        rnd,
        dict(sections),
        happens,
        dino,
        deaths,
        at_risk,
        exp_deaths,
        score,
        {p: state.mp[p] + score[p] for p in players},
    )
