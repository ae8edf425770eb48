"""A sample student bot for North Star's *Evolution* (``evolution``), the worked solution of assignment B1
(``docs/teaching/problems.md``): one class with ``act(observation, legal_actions)``, the legal actions given as
strings in the game's notation ("eat 1", "attack 3 P1.1", "trait 1 ambush+1", "pass", ...).

Its plan, read only from the legal actions and its own seeded random generator:

* choose a food card at random;
* in the feeding, attack when it can, else eat;
* in the play-cards phase, play every card as a trait (each trait card is worth a point at the end), then grow
  population or body size with what is left; pass when nothing else is legal.

Run it (``python examples/trait_collector.py``) to grade a few seeded games against the built-in greedy bot, or
grade it properly: ``python scripts/grade_bot.py examples/trait_collector.py --game evolution --games 60 --seed 1``.
"""

from __future__ import annotations

import random

#: what to do when it may, most wanted first (the first word of an action)
PREFERENCE = ("attack", "eat", "trait", "pop", "body")


class TraitCollector:
    """Feed first, then collect traits; a seeded random generator breaks every tie."""

    name = "trait-collector"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def reset(self, seed: int | None) -> None:
        """A new game: start afresh from its seed."""
        self.rng = random.Random(seed)

    def act(self, observation: dict, legal_actions: list[str]) -> str:
        kinds = [a.split()[0] for a in legal_actions]
        if "food" in kinds:
            return self.rng.choice(legal_actions)
        for kind in PREFERENCE:
            options = [a for a, k in zip(legal_actions, kinds) if k == kind]
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
