from _faulty import Faulty


class Illegal(Faulty):
    name = "illegal"

    def misbehave(self, observation, legal_actions):
        return "castle kingside"
