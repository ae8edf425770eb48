"""Evo 2e's island: the board graph (:mod:`.graph`: :class:`Board`, hex spaces, terrain, coast, start areas,
distances), its file format (:mod:`.file_format`: ``evo-lab-board`` version 1, every check) and the generator of
procedural islands (:mod:`.generator`). ``evo_lab.Board`` and ``evo_lab.BoardError`` are these.

>>> Board.standard(2).n, TERRAINS[0]
(26, 'desert')
"""

from .file_format import DEFAULT_TERRAIN_BOUNDS, FORMAT, LABEL_RE, VERSION, problems, validate
from .graph import DEFAULT_SIZES, DIRECTIONS, TERRAINS, Board, BoardError, hex_center, row_letters

__all__ = [
    "DEFAULT_SIZES",
    "DEFAULT_TERRAIN_BOUNDS",
    "DIRECTIONS",
    "FORMAT",
    "LABEL_RE",
    "TERRAINS",
    "VERSION",
    "Board",
    "BoardError",
    "hex_center",
    "problems",
    "row_letters",
    "validate",
]
