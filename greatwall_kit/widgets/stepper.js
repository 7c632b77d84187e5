// The rule stepper's front end: it draws the steps Python sends and sends back which step to show.

function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === null || v === undefined) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined) el.append(c);
  return el;
}

function render({ model, el }) {
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

export default { render };
