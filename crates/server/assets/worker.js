// The static page's engine (see "The engines" in app.js): pathsat's JSON API routes compiled to
// WebAssembly (crates/web), run in this Web Worker so that the page never freezes. Each message
// is one request, {id, path, body}, the JSON a server's route takes; the reply is what the
// server would send, {id, status, contentType, body}, with {id, line} messages before it for a
// count's progress. pathsat_web.js is wasm-bindgen's glue (`--target no-modules`), which defines
// `wasm_bindgen`; `just web-static` writes both beside this file.
"use strict";

// A page opened from disk (file://) starts this worker from a blob with the glue and the
// module's bytes in front of this text (engine-inline.js; see engineSource in app.js): then
// both are here already.
if (typeof wasm_bindgen === "undefined") importScripts("pathsat_web.js");
const MODULE = self.PATHSAT_WASM_BASE64
  ? Uint8Array.from(atob(self.PATHSAT_WASM_BASE64), (c) => c.charCodeAt(0))
  : "pathsat_web_bg.wasm";

let panicked = null; // the last panic's message, written by the module's panic hook
const consoleError = console.error.bind(console);
console.error = (...args) => {
  const text = args.join(" ");
  if (text.startsWith("pathsat: ")) panicked = text.slice("pathsat: ".length);
  consoleError(...args);
};

// Four toy puzzles (open paths with givens, closed tours, marks) solved once when the module is
// loaded: the browser compiles a module's functions when they are first called, so this warm-up
// takes that time (tens of ms) before the page's first request rather than during it.
const WARM_UP = [
  { puzzle: 'moves = "rook"\ngrid = """\n1 . .\n. . .\n. . 9\n"""\n', unique: true },
  { puzzle: 'moves = "rook"\nclosed = true\ngrid = """\nP . . .\n. . . .\n. . . .\n. . . P\n"""\n[marks]\nP = "primes"\n' },
  { puzzle: 'moves = "king"\ngrid = """\n1 . . .\n. . 7 .\n. . . .\n. . . 16\n"""\n', unique: true },
  { puzzle: 'moves = "knight"\nclosed = true\ngrid = """\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n"""\n' },
].map((body) => JSON.stringify(body));

let exports = null;
const ready = wasm_bindgen({ module_or_path: MODULE }).then((instance) => {
  exports = instance;
  for (const body of WARM_UP) wasm_bindgen.call("/api/solve", body, () => {}).free();
  postMessage({ ready: true, limits: wasm_bindgen.limits_json() });
}, (e) => postMessage({ failed: String(e && e.message ? e.message : e) }));

onmessage = async (event) => {
  const { id, path, body, progress } = event.data;
  await ready;
  panicked = null;
  try {
    const reply = wasm_bindgen.call(path, body, (line) => postMessage({ id, line }));
    const bytes = reply.body;
    const message = { id, status: reply.status, contentType: reply.content_type, body: bytes, progress };
    reply.free();
    postMessage(message, [bytes.buffer]);
  } catch (e) {
    postMessage({ id, crashed: crashed(e) });
  }
};

// One line on a run that trapped: a panic of pathsat's (a bug, with its message), or memory.
function crashed(e) {
  if (panicked) return `pathsat failed (a bug; please report it): ${panicked}`;
  const bytes = exports && exports.memory ? exports.memory.buffer.byteLength : 0;
  const used = bytes ? ` after ${Math.round(bytes / 1048576)} MB` : "";
  return `The run outgrew the memory this browser gives a page${used}: run it on the command ` +
    `line or with \`pathsat serve\` (${e && e.message ? e.message : e}).`;
}
