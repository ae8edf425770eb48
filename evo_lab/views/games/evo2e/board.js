// evo-lab board widget (anywidget ESM, no build step).
// Python sends `geometry` (static hexes, coast, colours) and `snapshot` (dinosaurs, climate, targets with their
// action strings and odds). A click on a dinosaur selects it (trait `selected`); a click on a highlighted target
// sends {type: "action", action: "<action string>"} which the engine parses and checks in Python.

const KIND_ORDER = ["move", "attack", "flippers", "wings", "birth", "escape", "remove"];

function esc(s) {
  return String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function pickTarget(items) {
  // several actions can reach one space (a move and a wings flight): prefer the cheapest kind
  return items.slice().sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind))[0];
}

export function targetsOf(snap, selected) {
  // space id -> list of target items for the selected dinosaur, plus the direct targets
  const out = new Map();
  const add = (it) => {
    if (!out.has(it.dst)) out.set(it.dst, []);
    out.get(it.dst).push(it);
  };
  if (selected >= 0 && snap.targets && snap.targets[String(selected)]) snap.targets[String(selected)].forEach(add);
  (snap.direct || []).forEach(add);
  return out;
}

export function drawSvg(geo, snap, selected) {
  const c = geo.colours;
  const s = geo.size;
  const [x0, y0, w, h] = geo.viewbox;
  const font = Math.max(7, s * 0.36);
  const occ = snap.occ || [];
  const states = snap.space_states || [];
  const tg = targetsOf(snap, selected);
  const movable = new Set(Object.keys(snap.targets || {}).map(Number));
  const out = [];
  const a = (x) => out.push(x);
  // --evo-aspect: the board's width over its height, so that CSS keeps the whole board in the window without
  // letterboxing it (its width is capped at the window's height times this ratio)
  a(`<svg xmlns="http://www.w3.org/2000/svg" class="evo-board" viewBox="${x0} ${y0} ${w} ${h}" ` +
    `style="--evo-aspect:${(w / h).toFixed(4)}" ` +
    `data-ply="${snap.ply}" data-selected="${selected}" data-node="${esc(snap.node)}" role="img">`);
  a(`<defs><pattern id="evo-w-hatch" patternUnits="userSpaceOnUse" width="6" height="6" patternTransform="rotate(45)">` +
    `<rect width="2.2" height="6" fill="#000" fill-opacity="0.45"/></pattern></defs>`);
  a(`<rect class="sea" x="${x0}" y="${y0}" width="${w}" height="${h}" fill="${c.sea}"/>`);
  a(`<text class="evo-heading" x="${x0 + w / 2}" y="${y0 + s * 0.95}" font-size="${font * 1.5}">${esc(snap.title)}</text>`);
  a('<g class="spaces">');
  for (const sp of geo.spaces) {
    a(`<polygon class="space terrain-${sp.terrain}${tg.has(sp.id) ? " target" : ""}" data-id="${sp.id}" ` +
      `data-label="${sp.label}" data-climate="${states[sp.id] || ""}" points="${sp.points}" fill="${c.terrain[sp.terrain]}"/>`);
  }
  a("</g>");
  a('<g class="hatch" pointer-events="none">');
  for (const sp of geo.spaces) {
    if (states[sp.id] === "deadly") a(`<polygon points="${sp.points}" fill="url(#evo-w-hatch)"/>`);
  }
  a("</g>");
  a(`<path class="coast" d="${geo.coast}" stroke="${c.coast}" stroke-width="${s * 0.16}" fill="none" stroke-linecap="round" pointer-events="none"/>`);
  // climate glyphs
  a('<g class="climate" pointer-events="none">');
  for (const sp of geo.spaces) {
    const st = states[sp.id];
    if (!st) continue;
    // the climate letter of the space (H hot, C cold, ...): at least 12 px on a 1280x720 screen
    const gx = sp.cx + s * 0.46, gy = sp.cy - s * 0.42;
    a(`<circle cx="${gx}" cy="${gy}" r="${s * 0.27}" fill="${c.climate[st]}" stroke="#fff" stroke-width="0.8"/>` +
      `<text class="evo-glyph" x="${gx}" y="${gy + font * 0.38}" font-size="${font * 1.1}">${geo.glyphs[st]}</text>`);
  }
  a("</g>");
  // last event marker
  const last = snap.last;
  if (last && last.dst !== undefined && last.dst >= 0 && last.dst < geo.n) {
    const sp = geo.spaces[last.dst];
    a(`<circle class="last-event" cx="${sp.cx}" cy="${sp.cy}" r="${s * 0.9}" fill="none" stroke="#fff" ` +
      `stroke-width="${s * 0.07}" stroke-dasharray="4 3" pointer-events="none"/>`);
  }
  // dinosaurs
  a('<g class="dinos" pointer-events="none">');
  const sc = (s / 28) * 0.95;
  occ.forEach((seat, i) => {
    if (seat < 0) return;
    const sp = geo.spaces[i];
    const col = c.players[seat];
    const sel = i === selected;
    a(`<g class="dino player-${seat}${sel ? " selected" : ""}${movable.has(i) ? " movable" : ""}" data-id="${i}" data-seat="${seat}" ` +
      `transform="translate(${sp.cx},${sp.cy + s * 0.05}) scale(${sc})">` +
      `<circle r="13" fill="#fff" fill-opacity="0.85" stroke="${sel ? c.highlight : col}" stroke-width="${sel ? 4 : 2.2}"/>` +
      `<path d="${geo.dino_path}" fill="${col}" stroke="#000" stroke-width="0.7" stroke-linejoin="round"/>` +
      `<circle cx="9.3" cy="-9" r="0.9" fill="#fff"/></g>`);
  });
  a("</g>");
  // highlighted targets, with the odds of attacks
  a('<g class="highlights" pointer-events="none">');
  for (const [dst, items] of tg) {
    const sp = geo.spaces[dst];
    const it = pickTarget(items);
    const col = it.kind === "attack" ? "#ff2030" : c.highlight;
    a(`<polygon class="highlight kind-${it.kind}" data-id="${dst}" data-action="${esc(it.action)}" points="${sp.inner}" ` +
      `fill="${col}" fill-opacity="0.22" stroke="${col}" stroke-width="${s * 0.14}"/>`);
    if (it.pct !== undefined) {
      // the odds of the attack: at least 13 px on a 1280x720 screen (the board is about 1.05 px a unit there),
      // across the lower half of the prey, clear of the space's climate letter (top right) and its name (below)
      a(`<text class="evo-odds" x="${sp.cx}" y="${sp.cy + s * 0.42}" font-size="${font * 1.3}">${it.pct}%</text>`);
    }
  }
  a("</g>");
  // the spaces' names, over the highlights (a target's thick outline hid them); a target's name has a white halo
  a('<g class="labels" pointer-events="none">');
  for (const sp of geo.spaces) {
    a(`<text class="evo-label${tg.has(sp.id) ? " on-target" : ""}" x="${sp.cx}" y="${sp.cy + s * 0.8}" ` +
      `font-size="${font * 1.1}">${sp.label}</text>`);
  }
  a("</g>");
  // climate legend
  const colW = (w - s * 1.2) / 2;
  a('<g class="legend" pointer-events="none">');
  geo.terrains.forEach((t, k) => {
    const st = snap.states[t];
    if (!st) return;
    const lx = x0 + s * 0.6 + (k % 2) * colW;
    const ly = y0 + h - s * 1.55 + Math.floor(k / 2) * s * 0.8;
    a(`<rect x="${lx}" y="${ly - s * 0.3}" width="${s * 0.5}" height="${s * 0.5}" fill="${c.terrain[t]}" stroke="#000" stroke-width="0.6"/>` +
      `<circle cx="${lx + s * 0.95}" cy="${ly - s * 0.05}" r="${s * 0.27}" fill="${c.climate[st]}" stroke="#fff" stroke-width="0.8"/>` +
      `<text class="evo-glyph" x="${lx + s * 0.95}" y="${ly - s * 0.05 + font * 0.38}" font-size="${font * 1.1}">${geo.glyphs[st]}</text>` +
      `<text class="evo-legend" x="${lx + s * 1.35}" y="${ly + font * 0.35}" font-size="${font * 1.1}">${t}: ${st}</text>`);
  });
  a("</g></svg>");
  return out.join("");
}

function tipFor(geo, snap, selected, id) {
  const sp = geo.spaces[id];
  const st = (snap.space_states || [])[id];
  const seat = (snap.occ || [])[id];
  let t = `<b>${sp.label}</b> ${sp.terrain}` + (st ? `, <span class="clim-${st}">${st}</span>` : "");
  t += sp.coastal ? ", coastal" : ", inland";
  if (sp.start !== null && sp.start !== undefined) t += `, start area of P${sp.start + 1}`;
  t += seat >= 0 ? `<br>dinosaur of P${seat + 1} (${geo.player_names[seat]})` : "<br>empty";
  const tg = targetsOf(snap, selected).get(id);
  if (tg) t += "<br>" + tg.map((x) => esc(x.text) + (x.p ? ` <b>[${x.p}]</b>` : "")).join("<br>");
  else if (snap.targets && snap.targets[String(id)]) t += "<br><i>click to select: " + snap.targets[String(id)].length + " targets</i>";
  return t;
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "evo-board-widget";
  root.innerHTML =
    '<div class="evo-bar"><span class="evo-status"></span><span class="evo-badge" hidden></span></div>' +
    '<div class="evo-svg"></div><div class="evo-tip" hidden></div>' +
    '<div class="evo-event"></div><div class="evo-error" role="alert"></div>';
  el.appendChild(root);
  const status = root.querySelector(".evo-status");
  const badge = root.querySelector(".evo-badge");
  const box = root.querySelector(".evo-svg");
  const tip = root.querySelector(".evo-tip");
  const event = root.querySelector(".evo-event");
  const error = root.querySelector(".evo-error");

  function paint() {
    tip.hidden = true;
    const geo = model.get("geometry");
    const snap = model.get("snapshot");
    if (!geo || !geo.spaces || !snap || !snap.occ) return;
    const selected = model.get("selected");
    box.innerHTML = drawSvg(geo, snap, selected);
    status.textContent = snap.status || "";
    const assumed = snap.assumed || [];
    badge.hidden = assumed.length === 0 || !model.get("show_assumed");
    badge.textContent = `assumed data (${assumed.length})`;
    badge.title = "Some values are assumed defaults, not printed facts (see docs/data.md):\n" + assumed.join("\n");
    const last = snap.last;
    event.className = "evo-event" + (last && last.kind === "fight" ? " fight " + last.result : "");
    event.innerHTML = last ? (last.kind === "fight" ? `<span class="die">${esc(last.face_name)}</span> ` : "") + esc(last.text) : "";
    error.textContent = model.get("error") || "";
    root.dataset.ply = snap.ply;
  }

  function onClick(ev) {
    const poly = ev.target.closest ? ev.target.closest("polygon.space") : null;
    if (!poly) return;
    const id = Number(poly.dataset.id);
    const snap = model.get("snapshot");
    const selected = model.get("selected");
    const tg = targetsOf(snap, selected).get(id);
    if (tg) {
      root.dataset.pending = String(snap.ply);
      model.send({ type: "action", action: pickTarget(tg).action });
      return;
    }
    const next = snap.targets && snap.targets[String(id)] && id !== selected ? id : -1;
    model.set("selected", next);
    model.save_changes();
  }

  function onMove(ev) {
    const poly = ev.target.closest ? ev.target.closest("polygon.space") : null;
    if (!poly) {
      tip.hidden = true;
      return;
    }
    tip.innerHTML = tipFor(model.get("geometry"), model.get("snapshot"), model.get("selected"), Number(poly.dataset.id));
    const r = root.getBoundingClientRect();
    tip.style.left = ev.clientX - r.left + 14 + "px";
    tip.style.top = ev.clientY - r.top + 14 + "px";
    tip.hidden = false;
  }

  box.addEventListener("click", onClick);
  box.addEventListener("mousemove", onMove);
  box.addEventListener("mouseleave", () => (tip.hidden = true));
  model.on("change:snapshot", paint);
  model.on("change:geometry", paint);
  model.on("change:selected", paint);
  model.on("change:error", paint);
  paint();
  return () => {
    model.off("change:snapshot", paint);
    model.off("change:geometry", paint);
    model.off("change:selected", paint);
    model.off("change:error", paint);
  };
}

export default { render };
