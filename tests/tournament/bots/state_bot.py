"""A bot of evo-lab's own Bot class: it gets a state (in a sandbox, a determinization of the position)."""

from evo_lab.bots import Bot


class FirstLegal(Bot):
    name = "first-legal"

    def act(self, state, player):
        return state.legal_actions()[0]
