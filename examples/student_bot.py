"""A sample student bot for North Star's *Evolution* (``evolution``), written for the observation protocol that
``scripts/grade_bot.py`` grades: one class with ``act(observation, legal_actions)``.

Its plan, read only from the legal actions and its own random generator:

* choose a food card at random;
* in the play-cards phase, grow its population while it can (a card spent on +1 population), then pass;
* in the feeding, attack when it can, else eat, else take what is left.

Run it (``python examples/student_bot.py``) to play a few seeded games against the built-in greedy bot, or grade
it: ``python scripts/grade_bot.py examples/student_bot.py --game evolution --games 40 --seed 1``.
"""

from __future__ import annotations

import random


class HungryHerbivore:
    """Grow, then eat (or attack); a seeded random generator breaks every tie."""

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)
        self.grown = 0

    def act(self, observation: dict, legal_actions: list) -> object:
        kinds = {a[0] for a in legal_actions}
        if "food" in kinds:
            self.grown = 0
            return self.rng.choice(legal_actions)
        if "pop" in kinds and self.grown < 2:
            self.grown += 1
            return self.rng.choice([a for a in legal_actions if a[0] == "pop"])
        for kind in ("attack", "eat", "pass"):
            options = [a for a in legal_actions if a[0] == kind]
            if options:
                return self.rng.choice(options)
        return self.rng.choice(legal_actions)


if __name__ == "__main__":
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
    from grade_bot import grade

    report = grade(Path(__file__), game="evolution", games=6, seed=1)
    print(report.text())
