import os

from _faulty import Faulty


class Crashes(Faulty):
    name = "crashes"

    def misbehave(self, observation, legal_actions):
        os._exit(3)
