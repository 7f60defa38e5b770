"""Playing the games in the browser: the engine bridge (:mod:`.bridge`, run by
Pyodide), the runtime and files the build ships (:mod:`.site`), and the page's
script and style (``static/``)."""
