// evo-lab: a board widget reports the box it is shown in, so that Python lays its drawing out for it.
// `watchBox(model, box)` sends {type: "size", width, height} (the box's width, and the room below its top in the
// window) once drawn and again when the box, what stands above it or the window changes size (debounced; small
// changes are ignored).
// Returns a function that stops watching. Shared by the board widgets (prepended to their ESM by board_box.py).

function watchBox(model, box) {
  let sent = [0, 0];
  let timer = null;
  const report = () => {
    timer = null;
    const width = Math.floor(box.clientWidth);
    if (!width) return;
    // the room below the drawing's top in the window (the error line below it takes ~26 px); a drawing scrolled
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
  // the box's top moves when what stands above it grows or shrinks (a note line, a status that wraps): watch the
  // elements before the box and before each of its ancestors, so the room below the top is measured again
  // (scrolling moves the top too, but is not a change of the room the page gives the board)
  let node = box;
  for (; node && node.parentElement && node !== document.body; node = node.parentElement) {
    for (let sib = node.previousElementSibling; sib; sib = sib.previousElementSibling) observer.observe(sib);
  }
  // widgets drawn above the box after it (a page's header, a status line) are new elements, not resized ones
  const added = new MutationObserver(later);
  added.observe(document.body, { childList: true, subtree: true });
  window.addEventListener("resize", later);
  later();
  return () => {
    observer.disconnect();
    added.disconnect();
    window.removeEventListener("resize", later);
  };
}
