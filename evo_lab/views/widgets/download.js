// evo-lab downloads (anywidget ESM, no build step): Python sends {kind: "download", id, filename, mime, text,
// render}; the browser saves it as a file through an <a download> anchor on a Blob URL (works the same in
// Voila, JupyterLab, Notebook 7 and VS Code: no server file, no FileLink). render "png": the SVG text is drawn
// on a canvas first (2x its size, white background) and the canvas saved as PNG. The handler lives on the
// model (`initialize`), so a download happens once however many views the widget has, and also when its tab
// is not shown. The browser answers {kind: "done", id, filename, bytes} or {kind: "failed", id, filename, error}.

function save(blob, filename) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  a.style.display = "none";
  document.body.appendChild(a);
  a.click();
  setTimeout(() => { a.remove(); URL.revokeObjectURL(url); }, 60000);
}

function svgToPng(text, scale) {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => {
      const w = Math.max(1, Math.round((img.naturalWidth || 800) * scale));
      const h = Math.max(1, Math.round((img.naturalHeight || 600) * scale));
      const canvas = document.createElement("canvas");
      canvas.width = w;
      canvas.height = h;
      const ctx = canvas.getContext("2d");
      ctx.fillStyle = "#ffffff";
      ctx.fillRect(0, 0, w, h);
      ctx.drawImage(img, 0, 0, w, h);
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("the canvas gave no PNG"))), "image/png");
    };
    img.onerror = () => reject(new Error("the browser could not draw the SVG"));
    img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(text);
  });
}

async function handle(model, msg) {
  if (!msg || msg.kind !== "download") return;
  try {
    const blob = msg.render === "png" ? await svgToPng(msg.text, msg.scale || 2)
      : new Blob([msg.text], { type: (msg.mime || "text/plain") + ";charset=utf-8" });
    save(blob, msg.filename);
    model.send({ kind: "done", id: msg.id, filename: msg.filename, bytes: blob.size });
  } catch (e) {
    model.send({ kind: "failed", id: msg.id, filename: msg.filename, error: String(e && e.message || e) });
  }
}

function initialize({ model }) {
  const onMsg = (msg) => handle(model, msg);
  model.on("msg:custom", onMsg);
  return () => model.off("msg:custom", onMsg);
}

function render({ el }) {
  el.classList.add("evo-downloader");
  el.style.display = "none";
}

export default { initialize, render };
