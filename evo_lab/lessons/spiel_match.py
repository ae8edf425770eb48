"""Lesson 06: OpenSpiel's MCTS against evo-lab's ISMCTS, and a test of which of them is a fair bot.

OpenSpiel's ``MCTSBot`` searches from ``state.clone()``: the clone of a ``python_evo`` state is the *true* state,
opponents' event cards, the excluded genes and any peeked climate token included. Its search therefore sees what
its player may not: it is an **omniscient** bot. evo-lab's ISMCTS searches over determinizations of what its
player knows (``state.determinize``), so its decision is a function of the player's information state.

* :func:`twin_states`: two real histories that the player cannot tell apart (same information-state string) and
  that differ in an opponent's hidden event card. A fair bot must decide the same way in both.
* :func:`mcts_root_visits`, :func:`ismcts_root_visits`: the two searches' visit counts at the root, seeded.
* :func:`play_game`, :func:`match`: seeded games of ISMCTS against the MCTS bot, seats alternating (the match of
  the lesson is computed by ``scripts/lesson06_data.py`` and shipped in ``evo_lab/data/lessons/lesson06.json``).
"""

from __future__ import annotations

import inspect
import json
from importlib import resources
from typing import Any

import numpy as np

__all__ = [
    "DATA",
    "ismcts_root_visits",
    "load_data",
    "match",
    "mcts_bot",
    "mcts_clone_lines",
    "mcts_root_visits",
    "play_game",
    "twin_position",
    "twin_states",
]

#: The shipped data file of lesson 06 (the match and the learning curve), inside the package.
DATA = "lessons/lesson06.json"


def mcts_bot(game: Any, seed: int, simulations: int = 16, uct_c: float = 2.0) -> Any:
    """OpenSpiel's ``MCTSBot`` with a one-rollout random evaluator (UCT with constant ``uct_c``), seeded."""
    from open_spiel.python.algorithms import mcts

    ev = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed))
    return mcts.MCTSBot(
        game,
        uct_c=uct_c,
        max_simulations=simulations,
        evaluator=ev,
        solve=False,
        random_state=np.random.RandomState(seed),
    )


def mcts_clone_lines() -> list[str]:
    """The lines of OpenSpiel's MCTS source that start a simulation from a copy of the state it is given."""
    from open_spiel.python.algorithms import mcts

    src = inspect.getsource(mcts.MCTSBot)
    return [ln.strip() for ln in src.splitlines() if "state.clone()" in ln]


def _replay(game: Any, codes: list[int]) -> Any:
    st = game.new_initial_state()
    for c in codes:
        st.apply_action(c)
    return st


def twin_states(game: Any, state: Any, player: int) -> tuple[Any, Any, str]:
    """``(state, twin, what)``: a twin of ``state`` (a ``python_evo`` state at ``player``'s decision) in which one
    event card drawn by another player is a different card. Every other action is the same and the twin's
    information-state string of ``player`` is the same as the state's, so ``player`` cannot tell the two apart (the
    card was drawn out of its sight and has not been played since); ``what`` names the two cards."""
    import pyspiel

    chance = int(pyspiel.PlayerId.CHANCE)
    hist = list(state.history())
    seen = state.information_state_string(player)
    for i in range(len(hist) - 1, -1, -1):
        pre = _replay(game, hist[:i])
        if not pre.is_chance_node() or not pre.action_to_string(chance, hist[i]).startswith("card "):
            continue
        for code, _p in pre.chance_outcomes():
            if code == hist[i]:
                continue
            try:
                twin = _replay(game, hist[:i] + [code] + hist[i + 1 :])
            except (
                ValueError
            ):  # the other card made a later action illegal (IllegalActionError): try the next
                continue
            if twin.information_state_string(player) == seen:
                what = f"{pre.action_to_string(chance, hist[i])} -> {pre.action_to_string(chance, code)}"
                return state, twin, what
    raise ValueError("no event card drawn out of this player's sight before this decision")


def mcts_root_visits(game: Any, state: Any, seed: int, simulations: int = 16) -> dict[str, int]:
    """Visit counts of the root's children after one seeded search of OpenSpiel's MCTS bot."""
    root = mcts_bot(game, seed, simulations).mcts_search(state)
    p = state.current_player()
    return {state.action_to_string(p, c.action): int(c.explore_count) for c in root.children}


def ismcts_root_visits(state: Any, seed: int, iterations: int = 40) -> dict[str, int]:
    """Visit counts of the root's actions after one seeded ISMCTS search from the engine state."""
    from evo_lab.games.evo2e.bots import ISMCTSBot

    result = ISMCTSBot(iterations=iterations, seed=seed).search(state.evo_state)
    return {r["text"]: int(r["visits"]) for r in result.actions}


def play_game(game: Any, g: int, simulations: int = 16, iterations: int = 40) -> dict:
    """Game ``g`` of the match: ISMCTS (``iterations`` per decision, seed ``g``) in seat ``g % 2`` against the
    MCTS bot (``simulations``, seed ``g``); chance from ``default_rng([6, g])``. Returns the seats and final MP."""
    from evo_lab.games.evo2e.bots import ISMCTSBot

    rng = np.random.default_rng([6, g])
    seat = g % 2
    st = game.new_initial_state()
    mcts = mcts_bot(game, g, simulations)
    ismcts = ISMCTSBot(iterations=iterations, seed=g)
    codec = game.codec
    while not st.is_terminal():
        if st.is_chance_node():
            outs, ps = zip(*st.chance_outcomes())
            st.apply_action(int(rng.choice(outs, p=np.asarray(ps) / sum(ps))))
        elif st.current_player() == seat:
            st.apply_action(codec.encode(ismcts(st.evo_state, seat)))
        else:
            st.apply_action(mcts.step(st))
    r = st.returns()
    return {"game": g, "ismcts_seat": seat, "ismcts_mp": float(r[seat]), "mcts_mp": float(r[1 - seat])}


def match(games: int, simulations: int = 16, iterations: int = 40, progress: bool = False) -> list[dict]:
    """:func:`play_game` for ``g = 0 .. games - 1`` (two players)."""
    import pyspiel

    import evo_lab.interop.openspiel  # noqa: F401 - registers python_evo

    game = pyspiel.load_game("python_evo", {"players": 2})
    rows = []
    for g in range(games):
        rows.append(play_game(game, g, simulations, iterations))
        if progress:
            print(f"game {g}: {rows[-1]}", flush=True)
    return rows


def load_data() -> dict:
    """The shipped data of lesson 06 (see ``scripts/lesson06_data.py``)."""
    return json.loads(resources.files("evo_lab.data").joinpath(DATA).read_text(encoding="utf-8"))


def twin_position(seed: int = 0, from_round: int = 3) -> tuple[Any, Any, Any, str]:
    """``(game, state, twin, what)`` for the lesson: uniformly random play of ``python_evo`` (2 players, choices and
    chance from ``default_rng(seed)``) until P1 is to move in round ``from_round`` or later with more than three
    legal moves and :func:`twin_states` finds a twin for P1."""
    import pyspiel

    import evo_lab.interop.openspiel  # noqa: F401 - registers python_evo

    game = pyspiel.load_game("python_evo", {"players": 2})
    rng = np.random.default_rng(seed)
    s = game.new_initial_state()
    while not s.is_terminal():
        if s.is_chance_node():
            outs, ps = zip(*s.chance_outcomes())
            s.apply_action(int(rng.choice(outs, p=ps)))
            continue
        e = s.evo_state
        if (
            e.round >= from_round
            and s.current_player() == 0
            and e.node_name() == "move"
            and len(s.legal_actions()) > 3
        ):
            try:
                return (game, *twin_states(game, s, 0))
            except ValueError:
                pass
        s.apply_action(int(rng.choice(s.legal_actions())))
    raise ValueError(f"seed {seed}: no such position")  # pragma: no cover
