"""A bot of evo-lab's Bot class that writes down every position it is shown (to $EVO_LAB_TEST_PEEKFILE): in a
sandbox those are determinizations, not the real state."""

import json
import os

from evo_lab.bots import Bot


class Peeker(Bot):
    name = "peeker"

    def act(self, state, player):
        with open(os.environ["EVO_LAB_TEST_PEEKFILE"], "a") as f:
            f.write(json.dumps(state.to_dict()) + "\n")
        return state.legal_actions()[0]
