"""A remote player for evo-lab tournaments, in plain Python (docs/remote.md): a seeded random legal action.

The tournament runs it:   evo-lab tournament --game origin --bots 'cmd:python examples/remote_bot.py' builtin:greedy
or it listens for it:     python examples/remote_bot.py --listen 9000   (then --bots tcp:127.0.0.1:9000)
"""

import json
import random
import socketserver
import sys


def play(lines, send):
    """Answer the dealer's messages (one JSON object per line) until bye or the end of the input."""
    rng = random.Random()
    for line in lines:
        msg = json.loads(line)
        if msg["type"] == "hello":
            send({"type": "hello", "protocol": "evo-lab-remote", "version": 1, "name": "example-py"})
        elif msg["type"] == "start":  # a new game: seat, players, seed, ...
            rng.seed(msg["seed"])
            send({"type": "ready"})
        elif msg["type"] == "act":  # msg["observation"]: what this seat sees; msg["legal"]: the choices
            send({"type": "action", "action": rng.randrange(len(msg["legal"]))})
        elif msg["type"] == "bye":
            return


class Connection(socketserver.StreamRequestHandler):
    def handle(self):
        play(self.rfile, lambda m: self.wfile.write((json.dumps(m) + "\n").encode()))


if __name__ == "__main__":
    if sys.argv[1:2] == ["--listen"]:
        with socketserver.ThreadingTCPServer(("127.0.0.1", int(sys.argv[2])), Connection) as server:
            print(f"listening on 127.0.0.1:{server.server_address[1]}", flush=True)
            server.serve_forever()
    else:
        play(sys.stdin, lambda m: print(json.dumps(m), flush=True))
