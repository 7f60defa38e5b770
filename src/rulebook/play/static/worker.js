// The play page's engine: Pyodide and rulebook.play.bridge, in a module Web
// Worker, so that the page stays responsive while the computer thinks.
//
// The page sends {start: {runtime, engine, key}} first (start.js, inlined first
// in the page's head, before anything else is loaded), then play.js {id, name, args}
// for each call of the bridge; the worker answers {id, result} or {id, error}
// (the engine's one-line message), in the order the calls came.
//
// Start-up: most of a cold start is the Python interpreter starting itself
// (Pyodide's bootstrap), not our code; the build ships its standard library
// compiled (rulebook.play.site).  After the first visit's page is playable,
// the worker keeps a memory snapshot of the interpreter, with every game's
// modules imported (bridge.warm_up), in IndexedDB (which, unlike the Cache
// API, also works on a plain-http server that is not localhost), and later
// visits restore it instead of starting Python again.  A snapshot is used only
// if it was made by the same runtime (the page's key: the pinned SHA-256s of
// the runtime and of its compiled standard library) from the same engine.zip,
// byte for byte; Pyodide itself also refuses a snapshot of another build.
// Only one snapshot is kept: a new build's replaces the old one.

const SNAPSHOT_FORMAT = 1;  // how the snapshot is made (keepSnapshot); raise it when that changes
const DB = "rulebook-play", STORE = "snapshots", ENTRY = "engine";

let bridge = null;   // rulebook.play.bridge, once started
let started = null;  // the start, a promise: calls wait for it

self.onmessage = async (event) => {
  const message = event.data;
  if (message.start) {
    started = start(message.start).then(
      (timings) => self.postMessage({ready: timings}),
      (error) => { self.postMessage({failed: String(error?.message ?? error).split("\n")[0]}); throw error; });
    return;
  }
  try { await started; } catch { return; }
  if (message.snapshot) {
    self.postMessage({saved: await keepSnapshot()});
    return;
  }
  const {id, name, args} = message;
  let out;
  try {
    out = JSON.parse(bridge.call(name, JSON.stringify(args)));
  } catch (error) {  // not the engine's own error (the bridge answers those): its last line
    out = {error: String(error?.message ?? error).trim().split("\n").pop()};
  }
  self.postMessage({id, ...out});
};

let pyodide = null, engineBytes = null, snapshotKey = null, restored = false;

async function start({runtime, engine, key}) {
  const clock = performance.now();
  snapshotKey = `${key} ${SNAPSHOT_FORMAT}`;
  // The stored snapshot is asked for first, read while the runtime's scripts load
  // (pyodide.asm.mjs too, which loadPyodide then finds imported).
  const entry = readSnapshot(snapshotKey);
  const [{loadPyodide}, bytes] = await Promise.all([
    import(runtime + "pyodide.mjs"),
    fetch(engine).then((response) => {
      if (!response.ok) throw new Error(`engine.zip: ${response.status}`);
      return response.arrayBuffer();
    }).then((buffer) => new Uint8Array(buffer)),
    import(runtime + "pyodide.asm.mjs")]);
  engineBytes = bytes;
  const found = await entry;
  const stored = found && same(found.engine, bytes) ? found.memory : null;
  if (stored) {
    try {
      pyodide = await loadPyodide({indexURL: runtime, _loadSnapshot: stored});
      restored = true;
    } catch (error) {  // not usable after all (another build): start afresh, replace it
      console.warn("rulebook: the stored snapshot was not usable:", error);
      pyodide = null;
    }
  }
  pyodide ??= await loadPyodide({indexURL: runtime, _makeSnapshot: true});
  // The engine modules are imported from the zip itself (zipimport): nothing to
  // unpack, and after a restore the same bytes at the same path are all the
  // snapshot's import caches need.
  pyodide.FS.writeFile("/engine.zip", bytes);
  const loaded = performance.now() - clock;
  if (!restored) pyodide.runPython("import sys; sys.path.insert(0, '/engine.zip')");
  bridge = pyodide.pyimport("rulebook.play.bridge");
  return {snapshot: restored ? "loaded" : "made", runtime: loaded,
          engine: performance.now() - clock};
}

// After the first visit's page is playable (play.js asks): every game's modules
// imported, then the snapshot, stored.  Taken between two calls, when no
// JavaScript object is held by Python (the calls pass strings), as Pyodide's
// snapshots require.  True if it was stored.
async function keepSnapshot() {
  if (restored || !self.indexedDB) return false;
  try {
    bridge.warm_up();
    await writeSnapshot(snapshotKey, engineBytes, pyodide.makeMemorySnapshot());
    return true;
  } catch (error) {
    console.warn("rulebook: no snapshot kept:", error);
    return false;
  }
}

// --- the snapshot in IndexedDB ------------------------------------------------

function database() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function transaction(mode, work) {
  return database().then((db) => new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const request = work(tx.objectStore(STORE));
    tx.oncomplete = () => { db.close(); resolve(request.result); };
    tx.onerror = tx.onabort = () => { db.close(); reject(tx.error); };
  }));
}

function same(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

// The stored snapshot's entry, {key, engine, memory}, if it was made by this
// runtime, else null (engine: the engine.zip it was made from).
async function readSnapshot(key) {
  if (!self.indexedDB) return null;
  try {
    const entry = await transaction("readonly", (store) => store.get(ENTRY));
    return entry?.key === key ? entry : null;
  } catch {
    return null;  // storage refused (private mode, quota): start without
  }
}

function writeSnapshot(key, engine, memory) {
  if (!self.indexedDB) return Promise.resolve();
  return transaction("readwrite", (store) => store.put({key, engine, memory}, ENTRY));
}
