"""The inspector panels, gathered for old imports: the game-agnostic action picker (:mod:`.picker`) and Evo 2e's
panels, which now live in its view plugin (:mod:`evo_lab.views.games.evo2e`: combat, climate, auction, players
and story).

>>> from evo_lab.views.widgets.session import Session
>>> s = Session(players=2, seed=1); _ = s.play_to("setup")
>>> ActionPicker(s).choices()[0][1].startswith("bid")
True
"""

from __future__ import annotations

from evo_lab.views.games.evo2e.auction import AuctionPanel
from evo_lab.views.games.evo2e.climate import ClimatePanel, wheel_legend_html, wheel_svg
from evo_lab.views.games.evo2e.combat import CombatInspector
from evo_lab.views.games.evo2e.players import PlayersPanel, StoryPanel

from .common import Panel, badge_html, fmt_prob, player_html
from .picker import ActionPicker

__all__ = ["ActionPicker", "AuctionPanel", "ClimatePanel", "CombatInspector", "Panel", "PlayersPanel", "StoryPanel",
           "badge_html", "fmt_prob", "player_html", "wheel_legend_html", "wheel_svg"]
