"use strict";
const errorsBox = document.getElementById("errors");
let errorCount = 0;
function reportError(message) {
  errorCount += 1;
  document.body.dataset.errors = String(errorCount);
  errorsBox.hidden = false;
  errorsBox.textContent += message + "\n";
}
window.addEventListener("error", (event) => reportError("error: " + event.message));
window.addEventListener("unhandledrejection", (event) => reportError("error: " + event.reason));
const DATA = JSON.parse(document.getElementById("tableflow-data").textContent);
const ROWS = DATA.rows;

function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  if (attrs) {
    for (const key of Object.keys(attrs)) {
      const value = attrs[key];
      if (value === null || value === undefined || value === false) continue;
      if (key === "class") el.className = value;
      else if (key === "style") el.style.cssText = value;
      else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
      else el.setAttribute(key, value === true ? "" : String(value));
    }
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
  return el;
}
function fmt(value) { return typeof value === "string" ? value : JSON.stringify(value); }
function pos(p) { return p ? p[0] + "." + p[1] : "?"; }
function cssName(text) { return String(text).replace(/[^A-Za-z0-9_-]/g, "_"); }
function plural(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }

// A cell is made in two steps: its shell (id, kind, change, height to scale) for every row
// at once, its content (kind, id, fields) when it comes near the screen.
function cellShell(index, mark, ghost) {
  const [kind, id, height] = ROWS[index];
  const attrs = {
    class: "cell k-" + cssName(kind) + (ghost ? " ghost" : ""), "data-kind": kind,
    style: "height:" + height + "px" + (height < 24 ? ";padding-top:0" : ""),
  };
  attrs[ghost ? "data-ghost-id" : "data-row-id"] = id;
  if (mark) attrs["data-change"] = mark.change;
  return h("div", attrs);
}

function fillCell(el, index, mark) {
  if (el.firstChild) return;
  const [kind, id, height, fields] = ROWS[index];
  const changed = mark && mark.changed ? new Set(mark.changed) : null;
  const before = mark && mark.before !== undefined && mark.before !== null
    ? new Map(ROWS[mark.before][3]) : null;
  const list = h("div", { class: "fs" });
  for (const [name, value] of fields) {
    const isChanged = changed !== null && changed.has(name);
    list.append(h("span", { class: isChanged ? "f changed" : "f" }, h("b", null, name),
      isChanged && before && before.has(name) ? h("s", null, fmt(before.get(name))) : null, fmt(value)));
  }
  el.title = kind + " " + id + " (" + height + " pt)\n" + fields.map(([n, v]) => n + " = " + fmt(v)).join("\n");
  const move = mark && mark.from ? h("span", { class: "mv" }, mark.from + " → " + mark.to) : null;
  el.append(h("div", { class: "ch" }, h("span", { class: "kind" }, kind), h("span", { class: "rid" }, id), move,
    h("span", { class: "h" }, height + " pt")), list);
}

function sectionShell(section, change, ghost) {
  const [id, header, footer, style, collapsed] = section;
  const attrs = { class: "section s-" + cssName(style) + (collapsed ? " collapsed" : "") + (ghost ? " ghost" : "") };
  attrs[ghost ? "data-ghost-section-id" : "data-section-id"] = id;
  attrs["data-style"] = style;
  if (change) attrs["data-change"] = change;
  if (collapsed) attrs["data-collapsed"] = "true";
  const cells = h("div", { class: "cells" });
  const el = h("div", attrs,
    h("div", { class: "sh" }, header === null ? null : h("span", null, header), h("span", { class: "tag" }, style),
      h("span", { class: "sid" }, id)),
    cells,
    footer === null ? null : h("div", { class: "sf" }, footer));
  return { el, cells };
}

// Draws `sections` into `container`: every section and cell shell at once (so the table has
// its full height to scale), cell contents for the first screenful, the rest as they come
// near the screen. `view` holds
// marks by row id, section marks by id, ghost rows and sections (deleted ones) to show.
function renderTable(container, sections, view, done) {
  container.textContent = "";
  const marks = view.marks || new Map();
  const sectionMarks = view.sectionMarks || new Map();
  const present = new Set();
  for (const section of sections) for (const index of section[5]) present.add(ROWS[index][1]);
  const ghostsBySection = new Map();
  for (const ghost of view.ghosts || []) {
    if (present.has(ROWS[ghost.row][1])) continue;
    if (!ghostsBySection.has(ghost.sectionId)) ghostsBySection.set(ghost.sectionId, []);
    ghostsBySection.get(ghost.sectionId).push(ghost);
  }
  const shown = sections.map((section) => ({ section, ghost: false }));
  const ghostSections = (view.ghostSections || []).slice().sort((a, b) => a.index - b.index);
  for (const item of ghostSections) {
    if (shown.some((s) => s.section[0] === item.section[0])) continue;
    shown.splice(Math.min(item.index, shown.length), 0, { section: item.section, ghost: true });
  }
  const cells = [];
  for (const { section, ghost } of shown) {
    const shell = sectionShell(section, ghost ? "delete" : sectionMarks.get(section[0]), ghost);
    container.append(shell.el);
    const items = section[5].map((index) => ({ index, ghost, mark: ghost ? { change: "delete" } : marks.get(ROWS[index][1]) }));
    const ghosts = (ghost ? [] : ghostsBySection.get(section[0]) || []).slice().sort((a, b) => a.index - b.index);
    let offset = 0;
    for (const g of ghosts) {
      items.splice(Math.min(g.index + offset, items.length), 0, { index: g.row, ghost: true, mark: { change: "delete" } });
      offset += 1;
    }
    const fragment = document.createDocumentFragment();
    for (const item of items) {
      item.el = cellShell(item.index, item.mark, item.ghost);
      fragment.append(item.el);
      cells.push(item);
    }
    shell.cells.append(fragment);
  }
  // Content for what is on screen now; the rest in blocks as they come near it.
  const BLOCK = 10;
  const fill = (start) => {
    for (let i = start; i < Math.min(cells.length, start + BLOCK); i += 1) fillCell(cells[i].el, cells[i].index, cells[i].mark);
  };
  const scrolls = container.scrollHeight > container.clientHeight + 1 || getComputedStyle(container).overflowY === "auto";
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      const start = Number(entry.target.dataset.block);
      observer.unobserve(cells[start].el);
      observer.unobserve(cells[Math.min(cells.length, start + BLOCK) - 1].el);
      fill(start);
    }
  }, { root: scrolls ? container : null, rootMargin: "800px 0px" });
  let height = 0;
  const screenful = (scrolls ? container.clientHeight : window.innerHeight) + 400;
  for (let start = 0; start < cells.length; start += BLOCK) {
    if (height < screenful) {
      fill(start);
      for (let i = start; i < Math.min(cells.length, start + BLOCK); i += 1) height += ROWS[cells[i].index][2];
      continue;
    }
    // Either end of a block coming near the screen fills the whole block.
    const last = Math.min(cells.length, start + BLOCK) - 1;
    cells[start].el.dataset.block = String(start);
    cells[last].el.dataset.block = String(start);
    observer.observe(cells[start].el);
    if (last !== start) observer.observe(cells[last].el);
  }
  if (done) done();
}

// The marks a step shows at rest: every stage's changes at once, deleted rows as ghosts.
function restView(step) {
  const marks = new Map(), sectionMarks = new Map(), ghosts = [], ghostSections = [];
  const stages = step.stages || [];
  const rank = { move: 1, reconfigure: 2, reload: 3, insert: 4 };
  function mark(id, next) {
    const prev = marks.get(id);
    if (!prev || rank[next.change] >= rank[prev.change]) {
      marks.set(id, Object.assign({}, prev && prev.from ? { from: prev.from, to: prev.to } : {}, next));
    } else if (next.from) {
      prev.from = next.from; prev.to = next.to;
    }
  }
  stages.forEach((stage, k) => {
    const before = k === 0 ? step.previous : stages[k - 1].after;
    const after = stage.after || step.sections;
    for (const [kind, id, from, to] of stage.sections) {
      if (kind === "delete") { if (before[from]) ghostSections.push({ index: from, section: before[from] }); }
      else if (kind === "insert") {
        sectionMarks.set(id, "insert");
        if (after[to]) for (const index of after[to][5]) mark(ROWS[index][1], { change: "insert" });
      } else sectionMarks.set(id, kind);
    }
    for (const [kind, id, from, to, b, , changed] of stage.rows) {
      if (kind === "delete") {
        const section = from ? before[from[0]] : null;
        if (section && b !== null) ghosts.push({ sectionId: section[0], index: from[1], row: b });
      } else if (kind === "move") mark(id, { change: "move", from: pos(from), to: pos(to) });
      else if (kind === "insert") mark(id, { change: "insert" });
      else mark(id, { change: kind, changed, before: b });
    }
  });
  return { marks, sectionMarks, ghosts, ghostSections };
}

// One frame of the "play" animation: frame 0 is the table before stage 1 with what stage 1
// deletes in red; frame k is the table after stage k with stage k's changes and what stage
// k + 1 deletes.
function frameView(step, k) {
  const stages = step.stages;
  const marks = new Map(), sectionMarks = new Map();
  const table = k === 0 ? step.previous : (stages[k - 1].after || step.sections);
  if (k > 0) {
    const stage = stages[k - 1];
    for (const [kind, id, , to] of stage.sections) {
      if (kind === "delete") continue;
      sectionMarks.set(id, kind);
      if (kind === "insert" && table[to]) for (const index of table[to][5]) marks.set(ROWS[index][1], { change: "insert" });
    }
    for (const [kind, id, from, to, b, , changed] of stage.rows) {
      if (kind === "delete") continue;
      marks.set(id, kind === "move" ? { change: "move", from: pos(from), to: pos(to) }
        : kind === "insert" ? { change: "insert" } : { change: kind, changed, before: b });
    }
  }
  if (k < stages.length) {
    for (const [kind, id] of stages[k].sections) if (kind === "delete") sectionMarks.set(id, "delete");
    for (const [kind, id] of stages[k].rows) if (kind === "delete") marks.set(id, { change: "delete" });
  }
  return { table, view: { marks, sectionMarks } };
}

function device(title) {
  const table = h("div", { class: "table" });
  return { el: h("div", { class: "device" }, h("div", { class: "screen-title" }, title), table), table };
}
