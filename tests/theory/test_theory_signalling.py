"""The Prescience window game (evo_lab.theory.signalling*): built from the engine, solved three ways, exact."""

from __future__ import annotations

import dataclasses
import itertools
from fractions import Fraction

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import evo_lab  # noqa: E402
from evo_lab.core.protocol import play_out, uniform_random_policy  # noqa: E402
from evo_lab.theory.signalling import (
    SHORT_NAME,
    PrescienceGame,
    SignallingError,
    find_position,  # noqa: E402
    prescience_types,
    spec_from_state,
)
from evo_lab.theory.signalling_exact import (
    action_values,
    build_tree,
    exact_equilibrium,  # noqa: E402
    exact_exploitability,
    exact_posterior,
    exact_value,
    vary,
)
from evo_lab.theory.signalling_solve import (
    equilibrium_range,
    first_decisions,
    infosets,
    lp_value,  # noqa: E402
    native,
    run_cfr,
    search_positions,
    to_efg,
)

PASS = 4  # action id of "pass" (after the four shifts)


@pytest.fixture(scope="module")
def position():
    return find_position()


@pytest.fixture(scope="module")
def game(position):
    return PrescienceGame(spec=spec_from_state(position))


@pytest.fixture(scope="module")
def eq(game):
    return exact_equilibrium(game)


def _info(game, player, copies):
    return next(
        i
        for i in first_decisions(game, player)
        if i.startswith(f"{game.spec.name(player)} holds {copies}") and i.count("|") == 1
    )


# ------------------------------------------------------------------------------------------- the model
def test_types_are_the_hypergeometric_deal_by_brute_force():
    pool = ["P", "P", "x", "y", "z", "w", "v"]  # 7 unseen cards, 2 Prescience
    counts: dict[tuple[int, int], int] = {}
    total = 0
    for perm in itertools.permutations(range(7), 3):  # first two cards to A, the third to B
        a = sum(pool[i] == "P" for i in perm[:2])
        b = int(pool[perm[2]] == "P")
        counts[(a, b)] = counts.get((a, b), 0) + 1
        total += 1
    want = {k: Fraction(v, total) for k, v in counts.items()}
    got = {(a, b): p for a, b, p in prescience_types(7, 2, (2, 1))}
    assert got == want and sum(got.values()) == 1


def test_types_cap_three_copies_at_two_windows():
    got = prescience_types(5, 3, (3, 0))
    assert [(a, b) for a, b, _ in got] == [(1, 0), (2, 0)]
    assert sum(p for *_, p in got) == 1
    with pytest.raises(SignallingError):
        prescience_types(3, 1, (2, 2))


def test_spec_reads_the_engine(position):
    sp = spec_from_state(position)
    obs = position.observation()
    assert sp.round == position.round == 7 and sp.section == obs["climate"]["section"]
    assert sp.seats == tuple(obs["order"]) and sp.token == obs["climate"]["revealed"][-1]
    for i, seat in enumerate(sp.seats):
        assert sp.hand_sizes[i] == obs["players"][seat]["cards"]
        assert list(sp.losses[i]) == [position.survival_groups(seat, s)[2] for s in range(sp.n_sections)]
    # the engine's own next-token node gives the same distribution (whatever is played in between)
    s = position.clone()
    rng = np.random.default_rng(0)
    play_out(
        s,
        uniform_random_policy(rng),
        rng,
        stop=lambda t: (
            t.node_name() in ("token", "peek")
            and t.round >= 7
            and len(t.observation()["climate"]["revealed"]) == len(obs["climate"]["revealed"])
        ),
    )
    eng = {s.action_to_string(a).split()[-1]: p for a, p in s.chance_outcomes()}
    assert eng == {tid: p for tid, _, p in sp.next_tokens}


def test_window_sections_are_the_engines(position, game):
    sp = game.spec
    real = tuple(sum(1 for c in position.hand(seat) if c == "prescience") for seat in sp.seats)
    deal = next(k for k, (a, b, _) in enumerate(sp.types) if (a, b) == real)
    for text in ("play prescience +0", "play prescience +2", "pass"):
        eng = position.clone()
        eng.apply_action(text)
        while eng.node_name() == "climate_cards":  # later holders pass (ruling R18: every holder answers)
            eng.apply_action("pass")
        st = game.new_initial_state()
        st.apply_action(deal)
        st.apply_action(
            next(a for a in st.legal_actions() if st.action_to_string(st.current_player(), a) == text)
        )
        while not st.is_chance_node():
            st.apply_action(PASS)
        assert st.sections[0] == eng.observation()["climate"]["section"], text


def test_a_pass_looks_like_no_card(game):
    sp = game.spec

    def after(deal_ab, first):
        st = game.new_initial_state()
        st.apply_action(next(k for k, (a, b, _) in enumerate(sp.types) if (a, b) == deal_ab))
        for a in first:
            st.apply_action(a)
        return st

    silent, empty = after((1, 1), [PASS]), after((0, 1), [])
    assert silent.current_player() == empty.current_player() == 1
    assert silent.information_state_string(1) == empty.information_state_string(1)
    assert silent.information_state_string(0) != after((1, 1), [2]).information_state_string(0)
    played = after((1, 1), [2])  # a play closes the window and is seen
    assert played.is_chance_node() and "P2 plays +0" in played.information_state_string(1)


def test_pyspiel_contract_and_registration(game):
    pyspiel.random_sim_test(game, num_sims=30, serialize=False, verbose=False)
    loaded = pyspiel.load_game(SHORT_NAME)
    assert loaded.spec == game.spec and loaded.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM


def test_rule_options_and_the_meteorite(game):
    sp = game.spec
    g2 = PrescienceGame(spec=dataclasses.replace(sp, once_per_phase=False))
    st = g2.new_initial_state()
    st.apply_action(next(k for k, (a, b, _) in enumerate(sp.types) if (a, b) == (1, 1)))
    st.apply_action(0)  # first plays +2 ...
    assert st.current_player() == 1  # ... and the window stays open without ruling R9's switch
    st.apply_action(3)  # the later play (-1) takes effect
    assert st.sections[0] == (sp.section - 1) % sp.n_sections
    g3 = PrescienceGame(spec=dataclasses.replace(sp, next_tokens=(("meteorite", None, Fraction(1)),)))
    st = g3.new_initial_state()
    st.apply_action(0)  # nobody holds a copy
    st.apply_action(0)  # the meteorite: no second window
    assert st.is_terminal() and st.returns()[0] == sp.payoff([(sp.section + sp.token_shift) % sp.n_sections])


def test_spec_rejects_other_positions():
    with pytest.raises(SignallingError, match="two players"):
        spec_from_state(evo_lab.Game(players=3).new_initial_state())
    with pytest.raises(SignallingError, match="right after a climate token"):
        spec_from_state(evo_lab.Game(players=2).new_initial_state())
    with pytest.raises(SignallingError):
        spec_from_state("not a state")
    with pytest.raises(SignallingError, match="round 1"):
        find_position(205, round=1)


# ------------------------------------------------------------------------------------------- solving
def test_native_efg_game_is_the_same_game(game):
    efg = native(game)
    assert to_efg(game).startswith("EFG 2 R")
    assert efg.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert len(infosets(efg)) == len(infosets(game))
    assert lp_value(efg) == pytest.approx(lp_value(game), abs=1e-9)
    assert lp_value(game, 1) == pytest.approx(-lp_value(game, 0), abs=1e-9)


def test_cfr_converges_and_agrees_with_the_exact_checks(game, eq):
    a1, b1 = _info(game, 0, 1), _info(game, 1, 1)
    runs = [run_cfr(game, 512, solver=s, track=[(a1, PASS), (b1, PASS)]) for s in ("cfr", "cfr+")]
    for run in runs:
        e = run.exploitability
        assert e[-1] < e[0] / 100 and e[-1] < 0.01
        # pyspiel's exploitability of the mapped policy = the exact tree's best responses
        assert float(exact_exploitability(eq.tree, run.policy)) == pytest.approx(e[-1], abs=1e-9)
        assert abs(run.value - float(eq.value)) <= 2 * e[-1] + 1e-9
        assert run.tracked[(a1, PASS)][-1] == pytest.approx(4 / 15, abs=0.02)
        assert run.first_below(1.0) == 1
    with pytest.raises(SignallingError):
        run_cfr(game, 0)
    with pytest.raises(SignallingError):
        run_cfr(game, 2, solver="mccfr")
    with pytest.raises(SignallingError):
        run_cfr(game, 2, track=[("nowhere", 0)])


def test_exact_equilibrium_is_exact_and_unique_where_it_matters(game, eq):
    assert eq.exploitability == 0
    assert float(eq.value) == pytest.approx(lp_value(game), abs=1e-9)
    a1, b1 = _info(game, 0, 1), _info(game, 1, 1)
    sigma, rho = eq.probability(a1, PASS), eq.probability(b1, PASS)
    assert (sigma, rho) == (Fraction(4, 15), Fraction(2, 5))
    for player, info, p in ((0, a1, sigma), (1, b1, rho)):
        lo, hi = equilibrium_range(game, player, info, PASS)
        assert lo == pytest.approx(float(p), abs=1e-6) and hi == pytest.approx(float(p), abs=1e-6)
    # the indifference principle: mixed actions have equal, maximal values
    for info, used in ((a1, (2, PASS)), (b1, (3, PASS))):
        v = action_values(eq.tree, eq.policy, info)
        assert v[used[0]] == v[used[1]] == max(v.values())
    with pytest.raises(SignallingError):
        equilibrium_range(game, 0, first_decisions(game, 0)[0] + " | later", PASS)


def test_posterior_is_bayes_rule(game, eq):
    sp = game.spec
    b1 = _info(game, 1, 1)
    w = {(a, b): p for a, b, p in sp.types}
    for sigma in (Fraction(0), Fraction(1, 3), Fraction(1)):
        pol = vary(eq.policy, _info(game, 0, 1), PASS, sigma)
        s2 = pol[_info(game, 0, 2)][PASS]
        holds = w.get((1, 1), 0) * sigma + w.get((2, 1), 0) * s2
        want = holds / (holds + w[(0, 1)])
        post = exact_posterior(eq.tree, pol, b1)
        assert sum(v for k, v in post.items() if k > 0) == want
        assert want <= Fraction(w.get((1, 1), 0) + w.get((2, 1), 0), w[(0, 1)] + w[(1, 1)] + w.get((2, 1), 0))
    with pytest.raises(SignallingError):
        exact_posterior(eq.tree, eq.policy, "nowhere")


def test_exact_helpers_on_simple_policies(game):
    tree = build_tree(game)
    uniform = {i: {a: Fraction(1, 5) for a in range(5)} for i in infosets(game)}
    assert exact_value(tree, uniform, 0) == -exact_value(tree, uniform, 1)
    assert exact_exploitability(tree, uniform) > 0
    by = action_values(tree, uniform, _info(game, 1, 1), by_opponent=True)
    assert set(by) == {0, 1, 2}  # under the uniform policy, holders of one or two copies may pass


def test_lp_on_kuhn_poker():
    assert lp_value(pyspiel.load_game("kuhn_poker")) == pytest.approx(-1 / 18, abs=1e-9)


def test_search_finds_the_lesson_position():
    found = list(search_positions([205]))
    assert [(s, r) for s, r, _ in found] == [(205, 7)]
    ((lo, hi),) = [v for k, v in found[0][2].items() if "holds 1" in k]
    assert lo == pytest.approx(4 / 15, abs=1e-6) and hi == pytest.approx(4 / 15, abs=1e-6)
