"""Probability and what-ifs: exact combat, attack-plan, climate and survival odds from the data pack (as
``fractions.Fraction``), and seeded Monte Carlo from any position. See ``docs/odds.md``.

>>> from evo_lab.games.evo2e.odds import combat_odds, climate_forecast
>>> combat_odds(2, 1).probability
Fraction(2, 3)
"""

from .attack_plan import (
    AttackPlan,
    RemovalOdds,
    attack_plan,
    attack_plans,
    best_attacker,
    demo_position,
    follow_plan,
    removal_distribution,
    simulate_attack_plan,
)
from .climate import (
    ClimateForecast,
    ClimateSimulation,
    climate_forecast,
    climate_view,
    game_length_distribution,
    markov_forecast,
    simulate_climate,
    stationary_distribution,
    transition_matrix_numpy,
    wheel_transition_matrix,
)
from .combat import (
    CombatOdds,
    KillerBabyOdds,
    NotMovementPhaseError,
    OddsError,
    combat_matrix,
    combat_odds,
    combat_table,
    killer_babies_odds,
    odds_by_difference,
)
from .montecarlo import MonteCarloResult, monte_carlo, replay
from .survival import SurvivalRisk, survival_risk

__all__ = [
    "AttackPlan",
    "RemovalOdds",
    "attack_plan",
    "attack_plans",
    "best_attacker",
    "demo_position",
    "follow_plan",
    "removal_distribution",
    "simulate_attack_plan",
    "ClimateForecast",
    "ClimateSimulation",
    "climate_forecast",
    "climate_view",
    "game_length_distribution",
    "markov_forecast",
    "simulate_climate",
    "stationary_distribution",
    "transition_matrix_numpy",
    "wheel_transition_matrix",
    "CombatOdds",
    "KillerBabyOdds",
    "NotMovementPhaseError",
    "OddsError",
    "combat_matrix",
    "combat_odds",
    "combat_table",
    "killer_babies_odds",
    "odds_by_difference",
    "MonteCarloResult",
    "monte_carlo",
    "replay",
    "SurvivalRisk",
    "survival_risk",
]
