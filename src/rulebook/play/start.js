// Inlined after each play page's board element (sphinxext/play.py's visit_play_board):
// the engine's worker, started while the rest of the page loads, not once play.js
// runs (after the page is parsed and its other scripts have run: on a first
// visit, about 0.1 s later).  Until play.js takes the worker over, its messages
// and errors wait in worker.early.
(function () {
  var root = document.currentScript.previousElementSibling;
  var site = new URL(root.dataset.site, location.href);
  var worker = new Worker(new URL("play/worker.js", site), {type: "module"});
  worker.early = [];
  worker.onmessage = worker.onerror = function (event) { worker.early.push(event); };
  worker.postMessage({start: {runtime: new URL("play/pyodide/", site).href,
                              engine: new URL("play/engine.zip", site).href,
                              key: root.dataset.runtime}});
  root.worker = worker;
})();
