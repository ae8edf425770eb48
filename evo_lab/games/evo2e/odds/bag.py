"""The hidden bag: which unique genes are still in it, by counting and by Bayes' rule, checked three ways.

Setting up: "Put all the normal gene tokens into the bag (36 in total). Add 8 unique gene tokens at random from
the stock of 12." (the engine: ``setup.unique_genes_in_bag``; four ``exclude`` chance nodes, uniform). Every gene
drawn is put on a lot and sold (ruling R1: every lot has a winner), so a unique gene that has been drawn is *seen*:
it is on a lot or on a player's board. Everybody knows how many tokens the bag holds and how many of each normal
gene (``observation()["bag_size"]``, ``["bag_normal"]``), hence how many unique genes are still in it.

**Bayes' rule.** Let ``S`` be the set of unique genes that went into the bag. The prior is uniform over the
``C(12, 8)`` sets. Given the draws so far, the likelihood of any ``S`` containing every seen unique gene is *the
same*: each draw has probability (copies of its kind) / (tokens of the kinds still allowed this round), and those
denominators count the unique genes in the bag only through their number, which is the same for every such ``S``.
So the posterior is uniform over the ``C(u, k)`` sets of ``k`` bag genes among the ``u`` unseen ones: each unseen
gene is in the bag with probability ``k / u``, and the number of a group of genes still in the bag is
hypergeometric (:func:`count_distribution`).

* :func:`bag_view` reads what every player knows (public observation only).
* :func:`posterior_by_replay` checks the flat likelihood *with the engine*: it replays the game's history once for
  every possible set of excluded genes and multiplies the engine's exact chance probabilities.
* :func:`determinize_frequencies` checks ``state.determinize(player, rng)`` against the exact answer with Wilson
  intervals.

>>> import evo_lab
>>> v = bag_view(evo_lab.Game(players=4, seed=1).new_initial_state())
>>> v.in_bag, len(v.unseen), str(v.in_bag_probability("sixth_sense"))
(8, 12, '2/3')
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import TYPE_CHECKING, Any
from collections.abc import Iterable

from ....core.errors import EvoLabError, IllegalActionError
from ..actions import EXCLUDE, GENE, Action

if TYPE_CHECKING:
    from ..game import Game
    from ..state import State

__all__ = [
    "BagError",
    "BagView",
    "bag_view",
    "count_distribution",
    "hypergeometric",
    "next_draw",
    "replay_with_excluded",
    "posterior_by_replay",
    "DeterminizeCheck",
    "determinize_frequencies",
    "views_by_round",
]


class BagError(EvoLabError, ValueError):
    """A question the bag cannot answer (unknown gene, a position before the bag is filled, ...)."""


def hypergeometric(population: int, successes: int, draws: int) -> dict[int, Fraction]:
    """``P(K = k)`` for ``k`` successes when ``draws`` items are taken without replacement from ``population``
    items of which ``successes`` are successes.

    >>> {k: str(p) for k, p in hypergeometric(9, 3, 5).items()}
    {0: '1/21', 1: '5/14', 2: '10/21', 3: '5/42'}
    """
    if not 0 <= successes <= population or not 0 <= draws <= population:
        raise BagError(f"hypergeometric({population}, {successes}, {draws}) is undefined")
    total = comb(population, draws)
    out = {
        k: Fraction(comb(successes, k) * comb(population - successes, draws - k), total)
        for k in range(max(0, draws - (population - successes)), min(successes, draws) + 1)
    }
    return out


@dataclass(frozen=True)
class BagView:
    """What every player knows about the unique genes: ``seen`` (drawn: on a lot or owned), ``unseen`` (the
    others: each is in the bag or was left out at setup), ``in_bag`` (how many unique genes the bag holds, from the
    public counts), ``bag_size`` and ``normal`` (the normal genes in the bag), ``drawn_this_round`` (gene kinds
    already on this round's lots, which cannot be drawn again this round)."""

    seen: tuple[str, ...]
    unseen: tuple[str, ...]
    in_bag: int
    bag_size: int
    normal: dict[str, int]
    drawn_this_round: tuple[str, ...]
    round: int

    def in_bag_probability(self, gene: str) -> Fraction:
        """``P(gene is in the bag now | what everybody has seen)``: ``in_bag / len(unseen)`` for an unseen gene,
        0 for a seen one (it has left the bag, or lies on a lot)."""
        if gene in self.seen:
            return Fraction(0)
        if gene not in self.unseen:
            raise BagError(
                f"{gene!r} is not a unique gene; unique genes: {', '.join(self.seen + self.unseen)}"
            )
        return Fraction(self.in_bag, len(self.unseen))


def bag_view(state: State, viewer: int | None = 0) -> BagView:
    """The :class:`BagView` from ``state.observation(viewer)`` (public information only; the result is the same
    for every player, since nobody sees into the bag)."""
    g = state.game
    if state.node_name() == "exclude":
        excluded_so_far = len(state.history())
        if excluded_so_far:
            raise BagError("the bag is being filled (setup); ask before or after the exclusions")
        return BagView(
            (),
            tuple(g.unique_ids),
            g.n_unique - g.excluded_count,
            sum(g.bag0) + g.n_unique - g.excluded_count,
            {gid: g.bag0[i] for i, gid in enumerate(g.gene_ids[: g.n_normal])},
            (),
            0,
        )
    obs = state.observation(viewer)
    on_lots: list[str] = []
    if obs["auction"] is not None:
        on_lots = [
            lot["item"] for lot in obs["auction"]["lots"] if lot["item"] not in ("event card", "(empty)")
        ]
    owned = [u for p in obs["players"] for u in p["unique"]]
    seen = tuple(u for u in g.unique_ids if u in owned or u in on_lots)
    in_bag = obs["bag_size"] - sum(obs["bag_normal"].values())
    # a unique gene on this round's lots is still counted in the bag until the auction is paid
    in_bag -= sum(1 for u in on_lots if u in g.unique_ids)
    unseen = tuple(u for u in g.unique_ids if u not in seen)
    if not 0 <= in_bag <= len(unseen):
        raise BagError(f"inconsistent public counts: {in_bag} unique genes in the bag, {len(unseen)} unseen")
    return BagView(
        seen, unseen, in_bag, obs["bag_size"], dict(obs["bag_normal"]), tuple(on_lots), obs["round"]
    )


def count_distribution(view: BagView, genes: Iterable[str]) -> dict[int, Fraction]:
    """The distribution of how many of ``genes`` are in the bag now (hypergeometric over the unseen genes)."""
    genes = list(dict.fromkeys(genes))
    for gene in genes:
        view.in_bag_probability(gene)  # validates the name
    k = sum(1 for gene in genes if gene in view.unseen)
    return hypergeometric(len(view.unseen), k, view.in_bag)


def next_draw(view: BagView) -> dict[str, Fraction]:
    """The chance of each gene kind being the next gene drawn, for a player who does not see into the bag: a
    normal kind ``count / N``, an unseen unique gene ``P(in bag) / N``, where ``N`` counts the tokens of the kinds
    not already drawn this round (a duplicate goes back, ruling R1)."""
    blocked = set(view.drawn_this_round)
    normal = {gid: c for gid, c in view.normal.items() if c and gid not in blocked}
    n = sum(normal.values()) + view.in_bag
    if n == 0:
        raise BagError("the bag holds no gene that may be drawn now")
    out = {gid: Fraction(c, n) for gid, c in normal.items()}
    for u in view.unseen:
        if view.in_bag:
            out[u] = view.in_bag_probability(u) / n
    return out


def replay_with_excluded(state: State, excluded: Iterable[str]) -> tuple[Any, Fraction]:
    """``(copy, likelihood)``: ``state``'s history replayed with the engine as if the unique genes ``excluded``
    had been left out at setup, and the product of the engine's probabilities of the gene draws on the way.
    ``(None, 0)`` when the history is impossible with that bag (a seen gene was left out). Only the gene draws
    depend on the bag; the other chance outcomes have the same probability for every bag."""
    g = state.game
    hist = state.history()
    k = g.excluded_count
    if len(hist) < k or any(a.kind != EXCLUDE for a in hist[:k]):
        raise BagError("the history does not start with the setup exclusions")
    idx = {u: i for i, u in enumerate(g.unique_ids)}
    out = [idx[u] if u in idx else _unknown(u, g) for u in excluded]
    if len(set(out)) != k:
        raise BagError(f"exactly {k} different unique genes are left out at setup, got {list(excluded)}")
    s = g.new_initial_state()
    for i in out:
        s.apply_action(Action(EXCLUDE, i))
    like = Fraction(1)
    for a in hist[k:]:
        if a.kind == GENE:
            p = dict(s.chance_outcomes()).get(a)
            if p is None:
                return None, Fraction(0)
            like *= p
        try:
            s.apply_action(a)
        except IllegalActionError:
            return None, Fraction(0)
    return s, like


def _unknown(u: str, g: Game) -> int:
    raise BagError(f"{u!r} is not a unique gene; unique genes: {', '.join(g.unique_ids)}")


def posterior_by_replay(
    state: State, viewer: int | None = 0
) -> dict[frozenset[str], tuple[Fraction, Fraction]]:
    """Bayes' rule by brute force: for every set of unique genes that could have gone into the bag given what
    ``viewer`` has seen (all seen genes in, ``excluded_count`` of the unseen ones out), the likelihood of the
    observed gene draws (engine replay) and the posterior ``prior * likelihood / evidence`` with the uniform
    prior. Keyed by the set of unique genes still in the bag now."""
    g = state.game
    view = bag_view(state, viewer)
    rows = []
    for out in combinations(view.unseen, g.excluded_count):
        bag = frozenset(u for u in view.unseen if u not in out)
        rows.append((bag, replay_with_excluded(state, out)[1]))
    evidence = sum((lk for _, lk in rows), Fraction(0))
    if evidence == 0:  # pragma: no cover - the true bag always explains the history
        raise BagError("no bag explains the history")
    return {bag: (lk, lk / evidence) for bag, lk in rows}


@dataclass
class DeterminizeCheck:
    """Counts over ``n`` determinizations: ``in_bag[gene]`` (how often each unique gene was in the bag) and
    ``counts[k]`` (how often exactly ``k`` of ``group`` were), with :meth:`interval` (95% Wilson)."""

    n: int
    seed: int
    in_bag: dict[str, int]
    group: tuple[str, ...]
    counts: dict[int, int]

    def frequency(self, gene: str) -> float:
        return self.in_bag[gene] / self.n

    def interval(self, successes: int) -> tuple[float, float]:
        from ....stats import wilson_interval

        return wilson_interval(successes, self.n)

    def chi_square(self, exact: dict[int, Fraction]) -> tuple[float, int, float]:
        """Pearson's goodness-of-fit test of ``counts`` against the ``exact`` distribution of the group count:
        ``(X2, degrees of freedom, p-value)`` with ``X2 = sum (observed - expected)^2 / expected`` over the
        outcomes of positive probability and ``len(exact) - 1`` degrees of freedom (scipy's chi-square tail).
        Counts at outcomes of probability 0 give ``X2 = inf``, p = 0."""
        from scipy.stats import chi2

        if any(c and not exact.get(k) for k, c in self.counts.items()):
            return float("inf"), max(len(exact) - 1, 1), 0.0
        want = {k: self.n * float(p) for k, p in exact.items() if p}
        x2 = sum((self.counts.get(k, 0) - e) ** 2 / e for k, e in want.items())
        dof = sum(1 for p in exact.values() if p) - 1
        return float(x2), dof, float(chi2.sf(x2, dof)) if dof > 0 else 1.0


def determinize_frequencies(
    state: State, player: int, n: int = 10_000, seed: int = 0, group: Iterable[str] = ()
) -> DeterminizeCheck:
    """Draw ``state.determinize(player, rng)`` ``n`` times with ``numpy.random.default_rng(seed)`` and count,
    in each copy's teacher view (``observation(None)["bag_unique"]``), which unique genes are in the bag."""
    import numpy as np

    if n < 1:
        raise BagError(f"n must be at least 1, got {n}")
    rng = np.random.default_rng(seed)
    group = tuple(dict.fromkeys(group))
    in_bag = {u: 0 for u in state.game.unique_ids}
    counts: dict[int, int] = {}
    for _ in range(n):
        bag = state.determinize(player, rng).observation(None)["bag_unique"]
        for u in bag:
            in_bag[u] += 1
        k = sum(1 for u in group if u in bag)
        counts[k] = counts.get(k, 0) + 1
    return DeterminizeCheck(n, seed, in_bag, group, dict(sorted(counts.items())))


def views_by_round(state: State, viewer: int | None = 0) -> list[tuple[int, BagView, tuple[str, ...]]]:
    """Replay ``state``'s history and return, at the start of each round's gene draws (the first ``gene`` node of
    the round), ``(round, public view, the teacher's true bag)``."""
    g = state.game
    s = g.new_initial_state()
    out = []
    last_round = -1
    for a in list(state.history()) + [None]:
        if s.node_name() == "gene" and s.round != last_round:
            last_round = s.round
            out.append((s.round, bag_view(s, viewer), tuple(s.observation(None)["bag_unique"])))
        if a is not None:
            s.apply_action(a)
    return out
