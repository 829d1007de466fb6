extension ComparisonHTML {
    /// The page's style: light and dark, the pictures on a checkerboard, the outlines in the colours of their kinds.
    static let css = """
    :root {
      color-scheme: light dark;
      --bg: #ffffff; --fg: #1f2328; --muted: #59636e; --border: #d1d9e0; --panel: #f6f8fa; --check: #e8ebef;
      --bad: #cf222e; --bad-bg: #ffebe9; --good: #1a7f37; --good-bg: #dafbe1; --accent: #0969da;
      --renamed: #bf3989; --added: #1a7f37; --removed: #cf222e; --selected: #8250df; --section: #0969da;
    }
    @media (prefers-color-scheme: dark) {
      :root {
        --bg: #0d1117; --fg: #e6edf3; --muted: #9198a1; --border: #3d444d; --panel: #151b23; --check: #262c36;
        --bad: #ff7b72; --bad-bg: #3c1618; --good: #3fb950; --good-bg: #12261e; --accent: #4493f8;
        --renamed: #db61a2; --added: #3fb950; --removed: #ff7b72; --selected: #a371f7; --section: #4493f8;
      }
    }
    * { box-sizing: border-box; }
    [hidden] { display: none !important; }
    html { background: var(--bg); color: var(--fg); }
    body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", "Noto Sans", "DejaVu Sans", sans-serif; }
    code { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 0.92em; word-break: break-all; }
    .muted { color: var(--muted); }
    .top { padding: 16px 24px; border-bottom: 1px solid var(--border); background: var(--panel); position: sticky;
           top: 0; z-index: 2; }
    h1 { margin: 0 0 4px; font-size: 22px; }
    h2 { font-size: 18px; margin: 28px 0 2px; }
    h3 { font-size: 15px; margin: 4px 0; }
    .top p { margin: 0; }
    .switches { display: flex; gap: 20px; margin-top: 6px; font-size: 14px; }
    main { padding: 8px 24px 48px; }
    footer { padding: 0 24px 32px; font-size: 13px; }
    .verdict { font-size: 14px; padding: 2px 8px; border-radius: 12px; vertical-align: middle; }
    .verdict.passed { background: var(--good-bg); color: var(--good); }
    .verdict.failed { background: var(--bad-bg); color: var(--bad); }
    .note { background: #fff8c5; color: #1f2328; border: 1px solid #d4a72c; padding: 8px 12px; border-radius: 6px; }
    .toc ul { margin: 12px 0; padding-left: 20px; }
    .toc .fails a { color: var(--bad); }
    .count { font-size: 12px; color: var(--muted); border: 1px solid var(--border); border-radius: 10px;
             padding: 0 6px; }
    details.screen { border: 1px solid var(--border); border-radius: 6px; margin: 10px 0; padding: 0 12px; }
    details.screen > summary { cursor: pointer; padding: 8px 0; }
    article.item { border-top: 1px solid var(--border); padding: 8px 0 16px; }
    .status { font-size: 12px; padding: 1px 6px; border-radius: 10px; background: var(--panel); }
    .fails .status { background: var(--bad-bg); color: var(--bad); }
    ol.changes { margin: 6px 0 10px; padding-left: 24px; }
    button.change { font: inherit; font-size: 14px; text-align: left; background: none; border: 0; padding: 1px 4px;
                    color: var(--fg); cursor: pointer; border-left: 4px solid var(--section); }
    button.change:hover { background: var(--panel); text-decoration: underline; }
    button.change.renamed { border-color: var(--renamed); } button.change.added { border-color: var(--added); }
    button.change.removed { border-color: var(--removed); }
    button.change.selected, button.change.unselected { border-color: var(--selected); }
    .modes { display: inline-flex; border: 1px solid var(--border); border-radius: 6px; overflow: hidden;
             margin: 4px 0 8px; }
    .modes button { font: inherit; font-size: 13px; padding: 3px 12px; border: 0; background: var(--bg);
                    color: var(--fg); cursor: pointer; }
    .modes button + button { border-left: 1px solid var(--border); }
    .modes button[aria-pressed="true"] { background: var(--accent); color: #fff; }
    .view.side { display: flex; gap: 16px; flex-wrap: wrap; align-items: flex-start; }
    figure { margin: 0; width: 300px; max-width: 100%; }
    figcaption { font-size: 12px; color: var(--muted); }
    figcaption .size { margin-left: 6px; font-variant-numeric: tabular-nums; }
    .picture, .stage { position: relative; line-height: 0; border: 1px solid var(--border);
      background: repeating-conic-gradient(var(--check) 0 25%, var(--bg) 0 50%) 0 0 / 16px 16px; }
    .picture img { width: 100%; height: auto; display: block; }
    figure.pixels, body.plain figure.diff.explained { display: none; }
    body.plain figure.pixels { display: block; }
    .mark { position: absolute; border: 2px solid var(--section); border-radius: 3px; pointer-events: none;
            box-shadow: 0 0 0 1px rgba(255, 255, 255, 0.7); }
    .mark.renamed { border-color: var(--renamed); } .mark.added { border-color: var(--added); }
    .mark.removed, .mark.gone { border-color: var(--removed); border-style: dashed; }
    .mark.selected, .mark.unselected { border-color: var(--selected); }
    .mark.flash { animation: flash 1.2s ease-out 2; }
    @keyframes flash { 0% { box-shadow: 0 0 0 12px rgba(191, 57, 137, 0.55); }
                       100% { box-shadow: 0 0 0 1px transparent; } }
    .view.overlay { width: 420px; max-width: 100%; }
    .stage { overflow: hidden; cursor: ew-resize; touch-action: none; user-select: none; --split: 50%; --fade: 1; }
    .layer { position: absolute; inset: 0; pointer-events: none; }
    .layer img { display: block; height: auto; max-width: none; }
    .layer.actual { clip-path: inset(0 0 0 var(--split)); opacity: var(--fade); }
    .handle { position: absolute; top: 0; bottom: 0; left: var(--split); width: 2px; margin-left: -1px;
              background: var(--accent); }
    .item[data-mode="onion"] .handle { display: none; }
    .range { display: flex; align-items: center; gap: 8px; font-size: 13px; color: var(--muted); margin-top: 6px; }
    .range input { flex: 1; accent-color: var(--accent); }
    body.failures-only .group.passes, body.failures-only .toc .passes { display: none; }
    """

    static let script = """
    "use strict";
    for (const [id, name] of [["failures-only", "failures-only"], ["plain-diff", "plain"]]) {
      const box = document.getElementById(id);
      if (!box) continue;
      const apply = () => document.body.classList.toggle(name, box.checked);
      box.addEventListener("change", apply);
      apply();
    }
    for (const item of document.querySelectorAll("[data-item]")) {
      const stage = item.querySelector("[data-stage]");
      const range = item.querySelector("[data-range]");
      const show = () => {
        if (!stage) return;
        const value = Number(range.value);
        const onion = item.dataset.mode === "onion";
        stage.style.setProperty("--split", onion ? "0%" : value + "%");
        stage.style.setProperty("--fade", onion ? String(value / 100) : "1");
      };
      const setMode = (mode) => {
        item.dataset.mode = mode;
        for (const button of item.querySelectorAll("[data-mode]")) {
          button.setAttribute("aria-pressed", String(button.dataset.mode === mode));
        }
        for (const view of item.querySelectorAll("[data-view]")) {
          view.hidden = view.dataset.view !== (mode === "side" ? "side" : "overlay");
        }
        show();
      };
      for (const button of item.querySelectorAll("[data-mode]")) {
        button.addEventListener("click", () => setMode(button.dataset.mode));
      }
      if (stage) {
        range.addEventListener("input", show);
        const follow = (event) => {
          if (item.dataset.mode === "onion") return;
          const box = stage.getBoundingClientRect();
          range.value = String(Math.round((event.clientX - box.left) / box.width * 100));
          show();
        };
        stage.addEventListener("pointerdown", (event) => { stage.setPointerCapture(event.pointerId); follow(event); });
        stage.addEventListener("pointermove", (event) => {
          if (stage.hasPointerCapture(event.pointerId)) follow(event);
        });
      }
      for (const button of item.querySelectorAll("[data-goto]")) {
        button.addEventListener("click", () => {
          const marks = [...item.querySelectorAll(".mark")]
            .filter((mark) => mark.dataset.mark === button.dataset.goto && mark.getClientRects().length > 0);
          for (const mark of marks) {
            mark.classList.remove("flash");
            void mark.offsetWidth;
            mark.classList.add("flash");
          }
          if (marks.length > 0) marks[0].scrollIntoView({ block: "center", inline: "nearest" });
        });
      }
    }
    """
}
