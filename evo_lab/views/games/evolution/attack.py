"""Evolution's Attack tab, the attack and feeding inspector: who may attack whom on the whole table; for the
selected carnivore, every other species as a possible prey or blocked, by which trait and why, from the engine's
``state.attack_report``; what the attacker's Intelligence may disable (a blocking trait, and under issue 22's
ruling the prey's Horns, so the attacker is not wounded, or the Scavengers: seed 004 line 71); for an attack the
player to act may make now, what it would do, found by playing it on a copy of the state (``apply_action``) and
reading the engine's events: the food the attacker gains, Horns' cost, the Scavengers and the Cooperation chain
that eat with it, the species that go extinct; and the food each other feeding of the player to act yields
(:mod:`.feeding`). Nothing of the attack or feeding rules is re-implemented here.

>>> import evo_lab
>>> from evo_lab.games.evolution.positions import from_boards
>>> g = evo_lab.make_game("evolution", players=2)
>>> s = from_boards(g, [[(4, 2, 0, 0, ["carnivore"])], [(2, 2, 0, 0, []), (2, 1, 0, 0, ["climbing"])]], watering_hole=3)
>>> [(r.target, r.blocker, r.legal is not None) for r in attack_rows(s, 0, 0)]
[((1, 0), None, True), ((1, 1), 'climbing', False)]
>>> out = attack_outcome(s, s.parse_action("attack 1 P2.1"))
>>> out.attacker_food, out.prey_pop, out.lines[0]
(2, -1, "P1's species 1 (carnivore, body 4, population 2) attacks P2's species 1 (body 2, population 2)")
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import Any

import ipywidgets as W

from evo_lab.games.evolution.words import blocker_words, species_words, step_words, trait_words
from evo_lab.views.widgets.common import Panel, error_html, row
from evo_lab.views.widgets.session import Session

from .feeding import feeding_rows

__all__ = [
    "AttackPanel",
    "AttackRow",
    "Outcome",
    "attack_outcome",
    "attack_rows",
    "carnivores",
    "outcome_words",
    "who_attacks_whom",
]


def carnivores(state: Any) -> list[tuple[int, int]]:
    """Every species with a face-up Carnivore (only face-up traits act: seed 003 line 112), as ``(player,
    index)``."""
    return [
        (q, j) for q, pl in enumerate(state.players) for j, sp in enumerate(pl.species) if sp.has("carnivore")
    ]


@dataclass
class AttackRow:
    """One possible prey of a carnivore: ``target`` ``(player, index)``, ``blocker`` (the engine's reason, or
    ``None`` when the attack is possible), ``legal`` (the action string when the player to act may make this
    attack now), ``negate`` (Intelligence attacks: action strings, each disabling one trait for the attack, seed
    004 line 71: past the blocker, or for a possible attack the prey's Horns or the Scavengers), ``why_not`` (the
    engine's explanation when a possible attack cannot be made now)."""

    target: tuple[int, int]
    blocker: str | None
    legal: str | None = None
    negate: list[str] = field(default_factory=list)
    why_not: str = ""


def attack_rows(state: Any, p: int, i: int) -> list[AttackRow]:
    """The table seen from carnivore ``i`` of player ``p``: ``state.attack_report(i, p)``, with the legal
    attack actions of this position (plain and with Intelligence) and, for a possible but not legal attack,
    the engine's reason (``explain_illegal``: not the feeding phase, not this player's turn, already fed)."""
    legal: dict[tuple[int, int], list[tuple]] = {}
    if not state.is_terminal() and not state.is_chance_node() and state.current_player() == p:
        for a in state.legal_actions():
            if a[0] == "attack" and a[1] == i:
                legal.setdefault((a[2], a[3]), []).append(a)
    rows = []
    for q, j, blocker in state.attack_report(i, p):
        acts = legal.get((q, j), [])
        plain = next((a for a in acts if len(a) == 4), None)
        r = AttackRow(
            (q, j),
            blocker,
            state.action_to_string(plain) if plain else None,
            [state.action_to_string(a) for a in acts if len(a) == 5],
        )
        if blocker is None and plain is None:
            r.why_not = _why_not(state, ("attack", i, q, j), p)
        rows.append(r)
    return rows


def _why_not(state: Any, action: tuple, p: int) -> str:
    if state.is_terminal():
        return "the game is over"
    if state.is_chance_node() or state.current_player() != p:
        if state.phase == "feed":
            return f"it is not P{p + 1}'s turn in the feeding"
        return (
            "only in the feeding phase (now: "
            + {"deal": "the deal", "food": "choosing food cards", "play": "playing cards"}.get(
                state.phase, state.phase
            )
            + ")"
        )
    try:
        return state.explain_illegal(action)[0]
    except Exception:  # noqa: BLE001 - the explanation is a courtesy
        return "not possible now"


@dataclass
class Outcome:
    """What an attack does (the engine's events after ``apply_action`` on a copy): the food the attacker gains
    (``attacker_food``, fat included), its population change (``attacker_pop``: Horns), the prey's
    (``prey_pop``), the other species that eat with it (``others``: ``(player, index, amount, why)``, why is
    ``"scavenger"`` or ``"cooperation"`` ...), the species gone extinct, the card discarded for Intelligence and
    every event in words (``lines``)."""

    attacker_food: int = 0
    attacker_pop: int = 0
    prey_pop: int = 0
    horns: bool = False
    others: list[tuple[int, int, int, str]] = field(default_factory=list)
    extinct: list[tuple[int, int]] = field(default_factory=list)
    discarded: str = ""
    lines: list[str] = field(default_factory=list)


def attack_outcome(state: Any, action: Any) -> Outcome:
    """Play ``action`` (an attack of the player to act) on a copy of ``state`` and report what happened; an
    Intelligence attack discards the first card the engine offers (the player chooses which when playing)."""
    from evo_lab.games.evolution.events import Ate, Attacked, Extinct

    a = state.coerce_action(action)
    p, i = state.current_player(), a[1]
    before = state.players[p].species[i]
    c = state.clone()
    c.apply_action(a)
    events = c.events(last=True)
    out = Outcome()
    if c.intel is not None and not c.is_chance_node():
        d = c.legal_actions()[0]
        out.discarded = state.game.labels[d[1]]
        c.apply_action(d)
        events = c.events(last=True)
    out.lines.extend(step_words(state.game, events, state))
    for e in events:
        if isinstance(e, Attacked):
            out.horns = e.horns
        elif isinstance(e, Ate):
            if (e.player, e.species) == (p, i) and e.why == "attack":
                out.attacker_food += e.amount
            else:
                out.others.append((e.player, e.species, e.amount, e.why))
        elif isinstance(e, Extinct):
            out.extinct.append((e.player, e.species))
    prey_before = state.players[a[2]].species[a[3]].pop
    out.prey_pop = -min(1, prey_before) if (a[2], a[3]) not in out.extinct else -prey_before
    gone = (p, i) in out.extinct
    shift = sum(1 for q, j in out.extinct if q == p and j < i)
    out.attacker_pop = -before.pop if gone else c.players[p].species[i - shift].pop - before.pop
    return out


def outcome_words(state: Any, out: Outcome) -> str:
    """An :class:`Outcome` in one line: "the carnivore eats 3 food; Horns: -1 population; P2's species 1 (...) takes 1
    (Scavenger)"."""
    parts = [
        f"the carnivore eats {out.attacker_food} food" if out.attacker_food else "the carnivore eats nothing"
    ]
    if out.horns:
        parts.append(f"Horns: {out.attacker_pop:+d} population" if out.attacker_pop else "Horns")
    for q, j, n, why in out.others:
        parts.append(f"{species_words(state, q, j)} takes {n} food ({trait_words(state.game, why)})")
    for q, j in out.extinct:
        parts.append(f"{species_words(state, q, j)} goes extinct")
    if out.discarded:
        k = state.game.label_kind.get(out.discarded)
        card = out.discarded if k is None else _card(state.game, k)
        parts.append(f"discards {card} for Intelligence")
    return "; ".join(parts)


def _card(game: Any, kind: int) -> str:
    from evo_lab.games.evolution.words import card_words

    return card_words(game, kind)


def who_attacks_whom(state: Any) -> list[str]:
    """One line per face-up carnivore on the table: how many species it may attack and what blocks the others
    ("P1's species 1 (carnivore, body 4, population 3) may attack 3 of 5 species; blocked: 1 by Climbing, 1 by
    body size")."""
    out = []
    for p, i in carnivores(state):
        report = state.attack_report(i, p)
        ok = sum(1 for _q, _j, b in report if b is None)
        blocked: dict[str, int] = {}
        for _q, _j, b in report:
            if b is not None:
                name = (
                    "body size"
                    if b == "body-size"
                    else ("own species" if b == "own-species" else trait_words(state.game, b))
                )
                blocked[name] = blocked.get(name, 0) + 1
        why = "; blocked: " + ", ".join(f"{n} by {k}" for k, n in blocked.items()) if blocked else ""
        out.append(f"{species_words(state, p, i)} may attack {ok} of {len(report)} species{why}")
    return out


def _carnivore_label(state: Any, q: int, j: int) -> str:
    """A carnivore in the dropdown, short enough for a narrow column: "P3's species 2: body 4, population 1"."""
    sp = state.players[q].species[j]
    return f"P{q + 1}'s species {j + 1}: body {sp.body}, population {sp.pop}"


class AttackPanel(Panel):
    """The attack and feeding inspector: who may attack whom; pick a carnivore (or select one on the board) and
    see every prey as possible or blocked (by which trait, and why) and what each possible attack would do;
    attack from here; and what each other feeding of the player to act yields."""

    def __init__(self, session: Session, board: Any = None):
        self.overview = W.HTML()
        self.attacker = W.Dropdown(
            description="Carnivore",
            options=[("none", "")],
            style={"description_width": "6em"},
            layout=W.Layout(width="calc(100% - 4px)", max_width="520px"),
        )
        self.head = W.HTML()
        self.table = W.HTML()
        self.choice = W.Dropdown(
            description="Attack",
            options=[],
            style={"description_width": "4em"},
            layout=W.Layout(width="calc(100% - 110px)", min_width="200px", max_width="620px"),
        )
        self.play_button = W.Button(description="Attack", button_style="danger")
        self.controls = row([self.choice, self.play_button])
        self.message = W.HTML()
        self.feeding = W.HTML()
        super().__init__(
            session,
            [
                self.overview,
                self.attacker,
                self.head,
                self.table,
                self.controls,
                self.message,
                self.feeding,
            ],
        )
        self.add_class("evo-attack")
        self.board = board
        self._syncing = False
        self.attacker.observe(lambda _c: self._draw() if not self._syncing else None, "value")
        self.play_button.on_click(lambda _b: self.play())
        if board is not None:
            board.observe(lambda _c: self._from_board(), "selected")
        self.refresh()

    def selected(self) -> tuple[int, int] | None:
        """The carnivore shown: ``(player, index)`` or None."""
        v = self.attacker.value
        return (int(v.split(".")[0]), int(v.split(".")[1])) if v else None

    def _from_board(self) -> None:
        sel = getattr(self.board, "selected", "")
        if sel and sel in {v for _l, v in self.attacker.options}:
            self.attacker.value = sel

    def refresh(self) -> None:
        st = self.session.state
        opts = [(_carnivore_label(st, q, j), f"{q}.{j}") for q, j in carnivores(st)]
        keep = self.attacker.value
        board_sel = getattr(self.board, "selected", "") if self.board is not None else ""
        values = {v for _l, v in opts}
        want = board_sel if board_sel in values else (keep if keep in values else self._default(st, values))
        self._syncing = True
        try:
            self.attacker.options = opts or [("no carnivore on the table", "")]
            self.attacker.value = want if want in values else (opts[0][1] if opts else "")
        finally:
            self._syncing = False
        lines = who_attacks_whom(st)
        self.overview.value = (
            (
                "<div><b>Who may attack whom</b>: each face-up Carnivore against every other species, as "
                "the rules check it</div><ul class='evo-list'>"
                + "".join(f"<li>{escape(x)}</li>" for x in lines)
                + "</ul>"
            )
            if lines
            else ""
        )
        self._draw()
        self._draw_feeding()

    def _default(self, st: Any, values: set) -> str:
        """The first carnivore of the player to act, else the first one."""
        cur = st.current_player()
        mine = sorted(v for v in values if int(v.split(".")[0]) == cur)
        return mine[0] if mine else (sorted(values)[0] if values else "")

    def rows(self) -> list[AttackRow]:
        sel = self.selected()
        return attack_rows(self.session.state, *sel) if sel else []

    def _may_act(self, p: int) -> bool:
        v = self.session.viewer
        return v is None or v == p

    def _draw(self) -> None:
        st = self.session.state
        sel = self.selected()
        # no carnivore: a sentence, without the empty dropdowns and the Attack button (the review saw them)
        self.attacker.layout.display = "none" if sel is None else None
        if sel is None:
            self.head.value = (
                "<div><i>No carnivore can attack now: no species on the table has a face-up "
                "Carnivore trait.</i></div>"
            )
            self.table.value = ""
            self.choice.options = []
            self.play_button.disabled = True
            self.controls.layout.display = "none"
            return
        p, i = sel
        att = st.players[p].species[i]
        self.head.value = (
            f"<div><b>{escape(species_words(st, p, i))}</b> has eaten {att.food} of the {att.pop} food it "
            "needs. Every other species: a possible prey or blocked (and by what), and what each attack P"
            f"{p + 1} may make now would do.</div>"
        )
        body, choices = [], []
        for r in self.rows():
            body.append(self._row_html(st, r, p, i))
            for text in ([r.legal] if r.legal else []) + r.negate:
                choices.append((self.session.view.choice_label(st, st.parse_action(text)), text))
        self.table.value = (
            "<div class='evo-table-wrap'><table class='evo-table evo-attack-table'><tr><th>prey</th>"
            "<th>attack</th><th>what it would do</th></tr>" + "".join(body) + "</table></div>"
        )
        self.choice.options = choices if self._may_act(p) else []
        self.play_button.disabled = not self.choice.options
        self.controls.layout.display = None if self.choice.options else "none"
        if not self.choice.options:
            self.table.value += f"<div><i>{escape(self._why_no_attack(st, p, choices))}</i></div>"

    def _why_no_attack(self, st: Any, p: int, choices: list) -> str:
        """Why the panel offers no attack with P``p``'s carnivore now, in a sentence."""
        if choices:  # legal, but the viewer is another player
            return f"No attack from here: only P{p + 1} attacks with this carnivore (you view as another player)."
        if st.is_terminal():
            return "No attack now: the game is over."
        if st.phase != "feed" or st.current_player() != p:
            return f"No attack now: P{p + 1} may attack with it on their own turn at the feeding."
        return "No attack now: every other species is blocked (see the table above) or it has eaten enough."

    def _row_html(self, st: Any, r: AttackRow, p: int, i: int) -> str:
        q, j = r.target
        negated = [trait_words(st.game, int(st.parse_action(t)[4])) for t in r.negate]
        if r.blocker is None:
            verdict = "<b style='color:#1b7a35'>possible</b>"
            if negated:
                verdict += (
                    f"; its Intelligence may disable {escape(' or '.join(negated))} for this attack "
                    "(discard a card)"
                )
        else:
            verdict = f"blocked by <b>{escape(blocker_words(st, p, i, q, j, r.blocker))}</b>"
            if negated:
                verdict += f"; its Intelligence may disable {escape(' or '.join(negated))} (discard a card)"
        if r.legal and self._may_act(p):
            effect = escape(outcome_words(st, attack_outcome(st, r.legal)))
        elif r.blocker is None:
            effect = f"<i>{escape(r.why_not)}</i>"
        else:
            effect = "-"
        return (
            f"<tr class='{'possible' if r.blocker is None else 'blocked'}'>"
            f"<td class='wrap'>{escape(species_words(st, q, j))}</td><td class='wrap'>{verdict}</td>"
            f"<td class='wrap'>{effect}</td></tr>"
        )

    def _draw_feeding(self) -> None:
        st = self.session.state
        p = st.current_player()
        if st.is_terminal() or st.phase != "feed" or p < 0 or not self._may_act(p):
            self.feeding.value = ""
            return
        rows = []
        for f in feeding_rows(st):
            what = self.session.view.choice_label(st, st.parse_action(f.action))
            gets = _feeding_cell(st, f)
            rows.append(
                f"<tr><td class='wrap'>{escape(what)}</td><td class='wrap'>{gets}</td>"
                f"<td>{f.watering_hole}</td></tr>"
            )
        if not rows:
            self.feeding.value = ""
            return
        self.feeding.value = (
            f"<div><b>Feeding: what each choice of P{p + 1} yields now</b> (each tried on a copy "
            "of the game by the rules; the attacks are in the table above)</div><div class='evo-table-wrap'><table "
            "class='evo-table evo-feeding-table'><tr><th>feeding</th><th>food taken</th>"
            "<th>watering hole after</th></tr>" + "".join(rows) + "</table></div>"
        )

    def play(self) -> str:
        """Make the attack chosen in the dropdown; returns the error ("" when played)."""
        if not self.choice.value:
            return ""
        err = self.session.try_play(self.choice.value)
        self.message.value = error_html(err)
        return err


def _feeding_cell(state: Any, f: Any) -> str:
    """What one feeding yields, as HTML: the food in all and per species first ("6 food in all: species 1 takes
    2, ..."), then each step of the rules on its own line (Foraging, the Cooperation chain)."""
    if not f.lines:
        return "nothing (no food left for it)"
    total = sum(f.food.values())
    who = "; ".join(f"{species_words(state, q, j)} takes {n}" for (q, j), n in sorted(f.food.items()))
    head = f"<b>{total} food in all</b>" + (f": {escape(who)}" if len(f.food) > 1 else "")
    if f.fat:
        head += "; fat stored: " + escape(
            ", ".join(f"species {j + 1}: {n}" for (_q, j), n in sorted(f.fat.items()))
        )
    steps = "".join(f"<li>{escape(x)}</li>" for x in f.lines)
    return f"{head}<ol class='evo-steps' style='margin:2px 0;padding-left:20px'>{steps}</ol>"
