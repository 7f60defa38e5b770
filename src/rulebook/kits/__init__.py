"""Board kits: what games on the same kind of board share, so a game is written
from its rules alone.

A game imports a kit, never another game's modules (code two games share goes
in a kit).  Each kit has two parts:

- ``squaregrid`` and ``hexgrid``: cell names and their parsing, neighbours,
  line and connection search, the position text's rows, the pie rule's
  ``swap``, the cells' outlines for the play page's clicks.  They import only
  the standard library, as the engines that use them must (the studies'
  fingerprints hash the kit modules a game's engine imports);
- ``squaredraw`` and ``hexdraw``: the board's drawing with matplotlib (or the
  browser's stand-ins, :mod:`rulebook.scene`): cells, edges, coordinates.
"""
