"""Names for JSON data in Evo 2e's files and records (core has no JSON alias of its own).

``JSON`` is any value JSON text can hold once parsed; ``JSONDict`` a JSON object. Loaders take ``object`` (what
they are given is checked before it is used) and writers return these.

>>> from evo_lab.games.evo2e.board import Board
>>> d: JSONDict = Board.standard(2).to_dict()
>>> d["format"]
'evo-lab-board'
"""

from __future__ import annotations

from typing import TypeAlias

__all__ = ["JSON", "JSONDict"]

#: A JSON value: an object, an array, a string, a number, true/false or null.
JSON: TypeAlias = dict[str, "JSON"] | list["JSON"] | str | int | float | bool | None
#: A JSON object.
JSONDict: TypeAlias = dict[str, JSON]
