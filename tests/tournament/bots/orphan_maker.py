"""Starts a grandchild process (its pid written to $EVO_LAB_TEST_PIDFILE), then hangs: the time limit must end
both (the whole process group is killed)."""

import os
import subprocess
import sys
import time


class OrphanMaker:
    name = "orphan-maker"

    def act(self, observation, legal_actions):
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
        with open(os.environ["EVO_LAB_TEST_PIDFILE"], "w") as f:
            f.write(str(child.pid))
        time.sleep(30)
        return 0
