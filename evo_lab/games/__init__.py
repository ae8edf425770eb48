"""The games of evo-lab, each in its own package on the shared :mod:`evo_lab.core`.

=============  ==========================================================  ===========
id             game                                                        players
=============  ==========================================================  ===========
``evo2e``      Evo (Second Edition), Philippe Keyaerts                     2-5
``evo1e``      Evo (first edition, 2001), a variant of ``evo2e``            3-5
``evolution``  Evolution (North Star Games); ``variant="climate"`` /        2-6 (3-8)
               ``"course2016"``, also as ``evolution-climate`` and
               ``evolution-course2016``
``origin``     Evolution: The Origin of Species, Knorre and Machin         2-8
=============  ==========================================================  ===========

``evo_lab.make_game(id, **options)`` builds any of them; registration is lazy (a module is imported when its game
is first made). Each names its *kit module* (``kit.py`` in the game's package): the bots, the tournament columns,
the OpenSpiel/PettingZoo specification and the demo story the kit uses for that game.
"""

from ..core.registry import register_game

register_game("evo2e", "evo_lab.games.evo2e:Game", title="Evo (Second Edition)", players=(2, 5),
              summary="Dinosaurs on an island under a climate wheel: gene auction, movement, birth, survival.",
              kit="evo_lab.games.evo2e.kit")
register_game("evo1e", "evo_lab.games.evo1e:Game", title="Evo (first edition)", players=(3, 5),
              summary="Evo 2001 as a variant of Evo 2e: tails, parasols, a d6 climate, a meteor track, attackers that lose.",
              kit="evo_lab.games.evo1e.kit")
register_game("evolution", "evo_lab.games.evolution.game:Game", title="Evolution (North Star Games)", players=(2, 6),
              summary="Species boards, traits, a watering hole and carnivores: feed, adapt, survive.",
              kit="evo_lab.games.evolution.kit")
register_game("evolution-climate", "evo_lab.games.evolution.game:Game", title="Evolution: Climate",
              players=(2, 6), summary="Evolution with a climate track, heat and cold.", options={"variant": "climate"},
              kit="evo_lab.games.evolution.kit")
register_game("evolution-course2016", "evo_lab.games.evolution.game:Game", title="Evolution, NEU CS 4500 course 2016",
              players=(3, 8), summary="The course's house rules (its TestFest harnesses).",
              options={"variant": "course2016"}, kit="evo_lab.games.evolution.kit")
register_game("origin", "evo_lab.games.origin:OriginGame", title="Evolution: The Origin of Species", players=(2, 8),
              summary="The Russian card game: cards as animals or traits, a dice food bank, carnivores and defences.",
              kit="evo_lab.games.origin.kit")
