"""A bot for a classroom tournament (docs/tournaments.md): copy this file, rename the class, change ``act``.

Try it:   python examples/student_bot.py        (ten games of Origin against the random bot, with the leaderboard)
Play it:  evo-lab tournament --game origin --bots examples/student_bot.py builtin:random builtin:greedy --games 60
"""

import random


class StudentBot:
    name = "eat-first"  # the name on the leaderboard (default: the file's name)

    def __init__(self, seed=None):
        self.rng = random.Random(seed)

    def reset(self, seed):
        """A new game starts: start afresh (a bot keeps nothing from one game to the next)."""
        self.rng = random.Random(seed)

    def act(self, observation, legal_actions):
        """``observation``: what your seat may see (a dict); ``legal_actions``: your choices, as strings in the
        game's notation. Return one of them (or its index). Here: eat when you can, else put down an animal, else
        anything."""
        for word in ("eat", "animal"):
            mine = [a for a in legal_actions if a.startswith(word)]
            if mine:
                return self.rng.choice(mine)
        return self.rng.choice(legal_actions)


if __name__ == "__main__":
    from evo_lab.tournament.runner import run_tournament

    result = run_tournament("origin", [__file__, "builtin:random"], games=10, seed=1, progress=False, bootstrap=50)
    print(result.table())
