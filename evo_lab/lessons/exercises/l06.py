"""Lesson 06, Evo in OpenSpiel and PettingZoo."""

from __future__ import annotations

from ..checks import exercise


def games_to_exclude_half(p: float = 0.6, limit: int = 100_000) -> int:
    """The fewest games n for which a win rate observed at exactly ``p`` gives a 95% Wilson interval above 0.5."""
    from evo_lab.stats import wilson_interval

    for n in range(1, limit):
        if wilson_interval(p * n, n)[0] > 0.5:
            return n
    raise RuntimeError("no n found")  # pragma: no cover


@exercise("06.1", "integer", "Try n = 50, 100, 200 ... with evo_lab.stats.wilson_interval(0.6 * n, n) and watch the "
          "lower end cross 0.5; then narrow it down.")
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


@exercise("06.4", "number", "For a softmax policy the gradient of log pi(a) with respect to the logits is onehot(a) - p.",
          tolerance=1e-9)
def _e4():
    p, a = [0.5, 0.3, 0.2], 1
    return (1.0 if a == 1 else 0.0) - p[1]
