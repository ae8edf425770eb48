"""The view plugin of Evo's first edition (``evo1e``): a variant of Evo 2e on the same states, drawn by the
defaults of :class:`~evo_lab.views.games.base.GameView` (its own ``to_svg`` board; Evo 2e's climate and auction
tabs assume the wheel and do not apply to the d6 climate) and Evo 2e's players tab, with Evo's words (:mod:`evo_lab.games.evo2e.words`):
what each node asks for, actions and chance outcomes by the printed names of genes and cards.

>>> import evo_lab
>>> from evo_lab.views.games import view_for
>>> s = evo_lab.make_game("evo1e", players=3, seed=1).new_initial_state()
>>> type(view_for(s.game)).__name__, view_for(s.game).node_words(s)
('Evo1eView', 'the starting turn order is drawn')
"""

from __future__ import annotations

from typing import Any

from evo_lab.views.games.base import GameView

__all__ = ["Evo1eView"]


class Evo1eView(GameView):
    """Evo (first edition) in the explorer: the generic board and tabs, Evo's words."""

    name = "evo1e"
    #: what a score is counted in (the Analysis tab): mutation points
    score_unit = "MP"

    def node_words(self, state: Any) -> str:
        from evo_lab.games.evo2e.words import node_words

        return node_words(state)

    def action_words(self, state: Any, action: Any, viewer: int | None = None) -> str:
        from evo_lab.games.evo2e.words import action_words

        return action_words(state, action, viewer)

    def choice_label(self, state: Any, action: Any) -> str:
        from evo_lab.games.evo2e.words import choice_label

        return choice_label(state, action)

    def scores(self, state: Any) -> list:
        return list(state.returns())

    def players_panel(self, session: Any) -> Any:
        from .evo2e.players import PlayersPanel

        return PlayersPanel(session)
