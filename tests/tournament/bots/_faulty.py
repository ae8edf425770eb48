"""The shared base of the faulty test bots: plays like clean.py until its ``when``-th decision of a game, then
misbehaves (``misbehave``)."""

import random


class Faulty:
    when = 2

    def __init__(self, seed=None):
        self.rng = random.Random(seed)
        self.decision = 0

    def reset(self, seed):
        self.rng = random.Random(seed)
        self.decision = 0

    def act(self, observation, legal_actions):
        self.decision += 1
        if self.decision == self.when:
            return self.misbehave(observation, legal_actions)
        return self.rng.randrange(len(legal_actions))

    def misbehave(self, observation, legal_actions):
        raise NotImplementedError
