// pathsat's page: the board editor and the calls to the JSON API.
//
// The editor keeps the puzzle as a board of cells (hole, given, mark) and writes it as the TOML
// puzzle file pathsat reads; every button sends that text to the API ({"puzzle": TEXT} and the
// options) and shows the library's report: the answer grid read from the report's "solutions",
// and the picture pathsat draws (the /api/draw route, the code behind `pathsat draw`). Files
// loaded (TOML, JSON, graphs) go through /api/puzzle, which returns the puzzle as a JSON puzzle
// file, so that pathsat alone parses puzzles. No framework, no build step.
//
// Two engines answer the same requests with the same replies (see "The engines" below): the
// server's JSON API when `pathsat serve` serves the page, and pathsat compiled to WebAssembly,
// in a Web Worker, when the page is the static site `just web-static` writes.
"use strict";

// EXAMPLES, the Example selector's puzzles, is not written here: the server (and the static
// site's recipe) append assets/examples.json to this script as `const EXAMPLES = [{id, label,
// puzzle}, ...];` (see crates/server/src/assets.rs), so that the page and the tests read the same
// file. Each `puzzle` is a JSON puzzle file, loaded as a file read through /api/puzzle would be.
// ENGINE, appended the same way, is "server" or "browser".

const $ = (id) => document.getElementById(id);

// The editor's puzzle. `text` is set when the puzzle cannot be drawn as a board (a graph, a
// trail puzzle): then the text is what is sent, as loaded.
const puzzle = {
  name: "my-puzzle", rows: 5, cols: 5, moves: "rook", custom: "[[1,2],[2,1]]", closed: false,
  cells: [], marks: {}, text: null, format: null, file: null,
};

let busy = null; // the AbortController of the request running, if any
let lastCnf = null; // the DIMACS text of the last encoding shown
let lastReport = null; // the last solve report (or random solution), for the picture

function blankCells(rows, cols) {
  return Array.from({ length: rows * cols }, () => ({ hole: false, given: null, mark: null }));
}

// ---------------------------------------------------------------------------------------------
// The board editor.

function renderBoard() {
  const board = $("board");
  board.replaceChildren();
  const graph = puzzle.text !== null;
  board.hidden = graph;
  $("graph-note").hidden = !graph;
  $("tools").disabled = graph;
  if (graph) {
    $("graph-note").textContent =
      `${puzzle.file || "this puzzle"} is not drawn as a board here (a graph or a trail ` +
      "puzzle): it is sent as loaded. Edit its text below.";
    return;
  }
  board.style.gridTemplateColumns = `repeat(${puzzle.cols}, var(--cell))`;
  puzzle.cells.forEach((cell, i) => {
    const input = document.createElement("input");
    input.className = "cell";
    input.dataset.row = Math.floor(i / puzzle.cols);
    input.dataset.col = i % puzzle.cols;
    input.setAttribute("aria-label", `row ${+input.dataset.row + 1}, column ${+input.dataset.col + 1}`);
    input.inputMode = "numeric";
    input.maxLength = 5;
    input.autocomplete = "off";
    paintCell(input, cell);
    input.addEventListener("mousedown", (e) => {
      const tool = currentTool();
      if (tool !== "given") {
        e.preventDefault();
        applyTool(i, tool);
      }
    });
    input.addEventListener("input", () => {
      const digits = input.value.replace(/[^0-9]/g, "");
      if (digits !== input.value) input.value = digits;
      const c = puzzle.cells[i];
      c.hole = false;
      c.mark = null;
      c.given = digits === "" ? null : Number(digits);
      paintCell(input, c);
      puzzleChanged();
    });
    input.addEventListener("keydown", (e) => moveFocus(e, i));
    board.appendChild(input);
  });
}

function paintCell(input, cell) {
  input.classList.toggle("hole", cell.hole);
  input.classList.toggle("given", cell.given !== null);
  input.classList.toggle("marked", cell.mark !== null);
  input.readOnly = cell.hole || cell.mark !== null;
  input.value = cell.hole ? "" : cell.mark !== null ? cell.mark : cell.given ?? "";
  input.title = cell.hole ? "a hole" : cell.mark ? `marked ${cell.mark}: ${puzzle.marks[cell.mark]}` : "";
}

function moveFocus(e, i) {
  const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -puzzle.cols, ArrowDown: puzzle.cols }[e.key];
  if (step === undefined) return;
  const next = i + step;
  if (next >= 0 && next < puzzle.cells.length) {
    e.preventDefault();
    $("board").children[next].focus();
  }
}

function currentTool() {
  return document.querySelector('input[name="tool"]:checked').value;
}

function applyTool(i, tool) {
  const cell = puzzle.cells[i];
  if (tool === "hole") {
    const hole = !cell.hole;
    Object.assign(cell, { hole, given: null, mark: null });
  } else if (tool === "mark") {
    const letter = ($("mark-letter").value.trim() || "P").slice(0, 1);
    if (!/^[A-Za-z]$/.test(letter)) {
      say("A mark is one letter, A to Z.", "error");
      return;
    }
    puzzle.marks[letter] = $("mark-class").value;
    const mark = cell.mark === letter ? null : letter;
    Object.assign(cell, { hole: false, given: null, mark });
  } else {
    Object.assign(cell, { hole: false, given: null, mark: null });
  }
  paintCell($("board").children[i], cell);
  puzzleChanged();
}

function newBoard() {
  const rows = clampInt($("rows").value, 1, 50);
  const cols = clampInt($("cols").value, 1, 50);
  Object.assign(puzzle, { rows, cols, cells: blankCells(rows, cols), marks: {}, text: null,
    format: null, file: null });
  $("rows").value = rows;
  $("cols").value = cols;
  renderBoard();
  puzzleChanged();
}

function clampInt(value, lo, hi) {
  const n = Math.round(Number(value));
  return Number.isFinite(n) ? Math.min(hi, Math.max(lo, n)) : lo;
}

// ---------------------------------------------------------------------------------------------
// The puzzle as a file, and back.

function tomlString(s) {
  return JSON.stringify(s); // a JSON string is a TOML basic string
}

function movesValue() {
  return puzzle.moves === "custom" ? puzzle.custom.trim() : tomlString(puzzle.moves);
}

function gridLines() {
  const tokens = puzzle.cells.map((c) => (c.hole ? "#" : c.mark ?? (c.given ?? ".").toString()));
  const width = Math.max(1, ...tokens.map((t) => t.length));
  const lines = [];
  for (let r = 0; r < puzzle.rows; r++) {
    const row = tokens.slice(r * puzzle.cols, (r + 1) * puzzle.cols);
    lines.push(row.map((t) => t.padStart(width)).join(" "));
  }
  return lines;
}

function usedMarks() {
  const used = {};
  for (const c of puzzle.cells) if (c.mark) used[c.mark] = puzzle.marks[c.mark];
  return used;
}

function toToml() {
  if (puzzle.text !== null) return puzzle.text;
  let out = `name = ${tomlString(puzzle.name)}\nmoves = ${movesValue()}\nclosed = ${puzzle.closed}\n`;
  out += `grid = """\n${gridLines().join("\n")}\n"""\n`;
  const marks = usedMarks();
  if (Object.keys(marks).length) {
    out += "\n[marks]\n";
    for (const [letter, cls] of Object.entries(marks)) out += `${letter} = ${tomlString(cls)}\n`;
  }
  return out;
}

function toJsonFile() {
  const object = {
    name: puzzle.name,
    moves: puzzle.moves === "custom" ? JSON.parse(puzzle.custom) : puzzle.moves,
    closed: puzzle.closed,
    grid: gridLines(),
  };
  const marks = usedMarks();
  if (Object.keys(marks).length) object.marks = marks;
  return JSON.stringify(object, null, 2) + "\n";
}

// What the API is sent: the puzzle text and the name it goes by.
function puzzleFields() {
  if (puzzle.text !== null) {
    const fields = { puzzle: puzzle.text, file: puzzle.file || "puzzle.toml" };
    if (puzzle.format) fields.format = puzzle.format;
    return fields;
  }
  return { puzzle: toToml(), file: `${puzzle.name || "puzzle"}.toml` };
}

// Loads a JSON puzzle file object (as /api/puzzle returns it) into the editor.
function loadObject(object, text, file, format) {
  const grid = object.grid;
  if (object.graph || object.trail || !Array.isArray(grid) || grid.some((r) => typeof r !== "string")) {
    Object.assign(puzzle, { text, file, format, name: object.name || "puzzle" });
    $("name").value = puzzle.name;
    renderBoard();
    puzzleChanged(false);
    return;
  }
  const rows = grid.map((line) => line.trim().split(/\s+/));
  const cols = Math.max(...rows.map((r) => r.length));
  const cells = [];
  for (const row of rows) {
    for (let c = 0; c < cols; c++) {
      const t = row[c] ?? "#";
      if (t === "#") cells.push({ hole: true, given: null, mark: null });
      else if (t === "." || t === "_") cells.push({ hole: false, given: null, mark: null });
      else if (/^[0-9]+$/.test(t)) cells.push({ hole: false, given: Number(t), mark: null });
      else cells.push({ hole: false, given: null, mark: t });
    }
  }
  let moves = object.moves ?? "king";
  let custom = puzzle.custom;
  if (Array.isArray(moves)) {
    custom = JSON.stringify(moves);
    moves = "custom";
  }
  Object.assign(puzzle, {
    name: object.name || "puzzle", rows: rows.length, cols, moves, custom,
    closed: Boolean(object.closed), cells, marks: { ...(object.marks || {}) },
    text: null, format: null, file: null,
  });
  $("name").value = puzzle.name;
  $("rows").value = puzzle.rows;
  $("cols").value = puzzle.cols;
  $("moves").value = moves;
  $("custom-moves").value = custom;
  $("custom-moves").hidden = moves !== "custom";
  $("closed").checked = puzzle.closed;
  renderBoard();
  puzzleChanged();
}

// Reads puzzle text (any format pathsat reads) through the server into the editor.
async function loadText(text, file) {
  const ext = (file || "").split(".").pop().toLowerCase();
  const format = ["hcp", "col", "dimacs", "g6", "s6", "json", "toml"].includes(ext) ? ext : null;
  const body = { puzzle: text, file: file || "puzzle.toml" };
  if (format) body.format = format;
  const reply = await call("/api/puzzle", body);
  if (!reply) return;
  loadObject(reply.json, text, file || "puzzle.toml", format);
  say(`Loaded ${file || "the text"}.`);
}

function download(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function puzzleChanged(clearAnswer = true) {
  $("puzzle-text").value = toToml();
  clearHints();
  if (clearAnswer) {
    lastCnf = null;
    $("download-cnf").disabled = true;
  }
  scheduleForced();
}

// ---------------------------------------------------------------------------------------------
// Forced cells while editing: after each edit (and a pause), POST /api/forced with a short time
// limit, and show every cell that all solutions agree on with its value, in green; a puzzle
// without solution outlines the givens that conflict. A newer edit aborts the older request.

const FORCED_SECONDS = 2; // the time limit of one edit's search
let forcedTimer = null;
let forcedRequest = null;

function clearForced() {
  for (const input of $("board").children) {
    input.classList.remove("forced", "conflict");
    input.placeholder = "";
  }
}

function scheduleForced() {
  clearTimeout(forcedTimer);
  if (forcedRequest) forcedRequest.abort();
  clearForced();
  $("forced-status").textContent = "";
  if (!$("show-forced").checked || puzzle.text !== null) return;
  forcedTimer = setTimeout(showForced, 300);
}

async function showForced() {
  const controller = new AbortController();
  forcedRequest = controller;
  let report;
  try {
    const r = await send("/api/forced", { puzzle: toToml(), timeout: FORCED_SECONDS },
      { signal: controller.signal, laneName: "forced" });
    report = JSON.parse(r.text);
    if (!r.ok) {
      $("forced-status").textContent = report.error || `${r.status}`;
      return;
    }
  } catch {
    return; // aborted by a newer edit, or the engine is gone (the buttons say so)
  } finally {
    if (forcedRequest === controller) forcedRequest = null;
  }
  const at = (c) => $("board").children[c.row * puzzle.cols + c.col];
  if (report.status === "unsat") {
    for (const c of report.conflict) at(c).classList.add("conflict");
    $("forced-status").textContent = report.conflict.length
      ? `no solution: the outlined givens have none together`
      : "no solution, even without givens";
    return;
  }
  if (report.status !== "sat") {
    $("forced-status").textContent = `not settled within ${FORCED_SECONDS} s`;
    return;
  }
  for (const c of report.forced) {
    if (c.given) continue;
    const input = at(c);
    input.classList.add("forced");
    input.placeholder = String(c.value);
  }
  const more = report.complete ? "" : ` (stopped after ${FORCED_SECONDS} s, ${report.undecided} undecided)`;
  $("forced-status").textContent =
    `${report.forced.length} of ${report.cells} cells forced, ${report.deduced} beyond the givens${more}`;
}

// ---------------------------------------------------------------------------------------------
// Hints: the Hint button POSTs /api/hint with the givens and the values earlier hints placed,
// shows the new value in blue on its cell (outlined, the cells its reason names dashed) and the
// reason under the board. Any edit of the puzzle starts the hints over.

let hinted = new Map(); // cell index -> value placed by a hint

function clearHints() {
  hinted = new Map();
  for (const input of $("board").children) {
    input.classList.remove("hinted", "hint-new", "cited");
    if (!input.classList.contains("forced")) input.placeholder = "";
  }
  $("hint-status").textContent = "";
}

async function nextHint() {
  const body = { ...puzzleFields(), timeout: 10 };
  if (puzzle.text === null) {
    const rows = [];
    for (let r = 0; r < puzzle.rows; r++) {
      const row = [];
      for (let c = 0; c < puzzle.cols; c++) row.push(hinted.get(r * puzzle.cols + c) ?? null);
      rows.push(row);
    }
    body.filling = rows;
  }
  const reply = await call("/api/hint", body);
  if (!reply) return;
  const report = reply.json;
  showJson(reply.text);
  const board = $("board").children;
  for (const input of board) input.classList.remove("hint-new", "cited");
  const index = (c) => c.row * puzzle.cols + c.col;
  const where = (c) => (c.vertex !== undefined ? `vertex ${c.vertex}` : `(${c.row}, ${c.col})`);
  let text;
  if (report.status === "hint") {
    const h = report.hint;
    const rule = h.rule === "solver" ? "the solver" : `${h.rule.replace("-", " ")}, ${h.level}`;
    text = `${where(h)} = ${h.value} (${rule}): ${h.reason}.`;
    if (puzzle.text === null) {
      hinted.set(index(h), h.value);
      const input = board[index(h)];
      input.classList.remove("forced");
      input.classList.add("hinted", "hint-new");
      input.placeholder = String(h.value);
      for (const c of h.cited) board[index(c)].classList.add("cited");
    }
  } else if (report.status === "wrong") {
    text = `${where(report.wrong)} = ${report.wrong.value} is wrong: ${report.wrong.reason}.`;
  } else if (report.status === "solved") {
    text = "Solved: every cell is filled, and the filling is a solution.";
  } else if (report.status === "no-solution") {
    text = "The puzzle has no solution.";
  } else if (report.status === "several") {
    text = "No empty cell is forced: several solutions go on from here.";
  } else {
    text = "No step found within the time limit.";
  }
  $("hint-status").textContent = text;
  say(report.status === "hint" ? `Hint ${hinted.size}.` : "");
}

// ---------------------------------------------------------------------------------------------
// Explain a cell (POST /api/explain): how it is forced, then the chain of clauses, one a line,
// the last ones (nearest the cell) when the chain is long.

const EXPLAIN_SHOWN = 40;

async function explainCell() {
  const parts = $("explain-cell").value.split(",").map((t) => Number(t.trim()));
  const cell = parts.length === 2 ? parts : parts[0];
  const reply = await call("/api/explain", { ...puzzleFields(), cell });
  if (!reply) return;
  const r = reply.json;
  showJson(reply.text);
  const view = $("explain-view");
  view.replaceChildren();
  const head = document.createElement("p");
  const words = {
    propagation: `unit propagation from the clauses alone sets it, by these ${r.steps.length} clauses:`,
    refutation: `assuming another value, unit propagation reaches a clause with every literal false (${r.steps.length} clauses):`,
    search: "it is forced, but not by unit propagation: the solver needs search (try Hint).",
    "not-forced": `not forced: solutions put ${r.value} or ${r["other-value"]} there.`,
    "no-solution": "the puzzle has no solution.",
  };
  head.textContent = `${r.cell} = ${r.value}: ${words[r.how]}`;
  view.appendChild(head);
  if (r.steps.length) {
    const list = document.createElement("ol");
    list.className = "clauses";
    const skip = Math.max(0, r.steps.length - EXPLAIN_SHOWN);
    list.start = skip + 1;
    for (const step of r.steps.slice(skip)) {
      const li = document.createElement("li");
      li.textContent = `${step.sets || "⊥"}  from  ${step.clause}    (${step.family})`;
      list.appendChild(li);
    }
    view.appendChild(list);
  }
  say("");
}

// Print (/api/booklet): the puzzle and its solution as a PDF, downloaded.
async function printPuzzle() {
  const controller = new AbortController();
  setBusy(controller, true);
  try {
    const r = await send("/api/booklet",
      { ...puzzleFields(), title: puzzle.name || "puzzle", "per-page": 1 },
      { signal: controller.signal });
    if (!r.ok) {
      say(errorOf(r), "error");
      return;
    }
    const pdf = new Blob([r.bytes], { type: "application/pdf" });
    const url = URL.createObjectURL(pdf);
    const a = document.createElement("a");
    a.href = url;
    a.download = `${puzzle.name || "puzzle"}.pdf`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    say(`Saved ${a.download} (${Math.round(pdf.size / 1024)} KB): the puzzle, then its solution.`, "ok");
  } catch (e) {
    say(e.name === "AbortError" ? "Stopped." : e.message, e.name === "AbortError" ? "" : "error");
  } finally {
    setBusy(null);
  }
}

// ---------------------------------------------------------------------------------------------
// The engines. `send(path, body, {signal, onLine})` runs one API request and resolves to its
// reply, {ok, status, contentType, text, bytes}, the same from either engine:
// - "server": POST to `pathsat serve`'s JSON API; a count with progress streams JSON lines
//   (each but the last given to onLine, the last is the reply);
// - "browser": the same request to pathsat compiled to WebAssembly (worker.js, built by
//   `just web-static`), in a Web Worker, so that the page never freezes. A run is stopped by
//   terminating its worker (a new one starts for the next request), and a worker whose run
//   crashed (out of memory) is replaced the same way.
// It rejects with an Error named "AbortError" when `signal` aborts, or with an Error saying what
// went wrong (the server cannot be reached, the run crashed).

// Whether the page runs pathsat itself (ENGINE is appended after this script's text, so it is
// read when called, not when the script starts).
function inBrowser() {
  return ENGINE === "browser";
}
const lanes = new Map(); // a lane's name ("main", "forced") -> its worker and waiting requests
let nextRequest = 0;

function send(path, body, options = {}) {
  return inBrowser() ? sendToWorker(path, body, options) : sendToServer(path, body, options);
}

async function sendToServer(path, body, { signal, onLine } = {}) {
  let response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal,
    });
  } catch (e) {
    if (e.name === "AbortError") throw e;
    throw new Error(`The server cannot be reached: ${e.message}`);
  }
  const contentType = (response.headers.get("content-type") || "").split(";")[0];
  if (contentType !== "application/x-ndjson") {
    const bytes = new Uint8Array(await response.arrayBuffer());
    return reply(response.status, contentType, bytes);
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let pending = "";
  let last = null;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    pending += decoder.decode(value, { stream: true });
    let nl;
    while ((nl = pending.indexOf("\n")) >= 0) {
      const line = pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      if (!line.trim()) continue;
      if (last !== null && onLine) onLine(last);
      last = line;
    }
  }
  return lineReply(last);
}

// The reply of a progress stream: its last line, an error when it is {"error": ...}.
function lineReply(line) {
  const bytes = new TextEncoder().encode(line ?? "{\"error\": \"the run ended without a reply\"}");
  const r = reply(200, "application/json", bytes);
  try {
    if (JSON.parse(r.text).error) r.ok = false;
  } catch { r.ok = false; }
  return r;
}

function reply(status, contentType, bytes) {
  const text = contentType === "application/pdf" ? "" : new TextDecoder().decode(bytes);
  return { ok: status >= 200 && status < 300, status, contentType, text, bytes };
}

// Where the worker's script comes from: worker.js beside the page; or, for a page opened from
// disk (file://), where browsers start no worker from a file, a blob made of engine-inline.js
// (the glue, worker.js and the module's bytes, written by `just web-static`).
let inlineSource = null;
function engineSource() {
  if (location.protocol !== "file:") return Promise.resolve("worker.js");
  if (!inlineSource) {
    inlineSource = new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = "engine-inline.js";
      script.onload = () => {
        const code = `self.PATHSAT_WASM_BASE64 = "${PATHSAT_INLINE.wasm}";\n` +
          `${PATHSAT_INLINE.glue}\n${PATHSAT_INLINE.worker}`;
        resolve(URL.createObjectURL(new Blob([code], { type: "text/javascript" })));
      };
      script.onerror = () => reject(new Error("engine-inline.js is not beside the page, which " +
        "it needs when opened from disk: serve the folder (for example `python3 -m " +
        "http.server` in it) and open its address."));
      document.head.appendChild(script);
    });
  }
  return inlineSource;
}

// The lane's worker, started (from `source`) when it has none.
function lane(name, source) {
  let w = lanes.get(name);
  if (w) return w;
  w = { pending: new Map() };
  try {
    w.worker = new Worker(source);
  } catch (e) {
    throw new Error(`This browser does not start the page's engine here: ${e.message}`);
  }
  w.ready = new Promise((resolve, reject) => { w.resolveReady = resolve; w.rejectReady = reject; });
  w.ready.catch(() => {});
  w.worker.onmessage = (event) => heard(name, w, event.data);
  w.worker.onerror = (event) => {
    event.preventDefault();
    lost(name, w, `The page's engine failed: ${event.message || "it could not be loaded"}.`);
  };
  lanes.set(name, w);
  return w;
}

function heard(name, w, message) {
  if (message.ready) {
    w.resolveReady(JSON.parse(message.limits));
    return;
  }
  if (message.failed) {
    lost(name, w, `The page's engine could not start: ${message.failed}`);
    return;
  }
  const request = w.pending.get(message.id);
  if (!request) return;
  if (message.line !== undefined) {
    if (request.onLine) request.onLine(message.line);
    return;
  }
  w.pending.delete(message.id);
  if (message.crashed) {
    request.reject(new Error(message.crashed));
    stopLane(name, null); // its memory is spent or its state lost: the next request starts anew
    return;
  }
  const r = message.progress ? lineReply(new TextDecoder().decode(message.body))
    : reply(message.status, message.contentType, message.body);
  request.resolve(r);
}

// Ends the lane's worker: its requests are rejected with `why` (an AbortError when null).
function stopLane(name, why) {
  const w = lanes.get(name);
  if (!w) return;
  lanes.delete(name);
  w.worker.terminate();
  w.rejectReady(why || new Error("stopped"));
  for (const request of w.pending.values()) {
    request.reject(why || new DOMException("Stopped.", "AbortError"));
  }
  w.pending.clear();
}

function lost(name, w, message) {
  if (lanes.get(name) === w) stopLane(name, new Error(message));
}

async function sendToWorker(path, body, { signal, onLine, laneName = "main" } = {}) {
  const source = await engineSource();
  return new Promise((resolve, reject) => {
    if (signal && signal.aborted) {
      reject(new DOMException("Stopped.", "AbortError"));
      return;
    }
    let w;
    try {
      w = lane(laneName, source);
    } catch (e) {
      reject(e);
      return;
    }
    const id = ++nextRequest;
    w.pending.set(id, { resolve, reject, onLine });
    if (signal) signal.addEventListener("abort", () => { if (w.pending.has(id)) stopLane(laneName, null); });
    w.worker.postMessage({ id, path, body: JSON.stringify(body), progress: Boolean(body.progress) });
  });
}

// The engine's limits, as `GET /api/limits` reports a server's.
async function engineLimits() {
  if (!inBrowser()) return (await fetch("/api/limits")).json();
  return lane("main", await engineSource()).ready;
}

// ---------------------------------------------------------------------------------------------
// Talking to the engine.

function say(text, kind = "") {
  const status = $("status");
  status.textContent = text;
  status.className = kind;
}

function setBusy(controller, cancellable) {
  busy = controller;
  for (const id of ["solve", "random", "unique", "count", "generate", "export", "hint", "explain",
    "print"]) {
    $(id).disabled = Boolean(controller);
  }
  $("cancel").hidden = !(controller && cancellable);
  if (!controller) $("progress").hidden = true;
}

// Sends `body` to `path`; the JSON reply, with its text, or null after saying what went wrong.
// Stop ends the run.
async function call(path, body) {
  const controller = new AbortController();
  setBusy(controller, true);
  try {
    const r = await send(path, body, { signal: controller.signal });
    if (!r.ok) {
      say(errorOf(r), "error");
      return null;
    }
    return { json: JSON.parse(r.text), text: r.text };
  } catch (e) {
    say(e.name === "AbortError" ? "Stopped." : e.message, e.name === "AbortError" ? "" : "error");
    return null;
  } finally {
    setBusy(null);
  }
}

// A failed reply's one-line error.
function errorOf(r) {
  try {
    const json = JSON.parse(r.text);
    if (json && json.error) return json.error;
  } catch { /* not JSON: say the status */ }
  return `${r.status} ${r.text.slice(0, 200)}`;
}

function timeout() {
  const t = Number($("timeout").value);
  return Number.isFinite(t) && t > 0 ? t : undefined;
}

// A report's count, digits exact however large (JSON.parse would round beyond 2^53).
function exactCount(text) {
  const m = /"count":\s*([0-9]+)/.exec(text);
  return m ? m[1].replace(/\B(?=(\d{3})+(?!\d))/g, ",") : "?";
}

function showJson(text) {
  $("json").textContent = text;
}

// ---------------------------------------------------------------------------------------------
// Solve and Unique?

async function solve(unique) {
  const reply = await call("/api/solve", { ...puzzleFields(), unique, timeout: timeout() });
  if (!reply) return;
  const report = reply.json;
  lastReport = report;
  showJson(reply.text);
  showSolutions(report);
  let status;
  if (report.status === "sat" && unique && report.unique === true) {
    status = "Solved: the solution is unique (no other filling exists).";
  } else if (report.status === "sat" && unique && report.unique === false) {
    status = `Not unique: here are two solutions; the ${report.differences.length} cells where they differ are outlined.`;
  } else if (report.status === "sat") {
    status = "Solved.";
  } else if (report.status === "unsat") {
    status = `No solution${report.reason ? `: ${report.reason}` : "."}`;
  } else {
    status = `No answer within the time limit${report.stopped ? ` (${report.stopped})` : ""}.`;
  }
  say(status, report.status === "sat" && report.unique !== false ? "ok" : "");
  await drawPicture(report, unique && report.unique === false);
}

// The report's solutions as grids (or vertex orders), the first two; `caption` names a single
// one ("the solution" unless given).
function showSolutions(report, caption = "the solution") {
  const box = $("answers");
  box.replaceChildren();
  const solutions = report.solutions || [];
  if (!solutions.length) return;
  const differ = new Set((report.differences || []).map((d) => (Array.isArray(d) ? d.join(",") : String(d))));
  solutions.slice(0, 2).forEach((solution, k) => {
    const figure = document.createElement("figure");
    const figcaption = document.createElement("figcaption");
    figcaption.textContent = solutions.length > 1 ? `solution ${k + 1}` : caption;
    if (Array.isArray(solution[0]) || (solution.length && solution[0] === null)) {
      figure.appendChild(answerGrid(solution, differ, k));
    } else {
      const order = document.createElement("p");
      order.className = "order";
      order.textContent = `vertex order: ${solution.join(" → ")}`;
      figure.appendChild(order);
    }
    figure.appendChild(figcaption);
    box.appendChild(figure);
  });
}

function answerGrid(rows, differ, k) {
  const table = document.createElement("table");
  table.className = "answer";
  table.id = `answer-${k + 1}`;
  rows.forEach((row, r) => {
    const tr = document.createElement("tr");
    row.forEach((value, c) => {
      const td = document.createElement("td");
      td.dataset.row = r;
      td.dataset.col = c;
      const cell = puzzle.text === null ? puzzle.cells[r * puzzle.cols + c] : null;
      if (value === null) td.className = "hole";
      else td.textContent = value;
      if (cell && cell.given !== null) td.classList.add("given");
      if (cell && cell.mark) td.classList.add("marked");
      if (differ.has(`${r},${c}`)) td.classList.add("differs");
      tr.appendChild(td);
    });
    table.appendChild(tr);
  });
  return table;
}

// The server's picture of the puzzle and its solutions (checked by the verifier again there).
async function drawPicture(report, compare) {
  const box = $("picture");
  box.replaceChildren();
  const solutions = report && report.solutions ? report.solutions.slice(0, compare ? 2 : 1) : [];
  try {
    const r = await send("/api/draw", { ...puzzleFields(), solutions, compare });
    if (!r.ok) return;
    const url = URL.createObjectURL(new Blob([r.bytes], { type: "image/svg+xml" }));
    const img = document.createElement("img");
    img.src = url;
    img.alt = "the puzzle and its solution, drawn by pathsat";
    img.id = "picture-img";
    box.appendChild(img);
  } catch { /* the picture is extra: the grid above is the answer */ }
}

// ---------------------------------------------------------------------------------------------
// Count, with progress and Cancel.

// A request whose engine reports its progress line by line (a count, a sample), with the
// progress bar and Stop: the final line's text, or null when it failed or was stopped (which is
// said).
async function streamed(path, fields, busy, stopped) {
  const controller = new AbortController();
  setBusy(controller, true);
  $("progress").hidden = false;
  $("progress-bar").removeAttribute("value");
  $("progress-text").textContent = "starting…";
  $("answers").replaceChildren();
  $("picture").replaceChildren();
  say(busy);
  try {
    const r = await send(path, { ...puzzleFields(), ...fields, progress: true, timeout: timeout() },
      { signal: controller.signal, onLine: countLine });
    if (!r.ok) {
      say(errorOf(r), "error");
      return null;
    }
    return r.text;
  } catch (e) {
    say(e.name === "AbortError" ? stopped : e.message, e.name === "AbortError" ? "" : "error");
    return null;
  } finally {
    setBusy(null);
  }
}

async function count() {
  const finalText = await streamed("/api/count", {}, "Counting…", "Count cancelled.");
  if (finalText === null) return;
  const report = JSON.parse(finalText);
  // The exact digits of the count, then of the file's expected count.
  const exact = [...finalText.matchAll(/"count":\s*([0-9]+)/g)].map((m) => m[1]);
  showJson(prettyExact(finalText));
  const n = exactCount(finalText);
  const what = report.counts === "trails" ? "trails" : "solutions (fillings)";
  const grouped = (digits) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const expected = report.expected;
  if (expected && expected.agrees === false) {
    say(`${report.complete ? "" : "At least "}${n} ${what}: this DISAGREES with the file's expected count, ${grouped(exact[1] ?? "?")}.`, "error");
    return;
  }
  const check = !expected ? ""
    : expected.agrees ? " It agrees with the file's expected count."
    : " The file's expected count is not decided by an incomplete count.";
  if (report.complete) say(`${n} ${what}, counted by ${report.method}: ${report.why}.${check}`, "ok");
  else say(`At least ${n} ${what}: the count stopped early (${report.stopped || "incomplete"}). ${report.reason || ""}${check}`);
}

// A report sent on one line, pretty, its counts' digits exact: JSON.parse rounds them past 2^53,
// so the digits of the text are put back, in order.
function prettyExact(text) {
  const exact = [...text.matchAll(/"count":\s*([0-9]+)/g)].map((m) => m[1]);
  let next = 0;
  return JSON.stringify(JSON.parse(text), null, 2).replace(/"count": [0-9.e+]+/g,
    (found) => (next < exact.length ? `"count": ${exact[next++]}` : found));
}

// One line of a streamed count (or sample): progress, the final report (returned), or an error.
function countLine(line) {
  let json;
  try { json = JSON.parse(line); } catch { return null; }
  if (json.error) {
    say(json.error, "error");
    return null;
  }
  if (json.progress) {
    const p = json.progress;
    let text = p.stage ? `${p.stage}` : "working";
    if (p.layers) {
      text += `: layer ${p.layer} of ${p.layers}`;
      $("progress-bar").max = p.layers;
      $("progress-bar").value = p.layer;
    } else if (p.total) {
      text += `: ${p.done} of ${p.total} cubes`;
      $("progress-bar").max = p.total;
      $("progress-bar").value = p.done;
    }
    if (p.found !== undefined) text += ` · ${Number(p.found).toLocaleString("en")} found`;
    $("progress-text").textContent = `${text} · ${json.seconds} s`;
    return null;
  }
  return line;
}

// ---------------------------------------------------------------------------------------------
// Random solution: one solution drawn exactly uniformly from all of them (/api/sample, the code
// behind `pathsat sample`), with a fresh seed from the browser's generator each click, shown as a
// solution is; the status line names the count it was drawn from and the seed, which `pathsat
// sample FILE --seed S` draws again. The sweep (or the enumeration) shows its progress as a
// count's does, and Stop ends it.

async function randomSolution() {
  const seed = crypto.getRandomValues(new Uint32Array(1))[0];
  const text = await streamed("/api/sample", { seed }, "Drawing a random solution…", "Stopped.");
  if (text === null) return;
  const report = JSON.parse(text);
  showJson(prettyExact(text));
  const samples = report.samples || [];
  if (report.status === "unsat") {
    say("No solution: there is nothing to draw.");
    return;
  }
  if (!samples.length) {
    say(`No solution drawn: ${report.why}.`);
    return;
  }
  const drawn = { solutions: samples };
  lastReport = drawn;
  showSolutions(drawn, "a random solution");
  const n = exactCount(text);
  const noun = report.counts === "trails" ? "trail" : "solution";
  say(`A random ${noun}, drawn uniformly from ${n} (seed ${report.seed}).`, "ok");
  await drawPicture(drawn, false);
}

// ---------------------------------------------------------------------------------------------
// Generate.

async function generate() {
  if (puzzle.text !== null) {
    say("Generate works on a board: start a new board first.", "error");
    return;
  }
  const body = {
    size: `${puzzle.rows}x${puzzle.cols}`,
    moves: puzzle.moves === "custom" ? puzzle.custom : puzzle.moves,
    closed: puzzle.closed,
    timeout: timeout(),
  };
  if (puzzle.cells.some((c) => c.hole || c.mark || c.given !== null)) {
    // The board drawn is the template: its holes, marks and givens stay.
    Object.assign(body, puzzleFields());
    delete body.size;
    delete body.moves;
    delete body.closed;
  }
  const difficulty = $("difficulty").value;
  if (difficulty) body.difficulty = difficulty;
  const seed = $("seed").value.trim();
  if (seed !== "") body.seed = Number(seed);
  say("Generating…");
  const reply = await call("/api/generate", body);
  if (!reply) return;
  const report = reply.json;
  showJson(reply.text);
  const converted = await call("/api/puzzle", { puzzle: report.puzzle, file: `${report.name}.toml` });
  if (!converted) return;
  loadObject(converted.json, report.puzzle, `${report.name}.toml`, "toml");
  $("answers").replaceChildren();
  await drawPicture(null, false);
  say(`Generated ${report.name} (seed ${report.seed}): ${report.givens} givens, unique (proved), grade ${report.grade.level ?? "by the solver's effort"}.`, "ok");
}

// ---------------------------------------------------------------------------------------------
// The encoding.

async function showEncoding() {
  const body = { ...puzzleFields(), encoding: $("encoding").value };
  if ($("exactly-one").value) body["exactly-one"] = $("exactly-one").value;
  const reply = await call("/api/export", body);
  if (!reply) return;
  const e = reply.json;
  lastCnf = { name: `${e.name}.cnf`, text: e.dimacs };
  $("download-cnf").disabled = false;
  const view = $("encoding-view");
  view.replaceChildren();
  const summary = document.createElement("p");
  summary.textContent = `The ${e.encoding.name} encoding (exactly-one ${e.encoding.exactly_one}): ` +
    `${e.variables.toLocaleString("en")} variables, ${e["primary-variables"].toLocaleString("en")} of them primary, ` +
    `${e.clauses.toLocaleString("en")} clauses.`;
  view.appendChild(summary);
  const table = document.createElement("table");
  table.className = "families";
  table.innerHTML = "<thead><tr><th>family of clauses</th><th>clauses</th></tr></thead>";
  const tbody = document.createElement("tbody");
  for (const f of e.families) {
    const tr = document.createElement("tr");
    const name = document.createElement("td");
    name.textContent = f.name;
    const n = document.createElement("td");
    n.textContent = f.clauses.toLocaleString("en");
    tr.append(name, n);
    tbody.appendChild(tr);
  }
  table.appendChild(tbody);
  view.appendChild(table);
  if (e.readable) {
    const h = document.createElement("p");
    h.textContent = "Every clause, in words (x[row,column]=value; rows and columns from 1; aN are auxiliary variables):";
    view.appendChild(h);
    const list = document.createElement("ol");
    list.className = "clauses";
    for (const c of e.readable) {
      const li = document.createElement("li");
      li.textContent = `${c.clause}    (${c.family})`;
      list.appendChild(li);
    }
    view.appendChild(list);
  } else {
    const p = document.createElement("p");
    p.className = "hint";
    p.textContent = "Boards of at most 16 cells also get every clause in words.";
    view.appendChild(p);
  }
  say("The encoding is below; Download DIMACS saves the file pathsat export writes.", "ok");
}

// ---------------------------------------------------------------------------------------------
// Wiring.

// The example chosen in the selector, into the editor, with its blank picture.
async function loadExample() {
  const example = EXAMPLES.find((e) => e.id === $("example").value);
  if (!example) return;
  loadObject(example.puzzle, null, null, null);
  $("answers").replaceChildren();
  showJson("");
  say(`Example: ${example.label}. Solve it, ask Unique? or Count.`);
  await drawPicture(null, false);
}

// ---------------------------------------------------------------------------------------------
// Sharing: the puzzle file's text in the link's fragment (`#puzzle=` and the UTF-8 text in
// base64url), which browsers never send to a server.

function shareLink() {
  const bytes = new TextEncoder().encode(toToml());
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  const code = btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  const url = `${location.href.split("#")[0]}#puzzle=${code}`;
  history.replaceState(null, "", url);
  $("share-box").hidden = false;
  $("share-url").value = url;
  $("share-url").select();
  if (navigator.clipboard) navigator.clipboard.writeText(url).catch(() => {});
  say("The link to this puzzle is below (and copied where the browser allows).", "ok");
}

// The puzzle a link shares, if the page was opened with one.
async function loadShared() {
  const match = /^#puzzle=([A-Za-z0-9_-]+)$/.exec(location.hash);
  if (!match) return false;
  try {
    const base64 = match[1].replace(/-/g, "+").replace(/_/g, "/");
    const binary = atob(base64 + "===".slice((base64.length + 3) % 4));
    const text = new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    await loadText(text, "shared.toml");
  } catch (e) {
    say(`The link's puzzle cannot be read: ${e.message}`, "error");
  }
  return true;
}

function init() {
  $("resize").addEventListener("click", newBoard);
  $("clear-board").addEventListener("click", () => {
    puzzle.cells = blankCells(puzzle.rows, puzzle.cols);
    puzzle.text = null;
    renderBoard();
    puzzleChanged();
  });
  $("name").addEventListener("input", () => { puzzle.name = $("name").value.trim() || "puzzle"; puzzleChanged(); });
  $("moves").addEventListener("change", () => {
    puzzle.moves = $("moves").value;
    $("custom-moves").hidden = puzzle.moves !== "custom";
    puzzleChanged();
  });
  $("custom-moves").addEventListener("input", () => { puzzle.custom = $("custom-moves").value; puzzleChanged(); });
  $("closed").addEventListener("change", () => { puzzle.closed = $("closed").checked; puzzleChanged(); });
  for (const example of EXAMPLES) {
    const option = document.createElement("option");
    option.value = example.id;
    option.textContent = example.label;
    $("example").appendChild(option);
  }
  $("example").addEventListener("change", loadExample);
  $("load").addEventListener("change", async () => {
    const file = $("load").files[0];
    if (!file) return;
    if (file.size > 1 << 20) {
      say("That file is larger than 1 MiB: use the command line for it.", "error");
      return;
    }
    await loadText(await file.text(), file.name);
    $("load").value = "";
  });
  $("use-text").addEventListener("click", () => {
    const text = $("puzzle-text").value;
    loadText(text, text.trim().startsWith("{") ? "puzzle.json" : "puzzle.toml");
  });
  $("save-toml").addEventListener("click", () => download(`${puzzle.name}.toml`, toToml(), "application/toml"));
  $("save-json").addEventListener("click", () => {
    if (puzzle.text !== null) download(puzzle.file || "puzzle.txt", puzzle.text, "text/plain");
    else download(`${puzzle.name}.json`, toJsonFile(), "application/json");
  });
  $("solve").addEventListener("click", () => solve(false));
  $("random").addEventListener("click", randomSolution);
  $("unique").addEventListener("click", () => solve(true));
  $("count").addEventListener("click", count);
  $("cancel").addEventListener("click", () => { if (busy) busy.abort(); });
  $("generate").addEventListener("click", generate);
  $("export").addEventListener("click", showEncoding);
  $("show-forced").addEventListener("change", scheduleForced);
  $("hint").addEventListener("click", nextHint);
  $("explain").addEventListener("click", explainCell);
  $("print").addEventListener("click", printPuzzle);
  $("share").addEventListener("click", shareLink);
  $("download-cnf").addEventListener("click", () => { if (lastCnf) download(lastCnf.name, lastCnf.text, "text/plain"); });
  $("where").textContent = inBrowser()
    ? "running in this browser (WebAssembly): nothing leaves it"
    : "served from this computer: nothing leaves it";
  engineLimits().then((limits) => {
    $("version").textContent = limits.version;
    $("limits").textContent = `boards up to ${limits["max-cells"]} cells, runs up to ${limits["time-limit"]} s`;
    $("timeout").max = limits["time-limit"];
  }).catch((e) => say(e.message, "error"));
  newBoard();
  loadShared();
}

document.addEventListener("DOMContentLoaded", init);
