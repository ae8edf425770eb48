"""Evo 2e's registration: the one :class:`~evo_lab.core.registry.GameInfo` of the game (collected by
:mod:`evo_lab.games`)."""

from ...core.registry import GameInfo, register

INFO = register(
    GameInfo(
        id="evo2e",
        title="Evo (Second Edition)",
        designers="Philippe Keyaerts",
        factory="evo_lab.games.evo2e:Game",
        players=range(2, 6),  # evo_lab/data/evo2e/setup.json players_min/max
        summary="Dinosaurs on an island under a climate wheel: gene auction, movement, birth, survival.",
        pack="evo_lab/data/evo2e",
        rules=("docs/engine.md", "docs/rulings.md", "docs/data.md"),
        view="evo_lab.views.games.evo2e:Evo2eView",
        kit="evo_lab.games.evo2e.kit",
        bots=("analysis", "greedy", "ismcts", "lively", "random"),
    )
)
