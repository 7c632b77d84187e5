// greatwall_kit board front end: the one view of every Board and Stepper. It draws what Python sends
// (pictures, lens, log and the rest in `_view`), sets the view-state traits, and sends actions; it knows no rule.

const MARK = "greatwall_kit board front end";
const WIDGET_VIEW = "application/vnd.jupyter.widget-view+json";
const WIDGET_STATE = "application/vnd.jupyter.widget-state+json";
// Shared by every copy of this module in the page (each widget may load its own):
const VIEWS = globalThis.__gwViews || (globalThis.__gwViews = new Map()); // a board's _uid -> its views, newest last
const SAVING = globalThis.__gwSaving || (globalThis.__gwSaving = new WeakSet()); // notebooks whose saves keep boards
const FORM = "gw-exercise";  // the DOM class of an exercise form (greatwall_kit/exercises/form.py)
const INPUTS = new Set(["ButtonModel", "TextModel", "DropdownModel"]);  // a kept form's inputs: disabled

function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === null || v === undefined) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "text") el.textContent = v;
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

function uid() {
  const random = (globalThis.crypto && crypto.randomUUID) ? crypto.randomUUID().slice(0, 8)
    : Math.random().toString(36).slice(2, 10);
  return `gw${random}`;
}

// SVG ids (patterns, markers) are global to the page: each view renames those of its pictures, so two boards of one
// game, in one notebook or two, never share one (a pattern in a hidden tab stops painting the other board).
function uniqueIds(svg, suffix) {
  if (!svg || svg.indexOf(" id=") < 0) return svg;
  const ids = new Set();
  svg.replace(/\sid="([^"]+)"/g, (m, id) => { ids.add(id); return m; });
  let out = svg;
  for (const id of ids) {
    const safe = id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const renamed = `${id}-${suffix}`;
    out = out.replace(new RegExp(`(\\sid=")${safe}(")`, "g"), `$1${renamed}$2`)
      .replace(new RegExp(`url\\(#${safe}\\)`, "g"), `url(#${renamed})`)
      .replace(new RegExp(`(href=")#${safe}(")`, "g"), `$1#${renamed}$2`)
      .replace(new RegExp(`(aria-(?:labelledby|describedby)=")${safe}(")`, "g"), `$1${renamed}$2`);
  }
  return out;
}

// Projector mode: the picture is drawn at least so large that its smallest text is 18 px (it scrolls sideways in
// an output narrower than that); otherwise it fits the output's width, never wider than drawn.
function zoomForLarge(box, large) {
  const svg = box.querySelector("svg");
  if (!svg) return;
  if (box.closest(".gw-projector")) large = false;  // projector mode: fitted to the width instead
  let smallest = Infinity;
  if (large) {
    for (const t of svg.querySelectorAll("text")) {
      const size = parseFloat(getComputedStyle(t).fontSize);
      if (size > 0 && size < smallest) smallest = size;
    }
  }
  box.style.setProperty("--gw-zoom", String(large && smallest < Infinity ? Math.max(18.5 / smallest, 1) : 1));
}

function naturalWidth(svgText) {
  const m = /<svg[^>]*\swidth="([\d.]+)"/.exec(svgText || "");
  return m ? Number(m[1]) : 0;
}

// The ids of `roots` and of every model they refer to (IPY_MODEL_ references: layouts, styles, a form's parts).
function closure(roots, models) {
  const seen = new Set();
  const todo = [...roots];
  while (todo.length) {
    const id = todo.pop();
    if (seen.has(id) || !models[id]) continue;
    seen.add(id);
    const values = [models[id].state];
    while (values.length) {
      const v = values.pop();
      if (typeof v === "string" && v.startsWith("IPY_MODEL_")) todo.push(v.slice(10));
      else if (v && typeof v === "object") values.push(...Object.values(v));
    }
  }
  return seen;
}

// A saved notebook keeps the state of the boards and exercise forms it shows (and of the models they refer to), so
// that reopened without running anything it shows them instead of "model not found": the widget manager restores
// the models from the notebook's metadata, as it does for widget state saved by JupyterLab itself. A kept form is
// kept as it was seen (the student's answer, the feedback shown), its inputs disabled until the cell runs again;
// the answer itself lives only in Python, so nothing not yet shown is saved.
function keepStateOnSave(model) {
  const manager = model.widget_manager;
  const context = manager && manager._context;
  if (!context || !context.saveState || !manager.get_state_sync || SAVING.has(context)) return;
  SAVING.add(context);
  context.saveState.connect((_, phase) => {
    if (phase !== "started") return;
    try {
      const notebook = context.model;
      const shown = [];
      for (let i = 0; i < notebook.cells.length; i++) {
        const cell = notebook.cells.get(i);
        if (cell.type !== "code") continue;
        for (let j = 0; j < cell.outputs.length; j++) {
          const view = (cell.outputs.get(j).data || {})[WIDGET_VIEW];
          if (view && view.model_id) shown.push(view.model_id);
        }
      }
      const all = manager.get_state_sync({ drop_defaults: true });
      const drawn = (entry) => entry && entry.state && typeof entry.state._esm === "string"
        && entry.state._esm.includes(MARK);
      const form = (entry) => entry && entry.state && (entry.state._dom_classes || []).includes(FORM);
      const ours = (entry) => drawn(entry) || form(entry);
      const get = (k) => notebook.getMetadata ? notebook.getMetadata(k) : notebook.metadata.get(k);
      const old = ((get("widgets") || {})[WIDGET_STATE] || {}).state || {};
      const models = { ...old, ...(all.state || {}) };  // live state first; restored models are live too
      const state = {};
      const oursBefore = closure(Object.keys(old).filter((id) => ours(old[id])), old);
      for (const [id, entry] of Object.entries(old)) if (!oursBefore.has(id)) state[id] = entry;  // others' state
      const roots = shown.filter((id) => ours(models[id]));
      const inForms = closure(roots.filter((id) => form(models[id])), models);
      for (const id of closure(roots, models)) {
        const entry = models[id];
        const kept = { ...entry.state };
        if (drawn(entry)) kept._gw_saved = true;
        if (inForms.has(id) && INPUTS.has(entry.model_name)) kept.disabled = true;
        state[id] = { ...entry, state: kept };
      }
      if (!Object.keys(state).length && !Object.keys(old).length) return;
      const widgets = { [WIDGET_STATE]: { version_major: all.version_major, version_minor: all.version_minor, state } };
      if (notebook.setMetadata) notebook.setMetadata("widgets", widgets);
      else notebook.metadata.set("widgets", widgets);
    } catch (err) {
      console.warn("greatwall_kit: could not keep the boards' state in the notebook", err);
    }
  });
}

// Outlines around board elements, drawn on top of the picture and never filled, so they hide no label: what changed
// since the viewer's last move, what differs between two outcomes.
function outline(box, keys, kind) {
  const svg = box.querySelector("svg");
  if (!svg || !keys || !keys.length) return;
  const ns = "http://www.w3.org/2000/svg";
  const layer = document.createElementNS(ns, "g");
  layer.setAttribute("class", `gw-outlines gw-${kind}`);
  layer.setAttribute("pointer-events", "none");
  for (const key of keys) {
    for (const g of svg.querySelectorAll(`[data-element="${CSS.escape(key)}"]`)) {
      let b;
      try { b = g.getBBox(); } catch (e) { continue; }
      if (!b.width && !b.height) continue;
      for (const [stroke, width, dash] of [["#FFFFFF", 7, null], [kind === "differs" ? "#882255" : "#AA3377", 3.5, "7,4"]]) {
        const r = document.createElementNS(ns, "rect");
        for (const [k, v] of Object.entries({ x: b.x - 3, y: b.y - 3, width: b.width + 6, height: b.height + 6,
          rx: 4, fill: "none", stroke, "stroke-width": width, "stroke-dasharray": dash })) if (v !== null) r.setAttribute(k, v);
        r.setAttribute("data-outlines", key);
        layer.append(r);
      }
    }
  }
  svg.append(layer);
}

// Only the newest view of a model takes part in the Tab order (a board shown again by a later cell).
// (Each view gets a model object of its own, so the board is known by the name Python gave it.)
function register(model, view) {
  const key = model.get("_uid") || view;
  const list = VIEWS.get(key) || [];
  list.push(view);
  VIEWS.set(key, list);
  list.forEach((v) => v.setCurrent(v === view));
  return () => {
    const rest = (VIEWS.get(key) || []).filter((v) => v !== view);
    if (rest.length) { VIEWS.set(key, rest); rest[rest.length - 1].setCurrent(true); } else VIEWS.delete(key);
  };
}

// The bar above the board stays in view while the board is scrolled past it (the notebook, not the page, scrolls,
// and its output areas clip `position: sticky`).
function keepInView(root, head) {
  let frame = 0;
  let scrollers = null;
  const find = () => {
    scrollers = [];
    for (let p = root.parentElement; p; p = p.parentElement) {
      if (/(auto|scroll)/.test(getComputedStyle(p).overflowY)) scrollers.push(p);
    }
  };
  const update = () => {
    frame = 0;
    if (!root.isConnected) return;
    if (!scrollers) find();
    let top = 0;
    for (const p of scrollers) if (p.scrollHeight > p.clientHeight + 1) top = Math.max(top, p.getBoundingClientRect().top);
    const rect = root.getBoundingClientRect();
    const room = rect.height - head.offsetTop - head.offsetHeight - 80;
    const shift = Math.min(Math.max(top - rect.top - head.offsetTop, 0), Math.max(room, 0));
    head.style.transform = shift > 0 ? `translateY(${Math.round(shift)}px)` : "";
    head.classList.toggle("gw-stuck", shift > 0);
  };
  const schedule = () => { if (!frame) frame = requestAnimationFrame(update); };
  const resized = () => { scrollers = null; schedule(); };
  document.addEventListener("scroll", schedule, true);
  window.addEventListener("resize", resized);
  schedule();
  return () => { document.removeEventListener("scroll", schedule, true); window.removeEventListener("resize", resized); };
}

// One tooltip per view: the rule behind a move button, a choice or a board target, on hover and on keyboard focus.
// Where the element applies rules (`rulesOf`, with the view's rule panel `panel`), the tip ends with their IDs as
// buttons that open their live examples: the pointer may move onto the tip to press one, and the key R opens the
// first from the element focused.
function tooltips(root, textOf, rulesOf = () => [], panel = null) {
  const tip = h("div", { class: "gw-tip", role: "tooltip", id: `${uid()}-tip`, hidden: true });
  root.append(tip);
  let owner = null;
  let leaving = 0;
  const show = (el) => {
    clearTimeout(leaving);
    const text = textOf(el);
    if (!text) return hide();
    owner = el;
    tip.textContent = text;
    const rules = panel ? rulesOf(el) : [];
    tip.classList.toggle("gw-tip-open", rules.length > 0);
    if (rules.length) {
      tip.append(h("div", { class: "gw-tip-rules" }, "See it at work: ", ...rules.map(panel.open), " (or press R)"));
    }
    tip.hidden = false;
    el.setAttribute("aria-describedby", tip.id);
    const a = el.getBoundingClientRect();
    const r = root.getBoundingClientRect();
    const left = Math.max(0, Math.min(a.left - r.left, r.width - tip.offsetWidth - 4));
    const below = a.bottom - r.top + 6;
    const above = a.top - r.top - tip.offsetHeight - 6;
    tip.style.left = `${left}px`;
    tip.style.top = `${a.bottom + tip.offsetHeight + 8 > window.innerHeight && above > 0 ? above : below}px`;
  };
  const hide = () => {
    clearTimeout(leaving);
    tip.hidden = true;
    if (owner) owner.removeAttribute("aria-describedby");
    owner = null;
  };
  const tipped = (ev) => !tip.contains(ev.target) && ev.target.closest && ev.target.closest("[data-tip], [data-target]");
  root.addEventListener("mouseover", (ev) => {
    if (tip.contains(ev.target)) return clearTimeout(leaving);  // (on its way to a rule in the tip)
    const el = tipped(ev);
    if (el && el !== owner) show(el);
  });
  root.addEventListener("mouseout", (ev) => {
    if (!owner || owner.contains(ev.relatedTarget) || tip.contains(ev.relatedTarget)) return;
    // a tip with rules to press waits a moment: the pointer crosses the gap between the element and the tip
    if (tip.classList.contains("gw-tip-open")) leaving = setTimeout(hide, 500);
    else hide();
  });
  // on keyboard focus only: focus put back on the board after a click must not pop a tooltip up
  root.addEventListener("focusin", (ev) => {
    if (tip.contains(ev.target)) return;
    const el = tipped(ev);
    if (el && el.matches(":focus-visible")) show(el); else hide();
  });
  root.addEventListener("focusout", (ev) => { if (owner && !root.contains(ev.relatedTarget)) hide(); });
  root.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && !tip.hidden) hide();
    if ((ev.key === "r" || ev.key === "R") && panel && !ev.ctrlKey && !ev.metaKey && !ev.altKey) {
      const el = ev.target.closest && ev.target.closest("[data-tip], [data-target]");
      const rules = el && !tip.contains(el) ? rulesOf(el) : [];
      if (!rules.length) return;
      ev.preventDefault();
      ev.stopPropagation();  // (not the notebook's own R)
      hide();
      panel.show(rules[0]);
    }
  });
  return hide;
}

// A rule ID opens that rule's live example: the button sends {type: "rule", id}; Python answers in `_rule_view`
// ({id, title, lines, picture}), drawn in a panel under the bar until closed.
function rulePanel(model, send) {
  const panel = h("section", { class: "gw-rule-panel", "aria-label": "Live example of a rule", tabindex: "-1",
    hidden: true });
  const show = (rule) => send({ type: "rule", id: rule });
  const open = (rule) => h("button", { class: "gw-rule-id", type: "button", "aria-label": `${rule}: show this rule at work`,
    "data-tip": `${rule}: show this rule at work`, onclick: () => show(rule) }, rule);
  open.show = show;
  open.open = open;
  const draw = () => {
    const v = model.get("_rule_view") || {};
    panel.hidden = !v.id;
    if (!v.id) return;
    const picture = h("div", { class: "gw-rule-picture", role: "img", "aria-label": `The board of ${v.id}'s example` });
    picture.innerHTML = v.picture || "";
    panel.replaceChildren(h("h3", {}, v.title || v.id), ...(v.lines || []).map((line) => h("p", {}, line)), picture,
      h("button", { class: "gw-rule-close", type: "button", onclick: () => { model.set("_rule_view", {});
        model.save_changes(); } }, "Close"));
    panel.focus();
  };
  model.on("change:_rule_view", draw);
  return [panel, open, () => model.off("change:_rule_view", draw)];
}

// The rules the moves of an element apply (a move button's, a choice's, a board target's), once each, in order.
function movesRules(el, s) {
  const moves = el.dataset.move ? [...(s.buttons || []), ...Object.values(s.targets || {}).flat()]
    .filter(([text]) => text === el.dataset.move) : (s.targets || {})[el.dataset.target] || [];
  return [...new Set(moves.map(([, rule]) => rule).filter(Boolean))];
}

// A move's tooltip: its text, the rule it applies and what it does (`what`, from the game; else the rule's summary).
function ruleTip(text, rule, rules, what) {
  if (!rule) return what ? `${text} — ${what}` : text;
  return `${text} — ${rule}: ${what || (rules || {})[rule] || ""}`.trim();
}

// Lens: one Tab stop; the arrow keys move between its nodes and edges, Enter or Space selects one.
function lensKeys(box, select) {
  box.addEventListener("keydown", (ev) => {
    const picks = [...box.querySelectorAll(".gw-pick")];
    const at = picks.indexOf(ev.target.closest(".gw-pick"));
    if (at < 0) return;
    let next = null;
    if (ev.key === "ArrowRight" || ev.key === "ArrowDown") next = Math.min(at + 1, picks.length - 1);
    else if (ev.key === "ArrowLeft" || ev.key === "ArrowUp") next = Math.max(at - 1, 0);
    else if (ev.key === "Home") next = 0;
    else if (ev.key === "End") next = picks.length - 1;
    else if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); select(picks[at]); return; }
    if (next === null) return;
    ev.preventDefault();
    picks.forEach((p, i) => p.setAttribute("tabindex", i === next ? "0" : "-1"));
    picks[next].focus();
  });
  box.addEventListener("click", (ev) => { const p = ev.target.closest(".gw-pick"); if (p) select(p); });
}

function setTrait(model, name, value) {
  model.set(name, value);
  model.save_changes();
}

// The size switch and the projector switch (which makes the text large too); each view's choice is also the
// session's, so a view made again opens as chosen.
function sizeToggle(model) {
  const button = h("button", { class: "gw-size", type: "button", "data-tip": "Larger text and lens",
    onclick: () => setTrait(model, "size", model.get("size") === "large" ? "normal" : "large") }, "Large text");
  const projector = h("button", { class: "gw-project", type: "button",
    "data-tip": "Projector mode: the spectator's view (no player's secrets), large text, the board fitted to the width",
    onclick: () => setTrait(model, "projector", !model.get("projector")) }, "Projector");
  const group = h("span", { class: "gw-switches" }, button, projector);
  const draw = () => {
    button.setAttribute("aria-pressed", model.get("size") === "large" ? "true" : "false");
    projector.setAttribute("aria-pressed", model.get("projector") ? "true" : "false");
    button.disabled = !!model.get("projector");  // (projector mode is large)
  };
  return [group, draw];
}

function lensPanel(model, label) {
  const box = h("div", { class: "gw-lens", role: "region", "aria-label": label });
  const panel = h("details", { class: "gw-lens-panel" }, h("summary", {}, "Graph lens (the game's networkx graph)"), box);
  panel.addEventListener("toggle", () => {
    if (model.get("lens_open") !== panel.open) setTrait(model, "lens_open", panel.open);
  });
  return [panel, box];
}

// Classes the view takes when it is at least so wide ({class: pixels}), measured as the output area resizes.
function layout(root, needs, after) {
  const observer = new ResizeObserver(() => {
    for (const [name, need] of Object.entries(needs())) {
      const wide = root.clientWidth >= need;
      if (root.classList.contains(name) !== wide) root.classList.toggle(name, wide);
    }
    if (after) after();
  });
  observer.observe(root);
  return () => observer.disconnect();
}

function savedNote(root, model) {
  if (!model.get("_gw_saved")) return null;
  root.classList.add("gw-saved");
  return h("div", { class: "gw-saved-note", role: "note" },
    "A saved picture of this board: run the cell to play on.");
}

// ------------------------------------------------------------------------------------------------------------
// Board

function renderBoard({ model, el }) {
  const send = (msg) => model.send(msg);
  const suffix = uid();
  const root = h("div", { class: "gw-board", "data-view": suffix, "data-lm-suppress-shortcuts": "true" });
  el.append(root);
  let current = true;
  let lastKey = null;   // the board element last pressed, so focus stays on the board after a redraw

  // the board column: what changed, what only the viewer knows, the hot-seat screen, the picture
  const since = h("div", { class: "gw-since", role: "region", "aria-label": "What happened since your last move",
    tabindex: "-1" });
  const privateBox = h("div", { class: "gw-private", role: "region", "aria-label": "What only you know" });
  const pass = h("div", { class: "gw-pass", role: "region", "aria-label": "Pass the board", hidden: true });
  const picture = h("div", { class: "gw-picture", role: "region", "aria-label": "Board", tabindex: "-1" });
  const boardCol = h("div", { class: "gw-boardcol" }, pass, h("div", { class: "gw-notes", tabindex: "0", role: "group",
    "aria-label": "What changed, and what only you know" }, since, privateBox), picture);

  // An action waits for Python's answer before another is sent, and the second click of a double-click is no
  // action: a button that disappears under the pointer, or a control that takes its place, takes no second click.
  let waiting = 0;  // when the action sent last stops waiting for its answer (a lost answer blocks no one for long)
  function act(msg, ev) {
    if ((ev && ev.detail > 1) || performance.now() < waiting) return false;
    waiting = performance.now() + 3000;
    send(msg);
    return true;
  }

  // the bar above the board holds still: its controls on the first row at the right, whatever the moves; the
  // question and the public scores beside them; the moves' own row keeps its height when there are none.
  // (The Tab order: board targets, moves, controls, lens.)
  const status = h("div", { class: "gw-status gw-title" });
  const question = h("span", { class: "gw-question" });
  const summary = h("span", { class: "gw-summary" });
  const sinceLink = h("button", { class: "gw-since-link", type: "button", hidden: true,
    onclick: () => { root.scrollIntoView({ block: "start" }); since.focus({ preventScroll: true }); } },
  "↑ What changed");
  const strip = h("div", { class: "gw-strip" }, question, summary, sinceLink);
  const buttons = h("div", { class: "gw-buttons", role: "group", "aria-label": "Moves off the board", tabindex: "-1" });
  const undo = h("button", { class: "gw-undo", type: "button", onclick: (ev) => act({ type: "undo" }, ev) }, "Undo");
  const redo = h("button", { class: "gw-redo", type: "button", "data-tip": "Redo: play again what Undo took back",
    onclick: (ev) => act({ type: "redo" }, ev) }, "Redo");
  const perspective = h("select", { class: "gw-perspective", "aria-label": "View as",
    onchange: () => setTrait(model, "perspective", perspective.value) });
  const [size, drawSize] = sizeToggle(model);
  const controls = h("div", { class: "gw-controls", role: "group", "aria-label": "Board controls" },
    undo, redo, h("label", {}, "View as ", perspective), size);
  const message = h("div", { class: "gw-message" });
  const [rulePane, ruleButton, stopRules] = rulePanel(model, send);
  const head = h("div", { class: "gw-head" }, h("div", { class: "gw-bar gw-bar-still" },
    h("div", { class: "gw-top" }, status, controls), strip, buttons), message, rulePane);
  // the strip, the moves and the message take more or fewer lines as they change: each keeps the tallest height it
  // has had (the strip two lines at least) until the view is much wider, so the moves and the board under them do
  // not jump
  const held = [strip, buttons, message].map((el) => ({ el, width: 0 }));
  function holdStill() {
    for (const hold of held) {
      const width = hold.el.clientWidth;
      // (much wider: the texts may need fewer lines; a scrollbar coming and going changes nothing)
      if (width > hold.width * 1.15) hold.el.style.minHeight = "";
      hold.width = width;
      if (!width) continue;  // (not laid out yet)
      // (a few pixels to spare: a line of other glyphs, or a fallback font, is a little taller)
      const height = hold.el.getBoundingClientRect().height;
      if (height > parseFloat(hold.el.style.minHeight || "0")) hold.el.style.minHeight = `${Math.ceil(height) + 4}px`;
    }
  }

  // beside or under the board: the lens, the log, the scrubber
  const [lensBox, lensArea] = lensPanel(model, "Graph lens");
  const log = h("ol", { class: "gw-log", "aria-label": "Log: what the rules did", tabindex: "0" });
  const logBox = h("section", { class: "gw-logbox", "aria-label": "Log" }, h("div", { class: "gw-side-title" }, "Log"), log);
  const slider = h("input", { type: "range", class: "gw-slider", min: "0", "aria-label": "History: decision",
    onchange: () => setTrait(model, "at", String(slider.value)) });
  const stepBy = h("select", { class: "gw-step-by", "aria-label": "Step by",
    onchange: () => setTrait(model, "step_by", stepBy.value) },
    h("option", { value: "decision" }, "decision"), h("option", { value: "event" }, "event"));
  const go = (label, to, name) => h("button", { class: `gw-scrub-${to}`, type: "button", "aria-label": name,
    onclick: () => setTrait(model, "at", ((model.get("_view") || {}).scrub || {})[to] || "now") }, label);
  const now = h("button", { class: "gw-now", type: "button", onclick: () => setTrait(model, "at", "now") }, "Now");
  const branch = h("button", { class: "gw-branch", type: "button", onclick: (ev) => act({ type: "branch" }, ev) },
    "Play from here");
  const where = h("span", { class: "gw-where" });
  const scrubber = h("div", { class: "gw-scrubber", role: "group", "aria-label": "History scrubber" },
    go("« First", "first", "First"), go("‹ Previous", "previous", "Previous"), slider,
    go("Next ›", "next", "Next"), go("Last »", "last", "Last"), h("label", {}, "step by ", stepBy), now, branch, where);
  const side = h("div", { class: "gw-side" }, lensBox, logBox, scrubber);

  const choice = h("div", { class: "gw-choice", role: "group", "aria-label": "Choose a move", hidden: true });
  const live = h("div", { class: "gw-live", "aria-live": "polite", role: "status" });
  const note = savedNote(root, model);
  if (note) head.prepend(note);
  root.append(boardCol, head, side, choice, live);

  const view = () => model.get("_view") || {};
  const hideTip = tooltips(root, (target) => {
    if (target.dataset.tip) return target.dataset.tip;
    const moves = (view().targets || {})[target.dataset.target];
    if (!moves) return "";
    return moves.map(([text, rule, what, label]) => ruleTip(label || text, rule, view().rules, what)).join("\n");
  }, (el) => movesRules(el, view()), ruleButton);

  // -- the choice between several moves, at the element clicked --
  function closeChoice(refocus) {
    if (choice.hidden) return;
    choice.hidden = true;
    choice.replaceChildren();
    if (refocus && lastKey) focusKey(lastKey);
  }
  function openChoice(key, moves, anchor) {
    const s = view();
    choice.replaceChildren(h("div", { class: "gw-choice-title" }, `${moves.length} moves here — choose one:`),
      ...moves.map(([text, rule, what, label]) => h("button", { class: "gw-move", type: "button", "data-move": text,
        "data-tip": ruleTip(label || text, rule, s.rules, what), onclick: (ev) => { if (play(text, ev)) closeChoice(true); } }, label || text)),
      h("button", { class: "gw-cancel", type: "button", onclick: () => closeChoice(true) }, "Cancel"));
    choice.hidden = false;
    const a = anchor.getBoundingClientRect();
    const r = root.getBoundingClientRect();
    const left = Math.max(0, Math.min(a.left - r.left, r.width - choice.offsetWidth - 4));
    const fitsBelow = a.bottom + choice.offsetHeight + 8 <= window.innerHeight;
    choice.style.left = `${left}px`;
    choice.style.top = `${fitsBelow ? a.bottom - r.top + 4 : Math.max(a.top - r.top - choice.offsetHeight - 4, 0)}px`;
    choice.querySelector("button").focus();
  }
  choice.addEventListener("keydown", (ev) => { if (ev.key === "Escape") { ev.stopPropagation(); closeChoice(true); } });

  function play(text, ev) {
    return act({ type: "move", text }, ev);
  }
  function press(target, ev) {
    if (root.classList.contains("gw-saved") || (ev && ev.detail > 1)) return;
    const key = target.getAttribute("data-element");
    lastKey = key;
    hideTip();
    const moves = (view().targets || {})[key];
    if (moves && moves.length > 1) openChoice(key, moves, target);
    else if (moves && moves.length === 1) play(moves[0][0], ev);
    else act({ type: "target", key }, ev);  // not a target: Python answers with the engine's reason
  }
  picture.addEventListener("click", (ev) => {
    const target = ev.target.closest("[data-element]");
    if (target) press(target, ev);
  });
  picture.addEventListener("keydown", (ev) => {
    const target = ev.target.closest("[data-element]");
    if (!target) return;
    if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      if (!ev.repeat) press(target);  // (a key held down plays once)
      return;
    }
    const targets = [...picture.querySelectorAll("[data-target]")];
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[ev.key];
    if (!targets.length || (step === undefined && ev.key !== "Home" && ev.key !== "End")) return;
    ev.preventDefault();
    // the arrows move between the targets in the picture's order, from the element focused (a target or not)
    let to;
    if (ev.key === "Home") to = 0;
    else if (ev.key === "End") to = targets.length - 1;
    else {
      const at = targets.indexOf(target);
      const later = targets.findIndex((t) => target.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING);
      const from = at >= 0 ? at + step : step > 0 ? (later < 0 ? targets.length - 1 : later)
        : (later < 0 ? targets.length - 1 : later - 1);
      to = Math.min(Math.max(from, 0), targets.length - 1);
    }
    focusOn(rove(targets[to].getAttribute("data-target")));
  });
  picture.addEventListener("focusin", (ev) => {
    const el = ev.target.closest("[data-element]");
    if (el && el.matches(":focus-visible")) reveal(el);  // (Tab lands on a target the bar may cover)
  });
  // Arrow keys and the like inside the board are the board's (or its controls'): JupyterLab must not move its cell
  // selection or scroll the notebook with them.
  root.addEventListener("keydown", (ev) => {
    if (/^(Arrow|Page|Home$|End$)/.test(ev.key)) ev.stopPropagation();
  });
  lensKeys(lensArea, (pick) => setTrait(model, "selected", pick.getAttribute("data-element")));

  // Roving tabindex: the board's targets are one Tab stop, the one last pressed or reached by the arrows (else the
  // first); Tab enters the board there and leaves it at the next Tab.
  let roving = null;
  function rove(key) {
    const targets = [...picture.querySelectorAll("[data-target]")];
    const stop = targets.find((t) => t.getAttribute("data-target") === key) || targets[0] || null;
    const open = current && !root.classList.contains("gw-saved");
    for (const t of picture.querySelectorAll("[tabindex]")) t.setAttribute("tabindex", open && t === stop ? "0" : "-1");
    roving = stop ? stop.getAttribute("data-target") : null;
    return stop;
  }
  // focus on a board element, scrolled into the part of the notebook the bar does not cover
  function focusOn(el) {
    const to = el || picture;
    to.focus({ preventScroll: true });
    reveal(to);
  }
  function reveal(el) {
    let scroller = el.parentElement;
    while (scroller && !(/(auto|scroll)/.test(getComputedStyle(scroller).overflowY)
      && scroller.scrollHeight > scroller.clientHeight + 1)) scroller = scroller.parentElement;
    if (!scroller) return;
    const r = el.getBoundingClientRect();
    const area = scroller.getBoundingClientRect();
    const top = area.top + head.getBoundingClientRect().height + 8;  // the bar follows the scroll and covers the top
    const bottom = area.bottom - 8;
    if (r.top < top) scroller.scrollTop -= top - r.top;
    else if (r.bottom > bottom) scroller.scrollTop += Math.min(r.bottom - bottom, r.top - top);
  }
  // After a move the element pressed keeps the focus, a target or not (a second Enter plays it again only if it still
  // is a target); the Tab stop is that element if it is a target, else the next target after it.
  function focusKey(key) {
    const pressed = key && picture.querySelector(`[data-element="${CSS.escape(key)}"]`);
    let stop = rove(key);
    if (pressed && !pressed.hasAttribute("data-target")) {
      const later = [...picture.querySelectorAll("[data-target]")].find(
        (t) => pressed.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING);
      stop = rove(later ? later.getAttribute("data-target") : null);
      if (!pressed.hasAttribute("tabindex")) pressed.setAttribute("tabindex", "-1");
    }
    focusOn(pressed || stop);
  }

  function drawBoard() {
    const inBoard = root.contains(document.activeElement) && (picture.contains(document.activeElement)
      || choice.contains(document.activeElement) || buttons.contains(document.activeElement));
    const pressedButton = buttons.contains(document.activeElement) ? document.activeElement.dataset.move : null;
    const svg = model.get("_board") || "";
    picture.innerHTML = uniqueIds(svg, suffix);
    picture.style.setProperty("--gw-natural", `${naturalWidth(svg)}px`);
    zoomForLarge(picture, model.get("size") === "large");
    drawOutlines();
    rove(lastKey || roving);
    closeChoice(false);
    if (inBoard) {
      const again = pressedButton && buttons.querySelector(`[data-move="${CSS.escape(pressedButton)}"]`);
      if (again) again.focus({ preventScroll: true });
      else if (pressedButton) focusOn(buttons);  // the row the button was in: a second Enter plays nothing
      else focusKey(lastKey || "");
    }
  }

  // outlines need the picture laid out (a view is drawn before it is in the page): drawn when it is
  function drawOutlines() {
    const svg = picture.querySelector("svg");
    if (!svg || svg.querySelector(".gw-outlines")) return;
    if (!svg.getBoundingClientRect().width) return;
    outline(picture, view().changed, "changed");
  }
  const pictureSize = new ResizeObserver(drawOutlines);
  pictureSize.observe(picture);

  function drawLens() {
    const svg = model.get("_lens") || "";
    lensArea.innerHTML = uniqueIds(svg, suffix);
    if (!current) for (const t of lensArea.querySelectorAll("[tabindex]")) t.setAttribute("tabindex", "-1");
  }

  // the newest line stays in view unless the reader scrolled back (also once the log is first laid out)
  let logAtEnd = true;
  log.addEventListener("scroll", () => { logAtEnd = log.scrollHeight - log.scrollTop - log.clientHeight < 30; });
  const logSize = new ResizeObserver(() => { if (logAtEnd) log.scrollTop = log.scrollHeight; });
  logSize.observe(log);

  function drawLog() {
    const atEnd = logAtEnd;
    log.replaceChildren(...(model.get("_log") || []).map(([sentence, rule]) => {
      const item = h("li", {}, sentence + " ");
      if (rule) item.append(ruleButton(rule));
      return item;
    }));
    if (atEnd) log.scrollTop = log.scrollHeight;
    logAtEnd = atEnd;
  }

  function drawView() {
    const s = view();
    const saved = root.classList.contains("gw-saved");
    waiting = 0;  // Python answered: the next action may go
    status.textContent = `${s.title || ""} · ${s.status || ""}`;
    status.title = status.textContent;
    question.textContent = s.question || "";
    question.hidden = !s.question;
    summary.textContent = s.summary || "";
    summary.hidden = !s.summary;
    // a spectator never plays: no row kept for moves (the view changes with the perspective, not with a move)
    buttons.hidden = String(model.get("perspective")) === "spectator" && !(s.buttons || []).length;
    // a button shows the game's words for its move (a card by name); `data-move` keeps the text `game.play` takes
    buttons.replaceChildren(...(s.buttons || []).map(([text, rule, what, label]) => h("button", { class: "gw-move",
      type: "button", "data-move": text, "data-tip": ruleTip(label || text, rule, s.rules, what), disabled: saved,
      onclick: (ev) => { lastKey = null; play(text, ev); } }, label || text)));
    undo.disabled = saved || !s.can_undo;
    undo.dataset.tip = s.undo_tip || "Undo";
    redo.disabled = saved || !s.can_redo;
    perspective.replaceChildren(...(s.perspectives || []).map(
      (p) => h("option", { value: p.value, selected: p.value === String(model.get("perspective")) }, p.label)));
    perspective.value = String(model.get("perspective"));
    perspective.disabled = saved;
    drawSize();
    const large = model.get("size") === "large";
    const projecting = !!model.get("projector");
    if (root.classList.contains("gw-large") !== large || root.classList.contains("gw-projector") !== projecting) {
      root.classList.toggle("gw-large", large);
      root.classList.toggle("gw-projector", projecting);
      zoomForLarge(picture, large);
    }
    size.querySelector(".gw-project").hidden = !!s.hot_seat;  // (each player sees their own view)

    message.replaceChildren();
    message.classList.toggle("gw-refused", !!s.message);
    if (s.message) {
      message.append(h("strong", {}, s.message.text));
      if (s.message.rule_text) message.append(h("div", { class: "gw-rule" }, ruleButton(s.message.rule), `: ${s.message.rule_text}`));
      if (s.prompt) message.append(h("div", { class: "gw-prompt" }, s.prompt));
    } else {
      message.append(h("span", {}, s.prompt || ""));
    }

    pass.hidden = !s.passing;
    pass.replaceChildren();
    if (s.passing) {
      pass.append(h("p", {}, `Pass the board to ${s.passing.name}. Nothing private is shown until ${s.passing.name} takes it.`),
        h("button", { class: "gw-take", type: "button", disabled: saved,
          onclick: (ev) => act({ type: "pass", player: s.passing.player }, ev) }, `I am ${s.passing.name}: show my view`));
    }

    since.replaceChildren();
    since.hidden = sinceLink.hidden = !s.since;
    if (s.since) {
      const items = s.since.items.length ? s.since.items : ["nothing new"];
      since.append(...[h("span", { class: "gw-since-label" }, `${s.since.label}: `),
        ...items.map((t, i) => h("span", { class: "gw-since-item" }, t,
          (s.since.rules || [])[i] ? ruleButton(s.since.rules[i]) : null)),
        s.since.more ? h("span", { class: "gw-since-more" }, `and ${s.since.more} more in the log `) : null,
        s.since.marked ? h("span", { class: "gw-since-marked" }, `(${s.since.marked} outlined on the board)`) : null]
        .filter(Boolean));
    }
    privateBox.replaceChildren(...(s.private || []).map((p) =>
      h("div", {}, h("strong", {}, `${p.player} knows: `), p.lines.join(" · "))));
    privateBox.hidden = !(s.private || []).length;

    const sc = s.scrub || {};
    slider.max = String(sc.max || 0);
    slider.value = String(sc.decision || 0);
    slider.setAttribute("aria-valuetext", sc.label || "");
    stepBy.value = sc.step_by || "decision";
    now.disabled = !!sc.live;
    branch.disabled = saved || !!sc.live || !!sc.part_way;
    where.textContent = `Showing: ${sc.label || "now"}`;
    lensBox.hidden = !s.has_lens;
    if (live.textContent !== s.announce) live.textContent = s.announce || "";
    holdStill();
  }

  // the lens beside the board when both fit at their natural width, else a collapsed panel under it
  const needs = () => ({ "gw-wide": naturalWidth(model.get("_board")) + (model.get("size") === "large" ? 840 : 560) + 24 });
  const stopLayout = layout(root, needs, () => {
    holdStill();
    if (root.classList.contains("gw-wide") && !lensBox.open && !lensBox.dataset.closedByHand) lensBox.open = true;
  });
  lensBox.addEventListener("toggle", () => { if (!lensBox.open) lensBox.dataset.closedByHand = "1"; });
  lensBox.open = !!model.get("lens_open");

  const handlers = { "change:_board": drawBoard, "change:_lens": drawLens, "change:_log": drawLog,
    "change:_view": drawView, "change:perspective": drawView, "change:size": drawView, "change:projector": drawView };
  for (const [name, fn] of Object.entries(handlers)) model.on(name, fn);
  drawView();
  drawBoard();
  drawLens();
  drawLog();
  const stopSticky = keepInView(root, head);
  const unregister = register(model, {
    setCurrent(yes) {
      current = yes;
      for (const box of [picture, lensArea]) {
        for (const t of box.querySelectorAll("[data-target], .gw-pick")) {
          if (!yes) t.setAttribute("tabindex", "-1");
        }
      }
      if (yes) { drawBoard(); drawLens(); }
    },
  });
  keepStateOnSave(model);
  return () => {
    for (const [name, fn] of Object.entries(handlers)) model.off(name, fn);
    stopSticky();
    stopLayout();
    logSize.disconnect();
    pictureSize.disconnect();
    stopRules();
    unregister();
  };
}

// ------------------------------------------------------------------------------------------------------------
// Stepper

function renderStepper({ model, el }) {
  const send = (msg) => model.send(msg);
  const suffix = uid();
  const root = h("div", { class: "gw-board gw-stepper", "data-view": suffix, "data-lm-suppress-shortcuts": "true" });
  el.append(root);
  const view = () => model.get("_view") || {};
  const goTo = (to) => () => {
    const s = view();
    const target = { first: -1, previous: Math.max(s.index - 1, -1), next: Math.min(s.index + 1, s.count - 1),
      last: s.count - 1 }[to];
    setTrait(model, "index", target);
  };
  const button = (label, to, tip) => h("button", { class: `gw-go-${to}`, type: "button", "data-tip": tip,
    onclick: goTo(to) }, label);
  const first = button("« Before", "first", "The position before the first step");
  const previous = button("‹ Previous", "previous", "One step back");
  const next = button("Next ›", "next", "One step forward");
  const last = button("Last »", "last", "The last step");
  const where = h("span", { class: "gw-where" });
  const pick = h("select", { class: "gw-resolution", "aria-label": "Resolution",
    onchange: () => setTrait(model, "resolution", Number(pick.value)) });
  const [size, drawSize] = sizeToggle(model);
  const status = h("div", { class: "gw-status gw-title" });
  const stepBox = h("div", { class: "gw-step gw-message", role: "status", "aria-live": "polite" });
  const [rulePane, ruleButton, stopRules] = rulePanel(model, send);
  const head = h("div", { class: "gw-head" }, status,
    h("div", { class: "gw-bar" }, h("div", { class: "gw-controls", role: "group", "aria-label": "Steps" },
      first, previous, next, last, where), h("div", { class: "gw-controls" }, h("label", {}, "Resolution ", pick), size)),
    stepBox, rulePane);

  const actual = h("div", { class: "gw-picture", role: "region", "aria-label": "Board at this step" });
  const actualLabel = h("div", { class: "gw-pane-title" });
  const other = h("div", { class: "gw-picture", role: "region", "aria-label": "The other decision's board" });
  const otherLabel = h("div", { class: "gw-pane-title" });
  const otherPane = h("div", { class: "gw-pane gw-other" }, otherLabel, other);
  const pair = h("div", { class: "gw-pair" }, h("div", { class: "gw-pane" }, actualLabel, actual), otherPane);
  const difference = h("div", { class: "gw-difference", role: "status" });
  const boardCol = h("div", { class: "gw-boardcol" }, difference, pair);

  const steps = h("ol", { class: "gw-steps", "aria-label": "All steps" });
  const moves = h("select", { class: "gw-what-if-move", "aria-label": "Another decision" });
  const whatIf = h("div", { class: "gw-what-if", role: "group", "aria-label": "What if" });
  const message = h("div", { class: "gw-message gw-refused" });
  const [lensBox, lensArea] = lensPanel(model, "Graph lens at this step");
  const side = h("div", { class: "gw-side" }, message, whatIf, h("div", { class: "gw-side-title" }, "Steps"), steps, lensBox);
  const note = savedNote(root, model);
  if (note) head.prepend(note);
  root.append(head, boardCol, side);
  tooltips(root, (t) => t.dataset.tip || "");
  lensKeys(lensArea, () => {});

  function draw() {
    const s = view();
    const saved = root.classList.contains("gw-saved");
    status.textContent = s.title || "";
    pick.replaceChildren(...(s.resolutions || []).map(
      (r) => h("option", { value: String(r.value), selected: r.value === s.resolution }, r.label)));
    pick.value = String(s.resolution);
    where.textContent = s.index < 0 ? `Before step 1 of ${s.count}` : `Step ${s.index + 1} of ${s.count}`;
    first.disabled = s.index < 0;
    previous.disabled = s.index < 0;
    next.disabled = last.disabled = s.index >= s.count - 1;
    drawSize();
    root.classList.toggle("gw-large", model.get("size") === "large");
    root.classList.toggle("gw-projector", !!model.get("projector"));
    const st = s.step;
    stepBox.replaceChildren();
    if (st) {
      stepBox.append(h("strong", {}, `${s.index + 1}. ${st.text} `), ruleButton(st.rule));
      if (st.rule_text) stepBox.append(h("div", { class: "gw-rule" }, st.rule_text));
      if ((st.numbers || []).length) stepBox.append(h("div", { class: "gw-numbers" }, st.numbers.join(" · ")));
    } else {
      stepBox.append(h("strong", {}, `Before: ${s.before || "the position the resolution starts from"}`));
    }
    actualLabel.textContent = s.actual_label || "";
    actual.innerHTML = uniqueIds(s.board || "", suffix);
    actual.style.setProperty("--gw-natural", `${naturalWidth(s.board)}px`);
    zoomForLarge(actual, model.get("size") === "large");
    lensArea.innerHTML = uniqueIds(model.get("_lens") || "", suffix);
    steps.replaceChildren(...(s.steps || []).map((x, i) => h("li", { class: i === s.index ? "gw-current" : null },
      h("button", { class: "gw-step-link", type: "button", "aria-current": i === s.index ? "step" : null,
        onclick: () => setTrait(model, "index", i) }, `${x.text} [${x.rule}]`))));
    message.hidden = !s.message;
    message.textContent = s.message || "";
    const w = s.what_if || { moves: [] };
    whatIf.hidden = !w.moves.length;
    moves.replaceChildren(...w.moves.map(([text, label]) => h("option", { value: text }, label)));
    whatIf.replaceChildren(h("span", {}, `What if, instead of ${w.played}, `), moves,
      h("button", { class: "gw-try", type: "button", disabled: saved,
        onclick: () => send({ type: "what_if", text: moves.value }) }, "Try"));
    if (w.other) {
      moves.value = w.other.move;
      whatIf.append(h("button", { class: "gw-clear", type: "button", onclick: () => send({ type: "clear" }) }, "Clear"));
    }
    otherPane.hidden = !w.other;
    difference.hidden = !w.other;
    if (w.other) {
      otherLabel.textContent = w.other.label;
      other.innerHTML = uniqueIds(w.other.board, `${suffix}b`);
      other.style.setProperty("--gw-natural", `${naturalWidth(w.other.board)}px`);
      zoomForLarge(other, model.get("size") === "large");
      difference.textContent = w.other.difference;
      outline(actual, w.other.differs, "differs");
      outline(other, w.other.differs, "differs");
    } else {
      other.replaceChildren();
    }
  }
  // the two outcomes side by side from about 1100 px, stacked below that; the lens beside when it fits
  const needs = () => ({ "gw-pair-wide": 1100,
    "gw-wide": naturalWidth(view().board) + (model.get("size") === "large" ? 840 : 560) + 24 });
  const stopLayout = layout(root, needs, null);
  lensBox.open = !!model.get("lens_open");
  // projector mode: the elements the step changes are scrolled into view (the board may be taller than the screen)
  function showMarks() {
    if (!model.get("projector")) return;
    const keys = view().marks || [];
    const els = keys.map((k) => actual.querySelector(`[data-element="${CSS.escape(k)}"]`)).filter(Boolean);
    if (!els.length) return;
    let scroller = root.parentElement;
    while (scroller && !(/(auto|scroll)/.test(getComputedStyle(scroller).overflowY)
      && scroller.scrollHeight > scroller.clientHeight + 1)) scroller = scroller.parentElement;
    if (!scroller) return;
    const area = scroller.getBoundingClientRect();
    const top = area.top + head.getBoundingClientRect().height;
    const rects = els.map((e) => e.getBoundingClientRect());
    const first = Math.min(...rects.map((r) => r.top));
    const last = Math.max(...rects.map((r) => r.bottom));
    if (first >= top && last <= area.bottom) return;
    scroller.scrollTop += first - top - Math.max((area.bottom - top - (last - first)) / 2, 8);
  }
  const drawAndShow = () => { draw(); requestAnimationFrame(showMarks); };
  for (const name of ["change:_view", "change:_lens", "change:size", "change:projector"]) model.on(name, drawAndShow);
  draw();
  const stopSticky = keepInView(root, head);
  keepStateOnSave(model);
  return () => {
    for (const name of ["change:_view", "change:_lens", "change:size", "change:projector"]) model.off(name, drawAndShow);
    stopSticky();
    stopLayout();
    stopRules();
  };
}

// ------------------------------------------------------------------------------------------------------------
// Picture: a still picture (an exercise's quiz board). Every exercise form shows one, so this module, and with it
// keepStateOnSave, is loaded in a notebook that shows only exercises.

function renderPicture({ model, el }) {
  const s = model.get("_view") || {};
  const svg = model.get("_board") || "";
  const picture = h("div", { class: "gw-picture", role: "region", "aria-label": s.label, hidden: !svg });
  picture.innerHTML = uniqueIds(svg, uid());
  picture.style.setProperty("--gw-natural", `${naturalWidth(svg)}px`);
  const note = model.get("_gw_saved") ? h("div", { class: "gw-saved-note", role: "note" }, s.saved) : null;
  el.append(h("div", { class: "gw-board gw-still" }, note, picture));
  keepStateOnSave(model);
}

// Board, Stepper and Picture share this one front end: Python says which view it wants.
function render(args) {
  const kind = (args.model.get("_view") || {}).kind;
  if (kind === "picture") return renderPicture(args);
  return kind === "stepper" ? renderStepper(args) : renderBoard(args);
}

export default { render };
