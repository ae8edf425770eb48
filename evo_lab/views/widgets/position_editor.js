// evo-lab position editor board (anywidget ESM, no build step): shows the SVG Python sends (`svg`, the built
// position) and sends {type: "click", label} for a click on a land space; Python places or removes a dinosaur.
function render({ model, el }) {
  el.classList.add("evo-pe-board");
  const box = document.createElement("div");
  box.className = "evo-pe-svg";
  const err = document.createElement("div");
  err.className = "evo-pe-error";
  el.append(box, err);
  const draw = () => {
    box.innerHTML = model.get("svg");
    const svg = box.querySelector("svg");
    if (svg) {
      svg.removeAttribute("width");
      svg.removeAttribute("height");
      svg.style.width = "100%";
      svg.style.height = "auto";
      svg.querySelectorAll("g, text, path, circle").forEach((e) => {
        if (!e.closest(".spaces")) e.style.pointerEvents = "none";
      });
    }
    err.textContent = model.get("error");
  };
  box.addEventListener("click", (ev) => {
    const sp = ev.target.closest("[data-label]");
    if (sp) model.send({ type: "click", label: sp.getAttribute("data-label") });
  });
  model.on("change:svg", draw);
  model.on("change:error", draw);
  draw();
}
export default { render };
