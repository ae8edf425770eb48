from _faulty import Faulty


class Raises(Faulty):
    name = "raises"

    def misbehave(self, observation, legal_actions):
        return {}["no such key"]
