"""Trait frequencies round by round in seeded bot games of North Star's *Evolution*, and what happens to
predators and prey in each round (the two arms of a predator-prey cycle).

A game is played through ``apply_action`` (chance by :func:`evo_lab.core.protocol.sample_chance`, decisions by a
bot) and the table is counted twice a round:

* ``"start"``: the first decision of the round (the food-card choice), after last round's deaths and new boards;
* ``"feed"``: the first feeding decision, after the reveal (every trait face up, Fertile and Long Neck done)
  and after the before-eating Intelligence decisions (ruling R20). A
  round in which nobody can feed at all (no plant food and no Carnivore with a target) has no such decision: it
  is a *famine* round, listed in :attr:`GameCensus.famine`.

A **herbivore** is a species without a face-up Carnivore; it is **defended** if it carries at least one trait of
:data:`~evo_lab.theory.predator_prey.DEFENCES`, and **attackable** if some Carnivore on the table could attack it
now (``state.attack_report``: every defence, the body-size rule, Warning Call from a neighbour). Each species of
the feeding count is then followed through the engine's events (``Attacked``, ``Extinct``) to the end of its
round: was it attacked, did it keep its whole population, did it survive.

The official deck's food values are **assumed** (``docs/evolution.md``), so the amount of plant food, and with it
every number measured here, depends on them; the attack rules do not.

>>> c = census([0, 1], bot="random", players=3)
>>> [g.seed for g in c.games], c.games[0].counts[0].point
([0, 1], 'start')
>>> sorted({f.kind for f in c.fates()}) == ["carnivore", "herbivore"]
True
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable, Iterable

from ..stats import cluster_ratio_interval, mean_interval, wilson_interval

__all__ = [
    "BOTS",
    "TableCount",
    "Fate",
    "GameCensus",
    "Census",
    "bot_policy",
    "count_table",
    "census_game",
    "census",
    "deck_shares",
]

BOTS = ("greedy", "random")


def bot_policy(bot: str, seed: int) -> Callable[[Any], Any]:
    """``"greedy"``: ``games.evolution.bots.greedy_policy`` (one-step lookahead, ties by a seeded draw);
    ``"random"``: a uniformly random legal action by :func:`evo_lab.core.draw.draw`."""
    import numpy as np

    from evo_lab.core.draw import draw
    from evo_lab.games.evolution.bots import greedy_policy

    rng = np.random.default_rng(seed)
    if bot == "greedy":
        return greedy_policy(rng)
    if bot == "random":
        return lambda s: (lambda acts: acts[draw([1] * len(acts), rng)])(s.legal_actions())
    raise ValueError(f"bot must be one of {BOTS}, got {bot!r}")


@dataclass(frozen=True)
class TableCount:
    """One count of the table: ``round``, ``point`` ("start"/"feed"), numbers of species, carnivores, herbivores,
    defended and attackable herbivores, the trait cards on the table by trait, and (feeding count) what blocks
    each (carnivore, other species) pair (``attack_report``; ``None`` = the attack is possible)."""

    round: int
    point: str
    species: int
    carnivores: int
    herbivores: int
    defended: int
    attackable: int
    trait_cards: dict
    blockers: dict

    def cards(self, traits: Iterable[str] | None = None) -> int:
        """Trait cards on the table (of ``traits`` only, if given)."""
        return sum(n for t, n in self.trait_cards.items() if traits is None or t in set(traits))


@dataclass(frozen=True)
class Fate:
    """One species from the feeding count to the end of its round. ``kind``: "carnivore"/"herbivore";
    ``defended`` and ``attackable`` (herbivores), ``targets`` (carnivores: species it could attack); ``attacked``
    (times), ``kept`` (whole population kept), ``survived``."""

    seed: int
    round: int
    kind: str
    defended: bool
    attackable: bool
    targets: int
    attacked: int
    kept: bool
    survived: bool


def _species(state: Any) -> list[tuple[int, int, Any]]:
    return [(p, i, x) for p, pl in enumerate(state.players) for i, x in enumerate(pl.species)]


def count_table(state: Any, point: str) -> tuple[TableCount, dict]:
    """Count the table of ``state``; also returns the feasible targets of every carnivore ``{(p, i): [(q, j)]}``."""
    from .predator_prey import DEFENCES

    sp = _species(state)
    targets: dict = {}
    blockers: Counter = Counter()
    for p, i, x in sp:
        if x.has("carnivore"):
            rep = state.attack_report(i, p)
            blockers.update(b for _, _, b in rep)
            targets[(p, i)] = [(q, j) for q, j, b in rep if b is None]
    open_ = {t for ts in targets.values() for t in ts}
    herb = [(p, i, x) for p, i, x in sp if not x.has("carnivore")]
    tc = TableCount(
        state.round,
        point,
        len(sp),
        len(sp) - len(herb),
        len(herb),
        sum(1 for _, _, x in herb if any(x.has(t) for t in DEFENCES)),
        sum(1 for p, i, _ in herb if (p, i) in open_),
        dict(Counter(t for _, _, x in sp for t in x.trait_names())),
        dict(blockers) if point == "feed" else {},
    )
    return tc, targets


class _Tracker:
    """Follows the species of a feeding count through ``Attacked``/``Extinct`` events (indices shift as species
    die: the row closes up, seed 004 line 81)."""

    def __init__(self, seed: int, state: Any, targets: dict):
        from .predator_prey import DEFENCES

        self.seed, self.round = seed, state.round
        open_ = {t for ts in targets.values() for t in ts}
        self.rows = [
            [
                {
                    "kind": "carnivore" if x.has("carnivore") else "herbivore",
                    "defended": any(x.has(t) for t in DEFENCES),
                    "attackable": (p, i) in open_,
                    "targets": len(targets.get((p, i), ())),
                    "pop": x.pop,
                    "attacked": 0,
                }
                for i, x in enumerate(pl.species)
            ]
            for p, pl in enumerate(state.players)
        ]
        self.dead: list[dict] = []

    def events(self, ev: list) -> None:
        for e in ev:
            name = type(e).__name__
            if name == "Attacked":
                self.rows[e.target_player][e.target]["attacked"] += 1
            elif name == "Extinct":
                self.dead.append(self.rows[e.player].pop(e.species))

    def finish(self, state: Any) -> list[Fate]:
        out = []
        for p, row in enumerate(self.rows):
            for k, r in enumerate(row):
                out.append(self._fate(r, state.players[p].species[k].pop >= r["pop"], True))
        out.extend(self._fate(r, False, False) for r in self.dead)
        return out

    def _fate(self, r: dict, kept: bool, survived: bool) -> Fate:
        herb = r["kind"] == "herbivore"
        return Fate(
            self.seed,
            self.round,
            r["kind"],
            r["defended"] and herb,
            r["attackable"] and herb,
            r["targets"],
            r["attacked"],
            kept,
            survived,
        )


@dataclass
class GameCensus:
    """One game: its ``counts`` (two per round), the ``fates`` of the species of each feeding count, the
    ``famine`` rounds (no feeding decision) and the number of ``rounds`` played."""

    seed: int
    bot: str
    players: int
    counts: list = field(default_factory=list)
    fates: list = field(default_factory=list)
    famine: list = field(default_factory=list)
    rounds: int = 0

    def at(self, point: str) -> dict[int, TableCount]:
        return {c.round: c for c in self.counts if c.point == point}


def census_game(seed: int, bot: str = "random", players: int = 4) -> GameCensus:
    """Play the game of ``seed`` (``make_game("evolution", players=..., seed=seed)``; chance from
    ``default_rng(seed)``, the bots from ``default_rng(seed + 1)``) and count it."""
    import numpy as np

    import evo_lab
    from evo_lab.core.protocol import sample_chance

    s = evo_lab.make_game("evolution", players=players, seed=seed).new_initial_state()
    rng, policy = np.random.default_rng(seed), bot_policy(bot, seed + 1)
    out = GameCensus(seed, bot, players)
    fed: set = set()
    started: set = set()
    tracker = None
    while not s.is_terminal():
        r = s.round
        if s.is_chance_node():
            s.apply_action(sample_chance(s, rng))
        else:
            if r not in started:
                started.add(r)
                out.counts.append(count_table(s, "start")[0])
            if s.phase == "feed" and s.asking < 0 and r not in fed:  # the first feeding, after before-eating
                fed.add(r)
                tc, targets = count_table(s, "feed")
                out.counts.append(tc)
                tracker = _Tracker(seed, s, targets)
            s.apply_action(policy(s))
        if tracker is not None:
            tracker.events(s.events(last=True))
        if s.round != r or s.is_terminal():
            if tracker is not None:
                out.fates.extend(tracker.finish(s))
                tracker = None
            if r not in fed:
                out.famine.append(r)
    out.rounds = s.round
    return out


@dataclass
class Census:
    """Many games of one bot. Shares by round are **per-game** shares averaged over the games that have the
    count (a game is the independent unit; 95% interval: mean +- 1.96 standard errors); fates are proportions of
    species with Wilson intervals (species of one game are not independent: those intervals are a little
    narrow)."""

    bot: str
    players: int
    games: list

    def rounds(self, point: str = "feed") -> list[int]:
        return sorted({r for g in self.games for r in g.at(point)})

    def share(
        self, num: Callable[[TableCount], float], den: Callable[[TableCount], float], point: str = "feed"
    ) -> list[tuple[int, int, float, float, float]]:
        """``(round, games, mean, low, high)`` of the per-game share ``num / den`` (games with ``den > 0``)."""
        out = []
        for r in self.rounds(point):
            vals = [
                num(c) / den(c) for g in self.games for rr, c in g.at(point).items() if rr == r and den(c)
            ]
            if vals:
                m, lo, hi = mean_interval(vals)
                out.append((r, len(vals), m, lo, hi))
        return out

    def blockers(self) -> Counter:
        """What blocks the (carnivore, other species) pairs of every feeding count, summed."""
        tot: Counter = Counter()
        for g in self.games:
            for c in g.counts:
                tot.update(c.blockers)
        return tot

    def fates(self, rounds: Iterable[int] | None = None) -> list[Fate]:
        keep = None if rounds is None else set(rounds)
        return [f for g in self.games for f in g.fates if keep is None or f.round in keep]

    def rate(self, event: str, **where: Any) -> tuple[int, int, float, float]:
        """``(hits, n, low, high)``: how many species of the fates matching ``where`` (field = value, e.g.
        ``kind="herbivore", attackable=True``; a value may also be a test, ``targets=lambda t: t > 0``) had
        ``event`` ("attacked": at least once, "kept", "survived").

        The species of one game are not independent (they share its table, its food and its players), so the 95%
        interval takes the game as the unit: the ratio interval over games
        (:func:`evo_lab.stats.cluster_ratio_interval`), widened where needed to the Wilson interval over species
        (which is right for independent species and collapses less at 0 or n hits)."""
        fs = [
            f
            for f in self.fates()
            if all(v(getattr(f, k)) if callable(v) else getattr(f, k) == v for k, v in where.items())
        ]
        hit = [f.attacked > 0 if event == "attacked" else bool(getattr(f, event)) for f in fs]
        hits = sum(hit)
        lo, hi = wilson_interval(hits, len(fs))
        if len(self.games) >= 2 and fs:
            per = {g.seed: [0, 0] for g in self.games}
            for f, h in zip(fs, hit):
                per[f.seed][0] += h
                per[f.seed][1] += 1
            _r, clo, chi = cluster_ratio_interval([s for s, _ in per.values()], [n for _, n in per.values()])
            lo, hi = min(lo, clo), max(hi, chi)
        return hits, len(fs), lo, hi

    def famine_rounds(self) -> int:
        return sum(len(g.famine) for g in self.games)

    def selection(self, trait: str = "carnivore") -> list[tuple[int, int, float, float, float, float]]:
        """The change that the feeding alone (deaths and lost population do not count, only whole species) makes
        to a share, by round: ``(round, games, driver, mean change, low, high)``.

        * ``trait="carnivore"``: the carnivore share of all species, among the survivors minus at the feeding
          count; ``driver`` = the mean attackable share of herbivores at the count (the prey on offer);
        * ``trait="defended"``: the defended share of herbivores, survivors minus count; ``driver`` = the mean
          carnivore share at the count (the predators about).

        A (game, round) counts when its denominators are positive before and after."""
        out = []
        for r in self.rounds("feed"):
            deltas, drivers = [], []
            for g in self.games:
                fs = [f for f in g.fates if f.round == r]
                if trait == "defended":
                    fs = [f for f in fs if f.kind == "herbivore"]
                    hit = [f.defended for f in fs]
                else:
                    hit = [f.kind == "carnivore" for f in fs]
                alive = [h for f, h in zip(fs, hit) if f.survived]
                if not fs or not alive:
                    continue
                deltas.append(sum(alive) / len(alive) - sum(hit) / len(hit))
                c = g.at("feed")[r]
                drivers.append(
                    c.carnivores / c.species
                    if trait == "defended"
                    else (c.attackable / c.herbivores if c.herbivores else 0.0)
                )
            if deltas:
                m, lo, hi = mean_interval(deltas)
                out.append((r, len(deltas), sum(drivers) / len(drivers), m, lo, hi))
        return out


def census(seeds: Iterable[int], bot: str = "random", players: int = 4) -> Census:
    """:func:`census_game` for every seed (no progress output)."""
    return Census(bot, players, [census_game(s, bot, players) for s in seeds])


def deck_shares(players: int = 4) -> dict[str, Any]:
    """Card counts of the official deck by trait (printed counts: 17 Carnivore, 7 of each other trait;
    reference ``evolution-northstar.md`` §7) as ``{"cards": n, "carnivore": k, "defence": m}``."""
    from evo_lab.games.evolution import Game as EvolutionGame

    from .predator_prey import DEFENCES

    deck = EvolutionGame(players=players).deck
    by: Counter[str] = Counter()
    for c in deck.cards:
        by[c.trait] += c.count
    return {"cards": deck.size, "carnivore": by["carnivore"], "defence": sum(by[t] for t in DEFENCES)}
