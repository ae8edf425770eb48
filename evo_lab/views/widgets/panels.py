"""The inspector panels over a shared :class:`~evo_lab.views.widgets.session.Session`, one module each: the
action picker (:mod:`.picker`), the combat inspector (:mod:`.combat`), the climate panel (:mod:`.climate`), the
auction panel (:mod:`.auction`), the players and story panels (:mod:`.players`). This module gathers them.

>>> from evo_lab.views.widgets.session import Session
>>> s = Session(players=2, seed=1); _ = s.play_to("setup")
>>> ActionPicker(s).choices()[0][1].startswith("bid")
True
"""

from __future__ import annotations

from .auction import AuctionPanel
from .climate import ClimatePanel, wheel_legend_html, wheel_svg
from .combat import CombatInspector
from .common import Panel, badge_html, fmt_prob, player_html
from .picker import ActionPicker
from .players import PlayersPanel, StoryPanel

__all__ = ["ActionPicker", "AuctionPanel", "ClimatePanel", "CombatInspector", "Panel", "PlayersPanel", "StoryPanel",
           "badge_html", "fmt_prob", "player_html", "wheel_legend_html", "wheel_svg"]
