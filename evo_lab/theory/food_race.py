"""The food bank of *Evolution: The Origin of Species* as a distribution the players race for.

Seed: "The first player rolls the dice. Then the corresponding number of red tokens is put in the center of the
table. That is a food bank for current turn." and "During this phase players in order take one red food token from
the food bank and put it on the top of one of their animals." The dice per player count are the game's data
(``game.pack.food_rule(n)``, ``food.json``, reference §4.2; 6 players follow ruling O1). This module reads them
from the game, builds the exact distribution of the bank by **convolution**, and plays the race for the tokens
through the engine: every bank total of a position's chance node, one after the other, with a fixed feeding
policy, so that who ends up fed is an exact probability.

* :func:`dice_pmf` / :func:`bank_pmf`: the distribution (``dict`` total -> ``Fraction``); :func:`mean`,
  :func:`variance`, :func:`at_least`; :func:`bank_table` for every player count;
* :func:`demand`: the red tokens a position's animals still need, and their empty fat slots;
* :func:`race_policy`: the course's feeding policy (one token per turn, insured animals last);
* :func:`race`: every bank outcome of a position at the ``food`` node, played to the end of the feeding phase
  through ``apply_action``; :func:`round_robin`: the same race as a pure function of the players' wants.

>>> pmf = dice_pmf(2, 2)                      # 4 players: 2d6 + 2
>>> min(pmf), max(pmf), pmf[9], mean(pmf), variance(pmf)
(4, 14, Fraction(1, 6), Fraction(9, 1), Fraction(35, 6))
>>> at_least(pmf, 12)
Fraction(1, 6)
>>> round_robin([2, 3, 1], 5, first=1)      # P2 starts: P2, P3, P1, P2, P1
[2, 2, 1]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

__all__ = [
    "BankRow",
    "Demand",
    "Race",
    "RaceOutcome",
    "Survey",
    "at_least",
    "bank_feeds",
    "bank_pmf",
    "bank_table",
    "convolve",
    "demand",
    "dice_pmf",
    "feed_survey",
    "feeding_leaves",
    "label",
    "mean",
    "race",
    "race_policy",
    "round_robin",
    "seeded_position",
    "variance",
]

PMF = Mapping[int, Fraction]


# ---------------------------------------------------------------- the distribution of the bank
def convolve(p: PMF, q: PMF) -> dict[int, Fraction]:
    """The distribution of ``X + Y`` for independent ``X ~ p`` and ``Y ~ q``: ``P(X+Y = t) = sum_k p(k) q(t-k)``.

    >>> die = {f: Fraction(1, 6) for f in range(1, 7)}
    >>> two = convolve(die, die)
    >>> two[7], two[2], sum(two.values())
    (Fraction(1, 6), Fraction(1, 36), Fraction(1, 1))
    """
    out: dict[int, Fraction] = defaultdict(Fraction)
    for x, px in p.items():
        for y, qy in q.items():
            out[x + y] += px * qy
    return dict(sorted(out.items()))


def dice_pmf(dice: int, plus: int = 0, faces: int = 6) -> dict[int, Fraction]:
    """The exact distribution of ``dice`` fair ``faces``-sided dice plus ``plus``: ``dice`` convolutions of the
    uniform die, starting from the point mass at ``plus``.

    >>> dice_pmf(1, 2)[3], sorted(dice_pmf(3, 2))[:2], dice_pmf(3, 2)[12]
    (Fraction(1, 6), [5, 6], Fraction(1, 8))
    """
    if dice < 0 or faces < 1:
        raise ValueError(f"need dice >= 0 and faces >= 1, got {dice}d{faces}")
    die = {f: Fraction(1, faces) for f in range(1, faces + 1)}
    pmf: dict[int, Fraction] = {plus: Fraction(1)}
    for _ in range(dice):
        pmf = convolve(pmf, die)
    return pmf


def bank_pmf(source: Any) -> dict[int, Fraction]:
    """The distribution of the bank: from a state at the ``food`` chance node, the engine's own exact outcomes
    (``state.chance_outcomes()``); from a game, its dice (``game.food_dice``, ruling O1 applied) convolved."""
    if hasattr(source, "chance_outcomes"):
        if source.node_name() != "food":
            raise ValueError(
                f"the bank is rolled at the 'food' node, this state is at {source.node_name()!r}"
            )
        return {a[1]: p for a, p in source.chance_outcomes()}
    dice, plus = source.food_dice
    return dice_pmf(dice, plus, source.pack.faces_sides)


def mean(pmf: PMF) -> Fraction:
    """``E[T] = sum_t t P(T = t)``."""
    return sum((t * p for t, p in pmf.items()), Fraction(0))


def variance(pmf: PMF) -> Fraction:
    """``Var T = E[T^2] - E[T]^2`` (for ``k`` dice of ``f`` faces: ``k (f^2 - 1) / 12``; the ``+c`` adds nothing)."""
    m = mean(pmf)
    return sum((t * t * p for t, p in pmf.items()), Fraction(0)) - m * m


def at_least(pmf: PMF, k: int) -> Fraction:
    """``P(T >= k)``: the chance that the bank holds at least ``k`` red tokens."""
    return sum((p for t, p in pmf.items() if t >= k), Fraction(0))


@dataclass(frozen=True)
class BankRow:
    """The bank for one player count: ``dice`` d6 + ``plus`` (after the rule options), its range, mean, variance,
    the mean per player, and the data's provenance of the rule."""

    players: int
    dice: int
    plus: int
    low: int
    high: int
    mean: Fraction
    variance: Fraction
    per_player: Fraction
    provenance: str

    @property
    def rule(self) -> str:
        return f"{self.dice}d6" + (f"+{self.plus}" if self.plus else "")


def bank_table(players: Iterable[int] = range(2, 9), options: Mapping | None = None) -> list[BankRow]:
    """One :class:`BankRow` per player count, read from each game's data (the Origin game of each count)."""
    from evo_lab.games.origin import OriginGame

    rows = []
    for n in players:
        g = OriginGame(players=n, options=options)
        pmf = bank_pmf(g)
        rule = next(r for r in g.pack.food_rules if r.players == n)
        m = mean(pmf)
        dice, plus = g.food_dice
        rows.append(
            BankRow(n, dice, plus, min(pmf), max(pmf), m, variance(pmf), m / n, rule.provenance.level)
        )
    return rows


# ---------------------------------------------------------------- what the animals need
def label(state: Any, aid: int) -> str:
    """``$A`` for an animal named in the position builder, else ``A<id>``."""
    for name, x in state.names.items():
        if x == aid:
            return f"${name}"
    return f"A{aid}"


@dataclass(frozen=True)
class Demand:
    """Red tokens the animals still need to be fed (``need[p]``, per player) and empty fat slots (``fat[p]``).
    Hibernating animals count as fed; fat does not count as food (reference §3)."""

    need: tuple[int, ...]
    fat: tuple[int, ...]

    @property
    def total(self) -> int:
        return sum(self.need)

    @property
    def total_with_fat(self) -> int:
        return sum(self.need) + sum(self.fat)


def demand(state: Any) -> Demand:
    """The :class:`Demand` of a position, from ``state.animals(p)`` (public reading)."""
    need, fat = [], []
    for p in range(state.game.players):
        mine = state.animals(p)
        need.append(sum(0 if a.sleeping else max(0, a.need - a.food) for a in mine))
        fat.append(sum(0 if a.sleeping else a.fat - a.fat_full for a in mine))
    return Demand(tuple(need), tuple(fat))


# ---------------------------------------------------------------- the race
def _hungry(a: Any) -> bool:
    return not a.sleeping and a.food < a.need


def race_policy(state: Any) -> Hashable:
    """The course's feeding policy, the same for every player ("players in order take one red food token"):

    1. take a red token for a hungry animal: animals without insurance first (insurance: a stored fat token, or
       Hibernation on offer now), then the one missing the fewest tokens, then the leftmost;
    2. when no red token can be taken any more (the bank is empty), rescue a hungry animal with its insurance:
       turn all the fat it needs into food, or hibernate (ruling R7: hibernation is a free action, fat is the eating
       action of the turn);
    3. take a red token into an empty Fat Tissue slot (leftmost);
    4. end the turn (``end``, or ``pass`` before doing anything: ruling O2 allows it).

    It never attacks, steals or grazes. In development it passes; at other decisions (``defend``, ``share``) it
    takes the first legal action."""
    acts = state.legal_actions()
    node = state.node_name()
    if node == "develop":
        return ("pass",) if ("pass",) in acts else acts[0]
    if node != "feed":
        return acts[0]
    mine = {a.id: a for a in state.animals(state.current_player())}

    def insured(a: Any) -> bool:
        return a.fat_full > 0 or ("hibernate", a.id) in acts

    eats = [x for x in acts if x[0] == "eat"]
    hungry = [x for x in eats if _hungry(mine[x[1]])]
    if hungry:
        return min(hungry, key=lambda x: (insured(mine[x[1]]), mine[x[1]].need - mine[x[1]].food))  # stable
    if state.bank == 0:
        for x in acts:
            if x[0] == "hibernate" and _hungry(mine[x[1]]):
                return x
            if x[0] == "fat" and _hungry(mine[x[1]]):  # ("fat", animal, k): all it needs
                return max((y for y in acts if y[:2] == x[:2]), key=lambda y: y[2])
    if eats:
        return eats[0]
    for stop in (("end",), ("pass",)):
        if stop in acts:
            return stop
    return acts[0]


def feeding_leaves(
    state: Any, policy: Callable[[Any], Hashable] = race_policy, prob: Fraction = Fraction(1)
) -> Iterator[tuple[Any, Fraction]]:
    """Play ``state`` (in the feeding phase) to its end with ``policy``, enumerating every chance node met on the way
    (the Running die) with its exact probability: yields ``(final state, probability)``. ``state`` is not changed.
    The enumeration is the core's (:func:`evo_lab.core.chance.leaves`)."""
    from ..core.chance import leaves

    for leaf in leaves(state, until=lambda s: s.phase_name() != "feeding", policy=policy):
        yield leaf.state, prob * leaf.probability


@dataclass(frozen=True)
class RaceOutcome:
    """One way the feeding phase ends: the bank ``total``, its probability, the animals alive after the extinction
    phase (``survivors``, ids), red tokens each player took from the bank, the animals that hibernated, the stored fat
    of each survivor, and the final state (at the deal, or at the end of the game)."""

    total: int
    probability: Fraction
    survivors: frozenset
    tokens: tuple[int, ...]
    hibernated: frozenset
    fat: Mapping[int, int]
    state: Any = field(repr=False, compare=False)


@dataclass(frozen=True)
class Race:
    """Every :class:`RaceOutcome` of a position at the ``food`` node; ``animals[p]``: player ``p``'s animal ids."""

    outcomes: tuple[RaceOutcome, ...]
    animals: tuple[tuple[int, ...], ...]
    labels: Mapping[int, str]

    def fed(self, aid: int) -> Fraction:
        """The exact chance that animal ``aid`` survives the turn (fed, or hibernating)."""
        return sum((o.probability for o in self.outcomes if aid in o.survivors), Fraction(0))

    def expected_fed(self, p: int) -> Fraction:
        return sum((self.fed(a) for a in self.animals[p]), Fraction(0))

    def everyone_fed(self) -> Fraction:
        every = {a for row in self.animals for a in row}
        return sum((o.probability for o in self.outcomes if every <= o.survivors), Fraction(0))

    def expected_tokens(self, p: int) -> Fraction:
        return sum((o.probability * o.tokens[p] for o in self.outcomes), Fraction(0))

    def by_total(self) -> dict[int, list[RaceOutcome]]:
        out: dict[int, list[RaceOutcome]] = defaultdict(list)
        for o in self.outcomes:
            out[o.total].append(o)
        return dict(out)


def _since_roll(state: Any) -> list:
    ev = state.events()
    start = max((i for i, e in enumerate(ev) if type(e).__name__ == "FoodRolled"), default=-1)
    return ev[start + 1 :]


def bank_feeds(state: Any) -> Fraction:
    """``P(T >= D)`` at a ``food`` node: the chance that the bank alone holds the red tokens every hungry animal still
    needs (:func:`demand`). Necessary for everyone to be fed from the bank, not sufficient: the race decides."""
    return at_least(bank_pmf(state), demand(state).total)


def seeded_position(players: int, seed: int, turn: int = 2) -> Any:
    """A position reached by seeded play: ``evo_lab.make_game("origin", players=players, seed=seed)``, decisions by
    the game's cheap bot (``bots.lite_policy``) and chance by ``numpy.random.default_rng(seed)``, through
    ``play_out``/``apply_action``, stopped at the food roll of ``turn``; ``None`` if the game ends before."""
    import numpy as np

    import evo_lab
    from evo_lab.core.protocol import play_out
    from evo_lab.games.origin.bots import lite_policy

    rng = np.random.default_rng(seed)
    s = evo_lab.make_game("origin", players=players, seed=seed).new_initial_state()
    play_out(s, lite_policy(rng), rng, stop=lambda t: t.turn >= turn and t.node_name() == "food")
    return None if s.is_terminal() or s.node_name() != "food" else s


@dataclass(frozen=True)
class Survey:
    """:func:`feed_survey`: over ``positions`` seeded positions of ``players`` at the food roll of ``turn``, the mean
    red tokens the tables need, the mean bank, and the mean of ``P(bank >= need)`` with its 95% interval
    (mean ± 1.96 standard errors, clipped to [0, 1])."""

    players: int
    turn: int
    positions: int
    mean_need: float
    mean_bank: Fraction
    feeds: tuple[float, float, float]


def feed_survey(players: int, seeds: Iterable[int] = range(50), turn: int = 2) -> Survey:
    """:func:`bank_feeds` averaged over the positions :func:`seeded_position` reaches (games that end earlier are
    left out)."""
    from ..stats import mean_interval

    ps = [p for p in (seeded_position(players, s, turn) for s in seeds) if p is not None]
    if not ps:
        raise ValueError(f"no seeded {players}-player game reaches turn {turn}")
    m, lo, hi = mean_interval([float(bank_feeds(p)) for p in ps])
    need = sum(demand(p).total for p in ps) / len(ps)
    return Survey(players, turn, len(ps), need, mean(bank_pmf(ps[0])), (m, max(0.0, lo), min(1.0, hi)))


def race(state: Any, policy: Callable[[Any], Hashable] = race_policy) -> Race:
    """Every bank total of ``state`` (at the ``food`` chance node), applied through ``apply_action`` and played to
    the end of the feeding phase with ``policy`` (the extinction phase then runs by itself): an exact enumeration.

    >>> from evo_lab.games.origin import build_position
    >>> s = build_position(players=2, phase="food", animals=["$A, $B", "$C, $D, $E"], deck=10)
    >>> r = race(s)                       # 1d6+2 = 3..8 tokens, taken by P1 P2 P1 P2 P2: $D needs 4, $E 5
    >>> [str(r.fed(s.names[x])) for x in "ABCDE"]
    ['1', '1', '1', '5/6', '2/3']
    """
    pmf = bank_pmf(state)
    n = state.game.players
    animals = tuple(tuple(a.id for a in state.animals(p)) for p in range(n))
    owner = {a: p for p, row in enumerate(animals) for a in row}
    outcomes = []
    for total, p_total in pmf.items():
        s = state.clone()
        s.apply_action(("food", total))
        for end, p in feeding_leaves(s, policy):
            tokens = [0] * n
            hib = set()
            for e in _since_roll(end):
                kind = type(e).__name__
                if kind == "Ate" and e.source in ("bank", "communication") and e.animal in owner:
                    tokens[owner[e.animal]] += e.red + e.fat
                elif kind == "Hibernated":
                    hib.add(e.animal)
            alive = {a.id: a.fat_full for q in range(n) for a in end.animals(q)}
            outcomes.append(
                RaceOutcome(total, p_total * p, frozenset(alive), tuple(tokens), frozenset(hib), alive, end)
            )
    labels = {a: label(state, a) for row in animals for a in row}
    return Race(tuple(outcomes), animals, labels)


def round_robin(wants: Iterable[int], total: int, first: int = 0) -> list[int]:
    """Tokens each player gets when ``total`` red tokens are taken one per turn, clockwise from ``first``, by
    players who still want ``wants[p]`` of them (a player who wants no more is skipped): the race without the engine.

    >>> round_robin([3, 3, 3], 7), round_robin([3, 3, 3], 7, first=2)
    ([3, 2, 2], [2, 2, 3])
    """
    want = list(wants)
    n = len(want)
    got = [0] * n
    left = total
    p = first
    while left > 0 and any(g < w for g, w in zip(got, want)):
        if got[p] < want[p]:
            got[p] += 1
            left -= 1
        p = (p + 1) % n
    return got
