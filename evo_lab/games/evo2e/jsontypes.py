"""Names for JSON data in Evo 2e's files and records: core's JSON types (``evo_lab.core.jsonio``) under short names.

``JSON`` is any value JSON text can hold once parsed; ``JSONDict`` a JSON object. Loaders take ``object`` (what
they are given is checked before it is used) and writers return these.

>>> from evo_lab.games.evo2e.board import Board
>>> d: JSONDict = Board.standard(2).to_dict()
>>> d["format"]
'evo-lab-board'
"""

from __future__ import annotations

from evo_lab.core.jsonio import JSONObject as JSONDict
from evo_lab.core.jsonio import JSONValue as JSON

__all__ = ["JSON", "JSONDict"]
