"""The games of evo-lab, each in its own package on the shared :mod:`evo_lab.core`.

Each package registers itself once, in its ``info.py`` (a :class:`~evo_lab.core.registry.GameInfo`: id, title,
players, variants, data pack, rules documents, view plugin, kit module, bots). :func:`collect` imports every
``info.py`` under this package; the registry calls it on first use, so ``import evo_lab`` does not import every
game. Nothing else lists the games: ``evo_lab.make_game(id, **options)`` builds any of them,
``evo_lab.game_info(id)`` says what it is, and the README's games table is generated from the registrations
(``scripts/gen_games_table.py``).

>>> "origin" in collect()
True
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil

__all__ = ["collect"]


def collect() -> list[str]:
    """Import the ``info`` module of every game package here (each registers its game); returns the packages."""
    found = []
    for m in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if m.ispkg and importlib.util.find_spec(f"{__name__}.{m.name}.info") is not None:
            importlib.import_module(f"{__name__}.{m.name}.info")
            found.append(m.name)
    return found
