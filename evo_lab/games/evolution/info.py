"""Evolution's registration, with its two variants (each also a registered id: ``evolution-climate``,
``evolution-course2016``). The player ranges are the packs' (``evo_lab/data/evolution/setup.json``): official
2-6 (seed 003 line 84: the 2-player and 6-player rules), Climate 2-6 (seed 002 line 26), the course 3-8
(dealer.rkt MIN-PLAYERS/MAX-PLAYERS)."""

from ...core.registry import GameInfo, Variant, register

INFO = register(
    GameInfo(
        id="evolution",
        title="Evolution (North Star Games)",
        factory="evo_lab.games.evolution.game:Game",
        players=range(2, 7),
        summary="Species boards, traits, a watering hole and carnivores: feed, adapt, survive.",
        pack="evo_lab/data/evolution",
        rules=("docs/evolution.md",),
        view="evo_lab.views.games.evolution:EvolutionView",
        kit="evo_lab.games.evolution.kit",
        bots=("analysis", "course", "greedy", "ismcts", "lively", "random"),
        variants=(
            Variant(
                "climate",
                "Evolution: Climate",
                range(2, 7),
                {"variant": "climate"},
                summary="Evolution with a climate track, heat and cold.",
            ),
            Variant(
                "course2016",
                "Evolution, 2016 course rules",
                range(3, 9),
                {"variant": "course2016"},
                summary=(
                    "The house rules of a Northeastern University software course (Spring 2016): no body-size "
                    "rule for attacks, one food per kill, the course's scoring."
                ),
            ),
        ),
    )
)
