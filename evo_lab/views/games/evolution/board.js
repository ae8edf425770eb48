// evo-lab Evolution board (anywidget ESM, no build step).
// Python draws the table as SVG (trait `svg`, from the observation of the viewer) with a `g.species` per species
// board and a `g.card` per visible hand card. A click sends {type: "species", player, species} or
// {type: "card", card}; Python decides what it means (select, or attack a marked prey) and redraws.
// The box the table is shown in is reported by watchBox (evo_lab/views/widgets/board_box.js, put in front of this
// file, shared with Origin's board): Python lays the table out for it, its text at its size (never under 14 px),
// its width filled and the table zoomed to fill a big screen.

function render({ model, el }) {
  el.classList.add("evo-evolution-board", "evo-game-board");
  const bar = document.createElement("div");
  bar.className = "evo-bar";
  const box = document.createElement("div");
  box.className = "evo-svg";
  const err = document.createElement("div");
  err.className = "evo-error";
  el.append(bar, box, err);

  const paint = () => {
    box.innerHTML = model.get("svg");
    const svg = box.querySelector("svg");
    if (svg) {
      svg.dataset.ply = String(model.get("ply"));
      svg.dataset.selected = model.get("selected");
      svg.dataset.card = model.get("card");
    }
    bar.textContent = model.get("status");
    err.textContent = model.get("error");
  };

  box.addEventListener("click", (ev) => {
    const sp = ev.target.closest("g.species");
    if (sp) {
      model.send({ type: "species", player: Number(sp.dataset.player), species: Number(sp.dataset.species) });
      return;
    }
    const card = ev.target.closest("g.card");
    if (card) model.send({ type: "card", card: card.dataset.card });
  });
  for (const name of ["svg", "ply", "selected", "card", "status", "error"]) model.on(`change:${name}`, paint);
  paint();
  return watchBox(model, box);
}

export default { render };
