// Marks each line of the golden (`a`) and the new log (`b`) that the page's data lists as
// changed: the library's line diff (LineDiff), computed when the page was written.
function lineMarks(a, b, block) {
  const da = new Array(a.length).fill(false), db = new Array(b.length).fill(false);
  for (const i of block.goldenChanged || []) if (i < a.length) da[i] = true;
  for (const j of block.newChanged || []) if (j < b.length) db[j] = true;
  return { a: da, b: db };
}

// For each changed line, the line it replaces on the other side: the k-th deleted line of a
// run pairs with the k-th inserted line of the run that follows it.
function partners(a, b, diff) {
  const pa = new Map(), pb = new Map();
  let i = 0, j = 0;
  while (i < a.length || j < b.length) {
    const dels = [], inss = [];
    while (i < a.length && diff.a[i]) dels.push(i++);
    while (j < b.length && diff.b[j]) inss.push(j++);
    for (let k = 0; k < Math.min(dels.length, inss.length); k += 1) {
      pa.set(dels[k], b[inss[k]]); pb.set(inss[k], a[dels[k]]);
    }
    if (!dels.length && !inss.length) { i += 1; j += 1; }
  }
  return { a: pa, b: pb };
}

// A changed line with the part that differs from its partner marked: a field within a row.
function changedLine(line, partner, cls, prefix) {
  const el = h("span", { class: cls });
  if (partner === undefined) { el.append((prefix || "") + line + "\n"); return el; }
  let start = 0;
  while (start < line.length && start < partner.length && line[start] === partner[start]) start += 1;
  let end = 0;
  while (end < line.length - start && end < partner.length - start &&
    line[line.length - 1 - end] === partner[partner.length - 1 - end]) end += 1;
  el.append((prefix || "") + line.slice(0, start), h("mark", { class: "word" }, line.slice(start, line.length - end)),
    line.slice(line.length - end) + "\n");
  return el;
}

// Runs of more than FOLD unchanged lines show their first and last CONTEXT lines around a
// "… N unchanged lines" marker that unfolds them.
const FOLD = 8, CONTEXT = 3;
function appendFolded(el, lines) {
  if (lines.length <= FOLD) { for (const line of lines) el.append(line); return; }
  for (const line of lines.slice(0, CONTEXT)) el.append(line);
  const hidden = lines.slice(CONTEXT, lines.length - CONTEXT);
  const fold = h("span", { class: "fold", "data-fold": hidden.length }, "… " + plural(hidden.length, "unchanged line") + " (show)\n");
  fold.addEventListener("click", () => { fold.replaceWith(...hidden); });
  el.append(fold);
  for (const line of lines.slice(lines.length - CONTEXT)) el.append(line);
}

function pre(lines, marks, cls, pairs) {
  const el = h("pre");
  let run = [];
  lines.forEach((line, i) => {
    if (!marks[i]) { run.push(line + "\n"); return; }
    appendFolded(el, run); run = [];
    el.append(changedLine(line, pairs.get(i), cls));
  });
  appendFolded(el, run);
  return el;
}

function overlay(golden, fresh, diff, pairs) {
  const el = h("pre");
  let i = 0, j = 0, run = [];
  while (i < golden.length || j < fresh.length) {
    if (i < golden.length && diff.a[i]) {
      appendFolded(el, run); run = [];
      el.append(changedLine(golden[i], pairs.a.get(i), "ln-del", "- ")); i += 1;
    } else if (j < fresh.length && diff.b[j]) {
      appendFolded(el, run); run = [];
      el.append(changedLine(fresh[j], pairs.b.get(j), "ln-ins", "+ ")); j += 1;
    } else { run.push("  " + (i < golden.length ? golden[i] : fresh[j]) + "\n"); i += 1; j += 1; }
  }
  appendFolded(el, run);
  return el;
}

// Marks for the golden's table and the new one against each other, by row and section id:
// only in the golden (delete), only in the new (insert), moved, or changed (the fields that
// differ, the golden's values struck through on the new side).
function compareTables(golden, fresh) {
  const where = (sections) => {
    const rows = new Map(), ids = new Map();
    sections.forEach((section, s) => {
      ids.set(section[0], section);
      section[5].forEach((index, r) => rows.set(ROWS[index][1], { index, at: s + "." + r }));
    });
    return { rows, ids };
  };
  const a = where(golden), b = where(fresh);
  const old = { marks: new Map(), sectionMarks: new Map() }, now = { marks: new Map(), sectionMarks: new Map() };
  for (const [id, x] of a.rows) {
    const y = b.rows.get(id);
    if (!y) { old.marks.set(id, { change: "delete" }); continue; }
    const [kindA, , heightA, fieldsA] = ROWS[x.index], [kindB, , heightB, fieldsB] = ROWS[y.index];
    const before = new Map(fieldsA.map(([n, v]) => [n, fmt(v)]));
    const changed = fieldsB.filter(([n, v]) => before.get(n) !== fmt(v)).map(([n]) => n)
      .concat(fieldsA.filter(([n]) => !fieldsB.some(([m]) => m === n)).map(([n]) => n));
    if (kindA !== kindB || heightA !== heightB || changed.length) {
      old.marks.set(id, { change: "reconfigure", changed });
      now.marks.set(id, { change: "reconfigure", changed, before: x.index });
    } else if (x.at !== y.at) {
      old.marks.set(id, { change: "move", from: x.at, to: y.at });
      now.marks.set(id, { change: "move", from: x.at, to: y.at });
    }
  }
  for (const id of b.rows.keys()) if (!a.rows.has(id)) now.marks.set(id, { change: "insert" });
  for (const [id, section] of a.ids) {
    const other = b.ids.get(id);
    if (!other) old.sectionMarks.set(id, "delete");
    else if (other[1] !== section[1] || other[2] !== section[2]) { old.sectionMarks.set(id, "update"); now.sectionMarks.set(id, "update"); }
  }
  for (const id of b.ids.keys()) if (!a.ids.has(id)) now.sectionMarks.set(id, "insert");
  return { golden: old, fresh: now };
}

function startReport() {
  const app = document.getElementById("app");
  const c = DATA.counts;
  const main = h("main", { class: "report", style: "max-width:1400px;margin:0 auto" },
    h("h1", { style: "font-size:22px;margin:18px 0 4px" }, DATA.title),
    h("div", { class: "report-summary" },
      h("div", { class: "count passed", "data-count": "passed" }, h("b", null, c.passed), "passed"),
      h("div", { class: "count failed", "data-count": "failed" }, h("b", null, c.failed), "failed"),
      h("div", { class: "count orphaned", "data-count": "orphaned" }, h("b", null, c.orphaned), "orphaned")));
  app.append(main);
  let focus = null;
  for (const fixture of DATA.fixtures) {
    const body = h("div", { class: "body" });
    if (fixture.note) body.append(h("p", null, fixture.note));
    if (fixture.accept) body.append(h("p", null, "To accept the new log:"), h("div", { class: "accept" }, fixture.accept));
    const toggle = h("button", { class: "badge", style: "cursor:pointer;margin:4px 0" }, "Overlay");
    const details = h("details", { class: "fixture", "data-fixture": fixture.path, "data-verdict": fixture.verdict,
      open: fixture.verdict !== "pass" },
      h("summary", null, h("span", { class: "verdict " + fixture.verdict }, fixture.verdict.toUpperCase()), fixture.path),
      body);
    toggle.addEventListener("click", () => {
      details.classList.toggle("show-overlay");
      toggle.textContent = details.classList.contains("show-overlay") ? "Side by side" : "Overlay";
    });
    if (fixture.blocks.length) body.append(toggle);
    const link = h("a", { class: "first-link", href: "#first-difference-" + cssName(fixture.path) }, "First difference");
    if (fixture.firstDiff !== null && fixture.firstDiff !== undefined) {
      link.textContent = "First difference: step " + (fixture.firstDiff + 1);
      body.append(h("p", null, link));
    }
    fixture.blocks.forEach((block, index) => {
      const golden = block.golden === "" ? [] : block.golden.replace(/\n$/, "").split("\n");
      const fresh = block.new === "" ? [] : block.new.replace(/\n$/, "").split("\n");
      const diff = lineMarks(golden, fresh, block);
      const pairs = partners(golden, fresh, diff);
      const tableBox = h("div", { class: "tables" });
      const step = index < fixture.steps.length ? fixture.steps[index] : null;
      const goldenSections = block.goldenSections;
      const draw = () => {
        if ((!step && !goldenSections) || tableBox.childNodes.length) return;
        const marks = compareTables(goldenSections || [], step ? step.sections : []);
        if (goldenSections) {
          const phone = device("golden · " + block.title.split(":")[0]);
          phone.el.dataset.side = "golden";
          tableBox.append(phone.el);
          renderTable(phone.table, goldenSections, marks.golden);
        } else {
          tableBox.append(h("div", { class: "no-table", "data-side": "golden" }, "The golden's table at this step cannot be read back from its log."));
        }
        if (step) {
          const phone = device(step.screen + " v" + step.version + " · new");
          phone.el.dataset.side = "new";
          tableBox.append(phone.el);
          renderTable(phone.table, step.sections, marks.fresh);
        }
      };
      const pair = h("details", { class: "pair" + (block.differs ? " differs" : ""), "data-block": index + 1,
        open: block.differs },
        h("summary", null, h("span", null, "Step " + (index + 1) + " · " + block.title),
          h("span", { class: block.differs ? "tag" : "same" }, block.differs ? "differs" : "same")),
        h("div", { class: "sides" },
          h("div", null, h("div", { class: "label" }, "golden " + fixture.golden), pre(golden, diff.a, "ln-del", pairs.a)),
          h("div", null, h("div", { class: "label" }, "new"), pre(fresh, diff.b, "ln-ins", pairs.b))),
        h("div", { class: "overlay" }, h("div", { class: "label" }, "golden (−) and new (+) overlaid"),
          overlay(golden, fresh, diff, pairs)),
        step || goldenSections ? h("button", { class: "badge", style: "cursor:pointer;margin:6px 10px", onclick: draw }, "Draw the golden and new tables") : null,
        tableBox);
      body.append(pair);
      if (block.differs && index === fixture.firstDiff) {
        pair.classList.add("focus");
        pair.id = "first-difference-" + cssName(fixture.path);
        draw();
        if (!focus) focus = pair;
      }
    });
    main.append(details);
  }
  if (focus) focus.scrollIntoView({ block: "start" });
  document.body.dataset.ready = "true";
}

if (DATA.mode === "report") startReport(); else startViewer();
