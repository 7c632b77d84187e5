// The one front end of every board and rule stepper: it draws what Python sends and sends back intents;
// it knows no rule.

function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === null || v === undefined) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "text") el.textContent = v;
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c) el.append(c);
  return el;
}

function activateOnKeys(container, handler) {
  // every clickable SVG element is focusable (tabindex=0, role=button): Enter and Space press it
  container.addEventListener("keydown", (ev) => {
    if (ev.key !== "Enter" && ev.key !== " ") return;
    const target = ev.target.closest("[data-element]");
    if (!target) return;
    ev.preventDefault();
    handler(target);
  });
  container.addEventListener("click", (ev) => {
    const target = ev.target.closest("[data-element]");
    if (target) handler(target);
  });
}

function renderBoard({ model, el }) {
  const send = (msg) => model.send(msg);
  const root = h("div", { class: "gw-board" });
  el.append(root);

  const title = h("div", { class: "gw-title", role: "heading", "aria-level": "3" });
  const perspective = h("select", { class: "gw-perspective", "aria-label": "Perspective",
    onchange: () => send({ type: "perspective", value: perspective.value }) });
  const undo = h("button", { class: "gw-undo", onclick: () => send({ type: "undo" }) }, "Undo");
  const redo = h("button", { class: "gw-redo", onclick: () => send({ type: "redo" }) }, "Redo");
  const toolbar = h("div", { class: "gw-toolbar", role: "toolbar", "aria-label": "Board controls" },
    h("label", {}, "View as ", perspective), undo, redo);

  const picture = h("div", { class: "gw-picture", role: "region", "aria-label": "Board" });
  const lensBox = h("div", { class: "gw-lens", role: "region", "aria-label": "Graph lens" });
  const main = h("div", { class: "gw-main" }, picture, lensBox);

  const choice = h("div", { class: "gw-choice", role: "group", "aria-label": "Choose a move" });
  const buttons = h("div", { class: "gw-buttons", role: "group", "aria-label": "Decisions off the board" });
  const message = h("div", { class: "gw-message" });
  const privateBox = h("div", { class: "gw-private" });

  const slider = h("input", { type: "range", class: "gw-slider", min: "0", "aria-label": "History: decision",
    onchange: () => send({ type: "scrub", to: Number(slider.value) }) });
  const stepBy = h("select", { class: "gw-step-by", "aria-label": "Step by",
    onchange: () => send({ type: "step_by", value: stepBy.value }) },
    h("option", { value: "decision" }, "decision"), h("option", { value: "event" }, "event"));
  const scrubButton = (label, to, name) =>
    h("button", { class: `gw-scrub-${to}`, "aria-label": name, onclick: () => send({ type: "scrub", to }) }, label);
  const now = h("button", { class: "gw-now", onclick: () => send({ type: "scrub", to: "now" }) }, "Now");
  const branch = h("button", { class: "gw-branch", onclick: () => send({ type: "branch" }) }, "Play from here");
  const where = h("span", { class: "gw-where" });
  const scrubber = h("div", { class: "gw-scrubber", role: "group", "aria-label": "History scrubber" },
    scrubButton("« First", "first", "First"), scrubButton("‹ Previous", "previous", "Previous"), slider,
    scrubButton("Next ›", "next", "Next"), scrubButton("Last »", "last", "Last"),
    h("label", {}, "step by ", stepBy), now, branch, where);

  const log = h("ol", { class: "gw-log", "aria-label": "What the rules did" });
  const live = h("div", { class: "gw-live", "aria-live": "polite", role: "status" });
  root.append(title, toolbar, main, choice, buttons, message, scrubber, privateBox, log, live);

  activateOnKeys(picture, (target) => {
    send({ type: "target", key: target.getAttribute("data-element") });
  });
  activateOnKeys(lensBox, (target) => {
    const key = target.getAttribute("data-element");
    for (const other of root.querySelectorAll(".gw-selected")) other.classList.remove("gw-selected");
    for (const same of root.querySelectorAll(`[data-element="${CSS.escape(key)}"]`)) same.classList.add("gw-selected");
    send({ type: "select", key });
  });

  function draw() {
    const s = model.get("_state") || {};
    const focused = document.activeElement && root.contains(document.activeElement)
      ? (document.activeElement.getAttribute("data-element") || document.activeElement.className) : null;
    title.textContent = s.title || "";
    picture.innerHTML = s.board || "";
    lensBox.innerHTML = s.lens || "";
    lensBox.hidden = !s.lens;

    perspective.replaceChildren(...(s.perspectives || []).map(
      (p) => h("option", { value: p.value, selected: p.value === s.perspective }, p.label)));
    perspective.value = s.perspective;
    undo.disabled = !s.can_undo;
    redo.disabled = !s.can_redo;

    choice.replaceChildren();
    if (s.choice) {
      choice.append(h("span", {}, `Several moves on ${s.choice.key}: `),
        ...s.choice.moves.map((m) => h("button", { class: "gw-move", "data-move": m,
          onclick: () => send({ type: "move", text: m }) }, m)),
        h("button", { class: "gw-cancel", onclick: () => send({ type: "cancel" }) }, "Cancel"));
    }
    buttons.replaceChildren(...(s.buttons || []).map((b) => h("button", { class: "gw-move", "data-move": b.text,
      onclick: () => send({ type: "move", text: b.text }) }, b.label)));

    message.replaceChildren();
    message.hidden = !s.message;
    if (s.message) {
      message.append(h("strong", {}, s.message.text));
      if (s.message.rule_text) message.append(h("div", { class: "gw-rule" }, `${s.message.rule}: ${s.message.rule_text}`));
    }

    const sc = s.scrub || {};
    slider.max = String(sc.max || 0);
    slider.value = String(sc.decision || 0);
    slider.setAttribute("aria-valuetext", sc.label || "");
    stepBy.value = sc.step_by || "decision";
    now.disabled = !!sc.live;
    branch.disabled = !!sc.live || !!sc.part_way;
    where.textContent = `Showing: ${sc.label || "now"}`;

    privateBox.replaceChildren(...(s.private || []).map((p) =>
      h("div", {}, h("strong", {}, `${p.player} knows: `), p.lines.join("; "))));

    log.replaceChildren(...(s.log || []).map((e) => {
      const item = h("li", {}, e.sentence + " ");
      if (e.rule) {
        item.append(h("details", { class: "gw-why" }, h("summary", {}, e.rule), e.rule_text || ""));
      }
      return item;
    }));
    if (live.textContent !== s.announce) live.textContent = s.announce || "";

    if (focused) {  // keep keyboard focus on the same element across redraws
      const again = root.querySelector(`[data-element="${CSS.escape(focused)}"]`);
      if (again) again.focus();
    }
  }

  model.on("change:_state", draw);
  draw();
  return () => model.off("change:_state", draw);
}

function renderStepper({ model, el }) {
  const send = (msg) => model.send(msg);
  const root = h("div", { class: "gw-board gw-stepper" });
  el.append(root);
  const title = h("div", { class: "gw-title", role: "heading", "aria-level": "3" });
  const pick = h("select", { class: "gw-resolution", "aria-label": "Resolution",
    onchange: () => send({ type: "resolution", value: pick.value }) });
  const go = (label, to) => h("button", { class: `gw-go-${to}`, onclick: () => send({ type: "go", to }) }, label);
  const where = h("span", { class: "gw-where" });
  const controls = h("div", { class: "gw-toolbar", role: "toolbar", "aria-label": "Steps" },
    h("label", {}, "Resolution ", pick), go("« First", "first"), go("‹ Previous", "previous"),
    go("Next ›", "next"), go("Last »", "last"), where);
  const step = h("div", { class: "gw-step", role: "status", "aria-live": "polite" });
  const picture = h("div", { class: "gw-picture", role: "region", "aria-label": "Board at this step" });
  const lensBox = h("div", { class: "gw-lens", role: "region", "aria-label": "Graph lens at this step" });
  const steps = h("ol", { class: "gw-log gw-steps", "aria-label": "All steps" });
  const message = h("div", { class: "gw-message" });
  const moves = h("select", { class: "gw-what-if-move", "aria-label": "Another decision" });
  const whatIf = h("div", { class: "gw-what-if", role: "group", "aria-label": "What if" });
  const other = h("div", { class: "gw-main gw-other" });
  root.append(title, controls, step, h("div", { class: "gw-main" }, picture, lensBox), steps, message, whatIf, other);

  function draw() {
    const s = model.get("_state") || {};
    title.textContent = s.title || "";
    pick.replaceChildren(...(s.resolutions || []).map(
      (r) => h("option", { value: r.value, selected: r.value === s.resolution }, r.label)));
    pick.value = s.resolution;
    where.textContent = `Step ${s.index + 1} of ${s.count}`;
    const st = s.step || {};
    step.replaceChildren(h("strong", {}, `${s.index + 1}. ${st.text} [${st.rule}]`));
    if (st.rule_text) step.append(h("div", { class: "gw-rule" }, st.rule_text));
    if ((st.numbers || []).length) step.append(h("div", { class: "gw-numbers" }, st.numbers.join(" · ")));
    picture.innerHTML = s.board || "";
    lensBox.innerHTML = s.lens || "";
    lensBox.hidden = !s.lens;
    steps.replaceChildren(...(s.steps || []).map((x, i) => h("li", { class: x.current ? "gw-current" : null },
      h("button", { class: "gw-step-link", "aria-current": x.current ? "step" : null,
        onclick: () => send({ type: "go", to: i }) }, `${x.text} [${x.rule}]`))));
    message.hidden = !s.message;
    message.textContent = s.message || "";
    const w = s.what_if || { moves: [] };
    whatIf.hidden = !w.moves.length;
    moves.replaceChildren(...w.moves.map((m) => h("option", { value: m }, m)));
    whatIf.replaceChildren(h("span", {}, `What if, instead of ${w.played}, `), moves,
      h("button", { class: "gw-try", onclick: () => send({ type: "what_if", text: moves.value }) }, "Try"));
    if (w.other) whatIf.append(h("button", { class: "gw-clear", onclick: () => send({ type: "clear" }) }, "Clear"));
    other.replaceChildren();
    if (w.other) {
      const box = h("div", { class: "gw-picture", role: "region", "aria-label": `Board after ${w.other.move}` });
      box.innerHTML = w.other.board;
      other.append(h("div", {}, h("strong", {}, `After ${w.other.move}:`), box,
        h("ol", { class: "gw-log" }, ...w.other.steps.map((t) => h("li", {}, t)))));
    }
  }
  model.on("change:_state", draw);
  draw();
  return () => model.off("change:_state", draw);
}

// Board and Stepper share this one front end: Python says which view it wants.
function render(args) {
  const kind = (args.model.get("_state") || {}).kind;
  return kind === "stepper" ? renderStepper(args) : renderBoard(args);
}

export default { render };
