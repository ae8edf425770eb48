"""Fat Tissue against Hibernation: two insurances against a lean food bank, valued over the last turns of a game.

The card texts (MC, via reference §5): Fat Tissue "Stores surplus food as yellow tokens; instead of taking food they
turn into blue"; Hibernation "Use in your feeding turn: the animal is considered FED; not two turns in a row, not in
the last turn". Fat stays on the animal from turn to turn (reference §4.4: "Yellow fat tokens stay"). So Fat Tissue
pays only after a turn with **surplus** (the player got a token more than his animals needed), Hibernation
works in any lean turn that does **not follow** a hibernation and is not the game's last.

The table (:class:`Table`): player 1 (seat 0) owns ``$A``, which carries the insurance, and ``$B``, a plain animal;
every other player owns ``rivals`` plain animals. Everybody feeds with :func:`~evo_lab.theory.food_race.race_policy`
(one red token per turn, insured animals last, the insurance only once the bank is empty), nobody plays cards, and
the first player passes clockwise each turn (the first of the first turn by lot, uniform).

* :func:`exact` - **stationary rivals** (a model: each turn the rivals' tables are as at the start, as if they
  replaced every loss): a Markov chain over player 1's state ``(first seat, $A alive, $B alive, fat stored,
  hibernated last turn)``; each transition is the exact race of a position built with the game's builder
  (``build_position(phase="food")``), so the answer is exact (``Fraction``).
* :func:`simulate` - **the game as the engine plays it on**: the same first position, played through
  ``apply_action`` to the end of the game (rivals' losses are not replaced, the deck empties by the real deal, the
  last turn comes when it does), food and deals drawn with seeds; paired across insurances (the same seeds, so the
  same dice), with the course's 95% intervals.

Two players (1d6 + 2 = 3..8 red tokens), two rivals: ``$B`` is short of its token only when player 2 starts and the
bank holds 3; without insurance that happens with chance 1/6 in every other turn, with Hibernation only in the
last turn (where Hibernation is not allowed):

>>> none, hib = (exact(Table(players=2, rivals=2, trait=t, turns=3)) for t in ("none", "hibernation"))
>>> [str(p) for p in none.alive_b], [str(p) for p in hib.alive_b], str(hib.survivors - none.survivors)
(['1', '11/12', '5/6', '55/72'], ['1', '1', '1', '11/12'], '11/72')
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any
from collections.abc import Mapping

import numpy as np

from ..core.protocol import sample_chance
from ..stats import mean_interval, wilson_interval
from .food_race import race, race_policy

__all__ = [
    "TRAITS",
    "Table",
    "TurnState",
    "Survival",
    "turn_position",
    "transitions",
    "exact",
    "SimResult",
    "simulate",
    "paired_difference",
    "variant",
    "compare",
]

#: The insurances, with the position builder's word for the card on ``$A``.
TRAITS = {"none": "", "fat_tissue": "fat", "hibernation": "hib"}


@dataclass(frozen=True)
class Table:
    """``players`` (2-8), ``rivals`` plain animals per other player, ``trait`` on ``$A`` (a key of :data:`TRAITS`),
    ``turns`` to play, ``last_turn``: the final one is the game's last turn (empty deck: no Hibernation), ``deck``:
    cards in the deck before the last turn (:func:`simulate` starts with it), ``stored``: a token already in
    ``$A``'s Fat Tissue at the start (1) or not (0)."""

    players: int = 4
    rivals: int = 2
    trait: str = "fat_tissue"
    turns: int = 4
    last_turn: bool = True
    deck: int = 24
    stored: int = 0

    def __post_init__(self) -> None:
        if self.trait not in TRAITS:
            raise ValueError(f"trait must be one of {', '.join(TRAITS)}, got {self.trait!r}")
        if self.turns < 1 or self.rivals < 0 or self.deck < 1:
            raise ValueError("need turns >= 1, rivals >= 0 and deck >= 1")
        if self.stored not in (0, 1) or (self.stored and self.trait != "fat_tissue"):
            raise ValueError("stored fat (0 or 1) needs trait='fat_tissue'")

    def rows(self, a: bool = True, b: bool = True, fat: int = 0, slept: bool = False) -> list[str]:
        """The animals in the position builder's words (player 1's first)."""
        mine = []
        if a:
            word = TRAITS[self.trait]
            if self.trait == "fat_tissue" and fat:
                word = "fat+"
            mine.append(("$A " + word + (" slept" if slept and self.trait == "hibernation" else "")).strip())
        if b:
            mine.append("$B")
        others = [", ".join(f"$R{p}{k}" for k in range(self.rivals)) for p in range(1, self.players)]
        return [", ".join(mine)] + others


@dataclass(frozen=True)
class TurnState:
    """Player 1's state at the start of a turn: the ``first`` seat, which of ``$A``/``$B`` live, the fat stored on
    ``$A``, whether ``$A`` hibernated in the turn before (``slept``)."""

    first: int
    a: bool = True
    b: bool = True
    fat: int = 0
    slept: bool = False


@lru_cache(maxsize=8)
def _game(players: int) -> Any:
    import evo_lab

    return evo_lab.make_game("origin", players=players)


def turn_position(table: Table, ts: TurnState, last: bool) -> Any:
    """The position at the food node of a turn in state ``ts`` (the builder: ``build_position(phase="food")``)."""
    from ..games.origin import build_position

    return build_position(
        players=table.players,
        phase="food",
        first=ts.first,
        turn=2,
        animals=table.rows(ts.a, ts.b, ts.fat, ts.slept),
        deck=0 if last else table.deck,
        game=_game(table.players),
    )


@lru_cache(maxsize=4096)
def _transitions(table: Table, ts: TurnState, last: bool) -> tuple[tuple[TurnState, Fraction, Fraction], ...]:
    s = turn_position(table, ts, last)
    a, b = s.names.get("A"), s.names.get("B")
    out: dict[TurnState, list[Fraction]] = defaultdict(lambda: [Fraction(0), Fraction(0)])
    for o in race(s).outcomes:
        nxt = TurnState(
            (ts.first + 1) % table.players,
            a in o.survivors,
            b in o.survivors,
            o.fat.get(a, 0) if a is not None else 0,
            a in o.hibernated,
        )
        cell = out[nxt]
        cell[0] += o.probability
        cell[1] += o.probability * o.state.current_scores()[0]
    return tuple((k, p, pts) for k, (p, pts) in out.items())


def transitions(table: Table, ts: TurnState, last: bool = False) -> dict[TurnState, Fraction]:
    """The exact distribution of the next turn's state: every bank total of :func:`turn_position`, raced to the end
    of the feeding phase (:func:`~evo_lab.theory.food_race.race`). Cached."""
    return {k: p for k, p, _ in _transitions(table, ts, last)}


@dataclass(frozen=True)
class Survival:
    """:func:`exact`'s answer: ``alive_a[j]``, ``alive_b[j]`` the chance that ``$A``, ``$B`` are alive after ``j``
    turns (``j = 0..turns``), ``both[j]`` both, ``points`` player 1's expected final points (the game's scoring of
    ``$A`` and ``$B`` after the last turn), ``positions`` how many positions the engine raced."""

    table: Table
    alive_a: tuple[Fraction, ...]
    alive_b: tuple[Fraction, ...]
    both: tuple[Fraction, ...]
    points: Fraction
    positions: int

    @property
    def survivors(self) -> Fraction:
        """Expected animals of player 1 alive at the end."""
        return self.alive_a[-1] + self.alive_b[-1]


def exact(table: Table, first: int | None = None) -> Survival:
    """Player 1's survival over ``table.turns`` turns with stationary rivals, exactly (module docstring)."""
    n = table.players
    firsts = range(n) if first is None else (first,)
    dist: dict[TurnState, Fraction] = {
        TurnState(f, fat=table.stored): Fraction(1, len(firsts)) for f in firsts
    }
    alive_a, alive_b, both = [Fraction(1)], [Fraction(1)], [Fraction(1)]
    points = Fraction(0)
    seen: set = set()
    for j in range(table.turns):
        last = table.last_turn and j == table.turns - 1
        nxt: dict[TurnState, Fraction] = defaultdict(Fraction)
        for ts, p in dist.items():
            seen.add((ts, last))
            for k, q, pts in _transitions(table, ts, last):
                nxt[k] += p * q
                if j == table.turns - 1:
                    points += p * pts
        dist = dict(nxt)
        alive_a.append(sum((p for ts, p in dist.items() if ts.a), Fraction(0)))
        alive_b.append(sum((p for ts, p in dist.items() if ts.b), Fraction(0)))
        both.append(sum((p for ts, p in dist.items() if ts.a and ts.b), Fraction(0)))
    return Survival(table, tuple(alive_a), tuple(alive_b), tuple(both), points, len(seen))


# ---------------------------------------------------------------- the game played on: seeded simulation
@dataclass(frozen=True)
class SimResult:
    """Per game of :func:`simulate`: ``$A`` and ``$B`` alive at the end, player 1's final points, the turns played."""

    table: Table
    seed: int
    a: tuple[bool, ...]
    b: tuple[bool, ...]
    points: tuple[int, ...]
    turns: tuple[int, ...]

    @property
    def games(self) -> int:
        return len(self.a)

    def alive_a(self) -> tuple[float, float, float]:
        """``(share, low, high)``: ``$A`` alive at the end, 95% Wilson interval."""
        k = sum(self.a)
        return (k / self.games, *wilson_interval(k, self.games))

    def survivors(self) -> tuple[float, float, float]:
        """``(mean, low, high)`` of player 1's animals alive at the end (mean ± 1.96 standard errors)."""
        return mean_interval([x + y for x, y in zip(self.a, self.b)])

    def mean_points(self) -> tuple[float, float, float]:
        return mean_interval([float(x) for x in self.points])


def _start(table: Table, first: int) -> Any:
    from ..games.origin import build_position

    return build_position(
        players=table.players,
        phase="food",
        first=first,
        turn=1,
        animals=table.rows(fat=table.stored),
        deck=table.deck,
        game=_game(table.players),
    )


def simulate(table: Table, games: int = 1000, seed: int = 0) -> SimResult:
    """``games`` games from the table's first position to the end of the game, through ``apply_action`` with
    :func:`~evo_lab.theory.food_race.race_policy`; game ``g`` draws its first player from
    ``default_rng([seed, g, 2])``, its food rolls from ``[seed, g, 0]`` and everything else (the deal, tie rolls)
    from ``[seed, g, 1]``, so two tables with the same seed see the same dice."""
    a, b, pts, turns = [], [], [], []
    starts = {}
    for g in range(games):
        first = int(np.random.default_rng([seed, g, 2]).integers(table.players))
        if first not in starts:
            starts[first] = _start(table, first)
        s = starts[first].clone()
        ida, idb = s.names["A"], s.names["B"]
        food, other = np.random.default_rng([seed, g, 0]), np.random.default_rng([seed, g, 1])
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(sample_chance(s, food if s.node_name() == "food" else other))
            else:
                s.apply_action(race_policy(s))
        alive = {x.id for x in s.animals(0)}
        a.append(ida in alive)
        b.append(idb in alive)
        pts.append(s.current_scores()[0])
        turns.append(s.turn)
    return SimResult(table, seed, tuple(a), tuple(b), tuple(pts), tuple(turns))


def paired_difference(x: SimResult, y: SimResult, what: str = "points") -> tuple[float, float, float]:
    """``(mean, low, high)`` of the per-game difference ``x - y`` (``"points"`` or ``"survivors"``) over games played
    with the same seeds: the paired comparison, whose interval is narrower than the two separate ones."""
    if (x.seed, x.games) != (y.seed, y.games):
        raise ValueError("a paired difference needs the same seed and number of games")
    if what == "points":
        d = [float(p - q) for p, q in zip(x.points, y.points)]
    elif what == "survivors":
        d = [float(p1 + p2 - q1 - q2) for p1, p2, q1, q2 in zip(x.a, x.b, y.a, y.b)]
    else:
        raise ValueError(f"what must be 'points' or 'survivors', got {what!r}")
    return mean_interval(d)


def variant(table: Table, **changes: Any) -> Table:
    """``table`` with some fields changed (``variant(t, trait="hibernation")``)."""
    return replace(table, **changes)


def compare(table: Table, traits: Mapping[str, str] | None = None) -> dict[str, Survival]:
    """:func:`exact` for every insurance on the same table."""
    return {t: exact(replace(table, trait=t)) for t in (traits or TRAITS)}
