"""Lesson 06, Evo in OpenSpiel and PettingZoo."""

from __future__ import annotations

from fractions import Fraction

from ..checks import choice_digest, exercise


def games_to_exclude_half(p: Fraction = Fraction(3, 5), limit: int = 100_000) -> int:
    """The fewest games n for which a match with exactly ``p n`` wins (a whole number) and no ties gives a 95%
    Wilson interval above 0.5 (n runs over the multiples of ``p``'s denominator)."""
    from evo_lab.stats import wilson_interval

    step = p.denominator
    for n in range(step, limit, step):
        if wilson_interval(int(p * n), n)[0] > 0.5:
            return n
    raise RuntimeError("no n found")  # pragma: no cover


@exercise(
    "06.1",
    "integer",
    "Only multiples of 5 give exactly 60% wins. Try n = 50, 100, 200 with "
    "evo_lab.stats.wilson_interval(3 * n // 5, n) and watch the lower end cross 0.5; then narrow it down.",
)
def _e1():
    return games_to_exclude_half()


@exercise("06.2", "number", "Returns are (n - place) / (n - 1); tied players share the better place.")
def _e2():
    n, place = 3, 1
    return (n - place) / (n - 1)


def executed_game():
    """Lesson 06's random game: ``python_evo`` with 2 players, chance and decisions drawn by
    ``numpy.random.default_rng(0)`` as in the notebook. Returns the final OpenSpiel state."""
    import numpy as np
    import pyspiel

    from evo_lab.interop import openspiel as _  # noqa: F401  (registers python_evo)

    game = pyspiel.load_game("python_evo", {"players": 2})
    rng = np.random.default_rng(0)
    s = game.new_initial_state()
    while not s.is_terminal():
        if s.is_chance_node():
            outs, ps = zip(*s.chance_outcomes())
            s.apply_action(int(rng.choice(outs, p=ps)))
        else:
            s.apply_action(int(rng.choice(s.legal_actions())))
    return s


def first_card_holder(s=None) -> int:
    """1-based seat of the player who drew the first event card in the executed game, read from P1's and P2's
    information-state strings: the drawer's string names the card, the other's shows ``card P<k> ?``."""
    s = s or executed_game()
    p1, p2 = (s.information_state_string(v).split("#")[0].split("|") for v in (0, 1))
    for mine, theirs in zip(p1, p2):
        if mine.startswith("card "):
            masked = mine if mine.endswith("?") else theirs
            return int(masked.split()[1][1:])
    raise RuntimeError("no card drawn")  # pragma: no cover


@exercise("06.3", "integer", "Find the first 'card ...' item in each player's information-state string.")
def _e3():
    return first_card_holder()


@exercise(
    "06.4",
    "number",
    "For a softmax policy the gradient of log pi(a) with respect to the logits is onehot(a) - p.",
    tolerance=1e-9,
)
def _e4():
    p, a = [0.5, 0.3, 0.2], 1
    return (1.0 if a == 1 else 0.0) - p[1]


def twin_verdict() -> str:
    """(b) when OpenSpiel's MCTS bot searches differently in the two twins of the lesson and ISMCTS identically."""
    from ..spiel_match import ismcts_root_visits, mcts_root_visits, twin_position

    game, state, twin, _what = twin_position()
    mcts_same = mcts_root_visits(game, state, 1, 32) == mcts_root_visits(game, twin, 1, 32)
    ismcts_same = ismcts_root_visits(state, 1) == ismcts_root_visits(twin, 1)
    return {(False, True): "b", (True, True): "a", (False, False): "c", (True, False): "d"}[
        (mcts_same, ismcts_same)
    ]


@exercise(
    "06.5",
    "choice",
    "A fair bot's decision can depend only on its player's information state: compare the "
    "two bots' visit counts in the two twins.",
)
def _e5():
    return choice_digest("06.5", twin_verdict())
