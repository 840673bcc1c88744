function timelineItem(entry) {
  const [type] = entry;
  if (type === "request") {
    const [, method, url, status, bytes, ms] = entry;
    const size = bytes < 1024 ? bytes + " B" : (bytes / 1024).toFixed(1) + " kB";
    return h("li", { class: "tl-request" }, h("span", { class: "method" }, method), " ", url,
      h("span", { class: status >= 400 ? "status bad" : "status" }, status),
      h("span", { class: "meta" }, " " + size + (ms === null ? "" : " · " + ms + " ms")));
  }
  return h("li", { class: "tl-" + type }, entry[1]);
}

function opItem(kind, text, extra) {
  return h("li", { class: "op", "data-op": kind }, kind + " " + text, extra || null);
}

function stageCard(step, stage, k, onPick) {
  const list = h("ul");
  let count = 0;
  const limit = 300;
  const total = stage.sections.length + stage.rows.length;
  for (const [kind, id, from, to, titles] of stage.sections) {
    if (count++ >= limit) break;
    const where = kind === "move" ? from + " → " + to : kind === "insert" || kind === "update" ? to : from;
    const after = stage.after || step.sections;
    const rows = kind === "insert" && after[to] ? " (" + plural(after[to][5].length, "row") + ")" : "";
    list.append(opItem(kind, "section " + where + " " + id + rows + (titles || "")));
  }
  for (const [kind, id, from, to, b, a, changed] of stage.rows) {
    if (count++ >= limit) break;
    if (kind === "move") { list.append(opItem(kind, "row " + pos(from) + " → " + pos(to) + " " + id)); continue; }
    if (kind === "delete") { list.append(opItem(kind, "row " + pos(from) + " " + id)); continue; }
    if (kind === "insert") {
      const fields = a === null ? "" : "  " + ROWS[a][3].map(([n, v]) => n + "=" + fmt(v)).join(" ");
      list.append(opItem(kind, "row " + pos(to) + " " + (a === null ? "" : ROWS[a][0] + " ") + id + fields));
      continue;
    }
    const diff = h("span", { class: "diff" });
    const old = b === null ? new Map() : new Map(ROWS[b][3]);
    const now = a === null ? new Map() : new Map(ROWS[a][3]);
    for (const name of changed) {
      const line = h("span", { style: "display:block" }, name + ": ");
      if (name === "kind") line.append(h("del", null, ROWS[b][0]), " → ", h("ins", null, ROWS[a][0]));
      else if (name === "height") line.append(h("del", null, ROWS[b][2]), " → ", h("ins", null, ROWS[a][2]));
      else {
        if (old.has(name)) line.append(h("del", null, fmt(old.get(name))));
        if (old.has(name) && now.has(name)) line.append(" → ");
        if (now.has(name)) line.append(h("ins", null, fmt(now.get(name))));
      }
      diff.append(line);
    }
    list.append(opItem(kind, "row " + pos(from) + (to && pos(to) !== pos(from) ? " → " + pos(to) : "") + " " + id, diff));
  }
  if (total > limit) list.append(h("li", { class: "op none" }, "… " + (total - limit) + " more"));
  return h("div", { class: "stage", "data-stage": k + 1, onclick: () => onPick(k + 1) },
    h("h4", null, "Stage " + (k + 1) + " of " + step.stages.length, h("span", null, stage.tally)), list);
}

function legend() {
  const item = (color, text) => h("span", null, h("i", { style: "background:" + color }), text);
  return h("div", { class: "legend" }, item("var(--green)", "inserted"), item("var(--red)", "deleted"),
    item("var(--blue)", "moved (from → to)"), item("var(--orange)", "reconfigured"), item("var(--purple)", "reloaded"),
    item("#ffd60a", "changed field or title"));
}

function startViewer() {
  const steps = DATA.steps;
  const app = document.getElementById("app");
  const timeline = h("ol");
  const stepsBox = h("div", { id: "steps" });
  const position = h("span");
  const prev = h("button", { onclick: () => go(current - 1), title: "previous step (←)" }, "◀ Prev");
  const next = h("button", { onclick: () => go(current + 1), title: "next step (→)" }, "Next ▶");
  const play = h("button", { class: "play", onclick: () => togglePlay(), title: "play the stages (space)" }, "▶ Play stages");
  app.append(h("div", { class: "layout" },
    h("aside", { class: "timeline" }, h("h1", null, DATA.title),
      h("p", { class: "sub" }, plural(steps.length, "step") + " · ← → to step · space plays"), timeline),
    h("main", null, h("div", { class: "toolbar" }, prev, position, next, play,
      h("span", { class: "keys" }, "←/→ or j/k: step · space: play · Home/End")), stepsBox)));

  const shells = [];
  const timelineSteps = [];
  steps.forEach((step, i) => {
    for (const entry of step.timeline) timeline.append(timelineItem(entry));
    const n = i + 1;
    const stageCount = step.stages ? step.stages.length : 0;
    const item = h("li", { class: "tl-step", "data-goto": n, onclick: (e) => { e.preventDefault(); go(n); } },
      h("a", { href: "#step-" + n }, n + " · " + step.screen + " v" + step.version),
      h("small", null, step.counts + (step.kind === "back" ? " · back" : stageCount ? " · " + plural(stageCount, "stage") : "")));
    timeline.append(item);
    timelineSteps.push(item);
    const shell = h("section", { class: "step", "data-step": n, "data-screen": step.screen,
      "data-version": step.version, "data-kind": step.kind, hidden: true });
    stepsBox.append(shell);
    shells.push({ el: shell, rendered: false, finished: false, waiters: [], table: null, cards: [] });
  });
  for (const entry of DATA.trailing) timeline.append(timelineItem(entry));

  function render(i, done) {
    const shell = shells[i];
    if (done) shell.waiters.push(done);
    if (shell.rendered) { if (shell.finished) while (shell.waiters.length) shell.waiters.shift()(); return; }
    shell.rendered = true;
    const step = steps[i];
    const stages = step.stages || [];
    const badge = step.kind === "first" ? "first snapshot" : step.kind === "back" ? "shown again by back"
      : stages.length ? plural(stages.length, "stage") : "no changes";
    const led = step.timeline.filter((e) => e[0] === "intent").map((e) => "> " + e[1]).join("  ");
    shell.el.append(h("header", null, h("h2", null, step.screen + " v" + step.version),
      h("span", { class: "badge " + step.kind }, badge), h("span", { class: "badge" }, step.counts),
      led ? h("span", { class: "led" }, led) : null));
    const phone = device(step.screen);
    shell.table = phone.table;
    const changes = h("div", { class: "changes" }, h("h3", null, "Changes from the previous snapshot"));
    if (step.kind === "first") changes.append(h("p", { class: "none" }, "The first snapshot of " + step.screen + ": drawn whole, nothing to animate."));
    else if (step.kind === "back") changes.append(h("p", { class: "none" }, "Shown again by back, unchanged."));
    else if (!stages.length) changes.append(h("p", { class: "none" }, "No changes."));
    else {
      changes.append(legend());
      stages.forEach((stage, k) => {
        const card = stageCard(step, stage, k, (frame) => showFrame(i, frame));
        shell.cards.push(card);
        changes.append(card);
      });
    }
    shell.el.append(h("div", { class: "columns" }, phone.el, changes));
    renderTable(phone.table, step.sections, restView(step), () => {
      shell.el.dataset.rendered = "true";
      shell.finished = true;
      while (shell.waiters.length) shell.waiters.shift()();
    });
  }

  let current = 0;
  let timer = null;
  function stopPlay(redraw) {
    if (timer !== null) { clearTimeout(timer); timer = null; }
    play.textContent = "▶ Play stages";
    const shell = shells[current - 1];
    if (!shell) return;
    for (const card of shell.cards) card.classList.remove("playing");
    if (redraw && shell.table) renderTable(shell.table, steps[current - 1].sections, restView(steps[current - 1]));
  }
  function showFrame(i, k) {
    const step = steps[i];
    const shell = shells[i];
    const frame = frameView(step, k);
    shell.cards.forEach((card, index) => card.classList.toggle("playing", index + 1 === k));
    renderTable(shell.table, frame.table, frame.view);
  }
  function togglePlay() {
    if (timer !== null) { stopPlay(true); return; }
    const i = current - 1;
    const stages = steps[i].stages || [];
    if (!stages.length) return;
    play.textContent = "■ Stop";
    let k = 0;
    const tick = () => {
      if (k > stages.length) { timer = null; stopPlay(true); return; }
      showFrame(i, k);
      k += 1;
      timer = setTimeout(tick, 1100);
    };
    tick();
  }
  function go(n, replace) {
    if (!steps.length) return;
    n = Math.max(1, Math.min(steps.length, n));
    if (n === current) return;
    stopPlay(false);
    if (current) { shells[current - 1].el.hidden = true; timelineSteps[current - 1].classList.remove("current"); }
    current = n;
    shells[n - 1].el.hidden = false;
    timelineSteps[n - 1].classList.add("current");
    timelineSteps[n - 1].scrollIntoView({ block: "nearest" });
    position.textContent = "Step " + n + " of " + steps.length + " · " + steps[n - 1].screen + " v" + steps[n - 1].version;
    prev.disabled = n === 1;
    next.disabled = n === steps.length;
    play.disabled = !(steps[n - 1].stages || []).length;
    if (location.hash !== "#all" && location.hash !== "#step-" + n) {
      if (replace) history.replaceState(null, "", "#step-" + n); else history.pushState(null, "", "#step-" + n);
    }
    window.scrollTo(0, 0);
    render(n - 1, () => {
      if (current !== n) return;
      // The phone scrolls on its own, like a table view: bring the first change into sight.
      const table = shells[n - 1].table;
      const changed = table.querySelector("[data-change]");
      if (changed) table.scrollTop = Math.max(0, changed.offsetTop - table.offsetTop - 60);
    });
  }
  function fromHash() {
    const match = /^#step-(\d+)$/.exec(location.hash);
    return match ? Number(match[1]) : 1;
  }
  document.addEventListener("keydown", (event) => {
    if (event.metaKey || event.ctrlKey || event.altKey) return;
    const key = event.key;
    if (key === "ArrowRight" || key === "j" || key === "n") go(current + 1);
    else if (key === "ArrowLeft" || key === "k" || key === "p") go(current - 1);
    else if (key === "Home") go(1);
    else if (key === "End") go(steps.length);
    else if (key === " " || key === "Enter") togglePlay();
    else if (key === "Escape") stopPlay(true);
    else return;
    event.preventDefault();
  });
  window.addEventListener("hashchange", () => { if (location.hash !== "#all") go(fromHash(), true); });
  if (!steps.length) {
    stepsBox.append(h("p", { class: "none" }, "This session presented no snapshot."));
    document.body.dataset.ready = "true";
    return;
  }
  const first = location.hash === "#all" ? 1 : fromHash();
  go(first, true);
  render(current - 1, () => {
    document.body.dataset.firstStepMs = String(Math.round(performance.now()));
    document.body.dataset.ready = "true";
    if (location.hash !== "#all") return;
    let i = 0;
    const all = () => {
      while (i < shells.length && shells[i].rendered) i += 1;
      if (i >= shells.length) { document.body.dataset.allRendered = "true"; return; }
      render(i, all);
    };
    all();
  });
}
