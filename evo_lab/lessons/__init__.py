"""Helpers for the lessons in ``notebooks/``: answer checks, static twins of the charts, seeded positions.

* :func:`check` (``evo_lab.lessons.checks``): is a student's answer right? (never shows the answer)
* :func:`show` (``evo_lab.lessons.static``): a plotly chart plus a PNG twin that survives export
* :func:`show_widget`, :func:`board` (``evo_lab.lessons.display``): widgets and boards with static fallbacks
* ``evo_lab.lessons.positions``: positions reached by seeded play through ``apply_action``

The course map is ``notebooks/README.md``.
"""

from .checks import check, expected, exercises
from .display import board, show_widget
from .static import show, to_png

__all__ = ["board", "check", "expected", "exercises", "show", "show_widget", "to_png"]
