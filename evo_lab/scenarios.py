"""Scenario presets for teachers (Evo 2e): ``scenario(id) -> State``, ``scenarios() -> list``; see
:mod:`evo_lab.games.evo2e.scenarios`.

>>> import evo_lab.scenarios as S
>>> len(S.scenarios()) >= 8, S.scenario("auction").node_name()
(True, 'bid')
"""

from .games.evo2e.scenarios import (SCENARIOS, Scenario, UnknownScenarioError, scenario, scenario_info, scenarios,
                                    scenarios_markdown)

__all__ = ["SCENARIOS", "Scenario", "UnknownScenarioError", "scenario", "scenario_info", "scenarios",
           "scenarios_markdown"]
