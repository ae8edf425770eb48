import os
import signal

from _faulty import Faulty


class Segfaults(Faulty):
    name = "segfaults"

    def misbehave(self, observation, legal_actions):
        os.kill(os.getpid(), signal.SIGSEGV)
