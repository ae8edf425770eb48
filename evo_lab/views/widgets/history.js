// evo-lab: the stepper's history list (anywidget ESM, no build step).
// Python sends the lines as HTML (trait `value`): a `div[data-ply]` per move, the current one with class
// `evo-current`. The list is a box of a few lines that scrolls inside itself; after every change (a Step, a
// Round, Undo, a click on the History slider) and whenever the box changes width, it scrolls (the box only, never
// the page or the column) so that the current move is in view with the moves just before it, no line cut. A click on a line
// sends {type: "goto", ply}: Python goes to that move of the line shown.

function render({ model, el }) {
  el.classList.add("evo-history-list");
  const box = document.createElement("div");
  box.className = "evo-history-box";
  box.setAttribute("role", "list");
  el.append(box);

  // Show whole lines only, ending with the current move (and the one after it when there is room): the box is
  // as tall as those lines (at most its CSS max-height) and scrolled to the first of them.
  const follow = () => {
    box.style.height = "";
    const cur = box.querySelector(".evo-current");
    const limit = box.clientHeight;
    if (!cur || !limit || box.scrollHeight <= limit + 1) return;
    const lines = [...cur.parentElement.children];
    const i = lines.indexOf(cur);
    const height = (el) => el.getBoundingClientRect().height; // fractional: no sliver of a line shows
    let first = i;
    let used = height(cur);
    const next = lines[i + 1];
    if (next && used + height(next) + height(cur) <= limit) used += height(next);
    while (first > 0 && used + height(lines[first - 1]) <= limit) used += height(lines[--first]);
    box.style.height = `${used}px`;
    box.scrollTop = lines[first].getBoundingClientRect().top - lines[0].getBoundingClientRect().top;
  };
  const paint = () => {
    box.innerHTML = model.get("value");
    follow();
  };

  box.addEventListener("click", (ev) => {
    const line = ev.target.closest("[data-ply]");
    if (line && !line.classList.contains("evo-current")) model.send({ type: "goto", ply: Number(line.dataset.ply) });
  });
  model.on("change:value", paint);
  paint();
  let width = 0;
  const observer = new ResizeObserver(() => {  // a new width wraps the lines again (a new height is ours)
    if (Math.abs(box.clientWidth - width) < 2) return;
    width = box.clientWidth;
    follow();
  });
  observer.observe(box);
  window.addEventListener("resize", follow);  // a new window height can change the box's max-height
  return () => {
    observer.disconnect();
    window.removeEventListener("resize", follow);
  };
}

export default { render };
