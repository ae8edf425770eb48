"""Tournaments: seeded games between bots, for every registered game, on any executor (serial, a local process
pool, Dask).

``simulate(players=4, games=100, bots=("greedy", "random", "random", "random"), seed=0)`` plays ``games``
games of Evo 2e (``game="origin"``, ``"evolution"``, ...: any registered game with a kit module) and returns a
:class:`SimulationResult`: a tidy table (one row per game and seat) and a summary per bot (outright wins and first
places, each a whole count with its Wilson interval; the share of first places, a ``k``-way shared first place
counting ``1/k``; the mean score with its interval, the means of the game's other columns, the game length).
The columns after ``game, seed, player, entrant, bot`` are the game's (its kit's ``COLUMNS``: Evo 2e
``mp, dinosaurs, place, won, rounds``; Evolution ``score, species, population, place, won, rounds``; Origin
``score, animals, traits, place, won, turns``).

Reproducibility: game ``i`` gets its own seed, ``seed_int(child_seeds(seed, games)[i])``; inside a game that
seed alone drives the chance outcomes and every bot's seed (:func:`play_game` replays one game from it), so
the results are identical whatever the executor, the worker count or the chunking.

Seating rotation: game ``i`` seats the lineup rotated by ``i mod players``: entrant ``j`` of ``bots`` sits in
seat ``(j + i) % players``. Over any multiple of ``players`` games every entrant has sat in every seat equally
often (the turn order itself is drawn at random in setup, as the rules say).

>>> r = simulate(players=2, games=4, bots=("greedy", "random"), seed=1, progress=False)
>>> [row["bot"] for row in r.rows[:4]]
['greedy', 'random', 'random', 'greedy']
>>> r.summary[0]["bot"], r.summary[0]["seats"]
('greedy', 4)
>>> r == simulate(players=2, games=4, bots=("greedy", "random"), seed=1, progress=False)
True
>>> o = simulate(game="origin", players=3, games=3, bots=["greedy", "random", ("ismcts", {"iterations": 5})], seed=7,
...              progress=False)
>>> columns("origin"), o.summary[0]["bot"], o.config["game"]
(('game', 'seed', 'player', 'entrant', 'bot', 'score', 'animals', 'traits', 'place', 'won', 'turns'), 'greedy', 'origin')

The parts: :mod:`~evo_lab.sim.play` (one seeded game and its rows), :mod:`~evo_lab.sim.result`
(:class:`SimulationResult`, :func:`summarize`), :mod:`~evo_lab.sim.run` (:func:`simulate`, the executors).
"""

from __future__ import annotations

from ..bots.base import BotError
from ..bots.registry import bot_names
from .play import COLUMNS, KEYS, BotSpec, Row, SimulationError, columns, play_game
from ..stats import first_place_counts
from .result import SIM_FORMAT, SIM_VERSION, SimulationResult, summarize
from .run import LOCAL_DASK_CONFIG, dask_executor, simulate

__all__ = [
    "COLUMNS",
    "KEYS",
    "LOCAL_DASK_CONFIG",
    "SIM_FORMAT",
    "SIM_VERSION",
    "BotSpec",
    "Row",
    "bot_names",
    "columns",
    "BotError",
    "SimulationError",
    "SimulationResult",
    "dask_executor",
    "first_place_counts",
    "play_game",
    "simulate",
    "summarize",
]
