"""A cmd: player that answers the protocol's hello, then prints junk where an action should be."""

import json
import sys

for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "hello", "protocol": "evo-lab-remote", "version": 1, "name": "junk-stdio"}))
    elif msg["type"] == "start":
        print(json.dumps({"type": "ready"}))
    elif msg["type"] == "act":
        print("I think I will play the first one")
    elif msg["type"] == "bye":
        break
    sys.stdout.flush()
