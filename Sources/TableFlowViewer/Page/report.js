// Marks each line of `a` and `b` that is not part of a longest common subsequence.
function lineDiff(a, b) {
  const n = a.length, m = b.length;
  if (n * m > 4000000) return { a: a.map((l, i) => l !== b[i]), b: b.map((l, i) => l !== a[i]) };
  const table = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i -= 1)
    for (let j = m - 1; j >= 0; j -= 1)
      table[i][j] = a[i] === b[j] ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
  const da = new Array(n).fill(true), db = new Array(m).fill(true);
  let i = 0, j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) { da[i] = false; db[j] = false; i += 1; j += 1; }
    else if (table[i + 1][j] >= table[i][j + 1]) i += 1;
    else j += 1;
  }
  return { a: da, b: db };
}

function pre(lines, marks, cls) {
  const el = h("pre");
  lines.forEach((line, i) => el.append(marks[i] ? h("span", { class: cls }, line) : line + "\n"));
  return el;
}

function overlay(golden, fresh, diff) {
  const el = h("pre");
  let i = 0, j = 0;
  while (i < golden.length || j < fresh.length) {
    if (i < golden.length && diff.a[i]) { el.append(h("span", { class: "ln-del" }, "- " + golden[i])); i += 1; }
    else if (j < fresh.length && diff.b[j]) { el.append(h("span", { class: "ln-ins" }, "+ " + fresh[j])); j += 1; }
    else { el.append("  " + (i < golden.length ? golden[i] : fresh[j]) + "\n"); i += 1; j += 1; }
  }
  return el;
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
    fixture.blocks.forEach((block, index) => {
      const golden = block.golden === "" ? [] : block.golden.replace(/\n$/, "").split("\n");
      const fresh = block.new === "" ? [] : block.new.replace(/\n$/, "").split("\n");
      const diff = lineDiff(golden, fresh);
      const tableBox = h("div");
      const step = index < fixture.steps.length ? fixture.steps[index] : null;
      const draw = () => {
        if (!step || tableBox.childNodes.length) return;
        const phone = device(step.screen + " v" + step.version + " (new)");
        tableBox.append(phone.el);
        renderTable(phone.table, step.sections, restView(step));
      };
      const pair = h("details", { class: "pair" + (block.differs ? " differs" : ""), "data-block": index + 1,
        open: block.differs },
        h("summary", null, h("span", null, "Step " + (index + 1) + " · " + block.title),
          h("span", { class: block.differs ? "tag" : "same" }, block.differs ? "differs" : "same")),
        h("div", { class: "sides" },
          h("div", null, h("div", { class: "label" }, "golden " + fixture.golden), pre(golden, diff.a, "ln-del")),
          h("div", null, h("div", { class: "label" }, "new"), pre(fresh, diff.b, "ln-ins"))),
        h("div", { class: "overlay" }, h("div", { class: "label" }, "golden (−) and new (+) overlaid"),
          overlay(golden, fresh, diff)),
        step ? h("button", { class: "badge", style: "cursor:pointer;margin:6px 10px", onclick: draw }, "Draw the new table") : null,
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
