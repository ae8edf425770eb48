// evo-lab board editor: a hex grid to draw or correct an island (anywidget ESM, no build step).
// Python sends `view` (grid extent, land cells with terrain, coast, labels, start areas); a click or a drag sends
// one edit {type: "op", op: ...} that Python applies to its BoardDraft (checked there, one undo step each) before
// it sends the new view. Tools and the palette live here (traits `tool`, `terrain`, `seat`), with shortcuts.

const S = 20; // hex radius in SVG units
const R3 = Math.sqrt(3);
const TOOLS = [["paint", "Paint", "1-4"], ["start", "Start areas", "S"], ["coast", "Coast", "C"], ["label", "Label", "L"]];
const KEYS = { "1": "desert", "2": "plains", "3": "hills", "4": "mountains", "0": "sea", d: "desert", p: "plains",
  h: "hills", m: "mountains", e: "sea" };

function esc(s) {
  return String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

export function axial(col, row) {
  return [col - (row - (row & 1)) / 2, row];
}

function centre(q, r) {
  return [S * R3 * (q + r / 2), S * 1.5 * r];
}

function corners(cx, cy, s) {
  const pts = [];
  for (let k = 0; k < 6; k++) {
    const a = (Math.PI / 180) * (60 * k - 30);
    pts.push([cx + s * Math.cos(a), cy + s * Math.sin(a)]);
  }
  return pts;
}

const EDGE_DIRS = [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]];

function star(cx, cy, r) {
  const pts = [];
  for (let k = 0; k < 10; k++) {
    const rad = k % 2 === 0 ? r : r * 0.45;
    const a = (Math.PI / 180) * (-90 + 36 * k);
    pts.push(`${(cx + rad * Math.cos(a)).toFixed(1)},${(cy + rad * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

function drawSvg(view, colours, showLabels) {
  const [c0, c1, r0, r1] = view.grid;
  const land = new Map(view.cells.map((c) => [c[0] + "," + c[1], c]));
  const xs = [], ys = [];
  for (let row = r0; row <= r1; row++) {
    for (let col = c0; col <= c1; col++) {
      const [q, r] = axial(col, row);
      const [x, y] = centre(q, r);
      xs.push(x);
      ys.push(y);
    }
  }
  const x0 = Math.min(...xs) - S * 1.1, y0 = Math.min(...ys) - S * 1.2;
  const w = Math.max(...xs) - x0 + S * 1.1, h = Math.max(...ys) - y0 + S * 1.2;
  const out = [];
  const a = (x) => out.push(x);
  a(`<svg xmlns="http://www.w3.org/2000/svg" class="evo-edit-grid" viewBox="${x0.toFixed(1)} ${y0.toFixed(1)} ` +
    `${w.toFixed(1)} ${h.toFixed(1)}" data-rev="${view.rev}" data-spaces="${view.cells.length}">`);
  a(`<rect x="${x0}" y="${y0}" width="${w}" height="${h}" fill="${colours.sea}"/>`);
  a('<g class="cells">');
  for (let row = r0; row <= r1; row++) {
    for (let col = c0; col <= c1; col++) {
      const [q, r] = axial(col, row);
      const [cx, cy] = centre(q, r);
      const pts = corners(cx, cy, S * 0.97).map((p) => p[0].toFixed(1) + "," + p[1].toFixed(1)).join(" ");
      const c = land.get(q + "," + r);
      const t = c ? c[2] : "sea";
      const fill = c ? colours.terrain[t] : "transparent";
      a(`<polygon class="cell ${c ? "land terrain-" + t : "sea"}" data-q="${q}" data-r="${r}" data-col="${col}" ` +
        `data-row="${row}" data-terrain="${t}"${c ? ` data-coastal="${c[3]}" data-label="${esc(c[5])}"` : ""}` +
        `${c && c[6] !== null ? ` data-start="${c[6]}"` : ""} points="${pts}" fill="${fill}"/>`);
    }
  }
  a("</g>");
  // coast: every land edge facing the sea (computed), plus the overrides' marks
  const segs = [];
  for (const c of view.cells) {
    const [cx, cy] = centre(c[0], c[1]);
    const pts = corners(cx, cy, S);
    EDGE_DIRS.forEach(([dq, dr], k) => {
      if (!land.has(c[0] + dq + "," + (c[1] + dr))) {
        const p1 = pts[k], p2 = pts[(k + 1) % 6];
        segs.push(`M${p1[0].toFixed(1)},${p1[1].toFixed(1)}L${p2[0].toFixed(1)},${p2[1].toFixed(1)}`);
      }
    });
  }
  a(`<path class="coast" d="${segs.join("")}" stroke="${colours.coast}" stroke-width="${S * 0.16}" fill="none" ` +
    `stroke-linecap="round" pointer-events="none"/>`);
  a('<g class="marks" pointer-events="none">');
  for (const c of view.cells) {
    const [cx, cy] = centre(c[0], c[1]);
    if (c[4] !== null) {
      const txt = c[4] ? "coast" : "inland";
      a(`<g class="coast-override" data-q="${c[0]}" data-r="${c[1]}"><rect x="${cx - S * 0.62}" y="${cy - S * 0.78}" ` +
        `width="${S * 1.24}" height="${S * 0.42}" rx="2" fill="${c[4] ? colours.sea : "#555"}"/>` +
        `<text x="${cx}" y="${cy - S * 0.47}" font-size="${S * 0.34}">${txt}</text></g>`);
    }
    if (c[6] !== null) {
      a(`<g class="start" data-seat="${c[6]}"><polygon points="${star(cx, cy - S * 0.05, S * 0.5)}" ` +
        `fill="${colours.players[c[6]]}" stroke="#fff" stroke-width="1.2"/>` +
        `<text class="seat" x="${cx}" y="${cy + S * 0.12}" font-size="${S * 0.36}">${c[6] + 1}</text></g>`);
    }
    if (showLabels) a(`<text class="label" x="${cx}" y="${cy + S * 0.74}" font-size="${S * 0.4}">${esc(c[5])}</text>`);
  }
  a("</g></svg>");
  return out.join("");
}

function toolbar(players) {
  const pal = ["desert", "plains", "hills", "mountains", "sea"].map((t, i) =>
    `<button type="button" class="pal" data-terrain="${t}" title="${t} (key ${i < 4 ? i + 1 : "0 or E"})">` +
    `<span class="sw sw-${t}"></span>${t}<kbd>${i < 4 ? i + 1 : 0}</kbd></button>`).join("");
  const tools = TOOLS.map(([id, name, key]) =>
    `<button type="button" class="tool" data-tool="${id}" title="${name} (key ${key})">${name}<kbd>${key}</kbd></button>`).join("");
  let seats = "";
  for (let i = 0; i < players; i++) seats += `<button type="button" class="seat" data-seat="${i}">P${i + 1}</button>`;
  return `<div class="evo-edit-row palette">${pal}</div>` +
    `<div class="evo-edit-row tools">${tools}<span class="seats">${seats}</span>` +
    `<span class="label-box" hidden><input type="text" class="label-input" size="6" maxlength="6" ` +
    `placeholder="label" aria-label="space label"/></span>` +
    `<button type="button" class="undo" title="Undo (Ctrl+Z or U)">Undo</button>` +
    `<button type="button" class="redo" title="Redo (Ctrl+Y or Shift+U)">Redo</button>` +
    `<label class="show-labels"><input type="checkbox" class="labels-toggle"/> labels</label></div>`;
}

const HINT = "Click or drag to paint (sea erases), Shift+click fills the row from the last hex. Keys: 1-4 or D P H M " +
  "terrain, 0/E sea, S start areas (P1, P2, ... in turn; click a star to remove it), C coast (click flips the " +
  "computed coast), L label, Ctrl+Z / U undo, Ctrl+Y / Shift+U redo.";

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "evo-board-editor-grid";
  root.tabIndex = 0;
  root.setAttribute("data-lm-suppress-shortcuts", "true"); // JupyterLab: the keys are the editor's
  el.appendChild(root);
  let players = -1;
  let anchor = null; // the last hex clicked: Shift+click fills the row from it
  let drag = null; // cells painted by the current drag
  let labelCell = null;

  function build() {
    const view = model.get("view");
    players = view.players;
    root.innerHTML = `<div class="evo-edit-bar">${toolbar(players)}</div><div class="evo-edit-svg"></div>` +
      `<div class="evo-edit-error" role="alert"></div><div class="evo-edit-hint">${HINT}</div>`;
    root.querySelectorAll("button.pal").forEach((b) => b.addEventListener("click", () => setTerrain(b.dataset.terrain)));
    root.querySelectorAll("button.tool").forEach((b) => b.addEventListener("click", () => setTool(b.dataset.tool)));
    root.querySelectorAll("button.seat").forEach((b) => b.addEventListener("click", () => {
      model.set("seat", Number(b.dataset.seat));
      model.save_changes();
    }));
    root.querySelector("button.undo").addEventListener("click", () => send({ op: "undo" }));
    root.querySelector("button.redo").addEventListener("click", () => send({ op: "redo" }));
    const tog = root.querySelector(".labels-toggle");
    tog.addEventListener("change", () => {
      model.set("show_labels", tog.checked);
      model.save_changes();
    });
    const inp = root.querySelector(".label-input");
    inp.addEventListener("keydown", (ev) => {
      ev.stopPropagation();
      if (ev.key === "Enter" && labelCell) {
        send({ op: "label", cell: labelCell, label: inp.value });
        root.focus();
      } else if (ev.key === "Escape") root.focus();
    });
  }

  function send(msg) {
    model.send({ type: "op", ...msg });
  }

  function setTerrain(t) {
    model.set("terrain", t);
    if (model.get("tool") !== "paint") model.set("tool", "paint");
    model.save_changes();
  }

  function setTool(t) {
    model.set("tool", t);
    model.save_changes();
  }

  function paintBar() {
    const tool = model.get("tool"), terrain = model.get("terrain"), seat = model.get("seat");
    root.dataset.tool = tool;
    root.dataset.terrain = terrain;
    root.dataset.seat = seat;
    root.querySelectorAll("button.pal").forEach((b) => b.classList.toggle("active", tool === "paint" && b.dataset.terrain === terrain));
    root.querySelectorAll("button.tool").forEach((b) => b.classList.toggle("active", b.dataset.tool === tool));
    root.querySelector(".seats").hidden = tool !== "start";
    root.querySelectorAll("button.seat").forEach((b) => b.classList.toggle("active", Number(b.dataset.seat) === seat));
    root.querySelector(".label-box").hidden = tool !== "label";
    root.querySelector(".labels-toggle").checked = model.get("show_labels");
  }

  function paint() {
    const view = model.get("view");
    if (!view || !view.grid) return;
    if (view.players !== players) build();
    root.querySelector(".evo-edit-svg").innerHTML = drawSvg(view, model.get("colours"), model.get("show_labels"));
    root.querySelector(".evo-edit-error").textContent = model.get("error") || "";
    root.querySelector("button.undo").disabled = !view.can_undo;
    root.querySelector("button.redo").disabled = !view.can_redo;
    root.dataset.rev = view.rev;
    paintBar();
  }

  function cellOf(ev) {
    const p = ev.target.closest ? ev.target.closest("polygon.cell") : null;
    return p ? [Number(p.dataset.q), Number(p.dataset.r), p] : null;
  }

  function preview(poly) { // paint at once; Python's view confirms it
    const t = model.get("terrain");
    poly.setAttribute("fill", t === "sea" ? "transparent" : model.get("colours").terrain[t]);
  }

  function onDown(ev) {
    if (ev.button !== 0) return;
    const c = cellOf(ev);
    if (!c) return;
    ev.preventDefault();
    root.focus();
    const tool = model.get("tool");
    const cell = [c[0], c[1]];
    if (tool === "paint") {
      if (ev.shiftKey && anchor && anchor[1] === cell[1]) {
        send({ op: "fill_row", a: anchor, b: cell, terrain: model.get("terrain") });
        anchor = cell;
        return;
      }
      drag = new Map([[cell.join(","), cell]]);
      preview(c[2]);
      anchor = cell;
    } else if (tool === "start") send({ op: "start", cell, seat: model.get("seat") });
    else if (tool === "coast") send({ op: "coast", cell });
    else if (tool === "label") {
      labelCell = cell;
      const inp = root.querySelector(".label-input");
      inp.value = c[2].dataset.label || "";
      inp.focus();
      inp.select();
    }
  }

  function onOver(ev) {
    if (!drag) return;
    const c = cellOf(ev);
    if (!c || drag.has(c[0] + "," + c[1])) return;
    drag.set(c[0] + "," + c[1], [c[0], c[1]]);
    preview(c[2]);
    anchor = [c[0], c[1]];
  }

  function onUp() {
    if (!drag) return;
    send({ op: "paint", cells: [...drag.values()], terrain: model.get("terrain") });
    drag = null;
  }

  function onKey(ev) {
    if (ev.target.classList && ev.target.classList.contains("label-input")) return;
    const k = ev.key.toLowerCase();
    let done = true;
    if ((ev.ctrlKey || ev.metaKey) && k === "z") send({ op: ev.shiftKey ? "redo" : "undo" });
    else if ((ev.ctrlKey || ev.metaKey) && k === "y") send({ op: "redo" });
    else if (ev.ctrlKey || ev.metaKey || ev.altKey) done = false;
    else if (k === "u") send({ op: ev.shiftKey ? "redo" : "undo" });
    else if (KEYS[k] && !(model.get("tool") === "start" && /[1-5]/.test(k))) setTerrain(KEYS[k]);
    else if (model.get("tool") === "start" && /[1-5]/.test(k) && Number(k) <= players) {
      model.set("seat", Number(k) - 1);
      model.save_changes();
    } else if (k === "s") setTool("start");
    else if (k === "c") setTool("coast");
    else if (k === "l") setTool("label");
    else done = false;
    if (done) {
      ev.preventDefault();
      ev.stopPropagation();
    }
  }

  const svgBox = () => root.querySelector(".evo-edit-svg");
  build();
  root.addEventListener("mousedown", (ev) => { if (svgBox().contains(ev.target)) onDown(ev); });
  root.addEventListener("mouseover", onOver);
  window.addEventListener("mouseup", onUp);
  root.addEventListener("keydown", onKey);
  const changes = ["change:view", "change:error", "change:show_labels"];
  const bar = ["change:tool", "change:terrain", "change:seat"];
  changes.forEach((e) => model.on(e, paint));
  bar.forEach((e) => model.on(e, paintBar));
  paint();
  return () => {
    changes.forEach((e) => model.off(e, paint));
    bar.forEach((e) => model.off(e, paintBar));
    window.removeEventListener("mouseup", onUp);
  };
}

export default { render };
