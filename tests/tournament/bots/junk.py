"""Prints junk on its standard output, from Python and below it: harmless in the sandbox (it goes to the log)."""

import os
import sys

from _faulty import Faulty


class Junk(Faulty):
    name = "junk"

    def misbehave(self, observation, legal_actions):
        print("{not json at all")
        sys.stdout.flush()
        os.write(1, b"raw junk on fd 1\n")
        return 0
