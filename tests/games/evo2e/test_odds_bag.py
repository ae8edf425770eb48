"""The hidden bag (evo_lab.games.evo2e.odds.bag): counting, Bayes' rule by engine replay, determinize frequencies."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np
import pytest

import evo_lab
from evo_lab.core.protocol import play_out, uniform_random_policy
from evo_lab.games.evo2e.odds.bag import (
    BagError,
    bag_view,
    count_distribution,
    determinize_frequencies,
    hypergeometric,
    next_draw,
    posterior_by_replay,
    replay_with_excluded,
    views_by_round,
)


def _play(seed, stop, players=4):
    rng = np.random.default_rng(seed)
    s = evo_lab.Game(players=players, seed=seed).new_initial_state()
    play_out(s, uniform_random_policy(rng), rng, stop=stop)
    return s


@pytest.fixture(scope="module")
def position():
    return _play(14, lambda t: t.round == 5 and t.node_name() == "gene" and len(t.auction()["lots"]) == 1)


def test_hypergeometric_is_counting_subsets():
    for N, K, n in ((9, 3, 5), (12, 2, 8), (6, 6, 2), (5, 0, 3)):
        items = range(N)
        brute: dict[int, int] = {}
        for sub in combinations(items, n):
            k = sum(1 for i in sub if i < K)
            brute[k] = brute.get(k, 0) + 1
        got = hypergeometric(N, K, n)
        assert got == {k: Fraction(c, comb(N, n)) for k, c in brute.items()}
        assert sum(k * p for k, p in got.items()) == Fraction(n * K, N)
    with pytest.raises(BagError):
        hypergeometric(3, 4, 1)


def test_the_setup_prior():
    v = bag_view(evo_lab.Game(players=4, seed=3).new_initial_state())
    assert (v.in_bag, len(v.unseen), v.seen) == (8, 12, ())
    assert v.in_bag_probability("wings") == Fraction(2, 3)
    assert count_distribution(v, ["large_horn", "bony_plates"])[2] == Fraction(comb(10, 6), comb(12, 8))
    with pytest.raises(BagError):
        v.in_bag_probability("wheels")
    s = evo_lab.Game(players=4, seed=3).new_initial_state()
    s.apply_action(s.chance_outcomes()[0][0])
    with pytest.raises(BagError):
        bag_view(s)


@pytest.mark.parametrize("seed", [0, 5, 14])
def test_public_counts_match_the_teachers_bag(seed):
    for r in (2, 4, 6):
        for node in ("gene", "bid"):
            s = _play(seed, lambda t, r=r, node=node: t.round == r and t.node_name() == node)
            if s.is_terminal():
                continue
            v = bag_view(s, viewer=1)
            truth = set(s.observation(None)["bag_unique"]) - set(v.drawn_this_round)
            assert truth <= set(v.unseen) and len(truth) == v.in_bag
            assert v.in_bag + len(v.seen) == s.game.n_unique - s.game.excluded_count
            assert bag_view(s, viewer=0) == v  # nobody sees into the bag
            for u in v.seen:
                assert v.in_bag_probability(u) == 0


def test_the_likelihood_is_flat_and_the_posterior_hypergeometric(position):
    post = posterior_by_replay(position)
    v = bag_view(position)
    assert len(post) == comb(len(v.unseen), position.game.excluded_count)
    likes = {lk for lk, _ in post.values()}
    assert len(likes) == 1 and likes.pop() > 0
    assert set(p for _, p in post.values()) == {Fraction(1, len(post))}
    assert frozenset(position.observation(None)["bag_unique"]) in post
    for u in v.unseen:
        assert sum(p for bag, (_, p) in post.items() if u in bag) == v.in_bag_probability(u)
    # leaving out a gene that was drawn makes the history impossible
    assert replay_with_excluded(position, [v.seen[0]] + list(v.unseen[:3])) == (None, 0)
    with pytest.raises(BagError):
        replay_with_excluded(position, v.unseen[:2])


def _mixture(state):
    """The next draw's distribution averaged over the posterior bags, from the engine's own chance nodes."""
    v = bag_view(state)
    out: dict[str, Fraction] = {}
    post = posterior_by_replay(state)
    for excl in combinations(v.unseen, state.game.excluded_count):
        bag = frozenset(u for u in v.unseen if u not in excl)
        alt, _ = replay_with_excluded(state, excl)
        for a, p in alt.chance_outcomes():
            name = alt.action_to_string(a).split()[-1]
            out[name] = out.get(name, Fraction(0)) + post[bag][1] * p
    return out


def test_next_draw_is_the_engines_mixture(position):
    assert next_draw(bag_view(position)) == _mixture(position)
    mid = _play(9, lambda t: t.round == 3 and t.node_name() == "gene" and len(t.auction()["lots"]) == 3)
    assert bag_view(mid).drawn_this_round  # later draws of a round exclude the kinds already drawn
    assert next_draw(bag_view(mid)) == _mixture(mid)


def test_determinize_agrees_with_the_exact_posterior(position):
    v = bag_view(position)
    group = ("wings", "flippers", "strong_thighs")
    chk = determinize_frequencies(position, 2, n=3000, seed=5, group=group)
    for u in position.game.unique_ids:
        lo, hi = chk.interval(chk.in_bag[u])
        if u in v.seen:
            assert chk.in_bag[u] == 0
        else:
            assert lo <= v.in_bag_probability(u) <= hi, u
    exact = count_distribution(v, group)
    for k, p in exact.items():
        lo, hi = chk.interval(chk.counts.get(k, 0))
        assert lo <= p <= hi, k
    assert sum(chk.counts.values()) == chk.n and chk.frequency(v.seen[0]) == 0
    x2, dof, pval = chk.chi_square(exact)
    from scipy.stats import chisquare

    ref = chisquare([chk.counts.get(k, 0) for k in exact], [chk.n * float(p) for p in exact.values()])
    assert (x2, dof, pval) == pytest.approx((ref.statistic, len(exact) - 1, ref.pvalue))
    assert chk.chi_square({0: Fraction(1)}) == (float("inf"), 1, 0.0)  # counts the model calls impossible
    with pytest.raises(BagError):
        determinize_frequencies(position, 0, n=0)


def test_views_by_round_follow_the_game(position):
    rows = views_by_round(position)
    assert [r for r, _, _ in rows] == list(range(1, position.round + 1))
    seen = [set(v.seen) for _, v, _ in rows]
    assert all(a <= b for a, b in zip(seen, seen[1:]))
    assert rows[0][1].in_bag == 8 and rows[-1][1] == bag_view(position)
    for _, v, truth in rows:
        assert set(truth) <= set(v.unseen) and len(truth) == v.in_bag
