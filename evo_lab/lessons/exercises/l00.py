"""Lesson 00, the tour: answers recomputed through the explorer's seeded session (public API)."""

from __future__ import annotations

from ..checks import exercise


def tour_attack():
    """The tour's position: ``Explorer(Game(4, seed=7), seed=7)`` stepped by its random bot to the first decision
    with a legal attack. Returns ``(state, attack action)``."""
    import evo_lab

    ex = evo_lab.Explorer(evo_lab.Game(players=4, seed=7), seed=7)
    ex.stepper.play_to("phase")
    while ex.state.node_name() != "move":
        ex.session.step()
    while not any(a.kind == "attack" for a in ex.state.legal_actions()):
        ex.session.step()
    st = ex.state
    return st, next(a for a in st.legal_actions() if a.kind == "attack")


def _horns() -> tuple[int, int]:
    """(attack, defence) strength of the tour's legal attack."""
    st, a = tour_attack()
    return st.attack_strength(st.occupant(a.a)), st.defence_strength(st.occupant(a.b))


def _e1_facts() -> dict:
    from evo_lab.games.evo2e.odds import combat_odds

    att, dfn = _horns()
    return {"attack": f"attack {att} vs defence {dfn}", "now": str(combat_odds(att, dfn).probability)}


@exercise(
    "00.1", "fraction", "One more horn adds 1 to the difference; read lesson 02's table.", facts=_e1_facts
)
def _e1():
    from evo_lab.games.evo2e.odds import combat_odds

    att, dfn = _horns()
    return combat_odds(att + 1, dfn).probability


@exercise("00.2", "fraction", "Where can the meteorite be in the pile?")
def _e2():
    import evo_lab
    from evo_lab.games.evo2e.odds import climate_forecast

    return climate_forecast(evo_lab.Game(players=4), rounds=11).game_length[11]


@exercise("00.3", "integer", "Every species starts with 2 movement points.")
def _e3():
    import evo_lab

    return evo_lab.load_data().setup["base_movement"] + 1
