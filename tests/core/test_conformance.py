"""Every registered game passes the cross-game conformance suite (:mod:`evo_lab.core.conformance`): random
play with the game's invariants, JSON round trips, clone independence, exact chance, typed errors that leave the
state untouched, and an observer that never leaks hidden information. New games join by registering."""

from __future__ import annotations

import pytest

import evo_lab
from evo_lab.core.conformance import run_all
from evo_lab.core.registry import game_info


@pytest.mark.parametrize("game_id", evo_lab.registered_games())
def test_registered_game_conforms(game_id):
    info = game_info(game_id)
    lo, hi = info.min_players, info.max_players

    def make(seed: int):
        return evo_lab.make_game(game_id, players=lo + seed % (hi - lo + 1), seed=seed)

    report = run_all(make, games=4, max_actions=None)  # 2 to 5 players, whole games
    assert report["random_play"] > 100 and report["errors"] > 0 and report["observer"] > 0, report


@pytest.mark.parametrize("leak", ["tensor", "string", "history"])
def test_observer_check_catches_a_leak_in_the_string_tensor_or_history(leak, monkeypatch):
    """A view that shows the teacher's (omniscient) state instead of the player's is caught by the observer
    check, whichever of the tensor, the observation string or the information-state string leaks."""
    from evo_lab.core.conformance import ConformanceError, check_observer_hides_hands

    obs_cls = type(evo_lab.make_game("origin", players=2, seed=0).observer)
    if leak == "tensor":
        monkeypatch.setattr(
            obs_cls, "tensor", lambda self, state, viewer: self.encode(self.observation(state, None))
        )
    elif leak == "string":
        monkeypatch.setattr(obs_cls, "string", lambda self, state, viewer: str(self.observation(state, None)))
    else:
        monkeypatch.setattr(
            obs_cls,
            "information_state_string",
            lambda self, state, viewer: str(self.observation(state, None)),
        )
    with pytest.raises(ConformanceError, match="leaks hidden information"):
        check_observer_hides_hands(
            lambda seed: evo_lab.make_game("origin", players=2, seed=seed), range(2), every=1
        )
