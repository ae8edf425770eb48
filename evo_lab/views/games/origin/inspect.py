"""What the Origin board says about the selected animal (the HTML under the table) and the status line, in words:
the animal's traits and food, the actions of the player to act that use it, and for a carnivore every other animal
as a prey (the exact chance of each outcome of the attack: eaten, runs away, drops a trait; and what follows: the
carnivore's food, Poisonous, the Scavenger) or as protected (by which trait); for any other animal, the carnivores
that may attack it and the chance each would eat it.

>>> from evo_lab.games.origin.scenarios import scenario
>>> from evo_lab.games.origin.odds import attack_rows
>>> s = scenario("running")
>>> html = animal_html(s, s.names["C"], attack_rows(s, s.names["C"]), None)
>>> "It may attack" in html and "runs away" in html and "1/2" in html
True
>>> status_words(s)
'P1 to take food, attack or use a trait (turn 1, feeding)'
"""

from __future__ import annotations

from fractions import Fraction
from html import escape
from typing import Any

from evo_lab.core.words import plural, prob_words
from evo_lab.games.origin.odds import (
    AttackRow,
    OddsError,
    attack_odds,
    blocked_by,
    open_attack,
    ready_to_attack,
    why_no_attack,
)
from evo_lab.games.origin.words import (
    owner_of,
    animal_words,
    find_animal,
    node_words,
    phase_words,
    player,
    traits_of,
)

__all__ = [
    "animal_html",
    "attack_table",
    "defence_odds",
    "odds_cell",
    "odds_words",
    "safe_list",
    "status_words",
]


def status_words(state: Any) -> str:
    """The board's status line: who is to do what, in which turn and phase."""
    if state.is_terminal():
        scores = state.current_scores()
        return (
            "Game over: "
            + ", ".join(player(p) for p in state.winners())
            + " won ("
            + ", ".join(f"{player(p)} {v}" for p, v in enumerate(scores))
            + " points)"
        )
    where = f"turn {state.turn}, {phase_words(state)}"
    if state.is_chance_node():
        return f"Chance: {node_words(state)} ({where}; Step to roll or deal)"
    return f"{player(state.current_player())} to {node_words(state)} ({where})"


def odds_cell(p: Fraction) -> str:
    return "-" if p == 0 else escape(prob_words(p))


def odds_words(odds: Any) -> str:
    """An attack's outcomes in one line: "eaten 1/2 (50.0%), runs away 1/2 (50.0%); the carnivore gets ..."."""
    parts = [
        f"{name} for sure" if p == 1 else f"{name} {prob_words(p)}"
        for name, p in (("eaten", odds.eaten), ("runs away", odds.escaped), ("drops a trait", odds.tail))
        if p
    ]
    extra = [food_words(odds)]
    if any(x.poisoned for x in odds.outcomes):
        extra.append("Poisonous: the carnivore dies at the end of the turn")
    if any(x.scavenger for x in odds.outcomes):
        extra.append("a Scavenger gets a blue token")
    if any(x.redirected for x in odds.outcomes):
        extra.append("Mimicry turns the attack")
    return ", ".join(parts) + "; " + "; ".join(extra)


def defence_odds(state: Any, action: Any) -> str:
    """What a defender's choice that leaves the attack open (Mimicry's redirect, Running) leads to: the exact
    chance of each outcome when the defenders then keep the most points ("eaten 1/2 (50.0%), runs away 1/2
    (50.0%)", "eaten for sure (100%)"); "" for any other action (Tail Loss and no defence say what happens).

    >>> from evo_lab.games.origin.scenarios import scenario
    >>> s = scenario("mimicry")
    >>> [defence_odds(s, a) for a in s.legal_actions()]
    ['eaten 1/2 (50.0%), runs away 1/2 (50.0%)', 'eaten for sure (100%)', '']
    """
    if action[0] not in ("mimic", "run"):
        return ""
    after = state.clone()
    after.apply_action(action)
    try:
        odds = open_attack(after)
    except OddsError:  # pragma: no cover - an open attack always has odds
        return ""
    if odds is None:  # the attack is over: what happened is certain
        eaten = any(type(e).__name__ == "Killed" for e in after.events()[len(state.events()) :])
        return "eaten for sure (100%)" if eaten else "not eaten (100%)"
    return ", ".join(
        f"{name} for sure (100%)" if p == 1 else f"{name} {prob_words(p)}"
        for name, p in (("eaten", odds.eaten), ("runs away", odds.escaped), ("drops a trait", odds.tail))
        if p
    )


def attack_table(state: Any, rows: list[AttackRow]) -> str:
    """The possible prey as a list: the chance of each outcome under the defender's best defence, the
    carnivore's expected food and what else follows (Poisonous, a Scavenger, Mimicry)."""
    items = [
        f"<li><b>{escape(animal_words(state, r.target))}</b>: {escape(odds_words(r.odds))}</li>"
        for r in rows
        if r.odds is not None
    ]
    return f"<ul class='origin-prey'>{''.join(items)}</ul>" if items else ""


def food_words(odds: Any) -> str:
    """The carnivore's blue tokens from an attack: a number when every outcome gives the same, else the range
    and the expected number ("on average": an escape gives nothing, an eaten prey its food).

    >>> from types import SimpleNamespace as O
    >>> from fractions import Fraction
    >>> food_words(O(outcomes=[O(food=2), O(food=0)], food=Fraction(1)))
    'the carnivore gets 0 to 2 blue tokens, 1 on average'
    >>> food_words(O(outcomes=[O(food=1)], food=Fraction(1)))
    'the carnivore gets 1 blue token'
    """
    foods = sorted({int(o.food) for o in odds.outcomes}) or [0]
    if len(foods) == 1:
        return f"the carnivore gets {plural(foods[0], 'blue token')}"
    x: Fraction = odds.food
    mean = str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator} ({float(x):.2f})"
    return f"the carnivore gets {foods[0]} to {foods[-1]} blue tokens, {mean} on average"


def _may(state: Any, aid: int, viewer: int | None) -> str:
    from evo_lab.views.games import view_for

    from .board import actions_of

    if state.is_terminal():
        return "The game is over."
    if state.is_chance_node():
        return f"Nobody acts now: {escape(node_words(state))}."
    cur = state.current_player()
    acts = actions_of(state, aid)
    if not acts:
        return f"No action with it now ({escape(player(cur))} is to {escape(node_words(state))})."
    if viewer is not None and viewer != cur:
        return f"{escape(player(cur))} may use it now ({len(acts)} actions); you view as {escape(player(viewer))}."
    view = view_for(state.game)
    hunts = [a for a in acts if a[0] == "attack" and a[1] == aid]
    rest = [a for a in acts if a not in hunts]
    items = "".join(f"<li>{escape(view.choice_label(state, a))}</li>" for a in rest)
    if hunts:
        items += f"<li>attack: {len(hunts)} possible prey, below</li>"
    return f"{escape(player(cur))} may now:<ul>{items}</ul>"


def safe_list(state: Any, carnivore: int) -> str:
    """Why no animal on the table can be attacked by ``carnivore``: each one with the trait that keeps it safe
    ("every other animal is safe from it: P2's animal 1 (Swimming: only a carnivore with Swimming may attack
    it)")."""
    s = ready_to_attack(state, carnivore)
    why = []
    for p in range(s.game.players):
        for a in s.animals(p):
            if a.id != carnivore:
                name, _, because = (blocked_by(s, carnivore, a.id) or "the rules").partition(" (")
                because = because.removesuffix(")")
                why.append(
                    f"{animal_words(s, a.id, traits=False)} ({name}{': ' + because if because else ''})"
                )
    return "every other animal is safe from it: " + "; ".join(why) if why else "it is the only animal"


def _carnivore(state: Any, aid: int, rows: list[AttackRow]) -> str:
    if not rows:
        if state.node_name() in ("defend", "run"):
            return "<div>An attack is under way: no other attack can start before it ends (its odds: Odds tab).</div>"
        try:
            why = why_no_attack(state, aid)
        except OddsError as e:
            return f"<div>It cannot attack now: {escape(str(e))}.</div>"
        if why.startswith("no animal"):
            why = safe_list(state, aid)
        return f"<div>It cannot attack now: {escape(why)}.</div>"
    owner = owner_of(state, aid)
    now = any(r.now for r in rows)
    if now:
        head = "It may attack (click a prey marked in red to attack it):"
    elif state.node_name() == "feed" and state.current_player() == owner:
        head = (
            f"{escape(player(owner))} has taken this turn's food or attack; in a later feeding turn it could "
            "attack:"
        )
    else:
        head = f"It could attack (if it attacked now, in {escape(player(owner))}'s feeding turn):"
    out = [f"<div><b>{head}</b></div>", attack_table(state, rows)]
    safe = [r for r in rows if r.odds is None]
    if safe:
        out.append(
            "<div><b>Protected from it:</b><ul>"
            + "".join(
                f"<li>{escape(animal_words(state, r.target, traits=False))}: {escape(r.blocked)}</li>"
                for r in safe
            )
            + "</ul></div>"
        )
    out.append(
        "<div class='origin-note'>Odds when the defender keeps the most points (Running's die 4, 5 or 6 "
        "escapes; then Tail Loss or Mimicry); the Odds tab draws the whole tree.</div>"
    )
    return "".join(out)


def _threats(state: Any, aid: int) -> str:
    """The carnivores that may attack ``aid`` and what each attack would do (the chance it is eaten), and the
    carnivores a trait keeps from it (which trait); the attack under way when it is its prey."""
    from .board import chip

    g = state.game
    atk = state.observation(None).get("attack") if state.node_name() in ("defend", "run") else None
    if atk and atk.get("target") == aid:
        odds = open_attack(state)
        if odds is not None:
            who = animal_words(state, atk["attacker"], traits=False)
            return f"<div><b>Under attack by {escape(who)}:</b> {escape(odds_words(odds))}.</div>"
    lines, safe = [], []
    for p in range(g.players):
        for c in state.animals(p):
            if c.id == aid or g.CARN not in {t for t, _ in c.traits}:
                continue
            try:
                odds = attack_odds(state, c.id, aid)
            except OddsError:
                try:
                    why = blocked_by(ready_to_attack(state, c.id), c.id, aid)
                except OddsError:
                    why = ""
                if why:
                    safe.append(f"<li>{escape(animal_words(state, c.id, traits=False))}: {escape(why)}</li>")
                continue
            lines.append(f"<li>{escape(animal_words(state, c.id))}: {escape(chip(odds))}</li>")
    out = []
    if lines:
        out.append(
            "<div><b>Carnivores that may attack it</b> (if each attacked now):<ul>"
            + "".join(lines)
            + "</ul></div>"
        )
    if safe:
        out.append("<div><b>Safe from:</b><ul>" + "".join(safe) + "</ul></div>")
    return "".join(out) or "<div>No carnivore on the table may attack it now.</div>"


def animal_html(state: Any, aid: int, rows: list[AttackRow], viewer: int | None) -> str:
    """Everything the board says about animal ``aid`` (``rows``: its prey, when it is a carnivore)."""
    a = find_animal(state, aid)
    if a is None:
        return ""
    names = traits_of(state, a)
    food = f"food {a.red + a.blue} of {a.need}" + (f", fat {a.fat_full} of {a.fat}" if a.fat else "")
    head = (
        f"<div class='origin-head'><b>{escape(animal_words(state, aid, traits=False))}</b>: "
        f"{escape(', '.join(names) or 'no traits')}; {escape(food)}"
        + (", hibernating" if a.sleeping else "")
        + (", poisoned" if a.poisoned else "")
        + ".</div>"
    )
    body = [head, f"<div>{_may(state, aid, viewer)}</div>"]
    if state.game.CARN in {t for t, _ in a.traits}:
        body.append(_carnivore(state, aid, rows))
    elif state.phase_name() in ("development", "food", "feeding") and not state.is_terminal():
        body.append(_threats(state, aid))
    return "<div class='origin-info'>" + "".join(body) + "</div>"
