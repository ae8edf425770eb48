"""A well-behaved bot: a seeded random choice among the legal actions (it prints, which is harmless)."""

import random


class Clean:
    name = "clean"

    def __init__(self, seed=None):
        self.rng = random.Random(seed)

    def reset(self, seed):
        self.rng = random.Random(seed)

    def act(self, observation, legal_actions):
        print("choosing among", len(legal_actions))  # goes to the bot's log, never to the protocol
        return self.rng.randrange(len(legal_actions))
