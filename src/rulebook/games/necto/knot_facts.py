"""Facts about a loop beyond the game's rule, for the rulebook's page on its limits.

Registered on the same :data:`.facts.FACTS` as every other Necto fact (this
module is imported by the package).  The game types loops by the Alexander
polynomial alone; the Jones polynomial (:mod:`.jones`) shows that a loop the
game counts as unknotted can still be a knot.
"""

from __future__ import annotations

from .facts import FACTS, _line
from .jones import format_jones, jones


@FACTS.fact("jones", "The Jones polynomial of the loop through a cell's side, e.g. 't + t^3 - t^4' "
                     "(1 for an unknotted loop, so anything else proves the loop knotted).",
            args=("cell", "side"))
def _jones(state, cell, side):
    return format_jones(jones(*_line(state, cell, side).diagram))
