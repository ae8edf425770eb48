"""The Origin Odds tab: the food bank's distribution for the player count (and the chance that it covers the
food the hungry animals still need), the feeding race (each animal's chance to survive the turn when every player
feeds by the course's race policy), and a carnivore's attack as an outcome tree (Running's die, the defender's
choices, Tail Loss, Mimicry, the kill, Poisonous, the Scavenger), every figure an exact fraction from
:mod:`evo_lab.games.origin.odds`. The race can take a moment on a full table: it is worked out on request (or after
every move, with the box ticked).

>>> from evo_lab.games.origin.scenarios import scenario
>>> from evo_lab.views.widgets.session import Session
>>> panel = OddsPanel(Session(scenario("running")))
>>> "two dice (2d6)" in panel.bank.value and "mean 7" in panel.bank.value
True
>>> panel.race_button.click(); "survives" in panel.race.value
True
>>> "runs away" in panel.attack.value and "Running" in panel.attack.value
True
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from html import escape
from typing import Any, cast

import ipywidgets as W

from evo_lab.core.chance import ChanceBudgetError, TreeNode, expectimax
from evo_lab.core.words import chance_of, plural, prob_words
from evo_lab.games.origin.odds import (
    AttackOdds,
    OddsError,
    attack_odds,
    attack_over,
    attack_rows,
    feeding_race,
    food_bank,
    open_attack,
    why_no_attack,
)
from evo_lab.games.origin.words import (
    owner_of,
    animal_words,
    defence_words,
    describe_action,
    dice_words,
    player,
)
from evo_lab.theory.food_race import demand
from evo_lab.views.widgets.common import Panel, row
from evo_lab.views.widgets.session import Session

from .inspect import safe_list

__all__ = ["OddsPanel", "bank_chart", "dice_words", "no_carnivore_words", "tree_html"]

RACE_NODES = 60_000


def bank_chart(dist: dict[int, Fraction], need: int | None = None) -> str:
    """The bank's distribution as an SVG bar chart (totals under the bars; the totals that cover ``need`` red)."""
    totals = sorted(dist)
    top = max(dist.values())
    # at most some 350 px wide: the inspector's column in JupyterLab at 1280x720 with the file browser open
    bw, h, left = max(14, min(34, 330 // len(totals))), 120, 8
    w = left * 2 + bw * len(totals)
    out = [
        (
            f'<svg class="origin-bank" xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h + 44}" '
            f'viewBox="0 0 {w} {h + 44}" style="max-width:100%;height:auto">'
        )
    ]
    for i, t in enumerate(totals):
        bh = float(dist[t] / top) * (h - 10)
        x = left + i * bw
        col = "#c0392b" if need is not None and t >= need else "#9e9e9e"
        out.append(
            f'<rect x="{x + 2}" y="{h - bh:.1f}" width="{bw - 4}" height="{bh:.1f}" fill="{col}">'
            f"<title>{t} red tokens: {escape(prob_words(dist[t]))}</title></rect>"
        )
        if len(totals) <= 16 or t % 2 == 0:
            out.append(
                f'<text x="{x + bw / 2:.1f}" y="{h + 18}" font-size="14" text-anchor="middle" '
                f'font-family="Liberation Sans, Arial, sans-serif">{t}</text>'
            )
    out.append(
        f'<text x="{left}" y="{h + 38}" font-size="14" font-family="Liberation Sans, Arial, sans-serif" '
        f'fill="#444">red tokens in the bank</text></svg>'
    )
    return "".join(out)


def _faces(actions: list) -> str:
    faces = [str(a[1]) for a in actions]
    return faces[0] if len(faces) == 1 else ", ".join(faces[:-1]) + " or " + faces[-1]


def _node(node: TreeNode, odds: AttackOdds) -> str:
    if node.kind == "leaf":
        return escape(odds.leaf_words[id(node)])
    if node.kind == "chance":
        groups: dict[str, list] = defaultdict(list)
        for c in node.children:
            groups[_node(c, odds)].append(c)
        items = []
        for html, kids in groups.items():
            p = sum((k.probability for k in kids), Fraction(0))
            acts = [k.actions[0] for k in kids]
            label = (
                f"the die shows {_faces(acts)}"
                if acts[0][0] == "roll"
                else escape(describe_action(node.state, acts[0]))
            )
            items.append(
                f"<li>{label}, <b>{escape(prob_words(p).replace(' (', ', ').rstrip(')'))}</b>: {html}</li>"
            )
        return f"<ul class='origin-tree'>{''.join(items)}</ul>"
    best = expectimax(
        node.state,
        lambda t: t.current_scores(),
        players=[node.player],
        until=attack_over,
        policy=lambda t: t.legal_actions()[0],
        max_nodes=20_000,
    ).action
    items = []
    for c in node.children:
        mark = " class='best'" if c.actions[0] == best else ""
        tag = "; keeps the most points" if c.actions[0] == best else ""  # the choice's words may end in ")"
        choice = cast(tuple, c.actions[0])
        items.append(
            f"<li{mark}><b>{escape(defence_words(node.state, choice))}</b>{tag}: {_node(c, odds)}</li>"
        )
    return f"{escape(player(node.player))} chooses:<ul class='origin-tree'>{''.join(items)}</ul>"


def tree_html(odds: AttackOdds) -> str:
    """The attack as a tree: the die's faces grouped by what follows, the defender's choices (the best marked),
    each end in words; then the outcomes under the best defence."""
    before = odds.before
    head = f"<div><b>{escape(describe_action(before, ('attack', odds.attacker, odds.target)))}</b></div>"
    tree = odds.tree
    defender = owner_of(before, odds.target)
    if tree.kind == "leaf":
        return head + f"<div>No die and no choice: {_node(tree, odds)}.</div>"
    summary = "; ".join(
        f"{escape(o.words)}: <b>{escape(prob_words(o.probability))}</b>" for o in odds.outcomes
    )
    return (
        head
        + f"<div>{_node(tree, odds)}</div><div><b>With {escape(player(defender))}'s best defence</b> (the "
        f"most points kept): {summary}. {escape(food_words(odds))}</div>"
    )


def food_words(odds: Any) -> str:
    """The carnivore's food from an attack, as a sentence (:func:`.inspect.food_words`)."""
    from .inspect import food_words as words

    text = words(odds)
    return text[0].upper() + text[1:] + "."


def _num(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator} ({float(x):.2f})"


def _show(box: W.Widget, on: bool) -> None:
    box.layout.display = "" if on else "none"


def no_carnivore_words(state: Any) -> str:
    """Why the attack inspector has no carnivore to choose, as a sentence ("No carnivore of P1 can attack now:
    no animal on the table has a Carnivorous card ...")."""
    if state.is_terminal():
        return "The game is over: no attack is possible."
    cur = state.current_player()
    who = player(cur) if cur >= 0 else "any player"
    return (
        f"No carnivore of {who} can attack now: no animal on the table has a Carnivorous card (an animal may "
        "attack only when a Carnivorous card has been played on it)."
    )


def _heading(text: str) -> W.HTML:
    """A heading of the tab: a size above the tab's text wherever it is shown (the notebook's 13 px, the
    presentation page's 16 or 20 px), never under 16 px."""
    return W.HTML(
        f"<div class='evo-odds-heading' style='font-size:max(16px, 1.15em);font-weight:bold;margin:8px 0 2px'>"
        f"{escape(text)}</div>"
    )


class OddsPanel(Panel):
    """The Odds tab of the Origin Explorer (see the module docstring)."""

    def __init__(self, session: Session, board: Any = None):
        self.bank = W.HTML()
        self.race_button = W.Button(description="Work out the feeding race", icon="calculator")
        self.race_live = W.Checkbox(value=False, description="after every move", indent=False)
        self.race = W.HTML()
        # each name over its menu, the menu as wide as the column: an animal's name with its traits is long
        self.carnivore = W.Dropdown(layout=W.Layout(width="100%", min_width="0"))
        self.prey = W.Dropdown(layout=W.Layout(width="100%", min_width="0"))
        self.attack = W.HTML()
        # a menu with nothing to choose is never shown: the sentence in ``attack`` says why
        self.carnivore_box = W.VBox([W.HTML("Carnivore"), self.carnivore])
        self.prey_box = W.VBox([W.HTML("Prey"), self.prey])
        self._race_for: Any = None
        super().__init__(
            session,
            [
                _heading("An attack"),
                self.carnivore_box,
                self.prey_box,
                self.attack,
                _heading("The food bank"),
                self.bank,
                _heading("The feeding race"),
                row([self.race_button, self.race_live]),
                self.race,
            ],
        )
        self.add_class("evo-origin-odds")
        self.board = board
        self._syncing = False
        self._no_prey = ""
        self.race_button.on_click(lambda _b: self.work_out_race())
        self.carnivore.observe(lambda _c: self._carnivore_picked(), "value")
        self.prey.observe(lambda _c: self._draw_attack() if not self._syncing else None, "value")
        if board is not None:
            board.observe(lambda _c: self._from_board(), "picked")
        self.refresh()

    # ----- the food bank
    def _draw_bank(self) -> None:
        st = self.session.state
        fb = food_bank(st)
        d = demand(st).total if not st.is_terminal() else 0
        need = (
            (
                f"; the hungry animals still need <b>{plural(d, 'red token')}</b>: the dice bring that many or more: "
                f"<b>{escape(chance_of(fb.at_least(d)))}</b>"
            )
            if d
            else ""
        )
        rolled = (
            f" This turn's roll gave {plural(st.bank, 'red token')} (left in the bank now)."
            if st.phase_name() == "feeding"
            else ""
        )
        dice = escape(dice_words(fb.dice, fb.plus))
        self.bank.value = (
            f"<div>{fb.players} players: <b>{dice}</b>, from {min(fb.distribution)} to "
            f"{max(fb.distribution)} red tokens, mean {_num(fb.mean)}{need}.{rolled}</div>"
            + bank_chart(fb.distribution, d or None)
        )

    # ----- the race
    def work_out_race(self) -> None:
        """The feeding race of the current position, in a table (each animal's chance to survive the turn)."""
        st = self.session.state
        self._race_for = st
        try:
            r = feeding_race(st, max_nodes=RACE_NODES)
        except OddsError as e:
            self.race.value = f"<i>{escape(str(e))}.</i>"
            return
        except ChanceBudgetError:
            self.race.value = "<i>Too many ways for this turn's feeding to go to list them all here.</i>"
            return
        rows = "".join(
            f"<tr><td class='wrap'>{escape(animal_words(st, x))}</td><td>{escape(prob_words(p))}</td></tr>"
            for x, p in r.survival.items()
        )
        exp = ", ".join(f"{player(p)} {_num(e)}" for p, e in enumerate(r.expected))
        self.race.value = (
            f"<div>The chance that each animal survives this turn, {escape(r.start)}, every player "
            "taking one red token at a time for its hungriest animal (no attacks: the course's race "
            f"policy); {plural(r.leaves, 'way')} for the turn to end.</div><div class='evo-table-wrap'>"
            f"<table class='evo-table'><tr><th>animal</th><th>survives</th></tr>{rows}</table></div>"
            f"<div>Animals expected to survive: {escape(exp)}.</div>"
        )

    # ----- the attack
    def _carnivores(self) -> list[tuple[str, int]]:
        st = self.session.state
        g = st.game
        return [
            (animal_words(st, a.id), a.id)
            for p in range(g.players)
            for a in st.animals(p)
            if g.CARN in {t for t, _ in a.traits}
        ]

    def _from_board(self) -> None:
        sel = getattr(self.board, "selected", 0)
        if sel and sel in {v for _l, v in self.carnivore.options}:
            self.carnivore.value = sel
        elif sel and sel in {v for _l, v in self.prey.options}:
            self.prey.value = sel

    def _carnivore_picked(self) -> None:
        if self._syncing:
            return
        st = self.session.state
        c = self.carnivore.value
        opts: list[tuple[str, int]] = []
        self._no_prey = ""
        if c:
            try:
                opts = [
                    (animal_words(st, r.target), r.target)
                    for r in attack_rows(st, c, odds=False)
                    if not r.blocked
                ]
                if not opts:
                    why = why_no_attack(st, c)
                    self._no_prey = safe_list(st, c) if not why or why.startswith("no animal") else why
            except OddsError as e:
                self._no_prey = str(e)
        keep = self.prey.value
        owner = owner_of(st, c) if c else -1
        rivals = [v for _l, v in opts if owner_of(st, v) != owner]
        self._syncing = True
        try:
            self.prey.options = opts
            first = (rivals or [v for _l, v in opts])[:1]
            self.prey.value = keep if keep in {v for _l, v in opts} else (first[0] if first else None)
        finally:
            self._syncing = False
        _show(self.carnivore_box, bool(self.carnivore.options))
        _show(self.prey_box, bool(opts))
        self._draw_attack()

    def _draw_attack(self) -> None:
        st = self.session.state
        under_way = open_attack(st)
        if under_way is not None:
            self.attack.value = "<div><b>An attack is under way:</b></div>" + tree_html(under_way)
            return
        c, t = self.carnivore.value, self.prey.value
        if not c:
            self.attack.value = f"<div class='origin-none'>{escape(no_carnivore_words(st))}</div>"
            return
        if not t:
            who = animal_words(st, c, traits=False)
            self.attack.value = (
                f"<div class='origin-none'>{escape(who)} cannot attack now: {escape(self._no_prey)}.</div>"
            )
            return
        try:
            odds = attack_odds(st, c, t)
        except OddsError as e:
            self.attack.value = f"<i>{escape(str(e))}</i>"
            return
        self.attack.value = tree_html(odds)

    def refresh(self) -> None:
        st = self.session.state
        self._draw_bank()
        if self._race_for is not None and self._race_for is not st:
            if self.race_live.value:
                self.work_out_race()
            else:
                self.race.value = "<i>The position has changed: work out the race again.</i>"
        opts = self._carnivores()
        keep = self.carnivore.value
        board_sel = getattr(self.board, "selected", 0) if self.board is not None else 0
        values = {v for _l, v in opts}
        want = (
            board_sel if board_sel in values else keep if keep in values else (opts[0][1] if opts else None)
        )
        self._syncing = True
        try:
            self.carnivore.options = opts
            self.carnivore.value = want
        finally:
            self._syncing = False
        self._carnivore_picked()
