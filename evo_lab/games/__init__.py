"""The games of evo-lab, each in its own package on the shared :mod:`evo_lab.core`.

=============  ==========================================================  ===========
id             game                                                        players
=============  ==========================================================  ===========
``evo2e``      Evo (Second Edition), Philippe Keyaerts                     2-5
=============  ==========================================================  ===========

``evo_lab.make_game(id, **options)`` builds any of them; registration is lazy (a module is imported when its game
is first made).
"""

from ..core.registry import register_game

register_game("evo2e", "evo_lab.games.evo2e:Game", title="Evo (Second Edition)", players=(2, 5),
              summary="Dinosaurs on an island under a climate wheel: gene auction, movement, birth, survival.")
