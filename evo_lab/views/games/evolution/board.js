// evo-lab Evolution board (anywidget ESM, no build step).
// Python draws the table as SVG (trait `svg`, from the observation of the viewer) with a `g.species` per species
// board and a `g.card` per visible hand card. A click sends {type: "species", player, species} or
// {type: "card", card}; Python decides what it means (select, or attack a marked prey) and redraws.
// The widget reports the box it has ({type: "size", width, height}: its width, and the window's height below its
// top) so that Python lays the table out for it: text at its size, the table zoomed to fill a big screen.

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

  let sent = [0, 0];
  let timer = null;
  const report = () => {
    timer = null;
    const width = Math.floor(box.clientWidth);
    if (!width) return;
    // the room below the table's top in the window (the error line below it takes ~26 px); a table scrolled
    // far down the page gets the window's height
    const room = Math.floor(window.innerHeight - Math.max(0, box.getBoundingClientRect().top) - 26);
    const height = Math.max(320, Math.min(room > 320 ? room : window.innerHeight - 90, window.innerHeight));
    if (Math.abs(width - sent[0]) < 6 && Math.abs(height - sent[1]) < 24) return;
    sent = [width, height];
    model.send({ type: "size", width, height });
  };
  const later = () => { if (!timer) timer = setTimeout(report, 120); };
  const observer = new ResizeObserver(later);
  observer.observe(box);
  window.addEventListener("resize", later);

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
  later();
  return () => { observer.disconnect(); window.removeEventListener("resize", later); };
}

export default { render };
