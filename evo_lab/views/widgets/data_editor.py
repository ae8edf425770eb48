"""``DataEditor``: enter the printed data of your copy of Evo 2e (climate wheel, token mix, die faces, event deck).

Plain ipywidgets: the climate wheel as a table of dropdowns (section x terrain -> ideal/hot/cold/deadly) and the
initial section, a count per climate-token kind, a symbol per die face, the copies of each event card of the
pack; a *source* box ("my copy of the game" until you type yours); per group a "matches my copy" button that
enters the values you checked but did not need to change. Every edit goes through
:class:`~evo_lab.views.data_draft.DataDraft` and the pack loader: the status line shows the loader's
:class:`~evo_lab.core.datapack.DataError` (its field) and a bad edit changes nothing (the control goes back to
the pack's value). Below: the diff against the shipped values and *Save*, a pack folder that
``evo_lab.load_data(folder)`` and ``evo_lab.Game(data=folder)`` read.

>>> ed = DataEditor()
>>> ed.tokens["cw1"].value = 5
>>> ed.pack.tokens[1].count, ed.error
(5, '')
>>> ed.tokens["cw1"].value = -1
>>> ed.error_field, ed.pack.tokens[1].count, ed.tokens["cw1"].value
('tokens.kinds[1].count', 5, 5)
>>> ed.wheel[(3, "hills")].value = "cold"
>>> [r["value"] for r in ed.draft.diff()]
['wheel section 3', 'token cw1']
"""

from __future__ import annotations

from functools import partial
from html import escape
from pathlib import Path
from typing import Any
from collections.abc import Callable

import ipywidgets as W

from evo_lab.core.datapack import DataError
from evo_lab.games.evo2e.datapack import DataPack
from evo_lab.views.data_draft import DEFAULT_SOURCE, STATES, DataDraft, field_words, value_provenance

__all__ = ["DataEditor", "diff_html"]

_OK, _BAD = "#1b7a35", "#b00020"


#: Table cells with room between columns (the editor stands alone, without the kit's style sheet).
_CELL = "padding:2px 10px;text-align:left"


def diff_html(draft: DataDraft) -> str:
    """The diff against the shipped values as an HTML table (one row per changed value)."""
    rows = draft.diff()
    if not rows:
        return "<p><i>Same values as the shipped pack.</i></p>"
    prov = {r["value_name"]: r for r in value_provenance(draft.pack)}

    def cells(tag: str, items: list[str]) -> str:
        return "".join(f'<{tag} style="{_CELL}">{x}</{tag}>' for x in items)

    head = cells("th", ["group", "value", "shipped", "now", "provenance"])
    body = "".join(
        "<tr>"
        + cells(
            "td",
            [
                escape(r["group"]),
                escape(r["value"]),
                escape(str(r["shipped"])),
                f"<b>{escape(str(r['now']))}</b>",
                f"{escape(prov[r['value']]['provenance'])}: {escape(prov[r['value']]['source'])}",
            ],
        )
        + "</tr>"
        for r in rows
    )
    return f'<table class="evo-table"><tr>{head}</tr>{body}</table>'


class DataEditor(W.VBox):
    """Enter printed data. ``DataEditor(data=None, *, source="my copy of the game")``: ``data`` is None (the
    shipped pack), a :class:`~evo_lab.games.evo2e.datapack.DataPack` or a pack folder. ``ed.draft`` is the
    :class:`~evo_lab.views.data_draft.DataDraft`, ``ed.pack`` the last valid pack, ``ed.save(folder)`` writes it.
    Controls: ``ed.wheel[(section, terrain)]``, ``ed.initial``, ``ed.tokens[kind]``, ``ed.faces[i]``,
    ``ed.copies[card]``, ``ed.source_box``, ``ed.confirm_buttons[group]``."""

    def __init__(self, data: DataPack | str | Path | None = None, *, source: str = DEFAULT_SOURCE):
        self.draft = DataDraft(data, source)
        self._syncing = False
        self.error, self.error_field = "", ""
        self.status = W.HTML()
        self.diff = W.HTML()
        self.source_box = W.Text(
            value=self.draft.source,
            description="source",
            style={"description_width": "60px"},
            layout=W.Layout(width="420px"),
        )
        self.source_box.observe(lambda c: self._do(self.draft.set_source, c["new"]), names="value")
        self.save_path = W.Text(placeholder="my_pack/", description="Save as", layout=W.Layout(width="320px"))
        save = W.Button(description="Save", button_style="primary")
        save.on_click(lambda _b: self.save())
        self.confirm_buttons: dict[str, W.Button] = {}
        tabs = W.Tab(children=[self._wheel_box(), self._tokens_box(), self._die_box(), self._deck_box()])
        for i, t in enumerate(("Climate wheel", "Climate tokens", "Die faces", "Event cards")):
            tabs.set_title(i, t)
        super().__init__(
            [
                self.source_box,
                tabs,
                self.status,
                W.HTML("<b>Diff against the shipped values</b>"),
                self.diff,
                W.HBox([self.save_path, save]),
            ]
        )
        self.add_class("evo-data-editor")
        self.status.add_class("evo-de-status")
        tabs.add_class("evo-de-tabs")
        self.refresh()

    @property
    def pack(self) -> DataPack:
        """The last valid pack."""
        return self.draft.pack

    # ----- the controls -------------------------------------------------------------------------
    def _bind(self, widget: W.ValueWidget, op: Callable[[Any], Any]) -> W.ValueWidget:
        widget.observe(lambda c: None if self._syncing else self._do(op, c["new"]), names="value")
        return widget

    def _confirm(self, group: str) -> W.Button:
        b = W.Button(description="all match my copy", tooltip=f"enter every {group} value as printed")
        b.on_click(lambda _b: self._do(self.draft.confirm, group))
        self.confirm_buttons[group] = b
        return b

    def _wheel_box(self) -> W.Widget:
        p = self.pack
        self.wheel: dict[tuple[int, str], W.Dropdown] = {}
        cells: list[W.Widget] = [W.HTML("<b>section</b>")] + [
            W.HTML(f"<b>{escape(t)}</b>") for t in p.terrains
        ]
        for s in p.wheel:
            cells.append(W.HTML(f"{s.index}: {escape(s.name)}"))
            for t in p.terrains:
                dd = W.Dropdown(options=list(STATES), layout=W.Layout(width="auto"))
                self.wheel[(s.index, t)] = self._bind(dd, partial(self.draft.set_state, s.index, t))
                cells.append(dd)
        grid = W.GridBox(
            cells,
            layout=W.Layout(
                grid_template_columns=f"minmax(140px, auto) repeat({len(p.terrains)}, minmax(90px, 1fr))",
                grid_gap="2px 6px",
            ),
        )
        self.initial = self._bind(
            W.Dropdown(
                options=[(f"{s.index}: {s.name}", s.index) for s in p.wheel],
                description="initial section",
                style={"description_width": "100px"},
            ),
            self.draft.set_initial,
        )
        return W.VBox([grid, self.initial, self._confirm("wheel")])

    def _tokens_box(self) -> W.Widget:
        self.tokens = {
            t.id: self._bind(
                W.IntText(
                    description=f"{t.name} ({t.shift:+d})",
                    style={"description_width": "160px"},
                    layout=W.Layout(width="260px"),
                ),
                partial(self.draft.set_token, t.id),
            )
            for t in self.pack.tokens
        }
        return W.VBox(list(self.tokens.values()) + [self._confirm("tokens")])

    def _die_box(self) -> W.Widget:
        opts = [(f"{s.name} ({k})", k) for k, s in self.pack.die_symbols.items()]
        self.faces = [
            self._bind(
                W.Dropdown(options=opts, description=f"face {i + 1}", layout=W.Layout(width="340px")),
                partial(self.draft.set_face, i),
            )
            for i in range(len(self.pack.die_faces))
        ]
        return W.VBox(self.faces + [self._confirm("die")])

    def _deck_box(self) -> W.Widget:
        self.copies = {
            c.id: self._bind(
                W.IntText(
                    description=c.name, style={"description_width": "160px"}, layout=W.Layout(width="260px")
                ),
                partial(self.draft.set_copies, c.id),
            )
            for c in self.pack.events
        }
        return W.VBox(list(self.copies.values()) + [self._confirm("deck")])

    # ----- edits, status, save ------------------------------------------------------------------
    def _do(self, fn: Callable[..., Any], *args: Any) -> Any:
        try:
            out = fn(*args)
        except DataError as e:
            self.error, self.error_field = str(e), e.field
            self.refresh(keep_status=True)
            self.status.value = (
                f'<span style="color:{_BAD}">Not applied, <b>{escape(field_words(self.pack, e.field))}'
                f"</b>: {escape(e.problem)}</span> (the pack keeps its last valid values)"
            )
            return None
        self.error, self.error_field = "", ""
        self.refresh()
        return out

    def refresh(self, keep_status: bool = False) -> None:
        """Show the pack's values in the controls, the status line and the diff."""
        p = self.pack
        self._syncing = True
        try:
            for (i, t), dd in self.wheel.items():
                dd.value = p.wheel[i].states[t]
            self.initial.value = p.initial_section
            for kind in p.tokens:
                self.tokens[kind.id].value = kind.count
            for i, f in enumerate(p.die_faces):
                self.faces[i].value = f
            for c in p.events:
                self.copies[c.id].value = c.count
            if self.source_box.value.strip() != self.draft.source and not self.error:
                self.source_box.value = self.draft.source
        finally:
            self._syncing = False
        if not keep_status:
            n = sum(len(e) for e in self.draft.entered.values())
            self.status.value = (
                f'<span style="color:{_OK}">Valid pack</span>: {sum(t.count for t in p.tokens)} '
                f"climate tokens, {len(p.die_faces)} die faces, {sum(c.count for c in p.events)} "
                f"event cards; {n} value(s) entered as printed, {len(p.assumed())} still assumed."
            )
        self.diff.value = diff_html(self.draft)

    def save(self, folder: str | Path | None = None) -> DataPack | None:
        """Save the pack folder (``folder`` or the *Save as* box). Returns the pack read back, or None with the
        error shown."""
        folder = str(folder if folder is not None else self.save_path.value).strip()
        try:
            if not folder:
                raise DataError("data editor", "folder", "type a folder name to save to")
            pack = self.draft.save(folder)
        except (DataError, OSError) as e:
            self.error = str(e) if isinstance(e, DataError) else f"{folder}: cannot write: {e.strerror or e}"
            self.error_field = e.field if isinstance(e, DataError) else "folder"
            said = (
                f"{field_words(self.pack, e.field)}: {e.problem}" if isinstance(e, DataError) else self.error
            )
            self.status.value = f'<span style="color:{_BAD}">{escape(said)}</span>'
            return None
        self.error, self.error_field = "", ""
        self.status.value = (
            f'<span style="color:{_OK}">Saved to <code>{escape(folder)}</code></span>: '
            "<code>evo_lab.load_data(folder)</code> and <code>Game(data=folder)</code> read it."
        )
        return pack
