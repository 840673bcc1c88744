#!/usr/bin/env python3
"""Checks `tableflow view` pages in a real browser: headless Chromium, driven over the
DevTools protocol on a pipe (--remote-debugging-pipe), Python's standard library only.

For every shipped fixture (Fixtures/*/*.jsonl.gz) it writes the page, loads it with `#all`
(every step drawn) and checks that the page raised no console error or exception, that each
step (`[data-step]`) holds exactly as many `[data-row-id]` cells and `[data-section-id]`
sections as the session's snapshot (read independently from `tableflow replay --format
jsonl`), that changed rows carry `data-change` with the kinds of the step's changeset, and
that a `verify --html` report loads cleanly too. It then times a 10,000-row session's first
step (printed as a JSON line, not a pass/fail threshold: timings belong to benchmarks) and
takes a screenshot of the books session's load-more step.

usage: tools/viewer-browser-test.py [--tableflow PATH] [--screenshot PNG] [--chromium PATH]
Exit status 0 when every check passes, 1 otherwise.
"""

import argparse
import base64
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHANGE_KINDS = {"insert", "delete", "move", "reconfigure", "reload"}


class Browser:
    """Headless Chromium with one page, spoken to over fds 3 and 4 (NUL-separated JSON)."""

    def __init__(self, executable, profile):
        to_chrome_read, self.to_chrome = os.pipe()
        self.from_chrome, from_chrome_write = os.pipe()

        def wire():
            os.dup2(to_chrome_read, 3)
            os.dup2(from_chrome_write, 4)

        self.process = subprocess.Popen(
            [executable, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
             "--user-data-dir=" + profile, "--window-size=1400,1000", "--hide-scrollbars",
             "--no-first-run", "--no-default-browser-check", "--disable-extensions",
             "--force-device-scale-factor=1", "about:blank"],
            pass_fds=(3, 4, to_chrome_read, from_chrome_write), preexec_fn=wire,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_chrome_read)
        os.close(from_chrome_write)
        self.buffer = b""
        self.next_id = 0
        self.events = []
        targets = self.call("Target.getTargets")["targetInfos"]
        page = next(t for t in targets if t["type"] == "page")
        self.session = self.call("Target.attachToTarget", {"targetId": page["targetId"], "flatten": True})["sessionId"]
        for domain in ("Runtime.enable", "Page.enable", "Log.enable"):
            self.call(domain, session=True)

    def send(self, method, params=None, session=False):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = self.session
        os.write(self.to_chrome, json.dumps(message).encode() + b"\0")
        return self.next_id

    def receive(self, deadline):
        while b"\0" not in self.buffer:
            if time.monotonic() > deadline:
                raise TimeoutError("no answer from Chromium")
            chunk = os.read(self.from_chrome, 1 << 20)
            if not chunk:
                raise RuntimeError("Chromium closed the pipe")
            self.buffer += chunk
        raw, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(raw)

    def call(self, method, params=None, session=False, timeout=30):
        wanted = self.send(method, params, session)
        deadline = time.monotonic() + timeout
        while True:
            message = self.receive(deadline)
            if message.get("id") == wanted:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            self.events.append(message)

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True}, session=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"evaluate failed: {result['exceptionDetails']}")
        return result["result"].get("value")

    def open(self, url, ready="ready", timeout=60):
        """Loads `url` and waits until `document.body.dataset[ready]` is "true"."""
        self.events = []
        self.call("Page.navigate", {"url": url}, session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.evaluate(f"document.body && document.body.dataset.{ready} === 'true'"):
                return
            time.sleep(0.02)
        raise TimeoutError(f"{url}: the page never set data-{ready}; errors: {self.errors()}")

    def errors(self):
        found = []
        for event in self.events:
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.exceptionThrown":
                found.append(params["exceptionDetails"].get("exception", {}).get("description")
                             or params["exceptionDetails"].get("text"))
            elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                found.append(" ".join(str(a.get("value", a.get("description"))) for a in params.get("args", [])))
            elif method == "Log.entryAdded" and params["entry"].get("level") == "error":
                found.append(params["entry"].get("text"))
        return found

    def screenshot(self, path):
        data = self.call("Page.captureScreenshot", {"format": "png"}, session=True)["data"]
        with open(path, "wb") as file:
            file.write(base64.b64decode(data))

    def close(self):
        try:
            self.send("Browser.close")
            self.process.wait(timeout=10)
        except Exception:
            self.process.kill()
            self.process.wait()
        os.close(self.to_chrome)
        os.close(self.from_chrome)


COUNT_STEPS = """JSON.stringify([...document.querySelectorAll('[data-step]')].map(step => {
  const table = step.querySelector('.table');
  return {
    step: Number(step.dataset.step), screen: step.dataset.screen, version: Number(step.dataset.version),
    kind: step.dataset.kind,
    rows: table.querySelectorAll('[data-row-id]').length,
    sections: table.querySelectorAll('[data-section-id]').length,
    changes: [...table.querySelectorAll('[data-row-id][data-change],[data-ghost-id][data-change]')].map(c => c.dataset.change),
  };
}))"""


def expected_steps(tableflow, fixture):
    """Each step of the session from its jsonl log: rows, sections and the change kinds."""
    log = subprocess.run([tableflow, "replay", fixture, "--format", "jsonl"], capture_output=True, text=True).stdout
    steps, shown = [], {}
    for line in log.splitlines():
        event = json.loads(line)
        if event["event"] == "snapshot":
            sections = event["snapshot"]["sections"]
            kinds = set()
            for stage in event["changeset"]["stages"]:
                for key, kind in (("rowInserts", "insert"), ("sectionInserts", "insert"), ("rowDeletes", "delete"),
                                  ("rowMoves", "move"), ("rowReconfigures", "reconfigure"), ("rowReloads", "reload")):
                    if stage[key]:
                        kinds.add(kind)
            if event["version"] > 1 and not event["changeset"]["stages"]:
                kinds = set()
            state = (len(sections), sum(len(s["rows"]) for s in sections))
            shown[event["screen"]] = state
            steps.append({"screen": event["screen"], "version": event["version"], "sections": state[0],
                          "rows": state[1], "kinds": kinds})
        elif event["event"] == "navigation" and event["action"] == "back" and event["screen"] in shown:
            state = shown[event["screen"]]
            steps.append({"screen": event["screen"], "sections": state[0], "rows": state[1], "kinds": set()})
    return steps, log


def check_fixture(browser, tableflow, fixture, out_dir, problems):
    name = os.path.relpath(fixture, ROOT)
    page = os.path.join(out_dir, name.replace("/", "_") + ".html")
    result = subprocess.run([tableflow, "view", fixture, "-o", page], capture_output=True, text=True)
    if result.returncode != 0:
        problems.append(f"{name}: view exited {result.returncode}: {result.stderr.strip()}")
        return None
    expected, _ = expected_steps(tableflow, fixture)
    browser.open("file://" + page + "#all", ready="allRendered")
    for error in browser.errors():
        problems.append(f"{name}: console error: {error}")
    steps = json.loads(browser.evaluate(COUNT_STEPS))
    if len(steps) != len(expected):
        problems.append(f"{name}: {len(steps)} [data-step] elements, the session has {len(expected)} steps")
    for got, want in zip(steps, expected):
        where = f"{name} step {got['step']} ({got['screen']} v{got['version']})"
        if got["screen"] != want["screen"]:
            problems.append(f"{where}: shows screen {got['screen']}, expected {want['screen']}")
        if got["rows"] != want["rows"]:
            problems.append(f"{where}: {got['rows']} [data-row-id] cells, the snapshot has {want['rows']} rows")
        if got["sections"] != want["sections"]:
            problems.append(f"{where}: {got['sections']} [data-section-id], the snapshot has {want['sections']}")
        kinds = set(got["changes"])
        if not kinds <= CHANGE_KINDS:
            problems.append(f"{where}: unknown data-change values {sorted(kinds - CHANGE_KINDS)}")
        if got["kind"] == "update" and not want["kinds"] <= kinds:
            problems.append(f"{where}: data-change shows {sorted(kinds)}, the changeset has {sorted(want['kinds'])}")
        if got["kind"] != "update" and kinds:
            problems.append(f"{where}: a {got['kind']} step marks changes {sorted(kinds)}")
    return page, steps


REVIEW_CHECK = """JSON.stringify((() => {
  const focus = document.querySelector('.pair.focus');
  const link = document.querySelector('.first-link');
  const side = (name) => focus ? focus.querySelector('[data-side="' + name + '"]') : null;
  const golden = side('golden'), fresh = side('new');
  return {
    link: link ? link.getAttribute('href') : null,
    target: link ? !!document.getElementById(link.getAttribute('href').slice(1)) : false,
    goldenRows: golden ? golden.querySelectorAll('[data-row-id]').length : -1,
    newRows: fresh ? fresh.querySelectorAll('[data-row-id]').length : -1,
    goldenChanged: golden ? golden.querySelectorAll('[data-change="reconfigure"]').length : -1,
    newChanged: fresh ? fresh.querySelectorAll('[data-change="reconfigure"]').length : -1,
    fieldMarks: fresh ? fresh.querySelectorAll('.f.changed').length : -1,
    sectionUpdates: fresh ? fresh.querySelectorAll('.section[data-change="update"]').length : -1,
    words: focus ? focus.querySelectorAll('mark.word').length : -1,
    folds: focus ? focus.querySelectorAll('.fold').length : -1,
  };
})())"""


def check_review_page(browser, tableflow, out_dir, problems):
    """A failing session's review page: the golden (edited here: one title, one footer) and the
    new table drawn side by side on the first differing step, the changed row marked on both
    sides with its field, the changed text marked within its line, unchanged lines folded and
    the first difference linked."""
    folder = os.path.join(out_dir, "review", "books")
    os.makedirs(folder)
    for suffix in (".jsonl.gz", ".log", ".intents"):
        shutil.copy(os.path.join(ROOT, "Fixtures", "books", "actions" + suffix), folder)
    golden = os.path.join(folder, "actions.log")
    with open(golden, encoding="utf-8") as file:
        text = file.read()
    edited = text.replace('title="江湖散步"', 'title="江湖散记"', 1).replace('footer="共 90 本"', 'footer="共 91 本"', 1)
    if edited == text:
        problems.append("review page: the edit of Fixtures/books/actions.log found nothing to change")
        return
    with open(golden, "w", encoding="utf-8") as file:
        file.write(edited)
    page = os.path.join(out_dir, "review.html")
    subprocess.run([tableflow, "verify", os.path.dirname(folder), "--html", page], capture_output=True, text=True)
    browser.open("file://" + page)
    for error in browser.errors():
        problems.append(f"review page: console error: {error}")
    got = json.loads(browser.evaluate(REVIEW_CHECK))
    want = {"target": True, "goldenChanged": 1, "newChanged": 1, "fieldMarks": 1, "sectionUpdates": 1}
    for key, value in want.items():
        if got[key] != value:
            problems.append(f"review page: {key} is {got[key]}, expected {value} ({got})")
    if got["goldenRows"] < 100 or got["newRows"] != got["goldenRows"]:
        problems.append(f"review page: drew {got['goldenRows']} golden and {got['newRows']} new rows ({got})")
    if got["words"] < 2 or got["folds"] < 1:
        problems.append(f"review page: {got['words']} marked words, {got['folds']} folds ({got})")
    print(f"viewer-browser-test: review page checked: {got}")


def load_more_step(tableflow, fixture):
    """The 1-based step that follows the first load-more intent of a session."""
    _, log = expected_steps(tableflow, fixture)
    step, armed = 0, False
    for line in log.splitlines():
        event = json.loads(line)
        if event["event"] == "intent" and event["intent"].startswith("load-more"):
            armed = True
        if event["event"] == "snapshot" or (event["event"] == "navigation" and event["action"] == "back"):
            step += 1
            if armed:
                return step
    return 1


def big_session_log(path, rows=10_000):
    """A jsonl log of a 10,000-row table: first shown whole, then reconfigured, trimmed and grown."""
    def table(version):
        out = []
        for s in range(10):
            section_rows = []
            for r in range(rows // 10):
                n = s * (rows // 10) + r
                if version == 2 and n % 97 == 0:
                    continue
                title = f"Item {n}" + (" (edited)" if version == 2 and n % 31 == 0 else "")
                section_rows.append({"id": f"item-{n}", "kind": "item", "height": 44 + (n % 3) * 20,
                                     "fields": {"title": title, "detail": f"row {r} of section {s}", "n": n}})
            if version == 2:
                section_rows += [{"id": f"new-{s}-{k}", "kind": "item", "height": 44,
                                  "fields": {"title": f"New {k}", "detail": "inserted", "n": -k}} for k in range(5)]
            out.append({"id": f"section-{s}", "header": f"Section {s}", "footer": None, "style": "dynamic",
                        "collapsed": False, "rows": section_rows})
        return {"sections": out}
    with open(path, "w") as file:
        file.write(json.dumps({"event": "intent", "intent": "load", "screen": "big"}, sort_keys=True) + "\n")
        for version in (1, 2):
            file.write(json.dumps({"event": "snapshot", "screen": "big", "version": version,
                                   "snapshot": table(version), "changeset": {"stages": []}}, sort_keys=True) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tableflow", default=None, help="the tableflow binary (default: swift build's)")
    parser.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser"))
    parser.add_argument("--screenshot", default=None, help="where to write the load-more screenshot")
    args = parser.parse_args()
    if not args.chromium:
        print("viewer-browser-test: chromium not found (apt-get install chromium)", file=sys.stderr)
        return 1
    tableflow = args.tableflow or os.path.join(
        subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True).stdout.strip(),
        "tableflow")
    started = time.monotonic()
    problems = []
    with tempfile.TemporaryDirectory(prefix="tableflow-viewer-") as out_dir:
        browser = Browser(args.chromium, os.path.join(out_dir, "profile"))
        try:
            fixtures = sorted(glob.glob(os.path.join(ROOT, "Fixtures", "*", "*.jsonl.gz")))
            checked = 0
            for fixture in fixtures:
                if check_fixture(browser, tableflow, fixture, out_dir, problems):
                    checked += 1
            print(f"viewer-browser-test: {checked} fixture pages checked in Chromium")

            report = os.path.join(out_dir, "report.html")
            subprocess.run([tableflow, "verify", os.path.join(ROOT, "Fixtures"), "--html", report],
                           capture_output=True, text=True)
            browser.open("file://" + report)
            for error in browser.errors():
                problems.append(f"verify --html: console error: {error}")
            listed = browser.evaluate("document.querySelectorAll('[data-fixture]').length")
            if listed != len(fixtures):
                problems.append(f"verify --html: lists {listed} fixtures, expected {len(fixtures)}")

            check_review_page(browser, tableflow, out_dir, problems)

            big_log = os.path.join(out_dir, "big.jsonl")
            big_session_log(big_log)
            big_page = os.path.join(out_dir, "big.html")
            subprocess.run([tableflow, "view", big_log, "-o", big_page], check=True)
            begun = time.monotonic()
            browser.open("file://" + big_page + "#step-2")
            wall = (time.monotonic() - begun) * 1000
            first = browser.evaluate("Number(document.body.dataset.firstStepMs)")
            rows = browser.evaluate("document.querySelector('[data-step=\"2\"] .table').querySelectorAll('[data-row-id]').length")
            for error in browser.errors():
                problems.append(f"10,000-row page: console error: {error}")
            if rows != 10_000 - 104 + 50:
                problems.append(f"10,000-row page: step 2 drew {rows} rows")
            print(json.dumps({"figure": "viewer first step, 10,000-row session", "rows": rows,
                              "first_step_ms": first, "wall_ms": round(wall), "page_bytes": os.path.getsize(big_page)}))

            if args.screenshot:
                books = os.path.join(ROOT, "Fixtures", "books", "session.jsonl.gz")
                page = os.path.join(out_dir, "books-shot.html")
                subprocess.run([tableflow, "view", books, "-o", page], check=True)
                browser.open(f"file://{page}#step-{load_more_step(tableflow, books)}")
                time.sleep(0.3)
                browser.screenshot(args.screenshot)
                print(f"viewer-browser-test: wrote {args.screenshot}")
        finally:
            browser.close()
    for problem in problems:
        print("viewer-browser-test: " + problem, file=sys.stderr)
    print(f"viewer-browser-test: {'FAILED' if problems else 'passed'} in {time.monotonic() - started:.1f} s")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
