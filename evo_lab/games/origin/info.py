"""Origin of Species' registration (players 2-8: reference §1, 2-4 in one base set, and §4.2, the food dice up to
8 players with two sets; ``evo_lab/data/origin/setup.json`` players_min/max)."""

from ...core.registry import GameInfo, register

INFO = register(
    GameInfo(
        id="origin",
        title="Evolution: The Origin of Species",
        designers="Dmitry Knorre, Sergey Machin",
        factory="evo_lab.games.origin:OriginGame",
        players=range(2, 9),
        summary="The Russian card game: cards as animals or traits, a dice food bank, carnivores and defences.",
        pack="evo_lab/data/origin",
        rules=("docs/origin.md",),
        view="evo_lab.views.games.origin:OriginView",
        kit="evo_lab.games.origin.kit",
        bots=("analysis", "greedy", "ismcts", "lively", "random"),
    )
)
