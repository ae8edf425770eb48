"""Lesson 03, the climate wheel: answers recomputed with ``evo_lab.games.evo2e.odds`` from the data pack."""

from __future__ import annotations

from fractions import Fraction

from ..checks import choice_digest, exercise


def _game():
    import evo_lab

    return evo_lab.Game(players=4)


def prescience_moves(history: list[str], pack) -> list[tuple[str, int, int]]:
    """Every Prescience card played in a history (``state.history_str()``): ``(token, token shift, card shift)``,
    the token being the last one drawn before the card (``token ...``, or ``peek ...`` for a sixth-sense holder's
    early draw). "Play this card instead of revealing a climate token; move the climate marker as you like."

    >>> import evo_lab
    >>> prescience_moves(["token cw1", "play prescience -1", "token stay"], evo_lab.load_data())
    [('cw1', 1, -1)]
    """
    shifts = {t.id: t.shift for t in pack.tokens}
    moves = []
    for i, h in enumerate(history):
        if h.startswith("play prescience"):
            drawn = next(x for x in reversed(history[:i]) if x.startswith(("token ", "peek ")))
            token = drawn.split()[1]
            moves.append((token, shifts[token], int(h.split()[-1])))
    return moves


def mid_game(first_seed: int = 5, players: int = 3):
    """Lesson 03's mid-game position: the first seed from ``first_seed`` on whose uniformly random game (public
    API, ``play_out``) reaches round 6's movement phase with a sixth-sense holder and a Prescience card played with
    a shift other than the token's (so the wheel is not where the revealed tokens alone put it).
    Returns ``(seed, state)``.

    >>> mid_game()[0]      # seed 12 before R18 moved the trajectories; its card repeated the token's shift
    13
    """
    import numpy as np

    import evo_lab
    from evo_lab.core.protocol import play_out, uniform_random_policy

    for seed in range(first_seed, first_seed + 500):
        rng = np.random.default_rng(seed)
        state = evo_lab.Game(players=players, seed=seed).new_initial_state()
        play_out(
            state,
            uniform_random_policy(rng),
            rng,
            stop=lambda s: s.round == 6 and s.phase_name() == "movement",
        )
        if state.is_terminal():
            continue
        played = any(tok != card for _t, tok, card in prescience_moves(state.history_str(), state.game.data))
        if played and any(state.has(p, "sixth_sense") for p in range(players)):
            return seed, state
    raise RuntimeError("no such seed in range")  # pragma: no cover


@exercise(
    "03.1",
    "choice",
    "Uniform is stationary whenever every column sums to 1. Uniqueness needs more: can the "
    "chain get from every section to every other?",
)
def _e1():
    return choice_digest("03.1", "b")


@exercise("03.2", "fraction", "Given that round 10 is played, where can the meteorite still be?")
def _e2():
    from evo_lab.games.evo2e.odds import climate_forecast

    f = climate_forecast(_game(), rounds=11)
    return f.reached[10] / f.reached[9]


@exercise(
    "03.3", "fraction", "Which sections make the desert deadly, and where can the wheel be after one token?"
)
def _e3():
    from evo_lab.games.evo2e.odds import climate_forecast

    return climate_forecast(_game(), rounds=1).terrain_states[0]["desert"]["deadly"]


def _symmetric_round5():
    import copy

    import evo_lab
    from evo_lab.games.evo2e.odds import climate_forecast

    pack = evo_lab.load_data()
    clim = copy.deepcopy(pack.raw["climate"])
    for kind, c in zip(clim["tokens"]["kinds"], [0, 4, 4, 4]):
        kind["count"] = c
    g2 = evo_lab.Game(players=4, data=evo_lab.load_data(overrides={"climate": clim}))
    return climate_forecast(g2, 5).sections[4]


@exercise(
    "03.4",
    "integer",
    "The mix is symmetric around 'stay': where is the centre of the distribution?",
    facts=lambda: {str(s): str(p) for s, p in _symmetric_round5().items()},
)
def _e4():
    d = _symmetric_round5()
    return max(d, key=lambda s: d[s])


def _tv_rounds(limit: float = 0.01) -> int:
    import evo_lab
    from evo_lab.games.evo2e.odds import markov_forecast

    g = _game()
    n = len(g.data.wheel)
    for t, dist in enumerate(markov_forecast(g.data.initial_section, 200, g), start=1):
        tv = sum(abs(dist.get(s, Fraction(0)) - Fraction(1, n)) for s in range(n)) / 2
        if tv < limit:
            return t
    raise RuntimeError("no convergence")  # pragma: no cover
    del evo_lab


@exercise(
    "03.5",
    "integer",
    "Start at TV 5/6 and shrink by the largest modulus |lambda_1| = |lambda_5| per round (on "
    "average); then compute exactly with markov_forecast.",
)
def _e5():
    return _tv_rounds()


@exercise(
    "03.6",
    "integer",
    "Ask climate_forecast(state, rounds=1, viewer=holder): the holder has seen the next token.",
)
def _e6():
    from evo_lab.games.evo2e.odds import climate_forecast

    _seed, state = mid_game()
    holder = next(p for p in range(state.players) if state.has(p, "sixth_sense"))
    ((section, _p),) = climate_forecast(state, rounds=1, viewer=holder).sections[0].items()
    return section
