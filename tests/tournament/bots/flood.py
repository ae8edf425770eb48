"""Floods its log at its second decision: the output limit stops it."""

from _faulty import Faulty


class Flood(Faulty):
    name = "flood"

    def misbehave(self, observation, legal_actions):
        print("x" * (4 << 20))
        return 0
