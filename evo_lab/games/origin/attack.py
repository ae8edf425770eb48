"""A carnivore's attack, step by step (the kernel; the traits' own parts are hooks in :mod:`.traits`).

Seed: "Animal with "carnivorous" trait can attack another animal of any player, attacker's owner as well. In this
case player doesn't take food token from food bank. Instead, "carnivorous" animal gets 2 blue food tokens if attack
was successful." and "It cannot attack if it has already fed and hasn't empty "fat tissue"."

The order follows the reference (§5, "Attack resolution order in EW"):

1. **static defences** decide whether the carnivore may target the animal at all (:func:`attackable`):
   the data-driven masks (Camouflage needs Sharp Vision, High Body Weight needs High Body Weight, Swimming both
   ways) and the conditional hooks (Burrowing while fed, Symbiosis while the symbiont lives);
2. **active defences** (Running, Mimicry, Tail Loss) are offered to the defender (:func:`options`); a single
   option applies by itself (ruling R4), Running is a chance node (a die);
3. **the kill** (:func:`kill`): the prey's on-eaten hooks (Poisonous), the carnivore's 2 blue tokens, then one
   Scavenger (ruling R3).

``state.attack`` is ``[attacker, target, running]`` while an attack is open (``running``: 0 not tried, 1 failed,
2 the die is being rolled).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import events as ev
from .actions import Accept
from .model import Animal
from .sharing import feed
from .table import remove_animal, remove_trait

if TYPE_CHECKING:
    from .actions import Action
    from .state import OriginState

__all__ = [
    "attackable",
    "targets",
    "start",
    "options",
    "apply_defence",
    "roll",
    "kill",
    "NOT_TRIED",
    "FAILED",
    "ROLLING",
]

NOT_TRIED, FAILED, ROLLING = 0, 1, 2


def attackable(s: OriginState, c: Animal, t: Animal) -> bool:
    """May carnivore ``c`` attack ``t``? Only the static defences count here (reference §5, step 2)."""
    if t is c:
        return False
    req = t.attacker_needs
    if req and (c.mask & req) != req:
        return False
    treq = c.prey_needs
    if treq and (t.mask & treq) != treq:
        return False
    g = s.game
    if t.protectors and g.link_blocks:
        for fn in g.link_blocks:
            if fn(s, c, t):
                return False
    m = t.mask
    for bit, fn in g.cond_blocks:
        if m & bit and fn(s, c, t):
            return False
    return True


def targets(s: OriginState, c: Animal) -> list[int]:
    """Ids of every animal ``c`` may attack, seat by seat, left to right."""
    A = s.animal_by_id
    out = []
    for row in s.rows:
        for aid in row:
            t = A[aid]
            if t is not c and attackable(s, c, t):
                out.append(aid)
    return out


def start(s: OriginState, c: Animal, t: Animal) -> None:
    """The carnivore attacks: the turn's eating action, the carnivore's use for this turn (or round)."""
    c.attacked_at = s.turn
    s.ate = s.acted = True
    s.attack = [c.id, t.id, NOT_TRIED]
    s.emit(ev.Attacked(c.id, t.id))


def options(s: OriginState) -> list[Action]:
    """The defender's choices against the open attack: every active defence the target has, plus ``accept``
    (be eaten) when no compulsory defence is available; ``[("accept", t)]`` alone means the kill goes through."""
    c_id, t_id, running = s.attack  # type: ignore[misc]  # an attack is open here
    c, t = s.animal_by_id[c_id], s.animal_by_id[t_id]
    out: list[Action] = []
    compulsory = False
    for bit, fn in s.game.defences:
        if t.mask & bit:
            acts, must = fn(s, c, t, running)
            if acts:
                out += acts
                compulsory = compulsory or must
    if not compulsory:
        out.append(Accept("accept", t_id))
    return out


def apply_defence(s: OriginState, a: Action) -> None:
    """Apply one defence choice (its trait's hook) or ``accept``."""
    if a[0] == "accept":
        kill(s)
    else:
        s.game.actions[a[0]](s, a)


def roll(s: OriginState, face: int) -> None:
    """The Running die: 4, 5 or 6 escapes (the attack ends, the carnivore gets nothing); else the defence goes on."""
    t_id = s.attack[1]  # type: ignore[index]  # an attack is open here
    if face >= s.game.setup["running_escape_from"]:
        s.attack = None
        s.emit(ev.Escaped(t_id, face))
    else:
        s.attack[2] = FAILED  # type: ignore[index]  # an attack is open here
        s.emit(ev.Caught(t_id, face))


def kill(s: OriginState) -> None:
    """The prey is eaten: its on-eaten hooks, off the table into its owner's discard pile, 2 blue tokens to the
    carnivore, then the hooks that react to any kill (Scavenger)."""
    c_id, t_id, _ = s.attack  # type: ignore[misc]  # an attack is open here
    g = s.game
    c, t = s.animal_by_id[c_id], s.animal_by_id[t_id]
    s.attack = None
    for bit, fn in g.on_eaten:
        if t.mask & bit:
            fn(s, c, t)
    remove_animal(s, t)
    s.emit(ev.Killed(c_id, t_id))
    feed(s, c, g.setup["kill_food"], True, "kill")
    for hook in g.on_any_kill:
        hook(s, c)


def tail_loss_escape(s: OriginState, t: Animal, trait: int, partner: int) -> None:
    """Tail Loss: the chosen trait card goes to the discard pile; the animal lives; the carnivore gets 1 blue."""
    c_id = s.attack[0]  # type: ignore[index]  # an attack is open here
    s.attack = None
    remove_trait(s, t, trait, partner)
    s.emit(ev.TailLost(t.id, trait, partner))
    feed(s, s.animal_by_id[c_id], s.game.setup["tail_loss_food"], True, "tail_loss")
