"""Evo first edition's registration: a variant of Evo 2e with its own id, pack and hooks; it plays with Evo 2e's
view plugin, kit and bots."""

from ...core.registry import GameInfo, register

INFO = register(
    GameInfo(
        id="evo1e",
        title="Evo (first edition)",
        designers="Philippe Keyaerts",
        factory="evo_lab.games.evo1e:Game",
        players=range(3, 6),  # evo_lab/data/evo1e/setup.json players_min/max (docs/evo1e.md)
        summary="Evo 2001 as a variant of Evo 2e: tails, parasols, a d6 climate, a meteor track, attackers that lose.",
        pack="evo_lab/data/evo1e",
        rules=("docs/evo1e.md",),
        view="evo_lab.views.games.evo1e:Evo1eView",
        kit="evo_lab.games.evo1e.kit",
        bots=("analysis", "greedy", "ismcts", "lively", "random"),
        variant_of="evo2e",
    )
)
