import time

from _faulty import Faulty


class Hangs(Faulty):
    name = "hangs"

    def misbehave(self, observation, legal_actions):
        time.sleep(10)
        return 0
