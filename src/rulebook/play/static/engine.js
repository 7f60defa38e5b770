// The engine's worker (worker.js, started by start.js, first in the page's head):
// call(name, ...args) is a promise of rulebook.play.bridge's answer, rejected
// with the engine's one-line message.  The worker answers in the order it was asked.

const worker = window.rulebookPlayWorker;
const waiting = new Map();
let lastCall = 0;

export function call(name, ...args) {
  return new Promise((resolve, reject) => {
    const id = ++lastCall;
    waiting.set(id, {resolve, reject});
    worker.postMessage({id, name, args});
  });
}

// Whether a call is on its way (the hook's settled()).
export const busy = () => waiting.size > 0;

let savedSnapshot;
// A promise: whether the started engine was stored for the next visit (worker.js).
export const saved = new Promise((resolve) => { savedSnapshot = resolve; });

// A promise of the worker's start-up timings, once it is ready; what it said
// before this script ran (start.js keeps it in worker.early) is not lost.
export function connect() {
  return new Promise((resolve, reject) => {
    worker.onmessage = ({data}) => {
      if (data.id !== undefined) {
        const {resolve: done, reject: refuse} = waiting.get(data.id);
        waiting.delete(data.id);
        if ("error" in data) refuse(new Error(data.error)); else done(data.result);
      } else if (data.ready) {
        resolve(data.ready);
      } else if (data.failed) {
        reject(new Error(data.failed));
      } else if ("saved" in data) {
        savedSnapshot(data.saved);
      }
    };
    worker.onerror = (event) => reject(new Error(event.message || "worker.js did not start"));
    for (const event of worker.early.splice(0)) {
      (event.type === "error" ? worker.onerror : worker.onmessage)(event);
    }
  });
}

// After a first visit's page is playable: keep a snapshot for the next (or say there is none).
export function keepSnapshot(made) {
  if (made) worker.postMessage({snapshot: true});
  else savedSnapshot(false);
}
