"""``PositionEditor``: set up any Evo 2e position by clicking, validated live by the engine's position builder.

Pick a player, click a space to place one of their dinosaurs (click a dinosaur to remove it); set each player's
genes and cards (number inputs), unique genes (checkboxes) and MP; the round, phase, node, whose turn, the wheel
section and the movement points left. Every change rebuilds the position with
:func:`evo_lab.build_position` (through :class:`evo_lab.Position`): the status line shows the builder's typed
error, naming the field, and the draft stays as typed; the board shows the last position that built. The text
form (:meth:`evo_lab.Position.text`) can be copied out and pasted in; *Open in explorer* hands the state to an
:class:`~evo_lab.views.widgets.Explorer` (or a :class:`~evo_lab.views.widgets.Session`), where Undo returns to
what it showed before.

>>> ed = PositionEditor(players=2)
>>> ed.player.value = "P1"; ed.click("C3"); ed.click("C4")
>>> sorted(ed.state.game.labels[x] for x in ed.state.dinosaurs(0))      # two starting dinosaurs and two placed
['B1', 'C1', 'C3', 'C4']
>>> ed.click("C3"); ed.state.count[0]                                        # a click on a dinosaur removes it
3
>>> ed.gene["horn"].value = 2; ed.state.attack_strength(0)
2
>>> ed.gene["horn"].value = 9; ed.error
'genes: more horn genes than the 5 in the game'
>>> ed.state.attack_strength(0)      # the last position that built
2
"""

from __future__ import annotations

import pathlib
import re
from dataclasses import replace
from html import escape
from typing import Any

import anywidget
import ipywidgets as W
import traitlets

from evo_lab.core.errors import FormatError
from evo_lab.games.evo2e.builder import NODES_OF_PHASE
from evo_lab.games.evo2e.words import NODE_TITLES, gene_words, node_words
from evo_lab.games.evo2e.game import Game
from evo_lab.games.evo2e.position import Position

from .common import KIT_CSS, row

__all__ = ["PositionEditor", "PositionBoard"]

_HERE = pathlib.Path(__file__).parent
_DEFAULT_MP = 6


class PositionBoard(anywidget.AnyWidget):
    """The editor's board: the built position's SVG; a click on a space sends its label (ESM
    ``position_editor.js``)."""

    _esm = _HERE / "position_editor.js"
    _css = (
        ".evo-pe-board{min-width:0;width:100%}.evo-pe-svg{width:100%;cursor:pointer}"
        ".evo-pe-svg svg{max-width:100%;display:block}.evo-pe-error{color:#b00020;min-height:1.2em}"
    )
    svg = traitlets.Unicode("").tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)


def _int_box(desc: str, lo: int, hi: int, value: int, width: str = "150px") -> W.BoundedIntText:
    return W.BoundedIntText(
        description=desc,
        min=lo,
        max=hi,
        value=value,
        style={"description_width": "initial"},
        layout=W.Layout(width=width, min_width="110px"),
    )


class PositionEditor(W.VBox):
    """Set up an Evo 2e position. ``PositionEditor(source=None, *, players=4, explorer=None)``: ``source`` is a
    state, a :class:`~evo_lab.Position`, its text form, or None (the starting dinosaurs of a movement phase);
    ``explorer``: the :class:`Explorer` or :class:`Session` that *Open in explorer* hands the state to (None:
    a new explorer shown under the editor).

    ``ed.draft`` is the :class:`~evo_lab.Position` being edited, ``ed.state`` the last state that built,
    ``ed.error`` the builder's error for the draft ("" when it builds)."""

    def __init__(self, source: Any = None, *, players: int = 4, explorer: Any = None):
        self.target = explorer
        self.explorer: Any = None
        self.state: Any = None
        self.error = ""
        self._syncing = False
        self.board = PositionBoard(layout=W.Layout(flex="1 1 420px", min_width="0", max_width="640px"))
        self.board.on_msg(self._on_msg)
        self.draft = self._draft_of(source, players)
        self._controls()
        super().__init__(
            [
                W.HTML(f"<style>{KIT_CSS}</style>", layout=W.Layout(display="none")),
                W.HBox(
                    [self.board, self.side],
                    layout=W.Layout(flex_flow="row wrap", width="100%", align_items="flex-start"),
                ),
                self.status,
                self.opened,
            ],
            layout=W.Layout(width="100%"),
        )
        self.add_class("evo-position-editor")
        self._sync_controls()
        self.rebuild()

    # ----- the draft
    @staticmethod
    def _draft_of(source: Any, players: int) -> Position:
        if isinstance(source, Position):
            return replace(source)
        if isinstance(source, str):
            return Position.parse(source)
        if source is not None:
            return Position.from_state(source)
        g = Game(players=players)
        n = g.data.setup["starting_dinosaurs"]
        dinos: dict[str | int, list[str]] = {
            f"P{p + 1}": [g.labels[x] for x in g.starts[p][:n]] for p in range(players)
        }
        return Position(players=players, phase="movement", dinosaurs=dinos)

    def _p(self) -> str:
        return self.player.value

    # ----- controls
    def _controls(self) -> None:
        """The side column: the position's controls, the player's, the position text; wired to the draft."""
        g = Game(players=self.draft.players)
        self._game = g
        self._position_controls(g)
        self._player_controls(g)
        self._text_controls()
        self._wire()
        wrap = lambda ws: W.HBox(ws, layout=W.Layout(flex_flow="row wrap", width="100%"))  # noqa: E731
        self.side = W.VBox(
            [
                row([self.players, self.round]),
                row([self.phase, self.node]),
                row([self.to_act, self.section]),
                self.movement_left,
                W.HTML("<b>Player</b>: click a space to place their dinosaur, a dinosaur to remove it"),
                self.player,
                self.mp,
                W.HTML("genes"),
                wrap(list(self.gene.values())),
                W.HTML("unique genes"),
                wrap(list(self.unique.values())),
                W.HTML("cards in hand"),
                wrap(list(self.cards.values())),
                W.HTML("<b>Position text</b> (copy it out, or paste one and read it)"),
                self.text,
                row([self.b_read, self.b_open]),
            ],
            layout=W.Layout(flex="1 1 380px", min_width="0", max_width="620px"),
        )

    def _position_controls(self, g: Game) -> None:
        """Players, round, phase, node, who acts, the climate wheel's section, the movement left."""
        d = self.draft
        s = {"description_width": "initial"}
        self.players = W.Dropdown(
            options=[2, 3, 4, 5],
            value=d.players,
            description="Players",
            style=s,
            layout=W.Layout(width="140px"),
        )
        self.round = _int_box("Round", 1, 30, d.round, "120px")
        self.phase = W.Dropdown(
            options=list(NODES_OF_PHASE),
            value=d.phase,
            description="Phase",
            style=s,
            layout=W.Layout(width="190px"),
        )
        self.node = W.Dropdown(
            description="Node", style=s, layout=W.Layout(width="auto", min_width="220px", max_width="100%")
        )
        self.to_act = W.Dropdown(description="Turn", style=s, layout=W.Layout(width="200px"))
        self.section = _int_box("Wheel section", 0, g.n_sections - 1, 0, "170px")
        self.movement_left = W.Text(
            description="Movement left", placeholder="rules", style=s, layout=W.Layout(width="190px")
        )

    def _player_controls(self, g: Game) -> None:
        """The player picked: mutation points, genes, unique genes and cards in hand, by their printed names
        (the dictionaries are keyed by the game's ids)."""
        self.player = W.ToggleButtons(
            description="Player", style={"description_width": "initial", "button_width": "48px"}
        )
        self.mp = _int_box("Mutation points (MP)", 0, 99, _DEFAULT_MP, "200px")
        self.gene = {gid: _int_box(gene_words(g, gid), 0, 9, 0, "auto") for gid in g.gene_ids[: g.n_normal]}
        self.unique = {
            u: W.Checkbox(description=gene_words(g, u), indent=False, layout=W.Layout(width="150px"))
            for u in g.unique_ids
        }
        self.cards = {c: _int_box(g.card_names[i], 0, 9, 0, "auto") for i, c in enumerate(g.card_ids)}

    def _text_controls(self) -> None:
        """The position's text, Read text, Open in explorer, the status line and the opened explorer's box."""
        self.text = W.Textarea(
            layout=W.Layout(width="auto", height="90px", margin="2px 0px"),
            placeholder="evo2e players=2 phase=movement P1 dinos=C3,C4 / P2 dinos=D4,D5,E4",
        )
        self.b_read = W.Button(
            description="Read text", icon="paste", tooltip="Set the draft from the text above"
        )
        self.b_open = W.Button(
            description="Open in explorer",
            icon="play",
            button_style="primary",
            layout=W.Layout(width="auto", min_width="160px"),
        )
        self.status = W.HTML(layout=W.Layout(width="auto", margin="2px 0px"))
        self.status.add_class("evo-pe-status")
        self.opened = W.VBox(layout=W.Layout(width="100%"))

    def _wire(self) -> None:
        """Every control edits the draft."""
        self.b_read.on_click(lambda _b: self.read_text())
        self.b_open.on_click(lambda _b: self.open_in_explorer())
        for w in [
            self.round,
            self.section,
            self.mp,
            *self.gene.values(),
            *self.unique.values(),
            *self.cards.values(),
        ]:
            w.observe(self._edited, "value")
        for w in (self.node, self.to_act):
            w.observe(self._edited, "value")
        self.movement_left.observe(self._edited, "value")
        self.phase.observe(self._phase_changed, "value")
        self.players.observe(self._players_changed, "value")
        self.player.observe(lambda _c: self._sync_player(), "value")

    def _sync_controls(self) -> None:
        """Every control from the draft (after a new draft: players changed, text read, a state loaded)."""
        d = self.draft
        self._syncing = True
        try:
            self.players.value, self.round.value, self.phase.value = d.players, d.round, d.phase
            self._node_options()
            self.node.value = d.node if d.node in NODES_OF_PHASE[d.phase] else ""
            self.to_act.options = [("(the rules)", "")] + [
                (f"P{p + 1}", f"P{p + 1}") for p in range(d.players)
            ]
            self.to_act.value = "" if d.to_act is None else f"P{_index(d.to_act) + 1}"
            self.section.max = self._game.n_sections - 1
            self.section.value = (
                d.section if d.section is not None else self._game.new_initial_state().section
            )
            self.movement_left.value = "" if d.movement_left is None else str(d.movement_left)
            opts = [f"P{p + 1}" for p in range(d.players)]
            keep = self.player.value if self.player.value in opts else opts[0]
            self.player.options = opts
            self.player.value = keep
        finally:
            self._syncing = False
        self._sync_player()

    def _node_options(self) -> None:
        # "" (not None: a dropdown shows None as nothing selected) = the builder's default
        self.node.options = [("(the phase's start)", "")] + [
            (NODE_TITLES.get(n, n), n) for n in NODES_OF_PHASE[self.phase.value]
        ]

    def _sync_player(self) -> None:
        """The selected player's controls from the draft."""
        d, p = self.draft, self._p()
        if p is None:
            return
        self._syncing = True
        try:
            mp = _get(d.mp, p)
            self.mp.value = _DEFAULT_MP if mp is None else mp
            genes = _get(d.genes, p) or {}
            for gid, w in self.gene.items():
                w.value = min(int(genes.get(gid, 0)), w.max)
            mine = set(_get(d.unique, p) or [])
            for u, w in self.unique.items():
                w.value = u in mine
            hand = list(_get(d.hands, p) or [])
            for c, w in self.cards.items():
                w.value = hand.count(c)
        finally:
            self._syncing = False

    # ----- edits
    def _edited(self, _change: Any = None) -> None:
        if self._syncing:
            return
        d, p = self.draft, self._p()
        d.round, d.node = self.round.value, self.node.value or None
        d.to_act, d.section = self.to_act.value or None, self.section.value
        ml = self.movement_left.value.strip()
        d.movement_left = None if not ml else (int(ml) if ml.lstrip("-").isdigit() else ml)
        d.mp = _put(d.mp, p, self.mp.value)
        d.genes = _put(d.genes, p, {g: w.value for g, w in self.gene.items() if w.value})
        mine = [u for u, w in self.unique.items() if w.value]
        if mine:  # a unique gene exists once: ticking it here takes it from anyone else
            d.unique = {k: [u for u in v if u not in mine] for k, v in (d.unique or {}).items()}
        d.unique = _put(d.unique, p, mine)
        d.hands = _put(d.hands, p, [c for c, w in self.cards.items() for _ in range(w.value)])
        self.rebuild()

    def _phase_changed(self, _change: Any) -> None:
        if self._syncing:
            return
        self.draft.phase = self.phase.value
        self._syncing = True
        try:
            self._node_options()
            self.node.value = ""
        finally:
            self._syncing = False
        self._edited()

    def _players_changed(self, change: dict) -> None:
        if self._syncing:
            return
        self.set_players(change["new"])

    def set_players(self, n: int) -> None:
        """Start over with ``n`` players at their starting spaces (the other facts kept where they still fit)."""
        old = self.draft
        self.draft = self._draft_of(None, n)
        self.draft.round, self.draft.phase = old.round, old.phase
        self._game = Game(players=n)
        self._sync_controls()
        self.rebuild()

    def click(self, label: str) -> None:
        """What a click on a space does: remove the dinosaur there, or place one of the selected player's."""
        d, p = self.draft, self._p()
        lab = str(label).strip().upper()
        dinos = {k: list(v) for k, v in (d.dinosaurs or {}).items()}
        owner = next((k for k, v in dinos.items() if lab in v), None)
        if owner is not None:
            dinos[owner].remove(lab)
        else:
            dinos.setdefault(p, []).append(lab)
        d.dinosaurs = dinos
        self.rebuild()

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("type") == "click":
            self.click(str(content.get("label", "")))

    # ----- building, text, handing over
    def rebuild(self) -> Any:
        """Build the draft (the status says what is wrong if it does not); returns the state or None."""
        try:
            st = self.draft.build()
        except FormatError as e:
            self.error = _in_words(e)
            self.status.value = (
                f'<span style="color:#b00020">{escape(self.error)}</span> '
                "<i>(the board shows the last position that built; the draft is kept)</i>"
            )
            self.board.error = self.error
            self._show_text()
            return None
        self.state, self.error = st, ""
        self.board.svg = st.to_svg()
        self.board.error = ""
        who = (
            "the end of the game"
            if st.is_terminal()
            else (
                f"chance: {node_words(st)}"
                if st.is_chance_node()
                else f"P{st.current_player() + 1} to {node_words(st)}"
            )
        )
        self.status.value = (
            f'<span style="color:#1b7a35">valid position</span>: round {st.round}, '
            f"{escape(st.phase_name())} phase, {escape(who)}; dinosaurs "
            + ", ".join(f"P{p + 1} {st.count[p]}" for p in range(st.game.players))
        )
        self._show_text()
        return st

    def _show_text(self) -> None:
        self.text.value = self.draft.text()

    def read_text(self, text: str | None = None) -> bool:
        """Set the draft from a position text (the box's, or ``text``); a malformed text is shown, not read."""
        try:
            pos = Position.parse(self.text.value if text is None else text)
        except FormatError as e:
            self.error = str(e)
            self.status.value = (
                f'<span style="color:#b00020">{escape(self.error)}</span> <i>(text not read)</i>'
            )
            return False
        if pos.players != self.draft.players:
            self._game = Game(players=pos.players) if 2 <= pos.players <= 5 else self._game
        self.draft = pos
        self._sync_controls()
        return self.rebuild() is not None

    def open_in_explorer(self, target: Any = None) -> Any:
        """Hand the built state to ``target`` (an Explorer or Session; default: the one given at construction,
        else a new Explorer shown under the editor). Returns the state, or None while the draft does not build."""
        if self.rebuild() is None:
            return None
        st = self.state.clone()
        target = target if target is not None else self.target
        if target is None:
            from .explorer import Explorer

            self.explorer = Explorer(st)
            self.opened.children = [self.explorer]
        else:
            getattr(target, "session", target).open(st)
        self.status.value += " <b>opened in the explorer</b>"
        return st


def _index(p: Any) -> int:
    return p if isinstance(p, int) else int(str(p)[1:]) - 1


def _get(d: Any, p: str) -> Any:
    if d is None:
        return None
    if isinstance(d, (list, tuple)):
        i = _index(p)
        return d[i] if i < len(d) else None
    for k, v in d.items():
        if k == p or (isinstance(k, int) and k == _index(p)):
            return v
    return None


def _put(d: Any, p: str, value: Any) -> dict:
    """``d`` (a per-player dict or list) with player ``p``'s value set (dropped when empty)."""
    if isinstance(d, (list, tuple)):
        d = {f"P{i + 1}": v for i, v in enumerate(d)}
    out = {k if not isinstance(k, int) else f"P{k + 1}": v for k, v in (d or {}).items()}
    if value in ({}, [], None):
        out.pop(p, None)
    else:
        out[p] = value
    return out


#: The builder's fields as the editor's controls name them.
_CONTROLS = {
    "to_act": "Turn",
    "node": "Node",
    "phase": "Phase",
    "round": "Round",
    "section": "Wheel section",
    "movement_left": "Movement left",
    "players": "Players",
}


def _in_words(e: FormatError) -> str:
    """The builder's error as the editor says it: its field by the control's name ("to_act" -> "Turn") and the
    nodes it names as the Node menu says them ("birth_cards" -> "cards at the start of the birth phase")."""
    field = getattr(e, "field", "") or ""
    text = str(e)
    if field and text.startswith(f"{field}: "):
        text = f"{_CONTROLS.get(field, field.replace('_', ' '))}: {text[len(field) + 2 :]}"
    return re.sub(
        r"\b[a-z]+(?:_[a-z]+)+\b",
        lambda m: f"\u201c{NODE_TITLES[m.group(0)]}\u201d" if m.group(0) in NODE_TITLES else m.group(0),
        text,
    )
