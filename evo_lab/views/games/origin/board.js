// evo-lab Origin of Species board (anywidget ESM, no build step).
// Python draws the table as SVG (trait `svg`, from the observation of the viewer) with a `g.animal` per animal,
// and what the selected animal may do as HTML (trait `info`). A click on an animal sends {type: "animal", animal};
// Python decides what it means (select it, or attack it when it is a marked prey) and redraws.
// The box the table is shown in is reported by watchBox (evo_lab/views/widgets/board_box.js, put in front of this
// file): Python lays the table out for its width (animals to a line, wrapped header, zoom on a projector).

function render({ model, el }) {
  el.classList.add("evo-origin-board", "evo-game-board");
  const bar = document.createElement("div");
  bar.className = "evo-bar";
  const box = document.createElement("div");
  box.className = "evo-svg";
  const err = document.createElement("div");
  err.className = "evo-error";
  const info = document.createElement("div");
  info.className = "evo-origin-info";
  el.append(bar, box, err, info);

  // watchBox reports the room below the table's top when the box changes size; the top also moves when what is
  // above it is laid out (a page still loading): a table drawn taller than the room now asks for the room again
  let asked = 0;
  const refit = () => {
    const svg = box.querySelector("svg");
    if (!svg || !box.clientWidth) return;
    const top = box.getBoundingClientRect().top;
    // only for a table near the top of the window (a page, or a notebook's output just run): a table scrolled
    // down a notebook keeps its size
    if (top < 0 || top > 0.4 * window.innerHeight) return;
    const room = Math.floor(window.innerHeight - top - 26);
    if (room < 320 || svg.getBoundingClientRect().height <= room + 4 || Math.abs(room - asked) < 24) return;
    asked = room;
    model.send({ type: "size", width: Math.floor(box.clientWidth), height: room });
  };

  const paint = () => {
    box.innerHTML = model.get("svg");
    const svg = box.querySelector("svg");
    if (svg) {
      svg.dataset.ply = String(model.get("ply"));
      svg.dataset.selected = String(model.get("selected"));
      // the text under the table grows with it (a projector), up to 1.6 times
      el.style.setProperty("--origin-text", String(Math.min(1.6, Math.max(1, Number(svg.dataset.zoom) || 1))));
    }
    bar.textContent = model.get("status");
    err.textContent = model.get("error");
    info.innerHTML = model.get("info");
    requestAnimationFrame(refit);
  };

  box.addEventListener("click", (ev) => {
    const animal = ev.target.closest("g.animal");
    if (animal) model.send({ type: "animal", animal: Number(animal.dataset.animal) });
  });
  for (const name of ["svg", "ply", "selected", "status", "error", "info"]) model.on(`change:${name}`, paint);
  paint();
  return watchBox(model, box);
}

export default { render };
