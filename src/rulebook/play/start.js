// Inlined first in the <head> of each play page (sphinxext/play.py's
// start_engine_first): the engine's worker, started before the page's style
// sheets, scripts and body are loaded and laid out (on a later visit, about
// 0.1 s before the board's element is parsed), not once play.js runs.  Until
// play.js takes the worker over (engine.js), its messages and errors wait in
// worker.early.
(function () {
  var script = document.currentScript;
  var site = new URL(script.dataset.site, location.href);
  var worker = new Worker(new URL("play/worker.js", site), {type: "module"});
  worker.early = [];
  worker.onmessage = worker.onerror = function (event) { worker.early.push(event); };
  worker.postMessage({start: {runtime: new URL("play/pyodide/", site).href,
                              engine: new URL("play/engine.zip", site).href,
                              key: script.dataset.runtime}});
  window.rulebookPlayWorker = worker;
})();
